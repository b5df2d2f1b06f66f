//! Plays a game of any variant with the rules crate alone: the legal moves of each position,
//! the first of them played (captures are compulsory, so the list holds only captures when one
//! is due), until the game ends or 60 plies are played; then the final position as FEN.
//!
//! `cargo run --example play_moves -- russian`

use pdnkit::draughts::{GameState, Outcome, Variant};

fn main() {
    let name = std::env::args().nth(1).unwrap_or("international".into());
    let variant = Variant::from_name(&name).unwrap_or_else(|| panic!("unknown variant {name}"));
    let mut game = GameState::initial(variant);
    let (notation, separator) = (game.config().notation, variant.capture_separator());
    for ply in 1..=60 {
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        let moves = game.legal_moves();
        let Some(first) = moves.first() else { break };
        let listed: Vec<String> = moves
            .iter()
            .map(|m| m.text(&notation, separator, true))
            .collect();
        println!("{ply:>2}. {:<12} of {}", listed[0], listed.join(" "));
        game.play(first);
    }
    println!("{}", game.to_fen());
    println!("{:?}", game.outcome());
}
