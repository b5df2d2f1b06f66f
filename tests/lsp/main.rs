//! The language server end to end: a plain JSON-RPC client runs the real `pdnkit lsp` on the
//! repository's faulty fixtures and checks what the issue asks of it against the command line
//! (validate's JSON, fix's output, convert's PDN, perft's moves); and a real editor, Neovim,
//! applies a quick fix (`neovim.rs`).

mod client;
mod neovim;
#[path = "../skip/mod.rs"]
mod skip;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use client::{Client, apply_edits, position, range, uri};
use serde_json::{Value, json};

/// Faulty archives of the repository: every diagnostic code, slips with confirmed repairs.
/// (`fixtures/validate/setup.pdn`, in a legacy encoding, has a test of its own:
/// `a_file_not_in_utf8_gets_validates_encoding_note`.)
const FIXTURES: [&str; 7] = [
    "fixtures/validate/ambiguous.pdn",
    "fixtures/validate/boards-and-routes.pdn",
    "fixtures/validate/captures.pdn",
    "fixtures/validate/draw-rules.pdn",
    "fixtures/validate/moves.pdn",
    "fixtures/validate/results.pdn",
    "fixtures/repair/slips.pdn",
];

/// The codes of a move that cannot be played, which the repairs are for.
const STOPS_THE_LINE: [&str; 4] = ["illegal-move", "no-piece", "wrong-side", "unknown-square"];

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

fn pdnkit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pdnkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// `validate --format json` of a file: (line, column, code, severity) of every diagnostic.
fn validate_json(path: &str, extra: &[&str]) -> Vec<(u64, u64, String, String)> {
    let mut args = vec!["validate", "--format", "json"];
    args.extend_from_slice(extra);
    args.push(path);
    let out = pdnkit(&args);
    let mut found = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        for d in record["diagnostics"].as_array().unwrap() {
            found.push((
                d["line"].as_u64().unwrap(),
                d["column"].as_u64().unwrap(),
                d["code"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
            ));
        }
    }
    found
}

/// The published diagnostics in the same terms (lines and columns from 1).
fn published(diagnostics: &[Value]) -> Vec<(u64, u64, String, String)> {
    diagnostics
        .iter()
        .map(|d| {
            let severity = match d["severity"].as_u64().unwrap() {
                1 => "error",
                2 => "warning",
                3 => "note",
                s => panic!("severity {s}"),
            };
            (
                d["range"]["start"]["line"].as_u64().unwrap() + 1,
                d["range"]["start"]["character"].as_u64().unwrap() + 1,
                d["code"].as_str().unwrap().to_string(),
                severity.to_string(),
            )
        })
        .collect()
}

#[test]
fn diagnostics_are_validates_json_with_and_without_notes() {
    let mut client = Client::start(json!({}));
    let mut quiet = Client::start(json!({"notes": false}));
    for path in FIXTURES {
        let text = read(path);
        let expected = validate_json(path, &[]);
        assert!(
            expected.iter().any(|d| d.3 != "note"),
            "{path} has no finding"
        );
        let got = published(&client.open(&uri(path), &text));
        assert_eq!(got, expected, "{path}");
        let warnings: Vec<_> = expected.into_iter().filter(|d| d.3 != "note").collect();
        assert_eq!(
            published(&quiet.open(&uri(path), &text)),
            warnings,
            "{path}"
        );
    }
    client.shutdown();
    quiet.shutdown();
}

#[test]
fn a_capture_fault_names_the_required_capture() {
    let path = "fixtures/validate/captures.pdn";
    let mut client = Client::start(json!({}));
    let diagnostics = client.open(&uri(path), &read(path));
    let fault = diagnostics
        .iter()
        .find(|d| d["code"] == "capture-required")
        .expect("a capture-required diagnostic");
    let related = fault["relatedInformation"][0]["message"].as_str().unwrap();
    assert!(related.starts_with("required capture: "), "{related}");
    assert!(related.contains('x'), "{related}");
    client.shutdown();
}

#[test]
fn the_settings_are_validates_options() {
    let path = "fixtures/validate/moves.pdn";
    let text = read(path);
    let mut client = Client::start(json!({"variant": "russian"}));
    let got = published(&client.open(&uri(path), &text));
    assert_eq!(got, validate_json(path, &["--variant", "russian"]));
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"pdnkit": {"variant": null, "strict": true}}}),
    );
    let got = published(&client.diagnostics(&uri(path)));
    assert_eq!(got, validate_json(path, &["--strict"]));
    client.shutdown();
}

#[test]
fn notes_and_suggestions_are_settings_too() {
    let path = "fixtures/validate/moves.pdn";
    let text = read(path);
    let doc = uri(path);
    let all = validate_json(path, &[]);
    assert!(all.iter().any(|d| d.3 == "note"), "{path} has no note");
    let mut client = Client::start(json!({"suggestions": false}));
    assert_eq!(published(&client.open(&doc, &text)), all);
    let whole = json!({
        "textDocument": {"uri": doc},
        "range": range(&text, 0, text.len()),
        "context": {"diagnostics": []},
    });
    let none = client.request("textDocument/codeAction", whole.clone());
    assert_eq!(none.as_array().map(Vec::len), Some(0), "{none}");
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"notes": false, "suggestions": true}}),
    );
    let warnings: Vec<_> = all.into_iter().filter(|d| d.3 != "note").collect();
    assert_eq!(published(&client.diagnostics(&doc)), warnings);
    let actions = client.request("textDocument/codeAction", whole);
    assert!(
        actions
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["kind"] == "quickfix"),
        "{actions}"
    );
    client.shutdown();
}

/// Every confirmed repair of the faulty fixtures, typed into the buffer: its diagnostic goes
/// and no other comes.
#[test]
fn every_confirmed_quick_fix_removes_its_diagnostic_alone() {
    let mut client = Client::start(json!({}));
    let mut applied = 0;
    for path in FIXTURES {
        let text = read(path);
        let doc = uri(path);
        let before = client.open(&doc, &text);
        let actions = client.request(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": doc},
                "range": range(&text, 0, text.len()),
                "context": {"diagnostics": []},
            }),
        );
        for (n, action) in actions.as_array().unwrap().iter().enumerate() {
            if action["isPreferred"] != true {
                continue;
            }
            let fault = &action["diagnostics"][0];
            assert!(
                STOPS_THE_LINE.contains(&fault["code"].as_str().unwrap()),
                "{action}"
            );
            let edits = action["edit"]["changes"][&doc].as_array().unwrap();
            assert_eq!(edits.len(), 1, "{action}");
            let copy = uri(&format!("{path}.{n}.pdn"));
            client.open(&copy, &text);
            let new_text = edits[0]["newText"].as_str().unwrap();
            let after = client.change(&copy, 2, edits[0]["range"].clone(), new_text);
            // Lines stay where they were when the edit keeps its line count.
            let same_lines = apply_edits(&text, edits).lines().count() == text.lines().count();
            let key = |d: &Value| {
                let line = same_lines.then(|| d["range"]["start"]["line"].clone());
                (line, d["code"].clone())
            };
            let mut left: Vec<_> = before.iter().map(key).collect();
            let gone = left.iter().position(|k| *k == key(fault)).expect("fault");
            left.remove(gone);
            for d in &after {
                let at = left.iter().position(|k| *k == key(d));
                assert!(at.is_some(), "{path}: {d} appeared after {action}");
                left.remove(at.unwrap());
            }
            applied += 1;
        }
    }
    assert!(applied > 0, "no confirmed quick fix in the fixtures");
    client.shutdown();
}

/// The changes `pdnkit fix --changes` makes to a file: (game, fixed move).
fn fix_changes(path: &str) -> Vec<(u64, String)> {
    // Tests run at once in one process: each call its own directory.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("pdnkit-lsp-fix-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("changes.csv");
    let out = pdnkit(&["fix", "-q", "--changes", csv.to_str().unwrap(), path]);
    assert!(!out.stdout.is_empty());
    let changes = std::fs::read_to_string(&csv).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    changes
        .lines()
        .skip(1)
        .map(|row| {
            let cells: Vec<&str> = row.split(',').collect();
            (cells[1].parse().unwrap(), cells[4].to_string())
        })
        .collect()
}

#[test]
fn a_confirmed_repair_is_a_quick_fix_that_removes_its_diagnostic_alone() {
    let path = "fixtures/repair/slips.pdn";
    let text = read(path);
    let changes = fix_changes(path);
    let (_, fixed_move) = &changes[0];
    let mut client = Client::start(json!({}));
    let doc = uri(path);
    let before = client.open(&doc, &text);
    // The first game's fault: a move that cannot be played.
    let fault = before
        .iter()
        .find(|d| STOPS_THE_LINE.contains(&d["code"].as_str().unwrap()))
        .expect("a move that cannot be played")
        .clone();
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": doc},
            "range": fault["range"],
            "context": {"diagnostics": [fault]},
        }),
    );
    let actions = actions.as_array().unwrap();
    let repair = actions
        .iter()
        .find(|a| a["isPreferred"] == true)
        .expect("a preferred quick fix");
    assert_eq!(repair["kind"], "quickfix");
    assert!(repair["title"].as_str().unwrap().starts_with("Repair: "));
    let edits = repair["edit"]["changes"][&doc].as_array().unwrap();
    assert_eq!(edits.len(), 1);
    let new_text = edits[0]["newText"].as_str().unwrap();
    assert!(
        new_text.contains(fixed_move.as_str()),
        "{new_text} lacks {fixed_move}"
    );
    assert!(actions.iter().any(|a| {
        a["title"]
            .as_str()
            .unwrap()
            .starts_with("Apply every confirmed repair in this file")
    }));

    // The fix typed into the buffer: its diagnostic goes, and nothing new comes.
    let (_, checks_before) = client.status(&doc);
    let after = client.change(&doc, 2, edits[0]["range"].clone(), new_text);
    let (_, checks_after) = client.status(&doc);
    assert_eq!(checks_after - checks_before, 1, "one game checked again");
    let key = |d: &Value| (d["range"]["start"]["line"].clone(), d["code"].clone());
    let old: Vec<_> = before.iter().map(key).collect();
    let new: Vec<_> = after.iter().map(key).collect();
    assert!(
        !new.contains(&key(&fault)),
        "the fixed diagnostic is still there"
    );
    for d in &new {
        assert!(old.contains(d), "a new diagnostic appeared: {d:?}");
    }
    assert!(new.len() < old.len());
    client.shutdown();
}

/// The text of `path` with "apply every confirmed repair in this file" applied (as it is when
/// the action is not offered), and how many games its edit changes.
fn fixed_by_the_server(client: &mut Client, path: &str, text: &str) -> (String, usize) {
    let doc = uri(path);
    client.open(&doc, text);
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": doc},
            "range": range(text, 0, text.len()),
            "context": {"diagnostics": [], "only": ["source.fixAll"]},
        }),
    );
    let Some(all) = actions.as_array().unwrap().first() else {
        return (text.to_string(), 0);
    };
    assert_eq!(all["kind"], "source.fixAll");
    let edits = all["edit"]["changes"][&doc].as_array().unwrap();
    (apply_edits(text, edits), edits.len())
}

/// `pdnkit fix` of a file, and the games it changes.
fn fixed_by_fix(path: &str) -> (String, usize) {
    let fixed = String::from_utf8(pdnkit(&["fix", "-q", path]).stdout).unwrap();
    let games: BTreeSet<u64> = fix_changes(path).iter().map(|c| c.0).collect();
    (fixed, games.len())
}

#[test]
fn every_confirmed_repair_at_once_writes_what_fix_writes() {
    let mut client = Client::start(json!({}));
    let mut repaired = 0;
    for path in FIXTURES {
        let text = read(path);
        let (fixed, games) = fixed_by_fix(path);
        assert_eq!(
            fixed_by_the_server(&mut client, path, &text),
            (fixed, games),
            "{path}"
        );
        repaired += games;
    }
    assert!(repaired > 0, "fix repaired no game of the fixtures");
    client.shutdown();
}

/// On the real archives, with their faults: where `fix` repairs nothing, the action is not
/// offered (fix's output may still differ in layout: it starts each game on a line of its
/// own); where it repairs, the action writes the same.
#[test]
fn fix_all_writes_what_fix_writes_on_the_real_archives() {
    let Some(dir) = corpus() else {
        return;
    };
    let mut client = Client::start(json!({}));
    let mut compared = 0;
    for path in corpus_files(&dir) {
        let name = path.to_str().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let server = fixed_by_the_server(&mut client, name, &text);
        let fix = fixed_by_fix(name);
        if fix.1 == 0 {
            assert_eq!(server, (text, 0), "{name}");
        } else {
            assert_eq!(server, fix, "{name}");
        }
        compared += 1;
    }
    assert!(compared >= 50, "only {compared} corpus files compared");
    client.shutdown();
}

#[test]
fn an_edit_checks_the_games_it_touches_alone() {
    // 300 games: the fixtures one after the other, again and again.
    let one: String = FIXTURES.iter().map(|p| read(p) + "\n").collect();
    let text = one.repeat(300 / one.matches("[GameType").count() + 1);
    let mut client = Client::start(json!({}));
    let doc = uri("many.pdn");
    client.open(&doc, &text);
    let (games, checks) = client.status(&doc);
    assert!(games >= 300, "{games} games");
    // A move of a game in the middle changed.
    let at = text.len() / 2 + text[text.len() / 2..].find(" 32-28").unwrap() + 1;
    let after = client.change(&doc, 2, range(&text, at, at + 5), "33-28");
    assert_eq!(client.status(&doc), (games, checks + 1));
    let mut edited = text.clone();
    edited.replace_range(at..at + 5, "33-28");
    let dir = std::env::temp_dir().join(format!("pdnkit-lsp-many-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.pdn");
    std::fs::write(&file, &edited).unwrap();
    assert_eq!(
        published(&after),
        validate_json(file.to_str().unwrap(), &[])
    );
    // A terminator removed: two games become one, and the count follows validate's.
    let cut = edited[at..].find("\n\n[").unwrap() + at;
    let end = edited[..cut].rfind(' ').unwrap();
    let after = client.change(&doc, 3, range(&edited, end, cut), "");
    edited.replace_range(end..cut, "");
    std::fs::write(&file, &edited).unwrap();
    assert_eq!(
        published(&after),
        validate_json(file.to_str().unwrap(), &[])
    );
    let _ = std::fs::remove_dir_all(&dir);
    client.shutdown();
}

/// A client that sends the whole text after an edit (no range) gets the same answer, and
/// still only the game it touched is checked again.
#[test]
fn a_whole_text_change_checks_the_games_it_touches_alone() {
    let one: String = FIXTURES.iter().map(|p| read(p) + "\n").collect();
    let text = one.repeat(3);
    let mut client = Client::start(json!({}));
    let doc = uri("whole.pdn");
    client.open(&doc, &text);
    let (games, checks) = client.status(&doc);
    let at = text.len() / 2 + text[text.len() / 2..].find(" 32-28").unwrap() + 1;
    let mut edited = text.clone();
    edited.replace_range(at..at + 5, "33-28");
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": doc, "version": 2},
            "contentChanges": [{"text": edited}],
        }),
    );
    let after = client.diagnostics(&doc);
    assert_eq!(client.status(&doc), (games, checks + 1));
    let dir = std::env::temp_dir().join(format!("pdnkit-lsp-whole-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("whole.pdn");
    std::fs::write(&file, &edited).unwrap();
    let expected = validate_json(file.to_str().unwrap(), &[]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(published(&after), expected);
    client.shutdown();
}

#[test]
fn hover_on_a_move_shows_the_boards_and_on_a_tag_what_was_read() {
    let text = "[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n\
                1. 32-28 19-23 2. 28x19 14x23 *\n";
    let mut client = Client::start(json!({}));
    let doc = uri("hover.pdn");
    client.open(&doc, text);
    let at = text.find("28x19").unwrap() + 2;
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": doc}, "position": position(text, at)}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert_eq!(hover["contents"]["kind"], "markdown");
    assert_eq!(
        value.matches("](data:image/svg+xml;base64,").count(),
        2,
        "{value}"
    );
    assert!(value.contains("`28x19`"), "{value}");
    assert!(value.contains("Takes 1 piece: 23."), "{value}");
    // Text boards, before and after, side by side: ten rows of ten squares.
    let board: Vec<&str> = value
        .split("```text\n")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .collect();
    assert_eq!(board.len(), 10, "{value}");
    assert_eq!(hover["range"], range(text, at - 2, at + 3));

    let at = text.find("GameType").unwrap();
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": doc}, "position": position(text, at)}),
    );
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(
        value.contains("Played as **international** (from this GameType)"),
        "{value}"
    );
    client.shutdown();
}

/// The root moves `pdnkit perft --divide` lists for a position.
fn perft_moves(variant: &str, fen: &str) -> BTreeSet<String> {
    let out = pdnkit(&[
        "perft",
        "--variant",
        variant,
        "--fen",
        fen,
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    lines[..lines.len() - 1]
        .iter()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn completion_at_a_move_slot_lists_every_legal_move_captures_first() {
    // White to move with captures of one and of two pieces, and quiet moves besides.
    let fen = "W:W27,28,32,37:B12,13,18,19,22,23";
    let text = format!("[GameType \"20\"]\n[FEN \"{fen}\"]\n1. ");
    let mut client = Client::start(json!({}));
    let doc = uri("complete.pdn");
    client.open(&doc, &text);
    let items = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": doc}, "position": position(&text, text.len())}),
    );
    let items = items.as_array().unwrap();
    let labels: BTreeSet<String> = items
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(labels.len(), items.len());
    assert_eq!(labels, perft_moves("international", fen));
    let mut sorted: Vec<&Value> = items.iter().collect();
    sorted.sort_by_key(|i| i["sortText"].as_str().unwrap().to_string());
    let captures: Vec<bool> = sorted
        .iter()
        .map(|i| i["label"].as_str().unwrap().contains('x'))
        .collect();
    assert!(captures[0], "captures first");
    assert!(captures.windows(2).all(|w| w[0] >= w[1]), "{captures:?}");
    client.shutdown();
}

#[test]
fn completion_inside_a_game_lists_the_legal_moves_of_the_position_there() {
    // After 1. 32-28 of the start position, black to move; then after 1... 19-23, white has
    // a capture and nothing else.
    let text = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 *\n";
    let white: Vec<String> = std::iter::once(28)
        .chain(31..=50)
        .filter(|&s| s != 32)
        .map(|s| s.to_string())
        .collect();
    let black: Vec<String> = (1..=20).map(|s: u32| s.to_string()).collect();
    let after_one = format!("B:W{}:B{}", white.join(","), black.join(","));
    let mut black_after = black.clone();
    black_after.retain(|s| s != "19");
    black_after.push("23".to_string());
    let after_two = format!("W:W{}:B{}", white.join(","), black_after.join(","));
    let mut client = Client::start(json!({}));
    let doc = uri("middle.pdn");
    client.open(&doc, text);
    for (slot, fen) in [("19-23", &after_one), ("28x19", &after_two)] {
        let at = text.find(slot).unwrap();
        let items = client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": doc}, "position": position(text, at)}),
        );
        let labels: BTreeSet<String> = items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(labels, perft_moves("international", fen), "at {slot}");
        assert!(labels.contains(slot), "{labels:?}");
    }
    client.shutdown();
}

/// Every variant `pdnkit variants` lists, at its start position: the moves in its notation.
#[test]
fn completion_lists_the_start_moves_of_every_variant() {
    let listed = String::from_utf8(pdnkit(&["variants"]).stdout).unwrap();
    let mut client = Client::start(json!({}));
    let mut compared = 0;
    for row in listed.lines().skip(1) {
        let mut fields = row.split_whitespace();
        let (Some(name), Some(gametype)) = (fields.next(), fields.next()) else {
            continue;
        };
        if row.starts_with(' ') || !gametype.contains(',') {
            continue; // aliases and wrapped rule text
        }
        // A variant without a GameType number of its own is named by the Variant tag.
        let text = match gametype.split(',').next().unwrap() {
            "-1" => format!("[Variant \"{name}\"]\n1. "),
            number => format!("[GameType \"{number}\"]\n1. "),
        };
        let doc = uri(&format!("start-{name}.pdn"));
        client.open(&doc, &text);
        let items = client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": doc}, "position": position(&text, text.len())}),
        );
        let labels: BTreeSet<String> = items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect();
        let start = pdnkit(&["perft", "--variant", name, "--depth", "1", "--divide"]);
        let text = String::from_utf8(start.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let expected: BTreeSet<String> = lines[..lines.len() - 1]
            .iter()
            .map(|l| l.split_whitespace().next().unwrap().to_string())
            .collect();
        assert!(!expected.is_empty(), "{name}");
        assert_eq!(labels, expected, "{name}");
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} variants compared");
    client.shutdown();
}

#[test]
fn completion_in_the_tag_section_offers_names_and_values() {
    let text = "[GameType \"\"]\n[Res";
    let mut client = Client::start(json!({}));
    let doc = uri("tags.pdn");
    client.open(&doc, text);
    let items = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": doc}, "position": position(text, text.len())}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"Result") && labels.contains(&"Event"),
        "{labels:?}"
    );
    let items = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": doc}, "position": position(text, 11)}),
    );
    let values: Vec<(&str, &str)> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["label"].as_str().unwrap(), i["detail"].as_str().unwrap()))
        .collect();
    assert!(values.contains(&("20", "international")), "{values:?}");
    assert!(values.contains(&("25", "russian")), "{values:?}");
    client.shutdown();
}

#[test]
fn one_document_symbol_per_game_with_variations_inside() {
    let path = "fixtures/repair/slips.pdn";
    let text = read(path)
        + "\n[White \"W\"]\n[Black \"Z\"]\n[Event \"E\"]\n[Round \"3\"]\n\
                             [GameType \"20\"]\n1. 32-28 (1. 33-28 18-23 (1... 19-23)) 19-23 *\n";
    let games = pdnkit(&["validate", "--format", "json", path])
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .count()
        + 1;
    let mut client = Client::start(json!({}));
    let doc = uri("symbols.pdn");
    client.open(&doc, &text);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": doc}}),
    );
    let symbols = symbols.as_array().unwrap();
    assert_eq!(symbols.len(), games);
    let last = symbols.last().unwrap();
    assert_eq!(last["name"], format!("{games}. W - Z"));
    assert_eq!(last["detail"], "E, round 3");
    let variation = &last["children"][0];
    assert_eq!(variation["name"], "(33-28 …)");
    assert_eq!(variation["children"][0]["name"], "(19-23 …)");
    assert!(
        symbols[0]["name"]
            .as_str()
            .unwrap()
            .starts_with("1. Ndjofang, J.M. - Heusdens")
    );

    let folds = client.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": doc}}),
    );
    assert!(folds.as_array().unwrap().len() >= games, "{folds}");
    let found = client.request("workspace/symbol", json!({"query": "#2"}));
    let found = found.as_array().unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0]["location"]["range"]["start"],
        symbols[1]["range"]["start"]
    );
    client.shutdown();
}

/// The document as formatting leaves it.
fn formatted(client: &mut Client, name: &str, text: &str) -> String {
    let doc = uri(name);
    client.open(&doc, text);
    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": doc}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    apply_edits(text, edits.as_array().unwrap())
}

#[test]
fn formatting_writes_what_convert_writes() {
    let mut client = Client::start(json!({}));
    for path in FIXTURES {
        let converted =
            String::from_utf8(pdnkit(&["convert", "-q", "--to", "pdn", path]).stdout).unwrap();
        assert_eq!(
            formatted(&mut client, path, &read(path)),
            converted,
            "{path}"
        );
    }
    if let Some(dir) = corpus() {
        for path in corpus_files(&dir) {
            let name = path.to_str().unwrap();
            // convert leaves out a game it cannot read; formatting keeps it as typed.
            let records = pdnkit(&["validate", "--format", "json", name]).stdout;
            if String::from_utf8(records)
                .unwrap()
                .contains("\"status\":\"unreadable\"")
            {
                continue;
            }
            let converted =
                String::from_utf8(pdnkit(&["convert", "-q", "--to", "pdn", name]).stdout).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(formatted(&mut client, name, &text), converted, "{name}");
        }
    }
    client.shutdown();
}

/// The corpus of real archives (`PDNKIT_CORPUS`; when it is set it must be there), or `None`
/// when it is not set.
fn corpus() -> Option<std::path::PathBuf> {
    let Some(dir) = std::env::var_os("PDNKIT_CORPUS") else {
        skip::skipped(
            "the corpus of real archives",
            "set PDNKIT_CORPUS to its directory",
        );
        return None;
    };
    let dir = std::path::PathBuf::from(dir);
    assert!(
        dir.is_dir(),
        "PDNKIT_CORPUS is set to {} but that is not a directory",
        dir.display()
    );
    Some(dir)
}

#[test]
fn diagnostics_are_validates_json_on_the_real_archives() {
    let Some(dir) = corpus() else {
        return;
    };
    let mut client = Client::start(json!({}));
    let mut compared = 0;
    for path in corpus_files(&dir) {
        let name = path.to_str().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let got = published(&client.open(&uri(name), &text));
        assert_eq!(got, validate_json(name, &[]), "{name}");
        compared += 1;
    }
    assert!(compared >= 50, "only {compared} corpus files compared");
    client.shutdown();
}

/// The corpus's PDN files in UTF-8, as an editor hands them over (the derived copies, in legacy
/// encodings or with a BOM, are left out: an editor decodes those itself).
fn corpus_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for sub in std::fs::read_dir(dir).unwrap() {
        let sub = sub.unwrap().path();
        if !sub.is_dir() || sub.ends_with("derived") {
            continue;
        }
        for file in std::fs::read_dir(&sub).unwrap() {
            let path = file.unwrap().path();
            let utf8 = std::fs::read(&path).is_ok_and(|b| std::str::from_utf8(&b).is_ok());
            if utf8 && path.extension().is_some_and(|e| e == "pdn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Files in legacy encodings, decoded by the editor (as validate reads them, or as UTF-8 with
/// the bytes it cannot read replaced): the server reads the file on disk for validate's
/// encoding note, which stays with its game through an edit of another.
#[test]
fn a_file_not_in_utf8_gets_validates_encoding_note() {
    let mut files = vec![(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/validate/setup.pdn"),
        encoding_rs::WINDOWS_1252,
    )];
    if let Some(dir) = corpus() {
        let derived = dir.join("derived");
        files.push((
            derived.join("abatsiev.cp1251.pdn"),
            encoding_rs::WINDOWS_1251,
        ));
        files.push((
            derived.join("allinges-open-2007.cp1252.pdn"),
            encoding_rs::WINDOWS_1252,
        ));
    }
    let lines = |found: Vec<(u64, u64, String, String)>| -> Vec<(u64, String)> {
        found.into_iter().map(|d| (d.0, d.2)).collect()
    };
    let mut client = Client::start(json!({}));
    for (path, encoding) in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.to_str().unwrap();
        let doc = format!("file://{name}");
        let expected = validate_json(name, &[]);
        assert!(expected.iter().any(|d| d.2 == "encoding"), "{name}");
        let (decoded, _, _) = encoding.decode(&bytes);
        assert_eq!(published(&client.open(&doc, &decoded)), expected, "{name}");
        let lossy = String::from_utf8_lossy(&bytes);
        let got = published(&client.open(&doc, &lossy));
        assert_eq!(lines(got), lines(expected.clone()), "{name} read as UTF-8");
        // An edit of the last game's terminator, away from the note's game.
        let end = decoded.trim_end().len();
        let after = client.change(&doc, 2, range_in(&decoded, end, end), " ");
        assert_eq!(lines(published(&after)), lines(expected), "{name} edited");
    }
    client.shutdown();
}

/// The range of bytes `start..end` of a text that may hold characters beyond ASCII.
fn range_in(text: &str, start: usize, end: usize) -> Value {
    let at = |offset: usize| {
        let before = &text[..offset];
        let line = before.matches('\n').count();
        let column: usize = before[before.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .map(char::len_utf16)
            .sum();
        json!({"line": line, "character": column})
    };
    json!({"start": at(start), "end": at(end)})
}

#[test]
fn an_edit_among_the_first_games_decides_the_files_variant_again_as_validate_does() {
    // Games without GameType: their variant is decided for the file from its first games.
    let text = "[Event \"a\"]\n1. 22-18 11-15 2. 18x11 8x15 *\n\n\
                [Event \"b\"]\n1. 24-20 12-16 *\n\n\
                [Event \"c\"]\n1. 23-19 9-14 2. 27-23 5-9 *\n";
    let dir = std::env::temp_dir().join(format!("pdnkit-lsp-decide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("untagged.pdn");
    let mut client = Client::start(json!({}));
    let doc = uri("untagged.pdn");
    let first = client.open(&doc, text);
    std::fs::write(&file, text).unwrap();
    assert_eq!(messages(&first), told_once(validate_messages(&file)));
    // The first game rewritten with squares of a 10x10 board.
    let at = text.find("22-18 11-15 2. 18x11 8x15").unwrap();
    let new = "32-28 17-22 2. 28x17 11x22";
    let after = client.change(&doc, 2, range(text, at, at + 25), new);
    let mut edited = text.to_string();
    edited.replace_range(at..at + 25, new);
    std::fs::write(&file, &edited).unwrap();
    let expected = told_once(validate_messages(&file));
    let _ = std::fs::remove_dir_all(&dir);
    assert_ne!(
        messages(&first),
        expected,
        "the edit should change what is decided"
    );
    assert_eq!(messages(&after), expected);
    client.shutdown();
}

/// Line, code and message of each published diagnostic.
fn messages(diagnostics: &[Value]) -> Vec<(u64, String, String)> {
    diagnostics
        .iter()
        .map(|d| {
            (
                d["range"]["start"]["line"].as_u64().unwrap() + 1,
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Validate's messages as the server words them: the file's evidence for its variant given in
/// full on the first game whose note gives it, the later notes pointing there.
fn told_once(mut found: Vec<(u64, String, String)>) -> Vec<(u64, String, String)> {
    let mut told = BTreeSet::new();
    for (_, code, message) in &mut found {
        let Some(at) = message.find("the variant of this file (") else {
            continue;
        };
        assert_eq!(code, "variant-guessed");
        let from = at + "the variant of this file (".len();
        let to = message
            .rfind("); use --variant to choose")
            .unwrap_or(message.len() - 1);
        let evidence = message[from..to].to_string();
        if told.insert(evidence.clone()) {
            continue;
        }
        let short = message.replace(&evidence, "see the first game with this note");
        *message = short
            .strip_suffix("; use --variant to choose")
            .unwrap_or(&short)
            .to_string();
    }
    found
}

/// Line, code and message of each diagnostic of `validate --format json`.
fn validate_messages(file: &Path) -> Vec<(u64, String, String)> {
    let out = pdnkit(&["validate", "--format", "json", file.to_str().unwrap()]);
    let mut found = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        for d in record["diagnostics"].as_array().unwrap() {
            found.push((
                d["line"].as_u64().unwrap(),
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
            ));
        }
    }
    found
}
