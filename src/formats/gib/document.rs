//! The structure of a GIB file, before any value is interpreted: the header
//! entries between `\HS` and `\HE` (a value may run over several lines until
//! its `\]`), then the preamble and the records between `\GS` and `\GE`.
//! Damaged structure is reported here and read as well as possible.

use super::codes::*;
use super::*;
use crate::diag::Reporter;
use crate::event::Pos;

/// One header entry, in file order.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Entry {
    pub key: String,
    pub value: String,
    pub pos: Pos,
}

/// One record of the game section, read again from the document's text
/// when asked for ([`Document::records`]): the document keeps no list of
/// them, so that a game of many moves is held once, as its nodes.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Record {
    /// Its tokens, joined by one space (a token holds none).
    line: String,
    /// The free text after `&4` (INI lines).
    text: String,
    pub pos: Pos,
}

impl Record {
    /// The tokens, joined by one space.
    pub fn line(&self) -> &str {
        &self.line
    }

    /// Token `i` (0: its kind, `STO`).
    pub fn token(&self, i: usize) -> Option<&str> {
        self.line.split(' ').nth(i).filter(|t| !t.is_empty())
    }

    /// The free text after `&4`.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// A whole GIB file: its header entries, preamble and where its records
/// are in the text it was read from.
#[derive(Default, Debug)]
pub(super) struct Document {
    pub entries: Vec<Entry>,
    /// The numeric preamble lines (`2 1 0`, `N 0 &4`).
    pub preamble: Vec<String>,
    /// Where the game section's first line starts: its byte in the text
    /// and its position in the file.
    game: Option<(usize, Pos)>,
    /// A record was read (the lines after it are not preamble).
    saw_record: bool,
    pub saw_structure: bool,
    /// Where reading stopped in the text given: the byte after the `\GE`
    /// line, or the end of the text. Another record may follow there.
    pub end: usize,
}

impl Document {
    /// The value of the first entry named `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value.as_str())
    }

    /// The records of the game section, read from `text` (the text the
    /// document was parsed from), in order.
    pub fn records<'t>(&self, text: &'t str) -> impl Iterator<Item = Record> + 't {
        let (from, pos) = self.game.unwrap_or((text.len(), Pos::new(0, 1, 1)));
        let body = text.get(from..self.end.max(from)).unwrap_or("");
        let mut saw_record = false;
        lines(body, pos)
            .map(|(line, pos)| (trim_record(line), pos))
            .take_while(|(t, _)| *t != "\\GE")
            .filter(|(t, _)| !t.is_empty())
            .filter_map(move |(t, pos)| {
                let r = split_record(t, pos, saw_record)?;
                saw_record = true;
                Some(r)
            })
    }

    /// Where the first entry named `key` is.
    pub fn pos_of(&self, key: &str) -> Option<Pos> {
        self.entries.iter().find(|e| e.key == key).map(|e| e.pos)
    }
}

/// A game-section line trimmed as the parser trims it.
fn trim_record(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_whitespace() || c == '\0')
}

/// Where the parser is in the file.
#[derive(PartialEq)]
enum State {
    Before,
    Header,
    BetweenSections,
    Game,
    After,
}

/// Lines with their 1-based numbers and byte offsets, `\r` stripped; the
/// first line is at `start` (its offset and line number in the file).
fn lines(text: &str, start: Pos) -> impl Iterator<Item = (&str, Pos)> {
    let mut offset = start.offset;
    text.split('\n').enumerate().map(move |(i, raw)| {
        let pos = Pos::new(offset, start.line + i as u32, 1);
        offset += raw.len() as u64 + 1;
        (raw.strip_suffix('\r').unwrap_or(raw), pos)
    })
}

/// Reads the structure of `text`, line by line.
#[cfg(test)]
pub(super) fn parse_document(text: &str, report: &mut Reporter) -> Document {
    parse_document_at(text, Pos::new(0, 1, 1), report)
}

/// Reads the structure of the first record of `text` (a file may hold
/// several, one after another), line by line, up to its `\GE`; `start` is
/// where `text` begins in the file. [`Document::end`] says where it stopped.
pub(super) fn parse_document_at(text: &str, start: Pos, report: &mut Reporter) -> Document {
    let mut parser = Parser {
        doc: Document::default(),
        state: State::Before,
        pending: None,
    };
    let mut last = start;
    parser.doc.end = text.len();
    for (line, pos) in lines(text, start) {
        if parser.state == State::Game && parser.doc.game.is_none() {
            let at = (pos.offset - start.offset) as usize;
            parser.doc.game = Some((at, pos));
        }
        if parser.state == State::After {
            parser.doc.end = (pos.offset - start.offset) as usize;
            break;
        }
        if !line.trim().is_empty() {
            last = pos;
        }
        if parser.continue_value(line, report) {
            continue;
        }
        parser.line(line, pos, report);
    }
    parser.finish(last, report)
}

/// The document being read and the state of the line-by-line reading.
struct Parser {
    doc: Document,
    state: State,
    /// A header value still waiting for its closing `\]`.
    pending: Option<(String, Pos)>,
}

impl Parser {
    /// Adds `line` to a header value still waiting for its `\]`. False when
    /// no value is waiting, or when `line` starts something new: the value
    /// is then taken as written and `line` is read on its own.
    fn continue_value(&mut self, line: &str, report: &mut Reporter) -> bool {
        let Some((mut acc, start)) = self.pending.take() else {
            return false;
        };
        if line.starts_with("\\[") || line.trim() == "\\HE" || line.trim() == "\\GS" {
            report.report(
                GIB_BAD_HEADER_LINE,
                Some(start),
                "header value never closed with `\\]`; kept as written",
            );
            push_entry(&mut self.doc, &acc, start, report);
            return false;
        }
        acc.push('\n');
        acc.push_str(line);
        if let Some(body) = acc.trim_end().strip_suffix("\\]") {
            let body = body.to_string();
            push_entry(&mut self.doc, &body, start, report);
        } else {
            self.pending = Some((acc, start));
        }
        true
    }

    /// One line read in the current state.
    fn line(&mut self, line: &str, pos: Pos, report: &mut Reporter) {
        let trimmed = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        match self.state {
            State::Before | State::Header | State::BetweenSections => {
                self.header_line(line, trimmed, pos, report)
            }
            State::Game => {
                if trimmed == "\\GE" {
                    self.state = State::After;
                } else if !trimmed.is_empty() {
                    parse_record(&mut self.doc, trimmed, pos);
                }
            }
            State::After => {}
        }
    }

    /// A line before the game section: a section mark, a header entry, or
    /// something else (reported inside the header, ignored outside it).
    fn header_line(&mut self, line: &str, trimmed: &str, pos: Pos, report: &mut Reporter) {
        if trimmed == "\\HS" {
            self.doc.saw_structure = true;
            self.state = State::Header;
        } else if trimmed == "\\HE" {
            self.doc.saw_structure = true;
            self.state = State::BetweenSections;
        } else if trimmed == "\\GS" {
            self.doc.saw_structure = true;
            self.state = State::Game;
        } else if let Some(body) = line.trim_start().strip_prefix("\\[") {
            if self.state == State::Before {
                self.state = State::Header;
            }
            match body.trim_end().strip_suffix("\\]") {
                Some(b) => push_entry(&mut self.doc, b, pos, report),
                None => self.pending = Some((body.to_string(), pos)),
            }
        } else if !trimmed.is_empty() && self.state == State::Header {
            report.report(
                GIB_BAD_HEADER_LINE,
                Some(pos),
                format!("not a header line, skipped: {}", clip(trimmed)),
            );
        }
    }

    /// The end of the file: a value never closed is kept as written, and a
    /// game section never closed is reported at the last line (`last`).
    fn finish(mut self, last: Pos, report: &mut Reporter) -> Document {
        if let Some((acc, start)) = self.pending {
            report.report(
                GIB_BAD_HEADER_LINE,
                Some(start),
                "header value never closed with `\\]`; kept as written",
            );
            push_entry(&mut self.doc, &acc, start, report);
        }
        if self.state == State::Game {
            report.report(
                GIB_TRUNCATED,
                Some(last),
                "the game section has no `\\GE`: the file is cut short; the moves read are kept",
            );
        }
        self.doc
    }
}

/// Adds the header entry `KEY=value` (a body without `=` is kept as a key).
fn push_entry(doc: &mut Document, body: &str, pos: Pos, report: &mut Reporter) {
    doc.saw_structure = true;
    match body.split_once('=') {
        Some((k, v)) => doc.entries.push(Entry {
            key: k.trim().to_string(),
            value: v.to_string(),
            pos,
        }),
        None => {
            report.report(
                GIB_BAD_HEADER_LINE,
                Some(pos),
                format!("header line without `=`, kept as a key: {}", clip(body)),
            );
            doc.entries.push(Entry {
                key: body.trim().to_string(),
                value: String::new(),
                pos,
            });
        }
    }
}

/// Record fields are separated by blanks, or by `+` in files that went
/// through a web form (`128+0+&4`, `STO+0+2+1+15+15`).
fn record_tokens(head: &str) -> impl Iterator<Item = &str> {
    head.split(|c: char| c.is_whitespace() || c == '+')
        .filter(|t| !t.is_empty())
}

/// Reads one line of the game section: a preamble line (numbers, before
/// any record) is added to the preamble, a record is only noted (it is
/// read again by [`Document::records`]).
fn parse_record(doc: &mut Document, line: &str, pos: Pos) {
    match split_record(line, pos, doc.saw_record) {
        Some(_) => doc.saw_record = true,
        None => doc
            .preamble
            .push(record_tokens(line).collect::<Vec<_>>().join(" ")),
    }
}

/// The record of one trimmed game-section line, or `None` for a preamble
/// line (numbers, before any record: `saw_record` false).
fn split_record(line: &str, pos: Pos, saw_record: bool) -> Option<Record> {
    // Free text after `&4` (INI's server message) is not tokenised.
    let (head, text) = match line.find("&4") {
        Some(i) => (&line[..i], line[i + 2..].trim().to_string()),
        None => (line, String::new()),
    };
    let first = record_tokens(head).next().unwrap_or("");
    if first.chars().all(|c| c.is_ascii_digit()) && !saw_record {
        return None;
    }
    let mut joined = String::new();
    for (k, t) in record_tokens(head).enumerate() {
        if k > 0 {
            joined.push(' ');
        }
        joined.push_str(t);
    }
    Some(Record {
        line: joined,
        text,
        pos,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_separated_game_sections_read() {
        let text = "\\HS\n\\[GIBOKIND=Global\\]\n\\HE\n\\GS\n2+1+0\n3+0+&4\nINI+0+1+0+&4\nSTO+0+2+1+15+3\nSKI+0+3\n\\GE\n";
        let mut r = Reporter::collecting("t");
        let doc = parse_document(text, &mut r);
        assert_eq!(doc.preamble, ["2 1 0", "3 0 &4"]);
        let records: Vec<Record> = doc.records(text).collect();
        let kinds: Vec<&str> = records.iter().map(|r| r.line()).collect();
        assert_eq!(kinds, ["INI 0 1 0", "STO 0 2 1 15 3", "SKI 0 3"]);
        assert_eq!(records[1].token(4), Some("15"));
        assert_eq!(records[1].token(6), None);
        assert_eq!((records[1].pos.offset, records[1].pos.line), (58, 8));
    }
}
