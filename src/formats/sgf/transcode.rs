//! Inputs in UTF-16 or UTF-32 are turned into UTF-8 before the grammar sees
//! them: SGF syntax is ASCII, and only an ASCII-compatible stream can be
//! scanned byte by byte. Such an input is known by its byte-order mark, by
//! `--encoding UTF-16LE`/`UTF-16BE`, or, without either, by the pattern of
//! NUL bytes its ASCII syntax makes ([`sniff_wide`]).

use encoding_rs::{Decoder, UTF_16BE, UTF_16LE};
use std::io::{self, Read};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bom {
    Utf8,
    Utf16Le,
    Utf16Be,
    Utf32Le,
    Utf32Be,
}

impl Bom {
    pub fn name(self) -> &'static str {
        match self {
            Bom::Utf8 => "UTF-8",
            Bom::Utf16Le => "UTF-16LE",
            Bom::Utf16Be => "UTF-16BE",
            Bom::Utf32Le => "UTF-32LE",
            Bom::Utf32Be => "UTF-32BE",
        }
    }
}

/// The BOM at the start of `head` (the first 4 bytes) and its length.
pub fn sniff_bom(head: &[u8]) -> (Option<Bom>, usize) {
    match head {
        [0xFF, 0xFE, 0, 0, ..] => (Some(Bom::Utf32Le), 4),
        [0, 0, 0xFE, 0xFF, ..] => (Some(Bom::Utf32Be), 4),
        [0xEF, 0xBB, 0xBF, ..] => (Some(Bom::Utf8), 3),
        [0xFF, 0xFE, ..] => (Some(Bom::Utf16Le), 2),
        [0xFE, 0xFF, ..] => (Some(Bom::Utf16Be), 2),
        _ => (None, 0),
    }
}

/// Bytes [`sniff_wide`] looks at.
pub const WIDE_HEAD: usize = 256;

/// UTF-16 or UTF-32 without a byte-order mark, from the first bytes. SGF
/// is mostly ASCII (`(;`, white space, identifiers, brackets), and ASCII in
/// a wide encoding is a character code with NUL high bytes. Read as each
/// wide encoding in turn (UTF-32 first), the first [`WIDE_HEAD`] bytes (at
/// least 8) are that encoding when they start with `(` (after white space),
/// no code unit is NUL, at least 60 % of them are ASCII, and the ASCII
/// characters read as the start of SGF (a `(` then `;` or a property). Text in byte encodings has no NUL bytes;
/// binary data and other formats do not pass the last test.
pub fn sniff_wide(head: &[u8]) -> Option<Bom> {
    let n = head.len().min(WIDE_HEAD) / 4 * 4;
    if n < 8 {
        return None;
    }
    let head = &head[..n];
    [Bom::Utf32Le, Bom::Utf32Be, Bom::Utf16Le, Bom::Utf16Be]
        .into_iter()
        .find(|&kind| looks_like_wide_sgf(&code_units(head, kind)))
}

/// `head` as code units of a wide encoding.
fn code_units(head: &[u8], kind: Bom) -> Vec<u32> {
    match kind {
        Bom::Utf32Le => head
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        Bom::Utf32Be => head
            .chunks_exact(4)
            .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        Bom::Utf16Le => head
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]).into())
            .collect(),
        Bom::Utf16Be | Bom::Utf8 => head
            .chunks_exact(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]).into())
            .collect(),
    }
}

/// Starts with `(` (after white space), no NUL unit, no unit past
/// Unicode, mostly ASCII, and SGF in its ASCII.
fn looks_like_wide_sgf(units: &[u32]) -> bool {
    let first = units
        .iter()
        .find(|&&u| !matches!(u, 0x09 | 0x0A | 0x0D | 0x20));
    if first != Some(&u32::from(b'(')) || units.iter().any(|&u| u == 0 || u > 0x10FFFF) {
        return false;
    }
    let ascii: Vec<u8> = units
        .iter()
        .filter(|&&u| u < 0x80)
        .map(|&u| u as u8)
        .collect();
    ascii.len() * 10 >= units.len() * 6 && super::sniff(&ascii)
}

/// The wide encoding `--encoding` names, if it names one (WHATWG has
/// UTF-16LE and UTF-16BE; UTF-32 is found by [`sniff_wide`] or its mark).
pub fn forced_wide(e: Option<&'static encoding_rs::Encoding>) -> Option<Bom> {
    match e {
        Some(e) if e == UTF_16LE => Some(Bom::Utf16Le),
        Some(e) if e == UTF_16BE => Some(Bom::Utf16Be),
        _ => None,
    }
}

/// Reads UTF-16/32 from `inner`, yields UTF-8. Malformed sequences become
/// U+FFFD (the reader sees them in the text).
pub struct ToUtf8<'a> {
    inner: &'a mut dyn Read,
    kind: Bom,
    decoder: Option<Decoder>,
    inbuf: Vec<u8>,
    in_len: usize,
    out: Vec<u8>,
    out_pos: usize,
    done: bool,
}

impl<'a> ToUtf8<'a> {
    pub fn new(inner: &'a mut dyn Read, kind: Bom) -> Self {
        let decoder = match kind {
            Bom::Utf16Le => Some(UTF_16LE.new_decoder_without_bom_handling()),
            Bom::Utf16Be => Some(UTF_16BE.new_decoder_without_bom_handling()),
            _ => None,
        };
        ToUtf8 {
            inner,
            kind,
            decoder,
            inbuf: vec![0; 64 * 1024],
            in_len: 0,
            out: Vec::with_capacity(128 * 1024),
            out_pos: 0,
            done: false,
        }
    }

    /// Decodes the next chunk into `out`.
    fn refill(&mut self) -> io::Result<()> {
        self.out.clear();
        self.out_pos = 0;
        while self.out.is_empty() && !self.done {
            let n = loop {
                match self.inner.read(&mut self.inbuf[self.in_len..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            self.in_len += n;
            let last = n == 0;
            let used = match &mut self.decoder {
                Some(d) => {
                    let mut s = String::with_capacity(
                        d.max_utf8_buffer_length(self.in_len)
                            .unwrap_or(self.in_len * 3 + 8),
                    );
                    let (_, used, _) = d.decode_to_string(&self.inbuf[..self.in_len], &mut s, last);
                    self.out.extend_from_slice(s.as_bytes());
                    used
                }
                None => {
                    let le = self.kind == Bom::Utf32Le;
                    let whole = self.in_len / 4 * 4;
                    let mut s = String::new();
                    for c in self.inbuf[..whole].chunks_exact(4) {
                        let v = if le {
                            u32::from_le_bytes([c[0], c[1], c[2], c[3]])
                        } else {
                            u32::from_be_bytes([c[0], c[1], c[2], c[3]])
                        };
                        s.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
                    }
                    if last && whole < self.in_len {
                        s.push('\u{FFFD}');
                    }
                    self.out.extend_from_slice(s.as_bytes());
                    if last {
                        self.in_len
                    } else {
                        whole
                    }
                }
            };
            self.inbuf.copy_within(used..self.in_len, 0);
            self.in_len -= used;
            if last {
                self.done = true;
            }
        }
        Ok(())
    }
}

impl Read for ToUtf8<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.out_pos >= self.out.len() {
            self.refill()?;
        }
        let n = (self.out.len() - self.out_pos).min(buf.len());
        buf[..n].copy_from_slice(&self.out[self.out_pos..self.out_pos + n]);
        self.out_pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod wide_tests {
    use super::*;

    #[test]
    fn utf8_sgf_with_nul_bytes_in_a_value_is_not_wide() {
        // Our own output of a damaged input: ASCII syntax, then a value
        // whose characters are separated by NULs.
        let mut text = b"(;GM[1]\nFF[4]\nGN[".to_vec();
        for c in b"(;FF[4]CA[UTF-16BE]GM[1]" {
            text.extend([*c, 0]);
        }
        assert_eq!(sniff_wide(&text), None);
        let wide: Vec<u8> = "\n (;FF[4]"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(sniff_wide(&wide), Some(Bom::Utf16Le));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf8_of(bytes: &[u8]) -> String {
        let (bom, skip) = sniff_bom(bytes);
        let mut src = &bytes[skip..];
        let mut t = ToUtf8::new(&mut src, bom.unwrap());
        let mut s = String::new();
        t.read_to_string(&mut s).unwrap();
        s
    }

    #[test]
    fn utf16_and_utf32_become_utf8() {
        let text = "(;C[碁])";
        let mut le = vec![0xFF, 0xFE];
        for u in text.encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
        }
        assert_eq!(utf8_of(&le), text);
        let mut be = vec![0, 0, 0xFE, 0xFF];
        for c in text.chars() {
            be.extend_from_slice(&(c as u32).to_be_bytes());
        }
        assert_eq!(utf8_of(&be), text);
    }
}
