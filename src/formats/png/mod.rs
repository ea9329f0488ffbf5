//! PNG output (issue 18): being built.

use crate::error::Error;
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::io::Write;

/// A writer of PNG pictures into `output`.
pub fn writer<'w>(
    _output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Err(Error::Usage("png output is not built yet".into()))
}
