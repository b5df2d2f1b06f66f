//! The one tokenizer of movetext words: move numbers, moves (squares and their separators),
//! Russian short moves, NAGs, strength marks and results, each recognised by a table-driven
//! automaton that is built at compile time from the grammar written once below (as csv-core
//! derives its DFA from its description). One table lookup a byte, no allocation.
//!
//! ```text
//! number    = digit+ "."+
//! move      = square (step square)+
//! step      = blank* separator blank*  |  ""        (nothing only between two letter squares)
//! square    = digit{1,3}  |  file digit{1,2}        (the digits not all zeros)
//! file      = [a-l] | [A-L]
//! separator = "-" | "x" | "X" | ":" | "–" (U+2013) | "‑" (U+2011)
//! short     = [a-l] [a-l] digit{1,2}                 (Russian `cd4`; the digits not all zeros)
//! nag       = "$" digit+
//! marks     = [!?]+ | "(" [!?]+ ")"
//! blank     = " " | "\t"
//! result    = any of tags::RESULT_TOKENS             (its own table, built from that list)
//! ```
//!
//! [`scan`] reads a word from its first byte and tells where each kind of token ends (the
//! longest of each); [`result_len`] does the same for results; [`Squares`] walks the squares
//! of a move. What must follow a token (a delimiter) and which kind wins is for `lex`.

use draughts::SquareToken;

use crate::lex::Separator;
use crate::tags::RESULT_TOKENS;

// Byte classes: the bytes the grammar tells apart. Each byte of a result token has a class of
// its own, so the result table built from the tokens' bytes is exact.
const OTHER: u8 = 0;
const ZERO: u8 = 1;
const ONE: u8 = 2;
const TWO: u8 = 3;
const FIVE: u8 = 4;
const DIGIT: u8 = 5;
const FILE: u8 = 6;
const UPPER: u8 = 7;
const CROSS: u8 = 8;
const DASH: u8 = 9;
const COLON: u8 = 10;
const DOT: u8 = 11;
const SLASH: u8 = 12;
const STAR: u8 = 13;
const BLANK: u8 = 14;
const E2: u8 = 15;
const X80: u8 = 16;
const X91: u8 = 17;
const X93: u8 = 18;
const C2: u8 = 19;
const BD: u8 = 20;
const DOLLAR: u8 = 21;
const MARK: u8 = 22;
const OPEN: u8 = 23;
const CLOSE: u8 = 24;
/// The end of the input: not a byte, the last step of every scan.
const END: u8 = 25;
const CLASSES: usize = 26;
const _: () = assert!(
    ZERO + 1 == ONE && ONE + 1 == TWO && TWO + 1 == FIVE && FIVE + 1 == DIGIT,
    "the digits' classes are one range, below the file letters' (read by `Squares`)"
);
const _: () = assert!(DIGIT + 1 == FILE && FILE + 1 == UPPER);

/// The bytes of each class; every other byte is [`OTHER`].
const BYTE_CLASSES: [(u8, &[u8]); 24] = [
    (ZERO, b"0"),
    (ONE, b"1"),
    (TWO, b"2"),
    (FIVE, b"5"),
    (DIGIT, b"346789"),
    (FILE, b"abcdefghijkl"),
    (UPPER, b"ABCDEFGHIJKL"),
    (CROSS, b"xX"),
    (DASH, b"-"),
    (COLON, b":"),
    (DOT, b"."),
    (SLASH, b"/"),
    (STAR, b"*"),
    (BLANK, b" \t"),
    (E2, &[0xE2]),
    (X80, &[0x80]),
    (X91, &[0x91]),
    (X93, &[0x93]),
    (C2, &[0xC2]),
    (BD, &[0xBD]),
    (DOLLAR, b"$"),
    (MARK, b"!?"),
    (OPEN, b"("),
    (CLOSE, b")"),
];

/// [`CLASS_OF`] in memory once, for the lookups while scanning.
static CLASS: [u8; 256] = CLASS_OF;

const DIGITS: &[u8] = &[ZERO, ONE, TWO, FIVE, DIGIT];
const NONZERO: &[u8] = &[ONE, TWO, FIVE, DIGIT];
const SEPARATORS: &[u8] = &[CROSS, DASH, COLON];

const CLASS_OF: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut i = 0;
    while i < BYTE_CLASSES.len() {
        let (class, bytes) = BYTE_CLASSES[i];
        let mut j = 0;
        while j < bytes.len() {
            table[bytes[j] as usize] = class;
            j += 1;
        }
        i += 1;
    }
    table
};

// What a step tells, as bits.
/// A square ended before this byte.
const SQUARE_END: u16 = 1;
/// A move number ended before this byte.
const NUMBER_END: u16 = 2;
/// A Russian short move ended before this byte.
const SHORT_END: u16 = 4;
/// A NAG ended before this byte.
const NAG_END: u16 = 8;
/// Strength marks ended before this byte.
const MARKS_END: u16 = 16;
/// A square of digits starts at this byte.
const NUMERIC: u16 = 32;
/// This byte is an upper-case file letter starting a square.
const UPPER_FILE: u16 = 64;

// States of the word automaton. The first square of a word has states of its own, as it may
// turn out a move number; a square after a separator may not.
const DEAD: u8 = 0;
const START: u8 = 1;
/// The first square's digits: `Z` while all are zeros (no square yet), then by count.
const NZ1: u8 = 2;
const N1: u8 = 3;
const NZ2: u8 = 4;
const N2: u8 = 5;
const NZ3: u8 = 6;
const N3: u8 = 7;
/// More digits than a square has: a move number only.
const NLONG: u8 = 8;
/// The dots of a move number.
const DOTS: u8 = 9;
/// A later square's digits.
const LZ1: u8 = 10;
const L1: u8 = 11;
const LZ2: u8 = 12;
const L2: u8 = 13;
const LZ3: u8 = 14;
const L3: u8 = 15;
/// A word's first byte, a lower-case file letter (a square, or a short move).
const FIRST_FILE: u8 = 16;
/// A file letter of a later square.
const LETTER: u8 = 17;
/// A file letter and its rank digits.
const AZ1: u8 = 18;
const A1: u8 = 19;
const A2: u8 = 20;
/// After a separator, and the blanks after it.
const SEP: u8 = 21;
/// Blanks after a square, before a separator.
const PRE_SEP: u8 = 22;
/// The first two bytes of a Unicode dash.
const DASH1: u8 = 23;
const DASH2: u8 = 24;
/// A short move's target: its letter, its rank digits.
const SHORT_FILE: u8 = 25;
const TZ1: u8 = 26;
const T1: u8 = 27;
const T2: u8 = 28;
const NAG0: u8 = 29;
const NAG: u8 = 30;
const MARKS: u8 = 31;
const PAREN: u8 = 32;
const PAREN_MARKS: u8 = 33;
const PAREN_CLOSED: u8 = 34;
const STATES: usize = 35;

/// A transition table: the next state in the low byte, what the step tells above it.
struct Table([[u32; CLASSES]; STATES]);

impl Table {
    /// From `from` on a byte of any of `classes`, to `to`, telling `does`.
    const fn on(&mut self, from: u8, classes: &[u8], to: u8, does: u16) {
        let mut i = 0;
        while i < classes.len() {
            self.0[from as usize][classes[i] as usize] = to as u32 | (does as u32) << 8;
            i += 1;
        }
    }

    /// From `from` on any byte (and the end) not given a row of its own after this one.
    const fn otherwise(&mut self, from: u8, to: u8, does: u16) {
        let mut c = 0;
        while c < CLASSES {
            self.0[from as usize][c] = to as u32 | (does as u32) << 8;
            c += 1;
        }
    }

    /// A complete square at `state`: any byte that does not continue it ends it, and a
    /// separator, blanks or (after a letter square) another letter square may follow.
    const fn ends_square(&mut self, state: u8, letters: bool) {
        self.otherwise(state, DEAD, SQUARE_END);
        self.on(state, SEPARATORS, SEP, SQUARE_END);
        self.on(state, &[E2], DASH1, SQUARE_END);
        self.on(state, &[BLANK], PRE_SEP, SQUARE_END);
        if letters {
            self.on(state, &[FILE], LETTER, SQUARE_END);
            self.on(state, &[UPPER], LETTER, SQUARE_END | UPPER_FILE);
        }
    }

    /// Where a square may start (after a separator): digits or a file letter.
    const fn starts_square(&mut self, state: u8) {
        self.on(state, &[ZERO], LZ1, NUMERIC);
        self.on(state, NONZERO, L1, NUMERIC);
        self.on(state, &[FILE], LETTER, 0);
        self.on(state, &[UPPER], LETTER, UPPER_FILE);
    }
}

/// The word grammar of the module's header, as transitions; bytes without a row end the scan.
const WORDS: Table = {
    let mut t = Table([[0; CLASSES]; STATES]);
    // The first square, or a move number (any digits, then dots).
    t.on(START, &[ZERO], NZ1, NUMERIC);
    t.on(START, NONZERO, N1, NUMERIC);
    t.on(NZ1, &[ZERO], NZ2, 0);
    t.on(NZ1, NONZERO, N2, 0);
    t.ends_square(N1, false);
    t.on(N1, DIGITS, N2, 0);
    t.on(NZ2, &[ZERO], NZ3, 0);
    t.on(NZ2, NONZERO, N3, 0);
    t.ends_square(N2, false);
    t.on(N2, DIGITS, N3, 0);
    t.on(NZ3, DIGITS, NLONG, 0);
    t.ends_square(N3, false);
    t.on(N3, DIGITS, NLONG, 0);
    t.on(NLONG, DIGITS, NLONG, 0);
    let mut s = NZ1;
    while s <= NLONG {
        t.on(s, &[DOT], DOTS, 0);
        s += 1;
    }
    t.on(N1, &[DOT], DOTS, SQUARE_END);
    t.on(N2, &[DOT], DOTS, SQUARE_END);
    t.on(N3, &[DOT], DOTS, SQUARE_END);
    t.otherwise(DOTS, DEAD, NUMBER_END);
    t.on(DOTS, &[DOT], DOTS, 0);
    // A later square of digits: at most three.
    t.on(LZ1, &[ZERO], LZ2, 0);
    t.on(LZ1, NONZERO, L2, 0);
    t.ends_square(L1, false);
    t.on(L1, DIGITS, L2, 0);
    t.on(LZ2, &[ZERO], LZ3, 0);
    t.on(LZ2, NONZERO, L3, 0);
    t.ends_square(L2, false);
    t.on(L2, DIGITS, L3, 0);
    t.ends_square(L3, false);
    t.on(L3, DIGITS, DEAD, 0);
    // A letter square: a file letter and one or two rank digits.
    t.on(START, &[FILE], FIRST_FILE, 0);
    t.on(START, &[UPPER], LETTER, UPPER_FILE);
    t.on(FIRST_FILE, &[ZERO], AZ1, 0);
    t.on(FIRST_FILE, NONZERO, A1, 0);
    t.on(LETTER, &[ZERO], AZ1, 0);
    t.on(LETTER, NONZERO, A1, 0);
    t.on(AZ1, NONZERO, A2, 0);
    t.ends_square(A1, true);
    t.on(A1, DIGITS, A2, 0);
    t.ends_square(A2, true);
    t.on(A2, DIGITS, DEAD, 0);
    // Between squares.
    t.on(SEP, &[BLANK], SEP, 0);
    t.starts_square(SEP);
    t.on(PRE_SEP, &[BLANK], PRE_SEP, 0);
    t.on(PRE_SEP, SEPARATORS, SEP, 0);
    t.on(PRE_SEP, &[E2], DASH1, 0);
    t.on(DASH1, &[X80], DASH2, 0);
    t.on(DASH2, &[X91, X93], SEP, 0);
    // A short move: two file letters, then the target's rank.
    t.on(FIRST_FILE, &[FILE], SHORT_FILE, 0);
    t.on(SHORT_FILE, &[ZERO], TZ1, 0);
    t.on(SHORT_FILE, NONZERO, T1, 0);
    t.on(TZ1, NONZERO, T2, 0);
    t.otherwise(T1, DEAD, SHORT_END);
    t.on(T1, DIGITS, T2, 0);
    t.otherwise(T2, DEAD, SHORT_END);
    t.on(T2, DIGITS, DEAD, 0);
    // A NAG and strength marks.
    t.on(START, &[DOLLAR], NAG0, 0);
    t.on(NAG0, DIGITS, NAG, 0);
    t.otherwise(NAG, DEAD, NAG_END);
    t.on(NAG, DIGITS, NAG, 0);
    t.on(START, &[MARK], MARKS, 0);
    t.otherwise(MARKS, DEAD, MARKS_END);
    t.on(MARKS, &[MARK], MARKS, 0);
    t.on(START, &[OPEN], PAREN, 0);
    t.on(PAREN, &[MARK], PAREN_MARKS, 0);
    t.on(PAREN_MARKS, &[MARK], PAREN_MARKS, 0);
    t.on(PAREN_MARKS, &[CLOSE], PAREN_CLOSED, 0);
    t.otherwise(PAREN_CLOSED, DEAD, MARKS_END);
    t
};

/// [`WORDS`] packed, flat: `STEPS[state << 5 | class]` is the next state in the low six bits and
/// what the step tells above them; a power of two long, so that a masked index needs no bounds
/// check. A `static`: a `const` table may be copied where it is read.
static STEPS: [u16; 64 << 5] = {
    assert!(STATES <= 64 && CLASSES <= 32);
    let mut t = [0; 64 << 5];
    let mut state = 0;
    while state < STATES {
        let mut class = 0;
        while class < CLASSES {
            t[state << 5 | class] = packed(WORDS.0[state][class]);
            class += 1;
        }
        state += 1;
    }
    t
};

const fn packed(step: u32) -> u16 {
    let (next, does) = (step & 0xFF, step >> 8);
    assert!(next < 64 && does < 1 << 10, "a step fits in 16 bits");
    (next | does << 6) as u16
}

/// The step from `state` at `b[i]` (or the end): the next state and what the step tells.
#[inline(always)]
fn step(state: u8, b: &[u8], i: usize) -> (u8, u16) {
    let class = match b.get(i) {
        Some(&c) => CLASS[usize::from(c)],
        None => END,
    };
    let packed = STEPS[(usize::from(state) << 5 | usize::from(class)) & (STEPS.len() - 1)];
    ((packed & 63) as u8, packed >> 6)
}

/// Most states of the result table: one per byte of the result tokens, and the start.
const RESULT_STATES: usize = 64;

/// The result tokens as a trie over byte classes: the next state, and whether a token ends.
struct Results {
    next: [[u8; CLASSES]; RESULT_STATES],
    ends: [bool; RESULT_STATES],
}

const RESULTS_TABLE: Results = {
    let mut r = Results {
        next: [[DEAD; CLASSES]; RESULT_STATES],
        ends: [false; RESULT_STATES],
    };
    let mut states = 2; // DEAD and START
    let mut k = 0;
    while k < RESULT_TOKENS.len() {
        let bytes = RESULT_TOKENS[k].as_bytes();
        let mut state = START;
        let mut i = 0;
        while i < bytes.len() {
            let class = CLASS_OF[bytes[i] as usize];
            assert!(class_size(class) == 1, "a result byte shares its class");
            if r.next[state as usize][class as usize] == DEAD {
                r.next[state as usize][class as usize] = states as u8;
                states += 1;
            }
            state = r.next[state as usize][class as usize];
            i += 1;
        }
        r.ends[state as usize] = true;
        k += 1;
    }
    r
};

/// The bytes a result token may start with, read from [`RESULTS`]'s first step.
static STARTS_RESULT: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = RESULTS_TABLE.next[START as usize][CLASS_OF[c] as usize] != DEAD;
        c += 1;
    }
    t
};

/// [`RESULTS_TABLE`] in memory once.
static RESULTS: Results = RESULTS_TABLE;

/// How many bytes have `class`.
const fn class_size(class: u8) -> usize {
    let (mut n, mut c) = (0, 0);
    while c < 256 {
        if CLASS_OF[c] == class {
            n += 1;
        }
        c += 1;
    }
    n
}

/// Where the tokens of a word end, from its first byte (each 0 when there is none); see [`scan`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Word {
    /// A move number's length (digits and dots).
    pub number: usize,
    /// The longest move's length: at least two squares, up to the end of its last square.
    pub moves: usize,
    /// The squares of that move.
    pub squares: u8,
    /// Whether that move has an upper-case file letter.
    pub upper: bool,
    /// Whether that move has a square of digits.
    pub numeric: bool,
    /// A Russian short move's length (`cd4`).
    pub short: usize,
    /// A NAG's length (`$12`).
    pub nag: usize,
    /// Strength marks' length (`!?`, `(?)`).
    pub marks: usize,
}

/// The tokens a word starting at `b[0]` may be, read in one pass.
#[inline]
pub fn scan(b: &[u8]) -> Word {
    let mut word = Word::default();
    let (mut state, mut squares, mut seen) = (START, 0u8, 0u16);
    let mut i = 0;
    loop {
        let (next, does) = step(state, b, i);
        if does != 0 {
            if does & SQUARE_END != 0 {
                // As the parser counts: saturating (a move of 256 squares is no legal move).
                squares = squares.saturating_add(1);
                if squares >= 2 {
                    word.moves = i;
                    word.squares = squares;
                    word.upper = seen & UPPER_FILE != 0;
                    word.numeric = seen & NUMERIC != 0;
                }
            }
            // After the square's end: a square starting at this byte is not the move's.
            seen |= does;
            if does & (NUMBER_END | SHORT_END | NAG_END | MARKS_END) != 0 {
                // Each ends the scan: the state is dead after it.
                if does & NUMBER_END != 0 {
                    word.number = i;
                } else if does & SHORT_END != 0 {
                    word.short = i;
                } else if does & NAG_END != 0 {
                    word.nag = i;
                } else {
                    word.marks = i;
                }
            }
        }
        state = next;
        if state == DEAD {
            return word;
        }
        i += 1;
    }
}

/// The length of the result token at the start of `b`, not checked for what follows.
#[inline]
pub fn result_len(b: &[u8]) -> Option<usize> {
    // Most words are rejected on their first byte, before the walk.
    if !STARTS_RESULT[usize::from(*b.first()?)] {
        return None;
    }
    let mut state = START;
    let mut len = None;
    for (i, &c) in b.iter().enumerate() {
        state = RESULTS.next[usize::from(state)][usize::from(CLASS[usize::from(c)])];
        if state == DEAD {
            break;
        }
        if RESULTS.ends[usize::from(state)] {
            len = Some(i + 1);
        }
    }
    len
}

/// The separators and squares of a move the tokenizer accepted ([`Word::moves`]): each square
/// with the separator before it (`None` for the first square, [`Separator::None`] between two
/// letter squares written together). The move is known to be well formed, so this only decodes
/// it: a square is a file letter or none and its digits, a separator what lies between.
#[derive(Clone, Debug)]
pub struct Squares<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Squares<'a> {
    /// The squares of `text`, a whole move.
    #[inline]
    pub fn new(text: &'a [u8]) -> Self {
        Squares { text, at: 0 }
    }
}

impl Iterator for Squares<'_> {
    type Item = (Option<Separator>, SquareToken);

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let b = self.text;
        let mut i = self.at;
        let first = i == 0;
        let mut separator = Separator::None;
        let (c, class) = loop {
            let &c = b.get(i)?;
            let class = CLASS[usize::from(c)];
            // The classes of digits and file letters are one range: a square starts here.
            if (ZERO..=UPPER).contains(&class) {
                break (c, class);
            }
            separator = match class {
                CROSS => Separator::Cross,
                COLON => Separator::Colon,
                DASH | E2 => Separator::Dash,
                _ => separator,
            };
            i += 1;
        };
        let file = class >= FILE;
        i += usize::from(file);
        let mut digits = 0u16;
        while let Some(&d) = b.get(i)
            && d.is_ascii_digit()
        {
            digits = digits * 10 + u16::from(d - b'0');
            i += 1;
        }
        self.at = i;
        let square = if file {
            SquareToken::Alg {
                file: c.to_ascii_lowercase() - b'a',
                rank: digits as u8,
            }
        } else {
            SquareToken::Num(digits)
        };
        Some(((!first).then_some(separator), square))
    }
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;
