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
pub struct Position {
    /// Line in the file, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Where byte `offset` of `text` is, given that `text` starts at column 1 of line `first_line`.
///
/// An offset past the end is clamped to the end; an offset inside a multi-byte character counts
/// as that character.
pub fn locate(text: &str, first_line: u32, offset: usize) -> Position {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let (lines, line_start) = count_line_ends(&bytes[..offset]);
    let column = 1 + count_chars(&bytes[line_start..offset]);
    Position {
        line: first_line + lines,
        column: column as u32,
    }
}

/// The positions of many offsets of `text` at once, in input order: the same answers as
/// [`locate`] gives for each, in one pass over the text (a game with thousands of findings on
/// one long line must not cost thousands of passes).
pub fn locate_all(text: &str, first_line: u32, offsets: &[usize]) -> Vec<Position> {
    let bytes = text.as_bytes();
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut out = vec![
        Position {
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
        out[i] = Position {
            line: first_line + lines + extra_line,
            column: column as u32,
        };
    }
    out
}

/// Number of line ends in `bytes` (LF, CRLF and lone CR each count once) and the offset just
/// after the last one.
pub fn count_line_ends(bytes: &[u8]) -> (u32, usize) {
    // Most texts have no CR: then a count of LFs, which compiles to vector code, says it all.
    if memchr::memchr(b'\r', bytes).is_none() {
        let lines = memchr::memchr_iter(b'\n', bytes).count() as u32;
        let line_start = memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1);
        return (lines, line_start);
    }
    let mut lines = 0;
    let mut line_start = 0;
    for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        // A CR directly followed by LF is counted at the LF.
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            continue;
        }
        lines += 1;
        line_start = i + 1;
    }
    (lines, line_start)
}

/// Characters in a UTF-8 byte slice (continuation bytes are not counted).
fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lf_crlf_and_cr_each_end_one_line() {
        let text = "a\nb\r\nc\rd";
        assert_eq!(locate(text, 1, 0), Position { line: 1, column: 1 });
        assert_eq!(locate(text, 1, 2), Position { line: 2, column: 1 });
        assert_eq!(locate(text, 1, 5), Position { line: 3, column: 1 });
        assert_eq!(locate(text, 1, 7), Position { line: 4, column: 1 });
        // The CR of a CRLF still belongs to line 2.
        assert_eq!(locate(text, 1, 3), Position { line: 2, column: 2 });
    }

    #[test]
    fn columns_count_characters_and_tabs_as_one() {
        let text = "\tÉé x";
        assert_eq!(
            locate(text, 10, 6),
            Position {
                line: 10,
                column: 5
            }
        );
        assert_eq!(
            locate(text, 10, 1),
            Position {
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
        assert_eq!(locate("ab", 3, 99), Position { line: 3, column: 3 });
    }

    #[test]
    fn span_text_never_panics() {
        let s = Span::new(1, 2);
        assert_eq!(s.text("é"), "");
        assert_eq!(Span::new(0, 2).text("éa"), "é");
        assert_eq!(Span::new(5, 9).text("abc"), "");
    }
}
