//! `pdnkit.validate`: every game of an archive replayed and judged on worker threads, with the
//! GIL released, as `pdnkit validate` does; what comes back is the counts and the records of the
//! games with findings.

use std::convert::Infallible;
use std::ops::ControlFlow;

use pdnkit::archive::Archive;
use pdnkit::validate::{Validated, Validation};
use pdnkit::{GameRecord, Severity};
use pyo3::prelude::*;

use crate::record::Record;
use crate::source;

/// What `validate` found: games by verdict, the inputs that failed, and the record of every
/// game with a warning or an error, in input order.
#[pyclass(module = "pdnkit", frozen, get_all, skip_from_py_object)]
pub struct Report {
    /// Games read.
    pub games: u64,
    /// Games without a warning or an error.
    pub clean: u64,
    /// Games with warnings and no error.
    pub warnings: u64,
    /// Games with an error.
    pub invalid: u64,
    /// Games whose text could not be read as PDN.
    pub unreadable: u64,
    /// The inputs that could not be read, each message naming its input.
    pub failed: Vec<String>,
    /// The records of the games that are not clean.
    pub findings: Vec<Py<Record>>,
}

#[pymethods]
impl Report {
    fn __repr__(&self) -> String {
        format!(
            "<Report {} games: {} clean, {} with warnings, {} invalid, {} unreadable; {} inputs failed>",
            self.games,
            self.clean,
            self.warnings,
            self.invalid,
            self.unreadable,
            self.failed.len()
        )
    }
}

/// Replays and judges every game of `paths` (a path or a list of paths) on `jobs` threads (0:
/// one per core) with the GIL released, as `pdnkit validate` does; the result is the same for
/// every `jobs`. Games without GameType or Variant tag play the variant decided for their
/// file; `variant` plays every game under those rules instead.
#[pyfunction]
#[pyo3(signature = (paths, jobs = 0, variant = None))]
pub fn validate(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    jobs: usize,
    variant: Option<&str>,
) -> PyResult<Report> {
    let options = crate::options(py, variant)?;
    let archive = Archive::new(&source::paths(paths)?)
        .replay_options(options)
        .jobs(jobs);
    // A clean game's record is not returned: a plain one is judged without it, as by
    // `pdnkit validate` (a fast path, off with the others).
    let validation = Validation {
        syntax_only: false,
        min: Severity::Warning,
        findings_only: true,
        suggest: false,
    };
    let mut failed = Vec::new();
    let mut records: Vec<Box<GameRecord>> = Vec::new();
    let ran = py.detach(|| {
        validation.run(
            archive,
            &(),
            |validated| validated,
            |done| {
                match done {
                    Err(e) => failed.push(e.to_string()),
                    Ok(Validated::Shown { record, .. }) => records.push(record),
                    Ok(Validated::Unshown(_)) => {}
                }
                ControlFlow::<Infallible>::Continue(())
            },
        )
    });
    let Ok(ran) = ran;
    let c = ran.counts;
    Ok(Report {
        games: c.read,
        clean: c.clean,
        warnings: c.warnings,
        invalid: c.invalid,
        unreadable: c.unreadable,
        failed,
        findings: records
            .iter()
            .map(|r| Py::new(py, Record::from(r.as_ref())))
            .collect::<PyResult<_>>()?,
    })
}
