//! Places in a document: byte offsets (what the library's spans are) and the protocol's
//! positions (a line and a column counted in UTF-16 code units, or in bytes when the client
//! agrees to UTF-8). Lines end at LF, CRLF or a lone CR, as the protocol and the library's
//! line numbers both count them.

use lsp_types::{Position, Range};

/// How columns are counted, as agreed with the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Columns {
    /// UTF-16 code units (the protocol's default).
    Utf16,
    /// Bytes of UTF-8.
    Utf8,
}

/// The byte offset where each line of a text starts.
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The lines of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        push_starts(text.as_bytes(), 0, text.len(), &mut starts);
        LineIndex { starts }
    }

    /// Brings the index up to date after the bytes `start..old_end` of the text were replaced
    /// by `inserted` bytes (`text` is the new text). Only the lines around the change are
    /// looked at again; those after it move by the change in length.
    pub fn edit(&mut self, text: &str, start: usize, old_end: usize, inserted: usize) {
        let new_end = start + inserted;
        // A line start depends on the two bytes before it (CRLF is one line end): redo from
        // the line before the change to the first start past it by two bytes.
        let first = self.line_of(start).saturating_sub(1);
        let from = self.starts[first];
        let keep_from = self.starts.partition_point(|&s| s <= old_end + 1);
        let shift = |s: usize| s - old_end + new_end;
        let until = self.starts.get(keep_from).map_or(text.len(), |&s| shift(s));
        let mut fresh = Vec::new();
        push_starts(text.as_bytes(), from, until, &mut fresh);
        // A start at `until` itself is the kept one.
        fresh.retain(|&s| s < until || keep_from == self.starts.len());
        let tail: Vec<usize> = self.starts[keep_from..].iter().map(|&s| shift(s)).collect();
        self.starts.truncate(first + 1);
        self.starts.extend(fresh.into_iter().filter(|&s| s > from));
        self.starts.extend(tail.into_iter().filter(|&s| s > from));
        self.starts.dedup();
    }

    /// The line (from 0) holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// Byte offset where line `line` starts (the end of the text past the last line).
    pub fn line_start(&self, line: usize, text: &str) -> usize {
        self.starts.get(line).copied().unwrap_or(text.len())
    }

    /// The protocol's position of byte `offset` of `text`.
    pub fn position(&self, text: &str, offset: usize, columns: Columns) -> Position {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.starts[line];
        let character = match columns {
            Columns::Utf8 => offset - start,
            Columns::Utf16 => text[start..offset].chars().map(char::len_utf16).sum(),
        };
        Position::new(line as u32, character as u32)
    }

    /// The range of bytes `start..end` of `text`.
    pub fn range(&self, text: &str, start: usize, end: usize, columns: Columns) -> Range {
        Range::new(
            self.position(text, start, columns),
            self.position(text, end.max(start), columns),
        )
    }

    /// The byte offset of `position` in `text`; a column past the end of its line means the
    /// line's end, a line past the last means the end of the text.
    pub fn offset(&self, text: &str, position: Position, columns: Columns) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return text.len();
        };
        let end = self.line_start(line + 1, text);
        let content = text[start..end].trim_end_matches(['\r', '\n']);
        let wanted = position.character as usize;
        match columns {
            Columns::Utf8 => start + floor_char_boundary(content, wanted.min(content.len())),
            Columns::Utf16 => {
                let mut units = 0;
                for (i, c) in content.char_indices() {
                    if units >= wanted {
                        return start + i;
                    }
                    units += c.len_utf16();
                }
                start + content.len()
            }
        }
    }
}

/// Pushes the line starts inside `from..until` of `bytes` (a start is the byte after a line
/// end; a CR followed by LF ends its line at the LF).
fn push_starts(bytes: &[u8], from: usize, until: usize, out: &mut Vec<usize>) {
    let mut at = from;
    while let Some(i) = memchr::memchr2(b'\n', b'\r', &bytes[at..until.min(bytes.len())]) {
        let i = at + i;
        let crlf = bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n');
        if !crlf {
            out.push(i + 1);
        }
        at = i + 1;
        if at >= until {
            break;
        }
    }
}

/// The largest char boundary of `text` at or before `offset`.
pub fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The bytes `start..end` of `old` that `new` replaces, and what with: all but the ends the
/// two texts share. The shared start is shortened while `back_start(cut)` says a cut there
/// falls where it must not, then the shared end while `back_end(cut)` does (`cut` is an
/// offset of `old`).
pub fn changed_between<'n>(
    old: &str,
    new: &'n str,
    back_start: impl Fn(usize) -> bool,
    back_end: impl Fn(usize) -> bool,
) -> (usize, usize, &'n str) {
    let mut prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while prefix > 0 && back_start(prefix) {
        prefix -= 1;
    }
    let most = old.len().min(new.len()) - prefix;
    let mut suffix = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    while suffix > 0 && back_end(old.len() - suffix) {
        suffix -= 1;
    }
    (prefix, old.len() - suffix, &new[prefix..new.len() - suffix])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_or_bytes() {
        let text = "[White \"Ł😀\"]\r\n1. 32-28 *\rx\n";
        let index = LineIndex::new(text);
        assert_eq!(index.starts.len(), 4);
        let star = text.find('*').unwrap();
        assert_eq!(
            index.position(text, star, Columns::Utf16),
            Position::new(1, 9)
        );
        let quote = text.rfind('"').unwrap();
        assert_eq!(
            index.position(text, quote, Columns::Utf16),
            Position::new(0, 11)
        );
        assert_eq!(
            index.position(text, quote, Columns::Utf8),
            Position::new(0, 14)
        );
        for columns in [Columns::Utf8, Columns::Utf16] {
            for (offset, _) in text.char_indices() {
                let p = index.position(text, offset, columns);
                if text[offset..].starts_with('\n') && text[..offset].ends_with('\r') {
                    continue; // inside a CRLF: the position of its CR
                }
                assert_eq!(index.offset(text, p, columns), offset, "{p:?}");
            }
        }
    }

    #[test]
    fn edits_keep_the_index_equal_to_a_fresh_one() {
        let mut text = String::from("a\nb\r\nc\rd\n\ne");
        let mut index = LineIndex::new(&text);
        let edits: [(usize, usize, &str); 8] = [
            (1, 1, "\r"),
            (0, 0, "x\r\n"),
            (3, 6, ""),
            (2, 2, "\n\r"),
            (5, 9, "yy\r"),
            (0, 3, ""),
            (4, 4, "\r\n\r\n"),
            (1, 5, "z"),
        ];
        for (start, end, new) in edits {
            let (start, end) = (start.min(text.len()), end.min(text.len()));
            text.replace_range(start..end, new);
            index.edit(&text, start, end, new.len());
            assert_eq!(index.starts, LineIndex::new(&text).starts, "{text:?}");
        }
    }
}
