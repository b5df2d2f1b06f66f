//! A rule set fixed at compile time: the international rules on the 10x10 board. The
//! generator is generic over [`RuleSet`]; compiled for [`International`], its directions,
//! masks and rule switches are constants, so steps are shifts by immediates and the branches
//! on rules the variant does not have disappear. It is used only for a context whose every
//! answer it matches (checked once, when the context is built), and never with fast paths
//! off: the same generator code runs either way.

use super::bits::Bits;
use super::ctx::{Ctx, RuleSet, rule_switches};
use super::layout::{DOWN, DOWN_LEFT, DOWN_RIGHT, Dir, LEFT, RIGHT, UP, UP_LEFT, UP_RIGHT};
use super::spec::{PassingPromotion, Precedence};

/// The international rule set with its answers fixed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct International;

impl International {
    /// The fixed rule set standing for `ctx`, when `ctx` was found to match it.
    #[inline(always)]
    pub fn of(ctx: &Ctx<u64>) -> Option<International> {
        ctx.fixed_international.then_some(International)
    }
}

/// The layout's steps, by direction index: rows numbered from the top, a ghost bit after
/// every two rows, so a diagonal step is a shift by 5 or 6 and a straight one by 11 or 1.
const DIRS: [Dir<u64>; 8] = [
    Dir::fixed(UP_LEFT, 58, 0x3d_f7be_f7de_fbc0),
    Dir::fixed(DOWN_RIGHT, 6, 0xf7de_fbdf_7bef),
    Dir::fixed(UP_RIGHT, 59, 0x3e_f7de_fbdf_7be0),
    Dir::fixed(DOWN_LEFT, 5, 0x1_f7be_f7de_fbdf),
    Dir::fixed(UP, 53, 0x3f_f7fe_ffdf_f800),
    Dir::fixed(DOWN, 11, 0x7fe_ffdf_fbff),
    Dir::fixed(LEFT, 63, 0x3d_e7bc_f79e_f3de),
    Dir::fixed(RIGHT, 1, 0x1e_f3de_7bcf_79ef),
];
const BOARD: u64 = 0x3f_f7fe_ffdf_fbff;
const PROMOTION: [u64; 2] = [0x1f, 0x3e_0000_0000_0000];
const WHITE_STEPS: [Dir<u64>; 2] = [DIRS[UP_LEFT], DIRS[UP_RIGHT]];
const BLACK_STEPS: [Dir<u64>; 2] = [DIRS[DOWN_LEFT], DIRS[DOWN_RIGHT]];
const DIAGONALS: [Dir<u64>; 4] = [
    DIRS[UP_LEFT],
    DIRS[UP_RIGHT],
    DIRS[DOWN_LEFT],
    DIRS[DOWN_RIGHT],
];

impl RuleSet<u64> for International {
    #[inline(always)]
    fn board(self) -> u64 {
        BOARD
    }
    #[inline(always)]
    fn promotion(self, side: usize) -> u64 {
        PROMOTION[side & 1]
    }
    #[inline(always)]
    fn dir(self, index: usize) -> Dir<u64> {
        DIRS[index & 7]
    }
    #[inline(always)]
    fn man_steps(self, side: usize) -> &'static [Dir<u64>] {
        if side == 0 {
            &WHITE_STEPS
        } else {
            &BLACK_STEPS
        }
    }
    #[inline(always)]
    fn man_captures(self, _side: usize) -> &'static [Dir<u64>] {
        &DIAGONALS
    }
    #[inline(always)]
    fn king_steps(self) -> &'static [Dir<u64>] {
        &DIAGONALS
    }
    #[inline(always)]
    fn king_captures(self) -> &'static [Dir<u64>] {
        &DIAGONALS
    }
    rule_switches!(fixed:
        flying: true,
        multi_landing: true,
        immediate: false,
        block_reverse: true,
        track_streaks: false,
        men_take_kings: true,
        crowned_midway: false,
        kind_blind: true,
    );
    #[inline(always)]
    fn precedence(self) -> Precedence {
        Precedence::Quantity
    }
    #[inline(always)]
    fn passing_promotion(self) -> PassingPromotion {
        PassingPromotion::StaysMan
    }
    #[inline(always)]
    fn king_move_limit(self) -> Option<u8> {
        None
    }
}

/// Whether every answer of `ctx` equals [`International`]'s: then the fixed rule set may
/// stand for it.
pub(crate) fn matches_international<B: Bits>(ctx: &Ctx<B>) -> bool {
    let same_dirs = |a: &[Dir<B>], b: &[Dir<u64>]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_as(y))
    };
    let fixed = International;
    B::WIDTH == 64
        && ctx.layout.board.wide() == u128::from(BOARD)
        && (0..2).all(|s| ctx.layout.promotion[s].wide() == u128::from(PROMOTION[s]))
        && same_dirs(&ctx.layout.dirs, &DIRS)
        && (0..2).all(|s| {
            same_dirs(ctx.man_steps[s].as_slice(), fixed.man_steps(s))
                && same_dirs(ctx.man_captures[s].as_slice(), fixed.man_captures(s))
        })
        && same_dirs(ctx.king_steps.as_slice(), fixed.king_steps())
        && same_dirs(ctx.king_captures.as_slice(), fixed.king_captures())
        && ctx.flying == fixed.flying()
        && ctx.multi_landing == fixed.multi_landing()
        && ctx.immediate == fixed.immediate()
        && ctx.block_reverse == fixed.block_reverse()
        && ctx.track_streaks == fixed.track_streaks()
        && ctx.men_take_kings == fixed.men_take_kings()
        && ctx.crowned_midway == fixed.crowned_midway()
        && ctx.kind_blind == fixed.kind_blind()
        && ctx.rules.precedence == fixed.precedence()
        && ctx.rules.passing_promotion == fixed.passing_promotion()
        && ctx.rules.king_move_limit == fixed.king_move_limit()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use crate::rules::capture;
    use crate::rules::ctx::Word;
    use crate::rules::engine::{self, Pos, RawMove};
    use crate::rules::position::{Inner, Position};
    use crate::test_rng::TestRng;

    fn context(v: Variant) -> Option<&'static Ctx<u64>> {
        <u64 as Word>::ctx(v.rules())
    }

    /// The international context matches the fixed rule set; rule sets that differ from it
    /// in the board or in one rule do not.
    #[test]
    fn only_the_international_context_matches() {
        let intl = context(Variant::International).unwrap();
        assert!(matches_international(intl));
        assert_eq!(intl.fixed_international, crate::fast_paths_default());
        for v in [Variant::Brazilian, Variant::Frisian, Variant::Russian] {
            let c = context(v).unwrap();
            assert!(!matches_international(c), "{v}");
            assert!(!c.fixed_international, "{v}");
        }
        let canadian = <u128 as Word>::ctx(Variant::Canadian.rules()).unwrap();
        assert!(!matches_international(canadian));
    }

    /// Everything the generator answers about one position.
    #[derive(Debug, PartialEq)]
    struct Answers {
        has_capture: bool,
        single_jumps: Option<[u64; 8]>,
        captures: Vec<RawMove<u64>>,
        quiet_count: u64,
        quiet: Vec<RawMove<u64>>,
    }

    fn answers<G: RuleSet<u64>>(rs: G, pos: &Pos<u64>) -> Answers {
        let mut captures = Vec::new();
        capture::generate(rs, pos, &mut captures, true);
        let mut quiet = Vec::new();
        engine::quiet_moves(rs, pos, &mut quiet);
        Answers {
            has_capture: engine::has_capture(rs, pos),
            single_jumps: engine::single_man_jumps(rs, pos),
            captures,
            quiet_count: engine::count_quiet(rs, pos),
            quiet,
        }
    }

    /// Along random international games, long enough for kings, the fixed rule set and the
    /// context give the same captures, quiet moves, counts and shortcuts, and the positions
    /// after each move are the same.
    #[test]
    fn fixed_generator_answers_as_the_context_along_random_games() {
        let ctx = context(Variant::International).unwrap();
        let mut rng = TestRng::new(0x1a7e_2026_d2af_75e1);
        let mut kings_seen = 0;
        for _ in 0..40 {
            let mut pos = Position::initial(Variant::International.rules());
            for _ in 0..250 {
                let Inner::Small(_, p) = pos.inner() else {
                    panic!("international fits in 64 bits");
                };
                let fixed = answers(International, p);
                assert_eq!(fixed, answers(ctx, p));
                for m in fixed.captures.iter().chain(&fixed.quiet) {
                    assert_eq!(p.apply(International, m), p.apply(ctx, m));
                }
                kings_seen += usize::from(p.kings != 0);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(&moves[rng.below(moves.len())]);
            }
        }
        assert!(
            kings_seen > 500,
            "the games reach positions with kings: {kings_seen}"
        );
    }
}
