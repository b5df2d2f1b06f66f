//! A rule set for positions with one side to move. Sides alternate ply by ply, so a search
//! down the move tree knows at each ply whose move it is; compiled for [`Sided`], the
//! generator's choices between the two sides' lists (man steps, captures, promotion ranks)
//! and pieces are constants, and its loops over directions unroll. Perft counts with it.

use std::marker::PhantomData;

use super::bits::Bits;
use super::ctx::{RuleSet, Switches};
use super::layout::Dir;
use super::spec::{PassingPromotion, Precedence};

/// A side to move, known at compile time.
pub(crate) trait Side: Copy + 'static {
    /// 0 for White, 1 for Black (as `Pos::side`).
    const INDEX: usize;
    /// The side that moves next.
    type Other: Side;
}

/// White to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct White;

/// Black to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Black;

impl Side for White {
    const INDEX: usize = 0;
    type Other = Black;
}

impl Side for Black {
    const INDEX: usize = 1;
    type Other = White;
}

/// The rule set `G` asked only about positions where `S` is to move: every answer by side is
/// `S`'s (in debug builds, asking about the other side fails).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sided<G, S>(G, PhantomData<S>);

impl<G, S> Sided<G, S> {
    /// `rs` for positions where `S` is to move.
    #[inline(always)]
    pub fn new(rs: G) -> Sided<G, S> {
        Sided(rs, PhantomData)
    }
}

impl<B: Bits, G: RuleSet<B>, S: Side> RuleSet<B> for Sided<G, S> {
    #[inline(always)]
    fn board(self) -> B {
        self.0.board()
    }
    #[inline(always)]
    fn promotion(self, side: usize) -> B {
        debug_assert_eq!(side, S::INDEX);
        self.0.promotion(S::INDEX)
    }
    #[inline(always)]
    fn dir(self, index: usize) -> Dir<B> {
        self.0.dir(index)
    }
    #[inline(always)]
    fn man_steps(self, side: usize) -> &'static [Dir<B>] {
        debug_assert_eq!(side, S::INDEX);
        self.0.man_steps(S::INDEX)
    }
    #[inline(always)]
    fn man_captures(self, side: usize) -> &'static [Dir<B>] {
        debug_assert_eq!(side, S::INDEX);
        self.0.man_captures(S::INDEX)
    }
    #[inline(always)]
    fn king_steps(self) -> &'static [Dir<B>] {
        self.0.king_steps()
    }
    #[inline(always)]
    fn king_captures(self) -> &'static [Dir<B>] {
        self.0.king_captures()
    }
    #[inline(always)]
    fn switches(self) -> Switches {
        self.0.switches()
    }
    #[inline(always)]
    fn precedence(self) -> Precedence {
        self.0.precedence()
    }
    #[inline(always)]
    fn passing_promotion(self) -> PassingPromotion {
        self.0.passing_promotion()
    }
    #[inline(always)]
    fn king_move_limit(self) -> Option<u8> {
        self.0.king_move_limit()
    }
    #[inline(always)]
    fn to_move(self, side: usize) -> usize {
        debug_assert_eq!(side, S::INDEX);
        S::INDEX
    }
}
