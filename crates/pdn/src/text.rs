//! What the first bytes of an input's (decompressed) content say about its text: UTF-16, to
//! be transcoded to UTF-8 before the splitter sees it, or not text at all (a picture, an
//! executable, random bytes), to be refused rather than read as thousands of games of junk.

use std::io::{self, BufRead, Read};

use encoding_rs::Encoding;

/// Bytes looked at to tell text from binary data and UTF-16 from the rest.
pub const SNIFF: usize = 8 << 10;

/// Bytes read ahead of the splitter when an input is opened: its first [`SNIFF`] bytes are
/// looked at, and all of them tell a legacy encoding ([`crate::Decoder::with_prefix`]).
pub const HEAD: usize = 64 << 10;

/// Control bytes (besides tab, line ends and form feed) that text may hold, per thousand: a
/// file past it is not text.
const MAX_CONTROL_PER_MILLE: usize = 100;

/// What the first bytes of a content say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// Text in an ASCII-compatible encoding (UTF-8 or a single-byte code page).
    Text,
    /// UTF-16; `bom` is the length of its byte order mark (0 when the shape told it).
    Utf16 {
        encoding: &'static Encoding,
        bom: usize,
    },
    /// Not text: why, in a few words.
    Binary(&'static str),
}

/// What `head`, the first bytes of a content, holds (its first [`SNIFF`] bytes are looked at).
pub fn sniff_text(head: &[u8]) -> TextKind {
    let head = &head[..head.len().min(SNIFF)];
    match head {
        [0xFF, 0xFE, ..] => {
            return TextKind::Utf16 {
                encoding: encoding_rs::UTF_16LE,
                bom: 2,
            };
        }
        [0xFE, 0xFF, ..] => {
            return TextKind::Utf16 {
                encoding: encoding_rs::UTF_16BE,
                bom: 2,
            };
        }
        _ => {}
    }
    if let Some(encoding) = utf16_shape(head) {
        return TextKind::Utf16 { encoding, bom: 0 };
    }
    if memchr::memchr(0, head).is_some() {
        return TextKind::Binary("NUL bytes in its first kilobytes");
    }
    let control = head.iter().filter(|&&b| is_control(b)).count();
    if control * 1000 > head.len() * MAX_CONTROL_PER_MILLE {
        return TextKind::Binary("mostly control bytes in its first kilobytes");
    }
    TextKind::Text
}

/// A control byte text does not hold: all but tab, line feed, vertical tab, form feed,
/// carriage return, and the DOS end-of-file mark some old files end with.
fn is_control(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | 0x1A)) || b == 0x7F
}

/// UTF-16 without a byte order mark, told by its shape: PDN is mostly ASCII, whose characters
/// in UTF-16 have a NUL byte on one side of each pair and not on the other.
fn utf16_shape(head: &[u8]) -> Option<&'static Encoding> {
    let pairs = head.len() / 2;
    if pairs < 8 {
        return None;
    }
    let zeros_at = |side: usize| head.chunks_exact(2).filter(|p| p[side] == 0).count();
    let (even, odd) = (zeros_at(0), zeros_at(1));
    // Most pairs are ASCII characters; hardly any has a NUL on the other side.
    let shape = |zeros: usize, other: usize| zeros * 10 >= pairs * 6 && other * 50 <= pairs;
    if shape(odd, even) {
        Some(encoding_rs::UTF_16LE)
    } else if shape(even, odd) {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    }
}

/// The first [`HEAD`] bytes of `reader` (fewer only at its end): a pipe or a decompressor may
/// deliver them in pieces, so one read is not enough. A read that fails ends the head; its
/// error comes with the bytes read before it, so that the games in them are still read.
pub fn read_head(reader: &mut impl Read) -> (Vec<u8>, Option<io::Error>) {
    let mut head = Vec::with_capacity(HEAD);
    let error = reader.take(HEAD as u64).read_to_end(&mut head).err();
    (head, error)
}

/// A reader of UTF-16 text that gives its UTF-8 transcoding; unpaired surrogates become
/// U+FFFD (the decoder's replacement), so a broken file still reads.
pub struct Utf16ToUtf8<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    out: Vec<u8>,
    pos: usize,
    done: bool,
}

impl<R: BufRead> Utf16ToUtf8<R> {
    /// Transcodes `inner`, UTF-16 in `encoding`, its byte order mark (if any) already skipped.
    pub fn new(inner: R, encoding: &'static Encoding) -> Utf16ToUtf8<R> {
        Utf16ToUtf8 {
            inner,
            decoder: encoding.new_decoder_without_bom_handling(),
            out: Vec::new(),
            pos: 0,
            done: false,
        }
    }

    /// Transcodes the next chunk of the input into `out`; false at the end.
    fn refill(&mut self) -> io::Result<bool> {
        self.out.clear();
        self.pos = 0;
        while self.out.is_empty() && !self.done {
            let input = self.inner.fill_buf()?;
            let last = input.is_empty();
            let room = self
                .decoder
                .max_utf8_buffer_length(input.len())
                .unwrap_or(input.len() * 3 + 16);
            self.out.resize(room, 0);
            let (_, read, written, _) = self.decoder.decode_to_utf8(input, &mut self.out, last);
            self.out.truncate(written);
            self.inner.consume(read);
            self.done = last;
        }
        Ok(!self.out.is_empty())
    }
}

impl<R: BufRead> Read for Utf16ToUtf8<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.out.len() && !self.refill()? {
            return Ok(0);
        }
        let n = buf.len().min(self.out.len() - self.pos);
        buf[..n].copy_from_slice(&self.out[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    #[test]
    fn text_utf16_and_binary_are_told_apart() {
        let pdn = "[Event \"Чемпионат\"]\n1. 32-28 19-23 *\n";
        assert_eq!(sniff_text(pdn.as_bytes()), TextKind::Text);
        let mut bom = vec![0xFF, 0xFE];
        bom.extend(utf16le(pdn));
        assert_eq!(
            sniff_text(&bom),
            TextKind::Utf16 {
                encoding: encoding_rs::UTF_16LE,
                bom: 2
            }
        );
        assert_eq!(
            sniff_text(&utf16le(pdn)),
            TextKind::Utf16 {
                encoding: encoding_rs::UTF_16LE,
                bom: 0
            }
        );
        let be: Vec<u8> = pdn.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert!(
            matches!(sniff_text(&be), TextKind::Utf16 { encoding, bom: 0 } if encoding == encoding_rs::UTF_16BE)
        );
        // A PNG's header, an ELF executable's, bytes of every value.
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0";
        assert!(matches!(sniff_text(png), TextKind::Binary(_)));
        let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0";
        assert!(matches!(sniff_text(elf), TextKind::Binary(_)));
        let all: Vec<u8> = (0..=255).cycle().take(4096).collect();
        assert!(matches!(sniff_text(&all), TextKind::Binary(_)));
        let controls: Vec<u8> = b"\x01\x02\x03\x04abcd".repeat(100);
        assert_eq!(
            sniff_text(&controls),
            TextKind::Binary("mostly control bytes in its first kilobytes")
        );
        // A DOS end-of-file mark and form feeds are text.
        assert_eq!(sniff_text(b"1. 32-28 *\r\n\x0c\x1a"), TextKind::Text);
    }

    #[test]
    fn utf16_is_transcoded_whatever_the_chunks() {
        let text = "[White \"Васильев\"]\n1. 32-28 *\n".repeat(50);
        let bytes = utf16le(&text);
        // A reader that hands over 3 bytes at a time: pairs and surrogates cut anywhere.
        let chunked = io::BufReader::with_capacity(3, &bytes[..]);
        let mut out = String::new();
        Utf16ToUtf8::new(chunked, encoding_rs::UTF_16LE)
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, text);
    }
}
