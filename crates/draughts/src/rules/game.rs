//! `GameState`: a position plus what the rules need beyond it: repetition history and the
//! counters of the draw rules. It decides when a game is over ([`GameState::outcome`]).

use super::mv::Move;
use super::outcome::{self, Outcome};
use super::position::{Position, Role};
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
    /// Positions since the last man move or capture, the current one last.
    history: Vec<Position>,
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
            history: vec![position],
        }
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
        let by_man = self
            .position
            .piece_at(m.from)
            .is_none_or(|p| p.role == Role::Man);
        self.position.play(m);
        let c = &mut self.counters;
        c.plies += 1;
        c.king_moves = if by_man || m.is_capture() {
            0
        } else {
            c.king_moves + 1
        };
        c.same_material = if m.is_capture() || m.promotes {
            0
        } else {
            c.same_material + 1
        };
        self.endings = outcome::ending_runs(&self.position, Some(&self.endings), 1);
        if by_man || m.is_capture() {
            self.history.clear();
        }
        self.history.push(self.position);
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
        self.history.clear();
        self.history.push(self.position);
        true
    }

    /// The runs of the endings the draw rules count ([`outcome::ending_runs`]).
    pub(crate) fn ending_runs(&self) -> &[Option<u32>; outcome::MAX_ENDINGS] {
        &self.endings
    }

    /// Positions since the last man move or capture, the current one included.
    pub(crate) fn history_len(&self) -> usize {
        self.history.len()
    }

    /// How many times the current position (with the same side to move) has occurred.
    pub fn repetitions(&self) -> usize {
        self.history.iter().filter(|p| **p == self.position).count()
    }

    /// Whether the game is over, and how (win conditions first, then automatic draws).
    pub fn outcome(&self) -> Outcome {
        outcome::decide(self, || !self.position.legal_moves().is_empty())
    }

    /// [`Self::outcome`] for a caller that already knows whether the side to move has a legal
    /// move (a replay that generated the moves anyway), saving a second generation.
    pub fn outcome_knowing(&self, has_legal_move: bool) -> Outcome {
        outcome::decide(self, || has_legal_move)
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
