//! The command's options as keyword arguments: `jobs=4`,
//! `encoding="gb18030"`, `keep_dialect=True`…
//!
//! Each keyword is the command's long option with `_` for `-`
//! (`docs/cli.md`); one that is not known, or whose value does not fit,
//! is a `TypeError` or `ValueError` naming it.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sgfconv::{Dialect, Format, Options, Rules};

/// The keywords [`apply`] takes, in the order the docs list them.
pub const KEYWORDS: &[&str] = &[
    "jobs",
    "encoding",
    "default_encoding",
    "to_encoding",
    "keep_dialect",
    "no_fix",
    "max_value_size",
    "ngf_rotate_180",
    "moves",
    "all_variations",
    "json_lines",
];

/// Options from `kwargs` (absent: the command's defaults).
pub fn from_kwargs(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut o = Options::default();
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            let key: String = k.extract()?;
            apply(&mut o, &key, &v)?;
        }
    }
    Ok(o)
}

/// Sets the option `key` to `v`.
fn apply(o: &mut Options, key: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    match key {
        "jobs" => o.jobs = sgfconv::options::jobs_for(v.extract()?),
        "encoding" => o.read.encoding = Some(encoding(v)?),
        "default_encoding" => o.read.default_encoding = Some(encoding(v)?),
        "to_encoding" => o.write.to_encoding = Some(encoding(v)?),
        "keep_dialect" if v.extract::<bool>()? => {
            if o.read.dialect != Dialect::default() {
                return Err(PyValueError::new_err(
                    "keep_dialect does not go with no_fix",
                ));
            }
            o.read.dialect = Dialect::Keep
        }
        "keep_dialect" => {}
        "no_fix" => no_fix(o, v)?,
        "max_value_size" => o.read.max_value_size = Some(v.extract()?),
        "ngf_rotate_180" => o.read.ngf_rotate_180 = v.extract()?,
        "moves" => o.write.moves = v.extract()?,
        "all_variations" => o.write.all_variations = v.extract()?,
        "json_lines" => o.write.json_lines = v.extract()?,
        _ => {
            return Err(PyTypeError::new_err(format!(
                "unexpected keyword argument '{key}' (options: {})",
                KEYWORDS.join(", ")
            )))
        }
    }
    Ok(())
}

/// `no_fix="kifu,ff3"` or `no_fix=["kifu", "ff3"]`: every dialect rule
/// but those (`--no-fix`); refused with `keep_dialect`, as the command
/// refuses it.
fn no_fix(o: &mut Options, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let names = match v.extract::<String>() {
        Ok(s) => s,
        Err(_) => v.extract::<Vec<String>>()?.join(","),
    };
    if o.read.dialect == Dialect::Keep {
        return Err(PyValueError::new_err(
            "no_fix does not go with keep_dialect",
        ));
    }
    let r = Rules::from_names(&names).map_err(|e| PyValueError::new_err(e.to_string()))?;
    o.read.dialect = Dialect::Rewrite(r);
    Ok(())
}

/// A character set by any name the command takes.
fn encoding(v: &Bound<'_, PyAny>) -> PyResult<&'static encoding_rs::Encoding> {
    let label: String = v.extract()?;
    sgfconv::charset::lookup(&label)
        .ok_or_else(|| PyValueError::new_err(format!("unknown character set: {label}")))
}

/// A format by the name `-f`/`-t` take (`sgf`, `gib`, `ugi`…).
pub fn format(name: &str) -> PyResult<Format> {
    Format::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = sgfconv::formats::FORMATS.iter().map(|f| f.name).collect();
        PyValueError::new_err(format!(
            "unknown format: {name} (one of {})",
            names.join(", ")
        ))
    })
}
