use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::formats::WriteOptions;
use crate::sink::Sink;
use std::io::Write;

pub struct SgfWriter<'w> {
    _out: Box<dyn Write + 'w>,
}

impl<'w> SgfWriter<'w> {
    pub fn new(out: Box<dyn Write + 'w>, _options: &WriteOptions) -> Result<Self, Error> {
        Ok(SgfWriter { _out: out })
    }
}

impl Sink for SgfWriter<'_> {
    fn event(&mut self, _event: &Event<'_>, _report: &mut Reporter) -> Result<(), Error> {
        Err(Error::Usage("SGF writer: in progress".into()))
    }
}
