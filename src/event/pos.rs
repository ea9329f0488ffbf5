//! A position in the input.
//!
//! A position in the input (byte offset, line, column): where every event,
//! property and diagnostic points.

use std::fmt;

/// A position in the input: byte offset, 1-based line and column (in bytes).
///
/// `Pos::default()` (line 0) means "no position": events made or replayed
/// from memory carry it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pos {
    /// 0-based byte offset in the input.
    pub offset: u64,
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in bytes from the start of the line.
    pub col: u32,
}

impl Pos {
    /// The position at byte `offset`, on 1-based `line` and `col`.
    pub const fn new(offset: u64, line: u32, col: u32) -> Self {
        Pos { offset, line, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}
