//! Turning a game's bytes into text: UTF-8 when it is valid, otherwise a single-byte fallback
//! (Windows-1252 unless the caller names another encoding).
//!
//! The choice is sticky per file: once one game needed the fallback, every later game of that
//! file is decoded the same way, because a legacy file does not become UTF-8 halfway. The first
//! game that switches gets an `encoding` note pointing at the first byte that was not UTF-8.
//! A UTF-8 byte order mark is removed by the splitter before any game starts.

use encoding_rs::Encoding;

use super::note::{Note, NoteKind};
use super::span::Span;

/// The UTF-8 byte order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Decodes the games of one file, remembering whether the file needed the fallback.
#[derive(Clone, Debug)]
pub struct Decoder {
    fallback: &'static Encoding,
    forced: bool,
    switched: bool,
}

impl Default for Decoder {
    fn default() -> Self {
        Decoder::new(None)
    }
}

impl Decoder {
    /// A decoder that tries UTF-8 first, then `fallback` (Windows-1252 when `None`).
    pub fn new(fallback: Option<&'static Encoding>) -> Decoder {
        Decoder {
            fallback: fallback.unwrap_or(encoding_rs::WINDOWS_1252),
            forced: false,
            switched: false,
        }
    }

    /// A decoder that always uses `encoding` (for a user's `--encoding`); no note is made.
    pub fn forced(encoding: &'static Encoding) -> Decoder {
        Decoder {
            fallback: encoding,
            forced: true,
            switched: true,
        }
    }

    /// The encoding games are currently decoded with.
    pub fn current(&self) -> &'static Encoding {
        if self.switched {
            self.fallback
        } else {
            encoding_rs::UTF_8
        }
    }

    /// Decodes one game; the note, if any, says where the file stopped being UTF-8.
    pub fn decode(&mut self, bytes: Vec<u8>) -> (String, &'static Encoding, Option<Note>) {
        if !self.switched {
            match String::from_utf8(bytes) {
                Ok(text) => return (text, encoding_rs::UTF_8, None),
                Err(err) => {
                    let bytes = err.into_bytes();
                    let bad = std::str::from_utf8(&bytes).map_or_else(|e| e.valid_up_to(), |_| 0);
                    self.switched = true;
                    let text = self.decode_all(&bytes);
                    let at = self.decode_all(&bytes[..bad]).len();
                    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                    let note = Note::new(NoteKind::Encoding, Span::new(at, end));
                    return (text, self.fallback, (!self.forced).then_some(note));
                }
            }
        }
        (self.decode_all(&bytes), self.fallback, None)
    }

    fn decode_all(&self, bytes: &[u8]) -> String {
        self.fallback
            .decode_without_bom_handling(bytes)
            .0
            .into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_passes_through_without_note() {
        let mut d = Decoder::default();
        let (text, enc, note) = d.decode("Café".as_bytes().to_vec());
        assert_eq!(
            (text.as_str(), enc, note),
            ("Café", encoding_rs::UTF_8, None)
        );
    }

    #[test]
    fn invalid_utf8_switches_to_cp1252_for_good() {
        let mut d = Decoder::default();
        let (text, enc, note) = d.decode(b"[Event \"Caf\xe9\"]".to_vec());
        assert_eq!(text, "[Event \"Café\"]");
        assert_eq!(enc, encoding_rs::WINDOWS_1252);
        assert_eq!(note.unwrap().span, Span::new(11, 13));
        // Later games stay with the fallback, even when they would be valid UTF-8.
        let (text, _, note) = d.decode("é".as_bytes().to_vec());
        assert_eq!((text.as_str(), note), ("Ã©", None));
    }

    #[test]
    fn a_forced_encoding_makes_no_note() {
        let mut d = Decoder::forced(encoding_rs::WINDOWS_1251);
        let (text, _, note) = d.decode(b"\xc1".to_vec());
        assert_eq!((text.as_str(), note), ("Б", None));
    }
}
