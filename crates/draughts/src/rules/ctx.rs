//! The generator's view of one rule set on one board: the layout plus the rules turned into
//! direction lists, built once per rule set and kept for the life of the program.

use std::sync::Mutex;

use super::bits::Bits;
use super::engine::Pos;
use super::fixed;
use super::layout::{self, Dir, Layout};
use super::spec::{
    KingRange, Landing, Lines, ManCaptures, ManSteps, PassingPromotion, Precedence, Removal, Rules,
};

/// Up to eight directions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DirList<B> {
    dirs: [Dir<B>; 8],
    len: usize,
}

impl<B: Bits> DirList<B> {
    fn new(layout: &Layout<B>, indices: &[usize]) -> DirList<B> {
        let mut dirs = [layout.dirs[0]; 8];
        for (slot, &i) in dirs.iter_mut().zip(indices) {
            *slot = layout.dirs[i];
        }
        DirList {
            dirs,
            len: indices.len(),
        }
    }

    /// The directions.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Dir<B>] {
        &self.dirs[..self.len]
    }
}

/// Rules + layout, ready for the generator.
#[derive(Debug)]
pub(crate) struct Ctx<B> {
    /// The rules.
    pub rules: &'static Rules,
    /// The board layout.
    pub layout: Layout<B>,
    /// Man step directions, by side (0 White, 1 Black).
    pub man_steps: [DirList<B>; 2],
    /// Man capture directions, by side.
    pub man_captures: [DirList<B>; 2],
    /// King step directions.
    pub king_steps: DirList<B>,
    /// King capture directions.
    pub king_captures: DirList<B>,
    /// Kings fly.
    pub flying: bool,
    /// A flying king may choose among several landing squares.
    pub multi_landing: bool,
    /// Captured pieces leave at once.
    pub immediate: bool,
    /// Turning back along the last line cannot capture (pieces block, or the rules forbid it).
    pub block_reverse: bool,
    /// Frisian king-move streaks are tracked.
    pub track_streaks: bool,
    /// Men may capture kings.
    pub men_take_kings: bool,
    /// A man crowned in the middle of a capture goes on as a king (Russian).
    pub crowned_midway: bool,
    /// The precedence rule does not look at the kind of piece taken when men capture
    /// (used by the bulk-counting shortcut).
    pub kind_blind: bool,
    /// The start position's men, White to move.
    pub start: Pos<B>,
    /// The generator may run as the fixed [`International`](super::fixed::International)
    /// rule set for this context: its answers all match and fast paths are on.
    pub fixed_international: bool,
}

use layout::{DOWN, DOWN_LEFT, DOWN_RIGHT, LEFT, RIGHT, UP, UP_LEFT, UP_RIGHT};

const DIAGONALS: &[usize] = &[UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];
const STRAIGHT: &[usize] = &[UP, DOWN, LEFT, RIGHT];
const ALL_LINES: &[usize] = &[
    UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT, UP, DOWN, LEFT, RIGHT,
];

fn forward(side: usize, steps: ManSteps) -> &'static [usize] {
    match (steps, side) {
        (ManSteps::DiagonalForward, 0) => &[UP_LEFT, UP_RIGHT],
        (ManSteps::DiagonalForward, _) => &[DOWN_LEFT, DOWN_RIGHT],
        (ManSteps::OrthogonalForwardSideways, 0) => &[UP, LEFT, RIGHT],
        (ManSteps::OrthogonalForwardSideways, _) => &[DOWN, LEFT, RIGHT],
    }
}

fn man_capture_dirs(side: usize, c: ManCaptures) -> &'static [usize] {
    match c {
        ManCaptures::DiagonalForward => forward(side, ManSteps::DiagonalForward),
        ManCaptures::Diagonal => DIAGONALS,
        ManCaptures::DiagonalAndOrthogonal => ALL_LINES,
        ManCaptures::OrthogonalForwardSideways => {
            forward(side, ManSteps::OrthogonalForwardSideways)
        }
    }
}

fn lines(l: Lines) -> &'static [usize] {
    match l {
        Lines::Diagonal => DIAGONALS,
        Lines::Orthogonal => STRAIGHT,
        Lines::Both => ALL_LINES,
    }
}

impl<B: Bits> Ctx<B> {
    fn new(rules: &'static Rules, layout: Layout<B>) -> Ctx<B> {
        let by_side = |f: &dyn Fn(usize) -> &'static [usize]| {
            [DirList::new(&layout, f(0)), DirList::new(&layout, f(1))]
        };
        let man_steps = by_side(&|s| forward(s, rules.man_steps));
        let man_captures = by_side(&|s| man_capture_dirs(s, rules.man_captures));
        let flying = rules.king_range == KingRange::Flying;
        let mut ctx = Ctx {
            rules,
            man_steps,
            man_captures,
            king_steps: DirList::new(&layout, lines(rules.king_steps)),
            king_captures: DirList::new(&layout, lines(rules.king_captures)),
            flying,
            multi_landing: flying && rules.king_landing == Landing::AnyBehind,
            immediate: rules.removal == Removal::Immediate,
            block_reverse: rules.no_reversal || rules.removal == Removal::EndOfMove,
            track_streaks: rules.king_move_limit.is_some(),
            men_take_kings: rules.men_capture_kings,
            crowned_midway: rules.passing_promotion == PassingPromotion::ContinuesAsKing,
            kind_blind: matches!(
                rules.precedence,
                Precedence::Free
                    | Precedence::Quantity
                    | Precedence::KingFirst
                    | Precedence::QuantityThenKing
                    | Precedence::Italian
            ),
            start: start_men(rules, &layout),
            layout,
            fixed_international: false,
        };
        ctx.fixed_international = crate::fast_paths_default() && fixed::matches_international(&ctx);
        ctx
    }
}

/// The men of the start position of `rules`: White's on the `setup` ranks from its side, Black's
/// on as many from the other.
fn start_men<B: Bits>(rules: &Rules, layout: &Layout<B>) -> Pos<B> {
    let g = rules.geometry;
    let (first, ranks) = (rules.setup.first as i32, rules.setup.ranks as i32);
    let mut pos = Pos::empty();
    for sq in g.all() {
        let r = g.rank(sq);
        let top = g.height() as i32 - 1 - r;
        if (first..first + ranks).contains(&r) {
            pos.pieces[0] |= layout.bit(sq);
        } else if (first..first + ranks).contains(&top) {
            pos.pieces[1] |= layout.bit(sq);
        }
    }
    pos
}

/// A word type with a registry of built contexts.
pub(crate) trait Word: Bits {
    /// The registry for this word type.
    fn registry() -> &'static Mutex<Vec<(usize, &'static Ctx<Self>)>>;

    /// The context of `rules` on this word, built on first use; `None` if the board does not
    /// fit in this word.
    fn ctx(rules: &'static Rules) -> Option<&'static Ctx<Self>> {
        let key = rules as *const Rules as usize;
        let mut reg = Self::registry().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, c)) = reg.iter().find(|(k, _)| *k == key) {
            return Some(c);
        }
        let layout = Layout::new(rules.geometry)?;
        let ctx: &'static Ctx<Self> = Box::leak(Box::new(Ctx::new(rules, layout)));
        reg.push((key, ctx));
        Some(ctx)
    }
}

macro_rules! impl_word {
    ($t:ty) => {
        impl Word for $t {
            fn registry() -> &'static Mutex<Vec<(usize, &'static Ctx<Self>)>> {
                static REGISTRY: Mutex<Vec<(usize, &'static Ctx<$t>)>> = Mutex::new(Vec::new());
                &REGISTRY
            }
        }
    };
}

impl_word!(u64);
impl_word!(u128);

/// The rule switches of [`RuleSet`], each named as the [`Ctx`] field it answers for, listed
/// once here: `declared` in the trait, answered `from_fields` by a context, or answered with
/// constants by a fixed rule set (`fixed:`, every name with its value).
macro_rules! rule_switches {
    ($how:ident) => {
        rule_switches!(@each $how: flying, multi_landing, immediate, block_reverse, track_streaks,
            men_take_kings, crowned_midway, kind_blind);
    };
    (@each declared: $($name:ident),*) => {$(
        #[doc = concat!("See [`Ctx::", stringify!($name), "`].")]
        fn $name(self) -> bool;
    )*};
    (@each from_fields: $($name:ident),*) => {$(
        #[inline(always)]
        fn $name(self) -> bool {
            self.$name
        }
    )*};
    (fixed: $($name:ident: $value:expr),* $(,)?) => {$(
        #[inline(always)]
        fn $name(self) -> bool {
            $value
        }
    )*};
}
pub(crate) use rule_switches;

/// What the generator reads of a rule set, asked of one value: a context, which answers from
/// its fields at run time, or a rule set fixed at compile time (`fixed.rs`), which answers with
/// constants the compiler folds into the generator.
pub(crate) trait RuleSet<B: Bits>: Copy {
    /// All playable bits.
    fn board(self) -> B;

    /// The promotion rank of `side`.
    fn promotion(self, side: usize) -> B;

    /// The direction of index `index` (see `layout.rs`).
    fn dir(self, index: usize) -> Dir<B>;

    /// Man step directions of `side`.
    fn man_steps(self, side: usize) -> &'static [Dir<B>];

    /// Man capture directions of `side`.
    fn man_captures(self, side: usize) -> &'static [Dir<B>];

    /// King step directions.
    fn king_steps(self) -> &'static [Dir<B>];

    /// King capture directions.
    fn king_captures(self) -> &'static [Dir<B>];

    rule_switches!(declared);

    /// The precedence rule.
    fn precedence(self) -> Precedence;

    /// What a man passing the promotion rank in a capture does.
    fn passing_promotion(self) -> PassingPromotion;

    /// The Frisian limit on one king's quiet moves in a row.
    fn king_move_limit(self) -> Option<u8>;
}

impl<B: Bits> RuleSet<B> for &'static Ctx<B> {
    #[inline(always)]
    fn board(self) -> B {
        self.layout.board
    }

    #[inline(always)]
    fn promotion(self, side: usize) -> B {
        self.layout.promotion[side]
    }

    #[inline(always)]
    fn dir(self, index: usize) -> Dir<B> {
        self.layout.dirs[index]
    }

    #[inline(always)]
    fn man_steps(self, side: usize) -> &'static [Dir<B>] {
        self.man_steps[side].as_slice()
    }

    #[inline(always)]
    fn man_captures(self, side: usize) -> &'static [Dir<B>] {
        self.man_captures[side].as_slice()
    }

    #[inline(always)]
    fn king_steps(self) -> &'static [Dir<B>] {
        self.king_steps.as_slice()
    }

    #[inline(always)]
    fn king_captures(self) -> &'static [Dir<B>] {
        self.king_captures.as_slice()
    }

    rule_switches!(from_fields);

    #[inline(always)]
    fn precedence(self) -> Precedence {
        self.rules.precedence
    }

    #[inline(always)]
    fn passing_promotion(self) -> PassingPromotion {
        self.rules.passing_promotion
    }

    #[inline(always)]
    fn king_move_limit(self) -> Option<u8> {
        self.rules.king_move_limit
    }
}
