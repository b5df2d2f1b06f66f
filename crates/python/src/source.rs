//! What the module's functions read: paths (a string, a path-like object, or a list of them)
//! streamed game by game as the command line streams its inputs, or a Python file object read
//! through its `read` method. An input that cannot be opened is an item of the stream too, so
//! the caller decides what becomes of it.

use std::io::{self, BufRead, Read};
use std::path::PathBuf;
use std::sync::Arc;

use pdnkit::ReplayOptions;
use pdnkit::pdn::{Found, Place, RawGame, ReadOptions, SplitOptions, Splitter};
use pdnkit::{ArchiveVariant, file_variant};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// One item of the stream.
pub enum Input {
    /// A game and the name of its input.
    Game { file: Arc<str>, game: RawGame },
    /// An input that failed; the message names it.
    Failed(io::Error),
}

impl file_variant::FileItem for Input {
    fn file_game(&self) -> Option<(&Arc<str>, &RawGame)> {
        match self {
            Input::Game { file, game } => Some((file, game)),
            Input::Failed(_) => None,
        }
    }
}

impl Input {
    /// The bytes of the game, for batching.
    pub fn weight(&self) -> usize {
        match self {
            Input::Game { game, .. } => game.text.len(),
            Input::Failed(_) => 0,
        }
    }
}

/// A game with the variant decided for its file.
pub type Decided = (Input, Option<Arc<ArchiveVariant>>);

/// The stream of games, each with its file's variant (or board, when `options` forces a variant).
pub type Stream = Box<dyn Iterator<Item = Decided> + Send>;

/// `items` with their files' variants, as the command line decides them.
pub fn decided(
    items: impl Iterator<Item = Input> + Send + 'static,
    options: &ReplayOptions,
) -> Stream {
    Box::new(file_variant::with_file_variant(items, options.variant))
}

/// The paths `obj` names: one path (`str` or `os.PathLike`), or an iterable of them.
pub fn paths(obj: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Ok(path) = obj.extract::<PathBuf>() {
        return Ok(vec![path]);
    }
    let not_paths = || PyTypeError::new_err("expected a path or a list of paths");
    if obj.is_instance_of::<PyBytes>() {
        return Err(not_paths());
    }
    let mut out = Vec::new();
    for item in obj.try_iter().map_err(|_| not_paths())? {
        out.push(item?.extract::<PathBuf>().map_err(|_| not_paths())?);
    }
    Ok(out)
}

/// A file being read: its name and its games.
type OpenFile = (Arc<str>, Splitter<Box<dyn BufRead + Send>>);

/// The games of `paths`, in order, read as the command line reads them (`pdn::find_sources`:
/// folders walked for their PDN files, zip archives member by member; each input opened when
/// its turn comes, decompressed and its encoding decided from its bytes). Warnings about
/// inputs (an empty folder) are the command line's to print; the module reads the same games.
pub fn games_of_paths(paths: Vec<PathBuf>) -> impl Iterator<Item = Input> + Send {
    let options = ReadOptions::default();
    let mut found = pdnkit::pdn::find_sources(&paths, &options.selection).into_iter();
    let mut current: Option<OpenFile> = None;
    std::iter::from_fn(move || {
        loop {
            if let Some((file, splitter)) = current.as_mut() {
                match splitter.next() {
                    Some(Ok(game)) => {
                        let file = Arc::clone(file);
                        return Some(Input::Game { file, game });
                    }
                    Some(Err(e)) => {
                        let error = io::Error::new(e.kind(), format!("{file}: {e}"));
                        current = None;
                        return Some(Input::Failed(error));
                    }
                    None => current = None,
                }
            }
            let source = match found.next()? {
                Found::Source(source) => source,
                Found::Failed(error) => return Some(Input::Failed(error)),
                Found::Warning { .. } => continue,
            };
            match pdnkit::pdn::open_source(&source, &options) {
                Ok(opened) => {
                    let splitter = opened.games(SplitOptions::default());
                    current = Some((source.name().into(), splitter));
                }
                Err(error) => return Some(Input::Failed(error)),
            }
        }
    })
}

/// The games a Python file object holds (binary, or text encoded as UTF-8), named `name`.
pub fn games_of_file(name: Arc<str>, file: Py<PyAny>) -> impl Iterator<Item = Input> + Send {
    let mut reader = Some(PyReader {
        file,
        pending: Vec::new(),
        at: 0,
    });
    let mut splitter = None;
    let failed =
        |e: io::Error, name: &str| Input::Failed(io::Error::new(e.kind(), format!("{name}: {e}")));
    // Opened at the first game asked for, on the thread that reads: decompressed and its
    // encoding decided as a file's content is.
    std::iter::from_fn(move || {
        if let Some(reader) = reader.take() {
            let options = ReadOptions::default();
            match pdnkit::pdn::open_reader(Box::new(reader), Place::Stdin, &options) {
                Ok(opened) => splitter = Some(opened.games(SplitOptions::default())),
                Err(e) => return Some(failed(e, &name)),
            }
        }
        match splitter.as_mut()?.next()? {
            Ok(game) => Some(Input::Game {
                file: Arc::clone(&name),
                game,
            }),
            Err(e) => {
                splitter = None;
                Some(failed(e, &name))
            }
        }
    })
}

/// A Python file object as a reader: each read calls its `read(n)`, holding the GIL only then.
struct PyReader {
    file: Py<PyAny>,
    /// Bytes read and not yet handed out: a text file's `read(n)` counts characters, which may
    /// take more than `n` bytes.
    pending: Vec<u8>,
    at: usize,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            self.pending = Python::attach(|py| read_chunk(self.file.bind(py), buf.len()))?;
            self.at = 0;
        }
        let n = (self.pending.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The bytes of `file.read(n)`; a text chunk as UTF-8.
fn read_chunk(file: &Bound<'_, PyAny>, n: usize) -> io::Result<Vec<u8>> {
    let chunk = file
        .call_method1("read", (n,))
        .map_err(|e| io::Error::other(format!("read() failed: {e}")))?;
    if let Ok(text) = chunk.cast::<PyString>() {
        let text = text.to_str().map_err(|e| io::Error::other(e.to_string()))?;
        return Ok(text.as_bytes().to_vec());
    }
    match chunk.cast::<PyBytes>() {
        Ok(bytes) => Ok(bytes.as_bytes().to_vec()),
        Err(_) => Err(io::Error::other("read() returned neither bytes nor str")),
    }
}
