//! Portable Draughts Notation text: bytes in, syntax trees out, and back. It knows PDN, not the
//! rules of draughts: a move is square tokens and separators; whether it is legal, and which
//! move it is, is for the rules crate (`draughts`) and pdnkit's replay.
//!
//! * Reading: [`open`] (a path, `-` for standard input; gzip, bzip2, xz and zstd detected by
//!   content) and [`Splitter`], which streams the [`RawGame`]s of an archive, each owning its
//!   decoded text, with its index, byte offset and first line; bad bytes never stop it.
//! * Parsing: [`parse_game`] gives a zero-copy [`Game`] whose nodes carry byte [`Span`]s, and
//!   the [`Note`]s of what the reader tolerated; or a [`SyntaxError`] for a game whose
//!   structure cannot be recovered. Every game read is parsed or unreadable.
//! * Writing: [`Writer`] writes normalised PDN that reads back into the same tree (compared
//!   with [`outline`]).
//! * The syntax pass: [`fast::scan_game`] and [`Splitter::next_cut`] take the fast paths of
//!   the plain shape most games have where they apply; they live in [`fast`], whose
//!   [`fast::fast_paths_default`] is the one switch that turns them off.
//!
//! ```
//! use pdn::{Splitter, parse_game, write_game};
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
//!
//! # Where the movetext grammar is recognised
//!
//! The words of movetext are read by one tokenizer (`token`); the places below build on it or,
//! for speed in the passes that need less than a tree, read the plain shape on their own. Each
//! is held to the parser by tests, and every one but the first three is a fast path the switch
//! turns off.
//!
//! | where | what it decides | kept in step by |
//! |---|---|---|
//! | `token` | the words of movetext (numbers, squares and separators, results, NAGs, marks): one table-driven tokenizer | `token`'s tests (the replaced hand-written recognisers, on random words and every word of the corpus) |
//! | `lex` | on `token`: which token a word is, what must follow it; word ends: what the parser, the splitter and the plain words share | unit tests in `lex`; every test of the parser |
//! | `parser` | the syntax tree: the reference | `src/parser/tests.rs`, the fixtures, the corpus |
//! | `split` (word scanner, `skip_movetext`, `skip_plain_words`) | where a game ends: terminators outside comments and variations, the next tag | `split`'s tests (the shortcuts end where the word-by-word path does); `tests/mutation` (games tile the input, read in any parts) |
//! | `parser::head` | a game's brackets past its tags: whether the parser reads the game (its tags then read without its movetext) | its tests (the parser's header and verdict on the corpus, the fixtures and random games of brackets and what hides them) |
//! | `plain` (byte automaton) and `plain::blocks` (64-byte masks, SSE2/AVX2) | a game in the plain shape: the parser reads it without error or note | `plain`'s tests (blocks stop where the automaton does); `tests/pdn_fast_paths.rs` (corpus, fixtures, random games near the shape: [`fast::scan_game`] with and without fast paths); `tests/mutation`; the `parse` fuzz target |

#![deny(missing_docs)]

mod ast;
mod encoding;
mod lex;
mod note;
mod outline;
mod parser;
mod plain;
mod raw;
mod read;
mod scan;
mod sources;
mod span;
mod split;
mod tags;
mod text;
mod token;
mod writer;
mod zip;

#[cfg(test)]
#[path = "../../draughts/src/test_rng.rs"]
mod test_rng;

pub use ast::{
    Comment, CommentKind, Escape, Game, GameLabel, HeaderItem, Junk, Move, MoveNumber, Nag, Node,
    SHOWN_VALUE, Setup, Steps, Tag, Terminator, Variation, shown,
};
pub use encoding::{BOM, Decoded, Decoder, encoding_named};
pub use encoding_rs::Encoding;
pub use lex::{MoveForm, Separator, looks_like_move};
pub use note::{Note, NoteKind, SyntaxError, SyntaxErrorKind};
pub use outline::outline;
pub use parser::{
    MAX_MAINLINE_MOVES, MAX_MOVES, MAX_TAG_NAME, MAX_TAG_VALUE, MAX_VARIATION_DEPTH, ParseOptions,
    label, parse_game, parse_game_with, parse_text, parse_text_with,
};
pub use raw::RawGame;
pub use read::{Opened, Place, ReadOptions, games, open, open_mappable, open_reader, open_source};
pub use sources::{DEFAULT_GLOBS, Found, Selection, Source, find_sources};
pub use span::{LineCol, Span, locate, locate_all};
pub use split::{DEFAULT_MAX_GAME_SIZE, SplitOptions, Splitter};
pub use tags::{
    RESULT_TOKENS, ResultMeaning, ResultToken, VariantTag, result_token_meaning,
    standard_result_token,
};
pub use writer::{TerminatorStyle, WriteOptions, Writer, write_game};
pub use zip::ZipMember;

/// The shortcuts for games in the plain shape (move numbers, two-square moves, a result, no
/// comment): passing them by in the splitter ([`Splitter::next_cut`] gives a [`fast::Cut`]),
/// reading their moves as words without a tree, and the syntax pass that takes them where
/// they apply; and, for any game, its tags read without its movetext's words when its brackets
/// show it readable ([`fast::readable_header`]). Each gives what the reference reader would;
/// [`fast::fast_paths_default`] is the one switch that turns them all off
/// (`PDNKIT_NO_FAST_PATHS=1`).
pub mod fast {
    pub use crate::parser::readable_header;
    pub use crate::plain::{
        NotesPassed, Plain, PlainMove, PlainSquares, PlainToken, PlainTokens, empty_header,
        read_plain, read_plain_into,
    };
    pub use crate::scan::{Scanned, scan_game};
    pub use crate::split::{Cut, Hints, PlainGame, PlainHint, hints_in_blocks};
    pub use draughts::{NO_FAST_PATHS, fast_paths_default};
}
