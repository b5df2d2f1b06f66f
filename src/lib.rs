//! pdnkit: read, validate, convert and analyse PDN (Portable Draughts Notation) archives.

#![deny(unsafe_code)]

pub mod export;
pub mod record;
pub mod replay;
pub mod stats;

pub use draughts;
pub use pdn;
