//! pdnkit: read, validate, convert and analyse PDN (Portable Draughts Notation) archives.

#![deny(unsafe_code)]

pub mod board;
pub mod export;
pub mod pdn;
pub mod pipeline;
pub mod record;
pub mod replay;
pub mod rules;
pub mod stats;
#[cfg(test)]
mod test_rng;
