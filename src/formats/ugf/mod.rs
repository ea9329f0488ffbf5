//! PandaNet (IGS) UGF/UGI: reader and writer. `formats/ugf.md` describes the
//! format; this module implements exactly that text.
//!
//! * [`read`]: `[Header]` → game info, `[Data]` → main line, `[Figure]`
//!   `.Text` → comments and labels, `.Fig` → variations (or separate game
//!   trees), `[ReviewNode]`/`[ReviewComment]` → the review tree. Sections with
//!   no SGF home are kept as `Meta` events and in the private root property
//!   `XUGFS`; header values the mapping cannot reproduce in `XUGFH`.
//! * [`writer`]: SGF → UGF, the inverse of the reader.

//!
//! The reader's parts: `reader.rs` drives, record by record (`records.rs`
//! splits the input); `decode.rs` decides each record's character set and
//! decodes its lines; `sections.rs` is the syntax of sections, directives
//! and data lines; `build.rs` holds the game being built and its main line,
//! to which `header_section.rs`, `review.rs` and `figures.rs` add their
//! sections. `header.rs` maps header fields to properties and back (the
//! writer uses it too); `grid.rs` is points, `board.rs` and `position.rs`
//! the board a figure's starting position is found with.

mod board;
mod build;
mod decode;
mod figures;
mod grid;
mod header;
mod header_section;
mod position;
mod reader;
mod records;
mod review;
mod sections;
mod write_data;
mod write_figures;
mod write_header;
mod write_out;
mod writer;

use crate::diag::Code;
pub(crate) use grid::{parse_sgf_point, point_pair, sgf_point, sgf_points, Grid, Spot};
pub(crate) use position::{apply_node, position};

pub use reader::read;
pub use writer::writer;

// Reader diagnostics (300–349).
/// `Crypt` is not `PLAIN_UGF_FILE`: the file is refused.
pub const E_ENCRYPTED: Code = Code::new("E300", "ugf-encrypted");
/// Neither `[Header]` nor `[Data]`, or a compressed `.ugz`: the file is
/// refused.
pub const E_NOT_UGF: Code = Code::new("E301", "ugf-not-ugf");
/// A line is longer than `--max-value-size` (an endless line, or not a
/// UGF file): the input is refused, not held.
pub const E_LINE_TOO_LONG: Code = Code::new("E349", "ugf-line-too-long");
/// `Lang` names no known character set.
pub const W_UNKNOWN_LANG: Code = Code::new("W302", "ugf-unknown-lang");
/// `Lang` names one character set, and the bytes are UTF-8.
pub const I_LANG_MISMATCH: Code = Code::new("I303", "ugf-lang-mismatch");
/// Bytes not valid in the character set became U+FFFD.
pub const W_UNDECODABLE: Code = Code::new("W304", "ugf-undecodable-bytes");
/// A `CoordinateType` other than `IGS` or `JPN`: read as `JPN`.
pub const W_COORDINATE_TYPE: Code = Code::new("W305", "ugf-unknown-coordinate-type");
/// A header value not understood (or a `Size` outside 2..25): kept in
/// `XUGFH`.
pub const W_HEADER_VALUE: Code = Code::new("W306", "ugf-header-value");
/// An unknown header key: kept in `XUGFH`.
pub const I_HEADER_KEPT: Code = Code::new("I307", "ugf-header-kept");
/// A line that cannot be read: dropped.
pub const E_BAD_LINE: Code = Code::new("E308", "ugf-bad-line");
/// A move without a colour: the colour was inferred.
pub const W_COLOUR_INFERRED: Code = Code::new("W309", "ugf-colour-inferred");
/// Move numbers that are not consecutive.
pub const W_MOVE_NUMBER: Code = Code::new("W310", "ugf-move-number");
/// An off-board review move (read as a pass) or label (dropped, as an
/// error).
pub const W_OFF_BOARD: Code = Code::new("W311", "ugf-off-board");
/// A `.Text` or `.Fig` block that is not closed.
pub const W_UNTERMINATED: Code = Code::new("W312", "ugf-unterminated-block");
/// A `.Text` block for a move the game lacks.
pub const W_NO_SUCH_MOVE: Code = Code::new("W313", "ugf-no-such-move");
/// A `.Fig` kept as a game tree of its own.
pub const I_FIGURE_TREE: Code = Code::new("I314", "ugf-figure-separate-tree");
/// Unbalanced `VARIATION` blocks or duplicate node ids in the review tree.
pub const W_REVIEW_STRUCTURE: Code = Code::new("W315", "ugf-review-structure");
/// A comment for an unknown review node id: put on the root.
pub const W_NO_SUCH_NODE: Code = Code::new("W316", "ugf-no-such-review-node");
/// `[Data]` and `[ReviewNode]` disagree.
pub const W_REVIEW_DATA: Code = Code::new("W317", "ugf-review-data-mismatch");
/// A section kept in `XUGFS`.
pub const I_SECTION_KEPT: Code = Code::new("I318", "ugf-section-kept");
/// A move-0 (setup) stone after the first move.
pub const W_SETUP_LATE: Code = Code::new("W319", "ugf-late-setup-stone");
/// A second label on the same point of a node: dropped.
pub const E_LABEL: Code = Code::new("E320", "ugf-duplicate-label");
/// The file holds several records one after another (a `[Header]` after a
/// `[Data]` section): read as one game each.
pub const W_SEVERAL_RECORDS: Code = Code::new("W321", "ugf-several-records");

// Writer diagnostics (440–449).
/// What the UGF writer could not carry, listed once per game.
pub const W_WRITER_LOSS: Code = Code::new("W440", "ugf-writer-loss");
/// A second game: not written (a UGF file holds one).
pub const E_EXTRA_GAME: Code = Code::new("E441", "ugf-extra-game");
/// A board larger than 25×25: refused.
pub const E_UNWRITABLE_SIZE: Code = Code::new("E442", "ugf-unwritable-size");

/// Root property: header fields kept verbatim (`Key:raw value`).
pub(crate) const PROP_HEADER: &str = "XUGFH";
/// Root property: sections kept verbatim (`Name:lines`).
pub(crate) const PROP_SECTION: &str = "XUGFS";
/// Root property of a game that is a `.Fig` diagram of the preceding game
/// (value: the move number N of its `.Fig` line).
pub(crate) const PROP_FIGURE: &str = "XUGFFIG";
/// Move property: the `[Data]` time field when it is not `0`.
pub(crate) const PROP_SECONDS: &str = "XUGFSEC";
/// Move property: the player number of a pair/team game when it is not 1.
pub(crate) const PROP_PLAYER: &str = "XUGFPLAYER";

/// Looks like UGF/UGI: the first section is `[Header]` (after optional BOM,
/// blank lines and `#` comment lines).
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    for line in head.split(|&b| b == b'\n' || b == b'\r') {
        let t = line.trim_ascii();
        if t.is_empty() || t.starts_with(b"#") {
            continue;
        }
        return t.eq_ignore_ascii_case(b"[Header]");
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_the_header_section() {
        assert!(sniff(b"[Header]\r\nVer=UGF3,200\r\n"));
        assert!(sniff(b"\xEF\xBB\xBF# made by hand\n\n[HEADER]\n"));
        assert!(!sniff(b"(;GM[1])"));
        assert!(!sniff(b"[Data]\nQP,B1,1,0\n"));
    }
}
