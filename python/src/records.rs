//! What `read`, `convert` and `check` take: a path or bytes, each record
//! of it handed over in turn (an archive's members one by one).
//!
//! Opening and archives are the library's (`sgfconv::input::open`): a
//! source is told an archive by its first bytes, a record's format by the
//! name given, its name's extension, else its content, as the command
//! tells them.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sgfconv::archive::Limits;
use sgfconv::input::open::{self, Opened, Record};
use sgfconv::{Error, Format, Reporter};
use std::path::PathBuf;

/// A path or the bytes of a record or an archive.
pub enum Source {
    /// A file.
    Path(PathBuf),
    /// Bytes, named `name` in diagnostics (its extension may say a format).
    Bytes { name: String, bytes: Vec<u8> },
}

impl Source {
    /// `obj` as a source: `bytes`/`bytearray`/`memoryview` are the data,
    /// `str` and `os.PathLike` a path, a `(name, bytes)` pair named data;
    /// `name` names bytes.
    pub fn from_py(obj: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<Source> {
        if let Ok((name, data)) = obj.extract::<(String, Bound<'_, PyBytes>)>() {
            return Ok(Source::bytes(Some(name), data.as_bytes().to_vec()));
        }
        if let Ok(b) = obj.cast::<PyBytes>() {
            let bytes = b.as_bytes().to_vec();
            return Ok(Source::bytes(name, bytes));
        }
        if let Ok(path) = obj.extract::<PathBuf>() {
            return Ok(Source::Path(path));
        }
        match obj.extract::<Vec<u8>>() {
            Ok(bytes) => Ok(Source::bytes(name, bytes)),
            Err(_) => Err(PyTypeError::new_err(
                "expected a path (str or os.PathLike) or bytes",
            )),
        }
    }

    fn bytes(name: Option<String>, bytes: Vec<u8>) -> Source {
        let name = name.unwrap_or_else(|| "<bytes>".to_owned());
        Source::Bytes { name, bytes }
    }

    /// How diagnostics name the source.
    pub fn name(&self) -> String {
        match self {
            Source::Path(p) => open::name_of(Some(p)),
            Source::Bytes { name, .. } => name.clone(),
        }
    }

    /// Opens the source: one record, or an archive of records.
    pub fn open(&self, forced: Option<Format>) -> Result<Opened<'_>, Error> {
        match self {
            Source::Path(p) => open::open(Some(p), forced),
            Source::Bytes { name, bytes } => {
                open::open_stream(name, Box::new(std::io::Cursor::new(&bytes[..])), forced)
            }
        }
    }
}

/// What [`each_record`] hands each record to, with whether it is an
/// archive's member; an error it returns stops the walk (a member's own
/// failure is the callback's to handle: return `Ok` to go on).
pub type OnRecord<'f> = dyn FnMut(Record<'_>, bool) -> Result<(), Error> + 'f;

/// Calls `each` with every record of `source`: itself, or each record
/// member of the archive it is (the archive's own diagnostics go to
/// `report`). The outer error: the source could not be opened, or `each`
/// stopped the walk.
pub fn each_record(
    source: &Source,
    forced: Option<Format>,
    report: &mut Reporter,
    each: &mut OnRecord<'_>,
) -> Result<(), Error> {
    match source.open(forced)? {
        Opened::Record(r) => each(r, false),
        Opened::Archive(a) => {
            let limits = Limits::default();
            a.records(forced, &limits, report, &mut |r, _| each(r, true))
                .map(|_| ())
        }
    }
}
