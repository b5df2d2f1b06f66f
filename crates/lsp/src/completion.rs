//! Completion: at a move slot, every legal move of the position there, in the game's notation
//! as `convert --to pdn` writes it (short, or the full path where the short form fits several
//! captures), captures first; in the tag section, tag names and the values of GameType,
//! Variant and Result.

use std::cmp::Reverse;

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Range, TextEdit};
use pdnkit::CheckedGame;
use pdnkit::draughts::Variant;
use pdnkit::export::minimal_legal;

use crate::cursor;

/// What is being completed.
#[derive(Debug, PartialEq, Eq)]
pub enum Slot<'t> {
    /// A tag name, of which `typed` is written.
    TagName,
    /// The value of tag `name`.
    TagValue(&'t str),
    /// Anything else: a move where the movetext is.
    Other,
}

/// What the text of the line before the cursor is completing; the bytes typed of the word
/// (to be replaced by the item) are counted back from the cursor.
pub fn slot_and_word(line_before: &str) -> (Slot<'_>, usize) {
    let trimmed = line_before.trim_start();
    let typed = line_before.len()
        - line_before
            .rfind(|c: char| c.is_whitespace() || "(){}[]\".".contains(c))
            .map_or(0, |i| {
                i + line_before[i..].chars().next().map_or(1, char::len_utf8)
            });
    if let Some(rest) = trimmed.strip_prefix('[') {
        if rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return (Slot::TagName, typed);
        }
        let name_end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let after = rest[name_end..].trim_start();
        if let Some(value) = after.strip_prefix('"')
            && !value.contains('"')
        {
            return (Slot::TagValue(&rest[..name_end]), value.len());
        }
    }
    (Slot::Other, typed)
}

/// The items for a tag name or value; `range` is what they replace.
pub fn tag_items(slot: &Slot<'_>, range: Range) -> Vec<CompletionItem> {
    let values: Vec<(String, String)> = match slot {
        Slot::TagName => crate::tags::TAGS
            .iter()
            .map(|(n, m)| (n.to_string(), m.to_string()))
            .collect(),
        Slot::TagValue("GameType") => Variant::ALL
            .iter()
            .filter(|v| v.game_type().number >= 0)
            .map(|v| (v.game_type().number.to_string(), v.name().to_string()))
            .collect(),
        Slot::TagValue("Variant") => Variant::ALL
            .iter()
            .map(|v| {
                (
                    v.name().to_string(),
                    format!("GameType {}", v.game_type().number),
                )
            })
            .collect(),
        Slot::TagValue("Result") => [
            ("1-0", "the first mover wins"),
            ("0-1", "the second mover wins"),
            ("1/2-1/2", "a draw"),
            ("2-0", "the first mover wins (two-point scale)"),
            ("0-2", "the second mover wins (two-point scale)"),
            ("1-1", "a draw (two-point scale)"),
            ("*", "unfinished or unknown"),
        ]
        .iter()
        .map(|(v, m)| (v.to_string(), m.to_string()))
        .collect(),
        _ => Vec::new(),
    };
    values
        .into_iter()
        .enumerate()
        .map(|(i, (label, detail))| CompletionItem {
            kind: Some(if *slot == Slot::TagName {
                CompletionItemKind::PROPERTY
            } else {
                CompletionItemKind::VALUE
            }),
            detail: Some(detail),
            sort_text: Some(format!("{i:04}")),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                range,
                label.clone(),
            ))),
            label,
            ..CompletionItem::default()
        })
        .collect()
}

/// The legal moves at byte `word_start` of a checked game's movetext (where the word being
/// typed starts), captures first (most pieces first); `range` is what they replace. None when
/// the place is no move slot (the tag section, a comment) or the replay did not get there.
pub fn move_items(
    checked: &CheckedGame<'_, '_>,
    word_start: u32,
    range: Range,
) -> Option<Vec<CompletionItem>> {
    let (game, replayed) = (checked.game?, checked.replayed?);
    if word_start < cursor::movetext_start(game) || cursor::in_comment(game, word_start) {
        return None;
    }
    let config = replayed.config.as_ref()?;
    let position = cursor::position_before(game, replayed, word_start)?;
    let mut moves = position.legal_moves();
    moves.sort_by_key(|m| (!m.is_capture(), Reverse(m.captures().len())));
    let names = config.notation.names();
    let mut items: Vec<CompletionItem> = Vec::with_capacity(moves.len());
    for m in &moves {
        let label = minimal_legal(config, &position, m);
        if items.iter().any(|i| i.label == label) {
            continue;
        }
        let detail = if m.is_capture() {
            let taken: Vec<&str> = m.captures().iter().map(|&sq| names.name(sq)).collect();
            format!("takes {}: {}", taken.len(), taken.join(", "))
        } else {
            "quiet move".to_string()
        };
        items.push(CompletionItem {
            kind: Some(CompletionItemKind::VALUE),
            detail: Some(detail),
            sort_text: Some(format!("{:04}", items.len())),
            filter_text: Some(label.clone()),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                range,
                label.clone(),
            ))),
            label,
            ..CompletionItem::default()
        });
    }
    Some(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slot_is_read_from_the_line_before_the_cursor() {
        assert_eq!(slot_and_word("[Gam"), (Slot::TagName, 3));
        assert_eq!(slot_and_word("  ["), (Slot::TagName, 0));
        assert_eq!(
            slot_and_word("[GameType \"2"),
            (Slot::TagValue("GameType"), 1)
        );
        assert_eq!(slot_and_word("[Result \""), (Slot::TagValue("Result"), 0));
        assert_eq!(slot_and_word("[Result \"1-0\"]"), (Slot::Other, 0));
        assert_eq!(slot_and_word("1. 32-28 19-2"), (Slot::Other, 4));
        assert_eq!(slot_and_word("1.32"), (Slot::Other, 2));
        assert_eq!(slot_and_word("1. 32-28 (1... "), (Slot::Other, 0));
    }
}
