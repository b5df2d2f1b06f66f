//! What standings keep of a game: its header facts, never its moves.

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

/// One game as standings count it: what a worker reads of a game for [`super::Tally`].
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
    /// A key of the game's text: copies of one text are one game, counted as often as they
    /// come but listed once.
    pub text: u64,
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
            text: crate::dedupe::text_key(game.raw.text.trim()),
        }
    }

    /// The score of White and of Black in units (a win 2, a draw 1, a loss 0), and the
    /// scale the result is written on; `None` when the result says no game was decided.
    pub fn scores(&self) -> Option<([u32; 2], ResultScale)> {
        Pairing::scores_of(self.result.as_deref()?, self.first_mover)
    }

    /// The scores of White and Black in units, and the scale, of `result` when `first_mover`
    /// is the side whose score it writes first.
    pub fn scores_of(result: &str, first_mover: Colour) -> Option<([u32; 2], ResultScale)> {
        let (meaning, scale) = result_token_meaning(result)?;
        let (first, second) = match meaning {
            ResultMeaning::FirstWins => (2, 0),
            ResultMeaning::SecondWins => (0, 2),
            ResultMeaning::Draw => (1, 1),
            ResultMeaning::BothLose => (0, 0),
            ResultMeaning::Unknown => return None,
        };
        let scores = if first_mover == Colour::White {
            [first, second]
        } else {
            [second, first]
        };
        Some((scores, scale))
    }
}
