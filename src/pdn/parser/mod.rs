//! The PDN parser: one game's text in, a [`Game`] syntax tree out, or a [`SyntaxError`] when
//! the game's structure cannot be recovered.
//!
//! Token grammar lives in [`lex`](crate::pdn::lex) (nom recognisers shared with the splitter);
//! `header` reads the tag section, `movetext` the moves, variations and terminator. Reading is
//! liberal: everything recoverable becomes a note with a span. Fatal are only an unclosed `{`
//! or `(`, a `}` that closes nothing, variations nested deeper than [`MAX_VARIATION_DEPTH`], an
//! oversize game, and a text with neither tags nor moves.

mod cursor;
mod error;
mod header;
mod movetext;

use cursor::Cursor;
use error::Fatal;

use super::ast::{Game, GameLabel, HeaderItem, Node, Terminator};
use super::note::{NoteKind, SyntaxError, SyntaxErrorKind};
use super::raw::RawGame;
use super::span::Span;
use super::tags::result_token_meaning;

/// Deepest variation nesting accepted; deeper games are unreadable.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Parses a game cut by the splitter; its decoding notes come first in the game's notes.
pub fn parse_game(raw: &RawGame) -> Result<Game<'_>, SyntaxError> {
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
    let mut game = parse_text(&raw.text)?;
    if !raw.notes.is_empty() {
        game.notes.splice(0..0, raw.notes.iter().copied());
    }
    Ok(game)
}

/// Event, White and Black of a game's text, read from its tag section even when the game is
/// unreadable (empty when the tag section itself is broken).
pub fn label(text: &str) -> GameLabel {
    let mut c = Cursor::new(text);
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

/// Parses one game's text.
pub fn parse_text(text: &str) -> Result<Game<'_>, SyntaxError> {
    parse(text).map_err(SyntaxError::from)
}

fn parse(text: &str) -> Result<Game<'_>, Fatal> {
    let mut c = Cursor::new(text);
    let mut header = header::header(&mut c)?;
    let mut body = split_off_after_last_tag(&mut header);
    let (mut main, mut terminator) = movetext::nodes(&mut c, 0, 0)?;
    body.append(&mut main);
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
/// `-`): that token is the terminator; comments after it move to the trailer.
fn infer_terminator<'a>(
    game: &mut Game<'a>,
    c: &mut Cursor<'a>,
    trailer: &mut Vec<Node<'a>>,
) -> Option<Terminator<'a>> {
    let result = game.tag("Result")?.trim();
    if result.is_empty() || result_token_meaning(result).is_some() {
        return None;
    }
    let last = game
        .body
        .iter()
        .rposition(|n| !matches!(n, Node::Comment(_) | Node::Escape(_)))?;
    let span = game.body[last].span();
    if span.text(game.text) != result {
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
