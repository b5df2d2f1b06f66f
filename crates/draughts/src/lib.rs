//! Draughts rules for every variant pdnkit knows, and nothing of PDN text: board geometry and
//! square notation, the FEN and GameType values that name positions and rules, move
//! generation, game state with the draw rules, and perft.
//!
//! * A [`Variant`] (international, Russian, English, Frisian, Turkish... see
//!   [`Variant::ALL`]) and its [`Rules`]: one annotated constant per variant, plain data; a
//!   [`Config`] adds the square [`Notation`] a game writes (from a [`GameType`]).
//! * [`Position`]: pieces and side to move, legal moves ([`Move`]) and playing them;
//!   [`GameState`]: a position with what the draw rules count, and when the game is over
//!   ([`Outcome`]).
//! * [`Position::resolve`]: the legal move that a written move's squares name (short, minimal
//!   or full capture paths), or why none does ([`ResolveError`]: no piece there, no such
//!   move, several captures, a move that breaks the capture duty); [`Resolver`] reuses its
//!   buffers from move to move.
//! * [`Fen`] and [`GameType`]: the values of the PDN tags that name a position and the rules,
//!   parsed and written back; [`SquareToken`]: a square as written (`32`, `c3`).
//! * [`perft`] and [`divide`]: the move generator's node counts, which match every published
//!   perft table.
//!
//! # Generating moves and playing them
//!
//! ```
//! use draughts::{GameState, Outcome, Variant, parse_square_token};
//!
//! let mut game = GameState::initial(Variant::International);
//! let notation = game.config().notation;
//! for (from, to) in [("32", "28"), ("19", "23"), ("28", "19"), ("14", "23")] {
//!     let square = |s: &str| notation.parse(parse_square_token(s).unwrap().0).unwrap();
//!     let (from, to) = (square(from), square(to));
//!     let moves: Vec<_> = game
//!         .legal_moves()
//!         .into_iter()
//!         .filter(|m| m.from == from && m.to == to)
//!         .collect();
//!     assert_eq!(moves.len(), 1, "illegal or ambiguous");
//!     game.play(&moves[0]);
//! }
//! assert_eq!(game.to_fen().to_string(), "W:W31,33-50:B1-13,15-18,20,23");
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! ```
//!
//! # A position from FEN, and perft
//!
//! ```
//! use draughts::{Config, CountMode, Fen, GameState, Variant, perft};
//!
//! // Russian draughts: a man that reaches the last row during a capture goes on as a king.
//! let fen = Fen::parse("W:Wb6:Bc7,f6").unwrap();
//! let game = GameState::from_fen(&fen, Config::standard(Variant::Russian)).unwrap();
//! let captures: Vec<String> = game
//!     .legal_moves()
//!     .iter()
//!     .map(|m| m.text(&game.config().notation, ':', true))
//!     .collect();
//! assert_eq!(captures, ["b6:d8:g5", "b6:d8:h4"]);
//!
//! let start = GameState::initial(Variant::International);
//! assert_eq!(perft(start.position(), 4, CountMode::Drop, true), 4_265);
//! ```

#![deny(missing_docs)]

mod board;
mod colour;
mod fast_paths;
mod fen;
mod game_type;
mod rules;
mod token;

#[cfg(test)]
mod test_rng;

pub use board::{
    Geometry, GeometryError, Notation, Square, SquareIter, SquareNames, SquareSet, Squares,
    push_number, push_token,
};
pub use colour::Colour;
pub use fast_paths::{NO_FAST_PATHS, fast_paths_default};
pub use fen::{Fen, FenGroup, FenItem, ParseFenError};
pub use game_type::{GameType, GameTypeAttrs, NotationKind, ParseGameTypeError, ResultScale};
pub use rules::*;
pub use token::{SquareToken, parse_square_bytes, parse_square_token};

/// The replay's shortcuts for moves written as their two end squares ([`fast::Lanes`] on a
/// [`GameState`]) and the moves they find. Each answers as the general calls would; a reader
/// that plays archives at speed uses them, anyone else can ignore them.
pub mod fast {
    pub use crate::rules::lanes::Lanes;
    pub use crate::rules::position::{CaptureMove, QuietMove};
}
