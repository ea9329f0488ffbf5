//! The diagnostic codes of the Sensei's Library reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E720` `sl-no-diagram` → `SL_NO_DIAGRAM`).
//!
//! Numbers used: 720–729 (Sensei's Library diagrams, 720–749).

use crate::diag::Code;

/// The input holds no diagram (no line starting with `$$`).
pub const SL_NO_DIAGRAM: Code = Code::new("E720", "sl-no-diagram");
/// A character of a diagram row is not one of the diagram symbols: read as
/// an empty point.
pub const SL_BAD_SYMBOL: Code = Code::new("E721", "sl-bad-symbol");
/// A line is longer than `--max-value-size`: the input is not read
/// further.
pub const SL_LINE_TOO_LONG: Code = Code::new("E722", "sl-line-too-long");
/// The bytes are not UTF-8: undecodable bytes were replaced with U+FFFD.
pub const SL_NOT_UTF8: Code = Code::new("W723", "sl-not-utf8");
/// The numbered stones skip a number (1, 2, 4): the moves are played in
/// the order of their numbers.
pub const SL_MISSING_NUMBER: Code = Code::new("W724", "sl-missing-number");
/// Two stones carry the same number: the later one is not a move.
pub const SL_DUPLICATE_NUMBER: Code = Code::new("W725", "sl-duplicate-number");
/// An arrow or line (`{AR …}`, `{LN …}`) names a point the diagram does
/// not hold: it is dropped.
pub const SL_BAD_ARROW: Code = Code::new("W726", "sl-bad-arrow");
/// A link line (`[a|Page]`) inside a diagram is kept as a line of the
/// comment (`C`) of the diagram's last node: a record has no place for
/// links of its own.
///
/// Example: a diagram holding the line `$$ [a|Joseki]`: the last node's
/// comment gets the line `[a|Joseki]`.
pub const SL_LINK_IN_COMMENT: Code = Code::new("I727", "sl-link-in-comment");
/// The diagram's rows are wider or taller than the board its header or
/// edges say: the board is made large enough.
pub const SL_BOARD_TOO_SMALL: Code = Code::new("W728", "sl-board-too-small");
/// What a diagram cannot carry (marks on numbered stones, labels other
/// than one lower-case letter, `SL`/`DD`, the size of a rectangular
/// board…), listed once per diagram with how often.
///
/// Once a run: a run into this format finds it in most games, each naming
/// what that game lost; a text run shows the first and counts the others in
/// its end note (`--diagnostics json` gives every one).
pub const SL_CANNOT_CARRY: Code = Code::new("W729", "sl-cannot-carry");
