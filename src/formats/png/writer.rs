//! The PNG writer: each figure drawn as SVG ([`crate::render::svg`]),
//! then rendered by `resvg` at `--size` pixels wide with the embedded font
//! only (no system fonts), and encoded as PNG.

use super::codes::*;
use crate::error::Error;
use crate::formats::diagram::{Draw, PictureWriter};
use crate::options::WriteOptions;
use crate::render::svg::{svg, SvgStyle};
use crate::render::{OnePage, Pages};
use crate::sink::Sink;
use resvg::{tiny_skia, usvg};
use std::io::Write;

/// The width of a picture without `--size`, in pixels.
pub const DEFAULT_WIDTH: u32 = 600;

/// The most pixels a picture may have (256 MB of RGBA): a tall board at a
/// large `--size` is refused rather than exhausting memory.
const MAX_PIXELS: f64 = 64.0 * 1024.0 * 1024.0;

/// The font of every text: a subset of DejaVu Sans Condensed (Latin-1,
/// dashes, quotes; `assets/fonts/LICENSE-DejaVu.txt`).
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansCondensed-subset.ttf");

/// A writer of one PNG picture into `output` (a second is refused:
/// `formats/diagrams.md`, "Where pictures go").
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    pages_writer(Box::new(OnePage::new(output)), options)
}

/// A writer of PNG pictures handing each to `pages`.
pub fn pages_writer<'w>(
    pages: Box<dyn Pages + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let style = SvgStyle {
        size: None,
        ..SvgStyle::of(options)
    };
    let width = options.size.unwrap_or(DEFAULT_WIDTH);
    let usvg_options = svg_options();
    let draw: Draw<'w> =
        Box::new(move |fig, _, _| rasterise(&svg(fig, &style), width, &usvg_options));
    Ok(Box::new(PictureWriter::new(pages, draw, options, "PNG")?))
}

/// How `resvg` reads our SVG: the embedded font and nothing else.
fn svg_options() -> usvg::Options<'static> {
    let mut o = usvg::Options::default();
    let db = o.fontdb_mut();
    db.load_font_data(FONT.to_vec());
    db.set_sans_serif_family("DejaVu Sans Condensed");
    o
}

/// The PNG file of SVG document `doc`, `width` pixels wide.
pub fn rasterise(doc: &str, width: u32, options: &usvg::Options<'_>) -> Result<Vec<u8>, Error> {
    let fail = |what: &str, e: &dyn std::fmt::Display| {
        Error::unwritable(PNG_CANNOT_RENDER, format!("PNG: {what}: {e}"))
    };
    let tree = usvg::Tree::from_str(doc, options).map_err(|e| fail("the drawing", &e))?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().max(1.0);
    if f64::from(width) * f64::from(height) > MAX_PIXELS {
        return Err(fail(
            "the picture",
            &format!("{width} × {height} pixels is more than {MAX_PIXELS} (a smaller --size)"),
        ));
    }
    let height = height as u32;
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| fail("the picture", &format!("{width} × {height} pixels")))?;
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| fail("encoding", &e))
}
