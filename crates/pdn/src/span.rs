//! Byte spans inside one game's text, and their translation to the line and column a user sees.
//!
//! Spans are `u32` byte offsets into `RawGame::text`; nothing else is stored per node. Line and
//! column are computed only when a message is shown: lines end at LF, CRLF or a lone CR (as an
//! editor counts them), columns count characters from 1 (a tab is one column).

/// A half-open byte range `start..end` in a game's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from byte offsets.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The covered text (empty if the span does not fit `text` or is not on char boundaries).
    pub fn text(self, text: &str) -> &str {
        text.get(self.start as usize..self.end as usize)
            .unwrap_or("")
    }

    /// Length in bytes.
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// True for an empty span.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A place in a file: 1-based line and 1-based column in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCol {
    /// Line in the file, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

impl std::fmt::Display for LineCol {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Where byte `offset` of `text` is, given that `text` starts at column 1 of line `first_line`.
///
/// An offset past the end is clamped to the end; an offset inside a multi-byte character counts
/// as that character.
pub fn locate(text: &str, first_line: u32, offset: usize) -> LineCol {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let (lines, line_start) = count_line_ends(&bytes[..offset]);
    let column = 1 + count_chars(&bytes[line_start..offset]);
    LineCol {
        line: first_line + lines,
        column: column as u32,
    }
}

/// The positions of many offsets of `text` at once, in input order: the same answers as
/// [`locate`] gives for each, in one pass over the text (a game with thousands of findings on
/// one long line must not cost thousands of passes).
pub fn locate_all(text: &str, first_line: u32, offsets: &[usize]) -> Vec<LineCol> {
    let bytes = text.as_bytes();
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut out = vec![
        LineCol {
            line: first_line,
            column: 1
        };
        offsets.len()
    ];
    // The scan has counted `bytes[..at]`: `lines` line ends, `chars` characters since the
    // start of the current line.
    let (mut at, mut lines, mut chars) = (0usize, 0u32, 0usize);
    for i in order {
        let target = offsets[i].min(bytes.len());
        // Like `locate`, a CR just before the target counts as a line end even when an LF
        // follows; so the scan commits only up to it and looks at it again next time.
        let commit = if target > at && bytes[target - 1] == b'\r' {
            target - 1
        } else {
            target
        };
        let (more, line_start) = count_line_ends(&bytes[at..commit]);
        if more > 0 {
            chars = count_chars(&bytes[at + line_start..commit]);
        } else {
            chars += count_chars(&bytes[at..commit]);
        }
        lines += more;
        at = commit;
        let (extra_line, column) = if target > commit {
            (1, 1)
        } else {
            (0, 1 + chars)
        };
        out[i] = LineCol {
            line: first_line + lines + extra_line,
            column: column as u32,
        };
    }
    out
}

/// Number of line ends in `bytes` (LF, CRLF and lone CR each count once) and the offset just
/// after the last one.
pub fn count_line_ends(bytes: &[u8]) -> (u32, usize) {
    let line_start = memchr::memrchr2(b'\n', b'\r', bytes).map_or(0, |i| i + 1);
    // Most texts have no CR: then their LFs say it all, and one pass counts both. A text whose
    // first line ends in a CR (a Windows file's) goes straight to the count that needs them.
    let first_end = memchr::memchr2(b'\n', b'\r', bytes);
    let lines = match first_end.map(|i| bytes[i]) {
        None => 0,
        Some(b'\n') => match count_lfs_and_crs(bytes) {
            (lfs, 0) => lfs,
            _ => count_line_ends_with_crs(bytes),
        },
        Some(_) => count_line_ends_with_crs(bytes),
    };
    (lines as u32, line_start)
}

/// The LFs and the CRs in `bytes`, counted 16 bytes at a time in byte counters (one load and
/// two comparisons per 16 bytes: a separate search for a CR and count of LFs each read the
/// text again, and the count's bit counting cost more than the rest of the game's check).
#[cfg(target_arch = "x86_64")]
fn count_lfs_and_crs(bytes: &[u8]) -> (usize, usize) {
    use safe_arch::{
        cmp_eq_mask_i8_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i, sub_i8_m128i,
        sum_of_u8_abs_diff_m128i, zeroed_m128i,
    };
    let (lf, cr) = (
        set_splat_i8_m128i(b'\n' as i8),
        set_splat_i8_m128i(b'\r' as i8),
    );
    let sum = |counters| {
        let sums: [u64; 2] = sum_of_u8_abs_diff_m128i(counters, zeroed_m128i()).into();
        (sums[0] + sums[1]) as usize
    };
    let (mut lfs, mut crs) = (0, 0);
    let (whole, rest) = bytes.split_at(bytes.len() / 16 * 16);
    // Each byte counter takes at most one a round: 255 rounds at most.
    for rounds in whole.chunks(16 * 255) {
        let (mut lf_counters, mut cr_counters) = (zeroed_m128i(), zeroed_m128i());
        for vector in rounds.chunks_exact(16) {
            let here = m128i::from(<[u8; 16]>::try_from(vector).expect("16"));
            // A match is all ones, -1: subtracting it counts one.
            lf_counters = sub_i8_m128i(lf_counters, cmp_eq_mask_i8_m128i(here, lf));
            cr_counters = sub_i8_m128i(cr_counters, cmp_eq_mask_i8_m128i(here, cr));
        }
        lfs += sum(lf_counters);
        crs += sum(cr_counters);
    }
    match bytes.len().checked_sub(16) {
        // The last 16 bytes, of which those counted already are shifted out of the masks (a
        // loop over the bytes left, of varying length, was mispredicted about once a game).
        Some(last) if !rest.is_empty() => {
            let here = m128i::from(<[u8; 16]>::try_from(&bytes[last..]).expect("16"));
            let new = |byte| {
                (move_mask_i8_m128i(cmp_eq_mask_i8_m128i(here, byte)) as u32) >> (16 - rest.len())
            };
            lfs += new(lf).count_ones() as usize;
            crs += new(cr).count_ones() as usize;
        }
        _ => {
            for &c in rest {
                lfs += usize::from(c == b'\n');
                crs += usize::from(c == b'\r');
            }
        }
    }
    (lfs, crs)
}

#[cfg(not(target_arch = "x86_64"))]
fn count_lfs_and_crs(bytes: &[u8]) -> (usize, usize) {
    let count = |byte| bytes.iter().filter(|&&c| c == byte).count();
    (count(b'\n'), count(b'\r'))
}

/// The line ends of text that holds CRs (Windows files): its LFs, and its CRs not followed by
/// an LF, counted 16 bytes at a time: each byte compared with the byte after it (a second load
/// one byte on), the matches summed in byte counters, which are added up before they can
/// overflow.
#[cfg(target_arch = "x86_64")]
fn count_line_ends_with_crs(bytes: &[u8]) -> usize {
    use safe_arch::{
        bitandnot_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, m128i, set_splat_i8_m128i,
        sub_i8_m128i, sum_of_u8_abs_diff_m128i, zeroed_m128i,
    };
    let load = |at: usize| m128i::from(<[u8; 16]>::try_from(&bytes[at..at + 16]).expect("16"));
    let (lf, cr) = (
        set_splat_i8_m128i(b'\n' as i8),
        set_splat_i8_m128i(b'\r' as i8),
    );
    let mut lines = 0;
    let mut at = 0;
    // 17 bytes are read for 16: the last byte is counted a byte at a time.
    while at + 17 <= bytes.len() {
        // Each byte counter takes at most one a round: 255 rounds at most.
        let rounds = ((bytes.len() - 1 - at) / 16).min(255);
        let mut counters = zeroed_m128i();
        for _ in 0..rounds {
            let (here, next) = (load(at), load(at + 1));
            let lone_cr = bitandnot_m128i(
                cmp_eq_mask_i8_m128i(next, lf),
                cmp_eq_mask_i8_m128i(here, cr),
            );
            let ends = bitor_m128i(cmp_eq_mask_i8_m128i(here, lf), lone_cr);
            // A match is all ones, -1: subtracting it counts one.
            counters = sub_i8_m128i(counters, ends);
            at += 16;
        }
        let sums: [u64; 2] = sum_of_u8_abs_diff_m128i(counters, zeroed_m128i()).into();
        lines += (sums[0] + sums[1]) as usize;
    }
    lines + count_line_ends_byte_by_byte(&bytes[at..])
}

#[cfg(not(target_arch = "x86_64"))]
fn count_line_ends_with_crs(bytes: &[u8]) -> usize {
    count_line_ends_byte_by_byte(bytes)
}

/// [`count_line_ends`] a byte at a time.
fn count_line_ends_byte_by_byte(bytes: &[u8]) -> usize {
    (0..bytes.len())
        .filter(|&i| match bytes[i] {
            b'\n' => true,
            b'\r' => bytes.get(i + 1) != Some(&b'\n'),
            _ => false,
        })
        .count()
}

/// Characters in a UTF-8 byte slice (continuation bytes are not counted).
pub(crate) fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lf_crlf_and_cr_each_end_one_line() {
        let text = "a\nb\r\nc\rd";
        assert_eq!(locate(text, 1, 0), LineCol { line: 1, column: 1 });
        assert_eq!(locate(text, 1, 2), LineCol { line: 2, column: 1 });
        assert_eq!(locate(text, 1, 5), LineCol { line: 3, column: 1 });
        assert_eq!(locate(text, 1, 7), LineCol { line: 4, column: 1 });
        // The CR of a CRLF still belongs to line 2.
        assert_eq!(locate(text, 1, 3), LineCol { line: 2, column: 2 });
    }

    #[test]
    fn line_ends_counted_in_vectors_are_those_counted_a_byte_at_a_time() {
        let mut rng = crate::test_rng::TestRng::new(0x3C6E_F372_FE94_F82B);
        let (mut with_crs, mut lf_only, mut lf_first_then_cr) = (0, 0, 0);
        // Windows text, Unix text, and Unix text with a stray CR or two.
        let alphabets: [&[u8]; 3] = [
            b"ab\r\n\r\n",
            b"ab\n",
            b"aaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbb\n\n\n\n\r",
        ];
        for _ in 0..20_000 {
            let len = rng.below(80);
            let alphabet = alphabets[rng.below(3)];
            let text: Vec<u8> = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            let line_start = text
                .iter()
                .rposition(|&c| c == b'\n' || c == b'\r')
                .map_or(0, |i| i + 1);
            let expected = (count_line_ends_byte_by_byte(&text) as u32, line_start);
            assert_eq!(count_line_ends(&text), expected, "{}", text.escape_ascii());
            let first_end = text.iter().find(|&&c| c == b'\n' || c == b'\r');
            let has_cr = text.contains(&b'\r');
            with_crs += usize::from(len > 32 && has_cr);
            lf_only += usize::from(len > 32 && !has_cr && first_end.is_some());
            lf_first_then_cr += usize::from(len > 32 && has_cr && first_end == Some(&b'\n'));
        }
        assert!(with_crs > 5_000, "{with_crs}");
        assert!(lf_only > 3_000, "{lf_only}");
        assert!(lf_first_then_cr > 1_000, "{lf_first_then_cr}");
        // A CRLF across the 16-byte chunks, and a CR ending the text.
        let mut text = vec![b'a'; 15];
        text.extend_from_slice(b"\r\nb\r");
        assert_eq!(count_line_ends(&text), (2, text.len()));
        // A line end in every byte for longer than a byte counter can count.
        let text = [&b"\r"[..], &[b'\n'; 10_000]].concat();
        assert_eq!(count_line_ends(&text), (10_000, text.len()));
        assert_eq!(count_line_ends(&text[1..]), (10_000, text.len() - 1));
        // A lone CR far past the first line end, after the byte counters were summed.
        let mut text = [&b"a\n"[..], &[b'b'; 5_000]].concat();
        text.extend_from_slice(b"\rc");
        assert_eq!(count_line_ends(&text), (2, text.len() - 1));
    }

    #[test]
    fn columns_count_characters_and_tabs_as_one() {
        let text = "\tÉé x";
        assert_eq!(
            locate(text, 10, 6),
            LineCol {
                line: 10,
                column: 5
            }
        );
        assert_eq!(
            locate(text, 10, 1),
            LineCol {
                line: 10,
                column: 2
            }
        );
    }

    #[test]
    fn locating_many_offsets_at_once_agrees_with_locate() {
        let text = "ab\r\ncd\ref\n\nÉé x\r";
        let offsets: Vec<usize> = (0..=text.len() + 2).rev().collect();
        let all = locate_all(text, 7, &offsets);
        for (&o, p) in offsets.iter().zip(&all) {
            assert_eq!(*p, locate(text, 7, o), "offset {o}");
        }
    }

    #[test]
    fn offsets_past_the_end_are_clamped() {
        assert_eq!(locate("ab", 3, 99), LineCol { line: 3, column: 3 });
    }

    #[test]
    fn span_text_never_panics() {
        let s = Span::new(1, 2);
        assert_eq!(s.text("é"), "");
        assert_eq!(Span::new(0, 2).text("éa"), "é");
        assert_eq!(Span::new(5, 9).text("abc"), "");
    }
}
