//! Perft speed per variant (criterion). Each case asserts its node count first, so a fast
//! but wrong generator fails instead of reporting a number.
//!
//! `cargo bench --bench perft`; `-- international` for one variant. The `bulk` cases count
//! the last ply without playing it, the `full` cases play every leaf move.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use draughts::{CountMode, Position, perft, rules_by_name};

/// (rule set, depth, drop-mode nodes from the published tables).
const CASES: &[(&str, u32, u64)] = &[
    ("international", 7, 1_049_442),
    ("brazilian", 8, 907_830),
    ("russian", 8, 929_899),
    ("pool", 8, 929_896),
    ("english", 9, 3_963_680),
    ("czech", 8, 845_931),
    ("italian", 8, 828_783),
    ("spanish", 8, 828_783),
    ("portuguese", 8, 828_783),
    ("thai", 7, 1_820_189),
    ("frisian", 7, 540_126),
    ("canadian", 6, 584_100),
    ("spantsiretti", 7, 1_040_706),
    ("spantsiretti-international", 7, 1_029_319),
    ("turkish", 6, 931_312),
];

fn bench_variants(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for &(name, depth, nodes) in CASES {
        let pos = Position::initial(rules_by_name(name).expect("rule set"));
        assert_eq!(
            perft(&pos, depth, CountMode::Drop, true),
            nodes,
            "{name} d{depth}"
        );
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/d{depth}/bulk"), |b| {
            b.iter(|| perft(black_box(&pos), depth, CountMode::Drop, true))
        });
    }
    let pos = Position::initial(rules_by_name("international").expect("international"));
    group.throughput(Throughput::Elements(1_049_442));
    group.bench_function("international/d7/full", |b| {
        b.iter(|| perft(black_box(&pos), 7, CountMode::Drop, false))
    });
    group.throughput(Throughput::Elements(41_022_423));
    group.bench_function("international/d9/bulk", |b| {
        b.iter(|| perft(black_box(&pos), 9, CountMode::Drop, true))
    });
    group.finish();
}

criterion_group!(benches, bench_variants);
criterion_main!(benches);
