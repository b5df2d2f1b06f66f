//! `pdnkit.players` and `pdnkit.standings`: the keeper's desk, as `pdnkit players` and
//! `pdnkit standings` give it, on worker threads with the GIL released. What comes back is
//! the commands' JSON as Python dicts and lists (one shape, the library's).

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::Arc;

use pdnkit::archive::Archive;
use pdnkit::check_game;
use pdnkit::players::{Aliases, Players};
use pdnkit::standings::{Grouping, Pairing, Tally};
use pdnkit::summary::Counts;
use pyo3::prelude::*;

use crate::source;

/// The alias table at `path`, if given.
pub(crate) fn aliases(py: Python<'_>, path: Option<&str>) -> PyResult<Option<Arc<Aliases>>> {
    let Some(path) = path else { return Ok(None) };
    let file = std::fs::File::open(path)
        .map_err(|e| crate::errors::simple_error(py, "io", format!("{path}: {e}")))?;
    Aliases::from_csv(std::io::BufReader::new(file))
        .map(|a| Some(Arc::new(a)))
        .map_err(|e| crate::errors::simple_error(py, "aliases", format!("{path}: {e}")))
}

/// `value` serialised as the commands' JSON, read back by Python's `json`.
fn to_python<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| crate::errors::simple_error(py, "json", e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// An input that could not be read ends the call with its message (as `validate` lists them,
/// the caller gets them all).
pub(crate) fn failed(py: Python<'_>, failures: Vec<String>) -> PyResult<()> {
    match failures.is_empty() {
        true => Ok(()),
        false => Err(crate::errors::simple_error(py, "io", failures.join("; "))),
    }
}

/// Every person with games in `paths`: `{"people": [{"name", "games", "spellings": [[spelling,
/// games]...], "first_date", "last_date", "events"}...], "placeholders": [[name, sides]...],
/// "missing": sides}`, spellings grouped as `pdnkit players` groups them, with the alias
/// table at `aliases` (the CSV `pdnkit players --format csv` writes) if given.
#[pyfunction]
#[pyo3(signature = (paths, aliases = None, jobs = 0))]
pub fn players(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    aliases: Option<&str>,
    jobs: usize,
) -> PyResult<Py<PyAny>> {
    let table = self::aliases(py, aliases)?;
    let archive = Archive::new(&source::paths(paths)?).jobs(jobs);
    let mut failures = Vec::new();
    let roster = py.detach(|| {
        let ran = archive.run(
            &(),
            Players::default,
            |players, game| {
                check_game(&game.file, &game.game, &game.options, |checked| {
                    players.add_game(checked);
                    Counts::verdict(checked.record.status)
                })
            },
            |done| {
                if let Err(e) = done {
                    failures.push(e.to_string());
                }
                ControlFlow::<Infallible>::Continue(())
            },
        );
        let Ok(ran) = ran;
        let mut players = Players::default();
        for p in ran.states {
            players.merge(p);
        }
        players.roster(table.as_deref())
    });
    failed(py, failures)?;
    to_python(py, &roster)
}

/// The standings of the events in `paths`, as `pdnkit standings --format json` gives them:
/// `{"tables": [{"name", "kind", "scale", "tiebreak", "rounds", "rows": [{"rank", "player",
/// "games", "wins", "draws", "losses", "points", "tiebreak", "unscored", "played"}...]}...],
/// "flagged": [...], "flagged_total"}`. `group` is `None` (Event, Site and year), `"none"`,
/// `"event"` or a tag.
#[pyfunction]
#[pyo3(signature = (paths, group = None, aliases = None, jobs = 0))]
pub fn standings(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    group: Option<&str>,
    aliases: Option<&str>,
    jobs: usize,
) -> PyResult<Py<PyAny>> {
    let table = self::aliases(py, aliases)?;
    let grouping = Grouping::parse(group);
    let archive = Archive::new(&source::paths(paths)?).jobs(jobs);
    let mut failures = Vec::new();
    let result = py.detach(|| {
        let mut tally = Tally::new(grouping.clone());
        let ran = archive.run(
            &(),
            || (),
            |_, game| {
                check_game(&game.file, &game.game, &game.options, |checked| {
                    (
                        Counts::verdict(checked.record.status),
                        Pairing::of(checked, &grouping),
                    )
                })
            },
            |done| {
                match done {
                    Ok((_, p)) => {
                        tally.add(p);
                    }
                    Err(e) => failures.push(e.to_string()),
                }
                ControlFlow::<Infallible>::Continue(())
            },
        );
        let Ok(_) = ran;
        tally.standings(table.as_deref())
    });
    failed(py, failures)?;
    to_python(py, &result)
}
