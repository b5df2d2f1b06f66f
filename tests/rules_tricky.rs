//! Tricky positions from the rulebooks' examples and the cases engines disagree on (T1–T11),
//! each with its exact expected move set.
//! Moves are written `from x to [captured squares]`, `=K` when the piece is crowned.

use draughts::Fen;
use draughts::Notation;
use draughts::SquareToken;
use draughts::{FrisianValue, Move, Position, Precedence, Rules, Variant, variants};

fn position(rules: &'static Rules, notation: &Notation, fen: &str) -> Position {
    Position::from_fen(&Fen::parse(fen).unwrap(), rules, notation).unwrap()
}

fn token_order(t: &SquareToken) -> (u16, u16) {
    match *t {
        SquareToken::Num(n) => (0, n),
        SquareToken::Alg { file, rank } => (file as u16, rank as u16),
        SquareToken::File(file) => (file as u16, 0),
    }
}

fn describe(m: &Move, n: &Notation) -> String {
    let sep = if m.is_capture() { 'x' } else { '-' };
    let mut s = format!("{}{sep}{}", n.format(m.from), n.format(m.to));
    if m.promotes {
        s.push_str("=K");
    }
    if m.is_capture() {
        let mut caps: Vec<SquareToken> = m.captured.iter().map(|c| n.format(c)).collect();
        caps.sort_by_key(token_order);
        let caps: Vec<String> = caps.iter().map(ToString::to_string).collect();
        s.push_str(&format!(" [{}]", caps.join(",")));
    }
    s
}

fn moves_with(rules: &'static Rules, notation: &Notation, fen: &str) -> Vec<String> {
    let pos = position(rules, notation, fen);
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| describe(m, notation))
        .collect();
    out.sort();
    out
}

fn moves(v: Variant, fen: &str) -> Vec<String> {
    moves_with(v.rules(), &v.notation(), fen)
}

fn expect(v: Variant, fen: &str, expected: &[&str]) {
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(moves(v, fen), want, "{v} {fen}");
}

use Variant::*;

#[test]
fn t1_man_passing_the_last_rank_stays_a_man_in_international() {
    expect(International, "W:W15:B9,10", &["15x13 [9,10]"]);
    expect(International, "W:W14:B9,17", &["14x3=K [9]"]);
}

#[test]
fn t1_mid_capture_promotion_on_8x8() {
    expect(Russian, "W:Wf6:Be7,b6", &["f6xa5=K [b6,e7]"]);
    expect(Russian, "W:W11:B7,9", &["f6xa5=K [b6,e7]"]);
    expect(Brazilian, "W:Wf6:Be7,b6", &["f6xd8=K [e7]"]);
    // Pool is written in numbers; its letters would name squares from Black's side, since
    // Black moves first (as playstrategy writes American checkers).
    expect(Pool, "W:W11:B7,9", &["11x2=K [7]"]);
    expect(English, "W:W11:B7,9", &["11x2=K [7]"]);
    expect(
        Russian,
        "B:W26,27:B22",
        &["c3xg3=K [d2,f2]", "c3xh4=K [d2,f2]"],
    );
    expect(Brazilian, "B:W26,27:B22", &["c3xg3 [d2,f2]"]);
    expect(Pool, "B:W26,27:B22", &["22x24 [26,27]"]);
    expect(English, "B:W26,27:B22", &["22x31=K [26]"]);
}

#[test]
fn t2_king_lands_where_the_capture_goes_on() {
    expect(
        Russian,
        "W:WKa1:Bc3,f4",
        &["a1xg3 [c3,f4]", "a1xh2 [c3,f4]"],
    );
    expect(
        International,
        "W:WK47:B9,12,33",
        &["47x17 [9,12,33]", "47x21 [9,12,33]", "47x26 [9,12,33]"],
    );
}

#[test]
fn t3_same_start_and_end_with_different_captures() {
    let fen = "W:WK47:B14,19,29,31,42";
    expect(
        International,
        fen,
        &["47x36 [14,29,31,42]", "47x36 [19,29,31,42]"],
    );
    let n = International.notation();
    let pos = position(International.rules(), &n, fen);
    let paths: Vec<String> = pos
        .legal_capture_paths()
        .iter()
        .map(|m| m.text(&n, 'x', true))
        .collect();
    assert!(paths.contains(&"47x38x24x13x36".to_string()), "{paths:?}");
    assert!(paths.contains(&"47x38x20x9x36".to_string()), "{paths:?}");
}

#[test]
fn t4_jumped_pieces_stay_and_block() {
    expect(
        International,
        "B:W27,28,38,39,42:BK25",
        &["25x33 [27,28,39,42]"],
    );
    expect(
        International,
        "W:WK41,49:B9,10,12,19,38",
        &["41x43 [9,12,19,38]"],
    );
}

#[test]
fn t5_majority_counts_pieces_not_kings() {
    expect(
        International,
        "W:W48:B24,K31,34,K42,43",
        &["48x19 [24,34,43]"],
    );
    expect(
        International,
        "W:W26:B12,K21,31,32",
        &["26x28 [31,32]", "26x8 [12,21]"],
    );
    expect(
        International,
        "W:W47:B13,14,22,24,31,34,K41,44",
        &["47x49 [13,14,22,24,31,34,41,44]"],
    );
    expect(
        International,
        "W:WK1:B7,9,17,19,20,30,31,33,43,44",
        &["1x15 [7,9,17,19,20,30,31,33,43,44]"],
    );
}

#[test]
fn t6_frisian_value_rule() {
    expect(Frisian, "W:WK13,19:BK12,20,24", &["19x10 [20,24]"]);
    expect(
        Frisian,
        "W:WK32,39:BK5,K6,30,38",
        &["32x43 [38]", "32x49 [38]"],
    );
    expect(
        Frisian,
        "W:WK33,49:BK16,K18,K24,31,32,43",
        &["33x17 [18,24]"],
    );
    expect(Frisian, "W:W12,K21:BK2,K7,29,38,39,K49", &["12x3=K [2,7]"]);
}

static FRISIAN_TWO_N_MINUS_HALF: Rules = Rules {
    precedence: Precedence::Frisian(FrisianValue::TwoNMinusHalf),
    ..variants::FRISIAN
};

#[test]
fn t6_frisian_discriminating_case_for_both_readings() {
    let fen = "W:WK13,27:BK21,K23,25,26,31,K38";
    expect(Frisian, fen, &["27x27 [21,26,31]"]);
    let half = moves_with(&FRISIAN_TWO_N_MINUS_HALF, &Frisian.notation(), fen);
    assert!(!half.is_empty());
    for m in &half {
        assert!(m.starts_with("13x") && m.ends_with("[23,38]"), "{half:?}");
    }
}

#[test]
fn t7_turkish_no_reversal_and_immediate_removal() {
    expect(
        Turkish,
        "W:WKd4:Bc4,e4",
        &[
            "d4xa4 [c4]",
            "d4xb4 [c4]",
            "d4xf4 [e4]",
            "d4xg4 [e4]",
            "d4xh4 [e4]",
        ],
    );
    expect(Turkish, "W:WKa3:Bc3,e5,d7,c2", &["a3xc1 [c2,c3,d7,e5]"]);
    let n = Turkish.notation();
    let pos = position(Turkish.rules(), &n, "W:WKa3:Bc3,e5,d7,c2");
    let m = pos.legal_moves()[0];
    assert_eq!(m.text(&n, 'x', true), "a3xe3xe7xc7xc1");
}

#[test]
fn t8_italian_priorities() {
    expect(Italian, "W:W30:BK26", &["30-27"]);
    expect(Italian, "W:WK23,31:B19,26,27", &["23x21 [26,27]"]);
    expect(Italian, "W:WK23:B19,K28", &["23x32 [28]"]);
    expect(Italian, "W:WK30:B10,12,18,K20,K26,27", &["30x5 [10,18,26]"]);
    expect(
        Italian,
        "W:WK31:B18,20,K27,K28",
        &["31x13 [18,27]", "31x15 [20,28]"],
    );
    expect(Italian, "W:WK21,31:B10,18,27", &["31x6 [10,18,27]"]);
}

#[test]
fn t9_czech_king_must_capture() {
    expect(Czech, "W:WKa1,e1:Bf6,b4,d2", &["a1xg7 [f6]", "a1xh8 [f6]"]);
    expect(Czech, "W:WK29,31:B11,17,26", &["a1xg7 [f6]", "a1xh8 [f6]"]);
}

#[test]
fn t10_spanish_quality_rule() {
    expect(Spanish, "W:W3,18:BK2,K6,22", &["3x10 [6]"]);
}

#[test]
fn t11_circular_capture_returns_to_its_start() {
    let fen = "W:WK13,27:BK21,K23,25,26,31,K38";
    let n = Frisian.notation();
    let pos = position(Frisian.rules(), &n, fen);
    let m = pos.legal_moves()[0];
    assert_eq!(m.from, m.to);
    let after = pos.played(&m);
    assert!(after.piece_at(m.to).is_some());
    assert_eq!(after.pieces(draughts::Colour::Black).len(), 3);
}
