//! The forms real archives are written in (`fixtures/real-world/`, one file per class): each is
//! read, replayed and judged as stated, written back as standard PDN by `convert --to pdn`,
//! and the PDN written reads back as the same games.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::Run;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/real-world");

/// Runs pdnkit in the fixtures' directory.
fn run(args: &[&str]) -> Run {
    crate::util::run_in(FIXTURES, args)
}

/// Runs pdnkit on `input` given on standard input.
fn run_on(args: &[&str], input: &str) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    Run::from(child.wait_with_output().unwrap())
}

/// `validate --format json --notes` of a fixture: one object per game.
fn records(file: &str, extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["--format", "json", "validate", "--notes"];
    args.extend(extra);
    args.push(file);
    let out = run(&args);
    assert!(out.code <= 1, "{}", out.stderr);
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The codes of a game's diagnostics, with the kind of reader notes (`syntax-note/junk`).
fn codes(game: &Value) -> Vec<String> {
    game["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let code = d["code"].as_str().unwrap();
            match code {
                "syntax-note" => {
                    let kind = d["message"].as_str().unwrap().split(':').next().unwrap();
                    format!("{code}/{kind}")
                }
                _ => code.to_string(),
            }
        })
        .collect()
}

fn messages(game: &Value) -> Vec<String> {
    game["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap().to_string())
        .collect()
}

/// (variant, plies written, plies replayed, status) of each game.
fn verdicts(games: &[Value]) -> Vec<(String, u64, u64, String)> {
    games
        .iter()
        .map(|g| {
            (
                g["variant"].as_str().unwrap_or("-").to_string(),
                g["plies"].as_u64().unwrap(),
                g["replayed"].as_u64().unwrap(),
                g["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn verdict(v: &str, plies: u64, replayed: u64, status: &str) -> (String, u64, u64, String) {
    (v.to_string(), plies, replayed, status.to_string())
}

/// `convert --to pdn` of a fixture, which must read back as the same games: the same plies
/// replayed to the same final positions, with no reader note left of the form converted.
fn round_trip(file: &str, gone: &[&str]) -> String {
    let written = run(&["convert", "--to", "pdn", file]);
    assert!(written.code <= 1, "{}", written.stderr);
    let before = records(file, &[]);
    let again = run_on(
        &["--format", "json", "validate", "--notes", "-"],
        &written.stdout,
    );
    let after: Vec<Value> = again
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(before.len(), after.len(), "{}", written.stdout);
    for (b, a) in before.iter().zip(&after) {
        for field in ["variant", "plies", "replayed", "final_fen"] {
            assert_eq!(b[field], a[field], "{field} of game {}", b["game"]);
        }
        for kind in gone {
            assert!(
                !codes(a).iter().any(|c| c.ends_with(kind)),
                "{kind} left in {:?}",
                codes(a)
            );
        }
    }
    written.stdout
}

#[test]
fn upper_case_squares_are_read_as_squares_and_set_ups_written_as_moves_are_illegal() {
    let games = records("upper-case-squares.pdn", &[]);
    assert_eq!(
        verdicts(&games),
        [
            verdict("russian", 22, 22, "clean"),
            verdict("russian", 22, 22, "clean"),
            verdict("russian", 2, 0, "invalid"),
        ]
    );
    assert!(
        codes(&games[0])
            .iter()
            .all(|c| c == "syntax-note/upper-case-square")
    );
    assert_eq!(codes(&games[0]).len(), 22);
    // The game without GameType is played as the file's other games are.
    assert!(
        messages(&games[1])
            .iter()
            .any(|m| m.contains("played as russian, the variant of this file")),
        "{:?}",
        messages(&games[1])
    );
    let illegal = games[2]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "illegal-move")
        .unwrap();
    assert_eq!(illegal["ply"], 1);
    // A form PDN 3.0 does not write is an error under --strict.
    let strict = records("upper-case-squares.pdn", &["--strict"]);
    assert_eq!(strict[0]["status"], "invalid");
    let written = round_trip("upper-case-squares.pdn", &["upper-case-square"]);
    assert!(written.contains("1. a3-b4 f6-g5 2. g3-h4"), "{written}");
}

#[test]
fn russian_short_notation_and_results_are_read_and_written_back_in_full() {
    let games = records("russian-short-notation.pdn", &[]);
    assert_eq!(
        verdicts(&games),
        vec![verdict("russian", 22, 22, "clean"); 3]
    );
    for g in &games {
        let c = codes(g);
        assert_eq!(
            c.iter()
                .filter(|c| *c == "syntax-note/short-notation")
                .count(),
            22
        );
        assert!(c.contains(&"syntax-note/result-form".to_string()), "{c:?}");
    }
    assert_eq!(games[0]["result"], "1:0");
    let strict = records("russian-short-notation.pdn", &["--strict"]);
    assert!(strict.iter().all(|g| g["status"] == "invalid"));
    let written = round_trip(
        "russian-short-notation.pdn",
        &["short-notation", "result-form"],
    );
    for result in ["1-0", "0-1", "1/2-1/2"] {
        assert!(
            written.contains(&format!("[Result \"{result}\"]")),
            "{written}"
        );
        assert!(written.contains(&format!(" {result}\n")), "{written}");
    }
    assert!(written.contains("3. e3:g5 h6:f4"), "{written}");
    // The results count as the PDN forms do.
    let stats = run(&["--format", "json", "stats", "russian-short-notation.pdn"]);
    let stats: Value = serde_json::from_str(&stats.stdout).unwrap();
    let results = stats["groups"][0]["results"].clone();
    assert_eq!(results["white_wins"], 1, "{results}");
    assert_eq!(results["black_wins"], 1, "{results}");
    assert_eq!(results["draws"], 1, "{results}");
}

#[test]
fn a_short_move_that_fits_several_pieces_none_or_a_fault_is_reported_as_such() {
    let games = records("russian-short-ambiguous.pdn", &[]);
    let first_error = |g: &Value| -> (String, String) {
        let d = g["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["code"] != "syntax-note")
            .unwrap()
            .clone();
        (
            d["severity"].as_str().unwrap().to_string(),
            d["code"].as_str().unwrap().to_string(),
        )
    };
    let found: Vec<(String, String)> = games.iter().map(first_error).collect();
    let expected = [
        ("warning", "ambiguous-move"),
        ("error", "ambiguous-move"),
        ("error", "illegal-move"),
        ("error", "capture-required"),
    ];
    assert_eq!(found, expected.map(|(s, c)| (s.to_string(), c.to_string())));
    assert_eq!(games[0]["replayed"], 3);
    assert!(
        messages(&games[0])
            .iter()
            .any(|m| m.contains("replays only after c3-d4")),
        "{:?}",
        messages(&games[0])
    );
    assert!(
        messages(&games[2])
            .iter()
            .any(|m| m.contains("no piece of white on file c can go to f6")),
        "{:?}",
        messages(&games[2])
    );
}

#[test]
fn strength_marks_after_a_space_belong_to_their_moves() {
    let games = records("spaced-strength-marks.pdn", &[]);
    assert_eq!(
        verdicts(&games),
        [verdict("international", 10, 10, "clean")]
    );
    let spaced = codes(&games[0])
        .iter()
        .filter(|c| *c == "syntax-note/spaced-strength")
        .count();
    assert_eq!(spaced, 5);
    let json = run(&["convert", "--to", "json", "spaced-strength-marks.pdn"]);
    let game: Value = serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
    let marks: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["strength"].as_str())
        .collect();
    assert_eq!(marks, ["!", "?", "(?)", "(!)", "!?", "?!"]);
    assert!(
        game["moves"][4]["variations"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let strict = records("spaced-strength-marks.pdn", &["--strict"]);
    assert_eq!(strict[0]["status"], "invalid");
    let written = round_trip("spaced-strength-marks.pdn", &["spaced-strength"]);
    assert!(!written.contains("({"), "{written}");
    assert!(written.contains("18-22! 2. 39-33?"), "{written}");
}

#[test]
fn an_archive_without_game_type_is_played_under_one_variant_header_only_games_included() {
    let international = records("untagged-international.pdn", &[]);
    assert!(
        international
            .iter()
            .all(|g| g["variant"] == "international")
    );
    let english = records("untagged-english.pdn", &[]);
    assert!(english.iter().all(|g| g["variant"] == "english"));
    let czech = records("untagged-czech.pdn", &[]);
    assert_eq!(
        verdicts(&czech),
        [
            verdict("czech", 39, 39, "clean"),
            verdict("czech", 24, 24, "clean"),
            verdict("czech", 24, 24, "clean"),
            verdict("czech", 0, 0, "clean"),
        ]
    );
    // The note states the evidence.
    assert!(
        messages(&czech[3]).iter().any(|m| m.contains(
            "played as czech, the variant of this file (the moves of 3 of its 3 games with \
             moves replay under it"
        )),
        "{:?}",
        messages(&czech[3])
    );
    // The same for every number of jobs.
    for jobs in ["1", "2", "3"] {
        let again = records("untagged-czech.pdn", &["-j", jobs]);
        assert_eq!(verdicts(&again), verdicts(&czech));
    }
    // One event, one variant.
    let by_variant = run(&["stats", "--by", "variant", "untagged-czech.pdn"]);
    assert!(by_variant.stdout.contains("czech"), "{}", by_variant.stdout);
    assert!(
        !by_variant.stdout.contains("russian"),
        "{}",
        by_variant.stdout
    );
}

/// Header-only games score by the file's variant: `2-0` is a White win in international
/// draughts, `1-0` a Black win in English checkers (the first number is the first mover's).
#[test]
fn results_of_header_only_games_are_credited_by_the_archive_s_variant() {
    let score = |file: &str, player: &str| -> (u64, u64) {
        let out = run(&["--format", "json", "stats", file]);
        let stats: Value = serde_json::from_str(&out.stdout).unwrap();
        let row = stats["groups"][0]["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["player"] == player)
            .unwrap_or_else(|| panic!("{player} in {}", out.stdout))
            .clone();
        (
            row["wins"].as_u64().unwrap(),
            row["losses"].as_u64().unwrap(),
        )
    };
    assert_eq!(score("untagged-international.pdn", "Dekker"), (1, 1));
    assert_eq!(score("untagged-international.pdn", "Fontein"), (2, 0));
    assert_eq!(score("untagged-english.pdn", "Irwin"), (2, 0));
    assert_eq!(score("untagged-english.pdn", "Jones"), (0, 2));
}

#[test]
fn a_game_whose_only_fault_is_its_result_is_said_to_replay() {
    let games = records("result-tag-only-fault.pdn", &[]);
    assert_eq!(
        verdicts(&games),
        [verdict("international", 40, 40, "invalid")]
    );
    assert_eq!(
        codes(&games[0]),
        ["variant-guessed", "result-mismatch"],
        "{:?}",
        messages(&games[0])
    );
    // Judged alone (the library without an archive decision), the note says the moves replay.
    let text =
        std::fs::read_to_string(Path::new(FIXTURES).join("result-tag-only-fault.pdn")).unwrap();
    let game = pdn::parse_text(&text).unwrap();
    let replayed = pdnkit::replay(&game, &Default::default());
    let note = &replayed.diagnostics[0].message;
    assert!(
        note.contains("playing as international (the moves replay under its rules"),
        "{note}"
    );
}

#[test]
fn messages_name_squares_the_way_the_game_writes_them() {
    let games = records("numeric-squares-in-russian.pdn", &[]);
    let faults: Vec<String> = games
        .iter()
        .flat_map(messages)
        .filter(|m| m.contains("capture"))
        .collect();
    assert_eq!(
        faults,
        [
            "22-18 is a quiet move, but a capture is compulsory: 23:16 (takes 1 piece)",
            "26:3 stops after 3 pieces, but the capture can go on; the rules require a capture \
             of 6 pieces: 26:17:10:3:12:19:1",
        ]
    );
}

#[test]
fn quiet_moves_written_as_captures_get_a_note_and_an_error_under_strict() {
    let games = records("quiet-move-written-as-capture.pdn", &[]);
    assert_eq!(
        codes(&games[0]),
        [
            "syntax-note/capture-separator",
            "syntax-note/capture-separator"
        ]
    );
    assert_eq!(games[0]["status"], "clean");
    assert_eq!(games[0]["diagnostics"][0]["ply"], 1);
    let strict = records("quiet-move-written-as-capture.pdn", &["--strict"]);
    assert_eq!(strict[0]["status"], "invalid");
}

#[test]
fn captures_written_as_quiet_moves_get_the_same_note_and_error_under_strict() {
    let dir = crate::util::Dir::new("capture-written-dashed");
    dir.write(
        "dashed.pdn",
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28-19 14x23 *\n\n\
         [GameType \"25\"]\n1. c3-d4 f6-e5 2. d4-f6 g7-e5 *\n\n\
         [GameType \"29\"]\n1. c3-d4 f6-e5 2. d4-f6 g7:e5 *\n",
    );
    let codes_of = |args: &[&str]| -> Vec<(String, Vec<String>)> {
        let mut all = vec!["validate", "--format", "json", "-q"];
        all.extend_from_slice(args);
        all.push("dashed.pdn");
        let run = dir.run(&all);
        run.stdout
            .lines()
            .map(|l| {
                let g: serde_json::Value = serde_json::from_str(l).unwrap();
                (g["status"].as_str().unwrap().to_string(), codes(&g))
            })
            .collect()
    };
    // Each game writes one capture with `-` (Russian's `g7-e5` is a capture too, its
    // separator `:`): a note, an error under --strict.
    let notes = codes_of(&[]);
    for (status, codes) in &notes {
        assert_eq!(status, "clean");
        assert!(
            codes.iter().any(|c| c == "syntax-note/capture-separator"),
            "{codes:?}"
        );
    }
    let strict = codes_of(&["--strict"]);
    assert!(
        strict.iter().all(|(status, _)| status == "invalid"),
        "{strict:?}"
    );
    // The same verdicts on the reference path (the plain judge is a fast path).
    let run = dir
        .cmd(&[
            "validate",
            "--strict",
            "-q",
            "--format",
            "json",
            "dashed.pdn",
        ])
        .env("PDNKIT_NO_FAST_PATHS", "1")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&run.stdout)
            .matches("\"invalid\"")
            .count(),
        3
    );
    // Written with `x`, the captures are clean under --strict.
    dir.write(
        "crossed.pdn",
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n",
    );
    dir.run(&["validate", "--strict", "crossed.pdn"])
        .expect_code(0);
}

#[test]
fn an_unknown_first_move_is_ply_one() {
    let games = records("unknown-move-first.pdn", &[]);
    let d = &games[0]["diagnostics"][0];
    assert_eq!(d["code"], "unknown-move");
    assert_eq!(d["ply"], 1);
    assert_eq!(d["move_number"], 1);
    assert_eq!(d["side"], "white");
}

#[test]
fn a_result_in_the_chess_convention_is_named_as_such() {
    let games = records("chess-convention-result.pdn", &[]);
    assert_eq!(games[0]["status"], "invalid");
    assert!(
        messages(&games[0])[0].contains("it reads as chess results do (1-0 = White wins)"),
        "{:?}",
        messages(&games[0])
    );
    assert_eq!(games[1]["status"], "clean");
}

/// The trust rule: words that look like moves and were not read make the game invalid.
#[test]
fn move_like_words_that_cannot_be_read_make_the_game_invalid() {
    let games = records("move-like-junk.pdn", &[]);
    assert_eq!(games[0]["ok"], false);
    let unread: Vec<String> = messages(&games[0])
        .into_iter()
        .filter(|m| m.contains("look like moves"))
        .collect();
    assert_eq!(
        unread,
        [
            "2 words that look like moves could not be read as moves: `K17-21` `W:19-24`; the \
          replay does not see them"
        ]
    );
    // Without the rule the second game would be ok: its moves before the word replay.
    assert_eq!(games[1]["ok"], false);
    assert_eq!(games[1]["replayed"], 4);
    assert_eq!(codes(&games[1]), ["syntax-note/junk", "unread-move"]);
    // convert names the game on stderr and counts it among the invalid.
    let converted = run(&["convert", "--to", "fen", "move-like-junk.pdn"]);
    assert_eq!(converted.code, 1);
    assert!(
        converted.stderr.contains("unread-move"),
        "{}",
        converted.stderr
    );
}

/// A game of an archive with many words that are not PDN takes a few report lines, not a
/// group of five lines per word; `--verbose` lists each.
#[test]
fn the_report_groups_a_game_s_junk_in_one_line_group() {
    let report = run(&["validate", "noisy-annotations.pdn"]);
    assert_eq!(report.code, 0);
    assert_eq!(report.stdout.lines().count(), 16 * 5, "{}", report.stdout);
    assert!(
        report
            .stdout
            .contains("(28 in this game: `plays` `for` `the` `the` `centre` ...;")
    );
    let verbose = run(&["validate", "--verbose", "noisy-annotations.pdn"]);
    assert!(verbose.stdout.lines().count() > 16 * 5 * 20);
    // Findings on stdout, the summary on stderr.
    assert_eq!(report.stderr.lines().count(), 1, "{}", report.stderr);
}
