//! `pdnkit index` and `pdnkit search --index`: the positions of an archive's games in a file
//! sorted by position key, so that an exact position is found by a binary search instead of
//! a replay of the archive.
//!
//! The file: the entries (24 bytes each: key, file number, game, ply, move number, variant,
//! side), sorted by key; then the table of the files indexed (path, size, modification time,
//! a fingerprint of their first and last megabyte); then a footer (where the table starts, how
//! many entries, the format's mark). Keys are `Position::key` mixed with the variant, so
//! English and Russian positions on the same squares never meet. Building sorts runs of
//! entries in memory and merges them from temporary files, so memory stays bounded however
//! large the archive. A search first checks every file against the table and refuses an index
//! whose files changed since it was built.

use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use draughts::{Colour, Config, Position, Variant};
use pdnkit::search::{Query, Target, mirrored};
use pdnkit::{ReplayOptions, check_game};

use super::input::{self, Item};
use super::output::Output;
use super::report::{Counts, Reporter, plural};
use super::search::{HEADER, Row, SearchArgs};
use super::{GlobalArgs, ReplayArgs, Status};

/// Arguments of `pdnkit index`.
#[derive(clap::Args, Debug)]
pub struct IndexArgs {
    #[command(flatten)]
    pub replay: ReplayArgs,
    /// The index file to write.
    #[arg(short, long, value_name = "INDEX")]
    pub output: PathBuf,
    /// PDN files to index (regular files: an index names them and checks them when used).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// The mark that ends an index file (and says its format's version).
const MAGIC: &[u8; 8] = b"PDNKIDX1";
/// Bytes of an entry.
const ENTRY: usize = 24;
/// Entries sorted in memory before a run is written to a temporary file.
const RUN: usize = 1 << 21;
/// Bytes read at each end of a file for its fingerprint.
const FINGERPRINT_BYTES: u64 = 1 << 20;

/// One position of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    key: u64,
    file: u32,
    game: u32,
    ply: u16,
    number: u16,
    variant: u8,
    /// 0 White, 1 Black played the ply; 2 for the start position.
    side: u8,
}

impl Entry {
    fn to_bytes(self) -> [u8; ENTRY] {
        let mut b = [0u8; ENTRY];
        b[0..8].copy_from_slice(&self.key.to_le_bytes());
        b[8..12].copy_from_slice(&self.file.to_le_bytes());
        b[12..16].copy_from_slice(&self.game.to_le_bytes());
        b[16..18].copy_from_slice(&self.ply.to_le_bytes());
        b[18..20].copy_from_slice(&self.number.to_le_bytes());
        b[20] = self.variant;
        b[21] = self.side;
        b
    }

    fn from_bytes(b: &[u8]) -> Entry {
        let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
        let u16_at = |i: usize| u16::from_le_bytes(b[i..i + 2].try_into().expect("2 bytes"));
        Entry {
            key: u64::from_le_bytes(b[0..8].try_into().expect("8 bytes")),
            file: u32_at(8),
            game: u32_at(12),
            ply: u16_at(16),
            number: u16_at(18),
            variant: b[20],
            side: b[21],
        }
    }
}

/// A file as the index saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Indexed {
    /// The file as it was named when the index was built (as reports name it).
    path: String,
    /// Where the file is from the index's directory (or an absolute path).
    location: String,
    size: u64,
    modified: u64,
    fingerprint: u64,
}

impl Indexed {
    /// `path` as it is now.
    fn now(path: &str) -> io::Result<Indexed> {
        Indexed::at(path, path)
    }

    /// The file at `location` as it is now, named `path`.
    fn at(path: &str, location: &str) -> io::Result<Indexed> {
        let file = File::open(location).map_err(|e| named(path, e))?;
        let meta = file.metadata().map_err(|e| named(path, e))?;
        if !meta.is_file() {
            return Err(named(
                path,
                io::Error::other("not a regular file; an index names the files it covers"),
            ));
        }
        let modified = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos() as u64);
        let size = meta.len();
        // FNV-1a over the first and the last megabyte, and the size.
        let mut hash = 0xCBF2_9CE4_8422_2325u64 ^ size;
        let mut fold = |bytes: &[u8]| {
            for &b in bytes {
                hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
            }
        };
        for start in [0, size.saturating_sub(FINGERPRINT_BYTES)] {
            let mut buf = vec![0u8; FINGERPRINT_BYTES.min(size) as usize];
            file.read_exact_at(&mut buf, start)
                .map_err(|e| named(path, e))?;
            fold(&buf);
        }
        Ok(Indexed {
            path: path.to_string(),
            location: location.to_string(),
            size,
            modified,
            fingerprint: hash,
        })
    }
}

/// The directory of an index file, as an absolute path: the files it covers are found from it,
/// so an index and its archive can move together.
fn index_dir(index: &Path) -> anyhow::Result<PathBuf> {
    let parent = match index.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::canonicalize(parent).map_err(|e| anyhow::anyhow!("{}: {e}", parent.display()))
}

/// `to` as a path from `from` (both absolute): `../games/a.pdn`.
fn relative(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<_> = from.components().collect();
    let to_parts: Vec<_> = to.components().collect();
    let common = from
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return to.to_path_buf();
    }
    let mut path = PathBuf::new();
    for _ in common..from.len() {
        path.push("..");
    }
    for part in &to_parts[common..] {
        path.push(part);
    }
    path
}

fn named(path: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}

/// The variant's number in the index.
fn variant_number(v: Variant) -> u8 {
    Variant::ALL
        .iter()
        .position(|&w| w == v)
        .expect("a listed variant") as u8
}

/// A position's key in the index: its key mixed with its variant's.
fn indexed_key(pos: &Position, v: Variant) -> u64 {
    let salt = u64::from(variant_number(v) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    pos.key() ^ salt.rotate_left(17)
}

/// Runs `pdnkit index`.
pub fn run(args: IndexArgs, global: &GlobalArgs) -> anyhow::Result<Status> {
    if global.format.is_some() {
        anyhow::bail!("index writes an index file; --format is not used by index");
    }
    let names: Vec<String> = args.files.iter().map(|p| input::display_name(p)).collect();
    if names.iter().any(|n| n == "-") {
        anyhow::bail!("an index covers files it can check later; standard input cannot be indexed");
    }
    let dir = index_dir(&args.output)?;
    let indexed: Vec<Indexed> = names
        .iter()
        .map(|n| {
            let indexed = Indexed::now(n)?;
            let location = std::fs::canonicalize(n).map_err(|e| named(n, e))?;
            Ok(Indexed {
                location: relative(&dir, &location).to_string_lossy().into_owned(),
                ..indexed
            })
        })
        .collect::<io::Result<_>>()?;
    let options: ReplayOptions = args.replay.options()?;
    let mut reporter = Reporter::new(global, &args.files);
    let mut runs = Runs::new(&args.output)?;
    let mut file_of = FileNumbers::new(&names);
    let games = input::decided_games(
        &args.files,
        reporter.bytes_counter(),
        input::Deciding::replaying(options.variant),
    );
    let result = global.pipeline().run_weighed(
        games,
        |(item, _)| item.weight(),
        || (),
        |_, (item, archive)| {
            let options = options.for_archive(archive);
            match item {
                Item::Failed { error } => (
                    None,
                    Vec::new(),
                    format!("pdnkit: {error}\n"),
                    Counts::failed_input(),
                ),
                Item::Game { file, game } => check_game(&file, &game, &options, |checked| {
                    let mut found = Vec::new();
                    if let (Some(r), Some(config)) = (checked.replayed, checked.config())
                        && let Some(start) = r.start
                    {
                        let v = config.variant;
                        let at = |ply: usize, number: u32, side: u8, pos: &Position| {
                            (
                                indexed_key(pos, v),
                                checked.record.game as u32,
                                ply as u16,
                                number.min(u32::from(u16::MAX)) as u16,
                                variant_number(v),
                                side,
                            )
                        };
                        found.push(at(0, 0, 2, &start));
                        for (i, p) in r.plies.iter().enumerate() {
                            let side = u8::from(p.side == Colour::Black);
                            found.push(at(i + 1, p.number, side, &p.after));
                        }
                    }
                    (
                        Some(file.clone()),
                        found,
                        String::new(),
                        Counts::verdict(checked.record.status),
                    )
                }),
            }
        },
        |(file, found, message, counts)| {
            reporter.message(&message);
            reporter.add(counts);
            let Some(file) = file else {
                return ControlFlow::Continue(());
            };
            let number = file_of.number(&file);
            for (key, game, ply, move_number, variant, side) in found {
                let e = Entry {
                    key,
                    file: number,
                    game,
                    ply,
                    number: move_number,
                    variant,
                    side,
                };
                if let Err(e) = runs.push(e) {
                    return ControlFlow::Break(e);
                }
            }
            ControlFlow::Continue(())
        },
    );
    result.map_err(|e| anyhow::Error::new(e).context("writing the index"))?;
    let status = reporter.finish_validation();
    if status.failed {
        anyhow::bail!("an input could not be read whole: no index written");
    }
    let entries = runs.finish(&indexed)?;
    if !global.quiet {
        super::report::to_stderr(&format!(
            "pdnkit: {} indexed in {}",
            plural(entries, "position"),
            args.output.display()
        ));
    }
    Ok(Status::default())
}

/// Gives each file its number in the index: its place among the files given.
struct FileNumbers<'n> {
    names: &'n [String],
}

impl<'n> FileNumbers<'n> {
    fn new(names: &'n [String]) -> Self {
        FileNumbers { names }
    }

    fn number(&mut self, file: &str) -> u32 {
        self.names.iter().position(|n| n == file).unwrap_or(0) as u32
    }
}

/// Runs of sorted entries spilled to temporary files next to the index, merged at the end.
struct Runs {
    output: PathBuf,
    current: Vec<Entry>,
    spilled: Vec<PathBuf>,
}

impl Runs {
    fn new(output: &Path) -> io::Result<Runs> {
        Ok(Runs {
            output: output.to_path_buf(),
            current: Vec::with_capacity(RUN.min(1 << 16)),
            spilled: Vec::new(),
        })
    }

    fn push(&mut self, e: Entry) -> io::Result<()> {
        self.current.push(e);
        if self.current.len() >= RUN {
            self.spill()?;
        }
        Ok(())
    }

    fn spill(&mut self) -> io::Result<()> {
        self.current.sort_unstable();
        let path = self.output.with_extension(format!(
            "run{}-{}.tmp",
            self.spilled.len(),
            std::process::id()
        ));
        let mut w = BufWriter::new(File::create(&path)?);
        for e in self.current.drain(..) {
            w.write_all(&e.to_bytes())?;
        }
        w.flush()?;
        self.spilled.push(path);
        Ok(())
    }

    /// Merges the runs into the index, writes the file table and the footer; returns the
    /// number of entries.
    fn finish(mut self, files: &[Indexed]) -> anyhow::Result<u64> {
        self.current.sort_unstable();
        let mut out = Output::open(Some(&self.output))?;
        let mut count = 0u64;
        {
            let mut readers: Vec<BufReader<File>> = self
                .spilled
                .iter()
                .map(|p| File::open(p).map(|f| BufReader::with_capacity(1 << 16, f)))
                .collect::<io::Result<_>>()?;
            let mut heap = BinaryHeap::new();
            for (i, r) in readers.iter_mut().enumerate() {
                if let Some(e) = read_entry(r)? {
                    heap.push(std::cmp::Reverse((e, i)));
                }
            }
            let mut memory = self.current.iter().copied().peekable();
            loop {
                let from_run = heap.peek().map(|r| r.0.0);
                let take_memory = match (memory.peek(), from_run) {
                    (Some(m), Some(r)) => *m <= r,
                    (Some(_), None) => true,
                    (None, Some(_)) => false,
                    (None, None) => break,
                };
                let e = if take_memory {
                    memory.next().expect("peeked")
                } else {
                    let std::cmp::Reverse((e, i)) = heap.pop().expect("peeked");
                    if let Some(next) = read_entry(&mut readers[i])? {
                        heap.push(std::cmp::Reverse((next, i)));
                    }
                    e
                };
                out.write_all(&e.to_bytes())?;
                count += 1;
            }
        }
        for p in &self.spilled {
            let _ = std::fs::remove_file(p);
        }
        let table_start = count * ENTRY as u64;
        let mut table = Vec::new();
        table.extend((files.len() as u32).to_le_bytes());
        for f in files {
            for text in [&f.path, &f.location] {
                table.extend((text.len() as u32).to_le_bytes());
                table.extend(text.as_bytes());
            }
            table.extend(f.size.to_le_bytes());
            table.extend(f.modified.to_le_bytes());
            table.extend(f.fingerprint.to_le_bytes());
        }
        out.write_all(&table)?;
        out.write_all(&table_start.to_le_bytes())?;
        out.write_all(&count.to_le_bytes())?;
        out.write_all(MAGIC)?;
        out.finish()?;
        Ok(count)
    }
}

impl Drop for Runs {
    fn drop(&mut self) {
        for p in &self.spilled {
            let _ = std::fs::remove_file(p);
        }
    }
}

fn read_entry(r: &mut impl Read) -> io::Result<Option<Entry>> {
    let mut b = [0u8; ENTRY];
    match r.read_exact(&mut b) {
        Ok(()) => Ok(Some(Entry::from_bytes(&b))),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
        Err(e) => Err(e),
    }
}

/// An index opened for searching: its entries stay on disk.
struct Index {
    file: File,
    entries: u64,
    files: Vec<Indexed>,
}

impl Index {
    fn open(path: &Path) -> anyhow::Result<Index> {
        let shown = path.display();
        let mut file = File::open(path).map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
        let len = file.metadata()?.len();
        let not_an_index = || anyhow::anyhow!("{shown}: not an index written by `pdnkit index`");
        if len < 24 {
            return Err(not_an_index());
        }
        let mut footer = [0u8; 24];
        file.read_exact_at(&mut footer, len - 24)?;
        if &footer[16..24] != MAGIC {
            return Err(not_an_index());
        }
        let table_start = u64::from_le_bytes(footer[0..8].try_into().expect("8"));
        let entries = u64::from_le_bytes(footer[8..16].try_into().expect("8"));
        if table_start != entries * ENTRY as u64 || table_start > len - 24 {
            return Err(not_an_index());
        }
        file.seek(SeekFrom::Start(table_start))?;
        let mut table = vec![0u8; (len - 24 - table_start) as usize];
        file.read_exact(&mut table)?;
        let files = read_table(&table).ok_or_else(not_an_index)?;
        Ok(Index {
            file,
            entries,
            files,
        })
    }

    fn entry(&self, i: u64) -> io::Result<Entry> {
        let mut b = [0u8; ENTRY];
        self.file.read_exact_at(&mut b, i * ENTRY as u64)?;
        Ok(Entry::from_bytes(&b))
    }

    /// Every entry with `key`, in the index's order.
    fn find(&self, key: u64) -> io::Result<Vec<Entry>> {
        let (mut lo, mut hi) = (0u64, self.entries);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.entry(mid)?.key < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let mut found = Vec::new();
        while lo < self.entries {
            let e = self.entry(lo)?;
            if e.key != key {
                break;
            }
            found.push(e);
            lo += 1;
        }
        Ok(found)
    }
}

fn read_table(b: &[u8]) -> Option<Vec<Indexed>> {
    let mut at = 0usize;
    let mut take = |n: usize| {
        let s = b.get(at..at + n)?;
        at += n;
        Some(s)
    };
    let count = u32::from_le_bytes(take(4)?.try_into().ok()?);
    let mut files = Vec::new();
    for _ in 0..count {
        let mut text = || {
            let len = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
            String::from_utf8(take(len)?.to_vec()).ok()
        };
        let path = text()?;
        let location = text()?;
        let size = u64::from_le_bytes(take(8)?.try_into().ok()?);
        let modified = u64::from_le_bytes(take(8)?.try_into().ok()?);
        let fingerprint = u64::from_le_bytes(take(8)?.try_into().ok()?);
        files.push(Indexed {
            path,
            location,
            size,
            modified,
            fingerprint,
        });
    }
    Some(files)
}

/// `pdnkit search --index`: the position of `query` looked up in the index, in each variant
/// the index holds, the query read in that variant's standard notation.
pub fn search(
    index_path: &Path,
    query: &Query,
    args: &SearchArgs,
    json: bool,
    global: &GlobalArgs,
) -> anyhow::Result<Status> {
    if args.to.is_some() || args.variations {
        anyhow::bail!(
            "with --index, search writes rows of the main lines' positions (no --to, no --variations)"
        );
    }
    let Target::Position(fen) = query.target() else {
        anyhow::bail!("--index finds exact positions only (--fen)");
    };
    let index = Index::open(index_path)?;
    let dir = index_dir(index_path)?;
    for f in &index.files {
        let location = dir.join(&f.location);
        let now = Indexed::at(&f.path, &location.to_string_lossy())?;
        if (now.size, now.modified, now.fingerprint) != (f.size, f.modified, f.fingerprint) {
            anyhow::bail!(
                "{}: changed since {} was built (size, time or content); run `pdnkit index` again",
                f.path,
                index_path.display()
            );
        }
    }
    let mut out = Output::open(args.output.as_deref())?;
    if !json {
        let mut header = csv::Writer::from_writer(Vec::new());
        header.write_record(HEADER).expect("in-memory CSV");
        out.write_all(&header.into_inner().expect("in-memory CSV"))?;
    }
    let mut found: Vec<(Entry, String, bool)> = Vec::new();
    for (n, &variant) in Variant::ALL.iter().enumerate() {
        let config = Config::standard(variant);
        let mut wanted = fen.clone();
        if wanted.turn.is_none() {
            wanted.turn = Some(Colour::White);
        }
        let Ok(pos) = Position::from_fen(&wanted, variant.rules(), &config.notation) else {
            continue;
        };
        let mut looked: Vec<(Position, bool)> = vec![(pos, false)];
        if query.any_side || fen.turn.is_none() {
            let mut other = pos;
            other.set_side_to_move(pos.side_to_move().opposite());
            looked.push((other, false));
        }
        if query.mirror {
            let turned: Vec<(Position, bool)> =
                looked.iter().map(|(p, _)| (mirrored(p), true)).collect();
            looked.extend(turned);
        }
        for (p, was_mirrored) in looked {
            for e in index.find(indexed_key(&p, variant))? {
                if e.variant as usize == n {
                    found.push((e, p.fen_text(&config.notation), was_mirrored));
                }
            }
        }
    }
    // In the order of the archive, as a search without the index writes them.
    found.sort_by_key(|(e, ..)| (e.file, e.game, e.ply));
    found.dedup_by_key(|(e, ..)| (e.file, e.game, e.ply));
    for (e, fen_text, was_mirrored) in &found {
        let row = Row {
            file: &index.files[e.file as usize].path,
            game: u64::from(e.game),
            ply: u32::from(e.ply),
            move_number: (e.side != 2).then_some(u32::from(e.number)),
            played_by: match e.side {
                0 => Some("white"),
                1 => Some("black"),
                _ => None,
            },
            variation: 0,
            mirrored: *was_mirrored,
            fen: fen_text,
        };
        let mut data = Vec::new();
        row.write(json, &mut data);
        out.write_all(&data)?;
    }
    let rows = found.len() as u64;
    out.finish()?;
    if !global.quiet {
        super::report::to_stderr(&format!("pdnkit: {} in the index", plural(rows, "hit")));
    }
    Ok(Status::default())
}
