//! The format contract: a format's reader and writer, as the registry holds them.
//!
//! The format contract: what a format's module gives the registry, as
//! function pointers its row holds ([`super::FormatInfo::reading`],
//! [`super::FormatInfo::writing`]). The registry calls a format only
//! through them, so adding a format is a folder and one row.

use crate::diag::Reporter;
use crate::error::Error;
use crate::input::{Cuts, PieceEnd, Resume};
use crate::options::{Options, ReadOptions, WriteOptions};
use crate::render::Pages;
use crate::sink::Sink;
use std::io::{Read, Write};

/// Reads a whole input of a format, pushing its events into a sink (not
/// calling [`Sink::finish`]).
pub type ReadFn =
    fn(&mut dyn Read, &ReadOptions, &mut dyn Sink, &mut Reporter) -> Result<(), Error>;

/// Reads an input of a format from a resume point (the whole of it from
/// [`Resume::default`]): positions, game numbers and diagnostics are those
/// of a reading of the whole input. Says how the piece ended.
pub type ReadFromFn = fn(
    &mut dyn Read,
    Resume,
    &ReadOptions,
    &mut dyn Sink,
    &mut Reporter,
) -> Result<PieceEnd, Error>;

/// How an input of a format is cut into game-parallel pieces, from its
/// first bytes (`input::CUTS_HEAD` of them, or all of a shorter input):
/// `None` when it is read in one pass.
pub type CutsFn = fn(&[u8]) -> Option<Cuts>;

/// Makes a format's writer into an output, for a conversion's options.
pub type WriterFn = for<'w> fn(Box<dyn Write + 'w>, &Options) -> Result<Box<dyn Sink + 'w>, Error>;

/// Makes a picture format's writer that hands each picture to `pages`
/// (the command's `-d` gives each its own file).
pub type PagesWriterFn =
    for<'w> fn(Box<dyn Pages + 'w>, &WriteOptions) -> Result<Box<dyn Sink + 'w>, Error>;

/// How sgfconv reads a format.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Reading {
    /// Not read: an output format (pictures, the HTML page).
    No,
    /// Read in one pass.
    Whole(ReadFn),
    /// Read in one pass, or in game-parallel pieces (`-j`) where `cuts`
    /// finds where the input can be cut; `read_from` reads a piece, or the
    /// whole input from [`Resume::default`].
    Pieces {
        /// Where an input can be cut.
        cuts: CutsFn,
        /// Reads from a resume point.
        read_from: ReadFromFn,
    },
}

/// How sgfconv writes a format.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Writing {
    /// Into one output.
    Stream(WriterFn),
    /// Pictures: into one output, or each picture handed to pages.
    Pictures {
        /// Into one output.
        stream: WriterFn,
        /// Each picture to pages.
        pages: PagesWriterFn,
    },
}

impl Writing {
    /// The writer into one output.
    pub fn stream(&self) -> WriterFn {
        match *self {
            Writing::Stream(w) | Writing::Pictures { stream: w, .. } => w,
        }
    }
}
