use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::ReadOptions;
use crate::sink::Sink;
use std::io::Read;

pub fn read(
    _input: &mut dyn Read,
    _options: &ReadOptions,
    _sink: &mut dyn Sink,
    _report: &mut Reporter,
) -> Result<(), Error> {
    Err(Error::Usage("SGF reader: in progress".into()))
}
