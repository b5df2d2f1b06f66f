//! Invariants over pseudo-random games in every variant: FEN round trips, the legal capture
//! list agrees with the unfiltered sequences and their ranks, pieces are conserved.

use draughts::{Colour, Fen};
use draughts::{GameState, Outcome, Position, Variant};

/// A small deterministic generator (no dependency needed for this).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn check_position(v: Variant, game: &GameState) {
    let pos = game.position();
    let n = game.config().notation;
    let fen = pos.to_fen(&n).to_string();
    let back = Position::from_fen(&Fen::parse(&fen).unwrap(), v.rules(), &n).unwrap();
    assert_eq!(&back, pos, "{v}: {fen}");
    let legal = pos.legal_moves();
    if !pos.has_capture() {
        assert!(legal.iter().all(|m| !m.is_capture()), "{v}: {fen}");
        return;
    }
    let all = pos.capture_sequences();
    let best = all.iter().map(|m| pos.capture_rank(m)).max().unwrap();
    for m in &legal {
        assert!(
            all.iter().any(|s| s.same_effect(m)),
            "{v}: {fen}: legal move not a sequence"
        );
        assert_eq!(
            pos.capture_rank(m),
            best,
            "{v}: {fen}: legal capture not of the best rank"
        );
    }
    for (i, a) in legal.iter().enumerate() {
        assert!(
            legal[i + 1..].iter().all(|b| !a.same_effect(b)),
            "{v}: {fen}: duplicate"
        );
    }
}

fn play_out(v: Variant, seed: u64, plies: usize) {
    let mut rng = Lcg(seed);
    let mut game = GameState::initial(v);
    for _ in 0..plies {
        check_position(v, &game);
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        let moves = game.legal_moves();
        let m = moves[rng.below(moves.len())];
        let mover = game.side_to_move();
        let (before_own, before_opp) = (count(&game, mover), count(&game, mover.opposite()));
        game.play(&m);
        assert_eq!(count(&game, mover), before_own);
        assert_eq!(
            count(&game, mover.opposite()),
            before_opp - m.captured.len()
        );
    }
}

fn count(g: &GameState, c: Colour) -> usize {
    g.position().pieces(c).len()
}

#[test]
fn random_games_keep_every_invariant() {
    for v in Variant::ALL {
        for seed in 0..12 {
            play_out(v, seed * 7919 + v as u64, 150);
        }
    }
}
