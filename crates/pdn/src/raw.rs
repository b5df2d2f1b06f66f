//! One game's text as cut from an archive, owning its text so it can cross threads.

use super::ast::GameLabel;
use super::note::{Note, SyntaxError};
use super::span::{LineCol, locate, locate_all};

/// A game as the splitter found it: its text and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// LineCol of the game in its input, counting from 1.
    pub index: u64,
    /// Offset of the game's first byte in the input file (a leading BOM counts; in text the
    /// reader transcoded from UTF-16, the offset in the UTF-8 transcoding).
    pub byte_offset: u64,
    /// The number of bytes of the input the game was cut from (all of them for an oversize
    /// game, whose text keeps only its beginning): `text` may differ in length, decoded from
    /// another encoding or with broken UTF-8 sequences replaced.
    pub byte_len: u64,
    /// Line of the game's first byte in the input file, from 1.
    pub first_line: u32,
    /// Column of the game's first byte on that line, in characters from 1 (a game that
    /// follows a terminator on the same line starts mid-line).
    pub first_column: u32,
    /// The decoded text. For an oversize game, only its beginning.
    pub text: String,
    /// The encoding `text` was decoded from.
    pub encoding: &'static encoding_rs::Encoding,
    /// Notes found while splitting and decoding (e.g. the switch to Windows-1252).
    pub notes: Vec<Note>,
    /// For a game larger than the splitter's limit: its full size in bytes. Such a game is
    /// unreadable; `text` keeps its first bytes so reports can name it.
    pub oversize: Option<u64>,
}

impl RawGame {
    /// A game from a string, as if it were the first game of a file (for tests and callers that
    /// already hold one game's text).
    pub fn from_text(text: impl Into<String>) -> RawGame {
        let text = text.into();
        RawGame {
            index: 1,
            byte_offset: 0,
            byte_len: text.len() as u64,
            first_line: 1,
            first_column: 1,
            text,
            encoding: encoding_rs::UTF_8,
            notes: Vec::new(),
            oversize: None,
        }
    }

    /// Line and column in the file of byte `offset` of the game's text.
    pub fn position(&self, offset: u32) -> LineCol {
        let mut at = locate(&self.text, self.first_line, offset as usize);
        if at.line == self.first_line {
            at.column += self.first_column.saturating_sub(1);
        }
        at
    }

    /// Line and column in the file of many offsets of the game's text, in one pass.
    pub fn positions(&self, offsets: &[u32]) -> Vec<LineCol> {
        let offsets: Vec<usize> = offsets.iter().map(|&o| o as usize).collect();
        let mut all = locate_all(&self.text, self.first_line, &offsets);
        for at in &mut all {
            if at.line == self.first_line {
                at.column += self.first_column.saturating_sub(1);
            }
        }
        all
    }

    /// Event, White and Black from the tag section (works for unreadable games too).
    pub fn label(&self) -> GameLabel {
        super::parser::label(&self.text)
    }

    /// How a game is named in reports: `game 12 (Event: X, White: Y, Black: Z)`.
    pub fn describe(&self) -> String {
        let label = self.label().to_string();
        if label.is_empty() {
            format!("game {}", self.index)
        } else {
            format!("game {} ({label})", self.index)
        }
    }

    /// A syntax error as a compiler-style diagnostic:
    /// `PATH:LINE:COL: error[syntax]: MESSAGE` and, on a second line, the game.
    pub fn render_error(&self, path: &str, error: &SyntaxError) -> String {
        let at = self.position(error.span.start);
        format!(
            "{path}:{at}: error[syntax]: {error}\n  in {}",
            self.describe()
        )
    }

    /// A note as a diagnostic: `PATH:LINE:COL: warning[CODE]: MESSAGE` and the game.
    pub fn render_note(&self, path: &str, note: &Note) -> String {
        let at = self.position(note.span.start);
        format!(
            "{path}:{at}: warning[{}]: {}\n  in {}",
            note.kind.code(),
            note.message(),
            self.describe()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_game;

    #[test]
    fn unreadable_games_are_named_with_position_and_tags() {
        let mut raw = RawGame::from_text("[Event \"E\"]\r\n[White \"W\"]\r\n1. 32-28 {open");
        raw.index = 7;
        raw.first_line = 40;
        let err = parse_game(&raw).unwrap_err();
        assert_eq!(
            raw.render_error("a.pdn", &err),
            "a.pdn:42:10: error[syntax]: comment `{` is never closed (a comment ends at the \
             first `}`)\n  in game 7 (Event: E, White: W)"
        );
        let long = RawGame::from_text(format!("[Event \"{}\"]\n1. 32-28 {{", "é".repeat(100)));
        assert_eq!(
            long.describe(),
            format!("game 1 (Event: {}...)", "é".repeat(80))
        );
        let bare = RawGame::from_text("32-28 }");
        let err = parse_game(&bare).unwrap_err();
        assert!(bare.render_error("-", &err).ends_with("in game 1"));
    }
}
