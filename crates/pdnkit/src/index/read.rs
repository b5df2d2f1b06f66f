//! An index opened for searching: both checksums checked on opening, then entries found by a
//! binary search and games' records read as the hits ask for them.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use super::files::read_at;
use super::format::{
    DIRECTORY_ENTRY, ENTRY, Entry, FOOTER, Footer, GameView, MAGIC, OLD_MAGIC, read_table, u32_at,
    u64_at,
};
use super::{IndexError, IndexedFile, index_dir};

/// An index opened for searching, its sums checked: its entries and games stay on disk.
pub struct Index {
    file: File,
    footer: Footer,
    files: Vec<IndexedFile>,
    dir: PathBuf,
}

impl Index {
    /// Opens the index at `path`, reading it whole once to check its sums.
    ///
    /// # Errors
    /// When it cannot be read, is not an index, is of the older format without checksums, or
    /// does not match its checksums (damaged, truncated).
    pub fn open(path: &Path) -> Result<Index, IndexError> {
        let file = File::open(path)?;
        let len = file.metadata()?.len();
        let mut mark = [0u8; 8];
        if len < 8 || read_at(&file, &mut mark, 0).is_err() || &mark != MAGIC {
            let mut end = [0u8; 8];
            let end_read = len >= 8 && read_at(&file, &mut end, len - 8).is_ok();
            return Err(match &end {
                _ if !end_read => IndexError::NotAnIndex,
                end if end == MAGIC => {
                    IndexError::Damaged("its first bytes are not an index's mark")
                }
                end if end == OLD_MAGIC => IndexError::OlderFormat,
                _ => IndexError::NotAnIndex,
            });
        }
        if len < (MAGIC.len() + FOOTER) as u64 {
            return Err(IndexError::Damaged(
                "it is shorter than an empty index: truncated",
            ));
        }
        let mut footer = [0u8; FOOTER];
        read_at(&file, &mut footer, len - FOOTER as u64)?;
        let footer = Footer::read(&footer, len).map_err(IndexError::Damaged)?;
        // Every byte is read once to check both sums.
        let body = len - FOOTER as u64;
        if sum(&file, MAGIC.len() as u64, footer.games_start)? != footer.entries_crc {
            return Err(IndexError::Damaged(
                "its entries do not match their checksum",
            ));
        }
        if sum(&file, footer.games_start, body)? != footer.rest_crc {
            return Err(IndexError::Damaged(
                "its games or its file table do not match their checksum",
            ));
        }
        let mut table = vec![0u8; (body - footer.table_start) as usize];
        read_at(&file, &mut table, footer.table_start)?;
        let files =
            read_table(&table).ok_or(IndexError::Damaged("its file table cannot be read"))?;
        Ok(Index {
            file,
            footer,
            files,
            dir: index_dir(path)?,
        })
    }

    /// The files the index covers, in the order they were given.
    pub fn files(&self) -> &[IndexedFile] {
        &self.files
    }

    /// The number of the indexed file that `path` names (found by where both are), if the
    /// index covers it.
    ///
    /// # Errors
    /// When `path` cannot be found.
    pub fn file_number(&self, path: &Path) -> io::Result<Option<usize>> {
        let at = std::fs::canonicalize(path)?;
        Ok(self
            .files
            .iter()
            .position(|f| std::fs::canonicalize(self.dir.join(&f.location)).is_ok_and(|l| l == at)))
    }

    /// Whether indexed file `n` is as it was when the index was built.
    ///
    /// # Errors
    /// When it cannot be read (the error names it).
    pub fn unchanged(&self, n: usize) -> io::Result<bool> {
        let f = &self.files[n];
        let location = self.dir.join(&f.location);
        let now = IndexedFile::at(&f.path, &location.to_string_lossy())?;
        Ok(f.same_as(&now))
    }

    /// Every entry with `key`, in the index's order.
    ///
    /// # Errors
    /// When the index cannot be read.
    pub fn find(&self, key: u64) -> io::Result<Vec<Entry>> {
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
            read_at(&self.file, bytes, MAGIC.len() as u64 + lo * ENTRY as u64)?;
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

    fn entry(&self, i: u64) -> io::Result<Entry> {
        let mut b = [0u8; ENTRY];
        read_at(&self.file, &mut b, MAGIC.len() as u64 + i * ENTRY as u64)?;
        Ok(Entry::from_bytes(&b))
    }

    /// Calls `f` with the place in `wanted` ((file, game) pairs in increasing order) and the
    /// record of each game the directory lists, in that order. The directory is read through
    /// once, in order (a small part of the index, which opening reads whole anyway), and each
    /// record with one read; one record is held at a time.
    ///
    /// # Errors
    /// When the index cannot be read, a record is not whole, or `f` fails.
    pub fn each_game<E: From<io::Error>>(
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
            read_at(
                &self.file,
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
        read_at(&self.file, buf, self.footer.games_start + start)
    }
}

/// The CRC-32 of the bytes `from..to` of `file`.
fn sum(file: &File, from: u64, to: u64) -> io::Result<u32> {
    let mut crc = crc32fast::Hasher::new();
    let mut buf = vec![0u8; (to - from).min(1 << 20) as usize];
    let mut at = from;
    while at < to {
        let n = (to - at).min(buf.len() as u64) as usize;
        read_at(file, &mut buf[..n], at)?;
        crc.update(&buf[..n]);
        at += n as u64;
    }
    Ok(crc.finalize())
}
