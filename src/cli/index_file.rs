//! The index file of `pdnkit index`: what it holds, how it is built in bounded memory, and
//! how a search opens it, its checksums checked.
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
//! Opening reads the whole file once to check both sums, and refuses a file that does not
//! match them (damaged, truncated). Building sorts runs of entries in memory and merges them
//! from temporary files; each run, and the games and directory spilled beside them, carries
//! its own CRC-32, checked as it is read back.

use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use draughts::{Colour, Config, Position, Variant};
use pdnkit::CheckedGame;
use pdnkit::export::full_path;

use super::output::Output;

/// The mark that starts and ends an index file (and says its format's version).
pub(super) const MAGIC: &[u8; 8] = b"PDNKIDX2";
/// The mark of the first format, which carried no checksums.
pub(super) const OLD_MAGIC: &[u8; 8] = b"PDNKIDX1";
/// Bytes of an entry.
pub(super) const ENTRY: usize = 24;
/// Bytes of a game's place in the directory.
pub(super) const DIRECTORY_ENTRY: usize = 16;
/// Bytes of the footer, its closing mark included.
pub(super) const FOOTER: usize = 64;
/// Entries sorted in memory before a run is written to a temporary file.
pub(super) const RUN: usize = 1 << 21;
/// Bytes read at each end of a file for its fingerprint.
pub(super) const FINGERPRINT_BYTES: u64 = 1 << 20;

/// One position of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) file: u32,
    pub(super) game: u32,
    pub(super) ply: u16,
    pub(super) number: u16,
    pub(super) variant: u8,
    /// 0 White, 1 Black played the ply; 2 for the start position.
    pub(super) side: u8,
}

impl Entry {
    pub(super) fn to_bytes(self) -> [u8; ENTRY] {
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

    pub(super) fn from_bytes(b: &[u8]) -> Entry {
        Entry {
            key: u64_at(b, 0),
            file: u32_at(b, 8),
            game: u32_at(b, 12),
            ply: u16::from_le_bytes([b[16], b[17]]),
            number: u16::from_le_bytes([b[18], b[19]]),
            variant: b[20],
            side: b[21],
        }
    }
}

pub(super) fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"))
}

pub(super) fn u64_at(b: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"))
}

/// What the index keeps of a game for the rows of its hits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct GameInfo {
    pub(super) event: Option<String>,
    pub(super) white: Option<String>,
    pub(super) black: Option<String>,
    pub(super) date: Option<String>,
    /// The full path of each main-line move replayed.
    pub(super) moves: Vec<String>,
}

impl GameInfo {
    pub(super) fn of(checked: &CheckedGame<'_, '_>, config: &Config) -> GameInfo {
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

    /// The record: each text as a length (`u32::MAX` for none) and its bytes, then the number
    /// of moves and each move's length (`u16`) and bytes.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::new();
        for text in [&self.event, &self.white, &self.black, &self.date] {
            match text {
                Some(t) => {
                    b.extend((t.len() as u32).to_le_bytes());
                    b.extend(t.as_bytes());
                }
                None => b.extend(u32::MAX.to_le_bytes()),
            }
        }
        b.extend((self.moves.len() as u32).to_le_bytes());
        for m in &self.moves {
            b.extend((m.len() as u16).to_le_bytes());
            b.extend(m.as_bytes());
        }
        b
    }

    /// Reads a record from `read`, which gives the bytes at an offset of the record.
    /// The record written by [`Self::to_bytes`], if `b` is one whole.
    #[cfg(test)]
    fn from_bytes(b: &[u8]) -> Option<GameInfo> {
        let view = GameView::parse(b)?;
        Some(GameInfo {
            event: view.event.map(str::to_string),
            white: view.white.map(str::to_string),
            black: view.black.map(str::to_string),
            date: view.date.map(str::to_string),
            moves: (0..view.count)
                .map(|i| view.move_at(i).map(str::to_string))
                .collect::<Option<_>>()?,
        })
    }
}

/// A game's record as read from the index, its moves left in their bytes until one is asked
/// for (a hit wants one move of a game of a hundred).
#[derive(Debug)]
pub(super) struct GameView<'b> {
    pub(super) event: Option<&'b str>,
    pub(super) white: Option<&'b str>,
    pub(super) black: Option<&'b str>,
    pub(super) date: Option<&'b str>,
    count: usize,
    moves: &'b [u8],
}

impl<'b> GameView<'b> {
    /// The record in `b`, if `b` is one whole: its texts UTF-8, its moves' lengths adding up.
    pub(super) fn parse(b: &'b [u8]) -> Option<GameView<'b>> {
        let mut at = 0usize;
        let mut take = |n: usize| {
            let s = b.get(at..at + n)?;
            at += n;
            Some(s)
        };
        let mut text = || -> Option<Option<&'b str>> {
            let len = u32::from_le_bytes(take(4)?.try_into().ok()?);
            if len == u32::MAX {
                return Some(None);
            }
            std::str::from_utf8(take(len as usize)?).ok().map(Some)
        };
        let (event, white, black, date) = (text()?, text()?, text()?, text()?);
        let count = u32::from_le_bytes(take(4)?.try_into().ok()?) as usize;
        let moves = &b[at..];
        let mut walked = 0usize;
        for _ in 0..count {
            let len = u16::from_le_bytes(moves.get(walked..walked + 2)?.try_into().ok()?);
            // Each move's text is checked when it is asked for (`move_at`).
            walked += 2 + usize::from(len);
        }
        (walked == moves.len()).then_some(GameView {
            event,
            white,
            black,
            date,
            count,
            moves,
        })
    }

    /// The `i`-th move of the main line (from 0), as its full path.
    pub(super) fn move_at(&self, i: usize) -> Option<&'b str> {
        if i >= self.count {
            return None;
        }
        let mut at = 0usize;
        for _ in 0..i {
            at += 2 + usize::from(u16::from_le_bytes([self.moves[at], self.moves[at + 1]]));
        }
        let len = usize::from(u16::from_le_bytes([self.moves[at], self.moves[at + 1]]));
        std::str::from_utf8(&self.moves[at + 2..at + 2 + len]).ok()
    }
}

/// A file as the index saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Indexed {
    /// The file as it was named when the index was built (as reports name it).
    pub(super) path: String,
    /// Where the file is from the index's directory (or an absolute path).
    pub(super) location: String,
    pub(super) size: u64,
    pub(super) modified: u64,
    pub(super) fingerprint: u64,
    /// The variants its games were played in, one bit per [`Variant::ALL`] place.
    pub(super) variants: u32,
}

impl Indexed {
    /// `path` as it is now.
    pub(super) fn now(path: &str) -> io::Result<Indexed> {
        Indexed::at(path, path)
    }

    /// The file at `location` as it is now, named `path`.
    pub(super) fn at(path: &str, location: &str) -> io::Result<Indexed> {
        let file = File::open(location).map_err(|e| named(path, e))?;
        let meta = file.metadata().map_err(|e| named(path, e))?;
        if !meta.is_file() {
            return Err(named(
                path,
                io::Error::other("not a regular file; an index names the files it covers"),
            ));
        }
        // Its games are found again by their offsets in the file: not in a zip archive.
        let mut head = [0u8; 4];
        if (&file).read_exact(&mut head).is_ok() && matches!(&head, b"PK\x03\x04" | b"PK\x05\x06") {
            return Err(named(
                path,
                io::Error::other(
                    "a zip archive; an index names files it can read back (unpack it first)",
                ),
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
            variants: 0,
        })
    }
}

/// The directory of an index file, as an absolute path: the files it covers are found from it,
/// so an index and its archive can move together.
pub(super) fn index_dir(index: &Path) -> anyhow::Result<PathBuf> {
    let parent = match index.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::canonicalize(parent).map_err(|e| anyhow::anyhow!("{}: {e}", parent.display()))
}

/// `to` as a path from `from` (both absolute): `../games/a.pdn`.
pub(super) fn relative(from: &Path, to: &Path) -> PathBuf {
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

pub(super) fn named(path: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}

/// The variant's number in the index.
pub(super) fn variant_number(v: Variant) -> u8 {
    Variant::ALL
        .iter()
        .position(|&w| w == v)
        .expect("a listed variant") as u8
}

/// A position's key in the index: its key mixed with its variant's.
pub(super) fn indexed_key(pos: &Position, v: Variant) -> u64 {
    let salt = u64::from(variant_number(v) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    pos.key() ^ salt.rotate_left(17)
}

/// The positions of a replayed game's main line and what its rows show.
pub(super) struct GamePositions {
    pub(super) game: u32,
    pub(super) variant: u8,
    /// (key, ply, move number, side) of each position, the start first.
    pub(super) positions: Vec<(u64, u16, u16, u8)>,
    pub(super) info: GameInfo,
}

/// The positions of `checked`'s main line, if it was replayed from a start position.
pub(super) fn positions(checked: &CheckedGame<'_, '_>) -> Option<GamePositions> {
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
        info: GameInfo::of(checked, config),
    })
}

/// Bytes written to a file with their CRC-32, so that they can be checked when read back.
pub(super) struct Summed<W: Write> {
    pub(super) out: W,
    pub(super) crc: crc32fast::Hasher,
    pub(super) bytes: u64,
}

impl<W: Write> Summed<W> {
    pub(super) fn new(out: W) -> Summed<W> {
        Summed {
            out,
            crc: crc32fast::Hasher::new(),
            bytes: 0,
        }
    }

    pub(super) fn put(&mut self, b: &[u8]) -> io::Result<()> {
        self.crc.update(b);
        self.bytes += b.len() as u64;
        self.out.write_all(b)
    }
}

/// A temporary file written beside the index, with the CRC-32 and length of what was written.
pub(super) struct Spill {
    pub(super) path: PathBuf,
    pub(super) writer: Option<Summed<BufWriter<File>>>,
    pub(super) crc: u32,
    pub(super) bytes: u64,
}

impl Spill {
    pub(super) fn create(path: PathBuf) -> io::Result<Spill> {
        let file = File::create(&path)?;
        Ok(Spill {
            path,
            writer: Some(Summed::new(BufWriter::new(file))),
            crc: 0,
            bytes: 0,
        })
    }

    pub(super) fn put(&mut self, b: &[u8]) -> io::Result<()> {
        self.writer.as_mut().expect("an open spill").put(b)
    }

    /// Closes the file, keeping its sum.
    pub(super) fn close(&mut self) -> io::Result<()> {
        if let Some(mut w) = self.writer.take() {
            w.out.flush()?;
            self.crc = w.crc.finalize();
            self.bytes = w.bytes;
        }
        Ok(())
    }

    /// Reads the file back, checking that it is what was written.
    pub(super) fn reader(&self) -> io::Result<SpillReader> {
        Ok(SpillReader {
            path: self.path.clone(),
            inner: BufReader::with_capacity(1 << 16, File::open(&self.path)?),
            crc: crc32fast::Hasher::new(),
            bytes: 0,
            expected: (self.crc, self.bytes),
        })
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// A temporary file read back: each read is summed, and the end checks the sum and the length.
pub(super) struct SpillReader {
    pub(super) path: PathBuf,
    pub(super) inner: BufReader<File>,
    pub(super) crc: crc32fast::Hasher,
    pub(super) bytes: u64,
    pub(super) expected: (u32, u64),
}

impl SpillReader {
    /// Fills `buf`; `false` at the end of the file, once its sum is checked.
    pub(super) fn next(&mut self, buf: &mut [u8]) -> io::Result<bool> {
        let mut filled = 0;
        while filled < buf.len() {
            match self.inner.read(&mut buf[filled..])? {
                0 => break,
                n => filled += n,
            }
        }
        self.crc.update(&buf[..filled]);
        self.bytes += filled as u64;
        if filled == buf.len() {
            return Ok(true);
        }
        if filled != 0 {
            return Err(self.changed());
        }
        self.check_end()?;
        Ok(false)
    }

    /// Reads what is left into `to`, then checks the sum.
    pub(super) fn copy_to(&mut self, to: &mut Summed<impl Write>) -> io::Result<()> {
        let mut buf = vec![0u8; 1 << 16];
        loop {
            let n = self.inner.read(&mut buf)?;
            if n == 0 {
                return self.check_end();
            }
            self.crc.update(&buf[..n]);
            self.bytes += n as u64;
            to.put(&buf[..n])?;
        }
    }

    /// At the end of the file: its sum and length are those written.
    pub(super) fn check_end(&mut self) -> io::Result<()> {
        let crc = std::mem::take(&mut self.crc).finalize();
        if (crc, self.bytes) != self.expected {
            return Err(self.changed());
        }
        Ok(())
    }

    pub(super) fn changed(&self) -> io::Error {
        io::Error::other(format!(
            "{}: a temporary file of the index changed while the index was built (it does \
             not match its checksum); no index written",
            self.path.display()
        ))
    }
}

/// Runs of sorted entries spilled to temporary files next to the index, and the games' records
/// and directory, merged into the index at the end.
pub(super) struct Runs {
    pub(super) output: PathBuf,
    pub(super) run_len: usize,
    pub(super) current: Vec<Entry>,
    pub(super) spilled: Vec<Spill>,
    pub(super) games: Spill,
    pub(super) directory: Spill,
    pub(super) games_count: u64,
}

impl Runs {
    pub(super) fn new(output: &Path, run_len: usize) -> io::Result<Runs> {
        let temp = |what: &str| output.with_extension(format!("{what}-{}.tmp", std::process::id()));
        Ok(Runs {
            output: output.to_path_buf(),
            run_len,
            current: Vec::with_capacity(run_len.min(1 << 16)),
            spilled: Vec::new(),
            games: Spill::create(temp("games"))?,
            directory: Spill::create(temp("directory"))?,
            games_count: 0,
        })
    }

    /// Adds a game: its entries, its record and its place in the directory.
    pub(super) fn push_game(&mut self, file: u32, found: GamePositions) -> io::Result<()> {
        let offset = self.games.writer.as_ref().map_or(0, |w| w.bytes);
        let mut place = [0u8; DIRECTORY_ENTRY];
        place[0..4].copy_from_slice(&file.to_le_bytes());
        place[4..8].copy_from_slice(&found.game.to_le_bytes());
        place[8..16].copy_from_slice(&offset.to_le_bytes());
        self.directory.put(&place)?;
        self.games.put(&found.info.to_bytes())?;
        self.games_count += 1;
        for (key, ply, number, side) in found.positions {
            self.push(Entry {
                key,
                file,
                game: found.game,
                ply,
                number,
                variant: found.variant,
                side,
            })?;
        }
        Ok(())
    }

    pub(super) fn push(&mut self, e: Entry) -> io::Result<()> {
        self.current.push(e);
        if self.current.len() >= self.run_len {
            self.spill()?;
        }
        Ok(())
    }

    pub(super) fn spill(&mut self) -> io::Result<()> {
        self.current.sort_unstable();
        let path = self.output.with_extension(format!(
            "run{}-{}.tmp",
            self.spilled.len(),
            std::process::id()
        ));
        let mut run = Spill::create(path)?;
        for e in self.current.drain(..) {
            run.put(&e.to_bytes())?;
        }
        run.close()?;
        self.spilled.push(run);
        Ok(())
    }

    /// Merges the runs into the index, writes the games, the directory, the file table and
    /// the footer; returns the number of entries.
    pub(super) fn finish(mut self, files: &[Indexed]) -> anyhow::Result<u64> {
        self.current.sort_unstable();
        self.games.close()?;
        self.directory.close()?;
        let mut out = Output::open(Some(&self.output))?;
        out.write_all(MAGIC)?;
        let mut entries = Summed::new(&mut out);
        {
            let mut readers: Vec<SpillReader> = self
                .spilled
                .iter()
                .map(Spill::reader)
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
                entries.put(&e.to_bytes())?;
            }
        }
        let count = entries.bytes / ENTRY as u64;
        let entries_crc = entries.crc.finalize();
        self.spilled.clear();
        let mut rest = Summed::new(&mut out);
        let games_start = MAGIC.len() as u64 + count * ENTRY as u64;
        self.games.reader()?.copy_to(&mut rest)?;
        let directory_start = games_start + rest.bytes;
        self.directory.reader()?.copy_to(&mut rest)?;
        let table_start = games_start + rest.bytes;
        rest.put(&file_table(files))?;
        let rest_crc = rest.crc.finalize();
        let footer = Footer {
            entries: count,
            games: self.games_count,
            games_start,
            directory_start,
            table_start,
            entries_crc,
            rest_crc,
        };
        out.write_all(&footer.to_bytes())?;
        out.finish()?;
        Ok(count)
    }
}

pub(super) fn read_entry(r: &mut SpillReader) -> io::Result<Option<Entry>> {
    let mut b = [0u8; ENTRY];
    Ok(r.next(&mut b)?.then(|| Entry::from_bytes(&b)))
}

/// The table of files: their number, then each file's path, location, size, modification
/// time, fingerprint and variants.
pub(super) fn file_table(files: &[Indexed]) -> Vec<u8> {
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
        table.extend(f.variants.to_le_bytes());
    }
    table
}

pub(super) fn read_table(b: &[u8]) -> Option<Vec<Indexed>> {
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
        let variants = u32::from_le_bytes(take(4)?.try_into().ok()?);
        files.push(Indexed {
            path,
            location,
            size,
            modified,
            fingerprint,
            variants,
        });
    }
    (at == b.len()).then_some(files)
}

/// Where the parts of an index start, and their sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Footer {
    pub(super) entries: u64,
    pub(super) games: u64,
    pub(super) games_start: u64,
    pub(super) directory_start: u64,
    pub(super) table_start: u64,
    /// CRC-32 of the entries.
    pub(super) entries_crc: u32,
    /// CRC-32 of the games, the directory and the file table.
    pub(super) rest_crc: u32,
}

impl Footer {
    /// Five numbers, two sums, the sum of those 48 bytes, four zero bytes, the mark.
    pub(super) fn to_bytes(self) -> [u8; FOOTER] {
        let mut b = [0u8; FOOTER];
        for (i, n) in [
            self.entries,
            self.games,
            self.games_start,
            self.directory_start,
            self.table_start,
        ]
        .into_iter()
        .enumerate()
        {
            b[i * 8..i * 8 + 8].copy_from_slice(&n.to_le_bytes());
        }
        b[40..44].copy_from_slice(&self.entries_crc.to_le_bytes());
        b[44..48].copy_from_slice(&self.rest_crc.to_le_bytes());
        let own = crc32fast::hash(&b[..48]);
        b[48..52].copy_from_slice(&own.to_le_bytes());
        b[56..64].copy_from_slice(MAGIC);
        b
    }

    /// The footer of an index `len` bytes long, if it is whole and its parts fit the file.
    pub(super) fn read(b: &[u8; FOOTER], len: u64) -> Result<Footer, &'static str> {
        if &b[56..64] != MAGIC {
            return Err("its end is missing: truncated, or written over");
        }
        if u32_at(b, 48) != crc32fast::hash(&b[..48]) || b[52..56] != [0; 4] {
            return Err("its footer does not match its checksum");
        }
        let f = Footer {
            entries: u64_at(b, 0),
            games: u64_at(b, 8),
            games_start: u64_at(b, 16),
            directory_start: u64_at(b, 24),
            table_start: u64_at(b, 32),
            entries_crc: u32_at(b, 40),
            rest_crc: u32_at(b, 44),
        };
        let fits = f
            .entries
            .checked_mul(ENTRY as u64)
            .map(|n| n + MAGIC.len() as u64)
            == Some(f.games_start)
            && f.games_start <= f.directory_start
            && f.games
                .checked_mul(DIRECTORY_ENTRY as u64)
                .and_then(|n| n.checked_add(f.directory_start))
                == Some(f.table_start)
            && f.table_start <= len.saturating_sub(FOOTER as u64);
        if !fits {
            return Err("its parts do not fit its length");
        }
        Ok(f)
    }
}

/// An index opened for searching, its sums checked: its entries and games stay on disk.
pub(super) struct Index {
    pub(super) file: File,
    pub(super) footer: Footer,
    pub(super) files: Vec<Indexed>,
}

impl Index {
    pub(super) fn open(path: &Path) -> anyhow::Result<Index> {
        let shown = path.display();
        let file = File::open(path).map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
        let len = file.metadata()?.len();
        let mut mark = [0u8; 8];
        if len < 8 || file.read_exact_at(&mut mark, 0).is_err() || &mark != MAGIC {
            let mut end = [0u8; 8];
            let end_read = len >= 8 && file.read_exact_at(&mut end, len - 8).is_ok();
            if end_read && &end == MAGIC {
                anyhow::bail!(
                    "{shown}: the index is damaged (its first bytes are not an index's mark); \
                     build it again with `pdnkit index`"
                );
            }
            if end_read && &end == OLD_MAGIC {
                anyhow::bail!(
                    "{shown}: an index of an older pdnkit (without checksums); build it again \
                     with `pdnkit index`"
                );
            }
            anyhow::bail!("{shown}: not an index written by `pdnkit index`");
        }
        let damaged = |why: &str| {
            anyhow::anyhow!(
                "{shown}: the index is damaged ({why}); build it again with `pdnkit index`"
            )
        };
        if len < (MAGIC.len() + FOOTER) as u64 {
            return Err(damaged("it is shorter than an empty index: truncated"));
        }
        let mut footer = [0u8; FOOTER];
        file.read_exact_at(&mut footer, len - FOOTER as u64)?;
        let footer = Footer::read(&footer, len).map_err(damaged)?;
        // Every byte is read once to check both sums.
        let body = len - FOOTER as u64;
        let sum = |from: u64, to: u64| -> io::Result<u32> {
            let mut crc = crc32fast::Hasher::new();
            let mut buf = vec![0u8; (to - from).min(1 << 20) as usize];
            let mut at = from;
            while at < to {
                let n = (to - at).min(buf.len() as u64) as usize;
                file.read_exact_at(&mut buf[..n], at)?;
                crc.update(&buf[..n]);
                at += n as u64;
            }
            Ok(crc.finalize())
        };
        if sum(MAGIC.len() as u64, footer.games_start)? != footer.entries_crc {
            return Err(damaged("its entries do not match their checksum"));
        }
        if sum(footer.games_start, body)? != footer.rest_crc {
            return Err(damaged(
                "its games or its file table do not match their checksum",
            ));
        }
        let mut table = vec![0u8; (body - footer.table_start) as usize];
        file.read_exact_at(&mut table, footer.table_start)?;
        let files = read_table(&table).ok_or_else(|| damaged("its file table cannot be read"))?;
        Ok(Index {
            file,
            footer,
            files,
        })
    }

    pub(super) fn entry(&self, i: u64) -> io::Result<Entry> {
        let mut b = [0u8; ENTRY];
        self.file
            .read_exact_at(&mut b, MAGIC.len() as u64 + i * ENTRY as u64)?;
        Ok(Entry::from_bytes(&b))
    }

    /// Every entry with `key`, in the index's order.
    pub(super) fn find(&self, key: u64) -> io::Result<Vec<Entry>> {
        let (mut lo, mut hi) = (0u64, self.footer.entries);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.entry(mid)?.key < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // The entries from there on, read a block at a time, up to the first other key.
        let mut found = Vec::new();
        let mut block = vec![0u8; ENTRY * 1024];
        while lo < self.footer.entries {
            let n = (self.footer.entries - lo).min(1024);
            let bytes = &mut block[..n as usize * ENTRY];
            self.file
                .read_exact_at(bytes, MAGIC.len() as u64 + lo * ENTRY as u64)?;
            for b in bytes.chunks_exact(ENTRY) {
                let e = Entry::from_bytes(b);
                if e.key != key {
                    return Ok(found);
                }
                found.push(e);
            }
            lo += n;
        }
        Ok(found)
    }

    /// Calls `f` with the place in `wanted` ((file, game) pairs in increasing order) and the
    /// record of each game the directory lists, in that order. The directory is read through
    /// once, in order (a small part of the index, which a search reads whole anyway), and each
    /// record with one read; one record is held at a time.
    pub(super) fn each_game<E: From<io::Error>>(
        &self,
        wanted: &[(u32, u32)],
        mut f: impl FnMut(usize, &GameView<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let games_end = self.footer.directory_start - self.footer.games_start;
        let mut record = Vec::new();
        let mut visit = |slot: usize, start: u64, end: u64, record: &mut Vec<u8>| {
            self.record(start, end, record)?;
            let view = GameView::parse(record)
                .ok_or_else(|| io::Error::other("a game record of the index cannot be read"))?;
            f(slot, &view)
        };
        let mut next = 0usize;
        // The game matched last, waiting for the next entry's offset to know where it ends.
        let mut pending: Option<(usize, u64)> = None;
        let mut chunk = vec![0u8; DIRECTORY_ENTRY * 4096];
        let mut i = 0u64;
        while i < self.footer.games && (next < wanted.len() || pending.is_some()) {
            let n = (self.footer.games - i).min(4096);
            let bytes = &mut chunk[..n as usize * DIRECTORY_ENTRY];
            self.file.read_exact_at(
                bytes,
                self.footer.directory_start + i * DIRECTORY_ENTRY as u64,
            )?;
            for entry in bytes.chunks_exact(DIRECTORY_ENTRY) {
                let (place, offset) = ((u32_at(entry, 0), u32_at(entry, 4)), u64_at(entry, 8));
                if let Some((slot, start)) = pending.take() {
                    visit(slot, start, offset, &mut record)?;
                }
                while next < wanted.len() && wanted[next] < place {
                    next += 1;
                }
                if next < wanted.len() && wanted[next] == place {
                    pending = Some((next, offset));
                    next += 1;
                }
            }
            i += n;
        }
        if let Some((slot, start)) = pending {
            visit(slot, start, games_end, &mut record)?;
        }
        Ok(())
    }

    /// The bytes of the game record between two offsets of the games' part, into `buf`.
    fn record(&self, start: u64, end: u64, buf: &mut Vec<u8>) -> io::Result<()> {
        let damaged = || io::Error::other("a game record of the index cannot be read");
        let len = end.checked_sub(start).ok_or_else(damaged)?;
        if end > self.footer.directory_start - self.footer.games_start {
            return Err(damaged());
        }
        buf.resize(len as usize, 0);
        self.file
            .read_exact_at(buf, self.footer.games_start + start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch directory removed at the end of the test.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("pdnkit-index-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn game(number: u32, plies: u16) -> GamePositions {
        GamePositions {
            game: number,
            variant: 3,
            positions: (0..=plies)
                .map(|p| {
                    (
                        u64::from(number * 7919 + u32::from(p) * 104_729) % 1000,
                        p,
                        p / 2 + 1,
                        (p % 2) as u8,
                    )
                })
                .collect(),
            info: GameInfo {
                event: Some(format!("Event {number}")),
                white: Some("Wit".to_string()),
                black: None,
                date: Some("2003.05.23".to_string()),
                moves: (0..plies)
                    .map(|p| format!("{}-{}", 30 + p, 25 + p))
                    .collect(),
            },
        }
    }

    fn table() -> Vec<Indexed> {
        vec![Indexed {
            path: "a.pdn".to_string(),
            location: "a.pdn".to_string(),
            size: 10,
            modified: 20,
            fingerprint: 30,
            variants: 1 << 3,
        }]
    }

    /// An index of six games written in runs of five entries.
    fn build(dir: &Path) -> PathBuf {
        let path = dir.join("games.idx");
        let mut runs = Runs::new(&path, 5).unwrap();
        for g in 1..=6 {
            runs.push_game(0, game(g, 2 * g as u16)).unwrap();
        }
        assert!(runs.spilled.len() > 3, "several runs are merged");
        let entries = runs.finish(&table()).unwrap();
        assert_eq!(entries, (1..=6).map(|g| 2 * g + 1).sum::<u64>());
        path
    }

    #[test]
    fn an_index_built_in_runs_finds_every_entry_and_game() {
        let dir = Scratch::new("round-trip");
        let path = build(&dir.0);
        let index = Index::open(&path).unwrap();
        assert_eq!(index.files, table());
        for g in 1..=6u32 {
            let want = game(g, 2 * g as u16);
            for &(key, ply, number, side) in &want.positions {
                let found = index.find(key).unwrap();
                assert!(
                    found
                        .iter()
                        .any(|e| (e.game, e.ply, e.number, e.side) == (g, ply, number, side)),
                    "game {g} ply {ply}"
                );
                assert!(found.iter().all(|e| e.key == key));
            }
        }
        // The records asked for, found in one pass over the directory; none for games it
        // does not list.
        let records = |wanted: &[(u32, u32)]| {
            let mut found = Vec::new();
            index
                .each_game(wanted, |slot, view| {
                    let mut bytes = Vec::new();
                    let info = GameInfo {
                        event: view.event.map(str::to_string),
                        white: view.white.map(str::to_string),
                        black: view.black.map(str::to_string),
                        date: view.date.map(str::to_string),
                        moves: (0..view.count)
                            .map(|i| view.move_at(i).unwrap().to_string())
                            .collect(),
                    };
                    bytes.extend(info.to_bytes());
                    assert_eq!(GameInfo::from_bytes(&bytes).as_ref(), Some(&info));
                    found.push((slot, info));
                    Ok::<(), io::Error>(())
                })
                .unwrap();
            found
        };
        let wanted = [(0, 1), (0, 2), (0, 4), (0, 6), (0, 7), (1, 1)];
        let want: Vec<(usize, GameInfo)> = [1, 2, 4, 6]
            .into_iter()
            .enumerate()
            .map(|(slot, g)| (slot, game(g, 2 * g as u16).info))
            .collect();
        assert_eq!(records(&wanted), want);
        assert_eq!(records(&[(0, 3)]), [(0, game(3, 6).info)]);
        assert_eq!(records(&[]), []);
        // No temporary file is left beside the index.
        let left: Vec<_> = std::fs::read_dir(&dir.0).unwrap().collect();
        assert_eq!(left.len(), 1, "{left:?}");
    }

    /// Every byte of the marks and the footer, and a byte in every 13 elsewhere (each write
    /// of a file takes the disk's time).
    fn places(len: usize) -> impl Iterator<Item = usize> {
        (0..len).filter(move |&i| i < 16 || i + FOOTER + 16 >= len || i % 13 == 0)
    }

    #[test]
    fn a_changed_byte_or_a_cut_off_end_is_refused() {
        let dir = Scratch::new("damage");
        let path = build(&dir.0);
        let good = std::fs::read(&path).unwrap();
        let damaged = dir.0.join("damaged.idx");
        for at in places(good.len()) {
            let mut bytes = good.clone();
            bytes[at] ^= 0x5A;
            std::fs::write(&damaged, &bytes).unwrap();
            assert!(
                Index::open(&damaged).is_err(),
                "byte {at} of {} changed",
                good.len()
            );
        }
        for len in places(good.len()) {
            std::fs::write(&damaged, &good[..len]).unwrap();
            let e = Index::open(&damaged)
                .err()
                .expect("a truncated index is refused");
            assert!(!e.to_string().contains('\n'), "one line: {e}");
        }
    }

    #[test]
    fn a_run_changed_while_the_index_is_built_stops_the_build() {
        let dir = Scratch::new("run");
        let path = dir.0.join("games.idx");
        let mut runs = Runs::new(&path, 5).unwrap();
        for g in 1..=4 {
            runs.push_game(0, game(g, 4)).unwrap();
        }
        let run = runs.spilled[1].path.clone();
        let mut bytes = std::fs::read(&run).unwrap();
        bytes[7] ^= 1;
        std::fs::write(&run, bytes).unwrap();
        let e = runs.finish(&table()).expect_err("the build stops");
        assert!(
            e.to_string().contains("changed while the index was built"),
            "{e}"
        );
        assert!(!path.exists(), "no index is written");
        // A run cut short is caught as well.
        let mut runs = Runs::new(&path, 5).unwrap();
        for g in 1..=4 {
            runs.push_game(0, game(g, 4)).unwrap();
        }
        let run = runs.spilled[0].path.clone();
        let bytes = std::fs::read(&run).unwrap();
        std::fs::write(&run, &bytes[..ENTRY * 2]).unwrap();
        assert!(runs.finish(&table()).is_err());
        assert!(!path.exists());
    }
}
