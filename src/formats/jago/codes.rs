//! The diagnostic codes of the Jago XML reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`W384` `jago-not-carried` → `JAGO_NOT_CARRIED`).
//!
//! Numbers used: 384–391 (JSON, XML, CSV, Jago XML, 350–399).

use crate::diag::Code;

/// What a game had that Jago XML cannot hold (listed once per game).
///
/// Once a run: a run into this format finds it in most games, each naming
/// what that game lost; a text run shows the first and counts the others in
/// its end note (`--diagnostics json` gives every one).
pub const JAGO_NOT_CARRIED: Code = Code::new("W384", "jago-not-carried");
/// Not well-formed XML, or no `<Go>` root; games before the fault were kept.
pub const JAGO_SYNTAX: Code = Code::new("E385", "jago-syntax");
/// A point that is neither a GTP vertex nor `x,y` on this board; dropped.
pub const JAGO_BAD_POINT: Code = Code::new("W386", "jago-bad-point");
/// An element GoGui does not know either: it and everything inside it are
/// missing from the output (the message names it and its line).
///
/// Example: `<Go><GoGame><Nodes><Black number="1" at="Q16"/></Nodes><Remark>x</Remark></GoGame></Go>`
/// read with `-f jago`: `<Remark>` and its text are dropped.
pub const JAGO_UNKNOWN_ELEMENT: Code = Code::new("E387", "jago-unknown-element");
/// An element in a place the DTD does not allow (a `<Variation>` before
/// any node, a move outside `<Nodes>`); it was read where it makes sense or
/// skipped.
pub const JAGO_MISPLACED_ELEMENT: Code = Code::new("W388", "jago-misplaced-element");
/// A `<BoardSize>` that is not a number from 1 to 52; 19 was used.
pub const JAGO_BAD_BOARD_SIZE: Code = Code::new("W389", "jago-bad-board-size");
/// The document declares a character set other than UTF-8; it was decoded
/// from that set (the whole file is read first).
pub const JAGO_DECODED: Code = Code::new("I390", "jago-decoded");
/// A text, comment, tag (with its attributes) or line longer than
/// `--max-value-size` (an endless one, or not XML): the input is refused,
/// not held.
pub const JAGO_TOKEN_TOO_LONG: Code = Code::new("E391", "jago-token-too-long");
