//! Sensei's Library diagrams (`formats/sl.md`): the `$$` ASCII diagrams
//! that wiki authors write by hand.
//!
//! Reading ([`read`]): every diagram of a page becomes a game: its stones
//! the setup of the root, its numbered stones (and the "7 at 1" lines
//! under it) the moves, its marks, letters, arrows and lines the markup of
//! the last node, the text under it a comment. Writing ([`writer`]): the
//! pictures of [`crate::render::figure`], cut into diagrams of at most ten
//! alternating moves, as Sensei's Library numbers them.

mod parse;
mod reader;
mod writer;

use crate::diag::Code;

pub use reader::read;
pub use writer::writer;

/// The input holds no diagram (no line starting with `$$`).
pub const E_NO_DIAGRAM: Code = Code::new("E720", "sl-no-diagram");

/// A character of a diagram row is not one of the diagram symbols: read as
/// an empty point.
pub const E_BAD_CELL: Code = Code::new("E721", "sl-bad-symbol");

/// A line is longer than `--max-value-size`: the input is not read
/// further.
pub const E_LINE_TOO_LONG: Code = Code::new("E722", "sl-line-too-long");

/// The bytes are not UTF-8: undecodable bytes were replaced with U+FFFD.
pub const W_NOT_UTF8: Code = Code::new("W723", "sl-not-utf8");

/// The numbered stones skip a number (1, 2, 4): the moves are played in
/// the order of their numbers.
pub const W_MISSING_NUMBER: Code = Code::new("W724", "sl-missing-number");

/// Two stones carry the same number: the later one is not a move.
pub const W_DUPLICATE_NUMBER: Code = Code::new("W725", "sl-duplicate-number");

/// An arrow or line (`{AR …}`, `{LN …}`) names a point the diagram does
/// not hold: it is dropped.
pub const W_BAD_META: Code = Code::new("W726", "sl-bad-arrow");

/// A link line (`[a|Page]`) is dropped: a record has no place for it.
pub const I_LINK_DROPPED: Code = Code::new("I727", "sl-link-dropped");

/// The diagram's rows are wider or taller than the board its header or
/// edges say: the board is made large enough.
pub const W_BOARD_TOO_SMALL: Code = Code::new("W728", "sl-board-too-small");

/// What a diagram cannot carry (marks on numbered stones, labels other
/// than one lower-case letter, `SL`/`DD`, the size of a rectangular
/// board…), listed once per diagram with how often.
pub const W_CANNOT_CARRY: Code = Code::new("W729", "sl-cannot-carry");

/// Whether `head` looks like Sensei's Library text: a line that starts
/// with `$$` (after blanks).
pub fn sniff(head: &[u8]) -> bool {
    head.split(|&b| b == b'\n')
        .any(|l| l.trim_ascii_start().starts_with(b"$$"))
}
