//! The plain shape most archived games have, recognised without building a syntax tree: tag
//! lines, numbered moves and a terminator, with nothing the parser would remark on.
//!
//! It serves passes that only need to know whether a game reads cleanly (`validate
//! --syntax-only`): a game recognised here is one [`parse_game`](super::parser::parse_game)
//! reads without error or note. Anything else, however harmless, is left to the parser, so
//! this is a shortcut, never a second opinion: "not plain" only means "ask the parser". The
//! tests hold it to that on the corpus, on random near-plain games and on every game of the
//! mutation harness (`tests/pdn_fast_paths.rs`, `tests/mutation`), and the `parse` fuzz target too.
//!
//! The movetext is read by a byte automaton (one table lookup a byte), moves and move numbers
//! mostly passed about 64 bytes at a time by the `blocks` module, exact against it; tags, the
//! terminator and the move count are checked around it.
//!
//! ```text
//! game      = blank* (tag blank*)* ((word | nag+ | comment) blank+)* terminator blank*
//! tag       = "[" Name (" " | "\t")* "\"" value "\"]"    distinct names; the value without
//!             control bytes or any of " \ [ ] { }; white space or the end after it
//! word      = number "." | (number ".")? move ("!" | "?")* nag*
//!                                                  (the move `1-1` only with marks: else
//!                                                  the result)
//! move      = square (separator square)+
//!           | square (separator square)* separator (" " | "\t")+ [1-9] [0-9]?
//!                                                  (fixed width: `10- 4`, `28x 19`)
//! number    = [1-9] [0-9]{0,3}
//! square    = [a-l]? [1-9] [0-9]?                  (numeric `32`, algebraic `c3`)
//! separator = "-" | "x" | ":"
//! nag       = "$" [0-9] [0-9]? [0-9]?
//! comment   = "{" (printable ASCII but { } | blank | any character outside ASCII)* "}"
//!                                                  (no "[" on a line after its first after
//!                                                  only blanks and characters outside ASCII)
//! terminator = "*" | "2-0" | "0-2" | "1-1" | "1-0" | "0-1" | "0-0" | "1/2-1/2"
//! blank     = " " | "\t" | "\n" | "\r"
//! ```
//!
//! A pass that shows no notes may also let by games that differ from this shape only by
//! literal escapes (`\r`, `\n` written out) right after a tag or the terminator, which the
//! parser notes and otherwise ignores ([`NotesPassed`]).

use super::lex;
use super::parser::{MAX_MAINLINE_MOVES, MAX_TAG_NAME, MAX_TAG_VALUE};
use super::raw::RawGame;
use blocks::skip_plain_blocks;
use std::ops::Range;

mod blocks;
mod words;

pub use words::{
    Plain, PlainMove, PlainSquares, PlainToken, PlainTokens, empty_header, read_plain,
    read_plain_into,
};

/// Most tags of a plain game: enough for any real header; beyond, the parser decides.
const MAX_TAGS: usize = 32;

/// The number of main-line moves of a game as the splitter cut it, when it is in the plain
/// shape: the parser would read it without error or note. Only a whole game decoded without
/// note can be (the parser passes the splitter's notes on, and an oversize game is
/// unreadable).
pub fn plain_game_moves(raw: &RawGame) -> Option<usize> {
    whole_without_note(raw)
        .then(|| plain_mainline_moves(&raw.text))
        .flatten()
}

fn whole_without_note(raw: &RawGame) -> bool {
    raw.notes.is_empty() && raw.oversize.is_none()
}

/// The number of main-line moves of a game's text in the plain shape, or `None` when the game
/// must be read by the parser.
pub fn plain_mainline_moves(text: &str) -> Option<usize> {
    moves_before_terminator(text).map(count_moves)
}

/// The notes a game passed by without the parser may carry.
///
/// Some tournament sites' exports end every tag line with the text `\r` (a line end written
/// out, 166 corpus games): the parser notes each and reads the game as if it were not there.
/// A pass that does not show notes (nor makes errors of them, as `--strict` does) may pass such
/// games by as it passes plain ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NotesPassed {
    /// None: only games the parser reads without note.
    #[default]
    None,
    /// Literal `\r` or `\n` text right after a tag's `]` or the terminator (before white
    /// space), which the parser notes as `literal-escape` and otherwise ignores.
    LiteralEscapes,
}

/// How far past the end of a plain game [`plain_game_extent`] may look: the longest terminator
/// (`1/2-1/2`) and the byte after it, read from the terminator's start, which is at least two
/// bytes before the next game.
pub const LOOKAHEAD: usize = 8;

/// What the bytes at the start of a game hold, for a splitter that passes plain games by
/// without cutting them out ([`plain_game_extent`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// The first `len` bytes are a game in the plain shape, followed by the `[` of the next
    /// game or by the end of the input. `ascii` is false when a tag value or a comment holds
    /// other bytes (the caller then checks they are UTF-8).
    Plain { len: usize, ascii: bool },
    /// The game is not in the plain shape, or another game does not follow it at a tag: the
    /// splitter must read it.
    Other,
    /// The bytes end before this is known; `eof` false only.
    Short,
}

/// Whether `b`, the bytes from the start of a game on (`eof`: to the end of the input), starts
/// with a game in the plain shape, and where that game ends: at the first byte after its
/// terminator that is not white space, which must open a tag on a later line, or at the end of
/// the input.
///
/// A game found here is one the splitter would cut at the same place and the parser would read
/// without error or note (other than those `notes` lets by), once its bytes are decoded
/// without note (and if it is within the splitter's maximum size). Why the next game must
/// start on a new line: the splitter reads a word only with its whole line, and a game whose
/// last line runs on past the maximum size is oversize, however short the game; a game whose
/// lines are all its own has no such line.
pub fn plain_game_extent(b: &[u8], eof: bool, notes: NotesPassed) -> Extent {
    let head = match plain_head(b, eof, notes) {
        Ok(head) => head,
        Err(Miss::Other) => return Extent::Other,
        Err(Miss::Short) => return Extent::Short,
    };
    // A line that starts again at move 1 ends the game there for the splitter.
    if restarts_numbering_inside(&b[head.moves.clone()]) {
        return Extent::Other;
    }
    // Only comments hold bytes outside ASCII in plain movetext: looked for from the first one
    // on (a fold without early exit, which compiles to vector code).
    let moves = &b[head.moves.clone()];
    let moves_high = memchr::memchr(b'{', moves)
        .is_some_and(|open| moves[open..].iter().fold(0, |acc, &c| acc | c) >= 0x80);
    let ascii = !head.high && !moves_high;
    let next = skip_blanks(b, head.after);
    let new_line = b[head.after..next]
        .iter()
        .any(|&c| c == b'\n' || c == b'\r');
    match b.get(next) {
        None if eof => Extent::Plain {
            len: b.len(),
            ascii,
        },
        None => Extent::Short,
        Some(b'[') if new_line => Extent::Plain { len: next, ascii },
        Some(_) => Extent::Other,
    }
}

/// Whether a line of `moves` after their first starts again at move 1
/// ([`lex::restarts_numbering`]). A line of a comment does not: the splitter reads no word in
/// a comment.
fn restarts_numbering_inside(moves: &[u8]) -> bool {
    memchr::memchr2_iter(b'\n', b'\r', moves).any(|i| {
        let line = &moves[i + 1..];
        lex::restarts_numbering(&line[lex::leading_blanks(line)..]) && !in_comment(moves, i)
    })
}

/// Whether byte `i` of plain movetext is inside a comment (which is closed, and holds no `{`).
fn in_comment(moves: &[u8], i: usize) -> bool {
    memchr::memrchr(b'{', &moves[..i]).is_some_and(|open| !moves[open..i].contains(&b'}'))
}

/// The movetext of a game in the plain shape, up to its terminator.
fn moves_before_terminator(text: &str) -> Option<&[u8]> {
    let b = text.as_bytes();
    let head = plain_head(b, true, NotesPassed::None).ok()?;
    let rest_blank = b[head.after..]
        .iter()
        .fold(true, |acc, &c| acc & is_blank(c));
    rest_blank.then(|| &b[head.moves.clone()])
}

/// Why a text is not known to start with a plain game.
#[derive(Clone, Copy)]
enum Miss {
    Other,
    Short,
}

/// The parts of a plain game's start: tags, moves and terminator.
struct Head {
    /// The moves before the terminator.
    moves: Range<usize>,
    /// The first byte after the terminator.
    after: usize,
    /// A tag value holds a byte outside ASCII.
    high: bool,
}

/// Reads tags, movetext and terminator from the start of `b`. Without `eof`, bytes missing at
/// the end of `b` make it [`Miss::Short`] rather than [`Miss::Other`].
fn plain_head(b: &[u8], eof: bool, notes: NotesPassed) -> Result<Head, Miss> {
    plain_head_with(b, eof, notes, |_| {})
}

/// [`plain_head`], handing each tag to `on_tag` as it is read.
#[inline(always)]
fn plain_head_with(
    b: &[u8],
    eof: bool,
    notes: NotesPassed,
    mut on_tag: impl FnMut(&Tag<'_>),
) -> Result<Head, Miss> {
    let mut names: [&[u8]; MAX_TAGS] = [&[]; MAX_TAGS];
    let mut keys = [0u64; MAX_TAGS];
    let mut tags = 0;
    // One bit per key seen, by a hash of it: the names before are compared only when the
    // bit of a new key is already set.
    let mut key_bits = 0u64;
    let mut high = false;
    let mut i = skip_blanks(b, 0);
    while b.get(i) == Some(&b'[') {
        let tag = tag(b, i, eof, notes)?;
        let key = tag.key;
        let bit = 1 << (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58);
        let seen = key_bits & bit != 0
            && keys[..tags]
                .iter()
                .zip(&names)
                .any(|(&k, &name)| k == key && name == tag.name);
        key_bits |= bit;
        if tags == MAX_TAGS || seen {
            return Err(Miss::Other);
        }
        on_tag(&tag);
        names[tags] = tag.name;
        keys[tags] = key;
        tags += 1;
        high |= tag.high;
        i = skip_blanks(b, tag.end);
    }
    let (moves, after) = plain_movetext(b, i, eof, notes)?;
    Ok(Head { moves, after, high })
}

/// Reads plain movetext and its terminator from `b[i]`, the first byte after the tags and the
/// blanks after them: the moves before the terminator, and the first byte after it.
fn plain_movetext(
    b: &[u8],
    i: usize,
    eof: bool,
    notes: NotesPassed,
) -> Result<(Range<usize>, usize), Miss> {
    let word = terminator_word(b, i, eof)?;
    let end = result(b, word, eof, notes)?;
    if too_many_moves(&b[i..word]) {
        return Err(Miss::Other);
    }
    Ok((i..word, end))
}

/// Where the terminator of plain movetext from `b[i]` must start: the word the automaton
/// stopped in.
fn terminator_word(b: &[u8], i: usize, eof: bool) -> Result<usize, Miss> {
    let movetext = &b[i..];
    let stop = match movetext_stop(b, i) {
        Stopped::At(stop) => stop,
        // Not at a word the terminator may start.
        Stopped::Inside => return Err(Miss::Other),
        Stopped::NotYet if eof => return Err(Miss::Other),
        Stopped::NotYet => return Err(Miss::Short),
    };
    if stop == movetext.len() && !eof {
        // `1-1` at the end of the bytes read so far.
        return Err(Miss::Short);
    }
    let word = movetext[..stop]
        .iter()
        .rposition(|&c| is_blank(c))
        .map_or(0, |k| k + 1);
    Ok(i + word)
}

/// More moves than the parser reads. (A move and its white space take four bytes or more,
/// `1-6 `: only a long text may hold that many.)
fn too_many_moves(moves: &[u8]) -> bool {
    moves.len() / 4 > MAX_MAINLINE_MOVES && count_moves(moves) > MAX_MAINLINE_MOVES
}

/// Where the terminator must start in the text of one game whose movetext, from `from` to
/// there, is plain: moves, move numbers, NAGs and comments the parser reads without error or
/// note, and no more moves than it reads. `from` is where the parser's movetext starts
/// (after the tags and the white space after them); the byte before it, if any, must be a
/// blank. Whether a terminator is there, and what follows it, is the parser's to read.
pub fn plain_moves_end(text: &str, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    if from > 0 && !b.get(from - 1).copied().is_some_and(is_blank) {
        return None;
    }
    let start = skip_blanks(b, from);
    let word = terminator_word(b, start, true).ok()?;
    (!too_many_moves(&b[start..word])).then_some(word)
}

/// The moves of plain movetext: outside comments, the words that end in a digit or a
/// strength mark, but those of NAGs alone (a NAG glued to a move ends the move's word).
fn count_moves(movetext: &[u8]) -> usize {
    // Word ends counted up, NAG starts down: each NAG alone ends in a digit later in the text.
    let moves_in = |text: &[u8]| {
        text.windows(2).fold(0usize, |n, w| {
            let end = (w[0].is_ascii_digit() | matches!(w[0], b'!' | b'?')) & is_blank(w[1]);
            let nag = is_blank(w[0]) & (w[1] == b'$');
            n.wrapping_add(usize::from(end))
                .wrapping_sub(usize::from(nag))
        })
    };
    // The movetext starts at a word, which no blank comes before.
    let first_nag = usize::from(movetext.first() == Some(&b'$'));
    let mut moves = 0;
    let mut rest = movetext;
    // A comment of plain movetext is closed, and has a blank before and after it.
    while let Some(open) = memchr::memchr(b'{', rest) {
        moves += moves_in(&rest[..open]);
        let close = memchr::memchr(b'}', &rest[open..]).map_or(rest.len(), |k| open + k + 1);
        rest = &rest[close..];
    }
    moves + moves_in(rest) - first_nag
}

/// Where the automaton of [`movetext_stop`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stopped {
    /// At this byte (counted from the movetext's start), outside comments and spaced moves.
    At(usize),
    /// Inside a comment or a spaced move, at a byte they do not hold: where no terminator can
    /// start.
    Inside,
    /// Not before the text's end (unless after `1-1`, a terminator: [`Stopped::At`] the end).
    NotYet,
}

/// Where the automaton of the plain movetext `b[start..]` stops (counted from `start`), at the
/// first byte that is not part of a plain move, move number, NAG, comment or white space (the
/// terminator stops it too). [`Stopped::NotYet`] when the text ends first: no terminator. The
/// byte before `start`, if any, is a blank.
///
/// Between words, moves are passed by in blocks of about 64 bytes ([`blocks`]) when
/// they are certain not to stop the automaton: much faster than stepping it, a table lookup
/// that waits for the one before. The word where the blocks find a fault is stepped a byte at
/// a time (it is most often the terminator, where the automaton stops), the rest in chunks.
fn movetext_stop(b: &[u8], start: usize) -> Stopped {
    const CHUNK: usize = 16;
    // The two stop states are the last ones: a state at or past `STOP` is a stop.
    const STOP: u16 = (State::Stop as u16) << 8;
    let stopped = |state: u16, at: usize| {
        if state == (State::StopInside as u16) << 8 {
            Stopped::Inside
        } else {
            Stopped::At(at - start)
        }
    };
    const BETWEEN: u16 = (State::Between as u16) << 8;
    let mut state = BETWEEN;
    let mut done = start;
    // The blocks judge a byte by the two before it; of those before the movetext, only the
    // blank just before it matters (as the start of a word is judged by).
    let mut blocks_from = start.max(2);
    loop {
        // The automaton is between words only at the start and just after a blank.
        if state == BETWEEN && done >= blocks_from {
            let skip = skip_plain_blocks(b, done);
            done = skip.restart;
            while let Some(&c) = b.get(done) {
                state = step(state, c);
                if state >= STOP {
                    return stopped(state, done);
                }
                done += 1;
                if state == BETWEEN && done > skip.fault {
                    break;
                }
            }
            // Where one block failed, the next would likely fail too: a chunk first.
            blocks_from = skip.fault + CHUNK;
            continue;
        }
        // The stop state is final, so it is enough to look for it after each chunk; the chunk
        // it falls in is then run again, byte by byte, to find where.
        let Some(chunk) = b.get(done..done + CHUNK) else {
            break;
        };
        let after = chunk.iter().fold(state, |state, &c| step(state, c));
        if after >= STOP {
            break;
        }
        state = after;
        done += CHUNK;
    }
    for (i, &c) in b[done..].iter().enumerate() {
        state = step(state, c);
        if state >= STOP {
            return stopped(state, done + i);
        }
    }
    // `1-1` ending the text stops nothing, and is a terminator.
    if state == (State::OneDashOne as u16) << 8 {
        Stopped::At(b.len() - start)
    } else {
        Stopped::NotYet
    }
}

/// One transition; states are kept multiplied by 256, ready to index [`NEXT`].
#[inline(always)]
fn step(state: u16, c: u8) -> u16 {
    NEXT[usize::from(state | u16::from(c)) & (NEXT.len() - 1)]
}

/// Byte classes of the movetext automaton.
#[derive(Clone, Copy)]
enum Class {
    /// A space or a tab.
    Blank,
    /// `\n` or `\r`: white space, also in a comment, where a line then starts.
    LineEnd,
    Zero,
    One,
    TwoToNine,
    Dot,
    Dash,
    /// `x` or `:`.
    OtherSeparator,
    /// A file letter, `a` to `l`.
    File,
    OpenBrace,
    CloseBrace,
    /// `[`: in a comment, not at the start of a line after its first.
    OpenBracket,
    /// `$`, opening a NAG.
    Dollar,
    /// `!` or `?`, a move's strength marks.
    Mark,
    /// Any other printable ASCII byte: only in comments.
    Text,
    /// A byte outside ASCII: only in comments (of UTF-8 text, where that is not known yet).
    High,
    /// Control bytes and DEL.
    Other,
}

/// States of the movetext automaton. Squares are one or two digits without a leading zero,
/// after a file letter for algebraic ones; move numbers have up to four digits. `1-1` is a
/// result, not a move: it gets states of its own.
#[derive(Clone, Copy)]
enum State {
    /// Between words.
    Between,
    /// `1` at the start of a word.
    One,
    /// A first number of one digit (2-9), two, three or four digits.
    Digits1,
    Digits2,
    Digits3,
    Digits4,
    /// A move number's dot.
    Dot,
    /// The first square of a move glued to its number (`12.32-28`): `1`, or one digit 2-9, then
    /// two digits. A move must follow, not a number or a result.
    GluedOne,
    GluedDigits1,
    GluedDigits2,
    /// `1-`, then `1-1`.
    OneDash,
    OneDashOne,
    /// The file letter of an algebraic first square, then one or two digits of its rank.
    FirstFile,
    FirstRank1,
    FirstRank2,
    /// After a separator.
    Separator,
    /// The file letter of an algebraic square after a separator.
    File,
    /// One or two digits of a square (or rank) after a separator.
    Square1,
    Square2,
    /// Inside a comment, at the start of one of its lines after the first (before or in the
    /// blanks that start it), and just after it.
    Comment,
    CommentLineStart,
    CommentEnd,
    /// The blanks after a separator in the fixed-width form `10- 4`, `28x 19`, then one or two
    /// digits of the square after them, which ends the move.
    SeparatorBlank,
    GapSquare1,
    GapSquare2,
    /// A move's strength marks (`32-28!?`).
    Marks,
    /// A NAG's `$`, then one, two or three digits.
    NagDollar,
    Nag1,
    Nag2,
    Nag3,
    /// Not plain movetext (or a terminator). Both stop states come last.
    Stop,
    /// Inside a comment or a spaced move, at a byte they do not hold: not at a word.
    StopInside,
}

const CLASS: [u8; 256] = {
    let mut table = [Class::Other as u8; 256];
    let mut c = 0x80;
    while c <= 0xFF {
        table[c] = Class::High as u8;
        c += 1;
    }
    let mut c = b'!';
    while c <= b'~' {
        table[c as usize] = Class::Text as u8;
        c += 1;
    }
    table[b' ' as usize] = Class::Blank as u8;
    table[b'\t' as usize] = Class::Blank as u8;
    table[b'\n' as usize] = Class::LineEnd as u8;
    table[b'\r' as usize] = Class::LineEnd as u8;
    table[b'{' as usize] = Class::OpenBrace as u8;
    table[b'}' as usize] = Class::CloseBrace as u8;
    table[b'[' as usize] = Class::OpenBracket as u8;
    table[b'$' as usize] = Class::Dollar as u8;
    table[b'!' as usize] = Class::Mark as u8;
    table[b'?' as usize] = Class::Mark as u8;
    table[b'0' as usize] = Class::Zero as u8;
    table[b'1' as usize] = Class::One as u8;
    let mut c = b'2';
    while c <= b'9' {
        table[c as usize] = Class::TwoToNine as u8;
        c += 1;
    }
    let mut c = b'a';
    while c <= b'l' {
        table[c as usize] = Class::File as u8;
        c += 1;
    }
    table[b'.' as usize] = Class::Dot as u8;
    table[b'-' as usize] = Class::Dash as u8;
    table[b'x' as usize] = Class::OtherSeparator as u8;
    table[b':' as usize] = Class::OtherSeparator as u8;
    table
};

const _: () = assert!(
    (Class::Other as usize) < 32 && (State::StopInside as usize) < 32,
    "a class and a state fit in five bits each"
);

/// Transitions by class: `BY_CLASS[state << 5 | class]`; anything not listed stops.
const BY_CLASS: [u8; 32 << 5] = {
    use Class as C;
    use State as S;
    let mut t = [S::Stop as u8; 32 << 5];
    const fn at(state: State, class: Class) -> usize {
        (state as usize) << 5 | class as usize
    }
    const DIGITS: [Class; 3] = [C::Zero, C::One, C::TwoToNine];
    const NONZERO: [Class; 2] = [C::One, C::TwoToNine];
    const SEPARATORS: [Class; 2] = [C::Dash, C::OtherSeparator];
    const BLANKS: [Class; 2] = [C::Blank, C::LineEnd];
    // Inside a comment or a spaced move, a byte not listed below stops the automaton inside,
    // not at a word (and that stop is final too).
    let inside = [
        S::Comment,
        S::CommentLineStart,
        S::SeparatorBlank,
        S::GapSquare1,
        S::GapSquare2,
        S::StopInside,
    ];
    let mut k = 0;
    while k < inside.len() {
        let mut class = 0;
        while class < 32 {
            t[(inside[k] as usize) << 5 | class] = S::StopInside as u8;
            class += 1;
        }
        k += 1;
    }
    let mut k = 0;
    while k < 3 {
        let d = DIGITS[k];
        t[at(S::One, d)] = S::Digits2 as u8;
        t[at(S::Digits1, d)] = S::Digits2 as u8;
        t[at(S::Digits2, d)] = S::Digits3 as u8;
        t[at(S::Digits3, d)] = S::Digits4 as u8;
        t[at(S::FirstRank1, d)] = S::FirstRank2 as u8;
        t[at(S::OneDashOne, d)] = S::Square2 as u8;
        t[at(S::Square1, d)] = S::Square2 as u8;
        t[at(S::GluedOne, d)] = S::GluedDigits2 as u8;
        t[at(S::GluedDigits1, d)] = S::GluedDigits2 as u8;
        t[at(S::GapSquare1, d)] = S::GapSquare2 as u8;
        k += 1;
    }
    let mut k = 0;
    while k < 2 {
        let d = NONZERO[k];
        t[at(S::FirstFile, d)] = S::FirstRank1 as u8;
        t[at(S::Separator, d)] = S::Square1 as u8;
        t[at(S::File, d)] = S::Square1 as u8;
        t[at(S::SeparatorBlank, d)] = S::GapSquare1 as u8;
        k += 1;
    }
    let mut k = 0;
    while k < 2 {
        let blank = BLANKS[k];
        t[at(S::Between, blank)] = S::Between as u8;
        t[at(S::Dot, blank)] = S::Between as u8;
        t[at(S::Square1, blank)] = S::Between as u8;
        t[at(S::Square2, blank)] = S::Between as u8;
        t[at(S::CommentEnd, blank)] = S::Between as u8;
        t[at(S::GapSquare1, blank)] = S::Between as u8;
        t[at(S::GapSquare2, blank)] = S::Between as u8;
        k += 1;
    }
    t[at(S::Between, C::One)] = S::One as u8;
    t[at(S::Between, C::TwoToNine)] = S::Digits1 as u8;
    t[at(S::Between, C::File)] = S::FirstFile as u8;
    let numbers = [S::One, S::Digits1, S::Digits2, S::Digits3, S::Digits4];
    let mut k = 0;
    while k < 5 {
        t[at(numbers[k], C::Dot)] = S::Dot as u8;
        k += 1;
    }
    // A move glued to its number (`12.32-28`, `1.c3-d4`); `1.1-1` still reaches `1-1`, so
    // the terminator is never looked for in such a word.
    t[at(S::Dot, C::One)] = S::GluedOne as u8;
    t[at(S::Dot, C::TwoToNine)] = S::GluedDigits1 as u8;
    t[at(S::Dot, C::File)] = S::FirstFile as u8;
    t[at(S::GluedOne, C::Dash)] = S::OneDash as u8;
    t[at(S::GluedOne, C::OtherSeparator)] = S::Separator as u8;
    // `1-` may become the result `1-1`; `1x`, `1:` are moves.
    t[at(S::One, C::Dash)] = S::OneDash as u8;
    t[at(S::One, C::OtherSeparator)] = S::Separator as u8;
    t[at(S::OneDash, C::One)] = S::OneDashOne as u8;
    t[at(S::OneDash, C::TwoToNine)] = S::Square1 as u8;
    t[at(S::OneDash, C::File)] = S::File as u8;
    let squares = [
        S::Digits1,
        S::Digits2,
        S::FirstRank1,
        S::FirstRank2,
        S::OneDashOne,
        S::Square1,
        S::Square2,
        S::GluedDigits1,
        S::GluedDigits2,
    ];
    let mut k = 0;
    while k < squares.len() {
        let mut j = 0;
        while j < 2 {
            t[at(squares[k], SEPARATORS[j])] = S::Separator as u8;
            j += 1;
        }
        k += 1;
    }
    t[at(S::Separator, C::File)] = S::File as u8;
    // A comment holds text but braces and control bytes (white space but form feeds): none of
    // it the parser remarks on, but a line after its first starting with `[` (the parser looks
    // for a tag there).
    t[at(S::Between, C::OpenBrace)] = S::Comment as u8;
    let in_comment = [
        C::Blank,
        C::Zero,
        C::One,
        C::TwoToNine,
        C::Dot,
        C::Dash,
        C::OtherSeparator,
        C::File,
        C::OpenBracket,
        C::Dollar,
        C::Mark,
        C::Text,
        C::High,
    ];
    let mut k = 0;
    while k < in_comment.len() {
        t[at(S::Comment, in_comment[k])] = S::Comment as u8;
        t[at(S::CommentLineStart, in_comment[k])] = S::Comment as u8;
        k += 1;
    }
    t[at(S::Comment, C::LineEnd)] = S::CommentLineStart as u8;
    t[at(S::CommentLineStart, C::LineEnd)] = S::CommentLineStart as u8;
    t[at(S::CommentLineStart, C::Blank)] = S::CommentLineStart as u8;
    t[at(S::CommentLineStart, C::OpenBracket)] = S::StopInside as u8;
    // The parser trims Unicode white space too before looking for a tag: a character outside
    // ASCII keeps the line's start.
    t[at(S::CommentLineStart, C::High)] = S::CommentLineStart as u8;
    t[at(S::Comment, C::CloseBrace)] = S::CommentEnd as u8;
    t[at(S::CommentLineStart, C::CloseBrace)] = S::CommentEnd as u8;
    // Strength marks glued to a move, NAGs glued to a move or its marks or standing alone
    // (`32-28!? $1`, `32-28$1`): a NAG of up to three digits. `1-1` stays the result: with
    // a NAG after it too, the parser reads a result there.
    let moves = [
        S::OneDashOne,
        S::Square1,
        S::Square2,
        S::GapSquare1,
        S::GapSquare2,
    ];
    let mut k = 0;
    while k < moves.len() {
        t[at(moves[k], C::Mark)] = S::Marks as u8;
        if k > 0 {
            t[at(moves[k], C::Dollar)] = S::NagDollar as u8;
        }
        k += 1;
    }
    t[at(S::Marks, C::Mark)] = S::Marks as u8;
    t[at(S::Between, C::Dollar)] = S::NagDollar as u8;
    let nags = [S::Marks, S::Nag1, S::Nag2, S::Nag3];
    let mut k = 0;
    while k < nags.len() {
        t[at(nags[k], C::Dollar)] = S::NagDollar as u8;
        t[at(nags[k], C::Blank)] = S::Between as u8;
        t[at(nags[k], C::LineEnd)] = S::Between as u8;
        k += 1;
    }
    let mut k = 0;
    while k < 3 {
        t[at(S::NagDollar, DIGITS[k])] = S::Nag1 as u8;
        t[at(S::Nag1, DIGITS[k])] = S::Nag2 as u8;
        t[at(S::Nag2, DIGITS[k])] = S::Nag3 as u8;
        k += 1;
    }
    // The fixed-width form: blanks after a separator, then the last square (its digits and
    // the blank ending it are among the transitions above). A word after the blanks is part of
    // the move, so anything else stops it inside, not at a word.
    t[at(S::Separator, C::Blank)] = S::SeparatorBlank as u8;
    t[at(S::OneDash, C::Blank)] = S::SeparatorBlank as u8;
    t[at(S::SeparatorBlank, C::Blank)] = S::SeparatorBlank as u8;
    t
};

/// Transitions by byte: `NEXT[state << 8 | byte]` is the next state, times 256: one lookup
/// a byte.
const NEXT: [u16; 32 << 8] = {
    let mut t = [0; 32 << 8];
    let mut i = 0;
    while i < t.len() {
        let (state, byte) = (i >> 8, i & 0xFF);
        t[i] = (BY_CLASS[state << 5 | CLASS[byte] as usize] as u16) << 8;
        i += 1;
    }
    t
};

/// A tag read by [`tag`].
struct Tag<'a> {
    name: &'a [u8],
    /// Its [`name_key`].
    key: u64,
    /// The value, between its quotes.
    value: Range<usize>,
    /// From its `[` to just after its `]`.
    whole: Range<usize>,
    /// The first byte after the tag.
    end: usize,
    /// The value holds a byte outside ASCII.
    high: bool,
}

/// The tag at `b[i] == '['` (white space or the text's end must follow it, after the literal
/// escapes `notes` lets by).
fn tag(b: &[u8], i: usize, eof: bool, notes: NotesPassed) -> Result<Tag<'_>, Miss> {
    let short = if eof { Miss::Other } else { Miss::Short };
    let at = |j: usize| b.get(j).copied().ok_or(short);
    let name_start = i + 1;
    let after_bracket = &b[name_start..];
    let name_len = name_len_in_vector(after_bracket).unwrap_or_else(|| {
        after_bracket
            .iter()
            .position(|&c| !NAME_BYTE[usize::from(c)])
            .unwrap_or(after_bracket.len())
    });
    let name = &after_bracket[..name_len];
    if !at(name_start)?.is_ascii_uppercase() || name_len > MAX_TAG_NAME {
        return Err(Miss::Other);
    }
    let key = match b.get(name_start..name_start + 8) {
        // The key from one load of the name's first bytes (the name is not empty).
        Some(word) => {
            let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
            let first = name_len.min(7);
            word & (u64::MAX >> (8 * (8 - first))) | (name_len as u64) << 56
        }
        None => name_key(name),
    };
    let mut j = name_start + name_len;
    while matches!(at(j)?, b' ' | b'\t') {
        j += 1;
    }
    if at(j)? != b'"' {
        return Err(Miss::Other);
    }
    j += 1;
    let value_start = j;
    let Some((value_len, high)) = value_extent(&b[j..]) else {
        return Err(short);
    };
    j += value_len;
    if b[j] != b'"' || value_len > MAX_TAG_VALUE {
        return Err(Miss::Other);
    }
    j += 1;
    if at(j)? != b']' {
        return Err(Miss::Other);
    }
    let j = skip_literal_escapes(b, j + 1, eof, notes)?;
    match b.get(j) {
        None if !eof => Err(Miss::Short),
        Some(&c) if !is_blank(c) => Err(Miss::Other),
        _ => Ok(Tag {
            name,
            key,
            value: value_start..value_start + value_len,
            whole: i..value_start + value_len + 2,
            end: j,
            high,
        }),
    }
}

/// Where a tag value at the start of `v` stops, at its closing quote or at a byte the parser
/// would remark on (a control byte or one of `\ [ ] { }`), and whether a byte outside ASCII
/// comes before that. `None` when `v` ends first. (A byte at a time where vectors are missing
/// or the bytes run short.)
fn value_extent(v: &[u8]) -> Option<(usize, bool)> {
    let (done, high) = match value_extent_in_vectors(v) {
        Ok(found) => return Some(found),
        Err(passed) => passed,
    };
    let mut high = high;
    let stop = v[done..]
        .iter()
        .position(|&c| match VALUE_BYTE[usize::from(c)] {
            ValueByte::Plain => false,
            ValueByte::High => {
                high = true;
                false
            }
            ValueByte::Quote | ValueByte::Odd => true,
        })?;
    Some((done + stop, high))
}

/// [`value_extent`] 16 bytes at a time with SSE2; when the bytes run out first, how many were
/// passed and whether a byte outside ASCII was among them.
#[cfg(target_arch = "x86_64")]
fn value_extent_in_vectors(v: &[u8]) -> Result<(usize, bool), (usize, bool)> {
    use safe_arch::{
        bitor_m128i, cmp_eq_mask_i8_m128i, cmp_lt_mask_i8_m128i, m128i, move_mask_i8_m128i,
        set_splat_i8_m128i,
    };
    let mut done = 0;
    let mut high = false;
    while let Some(chunk) = v.get(done..done + 16) {
        let x = m128i::from(<[u8; 16]>::try_from(chunk).expect("16 bytes"));
        let is = |c: u8| cmp_eq_mask_i8_m128i(x, set_splat_i8_m128i(c as i8));
        let specials = bitor_m128i(
            bitor_m128i(
                bitor_m128i(is(b'"'), is(b'\\')),
                bitor_m128i(is(b'['), is(b']')),
            ),
            bitor_m128i(is(b'{'), is(b'}')),
        );
        // Signed, the bytes below a space are the control bytes and those outside ASCII.
        let below_space = move_mask_i8_m128i(cmp_lt_mask_i8_m128i(x, set_splat_i8_m128i(0x20)));
        let outside_ascii = move_mask_i8_m128i(x);
        let stops = (below_space & !outside_ascii) | move_mask_i8_m128i(specials);
        if stops != 0 {
            let at = stops.trailing_zeros();
            let before = (1 << at) - 1;
            return Ok((done + at as usize, high | (outside_ascii & before != 0)));
        }
        high |= outside_ascii != 0;
        done += 16;
    }
    Err((done, high))
}

#[cfg(not(target_arch = "x86_64"))]
fn value_extent_in_vectors(_: &[u8]) -> Result<(usize, bool), (usize, bool)> {
    Err((0, false))
}

/// The length of a tag name at the start of `bytes` when it ends within their first 16, found
/// with SSE2 (a byte at a time, the loop's exit at names of varying length was mispredicted
/// often enough to be one of the check's costliest lines).
#[cfg(target_arch = "x86_64")]
fn name_len_in_vector(bytes: &[u8]) -> Option<usize> {
    use safe_arch::{
        add_i8_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_lt_mask_i8_m128i, m128i,
        move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let chunk = bytes.get(..16)?;
    let x = m128i::from(<[u8; 16]>::try_from(chunk).expect("16 bytes"));
    // A range moved to the bottom of the signed range is below its end there exactly.
    let in_range = |v: m128i, first: u8, len: u8| {
        let moved = add_i8_m128i(v, set_splat_i8_m128i(0x80u8.wrapping_sub(first) as i8));
        cmp_lt_mask_i8_m128i(moved, set_splat_i8_m128i((0x80u8 + len) as i8))
    };
    // Setting bit 5 makes capitals small letters, and no byte outside the letters one.
    let lower = bitor_m128i(x, set_splat_i8_m128i(0x20));
    let name = bitor_m128i(
        bitor_m128i(in_range(x, b'0', 10), in_range(lower, b'a', 26)),
        cmp_eq_mask_i8_m128i(x, set_splat_i8_m128i(b'_' as i8)),
    );
    let outside = !move_mask_i8_m128i(name) & 0xffff;
    (outside != 0).then(|| outside.trailing_zeros() as usize)
}

#[cfg(not(target_arch = "x86_64"))]
fn name_len_in_vector(_: &[u8]) -> Option<usize> {
    None
}

/// The bytes of a tag name after its first: letters, digits and `_`.
const NAME_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    table
};

/// A short key of a tag name (its length and first seven bytes): names with different keys
/// differ, so only names with the same key are compared. (Where bytes follow the name, [`tag`]
/// takes it from one load instead: bytes stored one by one and read back as one word stall
/// the processor.)
fn name_key(name: &[u8]) -> u64 {
    let mut key = [0u8; 8];
    let n = name.len().min(7);
    key[..n].copy_from_slice(&name[..n]);
    // Names are at most MAX_TAG_NAME (255) bytes long.
    key[7] = name.len() as u8;
    u64::from_le_bytes(key)
}

/// What a byte of a tag value is to the plain shape.
#[derive(Clone, Copy)]
enum ValueByte {
    Plain,
    /// Outside ASCII: the game's bytes must then be checked to be UTF-8.
    High,
    /// The closing quote.
    Quote,
    /// A control byte or one of `\ [ ] { }`: left to the parser.
    Odd,
}

const VALUE_BYTE: [ValueByte; 256] = {
    let mut table = [ValueByte::Plain; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = if c >= 0x80 {
            ValueByte::High
        } else if c < b' ' as usize {
            ValueByte::Odd
        } else {
            ValueByte::Plain
        };
        c += 1;
    }
    table[b'"' as usize] = ValueByte::Quote;
    let odd = *b"\\[]{}";
    let mut k = 0;
    while k < odd.len() {
        table[odd[k] as usize] = ValueByte::Odd;
        k += 1;
    }
    table
};

/// The end of the terminator written at `b[i]` (`*`, `2-0`, `0-2`, `1-1`, `1-0`, `0-1`,
/// `0-0`, `1/2-1/2`), when one is there and delimited; [`Miss::Other`] for anything else, a
/// move included.
fn result(b: &[u8], i: usize, eof: bool, notes: NotesPassed) -> Result<usize, Miss> {
    let rest = &b[i..];
    if !eof && rest.len() < LOOKAHEAD {
        return Err(Miss::Short);
    }
    let len = match rest {
        [b'*', ..] => 1,
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => 7,
        [b'2', b'-', b'0', ..]
        | [b'0', b'-', b'2', ..]
        | [b'1', b'-', b'1', ..]
        | [b'1', b'-', b'0', ..]
        | [b'0', b'-', b'1', ..]
        | [b'0', b'-', b'0', ..] => 3,
        _ => return Err(Miss::Other),
    };
    let end = skip_literal_escapes(b, i + len, eof, notes)?;
    match b.get(end) {
        None if !eof => Err(Miss::Short),
        Some(&c) if !is_blank(c) => Err(Miss::Other),
        _ => Ok(end),
    }
}

/// Skips the literal escapes (`\r`, `\n`) at `b[j]` when `notes` lets them by: where the
/// text goes on after them.
fn skip_literal_escapes(
    b: &[u8],
    mut j: usize,
    eof: bool,
    notes: NotesPassed,
) -> Result<usize, Miss> {
    if notes == NotesPassed::LiteralEscapes {
        while let [b'\\', rest @ ..] = &b[j..] {
            match rest.first() {
                Some(b'r' | b'n') => j += 2,
                Some(_) => return Err(Miss::Other),
                None if eof => return Err(Miss::Other),
                None => return Err(Miss::Short),
            }
        }
    }
    Ok(j)
}

fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|&c| is_blank(c)) {
        i += 1;
    }
    i
}

/// The white space of a plain game (no form feed, no literal `\r`: the parser notes those).
fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_text;
    use crate::test_rng::TestRng;

    /// The shortcut's answer, checked against the parser when it recognises the game.
    fn plain(text: &str) -> Option<usize> {
        let moves = plain_mainline_moves(text);
        if let Some(n) = moves {
            let game = parse_text(text).expect("a plain game reads");
            assert!(game.notes.is_empty(), "{text:?}: {:?}", game.notes);
            assert_eq!(game.mainline_moves().count(), n, "{text:?}");
        }
        moves
    }

    #[test]
    fn recognises_the_common_shape() {
        let game = "[Event \"Club, round 2\"]\n[White \"Émile\"]\n[Result \"2-0\"]\n\n\
                    1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 37x28\n\
                    4. 37-32 1-7 5. 41-37 13x22x31x42 2-0\n\n";
        assert_eq!(plain(game), Some(11));
        assert_eq!(plain("1. 32-28 *"), Some(1));
        assert_eq!(plain("  [Event \"\"]\r\n1-1\r\n"), Some(0));
        assert_eq!(plain("1. 1-6 1/2-1/2"), Some(1));
        assert_eq!(plain("1. 1-10 1x1 0-0"), Some(2));
        assert_eq!(plain("1234. 9-14 0-1\n"), Some(1));
        assert_eq!(plain("1. 32-28 1-1"), Some(1));
        assert_eq!(plain("[Event  \"a\"] [Site\t\"b\"] 1. 32-28 *"), Some(1));
        assert_eq!(plain("[FEN \"W:W31:B19\"] *"), Some(0));
        assert_eq!(
            plain("1. c3-d4 f6:h4 2. a3xc5 d6xb4 3. 1-a5 h10-28 *"),
            Some(6)
        );
        // Moves glued to their numbers.
        assert_eq!(
            plain("1.32-28 19-23 2.28x19 14x23 3.c3-d4 4.1-7 1x6 5.1x6 *"),
            Some(8)
        );
        // The fixed-width form: blanks after the separator, before the last square.
        assert_eq!(
            plain("1. 32-28 19-23 2. 28x 19 14- 23 3. 1- 7  7-\t1 4. 10-  4 33-28x 19 *"),
            Some(8)
        );
        // Comments between words, on one line or several (a `[` inside, but not first on a
        // line after the first).
        assert_eq!(
            plain("1. 32-28 {[%clock w1:29:52 B1:28:30]} 19-23 {a 2-0; (b) \"c\" [d]} 2-0"),
            Some(2)
        );
        assert_eq!(plain("{Annotated} 1. {x} c3-d4 {}\t{ 32-28 }\n*"), Some(1));
        assert_eq!(
            plain("{Two\nlines} 1. 32-28 {a [b]\r\n  2-0\n\n1. 33-28\r} 19-23 {\n} *"),
            Some(2)
        );
        assert_eq!(plain("1. 32-28 {a\n b [c] 1-1\n} 1-1"), Some(1));
        assert_eq!(plain("1. 32-28 {é\n\u{a0}éx [c]\n€} 19-23 {Ω} *"), Some(2));
        // Strength marks glued to moves, NAGs glued to them or standing alone.
        assert_eq!(
            plain("1. 32-28! 19-23?! 2. 28x19!!$1 14x23$14 3. c3-d4?$2$255 $1 $0 $999 $07 *"),
            Some(5)
        );
        assert_eq!(
            plain("$1 1. $2 32-28 10- 4!? 28x 19$3 {c}\n$4 2-0"),
            Some(3)
        );
        assert_eq!(plain("1. 1-1! 1.1-1? 1-1!$3 *"), Some(3));
        assert_eq!(plain("[Event \"a\"]\n$1\n1-1"), Some(0));
        // Names alike in their first seven bytes and length are told apart.
        assert_eq!(
            plain("[WhiteTitleA \"x\"]\n[WhiteTitleB \"y\"]\n1. 32-28 *"),
            Some(1)
        );
    }

    #[test]
    fn leaves_everything_else_to_the_parser() {
        for text in [
            // Tags the parser remarks on, or a tag the shortcut does not read.
            "[Event \"a\"]\n[Event \"b\"]\n1. 32-28 *",
            "[Event \"\"]\n[Site \"\"]\n[Date \"\"]\n[Round \"\"]\n[White \"\"]\n[Black \"\"]\n\
             [Result \"*\"]\n[GameType \"20\"]\n[WhiteTitleA \"\"]\n[WhiteTitleA \"\"]\n1. 32-28 *",
            "[event \"a\"]\n1. 32-28 *",
            "[Event a]\n1. 32-28 *",
            "[Event \"a\"]x\n1. 32-28 *",
            "[Event \"a\\\"b\"]\n1. 32-28 *",
            "[Event \"a\"\n1. 32-28 *",
            // No terminator, or text after it.
            "1. 32-28 19-23",
            "1. 32-28 2-0 {done}",
            "1. 32-28 2-0 3. 33-28",
            // Moves, numbers and tokens outside the plain shape.
            "1. 32-28{c} *",
            "1. 32-28 {c}*",
            "1. 32-28 {c}19-23 *",
            "1.{c} 32-28 *",
            "1. 32-28 {a{b} *",
            "1. 32-28 {a\u{c}} *",
            "1. 32-28 {c *",
            "1. 32-28 } *",
            "1. 32-28 {a *\u{1}} *",
            "1. 32- 0-2",
            "1. 32- 28- 2-0",
            "1. 32- 28-1 *",
            "1. 32-\n28 *",
            "1. 32- 28x 19 *",
            "1. c3- d4 *",
            "1. 32- 28.",
            "1. 32- *",
            "1. 32- 1-1",
            "1. 32- 05 *",
            "1. 32- 8- 2-0",
            "1. 32- \n28 *",
            "1. 32-28 (33-28) *",
            // Comments over lines with a tag-like line, unclosed, nested or with bytes the
            // shape leaves out.
            "1. 32-28 {a\n[Event \"x\"]} *",
            "1. 32-28 {a\r\n \t[b} *",
            "1. 32-28 {a\n\n[} *",
            "1. 32-28 {a\n\u{a0}[Event \"x\"]} *",
            "1. 32-28 {a\n\u{2028}\u{85} [b} *",
            "1. 32-28 {a\né[} *",
            "1. 32-28 é *",
            "1. 32-28é *",
            "{\n[Event \"x\"]} 1. 32-28 *",
            "1. 32-28 {a\nb *",
            "1. 32-28 {a\n{b} *",
            "1. 32-28 {a\n}} *",
            "1. 32-28 {a\u{b}b} *",
            "1. 32-28 {a\n\u{c}} *",
            "1. 32-28\n{a\nb}19-23 *",
            // Marks and NAGs the parser remarks on or the shape leaves out.
            "1. 32-28 ! *",
            "1. 32-28 !? 19-23 *",
            "1. 32-28!x *",
            "1. 32-28!. *",
            "1. 32-28(?) *",
            "1. 32-28*",
            "1. 32-28* *",
            "1. 32-28 2-0!",
            "1. 32-28 $ *",
            "1. 32-28 $x *",
            "1. 32-28 $1x *",
            "1. 32-28 $1. *",
            "1. 32-28 $1{c} *",
            "1. 32-28 $1234 *",
            "1. 32-28 $65536 *",
            "1. 32-28 1-1$1",
            "1. 32-28 2-0 $1",
            "1. 32-28$ *",
            "1. $1. 32-28 *",
            "1.$1 32-28 *",
            "1. c3! *",
            "1. 32! *",
            "1! 32-28 *",
            "1. c3d4 *",
            "1. c3 *",
            "1. c3. *",
            "1. C3-D4 *",
            "1. m3-n4 *",
            "1. c0-d1 *",
            "1. 3228 *",
            "1. 05-10 *",
            "1. 100-95 *",
            "1.32 *",
            "1.3 *",
            "1.12. 32-28 *",
            "1.05-10 *",
            "1.1-1",
            "12.2-0",
            "1.1-1 2-0",
            "1...32-28 *",
            "1.32.28 *",
            "1.325-28 *",
            "1... 32-28 *",
            "12345. 32-28 *",
            "1. 32-28\u{c}*",
            "1. 32--28 *",
            "1. 32-28-",
            "32 *",
            "0. 32-28 *",
            "1. 32-28 0.5-0.5",
            "1. 32-28 *\n%escape",
        ] {
            assert_eq!(plain(text), None, "{text:?}");
        }
    }

    /// The automaton alone, a byte at a time: what [`movetext_stop`] must always answer.
    fn stop_byte_by_byte(movetext: &[u8]) -> Stopped {
        let mut state = (State::Between as u16) << 8;
        for (i, &c) in movetext.iter().enumerate() {
            state = step(state, c);
            if state == (State::Stop as u16) << 8 {
                return Stopped::At(i);
            }
            if state == (State::StopInside as u16) << 8 {
                return Stopped::Inside;
            }
        }
        if state == (State::OneDashOne as u16) << 8 {
            Stopped::At(movetext.len())
        } else {
            Stopped::NotYet
        }
    }

    /// Random movetext: mostly numeric moves and move numbers (algebraic moves for half the
    /// seeds), now and then a word at the edge of what the 64-byte blocks pass.
    fn random_movetext(seed: u64) -> Vec<u8> {
        const NUMERIC: [&str; 12] = [
            "7.32-28",
            "32-28",
            "19x30",
            "1-7",
            "10.",
            "7.",
            "46-41",
            "5x14x23",
            "1-10",
            "11:15",
            "1x1",
            "{[%clock w0:59:48 B0:59:55]}",
        ];
        const ALGEBRAIC: [&str; 12] = [
            "7.c3-d4", "c3-d4", "f6:h4", "a1xc3", "10.", "7.", "h10-g9", "d6:b4:d2", "l12-k11",
            "e3-24", "1-c3", "{c3-d4?}",
        ];
        const EDGE: [&str; 83] = [
            "1.1-1",
            "12.2-0",
            "1.05-10",
            "1.325",
            "1.c0-d1",
            "{",
            "}",
            "{a 2-0",
            "{1-1",
            "{a\nb}",
            "{é}",
            "{{}",
            "{}x",
            "x{}",
            "{\u{1}}",
            "{2-0 *}",
            "{ \t}",
            "10- 4",
            "28x  19",
            "1- 7",
            "32- 0-2",
            "32- 28- 2-0",
            "32- 28-1",
            "2- 1-1",
            "32-\t\t28",
            "32- 05",
            "32- 8- 2-0",
            "32- \n28",
            "32- 8-2",
            "1-1",
            "1-1x5",
            "1-0",
            "2-0",
            "0-2",
            "05-10",
            "3228",
            "32",
            "32-28.",
            "1.32",
            "100.",
            "1000.",
            "x",
            "-5",
            "c3-d4",
            "1...",
            "*",
            "12-",
            "1/2-1/2",
            "32--28",
            "1-1-1",
            "9.5",
            "0.",
            "1x",
            "100-95",
            "5-105x9",
            "c3",
            "c3d4",
            "c0-d1",
            "c3-d0",
            "3c-d4",
            "cd-e4",
            "c3-",
            "c3.",
            "3c4-d5",
            "c3-d4e5",
            "m3-n4",
            "c3-d45",
            "c345-d4",
            "1-1c3",
            "c3-1-1",
            "b2-a",
            "a-b2",
            "h",
            "32-28!",
            "19-23?!$1",
            "$12",
            "$1234",
            "{a\n[b}",
            "{a\r\n b\n}",
            "1-1!",
            "1-1$1",
            "!",
            "32-28$",
        ];
        const BLANKS: [&str; 5] = [" ", "\n", "\r\n", "\t", "  "];
        let mut rng = TestRng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut next = |n: usize| rng.below(n);
        let words = 1 + next(200);
        let edge_odds = 1 + next(400);
        let plain = if next(2) == 0 { NUMERIC } else { ALGEBRAIC };
        let mut text = String::new();
        for _ in 0..words {
            let word = if next(edge_odds) == 0 {
                EDGE[next(EDGE.len())]
            } else {
                plain[next(plain.len())]
            };
            text.push_str(word);
            text.push_str(BLANKS[next(BLANKS.len())]);
        }
        text.into_bytes()
    }

    #[test]
    fn blocks_stop_the_automaton_where_it_stops_byte_by_byte() {
        let (mut skipped, mut skipped_algebraic) = (0, 0);
        for seed in 0..20_000 {
            let text = random_movetext(seed);
            let expected = stop_byte_by_byte(&text);
            let shown = String::from_utf8_lossy(&text);
            assert_eq!(movetext_stop(&text, 0), expected, "{shown:?}");
            // After the tags: the blocks start with the first word, judged by the blank
            // before it (the byte before that does not matter).
            for before in [&b"]\n"[..], b"5 ", b"\"]\r\n\n"] {
                let whole = [before, &text].concat();
                assert_eq!(movetext_stop(&whole, before.len()), expected, "{shown:?}");
            }
            if text.len() > 80 && skip_plain_blocks(&text, 2).restart > 2 {
                skipped += 1;
                skipped_algebraic += usize::from(text.iter().any(|c| matches!(c, b'a'..=b'h')));
            }
        }
        // The fast path is taken, so the comparison is not idle.
        assert!(
            skipped > 5_000 && skipped_algebraic > 2_000,
            "{skipped} texts skipped in blocks, {skipped_algebraic} with algebraic moves"
        );
    }

    #[test]
    fn extents_of_plain_games_in_an_archive_read_in_parts() {
        // A comment's lines are its own: one starting at move 1 ends no game.
        let first = "[Event \"a\"]\n[White \"Émile\"]\n1. 32-28 {a [b] 2-0\n1. 33-28 [c]\n}\
                     \n19-23! $1 2-0\n\n";
        let second = "[Event \"b\"]\n1. 32-28 *";
        let archive = format!("{first}{second}");
        let b = archive.as_bytes();
        let whole = Extent::Plain {
            len: first.len(),
            ascii: false,
        };
        assert_eq!(plain_game_extent(b, true, NotesPassed::None), whole);
        assert_eq!(plain_game_extent(b, false, NotesPassed::None), whole);
        // Cut anywhere before the next game's `[`, the answer is not known yet.
        for cut in 0..=first.len() {
            assert_eq!(
                plain_game_extent(&b[..cut], false, NotesPassed::None),
                Extent::Short,
                "{cut}"
            );
        }
        // Text outside ASCII in a comment: the caller checks the bytes are UTF-8.
        let accented = format!("[Event \"a\"]\n1. 32-28 {{café\n}} 2-0\n{second}");
        assert_eq!(
            plain_game_extent(accented.as_bytes(), true, NotesPassed::None),
            Extent::Plain {
                len: accented.len() - second.len(),
                ascii: false
            }
        );
        let last = Extent::Plain {
            len: second.len(),
            ascii: true,
        };
        assert_eq!(
            plain_game_extent(second.as_bytes(), true, NotesPassed::None),
            last
        );
        assert_eq!(
            plain_game_extent(second.as_bytes(), false, NotesPassed::None),
            Extent::Short
        );
        // Not followed by a tag on a new line, or not plain: the splitter decides.
        for text in [
            "1. 32-28 2-0 [Event \"b\"]",
            "1. 32-28 2-0 {c}\n[Event \"b\"]",
            "1. 32-28 2-0 3. 33-28 *",
            "1. 32-28 {c\n[d} 2-0\n[Event \"b\"]",
            "1. 32-28 {c}\n1. 33-28 2-0\n[Event \"b\"]",
            "[Event \"a\"]x 1. 32-28 *\n[Event \"b\"]",
        ] {
            assert_eq!(
                plain_game_extent(text.as_bytes(), false, NotesPassed::None),
                Extent::Other
            );
            assert_eq!(
                plain_game_extent(text.as_bytes(), true, NotesPassed::None),
                Extent::Other
            );
        }
    }

    #[test]
    fn literal_escapes_after_tags_and_the_terminator_are_passed_only_when_let_by() {
        let game = "[Event \"a\"]\\r\n[Site \"b\"]\\r\\n \n1. 32-28 19-23 2-0\\r\n\n";
        let archive = format!("{game}[Event \"c\"]\n1. 32-28 *\n");
        let b = archive.as_bytes();
        let passed = Extent::Plain {
            len: game.len(),
            ascii: true,
        };
        assert_eq!(plain_game_extent(b, true, NotesPassed::None), Extent::Other);
        assert_eq!(
            plain_game_extent(b, false, NotesPassed::LiteralEscapes),
            passed
        );
        // Cut before the next game's `[`, the answer is not known yet (also inside `\r`).
        for cut in 0..=game.len() {
            let extent = plain_game_extent(&b[..cut], false, NotesPassed::LiteralEscapes);
            assert_eq!(extent, Extent::Short, "{cut}");
        }
        // Only `\r` and `\n`, and only right after a tag's `]` or the terminator.
        for text in [
            "[Event \"a\"]\\t\n1. 32-28 *\n",
            "[Event \"a\"]\\r\\\n1. 32-28 *\n",
            "[Event \"a\"]\\rx\n1. 32-28 *\n",
            "[Event \"a\"] \\r\n1. 32-28 *\n",
            "[Event \"a\"]\n1. 32-28\\r 19-23 *\n",
            "[Event \"a\\r\"]\n1. 32-28 *\n",
            "[Event \"a\"]\n1. 32-28 *\\r\\",
        ] {
            let extent = plain_game_extent(text.as_bytes(), true, NotesPassed::LiteralEscapes);
            assert_eq!(extent, Extent::Other, "{text:?}");
        }
        let last = "[Event \"a\"]\\r\n1. 32-28 *\\r";
        let extent = plain_game_extent(last.as_bytes(), true, NotesPassed::LiteralEscapes);
        assert_eq!(
            extent,
            Extent::Plain {
                len: last.len(),
                ascii: true
            }
        );
    }

    #[test]
    fn tag_values_end_where_a_byte_at_a_time_they_would() {
        let one_at_a_time = |v: &[u8]| {
            let stop = v.iter().position(|&c| {
                matches!(
                    VALUE_BYTE[usize::from(c)],
                    ValueByte::Quote | ValueByte::Odd
                )
            })?;
            Some((stop, v[..stop].iter().any(|&c| c >= 0x80)))
        };
        let mut rng = TestRng::new(0x6A09_E667_F3BC_C909);
        const SOME: &[u8] = b"aZ 09\"\\[]{}\t\n\x7f\x80\xc3\xa9\xff";
        for round in 0..20_000 {
            let len = rng.below(60);
            let v: Vec<u8> = (0..len)
                .map(|_| {
                    let r = rng.next_u64();
                    // Mostly plain text, now and then any byte or one of the edges.
                    match r % 40 {
                        0 => (r >> 8) as u8,
                        1 => SOME[(r >> 8) as usize % SOME.len()],
                        _ => b'a' + (r >> 8) as u8 % 26,
                    }
                })
                .collect();
            assert_eq!(value_extent(&v), one_at_a_time(&v), "{round}: {v:?}");
        }
    }

    #[test]
    fn tag_names_end_where_a_byte_at_a_time_they_would() {
        let one_at_a_time = |v: &[u8]| v.iter().position(|&c| !NAME_BYTE[usize::from(c)]);
        // Every byte value after each length of name, and names running past the vector.
        for len in 0..=16 {
            for c in 0..=255u8 {
                let mut v = vec![b'N'; 20];
                v[len] = c;
                let expected = one_at_a_time(&v).filter(|&k| k < 16);
                assert_eq!(name_len_in_vector(&v), expected, "{len} {c}");
            }
        }
        let mut rng = TestRng::new(0xBB67_AE85_84CA_A73B);
        const NAMES: &[u8] = b"azAZ09_@[`{/:";
        for round in 0..20_000 {
            let v: Vec<u8> = (0..rng.below(24))
                .map(|_| NAMES[rng.below(NAMES.len())])
                .collect();
            let expected = one_at_a_time(&v).filter(|&k| k < 16 && v.len() >= 16);
            assert_eq!(name_len_in_vector(&v), expected, "{round}: {v:?}");
        }
    }

    #[test]
    fn tag_keys_from_one_load_are_the_name_keys() {
        let long = "N".repeat(255);
        for name in [
            "A",
            "Event",
            "GameType",
            "WhiteTitle",
            "E_1",
            "ABCDEFG",
            &long,
        ] {
            for after in ["\"x\"] ", " \"x\"]\n", "\t\"\"]"] {
                let text = format!("[{name}{after}");
                let tag = tag(text.as_bytes(), 0, true, NotesPassed::None)
                    .ok()
                    .expect("a tag");
                assert_eq!(tag.key, name_key(name.as_bytes()), "{text:?}");
            }
        }
        // Too near the end of the bytes to load a word.
        let tag = tag(b"[Ab \"\"]", 0, true, NotesPassed::None)
            .ok()
            .expect("a tag");
        assert_eq!(tag.key, name_key(b"Ab"));
    }

    #[test]
    fn the_move_limit_is_the_parser_s() {
        let moves = |n: usize| format!("{} *", vec!["32-28"; n].join(" "));
        assert_eq!(plain(&moves(MAX_MAINLINE_MOVES)), Some(MAX_MAINLINE_MOVES));
        assert_eq!(plain_mainline_moves(&moves(MAX_MAINLINE_MOVES + 1)), None);
        assert!(parse_text(&moves(MAX_MAINLINE_MOVES + 1)).is_err());
    }
}
