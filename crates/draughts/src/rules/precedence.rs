//! Capture precedence as a number: a larger key must be preferred. The legal capture list
//! keeps the captures with the largest key; the diagnostics use the same key to say how a
//! written capture falls short.

use super::spec::{FrisianValue, Precedence};

/// What the precedence rules look at in one complete capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CaptureFacts {
    /// The capturing piece was a king when the move started.
    pub by_king: bool,
    /// Pieces captured.
    pub count: u32,
    /// Kings among them.
    pub kings: u32,
    /// Bit `i` set when the `i`th piece taken (0 = first) is a king.
    pub king_positions: u64,
}

/// Frisian men per king: a king is worth `2 - 1/FRISIAN_SCALE` men, so n kings rank above
/// 2n − 1 men for every n below this scale.
const FRISIAN_SCALE: u64 = 256;

/// Italian "king met first": earlier kings give larger keys (40 positions are plenty on 8x8).
const ITALIAN_POSITIONS: u32 = 40;

/// The precedence key of a capture: larger is better; equal keys are free choice.
pub(crate) fn key(p: Precedence, f: &CaptureFacts) -> u64 {
    let by_king = u64::from(f.by_king);
    let (count, kings) = (f.count as u64, f.kings as u64);
    match p {
        Precedence::Free => 0,
        Precedence::Quantity => count,
        Precedence::KingFirst => by_king,
        Precedence::QuantityThenKing => count << 1 | by_king,
        Precedence::QuantityThenKings => count << 8 | kings,
        Precedence::Italian => {
            let order = italian_order(f.king_positions);
            count << 56 | by_king << 55 | kings << 48 | order
        }
        Precedence::Frisian(v) => frisian_value(v, count - kings, kings) << 1 | by_king,
    }
}

/// The Frisian value of taking `men` men and `kings` kings, in the unit of the rule variant.
pub(crate) fn frisian_value(v: FrisianValue, men: u64, kings: u64) -> u64 {
    match v {
        FrisianValue::Consensus => (men + 2 * kings) * FRISIAN_SCALE - kings,
        // In half men: a man is 2, n kings are 4n − 1.
        FrisianValue::TwoNMinusHalf => 2 * men + if kings > 0 { 4 * kings - 1 } else { 0 },
    }
}

/// Reverses the first positions so that a king taken earlier gives a larger number.
fn italian_order(positions: u64) -> u64 {
    let kept = positions & ((1 << ITALIAN_POSITIONS) - 1);
    kept.reverse_bits() >> (64 - ITALIAN_POSITIONS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(by_king: bool, count: u32, kings: u32) -> CaptureFacts {
        CaptureFacts {
            by_king,
            count,
            kings,
            king_positions: 0,
        }
    }

    #[test]
    fn frisian_consensus_orders_kings_between_2n_minus_1_and_2n_men() {
        let p = Precedence::Frisian(FrisianValue::Consensus);
        for n in 1..10 {
            let kings = key(p, &facts(false, n, n));
            assert!(kings > key(p, &facts(false, 2 * n - 1, 0)));
            assert!(kings < key(p, &facts(false, 2 * n, 0)));
        }
        // One king and two men beat two kings; a king mover breaks ties.
        assert!(key(p, &facts(false, 3, 1)) > key(p, &facts(false, 2, 2)));
        assert!(key(p, &facts(true, 1, 0)) > key(p, &facts(false, 1, 0)));
    }

    #[test]
    fn frisian_two_n_minus_half_ties_two_kings_with_king_and_two_men() {
        let p = Precedence::Frisian(FrisianValue::TwoNMinusHalf);
        assert_eq!(key(p, &facts(false, 3, 1)), key(p, &facts(false, 2, 2)));
        assert!(key(p, &facts(true, 2, 2)) > key(p, &facts(false, 3, 1)));
    }

    #[test]
    fn italian_prefers_earlier_kings() {
        let mut a = facts(true, 3, 1);
        let mut b = a;
        a.king_positions = 0b001;
        b.king_positions = 0b010;
        assert!(key(Precedence::Italian, &a) > key(Precedence::Italian, &b));
        assert!(
            key(Precedence::Italian, &facts(true, 2, 0))
                > key(Precedence::Italian, &facts(false, 2, 0))
        );
    }
}
