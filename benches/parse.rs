//! Syntax-layer throughput: split + decode + parse of real PDN, in bytes per second; and the
//! path of `validate --syntax-only`, where games in the plain shape are passed by in the
//! splitter without being cut out or parsed.
//!
//! Inputs, each concatenated in memory: the fixture archives of `fixtures/` (group
//! `syntax-fixtures`, always run), and the corpus files named below (group `syntax`, from
//! `$PDNKIT_CORPUS`, else `../shared/corpus`; skipped with a message when the corpus is
//! absent and the variable unset).

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdn::Splitter;
use pdn::fast::{Cut, Scanned, scan_game};
use pdn::parse_game;

const FILES: [&str; 5] = [
    "english/tinsley.pdn",
    "international/nk-ronde-01.pdn",
    "international/surinam-veterans-2025.pdn",
    "russian/ussr1947.pdn",
    "english/ballots-11man-english.pdn",
];

/// The corpus files concatenated; `None` (skip) only when `PDNKIT_CORPUS` is unset and the
/// default place holds no corpus. When the variable is set, a missing file is a failure.
fn corpus() -> Option<Vec<u8>> {
    let set = std::env::var_os("PDNKIT_CORPUS").map(PathBuf::from);
    let dir = set
        .clone()
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    let mut bytes = Vec::new();
    for f in FILES {
        match std::fs::read(dir.join(f)) {
            Ok(b) => bytes.extend(b),
            Err(e) if set.is_some() => panic!("PDNKIT_CORPUS: {}: {e}", dir.join(f).display()),
            Err(_) => return None,
        }
        bytes.extend_from_slice(b"\n\n");
    }
    Some(bytes)
}

/// The fixture archives that hold ordinary games (not the hostile inputs of
/// `fixtures/mutation`), concatenated.
fn fixtures() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files = Vec::new();
    for dir in ["sample", "pdn", "convert", "validate", "stats"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("fixture directory") {
            let path = entry.expect("fixture entry").path();
            if path.extension().is_some_and(|e| e == "pdn") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut bytes = Vec::new();
    for f in files {
        bytes.extend(std::fs::read(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display())));
        bytes.extend_from_slice(b"\n\n");
    }
    bytes
}

fn split_and_parse(c: &mut Criterion) {
    bench_group(c, "syntax-fixtures", &fixtures());
    match corpus() {
        Some(data) => bench_group(c, "syntax", &data),
        None => eprintln!("corpus part of the parse bench skipped: set PDNKIT_CORPUS"),
    }
}

fn bench_group(c: &mut Criterion, name: &str, data: &[u8]) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("split", |b| {
        b.iter(|| Splitter::new(black_box(data)).count())
    });
    group.bench_function("split+parse", |b| {
        b.iter(|| {
            let mut moves = 0;
            for raw in Splitter::new(black_box(data)) {
                if let Ok(game) = parse_game(&raw.expect("in memory")) {
                    moves += game.mainline_moves().count();
                }
            }
            moves
        })
    });
    // The path of `validate --syntax-only`: plain games passed by in the splitter, the others
    // cut out and read by the parser unless the shortcut recognises them.
    group.bench_function("pass-plain-or-parse", |b| {
        b.iter(|| {
            let mut clean = 0;
            let mut splitter = Splitter::new(black_box(data));
            while let Some(cut) = splitter.next_cut().expect("in memory") {
                let clean_game = match cut {
                    Cut::Plain(_) => true,
                    Cut::Game(raw) => match scan_game(&raw, true) {
                        Scanned::Plain { .. } => true,
                        Scanned::PlainMoves { notes } => notes.is_empty(),
                        Scanned::Parsed(game) => game.notes.is_empty(),
                        Scanned::Unreadable(_) => false,
                    },
                };
                clean += usize::from(clean_game);
            }
            clean
        })
    });
    group.finish();
}

criterion_group!(benches, split_and_parse);
criterion_main!(benches);
