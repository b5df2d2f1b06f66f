//! How the archive tools (filter, search, dedupe, split) write the games they keep: their
//! original text, byte for byte, by default (the archive a user gets back is their own), or in
//! a `convert` format with `--to`.

use pdn::RawGame;
use pdnkit::CheckedGame;

use super::convert::{self, Format, Target};

/// The form of the games written.
pub enum GamesOut {
    /// Each game's text as it was in its file (in its file's encoding).
    Original,
    /// A convert format with its default settings.
    Converted(Format),
}

impl GamesOut {
    /// The original text, or `to`'s format.
    pub fn new(to: Option<Target>) -> GamesOut {
        match to {
            None => GamesOut::Original,
            Some(t) => GamesOut::Converted(Format::of(t)),
        }
    }

    /// What goes before the first game (a CSV header).
    pub fn header(&self) -> std::io::Result<Vec<u8>> {
        match self {
            GamesOut::Original => Ok(Vec::new()),
            GamesOut::Converted(f) => f.header(),
        }
    }

    /// A game as written, or `None` when it cannot be: an oversize game, of which only the
    /// first bytes were kept, has no original text to give back.
    pub fn render(&self, raw: &RawGame, checked: &CheckedGame<'_, '_>) -> Option<Vec<u8>> {
        match self {
            GamesOut::Original if raw.oversize.is_some() => None,
            GamesOut::Original => {
                let (bytes, _, _) = raw.encoding.encode(&raw.text);
                Some(bytes.into_owned())
            }
            GamesOut::Converted(f) => Some(convert::render(f, checked)),
        }
    }

    /// What to write before a game, after `first` (no game yet) and whether the last byte
    /// written ended a line: PDN games start on a line of their own (original ones as they
    /// were; converted ones after a blank line, as `convert` writes them).
    pub fn separator(&self, first: bool, ended_line: bool) -> &'static [u8] {
        match self {
            GamesOut::Original if !first && !ended_line => b"\n",
            GamesOut::Converted(Format::Pdn) if !first => b"\n",
            _ => b"",
        }
    }
}
