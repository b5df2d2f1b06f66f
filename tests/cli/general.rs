//! Behaviour shared by every subcommand: help, version, exit codes for usage errors.

use crate::util::Dir;

#[test]
fn help_lists_examples_and_exit_codes() {
    let run = Dir::new("help").run(&["--help"]).expect_code(0);
    assert!(run.stdout.contains("Examples:"), "{}", run.stdout);
    assert!(run.stdout.contains("Exit codes: 0 clean, 1 findings"));
}

#[test]
fn version_names_the_package_version() {
    let run = Dir::new("version").run(&["--version"]).expect_code(0);
    assert_eq!(
        run.stdout.trim(),
        format!("pdnkit {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn usage_errors_exit_2() {
    let run = Dir::new("usage").run(&["--no-such-flag"]).expect_code(2);
    assert!(run.stderr.contains("--no-such-flag"), "{}", run.stderr);
}
