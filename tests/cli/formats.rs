//! `--format`: every subcommand writes each format it offers in the shape its --help states, or
//! refuses the format with exit 2; `pdnkit variants` lists every alias `--variant` accepts, and
//! a name players of several games share is refused naming them.

use draughts::Variant;
use serde_json::Value;

use crate::util::{Dir, Run};

/// Each line of `text` as a JSON object.
fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The header and the rows of CSV `text`.
fn csv_table(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    (header, rows)
}

/// The capture-fault fixtures: games with every kind of capture fault.
fn captures_fixture(dir: &Dir) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/validate/captures.pdn"
    );
    dir.write("captures.pdn", std::fs::read(path).unwrap());
}

#[test]
fn variants_text_is_the_default_and_lists_every_alias() {
    let dir = Dir::new("formats-variants-text");
    let run = dir.run(&["variants"]).expect_code(0);
    assert_eq!(
        run.stdout,
        dir.run(&["--format", "text", "variants"]).stdout
    );
    assert!(run.stdout.starts_with("variant "), "{}", run.stdout);
    assert!(run.stdout.lines().all(|l| l.len() <= 100), "{}", run.stdout);
    for v in Variant::ALL {
        let at = run
            .stdout
            .find(&format!("\n{} ", v.name()))
            .unwrap_or_else(|| panic!("{v} missing"));
        let aliases: Vec<&str> = v.aliases().collect();
        if aliases.is_empty() {
            continue;
        }
        // The aliases line follows the variant's row (and its wrapped capture rule).
        let line = run.stdout[at + 1..]
            .lines()
            .find(|l| l.trim_start().starts_with("aliases: "))
            .unwrap();
        assert_eq!(
            line.trim_start(),
            format!("aliases: {}", aliases.join(", ")),
            "{v}"
        );
    }
    for (name, _) in Variant::ambiguous_names() {
        assert!(
            run.stdout
                .contains(&format!("{name:?} is refused as ambiguous")),
            "{}",
            run.stdout
        );
    }
}

#[test]
fn variants_json_is_one_object_per_variant_with_its_aliases() {
    let run = Dir::new("formats-variants-json")
        .run(&["--format", "json", "variants"])
        .expect_code(0);
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), Variant::ALL.len());
    for (o, v) in objects.iter().zip(Variant::ALL) {
        assert_eq!(o["name"], v.name());
        let aliases: Vec<&str> = v.aliases().collect();
        assert_eq!(o["aliases"], serde_json::json!(aliases), "{v}");
        let boards: Vec<&str> = v.boards().skip(1).map(|b| b.name).collect();
        assert_eq!(o["other_boards"], serde_json::json!(boards), "{v}");
        for field in ["game_type", "board", "first", "kings", "capture_rule"] {
            assert!(o.get(field).is_some(), "{v}: no {field}");
        }
        assert!(o["men"].as_u64().unwrap() > 0, "{v}");
    }
    assert_eq!(objects[0]["game_type"], "20,W,10,10,N2,0");
}

#[test]
fn variants_csv_has_a_header_and_one_row_per_variant() {
    let run = Dir::new("formats-variants-csv")
        .run(&["--format", "csv", "variants"])
        .expect_code(0);
    let (header, rows) = csv_table(&run.stdout);
    assert_eq!(
        header,
        [
            "name",
            "game_type",
            "board",
            "men",
            "first",
            "kings",
            "capture_rule",
            "aliases",
            "other_boards"
        ]
    );
    assert_eq!(rows.len(), Variant::ALL.len());
    for (row, v) in rows.iter().zip(Variant::ALL) {
        assert_eq!(row[0], v.name());
        assert_eq!(row[7], v.aliases().collect::<Vec<_>>().join(" "), "{v}");
        let boards: Vec<&str> = v.boards().skip(1).map(|b| b.name).collect();
        assert_eq!(row[8], boards.join(" "), "{v}");
    }
}

#[test]
fn every_alias_listed_is_accepted_by_variant() {
    let dir = Dir::new("formats-aliases");
    dir.write(
        "game.pdn",
        "[Event \"e\"]\n1. 32-28 19-23 *\n\n[Event \"f\"]\n1. c3-d4 f6-e5 *\n",
    );
    for v in Variant::ALL {
        for alias in v.aliases() {
            let run = dir.run(&["stats", "--variant", alias, "game.pdn"]);
            assert_ne!(run.code, 2, "{alias}: {}", run.stderr);
        }
    }
}

#[test]
fn dama_is_refused_as_ambiguous_by_every_subcommand() {
    let dir = Dir::new("formats-dama");
    dir.write("game.pdn", "1. c3-d4 *\n");
    for args in [
        &["validate", "--variant", "dama", "game.pdn"][..],
        &["convert", "--to", "fen", "--variant", "dama", "game.pdn"],
        &["captures", "--variant", "Dama", "game.pdn"],
        &["stats", "--variant", "dama", "game.pdn"],
        &["perft", "--variant", "dama", "--depth", "1"],
    ] {
        let run = dir.run(args).expect_code(2);
        for word in [
            "is ambiguous",
            "Turkish (turkish)",
            "Italian (italian)",
            "Czech (czech)",
            "choose one of them",
        ] {
            assert!(run.stderr.contains(word), "{args:?}: {}", run.stderr);
        }
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
    }
    // An unknown name still lists the variants known.
    let run = dir
        .run(&["perft", "--variant", "nonsense", "--depth", "1"])
        .expect_code(2);
    assert!(
        run.stderr
            .contains("unknown variant \"nonsense\"; known: international"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("thai-12"), "{}", run.stderr);
}

/// Perft of the international start to depth 2: 9 moves, 9 replies to each.
const DEPTH_2: u64 = 81;

#[test]
fn perft_text_is_the_default_with_the_total_last() {
    let dir = Dir::new("formats-perft-text");
    let run = dir
        .run(&["perft", "--depth", "2", "--divide"])
        .expect_code(0);
    assert_eq!(
        run.stdout,
        dir.run(&["--format", "text", "perft", "--depth", "2", "--divide"])
            .stdout
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 10, "{}", run.stdout);
    assert_eq!(lines[9], DEPTH_2.to_string());
    assert!(lines[0].starts_with("31-26 "), "{}", run.stdout);
}

#[test]
fn perft_json_is_one_object_with_the_moves_under_divide() {
    let dir = Dir::new("formats-perft-json");
    let run = dir
        .run(&["--format", "json", "perft", "--depth", "2", "--divide"])
        .expect_code(0);
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 1);
    let o = &objects[0];
    assert_eq!(o["variant"], "international");
    assert_eq!(o["depth"], 2);
    assert_eq!(o["fen"], "W:W31-50:B1-20");
    assert_eq!(o["count"], "drop");
    assert_eq!(o["total"], DEPTH_2);
    let moves = o["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    let sum: u64 = moves.iter().map(|m| m["count"].as_u64().unwrap()).sum();
    assert_eq!(sum, DEPTH_2);
    assert_eq!(moves[0]["move"], "31-26");
    // Without --divide, no moves.
    let run = dir
        .run(&[
            "--format",
            "json",
            "perft",
            "--variant",
            "russian",
            "--depth",
            "1",
        ])
        .expect_code(0);
    let o = &json_lines(&run.stdout)[0];
    assert_eq!(o["variant"], "russian");
    assert_eq!(o["total"], 7);
    assert!(o.get("moves").is_none(), "{o}");
}

#[test]
fn perft_csv_has_move_rows_then_the_total() {
    let dir = Dir::new("formats-perft-csv");
    let run = dir
        .run(&["--format", "csv", "perft", "--depth", "2", "--divide"])
        .expect_code(0);
    let (header, rows) = csv_table(&run.stdout);
    assert_eq!(header, ["move", "count"]);
    assert_eq!(rows.len(), 10);
    let sum: u64 = rows[..9].iter().map(|r| r[1].parse::<u64>().unwrap()).sum();
    assert_eq!(sum, DEPTH_2);
    assert_eq!(rows[9], ["total", &DEPTH_2.to_string()]);
    let run = dir
        .run(&["--format", "csv", "perft", "--depth", "2"])
        .expect_code(0);
    let (header, rows) = csv_table(&run.stdout);
    assert_eq!(header, ["move", "count"]);
    assert_eq!(rows, [["total", &DEPTH_2.to_string()]]);
}

#[test]
fn captures_csv_is_the_default_and_json_has_the_same_faults() {
    let dir = Dir::new("formats-captures");
    captures_fixture(&dir);
    let csv = dir.run(&["captures", "captures.pdn"]).expect_code(1);
    assert_eq!(
        csv.stdout,
        dir.run(&["--format", "csv", "captures", "captures.pdn"])
            .stdout
    );
    let (header, rows) = csv_table(&csv.stdout);
    assert_eq!(header[..3], ["file", "game", "event"]);
    assert!(header.contains(&"code".to_string()));
    assert!(rows.len() > 3, "{}", csv.stdout);
    let json = dir
        .run(&["--format", "json", "captures", "captures.pdn"])
        .expect_code(1);
    let objects = json_lines(&json.stdout);
    assert_eq!(objects.len(), rows.len());
    let code = header.iter().position(|h| h == "code").unwrap();
    for (o, row) in objects.iter().zip(&rows) {
        assert_eq!(o["code"], row[code].as_str());
    }
}

#[test]
fn captures_text_groups_each_fault_compiler_style() {
    let dir = Dir::new("formats-captures-text");
    captures_fixture(&dir);
    let csv = dir.run(&["captures", "captures.pdn"]).expect_code(1);
    let (_, rows) = csv_table(&csv.stdout);
    let run = dir
        .run(&["--format", "text", "captures", "captures.pdn"])
        .expect_code(1);
    let heads: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("captures.pdn:"))
        .collect();
    assert_eq!(heads.len(), rows.len(), "{}", run.stdout);
    for (head, row) in heads.iter().zip(&rows) {
        // `file:line:col: severity[code]: message`
        let mut parts = head.splitn(4, ':');
        assert_eq!(parts.next(), Some("captures.pdn"));
        assert!(parts.next().unwrap().parse::<u32>().is_ok(), "{head}");
        assert!(parts.next().unwrap().parse::<u32>().is_ok(), "{head}");
        assert!(head.contains(&format!("[{}]: ", row[9])), "{head}");
    }
    let labels = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("  in game "))
        .count();
    assert_eq!(labels, rows.len(), "{}", run.stdout);
    // The summary goes to stderr, the report alone to stdout.
    assert!(!run.stdout.contains("capture faults"), "{}", run.stdout);
    assert!(
        run.stderr
            .contains(&format!("pdnkit: {} capture faults", rows.len())),
        "{}",
        run.stderr
    );
}

/// validate: the text report, one JSON object per game, one CSV row per finding shown; the
/// same findings in each, on stdout.
#[test]
fn validate_offers_text_json_and_csv() {
    let dir = Dir::new("formats-validate");
    captures_fixture(&dir);
    let text = dir.run(&["validate", "captures.pdn"]).expect_code(1);
    let errors_in_text = text.stdout.matches(": error[").count();
    assert!(errors_in_text > 3, "{}", text.stdout);
    let json = dir
        .run(&["--format", "json", "validate", "captures.pdn"])
        .expect_code(1);
    let games = json_lines(&json.stdout);
    let errors_in_json: usize = games
        .iter()
        .flat_map(|g| g["diagnostics"].as_array().unwrap())
        .filter(|d| d["severity"] == "error")
        .count();
    assert_eq!(errors_in_json, errors_in_text);
    let csv = dir
        .run(&["--format", "csv", "validate", "captures.pdn"])
        .expect_code(1);
    let (header, rows) = csv_table(&csv.stdout);
    assert_eq!(
        header[..9],
        [
            "file", "game", "event", "white", "black", "variant", "status", "severity", "code"
        ]
    );
    assert_eq!(header[header.len() - 2..], ["message", "suggestion"]);
    let errors_in_csv = rows.iter().filter(|r| r[7] == "error").count();
    assert_eq!(errors_in_csv, errors_in_text);
    assert!(
        rows.iter()
            .all(|r| r[0] == "captures.pdn" && r[6] == "invalid" || r[7] != "error")
    );
    for run in [&text, &json, &csv] {
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
}

#[test]
fn stats_offers_text_csv_and_json() {
    let dir = Dir::new("formats-stats");
    dir.write(
        "game.pdn",
        "[Event \"e\"]\n[GameType \"20\"]\n1. 32-28 19-23 1-0\n",
    );
    let text = dir.run(&["stats", "game.pdn"]).expect_code(0);
    assert!(text.stdout.starts_with("games: 1 "), "{}", text.stdout);
    let csv = dir
        .run(&["--format", "csv", "stats", "game.pdn"])
        .expect_code(0);
    let (header, rows) = csv_table(&csv.stdout);
    assert_eq!(header, ["group", "section", "key", "metric", "value"]);
    assert!(!rows.is_empty());
    let json = dir
        .run(&["--format", "json", "stats", "game.pdn"])
        .expect_code(0);
    let value: Value = serde_json::from_str(&json.stdout).unwrap();
    assert!(value.is_object(), "{value}");
}

#[test]
fn convert_refuses_format_and_names_to() {
    let dir = Dir::new("formats-convert");
    dir.write("game.pdn", "[GameType \"20\"]\n1. 32-28 *\n");
    for format in ["text", "json", "csv"] {
        let run = dir
            .run(&[
                "--format", format, "convert", "--to", "fen", "-o", "out.fen", "game.pdn",
            ])
            .expect_code(2);
        assert!(
            run.stderr.contains(
                "convert writes what --to names; --format is not used by convert \
                 (use --to json|csv|fen|pdn)"
            ),
            "{}",
            run.stderr
        );
        assert!(!dir.path.join("out.fen").exists(), "{format}");
    }
    // Without --format, --to decides.
    let run = dir
        .run(&["convert", "--to", "json", "game.pdn"])
        .expect_code(0);
    assert_eq!(json_lines(&run.stdout).len(), 1);
}

#[test]
fn each_help_names_the_default_format() {
    let dir = Dir::new("formats-help");
    for (subcommand, default) in [
        ("validate", "text, the default"),
        ("captures", "csv, the default"),
        ("stats", "text, the default"),
        ("perft", "text, the default"),
        ("variants", "text, the default"),
        ("convert", "the one --to names"),
    ] {
        let run: Run = dir.run(&[subcommand, "--help"]).expect_code(0);
        // Help wraps to the terminal: compare with the line breaks taken out.
        let help = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(help.contains(default), "{subcommand}: {}", run.stdout);
    }
    let run = dir.run(&["--help"]).expect_code(0);
    let help = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("Each subcommand's --help names the formats it offers and its default"),
        "{}",
        run.stdout
    );
}
