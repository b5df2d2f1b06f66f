//! Rule sets fixed at compile time, one per variant. The generator is generic over
//! [`RuleSet`]; compiled for a [`Fixed`] rule set, its directions, masks and rule switches are
//! constants, so steps are shifts by immediates and the branches on rules the variant does not
//! have disappear. Each fixed rule set is worked out by `const fn` from its variant's `Rules`
//! constant (the board's plan of `layout.rs`, the direction lists and switches of `ctx.rs`,
//! the very functions a context is built with), one line per rule set in the list below.
//!
//! A context runs as the first fixed rule set whose every answer matches its own (checked
//! once, when the context is built), and only when fast paths are on: the same generator code
//! runs either way, and the tests compare the two along random games of every variant.

use std::marker::PhantomData;

use super::bits::Bits;
use super::ctx::{Ctx, RuleSet, Switches, forward, lines, man_capture_dirs};
use super::layout::{Dir, Plan, plan};
use super::spec::{PassingPromotion, Precedence, Rules};
use super::variants;

/// A rule set whose answers are constants of the program, each its own constant (so that
/// the compiler folds every answer into the generator), worked out by `spec_constants!`.
pub(crate) trait Spec: Copy + 'static {
    /// The word its board fits in.
    type Word: Bits;
    /// The rules the answers were worked out from.
    const RULES: &'static Rules;
    /// All playable bits.
    const BOARD: Self::Word;
    /// The promotion ranks, by side.
    const PROMOTION: [Self::Word; 2];
    /// The steps by direction index.
    const DIRS: [Dir<Self::Word>; 8];
    /// Man step directions of White and of Black.
    const MAN_STEPS: [&'static [Dir<Self::Word>]; 2];
    /// Man capture directions of White and of Black.
    const MAN_CAPTURES: [&'static [Dir<Self::Word>]; 2];
    /// White's and Black's men capture in the same directions: one list serves both, so the
    /// generator need not choose (and its loops over them unroll).
    const MEN_CAPTURE_ALIKE: bool;
    /// King step directions.
    const KING_STEPS: &'static [Dir<Self::Word>];
    /// King capture directions.
    const KING_CAPTURES: &'static [Dir<Self::Word>];
    /// The rule switches.
    const SWITCHES: Switches;
    /// The precedence rule.
    const PRECEDENCE: Precedence;
    /// What a man passing the promotion rank in a capture does.
    const PASSING_PROMOTION: PassingPromotion;
    /// The Frisian limit on one king's quiet moves in a row.
    const KING_MOVE_LIMIT: Option<u8>;
}

/// Up to eight directions chosen from a layout's, with their number: the directions of a
/// list are `dirs[..len]` ([`chosen`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chosen<B> {
    dirs: [Dir<B>; 8],
    len: usize,
}

/// The directions of `indices` among `dirs`.
pub(crate) const fn choose<B: Copy>(dirs: &[Dir<B>; 8], indices: &[usize]) -> Chosen<B> {
    let mut chosen = Chosen {
        dirs: *dirs,
        len: indices.len(),
    };
    let mut i = 0;
    while i < indices.len() {
        chosen.dirs[i] = dirs[indices[i]];
        i += 1;
    }
    chosen
}

/// The direction lists of `rules` among `dirs`: man steps of White and of Black, man
/// captures of White and of Black, king steps, king captures.
pub(crate) const fn lists<B: Copy>(rules: &Rules, dirs: &[Dir<B>; 8]) -> [Chosen<B>; 6] {
    [
        choose(dirs, forward(0, rules.man_steps)),
        choose(dirs, forward(1, rules.man_steps)),
        choose(dirs, man_capture_dirs(0, rules.man_captures)),
        choose(dirs, man_capture_dirs(1, rules.man_captures)),
        choose(dirs, lines(rules.king_steps)),
        choose(dirs, lines(rules.king_captures)),
    ]
}

/// Whether two lists of direction indices are the same.
const fn same_indices(a: &[usize], b: &[usize]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The plan of `rules`' board in a word of `width` bits, which it must fit.
pub(crate) const fn board_plan(rules: &Rules, width: u32) -> Plan {
    let plan = plan(rules.geometry, width);
    assert!(plan.fits, "the board does not fit the word");
    plan
}

/// The list of [`choose`]'s directions.
pub(crate) const fn chosen<B>(c: &Chosen<B>) -> &[Dir<B>] {
    c.dirs.split_at(c.len).0
}

/// The constants of [`Spec`] for the rules `$rules` in words of `$word`, from the set's `PLAN`
/// and `LISTS`, written where the direction lists can be borrowed for the life of the program.
macro_rules! spec_constants {
    ($word:ty, $rules:expr) => {
        type Word = $word;
        const RULES: &'static Rules = &$rules;
        const BOARD: $word = Self::PLAN.board as $word;
        const PROMOTION: [$word; 2] = [
            Self::PLAN.promotion[0] as $word,
            Self::PLAN.promotion[1] as $word,
        ];
        const DIRS: [Dir<$word>; 8] = Dir::<$word>::planned(&Self::PLAN);
        const MAN_STEPS: [&'static [Dir<$word>]; 2] =
            [chosen(&Self::LISTS[0]), chosen(&Self::LISTS[1])];
        const MAN_CAPTURES: [&'static [Dir<$word>]; 2] =
            [chosen(&Self::LISTS[2]), chosen(&Self::LISTS[3])];
        const MEN_CAPTURE_ALIKE: bool = same_indices(
            man_capture_dirs(0, $rules.man_captures),
            man_capture_dirs(1, $rules.man_captures),
        );
        const KING_STEPS: &'static [Dir<$word>] = chosen(&Self::LISTS[4]);
        const KING_CAPTURES: &'static [Dir<$word>] = chosen(&Self::LISTS[5]);
        const SWITCHES: Switches = Switches::of(Self::RULES);
        const PRECEDENCE: Precedence = Self::RULES.precedence;
        const PASSING_PROMOTION: PassingPromotion = Self::RULES.passing_promotion;
        const KING_MOVE_LIMIT: Option<u8> = Self::RULES.king_move_limit;
    };
}

/// The generator's view of the rule set `S`: every answer a constant.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fixed<S>(PhantomData<S>);

impl<S: Spec> Fixed<S> {
    /// The rule set.
    pub const SET: Fixed<S> = Fixed(PhantomData);
}

impl<S: Spec> RuleSet<S::Word> for Fixed<S> {
    #[inline(always)]
    fn board(self) -> S::Word {
        S::BOARD
    }
    #[inline(always)]
    fn promotion(self, side: usize) -> S::Word {
        if side == 0 {
            S::PROMOTION[0]
        } else {
            S::PROMOTION[1]
        }
    }
    #[inline(always)]
    fn dir(self, index: usize) -> Dir<S::Word> {
        S::DIRS[index & 7]
    }
    #[inline(always)]
    fn man_steps(self, side: usize) -> &'static [Dir<S::Word>] {
        if side == 0 {
            S::MAN_STEPS[0]
        } else {
            S::MAN_STEPS[1]
        }
    }
    #[inline(always)]
    fn man_captures(self, side: usize) -> &'static [Dir<S::Word>] {
        if S::MEN_CAPTURE_ALIKE || side == 0 {
            S::MAN_CAPTURES[0]
        } else {
            S::MAN_CAPTURES[1]
        }
    }
    #[inline(always)]
    fn king_steps(self) -> &'static [Dir<S::Word>] {
        S::KING_STEPS
    }
    #[inline(always)]
    fn king_captures(self) -> &'static [Dir<S::Word>] {
        S::KING_CAPTURES
    }
    #[inline(always)]
    fn switches(self) -> Switches {
        S::SWITCHES
    }
    #[inline(always)]
    fn precedence(self) -> Precedence {
        S::PRECEDENCE
    }
    #[inline(always)]
    fn passing_promotion(self) -> PassingPromotion {
        S::PASSING_PROMOTION
    }
    #[inline(always)]
    fn king_move_limit(self) -> Option<u8> {
        S::KING_MOVE_LIMIT
    }
}

/// Whether every answer of `ctx` equals `fixed`'s: then `fixed` may stand for it.
pub(crate) fn answers_match<B: Bits, G: RuleSet<B>>(ctx: &Ctx<B>, fixed: G) -> bool {
    let layout = &ctx.layout;
    layout.board == fixed.board()
        && (0..2).all(|s| {
            layout.promotion[s] == fixed.promotion(s)
                && ctx.man_steps[s].as_slice() == fixed.man_steps(s)
                && ctx.man_captures[s].as_slice() == fixed.man_captures(s)
        })
        && (0..8).all(|i| layout.dirs[i] == fixed.dir(i))
        && ctx.king_steps.as_slice() == fixed.king_steps()
        && ctx.king_captures.as_slice() == fixed.king_captures()
        && ctx.switches == fixed.switches()
        && ctx.rules.precedence == fixed.precedence()
        && ctx.rules.passing_promotion == fixed.passing_promotion()
        && ctx.rules.king_move_limit == fixed.king_move_limit()
}

/// Defines the fixed rule sets of each word from one list, `Name = RULES` each: a type
/// [`Spec`] per set, [`FixedId`] naming them, the search for the set that stands for a
/// context (`fixed_for_u64`, `fixed_for_u128`), and the dispatch that runs a body with the
/// context's set (`with_fixed_u64!`, `with_fixed_u128!`; `$d` is the `$` of those macros).
macro_rules! fixed_rule_sets {
    ($d:tt
     u64: [$($(#[doc = $doc64:literal])* $n64:ident = $r64:ident,)*]
     u128: [$($(#[doc = $doc128:literal])* $n128:ident = $r128:ident,)*]) => {
        $(
            $(#[doc = $doc64])*
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct $n64;

            impl $n64 {
                const PLAN: Plan = board_plan(&variants::$r64, u64::BITS);
                const LISTS: [Chosen<u64>; 6] = lists(&variants::$r64, &Self::DIRS);
            }

            impl Spec for $n64 {
                spec_constants!(u64, variants::$r64);
            }
        )*
        $(
            $(#[doc = $doc128])*
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct $n128;

            impl $n128 {
                const PLAN: Plan = board_plan(&variants::$r128, u128::BITS);
                const LISTS: [Chosen<u128>; 6] = lists(&variants::$r128, &Self::DIRS);
            }

            impl Spec for $n128 {
                spec_constants!(u128, variants::$r128);
            }
        )*

        /// Names a fixed rule set.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum FixedId {
            $($n64,)*
            $($n128,)*
        }

        impl FixedId {
            /// Every fixed rule set.
            #[cfg(test)]
            pub(crate) const ALL: &[FixedId] = &[$(FixedId::$n64,)* $(FixedId::$n128,)*];

            /// The rules the set was worked out from.
            #[cfg(test)]
            pub(crate) fn rules(self) -> &'static Rules {
                match self {
                    $(FixedId::$n64 => <$n64 as Spec>::RULES,)*
                    $(FixedId::$n128 => <$n128 as Spec>::RULES,)*
                }
            }
        }

        /// The first 64-bit fixed rule set whose answers all match `ctx`'s.
        pub(crate) fn fixed_for_u64(ctx: &Ctx<u64>) -> Option<FixedId> {
            $(if answers_match(ctx, Fixed::<$n64>::SET) {
                return Some(FixedId::$n64);
            })*
            None
        }

        /// The first 128-bit fixed rule set whose answers all match `ctx`'s.
        pub(crate) fn fixed_for_u128(ctx: &Ctx<u128>) -> Option<FixedId> {
            $(if answers_match(ctx, Fixed::<$n128>::SET) {
                return Some(FixedId::$n128);
            })*
            None
        }

        /// Runs `$body` with `$rs` the rule set the generator asks for the 64-bit context `$c`:
        /// its fixed rule set, else the context itself. The body is compiled for each.
        macro_rules! with_fixed_u64 {
            ($d c:ident, $d rs:ident => $d body:expr) => {
                match $d c.fixed {
                    $(Some($crate::rules::fixed::FixedId::$n64) => {
                        let $d rs = $crate::rules::fixed::Fixed::<$crate::rules::fixed::$n64>::SET;
                        $d body
                    })*
                    _ => {
                        let $d rs = $d c;
                        $d body
                    }
                }
            };
        }
        pub(crate) use with_fixed_u64;

        /// As `with_fixed_u64!`, for a 128-bit context.
        macro_rules! with_fixed_u128 {
            ($d c:ident, $d rs:ident => $d body:expr) => {
                match $d c.fixed {
                    $(Some($crate::rules::fixed::FixedId::$n128) => {
                        let $d rs = $crate::rules::fixed::Fixed::<$crate::rules::fixed::$n128>::SET;
                        $d body
                    })*
                    _ => {
                        let $d rs = $d c;
                        $d body
                    }
                }
            };
        }
        pub(crate) use with_fixed_u128;
    };
}

// One fixed rule set per variant's generator: rule sets whose generator answers are all the
// same share one (the test `every_rule_set_runs_as_a_fixed_one` names which).
fixed_rule_sets! {$
    u64: [
        /// International rules on 10x10 (also antidraughts and breakthrough).
        International = INTERNATIONAL,
        /// Brazilian: international rules on 8x8.
        Brazilian = BRAZILIAN,
        /// Russian.
        Russian = RUSSIAN,
        /// Spantsiretti: Russian rules on 10x8.
        Spantsiretti = SPANTSIRETTI,
        /// International rules on 10x8 (dctl's Spantsiretti).
        SpantsirettiInternational = SPANTSIRETTI_INTERNATIONAL,
        /// Frisian (also Frysk!).
        Frisian = FRISIAN,
        /// English.
        English = ENGLISH,
        /// American pool.
        Pool = POOL,
        /// Italian.
        Italian = ITALIAN,
        /// Spanish (also Portuguese).
        Spanish = SPANISH,
        /// Czech.
        Czech = CZECH,
        /// Turkish.
        Turkish = TURKISH,
        /// Thai (also Thai with twelve men).
        Thai = THAI,
        /// Ghanaian (on either 10x10 board).
        Ghanaian = GHANAIAN,
        /// Malaysian on 10x10.
        Malaysian10x10 = MALAYSIAN_10X10,
        /// Malaysian on 8x8.
        Malaysian8x8 = MALAYSIAN_8X8,
    ]
    u128: [
        /// Canadian: international rules on 12x12.
        Canadian = CANADIAN,
        /// Malaysian on 12x12.
        Malaysian = MALAYSIAN,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::capture;
    use crate::rules::ctx::Word;
    use crate::rules::engine::{self, Pos, RawMove};
    use crate::rules::position::{Inner, Position};
    use crate::rules::sided::{Black, Sided, White};
    use crate::rules::variant::all_rule_sets;
    use crate::test_rng::TestRng;

    /// Every rule set runs as a fixed one with fast paths on, and every fixed one stands for
    /// a rule set (its own first); without fast paths no context runs as one.
    #[test]
    fn every_rule_set_runs_as_a_fixed_one() {
        let mut used = Vec::new();
        for rules in all_rule_sets() {
            let fixed = match <u64 as Word>::ctx(rules, true) {
                Some(c) => {
                    assert!(<u64 as Word>::ctx(rules, false).unwrap().fixed.is_none());
                    c.fixed
                }
                None => {
                    assert!(<u128 as Word>::ctx(rules, false).unwrap().fixed.is_none());
                    <u128 as Word>::ctx(rules, true).unwrap().fixed
                }
            };
            let fixed = fixed.unwrap_or_else(|| panic!("no fixed rule set for {}", rules.name));
            used.push(fixed);
            if fixed.rules() == rules {
                continue;
            }
            // Shared with another rule set: the two differ in nothing the generator asks.
            let (a, b) = (fixed.rules(), rules);
            assert_eq!(
                (
                    a.man_steps,
                    a.man_captures,
                    a.men_capture_kings,
                    a.king_range,
                    a.king_steps,
                    a.king_captures,
                    a.king_landing,
                    a.removal,
                    a.no_reversal,
                    a.passing_promotion,
                    a.precedence,
                    a.king_move_limit
                ),
                (
                    b.man_steps,
                    b.man_captures,
                    b.men_capture_kings,
                    b.king_range,
                    b.king_steps,
                    b.king_captures,
                    b.king_landing,
                    b.removal,
                    b.no_reversal,
                    b.passing_promotion,
                    b.precedence,
                    b.king_move_limit
                ),
                "{} runs as {}",
                b.name,
                a.name
            );
        }
        for id in FixedId::ALL {
            assert!(used.contains(id), "{id:?} stands for no rule set");
        }
    }

    /// Everything the generator answers about one position.
    #[derive(Debug, PartialEq)]
    struct Answers<B> {
        has_capture: bool,
        single_jumps: Option<[B; 8]>,
        captures: Vec<RawMove<B>>,
        all_paths: usize,
        quiet_count: u64,
        quiet: Vec<RawMove<B>>,
    }

    fn answers<B: Bits, G: RuleSet<B>>(rs: G, pos: &Pos<B>) -> Answers<B> {
        let mut captures = Vec::new();
        capture::generate(rs, pos, &mut captures, true);
        let mut all = Vec::new();
        capture::generate(rs, pos, &mut all, false);
        let mut quiet = Vec::new();
        engine::quiet_moves(rs, pos, &mut quiet);
        Answers {
            has_capture: engine::has_capture(rs, pos),
            single_jumps: engine::single_man_jumps(rs, pos),
            captures,
            all_paths: all.len(),
            quiet_count: engine::count_quiet(rs, pos),
            quiet,
        }
    }

    /// The fixed rule set and the context give the same answers and the same positions after
    /// each move, and so does the fixed rule set compiled for the side to move.
    fn compare<B: Bits, G: RuleSet<B>>(fixed: G, ctx: &'static Ctx<B>, p: &Pos<B>) {
        let got = answers(fixed, p);
        assert_eq!(got, answers(ctx, p), "{}", ctx.rules.name);
        let sided = match p.side() {
            0 => answers(Sided::<G, White>::new(fixed), p),
            _ => answers(Sided::<G, Black>::new(fixed), p),
        };
        assert_eq!(got, sided, "{} compiled for one side", ctx.rules.name);
        for m in got.captures.iter().chain(&got.quiet) {
            assert_eq!(p.apply(fixed, m), p.apply(ctx, m), "{}", ctx.rules.name);
        }
    }

    /// Along random games of every rule set, long enough for kings, each fixed rule set and
    /// the context it stands for give the same captures, quiet moves, counts and shortcuts,
    /// and the positions after each move are the same.
    #[test]
    fn fixed_generator_answers_as_the_context_along_random_games() {
        let mut rng = TestRng::new(0x1a7e_2026_d2af_75e1);
        for rules in all_rule_sets() {
            let mut kings_seen = 0;
            for _ in 0..12 {
                let mut pos = Position::initial(rules);
                for _ in 0..200 {
                    match *pos.inner() {
                        Inner::Small(c, ref p) => {
                            let ctx = <u64 as Word>::ctx(rules, false).unwrap();
                            with_fixed_u64!(c, rs => compare(rs, ctx, p));
                            kings_seen += usize::from(p.kings != 0);
                        }
                        Inner::Large(c, ref p) => {
                            let ctx = <u128 as Word>::ctx(rules, false).unwrap();
                            with_fixed_u128!(c, rs => compare(rs, ctx, p));
                            kings_seen += usize::from(p.kings != 0);
                        }
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(&moves[rng.below(moves.len())]);
                }
            }
            assert!(
                kings_seen > 40,
                "{}: the games reach positions with kings: {kings_seen}",
                rules.name
            );
        }
    }
}
