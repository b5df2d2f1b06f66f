//! What the module's functions read: paths (a string, a path-like object, or a list of them),
//! or a Python file object read through its `read` method, as the library's archive API
//! ([`pdnkit::archive`]) reads the command line's inputs.

use std::io::{self, Read};
use std::path::PathBuf;

use pdnkit::ReplayOptions;
use pdnkit::archive::Archive;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The archive `source` names: a path (`str` or `os.PathLike`), a list of paths, or a file
/// object opened for reading (binary, or text encoded as UTF-8), read as the command line
/// reads its inputs ([`Archive`]); replayed with `options`.
pub fn archive(source: &Bound<'_, PyAny>, options: ReplayOptions) -> PyResult<Archive> {
    let archive = if source.hasattr("read")? {
        let name: String = match source.getattr("name") {
            Ok(name) => name.str()?.to_string(),
            Err(_) => "<file>".into(),
        };
        let reader = PyReader {
            file: source.clone().unbind(),
            pending: Vec::new(),
            at: 0,
        };
        Archive::reader(&name, Box::new(reader))
    } else {
        Archive::new(&paths(source)?)
    };
    Ok(archive.replay_options(options))
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
