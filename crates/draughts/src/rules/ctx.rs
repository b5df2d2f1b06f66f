//! The generator's view of one rule set on one board: the layout plus the rules turned into
//! direction lists, built once per rule set (and per setting of the fast-path switch) and
//! kept for the life of the program.

use std::sync::Mutex;

use super::bits::Bits;
use super::engine::Pos;
use super::fixed::{self, FixedId};
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
    /// The rule switches.
    pub switches: Switches,
    /// The start position's men, White to move.
    pub start: Pos<B>,
    /// Built for fast paths on: the generator may run as [`Self::fixed`].
    pub fast_paths: bool,
    /// The rule set fixed at compile time that the generator runs as for this context: one
    /// whose every answer matches, when fast paths are on (see `fixed.rs`); `None` leaves the
    /// context to answer for itself.
    pub fixed: Option<FixedId>,
}

use layout::{DOWN, DOWN_LEFT, DOWN_RIGHT, LEFT, RIGHT, UP, UP_LEFT, UP_RIGHT};

const DIAGONALS: &[usize] = &[UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];
const STRAIGHT: &[usize] = &[UP, DOWN, LEFT, RIGHT];
const ALL_LINES: &[usize] = &[
    UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT, UP, DOWN, LEFT, RIGHT,
];

/// The directions a man of `side` steps in.
pub(crate) const fn forward(side: usize, steps: ManSteps) -> &'static [usize] {
    match (steps, side) {
        (ManSteps::DiagonalForward, 0) => &[UP_LEFT, UP_RIGHT],
        (ManSteps::DiagonalForward, _) => &[DOWN_LEFT, DOWN_RIGHT],
        (ManSteps::OrthogonalForwardSideways, 0) => &[UP, LEFT, RIGHT],
        (ManSteps::OrthogonalForwardSideways, _) => &[DOWN, LEFT, RIGHT],
    }
}

/// The directions a man of `side` captures in.
pub(crate) const fn man_capture_dirs(side: usize, c: ManCaptures) -> &'static [usize] {
    match c {
        ManCaptures::DiagonalForward => forward(side, ManSteps::DiagonalForward),
        ManCaptures::Diagonal => DIAGONALS,
        ManCaptures::DiagonalAndOrthogonal => ALL_LINES,
        ManCaptures::OrthogonalForwardSideways => {
            forward(side, ManSteps::OrthogonalForwardSideways)
        }
    }
}

/// The directions of lines `l`.
pub(crate) const fn lines(l: Lines) -> &'static [usize] {
    match l {
        Lines::Diagonal => DIAGONALS,
        Lines::Orthogonal => STRAIGHT,
        Lines::Both => ALL_LINES,
    }
}

/// The rule switches, each with what it says; defines [`Switches`] and the methods of
/// [`RuleSet`] that answer them, so each name is written once.
macro_rules! rule_switches {
    ($($(#[doc = $doc:literal])* $name:ident,)*) => {
        /// What the generator asks of the rules as yes or no, worked out from a [`Rules`] by
        /// [`Switches::of`] (for a context at run time, for a fixed rule set at compile time).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) struct Switches {
            $($(#[doc = $doc])* pub $name: bool,)*
        }

        /// The methods of [`RuleSet`] answering the switches, one per field of [`Switches`].
        macro_rules! switch_methods {
            () => {$(
                $(#[doc = $doc])*
                #[inline(always)]
                fn $name(self) -> bool {
                    self.switches().$name
                }
            )*};
        }
    };
}

rule_switches! {
    /// Kings fly.
    flying,
    /// A flying king may choose among several landing squares.
    multi_landing,
    /// Captured pieces leave at once.
    immediate,
    /// Turning back along the last line cannot capture (pieces block, or the rules forbid it).
    block_reverse,
    /// Frisian king-move streaks are tracked.
    track_streaks,
    /// Men may capture kings.
    men_take_kings,
    /// A man crowned in the middle of a capture goes on as a king (Russian).
    crowned_midway,
    /// The precedence rule does not look at the kind of piece taken when men capture
    /// (used by the bulk-counting shortcut).
    kind_blind,
}

impl Switches {
    /// The switches of `rules`.
    pub(crate) const fn of(rules: &Rules) -> Switches {
        let flying = matches!(rules.king_range, KingRange::Flying);
        let end_of_move = matches!(rules.removal, Removal::EndOfMove);
        Switches {
            flying,
            multi_landing: flying && matches!(rules.king_landing, Landing::AnyBehind),
            immediate: !end_of_move,
            block_reverse: rules.no_reversal || end_of_move,
            track_streaks: rules.king_move_limit.is_some(),
            men_take_kings: rules.men_capture_kings,
            crowned_midway: matches!(rules.passing_promotion, PassingPromotion::ContinuesAsKing),
            kind_blind: matches!(
                rules.precedence,
                Precedence::Free
                    | Precedence::Quantity
                    | Precedence::KingFirst
                    | Precedence::QuantityThenKing
                    | Precedence::Italian
            ),
        }
    }
}

impl<B: Word> Ctx<B> {
    /// The context of `rules` on `layout`; with `fast_paths`, run as the fixed rule set that
    /// matches it, if one does.
    fn new(rules: &'static Rules, layout: Layout<B>, fast_paths: bool) -> Ctx<B> {
        let by_side = |f: &dyn Fn(usize) -> &'static [usize]| {
            [DirList::new(&layout, f(0)), DirList::new(&layout, f(1))]
        };
        let mut ctx = Ctx {
            rules,
            man_steps: by_side(&|s| forward(s, rules.man_steps)),
            man_captures: by_side(&|s| man_capture_dirs(s, rules.man_captures)),
            king_steps: DirList::new(&layout, lines(rules.king_steps)),
            king_captures: DirList::new(&layout, lines(rules.king_captures)),
            switches: Switches::of(rules),
            start: start_men(rules, &layout),
            layout,
            fast_paths,
            fixed: None,
        };
        if fast_paths {
            ctx.fixed = B::fixed_for(&ctx);
        }
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

/// The registry of built contexts of one word type: per rule set (by address) and setting of
/// the fast-path switch, the context, or `None` when the board does not fit the word.
type Registry<B> = Mutex<Vec<Entry<B>>>;

/// One entry of a [`Registry`].
type Entry<B> = (usize, bool, Option<&'static Ctx<B>>);

/// A word type with a registry of built contexts and its fixed rule sets.
pub(crate) trait Word: Bits {
    /// The registry for this word type.
    fn registry() -> &'static Registry<Self>;

    /// Runs `f` on this thread's copy of the registry's entries it has asked for (read
    /// without the lock: every game set up asks for a context).
    fn with_local<R>(f: impl FnOnce(&mut Vec<Entry<Self>>) -> R) -> R;

    /// The first of this word's fixed rule sets whose every answer matches `ctx`'s.
    fn fixed_for(ctx: &Ctx<Self>) -> Option<FixedId>;

    /// The context of `rules` on this word, built on first use; `None` if the board does not
    /// fit in this word. With `fast_paths`, the generator runs as the fixed rule set that
    /// matches it, if any; without, the context answers for itself.
    fn ctx(rules: &'static Rules, fast_paths: bool) -> Option<&'static Ctx<Self>> {
        let key = rules as *const Rules as usize;
        let find = |entries: &[Entry<Self>]| {
            entries
                .iter()
                .find(|(k, f, _)| *k == key && *f == fast_paths)
                .map(|&(_, _, c)| c)
        };
        if let Some(found) = Self::with_local(|local| find(local)) {
            return found;
        }
        let found = {
            let mut reg = Self::registry().lock().unwrap_or_else(|e| e.into_inner());
            match find(&reg) {
                Some(found) => found,
                None => {
                    let built = Layout::new(rules.geometry).map(|layout| {
                        let ctx: &'static Ctx<Self> =
                            Box::leak(Box::new(Ctx::new(rules, layout, fast_paths)));
                        ctx
                    });
                    reg.push((key, fast_paths, built));
                    built
                }
            }
        };
        Self::with_local(|local| local.push((key, fast_paths, found)));
        found
    }
}

/// [`Word`] for `u64` and `u128`: each needs a `static` registry of its own (and a copy per
/// thread), which a generic function cannot declare.
macro_rules! impl_word {
    ($t:ty, $fixed_for:path) => {
        impl Word for $t {
            fn registry() -> &'static Registry<$t> {
                static REGISTRY: Registry<$t> = Mutex::new(Vec::new());
                &REGISTRY
            }

            fn with_local<R>(f: impl FnOnce(&mut Vec<Entry<$t>>) -> R) -> R {
                thread_local! {
                    static LOCAL: std::cell::RefCell<Vec<Entry<$t>>> =
                        const { std::cell::RefCell::new(Vec::new()) };
                }
                LOCAL.with_borrow_mut(f)
            }

            fn fixed_for(ctx: &Ctx<$t>) -> Option<FixedId> {
                $fixed_for(ctx)
            }
        }
    };
}

impl_word!(u64, fixed::fixed_for_u64);
impl_word!(u128, fixed::fixed_for_u128);

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

    /// The rule switches.
    fn switches(self) -> Switches;

    switch_methods!();

    /// The precedence rule.
    fn precedence(self) -> Precedence;

    /// What a man passing the promotion rank in a capture does.
    fn passing_promotion(self) -> PassingPromotion;

    /// The Frisian limit on one king's quiet moves in a row.
    fn king_move_limit(self) -> Option<u8>;

    /// The side to move of a position that says `side`: a rule set compiled for one side to
    /// move ([`super::sided::Sided`]) answers its own as a constant.
    #[inline(always)]
    fn to_move(self, side: usize) -> usize {
        side
    }
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

    #[inline(always)]
    fn switches(self) -> Switches {
        self.switches
    }

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
