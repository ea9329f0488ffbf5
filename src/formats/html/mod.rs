//! HTML output: one self-contained page that replays every game of the
//! run offline (`formats/html.md`): the games as JSON data, a small
//! embedded script that draws the board as inline SVG with exact
//! captures, comments, game info, variations, buttons, keys and a slider.
//! No network and no other file: it works from `file://`.

pub mod codes;
mod data;
mod page;
mod writer;

pub use writer::HtmlWriter;

use crate::error::Error;
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::io::Write;

/// A writer of the page into `output`.
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Ok(Box::new(HtmlWriter::new(output, options)))
}
