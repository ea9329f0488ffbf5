//! The input side's small pieces, shared by the command and `migrate`:
//! reading a head to tell the format from (then reading on as if nothing
//! had been taken), and counting the bytes read.

use std::io::{self, Read};

/// Bytes read to tell a format from the content.
pub const SNIFF_BYTES: usize = 8192;

/// Reads up to `limit` bytes from `input` into `buf` (from its start,
/// reusing its allocation; its length is kept as scratch space): how many
/// were read, and whether that is the whole input.
pub fn read_head(
    input: &mut dyn Read,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<(usize, bool)> {
    let first = limit.clamp(1, 64 * 1024);
    if buf.len() < first {
        buf.resize(first, 0);
    }
    let mut n = 0;
    loop {
        if n == buf.len().min(limit) {
            if n >= limit {
                return Ok((n, false));
            }
            buf.resize((n * 2).min(limit).max(n + 1), 0);
        }
        let room = buf.len().min(limit);
        match input.read(&mut buf[n..room]) {
            Ok(0) => return Ok((n, true)),
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// The first [`SNIFF_BYTES`] of `input`, and a reader that gives the whole
/// input again (the head, then the rest).
pub fn sniff_head<'a>(mut input: Box<dyn Read + 'a>) -> io::Result<(Vec<u8>, Box<dyn Read + 'a>)> {
    let mut head = Vec::new();
    let (n, _) = read_head(&mut input, &mut head, SNIFF_BYTES)?;
    head.truncate(n);
    let again = Box::new(io::Cursor::new(head.clone()).chain(input));
    Ok((head, again))
}

/// A line longer than the reader's bound ([`read_lines_to_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineTooLong {
    /// The 1-based line.
    pub line: u32,
    /// Its first byte's offset in the input.
    pub offset: u64,
}

impl LineTooLong {
    /// What a reader says of it (under its own diagnostic id).
    pub fn message(&self, max_line: usize) -> String {
        format!(
            "line {} (byte {}) is longer than {max_line} bytes (--max-value-size): not read further",
            self.line, self.offset
        )
    }
}

/// Reads all of `input` into `buf` (appending), as a line-based reader
/// does, but stops at the first line (bytes between line ends) longer than
/// `max_line`: `Ok(Err(where))` then, with `buf` holding what was read.
/// So an input with no line end (`/dev/zero`) is refused after `max_line`
/// bytes instead of filling the memory.
pub fn read_lines_to_end(
    input: &mut dyn Read,
    buf: &mut Vec<u8>,
    max_line: usize,
) -> io::Result<Result<(), LineTooLong>> {
    let (mut line, mut line_start) = (1u32, buf.len());
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let k = match input.read(&mut chunk) {
            Ok(0) => return Ok(Ok(())),
            Ok(k) => k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let start = buf.len();
        buf.extend_from_slice(&chunk[..k]);
        for at in memchr::memchr_iter(b'\n', &buf[start..]) {
            line = line.saturating_add(1);
            line_start = start + at + 1;
        }
        if buf.len() - line_start > max_line {
            return Ok(Err(LineTooLong {
                line,
                offset: line_start as u64,
            }));
        }
    }
}

/// Counts the bytes read through it.
pub struct CountingRead<R> {
    inner: R,
    n: u64,
}

impl<R> CountingRead<R> {
    /// Counts what is read from `inner`.
    pub fn new(inner: R) -> Self {
        CountingRead { inner, n: 0 }
    }

    /// Bytes read so far.
    pub fn count(&self) -> u64 {
        self.n
    }
}

impl<R: Read> Read for CountingRead<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let k = self.inner.read(buf)?;
        self.n += k as u64;
        Ok(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_is_given_back_before_the_rest() {
        let data: Vec<u8> = (0..20_000u32).map(|i| i as u8).collect();
        let (head, mut again) = sniff_head(Box::new(&data[..])).unwrap();
        assert_eq!(head, &data[..SNIFF_BYTES]);
        let mut all = Vec::new();
        again.read_to_end(&mut all).unwrap();
        assert_eq!(all, data);
    }

    #[test]
    fn a_line_past_the_bound_stops_the_reading() {
        let mut buf = Vec::new();
        let ok = b"ab\ncd\nef";
        assert_eq!(
            read_lines_to_end(&mut &ok[..], &mut buf, 2).unwrap(),
            Ok(())
        );
        assert_eq!(buf, ok);
        let mut endless = std::io::repeat(0).take(10_000_000);
        let mut buf = Vec::new();
        let long = b"ab\ncdef\n".to_vec();
        let mut input = (&long[..]).chain(&mut endless);
        let err = read_lines_to_end(&mut input, &mut buf, 100_000).unwrap();
        assert_eq!(err, Err(LineTooLong { line: 3, offset: 8 }));
        assert!(buf.len() < 300_000);
    }

    #[test]
    fn read_head_says_whether_it_read_everything() {
        let data = vec![7u8; 100_000];
        let mut buf = Vec::new();
        assert_eq!(
            read_head(&mut &data[..], &mut buf, 200_000).unwrap(),
            (100_000, true)
        );
        assert_eq!(
            read_head(&mut &data[..], &mut buf, 70_000).unwrap(),
            (70_000, false)
        );
        let mut counted = CountingRead::new(&data[..10]);
        std::io::copy(&mut counted, &mut std::io::sink()).unwrap();
        assert_eq!(counted.count(), 10);
    }
}
