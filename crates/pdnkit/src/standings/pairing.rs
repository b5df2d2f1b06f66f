//! What standings keep of a game: its header facts, never its moves.

use std::collections::HashSet;
use std::sync::Arc;

use draughts::Colour;
use draughts::ResultScale;
use pdn::{ResultMeaning, result_token_meaning};

use crate::filter::PartialDate;
use crate::{CheckedGame, Code};

/// How games are grouped into events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grouping {
    /// Event, Site and year of the Date, with event names that differ only by a trailing
    /// qualifier in brackets merged when their players overlap (see [`super`]).
    EventSiteYear,
    /// All games in one table.
    None,
    /// The Event tag alone, as written.
    Event,
    /// The value of this tag.
    Tag(String),
}

impl Grouping {
    /// `none`, `event`, or a tag's name (the default when `None`).
    pub fn parse(spec: Option<&str>) -> Grouping {
        match spec {
            None => Grouping::EventSiteYear,
            Some(s) if s.eq_ignore_ascii_case("none") => Grouping::None,
            Some(s) if s.eq_ignore_ascii_case("event") => Grouping::Event,
            Some(tag) => Grouping::Tag(tag.to_string()),
        }
    }
}

/// One game as standings count it. Its texts are shared: the games of one archive repeat
/// the same files, events, sites, rounds, names and results, so [`Pairings`] keeps each once.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The file, as named.
    pub file: Arc<str>,
    /// The game's number in its file, from 1.
    pub game: u64,
    /// The line of the game's first byte.
    pub line: u32,
    /// The Event tag (empty when missing).
    pub event: Arc<str>,
    /// The Site tag (empty when missing).
    pub site: Arc<str>,
    /// The year of the Date tag.
    pub year: Option<u16>,
    /// The value of the tag `--group` names.
    pub group_tag: Option<Arc<str>>,
    /// The Round tag.
    pub round: Option<Arc<str>>,
    /// The White tag.
    pub white: Option<Arc<str>>,
    /// The Black tag.
    pub black: Option<Arc<str>>,
    /// The Result tag, else the terminator.
    pub result: Option<Arc<str>>,
    /// The side whose score a result writes first (the variant's first mover).
    pub first_mover: Colour,
    /// Why the replay disagrees with the result, when it does.
    pub mismatch: Option<String>,
}

impl Pairing {
    /// The facts of a checked game.
    pub fn of(game: &CheckedGame<'_, '_>, grouping: &Grouping) -> Pairing {
        let text = |name: &str| Arc::from(game.tag(name).map(str::trim).unwrap_or(""));
        let record = game.record;
        let group_tag = match grouping {
            Grouping::Tag(name) => Some(text(name)),
            _ => None,
        };
        let mismatch = record
            .diagnostics
            .iter()
            .find(|d| d.code == Code::ResultMismatch && d.variation == 0)
            .map(|d| d.message.clone());
        Pairing {
            file: Arc::from(record.file.as_str()),
            game: record.game,
            line: record.line,
            event: text("Event"),
            site: text("Site"),
            year: game
                .tag("Date")
                .and_then(PartialDate::parse_tag)
                .map(|d| d.year),
            group_tag,
            round: game
                .tag("Round")
                .map(str::trim)
                .filter(|r| !r.is_empty() && *r != "?" && *r != "-")
                .map(Arc::from),
            white: game.tag("White").map(|s| Arc::from(s.trim())),
            black: game.tag("Black").map(|s| Arc::from(s.trim())),
            result: record.result.as_ref().map(|r| Arc::from(r.trim())),
            first_mover: game.config().map_or(Colour::White, |c| c.first_mover),
            mismatch,
        }
    }

    /// The score of White and of Black in units (a win 2, a draw 1, a loss 0), and the
    /// scale the result is written on; `None` when the result says no game was decided.
    pub fn scores(&self) -> Option<([u32; 2], ResultScale)> {
        let (meaning, scale) = result_token_meaning(self.result.as_deref()?)?;
        let (first, second) = match meaning {
            ResultMeaning::FirstWins => (2, 0),
            ResultMeaning::SecondWins => (0, 2),
            ResultMeaning::Draw => (1, 1),
            ResultMeaning::BothLose => (0, 0),
            ResultMeaning::Unknown => return None,
        };
        let white_first = self.first_mover == Colour::White;
        let scores = if white_first {
            [first, second]
        } else {
            [second, first]
        };
        Some((scores, scale))
    }
}

/// The games standings count, in input order, each text kept once however many games repeat
/// it: the memory grows by a few words a game, not by the game's header.
#[derive(Debug, Default)]
pub struct Pairings {
    games: Vec<Pairing>,
    texts: HashSet<Arc<str>>,
}

impl Pairings {
    /// Keeps `game`, its texts replaced by the equal ones already kept.
    pub fn push(&mut self, mut game: Pairing) {
        for text in [&mut game.file, &mut game.event, &mut game.site] {
            *text = self.shared(text);
        }
        for text in [
            &mut game.group_tag,
            &mut game.round,
            &mut game.white,
            &mut game.black,
            &mut game.result,
        ]
        .into_iter()
        .flatten()
        {
            *text = self.shared(text);
        }
        self.games.push(game);
    }

    /// The games kept, in input order.
    pub fn games(&self) -> &[Pairing] {
        &self.games
    }

    fn shared(&mut self, text: &Arc<str>) -> Arc<str> {
        match self.texts.get(text) {
            Some(kept) => Arc::clone(kept),
            None => {
                self.texts.insert(Arc::clone(text));
                Arc::clone(text)
            }
        }
    }
}
