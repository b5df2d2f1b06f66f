//! The one switch that turns every fast path of pdnkit off: the crates that take shortcuts
//! (the rules' fixed rule sets here, the PDN reader's and the replayer's lanes) all ask it.

use std::sync::OnceLock;

/// The environment variable that turns every fast path off when set (to anything).
pub const NO_FAST_PATHS: &str = "PDNKIT_NO_FAST_PATHS";

/// Whether fast paths are on by default: yes, unless the environment variable
/// [`NO_FAST_PATHS`] is set. Read once.
pub fn fast_paths_default() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os(NO_FAST_PATHS).is_none())
}
