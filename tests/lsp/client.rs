//! A plain JSON-RPC client of the language server: it runs the real `pdnkit lsp`, speaks the
//! protocol over its standard input and output (Content-Length framing), and waits for answers
//! and published diagnostics.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any answer may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(60);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for something else.
    held: Vec<Value>,
}

impl Client {
    /// Starts `pdnkit lsp` and runs the handshake with these initialization options.
    pub fn start(options: Value) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pdnkit"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("pdnkit lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            incoming,
            next_id: 1,
            held: Vec::new(),
        };
        let init = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": {},
                "initializationOptions": options,
            }),
        );
        assert_eq!(init["serverInfo"]["name"], "pdnkit");
        client.notify("initialized", json!({}));
        client
    }

    /// Sends a request and returns its result; fails the test on an error answer.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let answer = self.ask(method, params);
        if let Some(error) = answer.get("error") {
            panic!("{method} failed: {error}");
        }
        answer["result"].clone()
    }

    /// Sends a request and returns the whole answer (result or error).
    pub fn ask(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Opens a document and returns the diagnostics published for it.
    pub fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "pdn", "version": 1, "text": text}}),
        );
        self.diagnostics(uri)
    }

    /// Replaces `range` of a document by `text` (an incremental change) and returns the
    /// diagnostics published after it.
    pub fn change(&mut self, uri: &str, version: i64, range: Value, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": range, "text": text}],
            }),
        );
        self.diagnostics(uri)
    }

    /// The next diagnostics published for `uri`.
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let published = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        published["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Games of a document and games checked since the server started.
    pub fn status(&mut self, uri: &str) -> (u64, u64) {
        let s = self.request("pdnkit/status", json!({"textDocument": {"uri": uri}}));
        (s["games"].as_u64().unwrap(), s["checks"].as_u64().unwrap())
    }

    /// Shuts the server down as a client does, and checks that it exits cleanly.
    pub fn shutdown(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "pdnkit lsp exited with {status}");
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// The first message (held or new) that `wanted` accepts; the others are held.
    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.held.iter().position(&wanted) {
            return self.held.remove(i);
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(m) if wanted(&m) => return m,
                Ok(m) => self.held.push(m),
                Err(RecvTimeoutError::Timeout) => panic!("the server did not answer in time"),
                Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
            }
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A test that failed leaves no server behind.
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// One message of the protocol's framing, or none at the end of the stream.
fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length:") {
            length = n.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// A `file://` URI for a test document.
pub fn uri(name: &str) -> String {
    format!("file:///pdnkit-test/{name}")
}

/// The range of bytes `start..end` of an ASCII text, as the protocol writes it.
pub fn range(text: &str, start: usize, end: usize) -> Value {
    json!({"start": position(text, start), "end": position(text, end)})
}

/// The position of byte `offset` of an ASCII text.
pub fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let character = offset - before.rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": character})
}

/// `text` with the protocol's text edits applied (lines end at LF, CRLF or CR; columns count
/// UTF-16 units).
pub fn apply_edits(text: &str, edits: &[Value]) -> String {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            starts.push(i + 1);
        }
    }
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let Some(&start) = starts.get(line) else {
            return text.len();
        };
        let mut units = p["character"].as_u64().unwrap() as usize;
        let mut at = start;
        for c in text[start..].chars() {
            if units == 0 || c == '\n' || c == '\r' {
                break;
            }
            units = units.saturating_sub(c.len_utf16());
            at += c.len_utf8();
        }
        at
    };
    let mut spans: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (start, end, new) in spans {
        out.replace_range(start..end, new);
    }
    out
}
