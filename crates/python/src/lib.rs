//! pdnkit for Python: the module `pdnkit`, built with maturin (`crates/python/pyproject.toml`).
//!
//! * `read`: the games of paths or a file object, one at a time (`games.rs`);
//! * `validate`: the verdicts of an archive on worker threads, the GIL released (`validate.rs`);
//! * `to_arrow`: the games or plies table as a `pyarrow.Table` (`tables.rs`);
//! * `Board`: a position of any variant, its legal moves, perft and pictures (`board.rs`);
//! * `players`, `standings`: the keeper's desk, as the commands give it (`desk.rs`);
//! * `tags`: games written back with their tags edited, as `pdnkit tags` writes them (`tags.rs`).
//!
//! The work is the `pdnkit` library's; this crate turns Python arguments into its calls and its
//! values into Python objects. `pdnkit.pyi` holds the type stubs; `docs/python.md` the guide.

use pdnkit::ReplayOptions;
use pdnkit::draughts::Variant;
use pyo3::prelude::*;

mod board;
mod desk;
mod errors;
mod games;
mod record;
mod source;
mod tables;
mod tags;
mod validate;

/// The replay options of a call: the variant forced by name, if any.
fn options(py: Python<'_>, variant: Option<&str>) -> PyResult<ReplayOptions> {
    let variant = match variant {
        None => None,
        Some(name) => Some(variant_named(py, name)?),
    };
    Ok(ReplayOptions {
        variant,
        ..ReplayOptions::default()
    })
}

/// The variant called `name` (any alias `pdnkit variants` lists).
fn variant_named(py: Python<'_>, name: &str) -> PyResult<Variant> {
    Variant::from_name(name).ok_or_else(|| {
        let message = match Variant::ambiguous(name) {
            Some(candidates) => {
                let names: Vec<&str> = candidates.iter().map(|v| v.name()).collect();
                format!(
                    "the variant name {name:?} is ambiguous: it may mean {}",
                    names.join(" or ")
                )
            }
            None => format!("unknown variant {name:?}; known: {}", variants().join(", ")),
        };
        errors::simple_error(py, "unknown-variant", message)
    })
}

/// The names of the variants pdnkit plays, as `Board` and the `variant` arguments take them.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

#[pymodule(name = "pdnkit")]
fn pdnkit_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("PdnError", m.py().get_type::<errors::PdnError>())?;
    m.add_class::<record::Diagnostic>()?;
    m.add_class::<record::Record>()?;
    m.add_class::<record::Game>()?;
    m.add_class::<record::Move>()?;
    m.add_class::<games::Games>()?;
    m.add_class::<validate::Report>()?;
    m.add_class::<board::Board>()?;
    m.add_function(wrap_pyfunction!(games::read, m)?)?;
    m.add_function(wrap_pyfunction!(validate::validate, m)?)?;
    m.add_function(wrap_pyfunction!(tables::to_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(desk::players, m)?)?;
    m.add_function(wrap_pyfunction!(desk::standings, m)?)?;
    m.add_function(wrap_pyfunction!(tags::tags, m)?)?;
    Ok(())
}
