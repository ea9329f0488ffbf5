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
mod document;
mod reader;
mod records;
mod values;
mod writer;

use crate::diag::Code;
use crate::stone::Colour;

pub use charset::{repair_double_encoding, repair_utf16_ascii};
pub use reader::read;
pub use values::{normalize_rank, rank_from_level, result_from_code, UnknownCode};
pub use writer::writer;

// ---------------------------------------------------------------------------
// Diagnostics (GIB reader 200–249, GIB writer 400–419)

/// The input has neither a GIB header nor a game section.
pub const E_NOT_GIB: Code = Code::new("E200", "gib-not-a-record");
/// A line is longer than `--max-value-size` (an endless line, or not a
/// GIB file): the input is refused, not held.
pub const E_LINE_TOO_LONG: Code = Code::new("E249", "gib-line-too-long");
/// A header line that is not `\[KEY=value\]` (kept as well as possible).
pub const W_BAD_HEADER_LINE: Code = Code::new("W201", "gib-bad-header-line");
/// A `STO`/`SKI`/`INI` record that cannot be read; the move is dropped.
pub const E_BAD_MOVE: Code = Code::new("E202", "gib-bad-move");
/// A known record type that carries no move (`REM`, `IDX`...): skipped.
pub const I_IGNORED_RECORD: Code = Code::new("I203", "gib-ignored-record");
/// A record type nobody documents: skipped.
pub const W_UNKNOWN_RECORD: Code = Code::new("W204", "gib-unknown-record");
/// Text that was CP949/GBK/Big5 read as Latin-1 and saved as UTF-8: repaired.
pub const W_DOUBLE_ENCODED: Code = Code::new("W205", "gib-double-encoded");
/// ASCII ids that were read as UTF-16LE (`敍獮楫t` for `Menskit`): repaired.
pub const W_UTF16_MOJIBAKE: Code = Code::new("W206", "gib-utf16-mojibake");
/// A value holds U+FFFD from an earlier lossy conversion: kept as it is.
pub const W_DAMAGED_TEXT: Code = Code::new("W207", "gib-damaged-text");
/// Bytes that are invalid in the chosen character set became U+FFFD.
pub const E_UNDECODABLE: Code = Code::new("E208", "gib-undecodable-bytes");
/// `GRLT` is unknown and the `GAMERESULT` text says nothing usable: no `RE`.
pub const W_UNKNOWN_RESULT: Code = Code::new("W209", "gib-unknown-result");
/// `RE` was taken from the localised `GAMERESULT` text.
pub const I_RESULT_FROM_TEXT: Code = Code::new("I210", "gib-result-from-text");
/// The character set was guessed (no UTF-8, no usable `GIBOKIND` hint).
pub const I_ENCODING_GUESSED: Code = Code::new("I211", "gib-encoding-guessed");
/// The file ends inside the game section (no `\GE`): the moves read are kept.
pub const W_TRUNCATED: Code = Code::new("W212", "gib-truncated");
/// The record count on the second preamble line disagrees with the records.
pub const I_RECORD_COUNT: Code = Code::new("I213", "gib-record-count");
/// A handicap the Tygem layout cannot place on this board.
pub const W_BAD_HANDICAP: Code = Code::new("W214", "gib-bad-handicap");
/// A komi, date or time value that cannot be read: left out.
pub const W_BAD_VALUE: Code = Code::new("W215", "gib-bad-value");
/// `GRLT` and the `GAMERESULT` text name different winners (`GRLT` wins).
pub const W_RESULT_CONFLICT: Code = Code::new("W216", "gib-result-conflict");
/// The file holds several records (`\HS … \GE` blocks): read as a collection.
pub const I_SEVERAL_RECORDS: Code = Code::new("I217", "gib-several-records");
/// Text after the last record that is no GIB record was skipped.
pub const W_TRAILING_TEXT: Code = Code::new("W218", "gib-trailing-text");

/// What the GIB writer could not carry, listed once per game.
pub const W_CANNOT_CARRY: Code = Code::new("W400", "gib-cannot-carry");
/// A GIB file holds one game: later games of the collection are not written.
pub const E_ONE_GAME_PER_FILE: Code = Code::new("E401", "gib-one-game-per-file");

/// A player name too long to write: GIB repeats it in six header fields
/// (two of them on the `GAMETAG` line); refused before anything is written.
pub const E_NAME_TOO_LONG: Code = Code::new("E406", "gib-name-too-long");

/// The longest player name the GIB writer writes, in bytes (names in GIB
/// files are logins of a few dozen bytes; GIB repeats a name six times).
pub const MAX_NAME: usize = 1 << 20;

/// The private root property that keeps the GIB header (`KEY=value` values).
pub const PRIVATE_PROPERTY: &str = "XGIB";

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
