//! The PDN parser: one game's text in, a [`Game`] syntax tree out, or a [`SyntaxError`] when
//! the game's structure cannot be recovered.
//!
//! Token grammar lives in [`lex`](crate::lex) (nom recognisers shared with the splitter);
//! `header` reads the tag section, `movetext` the moves, variations and terminator. Reading is
//! liberal: everything recoverable becomes a note with a span. Fatal are only an unclosed `{`
//! or `(`, a `}` that closes nothing, a text with neither tags nor moves, and a game beyond one
//! of the limits of [`ParseOptions`] (or the splitter's maximum game size).
//!
//! The limits sit far above any real game. A game beyond one is unreadable rather than cut
//! short, so nothing is silently dropped or changed; its `SyntaxError` names the limit.

mod cursor;
mod error;
mod head;
mod header;
mod movetext;

use cursor::Cursor;
use error::Fatal;
pub use head::readable_header;

use super::ast::{Game, GameLabel, HeaderItem, Junk, Node, Terminator};
use super::note::{Note, NoteKind, SyntaxError, SyntaxErrorKind};
use super::plain::plain_moves_end;
use super::raw::RawGame;
use super::span::Span;
use super::tags::result_token_meaning;

/// Deepest variation nesting accepted by default. Real games nest a few levels; the JSON of a
/// variation at depth `d` nests `4d + 4` deep, and common JSON readers stop at 128 levels.
pub const MAX_VARIATION_DEPTH: usize = 30;

/// Longest tag name accepted by default, in bytes.
pub const MAX_TAG_NAME: usize = 255;

/// Longest tag value accepted by default, in bytes (after unescaping).
pub const MAX_TAG_VALUE: usize = 64 << 10;

/// Most moves in a game's main line by default (a long real game has a few hundred).
pub const MAX_MAINLINE_MOVES: usize = 10_000;

/// Most moves in a game by default, variations included.
pub const MAX_MOVES: usize = 100_000;

/// The parser's limits. A game beyond one is unreadable, with a [`SyntaxError`] of kind
/// `too-deep`, `tag-too-long` or `too-many-moves`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// Deepest variation nesting.
    pub max_variation_depth: usize,
    /// Longest tag name, in bytes.
    pub max_tag_name: usize,
    /// Longest tag value, in bytes.
    pub max_tag_value: usize,
    /// Most moves in the main line.
    pub max_mainline_moves: usize,
    /// Most moves in all, variations included.
    pub max_moves: usize,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_variation_depth: MAX_VARIATION_DEPTH,
            max_tag_name: MAX_TAG_NAME,
            max_tag_value: MAX_TAG_VALUE,
            max_mainline_moves: MAX_MAINLINE_MOVES,
            max_moves: MAX_MOVES,
        }
    }
}

impl ParseOptions {
    /// No limit but the variation depth (which guards the stack): for reading the labels of
    /// games that are unreadable for another reason.
    pub fn lenient() -> ParseOptions {
        ParseOptions {
            max_tag_name: usize::MAX,
            max_tag_value: usize::MAX,
            max_mainline_moves: usize::MAX,
            max_moves: usize::MAX,
            ..ParseOptions::default()
        }
    }
}

/// Parses a game cut by the splitter with the default limits; its decoding notes come first in
/// the game's notes.
pub fn parse_game(raw: &RawGame) -> Result<Game<'_>, SyntaxError> {
    parse_game_with(raw, &ParseOptions::default())
}

/// Parses a game cut by the splitter with the given limits.
pub fn parse_game_with<'a>(
    raw: &'a RawGame,
    options: &ParseOptions,
) -> Result<Game<'a>, SyntaxError> {
    if let Some(size) = raw.oversize {
        let first_line = raw.text.find(['\n', '\r']).unwrap_or(raw.text.len());
        return Err(SyntaxError {
            kind: SyntaxErrorKind::Oversize,
            span: Span::new(0, first_line),
            message: format!(
                "game of {size} bytes is larger than the maximum game size; skipped to the next \
                 line starting with a tag"
            ),
        });
    }
    let mut game = parse_text_with(&raw.text, options)?;
    if !raw.notes.is_empty() {
        game.notes.splice(0..0, raw.notes.iter().copied());
    }
    Ok(game)
}

/// The notes of a game cut by the splitter whose moves are plain ([`plain_moves_end`]), read
/// from its tags, terminator and what follows it: the notes parsing it whole would give, as
/// such moves add none. `None` when the game must be parsed whole: its moves are not plain,
/// something other than white space follows its last tag, no terminator ends the moves, or
/// the game is unreadable. (A game whose only notes are on its tags or after its terminator,
/// such as a literal `\r` ending every line, then needs no tree to be judged.)
pub(crate) fn notes_around_plain_moves(raw: &RawGame) -> Option<Vec<Note>> {
    if raw.oversize.is_some() {
        return None;
    }
    let mut c = Cursor::new(&raw.text, ParseOptions::default());
    let header = header::header(&mut c).ok()?;
    if !matches!(header.last(), None | Some(HeaderItem::Tag(_))) {
        return None;
    }
    c.pos = plain_moves_end(&raw.text, c.pos)?;
    let terminator = movetext::terminator(&mut c)?;
    movetext::note_result_form(&mut c, &terminator);
    movetext::trailer(&mut c).ok()?;
    c.notes.sort_by_key(|n| n.span.start);
    Some(raw.notes.iter().copied().chain(c.notes).collect())
}

/// Event, White and Black of a game's text, read from its tag section even when the game is
/// unreadable (empty when the tag section itself is broken).
pub fn label(text: &str) -> GameLabel {
    let mut c = Cursor::new(text, ParseOptions::lenient());
    let items = header::header(&mut c).unwrap_or_default();
    let get = |name: &str| {
        items.iter().find_map(|h| match h {
            HeaderItem::Tag(t) if t.name == name => Some(t.value.to_string()),
            _ => None,
        })
    };
    GameLabel {
        event: get("Event"),
        white: get("White"),
        black: get("Black"),
    }
}

/// Parses one game's text with the default limits.
pub fn parse_text(text: &str) -> Result<Game<'_>, SyntaxError> {
    parse_text_with(text, &ParseOptions::default())
}

/// Parses one game's text with the given limits.
pub fn parse_text_with<'a>(text: &'a str, options: &ParseOptions) -> Result<Game<'a>, SyntaxError> {
    parse(text, *options).map_err(SyntaxError::from)
}

fn parse(text: &str, options: ParseOptions) -> Result<Game<'_>, Fatal> {
    let mut c = Cursor::new(text, options);
    let mut header = header::header(&mut c)?;
    let before = split_off_after_last_tag(&mut header);
    let (mut body, mut terminator) = movetext::nodes(&mut c, 0, 0)?;
    // The few nodes after the last tag go in front: appending the main line to them would
    // copy it whole.
    if !before.is_empty() {
        body.splice(0..0, before);
    }
    let mut trailer = match terminator {
        Some(_) => movetext::trailer(&mut c)?,
        None => Vec::new(),
    };
    let mut game = Game {
        text,
        header,
        body,
        terminator: None,
        trailer: Vec::new(),
        notes: Vec::new(),
    };
    if terminator.is_none() {
        terminator = infer_terminator(&mut game, &mut c, &mut trailer);
    }
    check_not_empty(&game, terminator.is_some())?;
    if terminator.is_none() {
        let end = text.trim_end().len();
        c.note(NoteKind::MissingTerminator, end, end);
    }
    game.terminator = terminator;
    game.trailer = trailer;
    c.notes.sort_by_key(|n| n.span.start);
    game.notes = c.notes;
    Ok(game)
}

/// Comments, `%` lines and junk after the last tag belong to the movetext, not the header.
fn split_off_after_last_tag<'a>(header: &mut Vec<HeaderItem<'a>>) -> Vec<Node<'a>> {
    let keep = header
        .iter()
        .rposition(|h| matches!(h, HeaderItem::Tag(_)))
        .map_or(0, |i| i + 1);
    header
        .drain(keep..)
        .map(|h| match h {
            HeaderItem::Comment(c) => Node::Comment(c),
            HeaderItem::Escape(e) => Node::Escape(e),
            HeaderItem::Junk(j) => Node::Junk(j),
            HeaderItem::Tag(_) => unreachable!("tags end before `keep`"),
        })
        .collect()
}

/// A game without terminator whose last token equals its non-standard `Result` tag (`4-6`,
/// `-`): that token is the terminator; comments and junk after it move to the trailer.
fn infer_terminator<'a>(
    game: &mut Game<'a>,
    c: &mut Cursor<'a>,
    trailer: &mut Vec<Node<'a>>,
) -> Option<Terminator<'a>> {
    let result = game.tag("Result")?.trim();
    if result.is_empty() || result_token_meaning(result).is_some() {
        return None;
    }
    // Junk other than the result is written back as a comment, so it is passed over like
    // one: the written game then infers the same terminator.
    let last = game.body.iter().rposition(|n| match n {
        Node::Comment(_) | Node::Escape(_) => false,
        Node::Junk(j) => j.text == result,
        _ => true,
    })?;
    // A strength mark set apart from the token (`4-6 ?!`) is text after the terminator.
    let (span, mark) = match &game.body[last] {
        Node::Move(m) => {
            let text = Span::new(m.span.start as usize, m.span.start as usize + m.text.len());
            let mark = m
                .strength
                .map(|s| Span::new(m.span.end as usize - s.len(), m.span.end as usize));
            (text, mark)
        }
        node => (node.span(), None),
    };
    if span.text(game.text) != result || mark.is_some_and(|m| m.start == span.end) {
        return None;
    }
    // Junk had a note; it is a terminator now.
    c.notes.retain(|n| n.span != span);
    c.note(
        NoteKind::InferredTerminator,
        span.start as usize,
        span.end as usize,
    );
    *trailer = game.body.split_off(last + 1);
    game.body.pop();
    if let Some(mark) = mark {
        c.notes.retain(|n| n.span != mark);
        c.note(NoteKind::Junk, mark.start as usize, mark.end as usize);
        let junk = Junk {
            text: mark.text(game.text),
            span: mark,
        };
        trailer.insert(0, Node::Junk(junk));
    }
    Some(Terminator {
        token: span.text(game.text),
        inferred: true,
        span,
    })
}

/// A game needs a tag or a movetext token (the standard: a game may not be empty).
fn check_not_empty(game: &Game<'_>, terminated: bool) -> Result<(), Fatal> {
    let has_tag = game.tags().next().is_some();
    let has_moves = game
        .body
        .iter()
        .any(|n| !matches!(n, Node::Comment(_) | Node::Escape(_) | Node::Junk(_)));
    if has_tag || has_moves || terminated {
        return Ok(());
    }
    let start = game.text.len() - game.text.trim_start().len();
    Err(Fatal::new(
        SyntaxErrorKind::Empty,
        start,
        game.text.trim_end().len().max(start),
        "neither a tag nor a move: not a game",
    ))
}

#[cfg(test)]
mod tests;
