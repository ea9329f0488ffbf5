//! The diagnostic codes of the PNG writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E702` `png-cannot-render` → `PNG_CANNOT_RENDER`).
//!
//! Numbers used: 702 (diagrams: what is drawn (SVG, PNG), 700–719).

use crate::diag::Code;

/// The SVG drawing could not be rendered or encoded as PNG: a picture of
/// more than 64 Mi pixels (a tall board at a large `--size`).
pub const PNG_CANNOT_RENDER: Code = Code::new("E702", "png-cannot-render");
