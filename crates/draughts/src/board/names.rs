//! Square names of one notation as lookup tables: [`Notation::parse`] and
//! [`Notation::format`] work out corners, rotation and mirroring arithmetically, which costs
//! a hundred instructions or more per square; replaying an archive names every square of
//! every move, so the answers are tabulated once per notation and shared for the life of the
//! program.

use std::cell::Cell;
use std::sync::Mutex;

use super::{Notation, Square, SquareSet};
use crate::SquareToken;

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
    /// The text of every square's token, one after the other.
    text: String,
    /// Where each square's token is in `text`: start and end.
    spans: [(u16, u16); Square::MAX],
    /// Each square's place in FEN order (numbers, or files then ranks).
    order: [u8; Square::MAX],
    /// The square at each place of FEN order.
    by_order: [Square; Square::MAX],
}

impl SquareNames {
    fn new(notation: Notation) -> SquareNames {
        let mut names = SquareNames {
            notation,
            num: [None; MAX_NUM + 1],
            alg: [[None; RANKS]; FILES],
            format: [SquareToken::Num(0); Square::MAX],
            text: String::new(),
            spans: [(0, 0); Square::MAX],
            order: [0; Square::MAX],
            by_order: [Square::new(0).expect("square 0"); Square::MAX],
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
        let mut all: Vec<Square> = notation.geometry().all().collect();
        for &sq in &all {
            let token = notation.format(sq);
            names.format[sq.index()] = token;
            let start = names.text.len() as u16;
            push_token(&mut names.text, token);
            names.spans[sq.index()] = (start, names.text.len() as u16);
        }
        all.sort_by_key(|&sq| fen_key(names.format[sq.index()]));
        for (place, &sq) in all.iter().enumerate() {
            names.order[sq.index()] = place as u8;
            names.by_order[place] = sq;
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
            SquareToken::File(_) => None,
        }
    }

    /// The token of a square of this notation's board (as [`Notation::format`]).
    #[inline]
    pub fn format(&self, sq: Square) -> SquareToken {
        self.format[sq.index()]
    }

    /// The name of `sq` (as `format(sq).to_string()`).
    #[inline]
    pub fn name(&self, sq: Square) -> &str {
        let (start, end) = self.spans[sq.index()];
        &self.text[start as usize..end as usize]
    }

    /// Appends the name of `sq` (as `format(sq).to_string()` would).
    #[inline]
    pub fn push_name(&self, out: &mut String, sq: Square) {
        out.push_str(self.name(sq));
    }

    /// The squares of `set` in FEN order: numbers in increasing order, or letters then ranks
    /// (the order a FEN lists pieces in), without sorting.
    pub fn in_fen_order(&self, set: SquareSet) -> impl Iterator<Item = Square> + '_ {
        let mut places = 0u128;
        for sq in set {
            places |= 1 << self.order[sq.index()];
        }
        SquareSet::from_bits(places)
            .into_iter()
            .map(|place| self.by_order[place.index()])
    }
}

/// The order of tokens in a FEN piece list.
pub(crate) fn fen_key(t: SquareToken) -> (u8, u16) {
    match t {
        SquareToken::Num(n) => (0, n),
        SquareToken::Alg { file, rank } => (file, u16::from(rank)),
        SquareToken::File(file) => (file, 0),
    }
}

/// Appends a square token as its `Display` writes it.
pub fn push_token(out: &mut String, t: SquareToken) {
    match t {
        SquareToken::Num(n) => push_number(out, n),
        SquareToken::Alg { file, rank } => {
            out.push(char::from(b'a' + file));
            push_number(out, u16::from(rank));
        }
        SquareToken::File(file) => out.push(char::from(b'a' + file)),
    }
}

/// Appends `n` in decimal.
pub fn push_number(out: &mut String, n: u16) {
    let mut digits = [0u8; 5];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
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
    use crate::GameType;

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
                assert_eq!(names.name(sq), n.format(sq).to_string());
            }
            let mut sorted: Vec<Square> = n.geometry().all().collect();
            sorted.sort_by_key(|&sq| fen_key(n.format(sq)));
            let all: SquareSet = n.geometry().all().collect();
            assert_eq!(names.in_fen_order(all).collect::<Vec<_>>(), sorted);
            assert!(std::ptr::eq(names, n.names()));
        }
    }
}
