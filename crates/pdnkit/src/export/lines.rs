//! The movetext of a game as lines of moves, each move with what is attached to it: the
//! replayed ply (when the replay got that far), its NAGs and comments, and the variations that
//! replace it. The JSON exporter prints this; the PDN exporter uses the ply index.
//!
//! Attachment follows PDN practice: a comment, NAG or variation belongs to the move before it;
//! comments before a line's first move belong to the line.

use std::collections::{HashMap, HashSet};

use crate::{Ply, Replayed};
use ::pdn::{self as ast, Node};

/// The plies of a replay (main line and variations), found by the span start of their move.
#[derive(Default)]
pub struct PlyIndex<'g> {
    by_start: HashMap<u32, &'g Ply>,
    /// Move tokens absorbed into the move before them (PDN 1.0 hop-by-hop captures).
    hops: HashSet<u32>,
}

impl<'g> PlyIndex<'g> {
    /// Indexes every ply of `replayed`; `body` is the main line it was replayed from.
    pub fn new(replayed: &'g Replayed, body: &[Node<'_>]) -> PlyIndex<'g> {
        let by_start: HashMap<u32, &Ply> = replayed
            .plies
            .iter()
            .chain(&replayed.variation_plies)
            .map(|p| (p.span.start, p))
            .collect();
        let mut index = PlyIndex {
            by_start,
            hops: HashSet::new(),
        };
        index.find_hops(body);
        index
    }

    /// The ply played for the move written at `m`.
    pub fn ply(&self, m: &ast::Move<'_>) -> Option<&'g Ply> {
        self.by_start.get(&m.span.start).copied()
    }

    /// True for a move token that is a later hop of a capture written hop by hop.
    pub fn is_hop(&self, m: &ast::Move<'_>) -> bool {
        self.hops.contains(&m.span.start)
    }

    fn find_hops(&mut self, nodes: &[Node<'_>]) {
        let mut pending = 0;
        for node in nodes {
            match node {
                Node::Move(m) if pending > 0 => {
                    self.hops.insert(m.span.start);
                    pending -= 1;
                }
                Node::Move(m) => pending = self.ply(m).map_or(0, |p| p.joined),
                Node::Variation(v) => self.find_hops(&v.nodes),
                _ => {}
            }
        }
    }
}

/// A line of movetext: its leading comments and its moves.
#[derive(Default)]
pub struct MoveLine<'g, 'a> {
    /// Comments before the first move.
    pub comments: Vec<&'a str>,
    /// The moves in order.
    pub moves: Vec<Entry<'g, 'a>>,
}

/// A written move and what belongs to it.
pub struct Entry<'g, 'a> {
    /// The move tokens as written (several for a capture written hop by hop); empty for the
    /// unknown move `- -`.
    pub tokens: Vec<&'g ast::Move<'a>>,
    /// The strength mark (`!`, `?!`...).
    pub strength: Option<&'a str>,
    /// The ply played, when the replay reached this move.
    pub ply: Option<&'g Ply>,
    /// Numeric annotation glyphs after the move.
    pub nags: Vec<u16>,
    /// Comments after the move.
    pub comments: Vec<&'a str>,
    /// Variations replacing the move.
    pub variations: Vec<MoveLine<'g, 'a>>,
}

impl Entry<'_, '_> {
    /// The move as written (hops joined by a space; `- -` for the unknown move).
    pub fn written(&self) -> String {
        if self.tokens.is_empty() {
            return "- -".to_string();
        }
        let texts: Vec<&str> = self.tokens.iter().map(|m| m.text).collect();
        texts.join(" ")
    }
}

/// The line of `nodes` with every move's attachments.
pub fn line<'g, 'a>(nodes: &'g [Node<'a>], index: &PlyIndex<'g>) -> MoveLine<'g, 'a> {
    let mut out = MoveLine::default();
    for node in nodes {
        match node {
            Node::Move(m) if index.is_hop(m) => {
                if let Some(last) = out.moves.last_mut() {
                    last.tokens.push(m);
                }
            }
            Node::Move(m) => out.moves.push(entry(vec![m], m.strength, index.ply(m))),
            Node::UnknownMove(_) => out.moves.push(entry(Vec::new(), None, None)),
            Node::Comment(c) => match out.moves.last_mut() {
                Some(last) => last.comments.push(c.text),
                None => out.comments.push(c.text),
            },
            Node::Nag(n) => {
                if let Some(last) = out.moves.last_mut() {
                    last.nags.push(n.value);
                }
            }
            Node::Variation(v) => {
                let variation = line(&v.nodes, index);
                match out.moves.last_mut() {
                    Some(last) => last.variations.push(variation),
                    // A variation before any move has nothing to replace: keep its comments.
                    None => out.comments.extend(variation.comments),
                }
            }
            _ => {}
        }
    }
    out
}

fn entry<'g, 'a>(
    tokens: Vec<&'g ast::Move<'a>>,
    strength: Option<&'a str>,
    ply: Option<&'g Ply>,
) -> Entry<'g, 'a> {
    Entry {
        tokens,
        strength,
        ply,
        nags: Vec::new(),
        comments: Vec::new(),
        variations: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReplayOptions, replay};
    use pdn::RawGame;
    use pdn::parse_game;

    #[test]
    fn comments_nags_and_variations_attach_to_the_move_before_them() {
        let raw = RawGame::from_text(
            "[GameType \"20\"]\n{before} 1. 32-28 {after} $1 19-23 (1... 18-23 {v} 2. 38-32) \
             2. 28x19 *\n",
        );
        let game = parse_game(&raw).unwrap();
        let replayed = replay(&game, &ReplayOptions::default());
        let index = PlyIndex::new(&replayed, &game.body);
        let l = line(&game.body, &index);
        assert_eq!(l.comments, ["before"]);
        assert_eq!(l.moves.len(), 3);
        assert_eq!(
            (l.moves[0].comments.clone(), l.moves[0].nags.clone()),
            (vec!["after"], vec![1])
        );
        let v = &l.moves[1].variations[0];
        assert_eq!(v.moves[0].written(), "18-23");
        assert_eq!(v.moves[0].comments, ["v"]);
        // Variation moves are replayed from the position before the move they replace.
        assert_eq!(v.moves[1].ply.map(|p| (p.ply, p.depth)), Some((3, 1)));
        assert_eq!(l.moves[2].ply.map(|p| p.ply), Some(3));
    }

    #[test]
    fn hops_of_a_pdn1_capture_join_the_move_they_belong_to() {
        let raw = RawGame::from_text(
            "[GameType \"21\"]\n[FEN \"B:W18,27,10:B14,K5\"]\n1. 14x23 23x32 {done} *\n",
        );
        let game = parse_game(&raw).unwrap();
        let replayed = replay(&game, &ReplayOptions::default());
        let index = PlyIndex::new(&replayed, &game.body);
        let l = line(&game.body, &index);
        assert_eq!(l.moves.len(), 1);
        assert_eq!(l.moves[0].written(), "14x23 23x32");
        assert_eq!(l.moves[0].comments, ["done"]);
        assert_eq!(l.moves[0].ply.unwrap().joined, 1);
    }
}
