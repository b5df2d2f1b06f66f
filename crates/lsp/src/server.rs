//! The protocol: the handshake, the documents the client opens and edits, and each request
//! answered from them.

use std::collections::HashMap;

use anyhow::Context;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionParams, CodeActionProviderCapability,
    CompletionOptions, CompletionParams, CompletionResponse, DidChangeConfigurationParams,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentFormattingParams, DocumentSymbolParams, DocumentSymbolResponse, FoldingRangeParams,
    FoldingRangeProviderCapability, Hover, HoverContents, HoverParams, HoverProviderCapability,
    InitializeParams, InitializeResult, MarkupContent, MarkupKind, MessageType, OneOf,
    PositionEncodingKind, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    ShowMessageParams, TextDocumentIdentifier, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextEdit, Uri, WorkspaceSymbolParams, WorkspaceSymbolResponse,
};
use pdnkit::check_game;
use serde_json::{Value, json};

use crate::actions;
use crate::completion::{self, Slot};
use crate::diagnostics;
use crate::document::Document;
use crate::format;
use crate::game;
use crate::hover;
use crate::settings::Settings;
use crate::symbols;
use crate::text::{self, Columns};
use crate::transport;

/// A request of pdnkit's own: for `{"textDocument": {"uri": ...}}`, the number of games of the
/// document (`games`) and the games checked since the server started (`checks`). The tests
/// ask it to see that an edit checks only the games it touched.
pub const STATUS_METHOD: &str = "pdnkit/status";

/// The server's state.
struct Server<'c> {
    connection: &'c Connection,
    columns: Columns,
    settings: Settings,
    documents: HashMap<Uri, Document>,
}

/// An answer to a request, or the error to send back.
type Answer = Result<Value, (ErrorCode, String)>;

/// Runs the handshake, then serves until the client shuts the server down.
pub fn serve(connection: &Connection) -> anyhow::Result<()> {
    let (id, params) = connection.initialize_start()?;
    let init: InitializeParams =
        serde_json::from_value(params).context("reading the initialize request")?;
    let columns = agreed_columns(&init);
    let (settings, problem) = match init.initialization_options.as_ref() {
        Some(options) => match Settings::default().updated(options) {
            Ok(s) => (s, None),
            Err(e) => (Settings::default(), Some(e)),
        },
        None => (Settings::default(), None),
    };
    let result = InitializeResult {
        capabilities: capabilities(columns),
        server_info: Some(ServerInfo {
            name: "pdnkit".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    connection.initialize_finish(id, serde_json::to_value(result)?)?;
    let mut server = Server {
        connection,
        columns,
        settings,
        documents: HashMap::new(),
    };
    if let Some(problem) = problem {
        server.show(MessageType::ERROR, problem)?;
    }
    server.serve()
}

/// UTF-8 columns when the client can count them, else the protocol's UTF-16.
fn agreed_columns(init: &InitializeParams) -> Columns {
    let offered = init
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    match offered {
        Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Columns::Utf8,
        _ => Columns::Utf16,
    }
}

fn capabilities(columns: Columns) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match columns {
            Columns::Utf8 => PositionEncodingKind::UTF8,
            Columns::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), ".".into(), "[".into(), "\"".into()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::SOURCE_FIX_ALL,
            ]),
            ..CodeActionOptions::default()
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

impl Server<'_> {
    fn serve(&mut self) -> anyhow::Result<()> {
        for message in &self.connection.receiver {
            match message {
                Message::Request(request) => {
                    if self.connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    let id = request.id.clone();
                    let response = match self.answer(request) {
                        Ok(value) => Response::new_ok(id, value),
                        Err((code, message)) => Response::new_err(id, code as i32, message),
                    };
                    self.connection.sender.send(response.into())?;
                }
                Message::Notification(n) => self.notified(n)?,
                Message::Response(_) => {}
            }
        }
        Ok(())
    }

    fn answer(&mut self, request: Request) -> Answer {
        let method = request.method.clone();
        match method.as_str() {
            req::HoverRequest::METHOD => self.hover(params(request)?),
            req::Completion::METHOD => self.completion(params(request)?),
            req::CodeActionRequest::METHOD => self.code_actions(params(request)?),
            req::DocumentSymbolRequest::METHOD => {
                let p: DocumentSymbolParams = params(request)?;
                let doc = self.document(&p.text_document.uri)?;
                to_value(DocumentSymbolResponse::Nested(symbols::document_symbols(
                    doc,
                    self.columns,
                )))
            }
            req::FoldingRangeRequest::METHOD => {
                let p: FoldingRangeParams = params(request)?;
                to_value(symbols::folding_ranges(
                    self.document(&p.text_document.uri)?,
                ))
            }
            req::WorkspaceSymbolRequest::METHOD => {
                let p: WorkspaceSymbolParams = params(request)?;
                let mut found = Vec::new();
                for (uri, doc) in &self.documents {
                    found.extend(symbols::workspace_symbols(doc, uri, &p.query, self.columns));
                }
                to_value(WorkspaceSymbolResponse::Nested(found))
            }
            req::Formatting::METHOD => {
                let p: DocumentFormattingParams = params(request)?;
                let doc = self.document(&p.text_document.uri)?;
                let new = format::formatted(doc, &self.settings.options());
                let (start, end, text) = format::smallest_edit(&doc.text, &new);
                let edits = if start == end && text.is_empty() {
                    Vec::new()
                } else {
                    let range = doc.lines.range(&doc.text, start, end, self.columns);
                    vec![TextEdit::new(range, text.to_string())]
                };
                to_value(edits)
            }
            STATUS_METHOD => {
                let p: StatusParams = params(request)?;
                let doc = self.document(&p.text_document.uri)?;
                Ok(json!({"games": doc.games.len(), "checks": game::checks()}))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("pdnkit does not answer {method}"),
            )),
        }
    }

    fn notified(&mut self, n: Notification) -> anyhow::Result<()> {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let p: DidOpenTextDocumentParams = serde_json::from_value(n.params)?;
                let forced = self.settings.options().variant;
                let uri = p.text_document.uri;
                let mut doc = Document::new(uri.as_str(), p.text_document.text, forced);
                doc.read_encoding_from_disk();
                self.documents.insert(uri.clone(), doc);
                self.publish(&uri, Some(p.text_document.version))?;
            }
            note::DidChangeTextDocument::METHOD => {
                let p: DidChangeTextDocumentParams = serde_json::from_value(n.params)?;
                let forced = self.settings.options().variant;
                let uri = p.text_document.uri;
                let Some(doc) = self.documents.get_mut(&uri) else {
                    return Ok(());
                };
                for change in p.content_changes {
                    match change.range {
                        Some(range) => {
                            let start = doc.lines.offset(&doc.text, range.start, self.columns);
                            let end = doc.lines.offset(&doc.text, range.end, self.columns);
                            doc.edit(start, end, &change.text, forced);
                        }
                        None => {
                            // The whole text, as a client that does not sync by ranges sends
                            // it: what changed is found between the ends the texts share, so
                            // only the games there are checked again.
                            let (start, end, new) = changed_part(&doc.text, &change.text);
                            doc.edit(start, end, new, forced);
                        }
                    }
                }
                self.publish(&uri, Some(p.text_document.version))?;
            }
            note::DidCloseTextDocument::METHOD => {
                let p: DidCloseTextDocumentParams = serde_json::from_value(n.params)?;
                self.documents.remove(&p.text_document.uri);
                let none = PublishDiagnosticsParams::new(p.text_document.uri, Vec::new(), None);
                let params = serde_json::to_string(&none)?;
                self.connection.sender.send(transport::publish(params))?;
            }
            note::DidChangeConfiguration::METHOD => {
                let p: DidChangeConfigurationParams = serde_json::from_value(n.params)?;
                match self.settings.updated(&p.settings) {
                    Ok(settings) => self.configure(settings)?,
                    Err(e) => self.show(MessageType::ERROR, e)?,
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Takes new settings: games are checked again when the rules changed, and every
    /// document's diagnostics published again.
    fn configure(&mut self, settings: Settings) -> anyhow::Result<()> {
        let recheck = settings.options().variant != self.settings.options().variant
            || settings.strict != self.settings.strict;
        self.settings = settings;
        let forced = self.settings.options().variant;
        let uris: Vec<Uri> = self.documents.keys().cloned().collect();
        for uri in uris {
            if recheck && let Some(doc) = self.documents.get_mut(&uri) {
                doc.forget_checks(forced);
            }
            self.publish(&uri, None)?;
        }
        Ok(())
    }

    /// Checks the games of `uri` that need it and publishes its diagnostics.
    fn publish(&mut self, uri: &Uri, version: Option<i32>) -> anyhow::Result<()> {
        let options = self.settings.options();
        let Some(doc) = self.documents.get_mut(uri) else {
            return Ok(());
        };
        doc.check_pending(&options);
        let params = diagnostics::published(doc, uri, version, self.settings.notes, self.columns);
        self.connection.sender.send(transport::publish(params))?;
        Ok(())
    }

    fn show(&self, typ: MessageType, message: String) -> anyhow::Result<()> {
        let n = Notification::new(
            note::ShowMessage::METHOD.to_string(),
            ShowMessageParams { typ, message },
        );
        self.connection.sender.send(n.into())?;
        Ok(())
    }

    fn document(&self, uri: &Uri) -> Result<&Document, (ErrorCode, String)> {
        self.documents.get(uri).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!("{} is not open", uri.as_str()),
            )
        })
    }

    fn hover(&self, p: HoverParams) -> Answer {
        let at = p.text_document_position_params;
        let doc = self.document(&at.text_document.uri)?;
        let offset = doc.lines.offset(&doc.text, at.position, self.columns);
        let Some(slot) = doc.game_at(offset).map(|i| &doc.games[i]) else {
            return Ok(Value::Null);
        };
        let options = doc.options(&self.settings.options());
        let within = (offset - slot.start) as u32;
        let found = check_game(&doc.name, &slot.raw, &options, |checked| {
            hover::at(checked, within)
        });
        let Some((value, (start, end))) = found else {
            return Ok(Value::Null);
        };
        let range = doc.lines.range(
            &doc.text,
            slot.start + start as usize,
            slot.start + end as usize,
            self.columns,
        );
        to_value(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: Some(range),
        })
    }

    fn completion(&self, p: CompletionParams) -> Answer {
        let at = p.text_document_position;
        let doc = self.document(&at.text_document.uri)?;
        let offset = doc.lines.offset(&doc.text, at.position, self.columns);
        let line_start = doc.lines.line_start(doc.lines.line_of(offset), &doc.text);
        let (slot, typed) = completion::slot_and_word(&doc.text[line_start..offset]);
        let word_start = offset - typed;
        let range = doc.lines.range(&doc.text, word_start, offset, self.columns);
        let items = match slot {
            Slot::TagName | Slot::TagValue(_) => completion::tag_items(&slot, range),
            Slot::Other => {
                let Some(game) = doc.game_at(word_start).map(|i| &doc.games[i]) else {
                    return Ok(Value::Null);
                };
                let options = doc.options(&self.settings.options());
                let within = (word_start - game.start) as u32;
                check_game(&doc.name, &game.raw, &options, |checked| {
                    completion::move_items(checked, within, range)
                })
                .unwrap_or_default()
            }
        };
        to_value(CompletionResponse::Array(items))
    }

    fn code_actions(&self, p: CodeActionParams) -> Answer {
        let doc = self.document(&p.text_document.uri)?;
        if !self.settings.suggestions {
            return to_value(Vec::<()>::new());
        }
        let fix_all_only = p.context.only.as_ref().is_some_and(|kinds| {
            !kinds.is_empty() && kinds.iter().all(|k| k.as_str().starts_with("source"))
        });
        let options = self.settings.options();
        let request = actions::Request {
            uri: &p.text_document.uri,
            range: (
                doc.lines.offset(&doc.text, p.range.start, self.columns),
                doc.lines.offset(&doc.text, p.range.end, self.columns),
            ),
            columns: self.columns,
            options: &options,
            fix_all_only,
        };
        to_value(actions::code_actions(doc, &request))
    }
}

/// The bytes `start..end` of `old` that `new` replaces, and what with: all but the ends the
/// two texts share.
fn changed_part<'n>(old: &str, new: &'n str) -> (usize, usize, &'n str) {
    let inside_char = |cut: usize| !old.is_char_boundary(cut);
    text::changed_between(old, new, inside_char, inside_char)
}

/// The parameters of `pdnkit/status`.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct StatusParams {
    text_document: TextDocumentIdentifier,
}

fn params<P: serde::de::DeserializeOwned>(request: Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params)
        .map_err(|e| (ErrorCode::InvalidParams, format!("{}: {e}", request.method)))
}

fn to_value(value: impl serde::Serialize) -> Answer {
    serde_json::to_value(value).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::changed_part;

    #[test]
    fn the_changed_part_lies_between_the_shared_ends_on_character_boundaries() {
        assert_eq!(changed_part("1. 32-28 *", "1. 33-28 *"), (4, 5, "3"));
        assert_eq!(changed_part("x é y", "x è y"), (2, 4, "è"));
        assert_eq!(changed_part("aa", "aaa"), (2, 2, "a"));
        assert_eq!(changed_part("same", "same"), (4, 4, ""));
        assert_eq!(changed_part("abc", ""), (0, 3, ""));
    }
}
