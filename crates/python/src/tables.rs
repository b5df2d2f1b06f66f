//! `pdnkit.to_arrow`: the games or plies table of `convert --to parquet`, built on worker
//! threads with the GIL released and handed to pyarrow through the Arrow C data interface.

use std::ops::ControlFlow;

use arrow_array::RecordBatch;
use arrow_pyarrow::{IntoPyArrow, Table};
use pdnkit::archive::Archive;
use pdnkit::check_game;
use pdnkit::export::{GameRows, GamesBuilder, PliesBuilder, games_schema, plies_schema};
use pdnkit::summary::Counts;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::os_error;
use crate::source;

/// Rows gathered into one record batch.
const BATCH_ROWS: usize = 64 * 1024;

/// The table asked for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Games,
    Plies,
}

/// The `table` (`"games"` or `"plies"`) of the games of `paths` as a `pyarrow.Table`, with the
/// columns and types of the Parquet files of `pdnkit convert --to parquet` (docs/parquet.md).
/// Games are checked on `jobs` threads (0: one per core) with the GIL released; the table is
/// the same for every `jobs`. With `fen=True` the plies table has the `fen_after` column of
/// `convert --to parquet --fen`. An input that cannot be read raises `OSError`.
#[pyfunction]
#[pyo3(signature = (paths, table = "games", jobs = 0, variant = None, fen = false))]
pub fn to_arrow<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    table: &str,
    jobs: usize,
    variant: Option<&str>,
    fen: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let which = match table {
        "games" => Which::Games,
        "plies" => Which::Plies,
        _ => {
            return Err(PyValueError::new_err(format!(
                "table must be \"games\" or \"plies\", not {table:?}"
            )));
        }
    };
    if fen && which == Which::Games {
        return Err(PyValueError::new_err(
            "fen=True gives the plies table its fen_after column: ask for table=\"plies\"",
        ));
    }
    let options = crate::options(py, variant)?;
    let archive = Archive::new(&source::paths(paths)?)
        .replay_options(options)
        .jobs(jobs);
    let built = py.detach(|| {
        let mut games = GamesBuilder::default();
        let mut plies = PliesBuilder::new(fen);
        let mut batches: Vec<RecordBatch> = Vec::new();
        let run = archive.run(
            &(),
            || (),
            |_, game| {
                check_game(&game.file, &game.game, &game.options, |data| {
                    (Counts::verdict(data.record.status), GameRows::of(data, fen))
                })
            },
            |rows| {
                let rows = match rows {
                    Ok((_, rows)) => rows,
                    Err(e) => return ControlFlow::Break(e),
                };
                let full = match which {
                    Which::Games => {
                        games.append(&rows.game);
                        games.len() >= BATCH_ROWS
                    }
                    Which::Plies => {
                        plies.append(&rows.game, &rows.plies);
                        plies.len() >= BATCH_ROWS
                    }
                };
                if full {
                    batches.push(finish(which, &mut games, &mut plies));
                }
                ControlFlow::Continue(())
            },
        );
        run.map(|_| {
            batches.push(finish(which, &mut games, &mut plies));
            batches
        })
    });
    let batches = built.map_err(|e| os_error(&e))?;
    let schema = match which {
        Which::Games => games_schema(),
        Which::Plies => plies_schema(fen),
    };
    let table =
        Table::try_new(batches, schema).map_err(|e| PyValueError::new_err(e.to_string()))?;
    table.into_pyarrow(py)
}

/// The rows gathered as a batch.
fn finish(which: Which, games: &mut GamesBuilder, plies: &mut PliesBuilder) -> RecordBatch {
    let batch = match which {
        Which::Games => games.finish(&[]),
        Which::Plies => plies.finish(&[]),
    };
    batch.expect("rows appended by the builders make a valid batch")
}
