//! Building an index in bounded memory: entries sorted in runs and spilled to temporary files
//! beside the index, the games' records and directory spilled beside them, everything merged
//! into the index at the end. Each temporary file carries its own CRC-32, checked as it is
//! read back.

use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::format::{DIRECTORY_ENTRY, ENTRY, Entry, Footer, MAGIC, file_table};
use super::{GamePositions, IndexedFile};

/// Entries sorted in memory before a run is written to a temporary file.
pub const RUN: usize = 1 << 21;

/// Bytes written with their CRC-32, so that they can be checked when read back.
struct Summed<W: Write> {
    out: W,
    crc: crc32fast::Hasher,
    bytes: u64,
}

impl<W: Write> Summed<W> {
    fn new(out: W) -> Summed<W> {
        Summed {
            out,
            crc: crc32fast::Hasher::new(),
            bytes: 0,
        }
    }

    fn put(&mut self, b: &[u8]) -> io::Result<()> {
        self.crc.update(b);
        self.bytes += b.len() as u64;
        self.out.write_all(b)
    }
}

/// A temporary file written beside the index, with the CRC-32 and length of what was written.
pub(super) struct Spill {
    pub(super) path: PathBuf,
    writer: Option<Summed<BufWriter<File>>>,
    crc: u32,
    bytes: u64,
}

impl Spill {
    fn create(path: PathBuf) -> io::Result<Spill> {
        let file = File::create(&path)?;
        Ok(Spill {
            path,
            writer: Some(Summed::new(BufWriter::new(file))),
            crc: 0,
            bytes: 0,
        })
    }

    fn put(&mut self, b: &[u8]) -> io::Result<()> {
        self.writer.as_mut().expect("an open spill").put(b)
    }

    /// Closes the file, keeping its sum.
    fn close(&mut self) -> io::Result<()> {
        if let Some(mut w) = self.writer.take() {
            w.out.flush()?;
            self.crc = w.crc.finalize();
            self.bytes = w.bytes;
        }
        Ok(())
    }

    /// Reads the file back, checking that it is what was written.
    fn reader(&self) -> io::Result<SpillReader> {
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
struct SpillReader {
    path: PathBuf,
    inner: BufReader<File>,
    crc: crc32fast::Hasher,
    bytes: u64,
    expected: (u32, u64),
}

impl SpillReader {
    /// Fills `buf`; `false` at the end of the file, once its sum is checked.
    fn next(&mut self, buf: &mut [u8]) -> io::Result<bool> {
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

    /// The next entry; `None` at the end of the file, once its sum is checked.
    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        let mut b = [0u8; ENTRY];
        Ok(self.next(&mut b)?.then(|| Entry::from_bytes(&b)))
    }

    /// Reads what is left into `to`, then checks the sum.
    fn copy_to(&mut self, to: &mut Summed<impl Write>) -> io::Result<()> {
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
    fn check_end(&mut self) -> io::Result<()> {
        let crc = std::mem::take(&mut self.crc).finalize();
        if (crc, self.bytes) != self.expected {
            return Err(self.changed());
        }
        Ok(())
    }

    fn changed(&self) -> io::Error {
        io::Error::other(format!(
            "{}: a temporary file of the index changed while the index was built (it does \
             not match its checksum); no index written",
            self.path.display()
        ))
    }
}

/// An index being built: the games are added in input order, then [`Self::finish`] writes
/// the index. Memory holds one run of entries; the rest waits in temporary files beside the
/// index, removed when the builder is dropped.
pub struct IndexBuilder {
    output: PathBuf,
    files: Vec<IndexedFile>,
    run_len: usize,
    current: Vec<Entry>,
    pub(super) spilled: Vec<Spill>,
    games: Spill,
    directory: Spill,
    games_count: u64,
}

impl IndexBuilder {
    /// A builder of the index of `files` to be written at `output` (its temporary files are
    /// made beside it), with runs of [`RUN`] entries.
    ///
    /// # Errors
    /// When a temporary file cannot be made.
    pub fn new(output: &Path, files: Vec<IndexedFile>) -> io::Result<IndexBuilder> {
        IndexBuilder::with_run(output, files, RUN)
    }

    /// [`Self::new`] with runs of `run_len` entries.
    ///
    /// # Errors
    /// When a temporary file cannot be made.
    pub fn with_run(
        output: &Path,
        files: Vec<IndexedFile>,
        run_len: usize,
    ) -> io::Result<IndexBuilder> {
        let temp = |what: &str| output.with_extension(format!("{what}-{}.tmp", std::process::id()));
        Ok(IndexBuilder {
            output: output.to_path_buf(),
            files,
            run_len,
            current: Vec::with_capacity(run_len.min(1 << 16)),
            spilled: Vec::new(),
            games: Spill::create(temp("games"))?,
            directory: Spill::create(temp("directory"))?,
            games_count: 0,
        })
    }

    /// Adds a game of file number `file` (its place in the files given): its entries, its
    /// record and its place in the directory. Games are added in input order.
    ///
    /// # Errors
    /// When a temporary file cannot be written.
    pub fn add_game(&mut self, file: u32, found: GamePositions) -> io::Result<()> {
        if let Some(f) = self.files.get_mut(file as usize) {
            f.variants |= 1 << found.variant;
        }
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

    fn push(&mut self, e: Entry) -> io::Result<()> {
        self.current.push(e);
        if self.current.len() >= self.run_len {
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
        let mut run = Spill::create(path)?;
        for e in self.current.drain(..) {
            run.put(&e.to_bytes())?;
        }
        run.close()?;
        self.spilled.push(run);
        Ok(())
    }

    /// Writes the index to `out`: the runs merged, the games, the directory, the file table
    /// and the footer; returns the number of entries. The caller puts `out` at the output's
    /// path once it is whole.
    ///
    /// # Errors
    /// When writing fails, or a temporary file no longer matches its checksum.
    pub fn finish(mut self, out: &mut impl Write) -> io::Result<u64> {
        self.current.sort_unstable();
        self.games.close()?;
        self.directory.close()?;
        out.write_all(MAGIC)?;
        let mut entries = Summed::new(&mut *out);
        self.merge_into(&mut entries)?;
        let count = entries.bytes / ENTRY as u64;
        let entries_crc = entries.crc.finalize();
        self.spilled.clear();
        let mut rest = Summed::new(&mut *out);
        let games_start = MAGIC.len() as u64 + count * ENTRY as u64;
        self.games.reader()?.copy_to(&mut rest)?;
        let directory_start = games_start + rest.bytes;
        self.directory.reader()?.copy_to(&mut rest)?;
        let table_start = games_start + rest.bytes;
        rest.put(&file_table(&self.files))?;
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
        Ok(count)
    }

    /// The spilled runs and the entries in memory, merged in order into `entries`.
    fn merge_into(&self, entries: &mut Summed<impl Write>) -> io::Result<()> {
        let mut readers: Vec<SpillReader> = self
            .spilled
            .iter()
            .map(Spill::reader)
            .collect::<io::Result<_>>()?;
        let mut heap = BinaryHeap::new();
        for (i, r) in readers.iter_mut().enumerate() {
            if let Some(e) = r.next_entry()? {
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
                (None, None) => return Ok(()),
            };
            let e = if take_memory {
                memory.next().expect("peeked")
            } else {
                let std::cmp::Reverse((e, i)) = heap.pop().expect("peeked");
                if let Some(next) = readers[i].next_entry()? {
                    heap.push(std::cmp::Reverse((next, i)));
                }
                e
            };
            entries.put(&e.to_bytes())?;
        }
    }
}
