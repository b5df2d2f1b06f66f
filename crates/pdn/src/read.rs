//! Opening inputs ([`Source`]s: a file, `-` for standard input, a member of a zip archive).
//! What an input holds is told by its first bytes, never by its name. gzip, bzip2, xz and zstd
//! are decompressed on the fly, several concatenated members, streams or frames too (as
//! `cat a.gz b.gz` makes). Other archive and compression formats known by their magic bytes
//! (7z, rar, lz4, lzip, Unix compress; a zip archive where it cannot be listed, on standard
//! input or inside another) are refused with one error naming the format, rather than read as
//! garbled PDN.
//!
//! The content is then looked at as text ([`crate::text`]): UTF-16 is transcoded to UTF-8, and
//! a content that is not text (NUL bytes, mostly control bytes) is refused, unless the caller
//! forces reading it ([`ReadOptions::force_text`]).
//!
//! Errors name the input when opening; a decoder's error later on (a truncated or corrupt
//! stream) names the format, and the caller adds the input and how far reading got.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::Path;

use encoding_rs::Encoding;

use super::encoding::Decoder;
use super::sources::{Selection, Source};
use super::split::{SplitOptions, Splitter};
use super::text::{self, TextKind, Utf16ToUtf8};

/// How inputs are read: the settings of the command line's `--encoding`, `--text` and
/// `--glob`.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The encoding every game is read in; `None` decides from the bytes ([`Decoder`]).
    pub encoding: Option<&'static Encoding>,
    /// Read inputs whose first bytes do not look like text, as text.
    pub force_text: bool,
    /// The files of folders and zip archives that are read.
    pub selection: Selection,
}

impl ReadOptions {
    /// The decoder for a text that was not transcoded.
    fn decoder(&self) -> Decoder {
        match self.encoding {
            Some(encoding) => Decoder::forced(encoding),
            None => Decoder::new(),
        }
    }
}

/// An input opened: its content as text in an ASCII-compatible encoding (UTF-16 transcoded to
/// UTF-8), and the decoder its games need.
pub struct Opened {
    /// The content.
    pub reader: Box<dyn BufRead + Send>,
    /// The decoder for its games ([`SplitOptions::decoder`]).
    pub decoder: Decoder,
}

impl Opened {
    /// The games of this input, split with `options` and this input's decoder.
    pub fn games(self, options: SplitOptions) -> Splitter<Box<dyn BufRead + Send>> {
        Splitter::with_options(
            self.reader,
            SplitOptions {
                decoder: self.decoder,
                ..options
            },
        )
    }
}

/// Read buffer size: large enough that the splitter sees few refills.
const BUFFER: usize = 1 << 16;

/// Bytes read to tell the format: the longest magic checked (xz, 7z, rar).
const HEAD: usize = 6;

/// A compression format pdnkit decompresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compression {
    Gzip,
    Bzip2,
    Xz,
    Zstd,
}

impl Compression {
    fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
            Compression::Zstd => "zstd",
        }
    }
}

/// What the first bytes of an input say it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Content {
    /// No magic known: PDN text.
    Plain,
    Compressed(Compression),
    /// A format recognised but not read: how to call it, and whether it holds files to unpack
    /// (an archive) or one stream to decompress.
    Refused {
        what: &'static str,
        archive: bool,
    },
}

/// How a zip archive is named: read member by member where it can be listed
/// ([`crate::find_sources`]), refused where it cannot.
const ZIP: &str = "a zip archive";

/// The formats refused, by their magic bytes at the start of the input.
const REFUSED: &[(&[u8], &str, bool)] = &[
    (b"PK\x03\x04", ZIP, true),
    // An empty zip archive, and one of a spanned set.
    (b"PK\x05\x06", ZIP, true),
    (b"PK\x07\x08", ZIP, true),
    (b"7z\xbc\xaf\x27\x1c", "a 7z archive", true),
    (b"Rar!\x1a\x07", "a rar archive", true),
    (b"\x04\x22\x4d\x18", "lz4-compressed", false),
    // The legacy lz4 frame, as `lz4 -l` still writes.
    (b"\x02\x21\x4c\x18", "lz4-compressed", false),
    (b"LZIP", "lzip-compressed", false),
    (b"\x1f\x9d", "compressed with Unix compress (.Z)", false),
];

/// What `head`, the first bytes of an input (fewer than [`HEAD`] only for a shorter input),
/// says it holds.
fn sniff(head: &[u8]) -> Content {
    let compressed = match head {
        [0x1f, 0x8b, ..] => Some(Compression::Gzip),
        // "BZh" and the block size digit: PDN text never starts so.
        [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
        [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Some(Compression::Xz),
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
        // A zstd skippable frame (lz4 has the same magic for its own, which the zstd decoder
        // then reports as corrupt data).
        [0x50..=0x5f, 0x2a, 0x4d, 0x18, ..] => Some(Compression::Zstd),
        _ => None,
    };
    if let Some(compression) = compressed {
        return Content::Compressed(compression);
    }
    REFUSED
        .iter()
        .find(|(magic, ..)| head.starts_with(magic))
        .map_or(Content::Plain, |&(_, what, archive)| Content::Refused {
            what,
            archive,
        })
}

/// The first [`HEAD`] bytes of `reader` (fewer only at its end): a pipe may deliver them in
/// pieces, so one read is not enough.
fn read_head(reader: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(HEAD);
    reader.take(HEAD as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// Opens `path` (or standard input for `-`) with default options: its content, decompressed,
/// as text (see [`open_source`]).
///
/// # Errors
/// As [`open_source`].
pub fn open(path: &Path) -> io::Result<Box<dyn BufRead + Send>> {
    open_source(&Source::path(path), &ReadOptions::default()).map(|o| o.reader)
}

/// Opens `source`: its content decompressed (gzip, bzip2, xz, zstd), UTF-16 transcoded to
/// UTF-8, with the decoder its games need.
///
/// # Errors
/// An I/O error whose message names the input: it cannot be opened or read, it is in a format
/// pdnkit recognises but does not read (a 7z archive, say), or it is not text (unless
/// `options.force_text`); each message says which.
pub fn open_source(source: &Source, options: &ReadOptions) -> io::Result<Opened> {
    let name = source.name();
    let context = |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
    let inner: Box<dyn Read + Send> = match source {
        Source::Stdin => Box::new(io::stdin()),
        Source::File(path) => Box::new(File::open(path).map_err(context)?),
        Source::Member(member) => member.open().map_err(context)?,
    };
    let place = match source {
        Source::Stdin => Place::Stdin,
        Source::File(_) => Place::File,
        Source::Member(_) => Place::Member,
    };
    open_reader(inner, place, options).map_err(context)
}

/// Where a content comes from, for what a zip archive there means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A file named among the inputs.
    File,
    /// Standard input, or another stream that cannot be listed.
    Stdin,
    /// A member of a zip archive.
    Member,
}

/// `inner`'s content decompressed and as text, as [`open_source`] opens a source; for readers
/// that are not files (a Python file object, say).
///
/// # Errors
/// As [`open_source`], without the input's name (the caller adds it).
pub fn open_reader(
    mut inner: Box<dyn Read + Send>,
    place: Place,
    options: &ReadOptions,
) -> io::Result<Opened> {
    let head = read_head(&mut inner)?;
    let content = sniff(&head);
    let reader = BufReader::with_capacity(BUFFER, Cursor::new(head).chain(inner));
    let content: Box<dyn BufRead + Send> = match content {
        Content::Plain => Box::new(reader),
        Content::Compressed(compression) => decompress(reader, compression),
        Content::Refused { what, .. } if what == ZIP => {
            let why = match place {
                Place::Stdin => "in a stream, where its files cannot be listed (name the file)",
                Place::Member => "inside a zip archive (unpack the outer one first)",
                Place::File => "opened as one file (name it among the inputs to read its files)",
            };
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!("{ZIP} {why}"),
            ));
        }
        Content::Refused { what, archive } => return Err(refusal(what, archive)),
    };
    as_text(content, options)
}

/// `content` as text: UTF-16 transcoded (told by a byte order mark or its shape, or named by
/// the options), what is not text refused unless forced.
fn as_text(mut content: Box<dyn BufRead + Send>, options: &ReadOptions) -> io::Result<Opened> {
    let (head, error) = text::read_head(&mut content);
    // A content that fails within its first bytes: those bytes, then the error.
    let content: Box<dyn Read + Send> = match error {
        Some(error) => Box::new(Failing(Some(error))),
        None => Box::new(content),
    };
    let named_utf16 = options
        .encoding
        .filter(|&e| e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE);
    let kind = match named_utf16 {
        Some(encoding) => {
            let bom = match (
                &head[..head.len().min(2)],
                encoding == encoding_rs::UTF_16LE,
            ) {
                ([0xFF, 0xFE], true) | ([0xFE, 0xFF], false) => 2,
                _ => 0,
            };
            TextKind::Utf16 { encoding, bom }
        }
        None => text::sniff_text(&head),
    };
    match kind {
        TextKind::Utf16 { encoding, bom }
            if named_utf16.is_some() || options.encoding.is_none() =>
        {
            let rest = Cursor::new(head).chain(content);
            let mut rest = BufReader::with_capacity(BUFFER, rest);
            rest.consume(bom);
            Ok(Opened {
                reader: Box::new(BufReader::with_capacity(
                    BUFFER,
                    Utf16ToUtf8::new(rest, encoding),
                )),
                decoder: Decoder::new().transcoded_from(encoding),
            })
        }
        TextKind::Binary(why) if !options.force_text => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not a text file ({why}); --text reads it anyway"),
        )),
        _ => Ok(Opened {
            decoder: options.decoder().with_prefix(&head),
            reader: Box::new(BufReader::with_capacity(
                BUFFER,
                Cursor::new(head).chain(content),
            )),
        }),
    }
}

/// The error for an input in a format pdnkit does not read (the caller names the input).
fn refusal(what: &str, archive: bool) -> io::Error {
    let advice = if archive {
        "unpack it first"
    } else {
        "decompress it first; pdnkit reads gzip, bzip2, xz and zstd"
    };
    io::Error::new(
        io::ErrorKind::Unsupported,
        format!("{what}, which pdnkit does not read ({advice})"),
    )
}

/// `reader` decompressed, all its concatenated members, streams or frames.
fn decompress<R: BufRead + Send + 'static>(
    reader: R,
    compression: Compression,
) -> Box<dyn BufRead + Send> {
    let decoder: Box<dyn Read + Send> = match compression {
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(reader)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(reader)),
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(reader)),
        // Reads frame after frame until the input ends; an unfinished frame is an error.
        Compression::Zstd => match zstd::stream::read::Decoder::with_buffer(reader) {
            Ok(decoder) => Box::new(decoder),
            // Only when zstd cannot allocate its context: the first read reports it.
            Err(error) => Box::new(Failing(Some(error))),
        },
    };
    Box::new(BufReader::with_capacity(
        BUFFER,
        Decoded {
            decoder,
            compression,
        },
    ))
}

/// A reader whose first read fails with the error it holds.
struct Failing(Option<io::Error>);

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}

/// A decoder whose errors say which format was being decompressed and, for data that ends
/// inside a stream, that the input looks truncated: the decoders' own words ("premature eof")
/// say neither.
struct Decoded {
    decoder: Box<dyn Read + Send>,
    compression: Compression,
}

impl Read for Decoded {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.decoder.read(buf).map_err(|e| {
            let name = self.compression.name();
            let message = match e.kind() {
                io::ErrorKind::Interrupted => return e,
                io::ErrorKind::UnexpectedEof => {
                    format!("{name} data cut short, the file looks truncated: {e}")
                }
                _ => format!("while decompressing {name}: {e}"),
            };
            io::Error::new(e.kind(), message)
        })
    }
}

/// `path` opened for mapping into memory when it is a plain regular file of text that needs
/// no transcoding, with the decoder for its games; `None` for standard input, other kinds of
/// file, compressed files and UTF-16, which are read through [`open_source`].
///
/// # Errors
/// An I/O error whose message names the path. A format pdnkit does not read, or a file that is
/// not text, is not an error here: [`open_source`] reports it.
pub fn open_mappable(path: &Path, options: &ReadOptions) -> io::Result<Option<(File, Decoder)>> {
    if path.as_os_str() == "-" {
        return Ok(None);
    }
    let name = path.display().to_string();
    let context = |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
    let file = File::open(path).map_err(context)?;
    if !file.metadata().map_err(context)?.is_file() {
        return Ok(None);
    }
    let (head, error) = text::read_head(&mut &file);
    if let Some(error) = error {
        return Err(context(error));
    }
    if sniff(&head) != Content::Plain || options.encoding.is_some_and(|e| !e.is_ascii_compatible())
    {
        return Ok(None);
    }
    let text = match text::sniff_text(&head) {
        TextKind::Text => true,
        TextKind::Binary(_) => options.force_text,
        TextKind::Utf16 { .. } => options.encoding.is_some(),
    };
    Ok(text.then(|| (file, options.decoder().with_prefix(&head))))
}

/// The games of `path` (or standard input for `-`), with default options.
///
/// # Errors
/// Opening fails; later read errors come out of the iterator.
pub fn games(path: &Path) -> io::Result<Splitter<Box<dyn BufRead + Send>>> {
    Ok(open_source(&Source::path(path), &ReadOptions::default())?.games(SplitOptions::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::path::PathBuf;

    const FIRST: &[u8] = b"[A \"1\"]\n1. 32-28 *\n";
    const SECOND: &[u8] = b"[A \"2\"]\n1. 33-29 *\n";

    /// `data` compressed as one member, stream or frame.
    fn compress(compression: Compression, data: &[u8]) -> Vec<u8> {
        match compression {
            Compression::Gzip => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Compression::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Compression::Xz => {
                let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Compression::Zstd => zstd::encode_all(data, 1).unwrap(),
        }
    }

    const ALL: [Compression; 4] = [
        Compression::Gzip,
        Compression::Bzip2,
        Compression::Xz,
        Compression::Zstd,
    ];

    /// A scratch directory for one test, removed when it is dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("pdnkit-read-{}-{name}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
            let path = self.0.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn texts(path: &Path) -> Vec<String> {
        games(path).unwrap().map(|g| g.unwrap().text).collect()
    }

    #[test]
    fn each_format_reads_two_games_in_one_stream() {
        let dir = Scratch::new("one");
        for compression in ALL {
            let bytes = compress(compression, &[FIRST, SECOND].concat());
            assert_eq!(sniff(&bytes), Content::Compressed(compression));
            // A misleading name: the content decides.
            let path = dir.write(&format!("{}.pdn", compression.name()), &bytes);
            let texts = texts(&path);
            assert_eq!(texts.len(), 2, "{compression:?}");
            assert!(texts[1].starts_with("[A \"2\"]"), "{compression:?}");
            assert!(
                open_mappable(&path, &ReadOptions::default())
                    .unwrap()
                    .is_none(),
                "{compression:?}"
            );
        }
    }

    #[test]
    fn concatenated_members_streams_and_frames_are_all_read() {
        let dir = Scratch::new("concat");
        for compression in ALL {
            let bytes = [compress(compression, FIRST), compress(compression, SECOND)].concat();
            let path = dir.write(&format!("two.{}", compression.name()), &bytes);
            let texts = texts(&path);
            assert_eq!(texts.len(), 2, "{compression:?}: {texts:?}");
            assert!(texts[0].starts_with("[A \"1\"]"), "{compression:?}");
            assert!(texts[1].starts_with("[A \"2\"]"), "{compression:?}");
        }
    }

    /// Varied text, long enough for several bzip2 blocks, so that each format has whole
    /// blocks before a cut in the middle.
    fn long_archive() -> Vec<u8> {
        (0..20_000)
            .map(|i| {
                format!(
                    "[Round \"{i}\"]\n[Site \"{}\"]\n1. 32-28 *\n\n",
                    i * 7919 % 10007
                )
            })
            .collect::<String>()
            .into_bytes()
    }

    #[test]
    fn a_truncated_stream_is_an_error_after_the_games_before_the_cut() {
        let dir = Scratch::new("cut");
        let archive = long_archive();
        for compression in ALL {
            let bytes = compress(compression, &archive);
            let path = dir.write(
                &format!("cut.{}", compression.name()),
                &bytes[..bytes.len() / 2],
            );
            let mut read = 0;
            let mut error = None;
            for game in games(&path).unwrap() {
                match game {
                    Ok(_) => read += 1,
                    Err(e) => {
                        error = Some(e);
                        break;
                    }
                }
            }
            let error = error.unwrap_or_else(|| panic!("{compression:?}: no error, {read} games"));
            let message = error.to_string();
            assert!(message.contains(compression.name()), "{message}");
            assert!(message.contains("truncated"), "{compression:?}: {message}");
            assert!(read > 10, "{compression:?}: {read} games before the cut");
            assert!(read < 20_000, "{compression:?}");
        }
    }

    #[test]
    fn the_tail_of_a_stream_cut_off_is_an_error_too() {
        // Only the last bytes are missing (the end marker and checksum): no silent end.
        let dir = Scratch::new("tail");
        for compression in ALL {
            let bytes = compress(compression, &[FIRST, SECOND].concat());
            let path = dir.write("tail", &bytes[..bytes.len() - 1]);
            // The splitter repeats an error: stop at the first.
            let error = games(&path).unwrap().find_map(Result::err);
            assert!(error.is_some(), "{compression:?}");
        }
    }

    #[test]
    fn corrupt_data_names_the_format() {
        let dir = Scratch::new("corrupt");
        for compression in ALL {
            let mut bytes = compress(compression, &long_archive());
            let middle = bytes.len() / 2;
            for b in &mut bytes[middle..middle + 64] {
                *b ^= 0x5a;
            }
            let path = dir.write("corrupt", &bytes);
            let error = games(&path)
                .unwrap()
                .find_map(Result::err)
                .unwrap_or_else(|| panic!("{compression:?}: corruption unnoticed"));
            assert!(error.to_string().contains(compression.name()), "{error}");
        }
    }

    #[test]
    fn formats_not_read_are_refused_with_their_name() {
        let dir = Scratch::new("refused");
        let cases: [(&[u8], &str); 7] = [
            (
                b"PK\x03\x04\x14\x00\x00\x00",
                "games.zip: a zip archive opened as one file (name it among the inputs",
            ),
            (b"7z\xbc\xaf\x27\x1c\x00\x04", "a 7z archive"),
            (b"Rar!\x1a\x07\x01\x00", "a rar archive"),
            (b"\x04\x22\x4d\x18\x64\x40", "lz4-compressed"),
            (b"LZIP\x01\x0c", "lzip-compressed"),
            (b"\x1f\x9d\x90[A", "Unix compress"),
            (b"PK\x05\x06\x00\x00", "a zip archive opened as one file"),
        ];
        for (bytes, expected) in cases {
            let path = dir.write("games.zip", bytes);
            let error = open(&path).err().unwrap();
            let message = error.to_string();
            assert!(
                message.starts_with(&path.display().to_string()),
                "{message}"
            );
            assert!(message.contains(expected), "{message}");
            assert_eq!(error.kind(), io::ErrorKind::Unsupported);
            assert!(
                open_mappable(&path, &ReadOptions::default())
                    .unwrap()
                    .is_none(),
                "{message}"
            );
        }
        let compress = open(&dir.write("g.Z", b"\x1f\x9d\x90")).err().unwrap();
        assert!(
            compress
                .to_string()
                .contains("pdnkit reads gzip, bzip2, xz and zstd")
        );
    }

    #[test]
    fn plain_text_is_read_as_it_is_whatever_its_name() {
        let dir = Scratch::new("plain");
        let path = dir.write("looks.gz", &[FIRST, SECOND].concat());
        assert_eq!(texts(&path).len(), 2);
        assert!(
            open_mappable(&path, &ReadOptions::default())
                .unwrap()
                .is_some()
        );
        // Shorter than the magic bytes, and empty: plain.
        assert_eq!(texts(&dir.write("short", b"1. *")).len(), 1);
        assert_eq!(texts(&dir.write("empty", b"")).len(), 0);
        assert_eq!(sniff(b"BZh"), Content::Plain);
        assert_eq!(sniff(b"BZhX"), Content::Plain);
        assert_eq!(sniff(b"PK"), Content::Plain);
    }

    #[test]
    fn a_magic_delivered_in_pieces_is_still_recognised() {
        /// Gives one byte a read, as a slow pipe may.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(buf.len()).min(1);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let bytes = compress(Compression::Xz, FIRST);
        let head = read_head(&mut Trickle(&bytes)).unwrap();
        assert_eq!(sniff(&head), Content::Compressed(Compression::Xz));
    }

    #[test]
    fn errors_on_opening_name_the_path() {
        let dir = Scratch::new("missing");
        let err = open(&dir.0.join("missing.pdn")).err().unwrap();
        assert!(err.to_string().contains("missing.pdn"), "{err}");
    }
}
