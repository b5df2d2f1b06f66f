//! A test that cannot run here (no corpus, no browser, no editor) says so where a passing run
//! shows it, and fails instead where nothing may be skipped: `PDNKIT_NO_SKIP=1` (set by
//! `.ci/run`) or `CI`.

use std::io::Write;

/// Whether this run forbids skipping.
pub fn forbidden() -> bool {
    std::env::var("PDNKIT_NO_SKIP").as_deref() == Ok("1")
        || std::env::var_os("CI").is_some_and(|v| !v.is_empty())
}

/// Says that the running test leaves out what needs `needs`, and how to get it. The line is
/// written to the process's stderr itself, which the test harness does not capture, so
/// `cargo test` prints it among the results; where skipping is forbidden the test fails.
pub fn skipped(needs: &str, how: &str) {
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    assert!(
        !forbidden(),
        "{test} needs {needs}, which is missing, and PDNKIT_NO_SKIP=1 or CI forbids skipping: {how}"
    );
    let _ = writeln!(
        std::io::stderr().lock(),
        "skipped: {test}: needs {needs} ({how})"
    );
}
