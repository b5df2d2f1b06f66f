//! The one switch that turns every fast path of pdnkit off, read where a program starts. The
//! rules take it as a value ([`crate::Position::with_fast_paths`],
//! [`crate::GameState::with_fast_paths`]); nothing in this crate reads the environment:
//! [`fast_paths_default`] is for the callers (the reader, the replay, the command line and the
//! tests) to read it at their edge.

use std::sync::OnceLock;

/// The environment variable that turns every fast path off when set (to anything).
pub const NO_FAST_PATHS: &str = "PDNKIT_NO_FAST_PATHS";

/// Whether fast paths are on, as the environment says: yes, unless the variable
/// [`NO_FAST_PATHS`] is set. Read once. For callers at their edge; the rules crate itself
/// never calls it.
pub fn fast_paths_default() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os(NO_FAST_PATHS).is_none())
}
