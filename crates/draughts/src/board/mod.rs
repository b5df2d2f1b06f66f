//! Board geometry and square notation. This module knows shapes and names of squares; it
//! knows nothing about how pieces move (that is `rules`).
//!
//! * [`Geometry`]: width, height, which squares are playable (dark squares with a given
//!   corner colour, or all squares as in Turkish draughts).
//! * [`Square`] / [`SquareSet`]: typed indices of playable squares, counted row by row from
//!   the top-left playable square as White sees the board, and sets of them (up to 128).
//! * [`Notation`]: turns PDN square tokens (`32`, `c3`) into squares and back, following the
//!   PDN `GameType` notation code (`N0`–`N3`, `A0`–`A3`), start colour and invert flag.

mod names;
mod notation;
mod set;

pub use names::{SquareNames, push_number, push_token};
pub use notation::Notation;
pub use set::{Square, SquareIter, SquareSet};

/// Which squares of the board are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Squares {
    /// Only one colour is played. `bottom_left` says whether White's near-left corner square
    /// is a playing square (PDN invert flag 0) or not (invert flag 1, e.g. Italian).
    Dark {
        /// White's near-left corner square is playable.
        bottom_left: bool,
    },
    /// Every square is played (Turkish draughts).
    All,
}

/// The shape of a board: size and playable squares. Coordinates are `(file, rank)`, both
/// 0-based from White's near-left corner (`a1` = `(0, 0)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    squares: Squares,
}

/// Why a board shape is not supported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryError(pub String);

impl std::fmt::Display for GeometryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unsupported board: {}", self.0)
    }
}

impl std::error::Error for GeometryError {}

impl Geometry {
    /// 10x10 international board (bottom-left dark).
    pub const INTERNATIONAL: Geometry = Geometry::dark_unchecked(10, 10, true);
    /// 8x8 board with a dark square at White's near left (English, Russian, Brazilian...).
    pub const EIGHT: Geometry = Geometry::dark_unchecked(8, 8, true);
    /// 8x8 board with a light square at White's near left (Italian, Spanish, Portuguese).
    pub const EIGHT_MIRRORED: Geometry = Geometry::dark_unchecked(8, 8, false);
    /// 12x12 board (Canadian, Malaysian).
    pub const TWELVE: Geometry = Geometry::dark_unchecked(12, 12, true);
    /// Spantsiretti: 10 wide, 8 high.
    pub const TEN_BY_EIGHT: Geometry = Geometry::dark_unchecked(10, 8, true);
    /// Turkish: all 64 squares.
    pub const TURKISH: Geometry = Geometry {
        width: 8,
        height: 8,
        squares: Squares::All,
    };
    /// Every board a variant is played on, for tests that go over all of them.
    #[cfg(test)]
    pub(crate) const EVERY: [Geometry; 6] = [
        Geometry::INTERNATIONAL,
        Geometry::EIGHT,
        Geometry::EIGHT_MIRRORED,
        Geometry::TWELVE,
        Geometry::TEN_BY_EIGHT,
        Geometry::TURKISH,
    ];

    pub(crate) const fn dark_unchecked(width: u8, height: u8, bottom_left: bool) -> Geometry {
        Geometry {
            width,
            height,
            squares: Squares::Dark { bottom_left },
        }
    }

    /// A board of `width` x `height` playing the given squares.
    ///
    /// # Errors
    /// Odd sizes, sizes below 4, and boards with more than 128 playable squares.
    pub fn new(width: u8, height: u8, squares: Squares) -> Result<Geometry, GeometryError> {
        let g = Geometry {
            width,
            height,
            squares,
        };
        if width < 4 || height < 4 || !width.is_multiple_of(2) || !height.is_multiple_of(2) {
            return Err(GeometryError(format!(
                "{width}x{height}: width and height must be even and at least 4"
            )));
        }
        if g.len() > Square::MAX {
            return Err(GeometryError(format!(
                "{width}x{height}: more than {} playable squares",
                Square::MAX
            )));
        }
        Ok(g)
    }

    /// Number of files.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Which squares are played.
    pub const fn squares(self) -> Squares {
        self.squares
    }

    /// Playable squares per rank.
    pub const fn per_rank(self) -> usize {
        match self.squares {
            Squares::Dark { .. } => self.width as usize / 2,
            Squares::All => self.width as usize,
        }
    }

    /// Number of playable squares.
    pub const fn len(self) -> usize {
        self.per_rank() * self.height as usize
    }

    /// Always false: a board has squares. (Present for clippy's `len` convention.)
    pub const fn is_empty(self) -> bool {
        false
    }

    /// All playable squares, in index order.
    pub fn all(self) -> impl Iterator<Item = Square> {
        (0..self.len()).filter_map(Square::new)
    }

    /// The set of all playable squares.
    pub fn full_set(self) -> SquareSet {
        SquareSet::from_bits(if self.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.len()) - 1
        })
    }

    /// True when `(file, rank)` is on the board and playable.
    pub fn is_playable(self, file: i32, rank: i32) -> bool {
        if file < 0 || rank < 0 || file >= self.width as i32 || rank >= self.height as i32 {
            return false;
        }
        match self.squares {
            Squares::All => true,
            Squares::Dark { bottom_left } => ((file + rank) % 2 == 0) == bottom_left,
        }
    }

    /// The square at `(file, rank)`, if it is playable.
    pub fn square_at(self, file: i32, rank: i32) -> Option<Square> {
        if !self.is_playable(file, rank) {
            return None;
        }
        let row_from_top = (self.height as i32 - 1 - rank) as usize;
        let in_row = match self.squares {
            Squares::All => file as usize,
            Squares::Dark { .. } => file as usize / 2,
        };
        Square::new(row_from_top * self.per_rank() + in_row)
    }

    /// `(file, rank)` of a square of this board.
    ///
    /// # Panics
    /// When `sq` is not a square of this board.
    pub fn coords(self, sq: Square) -> (i32, i32) {
        assert!(sq.index() < self.len(), "square {sq:?} is not on {self:?}");
        let per = self.per_rank();
        let rank = self.height as i32 - 1 - (sq.index() / per) as i32;
        let k = (sq.index() % per) as i32;
        let file = match self.squares {
            Squares::All => k,
            Squares::Dark { .. } if self.is_playable(2 * k, rank) => 2 * k,
            Squares::Dark { .. } => 2 * k + 1,
        };
        (file, rank)
    }

    /// Rank of a square counted from White's side (0 = White's back rank).
    pub fn rank(self, sq: Square) -> i32 {
        // The rank part of `coords`, without working out the file.
        assert!(sq.index() < self.len(), "square {sq:?} is not on {self:?}");
        self.height as i32 - 1 - (sq.index() / self.per_rank()) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coords_and_square_at_are_inverse_on_every_board() {
        for g in Geometry::EVERY {
            let mut n = 0;
            for sq in g.all() {
                let (f, r) = g.coords(sq);
                assert_eq!(g.square_at(f, r), Some(sq), "{g:?} {sq:?}");
                assert_eq!(g.rank(sq), r, "{g:?} {sq:?}");
                n += 1;
            }
            assert_eq!(n, g.len());
        }
        assert_eq!(Geometry::TWELVE.len(), 72);
        assert_eq!(Geometry::TEN_BY_EIGHT.len(), 40);
        assert_eq!(Geometry::TURKISH.len(), 64);
    }

    #[test]
    fn corner_colour_follows_the_invert_flag() {
        assert!(Geometry::EIGHT.is_playable(0, 0));
        assert!(!Geometry::EIGHT_MIRRORED.is_playable(0, 0));
        assert!(Geometry::EIGHT_MIRRORED.is_playable(0, 7));
        assert!(Geometry::new(9, 9, Squares::All).is_err());
        assert!(Geometry::new(16, 16, Squares::All).is_err());
    }
}
