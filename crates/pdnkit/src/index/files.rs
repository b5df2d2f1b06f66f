//! The files an index covers: how each is named, found again from the index's directory and
//! recognised when it has not changed.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Bytes read at each end of a file for its fingerprint.
const FINGERPRINT_BYTES: u64 = 1 << 20;

/// A file as the index saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedFile {
    /// The file as it was named when the index was built (as reports name it).
    pub path: String,
    /// Where the file is from the index's directory (or an absolute path).
    pub location: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time, in nanoseconds since the Unix epoch (0 when unknown).
    pub modified: u64,
    /// FNV-1a over its size and its first and last megabyte.
    pub fingerprint: u64,
    /// The variants its games were played in, one bit per [`draughts::Variant::ALL`] place.
    pub variants: u32,
}

impl IndexedFile {
    /// The file `path` as an index in `dir` (an absolute path, [`index_dir`]) names it: its
    /// location relative to `dir`.
    ///
    /// # Errors
    /// When it cannot be read, is not a regular file, or is a zip archive (its games are found
    /// again by their offsets in the file).
    pub fn for_index(path: &str, dir: &Path) -> io::Result<IndexedFile> {
        let indexed = IndexedFile::at(path, path)?;
        let location = std::fs::canonicalize(path).map_err(|e| named(path, e))?;
        Ok(IndexedFile {
            location: relative(dir, &location).to_string_lossy().into_owned(),
            ..indexed
        })
    }

    /// The file at `location` as it is now, named `path`.
    ///
    /// # Errors
    /// As [`Self::for_index`].
    pub fn at(path: &str, location: &str) -> io::Result<IndexedFile> {
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
            read_at(&file, &mut buf, start).map_err(|e| named(path, e))?;
            fold(&buf);
        }
        Ok(IndexedFile {
            path: path.to_string(),
            location: location.to_string(),
            size,
            modified,
            fingerprint: hash,
            variants: 0,
        })
    }

    /// Whether `now` is this file as it was indexed: the same size, time and fingerprint.
    pub fn same_as(&self, now: &IndexedFile) -> bool {
        (now.size, now.modified, now.fingerprint) == (self.size, self.modified, self.fingerprint)
    }
}

/// The directory of an index file, as an absolute path: the files it covers are found from it,
/// so an index and its archive can move together.
///
/// # Errors
/// When the directory cannot be found (the error names it).
pub fn index_dir(index: &Path) -> io::Result<PathBuf> {
    let parent = match index.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::canonicalize(parent).map_err(|e| named(&parent.display().to_string(), e))
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

/// `e` with `path` in front of its message.
fn named(path: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}

/// Fills `buf` from `file` at `offset`, leaving the file's own position alone where the
/// system allows.
pub(super) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Seek, SeekFrom};
        let mut file = file;
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_go_up_then_down() {
        let rel = |a: &str, b: &str| relative(Path::new(a), Path::new(b));
        assert_eq!(rel("/a/b", "/a/c/d.pdn"), PathBuf::from("../c/d.pdn"));
        assert_eq!(rel("/a", "/a/d.pdn"), PathBuf::from("d.pdn"));
        assert_eq!(rel("/a/b/c", "/x.pdn"), PathBuf::from("../../../x.pdn"));
    }
}
