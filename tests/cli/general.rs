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

#[test]
fn control_characters_of_the_input_never_reach_the_report_raw() {
    let dir = Dir::new("control-characters");
    // A NUL and a terminal escape sequence in a tag value and in the movetext.
    dir.write(
        "ctl.pdn",
        "[Event \"a\u{0}b\u{1b}[2J\"]\n[GameType \"20\"]\n1. 32-28 \u{0}\u{1b}[2J 19-23 *\n",
    );
    let run = dir.run(&["validate", "ctl.pdn"]).expect_code(0);
    assert!(
        run.stderr.contains("in game 1 (Event: a\\0b\\u{1b}[2J)"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.chars().any(|c| c.is_control() && c != '\n'),
        "{:?}",
        run.stderr
    );
}
