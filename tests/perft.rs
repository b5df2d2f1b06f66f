//! Perft against the published tables in `fixtures/perft/*.perft`.
//!
//! The default run checks every entry up to a node ceiling that keeps a debug build fast.
//! The deep run is opt-in:
//! `PDNKIT_PERFT_DEEP=1 cargo test --release --test perft -- --ignored --nocapture`
//! (ceiling `PDNKIT_PERFT_MAX_NODES`, default 2,000,000,000; `PDNKIT_PERFT_ONLY=turkish`
//! keeps the files whose name contains that text).
//!
//! File format, one item per line: `variant <name>` (rule set by name), `start` or
//! `fen <FEN>` (starts a case), `count drop|keep|paths`, `perft <depth> <nodes>`; `#` comments.

use std::path::Path;
use std::time::Instant;

use draughts::Fen;
use draughts::{CountMode, Position, default_notation, perft, rules_by_name};

/// Largest expected count checked by the default (debug) test run.
const DEFAULT_CEILING: u64 = 1_000_000;

#[derive(Debug, Clone)]
struct Entry {
    file: String,
    line: usize,
    variant: String,
    fen: Option<String>,
    mode: CountMode,
    depth: u32,
    nodes: u64,
}

fn parse(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let (mut variant, mut fen, mut mode) = (String::new(), None, CountMode::Drop);
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "" | "#" => {}
            _ if key.starts_with('#') => {}
            "variant" => variant = rest.trim().to_string(),
            "start" => (fen, mode) = (None, CountMode::Drop),
            "fen" => (fen, mode) = (Some(rest.trim().to_string()), CountMode::Drop),
            "count" => {
                mode = match rest.trim() {
                    "drop" => CountMode::Drop,
                    "keep" => CountMode::Keep,
                    "paths" => CountMode::Paths,
                    other => panic!("{file}:{}: bad count mode {other}", i + 1),
                }
            }
            "perft" => {
                let mut it = rest.split_whitespace().map(|s| s.parse::<u64>().unwrap());
                let (depth, nodes) = (it.next().unwrap() as u32, it.next().unwrap());
                out.push(Entry {
                    file: file.clone(),
                    line: i + 1,
                    variant: variant.clone(),
                    fen: fen.clone(),
                    mode,
                    depth,
                    nodes,
                });
            }
            other => panic!("{file}:{}: unknown line {other}", i + 1),
        }
    }
    out
}

fn entries() -> Vec<Entry> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/perft");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files.iter().flat_map(|p| parse(p)).collect()
}

/// The entry's position, with fast paths as the environment says (`PDNKIT_NO_FAST_PATHS=1`
/// counts with the rules read at run time instead of the variant's fixed rule set).
fn position(e: &Entry) -> Position {
    let rules = rules_by_name(&e.variant).unwrap_or_else(|| panic!("unknown rules {}", e.variant));
    let pos = match &e.fen {
        None => Position::initial(rules),
        Some(f) => Position::from_fen(&Fen::parse(f).unwrap(), rules, &default_notation(rules))
            .unwrap_or_else(|err| panic!("{}:{}: {err}", e.file, e.line)),
    };
    pos.with_fast_paths(draughts::fast_paths_default())
}

fn check(ceiling: u64, verbose: bool) {
    let mut failures = Vec::new();
    let mut checked = 0;
    let only = std::env::var("PDNKIT_PERFT_ONLY").unwrap_or_default();
    let selected = entries()
        .into_iter()
        .filter(|e| e.nodes <= ceiling && e.file.contains(only.as_str()));
    for e in selected {
        let pos = position(&e);
        let t = Instant::now();
        let got = perft(&pos, e.depth, e.mode, true);
        if verbose {
            let s = t.elapsed().as_secs_f64();
            println!(
                "{}:{} {} {:?} d{} {} {:.3}s {:.1} Mnodes/s",
                e.file,
                e.line,
                e.variant,
                e.mode,
                e.depth,
                got,
                s,
                got as f64 / s / 1e6
            );
        }
        if got != e.nodes {
            failures.push(format!(
                "{}:{}: expected {}, got {got}",
                e.file, e.line, e.nodes
            ));
        }
        checked += 1;
    }
    assert!(checked > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn perft_tables_up_to_the_default_ceiling() {
    check(DEFAULT_CEILING, false);
}

#[test]
fn fixtures_cover_every_variant_and_board() {
    let names: std::collections::BTreeSet<String> =
        entries().into_iter().map(|e| e.variant).collect();
    for v in [
        "international",
        "brazilian",
        "canadian",
        "russian",
        "spantsiretti",
        "spantsiretti-international",
        "frisian",
        "english",
        "pool",
        "italian",
        "spanish",
        "portuguese",
        "czech",
        "turkish",
        "thai",
        "ghanaian",
        "ghanaian-dark-cornered",
        "malaysian",
        "malaysian-10x10",
        "malaysian-8x8",
    ] {
        assert!(names.contains(v), "no perft fixture for {v}");
    }
}

#[test]
fn bulk_and_full_counting_agree() {
    for e in entries().into_iter().filter(|e| e.nodes <= 20_000) {
        let pos = position(&e);
        assert_eq!(
            perft(&pos, e.depth, e.mode, false),
            e.nodes,
            "{}:{}",
            e.file,
            e.line
        );
    }
}

#[test]
#[ignore = "deep perft: PDNKIT_PERFT_DEEP=1 cargo test --release --test perft -- --ignored"]
fn perft_tables_deep() {
    if std::env::var_os("PDNKIT_PERFT_DEEP").is_none() {
        return;
    }
    let ceiling = std::env::var("PDNKIT_PERFT_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000_000);
    check(ceiling, true);
}
