//! `GameState`: a position plus what the rules need beyond it: repetition history and the
//! counters of the draw rules. It decides when a game is over ([`GameState::outcome`]).

use super::mv::Move;
use super::outcome::{self, DrawGate, Outcome};
use super::position::{CaptureMove, Position, QuietMove};
use super::setup::FenError;
use super::spec::DrawRule;
use super::variant::{Config, Variant};
use crate::Square;
use crate::{Colour, Fen};

/// A game in progress under one configuration.
#[derive(Clone, Debug)]
pub struct GameState {
    config: Config,
    position: Position,
    counters: Counters,
    /// Per ending counted by the draw rules (in the order of the variant's rules): plies
    /// since its material arose, `None` while it does not hold.
    endings: [Option<u32>; outcome::MAX_ENDINGS],
    /// A side has one piece, a king (what every ending counted needs): it changes only with
    /// the material, by a capture, a promotion or a huff.
    lone_king: bool,
    /// Positions since the last man move or capture, before the current one (which is not
    /// kept twice: most moves restart the history, and then nothing is written).
    history: Vec<Position>,
    /// What the draw rules need before one can apply.
    draw_gate: DrawGate,
}

/// Ply counters the draw rules read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Plies played since the start or the FEN.
    pub plies: u32,
    /// Plies since the last man move or capture (only kings moved).
    pub king_moves: u32,
    /// Plies since the last capture or promotion (unchanged material: Russian 7.2.6). The
    /// lone-king endings count from the move that made their material instead, which a later
    /// capture or promotion keeping that material does not restart.
    pub same_material: u32,
}

impl GameState {
    /// The standard start of `config` (its first mover to move).
    pub fn new(config: Config) -> GameState {
        let mut position = Position::initial(config.rules());
        position.set_side_to_move(config.first_mover);
        GameState::from_position(config, position)
    }

    /// The standard start of `variant` with its standard notation.
    pub fn initial(variant: Variant) -> GameState {
        GameState::new(Config::standard(variant))
    }

    /// A game starting from a FEN, squares named by `config.notation`.
    ///
    /// # Errors
    /// See [`FenError`].
    pub fn from_fen(fen: &Fen, config: Config) -> Result<GameState, FenError> {
        let position = Position::from_fen(fen, config.rules(), &config.notation)?;
        Ok(GameState::from_position(config, position))
    }

    /// A game starting from `position` (counters at zero).
    pub fn from_position(config: Config, position: Position) -> GameState {
        GameState {
            config,
            position,
            counters: Counters::default(),
            endings: outcome::ending_runs(&position, None, 0),
            lone_king: position.has_lone_king(),
            history: Vec::new(),
            draw_gate: DrawGate::of(position.rules()),
        }
    }

    /// The same game, its moves found with the rules' fast paths `on` or off (see
    /// [`Position::with_fast_paths`]); games are made with them on.
    pub fn with_fast_paths(mut self, on: bool) -> GameState {
        self.position = self.position.with_fast_paths(on);
        for p in &mut self.history {
            *p = p.with_fast_paths(on);
        }
        self
    }

    /// Becomes `next`, keeping this state's buffer for the repetition history: a replay of
    /// many games allocates it once.
    pub fn restart(&mut self, next: GameState) {
        let mut history = std::mem::take(&mut self.history);
        history.clear();
        history.extend_from_slice(&next.history);
        *self = GameState { history, ..next };
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The draw-rule counters.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Side to move.
    pub fn side_to_move(&self) -> Colour {
        self.position.side_to_move()
    }

    /// The FEN of the current position in the game's notation.
    pub fn to_fen(&self) -> Fen {
        self.position.to_fen(&self.config.notation)
    }

    /// The legal moves (see [`Position::legal_moves`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position.legal_moves()
    }

    /// Plays `m` (from this position's move lists) and updates every counter.
    pub fn play(&mut self, m: &Move) {
        let by_king = self.position.king_at(m.from);
        self.keep_history(by_king && !m.is_capture());
        self.position.play(m);
        self.count_move(by_king, m.is_capture(), m.promotes);
    }

    /// [`Lanes::play_quiet`](super::lanes::Lanes::play_quiet).
    pub(crate) fn play_quiet_lane(&mut self, q: &QuietMove) {
        let lane = q.lane();
        self.keep_history(lane.by_king());
        self.position.play_quiet(q);
        self.count_move(lane.by_king(), false, lane.promotes());
    }

    /// [`Lanes::play_capture`](super::lanes::Lanes::play_capture).
    pub(crate) fn play_capture_lane(&mut self, m: &CaptureMove) {
        self.keep_history(false);
        self.position.play_capture(m);
        let lane = m.lane();
        self.count_move(lane.by_king(), true, lane.promotes());
    }

    /// Before a move: a king's quiet move adds the position it leaves (the current one) to the
    /// history, any other move restarts it.
    #[inline(always)]
    fn keep_history(&mut self, kept: bool) {
        if kept {
            self.history.push(self.position);
        } else {
            self.history.clear();
        }
    }

    /// Updates the counters and the endings after a move.
    #[inline]
    fn count_move(&mut self, by_king: bool, capture: bool, promotes: bool) {
        let resets = !by_king || capture;
        let c = &mut self.counters;
        c.plies += 1;
        c.king_moves = if resets { 0 } else { c.king_moves + 1 };
        c.same_material = if capture || promotes {
            0
        } else {
            c.same_material + 1
        };
        // Most positions have no lone king, so no ending the draw rules count holds, and a
        // quiet move cannot make one.
        if capture || promotes || self.lone_king {
            self.lone_king = self.position.has_lone_king();
            self.endings = if self.lone_king {
                outcome::ending_runs(&self.position, Some(&self.endings), 1)
            } else {
                [None; outcome::MAX_ENDINGS]
            };
        }
        debug_assert!(self.lone_king || self.endings == [None; outcome::MAX_ENDINGS]);
    }

    /// Malaysian huffing: removes the piece on `sq` (the piece that failed to capture),
    /// as the opponent may do instead of moving. Returns false if the square was empty.
    pub fn huff(&mut self, sq: Square) -> bool {
        if self.position.piece_at(sq).is_none() {
            return false;
        }
        self.position.set_piece(sq, None);
        self.counters.same_material = 0;
        // No ply passes: an ending the huff leaves in place keeps its count.
        self.endings = outcome::ending_runs(&self.position, Some(&self.endings), 0);
        self.lone_king = self.position.has_lone_king();
        self.history.clear();
        true
    }

    /// The runs of the endings the draw rules count ([`outcome::ending_runs`]).
    pub(crate) fn ending_runs(&self) -> &[Option<u32>; outcome::MAX_ENDINGS] {
        &self.endings
    }

    /// An ending the draw rules count holds (none does without a lone king).
    #[inline]
    pub(crate) fn in_counted_ending(&self) -> bool {
        self.lone_king && self.endings.iter().any(Option::is_some)
    }

    /// What the draw rules need before one can apply.
    pub(crate) fn draw_gate(&self) -> &DrawGate {
        &self.draw_gate
    }

    /// Positions since the last man move or capture, the current one included.
    pub(crate) fn history_len(&self) -> usize {
        self.history.len() + 1
    }

    /// How many times the current position (with the same side to move) has occurred.
    pub fn repetitions(&self) -> usize {
        // The history holds one position per ply since it last restarted, so sides alternate:
        // only every second entry back from the current one has its side to move.
        1 + self
            .history
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|p| **p == self.position)
            .count()
    }

    /// Whether the game is over, and how (win conditions first, then automatic draws), every
    /// rule tested.
    pub fn outcome(&self) -> Outcome {
        let has_legal_move = || {
            if self.position.fast_paths() {
                self.position.has_legal_move()
            } else {
                !self.position.legal_moves().is_empty()
            }
        };
        outcome::decide(self, has_legal_move, false)
    }

    /// [`Lanes::outcome_knowing`](super::lanes::Lanes::outcome_knowing): while no draw rule is
    /// near (the draw gate), the rules are not looked at one by one.
    #[inline]
    pub(crate) fn outcome_knowing_lane(&self, has_legal_move: bool) -> Outcome {
        // Most positions of a game: a legal move, and no draw rule near.
        if has_legal_move && self.draw_gate.goes_on(self) {
            return Outcome::Ongoing;
        }
        outcome::decide(self, || has_legal_move, true)
    }

    /// [`Lanes::outcome_knowing`](super::lanes::Lanes::outcome_knowing) with every rule tested
    /// one by one, no shortcut: what a
    /// replay with its fast paths off asks.
    pub fn outcome_by_rules(&self, has_legal_move: bool) -> Outcome {
        outcome::decide(self, || has_legal_move, false)
    }

    /// A draw rule that a player may claim now without the game ending by itself (the
    /// English 40-move rule).
    pub fn claimable_draw(&self) -> Option<DrawRule> {
        outcome::claimable(self)
    }
}

#[cfg(test)]
impl GameState {
    /// Test hook: pretend the counters read `c`.
    pub(crate) fn with_counters(mut self, c: Counters) -> GameState {
        self.counters = c;
        self
    }

    /// Test hook: pretend the ending runs read `runs`.
    pub(crate) fn with_ending_runs(
        mut self,
        runs: [Option<u32>; outcome::MAX_ENDINGS],
    ) -> GameState {
        self.endings = runs;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::Lanes;
    use crate::rules::spec::Precedence;
    use crate::test_rng::TestRng;

    /// Plays 10 random games of at most 200 plies for every variant, showing `visit` each
    /// position (through the game), its legal moves and the move about to be played.
    fn walk_random_games(
        seed: u64,
        mut visit: impl FnMut(&GameState, &[Move], &Move, &mut TestRng),
    ) {
        let mut rng = TestRng::new(seed);
        for v in Variant::ALL {
            for _ in 0..10 {
                let mut game = GameState::initial(v);
                for _ in 0..200 {
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len())];
                    visit(&game, &moves, &m, &mut rng);
                    game.play(&m);
                }
            }
        }
    }

    /// The same game state as far as the draw rules can tell.
    fn assert_same_game(a: &GameState, b: &GameState) {
        let v = a.config().variant;
        assert_eq!(a.position(), b.position(), "{v}");
        assert_eq!(a.counters(), b.counters(), "{v}");
        assert_eq!(a.ending_runs(), b.ending_runs(), "{v}");
        assert_eq!(a.repetitions(), b.repetitions(), "{v}");
        assert_eq!(a.history_len(), b.history_len(), "{v}");
    }

    /// The quiet lane tells what `has_capture` and `quiet_move` tell, and playing its move
    /// leaves the game as playing the listed move does, along random games of every variant
    /// (kings, Frisian streaks, promotions, draw counters).
    #[test]
    fn the_quiet_lane_plays_as_the_move_lists() {
        let mut quiet = 0;
        walk_random_games(0x9e37_79b9_7f4a_7c15, |game, _, m, rng| {
            let pos = game.position();
            let v = game.config().variant;
            let squares: Vec<Square> = pos.geometry().all().collect();
            for _ in 0..4 {
                let from = squares[rng.below(squares.len())];
                let to = squares[rng.below(squares.len())];
                let expected = (!pos.has_capture()).then(|| pos.quiet_move(from, to));
                let lane = game.quiet_unless_capture(from, to);
                assert_eq!(lane.map(|q| q.map(|q| q.to_move())), expected, "{v}");
            }
            if let Some(Some(q)) = game.quiet_unless_capture(m.from, m.to) {
                assert_eq!(q.to_move(), *m, "{v}");
                let (mut lane, mut listed) = (game.clone(), game.clone());
                lane.play_quiet(&q);
                listed.play(m);
                assert_same_game(&lane, &listed);
                quiet += 1;
            } else {
                assert!(m.is_capture(), "{v}");
            }
        });
        assert!(quiet > 10_000, "{quiet} quiet moves played");
    }

    /// The capture lane finds a capture exactly when the legal list holds one alone between
    /// its ends, and playing it leaves the game as playing the listed move does.
    #[test]
    fn the_capture_lane_plays_as_the_move_lists() {
        let (mut found, mut refused) = (0, 0);
        walk_random_games(0x6a09_e667_f3bc_c908, |game, moves, _, rng| {
            let pos = game.position();
            let v = game.config().variant;
            // Every pair of ends of a legal move, and a few pairs of any squares.
            let squares: Vec<Square> = pos.geometry().all().collect();
            let mut pairs: Vec<(Square, Square)> = moves.iter().map(|m| (m.from, m.to)).collect();
            for _ in 0..2 {
                pairs.push((
                    squares[rng.below(squares.len())],
                    squares[rng.below(squares.len())],
                ));
            }
            for (from, to) in pairs {
                let mut listed = Vec::new();
                // The list as the search without shortcuts gives it.
                pos.with_fast_paths(false)
                    .legal_captures_between(from, to, &mut listed);
                match (game.capture_between(from, to), listed.as_slice()) {
                    (Some(c), [m]) => {
                        let (mut lane, mut list) = (game.clone(), game.clone());
                        lane.play_capture(&c);
                        list.play(m);
                        assert_same_game(&lane, &list);
                        found += 1;
                    }
                    (None, [_]) => panic!("{v}: the lane missed {from:?}-{to:?}"),
                    (Some(_), _) => panic!(
                        "{v}: the lane found {from:?}-{to:?}, the list {} moves",
                        listed.len()
                    ),
                    (None, _) => refused += 1,
                }
            }
        });
        assert!(
            found > 1_000 && refused > 1_000,
            "{found} captures found, {refused} pairs refused"
        );
    }

    /// Whether a legal move is left, and so the outcome, is told the same with fast paths on
    /// (without building the moves) as with them off, at every position of random games
    /// played to their end.
    #[test]
    fn a_legal_move_left_is_told_the_same_either_way() {
        let mut rng = TestRng::new(0xbb67_ae85_84ca_a73b);
        let (mut ends, mut positions) = (0, 0);
        for v in Variant::ALL {
            for _ in 0..10 {
                let mut game = GameState::initial(v);
                loop {
                    let slow = game.clone().with_fast_paths(false);
                    let moves = slow.legal_moves();
                    assert_eq!(game.position().has_legal_move(), !moves.is_empty(), "{v}");
                    assert_eq!(game.outcome(), slow.outcome(), "{v}");
                    positions += 1;
                    if moves.is_empty() || game.counters().plies >= 400 {
                        ends += usize::from(moves.is_empty());
                        break;
                    }
                    game.play(&moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(
            ends > 20 && positions > 5_000,
            "{ends} ends, {positions} positions"
        );
    }

    /// The captures between two squares are the same moves with fast paths on (a man's single
    /// jump built directly when no capture can be longer; under the free precedence rule, the
    /// search of the start square's piece alone) as with them off (the search of every piece),
    /// for every pair of ends of a legal move and a few pairs of any squares.
    #[test]
    fn captures_between_are_the_same_either_way() {
        let (mut single, mut longer, mut free) = (0, 0, 0);
        walk_random_games(0x3c6e_f372_fe94_f82b, |game, moves, _, rng| {
            let fast = game.position().with_fast_paths(true);
            let slow = fast.with_fast_paths(false);
            let squares: Vec<Square> = fast.geometry().all().collect();
            let mut pairs: Vec<(Square, Square)> = moves.iter().map(|m| (m.from, m.to)).collect();
            pairs.push((
                squares[rng.below(squares.len())],
                squares[rng.below(squares.len())],
            ));
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for (from, to) in pairs {
                fast.legal_captures_between(from, to, &mut a);
                slow.legal_captures_between(from, to, &mut b);
                assert_eq!(a, b, "{}: {from:?}-{to:?}", game.config().variant);
                match a.as_slice() {
                    [m] if m.captures().len() == 1 => single += 1,
                    [] => {}
                    _ => longer += 1,
                }
                let is_free = fast.rules().precedence == Precedence::Free;
                if is_free && a.iter().any(|m| m.captures().len() > 1) {
                    free += 1;
                }
            }
        });
        assert!(
            single > 1_000 && longer > 100 && free > 50,
            "{single} single jumps, {longer} other capture lists, {free} of free precedence"
        );
    }

    /// The shortcut of `outcome_knowing` (the draw gate) answers as the rules tested one by
    /// one, at every ply of random games of every variant: from the start, and from endings of
    /// a few kings, where the king-move, ending and repetition rules reach their thresholds.
    #[test]
    fn the_draw_gate_answers_as_the_rules() {
        let mut rng = TestRng::new(0x51f1_5eed_d4a7_2026);
        let mut draws = 0;
        for v in Variant::ALL {
            let config = Config::standard(v);
            let names = config.notation.names();
            let squares: Vec<Square> = Position::initial(v.rules()).geometry().all().collect();
            let kings = |rng: &mut TestRng, n: usize, taken: &mut Vec<Square>| {
                let mut list = Vec::new();
                while list.len() < n {
                    let sq = squares[rng.below(squares.len())];
                    if !taken.contains(&sq) {
                        taken.push(sq);
                        let mut name = String::from("K");
                        names.push_name(&mut name, sq);
                        list.push(name);
                    }
                }
                list.join(",")
            };
            for round in 0..60 {
                let mut game = if round < 10 {
                    GameState::new(config)
                } else {
                    let mut taken = Vec::new();
                    let (w, b) = (1 + rng.below(3), 1 + rng.below(2));
                    let white = kings(&mut rng, w, &mut taken);
                    let black = kings(&mut rng, b, &mut taken);
                    let side = if rng.below(2) == 0 { "W" } else { "B" };
                    let fen = Fen::parse(&format!("{side}:W{white}:B{black}")).unwrap();
                    match GameState::from_fen(&fen, config) {
                        Ok(game) => game,
                        Err(_) => continue,
                    }
                };
                for _ in 0..400 {
                    let moves = game.legal_moves();
                    let has_legal_move = !moves.is_empty();
                    let by_rules = game.outcome_by_rules(has_legal_move);
                    assert_eq!(game.outcome_knowing(has_legal_move), by_rules, "{v}");
                    assert_eq!(game.outcome(), by_rules, "{v}");
                    if by_rules.is_over() {
                        draws += usize::from(matches!(by_rules, Outcome::Draw(_)));
                        break;
                    }
                    game.play(&moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(draws > 50, "only {draws} random games drawn by a rule");
    }

    /// A state restarted as a new game is that game, its old history gone: it plays on as a
    /// fresh state of the same game does, repetitions included, along king endings of every
    /// variant.
    #[test]
    fn a_restarted_state_is_the_new_game() {
        let mut rng = TestRng::new(0x0dd_ba11_2026_1202);
        let mut kept = 0;
        for v in Variant::ALL {
            let config = Config::standard(v);
            let names = config.notation.names();
            let squares: Vec<Square> = Position::initial(v.rules()).geometry().all().collect();
            let name = |i: usize| {
                let mut s = String::from("K");
                names.push_name(&mut s, squares[i]);
                s
            };
            let fen = Fen::parse(&format!("W:W{}:B{}", name(0), name(squares.len() - 1))).unwrap();
            let Ok(ending) = GameState::from_fen(&fen, config) else {
                continue;
            };
            // An old game of king moves, whose history is long.
            let mut reused = ending.clone();
            for _ in 0..30 {
                let moves = reused.legal_moves();
                if moves.is_empty() || reused.outcome().is_over() {
                    break;
                }
                reused.play(&moves[rng.below(moves.len())]);
            }
            kept += reused.history_len();
            let fresh = ending.clone();
            reused.restart(ending);
            assert_same_game(&reused, &fresh);
            let mut fresh = fresh;
            for _ in 0..60 {
                let moves = fresh.legal_moves();
                if moves.is_empty() || fresh.outcome().is_over() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                fresh.play(&m);
                reused.play(&m);
                assert_same_game(&reused, &fresh);
            }
        }
        assert!(kept > 50, "the old games kept {kept} positions");
    }
}
