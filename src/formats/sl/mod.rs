//! Sensei's Library diagrams (issue 18): being built.

use crate::diag::Reporter;
use crate::error::Error;
use crate::options::{ReadOptions, WriteOptions};
use crate::sink::Sink;
use std::io::{Read, Write};

/// Reads Sensei's Library diagrams into events.
pub fn read(
    _input: &mut dyn Read,
    _options: &ReadOptions,
    _sink: &mut dyn Sink,
    _report: &mut Reporter,
) -> Result<(), Error> {
    Err(Error::Usage("sl input is not built yet".into()))
}

/// A writer of Sensei's Library diagrams into `output`.
pub fn writer<'w>(
    _output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Err(Error::Usage("sl output is not built yet".into()))
}
