//! `Square` and `SquareSet`: typed indices of playable squares and sets of them.
//!
//! A `Square` only means something together with a [`Geometry`](super::Geometry): it is the
//! index of a playable square counted row by row from the top-left playable square as White
//! sees the board. Turning written tokens into squares is [`Notation`](super::Notation)'s job.

use std::fmt;

/// Index of a playable square on some board (0-based, row by row from White's top-left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Largest number of playable squares any supported board has.
    pub const MAX: usize = 128;

    /// The square with index `i`; `None` when `i` is not below [`Square::MAX`].
    pub const fn new(i: usize) -> Option<Square> {
        if i < Square::MAX {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The index, for table look-ups.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of squares of one board (a 128-bit bitset over [`Square`] indices).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet(u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set of the given raw bits (bit `i` = square index `i`).
    pub const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits)
    }

    /// The raw bits.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding one square.
    pub const fn single(sq: Square) -> SquareSet {
        SquareSet(1 << sq.0)
    }

    /// True when `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.0;
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.0);
    }

    /// Number of squares in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True for the empty set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Squares in both sets.
    pub const fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// Squares in either set.
    pub const fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// Squares of `self` not in `other`.
    pub const fn difference(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }

    /// The squares in increasing index order.
    pub fn iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        self.iter()
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Square::index))
            .finish()
    }
}

/// Iterator over the squares of a [`SquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct SquareIter(u128);

impl Iterator for SquareIter {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_hold_up_to_square_127() {
        let a = Square::new(0).unwrap();
        let z = Square::new(127).unwrap();
        assert!(Square::new(128).is_none());
        let mut s: SquareSet = [a, z].into_iter().collect();
        assert_eq!(s.len(), 2);
        assert!(s.contains(z) && s.contains(a));
        s.remove(a);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![z]);
        assert_eq!(s.union(SquareSet::single(a)).len(), 2);
        assert!(s.difference(SquareSet::single(z)).is_empty());
    }
}
