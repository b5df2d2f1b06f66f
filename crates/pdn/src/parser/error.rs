//! The parser's internal fatal error and its conversion into the public [`SyntaxError`].

use crate::note::{SyntaxError, SyntaxErrorKind};
use crate::span::Span;

/// A fatal problem at a byte range of the game text; becomes a [`SyntaxError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fatal {
    pub kind: SyntaxErrorKind,
    pub start: usize,
    pub end: usize,
    pub message: String,
}

impl Fatal {
    pub fn new(
        kind: SyntaxErrorKind,
        start: usize,
        end: usize,
        message: impl Into<String>,
    ) -> Fatal {
        Fatal {
            kind,
            start,
            end,
            message: message.into(),
        }
    }
}

impl From<Fatal> for SyntaxError {
    fn from(f: Fatal) -> SyntaxError {
        SyntaxError {
            kind: f.kind,
            span: Span::new(f.start, f.end),
            message: f.message,
        }
    }
}
