//! The extension module `sgfconv._native`: the library's reading,
//! converting and checking for Python (the package in `pysrc/sgfconv`
//! wraps it and says its API; `docs/python.md`).
//!
//! The parts: a source and its records (`records.rs`), the games
//! iterator (`iter.rs`), games, nodes and diagnostics as Python objects
//! (`game.rs`), `convert` and `check` (`run.rs`), the games and moves tables
//! (`tables.rs`), the command's options as keywords (`options.rs`) and errors as exceptions
//! (`errors.rs`).

mod errors;
mod game;
mod iter;
mod options;
mod records;
mod run;
mod tables;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use records::Source;
use sgfconv::pipeline::Checks;

/// The games of a path or bytes (a record or an archive), read ahead on a
/// thread of its own.
#[pyfunction]
#[pyo3(signature = (source, format=None, *, name=None, **options))]
fn read(
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    name: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<iter::Games> {
    let source = Source::from_py(source, name)?;
    let forced = format.map(options::format).transpose()?;
    let options = options::from_kwargs(options)?;
    Ok(iter::start(source, forced, options))
}

/// The records of a path or bytes converted into the format `to`.
#[pyfunction]
#[pyo3(signature = (source, to="sgf", *, format=None, name=None, **options))]
fn convert(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    to: &str,
    format: Option<&str>,
    name: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<run::Outcome> {
    let source = Source::from_py(source, name)?;
    let forced = format.map(options::format).transpose()?;
    let to = options::format(to)?;
    let options = options::from_kwargs(options)?;
    run::convert(py, &source, forced, to, &options)
}

/// The records of a path or bytes checked as `sgfconv check` checks them.
#[pyfunction]
#[pyo3(signature = (source, *, format=None, name=None, parse_only=false, board=true, **options))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    name: Option<String>,
    parse_only: bool,
    board: bool,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<run::Outcome> {
    let source = Source::from_py(source, name)?;
    let forced = format.map(options::format).transpose()?;
    let options = options::from_kwargs(options)?;
    let checks = match (parse_only, board) {
        (true, _) => Checks::Parse,
        (false, false) => Checks::Rules,
        (false, true) => Checks::All,
    };
    run::check(py, &source, forced, checks, &options)
}

/// The games or moves table (`kind`) of `sources`, numbered from
/// `start`: the Arrow IPC stream of its batches, the games of each source,
/// and what could not be read.
#[pyfunction]
#[pyo3(signature = (kind, sources, *, start=0, all_variations=false, comments=false, format=None, jobs=None, **options))]
#[allow(clippy::too_many_arguments)]
fn table<'py>(
    py: Python<'py>,
    kind: &str,
    sources: Vec<Bound<'py, PyAny>>,
    start: u64,
    all_variations: bool,
    comments: bool,
    format: Option<&str>,
    jobs: Option<usize>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<(Bound<'py, PyBytes>, Vec<u64>, Vec<game::Diagnostic>)> {
    let kind = match kind {
        "games" => tables::Kind::Games,
        "moves" => tables::Kind::Moves(sgfconv::table::MovesOptions {
            all_variations,
            comments,
        }),
        _ => return Err(PyValueError::new_err(format!("unknown table: {kind}"))),
    };
    let sources = sources
        .iter()
        .map(|s| Source::from_py(s, None))
        .collect::<PyResult<Vec<_>>>()?;
    let forced = format.map(options::format).transpose()?;
    let options = options::from_kwargs(options)?;
    let built = py.detach(|| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.unwrap_or(0))
            .build()
            .map_err(|e| sgfconv::Error::Io(std::io::Error::other(e)))?;
        pool.install(|| tables::build(&sources, kind, start, forced, &options))
    });
    let built = built.map_err(|e| errors::to_py(py, e))?;
    let unread = built.unread.iter().map(game::Diagnostic::from).collect();
    Ok((PyBytes::new(py, &built.ipc), built.counts, unread))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_class::<iter::Games>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Node>()?;
    m.add_class::<game::Diagnostic>()?;
    m.add_class::<run::Outcome>()?;
    let formats: Vec<&str> = sgfconv::formats::FORMATS.iter().map(|f| f.name).collect();
    m.add("FORMATS", formats)?;
    m.add("OPTIONS", options::KEYWORDS.to_vec())?;
    Ok(())
}
