//! Lone surrogates in JSON strings, made replacement characters before
//! the parser sees them.
//!
//! JSON allows `\uD800` with no low surrogate after it (RFC 8259 §8.2:
//! such a string is not Unicode text), and some writers (JavaScript's
//! `JSON.stringify` of a string cut between the two halves of a pair)
//! write it; serde_json refuses it, and would refuse the whole input. So
//! the input goes through [`Surrogates`] first: each escape of a lone
//! surrogate becomes `\uFFFD`, of the same length, so that every position
//! after it is as it was, and its position is kept for the reader to
//! report ([`JSON_LONE_SURROGATE`](super::codes::JSON_LONE_SURROGATE)).
//! Escapes are found outside strings too, where a backslash is a syntax
//! error anyway.

use crate::event::Pos;
use std::cell::RefCell;
use std::io::{self, Read};
use std::rc::Rc;

/// What a lone surrogate's escape becomes.
const REPLACEMENT: &[u8; 6] = b"\\uFFFD";

/// The positions of the lone surrogates replaced, shared with the reader.
pub(super) type Found = Rc<RefCell<Vec<Pos>>>;

/// `inner` with every escaped lone surrogate made `\uFFFD`; its positions
/// go to `found`. Bytes that may start an escape not yet whole are held
/// until the next read completes it (or the input ends).
pub(super) struct Surrogates<R> {
    inner: R,
    buf: Vec<u8>,
    /// `buf[..ready]` is scanned; `buf[given..ready]` not yet handed out.
    ready: usize,
    given: usize,
    eof: bool,
    /// The position of `buf[0]`, and the start of its line.
    at: Pos,
    line_start: u64,
    found: Found,
}

impl<R: Read> Surrogates<R> {
    /// The filter over `inner`, whose first byte is at `start`.
    pub(super) fn new(inner: R, start: Pos, found: Found) -> Self {
        let start = Pos {
            line: start.line.max(1),
            col: start.col.max(1),
            ..start
        };
        Surrogates {
            inner,
            buf: Vec::with_capacity(1 << 16),
            ready: 0,
            given: 0,
            eof: false,
            line_start: start.offset + 1 - start.col as u64,
            at: start,
            found,
        }
    }

    /// Drops what was handed out, reads more, and scans it.
    fn fill(&mut self) -> io::Result<()> {
        self.advance_past(self.given);
        self.buf.drain(..self.given);
        self.ready -= self.given;
        self.given = 0;
        let old = self.buf.len();
        self.buf.resize(old + (1 << 16), 0);
        let n = self.inner.read(&mut self.buf[old..])?;
        self.buf.truncate(old + n);
        self.eof = n == 0;
        self.scan();
        Ok(())
    }

    /// Moves `at` past the first `n` bytes of the buffer.
    fn advance_past(&mut self, n: usize) {
        for (i, b) in self.buf[..n].iter().enumerate() {
            if *b == b'\n' {
                self.at.line += 1;
                self.line_start = self.at.offset + i as u64 + 1;
            }
        }
        self.at.offset += n as u64;
    }

    /// Scans from `ready` on, replacing lone surrogates, up to the end or
    /// to an escape not yet whole.
    fn scan(&mut self) {
        let mut i = self.ready;
        while let Some(rel) = memchr::memchr(b'\\', &self.buf[i..]) {
            let e = i + rel;
            match self.escape(e) {
                Some(len) => i = e + len,
                None => {
                    self.ready = e;
                    return;
                }
            }
        }
        self.ready = self.buf.len();
    }

    /// The escape at `e`: its length (replaced first if it is a lone
    /// surrogate), or `None` when more bytes are needed to tell.
    fn escape(&mut self, e: usize) -> Option<usize> {
        let b = &self.buf[e..];
        let whole = |n: usize| b.len() >= n || self.eof;
        if !whole(2) {
            return None;
        }
        if b.get(1) != Some(&b'u') {
            return Some(b.len().min(2));
        }
        if !whole(6) {
            return None;
        }
        let Some(n) = hex4(b.get(2..6)) else {
            return Some(b.len().min(2));
        };
        let lone = match n {
            0xD800..=0xDBFF => {
                if !whole(12) {
                    return None;
                }
                let low = (b.get(6..8) == Some(b"\\u"))
                    .then(|| hex4(b.get(8..12)))
                    .flatten();
                match low {
                    Some(0xDC00..=0xDFFF) => return Some(12),
                    _ => true,
                }
            }
            0xDC00..=0xDFFF => true,
            _ => false,
        };
        if lone {
            self.buf[e..e + 6].copy_from_slice(REPLACEMENT);
            self.found.borrow_mut().push(self.pos_of(e));
        }
        Some(6)
    }

    /// The position of `buf[i]`.
    fn pos_of(&self, i: usize) -> Pos {
        let mut line = self.at.line;
        let mut line_start = self.line_start;
        for (k, b) in self.buf[..i].iter().enumerate() {
            if *b == b'\n' {
                line += 1;
                line_start = self.at.offset + k as u64 + 1;
            }
        }
        let offset = self.at.offset + i as u64;
        let col = u32::try_from(offset - line_start + 1).unwrap_or(u32::MAX);
        Pos { offset, line, col }
    }
}

/// Four hex digits, if they are.
fn hex4(b: Option<&[u8]>) -> Option<u32> {
    let s = std::str::from_utf8(b?).ok()?;
    u32::from_str_radix(s, 16)
        .ok()
        .filter(|_| !s.starts_with('+'))
}

impl<R: Read> Read for Surrogates<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.given == self.ready {
            if self.eof && self.ready == self.buf.len() {
                return Ok(0);
            }
            self.fill()?;
        }
        let n = out.len().min(self.ready - self.given);
        out[..n].copy_from_slice(&self.buf[self.given..self.given + n]);
        self.given += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(input: &[u8], chunk: usize) -> (Vec<u8>, Vec<Pos>) {
        struct Chunked<'a>(&'a [u8], usize);
        impl Read for Chunked<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let found = Found::default();
        let mut f = Surrogates::new(Chunked(input, chunk), Pos::default(), found.clone());
        let mut out = Vec::new();
        f.read_to_end(&mut out).unwrap();
        let found = found.borrow().clone();
        (out, found)
    }

    #[test]
    fn lone_surrogates_become_replacements_at_any_chunk_size() {
        let input =
            b"[\"a\\ud800b\",\n \"\\uD83D\\uDE00\", \"\\\\ud800\", \"\\udc00\", \"x\\ud800\"]";
        let want =
            b"[\"a\\uFFFDb\",\n \"\\uD83D\\uDE00\", \"\\\\ud800\", \"\\uFFFD\", \"x\\uFFFD\"]";
        for chunk in 1..=input.len() {
            let (out, found) = through(input, chunk);
            assert_eq!(out, want, "chunk {chunk}");
            let at: Vec<(u32, u32)> = found.iter().map(|p| (p.line, p.col)).collect();
            assert_eq!(at, [(1, 4), (2, 30), (2, 41)], "chunk {chunk}");
        }
    }

    #[test]
    fn an_escape_cut_by_the_end_is_left_to_the_parser() {
        for input in [&b"\"\\ud800"[..], b"\"\\ud8", b"\"\\", b"\"\\ud800\\u"] {
            let (out, _) = through(input, 3);
            let lone = input.len() >= 7 && input.len() < 13;
            if lone {
                assert!(out.starts_with(b"\"\\uFFFD"), "{input:?}");
            } else {
                assert_eq!(out, input);
            }
        }
    }
}
