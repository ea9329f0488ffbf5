//! The library's errors as Python exceptions that carry their code.
//!
//! `sgfconv.Error` (defined in Python, `sgfconv/_errors.py`, so that its
//! `code` attribute is plain) is raised for an input that cannot be read
//! or an output that cannot be written, with the diagnostic code the
//! command prints (`E001`…); a wrong option is a `ValueError`, an input
//! that cannot be opened an `OSError`.

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// `err` as the Python exception a caller catches.
pub fn to_py(py: Python<'_>, err: sgfconv::Error) -> PyErr {
    match err {
        sgfconv::Error::Io(e) => PyOSError::new_err(e.to_string()),
        sgfconv::Error::Usage(m) => PyValueError::new_err(m),
        sgfconv::Error::Unreadable {
            code, ref message, ..
        }
        | sgfconv::Error::Unwritable { code, ref message } => {
            coded(py, &err.to_string(), Some(code.id), message)
        }
        other => coded(py, &other.to_string(), None, &other.to_string()),
    }
}

/// A `sgfconv.Error(text, code, message)`; a `RuntimeError` saying so if
/// the Python class cannot be had.
fn coded(py: Python<'_>, text: &str, code: Option<&str>, message: &str) -> PyErr {
    let made = py
        .import("sgfconv._errors")
        .and_then(|m| m.getattr("Error"))
        .and_then(|class| class.call1((text, code, message)));
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}
