//! Writing a repair into a game's text: only the moves it changes are touched, each marked with
//! a comment saying what was written, and everything else stays byte for byte.

use std::collections::HashMap;

use pdn::{Game, MoveNumber, Node};

use super::{Fix, Op, Slip, Suggestion};
use crate::{Ply, Replayed};

/// One change to a game's text: the bytes `start..end` replaced by `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// A main-line move of the line being changed: where it is written (none for a move the
/// repair inserted) and its text now.
#[derive(Clone, Debug)]
struct Slot {
    /// The move's text range and the end of its strength mark.
    at: Option<(usize, usize, usize)>,
    text: String,
}

/// `text` (the game `tree` was read from) with the main-line repair `suggestion` written in;
/// `None` when its changes cannot be written without touching one move twice.
pub fn apply(text: &str, tree: &Game<'_>, suggestion: &Suggestion) -> Option<String> {
    let mut slots: Vec<Slot> = tree
        .mainline_moves()
        .map(|m| {
            let start = m.span.start as usize;
            Slot {
                at: Some((start, start + m.text.len(), m.span.end as usize)),
                text: m.text.to_string(),
            }
        })
        .collect();
    let mut edits: Vec<Edit> = Vec::new();
    for fix in &suggestion.fixes {
        edit(&mut slots, fix, &mut edits)?;
    }
    edits.sort_by_key(|e| (e.start, e.end));
    if edits.windows(2).any(|w| w[0].end > w[1].start) {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut from = 0;
    for e in &edits {
        out.push_str(&text[from..e.start]);
        out.push_str(&e.text);
        from = e.end;
    }
    out.push_str(&text[from..]);
    Some(out)
}

/// The comment that marks a change.
fn mark(what: &str) -> String {
    format!(" {{pdnkit: {what}}}")
}

/// Records the edits of one fix and makes it in `slots`.
fn edit(slots: &mut Vec<Slot>, fix: &Fix, edits: &mut Vec<Edit>) -> Option<()> {
    let replace = |edits: &mut Vec<Edit>, slot: &Slot, text: &str, note: Option<String>| {
        let (start, end, strength_end) = slot.at?;
        edits.push(Edit {
            start,
            end,
            text: text.to_string(),
        });
        if let Some(note) = note {
            edits.push(Edit {
                start: strength_end,
                end: strength_end,
                text: note,
            });
        }
        Some(())
    };
    match &fix.op {
        Op::Replace { at, text } => {
            let slot = slots.get(*at)?.clone();
            let note = mark(&format!("written {}", slot.text));
            replace(edits, &slot, text, Some(note))?;
            slots[*at].text.clone_from(text);
        }
        Op::InsertBefore { at, text } => {
            let (start, ..) = slots.get(*at)?.at?;
            edits.push(Edit {
                start,
                end: start,
                text: format!("{text}{} ", mark("a ply was missing here")),
            });
            slots.insert(
                *at,
                Slot {
                    at: None,
                    text: text.clone(),
                },
            );
        }
        Op::Delete { at } => {
            let slot = slots.get(*at)?.clone();
            let (start, end, strength_end) = slot.at?;
            edits.push(Edit {
                start,
                end: strength_end.max(end),
                text: mark(&format!("left out {}", slot.text))
                    .trim_start()
                    .to_string(),
            });
            slots.remove(*at);
        }
        Op::SwapWithNext { at } => {
            let (first, second) = (slots.get(*at)?.clone(), slots.get(at + 1)?.clone());
            replace(edits, &first, &second.text, None)?;
            let note = mark(&format!("written {} {}", first.text, second.text));
            replace(edits, &second, &first.text, Some(note))?;
            slots.swap(*at, at + 1);
        }
        Op::Rewrite { texts } => {
            if texts.len() != slots.len() {
                return None;
            }
            let why = match fix.slip {
                Slip::BoardMirrored => "rows renumbered from the other end",
                _ => "squares renumbered from the other side",
            };
            for (i, (slot, text)) in slots.iter_mut().zip(texts).enumerate() {
                let note = (i == 0).then(|| mark(&format!("{why}; written {}", slot.text)));
                replace(edits, slot, text, note)?;
                slot.text.clone_from(text);
            }
        }
    }
    Some(())
}

/// `text` (the game `tree` was read from, replayed as `replayed`) with the main line's move
/// numbers made to agree with the moves they stand before, from the first move at or after
/// byte `from` on (a repair that restored, left out or swapped a ply moves every later move's
/// number): a number before a first mover's move is set to its number, one before a second
/// mover's move that disagrees is left out, and, in a game that numbers its moves, a first
/// mover's move without one gets one. Numbers before `from` are left as written.
pub fn renumber(text: &str, tree: &Game<'_>, replayed: &Replayed, from: usize) -> String {
    let Some(config) = replayed.config else {
        return text.to_string();
    };
    let ply_at: HashMap<u32, &Ply> = replayed.plies.iter().map(|p| (p.span.start, p)).collect();
    let numbered = tree.body.iter().any(|n| matches!(n, Node::MoveNumber(_)));
    let mut edits: Vec<Edit> = Vec::new();
    let mut pending: Option<&MoveNumber> = None;
    for node in &tree.body {
        match node {
            Node::MoveNumber(n) => pending = Some(n),
            Node::Move(m) => {
                let number = pending.take();
                let start = m.span.start as usize;
                // A capture written hop by hop: its later hops are no ply of their own.
                let Some(ply) = ply_at.get(&m.span.start) else {
                    continue;
                };
                if start < from {
                    continue;
                }
                let first = ply.side == config.first_mover;
                let wanted = format!("{}.", ply.number);
                match number {
                    // A wrong number before the first mover's move.
                    Some(n) if first && (n.number != ply.number || n.is_second_mover()) => {
                        edits.push(Edit {
                            start: n.span.start as usize,
                            end: n.span.end as usize,
                            text: wanted,
                        });
                    }
                    Some(_) if first => {}
                    // A number before the second mover's move that disagrees, and the blanks
                    // after it.
                    Some(n) if n.number != ply.number => {
                        let end = n.span.end as usize;
                        let blanks = text[end..].len() - text[end..].trim_start().len();
                        edits.push(Edit {
                            start: n.span.start as usize,
                            end: end + blanks,
                            text: String::new(),
                        });
                    }
                    Some(_) => {}
                    None if first && numbered => edits.push(Edit {
                        start,
                        end: start,
                        text: format!("{wanted} "),
                    }),
                    None => {}
                }
            }
            Node::Comment(_) => {}
            _ => pending = None,
        }
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for e in &edits {
        out.push_str(&text[at..e.start]);
        out.push_str(&e.text);
        at = e.end;
    }
    out.push_str(&text[at..]);
    out
}
