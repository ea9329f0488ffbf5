//! The SGF reader's properties and values.
//!
//! Properties and their values as [`Reader`] reads them: identifiers
//! (duplicates in a node merged), values unescaped and decoded in the game's
//! character set (read a byte at a time where a multi-byte character may
//! hold `]` or `\\`), `--max-value-size` held to.

use super::codes::*;
use super::controls;
use super::encoding::{self};
use super::lex::{self, Mode, ValueCx};
use super::reader::Reader;
use crate::charset;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Pos, PropSlot, Span, NO_SPLIT};
use crate::props;
use crate::sink::Sink;
use encoding_rs::UTF_8;

/// Bytes of a value [`Reader::plain_value`] looks at.
const PLAIN_VALUE_MAX: usize = 128;

/// A value longer than this gives back the memory it took (the window, the
/// unescaped copy) as soon as it is done with. (The node's text keeps its
/// room, reused by the next huge value.)
pub(super) const HUGE_VALUE: usize = 1 << 20;

impl<'r, 'o> Reader<'r, 'o> {
    /// `Property = PropIdent PropValue { PropValue }`: the identifier, then
    /// one or more values.
    pub(super) fn property(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let at = self.inp.here();
        let len = loop {
            match lex::prop_ident(self.inp.rest()) {
                Ok((rest, _)) => break self.inp.rest().len() - rest.len(),
                Err(_) if !self.inp.eof => {
                    self.inp.fill()?;
                }
                Err(_) => break self.inp.rest().len(),
            }
        };
        let mut name_start = self.node.names.len();
        // Identifiers are ASCII letters: always valid UTF-8.
        let ident = &self.inp.rest()[..len];
        self.node
            .names
            .push_str(std::str::from_utf8(ident).unwrap_or_default());
        self.inp.skip(len);
        self.skip_ws()?;
        if lex::prop_value_open(self.inp.rest()).is_err() {
            let name = self.node.names.split_off(name_start);
            report.report(PROPERTY_WITHOUT_VALUE, Some(at), || {
                format!("property {name} has no value: dropped")
            });
            return Ok(());
        }
        if !self.node_open {
            report.report(
                MISSING_SEMICOLON,
                Some(at),
                "property outside a node: ';' added before it",
            );
            // Opening the node flushes the arena the name is in: keep it.
            let name = self.node.names.split_off(name_start);
            self.open_node(at, sink, report)?;
            name_start = self.node.names.len();
            self.node.names.push_str(&name);
        }
        let name = &self.node.names[name_start..];
        let def = if name.bytes().all(|c| c.is_ascii_uppercase()) {
            props::lookup(name)
        } else {
            props::uppercase_form(name).and_then(|n| props::lookup(&n))
        };
        // Unknown properties may be compose and may be text.
        let compose = def.is_none_or(|d| d.allows_compose());
        let single = def.is_some_and(|d| !d.is_list());
        self.text_typed = def.is_none_or(|d| d.is_text());
        let span_start = self.node.spans.len() as u32;
        while self.accept(lex::prop_value_open) {
            self.value(Some(compose), report)?;
            self.skip_ws()?;
        }
        self.node.slots.push(PropSlot {
            name: (name_start as u32, self.node.names.len() as u32),
            spans: (span_start, self.node.spans.len() as u32),
            pos: at,
        });
        // Most nodes have no duplicate: only a name that may be one is
        // compared with the others. A move written again is not merged:
        // `;B[cc]W[cb]B[bb]` is three moves in their order, which the
        // dialect's split keeps (merged, the order would be lost).
        let ident = &self.node.names.as_bytes()[name_start..];
        let is_move = matches!(ident, b"B" | b"W");
        let maybe_duplicate = self.node_names.insert(ident);
        if maybe_duplicate && !is_move && self.node.merge_last() {
            report.report(DUPLICATE_PROPERTY, Some(at), || {
                let name = &self.node.names[name_start..];
                match single {
                    false => format!("property {name} repeated in one node: values merged"),
                    // What becomes of the values is the dialect rules'
                    // (I160, E161, E162): this says only what was read.
                    true => format!(
                        "property {name} repeated in one node: its values gathered in one \
                         {name}, which takes one value"
                    ),
                }
            });
            self.node.names.truncate(name_start);
        }
        Ok(())
    }

    /// `PropValue = "[" CValueType "]"`: a value; `inp` is just after its
    /// '['. `compose: None` scans and discards it (a value with no
    /// property), its bytes left in `scratch` unless it is huge. Returns
    /// how many bytes of the input it took, its `]` included (0 for a
    /// property's plain value, read on the fast path).
    pub(super) fn value(
        &mut self,
        compose: Option<bool>,
        report: &mut Reporter,
    ) -> Result<usize, Error> {
        if compose.is_some_and(|c| self.plain_value(c)) {
            return Ok(0);
        }
        let at = self.inp.here();
        let mode = self.decoding.mode;
        let as_compose = compose.unwrap_or(false);
        let (mut len, value) = loop {
            let cx = ValueCx {
                mode,
                compose: as_compose,
                eof: self.inp.eof,
            };
            let rest = self.inp.rest();
            match lex::prop_value(rest, cx, &mut self.scratch) {
                Ok((after, value)) => break (rest.len() - after.len(), value),
                Err(_) => {
                    // Incomplete: the window ends inside the value.
                    self.within_max_value_size(rest.len(), at)?;
                    self.inp.fill()?;
                }
            }
        };
        self.within_max_value_size(len.saturating_sub(1), at)?;
        let (mut split, mut brackets) = (value.split, value.brackets);
        if matches!(mode, Mode::DoubleByte(_)) {
            if let Some((alt_len, alt_split, alt_brackets)) =
                self.byte_level_reading(len, as_compose, brackets)
            {
                report.report(
                    BYTE_LEVEL_ESCAPES,
                    Some(at),
                    "value read with byte-level escapes (a '\\' written before a trail byte)",
                );
                len = alt_len;
                split = alt_split;
                brackets = alt_brackets;
            }
        }
        if brackets > 0 {
            report.report(UNESCAPED_BRACKET, Some(at), || {
                format!("{brackets} unescaped ']' kept as text: what follows cannot end the value")
            });
        }
        if value.unterminated {
            report.report(
                UNTERMINATED_VALUE,
                Some(at),
                format!("input ends inside a value: its {len} bytes kept, what followed them is missing"),
            );
        }
        self.controls.clear();
        // Byte-wise values (every value in an ASCII-compatible game, every
        // value but text in the others): a control character is its byte.
        let bytewise = self.decoding.encoding.is_ascii_compatible() || !self.text_typed;
        if compose.is_some() && bytewise {
            let raw = self.inp.rest();
            self.controls = controls::find(&raw[..len.min(raw.len())], at);
        }
        self.inp.advance(len);
        if len <= HUGE_VALUE {
            if compose.is_some() {
                self.push_value(split, at, report);
            }
            return Ok(len);
        }
        // The raw bytes are read: their window goes before the value is
        // decoded, and the unescaped copy after, so a huge value is held
        // twice at most (window and copy, then copy and decoded text).
        self.inp.release();
        if compose.is_some() {
            self.push_value(split, at, report);
        }
        self.scratch = Vec::new();
        Ok(len)
    }

    /// Refuses a value of `len` bytes (so far) past `--max-value-size`.
    fn within_max_value_size(&self, len: usize, at: Pos) -> Result<(), Error> {
        let max = self.options.max_value_size();
        if len <= max {
            return Ok(());
        }
        Err(Error::unreadable_at(
            VALUE_TOO_LONG,
            at,
            format!(
                "the value at line {}, column {} is longer than {max} bytes (--max-value-size): not read further",
                at.line, at.col
            ),
        ))
    }

    /// The usual value, taken straight from the window into the open node:
    /// short, nothing escaped, no compose `:`, ended by its first `]` (by
    /// the look-ahead's quick cases), and text the game's encoding reads as
    /// it is (ASCII, or valid UTF-8 in a UTF-8 game). `inp` is just after
    /// the `[`; false, with nothing consumed, for any other value.
    #[inline]
    fn plain_value(&mut self, compose: bool) -> bool {
        if !matches!(self.decoding.mode, Mode::Bytes) {
            return false;
        }
        let rest = self.inp.rest();
        // A value past --max-value-size (however small) takes the general
        // path, which refuses it.
        let max = PLAIN_VALUE_MAX.min(self.options.max_value_size().saturating_add(1));
        let Some(end) = lex::short_value(rest, max, compose, self.inp.eof) else {
            return false;
        };
        let mut enc = self.decoding.encoding;
        if !self.text_typed && !enc.is_ascii_compatible() {
            enc = UTF_8;
        }
        let Ok(text) = std::str::from_utf8(&rest[..end]) else {
            return false;
        };
        if controls::any(text.as_bytes()) {
            return false;
        }
        if enc != UTF_8 && !(enc.is_ascii_compatible() && text.is_ascii()) {
            return false;
        }
        let start = self.node.text.len() as u32;
        self.node.text.push_str(text);
        self.node.spans.push(Span {
            start,
            end: self.node.text.len() as u32,
            split: NO_SPLIT,
        });
        self.inp.advance(end + 1);
        true
    }

    /// In double-byte encodings a writer may have escaped `]`/`\` trail
    /// bytes at the byte level (a `\` inserted before them, as the FF[4] spec
    /// reads). When the character reading of a value looks damaged and the
    /// byte reading decodes cleanly, the byte reading wins: `scratch` then
    /// holds it, and its length and split are returned.
    fn byte_level_reading(
        &mut self,
        len: usize,
        compose: bool,
        char_brackets: usize,
    ) -> Option<(usize, Option<usize>, usize)> {
        let rest = self.inp.rest();
        let raw = &rest[..len.min(rest.len())];
        // Only a value with a '\\' in it can have two readings.
        memchr::memchr(b'\\', raw)?;
        let enc = self.decoding.encoding;
        // The character reading looks damaged: undecodable, an escape no
        // writer needs, or a ']' kept as text by the look-ahead.
        let damaged = char_brackets > 0
            || !charset::decodes_cleanly(enc, &self.scratch)
            || encoding::suspicious_escapes(raw, self.decoding.mode);
        if !damaged {
            return None;
        }
        let mut alt = Vec::new();
        let cx = ValueCx {
            mode: Mode::Bytes,
            compose,
            eof: self.inp.eof,
        };
        match lex::prop_value(rest, cx, &mut alt) {
            Ok((after, v))
                if !v.unterminated && v.brackets == 0 && charset::decodes_cleanly(enc, &alt) =>
            {
                self.scratch = alt;
                Some((rest.len() - after.len(), v.split, v.brackets))
            }
            _ => None,
        }
    }

    /// Decodes the scanned value (in `scratch`) into the open node.
    fn push_value(&mut self, split: Option<usize>, at: Pos, report: &mut Reporter) {
        let mut enc = self.decoding.encoding;
        if !self.text_typed && !enc.is_ascii_compatible() {
            enc = UTF_8;
        }
        let text = &mut self.node.text;
        let start = text.len();
        let mut bad = Vec::new();
        let mut decode = |bytes: &[u8], base: usize, text: &mut String| {
            if enc == UTF_8 {
                if let Ok(s) = std::str::from_utf8(bytes) {
                    text.push_str(s);
                    return;
                }
            }
            for mut b in charset::decode_text_into(enc, bytes, text) {
                b.at += base;
                bad.push(b);
            }
        };
        let mut split_at = match split {
            Some(k) if k < self.scratch.len() => {
                decode(&self.scratch[..k], 0, text);
                let s = text.len();
                text.push(':');
                decode(&self.scratch[k + 1..], k + 1, text);
                Some(s)
            }
            _ => {
                decode(&self.scratch, 0, text);
                None
            }
        };
        split_at = controls::drop(text, start, split_at, &self.controls, at, report);
        self.node.spans.push(Span {
            start: start as u32,
            end: text.len() as u32,
            split: split_at.map_or(NO_SPLIT, |s| s as u32),
        });
        for b in bad {
            report.report(UNDECODABLE_BYTES, Some(at), || {
                undecodable_message(&self.scratch, b, at, enc)
            });
        }
    }
}

/// What [`UNDECODABLE_BYTES`] says of `b`: the bytes, where, what they are
/// not, and what was written instead. (`at` is the value's first byte; the
/// offset counts the value's bytes as unescaped.)
fn undecodable_message(
    value: &[u8],
    b: charset::Stray,
    at: Pos,
    enc: &'static encoding_rs::Encoding,
) -> String {
    let bytes = value.get(b.at..b.at + b.len).unwrap_or_default();
    let hex: Vec<String> = bytes.iter().map(|x| format!("0x{x:02X}")).collect();
    let (what, are) = match bytes.len() {
        1 => ("byte", "is"),
        _ => ("bytes", "are"),
    };
    let offset = at.offset + b.at as u64;
    match b.control {
        Some(c) => format!(
            "{what} {} at offset {offset} {are} no {} character (its decoder maps it to the control U+{:04X}): kept as U+FFFD",
            hex.join(" "),
            enc.name(),
            u32::from(c)
        ),
        None => format!(
            "{what} {} at offset {offset} {are} not {}: kept as one U+FFFD",
            hex.join(" "),
            enc.name()
        ),
    }
}
