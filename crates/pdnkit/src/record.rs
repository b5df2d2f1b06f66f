//! The verdict on one game as reports print it: where it is, what it is, how it replayed and
//! every diagnostic with its line and column in the file. Validate's JSON Lines are these
//! records serialised; the text report and the capture audit read them too.

use serde::Serialize;

use crate::{CaptureFault, Code, Diagnostic, Replayed, Severity, note_diagnostic, side_name};
use pdn::LineCol;
use pdn::RawGame;
use pdn::SyntaxError;
use pdn::{Game, GameLabel, shown};

/// The verdict on a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// No diagnostic above note.
    Clean,
    /// Warnings, no error.
    Warnings,
    /// At least one error.
    Invalid,
    /// The text could not be read as PDN.
    Unreadable,
}

impl Verdict {
    /// `clean`, `warnings`, `invalid`, `unreadable`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Clean => "clean",
            Verdict::Warnings => "warnings",
            Verdict::Invalid => "invalid",
            Verdict::Unreadable => "unreadable",
        }
    }
}

/// One game's verdict, ready to print.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// The file as named on the command line (`-` for stdin).
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Line of the game's first byte.
    pub line: u32,
    /// `Event` tag.
    pub event: Option<String>,
    /// `White` tag.
    pub white: Option<String>,
    /// `Black` tag.
    pub black: Option<String>,
    /// The Result tag, else the terminator.
    pub result: Option<String>,
    /// The variant played.
    pub variant: Option<&'static str>,
    /// Main-line moves written.
    pub plies: u32,
    /// Main-line moves played.
    pub replayed: u32,
    /// No error-severity diagnostic.
    pub ok: bool,
    /// Clean, warnings, invalid or unreadable.
    pub status: Verdict,
    /// The position after the last move played, as PDN FEN.
    pub final_fen: Option<String>,
    /// Every finding, in text order of discovery.
    pub diagnostics: Vec<Located>,
}

/// A diagnostic with its place in the file.
#[derive(Clone, Debug, Serialize)]
pub struct Located {
    /// `error`, `warning` or `note`.
    pub severity: Severity,
    /// The stable code.
    pub code: Code,
    /// 1-based ply in its line.
    pub ply: Option<u32>,
    /// Move number.
    pub move_number: Option<u32>,
    /// `white` or `black`.
    pub side: Option<&'static str>,
    /// The move as written.
    #[serde(rename = "move")]
    pub move_text: Option<String>,
    /// 0 in the main line, else the variation depth.
    #[serde(skip_serializing_if = "is_zero")]
    pub variation: u32,
    /// Line in the file.
    pub line: u32,
    /// Column in the file (characters, from 1).
    pub column: u32,
    /// What the rules wanted.
    pub message: String,
    /// Byte range in the game text (for carets).
    #[serde(skip)]
    pub span: Option<(u32, u32)>,
    /// The facts of a capture fault.
    #[serde(skip)]
    pub capture: Option<Box<CaptureFault>>,
    /// For a move that cannot be played, what the writer may have meant ([`crate::repair`]);
    /// only when asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<crate::repair::Suggestion>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl GameRecord {
    /// Attaches each fault's suggestions to its diagnostic.
    pub fn attach_repairs(&mut self, repairs: Vec<crate::repair::FaultRepairs>) {
        for r in repairs {
            if let Some(d) = self
                .diagnostics
                .iter_mut()
                .find(|d| d.span == Some(r.span) && d.severity >= Severity::Warning)
            {
                d.suggestions = r.suggestions;
            }
        }
    }

    /// The verdict on a game that parsed and was replayed.
    pub fn replayed(file: &str, raw: &RawGame, game: &Game<'_>, r: &Replayed) -> GameRecord {
        let (listed, counted) = listed_in_variations(&r.diagnostics);
        let listed: Vec<&Diagnostic> = listed.into_iter().chain(&counted).collect();
        // Positions found in one pass over the text, not one pass per diagnostic.
        let offsets: Vec<u32> = listed
            .iter()
            .map(|d| d.span.map_or(0, |s| s.start))
            .collect();
        let diagnostics: Vec<Located> = listed
            .iter()
            .zip(raw.positions(&offsets))
            .map(|(d, at)| locate(raw, d, at))
            .collect();
        let status = match r.worst() {
            Some(Severity::Error) => Verdict::Invalid,
            Some(Severity::Warning) => Verdict::Warnings,
            _ => Verdict::Clean,
        };
        GameRecord {
            result: game
                .tag("Result")
                .map(|r| r.trim().to_string())
                .or_else(|| game.terminator.map(|t| t.token.to_string())),
            variant: r.config.map(|c| c.variant.name()),
            plies: r.written,
            replayed: r.plies.len() as u32,
            final_fen: r.final_fen(),
            diagnostics,
            ..GameRecord::empty(file, raw, game.label(), status)
        }
    }

    /// Where the game is and what it is called, with no replay facts yet.
    fn empty(file: &str, raw: &RawGame, label: GameLabel, status: Verdict) -> GameRecord {
        GameRecord {
            file: file.to_string(),
            game: raw.index,
            line: raw.first_line,
            event: label.event,
            white: label.white,
            black: label.black,
            result: None,
            variant: None,
            plies: 0,
            replayed: 0,
            ok: status != Verdict::Invalid && status != Verdict::Unreadable,
            status,
            final_fen: None,
            diagnostics: Vec::new(),
        }
    }

    /// The verdict on a game whose text could not be read: the syntax error, then the notes
    /// made while splitting and decoding (the switch to a fallback encoding is reported even
    /// when the game that made it is unreadable).
    pub fn unreadable(file: &str, raw: &RawGame, err: &SyntaxError) -> GameRecord {
        let at = raw.position(err.span.start);
        let error = Located {
            severity: Severity::Error,
            code: Code::Syntax,
            ply: None,
            move_number: None,
            side: None,
            move_text: None,
            variation: 0,
            line: at.line,
            column: at.column,
            message: syntax_error_message(err),
            span: Some((err.span.start, err.span.end)),
            capture: None,
            suggestions: Vec::new(),
        };
        let notes = raw.notes.iter().map(|n| {
            locate(
                raw,
                &note_diagnostic(n, &raw.text, false),
                raw.position(n.span.start),
            )
        });
        GameRecord {
            diagnostics: std::iter::once(error).chain(notes).collect(),
            ..GameRecord::empty(file, raw, raw.label(), Verdict::Unreadable)
        }
    }

    /// How the game is named in reports: `game 12 (Event: X, White: Y, Black: Z)`.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = [
            ("Event", &self.event),
            ("White", &self.white),
            ("Black", &self.black),
        ]
        .into_iter()
        .filter_map(|(n, v)| v.as_ref().map(|v| format!("{n}: {}", shown(v))))
        .collect();
        if parts.is_empty() {
            format!("game {}", self.game)
        } else {
            format!("game {} ({})", self.game, parts.join(", "))
        }
    }
}

/// Most diagnostics of one code listed one by one for a game's variations; one more counts the
/// rest. A game's variations may hold 100,000 moves, each with a diagnostic: a 960 KB game of
/// 80,000 variations, each an illegal move, made a 23 MB report, and eight of them in flight
/// took `validate` 264 MB. The main line is always listed whole: it holds fewer moves, and the
/// capture audit, `stats` and the PDN writer read its diagnostics.
pub const MAX_LISTED_IN_VARIATIONS: usize = 1000;

/// The diagnostics of a game to list: all of the main line's, and in variations the first
/// [`MAX_LISTED_IN_VARIATIONS`] of each code; then, for each code with more, one diagnostic,
/// at the first not listed and as severe as the worst of them, that says how many more there
/// are. The verdict, taken from all of them, is unchanged.
fn listed_in_variations(diagnostics: &[Diagnostic]) -> (Vec<&Diagnostic>, Vec<Diagnostic>) {
    let in_variation = |d: &Diagnostic| d.at.as_ref().is_some_and(|m| m.variation_depth > 0);
    let mut listed = Vec::with_capacity(diagnostics.len().min(4 * MAX_LISTED_IN_VARIATIONS));
    // Per code: diagnostics seen in variations, the first not listed, the worst not listed.
    let mut seen: Vec<(Code, usize, Option<&Diagnostic>, Severity)> = Vec::new();
    for d in diagnostics {
        if !in_variation(d) {
            listed.push(d);
            continue;
        }
        let at = match seen.iter().position(|(code, ..)| *code == d.code) {
            Some(at) => at,
            None => {
                seen.push((d.code, 0, None, d.severity));
                seen.len() - 1
            }
        };
        let (_, count, first_unlisted, worst) = &mut seen[at];
        *count += 1;
        if *count <= MAX_LISTED_IN_VARIATIONS {
            listed.push(d);
        } else {
            if first_unlisted.is_none() {
                *first_unlisted = Some(d);
                *worst = d.severity;
            }
            *worst = (*worst).max(d.severity);
        }
    }
    let counted = seen
        .into_iter()
        .filter_map(|(code, count, first_unlisted, worst)| {
            let first = first_unlisted?;
            let more = count - MAX_LISTED_IN_VARIATIONS;
            let message = format!(
                "{}: {more} more in the variations of this game, not listed one by one (the \
                 first {MAX_LISTED_IN_VARIATIONS} are)",
                code.name()
            );
            let mut summary = Diagnostic::new(worst, code, message);
            summary.span = first.span;
            summary.at = first.at.clone();
            Some(summary)
        })
        .collect();
    (listed, counted)
}

/// The message of the error that makes a game unreadable.
pub(crate) fn syntax_error_message(err: &SyntaxError) -> String {
    format!("{} ({})", err.message, err.kind.code())
}

impl Located {
    /// `d` where no file holds it (a move played on a [`crate::LiveGame`]): line and column 0.
    pub fn unplaced(d: &Diagnostic) -> Located {
        placed(d, 0, 0)
    }
}

/// `d` located at `at` (the position of its span's start).
fn locate(raw: &RawGame, d: &Diagnostic, at: LineCol) -> Located {
    let (line, column) = if d.span.is_some() {
        (at.line, at.column)
    } else {
        (raw.first_line, raw.first_column)
    };
    placed(d, line, column)
}

/// `d` at `line` and `column`.
fn placed(d: &Diagnostic, line: u32, column: u32) -> Located {
    Located {
        severity: d.severity,
        code: d.code,
        ply: d.at.as_ref().map(|m| m.ply),
        move_number: d.at.as_ref().map(|m| m.move_number),
        side: d.at.as_ref().map(|m| side_name(m.side)),
        move_text: d.at.as_ref().map(|m| m.text.clone()),
        variation: d.at.as_ref().map_or(0, |m| m.variation_depth),
        line,
        column,
        message: d.message.clone(),
        span: d.span.map(|s| (s.start, s.end)),
        capture: d.capture.clone(),
        suggestions: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveRef;
    use draughts::Colour;
    use pdn::Span;

    fn at_depth(code: Code, severity: Severity, depth: u32, start: u32) -> Diagnostic {
        let mut d = Diagnostic::new(severity, code, "m")
            .with_span(Span::new(start as usize, start as usize + 1));
        d.at = Some(MoveRef {
            ply: 1,
            move_number: 1,
            side: Colour::White,
            text: "11-15".into(),
            variation_depth: depth,
        });
        d
    }

    #[test]
    fn past_the_most_listed_one_diagnostic_counts_those_of_a_code_in_variations() {
        let max = MAX_LISTED_IN_VARIATIONS as u32;
        let mut all = Vec::new();
        for k in 0..max + 500 {
            all.push(at_depth(Code::WrongSide, Severity::Warning, 1 + k % 2, k));
            // The main line is listed whole, however many of a code it has.
            all.push(at_depth(Code::WrongSide, Severity::Warning, 0, k));
        }
        // Exactly the most of a code: no count.
        for k in 0..max {
            all.push(at_depth(Code::IllegalMove, Severity::Warning, 1, k));
        }
        all.push(at_depth(Code::WrongSide, Severity::Error, 3, 99_999));
        let (listed, counted) = listed_in_variations(&all);
        let of = |code, main: bool| {
            listed
                .iter()
                .filter(|d| d.code == code)
                .filter(|d| (d.at.as_ref().unwrap().variation_depth == 0) == main)
                .count()
        };
        assert_eq!(of(Code::WrongSide, true), (max + 500) as usize);
        assert_eq!(of(Code::WrongSide, false), max as usize);
        assert_eq!(of(Code::IllegalMove, false), max as usize);
        assert_eq!(counted.len(), 1, "{counted:?}");
        let summary = &counted[0];
        assert_eq!(summary.code, Code::WrongSide);
        // As severe as the worst not listed, at the first not listed.
        assert_eq!(summary.severity, Severity::Error);
        assert_eq!(
            summary.span,
            Some(Span::new(max as usize, max as usize + 1))
        );
        assert!(
            summary
                .message
                .starts_with("wrong-side: 501 more in the variations"),
            "{}",
            summary.message
        );
        // Listed in their order.
        let starts: Vec<u32> = listed.iter().map(|d| d.span.unwrap().start).collect();
        assert_eq!(starts[..4], [0, 0, 1, 1]);
    }
}
