//! The FEN reader on arbitrary text: parsing never panics; a FEN that sets up a position
//! under a variant writes back into a FEN that sets up the same position, and the position's
//! legal moves can be generated and played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use draughts::Fen;
use draughts::{Config, GameState, Variant};

const VARIANTS: [Variant; 8] = [
    Variant::International,
    Variant::English,
    Variant::Russian,
    Variant::Frisian,
    Variant::Italian,
    Variant::Turkish,
    Variant::Canadian,
    Variant::Spantsiretti,
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let Ok(fen) = Fen::parse(&text) else { return };
    let _ = fen.to_string();
    let variant = VARIANTS[usize::from(pick) % VARIANTS.len()];
    let Ok(game) = GameState::from_fen(&fen, Config::standard(variant)) else {
        return;
    };
    let written = game.to_fen().to_string();
    let back = Fen::parse(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    let again = GameState::from_fen(&back, Config::standard(variant))
        .unwrap_or_else(|e| panic!("{variant}: {text:?} wrote {written}, which fails: {e}"));
    assert_eq!(
        game.position(),
        again.position(),
        "{variant}: {text:?} -> {written}"
    );
    let moves = game.legal_moves();
    if let Some(m) = moves.get(usize::from(pick) % moves.len().max(1)) {
        let mut next = game.clone();
        next.play(m);
        let _ = next.to_fen().to_string();
    }
});
