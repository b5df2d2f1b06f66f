//! The `Rules` type: everything that distinguishes one variant's rules from another's, as
//! plain data. The values for each variant live in `variants.rs`; the move generator reads
//! these fields and matches the small enums where algorithms really differ.

use crate::Geometry;
use crate::{Colour, ResultScale};

/// Men on ranks `first .. first + ranks`, counted from each side's own back rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StartRanks {
    /// First occupied rank (0 = back rank).
    pub first: u8,
    /// Number of occupied ranks.
    pub ranks: u8,
}

/// Where a man may step without capturing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ManSteps {
    /// One square diagonally forward.
    DiagonalForward,
    /// One square straight forward or sideways (Turkish).
    OrthogonalForwardSideways,
}

/// In which directions a man may capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ManCaptures {
    /// Diagonally forward only.
    DiagonalForward,
    /// Diagonally forward and backward.
    Diagonal,
    /// The four diagonals plus straight forward, backward, left and right (Frisian).
    DiagonalAndOrthogonal,
    /// Straight forward and sideways (Turkish).
    OrthogonalForwardSideways,
}

/// Lines along which kings move or capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lines {
    /// The four diagonals.
    Diagonal,
    /// Straight lines (Turkish).
    Orthogonal,
    /// Diagonals and straight lines (Frisian king captures).
    Both,
}

/// How far a king reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KingRange {
    /// One square (English, Italian).
    Short,
    /// Any distance along a free line.
    Flying,
}

/// Where a flying king lands after jumping a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// Any empty square behind the piece; where the capture can go on from some of them,
    /// only those.
    AnyBehind,
    /// Only the square directly behind the piece (Thai).
    DirectlyBehind,
}

/// When captured pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Removal {
    /// After the whole move: jumped pieces block and are never jumped twice.
    EndOfMove,
    /// At once: lines reopen during the capture (Turkish, Thai).
    Immediate,
}

/// What happens to a man that reaches the promotion rank in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassingPromotion {
    /// It goes on capturing as a man if it can; crowned only if the move ends there.
    StaysMan,
    /// It is crowned at once and goes on capturing as a king (Russian).
    ContinuesAsKing,
    /// It is crowned and the move ends there.
    EndsMove,
}

/// How the Frisian value of a capture is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrisianValue {
    /// Engine consensus: a king is worth more than one man and less than two, n kings rank
    /// above 2n − 1 men (dctl, Scan, lidraughts).
    Consensus,
    /// The literal reading "n kings count 2n − ½ men".
    TwoNMinusHalf,
}

/// Which captures must be preferred when several are possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precedence {
    /// Any capture (the started capture must still be finished).
    Free,
    /// The most pieces, kings and men alike.
    Quantity,
    /// A capture by a king if any king can capture; otherwise free (Czech).
    KingFirst,
    /// The most pieces; among equals, a capture by a king (Malaysian).
    QuantityThenKing,
    /// The most pieces, then the most kings (Spanish, Portuguese).
    QuantityThenKings,
    /// Italian: most pieces, then capture by a king, then most kings, then kings met first.
    Italian,
    /// Frisian: highest value, then capture by a king.
    Frisian(FrisianValue),
}

/// What a missed capture is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MissedCapture {
    /// An illegal move.
    Illegal,
    /// Allowed, but the opponent may "huff" (remove) the piece that should have captured
    /// (Malaysian). The legal move list still lists only captures; a validator that finds a
    /// quiet move among [`super::Position::quiet_moves`] should note it, not reject it.
    Huffable,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The side without pieces or without a legal move loses.
    Standard,
    /// As `Standard`, and a side left with a single piece loses (Ghanaian).
    LonePieceLoses,
    /// The first side to crown a king wins (Breakthrough).
    FirstKing,
    /// The side without pieces or without a legal move wins (Antidraughts).
    Anti,
}

/// A draw rule. Ply limits count single moves (a "move each" is two plies).
///
/// A rule applies by itself (the game is over: a move after it is played after the end, and
/// a win recorded after it disagrees with the rules) unless it is a claim, which a player may
/// make or not (English, Czech).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawRule {
    /// The same position with the same side to move for the `n`th time.
    Repetition(u8),
    /// As [`DrawRule::Repetition`], on claim only: a player may show the referee that the
    /// position occurs for the `n`th time, or play on (WCDF, FMJD Czech rules).
    RepetitionOnClaim(u8),
    /// `plies` in a row with only king moves (no man move, no capture). `claim`: the draw
    /// must be claimed (English 40-move rule), so play may go on.
    KingMoves {
        /// Length in plies.
        plies: u16,
        /// Only on claim.
        claim: bool,
    },
    /// FMJD: lone king against three pieces with at least one king: 16 moves each; against
    /// at most two pieces with a king: 5 moves each. Each count runs from the move that made
    /// its material (a capture or a promotion) for as long as the material stays in the same
    /// rule: a second king crowned in a 5-move ending does not restart it, the capture that
    /// turns a 16-move ending into a 5-move one does (FMJD Art. 6.3–6.4, lidraughts).
    FmjdEndgame,
    /// FMJD-64 / Russian 7.2.4 and 7.2.6–7.2.8: three kings or more against a lone king, 15
    /// moves; three pieces with a king against a lone king on the long diagonal (a1–h8), 5
    /// moves; two pieces or one with a king against a lone king, 5 moves (each counted as the
    /// FMJD endings are); both sides with kings and no capture or crowning, 30 moves with 4–5
    /// pieces, 60 with 6–7.
    RussianEndgame,
    /// Frisian: two kings against one king, 7 moves each (counted as the FMJD endings are);
    /// one king each, drawn at once unless one side wins by force at once (the side to move
    /// can take the other king, or each of its moves lets the other king take it).
    FrisianEndgame,
    /// Pool: three kings against one king must win within 13 moves each.
    ThreeKingsVsKing {
        /// Length in plies.
        plies: u16,
    },
    /// One piece each (Turkish).
    OnePieceEach,
}

/// One variant's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Canonical name.
    pub name: &'static str,
    /// Board shape.
    pub geometry: Geometry,
    /// Side that moves first from the start position.
    pub first_mover: Colour,
    /// Where the men stand at the start.
    pub setup: StartRanks,
    /// Man steps.
    pub man_steps: ManSteps,
    /// Man capture directions.
    pub man_captures: ManCaptures,
    /// False when a man may not capture a king (Italian).
    pub men_capture_kings: bool,
    /// King reach.
    pub king_range: KingRange,
    /// King step lines.
    pub king_steps: Lines,
    /// King capture lines.
    pub king_captures: Lines,
    /// Landing of a flying king.
    pub king_landing: Landing,
    /// Removal timing.
    pub removal: Removal,
    /// A capturing piece may not turn back by 180 degrees between two jumps (Turkish).
    pub no_reversal: bool,
    /// Promotion in the middle of a capture.
    pub passing_promotion: PassingPromotion,
    /// Capture precedence.
    pub precedence: Precedence,
    /// Frisian: the same king may make at most this many quiet moves in a row while its side
    /// still has men.
    pub king_move_limit: Option<u8>,
    /// Whether missing a capture is illegal.
    pub missed_capture: MissedCapture,
    /// How the game is won.
    pub goal: Goal,
    /// Draw rules.
    pub draws: &'static [DrawRule],
    /// Capture separator used when writing moves.
    pub capture_separator: char,
    /// Result scale used when writing results.
    pub result_scale: ResultScale,
    /// Standard `GameType` number (`-1` when PDN has none).
    pub game_type: i32,
}

impl Rules {
    /// Number of men each side has at the start.
    pub const fn men_per_side(&self) -> usize {
        self.setup.ranks as usize * self.geometry.per_rank()
    }
}
