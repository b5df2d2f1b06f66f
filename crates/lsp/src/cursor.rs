//! What is at a place in a game's text: a tag, a move, a comment, and the position in which a
//! move written there is played (after the last move before it in its line; a variation starts
//! from the position before the move it replaces).

use pdnkit::draughts::Position;
use pdnkit::export::PlyIndex;
use pdnkit::pdn::{Game, HeaderItem, Move, Node, Tag};
use pdnkit::{Ply, Replayed};

/// The tag whose text holds byte `offset` of the game's text (its end included).
pub fn tag_at<'g, 'a>(game: &'g Game<'a>, offset: u32) -> Option<&'g Tag<'a>> {
    game.tags()
        .find(|t| t.span.start <= offset && offset <= t.span.end)
}

/// The move whose text holds byte `offset` (its end included), in any line.
pub fn move_at<'g, 'a>(nodes: &'g [Node<'a>], offset: u32) -> Option<&'g Move<'a>> {
    nodes.iter().find_map(|node| match node {
        Node::Move(m) if m.span.start <= offset && offset <= m.span.end => Some(m),
        Node::Variation(v) if v.span.start < offset && offset < v.span.end => {
            move_at(&v.nodes, offset)
        }
        _ => None,
    })
}

/// True when byte `offset` is inside a comment (not at its edges).
pub fn in_comment(game: &Game<'_>, offset: u32) -> bool {
    let inside = |start: u32, end: u32| start < offset && offset < end;
    let header = game.header.iter().any(|h| match h {
        HeaderItem::Comment(c) => inside(c.span.start, c.span.end),
        _ => false,
    });
    header || nodes_comment(&game.body, offset) || nodes_comment(&game.trailer, offset)
}

fn nodes_comment(nodes: &[Node<'_>], offset: u32) -> bool {
    nodes.iter().any(|node| match node {
        Node::Comment(c) => c.span.start < offset && offset < c.span.end,
        Node::Variation(v) => nodes_comment(&v.nodes, offset),
        _ => false,
    })
}

/// The byte where the movetext starts: past the last item of the tag section.
pub fn movetext_start(game: &Game<'_>) -> u32 {
    game.header
        .iter()
        .map(|h| match h {
            HeaderItem::Tag(t) => t.span.end,
            HeaderItem::Comment(c) => c.span.end,
            HeaderItem::Escape(e) => e.span.end,
            HeaderItem::Junk(j) => j.span.end,
        })
        .max()
        .unwrap_or(0)
}

/// The ply played for the written move `m`.
pub fn ply_of<'r>(replayed: &'r Replayed, game: &Game<'_>, m: &Move<'_>) -> Option<&'r Ply> {
    PlyIndex::new(replayed, &game.body).ply(m)
}

/// The position in which a move written at byte `offset` is played; none where the replay did
/// not get so far.
pub fn position_before(game: &Game<'_>, replayed: &Replayed, offset: u32) -> Option<Position> {
    let index = PlyIndex::new(replayed, &game.body);
    walk(&game.body, replayed.start, offset, &index)
}

fn walk(
    nodes: &[Node<'_>],
    start: Option<Position>,
    offset: u32,
    index: &PlyIndex<'_>,
) -> Option<Position> {
    let mut current = start;
    // The position before the last move: where a variation after it starts.
    let mut before_last = start;
    for node in nodes {
        if node.span().start >= offset {
            break;
        }
        match node {
            Node::Move(m) if index.is_hop(m) => {}
            Node::Move(m) => match index.ply(m) {
                Some(ply) => {
                    before_last = Some(ply.before);
                    current = Some(ply.after);
                }
                None => {
                    before_last = current;
                    current = None;
                }
            },
            Node::UnknownMove(_) => current = None,
            Node::Variation(v) if offset < v.span.end => {
                return walk(&v.nodes, before_last, offset, index);
            }
            _ => {}
        }
    }
    current
}
