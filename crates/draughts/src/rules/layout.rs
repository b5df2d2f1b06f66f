//! The padded bitboard layout of a board and the direction table the generator uses.
//!
//! Dark-square boards are first mirrored, if needed, so that the bottom-left square is
//! playable; rows are then numbered from the top, and one unused "ghost" bit follows every
//! two rows. With that padding each diagonal step is one constant shift for every square
//! (10x10: 5 and 6; 8x8: 4 and 5), and a straight step of two rows is `width + 1`. All-square
//! boards (Turkish) are plain row-major. Every direction also carries the set of squares from
//! which a step stays on the board, so one AND and one shift make a step.

use super::bits::Bits;
use crate::{Geometry, Square, Squares};

/// Direction indices. Opposite directions differ in the lowest bit.
pub(crate) const UP_LEFT: usize = 0;
pub(crate) const DOWN_RIGHT: usize = 1;
pub(crate) const UP_RIGHT: usize = 2;
pub(crate) const DOWN_LEFT: usize = 3;
pub(crate) const UP: usize = 4;
pub(crate) const DOWN: usize = 5;
pub(crate) const LEFT: usize = 6;
pub(crate) const RIGHT: usize = 7;

/// `(dx, dy)` of each direction index, in units of one square (diagonal) or one playable
/// square (straight; two squares on dark-square boards). `dy > 0` is towards Black.
const DELTAS: [(i32, i32); 8] = [
    (-1, 1),
    (1, -1),
    (1, 1),
    (-1, -1),
    (0, 1),
    (0, -1),
    (-1, 0),
    (1, 0),
];

/// One step direction: a rotation, and the squares it may start from. Because a step is
/// only taken from squares whose neighbour is on the board, no bit wraps around, so a
/// rotation left by `shift` (towards higher bits) or by `WIDTH - shift` (towards lower
/// bits) is an exact shift without a branch on the sign.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dir<B> {
    /// Direction index (see the constants above).
    pub index: u8,
    rot: u32,
    back_rot: u32,
    from: B,
}

impl Dir<u64> {
    /// A step of a 64-bit layout known at compile time: rotation left by `rot`, from the
    /// squares of `from`.
    pub const fn fixed(index: usize, rot: u32, from: u64) -> Dir<u64> {
        Dir {
            index: index as u8,
            rot,
            back_rot: (64 - rot) % 64,
            from,
        }
    }
}

impl<B: Bits> Dir<B> {
    fn new(index: usize, delta: i64, from: B) -> Dir<B> {
        let w = B::WIDTH as i64;
        let rot = delta.rem_euclid(w) as u32;
        Dir {
            index: index as u8,
            rot,
            back_rot: (w as u32 - rot) % B::WIDTH,
            from,
        }
    }

    /// The squares one step away from the squares of `b` (those that stay on the board).
    #[inline(always)]
    pub fn step(&self, b: B) -> B {
        (b & self.from).rotl(self.rot)
    }

    /// The squares one step back from the squares of `b`, for `b` within the steps' targets
    /// (inverse of [`Self::step`]).
    #[inline(always)]
    pub fn back(&self, b: B) -> B {
        b.rotl(self.back_rot)
    }

    /// Whether this is the same step as `d` of a 64-bit layout.
    pub fn same_as(&self, d: &Dir<u64>) -> bool {
        B::WIDTH == 64
            && self.index == d.index
            && self.rot == d.rot
            && self.back_rot == d.back_rot
            && self.from.wide() == u128::from(d.from)
    }

    /// Bits moved by one step (positive = towards higher bits), for tests.
    #[cfg(test)]
    pub fn delta(&self) -> i64 {
        let w = B::WIDTH as i64;
        let r = self.rot as i64;
        if r > w / 2 { r - w } else { r }
    }
}

/// Bit positions and directions of one board.
#[derive(Debug)]
pub(crate) struct Layout<B> {
    /// The board.
    pub geometry: Geometry,
    /// All playable bits.
    pub board: B,
    /// Steps by direction index.
    pub dirs: [Dir<B>; 8],
    /// Promotion rank: index 0 for White (top rank), 1 for Black (bottom rank).
    pub promotion: [B; 2],
    bit_of: [u8; Square::MAX],
    square_of: Vec<u8>,
}

/// Marks a bit position that holds no square.
const GHOST: u8 = u8::MAX;

impl<B: Bits> Layout<B> {
    /// Builds the layout, or `None` when the board does not fit in `B`.
    pub fn new(geometry: Geometry) -> Option<Layout<B>> {
        let canon = |sq: Square| canonical(geometry, sq);
        let mut bit_of = [GHOST; Square::MAX];
        let mut square_of = vec![GHOST; B::WIDTH as usize];
        for sq in geometry.all() {
            let (cx, cy) = canon(sq);
            let bit = bit_at(geometry, cx, cy);
            if bit >= B::WIDTH as usize {
                return None;
            }
            bit_of[sq.index()] = bit as u8;
            square_of[bit] = sq.index() as u8;
        }
        let mut layout = Layout {
            geometry,
            board: B::ZERO,
            dirs: [Dir::new(0, 0, B::ZERO); 8],
            promotion: [B::ZERO; 2],
            bit_of,
            square_of,
        };
        layout.board = geometry.all().fold(B::ZERO, |b, s| b | layout.bit(s));
        for (i, dir) in layout.dirs.clone().iter_mut().enumerate() {
            *dir = layout.direction(i);
            layout.dirs[i] = *dir;
        }
        let top = geometry.height() as i32 - 1;
        for sq in geometry.all() {
            let rank = geometry.rank(sq);
            if rank == top {
                layout.promotion[0] |= layout.bit(sq);
            }
            if rank == 0 {
                layout.promotion[1] |= layout.bit(sq);
            }
        }
        Some(layout)
    }

    /// The one-bit word of a square.
    #[inline]
    pub fn bit(&self, sq: Square) -> B {
        B::bit(self.bit_of[sq.index()] as u32)
    }

    /// The bit index of a square.
    pub fn bit_index(&self, sq: Square) -> u8 {
        self.bit_of[sq.index()]
    }

    /// The square at a bit index.
    pub fn square(&self, bit: u32) -> Square {
        Square::new(self.square_of[bit as usize] as usize).expect("ghost bit used as a square")
    }

    /// Squares of a bitboard.
    pub fn squares(&self, b: B) -> impl Iterator<Item = Square> + '_ {
        b.singles().map(|s| self.square(s.lowest()))
    }

    fn direction(&self, index: usize) -> Dir<B> {
        let g = self.geometry;
        let (dx, dy) = DELTAS[index];
        let (dx, dy) = match (g.squares(), index >= UP) {
            (Squares::Dark { .. }, true) => (2 * dx, 2 * dy),
            _ => (dx, dy),
        };
        let mut from = B::ZERO;
        let mut delta: Option<i64> = None;
        for sq in g.all() {
            let (cx, cy) = canonical(g, sq);
            let Some(to) = canonical_square(g, cx + dx, cy + dy) else {
                continue;
            };
            let d = self.bit_of[to.index()] as i64 - self.bit_of[sq.index()] as i64;
            assert!(delta.is_none_or(|x| x == d), "non-uniform shift on {g:?}");
            delta = Some(d);
            from |= self.bit(sq);
        }
        Dir::new(index, delta.unwrap_or(1), from)
    }
}

/// Coordinates with the board mirrored, if needed, so that the bottom-left square is
/// playable (all rules are left-right symmetric, so this changes no move).
fn canonical(g: Geometry, sq: Square) -> (i32, i32) {
    let (x, y) = g.coords(sq);
    match g.squares() {
        Squares::Dark { bottom_left: false } => (g.width() as i32 - 1 - x, y),
        _ => (x, y),
    }
}

/// The square at canonical coordinates.
fn canonical_square(g: Geometry, cx: i32, cy: i32) -> Option<Square> {
    match g.squares() {
        Squares::Dark { bottom_left: false } => g.square_at(g.width() as i32 - 1 - cx, cy),
        _ => g.square_at(cx, cy),
    }
}

/// Bit position of canonical coordinates: rows from the top, a ghost bit after every two
/// rows on dark-square boards.
fn bit_at(g: Geometry, cx: i32, cy: i32) -> usize {
    let (w, h) = (g.width() as usize, g.height() as usize);
    let row = h - 1 - cy as usize;
    match g.squares() {
        Squares::All => row * w + cx as usize,
        Squares::Dark { .. } => {
            let dense = row * (w / 2) + cx as usize / 2;
            dense + dense / w
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn international_uses_shifts_5_and_6() {
        let l = Layout::<u64>::new(Geometry::INTERNATIONAL).unwrap();
        let shifts: Vec<i64> = l.dirs[..4].iter().map(|d| d.delta()).collect();
        assert_eq!(shifts, vec![-6, 6, -5, 5]);
        assert_eq!(l.dirs[UP].delta(), -11);
        assert_eq!(l.dirs[RIGHT].delta(), 1);
        assert_eq!(l.board.count_ones(), 50);
        assert_eq!(l.promotion[0].count_ones(), 5);
    }

    #[test]
    fn every_board_fits_its_word() {
        for g in [
            Geometry::EIGHT,
            Geometry::EIGHT_MIRRORED,
            Geometry::TEN_BY_EIGHT,
            Geometry::INTERNATIONAL,
            Geometry::TURKISH,
        ] {
            assert!(Layout::<u64>::new(g).is_some(), "{g:?}");
        }
        assert!(Layout::<u64>::new(Geometry::TWELVE).is_none());
        assert!(Layout::<u128>::new(Geometry::TWELVE).is_some());
    }

    #[test]
    fn steps_match_coordinates() {
        for g in [
            Geometry::EIGHT_MIRRORED,
            Geometry::TURKISH,
            Geometry::TWELVE,
        ] {
            let l = Layout::<u128>::new(g).unwrap();
            for sq in g.all() {
                let (x, y) = g.coords(sq);
                let up = l.dirs[UP].step(l.bit(sq));
                let dy = if matches!(g.squares(), Squares::All) {
                    1
                } else {
                    2
                };
                assert_eq!(up, g.square_at(x, y + dy).map_or(0, |s| l.bit(s)));
            }
        }
    }
}
