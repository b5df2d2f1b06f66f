//! A 64-bit key of a position, Zobrist's way: the XOR of one random number for each piece on
//! its square and one for the side to move. Equal positions have equal keys; two different
//! positions share one with a chance of about one in 2^64 per pair, so a key stands for its
//! position in an index or a table of seen positions (a caller that cannot afford a collision
//! compares the positions once the keys agree). A move changes the key by a few XORs.

use crate::{Colour, Square, SquareSet};

use super::Position;

/// Random numbers per kind of piece (white man, white king, black man, black king) and square,
/// from a fixed seed (splitmix64), so keys are the same in every run and every build.
const PIECES: [[u64; Square::MAX]; 4] = {
    let mut table = [[0u64; Square::MAX]; 4];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < Square::MAX {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[kind][sq] = z ^ (z >> 31);
            sq += 1;
        }
        kind += 1;
    }
    table
};

/// The number XORed in when Black is to move.
const BLACK_TO_MOVE: u64 = 0xF1BB_CDCB_A1C5_9F23;

impl Position {
    /// The position's key: its pieces and the side to move (not the Frisian king-move counts,
    /// which belong to the position but not to what a reader of a diagram sees).
    pub fn key(&self) -> u64 {
        let kings = self.kings();
        let white = self.pieces(Colour::White);
        let black = self.pieces(Colour::Black);
        let mut key = match self.side_to_move() {
            Colour::White => 0,
            Colour::Black => BLACK_TO_MOVE,
        };
        let mut add = |kind: usize, set: SquareSet| {
            for sq in set {
                key ^= PIECES[kind][sq.index()];
            }
        };
        add(0, white.difference(kings));
        add(1, white.intersection(kings));
        add(2, black.difference(kings));
        add(3, black.intersection(kings));
        key
    }
}

#[cfg(test)]
mod tests {
    use crate::{Config, Fen, GameState, Variant};

    fn key(variant: Variant, fen: &str) -> u64 {
        let game = GameState::from_fen(&Fen::parse(fen).unwrap(), Config::standard(variant));
        game.unwrap().position().key()
    }

    #[test]
    fn keys_tell_pieces_kings_and_the_side_to_move_apart() {
        let v = Variant::International;
        let base = key(v, "W:W31,32:B1,K2");
        assert_eq!(base, key(v, "W:W32,31:BK2,1"));
        for other in [
            "B:W31,32:B1,K2",
            "W:W31,K32:B1,K2",
            "W:W31,33:B1,K2",
            "W:W31,32:B1,2",
        ] {
            assert_ne!(base, key(v, other), "{other}");
        }
        // Every position of a game differs from the others by key as it does by pieces.
        let mut game = GameState::initial(v);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..60 {
            let pos = *game.position();
            if let Some(earlier) = seen.insert(pos.key(), pos) {
                assert!(
                    earlier.pieces(crate::Colour::White) == pos.pieces(crate::Colour::White)
                        && earlier.pieces(crate::Colour::Black) == pos.pieces(crate::Colour::Black)
                );
            }
            let Some(m) = game.legal_moves().last().copied() else {
                break;
            };
            game.play(&m);
        }
        assert!(seen.len() > 30);
    }
}
