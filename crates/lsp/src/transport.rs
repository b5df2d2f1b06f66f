//! The connection over standard input and output: `lsp-server`'s messages and framing, with one
//! shortcut. A document's diagnostics are published whole after every edit, and a file of many
//! games may hold tens of thousands: built as a `serde_json::Value` tree (an ordered map per
//! object), written and dropped, they cost the server far more than the edit's check. So they
//! arrive as JSON text (each game's kept by `diagnostics.rs`, [`publish`]) and the writer sends
//! that text as it is.

use std::io::{self, Write};
use std::thread::{self, JoinHandle};

use crossbeam_channel::bounded;
use lsp_server::{Connection, Message, Notification};
use lsp_types::notification::{Notification as _, PublishDiagnostics};
use serde_json::Value;

/// The reader and writer threads.
pub struct Threads {
    reader: JoinHandle<io::Result<()>>,
    writer: JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for both threads (the connection must be dropped first).
    pub fn join(self) -> io::Result<()> {
        for thread in [self.reader, self.writer] {
            thread
                .join()
                .map_err(|_| io::Error::other("an I/O thread panicked"))??;
        }
        Ok(())
    }
}

/// A connection over standard input and output.
pub fn stdio() -> (Connection, Threads) {
    let (writer_sender, writer_receiver) = bounded::<Message>(0);
    let writer = thread::spawn(move || {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        for message in writer_receiver {
            match prepared(&message) {
                Some(params) => write_publish(&mut out, params)?,
                None => message.write(&mut out)?,
            }
        }
        Ok(())
    });
    let (reader_sender, reader_receiver) = bounded::<Message>(0);
    let reader = thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        while let Some(message) = Message::read(&mut input)? {
            let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
            if reader_sender.send(message).is_err() || exit {
                break;
            }
        }
        Ok(())
    });
    let connection = Connection {
        sender: writer_sender,
        receiver: reader_receiver,
    };
    (connection, Threads { reader, writer })
}

/// The message that publishes diagnostics whose parameters are already JSON text.
pub fn publish(params_json: String) -> Message {
    Message::Notification(Notification {
        method: PublishDiagnostics::METHOD.to_string(),
        params: Value::String(params_json),
    })
}

/// The JSON text of a message made by [`publish`] (no other message has a string for its
/// parameters).
fn prepared(message: &Message) -> Option<&str> {
    match message {
        Message::Notification(n) if n.method == PublishDiagnostics::METHOD => n.params.as_str(),
        _ => None,
    }
}

fn write_publish(out: &mut impl Write, params: &str) -> io::Result<()> {
    let head = r#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":"#;
    write!(
        out,
        "Content-Length: {}\r\n\r\n{head}{params}}}",
        head.len() + params.len() + 1
    )?;
    out.flush()
}
