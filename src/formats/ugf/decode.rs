//! The UGF reader's encoding decisions and decoded lines.
//!
//! The encoding decisions of a UGF record, and its lines decoded: the
//! character set from the byte-order mark, `--encoding`, `Lang=` and the
//! bytes themselves (`W302`, `I303`), then the record split into lines of
//! UTF-8 held back to back in one buffer ([`Lines`]).

use super::codes::*;
use super::records::Start;
use crate::charset;
use crate::diag::Reporter;
use crate::event::{EncodingSource, Pos};
use crate::options::ReadOptions;
use encoding_rs::{Encoding, SHIFT_JIS, UTF_8};
use std::borrow::Cow;

/// One line of the file, decoded, without its line ending: a view into
/// the record's [`Lines`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Line<'a> {
    pub text: &'a str,
    pub pos: Pos,
}

/// The decoded lines of one record, back to back in one buffer (a record
/// of many moves costs its text and 8 bytes a line, not a `String` each).
/// Offsets are `u32` and saturate: past 4 GiB in one record (far more
/// than a game held in memory can be), positions stop growing.
#[derive(Default)]
pub(super) struct Lines {
    text: String,
    /// Per line: where its text ends in `text`.
    ends: Vec<u32>,
    /// Per line: where it starts in the input, from `base`.
    starts: Vec<u32>,
    base: u64,
    /// The number of the first line.
    first: u32,
}

impl Lines {
    /// Gives the buffers back ([`crate::formats::lines::release`]).
    pub(super) fn release(self) {
        crate::formats::lines::release(self.text.into_bytes());
        crate::formats::lines::release(self.ends);
        crate::formats::lines::release(self.starts);
    }

    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Line `i` (`i < len`).
    pub(super) fn get(&self, i: usize) -> Line<'_> {
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        let text = self.text.get(from..self.ends[i] as usize).unwrap_or("");
        let offset = self.base + u64::from(self.starts[i]);
        let number = self.first.saturating_add(i as u32);
        Line {
            text,
            pos: Pos::new(offset, number, 1),
        }
    }
}

/// What the record reading needs to know of the input.
#[derive(Clone, Copy)]
pub(super) struct Stream {
    /// The file's byte-order mark, if any.
    pub(super) bom: Option<(&'static Encoding, usize)>,
    /// Where the bytes read start in the file.
    pub(super) base: u64,
    /// The bytes read are UTF-8 already (turned from UTF-16 by [`read`]).
    pub(super) utf8: bool,
}

/// Finds the value of `Lang=` in the raw bytes (it is ASCII in every file).
fn declared_lang(bytes: &[u8]) -> Option<String> {
    for line in bytes.split(|&b| b == b'\n' || b == b'\r') {
        let t = line.trim_ascii();
        if t.len() > 5 && t[..5].eq_ignore_ascii_case(b"lang=") {
            return Some(String::from_utf8_lossy(&t[5..]).trim().to_string());
        }
        if t.eq_ignore_ascii_case(b"[Data]") {
            break;
        }
    }
    None
}

/// The encoding of a `Lang=` value (`SJIS` is read as CP932).
pub(crate) fn lang_encoding(lang: &str) -> Option<&'static Encoding> {
    charset::lookup(lang)
}

pub(super) type Decided = (&'static Encoding, EncodingSource);

/// Decides the encoding of one record (the `first` holds the file's BOM)
/// and splits it into decoded lines.
pub(super) fn decode(
    bytes: &[u8],
    at: Start,
    first: bool,
    stream: Stream,
    options: &ReadOptions,
    report: &mut Reporter,
) -> (Lines, Decided) {
    let skip = match stream.bom {
        Some((_, n)) if first && !stream.utf8 => n,
        _ => 0,
    };
    let body = &bytes[skip..];
    let decided = decide_encoding(body, stream.bom.map(|(e, _)| e), options, report);
    // Where the body starts in the input (after a BOM), taken before a
    // transcoding can change its length.
    let base = at.offset + skip as u64;
    let (body, enc) = if stream.utf8 {
        (Cow::Borrowed(body), UTF_8)
    } else {
        ascii_compatible(body, decided.0, report)
    };
    (split_lines(&body, enc, base, at.line, report), decided)
}

/// The encoding of `body`: the one forced, the BOM's, the one `Lang=`
/// declares (unless the bytes are UTF-8), else the default (Shift_JIS).
fn decide_encoding(
    body: &[u8],
    bom: Option<&'static Encoding>,
    options: &ReadOptions,
    report: &mut Reporter,
) -> Decided {
    let lang = declared_lang(body);
    let declared = lang.as_deref().and_then(lang_encoding);
    if let (Some(l), None) = (&lang, declared) {
        if !l.is_empty() {
            report.report(
                UGF_UNKNOWN_LANG,
                None,
                format!(
                    "unknown Lang={l}; the text is read as UTF-8 if valid, else Shift_JIS (CP932)"
                ),
            );
        }
    }
    if let Some(enc) = options.encoding {
        (enc, EncodingSource::Forced)
    } else if let Some(enc) = bom {
        (enc, EncodingSource::Bom)
    } else if body.is_ascii() {
        (
            declared.unwrap_or(UTF_8),
            if declared.is_some() {
                EncodingSource::Declared
            } else {
                EncodingSource::Utf8
            },
        )
    } else if std::str::from_utf8(body).is_ok() {
        if let Some(d) = declared.filter(|d| *d != UTF_8) {
            report.report(
                UGF_LANG_MISMATCH,
                None,
                format!(
                    "Lang={} but the bytes are valid UTF-8: read as UTF-8",
                    d.name()
                ),
            );
        }
        (UTF_8, EncodingSource::Utf8)
    } else if let Some(enc) = declared {
        (enc, EncodingSource::Declared)
    } else {
        (
            options.default_encoding.unwrap_or(SHIFT_JIS),
            EncodingSource::Default,
        )
    }
}

/// `body` in an ASCII-compatible encoding, and that encoding: one that is
/// not (UTF-16) is turned into UTF-8 first, so lines can be split on bytes
/// (offsets are then into the UTF-8 text).
pub(super) fn ascii_compatible<'a>(
    body: &'a [u8],
    enc: &'static Encoding,
    report: &mut Reporter,
) -> (Cow<'a, [u8]>, &'static Encoding) {
    if enc.is_ascii_compatible() {
        return (Cow::Borrowed(body), enc);
    }
    let (s, bad) = charset::decode(enc, body);
    if !bad.is_empty() {
        report.report(
            UGF_UNDECODABLE_BYTES,
            None,
            format!(
                "{} bytes not valid {}: replaced by U+FFFD",
                bad.len(),
                enc.name()
            ),
        );
    }
    (Cow::Owned(s.into_bytes()), UTF_8)
}

/// The lines of `body` (ending in LF, CR or CRLF), each decoded from `enc`;
/// positions count from `base`, the body's offset in the input, and lines
/// from `first`, the number of its first line.
fn split_lines(
    body: &[u8],
    enc: &'static Encoding,
    base: u64,
    first: u32,
    report: &mut Reporter,
) -> Lines {
    let mut lines = Lines {
        base,
        first,
        ..Lines::default()
    };
    let mut start = 0usize;
    let mut number = first;
    loop {
        let end = memchr::memchr2(b'\n', b'\r', &body[start..]).map_or(body.len(), |k| start + k);
        let pos = Pos::new(base + start as u64, number, 1);
        let bad = charset::decode_into(enc, &body[start..end], &mut lines.text);
        if let Some(&b) = bad.first() {
            let col = b as u32 + 1;
            report.report(
                UGF_UNDECODABLE_BYTES,
                Some(Pos::new(pos.offset + b as u64, number, col)),
                format!("bytes not valid {}: replaced by U+FFFD", enc.name()),
            );
        }
        lines.starts.push(u32::try_from(start).unwrap_or(u32::MAX));
        lines
            .ends
            .push(u32::try_from(lines.text.len()).unwrap_or(u32::MAX));
        if end >= body.len() {
            break;
        }
        start = if body[end] == b'\r' && body.get(end + 1) == Some(&b'\n') {
            end + 2
        } else {
            end + 1
        };
        number += 1;
        if start >= body.len() {
            break;
        }
    }
    lines.text.shrink_to_fit();
    lines.ends.shrink_to_fit();
    lines.starts.shrink_to_fit();
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::ugf::sections::split_sections;

    #[test]
    fn lines_share_one_buffer_with_their_positions() {
        let mut r = Reporter::collecting("t.ugf");
        // `\x82\xa0` is Shift_JIS for `あ`; lines end in CRLF, CR and LF.
        let body = b"[Data]\r\nA\x82\xa0B\rCC,B1,1\n\nlast";
        let lines = split_lines(body, SHIFT_JIS, 100, 7, &mut r);
        let got: Vec<(&str, u64, u32)> = (0..lines.len())
            .map(|i| lines.get(i))
            .map(|l| (l.text, l.pos.offset, l.pos.line))
            .collect();
        assert_eq!(
            got,
            [
                ("[Data]", 100, 7),
                ("A\u{3042}B", 108, 8),
                ("CC,B1,1", 113, 9),
                ("", 121, 10),
                ("last", 122, 11),
            ]
        );
        assert_eq!(lines.text, "[Data]A\u{3042}BCC,B1,1last");
        let sections = split_sections(&lines);
        assert_eq!(sections.len(), 1);
        let texts: Vec<&str> = sections[0].lines().map(|l| l.text).collect();
        assert_eq!(texts, ["A\u{3042}B", "CC,B1,1", "", "last"]);
    }
}
