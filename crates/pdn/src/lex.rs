//! Byte-level recognisers for the PDN tokens that decide game structure: moves, move numbers,
//! results, delimiters; the words themselves are read by the one tokenizer (`token`), and
//! here it is decided which token a word is and what must follow it. They are shared by the splitter (which runs on undecoded bytes) and the
//! parser (which runs on the decoded text), so both agree on what a move or a terminator is.
//!
//! Every recogniser looks at the start of a byte slice and returns how many bytes the token
//! uses; none allocates. Tokens are ASCII except the `½-½` result and Unicode dashes, which are
//! consumed as whole UTF-8 sequences, so a token always ends on a character boundary.

use nom::bytes::complete::{tag, take_while, take_while1};
use nom::combinator::recognize;
use nom::{IResult, Parser};

use draughts::{SquareToken, parse_square_bytes};

use super::token::{self, Word};

/// A square of a move at the start of `b`: a square token, also with an upper-case file
/// letter (`E3-D4`, as some exporters write moves), read as its lower case.
#[inline]
pub fn parse_move_square_bytes(b: &[u8]) -> Option<(SquareToken, usize)> {
    match b {
        [c @ b'A'..=b'L', rest @ ..] => {
            // The letter and the two digits a rank may have, the letter lowered.
            let mut lowered = [c.to_ascii_lowercase(), 0, 0, 0];
            let n = rest.len().min(3);
            lowered[1..=n].copy_from_slice(&rest[..n]);
            parse_square_bytes(&lowered[..=n])
        }
        _ => parse_square_bytes(b),
    }
}

/// How two squares of a move are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Separator {
    /// `-` (also the Unicode dashes U+2011 and U+2013).
    Dash,
    /// `x` or `X`.
    Cross,
    /// `:`.
    Colon,
    /// Nothing (`a3b4`, or PDN 1.0's `3228`).
    None,
}

impl Separator {
    /// The separator as written by the writer (`""` for none).
    pub fn as_str(self) -> &'static str {
        match self {
            Separator::Dash => "-",
            Separator::Cross => "x",
            Separator::Colon => ":",
            Separator::None => "",
        }
    }
}

type BResult<'a, T> = IResult<&'a [u8], T>;

/// Byte classes of the hot scanning loops, as bit flags in one table: a lookup instead of a
/// chain of comparisons per byte.
const JUNK_END: u8 = 1;
/// Ends a word for [`ends_word`].
const WORD_END: u8 = 2;
/// Delimits a token for [`is_delimiter`] (a `\\` only when a literal escape follows).
const DELIMITER: u8 = 4;
/// May end a tag or its quoted value, for [`tag_extent`].
const TAG_STOP: u8 = 8;

const BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let junk_end =
            c.is_ascii_whitespace() || matches!(c, b'{' | b'}' | b'(' | b')' | b'[' | b']');
        if junk_end {
            table[i] = JUNK_END | WORD_END | DELIMITER;
        }
        if c == b';' {
            table[i] = WORD_END | DELIMITER;
        }
        if c == b'\\' {
            table[i] = WORD_END;
        }
        if c == b'$' {
            table[i] = DELIMITER;
        }
        if matches!(c, b'"' | b'\\' | b']' | b'[' | b'\n' | b'\r') {
            table[i] |= TAG_STOP;
        }
        i += 1;
    }
    table
};

fn has_class(c: u8, class: u8) -> bool {
    BYTE_CLASS[usize::from(c)] & class != 0
}

/// True when a token may end before `rest`: end of input, white space, a bracket, brace,
/// parenthesis, `;`, `$`, or a literal two-character `\r`.
#[inline]
pub fn is_delimiter(rest: &[u8]) -> bool {
    match rest.first() {
        None => true,
        Some(&c) => has_class(c, DELIMITER) || literal_escape_len(rest) > 0,
    }
}

/// True for the bytes that end a junk word: white space and brackets of any kind.
#[inline]
pub fn ends_junk(c: u8) -> bool {
    has_class(c, JUNK_END)
}

/// Length of a literal `\r` or `\n` written as two characters (seen after tag lines of some
/// hand-merged exports), or 0.
pub fn literal_escape_len(b: &[u8]) -> usize {
    match b {
        [b'\\', b'r' | b'n', ..] => 2,
        _ => 0,
    }
}

/// Length of a junk word: up to white space or a bracket; at least one byte.
pub fn junk_len(b: &[u8]) -> usize {
    let mut n = b.iter().position(|&c| ends_junk(c)).unwrap_or(b.len());
    // Stop before a literal `\r` so it is skipped as white space, but never return 0.
    if let Some(p) = b[..n].windows(2).position(|w| w == b"\\r" || w == b"\\n") {
        n = p;
    }
    n.max(1).min(b.len())
}

/// A result token at the start of `b` (`1-0`, `1/2-1/2`, `*`, `½-½`...), delimited, or
/// followed directly by the next game's first move number ([`starts_first_move`]).
#[inline]
pub fn result_len(b: &[u8]) -> Option<usize> {
    let len = token::result_len(b)?;
    (is_delimiter(&b[len..]) || starts_first_move(&b[len..])).then_some(len)
}

/// Whether `b` starts with the move number 1 (`1.`, zero-padded `01.`, `001.`, any number of
/// dots): after a result with no space between (`1-101.32-28`, as engine logs write), where
/// the next game starts.
pub fn starts_first_move(b: &[u8]) -> bool {
    let zeros = b.iter().take_while(|&&c| c == b'0').count();
    b.get(zeros) == Some(&b'1') && b.get(zeros + 1) == Some(&b'.')
}

/// The blanks that may come before a line's first word (space, tab, form feed): a line
/// starts with its first word after them.
pub fn leading_blanks(b: &[u8]) -> usize {
    b.iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t' | 0x0C))
        .count()
}

/// Whether `b`, the first word of a line, is the move number 1 of a white move (`1.`, `01.`;
/// not `1...`): in a game without terminator, such a line starts the next game, as in opening
/// books written one line per opening.
pub fn restarts_numbering(b: &[u8]) -> bool {
    let zeros = b.iter().take_while(|&&c| c == b'0').count();
    starts_first_move(b) && b.get(zeros + 2) != Some(&b'.')
}

/// True for the bytes that end a word for a scanner that only looks for terminators: white
/// space, a bracket, brace, parenthesis, `;`, or the `\\` of a literal `\r`.
#[inline]
pub fn ends_word(c: u8) -> bool {
    has_class(c, WORD_END)
}

/// A move number `12.` or `12...` (any number of dots): the number, the dot count and the length.
/// The dots need no delimiter after them (`1.32-28`).
pub fn move_number(b: &[u8]) -> Option<(u32, u8, usize)> {
    number_of(b, &token::scan(b))
}

/// The move number of the word `b` scanned as `word`.
pub fn number_of(b: &[u8], word: &Word) -> Option<(u32, u8, usize)> {
    let len = word.number;
    if len == 0 {
        return None;
    }
    let digits = b[..len].iter().take_while(|c| c.is_ascii_digit()).count();
    let number = b[..digits].iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    })?;
    let dots = u8::try_from(len - digits).unwrap_or(u8::MAX);
    Some((number, dots, len))
}

/// How a move is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveForm {
    /// Squares joined by separators (`32-28`, `28x19x10`, `c3:e5`, `a3b4`, `E3-D4`).
    Squares,
    /// PDN 1.0's four digits without separator (`3228`).
    RunTogether,
    /// Russian short notation: the file of the moving piece, then the target square (`cd4`).
    FileAndTarget,
}

/// What [`scan_move`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScan {
    /// Bytes of the move itself (squares and separators, no strength mark).
    pub len: usize,
    /// Number of square tokens (a file letter counts as one).
    pub squares: u8,
    /// How the move is written.
    pub form: MoveForm,
}

/// A move at the start of `b`: at least two squares joined by separators (`32-28`, `28x19x10`,
/// `c3:e5`, `a3b4`, `1- 7`, also with upper-case letters `E3-D4`), four digits (`3228`) when
/// delimited, or a file letter and a square (`cd4`, Russian short notation) when delimited or
/// followed by a strength mark. Not checked for a delimiter after it: the caller decides what
/// glued text means.
pub fn scan_move(b: &[u8]) -> Option<MoveScan> {
    move_of(b, &token::scan(b))
}

/// The move of the word `b` scanned as `word`.
pub fn move_of(b: &[u8], word: &Word) -> Option<MoveScan> {
    // Upper-case letters are read as squares only in moves of letters alone (`E3-D4`), not
    // beside numbers (`K33-29` is a king mark, not a square).
    if word.moves > 0 && !(word.upper && word.numeric) {
        return Some(MoveScan {
            len: word.moves,
            squares: word.squares,
            form: MoveForm::Squares,
        });
    }
    run_together(b).or_else(|| file_and_target(b, word))
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
fn file_and_target(b: &[u8], word: &Word) -> Option<MoveScan> {
    let len = word.short;
    let ends = len > 0 && (is_delimiter(&b[len..]) || matches!(b.get(len), Some(b'!' | b'?')));
    ends.then_some(MoveScan {
        len,
        squares: 2,
        form: MoveForm::FileAndTarget,
    })
}

/// True when a word the reader could not take as a move still looks like one: a move of
/// squares starts inside it, not in the middle of a number (`K32-28`, `W:c3-d4`), or it
/// starts like a Russian short move (`cd4+`). Such words make a game's moves uncertain.
pub fn looks_like_move(word: &[u8]) -> bool {
    if matches!(word, [b'a'..=b'l', b'a'..=b'l', b'1'..=b'9', ..]) {
        return true;
    }
    (0..word.len()).any(|i| {
        let starts = i == 0 || !word[i - 1].is_ascii_digit();
        starts
            && word[i].is_ascii_alphanumeric()
            && scan_move(&word[i..]).is_some_and(|m| m.form == MoveForm::Squares)
    })
}

/// A move strength mark glued to a move: `!`, `?!`, `(?)`, `(!?!!!)`, or the star `*`.
#[inline]
pub fn strength_len(b: &[u8]) -> usize {
    match b.first() {
        Some(b'!' | b'?' | b'(') => token::scan(b).marks,
        Some(b'*') => 1,
        _ => 0,
    }
}

/// A NAG `$12`: its value and length.
pub fn nag(b: &[u8]) -> Option<(u16, usize)> {
    let len = token::scan(b).nag;
    let value = std::str::from_utf8(b.get(1..len)?).ok()?.parse().ok()?;
    Some((value, len))
}

/// The unknown move `- -` (also `--`): its length.
pub fn unknown_move_len(b: &[u8]) -> Option<usize> {
    let res: BResult<&[u8]> = recognize((
        tag(&b"-"[..]),
        take_while(|c| c == b' ' || c == b'\t'),
        tag(&b"-"[..]),
    ))
    .parse(b);
    let (rest, m) = res.ok()?;
    is_delimiter(rest).then_some(m.len())
}

/// An ellipsis `...` (or `..`, `…`) standing alone: its length.
pub fn ellipsis_len(b: &[u8]) -> Option<usize> {
    let dots = b.iter().take_while(|&&c| c == b'.').count();
    if dots >= 2 && is_delimiter(&b[dots..]) {
        return Some(dots);
    }
    let ell = "\u{2026}".as_bytes();
    (b.starts_with(ell) && is_delimiter(&b[ell.len()..])).then_some(ell.len())
}

/// How the splitter sees a word of movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordClass {
    /// A result or a free-standing `*`.
    Terminator,
    /// A move number or a move: after a terminator it starts a new game.
    MoveStart,
    /// Another movetext token (NAG, ellipsis, setup).
    Movetext,
    /// Anything else.
    Junk,
}

/// Classifies the word at the start of `b` (which starts with no white space or bracket) and
/// returns its length as the parser would consume it.
pub fn classify_word(b: &[u8]) -> (WordClass, usize) {
    if let Some(n) = result_len(b) {
        return (WordClass::Terminator, n);
    }
    match b[0] {
        b'0'..=b'9' | b'a'..=b'l' | b'A'..=b'L' => {
            let word = token::scan(b);
            if let Some((_, _, n)) = number_of(b, &word) {
                return (WordClass::MoveStart, n);
            }
            if let Some(m) = move_of(b, &word) {
                return (WordClass::MoveStart, m.len + strength_len(&b[m.len..]));
            }
        }
        b'$' => {
            if let Some((_, n)) = nag(b) {
                return (WordClass::Movetext, n);
            }
        }
        b'.' => {
            if let Some(n) = ellipsis_len(b) {
                return (WordClass::Movetext, n);
            }
        }
        b'/' if b.starts_with(b"/FEN") => return (WordClass::Movetext, 4),
        _ => {}
    }
    (WordClass::Junk, junk_len(b))
}

/// At the start of a line: `Name "value"]` missing its `[`. Returns the length up to the `]`.
pub fn missing_bracket_tag(line: &[u8]) -> Option<usize> {
    let end = line
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .unwrap_or(line.len());
    let line = &line[..end];
    let res: BResult<(&[u8], &[u8], &[u8])> = (
        recognize((
            take_while1(|c: u8| c.is_ascii_uppercase()),
            take_while(|c: u8| c.is_ascii_alphanumeric() || c == b'_'),
        )),
        take_while1(|c| c == b' ' || c == b'\t'),
        tag(&b"\""[..]),
    )
        .parse(line);
    res.ok()?;
    let close = line.iter().rposition(|&c| c == b']')?;
    let before = line[..close]
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())?;
    let tail_ok = line[close + 1..]
        .iter()
        .all(|c| c.is_ascii_whitespace() || *c == b'\\' || *c == b'r');
    (line[before] == b'"' && tail_ok).then_some(close + 1)
}

/// How a bracketed tag ends, as found by [`tag_extent`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagEnd {
    /// At its `]` (included in the length).
    Closed,
    /// At the end of its line, without `]`.
    LineEnd,
    /// Before another `[` (the first one opened nothing or was left open).
    Bracket,
    /// At the end of the input.
    Eof,
}

/// The extent of a tag starting with `[` at `b[0]`: its length and how it ended; `None` when
/// the input ends before the tag does and more may come (`at_eof` false).
///
/// White space, line ends included, may separate `[` from the name (`[` alone on a line, the
/// rest on the next). A quoted value ends at its unescaped `"` or at the end of its line. Once
/// something follows the `[`, the tag ends at `]`, at a line end or before another `[`.
pub fn tag_extent(b: &[u8], at_eof: bool) -> Option<(usize, TagEnd)> {
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    let mut in_string = false;
    while i < b.len() {
        // Most bytes of a tag (its name and value) change nothing: pass them in a tight loop.
        if !has_class(b[i], TAG_STOP) {
            i += 1;
            continue;
        }
        let c = b[i];
        if in_string {
            match c {
                b'\\' if b.get(i + 1) == Some(&b'"') => i += 1,
                b'"' => in_string = false,
                b'\n' | b'\r' => return Some((i, TagEnd::LineEnd)),
                _ => {}
            }
        } else {
            match c {
                b'"' => in_string = true,
                b']' => return Some((i + 1, TagEnd::Closed)),
                b'[' => return Some((i, TagEnd::Bracket)),
                b'\n' | b'\r' => return Some((i, TagEnd::LineEnd)),
                _ => {}
            }
        }
        i += 1;
    }
    at_eof.then_some((b.len(), TagEnd::Eof))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Option<(usize, u8)> {
        scan_move(s.as_bytes()).map(|m| (m.len, m.squares))
    }

    #[test]
    fn a_whole_move_is_one_token() {
        assert_eq!(mv("1-10 "), Some((4, 2)));
        assert_eq!(mv("28x19x10)"), Some((8, 3)));
        assert_eq!(mv("c3:e5:g3"), Some((8, 3)));
        assert_eq!(mv("a3b4"), Some((4, 2)));
        assert_eq!(mv("06-11"), Some((5, 2)));
        assert_eq!(mv("28X19"), Some((5, 2)));
        assert_eq!(mv("1- 7 "), Some((4, 2)));
        assert_eq!(mv("1 - 5"), Some((5, 2)));
        assert_eq!(mv("32\u{2013}28"), Some((7, 2)));
        assert_eq!(mv("26-22Whiteoverstepped"), Some((5, 2)));
        assert_eq!(mv("E3-D4 "), Some((5, 2)));
        assert_eq!(mv("E3:G5:e7"), Some((8, 3)));
        assert_eq!(mv("C3D4"), Some((4, 2)));
        // Upper case beside numbers is no square (a king mark): junk, for the trust rule.
        assert_eq!(mv("K33-29"), None);
        assert_eq!(mv("E3-28"), None);
        assert_eq!(mv("K28x19"), None);
        assert_eq!(mv("E3xD4"), Some((5, 2)));
        assert_eq!(mv("c3-28"), Some((5, 2)));
    }

    #[test]
    fn russian_short_moves_are_a_file_and_a_square_delimited() {
        let short = |s: &str| scan_move(s.as_bytes()).map(|m| (m.len, m.form));
        assert_eq!(short("cd4 "), Some((3, MoveForm::FileAndTarget)));
        assert_eq!(short("ed4"), Some((3, MoveForm::FileAndTarget)));
        assert_eq!(short("cd4!"), Some((3, MoveForm::FileAndTarget)));
        assert_eq!(short("hg10)"), Some((4, MoveForm::FileAndTarget)));
        assert_eq!(short("c3-d4"), Some((5, MoveForm::Squares)));
        assert_eq!(short("cd4x"), None);
        assert_eq!(short("cD4"), None);
        assert_eq!(short("Cd4"), None);
        assert_eq!(short("cd0"), None);
        assert_eq!(short("mn3"), None);
        assert_eq!(short("abc"), None);
    }

    #[test]
    fn not_moves() {
        assert_eq!(mv("32"), None);
        assert_eq!(mv("11-0"), None);
        assert_eq!(mv("13-19 - -"), Some((5, 2)));
        assert_eq!(mv("x23"), None);
        assert_eq!(mv("3228x"), None);
        assert_eq!(mv("32 28"), None);
    }

    #[test]
    fn move_squares_may_have_upper_case_letters() {
        let alg = |file, rank| Some((SquareToken::Alg { file, rank }, 2));
        assert_eq!(parse_move_square_bytes(b"C3-D4"), alg(2, 3));
        assert_eq!(parse_move_square_bytes(b"c3"), alg(2, 3));
        assert_eq!(
            parse_move_square_bytes(b"L12x"),
            Some((SquareToken::Alg { file: 11, rank: 12 }, 3))
        );
        assert_eq!(parse_move_square_bytes(b"M3"), None);
        assert_eq!(parse_move_square_bytes(b"C123"), None);
        assert_eq!(parse_move_square_bytes(b"C"), None);
    }

    #[test]
    fn words_that_look_like_moves() {
        for word in ["K32-28", "W:c3-d4", "cd4+", "#32x28", "c3-d4", "xE3-D4"] {
            assert!(looks_like_move(word.as_bytes()), "{word}");
        }
        for word in [
            "1983-84",
            "Whiteoverstepped",
            "!",
            "10",
            "#2024",
            "A1",
            "x",
            "12.",
        ] {
            assert!(!looks_like_move(word.as_bytes()), "{word}");
        }
    }

    #[test]
    fn run_together_numeric_moves_need_four_digits_and_a_delimiter() {
        assert_eq!(
            scan_move(b"3228 "),
            Some(MoveScan {
                len: 4,
                squares: 2,
                form: MoveForm::RunTogether
            })
        );
        assert_eq!(scan_move(b"32281"), None);
        assert_eq!(scan_move(b"0128"), None);
    }

    #[test]
    fn results_only_when_delimited() {
        assert_eq!(result_len(b"1-1"), Some(3));
        assert_eq!(result_len(b"1-1)"), Some(3));
        assert_eq!(result_len(b"1-10"), None);
        assert_eq!(result_len(b"1/2-1/2{"), Some(7));
        assert_eq!(result_len("½-½".as_bytes()), Some(5));
        assert_eq!(result_len(b"0.5-0.5"), Some(7));
        assert_eq!(result_len(b"*"), Some(1));
        assert_eq!(result_len(b"*x"), None);
        assert_eq!(result_len(b"2-0\\r"), Some(3));
        assert_eq!(result_len(b"1-2 "), None);
        assert_eq!(result_len(b"0-0"), Some(3));
        assert_eq!(result_len(b"1/2"), None);
        assert_eq!(result_len(b"1:0 "), Some(3));
        assert_eq!(result_len(b"0:1"), Some(3));
        assert_eq!(result_len(b"1/2:1/2"), Some(7));
        assert_eq!(result_len(b"1:1"), None);
        assert_eq!(result_len(b"0:12"), None);
    }

    #[test]
    fn a_result_glued_to_the_next_games_first_move_number_ends_there() {
        assert_eq!(result_len(b"1-101.32-28"), Some(3));
        assert_eq!(result_len(b"0-001.32-28"), Some(3));
        assert_eq!(result_len(b"2-01. 32-28"), Some(3));
        assert_eq!(result_len(b"*1...19-23"), Some(1));
        assert_eq!(result_len(b"1/2-1/21."), Some(7));
        // Another number, or a square, is no game's start.
        assert_eq!(result_len(b"1-102."), None);
        assert_eq!(result_len(b"1-10 "), None);
        assert_eq!(result_len(b"1-11"), None);
        assert!(restarts_numbering(b"1. 32-28"));
        assert!(restarts_numbering(b"01.32-28"));
        assert!(!restarts_numbering(b"1... 19-23"));
        assert!(!restarts_numbering(b"11. 32-28"));
        assert!(!restarts_numbering(b"1-0"));
    }

    #[test]
    fn move_numbers_with_any_dots() {
        assert_eq!(move_number(b"12."), Some((12, 1, 3)));
        assert_eq!(move_number(b"12...19-23"), Some((12, 3, 5)));
        assert_eq!(move_number(b"01. "), Some((1, 1, 3)));
        assert_eq!(move_number(b"12"), None);
        assert_eq!(move_number(b"99999999999."), None);
    }

    #[test]
    fn strength_marks() {
        assert_eq!(strength_len(b"!? "), 2);
        assert_eq!(strength_len(b"(!?!!!) "), 7);
        assert_eq!(strength_len(b"(x)"), 0);
        assert_eq!(strength_len(b"*"), 1);
        assert_eq!(strength_len(b" !"), 0);
    }

    #[test]
    fn small_tokens() {
        assert_eq!(nag(b"$902 "), Some((902, 4)));
        assert_eq!(nag(b"$"), None);
        assert_eq!(unknown_move_len(b"- - 2."), Some(3));
        assert_eq!(unknown_move_len(b"-x"), None);
        assert_eq!(ellipsis_len(b"... 7-12"), Some(3));
        assert_eq!(ellipsis_len(b". "), None);
        assert_eq!(junk_len(b"abc def"), 3);
        assert_eq!(junk_len(b"6.\\r"), 2);
        assert_eq!(literal_escape_len(b"\\r\n"), 2);
    }

    #[test]
    fn words_are_classified_like_the_parser_reads_them() {
        assert_eq!(classify_word(b"1-0"), (WordClass::Terminator, 3));
        assert_eq!(classify_word(b"1.32-28"), (WordClass::MoveStart, 2));
        assert_eq!(classify_word(b"32-28!? "), (WordClass::MoveStart, 7));
        assert_eq!(classify_word(b"$3"), (WordClass::Movetext, 2));
        assert_eq!(classify_word(b"Generated"), (WordClass::Junk, 9));
        assert_eq!(classify_word(b"10 "), (WordClass::Junk, 2));
        assert_eq!(classify_word(b"E3-D4 "), (WordClass::MoveStart, 5));
        assert_eq!(classify_word(b"cd4 "), (WordClass::MoveStart, 3));
    }

    #[test]
    fn tag_extents() {
        assert_eq!(
            tag_extent(b"[Event \"a]b\"] x", false),
            Some((13, TagEnd::Closed))
        );
        assert_eq!(
            tag_extent(b"[\nEvent \"x\"]", false),
            Some((12, TagEnd::Closed))
        );
        assert_eq!(tag_extent(b"[\n[Event", false), Some((2, TagEnd::Bracket)));
        assert_eq!(tag_extent(b"[[Event", false), Some((1, TagEnd::Bracket)));
        assert_eq!(
            tag_extent(b"[A \"q\\\"q\"]", false),
            Some((10, TagEnd::Closed))
        );
        assert_eq!(
            tag_extent(b"[A \"open\n1. 32-28", false),
            Some((8, TagEnd::LineEnd))
        );
        assert_eq!(tag_extent(b"[A \"x\"", false), None);
        assert_eq!(tag_extent(b"[A \"x\"", true), Some((6, TagEnd::Eof)));
    }

    #[test]
    fn tag_lines_missing_their_bracket() {
        assert_eq!(missing_bracket_tag(b"Event \"X Y\"]\n[Site"), Some(12));
        assert_eq!(missing_bracket_tag(b"Site \"\"]\\r\n"), Some(8));
        assert_eq!(missing_bracket_tag(b"Event \"X\" and more\n"), None);
        assert_eq!(missing_bracket_tag(b"white \"X\"]"), None);
    }
}
