//! Tygem GIB (also Tom / eWeiqi / 棋城): reader and writer.
//!
//! `formats/gib.md` describes the format; this module implements exactly
//! that text. A GIB record is one linear game: a header of `\[KEY=value\]`
//! lines between `\HS` and `\HE`, then records (`INI`, `STO`, `SKI`...)
//! between `\GS` and `\GE`. A file holding several such `\HS … \GE` blocks
//! one after another is read as a collection, one game per block.
//!
//! * [`read`]: the file's structure (`document`) in the character set its
//!   bytes and `GIBOKIND` imply (`charset`), then the game: root properties
//!   from the header, one node per move.
//! * [`writer`]: SGF → GIB, the inverse of the reader; the original header
//!   kept in `XGIB` is written back where it still holds.
//! * `values`: header values ↔ SGF values, used both ways.

mod charset;
pub mod codes;
mod document;
mod reader;
mod records;
mod values;
mod write_decide;
mod write_header;
mod write_outline;
mod writer;

use crate::stone::Colour;

pub use charset::{repair_double_encoding, repair_utf16_ascii};
pub use reader::read;
pub use values::{normalize_rank, rank_from_level, result_from_code, UnknownCode};
pub use writer::writer;

/// The longest player name the GIB writer writes, in bytes (names in GIB
/// files are logins of a few dozen bytes; GIB repeats a name six times).
pub const MAX_NAME: usize = 1 << 20;

/// The private root property that keeps the GIB header (`KEY=value` values).
pub const PRIVATE_PROPERTY: &str = "XGIB";

/// The key of a record that carries no move in [`PRIVATE_PROPERTY`]
/// (`REC=REM 0 295 -1 -1 0 1`): no header key, like `GS` and `INI`.
const RECORD_KEY: &str = "REC";

// ---------------------------------------------------------------------------
// Sniffing

/// A GIB file starts (after a BOM and blank space) with `\HS`, a header line
/// `\[`, or a bare game section `\GS`.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let n = head.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let t = head.get(n..).unwrap_or(&[]);
    t.starts_with(b"\\HS") || t.starts_with(b"\\[") || t.starts_with(b"\\GS")
}

// ---------------------------------------------------------------------------
// Shared by the reader and the writer

/// `s` cut to 60 characters for a message (`…` marks the cut).
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_headers() {
        assert!(sniff(b"\\HS\r\n\\[GIBOKIND=Global\\]"));
        assert!(sniff(b"\xEF\xBB\xBF\\HS"));
        assert!(!sniff(b"(;GM[1])"));
    }
}
