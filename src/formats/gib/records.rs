//! The records of a GIB input, one at a time: the input is read line by
//! line (bounded by `--max-value-size`, `E249`) and each `\HS … \GE` record
//! is handed over as soon as its `\GE` line is read, so that the reader
//! holds one record, never the file. The split follows the document
//! parser's own state (`document.rs`) on the raw lines: a record starts at
//! its first structure line (`\HS`, `\HE`, `\GS` or a header line `\[`)
//! and ends after the `\GE` of its game section. Lines outside records are
//! not held: only the first one that is not blank after the last record is
//! kept, for `W218`.

use super::codes::*;
use crate::error::Error;
use crate::formats::lines::{self, RecordStart};
use crate::input::LineReader;
use std::io::Read;

/// Where the splitter is in a record (the parser's states, in short).
#[derive(Clone, Copy, PartialEq, Default)]
enum State {
    /// Before the record's first structure line.
    #[default]
    Outside,
    /// In the header, or between the header and the game section.
    Header,
    /// In the game section: a `\GE` line ends the record.
    Game,
}

/// Text after the last record: its first line that is not blank (raw
/// bytes, line end cut) and where it starts.
pub(super) struct Trailing {
    pub line: Vec<u8>,
    pub at: RecordStart,
}

/// The records of one input, in order.
pub(super) struct Records<'a> {
    lines: LineReader<'a>,
    max: usize,
    bom: bool,
    first: bool,
    /// The 1-based number of the next line.
    line: u32,
    trailing: Option<Trailing>,
}

impl<'a> Records<'a> {
    /// The records of `input`; no line longer than `max` bytes.
    pub fn new(input: &'a mut dyn Read, max: usize) -> Self {
        Records {
            lines: LineReader::new(input, max),
            max,
            bom: false,
            first: true,
            line: 1,
            trailing: None,
        }
    }

    /// The text after the last record (once [`Records::next`] said there
    /// is no more), if it is not blank.
    pub fn trailing(&mut self) -> Option<Trailing> {
        self.trailing.take()
    }

    /// Reads the next record into `buf` (cleared first): where it starts,
    /// or `None` at the end of the input.
    pub fn next(&mut self, buf: &mut Vec<u8>) -> Result<Option<RecordStart>, Error> {
        let Some(start) = self.find_start(buf)? else {
            return Ok(None);
        };
        self.trailing = None;
        let mut split = Split::default();
        split.line(text_of(buf));
        while !split.ended {
            let from = buf.len();
            if !self.read_line(buf)? {
                break;
            }
            split.line(text_of(&buf[from..]));
        }
        Ok(Some(start))
    }

    /// Skips the lines before a record's first structure line, which is
    /// put in `buf`: where it starts, or `None` when the input ends first
    /// (its first line that is not blank is then kept as trailing text).
    fn find_start(&mut self, buf: &mut Vec<u8>) -> Result<Option<RecordStart>, Error> {
        loop {
            let mut at = self.start();
            buf.clear();
            if !self.read_line(buf)? {
                return Ok(None);
            }
            at.bom = self.bom;
            let text = text_of(buf);
            if Split::starts_record(&text) {
                return Ok(Some(at));
            }
            let blank = text.chars().all(|c| c.is_whitespace() || c == '\0');
            if self.trailing.is_none() && !blank {
                let line = buf.strip_suffix(b"\n").unwrap_or(buf);
                let line = line.strip_suffix(b"\r").unwrap_or(line).to_vec();
                self.trailing = Some(Trailing { line, at });
            }
        }
    }

    /// Where the next line starts.
    fn start(&self) -> RecordStart {
        RecordStart {
            bom: self.bom,
            offset: self.lines.offset() - if self.bom { 3 } else { 0 },
            line: self.line,
        }
    }

    /// Appends the next line (its line end kept; a BOM at the very start
    /// cut) to `buf`: false at the end of the input.
    fn read_line(&mut self, buf: &mut Vec<u8>) -> Result<bool, Error> {
        let from = buf.len();
        match self.lines.read_line(buf)? {
            Ok(false) => return Ok(false),
            Ok(true) => {}
            Err(at) => return Err(lines::line_too_long(GIB_LINE_TOO_LONG, at, self.max)),
        }
        if std::mem::take(&mut self.first) {
            let mut line = buf.split_off(from);
            self.bom = lines::strip_bom(&mut line);
            buf.extend_from_slice(&line);
        }
        if buf.ends_with(b"\n") {
            self.line = self.line.saturating_add(1);
        }
        Ok(true)
    }
}

/// One line as the parser sees it (lossy: the structure is ASCII), its
/// line end cut.
fn text_of(line: &[u8]) -> std::borrow::Cow<'_, str> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    String::from_utf8_lossy(line)
}

/// The parser's state transitions, on the lines of one record.
#[derive(Default)]
struct Split {
    state: State,
    /// A header value waits for its closing `\]`.
    pending: bool,
    /// The `\GE` line was read.
    ended: bool,
}

impl Split {
    /// Whether `line` is a structure line (the first of a record).
    fn starts_record(line: impl AsRef<str>) -> bool {
        let line = line.as_ref();
        let t = trim(line);
        t == "\\HS" || t == "\\HE" || t == "\\GS" || line.trim_start().starts_with("\\[")
    }

    /// One line of the record.
    fn line(&mut self, line: impl AsRef<str>) {
        let line = line.as_ref();
        if self.pending {
            if line.starts_with("\\[") || line.trim() == "\\HE" || line.trim() == "\\GS" {
                self.pending = false;
            } else {
                self.pending = !line.trim_end().ends_with("\\]");
                return;
            }
        }
        let t = trim(line);
        match self.state {
            State::Game => self.ended |= t == "\\GE",
            State::Outside | State::Header => {
                if t == "\\HS" || t == "\\HE" {
                    self.state = State::Header;
                } else if t == "\\GS" {
                    self.state = State::Game;
                } else if let Some(body) = line.trim_start().strip_prefix("\\[") {
                    self.state = State::Header;
                    self.pending = !body.trim_end().ends_with("\\]");
                }
            }
        }
    }
}

/// A line trimmed as the parser trims it (blank space and NULs).
fn trim(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_whitespace() || c == '\0')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &[u8]) -> Vec<(String, u64, u32)> {
        let mut input = text;
        let mut records = Records::new(&mut input, 1000);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(at) = records.next(&mut buf).unwrap() {
            out.push((
                String::from_utf8_lossy(&buf).into_owned(),
                at.offset,
                at.line,
            ));
        }
        out
    }

    #[test]
    fn records_end_at_their_ge() {
        let one = "\\HS\n\\[A=1\\]\n\\HE\n\\GS\n2 1 0\n\\GE\n";
        let text = format!("{one}\n{one}junk\n");
        let got = split(text.as_bytes());
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], (one.to_string(), 0, 1));
        assert_eq!(got[1], (one.to_string(), one.len() as u64 + 1, 8));
    }

    #[test]
    fn a_ge_inside_a_header_value_ends_nothing() {
        let text = b"\\HS\n\\[A=x\n\\GE\nstill\\]\n\\GS\n\\GE\n\\HS\n";
        let got = split(text);
        assert_eq!(got.len(), 2);
        assert!(got[0].0.ends_with("\\GS\n\\GE\n"));
    }

    #[test]
    fn the_text_after_the_last_record_is_kept_once() {
        let mut input = &b"\\GS\n\\GE\n\n  \0\nnoise\nmore\n"[..];
        let mut records = Records::new(&mut input, 1000);
        let mut buf = Vec::new();
        assert!(records.next(&mut buf).unwrap().is_some());
        assert!(records.next(&mut buf).unwrap().is_none());
        let t = records.trailing().unwrap();
        assert_eq!(t.line, b"noise");
        assert_eq!((t.at.offset, t.at.line), (13, 5));
    }

    #[test]
    fn a_bom_is_cut_and_remembered() {
        let mut input = &b"\xEF\xBB\xBF\\HS\n\\GS\n\\GE\n"[..];
        let mut records = Records::new(&mut input, 1000);
        let mut buf = Vec::new();
        let at = records.next(&mut buf).unwrap().unwrap();
        assert!(at.bom);
        assert_eq!(buf, b"\\HS\n\\GS\n\\GE\n");
    }
}
