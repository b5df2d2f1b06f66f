//! A position in the game text plus the notes collected so far: the state every grammar rule
//! reads and advances. Slicing goes through [`Cursor::slice`], which never panics.

use memchr::{memchr, memchr2};

use super::ParseOptions;
use super::error::Fatal;
use crate::ast::{Comment, CommentKind, Escape, Junk};
use crate::lex;
use crate::note::{Note, NoteKind, SyntaxErrorKind};
use crate::span::Span;

pub(crate) struct Cursor<'a> {
    pub text: &'a str,
    pub pos: usize,
    pub notes: Vec<Note>,
    /// The limits in force.
    pub limits: ParseOptions,
    /// Moves read so far: in the main line, and in all.
    mainline_moves: usize,
    moves: usize,
    /// The last `{}` comment held a `{`: explains a following stray `}`.
    last_comment_nested: bool,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str, limits: ParseOptions) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            notes: Vec::new(),
            limits,
            mainline_moves: 0,
            moves: 0,
            last_comment_nested: false,
        }
    }

    /// Counts a move read at `span` (in the main line when `depth` is 0); fails past the
    /// limits.
    pub fn count_move(&mut self, depth: usize, span: Span) -> Result<(), Fatal> {
        self.moves += 1;
        if depth == 0 {
            self.mainline_moves += 1;
        }
        let message = if depth == 0 && self.mainline_moves > self.limits.max_mainline_moves {
            format!(
                "the main line has more than {} moves, the most a game may have",
                self.limits.max_mainline_moves
            )
        } else if self.moves > self.limits.max_moves {
            format!(
                "the game has more than {} moves with its variations, the most a game may have",
                self.limits.max_moves
            )
        } else {
            return Ok(());
        };
        Err(Fatal::new(
            SyntaxErrorKind::TooManyMoves,
            span.start as usize,
            span.end as usize,
            message,
        ))
    }

    #[inline]
    pub fn rest(&self) -> &'a [u8] {
        &self.text.as_bytes()[self.pos.min(self.text.len())..]
    }

    #[inline]
    pub fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or_default()
    }

    pub fn note(&mut self, kind: NoteKind, start: usize, end: usize) {
        self.notes.push(Note::new(kind, Span::new(start, end)));
    }

    /// True when only blanks separate the position from the start of its line.
    pub fn at_line_start(&self) -> bool {
        let before = &self.text.as_bytes()[..self.pos];
        before
            .iter()
            .rev()
            .find(|&&c| c != b' ' && c != b'\t')
            .is_none_or(|&c| c == b'\n' || c == b'\r')
    }

    /// Skips white space and literal `\r` text (with a note).
    pub fn skip_ws(&mut self) {
        loop {
            let rest = self.rest();
            let blanks = rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
            self.pos += blanks;
            let esc = lex::literal_escape_len(self.rest());
            if esc == 0 {
                return;
            }
            self.note(NoteKind::LiteralEscape, self.pos, self.pos + esc);
            self.pos += esc;
        }
    }

    /// Consumes `len` bytes as junk, with a note of `kind`.
    pub fn junk_of(&mut self, len: usize, kind: NoteKind) -> Junk<'a> {
        let start = self.pos;
        let end = (start + len).min(self.text.len());
        self.pos = end;
        self.note(kind, start, end);
        Junk {
            text: self.slice(start, end),
            span: Span::new(start, end),
        }
    }

    /// Consumes a junk word, with a note of `kind`.
    pub fn junk(&mut self, kind: NoteKind) -> Junk<'a> {
        let len = lex::junk_len(self.rest());
        self.junk_of(len, kind)
    }

    /// A `{}` comment at the position.
    pub fn comment(&mut self) -> Result<Comment<'a>, Fatal> {
        let start = self.pos;
        let Some(close) = memchr(b'}', &self.rest()[1..]) else {
            return Err(Fatal::new(
                SyntaxErrorKind::UnterminatedComment,
                start,
                start + 1,
                "comment `{` is never closed (a comment ends at the first `}`)",
            ));
        };
        let end = start + 1 + close + 1;
        self.pos = end;
        let text = self.slice(start + 1, end - 1);
        self.last_comment_nested = memchr(b'{', text.as_bytes()).is_some();
        // A tag line comes after a line end; most comments have none.
        if memchr(b'\n', text.as_bytes()).is_some() && holds_tag_line(text) {
            // Games swallowed by a `{` without its `}` must not vanish without a word.
            self.note(NoteKind::TagsInComment, start, start + 1);
        }
        Ok(Comment {
            text,
            kind: CommentKind::Brace,
            span: Span::new(start, end),
        })
    }

    /// Bytes to the end of the line.
    fn line_len(&self) -> usize {
        let rest = self.rest();
        memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())
    }

    /// A `;` comment at the position.
    pub fn line_comment(&mut self) -> Comment<'a> {
        let start = self.pos;
        self.pos += self.line_len();
        Comment {
            text: self.slice(start + 1, self.pos),
            kind: CommentKind::Line,
            span: Span::new(start, self.pos),
        }
    }

    /// A `%` escape line at the position.
    pub fn escape(&mut self) -> Escape<'a> {
        let start = self.pos;
        self.pos += self.line_len();
        Escape {
            text: self.slice(start + 1, self.pos),
            span: Span::new(start, self.pos),
        }
    }

    /// The error for a `}` outside any comment.
    pub fn unmatched_brace(&self) -> Fatal {
        let message = if self.last_comment_nested {
            "`}` closes no comment: comments do not nest, so the `{` inside the comment \
             before it opened nothing"
        } else {
            "`}` closes no comment"
        };
        Fatal::new(
            SyntaxErrorKind::UnmatchedBrace,
            self.pos,
            self.pos + 1,
            message,
        )
    }
}

/// True when a line of `text` after its first starts like a tag pair: `[Name "`.
fn holds_tag_line(text: &str) -> bool {
    text.lines().skip(1).any(|line| {
        let Some(rest) = line.trim_start().strip_prefix('[') else {
            return false;
        };
        let name_len = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        name_len > 0 && rest[name_len..].trim_start().starts_with('"')
    })
}
