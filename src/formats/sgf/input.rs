//! The byte window the SGF reader works on: pulls fixed-size chunks from any
//! `Read`, keeps the unread part, and tracks offsets and lines.
//!
//! Tokens are parsed from `pos`; a token cut by the end of the buffer is
//! parsed again after [`Input::fill`], which keeps everything from `pos` on.
//! Memory is the chunk size plus the largest single token, never the input.

use crate::event::Pos;
use std::io::{self, Read};

/// How much is read at a time, at most (more for a long token: as much
/// as is unread).
pub const CHUNK: usize = 256 * 1024;

/// The most one `read` call is given (and zeroed beforehand).
const READ_STEP: usize = 1 << 20;

/// The first read. Reads grow with what the input has shown it holds: most
/// records are a few KB, and preparing a whole window for each of a
/// hundred thousand small files costs more than parsing them.
const FIRST_CHUNK: usize = 16 * 1024;

/// A reading position with its line: see [`Input::cursor`].
#[derive(Clone, Copy, Debug)]
pub struct Cursor {
    /// Absolute offset.
    pub offset: u64,
    /// 1-based line of `offset`.
    pub line: u32,
    /// Absolute offset where that line starts.
    pub line_start: u64,
}

impl Cursor {
    #[inline]
    pub fn pos(&self) -> Pos {
        Pos::new(
            self.offset,
            self.line,
            (self.offset - self.line_start + 1) as u32,
        )
    }

    /// Moves over `n` bytes, the last of which may be a line feed (and no
    /// other is).
    #[inline]
    pub fn advance(&mut self, n: usize, ends_line: bool) {
        self.offset += n as u64;
        if ends_line {
            self.line = self.line.saturating_add(1);
            self.line_start = self.offset;
        }
    }
}

pub struct Input<'r> {
    src: &'r mut dyn Read,
    /// The window: `buf[..end]` is read, `buf[end..]` initialised room.
    pub buf: Vec<u8>,
    /// Next unread byte in `buf`.
    pub pos: usize,
    /// End of the filled part of `buf`.
    pub end: usize,
    pub eof: bool,
    /// Bytes read so far.
    read_total: u64,
    /// Absolute input offset of `buf[0]`.
    base: u64,
    /// 1-based line of `buf[pos]`.
    line: u32,
    /// Absolute offset where the current line starts.
    line_start: u64,
    /// Absolute offsets: `[utf8_from, utf8_to)` is known to be valid UTF-8,
    /// and `utf8_bad` is the first byte known not to be.
    utf8_from: u64,
    utf8_to: u64,
    utf8_bad: Option<u64>,
}

thread_local! {
    /// The buffer of the last input read on this thread, for the next: a
    /// new buffer would be zeroed, which for small files (migrating an
    /// archive) costs more than reading them.
    static SPARE_BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Buffers larger than this (grown for a huge value) are not kept.
const SPARE_MAX: usize = 1 << 20;

impl Drop for Input<'_> {
    fn drop(&mut self) {
        if self.buf.capacity() <= SPARE_MAX {
            let buf = std::mem::take(&mut self.buf);
            SPARE_BUFFER.with(|s| *s.borrow_mut() = buf);
        }
    }
}

impl<'r> Input<'r> {
    pub fn new(src: &'r mut dyn Read) -> Self {
        // Its bytes are stale; only `buf[pos..end]` is ever read.
        let buf = SPARE_BUFFER.with(|s| std::mem::take(&mut *s.borrow_mut()));
        Input {
            src,
            buf,
            pos: 0,
            end: 0,
            eof: false,
            read_total: 0,
            base: 0,
            line: 1,
            line_start: 0,
            utf8_from: 0,
            utf8_to: 0,
            utf8_bad: None,
        }
    }

    /// An input whose first byte is at `start` in a larger one (at the
    /// start of a line).
    pub fn starting_at(src: &'r mut dyn Read, start: Pos) -> Self {
        let mut i = Input::new(src);
        i.base = start.offset;
        i.line = start.line.max(1);
        i.line_start = start.offset - u64::from(start.col.max(1) - 1).min(start.offset);
        i.utf8_from = start.offset;
        i.utf8_to = start.offset;
        i
    }

    /// The unread bytes.
    #[inline]
    pub fn rest(&self) -> &[u8] {
        &self.buf[self.pos..self.end]
    }

    /// Absolute offset of `buf[pos]`.
    #[inline]
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// Consumes `n` bytes that contain no line break.
    #[inline]
    pub fn skip(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.end);
    }

    /// Consumes `n` bytes, counting the line breaks in them.
    #[inline]
    pub fn advance(&mut self, n: usize) {
        let start = self.pos;
        let stop = (start + n).min(self.end);
        let part = &self.buf[start..stop];
        if part.len() <= 16 {
            for (k, c) in part.iter().enumerate() {
                if *c == b'\n' {
                    self.line = self.line.saturating_add(1);
                    self.line_start = self.base + (start + k + 1) as u64;
                }
            }
            self.pos = stop;
            return;
        }
        if let Some(last) = memchr::memrchr(b'\n', part) {
            let count = memchr::memchr_iter(b'\n', part).count();
            self.line = self.line.saturating_add(count as u32);
            self.line_start = self.base + (start + last + 1) as u64;
        }
        self.pos = stop;
    }

    /// Consumes one byte, a line feed.
    #[inline]
    pub fn newline_at_pos(&mut self) {
        self.pos += 1;
        self.line = self.line.saturating_add(1);
        self.line_start = self.base + self.pos as u64;
    }

    /// Position of the byte `k` bytes after `pos`, assuming no line break in
    /// between.
    #[inline]
    pub fn pos_ahead(&self, k: usize) -> Pos {
        let off = self.offset() + k as u64;
        Pos::new(off, self.line, (off - self.line_start + 1) as u32)
    }

    /// Where reading is, for a tight loop over [`Input::rest`] that moves a
    /// copy of it and hands it back with [`Input::set_cursor`].
    #[inline]
    pub fn cursor(&self) -> Cursor {
        Cursor {
            offset: self.offset(),
            line: self.line,
            line_start: self.line_start,
        }
    }

    /// Moves reading to `c`: a cursor from [`Input::cursor`] advanced over
    /// bytes of [`Input::rest`] (at most to its end).
    #[inline]
    pub fn set_cursor(&mut self, c: Cursor) {
        let pos = c.offset.saturating_sub(self.base) as usize;
        self.pos = pos.clamp(self.pos, self.end);
        self.line = c.line;
        self.line_start = c.line_start;
    }

    /// Position of `buf[pos]`.
    #[inline]
    pub fn here(&self) -> Pos {
        self.pos_ahead(0)
    }

    /// Position of the byte `k` bytes after `pos`, counting line breaks.
    pub fn pos_after(&self, k: usize) -> Pos {
        let stop = (self.pos + k).min(self.end);
        let part = &self.buf[self.pos..stop];
        match memchr::memrchr(b'\n', part) {
            None => self.pos_ahead(k),
            Some(last) => {
                let lines = memchr::memchr_iter(b'\n', part).count() as u32;
                let off = self.offset() + k as u64;
                let ls = self.offset() + last as u64 + 1;
                Pos::new(off, self.line.saturating_add(lines), (off - ls + 1) as u32)
            }
        }
    }

    /// Reads more input, keeping the unread bytes. Returns false at the end
    /// of the input (nothing more will come).
    ///
    /// A read asks for at least as much as is unread (a long token doubles
    /// the window, so it is parsed again a logarithmic number of times); the
    /// buffer's capacity grows ahead, but only what is read into is touched
    /// ([`Input::read_until`]): a window grown for one huge value costs the
    /// bytes read, not its capacity.
    pub fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let unread = self.end - self.pos;
        let chunk = (self.read_total as usize)
            .clamp(FIRST_CHUNK, CHUNK)
            .max(unread);
        if self.pos > 0 && self.buf.capacity() - self.end < chunk {
            self.compact();
        }
        let target = self.end + chunk;
        self.buf.reserve(target.saturating_sub(self.buf.len()));
        let start = self.end;
        let result = self.read_until(target);
        self.read_total += (self.end - start) as u64;
        result?;
        Ok(self.end > start)
    }

    /// Reads until `end` reaches `target` or the input ends, a step of at
    /// most [`READ_STEP`] at a time. `buf` is zeroed (initialised) once, up
    /// to where a step reaches and no further, whatever `src` is (a `Read`
    /// without `read_buf` would have `read_to_end` zero all it asks for).
    fn read_until(&mut self, target: usize) -> io::Result<()> {
        while self.end < target {
            let step = (target - self.end).min(READ_STEP);
            if self.buf.len() < self.end + step {
                self.buf.resize(self.end + step, 0);
            }
            match self.src.read(&mut self.buf[self.end..self.end + step]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Moves the unread bytes to the start of the buffer.
    fn compact(&mut self) {
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.base += self.pos as u64;
        self.pos = 0;
    }

    /// Gives back the memory of a window that grew for one huge token,
    /// once it is consumed: what is unread stays.
    pub fn release(&mut self) {
        if self.buf.capacity() <= SPARE_MAX {
            return;
        }
        self.compact();
        let keep = CHUNK.max(self.end);
        self.buf.truncate(keep);
        self.buf.shrink_to(keep);
    }

    /// Makes sure at least `n` unread bytes are buffered, unless the input
    /// ends first.
    pub fn ensure(&mut self, n: usize) -> io::Result<()> {
        while self.end - self.pos < n && self.fill()? {}
        Ok(())
    }

    /// Whether the `len` unread bytes from `pos` are valid UTF-8 (a character
    /// cut by the end of the buffered data counts as valid). Each byte is
    /// validated once however often this is asked.
    pub fn valid_utf8_ahead(&mut self, len: usize) -> bool {
        let from = self.offset();
        let to = from + len as u64;
        if from < self.utf8_from || from > self.utf8_to {
            self.utf8_from = from;
            self.utf8_to = from;
            self.utf8_bad = None;
        }
        if self.utf8_bad.is_none() && self.utf8_to < to {
            let start = (self.utf8_to - self.base) as usize;
            match std::str::from_utf8(&self.buf[start..self.end]) {
                Ok(_) => self.utf8_to = self.base + self.end as u64,
                Err(e) => {
                    self.utf8_to += e.valid_up_to() as u64;
                    if e.error_len().is_some() {
                        self.utf8_bad = Some(self.utf8_to);
                    }
                }
            }
        }
        match self.utf8_bad {
            Some(bad) => bad >= to,
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out its data a few bytes at a time, like a slow pipe.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(self.0.len()).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn tracks_lines_and_columns() {
        let data = b"ab\ncd\n\nef";
        let mut src = Trickle(data, 3);
        let mut inp = Input::new(&mut src);
        inp.ensure(100).unwrap();
        assert_eq!(inp.rest(), data);
        inp.advance(4);
        assert_eq!(inp.here(), Pos::new(4, 2, 2));
        inp.advance(4);
        assert_eq!(inp.here(), Pos::new(8, 4, 2));
    }

    /// A window grown for one long token holds what was read (its length
    /// is `end`), and gives its memory back once the token is consumed.
    #[test]
    fn a_window_grown_for_a_long_token_is_released() {
        let data = vec![b'x'; 3 * SPARE_MAX];
        let mut src = Trickle(&data, 50_000);
        let mut inp = Input::new(&mut src);
        inp.ensure(data.len() - 10).unwrap();
        assert!(inp.rest().len() >= data.len() - 10);
        assert!(inp.buf.len() <= inp.end + READ_STEP);
        inp.advance(data.len() - 10);
        inp.release();
        assert!(inp.buf.capacity() <= 2 * CHUNK, "{}", inp.buf.capacity());
        inp.ensure(100).unwrap();
        assert_eq!(inp.rest(), &data[..10]);
        assert!(!inp.fill().unwrap());
        assert_eq!(inp.offset(), (data.len() - 10) as u64);
    }

    #[test]
    fn utf8_frontier_finds_bad_bytes_once() {
        let data = "(;C[é])(;C[\u{FF}".as_bytes().to_vec();
        let mut bad = data.clone();
        bad.extend_from_slice(b"\xff])");
        let mut src = &bad[..];
        let mut inp = Input::new(&mut src);
        inp.ensure(1000).unwrap();
        assert!(inp.valid_utf8_ahead(8));
        assert!(!inp.valid_utf8_ahead(bad.len()));
        let len = data.len();
        assert!(inp.valid_utf8_ahead(len));
    }
}
