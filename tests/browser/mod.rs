//! A small client of the Chrome DevTools protocol, enough to test a page in headless Chromium:
//! open it, evaluate script, press keys, take a screenshot, and collect every console error
//! and uncaught exception.
//!
//! Chromium talks over a pipe (`--remote-debugging-pipe`: it reads commands from its file
//! descriptor 3 and writes to 4, each message JSON ended by a NUL byte); a shell started
//! between us and it maps our pipes to those descriptors, so no network port is opened.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long one command may take.
const TIMEOUT: Duration = Duration::from_secs(30);

/// The Chromium to run: `PDNKIT_CHROMIUM`, else the first of the usual names on `PATH`.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("PDNKIT_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// A headless Chromium with one page, closed when dropped.
pub struct Browser {
    child: Child,
    commands: ChildStdin,
    messages: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Console errors and uncaught exceptions of the page, as text.
    pub errors: Vec<String>,
}

impl Browser {
    /// Starts `chromium` with a fresh profile in `profile` and opens a blank page of
    /// `width` x `height` pixels.
    pub fn launch(chromium: &Path, profile: &Path, width: u32, height: u32) -> Browser {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" 3<&0 4>&1 </dev/null >/dev/null 2>/dev/null")
            .arg(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting chromium");
        let commands = child.stdin.take().expect("piped");
        let mut replies = child.stdout.take().expect("piped");
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut pending = Vec::new();
            let mut buf = [0u8; 1 << 16];
            while let Ok(n) = replies.read(&mut buf) {
                if n == 0 {
                    break;
                }
                pending.extend_from_slice(&buf[..n]);
                while let Some(end) = pending.iter().position(|&b| b == 0) {
                    let message: Vec<u8> = pending.drain(..=end).collect();
                    let value =
                        serde_json::from_slice(&message[..end]).expect("JSON from chromium");
                    if send.send(value).is_err() {
                        return;
                    }
                }
            }
        });
        let mut browser = Browser {
            child,
            commands,
            messages,
            next_id: 0,
            session: String::new(),
            errors: Vec::new(),
        };
        let target = browser.call_browser("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"]
            .as_str()
            .expect("a target id")
            .to_string();
        let attached = browser.call_browser(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            browser.call(domain, json!({}));
        }
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser
    }

    /// Sends a command to the browser itself.
    fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None)
    }

    /// Sends a command to the page and waits for its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, Some(session))
    }

    fn send(&mut self, method: &str, params: Value, session: Option<String>) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = Value::String(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands
            .write_all(&bytes)
            .expect("writing to chromium");
        self.commands.flush().expect("writing to chromium");
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let message = self.next_message(deadline, method);
            if message["id"] == id {
                if let Some(error) = message.get("error") {
                    panic!("{method} failed: {error}");
                }
                return message["result"].clone();
            }
            self.note_event(&message);
        }
    }

    fn next_message(&mut self, deadline: Instant, waiting_for: &str) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(left) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => panic!("chromium did not answer {waiting_for}"),
            Err(RecvTimeoutError::Disconnected) => panic!("chromium went away ({waiting_for})"),
        }
    }

    /// Keeps what an event says about errors of the page.
    fn note_event(&mut self, message: &Value) {
        let params = &message["params"];
        match message["method"].as_str() {
            Some("Runtime.exceptionThrown") => {
                let details = &params["exceptionDetails"];
                self.errors.push(format!(
                    "exception: {} {}",
                    details["text"], details["exception"]["description"]
                ));
            }
            Some("Runtime.consoleAPICalled")
                if matches!(params["type"].as_str(), Some("error" | "assert")) =>
            {
                self.errors
                    .push(format!("console.{}: {}", params["type"], params["args"]));
            }
            Some("Log.entryAdded") if params["entry"]["level"] == "error" => {
                self.errors
                    .push(format!("log: {}", params["entry"]["text"]));
            }
            _ => {}
        }
    }

    /// Opens `url` and waits for its load event.
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let message = self.next_message(deadline, "the page's load event");
            if message["method"] == "Page.loadEventFired" {
                return;
            }
            self.note_event(&message);
        }
    }

    /// The value of a script expression (awaited when it is a promise).
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(e) = result.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        result["result"]["value"].clone()
    }

    /// Presses and releases a key (`ArrowRight`, `Home`...), as a keyboard would.
    pub fn press(&mut self, key: &str) {
        let code = match key {
            "ArrowLeft" => 37,
            "ArrowRight" => 39,
            "Home" => 36,
            "End" => 35,
            _ => panic!("no key code known for {key}"),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            );
        }
    }

    /// A PNG screenshot of the page as shown.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        decode_base64(shot["data"].as_str().expect("screenshot data"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Ask politely, then make sure: a test must not leave a browser behind.
        let mut close = serde_json::to_vec(&json!({"id": 0, "method": "Browser.close"})).unwrap();
        close.push(0);
        let _ = self.commands.write_all(&close);
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Standard base64 (with padding) to bytes.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c) << (18 - 6 * i);
        }
        let take = chunk.len() - 1;
        out.extend_from_slice(&n.to_be_bytes()[1..=take]);
    }
    out
}

#[test]
fn base64_decodes_with_and_without_padding() {
    assert_eq!(decode_base64("TWFu"), b"Man");
    assert_eq!(decode_base64("TWE="), b"Ma");
    assert_eq!(decode_base64("TQ=="), b"M");
    assert_eq!(decode_base64(""), b"");
}
