//! Square names of one notation as lookup tables: [`Notation::parse`] and
//! [`Notation::format`] work out corners, rotation and mirroring arithmetically, which costs
//! a hundred instructions or more per square; replaying an archive names every square of
//! every move, so the answers are tabulated once per notation and shared for the life of the
//! program.

use std::cell::Cell;
use std::sync::Mutex;

use super::{Notation, Square};
use crate::pdn::squares::SquareToken;

/// Largest numeric token tabulated (every board has at most [`Square::MAX`] squares).
const MAX_NUM: usize = Square::MAX;
/// Files `a`–`l` (what a square token can hold).
const FILES: usize = 12;
/// Ranks 1–15 (no supported board is higher).
const RANKS: usize = 16;

/// Every square name of one notation, tabulated: what [`Notation::parse`] and
/// [`Notation::format`] answer, by table look-up.
#[derive(Debug)]
pub struct SquareNames {
    notation: Notation,
    num: [Option<Square>; MAX_NUM + 1],
    alg: [[Option<Square>; RANKS]; FILES],
    format: [SquareToken; Square::MAX],
}

impl SquareNames {
    fn new(notation: Notation) -> SquareNames {
        let mut names = SquareNames {
            notation,
            num: [None; MAX_NUM + 1],
            alg: [[None; RANKS]; FILES],
            format: [SquareToken::Num(0); Square::MAX],
        };
        for (n, slot) in names.num.iter_mut().enumerate() {
            *slot = notation.parse(SquareToken::Num(n as u16));
        }
        for (file, ranks) in names.alg.iter_mut().enumerate() {
            for (rank, slot) in ranks.iter_mut().enumerate() {
                *slot = notation.parse(SquareToken::Alg {
                    file: file as u8,
                    rank: rank as u8,
                });
            }
        }
        for sq in notation.geometry().all() {
            names.format[sq.index()] = notation.format(sq);
        }
        names
    }

    /// The notation tabulated.
    pub fn notation(&self) -> &Notation {
        &self.notation
    }

    /// The square a token names (as [`Notation::parse`]).
    #[inline]
    pub fn parse(&self, token: SquareToken) -> Option<Square> {
        match token {
            SquareToken::Num(n) => self.num.get(n as usize).copied().flatten(),
            SquareToken::Alg { file, rank } => self
                .alg
                .get(file as usize)
                .and_then(|r| r.get(rank as usize))
                .copied()
                .flatten(),
        }
    }

    /// The token of a square of this notation's board (as [`Notation::format`]).
    #[inline]
    pub fn format(&self, sq: Square) -> SquareToken {
        self.format[sq.index()]
    }
}

impl Notation {
    /// The tabulated names of this notation, built on first use and shared by every thread.
    pub fn names(&self) -> &'static SquareNames {
        thread_local! {
            static LAST: Cell<Option<&'static SquareNames>> = const { Cell::new(None) };
        }
        if let Some(n) = LAST.get().filter(|n| n.notation == *self) {
            return n;
        }
        static REGISTRY: Mutex<Vec<&'static SquareNames>> = Mutex::new(Vec::new());
        let mut reg = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
        let names = match reg.iter().find(|n| n.notation == *self) {
            Some(n) => *n,
            None => {
                let n: &'static SquareNames = Box::leak(Box::new(SquareNames::new(*self)));
                reg.push(n);
                n
            }
        };
        LAST.set(Some(names));
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdn::tags::GameType;

    #[test]
    fn tables_agree_with_the_arithmetic_for_every_token() {
        for gt in [
            "20,W,10,10,N2,0",
            "21,B,8,8,N1,0",
            "22,W,8,8,N2,1",
            "25,W,8,8,A0,0",
            "27,W,12,12,N2,0",
            "30,W,8,8,A0,0",
            "41,W,10,8,A0,0",
            "23,B,8,8,A1,1",
        ] {
            let attrs = GameType::parse(gt).unwrap().attrs.unwrap();
            let n = Notation::from_attrs(&attrs, gt.starts_with("30,")).unwrap();
            let names = n.names();
            for num in 0..1000u16 {
                let t = SquareToken::Num(num);
                assert_eq!(names.parse(t), n.parse(t), "{gt} {num}");
            }
            for file in 0..12u8 {
                for rank in 0..100u8 {
                    let t = SquareToken::Alg { file, rank };
                    assert_eq!(names.parse(t), n.parse(t), "{gt} {t}");
                }
            }
            for sq in n.geometry().all() {
                assert_eq!(names.format(sq), n.format(sq));
            }
            assert!(std::ptr::eq(names, n.names()));
        }
    }
}
