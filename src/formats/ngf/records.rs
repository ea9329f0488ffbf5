//! The records of an NGF input, one at a time. NGF has no start mark: a
//! file is one record, and a record appended to it (as concatenating files
//! gives) is told only by its header. So the input is read line by line
//! (bounded by `--max-value-size`, `E299`), a few lines ahead, and a new
//! record starts at a line after the moves that begins a whole header
//! followed by a move line: the standard variant's twelve lines (a board
//! size on the second, numbers on the sixth to eighth and on the twelfth)
//! or the `GI` variant's eleven `GI` lines. Each record is handed over as
//! soon as the next one starts, so that the reader holds one record, never
//! the file.

use super::codes::*;
use super::*;
use crate::error::Error;
use crate::formats::lines::{self, RecordStart};
use crate::input::LineReader;
use std::collections::VecDeque;
use std::io::Read;

/// Lines looked at ahead: a standard header and the first move line.
const AHEAD: usize = 13;

/// A header line is short: a longer line ends the look ahead.
const HEADER_LINE: usize = 4096;

/// The records of one input, in order.
pub(super) struct Records<'a> {
    lines: LineReader<'a>,
    max: usize,
    bom: bool,
    first: bool,
    /// The 1-based number of the next line read from the input.
    line: u32,
    /// Lines read ahead, with where they start.
    ahead: VecDeque<(Vec<u8>, RecordStart)>,
    /// A line read ahead is longer than a header line: no header there.
    long_ahead: bool,
    done: bool,
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
            ahead: VecDeque::new(),
            long_ahead: false,
            done: false,
        }
    }

    /// Reads the next record into `buf` (cleared first): where it starts,
    /// or `None` at the end of the input.
    pub fn next(&mut self, buf: &mut Vec<u8>) -> Result<Option<RecordStart>, Error> {
        buf.clear();
        self.look_ahead()?;
        let Some(start) = self.ahead.front().map(|(_, at)| *at) else {
            return Ok(None);
        };
        let mut moves = false;
        loop {
            self.look_ahead()?;
            let Some((line, _)) = self.ahead.front() else {
                break;
            };
            let text = String::from_utf8_lossy(line);
            if moves && !is_move_line(&text) && self.header_ahead() {
                break;
            }
            moves |= is_move_line(&text);
            if let Some((line, _)) = self.ahead.pop_front() {
                buf.extend_from_slice(&line);
            }
        }
        Ok(Some(start))
    }

    /// Whether the lines ahead begin a whole header followed by a move.
    fn header_ahead(&self) -> bool {
        if self.long_ahead && self.ahead.len() < AHEAD {
            return false;
        }
        let lines: Vec<String> = self
            .ahead
            .iter()
            .map(|(l, _)| String::from_utf8_lossy(l).trim().to_string())
            .collect();
        starts_header(&lines)
    }

    /// Reads lines until [`AHEAD`] are held, a long one is, or the input
    /// ends.
    fn look_ahead(&mut self) -> Result<(), Error> {
        self.long_ahead = self.ahead.iter().any(|(l, _)| l.len() > HEADER_LINE);
        while !self.done && self.ahead.len() < AHEAD && !self.long_ahead {
            let mut at = RecordStart {
                bom: self.bom,
                offset: self.lines.offset() - if self.bom { 3 } else { 0 },
                line: self.line,
            };
            let mut line = Vec::new();
            match self.lines.read_line(&mut line)? {
                Ok(true) => {}
                Ok(false) => self.done = true,
                Err(e) => return Err(lines::line_too_long(NGF_LINE_TOO_LONG, e, self.max)),
            }
            if self.done {
                break;
            }
            if std::mem::take(&mut self.first) {
                self.bom = lines::strip_bom(&mut line);
                at.bom = self.bom;
            }
            if line.ends_with(b"\n") {
                self.line = self.line.saturating_add(1);
            }
            self.long_ahead = line.len() > HEADER_LINE;
            self.ahead.push_back((line, at));
        }
        Ok(())
    }
}

/// Whether `lines` (trimmed) begin a whole header followed by a move line:
/// the `GI` variant's eleven `GI` lines, or the standard variant's twelve
/// with a board size on the second line and numbers where the format has
/// them (handicap, the always-0 line, komi, the move count).
fn starts_header(lines: &[String]) -> bool {
    let gi = lines.len() >= 12
        && lines[..11].iter().all(|l| l.starts_with("GI"))
        && is_move_line(&lines[11]);
    if gi {
        return true;
    }
    let int = |i: usize| lines.get(i).is_some_and(|l| l.parse::<i64>().is_ok());
    let size = lines
        .get(1)
        .and_then(|l| l.parse::<u32>().ok())
        .is_some_and(|s| (2..=52).contains(&s));
    lines.len() >= AHEAD
        && !lines[0].starts_with("PM")
        && size
        && int(5)
        && int(6)
        && int(7)
        && int(11)
        && is_move_line(&lines[12])
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "Title\n19\nW 1d\nB 2d\nsite\n0\n0\n6\n20100101\n5\nBlack wins by 0.5!\n2\nPMABBREER\nPMACWEEEE\n";

    fn split(text: &str, per_read: usize) -> Vec<(String, u64, u32)> {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, b: &mut [u8]) -> std::io::Result<usize> {
                let k = self.0.len().min(b.len()).min(self.1);
                b[..k].copy_from_slice(&self.0[..k]);
                self.0 = &self.0[k..];
                Ok(k)
            }
        }
        let mut input = Trickle(text.as_bytes(), per_read);
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
    fn a_header_after_the_moves_starts_a_record() {
        let text = format!("{ONE}{ONE}\n{ONE}");
        for per_read in [1, 5, 1 << 16] {
            let got = split(&text, per_read);
            assert_eq!(got.len(), 3, "{per_read}");
            assert_eq!(got[0], (ONE.to_string(), 0, 1));
            assert_eq!(got[1].1, ONE.len() as u64);
            assert_eq!(got[1].2, 15);
            assert_eq!(got[2].0, ONE);
        }
    }

    #[test]
    fn noise_after_the_moves_stays_in_the_record() {
        let text = format!("{ONE}this line is noise\n19\n");
        assert_eq!(split(&text, 7).len(), 1);
    }

    #[test]
    fn gi_records_split_too() {
        let gi = "GIt\nGIw\nGIb\nGI\nGI\nGI2006-9-5\nGI19\nGI0\nGI0\nGI6\nGI1\nPMABBREER\nGI1\nIDB[1] x[EndTxt]\n";
        assert_eq!(split(&format!("{gi}{gi}"), 3).len(), 2);
    }
}
