//! Zip archives: the members listed from the central directory (by the `zip` crate), each read
//! as a stream of its own from the archive file: its data range inflated, its size and CRC-32
//! checked at the end. A member owns its reader, so the games of one member stream like a
//! file's, one at a time, while the archive stays closed between members.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// The compression methods of zip members that pdnkit reads (APPNOTE 4.4.5).
const STORED: u16 = 0;
const DEFLATED: u16 = 8;
const BZIP2: u16 = 12;
const ZSTD: u16 = 93;
const XZ: u16 = 95;

/// One file inside a zip archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZipMember {
    /// The archive's path, as given.
    pub archive: PathBuf,
    /// The member's path inside the archive (`/` separated).
    pub name: String,
    /// Its size once decompressed.
    pub size: u64,
    data_start: u64,
    compressed_size: u64,
    crc32: u32,
    method: u16,
    encrypted: bool,
}

/// The files of the zip archive at `path`, in the order of its central directory, without
/// directories, symbolic links and the resource forks macOS adds (`__MACOSX/`, `._name`).
///
/// # Errors
/// The archive cannot be opened, or its directory cannot be read (a damaged archive).
pub fn members(path: &Path) -> io::Result<Vec<ZipMember>> {
    let file = File::open(path)?;
    let mut archive = zip::ZipArchive::new(file).map_err(zip_error)?;
    let mut members = Vec::with_capacity(archive.len());
    for index in 0..archive.len() {
        let entry = archive.by_index_raw(index).map_err(zip_error)?;
        let Ok(name) = entry.name().map(|n| n.into_owned()) else {
            continue;
        };
        let fork = name.starts_with("__MACOSX/")
            || name.rsplit('/').next().is_some_and(|n| n.starts_with("._"));
        if !entry.is_file() || fork {
            continue;
        }
        let data_start = entry
            .data_start()
            .ok_or_else(|| io::Error::other(format!("{name}: where its data starts is unknown")))?;
        members.push(ZipMember {
            archive: path.to_path_buf(),
            name,
            size: entry.size(),
            data_start,
            compressed_size: entry.compressed_size(),
            crc32: entry.crc32(),
            // The method's number: the members are inflated here, whatever methods the `zip`
            // crate was built to inflate (which changes how it names them).
            #[allow(deprecated)]
            method: entry.compression().to_u16(),
            encrypted: entry.encrypted(),
        });
    }
    Ok(members)
}

/// A `zip` crate error as an I/O error.
fn zip_error(error: zip::result::ZipError) -> io::Error {
    match error {
        zip::result::ZipError::Io(error) => error,
        other => io::Error::new(
            io::ErrorKind::InvalidData,
            format!("damaged zip archive: {other}"),
        ),
    }
}

impl ZipMember {
    /// The member's bytes, decompressed; reading fails at the end when they do not have the
    /// size and CRC-32 the archive records (a damaged archive).
    ///
    /// # Errors
    /// The archive cannot be opened, or the member is encrypted or compressed with a method
    /// pdnkit does not read.
    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        if self.encrypted {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "an encrypted zip member, which pdnkit does not read (unpack it first)",
            ));
        }
        let mut file = File::open(&self.archive)?;
        file.seek(SeekFrom::Start(self.data_start))?;
        let data = BufReader::new(file.take(self.compressed_size));
        let content: Box<dyn Read + Send> = match self.method {
            STORED => Box::new(data),
            DEFLATED => Box::new(flate2::bufread::DeflateDecoder::new(data)),
            BZIP2 => Box::new(bzip2::bufread::BzDecoder::new(data)),
            ZSTD => Box::new(zstd::stream::read::Decoder::with_buffer(data)?),
            XZ => Box::new(liblzma::bufread::XzDecoder::new(data)),
            method => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    format!(
                        "a zip member compressed with method {method} ({}), which pdnkit does \
                         not read (it reads stored, deflate, bzip2, zstd and xz members)",
                        zip::CompressionMethod::name_from_u16(method)
                    ),
                ));
            }
        };
        Ok(Box::new(ZipMemberReader {
            inner: content,
            hasher: crc32fast::Hasher::new(),
            read: 0,
            size: self.size,
            crc32: self.crc32,
        }))
    }
}

/// A member's content, checked against the size and CRC-32 the archive records.
struct ZipMemberReader {
    inner: Box<dyn Read + Send>,
    hasher: crc32fast::Hasher,
    read: u64,
    size: u64,
    crc32: u32,
}

impl Read for ZipMemberReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        self.read += n as u64;
        if n == 0 && !buf.is_empty() {
            let crc = self.hasher.clone().finalize();
            if self.read != self.size || crc != self.crc32 {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "damaged zip member: {} bytes with CRC-32 {crc:08x}, the archive records \
                         {} bytes with {:08x}",
                        self.read, self.size, self.crc32
                    ),
                ));
            }
        }
        Ok(n)
    }
}

/// Whether `head`, an input's first bytes, starts a zip archive (one with members, or empty).
pub fn is_zip(head: &[u8]) -> bool {
    head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A zip archive of `files` (name, bytes, compressed or stored) at a fresh temporary path.
    fn write_zip(tag: &str, files: &[(&str, &[u8], bool)]) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("pdnkit-zip-{}-{tag}.zip", std::process::id()));
        let mut zip = ::zip::ZipWriter::new(File::create(&path).unwrap());
        for (name, bytes, deflate) in files {
            let method = if *deflate {
                ::zip::CompressionMethod::Deflated
            } else {
                ::zip::CompressionMethod::Stored
            };
            let options = ::zip::write::SimpleFileOptions::default().compression_method(method);
            zip.start_file(*name, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap();
        path
    }

    fn read_all(member: &ZipMember) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        member.open()?.read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn members_are_listed_in_order_and_read_whole() {
        let first = b"[Event \"1\"]\n1. 32-28 *\n".repeat(200);
        let path = write_zip(
            "list",
            &[
                ("a/first.pdn", &first, true),
                ("__MACOSX/a/._first.pdn", b"\0\x05\x16\x07", false),
                ("b.pdn", b"[Event \"2\"]\n*\n", false),
            ],
        );
        let members = members(&path).unwrap();
        let names: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["a/first.pdn", "b.pdn"]);
        assert_eq!(read_all(&members[0]).unwrap(), first);
        assert_eq!(read_all(&members[1]).unwrap(), b"[Event \"2\"]\n*\n");
        assert!(is_zip(&std::fs::read(&path).unwrap()));
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_damaged_member_fails_at_its_end() {
        let text = b"[Event \"x\"]\n1. 32-28 19-23 *\n".repeat(4);
        let path = write_zip("damaged", &[("x.pdn", &text, false)]);
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.windows(6).position(|w| w == b"32-28 ").unwrap();
        bytes[at] = b'4';
        std::fs::write(&path, &bytes).unwrap();
        let members = members(&path).unwrap();
        let error = read_all(&members[0]).unwrap_err();
        assert!(error.to_string().contains("damaged zip member"), "{error}");
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_damaged_directory_is_an_error() {
        let path = std::env::temp_dir().join(format!("pdnkit-zip-{}-bad.zip", std::process::id()));
        std::fs::write(&path, b"PK\x03\x04 this is no zip archive").unwrap();
        assert!(members(&path).is_err());
        std::fs::remove_file(path).unwrap();
    }
}
