//! Game replay and validation: each written move is matched against the legal moves of the
//! variant, and every problem becomes a [`Diagnostic`](code) value.

mod code;

pub use code::{Code, Severity};
