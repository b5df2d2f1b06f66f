//! The PDN syntax layer: bytes in, syntax trees out. It knows PDN, not draughts rules.

pub mod squares;
pub mod tags;
