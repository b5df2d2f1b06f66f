//! One game's text as cut from an archive, owning its text so it can cross threads.

use super::note::Note;
use super::span::{Position, locate};

/// A game as the splitter found it: its text and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// Position of the game in its input, counting from 1.
    pub index: u64,
    /// Offset of the game's first byte in the input file (a leading BOM counts).
    pub byte_offset: u64,
    /// Line of the game's first byte in the input file, from 1.
    pub first_line: u32,
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
        RawGame {
            index: 1,
            byte_offset: 0,
            first_line: 1,
            text: text.into(),
            encoding: encoding_rs::UTF_8,
            notes: Vec::new(),
            oversize: None,
        }
    }

    /// Line and column in the file of byte `offset` of the game's text.
    pub fn position(&self, offset: u32) -> Position {
        locate(&self.text, self.first_line, offset as usize)
    }
}
