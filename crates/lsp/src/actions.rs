//! Quick fixes: the repairs pdnkit finds for a move that cannot be played. A confirmed repair
//! is offered as the preferred fix: its edit writes the fixed move (and, for a board numbered
//! from the other side, every move renumbered) with the comment `fix` writes, and the move
//! numbers after it made to agree with the moves, only when the game then replays as the trials
//! did: as `fix` writes it. Unconfirmed suggestions are offered
//! too, titled as such. "Apply every confirmed repair in this file" writes every game as
//! `fix` writes it.

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};
use pdnkit::pdn::{RawGame, parse_game};
use pdnkit::repair::{FixOptions, Suggestion, apply, apply_checked, fix_game};
use pdnkit::{ReplayOptions, Severity, Verdict};

use crate::diagnostics;
use crate::document::{Document, Slot};
use crate::format::smallest_edit;
use crate::text::Columns;

/// Where and how the code actions are asked for.
pub struct Request<'a> {
    /// The document.
    pub uri: &'a Uri,
    /// The byte range the client asks about.
    pub range: (usize, usize),
    /// How columns are counted.
    pub columns: Columns,
    /// The options the document's games are checked with.
    pub options: &'a ReplayOptions,
    /// The client asks for source actions ("fix all") alone.
    pub fix_all_only: bool,
}

/// The code actions for a range of `doc`.
pub fn code_actions(doc: &Document, request: &Request<'_>) -> Vec<CodeAction> {
    let options = doc.options(request.options);
    let mut out = Vec::new();
    let (from, to) = request.range;
    let first = doc.game_at(from).unwrap_or(0);
    let mut offer_all = request.fix_all_only;
    for slot in doc.games.iter().skip(first).take_while(|g| g.start <= to) {
        if request.fix_all_only {
            break;
        }
        let Some(result) = &slot.result else {
            continue;
        };
        for fault in result.repairs(&slot.raw, &options) {
            let (start, end) = (
                slot.start + fault.span.0 as usize,
                slot.start + fault.span.1 as usize,
            );
            if end < from || start > to {
                continue;
            }
            let diagnostic = result
                .record
                .diagnostics
                .iter()
                .find(|d| d.span == Some(fault.span) && d.severity >= Severity::Warning)
                .map(|d| diagnostics::diagnostic(doc, slot, d, request.uri, request.columns));
            for suggestion in &fault.suggestions {
                let Some(fixed) = written(&slot.raw, suggestion, &options) else {
                    continue;
                };
                offer_all |= suggestion.confirmed && fault.variation == 0;
                let title = if suggestion.confirmed {
                    format!("Repair: {}", suggestion.help())
                } else {
                    format!("Unconfirmed: {}", suggestion.help())
                };
                out.push(CodeAction {
                    title,
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: diagnostic.clone().map(|d| vec![d]),
                    edit: Some(edit(
                        request.uri,
                        vec![text_edit(doc, slot, &fixed, request)],
                    )),
                    is_preferred: Some(suggestion.confirmed),
                    ..CodeAction::default()
                });
            }
        }
    }
    if offer_all && let Some(all) = fix_all(doc, request, &options) {
        out.push(all);
    }
    out
}

/// "Apply every confirmed repair in this file", when there is one.
fn fix_all(doc: &Document, request: &Request<'_>, options: &ReplayOptions) -> Option<CodeAction> {
    let mut edits = Vec::new();
    for slot in &doc.games {
        // `fix` changes invalid games alone; asking it for each of them makes this action
        // write exactly what `fix` writes.
        let invalid = slot
            .result
            .as_ref()
            .is_some_and(|r| r.record.status == Verdict::Invalid);
        if !invalid || slot.raw.oversize.is_some() {
            continue;
        }
        let fixed = fix_game(&doc.name, &slot.raw, options, FixOptions::default());
        if fixed.text != slot.raw.text {
            edits.push(text_edit(doc, slot, &fixed.text, request));
        }
    }
    if edits.is_empty() {
        return None;
    }
    let kind = if request.fix_all_only {
        CodeActionKind::SOURCE_FIX_ALL
    } else {
        CodeActionKind::QUICKFIX
    };
    Some(CodeAction {
        title: format!(
            "Apply every confirmed repair in this file ({} game{})",
            edits.len(),
            if edits.len() == 1 { "" } else { "s" }
        ),
        kind: Some(kind),
        edit: Some(edit(request.uri, edits)),
        ..CodeAction::default()
    })
}

/// The game's text with `suggestion` written in; a confirmed one as `fix` writes it
/// ([`apply_checked`]).
fn written(raw: &RawGame, suggestion: &Suggestion, options: &ReplayOptions) -> Option<String> {
    let tree = parse_game(raw).ok()?;
    if suggestion.confirmed {
        apply_checked(&raw.text, &tree, suggestion, options)
    } else {
        apply(&raw.text, &tree, suggestion)
    }
}

/// The edit that turns the game of `slot` into `fixed`.
fn text_edit(doc: &Document, slot: &Slot, fixed: &str, request: &Request<'_>) -> TextEdit {
    let (start, end, text) = smallest_edit(&slot.raw.text, fixed);
    let range = doc.lines.range(
        &doc.text,
        slot.start + start,
        slot.start + end,
        request.columns,
    );
    TextEdit::new(range, text.to_string())
}

fn edit(uri: &Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}
