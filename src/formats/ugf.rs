//! Placeholder until the ugf backend lands: refuses with a clear error.

use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::{ReadOptions, WriteOptions};
use crate::sink::Sink;
use std::io::{Read, Write};

pub fn sniff(_head: &[u8]) -> bool {
    false
}

pub fn read(
    _input: &mut dyn Read,
    _options: &ReadOptions,
    _sink: &mut dyn Sink,
    _report: &mut Reporter,
) -> Result<(), Error> {
    Err(Error::Usage("reading ugf is not supported yet".into()))
}

pub fn writer<'w>(
    _output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Err(Error::Usage("writing ugf is not supported yet".into()))
}
