//! Measures repairs on random legal games with one injected slip of each kind, per variant:
//! how many are repaired (confirmed, and the original game back), only suggested, missed, or
//! wrongly repaired. Prints a Markdown table.
//!
//! `cargo run --release --example repair_eval -- [GAMES_PER_KIND] [SEED] [PLIES]`
//! (defaults: 40 1 80).

#[path = "../tests/repair_support/mod.rs"]
mod repair_support;

use draughts::Variant;
use pdnkit::repair::Slip;
use repair_support::{KINDS, Outcome, Rng, inject, judge, random_game};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let per_kind: usize = args
        .first()
        .map_or(40, |s| s.parse().expect("GAMES_PER_KIND"));
    let mut rng = Rng(args.get(1).map_or(1, |s| s.parse().expect("SEED")) | 1);
    let plies: usize = args.get(2).map_or(80, |s| s.parse().expect("PLIES"));
    // `show`: also print each game wrongly repaired or missed, as PDN, on stderr.
    let show = args.get(3).is_some_and(|a| a == "show");
    println!("| variant | slip | slips | repaired | suggested | missed | wrong | silent |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut totals = [0usize; 6];
    for variant in Variant::ALL {
        for kind in KINDS {
            let mut counts = [0usize; 6];
            let mut tries = 0;
            while counts[0] + counts[5] < per_kind && tries < per_kind * 20 {
                tries += 1;
                let game = random_game(variant, &mut rng, plies);
                if game.moves.len() < 20 {
                    continue;
                }
                // Far enough from the end for the rest of the game to speak.
                let at = match kind {
                    Slip::NumberingReversed | Slip::BoardMirrored => 0,
                    _ => rng.below(game.moves.len() - 12),
                };
                let Some(faulty) = inject(&game, kind, at, &mut rng) else {
                    continue;
                };
                let outcome = judge(&game, &faulty);
                if show && matches!(outcome, Outcome::Wrong | Outcome::Missed) {
                    eprintln!(
                        "{outcome:?} {} at ply {}:\n{}",
                        kind.name(),
                        at + 1,
                        repair_support::pdn(variant, &faulty)
                    );
                }
                match outcome {
                    Outcome::Silent => counts[5] += 1,
                    o => {
                        counts[0] += 1;
                        counts[match o {
                            Outcome::Repaired => 1,
                            Outcome::Suggested => 2,
                            Outcome::Missed => 3,
                            _ => 4,
                        }] += 1;
                    }
                }
            }
            if counts[0] + counts[5] == 0 {
                continue;
            }
            for (t, c) in totals.iter_mut().zip(counts) {
                *t += c;
            }
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                variant.name(),
                kind.name(),
                counts[0],
                counts[1],
                counts[2],
                counts[3],
                counts[4],
                counts[5]
            );
        }
    }
    println!(
        "| all | all | {} | {} ({:.1}%) | {} | {} | {} | {} |",
        totals[0],
        totals[1],
        100.0 * totals[1] as f64 / totals[0].max(1) as f64,
        totals[2],
        totals[3],
        totals[4],
        totals[5]
    );
}
