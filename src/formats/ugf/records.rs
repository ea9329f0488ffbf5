//! The records of a UGF/UGI input, one at a time: the input is read line
//! by line (lines end at CR, LF or CRLF; bounded by `--max-value-size`,
//! `E349`), and a `[Header]` section line after a `[Data]` section starts
//! the next record (files concatenated into one). Each record is handed
//! over as soon as the next one starts, so that the reader holds one
//! record, never the file. A `[Header]` before any `[Data]` stays in its
//! record: its fields add to the first's.

use super::codes::*;
use crate::error::Error;
use crate::formats::lines;
use crate::input::LineReader;
use std::io::Read;

/// Where one record's bytes stand in the input.
#[derive(Clone, Copy, Debug)]
pub(super) struct Start {
    /// The byte offset of the record's first byte.
    pub offset: u64,
    /// The 1-based line of its first byte.
    pub line: u32,
}

/// The records of one input, in order.
pub(super) struct Records<'a> {
    lines: LineReader<'a>,
    max: usize,
    /// Where the input's bytes start in the file (after a UTF-16 BOM).
    base: u64,
    /// The 1-based number of the next line.
    line: u32,
    /// The first line of the next record, read ahead, and where it starts.
    ahead: Option<(Vec<u8>, Start)>,
}

impl<'a> Records<'a> {
    /// The records of `input` (which starts at byte `base` of the file);
    /// no line longer than `max` bytes.
    pub fn new(input: &'a mut dyn Read, max: usize, base: u64) -> Self {
        Records {
            lines: LineReader::new(input, max).cr_ends_lines(),
            max,
            base,
            line: 1,
            ahead: None,
        }
    }

    /// Reads the next record into `buf` (cleared first): where it starts,
    /// or `None` at the end of the input.
    pub fn next(&mut self, buf: &mut Vec<u8>) -> Result<Option<Start>, Error> {
        buf.clear();
        let start = match self.ahead.take() {
            Some((line, at)) => {
                buf.extend_from_slice(&line);
                at
            }
            None => {
                let at = self.start();
                if !self.read_line(buf)? {
                    return Ok(None);
                }
                at
            }
        };
        let mut data = is_section(buf, "Data");
        loop {
            let at = self.start();
            let mut line = Vec::new();
            if !self.read_line(&mut line)? {
                break;
            }
            if data && is_section(&line, "Header") {
                self.ahead = Some((line, at));
                break;
            }
            data |= is_section(&line, "Data");
            buf.extend_from_slice(&line);
        }
        Ok(Some(start))
    }

    /// Where the next line starts.
    fn start(&self) -> Start {
        Start {
            offset: self.base + self.lines.offset(),
            line: self.line,
        }
    }

    /// Appends the next line, with its line end, to `buf`: false at the
    /// end of the input.
    fn read_line(&mut self, buf: &mut Vec<u8>) -> Result<bool, Error> {
        match self.lines.read_line(buf)? {
            Ok(false) => Ok(false),
            Ok(true) => {
                if buf.ends_with(b"\n") || buf.ends_with(b"\r") {
                    self.line = self.line.saturating_add(1);
                }
                Ok(true)
            }
            Err(at) => Err(lines::line_too_long(UGF_LINE_TOO_LONG, at, self.max)),
        }
    }
}

/// Whether `line` is the section line `[name]` (any case, blanks around).
fn is_section(line: &[u8], name: &str) -> bool {
    let t = line.trim_ascii();
    t.len() == name.len() + 2
        && t.starts_with(b"[")
        && t.ends_with(b"]")
        && t[1..t.len() - 1].eq_ignore_ascii_case(name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &[u8]) -> Vec<(Vec<u8>, u64, u32)> {
        let mut input = text;
        let mut records = Records::new(&mut input, 1000, 0);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(at) = records.next(&mut buf).unwrap() {
            out.push((buf.clone(), at.offset, at.line));
        }
        out
    }

    #[test]
    fn a_header_after_data_starts_a_record() {
        let one = b"[Header]\r\nSize=9\r\n[Data]\r\nCC,B1,1,0\r\n";
        let mut text = one.to_vec();
        text.extend_from_slice(b"[header]\r[Data]\r");
        text.extend_from_slice(one);
        let got = split(&text);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], (one.to_vec(), 0, 1));
        assert_eq!((got[1].1, got[1].2), (one.len() as u64, 5));
        assert_eq!(got[2].0, one);
        assert_eq!(got[2].2, 7);
    }

    #[test]
    fn headers_before_data_stay_together() {
        assert_eq!(split(b"[Header]\nA=1\n[Header]\nB=2\n[Data]\n").len(), 1);
    }
}
