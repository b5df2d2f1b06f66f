//! The replay's lanes: shortcuts for a move written as its two end squares, for a reader that
//! plays a game's moves as they come and only wants to know whether they are legal. Each
//! answers what the general calls ([`GameState::legal_moves`], [`GameState::play`],
//! [`GameState::outcome`]) would, equal by test, without building the list of legal moves.
//! A caller that does not replay archives at speed does not need them: they are behind this
//! trait so that the everyday surface of [`GameState`] stays the general one.

use super::game::GameState;
use super::outcome::Outcome;
use super::position::{CaptureMove, QuietMove};
use crate::board::Square;

/// The lanes of a game in progress (`use draughts::fast::Lanes` to call them).
pub trait Lanes {
    /// When no capture is due, the quiet move from `from` to `to` if it is legal (`Some(None)`
    /// when it is not); `None` when a capture is due.
    fn quiet_unless_capture(&self, from: Square, to: Square) -> Option<Option<QuietMove>>;

    /// Plays a quiet move of [`Self::quiet_unless_capture`], as [`GameState::play`] plays
    /// [`QuietMove::to_move`].
    fn play_quiet(&mut self, q: &QuietMove);

    /// When a capture is due, the one legal capture from `from` to `to`; `None` when there is
    /// no such capture or several with different effects.
    fn capture_between(&self, from: Square, to: Square) -> Option<CaptureMove>;

    /// Plays a capture of [`Self::capture_between`], as [`GameState::play`] plays the listed
    /// move of the same effect.
    fn play_capture(&mut self, m: &CaptureMove);

    /// [`GameState::outcome`] for a caller that already knows whether the side to move has a
    /// legal move, saving a second generation; while no draw rule is near, the rules are not
    /// looked at one by one ([`GameState::outcome_by_rules`] is the reference).
    fn outcome_knowing(&self, has_legal_move: bool) -> Outcome;
}

impl Lanes for GameState {
    #[inline]
    fn quiet_unless_capture(&self, from: Square, to: Square) -> Option<Option<QuietMove>> {
        self.position().quiet_unless_capture(from, to)
    }

    fn play_quiet(&mut self, q: &QuietMove) {
        self.play_quiet_lane(q)
    }

    #[inline]
    fn capture_between(&self, from: Square, to: Square) -> Option<CaptureMove> {
        self.position().capture_between(from, to)
    }

    fn play_capture(&mut self, m: &CaptureMove) {
        self.play_capture_lane(m)
    }

    #[inline]
    fn outcome_knowing(&self, has_legal_move: bool) -> Outcome {
        self.outcome_knowing_lane(has_legal_move)
    }
}
