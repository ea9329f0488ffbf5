//! How the SGF writer writes a value.
//!
//! How the SGF writer writes a value: escaped (`]`, `\\`, and `:` where
//! the property may be compose), encoded in the output's character set
//! (what it cannot carry listed), a huge value a piece at a time; and the
//! fast paths for short nodes and runs of plain moves.

use super::writer::{SgfWriter, PIECE, WIDTH};
use crate::charset;
use crate::event::{NodeRef, Property, MOVE_TEXT_LEN};
use crate::props;
use encoding_rs::UTF_8;

/// Whether a `:` in a value is escaped.
#[derive(Clone, Copy)]
enum Colon<'a> {
    /// The first part of a compose value.
    Escape,
    /// The second part: its `:` are text.
    Keep,
    /// A plain value: escaped when the property may be compose.
    EscapeIfCompose(&'a str),
}

/// Appends a few bytes without the call a `memcpy` costs.
#[inline]
fn push_small(out: &mut Vec<u8>, bytes: &[u8]) {
    if bytes.len() <= 4 {
        for &b in bytes {
            out.push(b);
        }
    } else {
        out.extend_from_slice(bytes);
    }
}

/// The bytes that keep a value off [`SgfWriter::write_plain`]: those that
/// may need an escape (`]`, `\\`, and `:`, a separator or escaped text
/// depending on the property) and line breaks, which the layout must see.
static KEEPS_OFF_PLAIN_PATH: [bool; 256] = {
    let mut t = [false; 256];
    t[b']' as usize] = true;
    t[b'\\' as usize] = true;
    t[b':' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// The longest node [`SgfWriter::write_plain`] takes: nearly every move
/// node is shorter (`;B[pd]BL[600.5]OB[25]` is 22 bytes); longer ones go
/// the general way.
pub(super) const PLAIN_NODE_MAX: usize = 64;

impl<'w> SgfWriter<'w> {
    /// Writes a short UTF-8 node that needs no escape and has no line
    /// break (identifiers with a capital letter, plain values without `]`,
    /// `\\`, `:` or `\n`, at most [`PLAIN_NODE_MAX`] bytes: most nodes)
    /// straight into the output. False, with nothing written, for any other
    /// node.
    ///
    /// The node is assembled on the stack, a byte at a time (its pieces are
    /// a few bytes each, too short for a copy call to pay), and goes into
    /// the output with one copy once its line break is decided.
    pub(super) fn write_plain(&mut self, node: &NodeRef<'_>) -> bool {
        let mut line = [0u8; PLAIN_NODE_MAX];
        let mut len = 0;
        let mut put = |b: u8| match line.get_mut(len) {
            Some(slot) => {
                *slot = b;
                len += 1;
                true
            }
            None => false,
        };
        if !put(b';') {
            return false;
        }
        for (name, spans) in node.raw() {
            let name = name.as_bytes();
            if spans.is_empty() || !writable_identifier(name) {
                return false;
            }
            for &c in name {
                if !put(c) {
                    return false;
                }
            }
            for span in spans {
                if !put(b'[') {
                    return false;
                }
                for &c in node.value_text(span).as_bytes() {
                    if KEEPS_OFF_PLAIN_PATH[c as usize] || !put(c) {
                        return false;
                    }
                }
                if !put(b']') {
                    return false;
                }
            }
        }
        self.write_packed(&line[..len]);
        true
    }

    /// Places a node's text (no line break in it) on the current line, or
    /// on the next when the line would grow past [`WIDTH`].
    pub(super) fn write_packed(&mut self, bytes: &[u8]) {
        if self.col > 0 && self.col + bytes.len() > WIDTH {
            self.buf.push(b'\n');
            self.col = 0;
        }
        self.buf.extend_from_slice(bytes);
        self.col += bytes.len();
    }

    /// [`SgfWriter::write_packed`] for each [`MOVE_TEXT_LEN`]-byte node of
    /// `run`, a line's worth at a time.
    pub(super) fn write_packed_run(&mut self, mut run: &[u8]) {
        while !run.is_empty() {
            if self.col > 0 && self.col + MOVE_TEXT_LEN > WIDTH {
                self.buf.push(b'\n');
                self.col = 0;
            }
            let fit = (WIDTH.saturating_sub(self.col) / MOVE_TEXT_LEN).max(1);
            let (line, rest) = run.split_at((fit * MOVE_TEXT_LEN).min(run.len()));
            self.buf.extend_from_slice(line);
            self.col += line.len();
            run = rest;
        }
    }

    /// Writes `name[value][value]…` into `out`.
    pub(super) fn property_into(&mut self, p: &Property<'_>, out: &mut Vec<u8>) {
        if p.values.is_empty() {
            self.valueless.push(p.name.to_string());
            return;
        }
        if !writable_identifier(p.name.as_bytes()) {
            let values: Vec<&str> = p.values.iter().map(|v| v.text()).collect();
            self.dropped
                .push(format!("{}[{}]", p.name, values.join("][")));
            return;
        }
        push_small(out, p.name.as_bytes());
        for v in p.values.iter() {
            out.push(b'[');
            match v.parts() {
                (a, Some(b)) => {
                    self.text_into(a, Colon::Escape, out);
                    out.push(b':');
                    self.text_into(b, Colon::Keep, out);
                }
                // A plain value of a property that may be compose: its ':'
                // are escaped so they read back as text, not a separator.
                (a, None) => self.text_into(a, Colon::EscapeIfCompose(p.name), out),
            }
            out.push(b']');
        }
    }

    /// [`SgfWriter::text_into`] for a huge value: a piece of [`PIECE`]
    /// bytes at a time, each [`SgfWriter::spill`]ed.
    #[cold]
    #[inline(never)]
    fn text_in_pieces(&mut self, text: &str, colon: Colon<'_>, out: &mut Vec<u8>) {
        let mut rest = text;
        while !rest.is_empty() {
            let mut cut = rest.len().min(PIECE);
            while !rest.is_char_boundary(cut) {
                cut += 1;
            }
            let (piece, tail) = rest.split_at(cut);
            self.text_into(piece, colon, out);
            self.spill(out);
            rest = tail;
        }
    }

    /// Escapes `]`, `\` (and `:` where asked) at the byte level of the
    /// output encoding, which is the character level in UTF-8 and every
    /// ASCII-safe encoding. A huge value goes [`SgfWriter::text_in_pieces`].
    fn text_into(&mut self, text: &str, colon: Colon<'_>, out: &mut Vec<u8>) {
        if text.len() > 2 * PIECE {
            return self.text_in_pieces(text, colon, out);
        }
        let encoded;
        let bytes: &[u8] = if self.encoding == UTF_8 {
            text.as_bytes()
        } else {
            let mut b = Vec::with_capacity(text.len());
            let lost = charset::encode_into(self.encoding, text, &mut b);
            self.lost.extend(lost);
            encoded = b;
            &encoded
        };
        // Short values (points, numbers) rarely need escaping: check them
        // with a plain loop, and decide about ':' only when there is one.
        if bytes.len() <= 16 && !bytes.iter().any(|&c| c == b']' || c == b'\\' || c == b':') {
            push_small(out, bytes);
            return;
        }
        let escape_colon = match colon {
            Colon::Escape => true,
            Colon::Keep => false,
            Colon::EscapeIfCompose(name) => props::allows_compose(name),
        };
        let mut at = 0;
        loop {
            let hit = if escape_colon {
                memchr::memchr3(b']', b'\\', b':', &bytes[at..])
            } else {
                memchr::memchr2(b']', b'\\', &bytes[at..])
            };
            match hit {
                Some(k) => {
                    out.extend_from_slice(&bytes[at..at + k]);
                    out.push(b'\\');
                    out.push(bytes[at + k]);
                    at += k + 1;
                }
                None => {
                    out.extend_from_slice(&bytes[at..]);
                    break;
                }
            }
        }
    }
}

/// SGF identifiers are letters, and a reader needs a capital among them
/// (`a[4]` is not a property after a `]`): anything else is not written
/// (`E403`). A structured input can hold any string as an identifier.
pub(super) fn writable_identifier(name: &[u8]) -> bool {
    name.iter().all(u8::is_ascii_alphabetic) && name.iter().any(u8::is_ascii_uppercase)
}
