//! Faults the structured readers report alike, and where.
//!
//! What the structured readers share to say what went wrong and where: a
//! syntax fault ([`syntax_fault`]) and a token past `--max-value-size`
//! ([`too_long`]) as errors or diagnostics, and [`LineCounter`], which
//! turns the byte offsets their parsers report into lines and columns.

use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::Pos;
use std::io::{self, BufRead, Read};

/// A syntax error in a structured input. Before the first game nothing has
/// been read worth keeping, so the input is refused (`refused: msg`); after
/// it, the games already read stand and the error is reported
/// (`damaged: msg; the N games before it were kept`).
pub fn syntax_fault(
    code: Code,
    refused: &str,
    damaged: &str,
    games: usize,
    report: &mut Reporter,
    pos: Pos,
    msg: &str,
) -> Result<(), Error> {
    if games == 0 {
        return Err(Error::unreadable(
            code,
            format!("{}:{}: {refused}: {msg}", pos.line, pos.col),
        ));
    }
    report.report(
        code,
        Some(pos),
        format!("{damaged}: {msg}; the {games} games before it were kept"),
    );
    Ok(())
}

/// The error of a token (`what`) longer than `--max-value-size` (`max`),
/// under the reader's own `code`: the input is refused, not held.
pub fn too_long(code: Code, what: &str, pos: Pos, max: u64) -> Error {
    Error::unreadable(
        code,
        format!(
            "{}:{}: {what} is longer than {max} bytes (--max-value-size): not read further",
            pos.line, pos.col
        ),
    )
}

/// A buffered reader that counts the lines it has handed out, so a parser
/// that only knows byte offsets can still report `line:column`; and that
/// refuses to hand out more than a bound since the parser's last token
/// ([`LineCounter::mark`], [`LineCounter::limit`]), so that a parser which
/// holds a token whole (quick-xml: a text node, a tag with its attributes)
/// stops at an endless one instead of growing without limit.
pub struct LineCounter<R> {
    inner: R,
    offset: u64,
    line: u32,
    line_start: u64,
    /// Where the current token starts, and the most it may hold.
    mark: u64,
    limit: u64,
    /// A token went past the limit (the reading failed there).
    over: bool,
}

impl<R: BufRead> LineCounter<R> {
    pub fn new(inner: R) -> Self {
        LineCounter {
            inner,
            offset: 0,
            line: 1,
            line_start: 0,
            mark: 0,
            limit: u64::MAX,
            over: false,
        }
    }

    /// No token may be longer than `bytes` (`--max-value-size`).
    pub fn limit(mut self, bytes: usize) -> Self {
        self.limit = bytes as u64;
        self
    }

    /// A new token starts here.
    pub fn mark(&mut self) {
        self.mark = self.offset;
    }

    /// The reading failed on a token longer than the limit: the limit.
    pub fn too_long(&self) -> Option<u64> {
        self.over.then_some(self.limit)
    }

    /// Counts on as if what is read next were at `pos` (the start of a
    /// piece of an input, read after the document's head).
    pub fn restart_at(&mut self, pos: Pos) {
        self.offset = pos.offset;
        self.line = pos.line;
        self.line_start = pos
            .offset
            .saturating_sub(u64::from(pos.col.saturating_sub(1)));
        self.mark = self.offset;
    }

    /// Where the reading has got to.
    pub fn pos(&self) -> Pos {
        Pos::new(
            self.offset,
            self.line,
            (self.offset - self.line_start) as u32 + 1,
        )
    }
}

impl<R: BufRead> Read for LineCounter<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(buf.len());
            buf[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for LineCounter<R> {
    // Called for every token quick-xml reads: kept in its loop.
    #[inline(always)]
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.offset - self.mark > self.limit {
            self.over = true;
            return Err(io::Error::other(format!(
                "a token is longer than {} bytes (--max-value-size)",
                self.limit
            )));
        }
        self.inner.fill_buf()
    }

    #[inline(always)]
    fn consume(&mut self, amt: usize) {
        if amt == 0 {
            return;
        }
        if let Ok(buf) = self.inner.fill_buf() {
            let amt = amt.min(buf.len());
            for i in memchr::memchr_iter(b'\n', &buf[..amt]) {
                self.line += 1;
                self.line_start = self.offset + i as u64 + 1;
            }
            self.offset += amt as u64;
        }
        self.inner.consume(amt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lines_as_bytes_are_consumed() {
        let mut r = LineCounter::new(&b"ab\ncd\nef"[..]);
        let mut buf = [0u8; 4];
        r.read_exact(&mut buf).unwrap();
        assert_eq!(r.pos(), Pos::new(4, 2, 2));
    }
}
