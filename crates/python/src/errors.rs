//! The module's exceptions. `PdnError` (a `ValueError`) carries a diagnostic's fields as
//! attributes: `code`, `severity`, `message`, and, when known, `ply`, `move_number`, `side`,
//! `move`. Inputs that cannot be read raise `OSError`, whose message names them.

use std::io;

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::record::Diagnostic;

create_exception!(
    pdnkit,
    PdnError,
    PyValueError,
    "What pdnkit could not accept: a diagnostic, with its fields as attributes (code, \
     severity, message, ply, move_number, side, move)."
);

/// A `PdnError` for `diagnostic`.
pub fn pdn_error(py: Python<'_>, d: &Diagnostic) -> PyErr {
    let err = PdnError::new_err(format!("{}[{}]: {}", d.severity, d.code, d.message));
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("code", d.code)?;
        value.setattr("severity", d.severity)?;
        value.setattr("message", &d.message)?;
        value.setattr("ply", d.ply)?;
        value.setattr("move_number", d.move_number)?;
        value.setattr("side", d.side)?;
        value.setattr("move", &d.move_text)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A `PdnError` of `code` with `message` and no move.
pub fn simple_error(py: Python<'_>, code: &'static str, message: String) -> PyErr {
    pdn_error(
        py,
        &Diagnostic {
            severity: "error",
            code,
            message,
            line: 0,
            column: 0,
            ply: None,
            move_number: None,
            side: None,
            move_text: None,
            variation: 0,
        },
    )
}

/// An I/O error as `OSError`, its message naming the input.
pub fn os_error(e: &io::Error) -> PyErr {
    PyOSError::new_err(e.to_string())
}
