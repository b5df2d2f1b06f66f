//! Syntax-layer throughput: split + decode + parse of real PDN, in bytes per second; and the
//! path of `validate --syntax-only`, where games in the plain shape skip the parser.
//!
//! Input: the corpus files named below (from `$PDNKIT_CORPUS`, else `../shared/corpus`),
//! concatenated in memory; the bench is skipped with a message when the corpus is absent.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::pdn::parser::parse_game;
use pdnkit::pdn::quick::is_plain;
use pdnkit::pdn::split::Splitter;

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

fn split_and_parse(c: &mut Criterion) {
    let Some(data) = corpus() else {
        eprintln!("parse bench skipped: set PDNKIT_CORPUS");
        return;
    };
    let mut group = c.benchmark_group("syntax");
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("split", |b| {
        b.iter(|| Splitter::new(black_box(&data[..])).count())
    });
    group.bench_function("split+parse", |b| {
        b.iter(|| {
            let mut moves = 0;
            for raw in Splitter::new(black_box(&data[..])) {
                if let Ok(game) = parse_game(&raw.expect("in memory")) {
                    moves += game.mainline_moves().count();
                }
            }
            moves
        })
    });
    group.bench_function("split+plain-or-parse", |b| {
        b.iter(|| {
            let mut clean = 0;
            for raw in Splitter::new(black_box(&data[..])) {
                let raw = raw.expect("in memory");
                let plain = raw.notes.is_empty() && is_plain(&raw.text);
                clean += usize::from(plain || parse_game(&raw).is_ok_and(|g| g.notes.is_empty()));
            }
            clean
        })
    });
    group.finish();
}

criterion_group!(benches, split_and_parse);
criterion_main!(benches);
