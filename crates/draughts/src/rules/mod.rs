//! Variant rules and move generation: which moves are legal, what they do, when a game ends.
//!
//! * [`Variant`] / [`Config`]: the runtime choice of rules, from a name or a `GameType`.
//! * [`Rules`]: one annotated constant per variant (see `variants.rs`), plain data.
//! * [`Position`]: pieces and side to move; legal moves, capture sequences, `play`;
//!   [`Position::resolve`]: the legal move a written move's squares name, or why none does.
//! * [`GameState`]: a position plus what the rules need beyond it (repetitions, draw
//!   counters), with [`GameState::outcome`].
//! * [`perft`] / [`divide`]: move-generator node counts.
//!
//! The generator works on padded bitboards (`u64` where the board fits, `u128` otherwise);
//! see `layout.rs`.

mod bits;
mod capture;
mod ctx;
mod engine;
mod fixed;
mod game;
mod key;
pub(crate) mod lanes;
mod layout;
mod mv;
mod outcome;
mod perft;
pub(crate) mod position;
mod precedence;
mod resolve;
mod setup;
mod sided;
mod spec;
mod variant;
pub mod variants;

pub use game::{Counters, GameState};
pub use mv::{MAX_CAPTURES, Move};
pub use outcome::{Outcome, WinReason};
pub use perft::{CountMode, divide, perft};
pub use position::{CaptureRank, Piece, Position, Role};
pub use resolve::{DutyBreach, ResolveError, Resolver, WrittenAs};
pub use setup::FenError;
pub use spec::{
    DrawRule, FrisianValue, Goal, KingRange, Landing, Lines, ManCaptures, ManSteps, MissedCapture,
    PassingPromotion, Precedence, Removal, Rules, StartRanks,
};
pub use variant::{
    Config, GameTypeError, Variant, default_notation, other_rule_set_names, rules_by_name,
};
