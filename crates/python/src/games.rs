//! `pdnkit.read`: the games of an archive as Python objects, read and checked one at a time
//! as the caller iterates, so an archive of any size is never held whole.

use std::sync::{Arc, Mutex};

use pdnkit::{ReplayOptions, check_game};
use pyo3::prelude::*;

use crate::errors::os_error;
use crate::record::{Game, game};
use crate::source::{self, Input, Stream};

/// An iterator over the games of an archive (`pdnkit.read`).
#[pyclass(module = "pdnkit")]
pub struct Games {
    /// Python may share the iterator between threads; one advances it at a time.
    stream: Mutex<Stream>,
    options: ReplayOptions,
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
        let Some((item, archive)) = next else {
            return Ok(None);
        };
        match item {
            Input::Failed(e) => Err(os_error(&e)),
            Input::Game { file, game: raw } => {
                let options = self.options.for_archive(archive);
                check_game(&file, &raw, &options, |data| game(py, data)).map(Some)
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
    let items: Box<dyn Iterator<Item = Input> + Send> = if source.hasattr("read")? {
        let name: Arc<str> = match source.getattr("name") {
            Ok(name) => name.str()?.to_string().into(),
            Err(_) => "<file>".into(),
        };
        Box::new(source::games_of_file(name, source.clone().unbind()))
    } else {
        Box::new(source::games_of_paths(source::paths(source)?))
    };
    Ok(Games {
        stream: Mutex::new(source::decided(items, &options)),
        options,
    })
}
