//! Opening inputs: a path, or `-` for standard input; gzip is detected by its magic bytes and
//! decompressed on the fly (several concatenated members too). I/O errors name the path.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use flate2::read::MultiGzDecoder;

use super::split::{SplitOptions, Splitter};

/// Read buffer size: large enough that the splitter sees few refills.
const BUFFER: usize = 1 << 16;

const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Opens `path` (or standard input for `-`) as a buffered reader, decompressing gzip.
///
/// # Errors
/// An I/O error whose message names the path.
pub fn open(path: &Path) -> io::Result<Box<dyn BufRead + Send>> {
    let name = path.display().to_string();
    let context = |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
    let inner: Box<dyn Read + Send> = if path.as_os_str() == "-" {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(path).map_err(context)?)
    };
    let mut reader = BufReader::with_capacity(BUFFER, inner);
    let is_gzip = reader.fill_buf().map_err(context)?.starts_with(&GZIP_MAGIC);
    if is_gzip {
        Ok(Box::new(BufReader::with_capacity(
            BUFFER,
            MultiGzDecoder::new(reader),
        )))
    } else {
        Ok(Box::new(reader))
    }
}

/// `path` opened for mapping into memory when it is a regular file not compressed with gzip;
/// `None` for standard input, other kinds of file and gzip, which are read through [`open`].
///
/// # Errors
/// An I/O error whose message names the path.
pub fn open_mappable(path: &Path) -> io::Result<Option<File>> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let name = path.display().to_string();
    let context = |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
    let file = File::open(path).map_err(context)?;
    if !file.metadata().map_err(context)?.is_file() {
        return Ok(None);
    }
    let mut magic = Vec::with_capacity(GZIP_MAGIC.len());
    (&file)
        .take(GZIP_MAGIC.len() as u64)
        .read_to_end(&mut magic)
        .map_err(context)?;
    Ok((magic != GZIP_MAGIC).then_some(file))
}

/// The games of `path` (or standard input for `-`), with default split options.
///
/// # Errors
/// Opening fails; later read errors come out of the iterator.
pub fn games(path: &Path) -> io::Result<Splitter<Box<dyn BufRead + Send>>> {
    Ok(Splitter::with_options(open(path)?, SplitOptions::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn gzip_is_read_transparently_and_errors_name_the_path() {
        let dir = std::env::temp_dir().join(format!("pdnkit-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("two.pdn.gz");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"[A \"1\"]\n1. 32-28 *\n").unwrap();
        let mut bytes = gz.finish().unwrap();
        // A second gzip member, as `cat a.gz b.gz` makes.
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"[A \"2\"]\n1. 33-29 *\n").unwrap();
        bytes.extend(gz.finish().unwrap());
        std::fs::write(&path, bytes).unwrap();
        let texts: Vec<String> = games(&path).unwrap().map(|g| g.unwrap().text).collect();
        assert_eq!(texts.len(), 2);
        assert!(texts[1].starts_with("[A \"2\"]"));
        std::fs::remove_dir_all(&dir).unwrap();

        let missing = dir.join("missing.pdn");
        let err = open(&missing).err().unwrap();
        assert!(err.to_string().contains("missing.pdn"), "{err}");
    }
}
