//! The tag section: tag pairs (tolerating the broken forms real files write; docs/pdn-reading.md), and comments,
//! `%` lines or junk between them. It ends at the first movetext token.

use std::borrow::Cow;

use super::cursor::Cursor;
use super::error::Fatal;
use crate::ast::{HeaderItem, Tag};
use crate::lex::{self, TagEnd, WordClass};
use crate::note::{NoteKind, SyntaxErrorKind};
use crate::span::Span;

/// Reads header items up to the first movetext token.
pub(super) fn header<'a>(c: &mut Cursor<'a>) -> Result<Vec<HeaderItem<'a>>, Fatal> {
    // Headers rarely hold more items than this: allocated once rather than grown.
    let mut items = Vec::with_capacity(16);
    loop {
        c.skip_ws();
        let rest = c.rest();
        let Some(&first) = rest.first() else {
            break;
        };
        let item = match first {
            b'[' => bracket_tag(c),
            b'{' => HeaderItem::Comment(c.comment()?),
            b';' => HeaderItem::Comment(c.line_comment()),
            b'%' if c.at_line_start() => HeaderItem::Escape(c.escape()),
            b'}' => return Err(c.unmatched_brace()),
            _ if starts_movetext(rest) => break,
            b')' => HeaderItem::Junk(c.junk_of(1, NoteKind::StrayParen)),
            _ => match missing_bracket(c) {
                Some(tag) => tag,
                None => HeaderItem::Junk(c.junk(super::movetext::junk_kind(rest))),
            },
        };
        if let HeaderItem::Tag(tag) = &item {
            check_length(c, tag)?;
        }
        items.push(item);
    }
    note_duplicates(c, &items);
    Ok(items)
}

/// A tag whose name or value is longer than the limit makes the game unreadable.
fn check_length(c: &Cursor<'_>, tag: &Tag<'_>) -> Result<(), Fatal> {
    let (what, len, limit) = if tag.name.len() > c.limits.max_tag_name {
        ("name", tag.name.len(), c.limits.max_tag_name)
    } else if tag.value.len() > c.limits.max_tag_value {
        ("value", tag.value.len(), c.limits.max_tag_value)
    } else {
        return Ok(());
    };
    let shown: String = tag.name.chars().take(40).collect();
    let more = if shown.len() < tag.name.len() {
        "..."
    } else {
        ""
    };
    Err(Fatal::new(
        SyntaxErrorKind::TagTooLong,
        tag.span.start as usize,
        tag.span.end as usize,
        format!(
            "tag {what} of {len} bytes (tag `{}{more}`) is longer than {limit} bytes, the most a \
             tag {what} may have",
            shown.escape_debug()
        ),
    ))
}

/// True when the header ends here: a move, number, result, NAG, setup, ellipsis, unknown move
/// or variation.
pub(super) fn starts_movetext(rest: &[u8]) -> bool {
    rest[0] == b'('
        || lex::unknown_move_len(rest).is_some()
        || lex::classify_word(rest).0 != WordClass::Junk
}

/// A tag starting with `[`.
fn bracket_tag<'a>(c: &mut Cursor<'a>) -> HeaderItem<'a> {
    let start = c.pos;
    let (len, end) = lex::tag_extent(c.rest(), true).unwrap_or((1, TagEnd::Eof));
    let inner_end = start + len - usize::from(end == TagEnd::Closed);
    let inner = c.slice(start + 1, inner_end);
    let span = (start, start + len);
    if inner.trim().is_empty() {
        return HeaderItem::Junk(c.junk_of(len, NoteKind::StrayBracket));
    }
    c.pos = start + len;
    if end != TagEnd::Closed {
        c.note(NoteKind::UnclosedTag, span.0, span.1);
    }
    match tag_body(c, inner, span) {
        Some(tag) => HeaderItem::Tag(tag),
        None => {
            // `[Empty]`, `[pdn]`: a name alone. It is a tag for the splitter too, so keeping it
            // as a tag (with an empty value) keeps game boundaries stable when written back.
            c.note(NoteKind::TagWithoutValue, span.0, span.1);
            HeaderItem::Tag(Tag {
                name: inner.trim(),
                value: Cow::Borrowed(""),
                span: Span::new(span.0, span.1),
            })
        }
    }
}

/// A line `Name "value"]` whose `[` is missing, read as a tag.
fn missing_bracket<'a>(c: &mut Cursor<'a>) -> Option<HeaderItem<'a>> {
    if !c.at_line_start() {
        return None;
    }
    let len = lex::missing_bracket_tag(c.rest())?;
    let start = c.pos;
    let inner = c.slice(start, start + len - 1);
    c.pos = start + len;
    c.note(NoteKind::TagMissingBracket, start, start + len);
    tag_body(c, inner, (start, start + len)).map(HeaderItem::Tag)
}

/// Name and value from the text between the brackets; `None` when there is no value (no
/// quote, and a single word).
fn tag_body<'a>(c: &mut Cursor<'a>, inner: &'a str, span: (usize, usize)) -> Option<Tag<'a>> {
    let (name, value) = match inner.find('"') {
        // A quoted value without a name (`["x"]`) is a tag with an empty name: reading the
        // name up to the quote keeps what the writer writes (`[ "x"]`) the same tag.
        Some(q) => (inner[..q].trim(), quoted_value(c, &inner[q + 1..], span)),
        None => {
            let (name, value) = inner.trim().split_once(char::is_whitespace)?;
            c.note(NoteKind::UnquotedTagValue, span.0, span.1);
            (name, Cow::Borrowed(value.trim()))
        }
    };
    if !is_identifier(name) {
        c.note(NoteKind::OddTagName, span.0, span.1);
    }
    Some(Tag {
        name,
        value,
        span: Span::new(span.0, span.1),
    })
}

/// The value after the opening quote: up to the closing quote, `\"` being an escaped quote (the
/// only escape of PDN 3.0). Without a closing quote, the value runs to a final `"]` if there is
/// one (a value ending in a backslash), else to the end.
fn quoted_value<'a>(c: &mut Cursor<'a>, after: &'a str, span: (usize, usize)) -> Cow<'a, str> {
    let b = after.as_bytes();
    let mut i = 0;
    let mut escaped = false;
    while i < b.len() {
        match b[i] {
            b'\\' if b.get(i + 1) == Some(&b'"') => {
                escaped = true;
                i += 1;
            }
            b'"' => return unescape(&after[..i], escaped),
            _ => {}
        }
        i += 1;
    }
    c.note(NoteKind::UnterminatedTagValue, span.0, span.1);
    let trimmed = after.trim_end();
    let raw = trimmed
        .strip_suffix("\"]")
        .or_else(|| trimmed.strip_suffix(']'))
        .unwrap_or(after);
    unescape(raw, escaped && raw.contains("\\\""))
}

fn unescape(raw: &str, escaped: bool) -> Cow<'_, str> {
    if escaped {
        Cow::Owned(raw.replace("\\\"", "\""))
    } else {
        Cow::Borrowed(raw)
    }
}

/// PDN 3.0 identifier: an upper-case letter, then letters, digits or `_`.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn note_duplicates(c: &mut Cursor<'_>, items: &[HeaderItem<'_>]) {
    let tags: Vec<&Tag> = items
        .iter()
        .filter_map(|h| match h {
            HeaderItem::Tag(t) => Some(t),
            _ => None,
        })
        .collect();
    for (i, tag) in tags.iter().enumerate() {
        if tags[..i].iter().any(|t| t.name == tag.name) {
            c.note(
                NoteKind::DuplicateTag,
                tag.span.start as usize,
                tag.span.end as usize,
            );
        }
    }
}
