//! Parquet out: a directory with a games table and a plies table ([`super::arrow`] has their
//! columns), ZSTD-compressed, optionally split into Hive partitions by variant or year.
//!
//! ```text
//! DIR/games.parquet  DIR/plies.parquet                      (no partition)
//! DIR/games/variant=russian/part-0.parquet                  (--partition variant)
//! DIR/plies/year=1965/part-0.parquet                        (--partition year)
//! DIR/games/year=__HIVE_DEFAULT_PARTITION__/part-0.parquet  (games without a value)
//! ```
//!
//! Memory stays flat whatever the archive's size: rows are gathered into batches of a bounded
//! size, and once the row groups the files have open hold [`ROW_GROUP_BYTES`] together, the
//! largest are closed. Files are written under hidden names and renamed by
//! [`ParquetWriter::finish`], so a run that fails leaves no file a reader would take for whole.

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;

use super::arrow::{GameRows, GamesBuilder, PliesBuilder, games_schema, plies_schema};
use super::parquet_file::ParquetFile;
use crate::CheckedGame;
use crate::stats::year;

/// How a directory of tables is split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partition {
    /// One partition per variant played (`variant=russian`); the games files then leave out
    /// the `variant` column, which the directory names.
    Variant,
    /// One partition per year of the Date tag, as `stats --by year` reads it (`year=1965`).
    Year,
}

impl Partition {
    /// `variant` or `year`: the partition column's name.
    pub fn name(self) -> &'static str {
        match self {
            Partition::Variant => "variant",
            Partition::Year => "year",
        }
    }

    /// The partition of a game (`None`: it has no value).
    fn value(self, rows: &GameRows) -> Option<String> {
        match self {
            Partition::Variant => rows.game.variant.map(str::to_string),
            Partition::Year => rows.game.roster[2].as_deref().and_then(year),
        }
    }
}

/// The directory name Hive gives a partition without a value.
pub const NO_PARTITION_VALUE: &str = "__HIVE_DEFAULT_PARTITION__";

/// Rows gathered before they are handed to a file's writer as one batch.
const BATCH_GAMES: usize = 4096;
/// Plies gathered before they are handed to a file's writer as one batch.
const BATCH_PLIES: usize = 32 * 1024;
/// Bytes of rows gathered, over every partition, past which all are handed to their writers.
const PENDING_MEMORY: usize = 8 << 20;
/// Encoded bytes of the row groups in progress, over every file, past which the largest are
/// closed.
pub const ROW_GROUP_BYTES: usize = 8 << 20;
/// Bytes of a data page or a dictionary page. Each column fills one of each in memory before
/// it is encoded: with some thirty columns open in each file, the default of 1 MB would weigh
/// more than the row groups themselves.
const PAGE_BYTES: usize = 64 << 10;
/// Most rows in one row group (readers skip and read in parallel by row group).
const MAX_GROUP_ROWS: usize = 1 << 20;
/// Columns of the plies table written without a dictionary: square numbers and ply counts
/// take as much room as their dictionary indices, which ZSTD then cannot compress, and each
/// value would be hashed for nothing. (Masks keep theirs: positions repeat across games.)
const PLAIN_COLUMNS: [&[&str]; 11] = [
    &["white_men_hi"],
    &["white_kings_hi"],
    &["black_men_hi"],
    &["black_kings_hi"],
    &["side"],
    &["side_to_move"],
    &["from"],
    &["to"],
    &["captured", "list", "item"],
    &["ply"],
    &["move_number"],
];

/// Columns of the plies table written without a minimum and maximum per row group: no
/// query is answered by the range of a bit mask or of a move's text (every row group holds
/// most of them), and working the range out compares every value.
const NO_STATISTICS: [&str; 12] = [
    "white_men",
    "white_kings",
    "black_men",
    "black_kings",
    "white_men_hi",
    "white_kings_hi",
    "black_men_hi",
    "black_kings_hi",
    "side",
    "side_to_move",
    "move",
    "notation",
];

/// What a finished directory holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Rows of the games table.
    pub games: u64,
    /// Rows of the plies table.
    pub plies: u64,
    /// The files written, in the order of their paths.
    pub files: Vec<PathBuf>,
}

/// Writes the games and plies tables of a directory.
pub struct ParquetWriter {
    dir: PathBuf,
    partition: Option<Partition>,
    /// Each partition's tables, by its directory name (`variant=russian`; empty without
    /// partitions).
    parts: BTreeMap<String, Part>,
    written: Written,
    /// The plies table has a `fen_after` column.
    fen_after: bool,
    /// [`PENDING_MEMORY`] and [`ROW_GROUP_BYTES`] (tests make them smaller).
    pending_budget: usize,
    group_budget: usize,
    /// Threads encoding a batch's columns.
    threads: usize,
}

/// The two tables of one partition.
struct Part {
    games: Table<GamesBuilder>,
    plies: Table<PliesBuilder>,
}

/// One file: the rows gathered for it, and its writer once it has rows.
struct Table<B> {
    rows: B,
    writer: Option<ParquetFile>,
    /// Where it is written, and where it goes when finished.
    partial: PathBuf,
    path: PathBuf,
}

/// What the two builders share, for [`Table`].
trait Rows {
    fn len(&self) -> usize;
    fn batch(&mut self, leave_out: &[&str]) -> Result<RecordBatch, ArrowError>;
}

impl Rows for GamesBuilder {
    fn len(&self) -> usize {
        GamesBuilder::len(self)
    }
    fn batch(&mut self, leave_out: &[&str]) -> Result<RecordBatch, ArrowError> {
        self.finish(leave_out)
    }
}

impl Rows for PliesBuilder {
    fn len(&self) -> usize {
        PliesBuilder::len(self)
    }
    fn batch(&mut self, leave_out: &[&str]) -> Result<RecordBatch, ArrowError> {
        self.finish(leave_out)
    }
}

impl<B: Rows> Table<B> {
    fn new(dir: &Path, name: &str, rows: B) -> Table<B> {
        Table {
            rows,
            writer: None,
            partial: dir.join(format!(".{name}.partial")),
            path: dir.join(name),
        }
    }

    /// Hands the rows gathered to the file's writer (opening it on the first rows).
    fn flush_rows(&mut self, leave_out: &[&str], threads: usize) -> io::Result<()> {
        if self.rows.len() == 0 {
            return Ok(());
        }
        let batch = self.rows.batch(leave_out).map_err(arrow_error)?;
        let writer = match &mut self.writer {
            Some(w) => w,
            None => self
                .writer
                .insert(open(&self.partial, batch.schema(), threads)?),
        };
        writer
            .write(&batch)
            .map_err(|e| parquet_error(&self.path, e))?;
        Ok(())
    }

    /// The encoded bytes of the row group being built. (Beside them, each open file holds the
    /// buffers of the pages its columns are filling, bounded by [`PAGE_BYTES`]: closing a
    /// small row group would not free them, only make the file worse to read.)
    fn group_bytes(&self) -> usize {
        self.writer
            .as_ref()
            .map_or(0, ParquetFile::in_progress_size)
    }

    fn close_group(&mut self) -> io::Result<()> {
        match &mut self.writer {
            Some(w) => w.flush().map_err(|e| parquet_error(&self.path, e)),
            None => Ok(()),
        }
    }

    /// Closes the file and gives it its name; a table without rows gets a file only when
    /// `always` (a directory without partitions has both tables, empty or not).
    fn finish(
        mut self,
        leave_out: &[&str],
        schema: SchemaRef,
        always: bool,
        threads: usize,
    ) -> io::Result<Option<PathBuf>> {
        self.flush_rows(leave_out, threads)?;
        let writer = match self.writer.take() {
            Some(w) => w,
            None if always => open(&self.partial, schema, threads)?,
            None => return Ok(None),
        };
        writer.close().map_err(|e| parquet_error(&self.path, e))?;
        std::fs::rename(&self.partial, &self.path).map_err(|e| io_error(&self.path, e))?;
        Ok(Some(self.path.clone()))
    }
}

impl<B> Drop for Table<B> {
    fn drop(&mut self) {
        // A file not finished is not left behind (finish takes the writer first).
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

/// A writer of ZSTD-compressed Parquet at `path` (its directory created when missing) for
/// batches of `schema`, encoding on up to `threads` threads.
fn open(path: &Path, schema: SchemaRef, threads: usize) -> io::Result<ParquetFile> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    }
    let file = File::create(path).map_err(|e| io_error(path, e))?;
    let mut properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .set_max_row_group_row_count(Some(MAX_GROUP_ROWS))
        .set_data_page_size_limit(PAGE_BYTES)
        .set_dictionary_page_size_limit(PAGE_BYTES)
        // Statistics per row group, not per page: a page index is kept in memory until the file
        // is closed, and grows with the archive.
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .set_statistics_truncate_length(Some(64));
    for path in PLAIN_COLUMNS {
        let path = ColumnPath::new(path.iter().map(|p| p.to_string()).collect());
        properties = properties.set_column_dictionary_enabled(path, false);
    }
    for name in NO_STATISTICS {
        let path = ColumnPath::new(vec![name.to_string()]);
        properties = properties.set_column_statistics_enabled(path, EnabledStatistics::None);
    }
    ParquetFile::new(file, schema, properties.build(), threads).map_err(|e| parquet_error(path, e))
}

fn io_error(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

fn parquet_error(path: &Path, e: ParquetError) -> io::Error {
    match e {
        ParquetError::External(inner) => match inner.downcast::<io::Error>() {
            Ok(io) => io_error(path, *io),
            Err(other) => io::Error::other(format!("{}: {other}", path.display())),
        },
        other => io::Error::other(format!("{}: {other}", path.display())),
    }
}

fn arrow_error(e: ArrowError) -> io::Error {
    io::Error::other(format!("building a batch: {e}"))
}

impl ParquetWriter {
    /// A writer into `dir` (created when missing). Tables already in it are not replaced: the
    /// names this writer would write must be free.
    ///
    /// # Errors
    /// When `dir` cannot be created, or already holds a table of that name.
    pub fn create(dir: &Path, partition: Option<Partition>) -> io::Result<ParquetWriter> {
        let names: &[&str] = match partition {
            None => &["games.parquet", "plies.parquet"],
            Some(_) => &["games", "plies"],
        };
        for name in names {
            let path = dir.join(name);
            if path.exists() {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!("{} exists already: remove it first", path.display()),
                ));
            }
        }
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        Ok(ParquetWriter {
            dir: dir.to_path_buf(),
            partition,
            fen_after: false,
            parts: BTreeMap::new(),
            written: Written::default(),
            pending_budget: PENDING_MEMORY,
            group_budget: ROW_GROUP_BYTES,
            threads: 1,
        })
    }

    /// The same writer, whose plies table has a `fen_after` column (the position after each
    /// ply as PDN FEN) when `on`.
    pub fn with_fen_after(mut self, on: bool) -> ParquetWriter {
        self.fen_after = on;
        self
    }

    /// The same writer, encoding each batch's columns on up to `threads` threads (the files
    /// are the same whatever their number).
    pub fn with_threads(mut self, threads: usize) -> ParquetWriter {
        self.threads = threads.max(1);
        self
    }

    /// Writes the rows of one game.
    ///
    /// # Errors
    /// When a file cannot be created or written.
    pub fn write_game(&mut self, data: &CheckedGame<'_, '_>) -> io::Result<()> {
        self.write_rows(&GameRows::of(data, self.fen_after))
    }

    /// Writes rows made by [`GameRows::of`] (in a worker thread, say), with `fen_after` as
    /// this writer's.
    ///
    /// # Errors
    /// When a file cannot be created or written.
    pub fn write_rows(&mut self, rows: &GameRows) -> io::Result<()> {
        let (leave_out, threads) = (self.leave_out(), self.threads);
        let name = self.part_name(rows);
        let part = match self.parts.get_mut(&name) {
            Some(part) => part,
            None => {
                let part = self.new_part(&name);
                self.parts.entry(name).or_insert(part)
            }
        };
        part.games.rows.append(&rows.game);
        part.plies.rows.append(&rows.game, &rows.plies);
        self.written.games += 1;
        self.written.plies += rows.plies.len() as u64;
        if part.games.rows.len() >= BATCH_GAMES {
            part.games.flush_rows(leave_out, threads)?;
        }
        if part.plies.rows.len() >= BATCH_PLIES {
            part.plies.flush_rows(leave_out, threads)?;
        }
        self.bound_memory()
    }

    /// Closes every table and gives the files their names.
    ///
    /// # Errors
    /// When a file cannot be written or renamed.
    pub fn finish(mut self) -> io::Result<Written> {
        let leave_out = self.leave_out();
        let always = self.partition.is_none();
        if always && self.parts.is_empty() {
            let part = self.new_part("");
            self.parts.insert(String::new(), part);
        }
        let parts = std::mem::take(&mut self.parts);
        let mut files = Vec::new();
        for part in parts.into_values() {
            files.extend(
                part.games
                    .finish(leave_out, games_schema(), always, self.threads)?,
            );
            files.extend(part.plies.finish(
                leave_out,
                plies_schema(self.fen_after),
                always,
                self.threads,
            )?);
        }
        files.sort();
        Ok(Written {
            files,
            ..std::mem::take(&mut self.written)
        })
    }

    /// The columns the partition's directory names, left out of the files.
    fn leave_out(&self) -> &'static [&'static str] {
        match self.partition {
            Some(Partition::Variant) => &["variant"],
            _ => &[],
        }
    }

    /// `variant=russian`, `year=1965`, ...; empty without partitions.
    fn part_name(&self, rows: &GameRows) -> String {
        match self.partition {
            None => String::new(),
            Some(p) => format!(
                "{}={}",
                p.name(),
                p.value(rows).as_deref().unwrap_or(NO_PARTITION_VALUE)
            ),
        }
    }

    fn new_part(&self, name: &str) -> Part {
        let games = GamesBuilder::default();
        let plies = PliesBuilder::new(self.fen_after);
        if name.is_empty() {
            return Part {
                games: Table::new(&self.dir, "games.parquet", games),
                plies: Table::new(&self.dir, "plies.parquet", plies),
            };
        }
        let dir = |table: &str| self.dir.join(table).join(name);
        Part {
            games: Table::new(&dir("games"), "part-0.parquet", games),
            plies: Table::new(&dir("plies"), "part-0.parquet", plies),
        }
    }

    /// Keeps the rows gathered and the row groups open within their budgets, however many
    /// partitions there are.
    fn bound_memory(&mut self) -> io::Result<()> {
        let (leave_out, threads) = (self.leave_out(), self.threads);
        let pending: usize = self
            .parts
            .values()
            .map(|p| p.games.rows.bytes() + p.plies.rows.bytes())
            .sum();
        if pending >= self.pending_budget {
            for part in self.parts.values_mut() {
                part.games.flush_rows(leave_out, threads)?;
                part.plies.flush_rows(leave_out, threads)?;
            }
        }
        let groups: usize = self
            .parts
            .values()
            .map(|p| p.games.group_bytes() + p.plies.group_bytes())
            .sum();
        if groups < self.group_budget {
            return Ok(());
        }
        // The largest row groups are closed until half of the budget is left: the others (the
        // games beside their plies, say) go on growing into groups of a useful size.
        let mut sizes: Vec<(usize, String, bool)> = self
            .parts
            .iter()
            .flat_map(|(name, p)| {
                let games = (p.games.group_bytes(), name.clone(), false);
                let plies = (p.plies.group_bytes(), name.clone(), true);
                [games, plies]
            })
            .collect();
        sizes.sort_by_key(|s| std::cmp::Reverse(s.0));
        let mut open = groups;
        for (memory, name, plies) in sizes {
            if open < self.group_budget / 2 {
                break;
            }
            let part = self.parts.get_mut(&name).expect("a part listed");
            if plies {
                part.plies.close_group()?;
            } else {
                part.games.close_group()?;
            }
            open -= memory;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ReplayOptions, check_game};

    fn rows(year: u32) -> GameRows {
        let text = format!(
            "[Date \"{year}.01.02\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-29 *"
        );
        let raw = pdn::RawGame::from_text(text);
        check_game("t.pdn", &raw, &ReplayOptions::default(), |data| {
            GameRows::of(data, false)
        })
    }

    fn open_memory(w: &ParquetWriter) -> usize {
        w.parts
            .values()
            .map(|p| p.games.group_bytes() + p.plies.group_bytes())
            .sum()
    }

    #[test]
    fn many_partitions_stay_within_the_budgets_and_every_row_is_written() {
        let dir = std::env::temp_dir().join(format!("pdnkit-parquet-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut w = ParquetWriter::create(&dir, Some(Partition::Year)).unwrap();
        (w.pending_budget, w.group_budget) = (16 << 10, 64 << 10);
        let (years, games) = (20, 3_000);
        let mut most = 0;
        for i in 0..games {
            w.write_rows(&rows(1700 + i % years)).unwrap();
            let pending: usize = w
                .parts
                .values()
                .map(|p| p.games.rows.bytes() + p.plies.rows.bytes())
                .sum();
            assert!(pending < w.pending_budget, "{pending}");
            most = most.max(open_memory(&w));
            assert!(open_memory(&w) < w.group_budget, "{}", open_memory(&w));
        }
        // Row groups grew, and were closed as the budget was reached.
        assert!(most > w.group_budget / 4, "{most}");
        let written = w.finish().unwrap();
        assert_eq!(
            (written.games, written.plies),
            (u64::from(games), 5 * u64::from(games))
        );
        assert_eq!(written.files.len(), 2 * years as usize);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
