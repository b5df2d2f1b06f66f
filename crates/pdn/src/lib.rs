//! The PDN syntax layer: bytes in, syntax trees out. It knows PDN, not draughts rules: a move is
//! square tokens and separators; whether it is legal is for `rules` and the replayer.
//!
//! Pipeline: [`read::open`] (a path, `-` for stdin, gzip detected) → [`split::Splitter`]
//! (streams [`raw::RawGame`]s, each owning its decoded text, with index, byte offset and first
//! line) → [`parser::parse_game`] (a zero-copy [`ast::Game`] with byte spans and notes, or a
//! [`note::SyntaxError`] for an unreadable game) → [`writer::Writer`] (normalised PDN that
//! reads back into the same tree, compared with [`outline::outline`]). [`quick::is_plain`]
//! recognises the plain shape most games have without building a tree, for passes that only
//! need to know that a game reads cleanly (`validate --syntax-only`): such a pass takes the
//! games from [`split::Splitter::next_cut`], which passes plain games by without cutting them
//! out, and with several jobs [`prescan::prescan`] finds them ahead of the splitter on other
//! threads.
//!
//! Every game read is either parsed or unreadable, so `read = parsed + unreadable` holds.
//!
//! ```
//! use pdn::{parser::parse_game, split::Splitter, writer::write_game};
//!
//! let archive = "[Event \"Demo\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n[Event \"Bad\"]\n1. {oops\n";
//! let (mut parsed, mut unreadable) = (0, 0);
//! for raw in Splitter::new(archive.as_bytes()) {
//!     let raw = raw?; // I/O errors only
//!     match parse_game(&raw) {
//!         Ok(game) => {
//!             parsed += 1;
//!             assert_eq!(game.tag("Event"), Some("Demo"));
//!             let moves: Vec<String> = game.mainline_moves().map(|m| m.canonical()).collect();
//!             assert_eq!(moves, ["32-28", "19-23", "28x19", "14x23"]);
//!             assert!(write_game(&game).starts_with("[Event \"Demo\"]\n\n1. 32-28"));
//!         }
//!         Err(err) => {
//!             unreadable += 1;
//!             let shown = raw.render_error("demo.pdn", &err);
//!             assert!(shown.starts_with("demo.pdn:5:4: error[syntax]: comment"));
//!             assert!(shown.ends_with("in game 2 (Event: Bad)"));
//!         }
//!     }
//! }
//! assert_eq!((parsed, unreadable), (1, 1));
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod ast;
pub mod encoding;
pub mod lex;
pub mod note;
pub mod outline;
pub mod parser;
pub mod plain;
pub mod raw;
pub mod read;
pub mod span;
pub mod split;
pub mod tags;
pub mod writer;

#[cfg(test)]
#[path = "../../draughts/src/test_rng.rs"]
mod test_rng;
