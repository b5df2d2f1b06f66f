//! The PDN syntax layer: bytes in, syntax trees out. It knows PDN, not draughts rules.

pub mod lex;
pub mod note;
pub mod span;
pub mod squares;
pub mod tags;
pub mod encoding;
pub mod raw;
pub mod split;
