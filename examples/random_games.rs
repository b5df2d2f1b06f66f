//! Writes random legal games as PDN, for benchmark archives: reproducible for a given seed.
//!
//! `cargo run --release --example random_games -- [VARIANT] [GAMES] [SEED] [MAX_PLIES]`
//! (defaults: international 1000 1 200). Each game gets a GameType tag, the seven-tag roster
//! and the result the rules give (`*` when the ply limit stops it). Captures are written short
//! unless another legal capture shares the start and end (then with every landing square).

use std::io::{self, BufWriter, Write};

use draughts::{GameState, Move, Outcome, Variant};

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args
        .first()
        .map(|n| Variant::from_name(n).unwrap_or_else(|| panic!("unknown variant {n}")))
        .unwrap_or(Variant::International);
    let games: u64 = args.get(1).map_or(1000, |s| s.parse().expect("GAMES"));
    let mut rng = XorShift(args.get(2).map_or(1, |s| s.parse().expect("SEED")) | 1);
    let max_plies: u32 = args.get(3).map_or(200, |s| s.parse().expect("MAX_PLIES"));
    let mut out = BufWriter::new(io::stdout().lock());
    for index in 1..=games {
        write_game(&mut out, variant, index, &mut rng, max_plies)?;
    }
    out.flush()
}

fn write_game(
    out: &mut impl Write,
    variant: Variant,
    index: u64,
    rng: &mut XorShift,
    max_plies: u32,
) -> io::Result<()> {
    let mut game = GameState::initial(variant);
    let mut moves = Vec::new();
    while moves.len() < max_plies as usize && !game.outcome().is_over() {
        let legal = game.legal_moves();
        let m = legal[rng.below(legal.len())];
        moves.push(text(&game, &legal, &m));
        game.play(&m);
    }
    let result = match game.outcome() {
        Outcome::Win { winner, .. } if winner == game.config().first_mover => "2-0",
        Outcome::Win { .. } => "0-2",
        Outcome::Draw(_) => "1-1",
        Outcome::Ongoing => "*",
    };
    writeln!(
        out,
        "[Event \"Random games\"]\n[Site \"pdnkit\"]\n[Date \"2026.11.29\"]"
    )?;
    writeln!(
        out,
        "[Round \"{index}\"]\n[White \"Random A\"]\n[Black \"Random B\"]"
    )?;
    let game_type = match variant.rules().game_type {
        n if n > 0 => n.to_string(),
        _ => variant.game_type().to_string(),
    };
    writeln!(out, "[Result \"{result}\"]\n[GameType \"{game_type}\"]\n")?;
    let mut line = String::new();
    for (i, m) in moves.iter().enumerate() {
        let token = if i % 2 == 0 {
            format!("{}. {m}", i / 2 + 1)
        } else {
            m.clone()
        };
        if line.len() + token.len() + 1 > 80 {
            writeln!(out, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    writeln!(out, "{line} {result}\n")
}

fn text(game: &GameState, legal: &[Move], m: &Move) -> String {
    let config = game.config();
    let ambiguous = legal
        .iter()
        .any(|o| o.from == m.from && o.to == m.to && o.captured != m.captured);
    m.text(
        &config.notation,
        config.variant.capture_separator(),
        ambiguous,
    )
}

/// A small deterministic generator (xorshift64*), so archives are reproducible.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}
