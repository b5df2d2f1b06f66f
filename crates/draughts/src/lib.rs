//! Draughts rules for every variant pdnkit knows, and nothing of PDN text: board geometry and
//! square notation, the FEN and GameType values that name positions and rules, move
//! generation, game state with the draw rules, and perft.

mod board;
mod colour;
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
pub use fen::{Fen, FenGroup, FenItem, ParseFenError};
pub use game_type::{GameType, GameTypeAttrs, NotationKind, ParseGameTypeError, ResultScale};
pub use rules::*;
pub use token::{SquareToken, parse_square_bytes, parse_square_token};
