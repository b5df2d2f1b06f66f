//! pdnkit: read, validate, convert and analyse PDN (Portable Draughts Notation) archives.

pub mod board;
pub mod pdn;
pub mod rules;
