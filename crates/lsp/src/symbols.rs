//! The shape of a document: one symbol per game (`12. White - Black`, with the event and round,
//! its variations as children), folding ranges (games, tag sections, variations and comments
//! of several lines), and the games by number for "go to symbol in workspace" (`12` or `#12`).

use lsp_types::{
    DocumentSymbol, FoldingRange, FoldingRangeKind, Location, OneOf, SymbolKind, Uri,
    WorkspaceSymbol,
};

use crate::document::{Document, Slot};
use crate::game::VariationOutline;
use crate::text::Columns;

/// The byte range of a game without the blank lines after it.
fn trimmed(doc: &Document, slot: &Slot) -> (usize, usize) {
    let text = &doc.text[slot.start..slot.end().min(doc.text.len())];
    (slot.start, slot.start + text.trim_end().len())
}

/// What a game is called: `12. White - Black`.
pub fn game_name(number: usize, slot: &Slot) -> String {
    let outline = slot.result.as_ref().map(|r| &r.outline);
    let player = |p: Option<&Option<String>>| {
        p.and_then(|p| p.as_deref())
            .filter(|p| !p.is_empty())
            .unwrap_or("?")
            .to_string()
    };
    format!(
        "{number}. {} - {}",
        player(outline.map(|o| &o.white)),
        player(outline.map(|o| &o.black))
    )
}

/// One symbol per game.
pub fn document_symbols(doc: &Document, columns: Columns) -> Vec<DocumentSymbol> {
    doc.games
        .iter()
        .enumerate()
        .map(|(i, slot)| {
            let (start, end) = trimmed(doc, slot);
            let range = doc.lines.range(&doc.text, start, end, columns);
            let first_line = doc.text[start..end].lines().next().unwrap_or("").len();
            let selection = doc
                .lines
                .range(&doc.text, start, start + first_line, columns);
            let outline = slot.result.as_ref().map(|r| &r.outline);
            let detail: Vec<String> = outline
                .into_iter()
                .flat_map(|o| {
                    [
                        o.event.clone().filter(|e| !e.is_empty()),
                        o.round
                            .clone()
                            .filter(|r| !r.is_empty())
                            .map(|r| format!("round {r}")),
                    ]
                })
                .flatten()
                .collect();
            let children = outline
                .map(|o| variations(doc, slot, &o.variations, columns))
                .unwrap_or_default();
            symbol(
                game_name(i + 1, slot),
                (!detail.is_empty()).then(|| detail.join(", ")),
                SymbolKind::STRUCT,
                (range, selection),
                children,
            )
        })
        .collect()
}

fn variations(
    doc: &Document,
    slot: &Slot,
    list: &[VariationOutline],
    columns: Columns,
) -> Vec<DocumentSymbol> {
    list.iter()
        .map(|v| {
            let (start, end) = (
                slot.start + v.span.0 as usize,
                slot.start + v.span.1 as usize,
            );
            let range = doc.lines.range(&doc.text, start, end, columns);
            let name = match &v.first_move {
                Some(m) => format!("({m} …)"),
                None => "( )".to_string(),
            };
            symbol(
                name,
                None,
                SymbolKind::FIELD,
                (range, range),
                variations(doc, slot, &v.children, columns),
            )
        })
        .collect()
}

#[allow(deprecated)] // `deprecated` must still be given
fn symbol(
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    (range, selection_range): (lsp_types::Range, lsp_types::Range),
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: (!children.is_empty()).then_some(children),
    }
}

/// Folding ranges: each game, its tag section, and variations and comments of several lines.
pub fn folding_ranges(doc: &Document) -> Vec<FoldingRange> {
    let mut out = Vec::new();
    let mut fold = |start: usize, end: usize, kind: Option<FoldingRangeKind>| {
        let (first, last) = (doc.lines.line_of(start), doc.lines.line_of(end));
        if last > first {
            out.push(FoldingRange {
                start_line: first as u32,
                end_line: last as u32,
                kind,
                ..FoldingRange::default()
            });
        }
    };
    for slot in &doc.games {
        let (start, end) = trimmed(doc, slot);
        fold(
            start,
            end.saturating_sub(1).max(start),
            Some(FoldingRangeKind::Region),
        );
        let Some(outline) = slot.result.as_ref().map(|r| &r.outline) else {
            continue;
        };
        let at = |o: u32| slot.start + o as usize;
        if let Some((s, e)) = outline.header {
            fold(at(s), at(e), Some(FoldingRangeKind::Imports));
        }
        for &(s, e) in &outline.comments {
            fold(at(s), at(e), Some(FoldingRangeKind::Comment));
        }
        let mut stack: Vec<&VariationOutline> = outline.variations.iter().collect();
        while let Some(v) = stack.pop() {
            fold(at(v.span.0), at(v.span.1), Some(FoldingRangeKind::Region));
            stack.extend(&v.children);
        }
    }
    out
}

/// The games of `doc` that `query` names: by number (`12`, `#12`, `game 12`), else those whose
/// players or event contain it (case aside).
pub fn workspace_symbols(
    doc: &Document,
    uri: &Uri,
    query: &str,
    columns: Columns,
) -> Vec<WorkspaceSymbol> {
    let query = query.trim();
    let number = query
        .trim_start_matches("game")
        .trim_start_matches('#')
        .trim()
        .parse::<usize>()
        .ok();
    let lower = query.to_lowercase();
    let matches = |i: usize, slot: &Slot| match number {
        Some(n) => n == i + 1,
        None => {
            let outline = slot.result.as_ref().map(|r| &r.outline);
            lower.is_empty()
                || outline.is_some_and(|o| {
                    [&o.white, &o.black, &o.event].iter().any(|v| {
                        v.as_ref()
                            .is_some_and(|v| v.to_lowercase().contains(&lower))
                    })
                })
        }
    };
    doc.games
        .iter()
        .enumerate()
        .filter(|(i, slot)| matches(*i, slot))
        .map(|(i, slot)| {
            let (start, end) = trimmed(doc, slot);
            WorkspaceSymbol {
                name: game_name(i + 1, slot),
                kind: SymbolKind::STRUCT,
                tags: None,
                container_name: slot.result.as_ref().and_then(|r| r.outline.event.clone()),
                location: OneOf::Left(Location::new(
                    uri.clone(),
                    doc.lines.range(&doc.text, start, end, columns),
                )),
                data: None,
            }
        })
        .collect()
}
