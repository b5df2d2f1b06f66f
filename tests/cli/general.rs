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
        &["validate", "--syntax-only", "faults.pdn"],
        &[
            "validate",
            "--syntax-only",
            "--no-mmap",
            "--notes",
            "faults.pdn",
        ],
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

/// The text report of a syntax pass lets runs of plain games go by in one piece: its counts
/// and the games its messages name must be those of the JSON report, which reads every game,
/// across files, around games with findings and over runs longer than one piece (4,096 games).
#[test]
fn a_syntax_pass_counts_and_names_games_alike_in_text_and_json() {
    let dir = Dir::new("syntax-runs");
    let plain = |n: usize, first: usize| -> String {
        (first..first + n)
            .map(|i| format!("[Event \"g{i}\"]\n1. 32-28 19-23 2-0\n\n"))
            .collect()
    };
    let odd = "[Event \"odd\"]\n1. 32-28 @@ 2-0\n\n";
    dir.write("a.pdn", format!("{}{odd}{}", plain(3, 1), plain(9_000, 5)));
    dir.write("b.pdn", format!("{odd}{}", plain(2, 2)));
    for jobs in ["1", "2"] {
        let text = dir
            .run(&["-j", jobs, "validate", "--syntax-only", "a.pdn", "b.pdn"])
            .expect_code(0);
        let json = dir
            .run(&[
                "-j",
                jobs,
                "--format",
                "json",
                "validate",
                "--syntax-only",
                "a.pdn",
                "b.pdn",
            ])
            .expect_code(0);
        let summary = |stderr: &str| -> String {
            let line = stderr.lines().last().unwrap_or_default().to_string();
            assert!(line.contains("games read"), "{stderr}");
            line
        };
        assert_eq!(summary(&text.stderr), summary(&json.stderr));
        assert!(
            summary(&text.stderr).contains("9007 games read: 9005 clean, 2 with warnings"),
            "{}",
            text.stderr
        );
        let flagged: Vec<(String, u64)> = json
            .stdout
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|r| r["status"] != "clean")
            .map(|r| {
                (
                    r["file"].as_str().unwrap().to_string(),
                    r["game"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            flagged,
            [("a.pdn".to_string(), 4), ("b.pdn".to_string(), 1)]
        );
        // The findings go to stdout, as linters write them.
        assert!(
            text.stdout.contains("a.pdn") && text.stdout.contains("game 4"),
            "{}",
            text.stdout
        );
        assert!(
            text.stdout.contains("b.pdn") && text.stdout.contains("game 1"),
            "{}",
            text.stdout
        );
        assert!(!text.stderr.contains("game 4"), "{}", text.stderr);
    }
}

/// A syntax pass writes no notes it does not show: its text report must still give the JSON
/// report's verdicts for games with notes only, with warnings, and under `--strict` (where
/// notes are errors), and `--notes` must still show the notes. Games whose only notes are
/// literal escapes are passed by without the parser when notes are neither shown nor errors.
#[test]
fn a_syntax_pass_gives_the_same_verdicts_whether_or_not_notes_are_written() {
    let dir = Dir::new("syntax-notes");
    dir.write(
        "n.pdn",
        "[Event \"note\"]\n1. 32-28 19-23\n\n[Event \"plain\"]\n1. 32-28 19-23 2-0\n\n\
         [Event \"warning\"]\n1. 32-28 @@ 2-0\n\n[Event \"note2\"]\n[Round]\n1. 32-28 *\n\n\
         [Event \"escapes\"]\\r\n[Site \"s\"]\\r\n1. 32-28 19-23 2-0\\r\n\n\
         [Event \"escapes and a warning\"]\\r\n1. 32-28 @@ 2-0\\r\n\n",
    );
    let summary = |args: &[&str], code: i32| -> String {
        let run = dir.run(args).expect_code(code);
        run.stderr.lines().last().unwrap_or_default().to_string()
    };
    for (strict, code, expected) in [
        (None, 0, "6 games read: 4 clean, 2 with warnings, 0 invalid"),
        (
            Some("--strict"),
            1,
            "6 games read: 1 clean, 0 with warnings, 5 invalid",
        ),
    ] {
        for jobs in ["1", "2"] {
            let mut text = vec!["-j", jobs, "validate", "--syntax-only"];
            text.extend(strict);
            text.push("n.pdn");
            let json = [&["--format", "json"][..], &text].concat();
            assert!(summary(&text, code).contains(expected), "{text:?}");
            assert_eq!(summary(&text, code), summary(&json, code), "{text:?}");
        }
    }
    let notes = dir
        .run(&["validate", "--syntax-only", "--notes", "n.pdn"])
        .expect_code(0);
    assert!(notes.stdout.contains("literal-escape"), "{}", notes.stdout);
    assert!(
        notes.stdout.contains("missing-terminator"),
        "{}",
        notes.stdout
    );
    assert!(
        notes.stdout.contains("tag-without-value"),
        "{}",
        notes.stdout
    );
}

#[test]
fn control_characters_of_the_input_never_reach_the_report_raw() {
    let dir = Dir::new("control-characters");
    // A NUL and a terminal escape sequence in a tag value and in the movetext.
    dir.write(
        "ctl.pdn",
        "[Event \"a\u{0}b\u{1b}[2J\"]\n[GameType \"20\"]\n1. 32-28 \u{0}\u{1b}[2J 19-23 *\n",
    );
    // A NUL byte makes the file look binary: --text reads it all the same.
    let refused = dir.run(&["validate", "ctl.pdn"]).expect_code(2);
    assert!(
        refused
            .stderr
            .contains("pdnkit: ctl.pdn: not a text file (NUL bytes"),
        "{}",
        refused.stderr
    );
    let run = dir.run(&["validate", "--text", "ctl.pdn"]).expect_code(0);
    assert!(
        run.stdout.contains("in game 1 (Event: a\\0b\\u{1b}[2J)"),
        "{}",
        run.stdout
    );
    for stream in [&run.stdout, &run.stderr] {
        assert!(
            !stream.chars().any(|c| c.is_control() && c != '\n'),
            "{stream:?}"
        );
    }
}
