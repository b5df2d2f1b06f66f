//! Exporters: games that were read and replayed, written in other formats. One file per
//! format, all of the same shape: `new(writer)`, `write_game(&GameData)`, `finish()`.
//!
//! * [`fen`]: PDN FEN of the final position, of one ply, or of every position;
//! * [`csv`]: one row per game (tags, verdict, final FEN) or one row per ply;
//! * [`json`]: JSON Lines, one object per game with moves, variations and diagnostics;
//! * [`pdn`]: PDN with rule-aware move text (see [`notation`]);
//! * [`lines`]: the movetext as moves with their comments, NAGs and variations attached.
//!
//! Exporters know formats, not rules: what a move is and how it is written comes from
//! [`replay`](crate::replay) and [`notation`]. They never drop a game on their own: a game
//! that replayed only in part is written as far as it replayed, and the caller decides whether
//! to leave invalid games out.

pub mod csv;
pub mod fen;
pub mod json;
pub mod lines;
pub mod notation;
pub mod pdn;

use crate::record::GameRecord;
use crate::replay::{ReplayOptions, Replayed, replay};
use ::pdn::Game;
use ::pdn::RawGame;
use ::pdn::parse_game;
use draughts::Config;

/// One game as the exporters see it.
#[derive(Clone, Copy)]
pub struct GameData<'g, 'a> {
    /// Where the game is and its verdict.
    pub record: &'g GameRecord,
    /// The syntax tree (none when the text could not be read).
    pub game: Option<&'g Game<'a>>,
    /// The replay (none when the text could not be read).
    pub replayed: Option<&'g Replayed>,
}

impl GameData<'_, '_> {
    /// The rules and notation the game was replayed with.
    pub fn config(&self) -> Option<&Config> {
        self.replayed.and_then(|r| r.config.as_ref())
    }

    /// The first tag called `name`; for an unreadable game, the Event, White and Black tags the
    /// reader could still find.
    pub fn tag(&self, name: &str) -> Option<&str> {
        if let Some(game) = self.game {
            return game.tag(name);
        }
        let r = self.record;
        match name {
            "Event" => r.event.as_deref(),
            "White" => r.white.as_deref(),
            "Black" => r.black.as_deref(),
            _ => None,
        }
    }
}

/// Parses and replays `raw` (from `file`) and hands the result to `f`.
pub fn with_game<R>(
    file: &str,
    raw: &RawGame,
    options: &ReplayOptions,
    f: impl FnOnce(&GameData<'_, '_>) -> R,
) -> R {
    match parse_game(raw) {
        Ok(game) => {
            let replayed = replay(&game, options);
            let record = GameRecord::replayed(file, raw, &game, &replayed);
            f(&GameData {
                record: &record,
                game: Some(&game),
                replayed: Some(&replayed),
            })
        }
        Err(err) => {
            let record = GameRecord::unreadable(file, raw, &err);
            f(&GameData {
                record: &record,
                game: None,
                replayed: None,
            })
        }
    }
}
