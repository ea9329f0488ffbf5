//! The diagnostic codes of the HTML replay.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E750` `html-nothing-to-replay` → `HTML_NOTHING_TO_REPLAY`).
//!
//! Numbers used: 750 (the HTML replay, 750–769).

use crate::diag::Code;

/// Nothing to replay: the input held no game.
pub const HTML_NOTHING_TO_REPLAY: Code = Code::new("E750", "html-nothing-to-replay");
