//! CSV out, with a header row and RFC 4180 quoting (whatever the tags hold).
//!
//! * [`Rows::Games`]: one row per game: `file, game`, the chosen tag columns, then `variant,
//!   recorded_result, plies, replayed, status, first_error, final_fen, opening`
//!   ([`game_columns`]; `opening` names the line of a table of openings the game follows,
//!   pdnkit's own tables unless the caller gives another).
//!   `recorded_result` is the Result tag, else the terminator: named apart from the `Result`
//!   tag's column, which databases that fold case would take for the same column;
//! * [`Rows::Moves`]: one row per main-line ply replayed ([`MOVE_COLUMNS`]).
//!
//! Write errors come back as the underlying `io::Error` (the `csv` crate wraps them in its own
//! type, which would hide a broken pipe from the caller).

use std::io::{self, Write};
use std::sync::Arc;

use super::lines::{self, PlyIndex};
use super::notation::write_full_path;
use crate::CheckedGame;
use crate::openings::Openings;
use crate::{Severity, side_name};

/// The tag columns of a game row by default: the seven-tag roster and GameType.
pub const DEFAULT_TAGS: [&str; 8] = [
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType",
];

/// Columns of a game row after the tags.
pub const GAME_COLUMNS: [&str; 8] = [
    "variant",
    "recorded_result",
    "plies",
    "replayed",
    "status",
    "first_error",
    "final_fen",
    "opening",
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
    openings: Arc<Openings>,
}

impl<W: Write> CsvWriter<W> {
    /// A writer of `rows` to `out`; call [`Self::write_header`] first unless the header is
    /// written elsewhere (each worker of a parallel run renders rows without one).
    pub fn new(out: W, rows: Rows) -> CsvWriter<W> {
        let out = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(out);
        CsvWriter {
            out,
            rows,
            openings: Openings::builtin(),
        }
    }

    /// Names games' openings from `openings` instead of pdnkit's own tables.
    pub fn with_openings(mut self, openings: Arc<Openings>) -> CsvWriter<W> {
        self.openings = openings;
        self
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
    pub fn write_game(&mut self, data: &CheckedGame<'_, '_>) -> io::Result<()> {
        match &self.rows {
            Rows::Games(tags) => {
                let row = game_row(data, tags, &self.openings);
                self.out.write_record(&row).map_err(io_error)
            }
            Rows::Moves => write_move_rows(&mut self.out, data).map_err(io_error),
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

fn game_row(data: &CheckedGame<'_, '_>, tags: &[String], openings: &Openings) -> Vec<String> {
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
        openings
            .name_of(data)
            .map(|o| o.name.clone())
            .unwrap_or_default(),
    ]);
    row
}

/// The rows of [`MOVE_COLUMNS`], one per main-line ply replayed, written field by field
/// from one scratch buffer (a game has a row per ply, each with a FEN).
fn write_move_rows<W: Write>(
    out: &mut csv::Writer<W>,
    data: &CheckedGame<'_, '_>,
) -> csv::Result<()> {
    let (Some(game), Some(replayed), Some(config)) = (data.game, data.replayed, data.config())
    else {
        return Ok(());
    };
    let index = PlyIndex::new(replayed, &game.body);
    let line = lines::line(&game.body, &index);
    let r = data.record;
    let names = config.notation.names();
    let mut numbers = itoa::Buffer::new();
    let game_number = numbers.format(r.game).to_string();
    let mut field = String::with_capacity(128);
    for (e, p) in line.moves.iter().filter_map(|e| e.ply.map(|p| (e, p))) {
        out.write_field(&r.file)?;
        out.write_field(&game_number)?;
        out.write_field(numbers.format(p.ply))?;
        out.write_field(numbers.format(p.number))?;
        out.write_field(side_name(p.side))?;
        field.clear();
        if e.tokens.is_empty() {
            field.push_str("- -");
        }
        for (i, m) in e.tokens.iter().enumerate() {
            if i > 0 {
                field.push(' ');
            }
            field.push_str(m.text);
        }
        out.write_field(&field)?;
        field.clear();
        write_full_path(config, &p.mv, &mut field);
        out.write_field(&field)?;
        field.clear();
        names.push_name(&mut field, p.mv.from);
        out.write_field(&field)?;
        field.clear();
        names.push_name(&mut field, p.mv.to);
        out.write_field(&field)?;
        field.clear();
        for (i, &sq) in p.mv.captures().iter().enumerate() {
            if i > 0 {
                field.push(' ');
            }
            names.push_name(&mut field, sq);
        }
        out.write_field(&field)?;
        out.write_field(numbers.format(p.mv.captures().len()))?;
        out.write_field(if p.mv.promotes { "true" } else { "false" })?;
        field.clear();
        p.after.write_fen(names, &mut field);
        out.write_field(&field)?;
        out.write_record(None::<&[u8]>)?;
    }
    Ok(())
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
