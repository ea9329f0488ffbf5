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

    /// Follows `bytes`: false when a token passes the bound. It jumps
    /// from quote to quote (`memchr2`, backslashes too: an escaped quote
    /// does not end a string).
    fn follow(&mut self, bytes: &[u8]) -> bool {
        let mut rest = bytes;
        loop {
            if self.escape {
                let Some((_, tail)) = rest.split_first() else {
                    return true;
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
    }
}
