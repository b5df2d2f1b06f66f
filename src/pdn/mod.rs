//! The PDN syntax layer: bytes in, syntax trees out. It knows PDN, not draughts rules.

pub mod ast;
pub mod encoding;
pub mod lex;
pub mod note;
pub mod outline;
pub mod parser;
pub mod raw;
pub mod read;
pub mod span;
pub mod split;
pub mod squares;
pub mod tags;
pub mod writer;
