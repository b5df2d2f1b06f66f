//! Repairs: what the writer of a broken move most likely meant, tested by replaying the rest of
//! the line.
//!
//! Most faults in real archives are transcription slips (two digits swapped, one digit wrong, a
//! ply dropped or doubled, the board counted from the other side). For a move that cannot be
//! played, [`repairs`] lists the moves the writer may have meant, each made by one kind of
//! [`Slip`], and replays the rest of the line with each: a candidate with which the rest of a
//! long game replays is strong evidence; several that replay as far are all listed and none is
//! trusted. A [`Suggestion`] is *confirmed* when
//!
//! * with it the rest of the line replays to its end, without an error (a capture fault or an
//!   ambiguous capture after it would leave room for doubt),
//! * at least [`EVIDENCE`] plies follow the repaired move (fewer say too little), and
//! * no other candidate, giving another line, replays as far with as few errors; the
//!   candidates include, for every earlier ply of the line, the legal moves one edit away from
//!   what was written there (a slip that left a legal move breaks the game only later, where
//!   it also reads as a slip).
//!
//! A candidate that is only a legal move near the written one (the same start or end square)
//! is a guess and never confirmed. When the rest of the line breaks again at a second slip,
//! the best candidate is kept and the second fault repaired the same way, up to
//! [`MAX_FIXES`] fixes in one suggestion.
//!
//! Each trial replays the line from the ply before the fault (its position written as a FEN),
//! so the cost per fault is bounded by the number of candidates (at most a few legal moves of
//! each kind) times the length of the rest of the line, and clean games cost nothing.
//!
//! ```
//! use pdnkit::repair::{Slip, repairs};
//! use pdnkit::{ReplayOptions, check_game};
//!
//! // 23-28 was written for 32-28 (two digits swapped); 33-28 is legal too, but only with
//! // 32-28 does the rest of the game replay (9. 37-32 needs 32 empty).
//! let text = "[GameType \"20\"]\n1. 23-28 17-22 2. 28x17 12x21 3. 31-26 7-12 4. 26x17 12x21 \
//!             5. 36-31 19-23 6. 34-29 23x34 7. 39x30 20-24 8. 30x19 14x23 9. 37-32 21-27 *";
//! let raw = pdnkit::pdn::RawGame::from_text(text);
//! let options = ReplayOptions::default();
//! let found = check_game("g.pdn", &raw, &options, |g| repairs(g, &options));
//! let best = &found[0].suggestions[0];
//! assert_eq!(best.fixes[0].fixed, "32-28");
//! assert_eq!(best.fixes[0].slip, Slip::DigitsSwapped);
//! assert!(best.confirmed);
//! ```

mod apply;
mod candidates;
pub use candidates::{mirrored_in_row, turned};
mod fix;
pub use fix::{
    CHANGES_HEADER, Change, FixOptions, FixedGame, apply_checked, fix_game, rules_result,
};
mod line;

use serde::Serialize;

use crate::{CheckedGame, Code, ReplayOptions, Severity};
pub use apply::{apply, renumber};
pub use line::Op;
use line::{FaultLine, Trial};

/// Fewest plies that must replay after a repaired move for it to be confirmed.
pub const EVIDENCE: u32 = 8;

/// Most fixes one suggestion chains (a game with several slips).
pub const MAX_FIXES: usize = 3;

/// Suggestions listed for a fault without a confirmed repair...
const MAX_LISTED: usize = 3;
/// ...or more when more candidates replay as far as the best.
const MAX_TIED: usize = 6;

/// How the writer erred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Slip {
    /// A capture's route written through a wrong square, or a capture written as a quiet move
    /// (or the other way round): the start and end squares are right.
    Route,
    /// Two adjacent characters of a square swapped (`23` for `32`).
    DigitsSwapped,
    /// One character of a square wrong (`33` for `32`, `e3` for `d3`).
    Digit,
    /// The start and end squares swapped (`28-32` for `32-28`).
    FromToSwapped,
    /// A ply missing before this move: the move belongs to the other side after one more ply.
    MissingPly,
    /// The move written twice, or one that does not belong: left out.
    DoubledPly,
    /// This move and the next (or the previous) written in each other's place.
    PliesSwapped,
    /// Every square numbered from the other side of the board.
    NumberingReversed,
    /// Every row numbered from its other end (counted from the other corner of the same side).
    BoardMirrored,
    /// A capture was due and the written move is none of them: each legal capture (above all
    /// the only legal move) is what the writer may have meant.
    CaptureDue,
    /// A legal move from the same square or to the same square: a guess.
    Nearest,
}

impl Slip {
    /// The stable name (`digits-swapped`).
    pub fn name(self) -> &'static str {
        match self {
            Slip::Route => "route",
            Slip::DigitsSwapped => "digits-swapped",
            Slip::Digit => "digit",
            Slip::FromToSwapped => "from-to-swapped",
            Slip::MissingPly => "missing-ply",
            Slip::DoubledPly => "doubled-ply",
            Slip::PliesSwapped => "plies-swapped",
            Slip::NumberingReversed => "numbering-reversed",
            Slip::BoardMirrored => "board-mirrored",
            Slip::CaptureDue => "capture-due",
            Slip::Nearest => "nearest",
        }
    }

    /// How a report says it.
    pub fn describe(self) -> &'static str {
        match self {
            Slip::Route => "another route",
            Slip::DigitsSwapped => "digits swapped",
            Slip::Digit => "one digit wrong",
            Slip::FromToSwapped => "start and end swapped",
            Slip::MissingPly => "a ply missing before it",
            Slip::DoubledPly => "a ply too many",
            Slip::PliesSwapped => "two plies swapped",
            Slip::NumberingReversed => "squares numbered from the other side",
            Slip::BoardMirrored => "rows numbered from the other end",
            Slip::CaptureDue => "the capture that was due",
            Slip::Nearest => "a legal move near it",
        }
    }
}

/// One change to a line: at a ply, what was written and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fix {
    /// The ply of the move written (1-based in its line).
    pub ply: u32,
    /// The move as written (for a whole-game slip, the first move).
    pub written: String,
    /// What to write instead (moves separated by spaces; empty when the move goes).
    pub fixed: String,
    /// The kind of slip.
    pub slip: Slip,
    /// The change to the line's written moves.
    #[serde(skip)]
    pub op: Op,
}

/// A repair of a fault: one fix, or a few when the line breaks again later.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// The fixes, in line order.
    pub fixes: Vec<Fix>,
    /// Plies that replay after the last fix.
    pub plies_after: u32,
    /// With the fixes, the rest of the line replays to its end.
    pub complete: bool,
    /// Unique, complete, and with enough plies after it (see the module's documentation).
    pub confirmed: bool,
    /// `pdnkit fix` writes it in: confirmed, and in the main line.
    pub fix_applies: bool,
}

impl Suggestion {
    /// What `pdnkit fix` does with it, for a report: `pdnkit fix applies it`, or why not.
    pub fn fix_note(&self) -> &'static str {
        match (self.fix_applies, self.confirmed) {
            (true, _) => "pdnkit fix applies it",
            (false, true) => "confirmed, but pdnkit fix changes main lines only",
            (false, false) => "not confirmed, so pdnkit fix leaves it",
        }
    }

    /// The help line of a text report: `did you mean 32-28 (digits swapped)? With it the
    /// remaining 86 plies replay`.
    pub fn help(&self) -> String {
        let what: Vec<String> = self
            .fixes
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let fixed = match (f.slip, f.fixed.is_empty()) {
                    (_, true) => format!("to leave out {}", f.written),
                    (Slip::NumberingReversed | Slip::BoardMirrored, _) => {
                        format!("{} and every move renumbered", f.fixed)
                    }
                    _ => f.fixed.clone(),
                };
                let at = if i == 0 {
                    String::new()
                } else {
                    format!("at ply {}, ", f.ply)
                };
                format!("{at}{fixed} ({})", f.slip.describe())
            })
            .collect();
        let with = if self.fixes.len() == 1 {
            "With it"
        } else {
            "With them"
        };
        let outcome = match (self.complete, self.plies_after) {
            (true, 0) => "the line ends there".to_string(),
            (true, n) => format!("the remaining {n} plies replay"),
            (false, n) => format!("{n} more plies replay, then the line breaks again"),
        };
        let verdict = if self.confirmed {
            ""
        } else if self.fixes.iter().any(|f| f.slip == Slip::Nearest) {
            " (a guess)"
        } else if self.complete && self.plies_after < EVIDENCE {
            " (too few plies after it to be sure)"
        } else {
            ""
        };
        format!(
            "did you mean {}? {with} {outcome}{verdict}",
            what.join(", and ")
        )
    }
}

/// The suggestions for one move that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultRepairs {
    /// The fault's place in the game text (byte range), to attach the suggestions to it.
    pub span: (u32, u32),
    /// 0 in the main line, else the variation depth.
    pub variation: u32,
    /// Best first; empty when nothing replays further than the move as written.
    pub suggestions: Vec<Suggestion>,
}

/// The codes of a written move that cannot be played, which end the replay of its line.
fn stops_the_line(code: Code) -> bool {
    matches!(
        code,
        Code::IllegalMove | Code::NoPiece | Code::WrongSide | Code::UnknownSquare
    )
}

/// Suggestions for every move of `game` that could not be played: the main line's and each
/// variation's.
pub fn repairs(game: &CheckedGame<'_, '_>, options: &ReplayOptions) -> Vec<FaultRepairs> {
    let (Some(tree), Some(replayed), Some(config)) = (game.game, game.replayed, game.config())
    else {
        return Vec::new();
    };
    // Errors in the main line; in variations the same faults are warnings.
    let faults = replayed
        .diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Warning && stops_the_line(d.code) && d.span.is_some());
    let mut out = Vec::new();
    for d in faults {
        let span = d.span.expect("filtered");
        let depth = d.at.as_ref().map_or(0, |a| a.variation_depth);
        let Some(line) = FaultLine::around(tree, replayed, config, span.start) else {
            continue;
        };
        let mut suggestions = line.suggest(options);
        for s in &mut suggestions {
            s.fix_applies = s.confirmed && depth == 0;
        }
        out.push(FaultRepairs {
            span: (span.start, span.end),
            variation: depth,
            suggestions,
        });
    }
    out
}

/// The confirmed suggestion for the main line's fault, if there is one.
pub fn confirmed_main_line(
    game: &CheckedGame<'_, '_>,
    options: &ReplayOptions,
) -> Option<Suggestion> {
    repairs(game, options)
        .into_iter()
        .find(|f| f.variation == 0)?
        .suggestions
        .into_iter()
        .find(|s| s.confirmed)
}

/// Ranks trials and turns the best into suggestions.
fn rank(mut tried: Vec<(Vec<Fix>, Trial)>) -> Vec<Suggestion> {
    // Best: the line replays to its end, then furthest after the last fix, then fewest errors,
    // then the smallest slip.
    let key = |(fixes, t): &(Vec<Fix>, Trial)| {
        let slip = fixes.iter().map(|f| f.slip).max().unwrap_or(Slip::Nearest);
        (
            std::cmp::Reverse(t.complete),
            std::cmp::Reverse(t.plies_after),
            t.errors,
            slip,
        )
    };
    tried.sort_by_key(key);
    let Some(best) = tried.first() else {
        return Vec::new();
    };
    // The rivals of the best: every candidate that replays the line to its end as cleanly (how
    // many plies follow depends on where each changes the line, not on how good it is), or,
    // when none does, those that replay exactly as far.
    let (complete, after, errors) = (best.1.complete, best.1.plies_after, best.1.errors);
    let rivals = tried
        .iter()
        .filter(|(_, t)| {
            t.complete == complete && t.errors == errors && (complete || t.plies_after == after)
        })
        .map(|(_, t)| &t.moves)
        .collect::<std::collections::HashSet<_>>()
        .len();
    let suggestions: Vec<Suggestion> = tried
        .into_iter()
        // A change after which nothing more replays says nothing.
        .filter(|(_, t)| t.complete || t.plies_after > 0)
        .enumerate()
        .map(|(i, (fixes, t))| {
            let guess = fixes.iter().any(|f| f.slip == Slip::Nearest);
            let confirmed = i == 0
                && rivals == 1
                && t.complete
                && t.errors == 0
                && t.plies_after >= EVIDENCE
                && !guess;
            Suggestion {
                fixes,
                plies_after: t.plies_after,
                complete: t.complete,
                confirmed,
                fix_applies: false,
            }
        })
        .collect();
    // A confirmed repair alone; else every candidate as good as the best (they are the
    // doubt), or the best few.
    let listed = match suggestions.first() {
        Some(s) if s.confirmed => 1,
        Some(_) => rivals.clamp(MAX_LISTED, MAX_TIED),
        None => 0,
    };
    suggestions.into_iter().take(listed).collect()
}
