//! SGF: the streaming reader (a nom grammar over a byte window) and the
//! canonical writer. `formats/sgf.md` describes what they implement.

pub mod codes;
mod controls;
mod cuts;
mod encoding;
mod input;
mod lex;
mod prescan;
mod reader;
mod runs;
mod transcode;
mod tree;
mod values;
mod write_values;
mod writer;

pub use cuts::cuts;
pub use reader::{read_from, PieceEnd, Resume};
pub use writer::SgfWriter;

/// Bytes of an input's head that [`starts_with_bom`] and [`sniff_wide`]
/// look at.
pub const WIDE_HEAD: usize = transcode::WIDE_HEAD;

/// Whether `head` (the first [`WIDE_HEAD`] bytes of an input, or all of it) starts
/// with a byte-order mark or is UTF-16/32 without one: then the character
/// set of the whole input is decided before the grammar, in one pass.
pub fn starts_with_bom(head: &[u8]) -> bool {
    transcode::sniff_bom(head).0.is_some() || transcode::sniff_wide(head).is_some()
}

/// Whether `head` is SGF in UTF-16 or UTF-32 without a byte-order mark.
pub fn sniff_wide(head: &[u8]) -> bool {
    transcode::sniff_wide(head).is_some()
}

/// Looks like SGF: optional text, then `(` and `;` or a property; or a
/// node first (`;FF[4]…`, a file that lost its `(`: `formats/sgf.md` §2.1).
pub fn sniff(head: &[u8]) -> bool {
    let body = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let body = &body[body.iter().take_while(|c| lex::is_ws(**c)).count()..];
    if body.first() == Some(&b';') && prescan::leading_nodes(body, false).is_some() {
        return true;
    }
    let mut rest = head;
    while let Some(i) = memchr::memchr(b'(', rest) {
        if lex::game_tree_start(&rest[i..], false) {
            return true;
        }
        rest = &rest[i + 1..];
    }
    false
}

#[cfg(test)]
mod tests {
    #[test]
    fn sniffs_a_file_that_starts_with_a_node() {
        assert!(super::sniff(b"\xEF\xBB\xBF ;FF[4]GM[1];B[pd]"));
        assert!(super::sniff(b";AW[bb]C[x](;B[aa]))"));
        assert!(!super::sniff(b"; a comment\n"));
        assert!(!super::sniff(b"x;FF[4]"));
    }
}
