//! pdnkit: read, validate, convert and analyse PDN (Portable Draughts Notation) archives of
//! every draughts variant.
//!
//! The library under the `pdnkit` command. Two crates below it do the groundwork, and are
//! re-exported: [`draughts`], the rules (boards, notation, FEN, move generation, game state),
//! and [`pdn`], the text (a streaming reader, a liberal parser into a syntax tree, a writer).
//! pdnkit itself replays what was written through the rules and says what does not fit:
//!
//! * [`archive`]: an archive read as one request ([`archive::Archive`]): files, folders, zip
//!   members or a reader, each file's variant decided, every game visited on worker threads and
//!   its result handed over in input order, one summary; [`validate`]: validation as
//!   `pdnkit validate` runs it. Every subcommand of the `pdnkit` command and the Python module
//!   read through it.
//! * [`check_game`]: parse and replay one game of an archive, into a [`CheckedGame`]: its
//!   [`GameRecord`] (verdict and located [`Diagnostic`]s), its syntax tree and its
//!   [`Replayed`] moves.
//! * [`replay`]: the replay of one parsed game under [`ReplayOptions`]; the variant of a game
//!   without GameType can be decided for its whole archive ([`VariantEvidence`]);
//!   [`LiveGame`]: a game played one written move at a time, each read as in an archive.
//! * [`export`]: the game as FEN, CSV, JSON Lines, rule-aware PDN or Parquet tables;
//!   [`stats`]: archive statistics; [`file_variant`]: one variant for the untagged games of a
//!   file.
//! * The archive tools: [`filter`], [`search`] (and its position [`index`]), [`dedupe`];
//!   the keeper's desk: [`players`] (spellings grouped into people, the alias table),
//!   [`standings`] (tables, tie-breaks, crosstables), [`tags`] (tags edited in place);
//!   [`repair`]: what a move that cannot be played was meant to be, and a game fixed.
//!
//! # Reading an archive and replaying each game
//!
//! ```
//! use pdnkit::pdn::Splitter;
//! use pdnkit::{Code, ReplayOptions, Verdict, check_game};
//!
//! let archive = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
//!                [GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n";
//! let options = ReplayOptions::default();
//! let mut verdicts = Vec::new();
//! for raw in Splitter::new(archive.as_bytes()) {
//!     let raw = raw?; // I/O errors only: a bad game is a verdict, not an error
//!     check_game("demo.pdn", &raw, &options, |checked| {
//!         let record = checked.record;
//!         let codes: Vec<Code> = record.diagnostics.iter().map(|d| d.code).collect();
//!         verdicts.push((record.game, record.status, record.replayed, codes));
//!     });
//! }
//! assert_eq!(
//!     verdicts,
//!     [
//!         (1, Verdict::Clean, 4, vec![]),
//!         // 28-22 is played where a capture (28x19) was compulsory: reported, and applied.
//!         (2, Verdict::Invalid, 3, vec![Code::CaptureRequired]),
//!     ]
//! );
//! # Ok::<(), std::io::Error>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod archive;
mod check;
pub mod dedupe;
pub mod diagram;
pub mod export;
pub mod file_variant;
pub mod filter;
pub mod html_report;
pub mod index;
pub mod names;
pub mod openings;
pub mod players;
mod record;
pub mod repair;
mod replay;
pub mod search;
pub mod standings;
pub mod stats;
pub mod summary;
pub mod tags;
pub mod validate;

pub use draughts;
pub use pdn;

pub use check::{CheckedGame, check_game};
pub use record::{GameRecord, Located, MAX_LISTED_IN_VARIATIONS, Verdict};
pub use replay::{
    ArchiveBoard, ArchiveVariant, CaptureFault, Code, Diagnostic, LiveGame, MAX_LISTED_NOTES,
    MoveRef, PlainJudge, Ply, ReplayOptions, Replayed, Severity, Source, VariantEvidence,
    check_syntax, note_diagnostic, replay, side_name, tagged_variant, worst_syntax_note,
};
