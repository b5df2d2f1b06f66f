//! Movetext: moves, move numbers, comments, NAGs, setups, `%` lines, nested variations (with a
//! depth limit), the terminator, and what may follow it.

use super::cursor::Cursor;
use super::error::Fatal;
use crate::ast::{Move, MoveNumber, Nag, Node, Setup, Terminator, Variation};
use crate::lex::{self, MoveForm, WordClass};
use crate::note::{NoteKind, SyntaxErrorKind};
use crate::span::Span;
use crate::token;

/// Reads nodes until the end of the text or a terminator (depth 0), or the `)` closing the
/// variation opened at `open` (depth > 0).
pub(super) fn nodes<'a>(
    c: &mut Cursor<'a>,
    depth: usize,
    open: usize,
) -> Result<(Vec<Node<'a>>, Option<Terminator<'a>>), Fatal> {
    // About one node per 6 bytes of movetext: reserve once instead of growing a dozen times.
    let mut out = Vec::with_capacity(if depth == 0 { c.rest().len() / 6 } else { 8 });
    loop {
        c.skip_ws();
        let rest = c.rest();
        let Some(&first) = rest.first() else {
            if depth > 0 {
                return Err(Fatal::new(
                    SyntaxErrorKind::UnterminatedVariation,
                    open,
                    open + 1,
                    "variation `(` is never closed",
                ));
            }
            return Ok((out, None));
        };
        match first {
            b'(' if spaced_strength(c, &mut out) => {}
            b'(' => out.push(variation(c, depth)?),
            b')' if depth > 0 => {
                c.pos += 1;
                return Ok((out, None));
            }
            b')' => out.push(Node::Junk(c.junk_of(1, NoteKind::StrayParen))),
            _ => {
                if let Some(term) = terminator(c) {
                    if depth == 0 {
                        note_result_form(c, &term);
                        return Ok((out, Some(term)));
                    }
                    let len = term.span.len();
                    c.pos = term.span.start as usize;
                    out.push(Node::Junk(c.junk_of(len, NoteKind::ResultInVariation)));
                    continue;
                }
                shared(c, &mut out, depth)?;
            }
        }
    }
}

/// Nodes after the terminator: comments and `%` lines; anything else is junk.
pub(super) fn trailer<'a>(c: &mut Cursor<'a>) -> Result<Vec<Node<'a>>, Fatal> {
    let mut out = Vec::new();
    loop {
        c.skip_ws();
        let rest = c.rest();
        let Some(&first) = rest.first() else {
            return Ok(out);
        };
        let node = match first {
            b'{' => Node::Comment(c.comment()?),
            b';' => Node::Comment(c.line_comment()),
            b'%' if c.at_line_start() => Node::Escape(c.escape()),
            b'}' => return Err(c.unmatched_brace()),
            b'[' => tag_junk(c),
            b'(' | b')' => Node::Junk(c.junk_of(1, NoteKind::TextAfterTerminator)),
            _ => {
                let (class, len) = lex::classify_word(rest);
                let kind = match class {
                    WordClass::Junk => NoteKind::Junk,
                    _ => NoteKind::TextAfterTerminator,
                };
                Node::Junk(c.junk_of(len.max(lex::junk_len(rest)), kind))
            }
        };
        out.push(node);
    }
}

/// Tokens that mean the same everywhere in movetext: comments, escapes, NAGs, setups, moves,
/// numbers, junk.
fn shared<'a>(c: &mut Cursor<'a>, out: &mut Vec<Node<'a>>, depth: usize) -> Result<(), Fatal> {
    let rest = c.rest();
    let start = c.pos;
    let node = match rest[0] {
        b'{' => Node::Comment(c.comment()?),
        b';' => Node::Comment(c.line_comment()),
        b'%' if c.at_line_start() => Node::Escape(c.escape()),
        b'%' => Node::Junk(c.junk(NoteKind::MisplacedEscape)),
        b'}' => return Err(c.unmatched_brace()),
        b'[' => tag_junk(c),
        b'$' => match lex::nag(rest) {
            Some((value, n)) => {
                c.pos += n;
                Node::Nag(Nag {
                    value,
                    span: Span::new(start, c.pos),
                })
            }
            None => Node::Junk(c.junk(NoteKind::Junk)),
        },
        b'/' => setup(c).unwrap_or_else(|| Node::Junk(c.junk(NoteKind::Junk))),
        b'-' => match lex::unknown_move_len(rest) {
            Some(n) => {
                c.pos += n;
                Node::UnknownMove(Span::new(start, c.pos))
            }
            None => Node::Junk(c.junk(NoteKind::Junk)),
        },
        b'.' => match lex::ellipsis_len(rest) {
            Some(n) => {
                c.pos += n;
                Node::Ellipsis(Span::new(start, c.pos))
            }
            None if lex::is_delimiter(&rest[1..]) => Node::Junk(c.junk(NoteKind::StrayDot)),
            None => Node::Junk(c.junk(NoteKind::Junk)),
        },
        b'0'..=b'9' | b'a'..=b'l' => return word(c, out, depth),
        b'A'..=b'Z' if c.at_line_start() && lex::missing_bracket_tag(rest).is_some() => {
            let len = lex::missing_bracket_tag(rest).unwrap_or(1);
            Node::Junk(c.junk_of(len, NoteKind::TagInMovetext))
        }
        b'A'..=b'L' => return word(c, out, depth),
        b'!' | b'?' if spaced_strength(c, out) => return Ok(()),
        _ => Node::Junk(c.junk(NoteKind::Junk)),
    };
    out.push(node);
    Ok(())
}

/// A word starting with a digit or a file letter: move number, move, or junk.
fn word<'a>(c: &mut Cursor<'a>, out: &mut Vec<Node<'a>>, depth: usize) -> Result<(), Fatal> {
    let rest = c.rest();
    let start = c.pos;
    let scanned = token::scan(rest);
    if let Some((number, dots, n)) = lex::number_of(rest, &scanned) {
        c.pos += n;
        out.push(Node::MoveNumber(MoveNumber {
            number,
            dots,
            span: Span::new(start, c.pos),
        }));
        return Ok(());
    }
    if let Some(scan) = lex::move_of(rest, &scanned) {
        let end = start + scan.len;
        let strength_len = lex::strength_len(&rest[scan.len..]);
        c.pos = end + strength_len;
        match scan.form {
            MoveForm::RunTogether => c.note(NoteKind::RunTogetherMove, start, end),
            MoveForm::FileAndTarget => c.note(NoteKind::ShortNotation, start, end),
            MoveForm::Squares => {}
        }
        // Only a move of squares may hold an upper-case file letter; the scan saw whether it does.
        if scan.form == MoveForm::Squares && scanned.upper {
            c.note(NoteKind::UpperCaseSquare, start, end);
        }
        c.count_move(depth, Span::new(start, end))?;
        out.push(Node::Move(Move {
            text: c.slice(start, end),
            strength: (strength_len > 0).then(|| c.slice(end, c.pos)),
            len: scan.squares,
            form: scan.form,
            span: Span::new(start, c.pos),
        }));
        if !lex::is_delimiter(c.rest()) {
            out.push(Node::Junk(c.junk(NoteKind::GluedText)));
        }
        return Ok(());
    }
    out.push(Node::Junk(c.junk(junk_kind(rest))));
    Ok(())
}

/// A strength mark standing apart from the move before it (`18-22 !`, `37-32 (?)`), which the
/// PDN 3.0 reading grammar allows: attached to that move, with a note. False (nothing read)
/// when `rest` holds no whole mark or the node before is not a move without a mark.
fn spaced_strength<'a>(c: &mut Cursor<'a>, out: &mut [Node<'a>]) -> bool {
    let rest = c.rest();
    let len = lex::strength_len(rest);
    if len == 0 || rest[0] == b'*' || !lex::is_delimiter(&rest[len..]) {
        return false;
    }
    let Some(Node::Move(m)) = out.last_mut() else {
        return false;
    };
    if m.strength.is_some() {
        return false;
    }
    let start = c.pos;
    c.pos += len;
    m.strength = Some(c.slice(start, c.pos));
    m.span = Span::new(m.span.start as usize, c.pos);
    c.note(NoteKind::SpacedStrength, start, c.pos);
    true
}

/// The note for junk at the start of `rest`: a bare number, or plain junk.
pub(super) fn junk_kind(rest: &[u8]) -> NoteKind {
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 && lex::is_delimiter(&rest[digits..]) {
        NoteKind::BareNumber
    } else {
        NoteKind::Junk
    }
}

/// A variation at `(`.
fn variation<'a>(c: &mut Cursor<'a>, depth: usize) -> Result<Node<'a>, Fatal> {
    let open = c.pos;
    let limit = c.limits.max_variation_depth;
    if depth + 1 > limit {
        return Err(Fatal::new(
            SyntaxErrorKind::TooDeep,
            open,
            open + 1,
            format!("variations nested deeper than {limit} levels, the most a game may have"),
        ));
    }
    c.pos += 1;
    let (nodes, _) = nodes(c, depth + 1, open)?;
    Ok(Node::Variation(Variation {
        nodes,
        span: Span::new(open, c.pos),
    }))
}

/// A result token or a free-standing `*`, delimited.
#[inline]
pub(super) fn terminator<'a>(c: &mut Cursor<'a>) -> Option<Terminator<'a>> {
    let len = lex::result_len(c.rest())?;
    let start = c.pos;
    c.pos += len;
    Some(Terminator {
        token: c.slice(start, c.pos),
        inferred: false,
        span: Span::new(start, c.pos),
    })
}

/// A note for a terminator in the Russian form (`1:0`, `0:1`, `1/2:1/2`).
pub(super) fn note_result_form(c: &mut Cursor<'_>, term: &Terminator<'_>) {
    if term.token.contains(':') {
        let span = term.span;
        c.note(NoteKind::ResultForm, span.start as usize, span.end as usize);
    }
}

/// `/FEN "..."/`, spaces allowed between the parts.
fn setup<'a>(c: &mut Cursor<'a>) -> Option<Node<'a>> {
    let start = c.pos;
    let text = c.text.get(start..)?;
    let after = text.strip_prefix('/')?.trim_start().strip_prefix("FEN")?;
    let after = after.trim_start().strip_prefix('"')?;
    let close = after.find('"')?;
    let fen = &after[..close];
    let tail = after[close + 1..].trim_start().strip_prefix('/')?;
    let end = text.len() - tail.len();
    c.pos = start + end;
    Some(Node::Setup(Setup {
        fen,
        span: Span::new(start, c.pos),
    }))
}

/// A tag inside movetext (the splitter normally starts a new game there): kept as junk.
fn tag_junk<'a>(c: &mut Cursor<'a>) -> Node<'a> {
    let (len, _) = lex::tag_extent(c.rest(), true).unwrap_or((1, lex::TagEnd::Eof));
    Node::Junk(c.junk_of(len, NoteKind::TagInMovetext))
}
