//! Telling a format from the first bytes of an input.
//!
//! Telling a format from the first bytes of an input: [`Format::sniff`]
//! (signatures first, then SGF's weaker test), and the stricter
//! [`Format::sniff_record`] `migrate` decides what is a game record with.

use super::{csv, gib, jago, ngf, sgf, sl, ugf, Format};

impl Format {
    /// Recognises a format from the first bytes of an input. Formats with
    /// a signature of their own come first; SGF's test (a `(` then `;` or a
    /// property) is weaker, since a GIB or UGF header may hold `X (BOT)`.
    pub fn sniff(head: &[u8]) -> Option<Format> {
        let head = strip_bom(head);
        let text = skip_ws(head);
        if gib::sniff(head) {
            return Some(Format::Gib);
        }
        if ugf::sniff(head) {
            return Some(Format::Ugf);
        }
        if jago::sniff(head) {
            return Some(Format::Jago);
        }
        if text.starts_with(b"<?xml") || text.starts_with(b"<sgfconv") {
            return Some(Format::Xml);
        }
        if text.starts_with(b"{") {
            return Some(Format::Json);
        }
        if sgf::sniff(head) || sgf::sniff_wide(head) {
            return Some(Format::Sgf);
        }
        if text.starts_with(b"<") {
            return Some(Format::Xml);
        }
        if text.starts_with(b"[") {
            return Some(Format::Json);
        }
        if ngf::sniff(head) {
            return Some(Format::Ngf);
        }
        if sl::sniff(head) {
            return Some(Format::Sl);
        }
        if csv::sniff(head) {
            return Some(Format::Csv);
        }
        None
    }

    /// The record format of a file's first bytes, when it surely is a game
    /// record, as `migrate` needs to know: SGF needs `(` then `;` (or `(`
    /// then a property), a lone `(` in prose is not enough; binary data (a
    /// NUL byte without a UTF-16 BOM) is never a record; JSON, XML and CSV
    /// are not taken for records.
    pub fn sniff_record(head: &[u8]) -> Option<Format> {
        sniff_record(head)
    }
}

/// Binary data: a NUL byte without a UTF-16/32 byte-order mark, and not
/// SGF in UTF-16/32 without one.
fn looks_binary(head: &[u8]) -> bool {
    let bom = head.starts_with(b"\xFF\xFE")
        || head.starts_with(b"\xFE\xFF")
        || head.starts_with(b"\0\0\xFE\xFF");
    !bom && memchr::memchr(0, head).is_some() && !sgf::sniff_wide(head)
}

/// The record format of a file's first bytes, when it surely is a game
/// record (what `migrate` converts). SGF needs `(` then `;` (or `(` then a property): a lone `(` in
/// prose is not enough; binary data (a NUL byte without a UTF-16 BOM) is
/// never a record.
fn sniff_record(head: &[u8]) -> Option<Format> {
    if sgf::sniff_wide(head) {
        return Some(Format::Sgf);
    }
    if looks_binary(head) {
        return None;
    }
    match Format::sniff(head)? {
        Format::Sgf if looks_like_sgf(head) => Some(Format::Sgf),
        f @ (Format::Gib | Format::Ngf | Format::Ugf) => Some(f),
        _ => None,
    }
}

fn looks_like_sgf(head: &[u8]) -> bool {
    let mut rest = head;
    while let Some(i) = memchr::memchr(b'(', rest) {
        let after = &rest[i + 1..];
        let n = after.iter().take_while(|c| c.is_ascii_whitespace()).count();
        let after = &after[n..];
        if after.first() == Some(&b';') {
            return true;
        }
        let id = after.iter().take_while(|c| c.is_ascii_alphabetic()).count();
        if (1..=8).contains(&id) {
            let tail = &after[id..];
            let ws = tail.iter().take_while(|c| c.is_ascii_whitespace()).count();
            if tail.get(ws) == Some(&b'[') {
                return true;
            }
        }
        rest = &rest[i + 1..];
    }
    false
}

fn strip_bom(b: &[u8]) -> &[u8] {
    b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b)
}

fn skip_ws(b: &[u8]) -> &[u8] {
    let n = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    &b[n..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_win_over_sgf() {
        let gib = b"\\HS\r\n\\[GAMEBLACKNAME=X (BOT)\\]\r\n";
        assert_eq!(Format::sniff(gib), Some(Format::Gib));
    }

    #[test]
    fn sniffs_sgf() {
        assert_eq!(Format::sniff(b"\xEF\xBB\xBF (;FF[4])"), Some(Format::Sgf));
        assert_eq!(Format::sniff(b"From: x\n\n(;GM[1])"), Some(Format::Sgf));
    }
}
