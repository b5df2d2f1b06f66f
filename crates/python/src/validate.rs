//! `pdnkit.validate`: every game of an archive replayed and judged on worker threads, with the
//! GIL released, as `pdnkit validate` does; what comes back is the counts and the records of the
//! games with findings.

use std::ops::ControlFlow;

use pdnkit::{GameRecord, PlainJudge, Verdict, check_game};
use pipeline::Pipeline;
use pyo3::prelude::*;

use crate::record::Record;
use crate::source::{self, Input};

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

/// What one item gives: a failed input's message, or a verdict with the record when it is not
/// clean.
enum Checked {
    Failed(String),
    Game(Verdict, Option<Box<GameRecord>>),
}

/// Replays and judges every game of `paths` (a path or a list of paths) on `jobs` threads (0:
/// one per core) with the GIL released; the result is the same for every `jobs`. Games without
/// GameType or Variant tag play the variant decided for their file; `variant` plays every game
/// under those rules instead.
#[pyfunction]
#[pyo3(signature = (paths, jobs = 0, variant = None))]
pub fn validate(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    jobs: usize,
    variant: Option<&str>,
) -> PyResult<Report> {
    let options = crate::options(py, variant)?;
    let paths = source::paths(paths)?;
    let mut report = Report {
        games: 0,
        clean: 0,
        warnings: 0,
        invalid: 0,
        unreadable: 0,
        failed: Vec::new(),
        findings: Vec::new(),
    };
    let mut records: Vec<Box<GameRecord>> = Vec::new();
    py.detach(|| {
        let items = source::decided(source::games_of_paths(paths), &options);
        let run = Pipeline::new(jobs).run_weighed(
            items,
            |(item, _)| item.weight(),
            PlainJudge::default,
            |judge, (item, archive)| match item {
                Input::Failed(e) => Checked::Failed(e.to_string()),
                Input::Game { file, game } => {
                    let options = options.for_archive(archive);
                    // A clean game's record is not returned: a plain one is judged without it,
                    // as `pdnkit validate` does (a fast path, off with the others).
                    if judge.is_clean(&game, &options) {
                        return Checked::Game(Verdict::Clean, None);
                    }
                    check_game(&file, &game, &options, |data| {
                        let r = data.record;
                        let kept = (r.status != Verdict::Clean).then(|| Box::new(r.clone()));
                        Checked::Game(r.status, kept)
                    })
                }
            },
            |checked| {
                match checked {
                    Checked::Failed(message) => report.failed.push(message),
                    Checked::Game(status, record) => {
                        report.games += 1;
                        *match status {
                            Verdict::Clean => &mut report.clean,
                            Verdict::Warnings => &mut report.warnings,
                            Verdict::Invalid => &mut report.invalid,
                            Verdict::Unreadable => &mut report.unreadable,
                        } += 1;
                        records.extend(record);
                    }
                }
                ControlFlow::<()>::Continue(())
            },
        );
        // The consumer never stops the run.
        let _ = run;
    });
    report.findings = records
        .iter()
        .map(|r| Py::new(py, Record::from(r.as_ref())))
        .collect::<PyResult<_>>()?;
    Ok(report)
}
