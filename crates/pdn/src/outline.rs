//! A span-free rendering of a game's tree, one node per line: two games that the writer
//! considers equal have equal outlines. Round-trip tests compare `outline(parse(write(g)))`
//! with `outline(g)`; unit tests use it to state expected trees briefly.
//!
//! What it shows: tags (name and value) in order; comments (text, line ends as LF; `{}` and
//! `;` alike); `%` lines; moves in normal form with their strength mark; move numbers (value,
//! and `.` or `...`); ellipses, unknown moves, NAGs, setups, nested variations; the terminator
//! token in its PDN spelling (and whether it was inferred); the trailer. Junk is shown as the comment the writer
//! turns it into. Spans and notes are left out.

use std::fmt::Write;

use super::ast::{Game, HeaderItem, Node};
use super::tags::standard_result_token;
use super::writer::{as_comment_text, normalise_line_ends, tag_value};

/// The outline of `game`.
pub fn outline(game: &Game<'_>) -> String {
    let mut out = String::new();
    for item in &game.header {
        match item {
            HeaderItem::Tag(t) => writeln!(out, "tag {}={:?}", t.name, tag_value(t.name, &t.value)),
            HeaderItem::Comment(c) => writeln!(out, "comment {:?}", normalise_line_ends(c.text)),
            HeaderItem::Escape(e) => writeln!(out, "escape {:?}", e.text),
            HeaderItem::Junk(j) => writeln!(out, "comment {:?}", as_comment_text(j.text)),
        }
        .unwrap_or_default();
    }
    nodes(&mut out, &game.body, 0);
    if let Some(t) = game.terminator {
        let how = if t.inferred { " (inferred)" } else { "" };
        let token = standard_result_token(t.token).unwrap_or(t.token);
        writeln!(out, "end {token}{how}").unwrap_or_default();
    }
    nodes(&mut out, &game.trailer, 0);
    out
}

fn nodes(out: &mut String, nodes: &[Node<'_>], depth: usize) {
    for node in nodes {
        out.extend(std::iter::repeat_n("  ", depth));
        match node {
            Node::Move(m) => writeln!(out, "move {}{}", m.canonical(), m.strength.unwrap_or("")),
            Node::UnknownMove(_) => writeln!(out, "move - -"),
            Node::MoveNumber(n) => {
                let dots = if n.is_second_mover() { "..." } else { "." };
                writeln!(out, "number {}{dots}", n.number)
            }
            Node::Ellipsis(_) => writeln!(out, "ellipsis"),
            Node::Comment(c) => writeln!(out, "comment {:?}", normalise_line_ends(c.text)),
            Node::Nag(n) => writeln!(out, "nag {}", n.value),
            Node::Variation(v) => {
                out.push_str("(\n");
                self::nodes(out, &v.nodes, depth + 1);
                out.extend(std::iter::repeat_n("  ", depth));
                writeln!(out, ")")
            }
            Node::Setup(s) => writeln!(out, "setup {:?}", s.fen),
            Node::Escape(e) => writeln!(out, "escape {:?}", e.text),
            Node::Junk(j) => writeln!(out, "comment {:?}", as_comment_text(j.text)),
        }
        .unwrap_or_default();
    }
}
