//! The SVG writer: the shared picture sink ([`PictureWriter`]) drawing
//! each figure with [`crate::render::svg::svg`].

use crate::error::Error;
use crate::formats::diagram::{Draw, PictureWriter};
use crate::options::WriteOptions;
use crate::render::svg::{svg, SvgStyle};
use crate::render::{OnePage, Pages};
use crate::sink::Sink;
use std::io::Write;

/// A writer of one SVG picture into `output` (a second is refused:
/// `formats/diagrams.md`, "Where pictures go").
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    pages_writer(Box::new(OnePage::new(output)), options)
}

/// A writer of SVG pictures handing each to `pages` (the command's `-d`
/// gives each its own file).
pub fn pages_writer<'w>(
    pages: Box<dyn Pages + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let style = SvgStyle::of(options);
    let draw: Draw<'w> = Box::new(move |fig, _, _| Ok(svg(fig, &style).into_bytes()));
    Ok(Box::new(PictureWriter::new(pages, draw, options, "SVG")?))
}
