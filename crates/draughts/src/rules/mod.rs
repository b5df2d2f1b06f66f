//! Variant rules and move generation: which moves are legal, what they do, when a game ends.
//! This module knows draughts; it knows PDN only through the typed tag values it reads
//! (`GameType`, `Fen`) and the square tokens it names.
//!
//! * [`Variant`] / [`Config`]: the runtime choice of rules, from a name or a `GameType`.
//! * [`Rules`]: one annotated constant per variant (see `variants.rs`), plain data.
//! * [`Position`]: pieces and side to move; legal moves, capture sequences, `play`.
//! * [`Game`]: a position plus what the rules need beyond it (repetitions, draw counters),
//!   with [`Game::outcome`].
//! * [`perft`] / [`divide`]: move-generator node counts.
//!
//! The generator works on padded bitboards (`u64` where the board fits, `u128` otherwise);
//! see `layout.rs`.
//!
//! # Example: replaying moves written as square tokens
//!
//! ```
//! use draughts::{SquareToken, parse_square_token};
//! use draughts::{GameState, Outcome, Variant};
//!
//! let token = |s: &str| -> SquareToken { parse_square_token(s).unwrap().0 };
//! let mut game = GameState::initial(Variant::International);
//! for (from, to) in [("32", "28"), ("19", "23"), ("28", "19"), ("14", "23")] {
//!     let n = game.config().notation;
//!     let (from, to) = (n.parse(token(from)).unwrap(), n.parse(token(to)).unwrap());
//!     let matches: Vec<_> = game
//!         .legal_moves()
//!         .into_iter()
//!         .filter(|m| m.from == from && m.to == to)
//!         .collect();
//!     assert_eq!(matches.len(), 1, "illegal or ambiguous");
//!     game.play(&matches[0]);
//! }
//! assert_eq!(game.to_fen().to_string(), "W:W31,33-50:B1-13,15-18,20,23");
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! ```

mod bits;
mod capture;
mod ctx;
mod engine;
mod setup;
mod game;
mod layout;
mod mv;
mod outcome;
mod perft;
mod position;
mod precedence;
mod spec;
mod variant;
pub mod variants;

pub use setup::FenError;
pub use game::{Counters, GameState};
pub use mv::{MAX_CAPTURES, Move};
pub use outcome::{Outcome, WinReason};
pub use perft::{CountMode, divide, perft};
pub use position::{CaptureRank, Piece, Position, Role};
pub use spec::{
    DrawRule, FrisianValue, Goal, KingRange, Landing, Lines, ManCaptures, ManSteps, MissedCapture,
    PassingPromotion, Precedence, Removal, Rules, StartRanks,
};
pub use variant::{Config, GameTypeError, Variant, default_notation, rules_by_name};
