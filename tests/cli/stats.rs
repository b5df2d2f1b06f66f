//! `pdnkit stats`: the three output formats (golden files on `fixtures/stats`, regenerated with
//! `PDNKIT_BLESS=1`), grouping, and the account of every game read.

use std::path::Path;
use std::process::Command;

use crate::util::{Dir, Run};

/// Runs pdnkit in `fixtures/stats`, so file names in the output are stable.
fn in_fixtures(args: &[&str]) -> Run {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/stats");
    Run::from(
        Command::new(env!("CARGO_BIN_EXE_pdnkit"))
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap(),
    )
}

fn golden(name: &str, got: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/stats/expected")
        .join(name);
    if std::env::var_os("PDNKIT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
    }
    let expected =
        std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing {}", path.display()));
    assert!(
        expected == got,
        "{} differs\n--- expected ---\n{expected}\n--- got ---\n{got}",
        path.display()
    );
}

#[test]
fn every_format_matches_its_golden_file() {
    for (name, args) in [
        ("tournament.txt", vec!["stats", "tournament.pdn"]),
        (
            "tournament.csv",
            vec!["--format", "csv", "stats", "tournament.pdn"],
        ),
        (
            "tournament.json",
            vec!["--format", "json", "stats", "tournament.pdn"],
        ),
        (
            "tournament.by-event.txt",
            vec!["stats", "--by", "Event", "--top", "2", "tournament.pdn"],
        ),
        (
            "tournament.by-year.csv",
            vec!["--format", "csv", "stats", "--by", "year", "tournament.pdn"],
        ),
    ] {
        let run = in_fixtures(&args).expect_code(1);
        golden(name, &run.stdout);
        // Every game read is accounted for, whatever the format.
        assert!(
            run.stderr
                .contains("7 games read: 5 clean, 0 with warnings, 1 invalid, 1 unreadable"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn json_report_adds_up() {
    let run = in_fixtures(&["--format", "json", "stats", "tournament.pdn"]).expect_code(1);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let g = &v["groups"][0];
    assert_eq!(g["games"], 7);
    assert_eq!(g["group"], serde_json::Value::Null);
    let r = &g["results"];
    // Results are White's and Black's: the English game's 1-0 (its first mover's score
    // first) is Black's (Bob's) win.
    let bob = g["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["player"] == "Bob")
        .unwrap();
    assert_eq!((&bob["wins"], &bob["losses"]), (&1.into(), &1.into()));
    assert_eq!(r["white_wins"], 1);
    assert_eq!(r["black_wins"], 2);
    assert_eq!(r["draws"], 2);
    assert_eq!(r["unknown"], 2);
    assert_eq!(g["captures"]["faults"][0]["code"], "capture-required");
}

#[test]
fn grouped_output_and_totals_do_not_depend_on_jobs() {
    let dir = Dir::new("stats-jobs");
    let many: String = (0..400)
        .map(|i| {
            format!(
                "[Event \"E{}\"]\n[White \"P{}\"]\n[Black \"P{}\"]\n[Result \"{}\"]\n\
                 1. 32-28 19-23 2. 28x19 14x23 *\n\n",
                i % 7,
                i % 5,
                i % 3,
                ["2-0", "1-1", "0-2"][i % 3]
            )
        })
        .collect();
    dir.write("many.pdn", many);
    for format in ["text", "csv", "json"] {
        let args = |j: &'static str| {
            vec![
                "-j", j, "--format", format, "stats", "--by", "Event", "many.pdn",
            ]
        };
        let one = dir.run(&args("1")).expect_code(0);
        let three = dir.run(&args("3")).expect_code(0);
        assert_eq!(one.stdout, three.stdout, "{format}");
        assert!(one.stderr.contains("400 games read: 400 clean"));
    }
}

#[test]
fn an_empty_input_gives_an_empty_report_and_exit_0() {
    let dir = Dir::new("stats-empty");
    dir.write("empty.pdn", "");
    let run = dir.run(&["stats", "empty.pdn"]).expect_code(0);
    assert_eq!(run.stdout, "");
    let json = dir
        .run(&["--format", "json", "stats", "empty.pdn"])
        .expect_code(0);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["groups"], serde_json::json!([]));
}
