//! The move list's byte sink: rows go straight into one reused buffer,
//! quoted exactly as the csv crate quotes by default (a field holding `,`,
//! `"`, CR or LF is quoted, a `"` doubled; records end with `\n`), so the
//! bytes are the same without a call into the crate (and a `String`) per
//! field. The games list, one row per game, still goes through the crate.

use crate::error::Error;
use std::io::Write;

/// The buffer is written out once it holds this much.
const FLUSH_AT: usize = 1 << 16;

/// A field holding one of these is quoted.
fn needs_quotes(field: &[u8]) -> bool {
    field
        .iter()
        .any(|&b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
}

/// Up to 32 bytes written before (cells, with their `,`), copied back at a
/// fixed size: cheaper than a copy of any length.
#[derive(Clone, Copy)]
pub(super) struct Chunk {
    bytes: [u8; 32],
    /// `u8::MAX`: nothing held.
    len: u8,
}

impl Chunk {
    /// Nothing held.
    pub(super) const NONE: Chunk = Chunk {
        bytes: [0; 32],
        len: u8::MAX,
    };

    /// `bytes`, if they fit.
    pub(super) fn new(bytes: &[u8]) -> Chunk {
        let mut c = Chunk::NONE;
        if let Some(dst) = c.bytes.get_mut(..bytes.len()) {
            dst.copy_from_slice(bytes);
            c.len = bytes.len() as u8;
        }
        c
    }

    /// Whether it holds bytes.
    #[inline]
    pub(super) fn is_some(&self) -> bool {
        self.len != u8::MAX
    }
}

/// Rows of CSV into one reused buffer.
pub(super) struct RowOut<'w> {
    out: Box<dyn Write + 'w>,
    buf: Vec<u8>,
    /// No field of the current record is written yet.
    first: bool,
}

impl<'w> RowOut<'w> {
    pub(super) fn new(out: Box<dyn Write + 'w>) -> Self {
        RowOut {
            out,
            buf: Vec::with_capacity(FLUSH_AT + 4096),
            first: true,
        }
    }

    /// Short fields (most of them: colours, points, numbers) byte by byte,
    /// cheaper than a call to `memcpy`.
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        if bytes.len() <= 8 {
            for &b in bytes {
                self.buf.push(b);
            }
        } else {
            self.buf.extend_from_slice(bytes);
        }
    }

    #[inline]
    fn separator(&mut self) {
        if !self.first {
            self.buf.push(b',');
        }
        self.first = false;
    }

    /// A field known to need no quotes (numbers, coordinates).
    #[inline]
    pub(super) fn plain(&mut self, field: &[u8]) {
        self.separator();
        self.put(field);
    }

    /// Cells written before (by [`RowOut::since`]), their leading `,`
    /// included: copied as they are, after the first cell of a row.
    #[inline]
    pub(super) fn raw(&mut self, cells: &[u8]) {
        self.buf.extend_from_slice(cells);
    }

    /// A whole row: its start, the first `head_len` bytes of `head`
    /// (the first in the lowest byte, at most 16), and its end `tail`, its
    /// `\n` included. Both are copied at their full width and the buffer
    /// cut back: `head` from a register, `tail` from its table. (A row
    /// put together on the stack by narrow stores and copied from there
    /// by wide loads waits for the stores at every row.)
    #[inline]
    pub(super) fn head_tail(
        &mut self,
        head: u128,
        head_len: usize,
        tail: &Chunk,
    ) -> Result<(), Error> {
        let at = self.buf.len();
        self.buf.extend_from_slice(&head.to_le_bytes());
        self.buf.truncate(at + head_len.min(16));
        self.chunk(tail);
        self.end_raw()
    }

    /// A chunk's bytes (nothing when it holds none), as [`RowOut::raw`].
    #[inline]
    pub(super) fn chunk(&mut self, chunk: &Chunk) {
        if chunk.is_some() {
            let at = self.buf.len();
            self.buf.extend_from_slice(&chunk.bytes);
            self.buf.truncate(at + usize::from(chunk.len));
        }
    }

    /// A number as its own cell, without the call into itoa below 1000.
    #[inline]
    pub(super) fn small_number(&mut self, n: usize) {
        self.separator();
        match n {
            0..=9 => self.buf.push(b'0' + n as u8),
            10..=99 => self
                .buf
                .extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]),
            100..=999 => self.buf.extend_from_slice(&[
                b'0' + (n / 100) as u8,
                b'0' + (n / 10 % 10) as u8,
                b'0' + (n % 10) as u8,
            ]),
            _ => self.put(itoa::Buffer::new().format(n).as_bytes()),
        }
    }

    /// A record written whole by [`RowOut::raw`] and [`RowOut::chunk`],
    /// its `\n` included, is complete.
    #[inline]
    pub(super) fn end_raw(&mut self) -> Result<(), Error> {
        self.first = true;
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Where the next byte goes: to take what is written from here with
    /// [`RowOut::since`].
    #[inline]
    pub(super) fn mark(&self) -> usize {
        self.buf.len()
    }

    /// What was written since `mark` (nothing goes out within a row).
    pub(super) fn since(&self, mark: usize) -> &[u8] {
        self.buf.get(mark..).unwrap_or_default()
    }

    /// A number.
    #[inline]
    pub(super) fn number(&mut self, n: usize) {
        self.plain(itoa::Buffer::new().format(n).as_bytes());
    }

    /// Any text, quoted when it needs it; `prefix` (`'` of `--csv-safe`, or
    /// empty) goes before it, inside the quotes.
    #[inline]
    pub(super) fn text(&mut self, prefix: &[u8], field: &[u8]) {
        self.separator();
        if !needs_quotes(field) {
            self.put(prefix);
            self.put(field);
            return;
        }
        self.buf.push(b'"');
        self.buf.extend_from_slice(prefix);
        for part in field.split_inclusive(|&b| b == b'"') {
            self.buf.extend_from_slice(part);
            if part.last() == Some(&b'"') {
                self.buf.push(b'"');
            }
        }
        self.buf.push(b'"');
    }

    /// The record is complete.
    pub(super) fn end(&mut self) -> Result<(), Error> {
        self.buf.push(b'\n');
        self.first = true;
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Everything written goes out.
    pub(super) fn flush(&mut self) -> Result<(), Error> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes the csv crate writes for `fields`, and ours.
    fn both(fields: &[&str]) -> (Vec<u8>, Vec<u8>) {
        let mut theirs = csv::Writer::from_writer(Vec::new());
        theirs.write_record(fields).unwrap_or_default();
        let theirs = theirs.into_inner().unwrap_or_default();
        let mut ours = Vec::new();
        {
            let mut w = RowOut::new(Box::new(&mut ours));
            for f in fields {
                w.text(b"", f.as_bytes());
            }
            w.end().unwrap_or_default();
            w.flush().unwrap_or_default();
        }
        (theirs, ours)
    }

    #[test]
    fn quoting_is_the_csv_crates() {
        for fields in [
            &["a", "b", ""][..],
            &["", "", ""],
            &["x,y", "say \"hi\"", "\"", "\"\""],
            &["line\nbreak", "cr\rhere", "tab\tok", "'quote", "é ü"],
            &[" lead", "trail ", "#hash", "a\r\nb"],
        ] {
            let (theirs, ours) = both(fields);
            assert_eq!(
                String::from_utf8_lossy(&ours),
                String::from_utf8_lossy(&theirs)
            );
        }
    }

    #[test]
    fn the_prefix_goes_inside_the_quotes() {
        let mut bytes = Vec::new();
        {
            let mut w = RowOut::new(Box::new(&mut bytes));
            w.text(b"'", b"=1,2");
            w.text(b"'", b"-x");
            w.number(42);
            w.end().unwrap_or_default();
            w.chunk(&Chunk::new(b"0,"));
            w.small_number(7);
            w.chunk(&Chunk::NONE);
            w.raw(b",x\n");
            w.end_raw().unwrap_or_default();
            let head = u128::from_le_bytes(*b"5,6#############");
            w.head_tail(head, 3, &Chunk::new(b",y\n"))
                .unwrap_or_default();
            w.small_number(1234);
            w.small_number(56);
            w.small_number(789);
            w.end().unwrap_or_default();
            w.flush().unwrap_or_default();
        }
        assert_eq!(bytes, b"\"'=1,2\",'-x,42\n0,7,x\n5,6,y\n1234,56,789\n");
    }
}
