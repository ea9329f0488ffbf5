//! PNG output (`formats/png.md`): the SVG picture of
//! [`crate::render::svg`] rasterised by `resvg`, its text in an embedded
//! font (a subset of DejaVu Sans Condensed, `assets/fonts/`), so that the
//! pixels do not depend on the fonts installed.

pub mod codes;
mod writer;

pub use writer::{pages_writer, writer, DEFAULT_WIDTH};
