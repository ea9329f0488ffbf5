//! SGF: the streaming reader (a nom grammar over a byte window) and the
//! canonical writer. `formats/sgf.md` describes what they implement.

mod encoding;
mod input;
mod lex;
mod prescan;
mod reader;
mod transcode;
mod writer;

pub use reader::{read, read_from, PieceEnd, Resume};
pub use writer::SgfWriter;

/// Whether `head` (the first bytes of an input) starts with a byte-order
/// mark, which decides the character set of the whole input.
pub fn starts_with_bom(head: &[u8]) -> bool {
    transcode::sniff_bom(head).0.is_some()
}

/// The diagnostic codes of the SGF reader and writer.
pub mod codes {
    pub use super::reader::{
        BYTE_LEVEL_ESCAPES, CA_OVERRULED, DUPLICATE_PROPERTY, EMPTY_GAME, EMPTY_VARIATION,
        ENCODING, LEADING_TEXT, MISSING_CLOSE_PAREN, MISSING_SEMICOLON, NODE_AFTER_VARIATIONS,
        NOT_SGF, PROPERTY_WITHOUT_VALUE, REDUNDANT_PARENTHESIS, STRAY_TEXT, UNDECODABLE,
        UNESCAPED_BRACKET, UNKNOWN_CHARSET, UNTERMINATED_VALUE, VALUE_WITHOUT_PROPERTY,
    };
    pub use super::writer::{META_NOT_CARRIED, UNENCODABLE, UNSAFE_OUTPUT_ENCODING};
}

/// Looks like SGF: optional text, then `(` and `;` or a property.
pub fn sniff(head: &[u8]) -> bool {
    let mut rest = head;
    while let Some(i) = memchr::memchr(b'(', rest) {
        if lex::game_tree_start(&rest[i..], false) {
            return true;
        }
        rest = &rest[i + 1..];
    }
    false
}
