//! A game in the plain shape read without a syntax tree: its tags and terminator as the parser
//! reads them, and the words of its movetext one by one, for a pass that plays the moves and
//! needs nothing else of the text (`validate` judging a clean game).
//!
//! Only a game [`plain_head`](super::plain_head) recognises is read here, so every word is a
//! move number, a move (with its strength marks), a NAG or a comment, each as the parser
//! would read it: a shortcut, never a second opinion (`tests/pdn_fast_paths.rs` holds the
//! words to the parser's nodes). NAGs are passed over: no pass that plays the moves needs them.

use std::borrow::Cow;

use draughts::SquareToken;

use super::{NotesPassed, is_blank, plain_head_with, whole_without_note};
use crate::ast::{Comment, CommentKind, Game, HeaderItem, Move, MoveNumber, Node, Tag, Terminator};
use crate::lex::{MoveForm, Separator};
use crate::raw::RawGame;
use crate::span::Span;
use crate::token;

/// A game in the plain shape: the parser would read it without error or note.
#[derive(Clone, Debug)]
pub struct Plain<'a> {
    /// The game's tags and terminator, as the parser reads them, with nothing in its body or
    /// trailer: its moves are the [`Plain::tokens`].
    pub head: Game<'a>,
    /// Where the movetext starts (after the tags and the white space after them).
    moves_start: usize,
    /// Where the terminator starts.
    moves_end: usize,
}

/// Reads `raw` when it is a whole game in the plain shape, decoded without note; `None` when
/// the parser must read it.
pub fn read_plain(raw: &RawGame) -> Option<Plain<'_>> {
    read_plain_into(raw, Vec::with_capacity(12))
}

/// [`read_plain`] with the list `header` (emptied) for the game's tags: a reader of many games
/// passes each game's list on to the next ([`empty_header`]) and allocates it once.
pub fn read_plain_into<'a>(raw: &'a RawGame, header: Vec<HeaderItem<'_>>) -> Option<Plain<'a>> {
    if !whole_without_note(raw) {
        return None;
    }
    let text = raw.text.as_str();
    let b = text.as_bytes();
    let mut header = empty_header(header);
    let head = plain_head_with(b, true, NotesPassed::None, |tag| {
        header.push(HeaderItem::Tag(Tag {
            // The plain shape's tag names and values are ASCII, or whole UTF-8 text.
            name: &text[tag.whole.start + 1..tag.whole.start + 1 + tag.name.len()],
            value: Cow::Borrowed(&text[tag.value.clone()]),
            span: Span::new(tag.whole.start, tag.whole.end),
        }));
    })
    .ok()?;
    if !b[head.after..].iter().all(|&c| is_blank(c)) {
        return None;
    }
    let terminator = Terminator {
        token: &text[head.moves.end..head.after],
        inferred: false,
        span: Span::new(head.moves.end, head.after),
    };
    Some(Plain {
        head: Game {
            text,
            header,
            body: Vec::new(),
            terminator: Some(terminator),
            trailer: Vec::new(),
            notes: Vec::new(),
        },
        moves_start: head.moves.start,
        moves_end: head.moves.end,
    })
}

/// An empty header list holding `header`'s allocation, for another game's text.
pub fn empty_header<'b>(mut header: Vec<HeaderItem<'_>>) -> Vec<HeaderItem<'b>> {
    header.clear();
    // Collecting an emptied list in place keeps its allocation; only the lifetime changes.
    header
        .into_iter()
        .map(|_| unreachable!("the list was emptied"))
        .collect()
}

impl<'a> Plain<'a> {
    /// The words of the movetext, in order, but its NAGs.
    pub fn tokens(&self) -> PlainTokens<'a> {
        PlainTokens {
            text: self.head.text,
            at: self.moves_start,
            end: self.moves_end,
        }
    }
}

/// A word of plain movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlainToken<'a> {
    /// A move number (one dot).
    Number(MoveNumber),
    /// A move.
    Move(PlainMove<'a>),
    /// A comment in braces.
    Comment(Comment<'a>),
}

impl<'a> PlainToken<'a> {
    /// The node the parser reads for this word.
    pub fn node(&self) -> Node<'a> {
        match *self {
            PlainToken::Number(n) => Node::MoveNumber(n),
            PlainToken::Move(m) => Node::Move(m.as_move()),
            PlainToken::Comment(c) => Node::Comment(c),
        }
    }
}

/// A move of plain movetext: squares (`32`, `c3`) joined by `-`, `x` or `:`, the last one
/// perhaps after blanks (the fixed-width `10- 4`), and perhaps strength marks (`32-28!?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainMove<'a> {
    /// The move as written, without its strength marks.
    pub text: &'a str,
    /// Where it starts in the game's text.
    pub start: u32,
    /// Its squares, at least two.
    pub len: u8,
    /// Every separator is `-` (as quiet moves are written).
    pub dashed: bool,
    /// Its first and last squares, when each is a number or a letter and a number of one or
    /// two digits (as [`Self::squares`] reads them).
    ends: Option<(SquareToken, SquareToken)>,
    /// The strength marks glued to it, if any.
    strength: Option<&'a str>,
}

impl<'a> PlainMove<'a> {
    /// The squares in order.
    pub fn squares(&self) -> PlainSquares<'a> {
        PlainSquares {
            squares: token::Squares::new(self.text.as_bytes()),
        }
    }

    /// Its first and last squares (the whole move when it has two), as [`Self::squares`]
    /// reads them, noted while the move was read; `None` for a square of more than two digits
    /// (the caller reads the squares).
    #[inline]
    pub fn ends(&self) -> Option<(SquareToken, SquareToken)> {
        self.ends
    }

    /// The move as the parser reads it.
    pub fn as_move(&self) -> Move<'a> {
        let start = self.start as usize;
        let marks = self.strength.map_or(0, str::len);
        Move {
            text: self.text,
            strength: self.strength,
            len: self.len,
            form: MoveForm::Squares,
            span: Span::new(start, start + self.text.len() + marks),
        }
    }
}

/// The squares of a [`PlainMove`].
#[derive(Clone, Debug)]
pub struct PlainSquares<'a> {
    squares: token::Squares<'a>,
}

impl Iterator for PlainSquares<'_> {
    type Item = SquareToken;

    #[inline]
    fn next(&mut self) -> Option<SquareToken> {
        self.squares.next().map(|(_, square)| square)
    }
}

/// The words of plain movetext ([`Plain::tokens`]).
#[derive(Clone, Debug)]
pub struct PlainTokens<'a> {
    text: &'a str,
    at: usize,
    end: usize,
}

impl<'a> Iterator for PlainTokens<'a> {
    type Item = PlainToken<'a>;

    // Inlined into the caller's loop, so that the word is not passed through memory; the
    // rarer words are read out of line.
    #[inline(always)]
    fn next(&mut self) -> Option<PlainToken<'a>> {
        // The terminator follows the movetext: a byte is there after every word.
        let b = self.text.as_bytes();
        let i = self.word_start(b, self.at)?;
        if let Some(word) = self.common_word(b, i) {
            return Some(word);
        }
        self.other_word(i)
    }
}

impl<'a> PlainTokens<'a> {
    /// The words most movetext is made of, read in one go: a move number of one or two
    /// digits (`12.`), and a move of two numbered squares of one or two digits each (`32-28`,
    /// `28x19`). `None` for anything else, which the general reading takes.
    #[inline(always)]
    fn common_word(&mut self, b: &[u8], start: usize) -> Option<PlainToken<'a>> {
        let digit = |c: u8| c.wrapping_sub(b'0');
        // A byte follows every word (the terminator follows the movetext).
        let d0 = digit(b[start]);
        if d0 > 9 {
            return None;
        }
        let (first, mut i) = match digit(b[start + 1]) {
            d1 @ 0..=9 => (u16::from(d0) * 10 + u16::from(d1), start + 2),
            _ => (u16::from(d0), start + 1),
        };
        let sep = b[i];
        if sep == b'.' {
            self.at = i + 1;
            return Some(PlainToken::Number(MoveNumber {
                number: u32::from(first),
                dots: 1,
                span: Span::new(start, i + 1),
            }));
        }
        if !matches!(sep, b'-' | b'x' | b':') {
            return None;
        }
        let e0 = digit(b[i + 1]);
        if e0 > 9 {
            return None;
        }
        let last = match digit(b[i + 2]) {
            e1 @ 0..=9 => {
                i += 3;
                u16::from(e0) * 10 + u16::from(e1)
            }
            _ => {
                i += 2;
                u16::from(e0)
            }
        };
        // A third digit, a further square, strength marks or a NAG: the general reading. (In
        // plain movetext, the bytes up to a space are blanks.)
        if b[i] > b' ' {
            return None;
        }
        self.at = i;
        Some(PlainToken::Move(PlainMove {
            text: &self.text[start..i],
            start: start as u32,
            len: 2,
            dashed: sep == b'-',
            ends: Some((SquareToken::Num(first), SquareToken::Num(last))),
            strength: None,
        }))
    }

    /// Where the next word starts, from `i` on past blanks; `None`, the words all read, when
    /// the terminator comes first.
    #[inline]
    fn word_start(&mut self, b: &[u8], mut i: usize) -> Option<usize> {
        // The terminator is no blank: the blanks end by `self.end` at the latest. (Between
        // the words of plain movetext, the bytes up to a space are blanks.)
        while b[i] <= b' ' {
            i += 1;
        }
        if i >= self.end {
            self.at = i;
            return None;
        }
        Some(i)
    }

    /// A word that is not one of [`Self::common_word`]'s, at `start`: a comment, or a word the
    /// tokenizer reads (a move number, a move); NAGs are passed over, to the word after them
    /// (`None` when the terminator comes first).
    #[inline(never)]
    fn other_word(&mut self, mut start: usize) -> Option<PlainToken<'a>> {
        let b = self.text.as_bytes();
        if b[start] == b'$' {
            while b[start] == b'$' {
                start = self.word_start(b, skip_nags(b, start))?;
            }
            if let Some(word) = self.common_word(b, start) {
                return Some(word);
            }
        }
        if b[start] == b'{' {
            let close =
                start + memchr::memchr(b'}', &b[start..self.end]).expect("a closed comment");
            self.at = close + 1;
            return Some(PlainToken::Comment(Comment {
                text: &self.text[start + 1..close],
                kind: CommentKind::Brace,
                span: Span::new(start, close + 1),
            }));
        }
        let word = token::scan(&b[start..self.end]);
        if word.number > 0 {
            // A plain move number: up to four digits and one dot.
            let digits = &b[start..start + word.number - 1];
            let number = digits.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0'));
            self.at = start + word.number;
            return Some(PlainToken::Number(MoveNumber {
                number,
                dots: 1,
                span: Span::new(start, self.at),
            }));
        }
        let end = start + word.moves;
        let text = &self.text[start..end];
        let (mut first, mut last, mut dashed) = (None, None, true);
        for (separator, square) in token::Squares::new(text.as_bytes()) {
            first = first.or(Some(square));
            last = Some(square);
            dashed &= matches!(separator, None | Some(Separator::Dash));
        }
        // Strength marks, then the NAGs glued to the move, passed over.
        let marks = b[end..]
            .iter()
            .take_while(|&&c| matches!(c, b'!' | b'?'))
            .count();
        self.at = skip_nags(b, end + marks);
        Some(PlainToken::Move(PlainMove {
            text,
            start: start as u32,
            len: word.squares,
            dashed,
            ends: first.zip(last),
            strength: (marks > 0).then(|| &self.text[end..end + marks]),
        }))
    }
}

/// Past the NAGs glued together at `b[i]` (none when no `$` is there). A blank or the
/// terminator follows them.
fn skip_nags(b: &[u8], mut i: usize) -> usize {
    while b[i] == b'$' {
        i += 1;
        while b[i].is_ascii_digit() {
            i += 1;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games read with one header list passed from game to game read as with a new list each,
    /// and the list is allocated once.
    #[test]
    fn a_header_list_passed_on_reads_as_a_new_one() {
        let games = [
            "[Event \"A\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2-0\n",
            "[Event \"B\"]\n[Site \"S\"]\n[Date \"2026.12.02\"]\n[Result \"*\"]\n\n1. 33-29 *\n",
            "[Event \"C\"]\n\n1. 31-27 *\n",
        ]
        .map(RawGame::from_text);
        let mut header: Vec<HeaderItem<'static>> = Vec::with_capacity(16);
        let buffer = header.as_ptr();
        for raw in &games {
            let plain = read_plain_into(raw, header).expect("a plain game");
            assert_eq!(plain.head, read_plain(raw).expect("a plain game").head);
            assert!(!plain.head.header.is_empty());
            assert_eq!(plain.head.header.as_ptr() as usize, buffer as usize);
            header = empty_header(plain.head.header);
        }
    }
}
