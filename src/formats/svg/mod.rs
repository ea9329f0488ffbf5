//! SVG output (`formats/svg.md`): each picture of a game (a position or a
//! book figure, as `formats/diagrams.md` selects) as one SVG document,
//! drawn by [`crate::render::svg`].

mod writer;

pub use writer::{pages_writer, writer};
