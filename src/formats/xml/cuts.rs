//! Where an sgfconv XML document may be cut into game-parallel pieces:
//! before a `<game` that starts a line, after a `</game>` and white space.
//! Every piece after the first is read after the document's head (its
//! prolog and the `<sgfconv>` tag), found here. A byte search, which a
//! comment or CDATA can fool: the reading of the piece before a cut says
//! whether it ended between games.

use crate::input::{Cuts, Cutter};

/// How a document that starts with `start` is cut: only when it starts
/// as the writer starts one (an optional `<?xml …?>` declaration, white
/// space, the `<sgfconv …>` tag); anything else (a byte-order mark, a
/// comment or a document type first) is read in one pass.
pub fn cuts(start: &[u8]) -> Option<Cuts> {
    let head = head(start)?;
    Some(Cuts {
        head,
        cutter: Box::new(XmlCuts),
    })
}

/// The length of the head: through the `>` of the root tag.
fn head(start: &[u8]) -> Option<usize> {
    let blank = |c: &u8| matches!(c, b' ' | b'\t' | b'\r' | b'\n');
    let mut at = 0;
    if start.starts_with(b"<?xml") {
        at = memchr::memmem::find(start, b"?>")? + 2;
    }
    at += start[at..].iter().take_while(|c| blank(c)).count();
    let tag = &start[at..];
    if !tag.starts_with(b"<sgfconv") || !tag.get(8).is_some_and(|c| blank(c) || *c == b'>') {
        return None;
    }
    // The tag's end: a `>` outside quoted attribute values.
    let mut quote = None;
    for (i, &c) in tag.iter().enumerate() {
        match (quote, c) {
            (None, b'"' | b'\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, b'<') if i > 0 => return None,
            (None, b'>') if tag[i - 1] == b'/' => return None,
            (None, b'>') => return Some(at + i + 1),
            _ => {}
        }
    }
    None
}

struct XmlCuts;

impl Cutter for XmlCuts {
    fn find_cut(&mut self, bytes: &[u8], from: usize) -> Option<usize> {
        let blank = |c: &u8| matches!(c, b' ' | b'\t' | b'\r' | b'\n');
        let from = from.saturating_sub(1).min(bytes.len());
        for hit in memchr::memmem::find_iter(&bytes[from..], b"\n<game") {
            let nl = from + hit;
            // The rest of the tag is not read yet: no cut in these bytes.
            let &after = bytes.get(nl + 6)?;
            if !(blank(&after) || after == b'>') {
                continue;
            }
            let before = bytes[..nl].iter().rposition(|c| !blank(c));
            if before.is_some_and(|b| bytes[..=b].ends_with(b"</game>")) {
                return Some(nl + 1);
            }
        }
        None
    }

    fn count_games(&self, bytes: &[u8], _first: bool) -> usize {
        memchr::memmem::find_iter(bytes, b"<game")
            .filter(|&i| {
                bytes
                    .get(i + 5)
                    .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'>'))
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_is_the_prolog_and_the_root_tag() {
        let doc = b"<?xml version=\"1.0\"?>\n<sgfconv version=\"1\">\n<game>";
        assert_eq!(head(doc), Some(43));
        assert_eq!(head(b"<sgfconv a=\">\">x"), Some(15));
        assert_eq!(head(b"<!-- c --><sgfconv>"), None);
        assert_eq!(head(b"<sgfconv/>"), None);
        assert_eq!(head(b"\xEF\xBB\xBF<sgfconv>"), None);
        assert_eq!(head(b"<sgfconvx>"), None);
    }

    #[test]
    fn cuts_are_before_a_game_after_a_game() {
        let b = b"<sgfconv>\n<game>\n</game>\n<game index=\"1\">\n</game>\n";
        let mut c = XmlCuts;
        assert_eq!(c.find_cut(b, 0), Some(25));
        assert_eq!(c.find_cut(b, 26), None);
        assert_eq!(c.find_cut(b"<v>\n<game></v>\n<game>", 0), None);
        assert_eq!(c.count_games(b, true), 2);
    }
}
