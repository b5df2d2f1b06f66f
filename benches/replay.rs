//! Replay throughput in plies per second: the 31 real international games of
//! `fixtures/sample/archive.pdn`, parsed once, then replayed (move matching, rules, draw
//! counters, result checks); and the whole per-game path (parse + replay + record) as
//! `validate` runs it.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdn::RawGame;
use pdn::Splitter;
use pdn::parse_game;
use pdnkit::GameRecord;
use pdnkit::{ReplayOptions, replay};

fn sample() -> Vec<RawGame> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample/archive.pdn");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Splitter::new(&bytes[..])
        .map(|g| g.expect("in memory"))
        .collect()
}

fn bench_replay(c: &mut Criterion) {
    let raws = sample();
    let options = ReplayOptions::default();
    let games: Vec<_> = raws
        .iter()
        .map(|r| parse_game(r).expect("sample parses"))
        .collect();
    let plies: usize = games.iter().map(|g| replay(g, &options).plies.len()).sum();
    assert_eq!(plies, 3197, "the sample's plies changed");
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("replay", |b| {
        b.iter(|| {
            for g in &games {
                black_box(replay(black_box(g), &options));
            }
        })
    });
    group.bench_function("parse+replay+record", |b| {
        b.iter(|| {
            for raw in &raws {
                let game = parse_game(black_box(raw)).expect("sample parses");
                let r = replay(&game, &options);
                black_box(GameRecord::replayed("sample", raw, &game, &r));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
