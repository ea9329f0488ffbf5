//! The registry's calls: read and write a format through its row.
//!
//! The registry's calls: read an input, or a piece of one, and make a
//! writer, for a format named by its [`Format`] — thin functions over its
//! row's [`Reading`] and [`Writing`].

use super::contract::{Reading, Writing};
use super::{check_write_options, Format};
use crate::diag::Reporter;
use crate::error::Error;
use crate::input::{Cuts, PieceEnd, Resume};
use crate::options::{Options, ReadOptions};
use crate::render::Pages;
use crate::sink::Sink;
use std::io::{Read, Write};

/// Reads `input` as `format`, pushing events into `sink`. Does not call
/// `sink.finish`.
pub fn read(
    format: Format,
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    match format.info().reading {
        Reading::Whole(read) => read(input, options, sink, report),
        Reading::Pieces { read_from, .. } => {
            read_from(input, Resume::default(), options, sink, report).map(|_| ())
        }
        _ => Err(not_read(format)),
    }
}

/// The error of reading a format sgfconv only writes.
fn not_read(format: Format) -> Error {
    Error::Usage(format!(
        "{} is an output format: sgfconv writes it but does not read it",
        format.name()
    ))
}

/// How an input in `format` is cut into game-parallel pieces, from its
/// first bytes (`start`, [`crate::input::CUTS_HEAD`] or all of a shorter
/// input): `None` when it is read in one pass (a format not read in
/// pieces, a byte-order mark, a layout the format does not cut).
pub fn cuts(format: Format, start: &[u8]) -> Option<Cuts> {
    match format.info().reading {
        Reading::Pieces { cuts, .. } => cuts(start),
        _ => None,
    }
}

/// Whether `format` is read in game-parallel pieces (`-j`), where
/// [`cuts`] says the input can be cut.
pub fn reads_in_pieces(format: Format) -> bool {
    matches!(format.info().reading, Reading::Pieces { .. })
}

/// Reads a piece of an input in `format`, or its rest, from `resume` on
/// (after the document's head when [`crate::input::Resume::head`] says
/// so): positions, game numbers and diagnostics are those of a reading of
/// the whole input. Says how the piece ended.
pub fn read_piece(
    format: Format,
    input: &mut dyn Read,
    resume: Resume,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    match format.info().reading {
        Reading::Pieces { read_from, .. } => read_from(input, resume, options, sink, report),
        _ => read(format, input, options, sink, report).map(|()| PieceEnd::default()),
    }
}

/// A writer of `format` into `output`. Refuses a writer option that
/// `format` does not take ([`super::FormatInfo::write_options`]).
pub fn writer<'w>(
    format: Format,
    output: Box<dyn Write + 'w>,
    options: &Options,
) -> Result<Box<dyn Sink + 'w>, Error> {
    check_write_options(format, &options.write)?;
    (format.info().writing.stream())(output, options)
}

/// The writer of picture format `format` (`FormatInfo::pictures`) handing
/// each picture to `pages` (the command's `-d` gives each its own file);
/// `None` for the other formats.
pub fn pictures_writer<'w>(
    format: Format,
    pages: Box<dyn Pages + 'w>,
    options: &Options,
) -> Result<Option<Box<dyn Sink + 'w>>, Error> {
    check_write_options(format, &options.write)?;
    Ok(match format.info().writing {
        Writing::Pictures { pages: writer, .. } => Some(writer(pages, &options.write)?),
        _ => None,
    })
}
