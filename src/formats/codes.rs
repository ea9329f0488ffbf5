//! The diagnostic codes of the picture writers (`diagram.rs`: SVG, PNG).
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E700` `diagram-nothing-to-draw` → `DIAGRAM_NOTHING_TO_DRAW`).
//!
//! Numbers used: 700, 701 (diagrams: what is drawn (SVG, PNG), 700–719).

use crate::diag::Code;

/// Nothing to draw: the input held no game.
pub const DIAGRAM_NOTHING_TO_DRAW: Code = Code::new("E700", "diagram-nothing-to-draw");
/// `--at N` past the end of a game's main line: its final position is
/// drawn.
pub const DIAGRAM_MOVE_PAST_END: Code = Code::new("W701", "diagram-move-past-end");
