//! The padded bitboard layout of a board and the direction table the generator uses.
//!
//! Dark-square boards are first mirrored, if needed, so that the bottom-left square is
//! playable; rows are then numbered from the top, and one unused "ghost" bit follows every
//! two rows. With that padding each diagonal step is one constant shift for every square
//! (10x10: 5 and 6; 8x8: 4 and 5), and a straight step of two rows is `width + 1`. All-square
//! boards (Turkish) are plain row-major. Every direction also carries the set of squares from
//! which a step stays on the board, so one AND and one shift make a step.

use super::bits::Bits;
use crate::{Geometry, Square, SquareSet, Squares};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dir<B> {
    /// Direction index (see the constants above).
    pub index: u8,
    rot: u32,
    back_rot: u32,
    from: B,
}

/// `Dir::planned` for each word, at compile time: a rule set fixed at compile time
/// (`fixed.rs`) builds its steps from the same plan as a context.
macro_rules! planned_dirs {
    ($($word:ty),*) => {$(
        impl Dir<$word> {
            /// The eight steps of `plan` in this word.
            pub const fn planned(plan: &Plan) -> [Dir<$word>; 8] {
                let mut dirs = [Dir { index: 0, rot: 0, back_rot: 0, from: 0 }; 8];
                let mut i = 0;
                while i < 8 {
                    let rot = plan.rot[i];
                    dirs[i] = Dir {
                        index: i as u8,
                        rot,
                        back_rot: (<$word>::BITS - rot) % <$word>::BITS,
                        from: plan.from[i] as $word,
                    };
                    i += 1;
                }
                dirs
            }
        }
    )*};
}

planned_dirs!(u64, u128);

impl<B: Bits> Dir<B> {
    fn new(index: usize, plan: &Plan) -> Dir<B> {
        let rot = plan.rot[index];
        Dir {
            index: index as u8,
            rot,
            back_rot: (B::WIDTH - rot) % B::WIDTH,
            from: B::narrow(plan.from[index]),
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
    /// All playable bits.
    pub board: B,
    /// Steps by direction index.
    pub dirs: [Dir<B>; 8],
    /// Promotion rank: index 0 for White (top rank), 1 for Black (bottom rank).
    pub promotion: [B; 2],
    bit_of: [u8; Square::MAX],
    square_of: Vec<u8>,
    /// The bits as runs that the square numbering keeps in order (`None` past [`MAX_RUNS`]):
    /// a set of bits becomes a set of squares by one shift and mask per run.
    runs: Option<Vec<Run>>,
    /// Every bit and square is below 64.
    narrow: bool,
}

/// Marks a bit position that holds no square.
const GHOST: u8 = u8::MAX;

/// Most runs a layout converts by shifts; past it, bit by bit.
const MAX_RUNS: usize = 12;

/// Bits `bit..bit + len` hold squares `square..square + len`; `mask` has the `len` low bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    bit: u32,
    len: u32,
    square: u32,
    mask: u128,
}

/// The runs of `square_of` (ghost bits skipped), if there are at most [`MAX_RUNS`].
fn runs(square_of: &[u8]) -> Option<Vec<Run>> {
    let mut runs: Vec<Run> = Vec::new();
    for (bit, &square) in square_of.iter().enumerate() {
        if square == GHOST {
            continue;
        }
        let (bit, square) = (bit as u32, u32::from(square));
        match runs.last_mut() {
            Some(r) if r.bit + r.len == bit && r.square + r.len == square => {
                r.len += 1;
                r.mask = r.mask << 1 | 1;
            }
            _ => runs.push(Run {
                bit,
                len: 1,
                square,
                mask: 1,
            }),
        }
    }
    (runs.len() <= MAX_RUNS).then_some(runs)
}

impl<B: Bits> Layout<B> {
    /// Builds the layout, or `None` when the board does not fit in `B`.
    pub fn new(geometry: Geometry) -> Option<Layout<B>> {
        let plan = plan(geometry, B::WIDTH);
        if !plan.fits {
            return None;
        }
        let mut bit_of = [GHOST; Square::MAX];
        let mut square_of = vec![GHOST; B::WIDTH as usize];
        for sq in geometry.all() {
            let (cx, cy) = canonical(geometry, sq);
            let bit = bit_at(geometry, cx, cy);
            bit_of[sq.index()] = bit as u8;
            square_of[bit] = sq.index() as u8;
        }
        Some(Layout {
            board: B::narrow(plan.board),
            dirs: std::array::from_fn(|i| Dir::new(i, &plan)),
            promotion: plan.promotion.map(B::narrow),
            bit_of,
            runs: runs(&square_of),
            narrow: B::WIDTH <= 64 && geometry.all().all(|sq| sq.index() < 64),
            square_of,
        })
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
    #[inline]
    pub fn square(&self, bit: u32) -> Square {
        Square::new(self.square_of[bit as usize] as usize).expect("ghost bit used as a square")
    }

    /// Squares of a bitboard.
    pub fn squares(&self, b: B) -> impl Iterator<Item = Square> + '_ {
        b.singles().map(|s| self.square(s.lowest()))
    }

    /// The squares of the bits `b` (no ghost bit among them).
    #[inline]
    pub fn square_set(&self, b: B) -> SquareSet {
        let Some(runs) = &self.runs else {
            return self.squares(b).collect();
        };
        let bits = b.wide();
        if self.narrow {
            // Bits and squares below 64: shifts of one word, not two.
            let bits = bits as u64;
            let set = runs.iter().fold(0u64, |set, r| {
                set | ((bits >> r.bit) & r.mask as u64) << r.square
            });
            return SquareSet::from_bits(u128::from(set));
        }
        SquareSet::from_bits(
            runs.iter()
                .fold(0, |set, r| set | ((bits >> r.bit) & r.mask) << r.square),
        )
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

/// Bit position of canonical coordinates: rows from the top, a ghost bit after every two
/// rows on dark-square boards.
const fn bit_at(g: Geometry, cx: i32, cy: i32) -> usize {
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

/// A board's layout in a word of `width` bits, as numbers: worked out by a `const fn`, so
/// that a rule set fixed at compile time (`fixed.rs`) and a context built at run time
/// ([`Layout::new`]) place their bits and steps by the one computation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Every playable square has a bit below `width`.
    pub fits: bool,
    /// All playable bits.
    pub board: u128,
    /// Promotion rank: index 0 for White (top rank), 1 for Black (bottom rank).
    pub promotion: [u128; 2],
    /// Per direction index, the rotation left that makes a step.
    pub rot: [u32; 8],
    /// Per direction index, the squares a step may start from.
    pub from: [u128; 8],
}

/// Whether canonical coordinates name a playable square of `g`.
const fn playable(g: Geometry, cx: i32, cy: i32) -> bool {
    let (w, h) = (g.width() as i32, g.height() as i32);
    let dark = matches!(g.squares(), Squares::Dark { .. });
    cx >= 0 && cy >= 0 && cx < w && cy < h && (!dark || (cx + cy) % 2 == 0)
}

/// The plan of `g` in a word of `width` bits (64 or 128). Canonical coordinates (the board
/// mirrored so that its bottom-left square is playable) are walked square by square; every
/// step of one direction must move the same number of bits.
pub(crate) const fn plan(g: Geometry, width: u32) -> Plan {
    let (w, h) = (g.width() as i32, g.height() as i32);
    let dark = matches!(g.squares(), Squares::Dark { .. });
    let mut plan = Plan {
        fits: true,
        board: 0,
        promotion: [0; 2],
        rot: [1; 8],
        from: [0; 8],
    };
    let (mut cx, mut cy) = (0, 0);
    while cy < h {
        if playable(g, cx, cy) {
            let bit = bit_at(g, cx, cy) as u32;
            if bit >= width {
                plan.fits = false;
                return plan;
            }
            plan.board |= 1 << bit;
            if cy == h - 1 {
                plan.promotion[0] |= 1 << bit;
            }
            if cy == 0 {
                plan.promotion[1] |= 1 << bit;
            }
        }
        cx += 1;
        if cx == w {
            (cx, cy) = (0, cy + 1);
        }
    }
    let mut index = 0;
    while index < 8 {
        let (mut dx, mut dy) = DELTAS[index];
        if dark && index >= UP {
            (dx, dy) = (2 * dx, 2 * dy);
        }
        let mut delta: Option<i64> = None;
        let (mut cx, mut cy) = (0, 0);
        while cy < h {
            if playable(g, cx, cy) && playable(g, cx + dx, cy + dy) {
                let from = bit_at(g, cx, cy) as i64;
                let d = bit_at(g, cx + dx, cy + dy) as i64 - from;
                if let Some(x) = delta {
                    assert!(
                        x == d,
                        "a direction whose steps move different numbers of bits"
                    );
                }
                delta = Some(d);
                plan.from[index] |= 1 << from;
            }
            cx += 1;
            if cx == w {
                (cx, cy) = (0, cy + 1);
            }
        }
        if let Some(d) = delta {
            plan.rot[index] = d.rem_euclid(width as i64) as u32;
        }
        index += 1;
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board's sets of bits convert to the same squares by runs as bit by bit, and the
    /// common boards have few enough runs to take the shifts.
    #[test]
    fn square_sets_by_runs_are_the_squares_bit_by_bit() {
        fn check<B: Bits>(g: Geometry) -> bool {
            let Some(l) = Layout::<B>::new(g) else {
                return false;
            };
            let mut state = 0x2545_F491_4F6C_DD1Du64;
            for _ in 0..200 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let random =
                    (u128::from(state) << 64 | u128::from(state.rotate_left(29))) & l.board.wide();
                for bits in [random, l.board.wide(), 0] {
                    let b = B::narrow(bits);
                    let expected: SquareSet = l.squares(b).collect();
                    assert_eq!(l.square_set(b), expected, "{g:?}");
                }
            }
            l.runs.is_some()
        }
        let mut by_runs = 0;
        for g in Geometry::EVERY {
            by_runs += usize::from(check::<u64>(g));
            by_runs += usize::from(check::<u128>(g));
        }
        // All but the mirrored 8x8 board (numbered against its bits) and the 12x12 board in 64
        // bits (which does not fit).
        assert_eq!(by_runs, 9);
    }

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
