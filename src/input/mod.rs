//! The input side: reading a head to tell the format from (then reading
//! on as if nothing had been taken, [`sniff_head`], [`SNIFF_BYTES`]),
//! reading line by line with a bound on a line ([`LineReader`], for the
//! line-based readers, which hold one record at a time), a bound on one
//! token under a parser that holds it whole ([`TokenBound`]), and bytes
//! read ahead given back once read again ([`HeldThen`], [`release`]); what
//! game-parallel reading shares with the readers ([`pieces`]); and opening
//! an input, a file, stdin or an archive's member, as a named record of a
//! format ([`open`], which sits above the formats it names).

use std::io::{self, Read};

pub mod open;
pub mod pieces;
pub use pieces::{Cuts, Cutter, PieceEnd, Resume, CUTS_HEAD};

/// Bytes read to tell a format from the content: the one sniff size of
/// every opener (the command's inputs, archives' members, `migrate`'s
/// files of no known name).
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

/// Bytes a [`LineReader`] reads at a time.
const CHUNK: usize = 64 * 1024;

/// Reads `input` line by line, as the line-based readers (GIB, NGF, UGF)
/// do, so that they hold one record, never the whole input: each line is
/// handed over with its line end, and a line (the bytes between two line
/// ends) longer than `max_line` is refused as it grows ([`LineTooLong`]),
/// after at most `max_line` + 64 KiB bytes held. So an input with no line
/// end (`/dev/zero`) is refused instead of filling the memory.
pub struct LineReader<'a> {
    input: &'a mut dyn Read,
    chunk: Box<[u8]>,
    at: usize,
    end: usize,
    max_line: usize,
    /// Also end a line at a lone `\r` (UGF reads old Macintosh files).
    cr_ends_lines: bool,
    /// The 1-based number and byte offset of the next line.
    line: u32,
    offset: u64,
    done: bool,
}

impl<'a> LineReader<'a> {
    /// Lines of `input`, none longer than `max_line` bytes.
    pub fn new(input: &'a mut dyn Read, max_line: usize) -> Self {
        LineReader {
            input,
            chunk: vec![0u8; CHUNK + 1].into_boxed_slice(),
            at: 0,
            end: 0,
            max_line,
            cr_ends_lines: false,
            line: 1,
            offset: 0,
            done: false,
        }
    }

    /// Lines end at `\n`, and also at a `\r` not followed by `\n`.
    pub fn cr_ends_lines(mut self) -> Self {
        self.cr_ends_lines = true;
        self
    }

    /// The byte offset in the input of the next line.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Appends the next line, with its line end, to `out`: `Ok(Ok(false))`
    /// at the end of the input; `Ok(Err(where))` for a line longer than the
    /// bound (`out` then holds what was read of it).
    pub fn read_line(&mut self, out: &mut Vec<u8>) -> io::Result<Result<bool, LineTooLong>> {
        let start = out.len();
        loop {
            if self.at == self.end && !self.fill()? {
                return Ok(Ok(out.len() > start));
            }
            if let Some(k) = self.line_end()? {
                out.extend_from_slice(&self.chunk[self.at..self.at + k]);
                self.at += k;
                let len = out.len() - start;
                self.offset += len as u64;
                if content_len(&out[start..]) > self.max_line {
                    return Ok(Err(self.too_long(len as u64)));
                }
                self.line = self.line.saturating_add(1);
                return Ok(Ok(true));
            }
            out.extend_from_slice(&self.chunk[self.at..self.end]);
            self.at = self.end;
            if out.len() - start > self.max_line {
                let len = (out.len() - start) as u64;
                self.offset += len;
                return Ok(Err(self.too_long(len)));
            }
        }
    }

    /// Where the line that is `len` bytes long and ends here started.
    fn too_long(&self, len: u64) -> LineTooLong {
        LineTooLong {
            line: self.line,
            offset: self.offset - len,
        }
    }

    /// The length of the line at the start of the chunk's unread bytes,
    /// with its line end, if it ends there (a `\r` at the end of the chunk
    /// waits for the next byte).
    fn line_end(&mut self) -> io::Result<Option<usize>> {
        let avail = &self.chunk[self.at..self.end];
        let found = if self.cr_ends_lines {
            memchr::memchr2(b'\n', b'\r', avail)
        } else {
            memchr::memchr(b'\n', avail)
        };
        let Some(i) = found else { return Ok(None) };
        if avail[i] == b'\n' {
            return Ok(Some(i + 1));
        }
        match avail.get(i + 1) {
            Some(b'\n') => Ok(Some(i + 2)),
            Some(_) => Ok(Some(i + 1)),
            None => Ok(Some(i + 1 + usize::from(self.peek_lf()?))),
        }
    }

    /// After a `\r` that ends the chunk: whether the next byte is a `\n`
    /// (then it is taken into the line, the chunk refilled after it).
    fn peek_lf(&mut self) -> io::Result<bool> {
        let mut one = [0u8; 1];
        loop {
            match self.input.read(&mut one) {
                Ok(0) => return Ok(false),
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        // The byte read goes after the unread bytes (the chunk has one byte
        // more than is ever read into it).
        let n = self.end - self.at;
        self.chunk.copy_within(self.at..self.end, 0);
        self.chunk[n] = one[0];
        (self.at, self.end) = (0, n + 1);
        Ok(one[0] == b'\n')
    }

    /// Reads the next chunk: false at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.done {
            return Ok(false);
        }
        loop {
            match self.input.read(&mut self.chunk[..CHUNK]) {
                Ok(0) => {
                    self.done = true;
                    return Ok(false);
                }
                Ok(k) => {
                    (self.at, self.end) = (0, k);
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// The length of a line without its line end.
fn content_len(line: &[u8]) -> usize {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line).len()
}

/// Reads all of `input` into `buf` (appending) through a [`LineReader`]:
/// `Ok(Err(where))` at the first line longer than `max_line`, with `buf`
/// holding what was read.
pub fn read_lines_to_end(
    input: &mut dyn Read,
    buf: &mut Vec<u8>,
    max_line: usize,
) -> io::Result<Result<(), LineTooLong>> {
    let mut lines = LineReader::new(input, max_line);
    loop {
        match lines.read_line(buf)? {
            Ok(true) => {}
            Ok(false) => return Ok(Ok(())),
            Err(at) => return Ok(Err(at)),
        }
    }
}

/// Refuses to give more than a bound since its last [`TokenBound::mark`]:
/// under a parser that holds a whole token (the csv crate: a record), so
/// that an endless one is refused after about `limit` bytes instead of
/// filling the memory. The bound is checked on the bytes read from the
/// input, which run up to [`TOKEN_SLACK`] ahead of the parser.
pub struct TokenBound<R> {
    inner: R,
    read: u64,
    mark: u64,
    limit: u64,
    over: bool,
    /// The field separator, when fields count too ([`TokenBound::with_fields`]).
    separator: Option<u8>,
    /// Inside a quoted field (a `"` toggles it: `""` inside one twice).
    quoted: bool,
    /// Separators outside quotes read so far, and at the mark.
    fields: u64,
    fields_mark: u64,
}

/// What one field of a row costs the parser that holds the row: the csv
/// crate keeps a `usize` end per field in a list it grows by doubling, so
/// up to 16 bytes a field.
pub const FIELD_COST: u64 = 16;

/// How far a parser's buffer may read ahead of the token it parses.
pub const TOKEN_SLACK: u64 = 64 * 1024;

impl<R: Read> TokenBound<R> {
    /// `inner`, with no token longer than `limit` bytes.
    pub fn new(inner: R, limit: usize) -> Self {
        TokenBound {
            inner,
            read: 0,
            mark: 0,
            limit: limit as u64,
            over: false,
            separator: None,
            quoted: false,
            fields: 0,
            fields_mark: 0,
        }
    }

    /// Counts each `separator` outside `"` quotes as [`FIELD_COST`] bytes
    /// of the token besides its byte: a row of separators alone (`,,,,`)
    /// holds no text but a field end each, and is refused once those pass
    /// the limit.
    pub fn with_fields(mut self, separator: u8) -> Self {
        self.separator = Some(separator);
        self
    }

    /// A new token starts about here.
    pub fn mark(&mut self) {
        self.mark = self.read;
        self.fields_mark = self.fields;
    }

    /// Counts the separators outside quotes in `bytes`, just read.
    fn count_fields(&mut self, bytes: &[u8]) {
        let Some(sep) = self.separator else {
            return;
        };
        for i in memchr::memchr2_iter(b'"', sep, bytes) {
            if bytes[i] == b'"' {
                self.quoted = !self.quoted;
            } else if !self.quoted {
                self.fields += 1;
            }
        }
    }

    /// How much the token read since the mark weighs.
    fn weight(&self) -> u64 {
        let fields = (self.fields - self.fields_mark).saturating_mul(FIELD_COST);
        (self.read - self.mark).saturating_add(fields)
    }

    /// The reading failed on a token longer than the limit: the limit.
    pub fn too_long(&self) -> Option<u64> {
        self.over.then_some(self.limit)
    }
}

impl<R: Read> Read for TokenBound<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.weight() > self.limit.saturating_add(TOKEN_SLACK) {
            self.over = true;
            return Err(io::Error::other(format!(
                "a token is longer than {} bytes (--max-value-size)",
                self.limit
            )));
        }
        let k = self.inner.read(buf)?;
        self.read += k as u64;
        self.count_fields(buf.get(..k).unwrap_or_default());
        Ok(k)
    }
}

/// Counts the bytes read through it.
// Public for the command alone (`check --summary` counts the bytes of each
// file), not for an app: hidden from the documentation.
#[doc(hidden)]
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

/// Gives a large buffer's memory back, emptied and shrunk in place rather
/// than freed. With glibc, freeing a block past the mmap threshold raises
/// the threshold to that block's size: what grows next (a game's vectors)
/// then grows on the heap, where every old copy stays counted in the
/// resident size (measured: +44 bytes a node on a 100 000-move GIB game).
/// Shrinking it (a `realloc`, an `mremap`) leaves the threshold as it was.
pub fn release<T>(mut buffer: Vec<T>) {
    buffer.clear();
    buffer.shrink_to(1);
}

/// The rest of an input: bytes already read (`held`), then `input`. The
/// held bytes are given back ([`release`]) as they are read, a
/// [`HeldThen::CHUNK`] at a time, not when the reading ends: a reader
/// that reads a huge game in one pass after them (the rest of a split
/// input, past `parallel`'s largest piece; a JSON document's first line)
/// would otherwise hold them, megabytes, while the game grows.
pub struct HeldThen<R> {
    /// The held bytes in chunks, the last one first (the next to read).
    chunks: Vec<Vec<u8>>,
    /// Read of the last chunk.
    at: usize,
    input: R,
}

impl<R> HeldThen<R> {
    /// Bytes in a chunk given back at once.
    pub const CHUNK: usize = 256 << 10;

    /// `held`, then what `input` gives. `held` is cut into chunks from its
    /// end, each copied out and cut off in place (a copy of the bytes, at
    /// most a chunk more memory than `held`).
    pub fn new(mut held: Vec<u8>, input: R) -> Self {
        let mut chunks = Vec::new();
        while held.len() > Self::CHUNK {
            let tail = held.split_off(held.len() - Self::CHUNK);
            held.shrink_to_fit();
            chunks.push(tail);
        }
        if !held.is_empty() {
            chunks.push(held);
        }
        HeldThen {
            chunks,
            at: 0,
            input,
        }
    }

    /// The held bytes not read yet (none once they all were).
    pub fn into_unread(mut self) -> Vec<u8> {
        let mut unread = Vec::new();
        while let Some(chunk) = self.chunks.pop() {
            unread.extend_from_slice(&chunk[self.at..]);
            self.at = 0;
        }
        unread
    }

    /// Whether held bytes are still there (not all read).
    pub fn holds(&self) -> bool {
        !self.chunks.is_empty()
    }
}

impl<R: Read> Read for HeldThen<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(chunk) = self.chunks.last() else {
            return self.input.read(buf);
        };
        let n = (&chunk[self.at..]).read(buf)?;
        self.at += n;
        if self.at == chunk.len() {
            if let Some(done) = self.chunks.pop() {
                release(done);
            }
            self.at = 0;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_bytes_come_first_and_go_once_read() {
        let rest = b"-and the rest";
        let mut r = HeldThen::new(b"held".to_vec(), &rest[..]);
        let mut buf = [0u8; 3];
        assert_eq!(r.read(&mut buf).unwrap(), 3);
        assert!(r.holds());
        let part = HeldThen::new(b"held".to_vec(), &rest[..]);
        assert_eq!(part.into_unread(), b"held");
        assert_eq!(r.read(&mut buf).unwrap(), 1);
        assert!(!r.holds());
        let mut all = Vec::new();
        r.read_to_end(&mut all).unwrap();
        assert_eq!(all, b"-and the rest");
        let mut empty = HeldThen::new(Vec::new(), &b"x"[..]);
        assert!(!empty.holds());
        all.clear();
        empty.read_to_end(&mut all).unwrap();
        assert_eq!(all, b"x");
    }

    /// Held bytes of several chunks are read back in order, each chunk
    /// given back once read; what was not read is given back whole.
    #[test]
    fn held_chunks_are_read_in_order() {
        let chunk = HeldThen::<&[u8]>::CHUNK;
        let held: Vec<u8> = (0..chunk * 3 + 100).map(|i| (i % 251) as u8).collect();
        let mut r = HeldThen::new(held.clone(), &b"end"[..]);
        assert_eq!(r.chunks.len(), 4);
        let mut first = vec![0u8; chunk + 10];
        r.read_exact(&mut first).unwrap();
        assert_eq!(r.chunks.len(), 3, "the first chunk given back");
        assert_eq!(first, held[..chunk + 10]);
        let mut all = first;
        r.read_to_end(&mut all).unwrap();
        assert_eq!(&all[..held.len()], &held[..]);
        assert_eq!(&all[held.len()..], b"end");
        let mut part = HeldThen::new(held.clone(), &b""[..]);
        let mut some = vec![0u8; chunk * 2 + 5];
        part.read_exact(&mut some).unwrap();
        assert_eq!(part.into_unread(), &held[chunk * 2 + 5..]);
    }

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

    /// Gives at most `n` bytes per read: every line is split at a read.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let k = self.0.len().min(buf.len()).min(self.1);
            buf[..k].copy_from_slice(&self.0[..k]);
            self.0 = &self.0[k..];
            Ok(k)
        }
    }

    fn all_lines(input: &[u8], per_read: usize, cr: bool) -> Vec<Vec<u8>> {
        let mut t = Trickle(input, per_read);
        let mut lines = LineReader::new(&mut t, 100);
        if cr {
            lines = lines.cr_ends_lines();
        }
        let mut out = Vec::new();
        loop {
            let mut line = Vec::new();
            match lines.read_line(&mut line).unwrap() {
                Ok(true) => out.push(line),
                Ok(false) => return out,
                Err(e) => panic!("{e:?}"),
            }
        }
    }

    #[test]
    fn lines_split_at_any_read_boundary_read_the_same() {
        let text = b"ab\r\ncd\ref\n\ngh";
        for per_read in [1, 2, 3, 64 * 1024] {
            assert_eq!(
                all_lines(text, per_read, false),
                [&b"ab\r\n"[..], b"cd\ref\n", b"\n", b"gh"],
                "{per_read}"
            );
            assert_eq!(
                all_lines(text, per_read, true),
                [&b"ab\r\n"[..], b"cd\r", b"ef\n", b"\n", b"gh"],
                "{per_read}"
            );
        }
        // A `\r` that ends a full chunk, then its `\n`.
        let mut big = vec![b'x'; CHUNK - 1];
        big.extend_from_slice(b"\r\nz");
        let mut r = &big[..];
        let mut lines = LineReader::new(&mut r, CHUNK * 2).cr_ends_lines();
        let mut line = Vec::new();
        assert_eq!(lines.read_line(&mut line).unwrap(), Ok(true));
        assert_eq!(line.len(), CHUNK + 1);
        line.clear();
        assert_eq!(lines.read_line(&mut line).unwrap(), Ok(true));
        assert_eq!(line, b"z");
    }

    #[test]
    fn a_line_of_exactly_the_bound_is_read() {
        let mut text = vec![b'a'; 100];
        text.extend_from_slice(b"\r\n");
        assert_eq!(all_lines(&text, 7, false).len(), 1);
        text.insert(0, b'a');
        let mut r = &text[..];
        let mut lines = LineReader::new(&mut r, 100);
        let mut line = Vec::new();
        let err = lines.read_line(&mut line).unwrap();
        assert_eq!(err, Err(LineTooLong { line: 1, offset: 0 }));
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

    /// Reads all of `data` through a bound of `limit` counting fields in
    /// 4 KiB reads; whether it was refused.
    fn refused(data: &[u8], limit: usize) -> bool {
        let mut b = TokenBound::new(data, limit).with_fields(b',');
        let mut buf = [0u8; 4096];
        loop {
            match b.read(&mut buf) {
                Ok(0) => return false,
                Ok(_) => {}
                Err(_) => return b.too_long().is_some(),
            }
        }
    }

    #[test]
    fn a_row_of_separators_weighs_its_field_ends() {
        let limit = 100_000;
        // 20 000 commas: 20 KB of bytes, 320 KB of field ends.
        let commas = vec![b','; 20_000];
        assert!(refused(&commas, limit));
        assert!(!refused(&commas[..4_000], limit), "64 KB of ends and slack");
        // Quoted, they are text: bytes only.
        let mut quoted = vec![b'"'];
        quoted.extend_from_slice(&commas);
        quoted.push(b'"');
        assert!(!refused(&quoted, limit));
        // Counted from the mark: many short rows are never refused.
        let rows = b"a,b,c,d\n".repeat(50_000);
        let mut b = TokenBound::new(&rows[..], limit).with_fields(b',');
        let mut buf = [0u8; 8];
        while b.read(&mut buf).unwrap() > 0 {
            b.mark();
        }
        // Without fields counted, the bytes alone decide.
        let mut plain = TokenBound::new(&commas[..], limit);
        std::io::copy(&mut plain, &mut std::io::sink()).unwrap();
    }
}
