//! Measures repairs on random legal games with one injected slip of each kind, per variant:
//! how many are repaired (confirmed, and the original game back), only suggested, missed, or
//! wrongly repaired. Prints a Markdown table: a row per variant, a column per kind of slip,
//! each cell `repaired/slips`.
//!
//! `cargo run --release --example repair_eval -- [GAMES_PER_KIND] [SEED] [PLIES] [show]`
//! (defaults: 40 1 80; `show` prints each game missed or wrongly repaired on stderr).
//!
//! With `PDNKIT_EVAL_CORPUS=DIR`, the games are the clean games of the real archives under
//! DIR (those of at least 20 plies, each used again as needed) instead of random ones.

#[path = "../tests/repair_support/mod.rs"]
mod repair_support;

use draughts::Variant;
use pdnkit::repair::Slip;
use repair_support::{KINDS, Outcome, Played, Rng, from_game, inject, judge, random_game};

/// Slips, repaired, suggested only, missed, wrongly repaired; and slips that stayed legal.
#[derive(Clone, Copy, Default)]
struct Counts([usize; 6]);

impl Counts {
    fn add(&mut self, o: Counts) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a += b;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let per_kind: usize = args
        .first()
        .map_or(40, |s| s.parse().expect("GAMES_PER_KIND"));
    let mut rng = Rng(args.get(1).map_or(1, |s| s.parse().expect("SEED")) | 1);
    let plies: usize = args.get(2).map_or(80, |s| s.parse().expect("PLIES"));
    let show = args.get(3).is_some_and(|a| a == "show");
    let mut header = String::from("| variant |");
    let mut rule = String::from("|---|");
    for k in KINDS {
        header.push_str(&format!(" {} |", k.name()));
        rule.push_str("---|");
    }
    println!("{header} all | wrong |\n{rule}---|---|");
    let corpus = std::env::var_os("PDNKIT_EVAL_CORPUS").map(|d| real_games(d.as_ref()));
    let mut by_kind = vec![Counts::default(); KINDS.len()];
    let mut all = Counts::default();
    for variant in Variant::ALL {
        let pool: Option<&Vec<Played>> = match &corpus {
            Some(games) => match games.iter().find(|(v, _)| *v == variant) {
                Some((_, g)) => Some(g),
                None => continue,
            },
            None => None,
        };
        let mut row = format!("| {} |", variant.name());
        let mut total = Counts::default();
        for (k, kind) in KINDS.into_iter().enumerate() {
            let c = measure(variant, kind, per_kind, plies, pool, &mut rng, show);
            row.push_str(&cell(c));
            total.add(c);
            by_kind[k].add(c);
        }
        all.add(total);
        println!("{row}{} {} |", cell(total), total.0[4]);
    }
    let mut row = String::from("| all |");
    for c in &by_kind {
        row.push_str(&cell(*c));
    }
    println!("{row}{} {} |", cell(all), all.0[4]);
    println!(
        "\n{} slips: {} repaired ({:.1}%), {} suggested only, {} missed, {} wrongly repaired; \
         {} injected slips left a legal game",
        all.0[0],
        all.0[1],
        100.0 * all.0[1] as f64 / all.0[0].max(1) as f64,
        all.0[2],
        all.0[3],
        all.0[4],
        all.0[5]
    );
}

fn cell(c: Counts) -> String {
    if c.0[0] == 0 {
        " - |".to_string()
    } else {
        format!(" {}/{} |", c.0[1], c.0[0])
    }
}

/// Injects `per_kind` slips of `kind` into random games of `variant` and judges each.
fn measure(
    variant: Variant,
    kind: Slip,
    per_kind: usize,
    plies: usize,
    pool: Option<&Vec<Played>>,
    rng: &mut Rng,
    show: bool,
) -> Counts {
    let mut c = Counts::default();
    let mut tries = 0;
    while c.0[0] + c.0[5] < per_kind && tries < per_kind * 20 {
        tries += 1;
        let random;
        let game = match pool {
            Some(games) => &games[rng.below(games.len())],
            None => {
                random = random_game(variant, rng, plies);
                &random
            }
        };
        if game.moves.len() < 20 {
            continue;
        }
        // Far enough from the end for the rest of the game to speak.
        let at = match kind {
            Slip::NumberingReversed | Slip::BoardMirrored => 0,
            _ => rng.below(game.moves.len() - 12),
        };
        let Some(faulty) = inject(game, kind, at, rng) else {
            continue;
        };
        let outcome = judge(game, &faulty);
        if show && matches!(outcome, Outcome::Wrong | Outcome::Missed) {
            eprintln!(
                "{outcome:?} {} at ply {}:\n{}",
                kind.name(),
                at + 1,
                repair_support::pdn(variant, game.fen.as_deref(), &faulty)
            );
        }
        let slot = match outcome {
            Outcome::Silent => 5,
            Outcome::Repaired => 1,
            Outcome::Suggested => 2,
            Outcome::Missed => 3,
            Outcome::Wrong => 4,
        };
        c.0[slot] += 1;
        if slot != 5 {
            c.0[0] += 1;
        }
    }
    c
}

/// The clean games of at least 20 plies of every `.pdn` file under `dir`, by variant.
fn real_games(dir: &std::path::Path) -> Vec<(Variant, Vec<Played>)> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("corpus directory").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pdn") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut by_variant: Vec<(Variant, Vec<Played>)> = Vec::new();
    let options = pdnkit::ReplayOptions::default();
    for path in files {
        let name = path.display().to_string();
        for raw in pdnkit::pdn::games(&path).expect("corpus file").flatten() {
            let played = pdnkit::check_game(&name, &raw, &options, from_game);
            if let Some(p) = played.filter(|p| p.moves.len() >= 20) {
                match by_variant.iter_mut().find(|(v, _)| *v == p.variant) {
                    Some((_, games)) => games.push(p),
                    None => by_variant.push((p.variant, vec![p])),
                }
            }
        }
    }
    by_variant
}
