//! `pdnkit convert`: every format, options, the stderr account and the exit codes.

use crate::util::Dir;

const TWO_GAMES: &str = "[Event \"A\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
                         [Event \"B\"]\n1. 33-29 {no terminator}\n";

#[test]
fn pdn_output_reads_back_into_the_same_text() {
    let dir = Dir::new("convert-roundtrip");
    dir.write("in.pdn", TWO_GAMES);
    let first = dir
        .run(&["convert", "--to", "pdn", "in.pdn"])
        .expect_code(0);
    assert!(
        first
            .stdout
            .starts_with("[Event \"A\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23")
    );
    // A game read without terminator gets `*`, so the next game cannot absorb its text.
    assert!(
        first.stdout.ends_with("1. 33-29 {no terminator} *\n"),
        "{}",
        first.stdout
    );
    assert!(first.stderr.contains("pdnkit: 2 games converted\n"));
    assert!(
        first
            .stderr
            .contains("2 games read: 2 clean, 0 with warnings, 0 invalid, 0 unreadable"),
        "{}",
        first.stderr
    );
    dir.write("out.pdn", &first.stdout);
    let second = dir
        .run(&["convert", "--to", "pdn", "out.pdn"])
        .expect_code(0);
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn unreadable_games_are_reported_counted_and_exit_1() {
    let dir = Dir::new("convert-unreadable");
    dir.write(
        "bad.pdn",
        "[Event \"ok\"]\n1. 32-28 *\n\n[Event \"broken\"]\n1. 32-28 { a { b } c }\n",
    );
    let run = dir
        .run(&["convert", "--to", "pdn", "bad.pdn"])
        .expect_code(1);
    assert!(run.stdout.contains("[Event \"ok\"]"));
    assert!(!run.stdout.contains("broken"));
    assert!(
        run.stderr.contains("bad.pdn:5:22: error[syntax]:"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("in game 2 (Event: broken): not written (unreadable)"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("pdnkit: 1 game converted\n"));
    assert!(
        run.stderr
            .contains("2 games read: 1 clean, 0 with warnings, 0 invalid, 1 unreadable")
    );
}

#[test]
fn output_file_is_written_whole_and_stdin_is_read_with_dash() {
    let dir = Dir::new("convert-output");
    let mut child = dir
        .cmd(&["convert", "--to", "pdn", "-", "--output", "out.pdn"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(TWO_GAMES.as_bytes())
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    assert!(dir.read("out.pdn").contains("[Event \"B\"]"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir.path)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_missing_file_is_named_and_the_others_are_still_converted() {
    let dir = Dir::new("convert-missing");
    dir.write("in.pdn", TWO_GAMES);
    let run = dir
        .run(&["convert", "--to", "pdn", "missing.pdn", "in.pdn"])
        .expect_code(2);
    assert!(
        run.stderr.contains("missing.pdn: No such file"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("[Event \"B\"]"));
}

#[test]
fn output_is_identical_for_any_jobs_value() {
    let dir = Dir::new("convert-jobs");
    let many: String = (0..300)
        .map(|i| format!("[Round \"{i}\"]\n1. 32-28 19-23 *\n\n"))
        .collect();
    dir.write("many.pdn", many);
    let one = dir
        .run(&["-j", "1", "convert", "--to", "pdn", "many.pdn"])
        .expect_code(0);
    let four = dir
        .run(&["-j", "4", "convert", "--to", "pdn", "many.pdn"])
        .expect_code(0);
    assert_eq!(one.stdout, four.stdout);
    assert!(one.stdout.contains("[Round \"299\"]"));
}
