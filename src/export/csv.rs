//! CSV out, with a header row and RFC 4180 quoting (whatever the tags hold).
//!
//! * [`Rows::Games`]: one row per game: `file, game`, the chosen tag columns, then `variant,
//!   result, plies, replayed, status, first_error, final_fen` ([`game_columns`]);
//! * [`Rows::Moves`]: one row per main-line ply replayed ([`MOVE_COLUMNS`]).
//!
//! Write errors come back as the underlying `io::Error` (the `csv` crate wraps them in its own
//! type, which would hide a broken pipe from the caller).

use std::io::{self, Write};

use super::GameData;
use super::lines::{self, PlyIndex};
use super::notation::full_path;
use crate::replay::{Severity, side_name};

/// The tag columns of a game row by default: the seven-tag roster and GameType.
pub const DEFAULT_TAGS: [&str; 8] = [
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType",
];

/// Columns of a game row after the tags.
pub const GAME_COLUMNS: [&str; 7] = [
    "variant",
    "result",
    "plies",
    "replayed",
    "status",
    "first_error",
    "final_fen",
];

/// Columns of a move row.
pub const MOVE_COLUMNS: [&str; 13] = [
    "file",
    "game",
    "ply",
    "move_number",
    "side",
    "move",
    "notation",
    "from",
    "to",
    "captured",
    "captures",
    "promotion",
    "fen_after",
];

/// What a row is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rows {
    /// One row per game with these tag columns.
    Games(Vec<String>),
    /// One row per ply.
    Moves,
}

/// The header of a game row with `tags` as tag columns.
pub fn game_columns(tags: &[String]) -> Vec<String> {
    let mut columns = vec!["file".to_string(), "game".to_string()];
    columns.extend(tags.iter().cloned());
    columns.extend(GAME_COLUMNS.iter().map(|c| c.to_string()));
    columns
}

/// Writes CSV rows.
pub struct CsvWriter<W: Write> {
    out: csv::Writer<W>,
    rows: Rows,
}

impl<W: Write> CsvWriter<W> {
    /// A writer of `rows` to `out`; call [`Self::write_header`] first unless the header is
    /// written elsewhere (each worker of a parallel run renders rows without one).
    pub fn new(out: W, rows: Rows) -> CsvWriter<W> {
        let out = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(out);
        CsvWriter { out, rows }
    }

    /// Writes the header row.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_header(&mut self) -> io::Result<()> {
        let header = match &self.rows {
            Rows::Games(tags) => game_columns(tags),
            Rows::Moves => MOVE_COLUMNS.iter().map(|c| c.to_string()).collect(),
        };
        self.out.write_record(&header).map_err(io_error)
    }

    /// Writes the row (or rows) of one game.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write_game(&mut self, data: &GameData<'_, '_>) -> io::Result<()> {
        match &self.rows {
            Rows::Games(tags) => {
                let row = game_row(data, tags);
                self.out.write_record(&row).map_err(io_error)
            }
            Rows::Moves => {
                for row in move_rows(data) {
                    self.out.write_record(&row).map_err(io_error)?;
                }
                Ok(())
            }
        }
    }

    /// Flushes and returns the inner writer.
    ///
    /// # Errors
    /// When flushing fails.
    pub fn finish(self) -> io::Result<W> {
        self.out
            .into_inner()
            .map_err(|e| io::Error::new(e.error().kind(), e.error().to_string()))
    }
}

fn game_row(data: &GameData<'_, '_>, tags: &[String]) -> Vec<String> {
    let r = data.record;
    let mut row = vec![r.file.clone(), r.game.to_string()];
    row.extend(tags.iter().map(|t| data.tag(t).unwrap_or("").to_string()));
    let first_error = r
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .map_or("", |d| d.code.name());
    row.extend([
        r.variant.unwrap_or("").to_string(),
        r.result.clone().unwrap_or_default(),
        r.plies.to_string(),
        r.replayed.to_string(),
        r.status.name().to_string(),
        first_error.to_string(),
        r.final_fen.clone().unwrap_or_default(),
    ]);
    row
}

fn move_rows(data: &GameData<'_, '_>) -> Vec<Vec<String>> {
    let (Some(game), Some(replayed), Some(config)) = (data.game, data.replayed, data.config())
    else {
        return Vec::new();
    };
    let index = PlyIndex::new(replayed, &game.body);
    let line = lines::line(&game.body, &index);
    let r = data.record;
    let notation = config.notation;
    let name = |sq| notation.format(sq).to_string();
    line.moves
        .iter()
        .filter_map(|e| e.ply.map(|p| (e, p)))
        .map(|(e, p)| {
            let captured: Vec<String> = p.mv.captures().iter().map(|s| name(*s)).collect();
            vec![
                r.file.clone(),
                r.game.to_string(),
                p.ply.to_string(),
                p.number.to_string(),
                side_name(p.side).to_string(),
                e.written(),
                full_path(config, &p.mv),
                name(p.mv.from),
                name(p.mv.to),
                captured.join(" "),
                captured.len().to_string(),
                p.mv.promotes.to_string(),
                p.after.to_fen(&notation).to_string(),
            ]
        })
        .collect()
}

/// The I/O error inside a CSV error, or the CSV error as an I/O error.
pub fn io_error(e: csv::Error) -> io::Error {
    if e.is_io_error() {
        match e.into_kind() {
            csv::ErrorKind::Io(io) => return io,
            other => return io::Error::other(format!("{other:?}")),
        }
    }
    io::Error::other(e.to_string())
}
