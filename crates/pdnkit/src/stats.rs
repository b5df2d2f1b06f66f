//! Archive statistics: what each game contributes ([`GameSummary`]) and the running totals
//! ([`Stats`]), which merge associatively and commutatively, so each worker of a parallel run
//! keeps its own and they are merged at the end without locks.
//!
//! [`report`] turns totals into finished numbers (percentages, quartiles, rankings), and
//! [`render_table`] and [`tidy_rows`] print them; JSON is the [`Report`] serialised.
//! Results are counted for White and Black: a result token says the first mover's score first
//! (`1-0` is a win for Black in English, pool and Thai draughts), and each game's is read with
//! its variant's first mover ([`Outcome::of`]).

mod report;
mod table;
mod tidy;

pub use report::{
    Bin, CaptureReport, EventRow, FaultRow, GroupReport, Length, OpeningRow, PlayerRow, Report,
    ResultRow, StatusCounts, VariantRow, pct, report,
};
pub use table::render as render_table;
pub use tidy::{HEADER as TIDY_HEADER, Row as TidyRow, rows as tidy_rows};

use std::collections::{BTreeMap, HashMap};

use crate::CheckedGame;
use crate::Verdict;
use crate::export::{full_path, minimal_legal};
use crate::openings::Openings;
use draughts::Colour;
use pdn::{ResultMeaning, ResultToken};

/// What a game's result says, for White and Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// A draw.
    Draw,
    /// Black won.
    BlackWins,
    /// Both lost (a double forfeit).
    BothLose,
    /// `*` or a form pdnkit cannot read.
    Unknown,
}

impl Outcome {
    /// `meaning`, read in first-mover terms, for a game whose first mover is `first`.
    pub fn of(meaning: ResultMeaning, first: Colour) -> Outcome {
        let wins = |c: Colour| match c {
            Colour::White => Outcome::WhiteWins,
            Colour::Black => Outcome::BlackWins,
        };
        match meaning {
            ResultMeaning::FirstWins => wins(first),
            ResultMeaning::SecondWins => wins(first.opposite()),
            ResultMeaning::Draw => Outcome::Draw,
            ResultMeaning::BothLose => Outcome::BothLose,
            ResultMeaning::Unknown => Outcome::Unknown,
        }
    }
}

/// How to summarise games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Plies that make an opening.
    pub opening_plies: u32,
    /// Named openings: with a table, a game's opening is the longest line of the table it
    /// reaches (and `opening_plies` is not used).
    pub openings: Option<std::sync::Arc<Openings>>,
    /// What to group by, if anything.
    pub by: Option<GroupBy>,
    /// Who is who: each spelling the table lists is counted as its person's name.
    pub aliases: Option<std::sync::Arc<crate::players::Aliases>>,
}

/// A grouping of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupBy {
    /// The value of a tag (`Event`, `White`, `Site`...).
    Tag(String),
    /// The year of the `Date` tag (its first run of four digits).
    Year,
    /// The variant played.
    Variant,
    /// Each player: a game counts in both its players' groups; the sides with a placeholder
    /// name (`?`, `NN`, `White`) in [`PLACEHOLDER_GROUP`], those without a name tag in
    /// [`NO_NAME_GROUP`].
    Player,
}

/// The group of the sides named by a placeholder, with `--by player`.
pub const PLACEHOLDER_GROUP: &str = "(placeholder name)";
/// The group of the sides without a White or Black tag, with `--by player`.
pub const NO_NAME_GROUP: &str = "(no name tag)";

impl GroupBy {
    /// `year`, `variant` and `player` (any case) are the derived groupings; anything else is
    /// a tag name.
    pub fn parse(s: &str) -> GroupBy {
        match s.to_ascii_lowercase().as_str() {
            "year" => GroupBy::Year,
            "variant" => GroupBy::Variant,
            "player" => GroupBy::Player,
            _ => GroupBy::Tag(s.to_string()),
        }
    }

    /// How the grouping is named in reports.
    pub fn name(&self) -> &str {
        match self {
            GroupBy::Tag(t) => t,
            GroupBy::Year => "year",
            GroupBy::Variant => "variant",
            GroupBy::Player => "player",
        }
    }
}

/// The group of games without a value for the grouping tag.
pub const NO_GROUP_VALUE: &str = "(none)";

/// What one game contributes: plain data, so tests can build it directly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    /// Position of the game in the whole input (for choosing examples deterministically).
    pub order: u64,
    /// File and index of the game, for examples.
    pub file: String,
    /// 1-based index in its file.
    pub game: u64,
    /// Its group (empty when not grouping).
    pub group: String,
    /// A second group it counts in (Black's, with `--by player`, when not White's).
    pub second_group: Option<String>,
    /// The variant played (`None`: unreadable or unknown rules).
    pub variant: Option<&'static str>,
    /// The verdict (`None` counts as unreadable).
    pub status: Option<Verdict>,
    /// What the result says (`None`: no result).
    pub outcome: Option<Outcome>,
    /// Main-line moves written (`None` for an unreadable game).
    pub plies: Option<u32>,
    /// The first plies, normalised, for games from the standard start that have them; with a
    /// table of named openings, the moves of the line the game follows.
    pub opening: Option<String>,
    /// The name of that line (with a table of named openings).
    pub opening_name: Option<String>,
    /// Names of White and Black (`None`: a placeholder name or no tag).
    pub players: [Option<String>; 2],
    /// Sides named by a placeholder (`?`, `NN`, `White`): not counted as players.
    pub placeholder_sides: u64,
    /// Sides without a White or Black tag.
    pub unnamed_sides: u64,
    /// The `Event` tag.
    pub event: Option<String>,
    /// Pieces taken by each capture of the main line, with the capture's text and ply.
    pub captures: Vec<(u32, String, u32)>,
    /// Codes of the capture faults in the main line.
    pub faults: Vec<&'static str>,
}

impl GameSummary {
    /// The summary of a game that was read (and, if readable, replayed).
    pub fn of(data: &CheckedGame<'_, '_>, order: u64, settings: &Settings) -> GameSummary {
        let r = data.record;
        let first = data.config().map_or(Colour::White, |c| c.first_mover);
        let aliases = settings.aliases.as_deref();
        let side = |c: Colour| data.tag(if c == Colour::White { "White" } else { "Black" });
        let name = |c: Colour| side(c).and_then(|n| player_named(n, aliases));
        let sides = [side(Colour::White), side(Colour::Black)];
        let unnamed_sides = sides.iter().filter(|s| s.is_none()).count() as u64;
        let players = [name(Colour::White), name(Colour::Black)];
        let placeholder_sides = 2 - unnamed_sides - players.iter().flatten().count() as u64;
        let (group, second_group) = match &settings.by {
            Some(GroupBy::Player) => {
                let [w, b] = sides.map(|s| match s {
                    None => NO_NAME_GROUP.to_string(),
                    Some(n) => player_named(n, aliases).unwrap_or(PLACEHOLDER_GROUP.to_string()),
                });
                let second = (b != w).then_some(b);
                (w, second)
            }
            Some(by) => (group(data, by), None),
            None => (String::new(), None),
        };
        let mut s = GameSummary {
            order,
            file: r.file.clone(),
            game: r.game,
            group,
            second_group,
            variant: r.variant,
            status: Some(r.status),
            outcome: r
                .result
                .as_deref()
                .and_then(|t| ResultToken::from_tag(t).outcome)
                .map(|m| Outcome::of(m, first)),
            plies: (r.status != Verdict::Unreadable).then_some(r.plies),
            opening: None,
            opening_name: None,
            players,
            placeholder_sides,
            unnamed_sides,
            event: data.tag("Event").and_then(named),
            captures: Vec::new(),
            faults: r
                .diagnostics
                .iter()
                .filter(|d| d.capture.is_some() && d.variation == 0)
                .map(|d| d.code.name())
                .collect(),
        };
        match &settings.openings {
            Some(table) => {
                if let Some(line) = table.name_of(data) {
                    s.opening = Some(line.moves.clone());
                    s.opening_name = Some(line.name.clone());
                }
            }
            None => s.opening = opening(data, settings.opening_plies),
        }
        if let (Some(replayed), Some(config)) = (data.replayed, data.config()) {
            s.captures = replayed
                .plies
                .iter()
                .filter(|p| p.mv.is_capture())
                .map(|p| (p.mv.captured.len() as u32, full_path(config, &p.mv), p.ply))
                .collect();
        }
        s
    }
}

/// A player's name as reports count it: trimmed, read through the alias table; placeholder
/// names (`?`, `NN`, `White`, empty) are none.
fn player_named(s: &str, aliases: Option<&crate::players::Aliases>) -> Option<String> {
    if crate::names::PlayerName::parse(s).is_unknown() {
        return None;
    }
    let s = s.trim();
    Some(aliases.map_or(s, |a| a.apply(s)).to_string())
}

/// A name as reports count it: trimmed; empty and placeholder names (`?`, `-`) are none.
fn named(s: &str) -> Option<String> {
    let s = s.trim();
    (!s.is_empty() && s != "?" && s != "-").then(|| s.to_string())
}

fn group(data: &CheckedGame<'_, '_>, by: &GroupBy) -> String {
    let value = match by {
        GroupBy::Tag(t) => data.tag(t).and_then(named),
        GroupBy::Year => data.tag("Date").and_then(year),
        GroupBy::Variant => data.record.variant.map(str::to_string),
        // Grouped by each side in `GameSummary::of`.
        GroupBy::Player => None,
    };
    value.unwrap_or_else(|| NO_GROUP_VALUE.to_string())
}

/// The year of a Date tag as `--by year` groups games: its first run of exactly four digits
/// (`1.1.1965` → `1965`, `2003.05.01` → `2003`).
pub fn year(date: &str) -> Option<String> {
    date.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.len() == 4)
        .map(str::to_string)
}

/// The first `n` plies of a game from its variant's standard start, normalised.
fn opening(data: &CheckedGame<'_, '_>, n: u32) -> Option<String> {
    let (replayed, config) = (data.replayed?, data.config()?);
    if n == 0 || replayed.plies.len() < n as usize {
        return None;
    }
    if replayed.start? != *draughts::GameState::new(*config).position() {
        return None;
    }
    let moves: Vec<String> = replayed.plies[..n as usize]
        .iter()
        .map(|p| match p.fault {
            Some(_) => full_path(config, &p.mv),
            None => minimal_legal(config, &p.before, &p.mv),
        })
        .collect();
    Some(moves.join(" "))
}

/// Results counted for White and Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Results {
    /// White won.
    pub white: u64,
    /// Draws.
    pub draws: u64,
    /// Black won.
    pub black: u64,
    /// Both lost (double forfeit).
    pub both_lose: u64,
    /// `*`, no result, or a form pdnkit cannot read.
    pub unknown: u64,
}

impl Results {
    fn add(&mut self, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::WhiteWins) => self.white += 1,
            Some(Outcome::Draw) => self.draws += 1,
            Some(Outcome::BlackWins) => self.black += 1,
            Some(Outcome::BothLose) => self.both_lose += 1,
            Some(Outcome::Unknown) | None => self.unknown += 1,
        }
    }

    fn merge(&mut self, o: &Results) {
        self.white += o.white;
        self.draws += o.draws;
        self.black += o.black;
        self.both_lose += o.both_lose;
        self.unknown += o.unknown;
    }

    /// Games with a win or a draw.
    pub fn decided(&self) -> u64 {
        self.white + self.draws + self.black
    }
}

/// One player's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerTally {
    /// Games played.
    pub games: u64,
    /// Won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost (a double forfeit counts as a loss for both).
    pub losses: u64,
}

/// Games and plies of a variant or an event, with their results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games.
    pub games: u64,
    /// Main-line moves written.
    pub plies: u64,
    /// Their results.
    pub results: Results,
}

impl Tally {
    fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.plies += o.plies;
        self.results.merge(&o.results);
    }
}

/// The largest single capture seen, with where it was played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Largest {
    /// Pieces taken.
    pub pieces: u32,
    /// Input order of the game (the earliest game wins ties).
    pub order: u64,
    /// File of the game.
    pub file: String,
    /// Game index in the file.
    pub game: u64,
    /// Ply in the game.
    pub ply: u32,
    /// The move, as a full path.
    pub text: String,
}

/// Capture counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    /// Capture moves in main lines.
    pub moves: u64,
    /// Captures taking two pieces or more.
    pub multi: u64,
    /// Pieces taken.
    pub pieces: u64,
    /// The largest single capture.
    pub largest: Option<Largest>,
    /// Capture faults by code.
    pub faults: BTreeMap<&'static str, u64>,
}

/// The totals of one group of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Group {
    /// Games read.
    pub games: u64,
    /// Games by verdict: clean, warnings, invalid, unreadable.
    pub status: [u64; 4],
    /// Games and plies by variant (`None`: unreadable or unknown rules).
    pub variants: BTreeMap<Option<&'static str>, Tally>,
    /// Results.
    pub results: Results,
    /// Number of games of each length in plies (readable games with moves).
    pub lengths: BTreeMap<u32, u64>,
    /// Readable games without a move (positions, problems, opening ballots).
    pub without_moves: u64,
    /// Openings by variant and moves.
    pub openings: HashMap<(&'static str, String), Results>,
    /// The names of the openings, by variant and moves (with a table of named openings).
    pub opening_names: HashMap<(&'static str, String), String>,
    /// Players by name.
    pub players: HashMap<String, PlayerTally>,
    /// Sides named by a placeholder, and sides without a name tag: not players.
    pub players_left_out: [u64; 2],
    /// Events by name.
    pub events: HashMap<String, Tally>,
    /// Captures.
    pub captures: Captures,
}

/// The statistics of a run: one [`Group`] per group value (one group, `""`, when not
/// grouping).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Groups by value.
    pub groups: BTreeMap<String, Group>,
}

impl Stats {
    /// Counts one game.
    pub fn add(&mut self, s: &GameSummary) {
        self.groups.entry(s.group.clone()).or_default().add(s);
        if let Some(second) = &s.second_group {
            self.groups.entry(second.clone()).or_default().add(s);
        }
    }

    /// Adds `other`'s counts to these.
    pub fn merge(&mut self, other: Stats) {
        for (key, g) in other.groups {
            self.groups.entry(key).or_default().merge(g);
        }
    }
}

impl Group {
    fn add(&mut self, s: &GameSummary) {
        let plies = u64::from(s.plies.unwrap_or(0));
        self.games += 1;
        let status_index = match s.status {
            Some(Verdict::Clean) => 0,
            Some(Verdict::Warnings) => 1,
            Some(Verdict::Invalid) => 2,
            _ => 3,
        };
        self.status[status_index] += 1;
        let tally = Tally {
            games: 1,
            plies,
            results: {
                let mut r = Results::default();
                r.add(s.outcome);
                r
            },
        };
        self.variants.entry(s.variant).or_default().merge(&tally);
        self.results.add(s.outcome);
        match s.plies {
            Some(0) => self.without_moves += 1,
            Some(n) => *self.lengths.entry(n).or_default() += 1,
            None => {}
        }
        if let (Some(moves), Some(v)) = (&s.opening, s.variant) {
            self.openings
                .entry((v, moves.clone()))
                .or_default()
                .add(s.outcome);
            if let Some(name) = &s.opening_name {
                self.opening_names
                    .entry((v, moves.clone()))
                    .or_insert_with(|| name.clone());
            }
        }
        self.add_players(s);
        self.players_left_out[0] += s.placeholder_sides;
        self.players_left_out[1] += s.unnamed_sides;
        if let Some(e) = &s.event {
            self.events.entry(e.clone()).or_default().merge(&tally);
        }
        self.add_captures(s);
    }

    fn add_players(&mut self, s: &GameSummary) {
        for (i, player) in s.players.iter().enumerate() {
            let Some(name) = player else { continue };
            let t = self.players.entry(name.clone()).or_default();
            t.games += 1;
            let (won, lost) = if i == 0 {
                (Outcome::WhiteWins, Outcome::BlackWins)
            } else {
                (Outcome::BlackWins, Outcome::WhiteWins)
            };
            match s.outcome {
                Some(o) if o == won => t.wins += 1,
                Some(o) if o == lost || o == Outcome::BothLose => t.losses += 1,
                Some(Outcome::Draw) => t.draws += 1,
                _ => {}
            }
        }
    }

    fn add_captures(&mut self, s: &GameSummary) {
        let c = &mut self.captures;
        for (pieces, text, ply) in &s.captures {
            c.moves += 1;
            c.pieces += u64::from(*pieces);
            if *pieces >= 2 {
                c.multi += 1;
            }
            let candidate = Largest {
                pieces: *pieces,
                order: s.order,
                file: s.file.clone(),
                game: s.game,
                ply: *ply,
                text: text.clone(),
            };
            keep_largest(&mut c.largest, Some(candidate));
        }
        for code in &s.faults {
            *c.faults.entry(code).or_default() += 1;
        }
    }

    fn merge(&mut self, o: Group) {
        self.games += o.games;
        for (a, b) in self.status.iter_mut().zip(o.status) {
            *a += b;
        }
        for (k, v) in o.variants {
            self.variants.entry(k).or_default().merge(&v);
        }
        self.results.merge(&o.results);
        for (k, v) in o.lengths {
            *self.lengths.entry(k).or_default() += v;
        }
        self.without_moves += o.without_moves;
        self.players_left_out[0] += o.players_left_out[0];
        self.players_left_out[1] += o.players_left_out[1];
        for (k, v) in o.openings {
            self.openings.entry(k).or_default().merge(&v);
        }
        for (k, v) in o.opening_names {
            self.opening_names.entry(k).or_insert(v);
        }
        for (k, v) in o.players {
            let t = self.players.entry(k).or_default();
            t.games += v.games;
            t.wins += v.wins;
            t.draws += v.draws;
            t.losses += v.losses;
        }
        for (k, v) in o.events {
            self.events.entry(k).or_default().merge(&v);
        }
        let c = &mut self.captures;
        c.moves += o.captures.moves;
        c.multi += o.captures.multi;
        c.pieces += o.captures.pieces;
        keep_largest(&mut c.largest, o.captures.largest);
        for (k, v) in o.captures.faults {
            *c.faults.entry(k).or_default() += v;
        }
    }
}

/// Keeps the larger capture; on equal size the one from the earlier game, then ply.
fn keep_largest(current: &mut Option<Largest>, candidate: Option<Largest>) {
    let Some(new) = candidate else { return };
    let better = match current {
        None => true,
        Some(old) => {
            (new.pieces, std::cmp::Reverse((new.order, new.ply)))
                > (old.pieces, std::cmp::Reverse((old.order, old.ply)))
        }
    };
    if better {
        *current = Some(new);
    }
}

#[cfg(test)]
mod tests;
