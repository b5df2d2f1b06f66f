//! PDN out: normalised text that reads back into the same tree.
//!
//! Form (PDN 3.0 writing style where the standard defines it): one `[Name "value"]` per line with
//! `\"` escaping, a blank line, then the movetext with single spaces, lines wrapped at 80
//! columns between tokens, `N.`/`N...` numbers, strength marks glued to their moves.
//!
//! Normalisation decisions (the round-trip test compares [`outline`](crate::outline)s, which
//! ignore exactly these):
//! - moves lose leading zeros, inner spaces and Unicode dashes (except a move that would read
//!   as a result, `1-1`, which gets one: `01-1`); `X` becomes `x`; a missing
//!   separator (`a3b4`, PDN 1.0 `3228`) stays missing, since only the rules know whether it
//!   was a capture; the caller may substitute any move's text (see [`Writer::with_move_text`]);
//! - move numbers keep their value; one dot stays `N.`, more become `N...`;
//! - `;` comments become `{}` comments unless their text holds a `}`; line ends inside
//!   comments become LF;
//! - junk (text that is no PDN) is written inside a comment (as a `;` comment if it holds a
//!   `}`), so nothing is lost; a tag's broken syntax (missing `[`, `]` or quotes) is repaired;
//! - the terminator is written as read by default (none if there was none, since a missing
//!   terminator is information); [`TerminatorStyle::Star`] gives strict PDN 3.0;
//! - results in the Russian form (`1:0`, `0:1`, `1/2:1/2`), as terminator or Result tag, are
//!   written in the PDN form (`1-0`, `0-1`, `1/2-1/2`); a move's strength mark set apart from
//!   it is glued to it; square letters are written in lower case.

use super::ast::{CommentKind, Game, HeaderItem, Move, Node};
use super::lex;
use super::tags::standard_result_token;

/// Which terminator to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TerminatorStyle {
    /// The terminator as read; nothing when the game had none.
    #[default]
    AsRead,
    /// The terminator as read, and `*` for a game that had none: what a file of several games
    /// needs, since a game without terminator would absorb the next game's leading comments.
    AsReadOrStar,
    /// Always `*` (PDN 3.0: the result lives in the Result tag).
    Star,
}

/// Writer settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// Wrap movetext lines longer than this (tokens are never split).
    pub max_width: usize,
    /// Terminator to write.
    pub terminator: TerminatorStyle,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            max_width: 80,
            terminator: TerminatorStyle::AsRead,
        }
    }
}

type MoveText<'f> = Box<dyn FnMut(&Move<'_>) -> Option<String> + 'f>;

/// Writes games as PDN.
pub struct Writer<'f> {
    options: WriteOptions,
    move_text: Option<MoveText<'f>>,
}

impl Default for Writer<'_> {
    fn default() -> Self {
        Writer::new(WriteOptions::default())
    }
}

impl<'f> Writer<'f> {
    /// A writer with `options`.
    pub fn new(options: WriteOptions) -> Writer<'f> {
        Writer {
            options,
            move_text: None,
        }
    }

    /// Lets `f` choose the text of each move (squares and separators, without strength mark);
    /// `None` keeps the normal form. Moves are identified by their span in the game text.
    pub fn with_move_text(mut self, f: impl FnMut(&Move<'_>) -> Option<String> + 'f) -> Self {
        self.move_text = Some(Box::new(f));
        self
    }

    /// Appends `game` to `out`, ending with a line end.
    pub fn write_game(&mut self, game: &Game<'_>, out: &mut String) {
        for item in &game.header {
            match item {
                HeaderItem::Tag(t) => {
                    out.push('[');
                    out.push_str(t.name);
                    out.push_str(" \"");
                    out.push_str(&tag_value(t.name, &t.value).replace('"', "\\\""));
                    out.push_str("\"]\n");
                }
                HeaderItem::Comment(c) => line(out, &comment_text(c.text, c.kind)),
                HeaderItem::Escape(e) => line(out, &format!("%{}", e.text)),
                HeaderItem::Junk(j) => line(out, &comment_text(j.text, CommentKind::Line)),
            }
        }
        let read = game
            .terminator
            .map(|t| standard_result_token(t.token).unwrap_or(t.token));
        let terminator = match self.options.terminator {
            TerminatorStyle::AsRead => read,
            TerminatorStyle::AsReadOrStar => Some(read.unwrap_or("*")),
            TerminatorStyle::Star => Some("*"),
        };
        if game.body.is_empty() && terminator.is_none() && game.trailer.is_empty() {
            return;
        }
        if !game.header.is_empty() {
            out.push('\n');
        }
        let mut e = Emitter::new(out, self.options.max_width);
        self.nodes(&mut e, &game.body);
        if let Some(t) = terminator {
            e.word(t);
        }
        // Trailing comments stay on the terminator's line: on a line of their own, directly
        // before a next game's tags, they would be read as that game's leading comments. What
        // must go on a later line (an escape, anything after a `;` comment) needs the blank
        // line that [`crate::export::pdn::PdnWriter`] leaves between games to stay here.
        e.wrap = false;
        self.nodes(&mut e, &game.trailer);
        e.finish();
    }

    fn nodes(&mut self, e: &mut Emitter<'_>, nodes: &[Node<'_>]) {
        for node in nodes {
            match node {
                Node::Move(m) => {
                    let mut text = self
                        .move_text
                        .as_mut()
                        .and_then(|f| f(m))
                        .unwrap_or_else(|| m.canonical());
                    let strength = m.strength.unwrap_or("");
                    if strength.is_empty() && lex::result_len(text.as_bytes()).is_some() {
                        // `1-1` glued to text was read as a move; alone it would be a
                        // result. A leading zero keeps it a move (and is dropped on reading).
                        text.insert(0, '0');
                    }
                    text.push_str(strength);
                    e.word(&text);
                }
                Node::UnknownMove(_) => e.word("- -"),
                Node::MoveNumber(n) => {
                    let dots = if n.is_second_mover() { "..." } else { "." };
                    e.word(&format!("{}{dots}", n.number));
                }
                Node::Ellipsis(_) => e.word("..."),
                Node::Comment(c) => e.comment(c.text, c.kind),
                Node::Nag(n) => e.word(&format!("${}", n.value)),
                Node::Variation(v) => {
                    e.open("(");
                    self.nodes(e, &v.nodes);
                    e.close(")");
                }
                Node::Setup(s) => e.word(&format!("/FEN \"{}\"/", s.fen)),
                Node::Escape(x) => e.own_line(&format!("%{}", x.text)),
                Node::Junk(j) => e.comment(j.text, CommentKind::Line),
            }
        }
    }
}

/// Writes one game with default options.
pub fn write_game(game: &Game<'_>) -> String {
    let mut out = String::new();
    Writer::default().write_game(game, &mut out);
    out
}

/// A tag's value as written: a Result in the Russian form in its PDN form.
pub(crate) fn tag_value<'v>(name: &str, value: &'v str) -> &'v str {
    match name {
        "Result" => standard_result_token(value.trim()).unwrap_or(value),
        _ => value,
    }
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}

/// A comment as `{text}`, or `;text` when the text holds a `}` (then it ends its line).
fn comment_text(text: &str, _kind: CommentKind) -> String {
    if text.contains('}') {
        format!(";{}", as_comment_text(text))
    } else {
        format!("{{{}}}", normalise_line_ends(text))
    }
}

/// The text of a comment or junk as written back: line ends as LF, or, in a text holding `}`
/// (written as a line comment, which ends at the line's end), spaces. Only junk can hold both
/// (a `[` … `}` tag found in movetext across lines): a brace comment holds no `}`, a line
/// comment no line end.
pub(crate) fn as_comment_text(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('}') && text.contains(['\n', '\r']) {
        std::borrow::Cow::Owned(normalise_line_ends(text).replace('\n', " "))
    } else {
        normalise_line_ends(text)
    }
}

/// CRLF and lone CR become LF.
pub(crate) fn normalise_line_ends(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\r') {
        std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Lays out movetext words with single spaces, wrapping at the width.
struct Emitter<'o> {
    out: &'o mut String,
    width: usize,
    col: usize,
    glue: bool,
    wrap: bool,
}

impl<'o> Emitter<'o> {
    fn new(out: &'o mut String, width: usize) -> Emitter<'o> {
        Emitter {
            out,
            width,
            col: 0,
            glue: false,
            wrap: true,
        }
    }

    fn word(&mut self, w: &str) {
        let first_line = w.split('\n').next().unwrap_or("");
        if self.col > 0 && !self.glue {
            if self.wrap && self.col + 1 + first_line.chars().count() > self.width {
                self.out.push('\n');
                self.col = 0;
            } else {
                self.out.push(' ');
                self.col += 1;
            }
        }
        self.glue = false;
        self.out.push_str(w);
        match w.rfind('\n') {
            Some(i) => self.col = w[i + 1..].chars().count(),
            None => self.col += w.chars().count(),
        }
    }

    fn open(&mut self, w: &str) {
        self.word(w);
        self.glue = true;
    }

    fn close(&mut self, w: &str) {
        self.glue = true;
        self.word(w);
    }

    fn comment(&mut self, text: &str, kind: CommentKind) {
        let c = comment_text(text, kind);
        if c.starts_with(';') {
            self.word(&c);
            self.end_line();
        } else {
            self.word(&c);
        }
    }

    /// Writes `w` alone on its line (for `%` escapes, which must start a line).
    fn own_line(&mut self, w: &str) {
        self.end_line();
        self.out.push_str(w);
        self.col = 1;
        self.end_line();
    }

    fn end_line(&mut self) {
        if self.col > 0 {
            self.out.push('\n');
            self.col = 0;
        }
        self.glue = false;
    }

    fn finish(&mut self) {
        self.end_line();
    }
}
