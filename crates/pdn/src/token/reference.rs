//! The hand-written recognisers the tokenizer replaced, kept as the simple reference the tests
//! hold the table-driven scanner to (as csv-core keeps an NFA beside its DFA).

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::digit1;
use nom::combinator::recognize;
use nom::{IResult, Parser};

use draughts::SquareToken;

use crate::lex::{MoveForm, MoveScan, Separator, is_delimiter, parse_move_square_bytes};
use crate::tags::RESULT_TOKENS;

type BResult<'a, T> = IResult<&'a [u8], T>;

/// A result token at the start of `b` (`1-0`, `1/2-1/2`, `*`, `½-½`...), delimited, or
/// followed directly by the next game's first move number ([`starts_first_move`]).
#[inline]
pub fn result_len(b: &[u8]) -> Option<usize> {
    // Only these starts may be results: most words are rejected here, inlined.
    let maybe = matches!(
        b,
        [b'*', ..]
            | [b'0'..=b'2', b'-', ..]
            | [b'0' | b'1', b':', ..]
            | [b'1', b'/', ..]
            | [b'0', b'.', ..]
            | [0xC2, 0xBD, ..]
    );
    if !maybe {
        return None;
    }
    result_len_slow(b)
}

/// [`result_len`] for a word that may be a result.
#[inline(never)]
fn result_len_slow(b: &[u8]) -> Option<usize> {
    // This runs for every word of every game: decide on the first two bytes before comparing
    // with the token list.
    let len = match (*b.first()?, b.get(1)) {
        (b'*', _) => 1,
        // Moves and move numbers starting with 1 or 2: rejected on their first two bytes.
        (b'0'..=b'2', Some(b'0'..=b'9')) => return None,
        (b'0'..=b'2', Some(b'-')) => {
            let pair = (b[0], *b.get(2)?);
            let known = matches!(
                pair,
                (b'2', b'0')
                    | (b'0', b'2')
                    | (b'1', b'1')
                    | (b'1', b'0')
                    | (b'0', b'1')
                    | (b'0', b'0')
            );
            if !known {
                return None;
            }
            3
        }
        // The Russian `1:0` and `0:1`.
        (b'0' | b'1', Some(b':')) => {
            if !matches!((b[0], *b.get(2)?), (b'1', b'0') | (b'0', b'1')) {
                return None;
            }
            3
        }
        // The longer tokens `1/2-1/2`, `0.5-0.5`, `½-½`, `½–½` (`½` is C2 BD).
        (b'0' | b'1', Some(b'/' | b'.')) | (0xC2, Some(0xBD)) => RESULT_TOKENS
            .iter()
            .map(|t| t.as_bytes())
            .find(|t| t.len() > 3 && b.starts_with(t))?
            .len(),
        _ => return None,
    };
    (is_delimiter(&b[len..]) || starts_first_move(&b[len..])).then_some(len)
}

/// Whether `b` starts with the move number 1 (`1.`, zero-padded `01.`, `001.`, any number of
/// dots): after a result with no space between (`1-101.32-28`, as engine logs write), where
/// the next game starts.
pub fn starts_first_move(b: &[u8]) -> bool {
    let zeros = b.iter().take_while(|&&c| c == b'0').count();
    b.get(zeros) == Some(&b'1') && b.get(zeros + 1) == Some(&b'.')
}

/// A move number `12.` or `12...` (any number of dots): the number, the dot count and the length.
/// The dots need no delimiter after them (`1.32-28`).
pub fn move_number(b: &[u8]) -> Option<(u32, u8, usize)> {
    // One pass over the digits (this runs for every word starting with a digit).
    let mut number = Some(0u32);
    let mut digits = 0;
    while let Some(&d) = b.get(digits)
        && d.is_ascii_digit()
    {
        number = number.and_then(|n| n.checked_mul(10)?.checked_add(u32::from(d - b'0')));
        digits += 1;
    }
    if digits == 0 || b.get(digits) != Some(&b'.') {
        return None;
    }
    let dots = b[digits..].iter().take_while(|&&c| c == b'.').count();
    let dot_count = u8::try_from(dots).unwrap_or(u8::MAX);
    Some((number?, dot_count, digits + dots))
}

fn separator(b: &[u8]) -> BResult<'_, Separator> {
    alt((
        tag(&b"-"[..]).map(|_| Separator::Dash),
        tag(&b"x"[..]).map(|_| Separator::Cross),
        tag(&b"X"[..]).map(|_| Separator::Cross),
        tag(&b":"[..]).map(|_| Separator::Colon),
        tag("\u{2013}".as_bytes()).map(|_| Separator::Dash),
        tag("\u{2011}".as_bytes()).map(|_| Separator::Dash),
    ))
    .parse(b)
}

fn blanks(b: &[u8]) -> BResult<'_, &[u8]> {
    take_while(|c| c == b' ' || c == b'\t').parse(b)
}

fn square(b: &[u8]) -> BResult<'_, SquareToken> {
    match parse_move_square_bytes(b) {
        Some((sq, n)) => Ok((&b[n..], sq)),
        None => Err(nom::Err::Error(nom::error::Error::new(
            b,
            nom::error::ErrorKind::Digit,
        ))),
    }
}

/// One step of a move after its first square: a separator (spaces allowed around it, as in the
/// fixed-width `1- 7`) and a square; or, between two alphanumeric squares, no separator.
/// Returns the separator, the square and the bytes used.
// Always inlined: `scan_move` runs it for every square of every move.
#[inline(always)]
pub fn move_step(b: &[u8], previous: SquareToken) -> Option<(Separator, SquareToken, usize)> {
    // Fast path for the usual `-28`, `x19`, `:e5`, kept small so that it inlines.
    let quick = match b.first() {
        Some(b'-') => Some(Separator::Dash),
        Some(b'x' | b'X') => Some(Separator::Cross),
        Some(b':') => Some(Separator::Colon),
        _ => None,
    };
    if let Some(sep) = quick
        && let Some((sq, n)) = parse_move_square_bytes(&b[1..])
    {
        return Some((sep, sq, 1 + n));
    }
    // The usual end of a numeric move (a space and the next word, a line end, a bracket): no
    // general step can start here, as `general_step` would find.
    let after_blank = match b {
        [b' ' | b'\t', next, ..] => *next,
        [first, ..] => *first,
        [] => return None,
    };
    if !previous.is_alg() && !matches!(after_blank, b' ' | b'\t' | 0xE2 | b'-' | b'x' | b'X' | b':')
    {
        return None;
    }
    general_step(b, previous)
}

/// [`move_step`] past its fast path.
#[inline(never)]
fn general_step(b: &[u8], previous: SquareToken) -> Option<(Separator, SquareToken, usize)> {
    // The general form (spaces around the separator, Unicode dashes) only when it can apply.
    let blank = |c: &&u8| **c == b' ' || **c == b'\t';
    let general = match b.first() {
        Some(b' ' | b'\t') => matches!(
            b.iter().find(|c| !blank(c)),
            Some(b'-' | b'x' | b'X' | b':' | 0xE2)
        ),
        Some(0xE2) => true,
        Some(b'-' | b'x' | b'X' | b':') => b.get(1).is_some_and(|c| blank(&c)),
        _ => false,
    };
    if !general {
        return alg_step(b, previous);
    }
    let with_sep: BResult<(_, _, _, _)> = (blanks, separator, blanks, square).parse(b);
    if let Ok((rest, (_, sep, _, sq))) = with_sep {
        return Some((sep, sq, b.len() - rest.len()));
    }
    alg_step(b, previous)
}

/// Between two alphanumeric squares the separator may be left out (`a3b4`).
fn alg_step(b: &[u8], previous: SquareToken) -> Option<(Separator, SquareToken, usize)> {
    if previous.is_alg()
        && let Some((sq @ SquareToken::Alg { .. }, n)) = parse_move_square_bytes(b)
    {
        return Some((Separator::None, sq, n));
    }
    None
}

/// A move at the start of `b`: at least two squares joined by separators (`32-28`, `28x19x10`,
/// `c3:e5`, `a3b4`, `1- 7`, also with upper-case letters `E3-D4`), four digits (`3228`) when
/// delimited, or a file letter and a square (`cd4`, Russian short notation) when delimited or
/// followed by a strength mark. Not checked for a delimiter after it: the caller decides what
/// glued text means.
pub fn scan_move(b: &[u8]) -> Option<MoveScan> {
    let Some((mut prev, mut pos)) = parse_move_square_bytes(b) else {
        return run_together(b).or_else(|| file_and_target(b));
    };
    let mut squares = 1u8;
    while let Some((_, sq, used)) = move_step(&b[pos..], prev) {
        prev = sq;
        pos += used;
        squares = squares.saturating_add(1);
    }
    // Upper-case letters are read as squares only in moves of letters alone (`E3-D4`), not
    // beside numbers (`K33-29` is a king mark, not a square).
    let upper = || b[..pos].iter().any(|c| (b'A'..=b'L').contains(c));
    // A number that starts a square: a digit after no file letter and no digit.
    let numeric = || {
        b[..pos].iter().enumerate().any(|(i, c)| {
            c.is_ascii_digit()
                && (i == 0
                    || !(b[i - 1].is_ascii_digit()
                        || matches!(b[i - 1].to_ascii_lowercase(), b'a'..=b'l')))
        })
    };
    if squares >= 2 && !(upper() && numeric()) {
        return Some(MoveScan {
            len: pos,
            squares,
            form: MoveForm::Squares,
        });
    }
    run_together(b)
}

/// PDN 1.0's `3228`: exactly four digits, two squares of two digits each, delimited.
fn run_together(b: &[u8]) -> Option<MoveScan> {
    let four = b.get(..4)?;
    let ok = four.iter().all(u8::is_ascii_digit)
        && is_delimiter(&b[4..])
        && four[0] != b'0'
        && four[2] != b'0';
    ok.then_some(MoveScan {
        len: 4,
        squares: 2,
        form: MoveForm::RunTogether,
    })
}

/// Russian short notation `cd4`: a lower-case file letter, then a lower-case square, delimited
/// or followed by a strength mark (`cd4!`).
fn file_and_target(b: &[u8]) -> Option<MoveScan> {
    if !matches!(b, [b'a'..=b'l', b'a'..=b'l', ..]) {
        return None;
    }
    let (_, n) = parse_move_square_bytes(&b[1..])?;
    let len = 1 + n;
    let ends = is_delimiter(&b[len..]) || matches!(b.get(len), Some(b'!' | b'?'));
    ends.then_some(MoveScan {
        len,
        squares: 2,
        form: MoveForm::FileAndTarget,
    })
}

/// A move strength mark glued to a move: `!`, `?!`, `(?)`, `(!?!!!)`, or the star `*`.
#[inline]
pub fn strength_len(b: &[u8]) -> usize {
    if !matches!(b.first(), Some(b'!' | b'?' | b'(' | b'*')) {
        return 0;
    }
    marked_strength_len(b)
}

/// [`strength_len`] after a first byte that may start a mark.
#[inline(never)]
fn marked_strength_len(b: &[u8]) -> usize {
    let marks = |c: u8| c == b'!' || c == b'?';
    let plain: BResult<&[u8]> = take_while1(marks).parse(b);
    if let Ok((_, m)) = plain {
        return m.len();
    }
    let paren: BResult<&[u8]> =
        recognize((tag(&b"("[..]), take_while1(marks), tag(&b")"[..]))).parse(b);
    if let Ok((_, m)) = paren {
        return m.len();
    }
    usize::from(b.first() == Some(&b'*'))
}

/// A NAG `$12`: its value and length.
pub fn nag(b: &[u8]) -> Option<(u16, usize)> {
    let res: BResult<&[u8]> = recognize((tag(&b"$"[..]), digit1)).parse(b);
    let (_, all) = res.ok()?;
    let value = std::str::from_utf8(&all[1..]).ok()?.parse().ok()?;
    Some((value, all.len()))
}
