//! SGF: the streaming reader (nom) and the canonical writer.

mod reader;
mod writer;

pub use reader::read;
pub use writer::SgfWriter;

/// Looks like SGF: optional text, then `(` and `;` or a property.
pub fn sniff(head: &[u8]) -> bool {
    let Some(i) = memchr::memchr(b'(', head) else {
        return false;
    };
    let rest = &head[i + 1..];
    let n = rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
    matches!(rest.get(n), Some(b';') | Some(b'A'..=b'Z'))
}
