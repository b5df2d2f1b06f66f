//! Golden files for every export format: each `fixtures/convert/NAME.pdn` is converted to
//! `fixtures/convert/expected/NAME.{fen,plies.fen,ply2.fen,csv,moves.csv,jsonl,pdn}` and
//! compared byte for byte. Set `PDNKIT_BLESS=1` to rewrite the expected files from the current
//! output, then review the diff by eye (moves, separators, paths, quoting).

use std::io::Write;
use std::path::{Path, PathBuf};

use pdn::Splitter;
use pdnkit::ReplayOptions;
use pdnkit::export::JsonWriter;
use pdnkit::export::PdnWriter;
use pdnkit::export::{CsvWriter, DEFAULT_TAGS, Rows};
use pdnkit::export::{FenWriter, Positions};
use pdnkit::{CheckedGame, check_game};

/// Calls `f` with every game of `path`, named by its file name.
fn each_game(path: &Path, mut f: impl FnMut(&CheckedGame<'_, '_>)) {
    let bytes = std::fs::read(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    for raw in Splitter::new(&bytes[..]) {
        check_game(&name, &raw.unwrap(), &ReplayOptions::default(), &mut f);
    }
}

fn fen(path: &Path, positions: Positions) -> Vec<u8> {
    let mut w = FenWriter::new(Vec::new(), positions);
    each_game(path, |d| w.write_game(d).unwrap());
    w.finish().unwrap()
}

fn csv(path: &Path, rows: Rows) -> Vec<u8> {
    let mut w = CsvWriter::new(Vec::new(), rows);
    w.write_header().unwrap();
    each_game(path, |d| w.write_game(d).unwrap());
    w.finish().unwrap()
}

fn json(path: &Path) -> Vec<u8> {
    let mut w = JsonWriter::new(Vec::new());
    each_game(path, |d| w.write_game(d).unwrap());
    w.finish().unwrap()
}

fn pdn(path: &Path) -> Vec<u8> {
    let mut w = PdnWriter::new(Vec::new());
    each_game(path, |d| w.write_game(d).unwrap());
    w.finish().unwrap()
}

fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/convert");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "fixtures missing in {}", dir.display());
    files
}

/// Compares `got` with the expected file (or writes it when blessing).
fn check(input: &Path, suffix: &str, got: &[u8]) {
    let stem = input.file_stem().unwrap().to_string_lossy();
    let expected_path = input
        .parent()
        .unwrap()
        .join("expected")
        .join(format!("{stem}.{suffix}"));
    if std::env::var_os("PDNKIT_BLESS").is_some() {
        std::fs::File::create(&expected_path)
            .and_then(|mut f| f.write_all(got))
            .unwrap();
    }
    let expected = std::fs::read(&expected_path)
        .unwrap_or_else(|_| panic!("missing {}", expected_path.display()));
    assert!(
        expected == got,
        "{} differs\n--- expected ---\n{}\n--- got ---\n{}",
        expected_path.display(),
        String::from_utf8_lossy(&expected),
        String::from_utf8_lossy(got)
    );
}

#[test]
fn every_format_matches_its_golden_file() {
    let tags: Vec<String> = DEFAULT_TAGS.iter().map(|t| t.to_string()).collect();
    for input in inputs() {
        check(&input, "fen", &fen(&input, Positions::Final));
        check(&input, "plies.fen", &fen(&input, Positions::EveryPly));
        check(&input, "ply2.fen", &fen(&input, Positions::AfterPly(2)));
        check(&input, "csv", &csv(&input, Rows::Games(tags.clone())));
        check(&input, "moves.csv", &csv(&input, Rows::Moves));
        check(&input, "jsonl", &json(&input));
        check(&input, "pdn", &pdn(&input));
    }
}

#[test]
fn every_json_line_is_one_object_with_the_documented_fields() {
    const GAME_FIELDS: [&str; 16] = [
        "file",
        "game",
        "line",
        "status",
        "variant",
        "result",
        "tags",
        "start_fen",
        "plies",
        "replayed",
        "final_fen",
        "comments",
        "moves",
        "trailing_comments",
        "diagnostics",
        "opening",
    ];
    for input in inputs() {
        for line in String::from_utf8(json(&input)).unwrap().lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            let mut expected = GAME_FIELDS.to_vec();
            expected.sort();
            assert_eq!(keys, expected, "{}", input.display());
        }
    }
}
