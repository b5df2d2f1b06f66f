//! Editing a game's tags and nothing else (`pdnkit tags`): the text of the game is kept byte
//! for byte but for the tags an edit touches, and within a tag only the part that changes (its
//! name, or the value between its quotes). Each change is listed.
//!
//! The edits, in the order they are made on each game: tags removed, renamed, set; White and
//! Black read through the alias table; the Date written `YYYY.MM.DD` (only a date written with
//! numbers alone: a range or a date in words is left as it is); PlyCount set to the main-line
//! moves written; Result set to the result the rules gave a game they ended (never from the
//! terminator alone); GameType added from the variant the game was read as, where it has none.
//!
//! ```
//! use pdnkit::tags::{TagEdits, edit_tags};
//! use pdnkit::{ReplayOptions, check_game};
//!
//! let raw = pdnkit::pdn::RawGame::from_text(
//!     "[Event \"Open\"]\n[Date \"09.07.2007\"]\n[Round \"1\"]\n1. 32-28 *",
//! );
//! let edits = TagEdits {
//!     dates: true,
//!     remove: vec!["Round".to_string()],
//!     set: vec![("Site".to_string(), "Allinges".to_string())],
//!     ..TagEdits::default()
//! };
//! let edited = check_game("a.pdn", &raw, &ReplayOptions::default(), |g| edit_tags(g, &edits));
//! assert_eq!(
//!     edited.text,
//!     "[Event \"Open\"]\n[Date \"2007.07.09\"]\n[Site \"Allinges\"]\n1. 32-28 *"
//! );
//! assert_eq!(edited.changes.len(), 3);
//! ```

use std::sync::Arc;

use serde::Serialize;

use crate::CheckedGame;
use crate::export::variant_tags;
use crate::filter::PartialDate;
use crate::players::Aliases;
use crate::repair::rules_result;

/// The edits asked for.
#[derive(Clone, Debug, Default)]
pub struct TagEdits {
    /// Tags set to a value (added where missing).
    pub set: Vec<(String, String)>,
    /// Tags renamed (old name, new name).
    pub rename: Vec<(String, String)>,
    /// Tags removed (every tag of the name).
    pub remove: Vec<String>,
    /// White and Black written as the table names each spelling.
    pub aliases: Option<Arc<Aliases>>,
    /// The Date tag written `YYYY.MM.DD` (`??` for a part not known).
    pub dates: bool,
    /// PlyCount set to the moves of the main line.
    pub plycount: bool,
    /// Result set where the rules ended the game.
    pub result: bool,
    /// GameType added from the variant the game was read as.
    pub gametype: bool,
}

/// One change made to a tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TagChange {
    /// The game's number in its file.
    pub game: u64,
    /// The line of the tag in the file (for a tag added, the line it is added after or on).
    pub line: u32,
    /// The tag's name (the new name, for a tag renamed).
    pub tag: String,
    /// What was written (the old name for a rename; empty for a tag added).
    pub old: String,
    /// What is written now (empty for a tag removed).
    pub new: String,
    /// `set`, `rename`, `remove`, `aliases`, `dates`, `plycount`, `result` or `gametype`.
    pub kind: &'static str,
}

/// The columns of the changes' CSV, in order (the file first).
pub const CHANGES_HEADER: [&str; 7] = ["file", "game", "line", "tag", "old", "new", "kind"];

/// A game with its tags edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retagged {
    /// The game's text: as it was when nothing changed.
    pub text: String,
    /// The changes, in order.
    pub changes: Vec<TagChange>,
}

/// A tag of the game as the edits see it.
struct Slot {
    /// Where the tag is in the text.
    start: usize,
    end: usize,
    /// Where its name is.
    name_at: (usize, usize),
    /// Where its value is, between the quotes (none when the tag has no quotes).
    value_at: Option<(usize, usize)>,
    name: String,
    value: String,
    renamed: bool,
    revalued: bool,
    removed: bool,
}

/// What the edits make of one checked game: its text with the tags changed. An unreadable
/// game is given back as it was.
pub fn edit_tags(game: &CheckedGame<'_, '_>, edits: &TagEdits) -> Retagged {
    let text = &game.raw.text;
    let Some(tree) = game.game else {
        return Retagged {
            text: text.clone(),
            changes: Vec::new(),
        };
    };
    let mut slots: Vec<Slot> = tree.tags().map(|t| slot(text, t)).collect();
    let mut added: Vec<(String, String, &'static str)> = Vec::new();
    let mut changes: Vec<(usize, TagChange)> = Vec::new();
    let line = |offset: usize| game.raw.position(offset as u32).line;
    let number = game.record.game;
    let mut change = |at: usize, tag: &str, old: &str, new: &str, kind: &'static str| {
        changes.push((
            at,
            TagChange {
                game: number,
                line: line(at),
                tag: tag.to_string(),
                old: old.to_string(),
                new: new.to_string(),
                kind,
            },
        ));
    };
    for name in &edits.remove {
        for s in slots.iter_mut().filter(|s| !s.removed && s.name == *name) {
            s.removed = true;
            change(s.start, name, &s.value, "", "remove");
        }
    }
    for (old, new) in &edits.rename {
        for s in slots.iter_mut().filter(|s| !s.removed && s.name == *old) {
            s.name = new.clone();
            s.renamed = true;
            change(s.start, new, old, new, "rename");
        }
    }
    let mut wanted: Vec<(String, String, &'static str)> = Vec::new();
    wanted.extend(edits.set.iter().map(|(t, v)| (t.clone(), v.clone(), "set")));
    if let Some(aliases) = &edits.aliases {
        for side in ["White", "Black"] {
            if let Some(s) = live(&slots, side)
                && let Some(name) = aliases.name_of(&s.value)
            {
                wanted.push((side.to_string(), name.to_string(), "aliases"));
            }
        }
    }
    if edits.dates
        && let Some(s) = live(&slots, "Date")
        && let Some(d) = numeric_date(&s.value)
    {
        wanted.push(("Date".to_string(), d, "dates"));
    }
    if edits.plycount && game.replayed.is_some() {
        let plies = game.record.plies.to_string();
        wanted.push(("PlyCount".to_string(), plies, "plycount"));
    }
    if edits.result
        && let Some(r) = game.replayed
        && let Some(result) = rules_result(tree, r)
    {
        let same = live(&slots, "Result").is_some_and(|s| {
            let said = pdn::ResultToken::from_tag(&s.value).outcome;
            said.is_some() && said == pdn::ResultToken::from_tag(&result).outcome
        });
        if !same {
            wanted.push(("Result".to_string(), result, "result"));
        }
    }
    if edits.gametype
        && live(&slots, "GameType").is_none()
        && let Some(config) = game.config()
    {
        for (tag, value) in variant_tags(config) {
            if live(&slots, tag).is_none() {
                wanted.push((tag.to_string(), value, "gametype"));
            }
        }
    }
    // Tags added go after the last tag kept (before the first one when none is kept).
    let last_end = slots.iter().filter(|s| !s.removed).map(|s| s.end).max();
    for (tag, value, kind) in wanted {
        match slots.iter_mut().find(|s| !s.removed && s.name == tag) {
            Some(s) if s.value == value || s.value_at.is_none() => {}
            Some(s) => {
                change(s.start, &tag, &s.value, &value, kind);
                s.value = value;
                s.revalued = true;
            }
            None => match added.iter_mut().find(|(t, _, _)| *t == tag) {
                Some(a) => a.1 = value,
                None => {
                    change(last_end.unwrap_or(0), &tag, "", &value, kind);
                    added.push((tag, value, kind));
                }
            },
        }
    }
    changes.sort_by_key(|(at, _)| *at);
    Retagged {
        text: written(text, &slots, &added, last_end),
        changes: changes.into_iter().map(|(_, c)| c).collect(),
    }
}

/// The first tag of `name` not removed.
fn live<'s>(slots: &'s [Slot], name: &str) -> Option<&'s Slot> {
    slots.iter().find(|s| !s.removed && s.name == name)
}

/// Where a tag's parts are in `text`.
fn slot(text: &str, tag: &pdn::Tag<'_>) -> Slot {
    let (start, end) = (tag.span.start as usize, tag.span.end as usize);
    let inside = &text[start..end];
    // The name is a slice of the text (pointer arithmetic would do; searching keeps it simple).
    let name_start = start + inside.find(tag.name).unwrap_or(1);
    let first_quote = text[name_start + tag.name.len()..end]
        .find('"')
        .map(|i| name_start + tag.name.len() + i);
    let last_quote = text[start..end].rfind('"').map(|i| start + i);
    let value_at = match (first_quote, last_quote) {
        (Some(a), Some(b)) if b > a => Some((a + 1, b)),
        _ => None,
    };
    Slot {
        start,
        end,
        name_at: (name_start, name_start + tag.name.len()),
        value_at,
        name: tag.name.to_string(),
        value: tag.value.to_string(),
        renamed: false,
        revalued: false,
        removed: false,
    }
}

/// The text with the slots' changes made and the tags added after the last tag.
fn written(
    text: &str,
    slots: &[Slot],
    added: &[(String, String, &'static str)],
    last_end: Option<usize>,
) -> String {
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for s in slots {
        if s.removed {
            let (a, b) = whole_line(text, s.start, s.end);
            edits.push((a, b, String::new()));
            continue;
        }
        if s.renamed {
            edits.push((s.name_at.0, s.name_at.1, s.name.clone()));
        }
        if s.revalued
            && let Some((a, b)) = s.value_at
        {
            edits.push((a, b, escaped(&s.value)));
        }
    }
    if !added.is_empty() {
        let lines: Vec<String> = added
            .iter()
            .map(|(t, v, _)| format!("[{t} \"{}\"]", escaped(v)))
            .collect();
        match last_end {
            Some(end) => edits.push((end, end, format!("{eol}{}", lines.join(eol)))),
            None => edits.push((0, 0, format!("{}{eol}", lines.join(eol)))),
        }
    }
    edits.sort_by_key(|e| std::cmp::Reverse((e.0, e.1)));
    let mut out = text.to_string();
    for (a, b, with) in edits {
        out.replace_range(a..b, &with);
    }
    out
}

/// The bytes to take out with a tag: its whole line, end included, when the tag is alone on
/// it, else the tag alone.
fn whole_line(text: &str, start: usize, end: usize) -> (usize, usize) {
    let before = &text[..start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let after = &text[end..];
    let line_end = after.find('\n').map_or(text.len(), |i| end + i + 1);
    let blank = |s: &str| {
        s.chars()
            .all(|c| c == ' ' || c == '\t' || c == '\r' || c == '\n')
    };
    if blank(&text[line_start..start]) && blank(&text[end..line_end]) {
        (line_start, line_end)
    } else {
        (start, end)
    }
}

/// A value as a tag writes it: `\` and `"` escaped.
fn escaped(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A date written with numbers alone (`09.07.2007`, `2024-12-13`, `1970.4.2`, `2003.03.??`)
/// as `YYYY.MM.DD`; `None` for anything else (a range, words, a date already so written).
pub fn numeric_date(value: &str) -> Option<String> {
    let v = value.trim();
    let parts: Vec<&str> = v.split(['.', '-', '/']).collect();
    let numeric = |p: &&str| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit() || c == '?');
    if parts.len() > 3 || !parts.iter().all(numeric) {
        return None;
    }
    // A year of two digits says no century.
    if !parts.iter().any(|p| p.len() == 4) {
        return None;
    }
    let date = PartialDate::parse_tag(v)?;
    let written = date.pdn();
    (written != value).then_some(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReplayOptions, check_game};

    fn edit(text: &str, edits: &TagEdits) -> Retagged {
        let raw = pdn::RawGame::from_text(text);
        check_game("t.pdn", &raw, &ReplayOptions::default(), |g| {
            edit_tags(g, edits)
        })
    }

    #[test]
    fn dates_written_with_numbers_are_normalised() {
        assert_eq!(numeric_date("09.07.2007").as_deref(), Some("2007.07.09"));
        assert_eq!(numeric_date("2024-12-13").as_deref(), Some("2024.12.13"));
        assert_eq!(numeric_date("1970.4.2").as_deref(), Some("1970.04.02"));
        assert_eq!(numeric_date("1841-??-??").as_deref(), Some("1841.??.??"));
        for left in [
            "2003.05.23",
            "2004.10.27 - 2004.11.01",
            "17 april 2009",
            "03.07.20",
            "?",
        ] {
            assert_eq!(numeric_date(left), None, "{left}");
        }
    }

    #[test]
    fn only_the_tags_touched_change() {
        let text = "[Event  \"Open\"]\r\n  [Round \"3\"] [White \"NOWICKI P.\"]\r\n[Black \"a\\\"b\"]\r\n\r\n1. 32-28 {x} 19-23 *\r\n";
        let table = "name,spellings\nNowicki Piotr,NOWICKI P.\n";
        let edits = TagEdits {
            rename: vec![("Event".into(), "Tournament".into())],
            remove: vec!["Round".into()],
            set: vec![
                ("Black".into(), "Kowalski \"Jan\"".into()),
                ("Site".into(), "Łódź".into()),
            ],
            aliases: Some(Arc::new(Aliases::from_csv(table.as_bytes()).unwrap())),
            ..TagEdits::default()
        };
        let out = edit(text, &edits);
        assert_eq!(
            out.text,
            // Round shared its line: the tag alone goes, the spaces around it stay.
            "[Tournament  \"Open\"]\r\n   [White \"Nowicki Piotr\"]\r\n[Black \"Kowalski \\\"Jan\\\"\"]\r\n[Site \"Łódź\"]\r\n\r\n1. 32-28 {x} 19-23 *\r\n"
        );
        let kinds: Vec<&str> = out.changes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, ["rename", "remove", "aliases", "set", "set"]);
        assert_eq!(out.changes[2].line, 2);
        // Nothing asked, nothing changed.
        assert_eq!(edit(text, &TagEdits::default()).text, text);
    }

    #[test]
    fn results_only_where_the_rules_ended_the_game() {
        // White takes Black's last man.
        let won = "[GameType \"20\"]\n[FEN \"W:W28:B23\"]\n[Result \"*\"]\n1. 28x19 *";
        let edits = TagEdits {
            result: true,
            plycount: true,
            ..TagEdits::default()
        };
        let out = edit(won, &edits);
        assert!(
            out.text.contains("[Result \"2-0\"]") || out.text.contains("[Result \"1-0\"]"),
            "{}",
            out.text
        );
        assert!(out.text.contains("[PlyCount \"1\"]"), "{}", out.text);
        let open = "[GameType \"20\"]\n[Result \"1-0\"]\n1. 32-28 1-0";
        let out = edit(open, &edits);
        assert!(out.text.contains("[Result \"1-0\"]"));
        assert!(out.changes.iter().all(|c| c.kind != "result"));
    }

    #[test]
    fn gametype_added_where_missing() {
        let edits = TagEdits {
            gametype: true,
            ..TagEdits::default()
        };
        let out = edit("[Event \"x\"]\n1. 32-28 *", &edits);
        assert!(
            out.text.starts_with("[Event \"x\"]\n[GameType \"20\"]\n1."),
            "{}",
            out.text
        );
        let tagged = "[GameType \"25\"]\n1. c3-d4 *";
        assert_eq!(edit(tagged, &edits).text, tagged);
    }
}
