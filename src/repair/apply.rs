//! Writing a repair into a game's text: only the moves it changes are touched, each marked with
//! a comment saying what was written, and everything else stays byte for byte.

use pdn::Game;

use super::{Fix, Op, Slip, Suggestion};

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
