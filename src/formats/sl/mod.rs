//! Sensei's Library diagrams (`formats/sl.md`): the `$$` ASCII diagrams
//! that wiki authors write by hand.
//!
//! Reading ([`read`]): every diagram of a page becomes a game: its stones
//! the setup of the root, its numbered stones (and the "7 at 1" lines
//! under it) the moves, its marks, letters, arrows and lines the markup of
//! the last node, the text under it a comment. Writing ([`writer`]): the
//! pictures of [`crate::render::figure`], cut into diagrams of at most ten
//! alternating moves, as Sensei's Library numbers them.

pub mod codes;
mod parse;
mod reader;
mod writer;

pub use reader::read;
pub use writer::writer;

/// Whether `head` looks like Sensei's Library text: a line that starts
/// with `$$` (after blanks).
pub fn sniff(head: &[u8]) -> bool {
    head.split(|&b| b == b'\n')
        .any(|l| l.trim_ascii_start().starts_with(b"$$"))
}
