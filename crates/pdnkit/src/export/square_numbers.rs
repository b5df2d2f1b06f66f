//! Squares as numbers and positions as bit masks: the typed squares of the plies table.
//!
//! Every square of a game's board has a number. In a numeric notation it is the number the
//! notation writes (international 1–50, English 1–32). In an algebraic notation it is the
//! number pdnkit reads beside the letters (in FENs, say): 1 at the top-left playable square
//! of the written board as White sees it, counting row by row to the right and down (Russian:
//! h8 = 4, a1 = 29). A set of squares is a mask whose bit `n - 1` stands for square `n`: the
//! first 64 squares in one 64-bit mask, squares 65 to 128 (12x12 boards have 72) in a second.

use std::cell::RefCell;

use draughts::{Notation, NotationKind, Square, SquareSet, SquareToken};

/// The number of every square of one notation's board, and whether they are the square
/// indices plus one (then a set's bits are the mask's, shifted by nothing).
#[derive(Clone, Debug)]
pub struct SquareNumbers {
    number: [u8; Square::MAX],
    identity: bool,
}

impl SquareNumbers {
    /// The numbers of `notation`'s squares (worked out once per notation and thread).
    pub fn of(notation: &Notation) -> SquareNumbers {
        thread_local! {
            static KNOWN: RefCell<Vec<(Notation, SquareNumbers)>> = const { RefCell::new(Vec::new()) };
        }
        KNOWN.with_borrow_mut(|known| {
            if let Some((_, numbers)) = known.iter().find(|(n, _)| n == notation) {
                return numbers.clone();
            }
            let numbers = SquareNumbers::new(notation);
            known.push((*notation, numbers.clone()));
            numbers
        })
    }

    fn new(notation: &Notation) -> SquareNumbers {
        let numeric = notation.as_written(NotationKind::Numeric);
        let mut number = [0; Square::MAX];
        for sq in notation.geometry().all() {
            number[sq.index()] = match numeric.format(sq) {
                SquareToken::Num(n) => n as u8,
                other => unreachable!("a numeric notation wrote {other}"),
            };
        }
        let identity = notation
            .geometry()
            .all()
            .all(|sq| usize::from(number[sq.index()]) == sq.index() + 1);
        SquareNumbers { number, identity }
    }

    /// The number of `sq`.
    #[inline]
    pub fn number(&self, sq: Square) -> u8 {
        self.number[sq.index()]
    }

    /// The mask of `set`: bit `n - 1` for square `n`. With `fast` (the position's fast paths
    /// on), a board whose numbers are its indices plus one takes the set's bits as they are.
    #[inline]
    pub fn mask(&self, set: SquareSet, fast: bool) -> u128 {
        if fast && self.identity {
            return set.bits();
        }
        set.iter()
            .fold(0, |mask, sq| mask | 1u128 << (self.number(sq) - 1))
    }
}

/// A 128-bit mask as the two signed 64-bit columns that hold it: squares 1–64, squares
/// 65–128 (their bits as they are, so square 64 is the sign bit).
#[inline]
pub fn halves(mask: u128) -> (i64, i64) {
    (mask as u64 as i64, (mask >> 64) as u64 as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts::GameType;

    fn notation(gt: &str) -> Notation {
        let attrs = GameType::parse(gt).unwrap().attrs.unwrap();
        Notation::from_attrs(&attrs, gt.starts_with("30,")).unwrap()
    }

    #[test]
    fn numbers_are_the_names_of_numeric_notations() {
        for gt in [
            "20,W,10,10,N2,0",
            "21,B,8,8,N1,0",
            "22,W,8,8,N2,1",
            "24,W,8,8,N1,1",
            "27,W,12,12,N2,0",
            "31,B,8,8,N2,0",
        ] {
            let n = notation(gt);
            let numbers = SquareNumbers::of(&n);
            for sq in n.geometry().all() {
                assert_eq!(
                    n.format(sq),
                    SquareToken::Num(numbers.number(sq).into()),
                    "{gt}"
                );
            }
        }
    }

    #[test]
    fn algebraic_squares_take_the_numbers_read_beside_them() {
        let russian = notation("25,W,8,8,A0,0");
        let numbers = SquareNumbers::of(&russian);
        let square = |name: &str| {
            let token = draughts::parse_square_token(name).unwrap().0;
            numbers.number(russian.parse(token).unwrap())
        };
        assert_eq!((square("h8"), square("a1"), square("c3")), (4, 29, 22));
        let turkish = notation("30,W,8,8,A0,0");
        let numbers = SquareNumbers::of(&turkish);
        let a8 = turkish
            .parse(draughts::parse_square_token("a8").unwrap().0)
            .unwrap();
        let h1 = turkish
            .parse(draughts::parse_square_token("h1").unwrap().0)
            .unwrap();
        assert_eq!((numbers.number(a8), numbers.number(h1)), (1, 64));
    }

    #[test]
    fn masks_agree_with_and_without_the_shortcut() {
        for gt in [
            "20,W,10,10,N2,0",
            "24,W,8,8,N1,1",
            "27,W,12,12,N2,0",
            "30,W,8,8,A0,0",
        ] {
            let n = notation(gt);
            let numbers = SquareNumbers::of(&n);
            let set: SquareSet = n.geometry().all().step_by(3).collect();
            let slow = numbers.mask(set, false);
            assert_eq!(numbers.mask(set, true), slow, "{gt}");
            assert_eq!(slow.count_ones() as usize, set.len());
            for sq in set {
                assert_eq!(slow >> (numbers.number(sq) - 1) & 1, 1, "{gt} {sq:?}");
            }
        }
        // Spanish numbers run from White's near right: not the indices.
        assert!(!SquareNumbers::of(&notation("24,W,8,8,N1,1")).identity);
        assert!(SquareNumbers::of(&notation("20,W,10,10,N2,0")).identity);
    }

    #[test]
    fn halves_keep_every_bit() {
        let mask = 1u128 << 71 | 1 << 63 | 1;
        assert_eq!(halves(mask), (i64::MIN | 1, 1 << 7));
    }
}
