//! The diagnostics of a document as the protocol publishes them: every diagnostic of every
//! game as `validate --format json` lists it (the same line, the same code), its range the text
//! it is about, its severity mapped (error, warning, note as information), and for a capture
//! fault the capture the rules required as related information.

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range,
    Uri,
};
use pdnkit::{CaptureFault, Located, Severity};
use serde::Serialize;

use crate::document::{Document, Slot};
use crate::text::Columns;

/// The parameters of `textDocument/publishDiagnostics` for `doc` as JSON text, notes included
/// when `notes`; written from borrowed values (see `transport.rs`).
pub fn published(
    doc: &Document,
    uri: &Uri,
    version: Option<i32>,
    notes: bool,
    columns: Columns,
) -> String {
    let min = if notes {
        Severity::Note
    } else {
        Severity::Warning
    };
    let mut diagnostics = Vec::new();
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
            let (start, end) = extent(doc, slot, d);
            let range = doc.lines.range(&doc.text, start, end, columns);
            diagnostics.push(Published {
                range,
                severity: severity(d.severity),
                code: d.code.name(),
                source: "pdnkit",
                message: &d.message,
                related_information: d.capture.as_ref().map(|fault| {
                    [Related {
                        location: RelatedLocation { uri, range },
                        message: required(fault),
                    }]
                }),
            });
        }
    }
    let params = Params {
        uri,
        diagnostics,
        version,
    };
    serde_json::to_string(&params).expect("diagnostics serialise")
}

/// [`lsp_types::PublishDiagnosticsParams`], borrowing.
#[derive(Serialize)]
struct Params<'a> {
    uri: &'a Uri,
    diagnostics: Vec<Published<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<i32>,
}

/// [`Diagnostic`], borrowing.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Published<'a> {
    range: Range,
    severity: DiagnosticSeverity,
    code: &'static str,
    source: &'static str,
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
