//! The PNG writers of a build without the `png` feature.
//!
//! The PNG writers of a build without the `png` feature (no `resvg`): each
//! refuses with a usage error that says so.

use crate::error::Error;
use crate::options::WriteOptions;
use crate::render::Pages;
use crate::sink::Sink;
use std::io::Write;

/// The error of a PNG writer in a build without the `png` feature.
fn unbuilt() -> Error {
    Error::Usage("png output needs sgfconv built with the `png` feature".into())
}

/// A writer of PNG pictures into `output`: none in this build.
pub fn writer<'w>(
    _output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Err(unbuilt())
}

/// A writer of PNG pictures handing each to `pages`: none in this build.
pub fn pages_writer<'w>(
    _pages: Box<dyn Pages + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Err(unbuilt())
}
