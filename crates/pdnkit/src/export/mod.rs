//! Exporters: games that were read and replayed, written in other formats. One file per
//! format, all of the same shape: `new(writer)`, `write_game(&CheckedGame)`, `finish()`.
//!
//! * [`FenWriter`]: PDN FEN of the final position, of one ply, or of every position, a row
//!   each naming the file, game and ply;
//! * [`CsvWriter`]: one row per game (tags, verdict, final FEN) or one row per ply;
//! * [`JsonWriter`]: JSON Lines, one object per game with moves, variations and diagnostics;
//! * [`PdnWriter`]: PDN with rule-aware move text (see [`minimal`]);
//! * [`ParquetWriter`]: a directory of Parquet tables of games and plies, whose rows
//!   ([`GameRows`]) the Arrow builders also make into record batches;
//! * [`line()`]: the movetext as moves with their comments, NAGs and variations attached.
//!
//! Exporters know formats, not rules: what a move is and how it is written comes from
//! the replay and [`minimal`]. They never drop a game on their own: a game
//! that replayed only in part is written as far as it replayed, and the caller decides whether
//! to leave invalid games out.

mod arrow;
mod csv;
mod fen;
mod json;
mod lines;
mod notation;
mod parquet;
mod parquet_file;
mod pdn;
mod square_numbers;

pub use arrow::{
    DiagnosticRow, GameRow, GameRows, GamesBuilder, MASK_COLUMNS, PliesBuilder, PlyColumns,
    TextColumn, games_schema, parse_date, plies_schema,
};
pub use csv::{CsvWriter, DEFAULT_TAGS, GAME_COLUMNS, MOVE_COLUMNS, Rows, game_columns};
pub use fen::{FenWriter, Positions, fen_after, missing as missing_position};
pub use json::JsonWriter;
pub use lines::{Entry, MoveLine, PlyIndex, line};
pub use notation::{
    canonical_landings, full_path, minimal, minimal_legal, normalised_squares, write_full_path,
};
pub use parquet::{NO_PARTITION_VALUE, ParquetWriter, Partition, ROW_GROUP_BYTES, Written};
pub use pdn::{PdnWriter, game_type_value, render as render_pdn, variant_tags};
pub use square_numbers::{SquareNumbers, halves};
