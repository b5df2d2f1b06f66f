//! `pdnkit.read`: the games of an archive as Python objects, read and checked one at a time
//! as the caller iterates, so an archive of any size is never held whole.

use std::io;
use std::sync::Mutex;

use pdnkit::archive::ArchiveGame;
use pdnkit::check_game;
use pyo3::prelude::*;

use crate::errors::os_error;
use crate::record::{Game, game};
use crate::source;

/// The games of an archive in order, each with the options it is replayed with.
type Stream = Box<dyn Iterator<Item = io::Result<ArchiveGame>> + Send>;

/// An iterator over the games of an archive (`pdnkit.read`).
#[pyclass(module = "pdnkit")]
pub struct Games {
    /// Python may share the iterator between threads; one advances it at a time.
    stream: Mutex<Stream>,
}

#[pymethods]
impl Games {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game; an input that cannot be read raises `OSError` (calling `next` again goes
    /// on with the next input).
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<Game>>> {
        let stream = self.stream.get_mut().unwrap_or_else(|e| e.into_inner());
        // Reading from paths needs no GIL; a file object takes it for each read.
        let next = py.detach(|| stream.next());
        match next {
            None => Ok(None),
            Some(Err(e)) => Err(os_error(&e)),
            Some(Ok(g)) => {
                check_game(&g.file, &g.game, &g.options, |data| game(py, data)).map(Some)
            }
        }
    }
}

/// The games of `source`: a path (`str` or `os.PathLike`), a list of paths, or a file object
/// opened for reading (binary, or text). Games are read, replayed and checked one at a time as
/// the iterator is advanced. Games without GameType or Variant tag play the variant decided for
/// their file, as on the command line; `variant` plays every game under those rules instead.
#[pyfunction]
#[pyo3(signature = (source, variant = None))]
pub fn read(py: Python<'_>, source: &Bound<'_, PyAny>, variant: Option<&str>) -> PyResult<Games> {
    let options = crate::options(py, variant)?;
    let archive = source::archive(source, options)?;
    Ok(Games {
        stream: Mutex::new(Box::new(archive.each_game())),
    })
}
