//! pdnkit's language server: PDN (Portable Draughts Notation) files checked as they are
//! written, in any editor that speaks the Language Server Protocol.
//!
//! `pdnkit lsp` runs [`run`] over standard input and output. The server publishes the
//! diagnostics `validate` finds (the same codes and lines), offers the repairs `fix` would make
//! as quick fixes, shows boards on hover, completes legal moves and tag values, lists the games
//! as document symbols, folds them and formats a file as `convert --to pdn` writes it.
//! `docs/editor.md` says how to set it up in Neovim, VS Code, Helix and Emacs.
//!
//! The protocol's transport is `lsp-server` and its types `lsp-types`; everything about PDN is
//! the pdnkit library's. A document is kept as its text and its games, each with its check
//! (`document.rs`); an edit checks again only the games it touched.

#![forbid(unsafe_code)]

mod actions;
mod board;
mod completion;
mod cursor;
mod diagnostics;
mod document;
mod encoding;
mod format;
mod game;
mod hover;
mod server;
mod settings;
mod symbols;
mod tags;
mod text;
mod transport;

pub use server::STATUS_METHOD;
pub use settings::Settings;

/// Runs the language server over standard input and output until the client shuts it down.
///
/// # Errors
/// When the connection fails (the client went away without shutting the server down, or sent
/// something that is not the protocol).
pub fn run() -> anyhow::Result<()> {
    let (connection, io_threads) = transport::stdio();
    server::serve(&connection)?;
    drop(connection);
    io_threads.join()?;
    Ok(())
}
