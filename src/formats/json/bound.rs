//! The bound on one JSON token: the reader's parsers (serde_json holds a
//! string whole while it reads it) would otherwise grow without limit on
//! an endless string or number. [`Bounded`] follows the quotes as the
//! bytes pass (an escaped quote does not end a string) and fails the
//! reading when a string, or the bytes between two strings (numbers,
//! punctuation, blank space), are longer than `--max-value-size` (`E357`).
//! sgfconv's JSON has a string every few bytes; a document of other JSON
//! with more than that between two strings would need a larger bound.

use std::io::{self, Read};

/// The error payload that says the bound was passed: the bound.
#[derive(Debug)]
pub(super) struct TooLong(pub u64);

impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a string, or the text between two strings, is longer than {} bytes (--max-value-size)",
            self.0
        )
    }
}

impl std::error::Error for TooLong {}

/// Whether `e` is the error of a token past the bound: the bound.
pub(super) fn too_long(e: &io::Error) -> Option<u64> {
    e.get_ref()?.downcast_ref::<TooLong>().map(|t| t.0)
}

/// `inner`, read with no token longer than `limit` bytes.
pub(super) struct Bounded<R> {
    inner: R,
    limit: u64,
    /// Bytes of the current token so far.
    run: u64,
    in_string: bool,
    escape: bool,
}

impl<R: Read> Bounded<R> {
    pub fn new(inner: R, limit: usize) -> Self {
        Bounded {
            inner,
            limit: limit as u64,
            run: 0,
            in_string: false,
            escape: false,
        }
    }

    /// Follows `bytes`: false when a token passes the bound. Between two
    /// backslashes, while no token there can pass the bound, only the
    /// quotes' count (inside a string or not) and the last quote matter:
    /// both found by whole-slice scans (sgfconv's JSON has a quote every
    /// few bytes, too many to stop at each). Past that, [`Self::follow_exact`].
    fn follow(&mut self, bytes: &[u8]) -> bool {
        let mut rest = bytes;
        while !rest.is_empty() {
            if self.escape {
                self.escape = false;
                self.run += 1;
                rest = &rest[1..];
                continue;
            }
            let end = memchr::memchr(b'\\', rest).unwrap_or(rest.len());
            let segment = &rest[..end];
            if self.run + end as u64 > self.limit {
                return self.follow_exact(rest);
            }
            let quotes = count_quotes(segment);
            self.in_string ^= quotes % 2 == 1;
            match memchr::memrchr(b'"', segment) {
                Some(q) => self.run = (end - q - 1) as u64,
                None => self.run += end as u64,
            }
            rest = &rest[end..];
            if let Some((_, tail)) = rest.split_first() {
                // A backslash: it escapes the next byte inside a string.
                self.escape = self.in_string;
                self.run += 1;
                rest = tail;
            }
        }
        self.run <= self.limit
    }

    /// [`Self::follow`] byte by byte where it matters: it jumps from quote
    /// to quote (`memchr2`, backslashes too: an escaped quote does not end
    /// a string) and stops at the first token past the bound.
    fn follow_exact(&mut self, bytes: &[u8]) -> bool {
        let mut rest = bytes;
        loop {
            if self.escape {
                // A backslash last: its byte comes later, its own counted.
                let Some((_, tail)) = rest.split_first() else {
                    return self.run <= self.limit;
                };
                self.escape = false;
                self.run += 1;
                rest = tail;
                continue;
            }
            let Some(k) = memchr::memchr2(b'"', b'\\', rest) else {
                self.run += rest.len() as u64;
                return self.run <= self.limit;
            };
            self.run += k as u64;
            if self.run > self.limit {
                return false;
            }
            if rest[k] == b'"' {
                self.in_string = !self.in_string;
                self.run = 0;
            } else {
                self.escape = self.in_string;
                self.run += 1;
            }
            rest = &rest[k + 1..];
        }
    }
}

/// The quotes in `bytes`, counted in blocks of 255 into a byte (which
/// the compiler turns into vector instructions).
fn count_quotes(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'"'))))
        .sum()
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let k = self.inner.read(buf)?;
        if !self.follow(&buf[..k]) {
            return Err(io::Error::other(TooLong(self.limit)));
        }
        Ok(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passes(text: &str, limit: usize) -> bool {
        let mut b = Bounded::new(text.as_bytes(), limit);
        let mut out = Vec::new();
        match b.read_to_end(&mut out) {
            Ok(_) => true,
            Err(e) => {
                assert_eq!(too_long(&e), Some(limit as u64));
                false
            }
        }
    }

    /// The state after following `text` in chunks of `chunk` bytes, by
    /// the fast path or byte by byte only.
    fn state(text: &[u8], limit: usize, chunk: usize, exact: bool) -> (bool, u64, bool, bool) {
        let mut b = Bounded::new(&b""[..], limit);
        let ok = text.chunks(chunk.max(1)).all(|c| match exact {
            true => b.follow_exact(c),
            false => b.follow(c),
        });
        (ok, b.run, b.in_string, b.escape)
    }

    proptest::proptest! {
        #[test]
        fn the_fast_path_follows_as_byte_by_byte(
            text in proptest::collection::vec(proptest::sample::select(b"ab\"\\,: ".to_vec()), 0..200),
            limit in 1usize..40,
            chunk in 1usize..50,
        ) {
            let fast = state(&text, limit, chunk, false);
            let exact = state(&text, limit, chunk, true);
            // Once past the bound the reading stops: only that is compared.
            if exact.0 {
                proptest::prop_assert_eq!(fast, exact);
            } else {
                proptest::prop_assert!(!fast.0);
            }
        }
    }

    #[test]
    fn strings_and_runs_are_bounded_one_by_one() {
        assert!(passes(r#"{"abcd":"efgh","x":"1234"}"#, 4));
        assert!(!passes(r#"{"abcde":1}"#, 4));
        assert!(!passes(r#"[12345]"#, 4));
        // An escaped quote does not end the string.
        assert!(!passes(r#"["ab\"cd"]"#, 4));
        assert!(passes(r#"["ab\\","cd"]"#, 4));
        // Punctuation inside a string is the string's.
        assert!(!passes(r#"["a,b,c"]"#, 4));
        // Between strings, everything counts.
        assert!(!passes(r#"["a",123,"b"]"#, 4));
        assert!(passes(r#"["a",12,"b"]"#, 4));
        // A backslash that takes a string past the bound as the input ends
        // (byte by byte, as the property test below found).
        let text = b"\"\"\"\"\"\\a\\aa\\aaa,\\";
        assert_eq!(state(text, 10, 1, true), state(text, 10, 1, false));
        assert!(!state(text, 10, 1, true).0);
    }
}
