//! End of game: wins by the variant's goal and draws by its rules.

use super::game::GameState;
use super::position::{Few, Position};
use super::spec::{DrawRule, Goal, Rules};
use crate::Colour;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has no legal move.
    NoMoves,
    /// The loser is left with a single piece (Ghanaian).
    LonePiece,
    /// The winner crowned the first king (Breakthrough).
    FirstKing,
    /// Antidraughts: the winner has no pieces or no legal move.
    Anti,
}

/// State of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// `winner` won.
    Win {
        /// The winner.
        winner: Colour,
        /// Why.
        reason: WinReason,
    },
    /// Drawn by this rule.
    Draw(DrawRule),
}

impl Outcome {
    /// True unless `Ongoing`.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// Men and kings of each side (White first), counted where a rule needs the numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Material([(usize, usize); 2]);

impl Material {
    fn of(pos: &Position) -> Material {
        Material([pos.count(Colour::White), pos.count(Colour::Black)])
    }

    /// (men, kings) of `c`.
    fn count(&self, c: Colour) -> (usize, usize) {
        self.0[usize::from(c == Colour::Black)]
    }
}

/// The game's outcome; with `gated`, the draw rules are looked at only when the [`DrawGate`]
/// says one may apply (a shortcut: without it every rule is tested).
pub(crate) fn decide(
    game: &GameState,
    has_legal_move: impl FnOnce() -> bool,
    gated: bool,
) -> Outcome {
    if let Some(o) = decide_win(game.position(), has_legal_move) {
        return o;
    }
    if gated && !game.draw_gate().may_draw(game) {
        return Outcome::Ongoing;
    }
    let mut first = 0;
    for r in game.position().rules().draws {
        let count = endings(*r).len();
        let runs = &game.ending_runs()[first..first + count];
        first += count;
        if !is_claim(r) && draw_applies(game, r, runs) {
            return Outcome::Draw(*r);
        }
    }
    Outcome::Ongoing
}

pub(crate) fn claimable(game: &GameState) -> Option<DrawRule> {
    let rules = game.position().rules();
    // Claimed rules count no endings, so their runs are never read.
    rules
        .draws
        .iter()
        .find(|r| is_claim(r) && draw_applies(game, r, &[]))
        .copied()
}

/// The least the draw rules that apply by themselves need of a game before one of them can: a
/// test run before every move of a replay, which spares looking at the rules one by one while
/// none is near (each rule's test in [`draw_applies`] implies this one's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DrawGate {
    /// Positions in the history: the fewest occurrences a repetition rule counts.
    history: usize,
    /// Plies of king moves alone.
    king_moves: u32,
    /// Plies without capture or promotion (the Russian balance of kings).
    same_material: u32,
    /// A side down to one piece may be drawn at once (Frisian kings, one piece each).
    one_piece: bool,
    /// The goal wins only by leaving a side without a legal move (standard or anti): a side
    /// to move with a legal move has not lost nor won.
    moves_decide: bool,
}

impl DrawGate {
    /// The gate of `rules`' draw rules.
    pub(crate) fn of(rules: &Rules) -> DrawGate {
        let mut gate = DrawGate {
            history: usize::MAX,
            king_moves: u32::MAX,
            same_material: u32::MAX,
            one_piece: false,
            moves_decide: matches!(rules.goal, Goal::Standard | Goal::Anti),
        };
        for r in rules.draws.iter().filter(|r| !is_claim(r)) {
            match *r {
                DrawRule::Repetition(n) | DrawRule::RepetitionOnClaim(n) => {
                    gate.history = gate.history.min(n as usize);
                }
                DrawRule::KingMoves { plies, .. } => {
                    gate.king_moves = gate.king_moves.min(plies as u32);
                }
                // Their endings count only while they hold (the runs).
                DrawRule::FmjdEndgame | DrawRule::ThreeKingsVsKing { .. } => {}
                DrawRule::RussianEndgame => gate.same_material = BALANCED_PLIES,
                DrawRule::FrisianEndgame | DrawRule::OnePieceEach => gate.one_piece = true,
            }
        }
        gate
    }

    /// True when `game`, whose side to move is said to have a legal move, goes on: the goal
    /// wins by moves alone, the side to move has pieces, and no draw rule that applies by
    /// itself is near (what [`decide`] finds, told without it).
    #[inline]
    pub(crate) fn goes_on(&self, game: &GameState) -> bool {
        let pos = game.position();
        self.moves_decide && pos.few(pos.side_to_move()) != Few::None && !self.may_draw(game)
    }

    /// False when no draw rule that applies by itself can apply to `game`.
    #[inline]
    fn may_draw(&self, game: &GameState) -> bool {
        let c = game.counters();
        let pos = game.position();
        game.history_len() >= self.history
            || c.king_moves >= self.king_moves
            || c.same_material >= self.same_material
            || game.in_counted_ending()
            || (self.one_piece
                && [Colour::White, Colour::Black]
                    .into_iter()
                    .any(|side| matches!(pos.few(side), Few::One { .. })))
    }
}

fn is_claim(r: &DrawRule) -> bool {
    matches!(
        r,
        DrawRule::KingMoves { claim: true, .. } | DrawRule::RepetitionOnClaim(_)
    )
}

// Asked before every move of a replay: what it reads is told without counting pieces.
fn decide_win(pos: &Position, has_legal_move: impl FnOnce() -> bool) -> Option<Outcome> {
    let goal = pos.rules().goal;
    let mover = pos.side_to_move();
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    if goal == Goal::FirstKing {
        for c in [mover.opposite(), mover] {
            if pos.has_king(c) {
                return win(c, WinReason::FirstKing);
            }
        }
    }
    if goal == Goal::LonePieceLoses {
        for c in [mover, mover.opposite()] {
            if matches!(pos.few(c), Few::One { .. }) && pos.few(c.opposite()) == Few::More {
                return win(c.opposite(), WinReason::LonePiece);
            }
        }
    }
    let stuck = if pos.few(mover) == Few::None {
        Some(WinReason::NoPieces)
    } else if !has_legal_move() {
        Some(WinReason::NoMoves)
    } else {
        None
    };
    stuck.and_then(|reason| match goal {
        Goal::Anti => win(mover, WinReason::Anti),
        _ => win(mover.opposite(), reason),
    })
}

/// The strong side's (men, kings) when the other side has a lone king.
fn lone_king_ending(material: &Material) -> Option<(usize, usize)> {
    for c in [Colour::White, Colour::Black] {
        if material.count(c) == (0, 1) {
            return Some(material.count(c.opposite()));
        }
    }
    None
}

/// A material situation that a draw rule counts moves in from the move that made it: the
/// count runs as long as the situation lasts, whatever captures or promotions keep it (a second
/// king crowned in a 5-move ending does not restart the count: FMJD Art. 6.4 and lidraughts
/// count "from the moment the material arose"), and starts again when another arises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// FMJD 16-move rule: a lone king against three pieces, at least one a king.
    ThreeWithKing,
    /// FMJD 5-move rule, Russian 7.2.8: a lone king against two pieces or one, one a king.
    TwoWithKing,
    /// Russian 7.2.4: a lone king against three kings or more.
    ThreeKings,
    /// Russian 7.2.7: a lone king on the long diagonal against three pieces with a king.
    MainRoad,
    /// Frisian: a lone king against two kings (no men).
    TwoKingsOnly,
    /// Pool: a lone king against exactly three kings.
    ExactlyThreeKings,
}

/// The endings `rule` counts, in the order of [`ending_limits`].
fn endings(rule: DrawRule) -> &'static [Ending] {
    match rule {
        DrawRule::FmjdEndgame => &[Ending::ThreeWithKing, Ending::TwoWithKing],
        DrawRule::RussianEndgame => &[Ending::ThreeKings, Ending::MainRoad, Ending::TwoWithKing],
        DrawRule::FrisianEndgame => &[Ending::TwoKingsOnly],
        DrawRule::ThreeKingsVsKing { .. } => &[Ending::ExactlyThreeKings],
        DrawRule::Repetition(_)
        | DrawRule::RepetitionOnClaim(_)
        | DrawRule::KingMoves { .. }
        | DrawRule::OnePieceEach => &[],
    }
}

/// Most endings one variant's draw rules count (Russian: three).
pub(crate) const MAX_ENDINGS: usize = 3;

/// Plies the stronger side has in each ending of `rule` ([`endings`] order).
fn ending_limits(rule: DrawRule) -> [u32; MAX_ENDINGS] {
    match rule {
        // Art. 6.3: 16 moves each; Art. 6.4: 5 moves each.
        DrawRule::FmjdEndgame => [32, 10, 0],
        // 7.2.4: 15 moves; 7.2.7 and 7.2.8: 5 moves.
        DrawRule::RussianEndgame => [30, 10, 10],
        // 7 moves each.
        DrawRule::FrisianEndgame => [14, 0, 0],
        DrawRule::ThreeKingsVsKing { plies } => [u32::from(plies), 0, 0],
        DrawRule::Repetition(_)
        | DrawRule::RepetitionOnClaim(_)
        | DrawRule::KingMoves { .. }
        | DrawRule::OnePieceEach => [0; MAX_ENDINGS],
    }
}

impl Ending {
    fn holds(self, pos: &Position, material: &Material) -> bool {
        let Some((m, k)) = lone_king_ending(material) else {
            return false;
        };
        match self {
            Ending::ThreeWithKing => k >= 1 && m + k == 3,
            Ending::TwoWithKing => k >= 1 && m + k <= 2,
            Ending::ThreeKings => k >= 3,
            Ending::MainRoad => k >= 1 && m + k == 3 && lone_king_on_main_diagonal(pos, material),
            Ending::TwoKingsOnly => (m, k) == (0, 2),
            Ending::ExactlyThreeKings => (m, k) == (0, 3),
        }
    }
}

/// The runs of the endings of `pos`'s draw rules after a move (or a huff) that led from a
/// position with runs `before` to `pos`: a run goes on by `step` plies while its ending holds,
/// starts at 0 when the ending arises, and is `None` while it does not hold. `before` is
/// `None` for a start position.
#[inline]
pub(crate) fn ending_runs(
    pos: &Position,
    before: Option<&[Option<u32>; MAX_ENDINGS]>,
    step: u32,
) -> [Option<u32>; MAX_ENDINGS] {
    let mut runs = [None; MAX_ENDINGS];
    // Most positions have no lone king: nothing holds, nothing to count.
    if !pos.has_lone_king() {
        return runs;
    }
    let mut all = pos.rules().draws.iter().flat_map(|r| endings(*r));
    let material = Material::of(pos);
    for (i, e) in all.by_ref().take(MAX_ENDINGS).enumerate() {
        if e.holds(pos, &material) {
            runs[i] = Some(match before.and_then(|b| b[i]) {
                Some(n) => n + step,
                None => 0,
            });
        }
    }
    debug_assert!(all.next().is_none(), "more endings than MAX_ENDINGS");
    runs
}

fn draw_applies(game: &GameState, rule: &DrawRule, runs: &[Option<u32>]) -> bool {
    let pos = game.position();
    let c = game.counters();
    let ending_over = || {
        runs.iter()
            .zip(ending_limits(*rule))
            .any(|(run, limit)| run.is_some_and(|n| n >= limit))
    };
    match *rule {
        // The history holds each position since the last man move or capture once per
        // occurrence, so a shorter one cannot hold `n` occurrences.
        DrawRule::Repetition(n) | DrawRule::RepetitionOnClaim(n) => {
            game.history_len() >= n as usize && game.repetitions() >= n as usize
        }
        DrawRule::KingMoves { plies, .. } => c.king_moves >= plies as u32,
        DrawRule::FmjdEndgame | DrawRule::ThreeKingsVsKing { .. } => ending_over(),
        // Pieces are counted only once enough plies have passed for the count to matter.
        DrawRule::RussianEndgame => {
            ending_over()
                || (c.same_material >= BALANCED_PLIES
                    && balanced_kings(&Material::of(pos), c.same_material))
        }
        DrawRule::FrisianEndgame => ending_over() || frisian_kings_alone(pos),
        DrawRule::OnePieceEach => {
            matches!(pos.few(Colour::White), Few::One { .. })
                && matches!(pos.few(Colour::Black), Few::One { .. })
        }
    }
}

/// The fewest plies [`balanced_kings`] draws after.
const BALANCED_PLIES: u32 = 60;

/// FMJD-64 / Russian 7.2.6: both sides have kings and the balance of forces has not changed
/// (no capture, no crowning): 30 moves with 4-5 pieces, 60 with 6-7.
fn balanced_kings(material: &Material, same: u32) -> bool {
    let (w, b) = (material.count(Colour::White), material.count(Colour::Black));
    let pieces = w.0 + w.1 + b.0 + b.1;
    w.1 > 0
        && b.1 > 0
        && match pieces {
            4 | 5 => same >= BALANCED_PLIES,
            6 | 7 => same >= 120,
            _ => false,
        }
}

fn lone_king_on_main_diagonal(pos: &Position, material: &Material) -> bool {
    let g = pos.geometry();
    [Colour::White, Colour::Black].into_iter().any(|c| {
        material.count(c) == (0, 1)
            && pos.pieces(c).iter().all(|sq| {
                let (x, y) = g.coords(sq);
                x == y
            })
    })
}

/// Frisian, one king each: drawn at once, unless one side wins by force at once: the side to
/// move can take the other king, or every move it has puts its king where the other takes
/// it (the kings on the two ends of the main diagonal are one such case, not the rule).
fn frisian_kings_alone(pos: &Position) -> bool {
    let lone = |c| pos.few(c) == Few::One { king: true };
    if !(lone(Colour::White) && lone(Colour::Black)) || pos.has_capture() {
        return false;
    }
    let moves = pos.legal_moves();
    moves.is_empty() || !moves.iter().all(|m| pos.played(m).has_capture())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fen;
    use crate::{Config, Counters, Variant};

    fn state(v: Variant, fen: &str) -> GameState {
        GameState::from_fen(&Fen::parse(fen).unwrap(), Config::standard(v)).unwrap()
    }

    /// `fen` as if its endings had held for `runs` plies (as far as they hold at all).
    fn at(v: Variant, fen: &str, king_moves: u32, same_material: u32, run: u32) -> GameState {
        let g = state(v, fen).with_counters(Counters {
            plies: 0,
            king_moves,
            same_material,
        });
        let runs = g.ending_runs().map(|r| r.map(|_| run));
        g.with_ending_runs(runs)
    }

    #[test]
    fn international_king_move_and_endgame_counts() {
        let many = "W:WK46,K50,31,32:BK1,K5,19,20";
        assert_eq!(
            at(Variant::International, many, 49, 49, 0).outcome(),
            Outcome::Ongoing
        );
        let rule = DrawRule::KingMoves {
            plies: 50,
            claim: false,
        };
        assert_eq!(
            at(Variant::International, many, 50, 50, 0).outcome(),
            Outcome::Draw(rule)
        );
        // 16-move rule: lone king against three pieces with a king.
        let sixteen = "W:WK46,31,32:BK5";
        assert_eq!(
            state(Variant::International, sixteen).ending_runs(),
            &[Some(0), None, None]
        );
        assert_eq!(
            at(Variant::International, sixteen, 0, 0, 31).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::International, sixteen, 0, 0, 32).outcome(),
            Outcome::Draw(DrawRule::FmjdEndgame)
        );
        // 5-move rule: lone king against two pieces with a king.
        let five = "W:WK46,31:BK5";
        assert_eq!(
            state(Variant::International, five).ending_runs(),
            &[None, Some(0), None]
        );
        assert_eq!(
            at(Variant::International, five, 0, 0, 9).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::International, five, 0, 0, 10).outcome(),
            Outcome::Draw(DrawRule::FmjdEndgame)
        );
        // Without a king the stronger side is not limited.
        assert_eq!(
            at(Variant::International, "W:W31,32,33:BK5", 0, 40, 40).outcome(),
            Outcome::Ongoing
        );
    }

    #[test]
    fn a_capture_turning_16_moves_into_5_restarts_the_count() {
        // Lone black king against king and two men after 30 plies: the 16-move rule
        // (32 plies) has not run out.
        let mut g = at(Variant::International, "B:WK46,28,33:BK5", 0, 30, 30);
        assert_eq!(g.outcome(), Outcome::Ongoing);
        let capture = g
            .legal_moves()
            .into_iter()
            .find(|m| m.is_capture())
            .expect("a capture");
        g.play(&capture);
        // Now lone king against two pieces: the 5-move count starts at the capture.
        assert_eq!(g.ending_runs(), &[None, Some(0), None]);
        assert_eq!(g.outcome(), Outcome::Ongoing);
        let runs = |n| [None, Some(n), None];
        assert_eq!(
            g.clone().with_ending_runs(runs(9)).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            g.clone().with_ending_runs(runs(10)).outcome(),
            Outcome::Draw(DrawRule::FmjdEndgame)
        );
    }

    #[test]
    fn a_promotion_that_keeps_the_ending_keeps_its_count() {
        // King and man against king: a 5-move ending from the start. Crowning the man makes
        // two kings against one, the same ending: the count goes on.
        let mut g = at(Variant::International, "B:W6,K22:BK40", 0, 0, 3);
        let step = |g: &mut GameState, from: u8, to: u8| {
            let n = g.config().notation;
            let sq = |s: u8| n.parse(crate::SquareToken::Num(s.into())).unwrap();
            let m = g
                .legal_moves()
                .into_iter()
                .find(|m| m.from == sq(from) && m.to == sq(to))
                .expect("legal");
            g.play(&m);
        };
        step(&mut g, 40, 45);
        step(&mut g, 6, 1);
        assert_eq!(g.ending_runs(), &[None, Some(5), None]);
        assert_eq!(g.counters().same_material, 0);
    }

    #[test]
    fn russian_endgame_counts() {
        let three_kings = "W:WKa1,Kc1,Ke1:BKh6";
        assert_eq!(
            at(Variant::Russian, three_kings, 0, 0, 29).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::Russian, three_kings, 0, 0, 30).outcome(),
            Outcome::Draw(DrawRule::RussianEndgame)
        );
        // 7.2.7: the lone king holds the long diagonal: five moves only.
        let diagonal = "W:WKa1,Kc1,Ke1:BKh8";
        assert_eq!(
            state(Variant::Russian, diagonal).ending_runs(),
            &[Some(0), Some(0), None]
        );
        assert_eq!(
            at(Variant::Russian, diagonal, 0, 0, 9).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::Russian, diagonal, 0, 0, 10).outcome(),
            Outcome::Draw(DrawRule::RussianEndgame)
        );
        // 7.2.6 counts plies without capture or crowning.
        let balanced = "W:WKa1,c3:BKh8,f6";
        assert_eq!(
            at(Variant::Russian, balanced, 0, 59, 59).outcome(),
            Outcome::Ongoing
        );
        assert_eq!(
            at(Variant::Russian, balanced, 0, 60, 0).outcome(),
            Outcome::Draw(DrawRule::RussianEndgame)
        );
    }

    #[test]
    fn english_forty_moves_is_a_claim() {
        let g = at(Variant::English, "B:WK1,K3:BK30,K32", 80, 80, 0);
        assert_eq!(g.outcome(), Outcome::Ongoing);
        assert_eq!(
            g.claimable_draw(),
            Some(DrawRule::KingMoves {
                plies: 80,
                claim: true
            })
        );
        assert_eq!(
            at(Variant::English, "B:WK1,K3:BK30,K32", 79, 79, 0).claimable_draw(),
            None
        );
    }

    #[test]
    fn pool_three_kings_against_one() {
        let fen = "B:WK1,K3,K5:BK30";
        assert_eq!(at(Variant::Pool, fen, 0, 0, 25).outcome(), Outcome::Ongoing);
        assert_eq!(
            at(Variant::Pool, fen, 0, 0, 26).outcome(),
            Outcome::Draw(DrawRule::ThreeKingsVsKing { plies: 26 })
        );
    }

    #[test]
    fn frisian_one_king_each_is_drawn_unless_a_side_wins_at_once() {
        let frisian = |fen| state(Variant::Frisian, fen).outcome();
        let drawn = Outcome::Draw(DrawRule::FrisianEndgame);
        assert_eq!(frisian("W:WK46:BK1"), drawn);
        // The kings on one diagonal, the side to move free to leave it.
        assert_eq!(frisian("W:WK28:BK5"), drawn);
        // Black to move takes the king on 28.
        assert_eq!(frisian("B:WK28:BK5"), Outcome::Ongoing);
        // White's king in the corner can only step onto the diagonal, where it is taken.
        assert_eq!(frisian("W:WK46:BK5"), Outcome::Ongoing);
        assert_eq!(frisian("B:WK46:BK5"), Outcome::Ongoing);
    }

    #[test]
    fn every_variant_counts_at_most_max_endings() {
        for v in Variant::ALL {
            let n: usize = v.rules().draws.iter().map(|r| endings(*r).len()).sum();
            assert!(n <= MAX_ENDINGS, "{v}: {n}");
        }
    }
}
