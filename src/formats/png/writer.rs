//! The PNG writer: each figure drawn as SVG ([`crate::render::svg`]),
//! then rendered by `resvg` at `--size` pixels wide with the embedded font
//! only (no system fonts), and encoded as PNG.

use super::codes::*;
use crate::error::Error;
use crate::formats::diagram::{Draw, PictureWriter};
use crate::options::WriteOptions;
use crate::render::svg::{drawing, SvgStyle};
use crate::render::{OnePage, Pages};
use crate::sink::Sink;
use resvg::{tiny_skia, usvg};
use std::io::Write;

/// The width of a picture without `--size`, in pixels.
pub const DEFAULT_WIDTH: u32 = 600;

/// The most pixels a picture may have (256 MB of RGBA): a tall board at a
/// large `--size` is refused rather than exhausting memory.
const MAX_PIXELS: f64 = 64.0 * 1024.0 * 1024.0;

/// The most characters of one text a picture draws (longer ones are cut,
/// `E704`): the renderer lays a text out in time quadratic in its length
/// (100 000 characters: 5 s; a million: minutes).
const TEXT_LIMIT: usize = 500;

/// The most texts, and characters of text in all, one picture draws: each
/// character costs about 1 KB in the renderer's tree (150 000 caption
/// notes: 3.6 GB), so a picture with more is refused before the tree is
/// built (`E702`).
const MAX_TEXTS: usize = 10_000;
const MAX_TEXT_CHARS: usize = 100_000;

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
        text_limit: Some(TEXT_LIMIT),
        ..SvgStyle::of(options)
    };
    let width = options.size.unwrap_or(DEFAULT_WIDTH);
    let usvg_options = svg_options();
    let draw: Draw<'w> = Box::new(move |fig, _, report| {
        let (doc, cut) = drawing(fig, &style);
        for what in cut {
            report.report(
                PNG_TEXT_CUT,
                None,
                format!(
                    "{what}: its first {TEXT_LIMIT} characters drawn, then '…' \
                     (the SVG output draws it whole)"
                ),
            );
        }
        rasterise(&doc, width, &usvg_options)
    });
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
    within_bounds(doc, width).map_err(|e| fail("the picture", &e))?;
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

/// Refuses, before the renderer builds anything, a drawing with more text
/// than [`MAX_TEXTS`] and [`MAX_TEXT_CHARS`] or of more than [`MAX_PIXELS`]
/// at `width` (from its `viewBox`).
fn within_bounds(doc: &str, width: u32) -> Result<(), String> {
    let (texts, chars) = text_load(doc);
    if texts > MAX_TEXTS || chars > MAX_TEXT_CHARS {
        return Err(format!(
            "{texts} texts of {chars} characters in all is more than one picture \
             draws ({MAX_TEXTS} texts, {MAX_TEXT_CHARS} characters): fewer moves a \
             figure, or SVG"
        ));
    }
    if let Some((w, h)) = view_box(doc).filter(|(w, _)| *w > 0.0) {
        let height = (h * f64::from(width) / w).round().max(1.0);
        if f64::from(width) * height > MAX_PIXELS {
            return Err(format!(
                "{width} × {height} pixels is more than {MAX_PIXELS} (a smaller --size)"
            ));
        }
    }
    Ok(())
}

/// How many `<text>` elements `doc` has, and how many characters they
/// hold in all (an entity counted as its spelling: a bound from above).
fn text_load(doc: &str) -> (usize, usize) {
    let (mut texts, mut chars) = (0, 0);
    for piece in doc.split("<text").skip(1) {
        texts += 1;
        let inner = piece.split_once('>').map_or("", |(_, rest)| rest);
        let inner = inner.split_once("</text>").map_or(inner, |(t, _)| t);
        chars += inner.chars().count();
    }
    (texts, chars)
}

/// The width and height of the `viewBox` of our document's root.
fn view_box(doc: &str) -> Option<(f64, f64)> {
    let (_, rest) = doc.split_once("viewBox=\"")?;
    let (value, _) = rest.split_once('"')?;
    let mut n = value.split(' ').skip(2).map(str::parse::<f64>);
    Some((n.next()?.ok()?, n.next()?.ok()?))
}
