//! PNG output (`formats/png.md`): the SVG picture of
//! [`crate::render::svg`] rasterised by `resvg`, its text in an embedded
//! font (a subset of DejaVu Sans Condensed, `assets/fonts/`), so that the
//! pixels do not depend on the fonts installed.
//!
//! Feature `png` (on by default): without it, `writer.rs` is not built and
//! the writers of `unbuilt.rs` refuse with a usage error.

pub mod codes;
#[cfg(not(feature = "png"))]
mod unbuilt;
#[cfg(feature = "png")]
mod writer;

#[cfg(not(feature = "png"))]
pub use unbuilt::{pages_writer, writer};
#[cfg(feature = "png")]
pub use writer::{pages_writer, writer, DEFAULT_WIDTH};
