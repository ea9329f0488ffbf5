//! The Parquet writer of a build without the `parquet` feature.
//!
//! The Parquet writer of a build without the `parquet` feature (no
//! `parquet` or Arrow crates): it refuses with a usage error that says so.

use crate::error::Error;
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::io::Write;

/// A writer of Parquet tables into `output`: none in this build.
pub fn writer<'w>(
    _output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Err(Error::Usage(
        "parquet output needs sgfconv built with the `parquet` feature".into(),
    ))
}
