//! Square names: PDN square tokens to [`Square`]s and back, per PDN `GameType` attributes.
//!
//! The `GameType` describes the board "from the perspective of the starting player": the
//! first mover sits at the bottom of that frame, the corner digit says where square 1 (or
//! `a1`) lies (0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right), numbers count playable
//! squares row by row moving away from that corner, letters count files from it.
//!
//! Real files mix forms (a Russian game with a numeric FEN and algebraic moves), so a
//! notation reads both kinds of token: the preferred kind through the `GameType` attributes,
//! the other kind through a fixed fallback (numbers: square 1 at White's top-left; letters:
//! `a1` at the first mover's near left). Writing always uses the preferred kind.

use super::{Geometry, Square, Squares};
use crate::SquareToken;
use crate::{Colour, GameTypeAttrs, NotationKind};

/// How squares of one board are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Notation {
    geometry: Geometry,
    preferred: NotationKind,
    corner: u8,
    /// The reference frame is White's view turned by 180 degrees (Black moves first).
    rotated: bool,
    /// The written board is the mirror image of `geometry` (its corner colour differs, e.g.
    /// pool played on a light-cornered board); files are mirrored before naming.
    mirrored: bool,
}

/// Corner code of the fallback numbering (square 1 at the top-left from White).
const FALLBACK_NUMERIC_CORNER: u8 = 2;
/// Corner code of the fallback letters: `a1` at the first mover's near left, as in every
/// algebraic GameType (A0) and in playstrategy's algebraic American checkers, where Black moves
/// first from rows 1-3.
const FALLBACK_ALG_CORNER: u8 = 0;

impl Notation {
    /// A notation for `geometry` with the given kind, corner digit and first mover.
    /// `Short` (chess SAN) is treated as algebraic.
    pub fn new(geometry: Geometry, kind: NotationKind, corner: u8, first_mover: Colour) -> Self {
        let preferred = match kind {
            NotationKind::Short => NotationKind::Alphanumeric,
            k => k,
        };
        Notation {
            geometry,
            preferred,
            corner: corner & 3,
            rotated: first_mover == Colour::Black,
            mirrored: false,
        }
    }

    /// The same notation written on the mirror image of the board: used when a game's board
    /// has the other corner colour than the rules' board (all rules are left-right
    /// symmetric, so the game is the same up to naming).
    pub fn mirrored(mut self) -> Notation {
        self.mirrored = !self.mirrored;
        self
    }

    /// True when names are read on the mirror image of the board.
    pub fn is_mirrored(&self) -> bool {
        self.mirrored
    }

    /// The notation a full `GameType` value describes, on the board it describes.
    ///
    /// # Errors
    /// When the board size is not supported (see [`Geometry::new`]).
    pub fn from_attrs(
        attrs: &GameTypeAttrs,
        all_squares: bool,
    ) -> Result<Notation, super::GeometryError> {
        let squares = if all_squares {
            Squares::All
        } else {
            Squares::Dark {
                bottom_left: attrs.invert != Some(true),
            }
        };
        let geometry = Geometry::new(attrs.width, attrs.height, squares)?;
        Ok(Notation::new(
            geometry,
            attrs.notation,
            attrs.corner,
            attrs.first_mover,
        ))
    }

    /// The notation a `GameType`'s attributes describe, naming the squares of `geometry`
    /// (the rules' board). When the attributes give the other corner colour, the names are
    /// read on the mirror image of `geometry`.
    ///
    /// # Errors
    /// When the attributes give another board size.
    pub fn on_board(
        attrs: &GameTypeAttrs,
        geometry: Geometry,
    ) -> Result<Notation, super::GeometryError> {
        if (attrs.width, attrs.height) != (geometry.width(), geometry.height()) {
            return Err(super::GeometryError(format!(
                "the GameType describes a {}x{} board, the rules play on {}x{}",
                attrs.width,
                attrs.height,
                geometry.width(),
                geometry.height()
            )));
        }
        let n = Notation::new(geometry, attrs.notation, attrs.corner, attrs.first_mover);
        Ok(match (geometry.squares(), attrs.invert) {
            (Squares::Dark { bottom_left }, Some(invert)) if invert == bottom_left => n.mirrored(),
            _ => n,
        })
    }

    /// The `GameType` attributes that describe this notation (the inverse of
    /// [`Notation::on_board`]): the board as written, the kind and corner of its names, and the
    /// side whose view the corner is given from.
    pub fn attrs(&self) -> GameTypeAttrs {
        let invert = match self.geometry.squares() {
            Squares::Dark { bottom_left } => bottom_left == self.mirrored,
            Squares::All => false,
        };
        GameTypeAttrs {
            first_mover: if self.rotated {
                Colour::Black
            } else {
                Colour::White
            },
            width: self.geometry.width(),
            height: self.geometry.height(),
            notation: self.preferred,
            corner: self.corner,
            invert: Some(invert),
        }
    }

    /// The board this notation names.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The kind used when writing.
    pub fn preferred(&self) -> NotationKind {
        self.preferred
    }

    /// The square a token names, or `None` when it names no playable square of this board.
    pub fn parse(&self, token: SquareToken) -> Option<Square> {
        match token {
            SquareToken::Num(n) => {
                let (corner, rotated) = match self.preferred {
                    NotationKind::Numeric => (self.corner, self.rotated),
                    _ => (FALLBACK_NUMERIC_CORNER, false),
                };
                self.parse_number(n, corner, rotated)
            }
            SquareToken::Alg { file, rank } => {
                let (corner, rotated) = match self.preferred {
                    NotationKind::Alphanumeric => (self.corner, self.rotated),
                    _ => (FALLBACK_ALG_CORNER, self.rotated),
                };
                let (x, y) = self.corner_to_board(file as i32, rank as i32 - 1, corner, rotated);
                self.square_at(x, y)
            }
            SquareToken::File(_) => None,
        }
    }

    /// The token for a square, in the preferred kind.
    pub fn format(&self, sq: Square) -> SquareToken {
        let (x, y) = self.written_coords(sq);
        let (cx, cy) = self.board_to_corner(x, y, self.corner, self.rotated);
        match self.preferred {
            NotationKind::Numeric => {
                let per = self.geometry.per_rank() as i32;
                let col = match self.geometry.squares() {
                    Squares::All => cx,
                    Squares::Dark { .. } => cx / 2,
                };
                SquareToken::Num((cy * per + col + 1) as u16)
            }
            _ => SquareToken::Alg {
                file: cx as u8,
                rank: cy as u8 + 1,
            },
        }
    }

    /// The token for a square in the given kind: the preferred kind as [`Self::format`] writes
    /// it, the other as [`Self::parse`] reads it (so messages can name squares the way a game
    /// wrote them, whichever kind that was).
    pub fn format_as(&self, sq: Square, kind: NotationKind) -> SquareToken {
        self.as_written(kind).format(sq)
    }

    /// This notation writing `kind` (numbers or letters) the way it reads that kind: itself
    /// for its preferred kind, else its fallback for the other kind.
    pub fn as_written(self, kind: NotationKind) -> Notation {
        let kind = match kind {
            NotationKind::Short => NotationKind::Alphanumeric,
            k => k,
        };
        let (corner, rotated) = match kind {
            k if k == self.preferred => return self,
            NotationKind::Numeric => (FALLBACK_NUMERIC_CORNER, false),
            _ => (FALLBACK_ALG_CORNER, self.rotated),
        };
        Notation {
            preferred: kind,
            corner,
            rotated,
            ..self
        }
    }

    /// Square number `n` counted from `corner` in the given frame.
    fn parse_number(&self, n: u16, corner: u8, rotated: bool) -> Option<Square> {
        let per = self.geometry.per_rank();
        let i = (n as usize).checked_sub(1)?;
        if i >= self.geometry.len() {
            return None;
        }
        let (cy, k) = ((i / per) as i32, (i % per) as i32);
        let candidates = match self.geometry.squares() {
            Squares::All => [k, k],
            Squares::Dark { .. } => [2 * k, 2 * k + 1],
        };
        candidates.into_iter().find_map(|cx| {
            let (x, y) = self.corner_to_board(cx, cy, corner, rotated);
            self.square_at(x, y)
        })
    }

    /// The square at written coordinates (mirrored if needed).
    fn square_at(&self, x: i32, y: i32) -> Option<Square> {
        if !self.written_playable(x, y) {
            return None;
        }
        let x = if self.mirrored {
            self.geometry.width() as i32 - 1 - x
        } else {
            x
        };
        self.geometry.square_at(x, y)
    }

    /// True when written coordinates are a playable square of the written board.
    fn written_playable(&self, x: i32, y: i32) -> bool {
        let mx = self.geometry.width() as i32 - 1 - x;
        self.geometry
            .is_playable(if self.mirrored { mx } else { x }, y)
    }

    /// Written coordinates of a square.
    fn written_coords(&self, sq: Square) -> (i32, i32) {
        let (x, y) = self.geometry.coords(sq);
        if self.mirrored {
            (self.geometry.width() as i32 - 1 - x, y)
        } else {
            (x, y)
        }
    }

    /// Board coordinates (White's view) of the point `(cx, cy)` counted from `corner`.
    fn corner_to_board(&self, cx: i32, cy: i32, corner: u8, rotated: bool) -> (i32, i32) {
        let (w, h) = (self.geometry.width() as i32, self.geometry.height() as i32);
        let fx = if corner & 1 == 1 { w - 1 - cx } else { cx };
        let fy = if corner & 2 == 2 { h - 1 - cy } else { cy };
        if rotated {
            (w - 1 - fx, h - 1 - fy)
        } else {
            (fx, fy)
        }
    }

    /// Inverse of [`Self::corner_to_board`] (the mapping is an involution per corner and frame).
    fn board_to_corner(&self, x: i32, y: i32, corner: u8, rotated: bool) -> (i32, i32) {
        let (w, h) = (self.geometry.width() as i32, self.geometry.height() as i32);
        let (fx, fy) = if rotated {
            (w - 1 - x, h - 1 - y)
        } else {
            (x, y)
        };
        let cx = if corner & 1 == 1 { w - 1 - fx } else { fx };
        let cy = if corner & 2 == 2 { h - 1 - fy } else { fy };
        (cx, cy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameType;

    fn notation(gt: &str) -> Notation {
        let attrs = GameType::parse(gt).unwrap().attrs.unwrap();
        Notation::from_attrs(&attrs, gt.starts_with("30,")).unwrap()
    }

    fn alg(s: &str) -> SquareToken {
        crate::parse_square_token(s).unwrap().0
    }

    /// `(file, rank)` of numeric square `n`.
    fn at(n: &Notation, tok: SquareToken) -> (i32, i32) {
        n.geometry().coords(n.parse(tok).unwrap())
    }

    #[test]
    fn international_square_1_is_b10_and_50_is_a1() {
        let n = notation("20,W,10,10,N2,0");
        assert_eq!(at(&n, SquareToken::Num(1)), (1, 9));
        assert_eq!(at(&n, SquareToken::Num(46)), (0, 0));
        assert_eq!(at(&n, SquareToken::Num(5)), (9, 9));
        assert_eq!(n.parse(SquareToken::Num(51)), None);
        assert_eq!(n.parse(alg("a1")), n.parse(SquareToken::Num(46)));
        assert_eq!(n.parse(alg("a2")), None, "light square");
    }

    #[test]
    fn english_square_1_is_white_top_left() {
        let n = notation("21,B,8,8,N1,0");
        assert_eq!(at(&n, SquareToken::Num(1)), (1, 7));
        assert_eq!(at(&n, SquareToken::Num(4)), (7, 7));
        assert_eq!(at(&n, SquareToken::Num(32)), (6, 0));
        assert_eq!(at(&n, SquareToken::Num(29)), (0, 0));
    }

    #[test]
    fn italian_square_1_is_a8_and_a1_is_not_playable() {
        let n = notation("22,W,8,8,N2,1");
        assert_eq!(at(&n, SquareToken::Num(1)), (0, 7));
        assert_eq!(at(&n, SquareToken::Num(32)), (7, 0));
        assert_eq!(n.parse(alg("a1")), None);
    }

    #[test]
    fn spanish_square_1_is_h1_white_on_1_to_12() {
        for gt in ["24,W,8,8,N1,1", "28,W,8,8,N1,1"] {
            let n = notation(gt);
            assert_eq!(at(&n, SquareToken::Num(1)), (7, 0));
            assert_eq!(at(&n, SquareToken::Num(4)), (1, 0));
            assert_eq!(at(&n, SquareToken::Num(5)), (6, 1));
            assert_eq!(at(&n, SquareToken::Num(12)), (1, 2));
        }
    }

    #[test]
    fn thai_square_1_is_g1_white_on_1_to_8() {
        let n = notation("31,B,8,8,N2,0");
        assert_eq!(at(&n, SquareToken::Num(1)), (6, 0));
        assert_eq!(at(&n, SquareToken::Num(4)), (0, 0));
        assert_eq!(at(&n, SquareToken::Num(5)), (7, 1));
        assert_eq!(at(&n, SquareToken::Num(32)), (1, 7));
    }

    #[test]
    fn canadian_twelve_numbering() {
        let n = notation("27,W,12,12,N2,0");
        assert_eq!(at(&n, SquareToken::Num(1)), (1, 11));
        assert_eq!(at(&n, SquareToken::Num(72)), (10, 0));
        assert_eq!(at(&n, SquareToken::Num(67)), (0, 0));
    }

    #[test]
    fn algebraic_types_a1_bottom_left_and_numbers_from_top_left() {
        let russian = notation("25,W,8,8,A0,0");
        assert_eq!(at(&russian, alg("c3")), (2, 2));
        assert_eq!(russian.format(russian.parse(alg("h8")).unwrap()), alg("h8"));
        // Russian numeric FEN squares use the usual 1-32 numbering: 29 = a1, 22 = c3, 11 = f6.
        assert_eq!(at(&russian, SquareToken::Num(29)), (0, 0));
        assert_eq!(at(&russian, SquareToken::Num(22)), (2, 2));
        assert_eq!(at(&russian, SquareToken::Num(11)), (5, 5));
        let spantsiretti = notation("41,W,10,8,A0,0");
        assert_eq!(at(&spantsiretti, alg("j8")), (9, 7));
        assert_eq!(spantsiretti.parse(alg("a8")), None);
        let turkish = notation("30,W,8,8,A0,0");
        assert_eq!(at(&turkish, alg("a2")), (0, 1));
        assert_eq!(turkish.geometry().len(), 64);
    }

    #[test]
    fn jamaican_a1_corner_from_black() {
        // 23,B,8,8,A1,1: Black at the bottom of the frame, a1 at its bottom-right.
        let n = notation("23,B,8,8,A1,1");
        assert_eq!(at(&n, alg("a1")), (0, 7));
        assert_eq!(
            n.geometry().is_playable(0, 7),
            !n.geometry().is_playable(0, 0)
        );
    }

    #[test]
    fn light_cornered_attrs_mirror_the_rules_board() {
        let attrs = GameType::parse("23,B,8,8,A1,1").unwrap().attrs.unwrap();
        let n = Notation::on_board(&attrs, Geometry::EIGHT).unwrap();
        assert!(n.is_mirrored());
        // a1 (from Black's bottom-right) is White's top-left corner on a light-cornered board,
        // the top-right corner once mirrored onto the rules' dark-cornered board.
        assert_eq!(at(&n, alg("a1")), (7, 7));
        for sq in n.geometry().all() {
            assert_eq!(n.parse(n.format(sq)), Some(sq));
        }
        let wrong = GameType::parse("20,W,8,8,N2,0").unwrap().attrs.unwrap();
        assert!(Notation::on_board(&wrong, Geometry::INTERNATIONAL).is_err());
    }

    #[test]
    fn format_round_trips_every_square() {
        for gt in [
            "20,W,10,10,N2,0",
            "21,B,8,8,N1,0",
            "22,W,8,8,N2,1",
            "24,W,8,8,N1,1",
            "25,W,8,8,A0,0",
            "27,W,12,12,N2,0",
            "30,W,8,8,A0,0",
            "31,B,8,8,N2,0",
            "41,W,10,8,A0,0",
            "23,B,8,8,A1,1",
        ] {
            let n = notation(gt);
            for sq in n.geometry().all() {
                assert_eq!(n.parse(n.format(sq)), Some(sq), "{gt} {sq:?}");
                // Either kind of name reads back as the square, through the preferred kind
                // or the fallback (messages name squares the way a game wrote them).
                for kind in [NotationKind::Numeric, NotationKind::Alphanumeric] {
                    let token = n.format_as(sq, kind);
                    assert_eq!(token.is_alg(), kind == NotationKind::Alphanumeric);
                    assert_eq!(n.parse(token), Some(sq), "{gt} {sq:?} {kind:?}");
                }
            }
        }
    }
}
