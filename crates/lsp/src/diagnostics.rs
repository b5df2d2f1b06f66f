//! The diagnostics of a document as the protocol publishes them: every diagnostic of every
//! game as `validate --format json` lists it (the same line, the same code), its range the text
//! it is about, its severity mapped (error, warning, note as information), and for a capture
//! fault the capture the rules required as related information.
//!
//! The protocol sends a document's diagnostics whole after every change, so publishing costs in
//! proportion to the whole file's diagnostics, not to the edit. Two things keep that small:
//! each game keeps its diagnostics written as JSON ([`GameJson`]), so a publish after an edit
//! writes the edited game and copies the rest; and the JSON is short: no `source` on notes
//! (the bulk of them), and the file's variant decision, which `validate` explains on every game
//! without GameType, explained in full (with the advice to choose one) on the first game that
//! has it only, the others pointing there ([`ONCE`]).

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range,
    Uri,
};
use pdnkit::{CaptureFault, Located, Severity};
use serde::Serialize;

use crate::document::{Document, Slot};
use crate::text::Columns;

/// What replaces the file's evidence for its variant (or board) in the notes of every game but
/// the first that gives it.
pub const ONCE: &str = "see the first game with this note";

/// The advice that ends such a note, given on that first game alone.
const ADVICE: &str = "; use --variant to choose";

/// A game's published diagnostics as JSON objects joined by commas, and what they were
/// written for: where the game starts, the settings, which of the file's explanations it
/// gives in full.
#[derive(Debug)]
pub struct GameJson {
    key: Key,
    /// The file's explanations its notes give (a bit per [`explanations`] entry).
    mentions: u64,
    json: String,
}

/// What a game's JSON depends on besides its text and its check.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
struct Key {
    /// The game's first line: its diagnostics' lines count from there.
    line: usize,
    /// The byte after the game (a CR ending the game ends its line only when no LF follows).
    next: Option<u8>,
    notes: bool,
    columns: Columns,
    /// The explanations written in full in this game.
    full: u64,
}

/// The parameters of `textDocument/publishDiagnostics` for `doc` as JSON text, notes included
/// when `notes`; each game's JSON written again only when it changed.
pub fn published(
    doc: &mut Document,
    uri: &Uri,
    version: Option<i32>,
    notes: bool,
    columns: Columns,
) -> String {
    let explained = explanations(doc);
    let mut shown = 0u64;
    for i in 0..doc.games.len() {
        let slot = &doc.games[i];
        let Some(result) = &slot.result else {
            continue;
        };
        // A game starting inside a line has columns that depend on the text before it.
        let line = doc.lines.line_of(slot.start);
        let cacheable = doc.lines.line_start(line, &doc.text) == slot.start;
        let mut key = Key {
            line,
            next: doc.text.as_bytes().get(slot.end()).copied(),
            notes,
            columns,
            full: 0,
        };
        let mentions = match &slot.published {
            Some(kept) => kept.mentions,
            None => mentioned(result, &explained),
        };
        key.full = mentions & !shown;
        shown |= mentions;
        if cacheable && slot.published.as_ref().is_some_and(|kept| kept.key == key) {
            continue;
        }
        let json = game_json(doc, slot, &result.record.diagnostics, uri, &key, &explained);
        doc.games[i].published = Some(GameJson {
            key,
            mentions,
            json,
        });
    }
    let mut out = String::with_capacity(
        doc.games
            .iter()
            .filter_map(|g| g.published.as_ref())
            .map(|p| p.json.len() + 1)
            .sum::<usize>()
            + 256,
    );
    out.push_str("{\"uri\":");
    out.push_str(&serde_json::to_string(uri).expect("a URI serialises"));
    out.push_str(",\"diagnostics\":[");
    let mut first = true;
    for game in doc.games.iter().filter(|g| g.result.is_some()) {
        let Some(p) = game.published.as_ref().filter(|p| !p.json.is_empty()) else {
            continue;
        };
        if !first {
            out.push(',');
        }
        first = false;
        out.push_str(&p.json);
    }
    out.push(']');
    if let Some(version) = version {
        out.push_str(&format!(",\"version\":{version}"));
    }
    out.push('}');
    out
}

/// The file-level explanations the notes of `doc` repeat: the evidence for the variant of its
/// games without GameType and for the board of each variant played on several.
fn explanations(doc: &Document) -> Vec<String> {
    let Some(decision) = &doc.decision else {
        return Vec::new();
    };
    let mut out: Vec<String> = decision.untagged.iter().map(|(_, e)| e.clone()).collect();
    out.extend(decision.boards.iter().map(|b| b.evidence.clone()));
    // Only those worth replacing, at most as many as a mask has bits.
    out.retain(|e| e.len() > ONCE.len());
    out.truncate(64);
    out
}

/// The explanations the notes of a game give.
fn mentioned(result: &crate::game::GameResult, explained: &[String]) -> u64 {
    let mut mask = 0;
    for d in &result.record.diagnostics {
        if d.severity != Severity::Note {
            continue;
        }
        for (i, e) in explained.iter().enumerate() {
            if d.message.contains(e.as_str()) {
                mask |= 1 << i;
            }
        }
    }
    mask
}

/// A game's diagnostics as JSON objects joined by commas.
fn game_json(
    doc: &Document,
    slot: &Slot,
    diagnostics: &[Located],
    uri: &Uri,
    key: &Key,
    explained: &[String],
) -> String {
    let min = if key.notes {
        Severity::Note
    } else {
        Severity::Warning
    };
    let mut out = Vec::new();
    for d in diagnostics.iter().filter(|d| d.severity >= min) {
        let (start, end) = extent(doc, slot, d);
        let range = doc.lines.range(&doc.text, start, end, key.columns);
        let mut message = std::borrow::Cow::Borrowed(d.message.as_str());
        if d.severity == Severity::Note {
            for (i, e) in explained.iter().enumerate() {
                if key.full & (1 << i) == 0 && message.contains(e.as_str()) {
                    let short = message.replace(e.as_str(), ONCE);
                    message = short
                        .strip_suffix(ADVICE)
                        .unwrap_or(&short)
                        .to_string()
                        .into();
                }
            }
        }
        let published = Published {
            range,
            severity: severity(d.severity),
            code: d.code.name(),
            // The code says whose it is; notes, the most of them, go without.
            source: (d.severity != Severity::Note).then_some("pdnkit"),
            message: &message,
            related_information: d.capture.as_ref().map(|fault| {
                [Related {
                    location: RelatedLocation { uri, range },
                    message: required(fault),
                }]
            }),
        };
        if !out.is_empty() {
            out.push(b',');
        }
        serde_json::to_writer(&mut out, &published).expect("a diagnostic serialises");
    }
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// [`Diagnostic`], borrowing.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Published<'a> {
    range: Range,
    severity: DiagnosticSeverity,
    code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'static str>,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    related_information: Option<[Related<'a>; 1]>,
}

#[derive(Serialize)]
struct Related<'a> {
    location: RelatedLocation<'a>,
    message: String,
}

#[derive(Serialize)]
struct RelatedLocation<'a> {
    uri: &'a Uri,
    range: Range,
}

/// The related information's words: the capture the rules required.
fn required(fault: &CaptureFault) -> String {
    let taking = match fault.required {
        1 => "1 piece".to_string(),
        n => format!("{n} pieces"),
    };
    format!("required capture: {} (taking {taking})", fault.best)
}

/// The byte range in the document a diagnostic of `slot` is about: its span, else the game's
/// first line.
pub fn extent(doc: &Document, slot: &Slot, d: &Located) -> (usize, usize) {
    match d.span {
        Some((start, end)) => (slot.start + start as usize, slot.start + end as usize),
        None => {
            let line = doc.lines.line_of(slot.start);
            let end = doc.lines.line_start(line + 1, &doc.text).min(slot.end());
            let first_line = doc.text[slot.start..end].trim_end_matches(['\r', '\n']);
            (slot.start, slot.start + first_line.len())
        }
    }
}

/// One diagnostic of a game.
pub fn diagnostic(
    doc: &Document,
    slot: &Slot,
    d: &Located,
    uri: &Uri,
    columns: Columns,
) -> Diagnostic {
    let (start, end) = extent(doc, slot, d);
    let range = doc.lines.range(&doc.text, start, end, columns);
    let related = d.capture.as_ref().map(|fault| {
        vec![DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), range),
            message: required(fault),
        }]
    });
    Diagnostic {
        range,
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.name().to_string())),
        source: Some("pdnkit".to_string()),
        message: d.message.clone(),
        related_information: related,
        ..Diagnostic::default()
    }
}

/// The protocol's severity of a pdnkit severity.
pub fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdnkit::ReplayOptions;

    /// Games without GameType (their variant decided for the file) and one with a fault.
    const GAMES: &str = "[Event \"a\"]\n1. 22-18 11-15 2. 18x11 8x15 *\n\n\
        [Event \"b\"]\n1. 24-20 12-16 *\n\n\
        [Event \"c\"]\n1. 23-19 9-14 2. 27-23 5-9 *\n\n\
        [Event \"d\"]\r\n1. 21-17 9-13 3. 17x10 *\r\n\r\n\
        [Event \"e\"]\n1. 22-17 11-16 2. 17-13 16-20 *\n";

    fn publish(doc: &mut Document, notes: bool) -> String {
        let uri: Uri = "file:///t.pdn".parse().unwrap();
        doc.check_pending(&ReplayOptions::default());
        published(doc, &uri, Some(1), notes, Columns::Utf16)
    }

    /// After any edit, the kept JSON of the games is what writing every game again gives.
    #[test]
    fn kept_json_is_what_writing_it_all_again_gives() {
        let mut doc = Document::new("file:///t.pdn", GAMES.to_string(), None);
        let first = publish(&mut doc, true);
        // The file's evidence is given in full once, the other notes point there.
        let notes = first.matches("\"variant-guessed\"").count();
        assert!(notes >= 4, "{first}");
        assert_eq!(first.matches(ONCE).count(), notes - 1, "{first}");
        let inserts = [
            "",
            "x",
            "\n",
            "\r",
            "\r\n",
            "9",
            " 1-0\n\n[Event \"f\"]\n1. 21-17 ",
        ];
        let mut seed = 11u64;
        for round in 0..300 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let len = doc.text.len();
            let a = (seed >> 33) as usize % (len + 1);
            let b = (a + (seed >> 20) as usize % 4).min(len);
            let new = inserts[(seed >> 40) as usize % inserts.len()];
            doc.edit(a, b, new, None);
            let notes = round % 7 != 0;
            let kept = publish(&mut doc, notes);
            let mut whole = Document::new("file:///t.pdn", doc.text.clone(), None);
            assert_eq!(
                kept,
                publish(&mut whole, notes),
                "after replacing {a}..{b} by {new:?}"
            );
            if doc.text.len() > 3 * GAMES.len() {
                doc = Document::new("file:///t.pdn", GAMES.to_string(), None);
            }
        }
    }
}
