//! The diagnostic codes of the PNG writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E702` `png-cannot-render` → `PNG_CANNOT_RENDER`).
//!
//! Numbers used: 702, 704 (diagrams: what is drawn (SVG, PNG), 700–719).

use crate::diag::Code;

/// The SVG drawing could not be rendered or encoded as PNG: a picture of
/// more than 64 Mi pixels (a tall board at a large `--size`), or with more
/// text than one picture draws (10 000 texts, 100 000 characters: a
/// figure of thousands of moves with a caption note each), refused before
/// the drawing is built.
///
/// Example: a 1×1 board with 20 000 passes, `sgfconv g.sgf --figures -o
/// g.png` (each pass a caption note).
///
/// What to do: draw fewer moves a figure (`FG` in the record, `--every N`),
/// a smaller `--size`, or SVG, which has no such bound.
pub const PNG_CANNOT_RENDER: Code = Code::new("E702", "png-cannot-render");
/// A text of the picture (a figure heading, a label) is longer than the
/// 500 characters a PNG picture draws of one text: its first 500 are drawn,
/// then `…`; the picture is written. (The renderer lays a text out in time
/// quadratic in its length.) The SVG output draws it whole.
///
/// Example: `LB[cc:xxxx…]` with a label of 100 000 characters, `sgfconv
/// g.sgf --figures -o g.png`.
pub const PNG_TEXT_CUT: Code = Code::new("E704", "png-text-cut");
