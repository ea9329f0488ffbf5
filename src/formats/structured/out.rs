//! The structured writers' output (JSON, XML): one reused byte buffer the
//! writers append to directly, handed on to the output once it holds
//! [`FLUSH_AT`] bytes, so that no value goes through `io::Write` (and a
//! `BufWriter`'s dynamic dispatch and error plumbing) on its own.

use std::io::{self, Write};

/// The buffer is written out once it holds this much.
pub const FLUSH_AT: usize = 1 << 16;

/// Appends a number in decimal (itoa).
#[inline]
pub fn push_uint(buf: &mut Vec<u8>, n: u64) {
    buf.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// A number in decimal that counts up by one without formatting it again:
/// the node numbers of a run of moves, each one more than the last.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    /// The digits from the first, in `digits[..len]`.
    digits: [u8; 20],
    len: usize,
}

impl Decimal {
    pub fn new(n: u64) -> Self {
        let mut digits = [b'0'; 20];
        let mut b = itoa::Buffer::new();
        let s = b.format(n).as_bytes();
        digits[..s.len()].copy_from_slice(s);
        Decimal {
            digits,
            len: s.len(),
        }
    }

    /// Appends the digits to `buf`: all twenty copied (a fixed-size copy,
    /// two vector moves) and the buffer cut back, cheaper than a call to
    /// `memcpy` for a few bytes.
    #[inline]
    pub fn push_to(&self, buf: &mut Vec<u8>) {
        let at = buf.len();
        buf.extend_from_slice(&self.digits);
        buf.truncate(at + self.len);
    }

    /// Counts one up (past `u64::MAX` in decimal; at twenty nines it stays).
    #[inline]
    pub fn incr(&mut self) {
        for i in (0..self.len).rev() {
            if self.digits[i] != b'9' {
                self.digits[i] += 1;
                return;
            }
            self.digits[i] = b'0';
        }
        // All nines: one digit more, a 1 and zeros.
        if self.len < self.digits.len() {
            self.digits[0] = b'1';
            self.digits[self.len] = b'0';
            self.len += 1;
        } else {
            self.digits = [b'9'; 20];
        }
    }
}

/// A writer's output: append to `buf`, call [`ByteOut::ready`] between
/// pieces (a node, a game) and [`ByteOut::flush`] at the end.
pub struct ByteOut<'w> {
    out: Box<dyn Write + 'w>,
    /// What is written and not yet handed on.
    pub buf: Vec<u8>,
}

impl<'w> ByteOut<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        ByteOut {
            out,
            buf: Vec::with_capacity(FLUSH_AT + 4096),
        }
    }

    /// Hands the buffer on when it is full.
    #[inline]
    pub fn ready(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Everything written goes out.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_buffer_goes_out_when_full_and_at_the_end() {
        let mut sink = Vec::new();
        {
            let mut out = ByteOut::new(Box::new(&mut sink));
            out.buf.extend_from_slice(b"abc");
            out.ready().unwrap_or_default();
            assert_eq!(out.buf.len(), 3);
            out.buf.resize(FLUSH_AT + 1, b'x');
            out.ready().unwrap_or_default();
            assert!(out.buf.is_empty());
            out.buf.extend_from_slice(b"end");
            push_uint(&mut out.buf, 42);
            out.flush().unwrap_or_default();
        }
        assert_eq!(sink.len(), FLUSH_AT + 6);
        assert!(sink.ends_with(b"xend42"));
    }

    #[test]
    fn a_decimal_counts_as_itoa_writes() {
        for start in [0u64, 8, 9, 98, 99, 999, 1234, 99_999, u64::MAX - 3] {
            let mut d = Decimal::new(start);
            for n in start..start.saturating_add(3).max(start) {
                let mut buf = b"x".to_vec();
                d.push_to(&mut buf);
                assert_eq!(buf, format!("x{n}").as_bytes());
                d.incr();
            }
        }
        // Past u64::MAX it counts on in decimal, up to twenty nines.
        let mut d = Decimal::new(u64::MAX);
        d.incr();
        let mut buf = Vec::new();
        d.push_to(&mut buf);
        assert_eq!(buf, b"18446744073709551616");
        let mut d = Decimal {
            digits: [b'9'; 20],
            len: 20,
        };
        d.incr();
        let mut buf = Vec::new();
        d.push_to(&mut buf);
        assert_eq!(buf, [b'9'; 20]);
    }
}
