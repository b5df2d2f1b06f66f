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

/// The crafted fault fixtures repeated until several batches are in flight at once.
fn many_faults() -> Vec<u8> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/validate");
    let mut one = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    names.sort();
    for p in names {
        // Bytes: one fixture is Windows-1252 on purpose.
        one.extend(std::fs::read(p).unwrap());
        one.extend(b"\n\n");
    }
    one.repeat(30)
}

#[test]
fn validate_and_captures_print_the_same_for_any_jobs_value() {
    let dir = Dir::new("jobs-identical");
    dir.write("faults.pdn", many_faults());
    for args in [
        &["validate", "--notes", "faults.pdn"][..],
        &["validate", "--syntax-only", "--notes", "faults.pdn"],
        &["--format", "json", "validate", "faults.pdn"],
        &["captures", "faults.pdn"],
        &["--format", "json", "captures", "faults.pdn"],
    ] {
        let with = |j: &'static str| {
            let mut a = vec!["-j", j];
            a.extend_from_slice(args);
            dir.run(&a).expect_code(1)
        };
        let one = with("1");
        let three = with("3");
        assert!(!one.stdout.is_empty() || !one.stderr.is_empty(), "{args:?}");
        assert_eq!(one.stdout, three.stdout, "{args:?}");
        assert_eq!(one.stderr, three.stderr, "{args:?}");
    }
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
