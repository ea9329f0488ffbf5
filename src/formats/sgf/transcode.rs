//! Inputs with a UTF-16 or UTF-32 byte-order mark are turned into UTF-8
//! before the grammar sees them: SGF syntax is ASCII, and only an
//! ASCII-compatible stream can be scanned byte by byte.

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
