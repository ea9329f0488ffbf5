//! What the two XML formats (sgfconv XML and Jago XML) share: which
//! characters XML 1.0 can carry, one escaper for element text and attribute
//! values, and on the reading side the pull loop's pieces (the next event
//! with its position, skipping an unknown element, reading an attribute).
//!
//! The escaper is the same for both formats but for what it does with a
//! character XML 1.0 cannot carry at all: sgfconv XML never sends one to it
//! in a value (such a value goes out as base64), Jago XML has no other way
//! and writes U+FFFD. [`Unwritable`] is that policy.

use super::LineCounter;
use crate::event::Pos;
use quick_xml::events::{BytesStart, Event as XmlEvent};
use std::fmt;
use std::io::BufRead;

/// A character XML 1.0 allows (the `Char` production): tab, LF, CR,
/// U+0020–U+D7FF, U+E000–U+FFFD and U+10000 on.
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// XML 1.0 can carry every character of `s` (escaped).
pub fn can_carry(s: &str) -> bool {
    // Bytes from 0x20 up are XML characters, but U+FFFE and U+FFFF
    // (`EF BF BE`, `EF BF BF`): the common case needs no decoding.
    let plain = s
        .bytes()
        .all(|b| (b >= 0x20 && b != 0xEF) || matches!(b, b'\t' | b'\n' | b'\r'));
    plain || s.chars().all(is_xml_char)
}

/// Appends `s` escaped as [`escape`] with [`Unwritable::Keep`] writes it,
/// straight into a byte buffer: what needs a reference is ASCII, so the
/// text is scanned byte by byte and copied in runs.
pub fn push_escaped(buf: &mut Vec<u8>, s: &str, attr: bool) {
    let bytes = s.as_bytes();
    let mut last = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let rep: &[u8] = match b {
            b'&' => b"&amp;",
            b'<' => b"&lt;",
            b'>' => b"&gt;",
            b'\r' => b"&#13;",
            b'"' if attr => b"&quot;",
            b'\n' if attr => b"&#10;",
            b'\t' if attr => b"&#9;",
            _ => continue,
        };
        buf.extend_from_slice(&bytes[last..i]);
        buf.extend_from_slice(rep);
        last = i + 1;
    }
    buf.extend_from_slice(&bytes[last..]);
}

/// What [`escape`] does with a character XML 1.0 cannot carry even as a
/// reference (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE,
/// U+FFFF).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unwritable {
    /// Writes it as it is: for a writer that sends text holding one another
    /// way ([`can_carry`] tells), as sgfconv XML writes such a value as
    /// base64. What still reaches the escaper (a property identifier in an
    /// attribute) goes out unchanged. The sgfconv XML writer escapes
    /// with [`push_escaped`], which the tests hold to this policy.
    #[cfg_attr(not(test), allow(dead_code))]
    Keep,
    /// Writes U+FFFD instead (Jago XML, which has no other way; its writer
    /// reports the loss).
    Replace,
}

/// `s` escaped for XML: for element text, or with `attr` for an attribute
/// value in double quotes. Always `&`, `<`, `>` as `&amp;`, `&lt;`, `&gt;`
/// and a carriage return as `&#13;` (a reference survives XML's line-end
/// normalisation; a literal CR does not); in an attribute also `"`, LF and
/// tab as `&quot;`, `&#10;`, `&#9;` (attribute values are normalised to
/// spaces). A character XML cannot carry follows `unwritable`.
///
/// Writes with [`Escaped::write_to`], or formats with `{}`.
pub fn escape(s: &str, attr: bool, unwritable: Unwritable) -> Escaped<'_> {
    Escaped {
        text: s,
        attr,
        unwritable,
    }
}

/// Text to be written escaped: see [`escape`].
#[derive(Clone, Copy)]
pub struct Escaped<'a> {
    text: &'a str,
    attr: bool,
    unwritable: Unwritable,
}

impl Escaped<'_> {
    /// Hands the escaped text to `emit` piece by piece: runs of the text as
    /// it is, and the replacement of each character that needs one.
    fn pieces<E>(&self, mut emit: impl FnMut(&str) -> Result<(), E>) -> Result<(), E> {
        let s = self.text;
        let mut last = 0;
        for (i, c) in s.char_indices() {
            let rep = match c {
                '&' => "&amp;",
                '<' => "&lt;",
                '>' => "&gt;",
                '\r' => "&#13;",
                '"' if self.attr => "&quot;",
                '\n' if self.attr => "&#10;",
                '\t' if self.attr => "&#9;",
                c if self.unwritable == Unwritable::Replace && !is_xml_char(c) => "\u{FFFD}",
                _ => continue,
            };
            emit(&s[last..i])?;
            emit(rep)?;
            last = i + c.len_utf8();
        }
        emit(&s[last..])
    }
}

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pieces(|p| f.write_str(p))
    }
}

/// The next event of `reader` (read into `buf`, cleared first) and the
/// position after it; a syntax error as its message.
pub fn next_event<'b, R: BufRead>(
    reader: &mut quick_xml::Reader<LineCounter<R>>,
    buf: &'b mut Vec<u8>,
) -> (Pos, Result<XmlEvent<'b>, String>) {
    give_back(buf);
    reader.get_mut().mark();
    let ev = reader.read_event_into(buf).map_err(|e| e.to_string());
    (reader.get_ref().pos(), ev)
}

/// Capacity a reused buffer keeps between uses; past it (it grew for one
/// huge text) it is given back, so that the text is not held a second
/// time while its copy is built into a game (docs/benchmarks.md, "Memory": a value costs at
/// most twice its size).
pub const KEEP_CAPACITY: usize = 1 << 20;

/// Clears `buf`, giving its memory back when it grew past
/// [`KEEP_CAPACITY`].
pub fn give_back<T>(buf: &mut Vec<T>) {
    if buf.capacity() > KEEP_CAPACITY {
        *buf = Vec::new();
    } else {
        buf.clear();
    }
}

/// [`give_back`] for a `String`.
pub fn give_back_string(buf: &mut String) {
    if buf.capacity() > KEEP_CAPACITY {
        *buf = String::new();
    } else {
        buf.clear();
    }
}

/// The content of an element the reader does not know, being skipped: how
/// many elements deep inside it the reader is.
#[derive(Default)]
pub struct Skip(usize);

impl Skip {
    /// The element whose start tag was just read is skipped, with all it
    /// holds.
    pub fn element(&mut self) {
        self.0 = 1;
    }

    /// Skipping is over (the element was empty after all).
    pub fn stop(&mut self) {
        self.0 = 0;
    }

    pub fn active(&self) -> bool {
        self.0 > 0
    }

    /// Takes `ev` when it falls inside skipped content: `Some(Ok)` when it
    /// was skipped, `Some(Err)` when the input ended there, `None` when
    /// nothing is being skipped.
    pub fn take(&mut self, ev: &XmlEvent<'_>) -> Option<Result<(), &'static str>> {
        if self.0 == 0 {
            return None;
        }
        match ev {
            XmlEvent::Start(_) => self.0 += 1,
            XmlEvent::End(_) => self.0 -= 1,
            XmlEvent::Eof => return Some(Err("unexpected end of input")),
            _ => {}
        }
        Some(Ok(()))
    }
}

/// The value of attribute `name` of a start tag, unescaped; `None` when it
/// is missing or cannot be unescaped.
pub fn attribute(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_escaped_writes_what_escape_writes() {
        for text in [
            "plain",
            "a & b < c > d",
            "quote \" and\ttab\r\nline",
            "ctl \u{1} \u{FFFE} é 囲碁",
            "",
        ] {
            for attr in [false, true] {
                let mut buf = Vec::new();
                push_escaped(&mut buf, text, attr);
                let want = escape(text, attr, Unwritable::Keep).to_string();
                assert_eq!(String::from_utf8_lossy(&buf), want);
            }
            assert_eq!(can_carry(text), text.chars().all(is_xml_char));
        }
        assert!(!can_carry("\u{FFFF}") && can_carry("\u{FFFD}\u{10000}"));
    }

    #[test]
    fn text_and_attributes() {
        let s = "a&<b>\"\r\n\tc";
        assert_eq!(
            escape(s, false, Unwritable::Keep).to_string(),
            "a&amp;&lt;b&gt;\"&#13;\n\tc"
        );
        assert_eq!(
            escape(s, true, Unwritable::Keep).to_string(),
            "a&amp;&lt;b&gt;&quot;&#13;&#10;&#9;c"
        );
        let mut out = Vec::new();
        push_escaped(&mut out, s, true);
        assert_eq!(out, b"a&amp;&lt;b&gt;&quot;&#13;&#10;&#9;c");
    }

    #[test]
    fn the_policy_decides_what_xml_cannot_carry() {
        let s = "bell\u{7}\u{FFFE}囲碁";
        assert!(!can_carry(s));
        assert_eq!(escape(s, false, Unwritable::Keep).to_string(), s);
        assert_eq!(
            escape(s, false, Unwritable::Replace).to_string(),
            "bell\u{FFFD}\u{FFFD}囲碁"
        );
        // Tab, LF and CR are XML characters, whatever the policy.
        assert_eq!(
            escape("\t\n\r", false, Unwritable::Replace).to_string(),
            "\t\n&#13;"
        );
    }
}
