//! The diagnostics of a document as the protocol publishes them: every diagnostic of every
//! game as `validate --format json` lists it (the same line, the same code), its range the text
//! it is about, its severity mapped (error, warning, note as information), and for a capture
//! fault the capture the rules required as related information.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri,
};
use pdnkit::{Located, Severity};

use crate::document::{Document, Slot};
use crate::text::Columns;

/// The diagnostics of `doc`, notes included when `notes`.
pub fn of_document(doc: &Document, uri: &Uri, notes: bool, columns: Columns) -> Vec<Diagnostic> {
    let min = if notes {
        Severity::Note
    } else {
        Severity::Warning
    };
    let mut out = Vec::new();
    for slot in &doc.games {
        let Some(result) = &slot.result else {
            continue;
        };
        for d in result
            .record
            .diagnostics
            .iter()
            .filter(|d| d.severity >= min)
        {
            out.push(diagnostic(doc, slot, d, uri, columns));
        }
    }
    out
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
        let taking = match fault.required {
            1 => "1 piece".to_string(),
            n => format!("{n} pieces"),
        };
        vec![DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), range),
            message: format!("required capture: {} (taking {taking})", fault.best),
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
