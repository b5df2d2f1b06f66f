//! Checking one game: the read → parse → replay → record every subcommand of pdnkit runs, in
//! one place. What comes out, a [`CheckedGame`], is what the reports, the exporters and the
//! statistics read.

use draughts::Config;
use pdn::{Game, RawGame, parse_game};

use crate::GameRecord;
use crate::{ReplayOptions, Replayed, replay};

/// One game, checked: where it is and its verdict, its syntax tree and its replay.
#[derive(Clone, Copy)]
pub struct CheckedGame<'g, 'a> {
    /// The game as read from its file.
    pub raw: &'g RawGame,
    /// Where the game is and its verdict.
    pub record: &'g GameRecord,
    /// The syntax tree (none when the text could not be read).
    pub game: Option<&'g Game<'a>>,
    /// The replay (none when the text could not be read).
    pub replayed: Option<&'g Replayed>,
}

impl CheckedGame<'_, '_> {
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

/// Parses and replays `raw` (a game of `file`) and hands the result to `f`, which borrows it:
/// the tree borrows the game's text, so nothing is copied.
pub fn check_game<R>(
    file: &str,
    raw: &RawGame,
    options: &ReplayOptions,
    f: impl FnOnce(&CheckedGame<'_, '_>) -> R,
) -> R {
    match parse_game(raw) {
        Ok(game) => {
            let replayed = replay(&game, options);
            let record = GameRecord::replayed(file, raw, &game, &replayed);
            f(&CheckedGame {
                raw,
                record: &record,
                game: Some(&game),
                replayed: Some(&replayed),
            })
        }
        Err(err) => {
            let record = GameRecord::unreadable(file, raw, &err);
            f(&CheckedGame {
                raw,
                record: &record,
                game: None,
                replayed: None,
            })
        }
    }
}
