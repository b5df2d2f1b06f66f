//! `Move`: one legal move as the replayer and writers need it.

use crate::{Notation, Square, SquareSet};

/// Most pieces one capture can take on any supported board (30 on 12x12), with room.
pub const MAX_CAPTURES: usize = 32;

/// A move: start and end square, the captured pieces as a set and in capture order, the
/// landing square after each capture, and whether the piece is crowned.
///
/// For a capture, `landings()[i]` is where the piece stands after taking `captures()[i]`:
/// the turning square where the capturing piece changes direction, the square directly
/// behind the piece where it goes on straight, and `to` after the last one. That is the
/// PDN 3.0 long form (`47x38x24x13x36`), minus the squares a short form may leave out.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Start square.
    pub from: Square,
    /// End square (equal to `from` for a circular capture).
    pub to: Square,
    /// Captured pieces (empty for a quiet move).
    pub captured: SquareSet,
    /// The moving man is crowned by this move.
    pub promotes: bool,
    order: [Square; MAX_CAPTURES],
    landings: [Square; MAX_CAPTURES],
    len: u8,
}

impl Move {
    /// A quiet move.
    pub fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        Move {
            from,
            to,
            captured: SquareSet::EMPTY,
            promotes,
            order: [from; MAX_CAPTURES],
            landings: [from; MAX_CAPTURES],
            len: 0,
        }
    }

    /// A capture taking `steps` = (captured piece, landing square) in order.
    ///
    /// # Panics
    /// With more than [`MAX_CAPTURES`] steps.
    pub fn capture(from: Square, steps: &[(Square, Square)], promotes: bool) -> Move {
        assert!(
            steps.len() <= MAX_CAPTURES,
            "capture longer than {MAX_CAPTURES}"
        );
        let mut m = Move::quiet(from, from, promotes);
        for (i, &(c, l)) in steps.iter().enumerate() {
            m.order[i] = c;
            m.landings[i] = l;
            m.captured.insert(c);
        }
        m.len = steps.len() as u8;
        m.to = steps.last().map_or(from, |s| s.1);
        m
    }

    /// `Move::capture(from, &[(taken, to)], promotes)`, built without the loop over steps:
    /// the replay builds one for most captures it reads.
    #[inline]
    pub(crate) fn one_capture(from: Square, taken: Square, to: Square, promotes: bool) -> Move {
        let mut m = Move::quiet(from, to, promotes);
        m.order[0] = taken;
        m.landings[0] = to;
        m.captured.insert(taken);
        m.len = 1;
        m
    }

    /// True for a capture.
    pub fn is_capture(&self) -> bool {
        self.len > 0
    }

    /// Captured pieces in the order they were taken.
    pub fn captures(&self) -> &[Square] {
        &self.order[..self.len as usize]
    }

    /// Landing square after each capture (the last one is `to`).
    pub fn landings(&self) -> &[Square] {
        &self.landings[..self.len as usize]
    }

    /// True when `other` is the same move in the (from, to, captured set) sense.
    pub fn same_effect(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.promotes == other.promotes
    }

    /// `32-28` / `28x19` (or with the given capture separator); with `long`, every landing
    /// square of a capture (`47x38x24x13x36`).
    pub fn text(&self, notation: &Notation, separator: char, long: bool) -> String {
        let names = notation.names();
        let mut s = String::with_capacity(8);
        s.push_str(names.name(self.from));
        if !self.is_capture() {
            s.push('-');
            s.push_str(names.name(self.to));
            return s;
        }
        let shown: &[Square] = if long {
            self.landings()
        } else {
            std::slice::from_ref(&self.to)
        };
        for sq in shown {
            s.push(separator);
            s.push_str(names.name(*sq));
        }
        s
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Move")
            .field("from", &self.from.index())
            .field("to", &self.to.index())
            .field(
                "captures",
                &self
                    .captures()
                    .iter()
                    .map(|s| s.index())
                    .collect::<Vec<_>>(),
            )
            .field(
                "landings",
                &self
                    .landings()
                    .iter()
                    .map(|s| s.index())
                    .collect::<Vec<_>>(),
            )
            .field("promotes", &self.promotes)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-step capture the replay builds is the move `Move::capture` builds, field for
    /// field (moves compare and hash by every field).
    #[test]
    fn one_capture_is_the_capture_of_one_step() {
        let sq = |n: usize| Square::new(n).expect("a square");
        for (from, taken, to) in [(31, 26, 22), (0, 5, 11), (49, 44, 38), (12, 17, 12)] {
            for promotes in [false, true] {
                let (from, taken, to) = (sq(from), sq(taken), sq(to));
                let m = Move::one_capture(from, taken, to, promotes);
                assert_eq!(m, Move::capture(from, &[(taken, to)], promotes));
                assert_eq!((m.captures(), m.landings()), (&[taken][..], &[to][..]));
            }
        }
    }
}
