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
//! writer uses it too); `grid.rs` is points, and `position.rs` finds a
//! figure's starting position on the one board (`crate::board`).

mod build;
pub mod codes;
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

pub(crate) use grid::{parse_sgf_point, point_pair, sgf_point, sgf_points, Grid, Spot};
pub(crate) use position::{apply_node, position};

pub use reader::read;
pub use writer::writer;

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
