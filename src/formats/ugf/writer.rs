use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::WriteOptions;
use crate::sink::Sink;
use std::io::Write;

pub fn writer<'w>(
    _output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let _ = Reporter::collecting("");
    Err(Error::Usage("writing ugf is not supported yet".into()))
}
