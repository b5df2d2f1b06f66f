//! Dedupe's report: a row for every game of a group of the same moves, saying what became of
//! it and why, groups numbered in the input order of the game that leads each.

use std::collections::HashMap;
use std::io::{self, Write};

use super::Difference;
use super::decide::{By, Decisions, Fate, Order};
use crate::CheckedGame;

/// The columns of the report, in order.
pub const REPORT_HEADER: [&str; 11] = [
    "group", "file", "game", "event", "white", "black", "date", "plies", "kept", "copy", "why",
];

/// A row of the report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReportRow {
    /// The group's number, from 1.
    pub group: u64,
    /// The game's file.
    pub file: String,
    /// The game's number in its file.
    pub game: u64,
    /// Its Event tag.
    pub event: String,
    /// Its White tag.
    pub white: String,
    /// Its Black tag.
    pub black: String,
    /// Its Date tag.
    pub date: String,
    /// Its main line's plies.
    pub plies: u32,
    /// `yes` when it is written.
    pub kept: &'static str,
    /// What it is: `kept`, `same`, `prefix` or `suspect` ([`Fate::name`]).
    pub copy: &'static str,
    /// Why, in words.
    pub why: String,
    /// Its group's first game and its own place, for the order of the rows.
    #[serde(skip)]
    pub(super) order: (Order, Order),
}

/// The report as the third reading gathers it: the rows, and the place (file, game) of each
/// game a row refers to.
#[derive(Debug, Default)]
pub struct Report {
    rows: Vec<ReportRow>,
    places: HashMap<Order, (String, u64)>,
}

impl Decisions {
    /// The report's row of game `order`, `checked`, if it has one (its `why` is written with the
    /// report, once every game's place is known).
    pub fn row(&self, order: Order, checked: &CheckedGame<'_, '_>) -> Option<ReportRow> {
        if !self.reported(order) {
            return None;
        }
        let tag = |name: &str| checked.tag(name).unwrap_or_default().to_string();
        Some(ReportRow {
            group: 0,
            file: checked.record.file.to_string(),
            game: checked.record.game,
            event: tag("Event"),
            white: tag("White"),
            black: tag("Black"),
            date: tag("Date"),
            plies: self.keyed[order].plies,
            kept: if self.kept(order) { "yes" } else { "no" },
            copy: self.why(order).0.name(),
            why: String::new(),
            order: (self.report_group[order], order),
        })
    }

    /// The `why` column of game `i`'s row (`file`: its file).
    fn explain(&self, i: Order, places: &HashMap<Order, (String, u64)>, file: &str) -> String {
        let (copy, other) = self.why(i);
        let game = match places.get(&other) {
            Some((f, n)) if f == file => format!("game {n}"),
            Some((f, n)) => format!("game {n} of {f}"),
            None => format!("game {} of the input", other + 1),
        };
        let evidence = match self.settings.by {
            By::Moves => "the same moves",
            By::Evidence if self.keyed[i].plies < self.settings.min_plies => {
                "the same moves, players, date and round"
            }
            By::Evidence => "the same moves and players",
        };
        match copy {
            Fate::Kept => format!("kept: {}", self.kept_because(i)),
            Fate::Same => format!("a copy of {game}: {evidence}"),
            Fate::Prefix if self.kept(i) => {
                format!("an unfinished copy of {game}, kept (--prefix leaves it out)")
            }
            Fate::Prefix => format!("an unfinished copy of {game}"),
            Fate::Suspect => self.suspected(i, &game),
        }
    }

    /// Why suspect `i` is another game than `game`, whose moves it has.
    fn suspected(&self, i: Order, game: &str) -> String {
        let set = self.root(self.copies[i]);
        let first = self.group[set];
        let year = |o: Order| {
            self.keyed[o]
                .evidence
                .year
                .map_or("?".to_string(), |y| y.to_string())
        };
        match self.differences.get(&set) {
            Some(Difference::Players) => format!("kept: the moves of {game}, other players"),
            Some(Difference::Years) => format!(
                "kept: the moves and players of {game}, dates years apart ({} and {})",
                year(set),
                year(first)
            ),
            Some(Difference::Occasion) => format!(
                "kept: the moves and players of {game}, a short game ({} plies) of another \
                 date or round",
                self.keyed[i].plies
            ),
            None => format!("kept: the moves of {game}"),
        }
    }

    /// Why game `i` was the copy kept of its set.
    fn kept_because(&self, i: Order) -> &'static str {
        let set = self.merged(i);
        if self.members[&set] == 1 {
            return "no copy of it";
        }
        let me = (self.keyed[i].plies, self.keyed[i].richness);
        let next = self.runner_up[&set];
        if next.0 < me.0 {
            "the longest copy"
        } else if next < me {
            "the most tags and comments"
        } else {
            "the first of equal copies"
        }
    }
}

impl Report {
    /// Adds a row ([`Decisions::row`]).
    pub fn add_row(&mut self, row: ReportRow) {
        self.rows.push(row);
    }

    /// Records where game `order` is: its file and number.
    pub fn add_place(&mut self, order: Order, file: String, game: u64) {
        self.places.insert(order, (file, game));
    }

    /// Writes the report as CSV: the groups numbered from 1 in the input order of the game
    /// that leads each, each group's games in input order.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write(mut self, decisions: &Decisions, out: impl Write) -> io::Result<()> {
        for row in &mut self.rows {
            row.why = decisions.explain(row.order.1, &self.places, &row.file);
        }
        self.rows.sort_by_key(|row| row.order);
        let mut csv = csv::Writer::from_writer(out);
        if self.rows.is_empty() {
            csv.write_record(REPORT_HEADER).map_err(io::Error::other)?;
        }
        let mut last = None;
        let mut number = 0;
        for mut row in self.rows {
            if last != Some(row.order.0) {
                number += 1;
                last = Some(row.order.0);
            }
            row.group = number;
            csv.serialize(row).map_err(io::Error::other)?;
        }
        csv.flush()
    }
}
