//! Square tokens as they are written in PDN text, before any board gives them a meaning.
//!
//! A token is either numeric (`32`, `05`) or alphanumeric (`c3`, `j10`); in moves written in
//! Russian short notation (`cd4`) the moving piece is named by its file letter alone. Whether
//! the square exists, and which square it is, depends on the game's board and notation; that is
//! decided by `board::Notation`, never here.

use std::fmt;

/// A square as written: a number, or a file letter and a rank number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareToken {
    /// Numeric square, as written (leading zeros already dropped). May be out of range.
    Num(u16),
    /// Alphanumeric square: `file` counts from 0 (`a` = 0, up to `l` = 11), `rank` from 1.
    Alg {
        /// Column letter, `a` = 0.
        file: u8,
        /// Row number as written, 1-based.
        rank: u8,
    },
    /// A file letter alone (`c` of the Russian short move `cd4`): the moving piece stands on
    /// that file; which of its squares is for the legal moves to tell. Names no square.
    File(u8),
}

impl SquareToken {
    /// True for the alphanumeric form (`c3`).
    pub fn is_alg(self) -> bool {
        matches!(self, SquareToken::Alg { .. })
    }
}

impl fmt::Display for SquareToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Spelled out on the stack: the formatting machinery costs more than the token.
        let mut text = [0u8; 8];
        let len = match *self {
            SquareToken::Num(n) => put_number(&mut text, 0, n),
            SquareToken::Alg { file, rank } => {
                text[0] = b'a' + file;
                put_number(&mut text, 1, u16::from(rank))
            }
            SquareToken::File(file) => {
                text[0] = b'a' + file;
                1
            }
        };
        f.write_str(std::str::from_utf8(&text[..len]).map_err(|_| fmt::Error)?)
    }
}

/// Writes `n` in decimal into `text` from `at`; the index after its last digit.
fn put_number(text: &mut [u8; 8], at: usize, n: u16) -> usize {
    let digits = match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        _ => 5,
    };
    let mut n = n;
    for d in text[at..at + digits].iter_mut().rev() {
        *d = b'0' + (n % 10) as u8;
        n /= 10;
    }
    at + digits
}

/// Largest numeric square we accept as a token (12x12 has 72 playable squares; anything with
/// more than three digits is not a square).
const MAX_NUMERIC_DIGITS: usize = 3;

/// Reads one square token at the start of `s`; returns it and the number of bytes it used.
///
/// Numeric squares are 1 to 3 digits (leading zeros allowed, `0` itself is not a square);
/// alphanumeric squares are a lower-case letter `a`–`l` followed by 1 or 2 digits.
/// Upper-case letters are never squares (`K` is the FEN king prefix).
pub fn parse_square_token(s: &str) -> Option<(SquareToken, usize)> {
    parse_square_bytes(s.as_bytes())
}

/// [`parse_square_token`] over bytes, for scanners that work before decoding.
#[inline]
pub fn parse_square_bytes(b: &[u8]) -> Option<(SquareToken, usize)> {
    // Runs for every square of every move (twice: splitter-side lexing and replay), so the
    // digits are read in one pass instead of counted, then re-read for their value.
    match *b.first()? {
        b'0'..=b'9' => {
            let (n, len) = leading_digits(b, MAX_NUMERIC_DIGITS)?;
            (n > 0).then_some((SquareToken::Num(n), len))
        }
        c @ b'a'..=b'l' => {
            let (rank, digits) = leading_digits(&b[1..], 2)?;
            (digits > 0 && rank > 0).then_some((
                SquareToken::Alg {
                    file: c - b'a',
                    rank: rank as u8,
                },
                1 + digits,
            ))
        }
        _ => None,
    }
}

/// The value and count of the ASCII digits at the start of `b`; `None` when there are more
/// than `max` (at most 3, so the value fits).
#[inline]
fn leading_digits(b: &[u8], max: usize) -> Option<(u16, usize)> {
    let mut n = 0u16;
    let mut len = 0;
    while let Some(&d) = b.get(len)
        && d.is_ascii_digit()
    {
        if len == max {
            return None;
        }
        n = n * 10 + u16::from(d - b'0');
        len += 1;
    }
    Some((n, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_tokens_keep_their_value_and_length() {
        assert_eq!(parse_square_token("32-28"), Some((SquareToken::Num(32), 2)));
        assert_eq!(parse_square_token("05x"), Some((SquareToken::Num(5), 2)));
        assert_eq!(parse_square_token("0"), None);
        assert_eq!(parse_square_token("1234"), None);
    }

    #[test]
    fn algebraic_tokens_are_lower_case_letter_then_rank() {
        assert_eq!(
            parse_square_token("c3:e5"),
            Some((SquareToken::Alg { file: 2, rank: 3 }, 2))
        );
        assert_eq!(
            parse_square_token("j10"),
            Some((SquareToken::Alg { file: 9, rank: 10 }, 3))
        );
        assert_eq!(parse_square_token("K15"), None);
        assert_eq!(parse_square_token("C3"), None);
        assert_eq!(parse_square_token("m3"), None);
        assert_eq!(parse_square_token("c"), None);
    }

    #[test]
    fn display_writes_the_canonical_form() {
        for n in [1, 9, 10, 99, 100, 999, 1000, 9999, 10000, u16::MAX] {
            assert_eq!(SquareToken::Num(n).to_string(), n.to_string());
        }
        for rank in [1, 9, 10, 99, 100, u8::MAX] {
            let alg = SquareToken::Alg { file: 11, rank };
            assert_eq!(alg.to_string(), format!("l{rank}"));
        }
        assert_eq!(SquareToken::Num(7).to_string(), "7");
        assert_eq!(SquareToken::Alg { file: 0, rank: 1 }.to_string(), "a1");
        assert_eq!(SquareToken::File(2).to_string(), "c");
    }
}
