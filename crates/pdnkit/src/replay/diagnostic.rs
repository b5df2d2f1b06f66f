//! A finding about one game: what, how bad, where (span in the game text, ply, move), and for
//! capture faults the facts the capture audit tabulates.

use super::code::{Code, Severity};
use draughts::Colour;
use pdn::Span;

/// One finding. Line and column are not stored: they are computed from `span` when the
/// diagnostic is printed, so clean games cost nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad.
    pub severity: Severity,
    /// What (a stable code).
    pub code: Code,
    /// What the rules wanted, in words.
    pub message: String,
    /// The text it is about, in the game's text.
    pub span: Option<Span>,
    /// The move it is about, if any.
    pub at: Option<MoveRef>,
    /// For capture faults: what was taken and what was required.
    pub capture: Option<Box<CaptureFault>>,
}

/// The move a diagnostic is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRef {
    /// 1-based index of the move in its line (a variation's first move has the ply of the
    /// move it replaces).
    pub ply: u32,
    /// The move number (the first mover's and the second mover's move share a number).
    pub move_number: u32,
    /// The side that played it.
    pub side: Colour,
    /// The move as written.
    pub text: String,
    /// Nesting depth: 0 for the main line.
    pub variation_depth: u32,
}

/// The facts of a capture fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureFault {
    /// Squares the written move took, in capture order (empty for a quiet move).
    pub captured: Vec<String>,
    /// Pieces the rules required (the count of the best legal capture).
    pub required: u32,
    /// One best legal capture, with every landing square.
    pub best: String,
    /// The position before the move, as PDN FEN.
    pub fen_before: String,
}

impl Diagnostic {
    /// A diagnostic with no move attached.
    pub fn new(severity: Severity, code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span: None,
            at: None,
            capture: None,
        }
    }

    /// The same diagnostic about `span`.
    pub fn with_span(mut self, span: Span) -> Diagnostic {
        self.span = Some(span);
        self
    }
}

/// `white` or `black`.
pub fn side_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}
