//! Turning a game's bytes into text.
//!
//! Every game that is valid UTF-8 is read as UTF-8. A game that is not is judged by its bytes:
//!
//! * **Mostly UTF-8** (as many valid multi-byte sequences as broken ones, or a file that has
//!   shown UTF-8 before and a game with at most [`FEW_BROKEN`] broken sequences, such as a name
//!   cut in the middle of a character): it stays UTF-8, each broken sequence replaced by
//!   U+FFFD and noted with its place ([`NoteKind::InvalidUtf8`]).
//! * **A legacy code page**: the file's single-byte encoding, decided once per file by a
//!   detector made for the job (`chardetng`, the one Firefox uses): from the file's first 64 KB
//!   when they show it ([`Decoder::with_prefix`]), else from the first such game. The
//!   first game read so gets a warning naming the encoding ([`NoteKind::Encoding`]). The
//!   decision depends on the file's bytes only, never on how they were read.
//!
//! A user's `--encoding` ([`Decoder::forced`]) overrides all of this: every game is decoded with
//! it, broken UTF-8 sequences noted when it is UTF-8. UTF-16 never reaches the decoder: the
//! reader transcodes it to UTF-8 first ([`crate::open`]), and the decoder then notes the
//! encoding the file was in on its first game ([`Decoder::transcoded_from`]).

use std::borrow::Cow;

use encoding_rs::Encoding;

use super::note::{Note, NoteKind};
use super::span::Span;

/// The UTF-8 byte order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Broken sequences a game may hold and still be read as UTF-8 without other UTF-8 in it,
/// when its file has shown UTF-8 before: a name or two cut in the middle of a character.
const FEW_BROKEN: usize = 2;

/// The encoding a name or label means (`utf-8`, `windows-1251`, `cp1251`, `koi8-r`, `cp866`,
/// `latin1`...: the WHATWG labels), ignoring case and surrounding white space.
pub fn encoding_named(name: &str) -> Option<&'static Encoding> {
    Encoding::for_label(name.trim().as_bytes())
}

/// Decodes the games of one file, remembering what the file has shown.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    /// The encoding the user named: every game is decoded with it.
    forced: Option<&'static Encoding>,
    /// The single-byte encoding decided for the file's games that are not UTF-8.
    legacy: Option<&'static Encoding>,
    /// Whether a game was read in `legacy` already (the first one carries the warning).
    legacy_announced: bool,
    /// Whether the file has shown a valid multi-byte UTF-8 sequence.
    utf8_seen: bool,
    /// The encoding the reader transcoded from (UTF-16), noted on the first game.
    transcoded: Option<&'static Encoding>,
}

/// A game's text, the encoding it was read in, and the notes of its decoding.
pub type Decoded = (String, &'static Encoding, Vec<Note>);

impl Decoder {
    /// A decoder that decides from the bytes (see the module's documentation).
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// A decoder that uses `encoding` for every game (a user's `--encoding`). With UTF-8,
    /// broken sequences are replaced and noted; with another encoding nothing is noted.
    pub fn forced(encoding: &'static Encoding) -> Decoder {
        Decoder {
            forced: Some(encoding),
            ..Decoder::default()
        }
    }

    /// This decoder, for text the reader transcoded to UTF-8 from `encoding` (UTF-16): the
    /// first game notes it, and the games' encoding is `encoding`.
    pub fn transcoded_from(mut self, encoding: &'static Encoding) -> Decoder {
        self.transcoded = Some(encoding);
        self.forced = Some(encoding_rs::UTF_8);
        self
    }

    /// This decoder, told what a file's first bytes (`prefix`, some kilobytes) show: whether
    /// they are UTF-8 with a valid multi-byte sequence, or in a single-byte encoding, which is
    /// then decided from them (a larger sample than most games are).
    pub fn with_prefix(mut self, prefix: &[u8]) -> Decoder {
        if self.forced.is_some() || std::str::from_utf8(prefix).is_ok_and(str::is_ascii) {
            return self;
        }
        let (valid, broken) = count_sequences(prefix, true);
        self.utf8_seen |= valid > 0;
        if valid < broken {
            self.legacy = Some(detect(prefix));
        }
        self
    }

    /// The encoding the user named, if any.
    pub fn forced_encoding(&self) -> Option<&'static Encoding> {
        self.forced.filter(|_| self.transcoded.is_none())
    }

    /// Whether a game whose bytes are ASCII (`ascii`) or valid UTF-8 (`utf8`) is read as its
    /// bytes are, without note: the fast paths pass such games by without decoding them.
    pub fn decodes_as_is(&self, ascii: bool, utf8: bool) -> bool {
        if self.transcoded.is_some() {
            return false;
        }
        match self.forced {
            Some(e) if e == encoding_rs::UTF_8 => ascii || utf8,
            Some(e) => ascii && e.is_ascii_compatible(),
            None => ascii || utf8,
        }
    }

    /// Takes note of a game passed by without decoding ([`Self::decodes_as_is`]), as decoding
    /// it would have: UTF-8 outside ASCII (`!ascii`) counts for the games after it.
    pub fn passed_as_is(&mut self, ascii: bool) {
        self.utf8_seen |= !ascii;
    }

    /// Decodes one game.
    pub fn decode(&mut self, bytes: Vec<u8>) -> Decoded {
        let mut notes = Vec::new();
        if let Some(from) = self.transcoded.take()
            && let Some(at) = bytes.iter().position(|b| !b.is_ascii_whitespace())
        {
            notes.push(Note::with_detail(
                NoteKind::Transcoded,
                Span::new(at, at),
                from.name(),
            ));
            // The games after the first keep the encoding without the note.
            self.transcoded = None;
            self.forced = Some(from);
        }
        if let Some(encoding) = self.forced {
            return self.decode_forced(bytes, encoding, notes);
        }
        let bytes = match String::from_utf8(bytes) {
            Ok(text) => {
                self.utf8_seen |= !text.is_ascii();
                return (text, encoding_rs::UTF_8, notes);
            }
            Err(err) => err.into_bytes(),
        };
        let (valid, broken) = count_sequences(&bytes, false);
        self.utf8_seen |= valid > 0;
        if valid >= broken || (self.utf8_seen && self.legacy.is_none() && broken <= FEW_BROKEN) {
            let text = replace_broken(&bytes, &mut notes);
            return (text, encoding_rs::UTF_8, notes);
        }
        let encoding = *self.legacy.get_or_insert_with(|| detect(&bytes));
        let text = decode_with(encoding, &bytes).into_owned();
        if !self.legacy_announced {
            self.legacy_announced = true;
            let at = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(0);
            let start = decode_with(encoding, &bytes[..at]).len();
            let end = text[start..]
                .chars()
                .next()
                .map_or(start, |c| start + c.len_utf8());
            notes.push(Note::with_detail(
                NoteKind::Encoding,
                Span::new(start, end),
                encoding.name(),
            ));
        }
        (text, encoding, notes)
    }

    /// A game in the encoding the user named (or the one the reader transcoded from, whose
    /// text is UTF-8 by now).
    fn decode_forced(
        &mut self,
        bytes: Vec<u8>,
        encoding: &'static Encoding,
        mut notes: Vec<Note>,
    ) -> Decoded {
        if encoding == encoding_rs::UTF_8 || is_utf16(encoding) {
            let text = match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(err) => replace_broken(err.as_bytes(), &mut notes),
            };
            return (text, encoding, notes);
        }
        (decode_with(encoding, &bytes).into_owned(), encoding, notes)
    }
}

/// Whether `encoding` is UTF-16, which the reader transcodes to UTF-8 before the decoder.
fn is_utf16(encoding: &'static Encoding) -> bool {
    encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE
}

/// `bytes` decoded with `encoding`, a byte order mark left as it is.
fn decode_with<'b>(encoding: &'static Encoding, bytes: &'b [u8]) -> Cow<'b, str> {
    encoding.decode_without_bom_handling(bytes).0
}

/// The valid multi-byte UTF-8 sequences and the broken ones in `bytes` (a run of bytes that
/// cannot start or continue a sequence counts once; a sequence unfinished at the end counts as
/// broken unless `cut`, when the bytes are a prefix of the text).
fn count_sequences(bytes: &[u8], cut: bool) -> (usize, usize) {
    let (mut valid, mut broken) = (0, 0);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                valid += text.bytes().filter(|&b| b >= 0xC0).count();
                return (valid, broken);
            }
            Err(err) => {
                let good = &rest[..err.valid_up_to()];
                valid += good.iter().filter(|&&b| b >= 0xC0).count();
                let Some(skip) = err.error_len() else {
                    return (valid, broken + usize::from(!cut));
                };
                broken += 1;
                rest = &rest[err.valid_up_to() + skip..];
            }
        }
    }
}

/// `bytes` as UTF-8, each broken sequence replaced by U+FFFD and noted at its place in the
/// text. Broken sequences next to each other make one note.
fn replace_broken(bytes: &[u8], notes: &mut Vec<Note>) -> String {
    let mut text = String::with_capacity(bytes.len() + 8);
    let mut rest = bytes;
    let mut last: Option<usize> = None;
    loop {
        match std::str::from_utf8(rest) {
            Ok(good) => {
                text.push_str(good);
                return text;
            }
            Err(err) => {
                let (good, _) = rest.split_at(err.valid_up_to());
                text.push_str(std::str::from_utf8(good).expect("valid up to here"));
                let start = text.len();
                text.push(char::REPLACEMENT_CHARACTER);
                // A note that ends where this one starts grows instead of a new one.
                match last {
                    Some(i) if good.is_empty() && notes[i].span.end as usize == start => {
                        notes[i].span = Span::new(notes[i].span.start as usize, text.len());
                    }
                    _ => {
                        notes.push(Note::new(
                            NoteKind::InvalidUtf8,
                            Span::new(start, text.len()),
                        ));
                        last = Some(notes.len() - 1);
                    }
                }
                let skip = err.error_len().unwrap_or(rest.len() - err.valid_up_to());
                rest = &rest[err.valid_up_to() + skip..];
            }
        }
    }
}

/// The single-byte encoding `sample` (not UTF-8) is in.
fn detect(sample: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(sample, true);
    let guess = detector.guess(None, chardetng::Utf8Detection::Deny);
    // The detector knows KOI8-U, a superset of KOI8-R that puts Ukrainian letters where KOI8-R
    // has box-drawing characters: without those bytes the text is KOI8-R, as Russian files are.
    let ukrainian = |b: &u8| matches!(b, 0xA4 | 0xA6 | 0xA7 | 0xAD | 0xB4 | 0xB6 | 0xB7 | 0xBD);
    if guess == encoding_rs::KOI8_U && !sample.iter().any(ukrainian) {
        return encoding_rs::KOI8_R;
    }
    guess
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(d: &mut Decoder, bytes: &[u8]) -> Decoded {
        d.decode(bytes.to_vec())
    }

    #[test]
    fn utf8_passes_through_without_note() {
        let mut d = Decoder::new();
        let (text, enc, notes) = decode(&mut d, "Café".as_bytes());
        assert_eq!(
            (text.as_str(), enc, notes),
            ("Café", encoding_rs::UTF_8, vec![])
        );
    }

    #[test]
    fn a_cyrillic_code_page_is_detected_and_announced_once() {
        let names = "[White \"Васильев Иван\"]\n[Black \"Петров Сергей\"]\n";
        for encoding in [
            encoding_rs::WINDOWS_1251,
            encoding_rs::KOI8_R,
            encoding_rs::IBM866,
        ] {
            let (bytes, _, _) = encoding.encode(names);
            let mut d = Decoder::new();
            let (text, enc, notes) = decode(&mut d, &bytes);
            assert_eq!(
                (text.as_str(), enc),
                (names, encoding),
                "{}",
                encoding.name()
            );
            assert_eq!(notes.len(), 1);
            assert_eq!(notes[0].kind, NoteKind::Encoding);
            assert_eq!(notes[0].span.text(&text), "В");
            assert_eq!(notes[0].detail, Some(encoding.name()));
            // The next game: the same encoding, no second note; an ASCII game stays as it is.
            let (text, enc, notes) = decode(&mut d, &bytes);
            assert_eq!((text.as_str(), enc, notes.len()), (names, encoding, 0));
            let (_, enc, _) = decode(&mut d, b"1. 32-28 *");
            assert_eq!(enc, encoding_rs::UTF_8);
        }
    }

    #[test]
    fn a_western_file_is_read_as_windows_1252() {
        let mut d = Decoder::new();
        let (text, enc, notes) = decode(&mut d, b"[Event \"Caf\xe9 de l'Op\xe9ra\"]");
        assert_eq!(text, "[Event \"Café de l'Opéra\"]");
        assert_eq!(enc, encoding_rs::WINDOWS_1252);
        assert_eq!(notes[0].span, Span::new(11, 13));
    }

    #[test]
    fn a_broken_byte_in_utf8_is_replaced_and_noted_in_place() {
        let mut d = Decoder::new();
        // A name cut in the middle of its last character, then a good one.
        let mut bytes = "[White \"Васил".as_bytes().to_vec();
        bytes.push(0xD0);
        bytes.extend("\"]\n[Black \"Петров\"]".as_bytes());
        let (text, enc, notes) = decode(&mut d, &bytes);
        assert_eq!(enc, encoding_rs::UTF_8);
        assert_eq!(text, "[White \"Васил\u{FFFD}\"]\n[Black \"Петров\"]");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].kind, NoteKind::InvalidUtf8);
        assert_eq!(notes[0].span.text(&text), "\u{FFFD}");
    }

    #[test]
    fn after_utf8_a_game_with_one_lone_broken_byte_stays_utf8() {
        let mut d = Decoder::new();
        decode(&mut d, "[White \"Иванов\"]".as_bytes());
        let (text, enc, notes) = decode(&mut d, b"[White \"\xD0\"]");
        assert_eq!(
            (text.as_str(), enc, notes[0].kind),
            (
                "[White \"\u{FFFD}\"]",
                encoding_rs::UTF_8,
                NoteKind::InvalidUtf8
            )
        );
    }

    #[test]
    fn the_prefix_decides_for_the_games_after_it() {
        // A first game whose one accented letter alone could be several code pages.
        let names = "[White \"Пётр Иванов\"]\n".repeat(20);
        let (head, _, _) = encoding_rs::WINDOWS_1251.encode(&names);
        let mut d = Decoder::new().with_prefix(&head);
        let (text, enc, _) = decode(&mut d, b"[Round \"\xb9\"]");
        assert_eq!(
            (text.as_str(), enc),
            ("[Round \"№\"]", encoding_rs::WINDOWS_1251)
        );
        // A UTF-8 prefix: a game with one broken byte is read as UTF-8.
        let mut d = Decoder::new().with_prefix("[White \"Пётр\"]".as_bytes());
        let (_, enc, notes) = decode(&mut d, b"[Black \"\xd0\"]");
        assert_eq!(
            (enc, notes[0].kind),
            (encoding_rs::UTF_8, NoteKind::InvalidUtf8)
        );
    }

    #[test]
    fn a_sequence_cut_by_the_end_is_broken_in_a_game_not_in_a_prefix() {
        assert_eq!(count_sequences(b"ab\xd0", false), (0, 1));
        assert_eq!(count_sequences(b"ab\xd0", true), (0, 0));
        let cut = ["Пётр".as_bytes(), b"\xd0"].concat();
        assert_eq!(count_sequences(&cut, true), (4, 0));
        // A Windows-1251 game ending in a capital letter is read in its code page.
        let mut d = Decoder::new();
        let (game, _, _) = encoding_rs::WINDOWS_1251.encode("[White \"Васильев Иван\"]\n{Б");
        assert_eq!(game.last(), Some(&0xC1));
        let (text, enc, _) = decode(&mut d, &game);
        assert_eq!(
            (text.as_str(), enc),
            ("[White \"Васильев Иван\"]\n{Б", encoding_rs::WINDOWS_1251)
        );
    }

    #[test]
    fn broken_sequences_side_by_side_make_one_note() {
        let mut notes = Vec::new();
        let text = replace_broken(b"a\xff\xfe\xfdb\xffc", &mut notes);
        assert_eq!(text, "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c");
        let spans: Vec<&str> = notes.iter().map(|n| n.span.text(&text)).collect();
        assert_eq!(spans, ["\u{FFFD}\u{FFFD}\u{FFFD}", "\u{FFFD}"]);
    }

    #[test]
    fn a_concatenation_reads_each_game_in_its_own_encoding() {
        let mut d = Decoder::new();
        let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode("[White \"Васильев Иван\"]");
        let (text, enc, _) = decode(&mut d, &cp1251);
        assert_eq!(
            (text.as_str(), enc),
            ("[White \"Васильев Иван\"]", encoding_rs::WINDOWS_1251)
        );
        let (text, enc, _) = decode(&mut d, "[White \"Пётр\"]".as_bytes());
        assert_eq!(
            (text.as_str(), enc),
            ("[White \"Пётр\"]", encoding_rs::UTF_8)
        );
    }

    #[test]
    fn a_forced_encoding_makes_no_note() {
        let mut d = Decoder::forced(encoding_rs::WINDOWS_1251);
        let (text, _, notes) = decode(&mut d, b"\xc1");
        assert_eq!((text.as_str(), notes.len()), ("Б", 0));
        // Forced UTF-8 never falls back: broken bytes are replaced and noted.
        let mut d = Decoder::forced(encoding_rs::UTF_8);
        let (text, enc, notes) = decode(&mut d, b"\xc1\xc2");
        assert_eq!(
            (text.as_str(), enc),
            ("\u{FFFD}\u{FFFD}", encoding_rs::UTF_8)
        );
        assert_eq!(notes[0].kind, NoteKind::InvalidUtf8);
    }

    #[test]
    fn transcoded_text_notes_its_encoding_on_the_first_game_only() {
        let mut d = Decoder::new().transcoded_from(encoding_rs::UTF_16LE);
        assert!(!d.decodes_as_is(true, true));
        let (_, enc, notes) = decode(&mut d, b"\n[Event \"x\"]");
        assert_eq!(
            (enc, notes[0].kind),
            (encoding_rs::UTF_16LE, NoteKind::Transcoded)
        );
        assert_eq!(notes[0].span, Span::new(1, 1));
        let (_, enc, notes) = decode(&mut d, b"[Event \"y\"]");
        assert_eq!((enc, notes.len()), (encoding_rs::UTF_16LE, 0));
    }
}
