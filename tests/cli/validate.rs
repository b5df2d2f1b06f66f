//! `validate`'s report as a user keeps it: written to a file with `-o`, and the note of a
//! file's variant shown once per file with `--notes`.

use crate::util::Dir;

const UNTAGGED: &str = "[Event \"a\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
                        [Event \"b\"]\n1. 31-27 19-23 *\n\n\
                        [Event \"c\"]\n1. 32-28 17-22 2. 28x17 12x21 *\n";

#[test]
fn output_writes_the_report_to_a_file_as_stdout_would_have_it() {
    let dir = Dir::new("validate-output");
    dir.write("bad.pdn", "[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n");
    for format in ["text", "json", "csv"] {
        let to_stdout = dir
            .run(&["validate", "--format", format, "bad.pdn"])
            .expect_code(1);
        let name = format!("report.{format}");
        let to_file = dir
            .run(&["validate", "--format", format, "-o", &name, "bad.pdn"])
            .expect_code(1);
        assert_eq!(to_file.stdout, "", "{format}");
        assert_eq!(dir.read(&name), to_stdout.stdout, "{format}");
        assert!(to_file.stderr.contains("1 invalid"), "{}", to_file.stderr);
    }
    // `--color always` colours the file too; `auto` never does.
    dir.run(&[
        "--color",
        "always",
        "validate",
        "--output",
        "coloured.txt",
        "bad.pdn",
    ])
    .expect_code(1);
    assert!(dir.read("coloured.txt").contains('\u{1b}'));
    dir.run(&["validate", "-o", "plain.txt", "bad.pdn"])
        .expect_code(1);
    assert!(!dir.read("plain.txt").contains('\u{1b}'));
    // A file that cannot be written is a failure.
    let failed = dir
        .run(&["validate", "-o", "no/such/dir/report.txt", "bad.pdn"])
        .expect_code(2);
    assert!(failed.stderr.contains("report.txt"), "{}", failed.stderr);
}

#[test]
fn notes_show_the_variant_of_a_file_once_per_file() {
    let dir = Dir::new("validate-variant-note");
    dir.write("one.pdn", UNTAGGED);
    dir.write("two.pdn", UNTAGGED);
    let run = dir
        .run(&["validate", "--notes", "one.pdn", "two.pdn"])
        .expect_code(0);
    let notes: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("note[variant-guessed]"))
        .collect();
    assert_eq!(notes.len(), 2, "{}", run.stdout);
    assert!(notes[0].starts_with("one.pdn:") && notes[1].starts_with("two.pdn:"));
    // The same with one job or several.
    let jobs = dir
        .run(&["-j", "3", "validate", "--notes", "one.pdn", "two.pdn"])
        .expect_code(0);
    assert_eq!(jobs.stdout, run.stdout);
    // The records keep it for every game.
    let json = dir
        .run(&["validate", "--format", "json", "one.pdn"])
        .expect_code(0);
    assert_eq!(json.stdout.matches("variant-guessed").count(), 3);
}
