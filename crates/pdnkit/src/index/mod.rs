//! A position index of archives: every position of every game's main line in a file sorted
//! by position key, so that an exact position is found by a binary search instead of a replay
//! of the archive. What `pdnkit index` writes and `pdnkit search --index` reads.
//!
//! The file, after an 8-byte mark:
//! * the entries (24 bytes each: key, file number, game, ply, move number, variant, side),
//!   sorted by key. Keys are `Position::key` mixed with the variant, so English and Russian
//!   positions on the same squares never meet;
//! * the games: for each game indexed, its Event, White, Black and Date and the full path of
//!   each main-line move, so that a hit's row names the game and the move without a replay;
//! * the games' directory (file, game, where its record starts), in input order;
//! * the table of the files indexed (path, size, modification time, a fingerprint of their
//!   first and last megabyte, the variants their games were played in);
//! * a footer: where each part starts, how many entries and games, a CRC-32 of the entries
//!   and one of the rest, a CRC-32 of the footer itself, the mark again.
//!
//! Opening ([`Index::open`]) reads the whole file once to check both sums, and refuses a file
//! that does not match them (damaged, truncated). Building ([`IndexBuilder`]) sorts runs of
//! entries in memory and merges them from temporary files; each run, and the games and
//! directory spilled beside them, carries its own CRC-32, checked as it is read back.
//!
//! ```
//! use pdnkit::index::{Index, IndexBuilder, IndexedFile, index_dir, positions};
//! use pdnkit::search::{Query, Target};
//! use pdnkit::{ReplayOptions, check_game};
//!
//! let dir = std::env::temp_dir().join(format!("pdnkit-index-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let games = dir.join("games.pdn");
//! std::fs::write(&games, "[GameType \"20\"]\n1. 32-28 19-23 *\n")?;
//! let path = dir.join("games.idx");
//! let name = games.to_str().unwrap();
//! let files = vec![IndexedFile::for_index(name, &index_dir(&path)?)?];
//! let mut builder = IndexBuilder::new(&path, files)?;
//! let raw = pdnkit::pdn::RawGame::from_text(std::fs::read_to_string(&games)?);
//! let found = check_game(name, &raw, &ReplayOptions::default(), |g| positions(g));
//! builder.add_game(0, found.unwrap())?;
//! let mut out = std::fs::File::create(&path)?;
//! assert_eq!(builder.finish(&mut out)?, 3); // the start and two plies
//! drop(out);
//!
//! let index = Index::open(&path)?;
//! let query = Query::new(Target::parse_fen("B:W28,31,33-50:B1-20").unwrap());
//! let lookup = index.lookup(&query, &[0])?;
//! let mut moves = Vec::new();
//! index.rows(&lookup, |row| {
//!     moves.push(row.mv.map(str::to_string));
//!     Ok::<(), pdnkit::index::IndexError>(())
//! })?;
//! assert_eq!(moves, [Some("32-28".to_string())]);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
mod files;
mod format;
mod lookup;
mod read;
#[cfg(test)]
mod tests;

use std::io;

use draughts::{Colour, Config, Position, Variant};

use crate::CheckedGame;
use crate::export::full_path;
use crate::search::NotReadable;
pub use build::{IndexBuilder, RUN};
pub use files::{IndexedFile, index_dir};
use format::GameInfo;
pub use format::{Entry, GameView};
pub use lookup::{IndexHit, Lookup};
pub use read::Index;

/// Why an index cannot be opened or read.
#[derive(Debug)]
pub enum IndexError {
    /// Reading failed.
    Io(io::Error),
    /// The file is not an index.
    NotAnIndex,
    /// An index of the first format, which carried no checksums.
    OlderFormat,
    /// The file does not match its checksums or its parts do not fit: what is wrong.
    Damaged(&'static str),
    /// The entries name a game the index holds no record of.
    NoRecord {
        /// The game's number.
        game: u32,
        /// Its file, as the index names it.
        file: String,
    },
    /// The query looked up is not an exact position.
    NotAPosition,
    /// The query's position cannot stand in a variant.
    Unreadable(NotReadable),
}

impl std::fmt::Display for IndexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IndexError::Io(e) => e.fmt(f),
            IndexError::NotAnIndex => f.write_str("not an index"),
            IndexError::OlderFormat => f.write_str("an index of the older format (no checksums)"),
            IndexError::Damaged(why) => write!(f, "the index is damaged ({why})"),
            IndexError::NoRecord { game, file } => write!(
                f,
                "the index names game {game} of {file} but holds no record of it"
            ),
            IndexError::NotAPosition => f.write_str("an index finds exact positions only"),
            IndexError::Unreadable(why) => write!(f, "the position cannot be read {why}"),
        }
    }
}

impl std::error::Error for IndexError {}

impl From<io::Error> for IndexError {
    fn from(e: io::Error) -> IndexError {
        IndexError::Io(e)
    }
}

/// The variant's number in the index.
fn variant_number(v: Variant) -> u8 {
    Variant::ALL
        .iter()
        .position(|&w| w == v)
        .expect("a listed variant") as u8
}

/// A position's key in the index: its key mixed with its variant's.
pub fn indexed_key(pos: &Position, v: Variant) -> u64 {
    let salt = u64::from(variant_number(v) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    pos.key() ^ salt.rotate_left(17)
}

/// The positions of a replayed game's main line and what its rows show, as
/// [`IndexBuilder::add_game`] takes them.
#[derive(Debug)]
pub struct GamePositions {
    game: u32,
    variant: u8,
    /// (key, ply, move number, side) of each position, the start first.
    positions: Vec<(u64, u16, u16, u8)>,
    info: GameInfo,
}

/// The positions of `checked`'s main line, if it was replayed from a start position.
pub fn positions(checked: &CheckedGame<'_, '_>) -> Option<GamePositions> {
    let (r, config) = (checked.replayed?, checked.config()?);
    let start = r.start?;
    let v = config.variant;
    let mut positions = Vec::with_capacity(r.plies.len() + 1);
    positions.push((indexed_key(&start, v), 0, 0, 2));
    for (i, p) in r.plies.iter().enumerate() {
        let side = u8::from(p.side == Colour::Black);
        let number = p.number.min(u32::from(u16::MAX)) as u16;
        positions.push((indexed_key(&p.after, v), (i + 1) as u16, number, side));
    }
    Some(GamePositions {
        game: checked.record.game as u32,
        variant: variant_number(v),
        positions,
        info: game_info(checked, config),
    })
}

/// What the index keeps of `checked` for its rows.
fn game_info(checked: &CheckedGame<'_, '_>, config: &Config) -> GameInfo {
    let r = checked.record;
    GameInfo {
        event: r.event.clone(),
        white: r.white.clone(),
        black: r.black.clone(),
        date: checked.game.and_then(|g| g.tag("Date")).map(str::to_string),
        moves: checked
            .replayed
            .map(|p| p.plies.iter().map(|p| full_path(config, &p.mv)).collect())
            .unwrap_or_default(),
    }
}
