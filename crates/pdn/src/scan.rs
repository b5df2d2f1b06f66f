//! Reading a game's syntax for a pass that only needs its notes: the fast paths of the plain
//! shape where they apply, the parser where they do not, the same answer either way.
//!
//! Most archived games are in the plain shape (tag pairs, numbered moves, a terminator): the
//! private `plain` module recognises it without building a tree, and such a game is one the
//! parser reads without error or note. A game whose moves are plain is judged from its tags,
//! its terminator and what follows. [`scan_game`] takes these shortcuts when told to and parses
//! the game otherwise; [`crate::fast::fast_paths_default`] is the one switch that turns every fast path of
//! the reader off (and of the replay, which reads it too), so that a whole test suite can run
//! on the reference path.

use crate::ast::Game;
use crate::note::{Note, SyntaxError};
use crate::parser::{notes_around_plain_moves, parse_game};
use crate::plain::plain_game_moves;
use crate::raw::RawGame;

/// What [`scan_game`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scanned<'a> {
    /// The game is in the plain shape: the parser would read it without error or note. Its
    /// number of main-line moves.
    Plain {
        /// Moves of the main line.
        moves: usize,
    },
    /// The game's moves are plain: these are the notes the parser would give (on its tags, its
    /// terminator and what follows), found without a tree.
    PlainMoves {
        /// The notes, in text order.
        notes: Vec<Note>,
    },
    /// The game as the parser reads it.
    Parsed(Game<'a>),
    /// The game cannot be read.
    Unreadable(SyntaxError),
}

/// Reads `raw` as far as a pass that needs its notes must: through the plain shape's fast
/// paths when `fast_paths` is set, else (and where they do not apply) by parsing it.
pub fn scan_game(raw: &RawGame, fast_paths: bool) -> Scanned<'_> {
    if fast_paths {
        if let Some(moves) = plain_game_moves(raw) {
            return Scanned::Plain { moves };
        }
        if let Some(notes) = notes_around_plain_moves(raw) {
            return Scanned::PlainMoves { notes };
        }
    }
    match parse_game(raw) {
        Ok(game) => Scanned::Parsed(game),
        Err(e) => Scanned::Unreadable(e),
    }
}
