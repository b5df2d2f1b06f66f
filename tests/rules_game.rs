//! Game state beyond the position: the Frisian king-move rule, game end, draws, huffing,
//! and the diagnostics API the replayer uses (capture ranks, prefixes, quiet moves).

use draughts::parse_square_token;
use draughts::{Colour, Fen};
use draughts::{Config, DrawRule, GameState, MissedCapture, Move, Outcome, Variant, WinReason};

fn game(v: Variant, fen: &str) -> GameState {
    GameState::from_fen(&Fen::parse(fen).unwrap(), Config::standard(v)).unwrap()
}

/// The legal move written `text` (short or long form).
fn find(g: &GameState, text: &str) -> Move {
    let n = g.config().notation;
    let sep = g.config().variant.capture_separator();
    g.legal_moves()
        .into_iter()
        .find(|m| m.text(&n, sep, false) == text || m.text(&n, sep, true) == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {}", g.to_fen()))
}

fn play(g: &mut GameState, moves: &[&str]) {
    for t in moves {
        let m = find(g, t);
        g.play(&m);
    }
}

#[test]
fn frisian_king_may_not_make_a_fourth_quiet_move_in_a_row() {
    let mut g = game(Variant::Frisian, "W:W45,K46:BK1");
    play(&mut g, &["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"]);
    let texts: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|m| m.text(&g.config().notation, 'x', false))
        .collect();
    assert_eq!(texts, vec!["45-40"], "the king on 41 is frozen");
    play(&mut g, &["45-40", "6-1"]);
    assert!(
        g.legal_moves()
            .iter()
            .any(|m| m.text(&g.config().notation, 'x', false) == "41-46")
    );
    // The same king under international rules is never frozen.
    let mut i = game(Variant::International, "W:W45,K46:BK1");
    play(&mut i, &["46-41", "1-6", "41-46", "6-1", "46-41", "1-6"]);
    assert!(i.legal_moves().len() > 1);
}

#[test]
fn wins_by_capture_block_and_goals() {
    let mut g = game(Variant::International, "W:W28:B23");
    play(&mut g, &["28x19"]);
    assert_eq!(
        g.outcome(),
        Outcome::Win {
            winner: Colour::White,
            reason: WinReason::NoPieces
        }
    );
    let mut anti = game(Variant::Antidraughts, "W:W28:B23");
    play(&mut anti, &["28x19"]);
    assert_eq!(
        anti.outcome(),
        Outcome::Win {
            winner: Colour::Black,
            reason: WinReason::Anti
        }
    );
    let blocked = game(Variant::International, "B:W50:B45");
    assert_eq!(
        blocked.outcome(),
        Outcome::Win {
            winner: Colour::White,
            reason: WinReason::NoMoves
        }
    );
    let mut breakthrough = game(Variant::Breakthrough, "W:W6:B45");
    assert_eq!(breakthrough.outcome(), Outcome::Ongoing);
    play(&mut breakthrough, &["6-1"]);
    assert_eq!(
        breakthrough.outcome(),
        Outcome::Win {
            winner: Colour::White,
            reason: WinReason::FirstKing
        }
    );
    let lone = game(Variant::Ghanaian, "B:W31,32:B1");
    assert_eq!(
        lone.outcome(),
        Outcome::Win {
            winner: Colour::White,
            reason: WinReason::LonePiece
        }
    );
    assert_eq!(
        game(Variant::International, "B:W31,32:B1").outcome(),
        Outcome::Ongoing
    );
}

#[test]
fn threefold_repetition_counts_positions_with_the_same_side_to_move() {
    let mut g = game(Variant::International, "W:WK46:BK1");
    play(
        &mut g,
        &["46-41", "1-6", "41-46", "6-1", "46-41", "1-6", "41-46"],
    );
    assert_eq!(g.outcome(), Outcome::Ongoing);
    play(&mut g, &["6-1"]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Outcome::Draw(DrawRule::Repetition(3)));
}

#[test]
fn endgame_draws_by_material() {
    assert_eq!(
        game(Variant::Frisian, "W:WK46:BK1").outcome(),
        Outcome::Draw(DrawRule::FrisianEndgame)
    );
    assert_eq!(
        game(Variant::Frisian, "W:WK46:BK5").outcome(),
        Outcome::Ongoing
    );
    assert_eq!(
        game(Variant::Turkish, "W:Wa2:Bh7").outcome(),
        Outcome::Draw(DrawRule::OnePieceEach)
    );
}

#[test]
fn malaysian_missed_capture_is_a_note_not_an_error() {
    let g = game(Variant::Malaysian, "W:W62,58:B51");
    assert_eq!(
        Variant::Malaysian.rules().missed_capture,
        MissedCapture::Huffable
    );
    assert!(g.position().has_capture());
    assert!(g.legal_moves().iter().all(Move::is_capture));
    assert!(!g.position().quiet_moves().is_empty());
    let mut h = g.clone();
    let offender = g.legal_moves()[0].from;
    assert!(h.huff(offender));
    assert!(h.position().piece_at(offender).is_none());
}

#[test]
fn diagnostics_rank_prefix_and_quiet_moves() {
    let g = game(Variant::International, "W:W46,48,40:B24,K31,34,K42,43,35");
    let pos = g.position();
    let legal = pos.legal_moves();
    let all = pos.capture_sequences();
    assert!(all.len() > legal.len());
    let best = pos.capture_rank(&legal[0]);
    let weaker = all
        .iter()
        .find(|m| pos.capture_rank(m) < best)
        .expect("a lesser capture");
    assert!(pos.capture_rank(weaker).pieces < best.pieces);
    // A capture stopped after its first piece is a prefix, playable for diagnostics.
    let prefix = pos.capture_prefix(&legal[0], 1);
    assert_eq!(prefix.captures(), &legal[0].captures()[..1]);
    assert_eq!(prefix.to, legal[0].landings()[0]);
    let after = pos.played(&prefix);
    assert_eq!(after.pieces(Colour::Black).len(), 5);
    assert!(!pos.quiet_moves().is_empty());
}

#[test]
fn replay_from_square_tokens() {
    // 32-28 19-23 28x19 14x23: tokens to squares through the game's notation, matched
    // against the legal moves by (from, to) and played.
    let mut g = GameState::initial(Variant::International);
    for text in ["32-28", "19-23", "28x19", "14x23"] {
        let (a, la) = parse_square_token(text).unwrap();
        let (b, _) = parse_square_token(&text[la + 1..]).unwrap();
        let n = g.config().notation;
        let (from, to) = (n.parse(a).unwrap(), n.parse(b).unwrap());
        let m = g
            .legal_moves()
            .into_iter()
            .find(|m| m.from == from && m.to == to)
            .unwrap_or_else(|| panic!("{text}"));
        g.play(&m);
    }
    assert_eq!(g.to_fen().to_string(), "W:W31,33-50:B1-13,15-18,20,23");
    assert_eq!(g.counters().plies, 4);
}

#[test]
fn t12_separators_result_convention_and_game_types() {
    assert_eq!(Variant::Russian.capture_separator(), ':');
    assert_eq!(Variant::Spantsiretti.capture_separator(), ':');
    assert_eq!(Variant::Thai.capture_separator(), '-');
    assert_eq!(Variant::International.capture_separator(), 'x');
    // The first number of a result is the first mover's score.
    assert_eq!(Variant::English.first_mover(), Colour::Black);
    assert_eq!(Variant::Pool.first_mover(), Colour::Black);
    assert_eq!(Variant::Thai.first_mover(), Colour::Black);
    assert_eq!(Variant::Italian.first_mover(), Colour::White);
    assert_eq!(Variant::Italian.game_type().to_string(), "22,W,8,8,N2,1");
    assert_eq!(Variant::English.game_type().to_string(), "21,B,8,8,N1,0");
    assert_eq!(Variant::Ghanaian.game_type().to_string(), "-1,W,10,10,N2,1");
    // Writing a Russian capture uses algebraic squares and the colon.
    let g = game(Variant::Russian, "W:WKa1:Bc3,f4");
    let n = g.config().notation;
    let texts: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|m| m.text(&n, ':', false))
        .collect();
    assert_eq!(texts, vec!["a1:g3", "a1:h2"]);
}
