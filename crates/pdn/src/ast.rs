//! The syntax tree of one game. Nodes borrow their text from the game (zero-copy) and carry the
//! byte span they came from. Moves are unresolved: square tokens and separators as written;
//! what they mean on a board is decided by the rules layer.
//!
//! Layout of a [`Game`]: `header` (tags, and comments or junk between them), `body` (the main
//! line: moves, numbers, comments, NAGs, variations, setups), the optional `terminator`, and a
//! `trailer` of comments after the terminator. Notes list what the reader tolerated.

use std::borrow::Cow;

use super::lex::{MoveForm, Separator};
use super::note::Note;
use super::span::Span;
use draughts::{Fen, GameType, ParseFenError, ParseGameTypeError, SquareToken};

use super::lex::parse_move_square_bytes;
use super::tags::{ResultToken, VariantTag};
use super::token;

/// One parsed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<'a> {
    /// The game's whole text; every span indexes into it.
    pub text: &'a str,
    /// Tags in order (duplicates kept), with any comments, `%` lines or junk between them.
    pub header: Vec<HeaderItem<'a>>,
    /// The main line, including comments before the first move.
    pub body: Vec<Node<'a>>,
    /// The game terminator (`*` or a result token), when present.
    pub terminator: Option<Terminator<'a>>,
    /// Comments (and junk) after the terminator.
    pub trailer: Vec<Node<'a>>,
    /// What the reader tolerated, in text order (decoding notes first).
    pub notes: Vec<Note>,
}

/// An item of the tag section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderItem<'a> {
    /// A tag pair.
    Tag(Tag<'a>),
    /// A comment among the tags.
    Comment(Comment<'a>),
    /// A `%` escape line among the tags.
    Escape(Escape<'a>),
    /// Text that is no tag (a stray `[`, `[Empty]`...).
    Junk(Junk<'a>),
}

/// A tag pair `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The name as written (may hold spaces or entities in broken files).
    pub name: &'a str,
    /// The value with `\"` unescaped; borrowed unless it had escapes.
    pub value: Cow<'a, str>,
    /// The whole tag, brackets included.
    pub span: Span,
}

/// A movetext node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node<'a> {
    /// A move (`32-28`, `28x19x10`, `c3:e5`).
    Move(Move<'a>),
    /// An unknown move `- -`.
    UnknownMove(Span),
    /// A move number (`12.`, `12...`).
    MoveNumber(MoveNumber),
    /// A free-standing `...` (as in `1. ... 7-12`).
    Ellipsis(Span),
    /// A `{}` or `;` comment.
    Comment(Comment<'a>),
    /// A numeric annotation glyph `$n`.
    Nag(Nag),
    /// A variation `( ... )`; it replaces the last move played before it.
    Variation(Variation<'a>),
    /// A setup command `/FEN "..."/`.
    Setup(Setup<'a>),
    /// A `%` escape line.
    Escape(Escape<'a>),
    /// Text that is no PDN token (see the game's notes for why).
    Junk(Junk<'a>),
}

impl Node<'_> {
    /// The node's span.
    pub fn span(&self) -> Span {
        match self {
            Node::Move(m) => m.span,
            Node::UnknownMove(s) | Node::Ellipsis(s) => *s,
            Node::MoveNumber(n) => n.span,
            Node::Comment(c) => c.span,
            Node::Nag(n) => n.span,
            Node::Variation(v) => v.span,
            Node::Setup(s) => s.span,
            Node::Escape(e) => e.span,
            Node::Junk(j) => j.span,
        }
    }
}

/// A move as written: square tokens joined by separators, and an optional strength mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move<'a> {
    /// The squares and separators as written (`32-28`, `1- 7`, `06x17`), without strength.
    pub text: &'a str,
    /// A strength mark glued to the move: `!`, `?!`, `(?)`, or the star `*` of printed books.
    pub strength: Option<&'a str>,
    /// Number of square tokens (2 or more; the file letter of `cd4` counts as one).
    pub len: u8,
    /// How it is written: squares and separators, PDN 1.0's `3228` (read as `32` and `28`
    /// with no separator), or Russian short notation `cd4` (a file and a square).
    pub form: MoveForm,
    /// The move and its strength mark.
    pub span: Span,
}

impl<'a> Move<'a> {
    /// The squares and the separator before each (`None` for the first).
    #[inline]
    pub fn steps(&self) -> Steps<'a> {
        Steps {
            rest: self.text.as_bytes(),
            previous: None,
            form: self.form,
            squares: token::Squares::new(self.text.as_bytes()),
        }
    }

    /// The square tokens in order.
    #[inline]
    pub fn squares(&self) -> impl Iterator<Item = SquareToken> + 'a {
        self.steps().map(|(_, sq)| sq)
    }

    /// First square.
    pub fn from(&self) -> SquareToken {
        self.squares().next().unwrap_or(SquareToken::Num(0))
    }

    /// Last square.
    pub fn to(&self) -> SquareToken {
        self.squares().last().unwrap_or(SquareToken::Num(0))
    }

    /// The separators between squares, in order.
    #[inline]
    pub fn separators(&self) -> impl Iterator<Item = Separator> + 'a {
        self.steps().filter_map(|(sep, _)| sep)
    }

    /// The move in normal form: squares without leading zeros or spaces, letters in lower
    /// case, `X` written `x`, Unicode dashes written `-`, PDN 1.0's `3228` and Russian short
    /// notation `cd4` kept without separator (no strength mark).
    pub fn canonical(&self) -> String {
        let mut out = String::with_capacity(self.text.len());
        for (sep, sq) in self.steps() {
            if let Some(sep) = sep {
                out.push_str(sep.as_str());
            }
            out.push_str(&sq.to_string());
        }
        out
    }
}

/// Iterator over a move's separators and squares (see [`Move::steps`]).
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    rest: &'a [u8],
    previous: Option<SquareToken>,
    form: MoveForm,
    squares: token::Squares<'a>,
}

impl Iterator for Steps<'_> {
    type Item = (Option<Separator>, SquareToken);

    // Inlined into the replay, which steps through every move's squares more than once: the
    // common form is decoded here, the two rare ones out of line so the call stays small.
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if self.form == MoveForm::Squares {
            self.squares.next()
        } else {
            self.next_rare()
        }
    }
}

impl Steps<'_> {
    #[inline(never)]
    fn next_rare(&mut self) -> Option<(Option<Separator>, SquareToken)> {
        match self.form {
            MoveForm::Squares => self.squares.next(),
            MoveForm::RunTogether => {
                // `3228`: two squares of two digits each.
                let (head, tail) = self.rest.split_at(self.rest.len().min(2));
                let (sq, _) = parse_move_square_bytes(head)?;
                self.rest = tail;
                let sep = self.previous.map(|_| Separator::None);
                self.previous = Some(sq);
                Some((sep, sq))
            }
            MoveForm::FileAndTarget => {
                // `cd4`: the file letter, then the square.
                if self.previous.is_none() {
                    let (&letter, tail) = self.rest.split_first()?;
                    self.rest = tail;
                    let file = SquareToken::File(letter - b'a');
                    self.previous = Some(file);
                    return Some((None, file));
                }
                let (sq, _) = parse_move_square_bytes(self.rest)?;
                self.rest = &[];
                self.previous = Some(sq);
                Some((Some(Separator::None), sq))
            }
        }
    }
}

/// A move number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number (leading zeros dropped).
    pub number: u32,
    /// Dots after it: 1 for the first mover's move, 3 (or any count above 1) for the second's.
    pub dots: u8,
    /// The number and its dots.
    pub span: Span,
}

impl MoveNumber {
    /// True for `N...`: the move that follows is the second mover's.
    pub fn is_second_mover(&self) -> bool {
        self.dots > 1
    }
}

/// How a comment was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `{ ... }`.
    Brace,
    /// `; ...` to the end of the line.
    Line,
}

/// A comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment<'a> {
    /// The text between the delimiters, as written.
    pub text: &'a str,
    /// Braces or line comment.
    pub kind: CommentKind,
    /// The comment with its delimiters.
    pub span: Span,
}

impl<'a> Comment<'a> {
    /// The embedded commands `[%name value]` (clock times, engine output), in order.
    pub fn commands(&self) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        let mut rest = self.text;
        std::iter::from_fn(move || {
            let start = rest.find("[%")?;
            let after = &rest[start + 2..];
            let end = after.find(']')?;
            let inner = &after[..end];
            rest = &after[end + 1..];
            let (name, value) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
            Some((name, value.trim()))
        })
    }
}

/// A numeric annotation glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nag {
    /// The number after `$`.
    pub value: u16,
    /// `$` and digits.
    pub span: Span,
}

/// A variation: an alternative to the last move played before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation<'a> {
    /// Its movetext, possibly holding further variations.
    pub nodes: Vec<Node<'a>>,
    /// From `(` to `)`.
    pub span: Span,
}

/// A setup command `/FEN "..."/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup<'a> {
    /// The FEN text between the quotes.
    pub fen: &'a str,
    /// From the first `/` to the last.
    pub span: Span,
}

impl Setup<'_> {
    /// The FEN, parsed.
    pub fn parse(&self) -> Result<Fen, ParseFenError> {
        Fen::parse(self.fen)
    }
}

/// A `%` escape line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escape<'a> {
    /// The text after `%`.
    pub text: &'a str,
    /// From `%` to the end of the line.
    pub span: Span,
}

/// Text that is not PDN, kept so nothing is lost; the writer puts it in a comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Junk<'a> {
    /// The text.
    pub text: &'a str,
    /// Where it was.
    pub span: Span,
}

/// The game terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terminator<'a> {
    /// `*` or the result token as written.
    pub token: &'a str,
    /// True when a non-standard token was taken as terminator because it equals the Result tag
    /// (`4-6`, `-`).
    pub inferred: bool,
    /// The token.
    pub span: Span,
}

impl<'a> Terminator<'a> {
    /// The token's meaning.
    pub fn result(&self) -> ResultToken<'a> {
        ResultToken::from_tag(self.token)
    }
}

/// Event, White and Black of a game, for naming it in reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameLabel {
    /// The `Event` tag.
    pub event: Option<String>,
    /// The `White` tag.
    pub white: Option<String>,
    /// The `Black` tag.
    pub black: Option<String>,
}

/// Longest tag value shown in a report line; longer ones are cut with `...`.
pub const SHOWN_VALUE: usize = 80;

/// `value` as a report line shows it: at most [`SHOWN_VALUE`] characters, control characters
/// escaped (`\0`, `\u{1b}`) so that no byte of the input reaches a terminal raw.
pub fn shown(value: &str) -> Cow<'_, str> {
    let cut = value.char_indices().nth(SHOWN_VALUE).map(|(i, _)| i);
    let head = &value[..cut.unwrap_or(value.len())];
    if cut.is_none() && !head.chars().any(char::is_control) {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(head.len() + 3);
    for c in head.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    if cut.is_some() {
        out.push_str("...");
    }
    Cow::Owned(out)
}

impl std::fmt::Display for GameLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts = [
            ("Event", &self.event),
            ("White", &self.white),
            ("Black", &self.black),
        ];
        let mut first = true;
        for (name, value) in parts {
            if let Some(v) = value {
                write!(f, "{}{name}: {}", if first { "" } else { ", " }, shown(v))?;
                first = false;
            }
        }
        Ok(())
    }
}

impl<'a> Game<'a> {
    /// The tags in order.
    pub fn tags(&self) -> impl Iterator<Item = &Tag<'a>> {
        self.header.iter().filter_map(|h| match h {
            HeaderItem::Tag(t) => Some(t),
            _ => None,
        })
    }

    /// The value of the first tag called `name` (case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags().find(|t| t.name == name).map(|t| &*t.value)
    }

    /// The `GameType` tag, parsed.
    pub fn game_type(&self) -> Option<Result<GameType, ParseGameTypeError>> {
        self.tag("GameType").map(GameType::parse)
    }

    /// The `FEN` tag, parsed.
    pub fn fen(&self) -> Option<Result<Fen, ParseFenError>> {
        self.tag("FEN").map(Fen::parse)
    }

    /// The `Result` tag, interpreted (any string is accepted).
    pub fn result_tag(&self) -> Option<ResultToken<'_>> {
        self.tag("Result").map(ResultToken::from_tag)
    }

    /// The `Variant` tag (playstrategy, lidraughts), interpreted.
    pub fn variant_tag(&self) -> Option<VariantTag> {
        self.tag("Variant").map(VariantTag::parse)
    }

    /// The moves of the main line, in order (not those inside variations).
    pub fn mainline_moves(&self) -> impl Iterator<Item = &Move<'a>> {
        self.body.iter().filter_map(|n| match n {
            Node::Move(m) => Some(m),
            _ => None,
        })
    }

    /// Event, White and Black, for reports.
    pub fn label(&self) -> GameLabel {
        let get = |n: &str| self.tag(n).map(str::to_string);
        GameLabel {
            event: get("Event"),
            white: get("White"),
            black: get("Black"),
        }
    }
}
