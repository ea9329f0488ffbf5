//! `sgfconv.convert` and `sgfconv.check`: the command's two jobs on a
//! path or bytes, with its options and its codes.
//!
//! Both run with the GIL released. A plain record goes through the
//! library's `convert` or `check` as the command's does; an archive's
//! records make one collection (`convert`) or are checked one by one
//! (`check`), a member that cannot be read said and counted as an error.

use crate::errors;
use crate::game::Diagnostic;
use crate::records::{each_record, Source};
use pyo3::prelude::*;
use sgfconv::input::open::{Opened, Record};
use sgfconv::pipeline::{Checks, Collection};
use sgfconv::{Error, Format, Options, Reporter, Severity};

/// What a conversion or a check did and found.
#[pyclass(frozen, get_all, module = "sgfconv")]
pub struct Outcome {
    /// The output (empty for `check`).
    pub data: Py<pyo3::types::PyBytes>,
    /// Games read.
    pub games: u64,
    /// Nodes read, root nodes included.
    pub nodes: u64,
    /// Properties read.
    pub properties: u64,
    /// Every diagnostic, in the order reported.
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics of each severity.
    pub errors: usize,
    /// Warnings among them.
    pub warnings: usize,
}

#[pymethods]
impl Outcome {
    /// Whether nothing was lost: no error-level diagnostic (the command's
    /// exit status 0).
    #[getter]
    fn ok(&self) -> bool {
        self.errors == 0
    }

    /// The output, as `bytes(outcome)`.
    fn __bytes__(&self, py: Python<'_>) -> Py<pyo3::types::PyBytes> {
        self.data.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "<sgfconv.Outcome {} games, {} errors, {} warnings>",
            self.games, self.errors, self.warnings
        )
    }
}

/// Counts and diagnostics gathered over a source's records.
#[derive(Default)]
struct Totals {
    games: u64,
    nodes: u64,
    properties: u64,
    said: Vec<sgfconv::Diagnostic>,
}

impl Totals {
    /// The outcome, with `data` as its output.
    fn outcome(self, py: Python<'_>, data: &[u8]) -> Outcome {
        let count = |s: Severity| self.said.iter().filter(|d| d.severity == s).count();
        Outcome {
            data: pyo3::types::PyBytes::new(py, data).unbind(),
            games: self.games,
            nodes: self.nodes,
            properties: self.properties,
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            diagnostics: self.said.iter().map(Diagnostic::from).collect(),
        }
    }

    /// Adds a record's games, nodes and properties; an archive member
    /// (`member`) that could not be read is said as the command says it,
    /// and the walk goes on.
    fn add(
        &mut self,
        name: &str,
        member: bool,
        counts: Result<[u64; 3], Error>,
    ) -> Result<(), Error> {
        match counts {
            Ok([games, nodes, properties]) => {
                self.games += games;
                self.nodes += nodes;
                self.properties += properties;
                Ok(())
            }
            Err(e) if member => {
                self.said.push(sgfconv::batch::unusable_note(name, &e));
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}

/// Converts every record of `source` into `to`.
pub fn convert(
    py: Python<'_>,
    source: &Source,
    forced: Option<Format>,
    to: Format,
    options: &Options,
) -> PyResult<Outcome> {
    let mut out = Vec::new();
    let run = py.detach(|| convert_all(source, forced, to, options, &mut out));
    run.map(|t| t.outcome(py, &out))
        .map_err(|e| errors::to_py(py, e))
}

fn convert_all(
    source: &Source,
    forced: Option<Format>,
    to: Format,
    options: &Options,
    out: &mut Vec<u8>,
) -> Result<Totals, Error> {
    let mut totals = Totals::default();
    let mut report = Reporter::collecting(source.name());
    if let Opened::Record(mut r) = source.open(forced)? {
        let mut rep = Reporter::collecting(r.name.as_str());
        let s = sgfconv::convert(&mut r.reader, r.format, out, to, options, &mut rep);
        totals.said = rep.take_collected();
        let s = s?;
        totals.games = s.games;
        totals.nodes = s.nodes;
        totals.properties = s.properties;
        return Ok(totals);
    }
    let mut collection = Collection::new(Box::new(&mut *out), to, options)?;
    each_record(source, forced, &mut report, &mut |r, member| {
        let Record {
            name,
            format,
            mut reader,
            ..
        } = r;
        let mut rep = Reporter::collecting(name.as_str());
        let added = collection.add(&mut reader, format, &mut rep);
        totals.said.extend(rep.take_collected());
        let added = added.map(|s| [s.games, s.nodes, s.properties]);
        totals.add(&name, member, added)
    })?;
    collection.finish(&mut report)?;
    let mut said = report.take_collected();
    said.append(&mut totals.said);
    totals.said = said;
    Ok(totals)
}

/// Checks every record of `source` with `checks`.
pub fn check(
    py: Python<'_>,
    source: &Source,
    forced: Option<Format>,
    checks: Checks,
    options: &Options,
) -> PyResult<Outcome> {
    let run = py.detach(|| check_all(source, forced, checks, options));
    run.map(|t| t.outcome(py, &[]))
        .map_err(|e| errors::to_py(py, e))
}

fn check_all(
    source: &Source,
    forced: Option<Format>,
    checks: Checks,
    options: &Options,
) -> Result<Totals, Error> {
    let mut totals = Totals::default();
    let mut report = Reporter::collecting(source.name());
    each_record(source, forced, &mut report, &mut |r, member| {
        let Record {
            name,
            format,
            mut reader,
            ..
        } = r;
        let mut rep = Reporter::collecting(name.as_str());
        let counted = sgfconv::check(&mut reader, format, options, checks, &mut rep);
        totals.said.extend(rep.take_collected());
        let counted = counted.map(|c| [c.games, c.nodes, c.properties]);
        totals.add(&name, member, counted)
    })?;
    let mut said = report.take_collected();
    said.append(&mut totals.said);
    totals.said = said;
    Ok(totals)
}
