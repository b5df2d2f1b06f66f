//! Draughts FEN as written: the side to move and the square tokens of each side's men and
//! kings (`W:W31-50:B1-20`, `B:WK15,22:B4`), ranges and the forms real files write included. What
//! the squares mean on a board is for the rules (`Position::from_fen`).

use std::fmt;

use crate::Colour;
use crate::push_token;
use crate::token::{SquareToken, parse_square_token};

/// One entry of a FEN piece list: a square or a numeric range, possibly kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FenItem {
    /// `K` prefix: the piece(s) are kings.
    pub king: bool,
    /// The square, or the first square of a range.
    pub square: SquareToken,
    /// Last square of a range (`31-50`), inclusive.
    pub range_end: Option<SquareToken>,
}

/// One colour block of a FEN (`W31-50` or `BK3,7`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FenGroup {
    /// `None` for the `?` colour (PDN 3.0 extension).
    pub colour: Option<Colour>,
    /// The pieces, in the order written (possibly none: `W:W31:B`).
    pub items: Vec<FenItem>,
}

/// A draughts FEN as written in a `FEN` tag or a `/FEN "..."/` setup: syntax only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen {
    /// Side to move; `None` for `?`.
    pub turn: Option<Colour>,
    /// Colour blocks, in the order written (either order is legal).
    pub groups: Vec<FenGroup>,
    /// Extra `:`-separated fields that are not colour blocks (lidraughts `H0`, `F1`, `+1+0`),
    /// kept verbatim.
    pub extras: Vec<String>,
    /// The FEN ended with a `.` (CheckerBoard/Aurora style).
    pub trailing_dot: bool,
}

/// Why a FEN could not be read, with the byte offset inside the FEN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// Byte offset in the FEN value where the problem was found.
    pub offset: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ParseFenError {}

impl Fen {
    /// Reads `turn (':' colour items?)* extras* '.'?`.
    ///
    /// Tolerated: spaces around items, a trailing `.`, empty colour blocks, lower-case colour
    /// letters, lidraughts' extra fields. Rejected: anything else, with the offset of the fault.
    pub fn parse(text: &str) -> Result<Fen, ParseFenError> {
        let fail = |offset: usize, message: String| Err(ParseFenError { offset, message });
        let trimmed_end = text.trim_end();
        let (body, trailing_dot) = match trimmed_end.strip_suffix('.') {
            Some(b) => (b, true),
            None => (trimmed_end, false),
        };
        let mut fields = split_with_offsets(body, b':');
        let (turn_off, turn_text) = fields.next().unwrap_or((0, ""));
        let turn = match trim(turn_text) {
            "W" | "w" => Some(Colour::White),
            "B" | "b" => Some(Colour::Black),
            "?" => None,
            other => {
                return fail(
                    turn_off,
                    format!("the side to move must be W, B or ?, found {other:?}"),
                );
            }
        };
        let mut fen = Fen {
            turn,
            // Two colour blocks, as nearly every FEN has.
            groups: Vec::with_capacity(2),
            extras: Vec::new(),
            trailing_dot,
        };
        for (off, field) in fields {
            let field_start = trim_start(field);
            let lead = field.len() - field_start.len();
            let field_trim = trim(field_start);
            let colour = match field_trim.as_bytes().first() {
                Some(b'?') => None,
                Some(&c) if Colour::from_letter(char::from(c)).is_some() => {
                    Colour::from_letter(char::from(c))
                }
                _ => {
                    if fen.groups.is_empty() && field_trim.is_empty() {
                        return fail(off, "empty field after the side to move".into());
                    }
                    fen.extras.push(field_trim.to_string());
                    continue;
                }
            };
            let items = parse_items(&field_trim[1..], off + lead + 1)?;
            fen.groups.push(FenGroup { colour, items });
        }
        Ok(fen)
    }

    /// True when some square in the FEN is alphanumeric.
    pub fn has_alg_squares(&self) -> bool {
        self.squares().any(SquareToken::is_alg)
    }

    /// True when some square in the FEN is numeric.
    pub fn has_numeric_squares(&self) -> bool {
        self.squares().any(|s| !s.is_alg())
    }

    fn squares(&self) -> impl Iterator<Item = SquareToken> + '_ {
        self.groups
            .iter()
            .flat_map(|g| g.items.iter())
            .flat_map(|i| std::iter::once(i.square).chain(i.range_end))
    }
}

impl fmt::Display for Fen {
    /// Writes the FEN in PDN 3.0 writing form (no spaces, no trailing dot; extras kept).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Built whole and written at once: the formatting machinery costs more per item.
        let items: usize = self.groups.iter().map(|g| g.items.len()).sum();
        let mut out = String::with_capacity(2 + 3 * self.groups.len() + 4 * items);
        out.push(match self.turn {
            Some(Colour::White) => 'W',
            Some(Colour::Black) => 'B',
            None => '?',
        });
        for g in &self.groups {
            out.push(':');
            out.push(g.colour.map_or('?', Colour::letter));
            for (i, item) in g.items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if item.king {
                    out.push('K');
                }
                push_token(&mut out, item.square);
                if let Some(end) = item.range_end {
                    out.push('-');
                    push_token(&mut out, end);
                }
            }
        }
        for e in &self.extras {
            out.push(':');
            out.push_str(e);
        }
        f.write_str(&out)
    }
}

/// Splits `s` at the ASCII byte `sep`, yielding each piece with its byte offset in `s` (as
/// `str::split` would, without its general pattern search: a FEN is read for every game).
fn split_with_offsets(s: &str, sep: u8) -> impl Iterator<Item = (usize, &str)> {
    let mut at = Some(0);
    std::iter::from_fn(move || {
        let start = at?;
        let rest = &s.as_bytes()[start..];
        // `sep` is ASCII, so every cut falls on a character boundary.
        let end = match rest.iter().position(|&c| c == sep) {
            Some(i) => {
                at = Some(start + i + 1);
                start + i
            }
            None => {
                at = None;
                s.len()
            }
        };
        Some((start, &s[start..end]))
    })
}

/// `str::trim`, answered at once when both ends are printable ASCII (no white space there).
fn trim(s: &str) -> &str {
    match s.as_bytes() {
        [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => s,
        [only] if only.is_ascii_graphic() => s,
        _ => s.trim(),
    }
}

/// `str::trim_start`, answered at once when the first byte is printable ASCII.
fn trim_start(s: &str) -> &str {
    match s.as_bytes().first() {
        Some(c) if c.is_ascii_graphic() => s,
        _ => s.trim_start(),
    }
}

fn parse_items(list: &str, base: usize) -> Result<Vec<FenItem>, ParseFenError> {
    if trim(list).is_empty() {
        return Ok(Vec::new());
    }
    let bytes = list.as_bytes();
    // Every item takes a square and a comma (or the end), two bytes at least.
    let mut items = Vec::with_capacity(bytes.len().div_ceil(2));
    let mut start = 0;
    loop {
        // Read in one pass: white space, the king mark, the square, and then the comma or the
        // end that close the item (the items real files write); anything else after the
        // square (a range, spaces, text) is read from the item's whole text.
        let raw_rest = &list[start..];
        let from = start + (raw_rest.len() - trim_start(raw_rest).len());
        let (king, at) = match bytes.get(from) {
            Some(b'K' | b'k') => (true, from + 1),
            _ => (false, from),
        };
        if let Some((square, used)) = crate::token::parse_square_bytes(&bytes[at..]) {
            let next = at + used;
            match bytes.get(next) {
                None | Some(b',') => {
                    items.push(FenItem {
                        king,
                        square,
                        range_end: None,
                    });
                    if next == bytes.len() {
                        return Ok(items);
                    }
                    start = next + 1;
                    continue;
                }
                _ => {}
            }
        }
        let end = bytes[start..]
            .iter()
            .position(|&c| c == b',')
            .map_or(bytes.len(), |i| start + i);
        items.push(parse_item(&list[start..end], base + start)?);
        if end == bytes.len() {
            return Ok(items);
        }
        start = end + 1;
    }
}

/// One item of a piece list, `raw` as written between its commas, `base` its offset in the
/// FEN: what `parse_items` reads when the item is more than a square and its king mark.
fn parse_item(raw: &str, base: usize) -> Result<FenItem, ParseFenError> {
    let raw_start = trim_start(raw);
    let at = base + (raw.len() - raw_start.len());
    let item = trim(raw_start);
    let fail = |message: String| ParseFenError {
        offset: at,
        message,
    };
    let (king, rest) = match item.as_bytes().first() {
        Some(b'K' | b'k') => (true, &item[1..]),
        _ => (false, item),
    };
    let (square, used) = parse_square_token(rest)
        .ok_or_else(|| fail(format!("expected a square, found {item:?}")))?;
    let tail = trim_start(&rest[used..]);
    let range_end = if tail.is_empty() {
        None
    } else if let Some(end_text) = tail.strip_prefix('-') {
        let end_text = trim(end_text);
        match parse_square_token(end_text) {
            Some((end, n)) if n == end_text.len() => Some(end),
            _ => return Err(fail(format!("bad range end in {item:?}"))),
        }
    } else {
        return Err(fail(format!(
            "unexpected text after the square in {item:?}"
        )));
    };
    Ok(FenItem {
        king,
        square,
        range_end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_numeric_with_ranges_and_kings() {
        let fen = Fen::parse("W:W31-50:B1-20").unwrap();
        assert_eq!(fen.turn, Some(Colour::White));
        assert_eq!(fen.groups.len(), 2);
        assert_eq!(
            fen.groups[0].items[0],
            FenItem {
                king: false,
                square: SquareToken::Num(31),
                range_end: Some(SquareToken::Num(50))
            }
        );
        let kings = Fen::parse("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").unwrap();
        assert_eq!(kings.turn, Some(Colour::Black));
        assert!(kings.groups[0].items[4].king);
        assert_eq!(kings.groups[1].items.len(), 6);
        assert_eq!(
            kings.to_string(),
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
        );
    }

    #[test]
    fn fen_tolerates_real_world_forms() {
        let dot = Fen::parse("W:W7,26,28:B8,14,17.").unwrap();
        assert!(dot.trailing_dot);
        assert_eq!(dot.to_string(), "W:W7,26,28:B8,14,17");
        let alg = Fen::parse("W:Wa3,c3,e3:Bb8,d8").unwrap();
        assert!(alg.has_alg_squares() && !alg.has_numeric_squares());
        let one_sided = Fen::parse("W:W31:B").unwrap();
        assert!(one_sided.groups[1].items.is_empty());
        assert_eq!(Fen::parse("W:W31").unwrap().groups.len(), 1);
        let unknown = Fen::parse("?:?31-35:W1").unwrap();
        assert_eq!(unknown.turn, None);
        assert_eq!(unknown.groups[0].colour, None);
        let lidraughts = Fen::parse("W:W31,32:B1,2:H0:F1").unwrap();
        assert_eq!(lidraughts.extras, vec!["H0".to_string(), "F1".to_string()]);
        let spaced = Fen::parse("W:W 31, 32 :B 1").unwrap();
        assert_eq!(spaced.groups[0].items.len(), 2);
        let swapped = Fen::parse("W:B12,13:W25,27").unwrap();
        assert_eq!(swapped.groups[0].colour, Some(Colour::Black));
    }

    #[test]
    fn the_quick_trims_agree_with_the_standard_ones() {
        let texts = [
            "",
            " ",
            "W",
            " W",
            "W ",
            " W ",
            "31-35",
            "\u{a0}31",
            "31\u{a0}",
            "\u{2003}K3 ",
            "\t\x0b31\x0c",
            "\x0b",
            "é",
            " é ",
            "a\u{3000}",
        ];
        for text in texts {
            assert_eq!(trim(text), text.trim(), "{text:?}");
            assert_eq!(trim_start(text), text.trim_start(), "{text:?}");
        }
    }

    #[test]
    fn white_space_of_any_kind_around_fields_and_items_is_tolerated() {
        // A no-break space (two bytes) and a vertical tab, as `str::trim` counts white space.
        let fen = Fen::parse("W:W\u{a0}31,\x0bK32 - 35\u{a0}:B 1").unwrap();
        assert_eq!(fen.to_string(), "W:W31,K32-35:B1");
        let e = Fen::parse("W:W\u{a0}31,\u{a0}3x").unwrap_err();
        // The fault's offset counts the bytes of the spaces before it.
        assert_eq!(e.offset, "W:W\u{a0}31,\u{a0}".len());
        let extras = Fen::parse("W:W31:\u{a0}H0 :B1").unwrap();
        assert_eq!(extras.extras, vec!["H0".to_string()]);
    }

    #[test]
    fn fen_errors_point_at_the_fault() {
        let e = Fen::parse("X:W31").unwrap_err();
        assert_eq!(e.offset, 0);
        let e = Fen::parse("W:W31,3x,33").unwrap_err();
        assert_eq!(e.offset, 6);
        assert!(Fen::parse("W:W31-").is_err());
        assert!(Fen::parse("W:WK").is_err());
    }

    /// Items closed by their comma right after the square and items with more to read (white
    /// space, a range, text) come out alike, and a fault names the item it is in.
    #[test]
    fn items_of_every_shape_are_read_alike() {
        let fen = Fen::parse("W:W31,K32 ,k3, 33 - 35,a3,K36").unwrap();
        let item = |king, square, range_end| FenItem {
            king,
            square,
            range_end,
        };
        let num = SquareToken::Num;
        assert_eq!(
            fen.groups[0].items,
            [
                item(false, num(31), None),
                item(true, num(32), None),
                item(true, num(3), None),
                item(false, num(33), Some(num(35))),
                item(false, SquareToken::Alg { file: 0, rank: 3 }, None),
                item(true, num(36), None),
            ]
        );
        let e = Fen::parse("W:W31,,32").unwrap_err();
        assert_eq!(
            (e.offset, e.message.as_str()),
            (6, "expected a square, found \"\"")
        );
        let e = Fen::parse("W:W31, 32x").unwrap_err();
        assert_eq!(
            (e.offset, e.message.as_str()),
            (7, "unexpected text after the square in \"32x\"")
        );
        let e = Fen::parse("W:W31,1234").unwrap_err();
        assert_eq!(e.offset, 6);
    }
}
