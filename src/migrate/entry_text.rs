//! An entry as the `--report` document has it (pretty JSON, its keys
//! sorted, indented for its place in the `files` list), and read back: from
//! the text the log keeps, or from an earlier run's report, whose skipped
//! files a resumed run takes over (`carry_one`), one at a time
//! (`each_earlier_file`).

use super::entry::{is_zero, DiagEntry, EncodingUse, Entry, Status};
use crate::diag::Severity;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::io;

/// Takes an earlier report's entry into a skipped one.
pub(super) fn carry_one(e: &mut Entry, old: &serde_json::Value) {
    let num = |k: &str| old.get(k).and_then(|v| v.as_u64()).unwrap_or(0);
    e.games = num("games") as usize;
    e.warnings = num("warnings") as usize;
    e.errors = num("errors") as usize;
    e.diagnostics_not_listed = num("diagnostics_not_listed") as usize;
    e.format = old
        .get("format")
        .and_then(|f| f.as_str())
        .and_then(crate::formats::Format::from_name)
        .map(|f| f.name());
    if let Some(r) = old.get("rewrites").and_then(|r| r.as_object()) {
        e.rewrites = r
            .iter()
            .filter_map(|(k, n)| Some((k.clone(), n.as_u64()? as usize)))
            .collect();
    }
    let list = |k: &str| {
        old.get(k)
            .and_then(|v| v.as_array())
            .cloned()
            .unwrap_or_default()
    };
    e.encodings = list("encodings")
        .iter()
        .filter_map(earlier_encoding)
        .collect();
    e.diagnostics = list("diagnostics")
        .iter()
        .filter_map(earlier_diagnostic)
        .collect();
    e.from_earlier_run = true;
}

/// An encoding of an earlier report, with the names this build knows.
fn earlier_encoding(v: &serde_json::Value) -> Option<EncodingUse> {
    let text = |k: &str| v.get(k).and_then(|s| s.as_str());
    encoding_of(
        text("encoding")?,
        text("source"),
        v.get("confidence")?.as_f64()?,
        v.get("games")?.as_u64()?,
    )
}

/// [`earlier_encoding`] from its fields.
fn encoding_of(
    label: &str,
    source: Option<&str>,
    confidence: f64,
    games: u64,
) -> Option<EncodingUse> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes())?.name();
    let source = [
        "bom",
        "ca",
        "utf8",
        "detected",
        "forced",
        "default",
        "intrinsic",
    ]
    .into_iter()
    .find(|s| Some(*s) == source)?;
    Some(EncodingUse {
        encoding,
        source,
        confidence: confidence as f32,
        games: games as usize,
    })
}

/// A diagnostic of an earlier report, when its code is one this build has.
fn earlier_diagnostic(v: &serde_json::Value) -> Option<DiagEntry> {
    let at = |k: &str| v.get(k).and_then(|n| n.as_u64());
    let severity = v.get("severity").and_then(|s| s.as_str());
    let place = [at("line"), at("column"), at("game")];
    let message = v.get("message")?.as_str()?;
    diagnostic_of(v.get("code")?.as_str()?, severity, place, message)
}

/// [`earlier_diagnostic`] from its fields (`place`: line, column, game).
fn diagnostic_of(
    code: &str,
    severity: Option<&str>,
    [line, column, game]: [Option<u64>; 3],
    message: &str,
) -> Option<DiagEntry> {
    let entry = crate::diag::explain(code)?;
    let severity = [Severity::Info, Severity::Warning, Severity::Error]
        .into_iter()
        .find(|s| Some(s.as_str()) == severity)?;
    Some(DiagEntry {
        line: line.map(|n| n as u32),
        column: column.map(|n| n as u32),
        game: game.map(|n| n as usize),
        code: entry.code.id,
        name: entry.code.name,
        severity: severity.as_str(),
        message: message.to_owned(),
    })
}

/// An entry as the report has it: pretty JSON, its lines indented for its
/// place in the `files` list.
pub(super) fn entry_text(out: &mut Vec<u8>, e: &Entry) -> io::Result<()> {
    pretty_indented(out, &SortedEntry(e), b"\n    ")
}

/// An entry read back from its report text (every field: what
/// [`entry_text`] wrote gives the same entry); `None` when it is no entry.
pub(super) fn entry_from_json(v: &serde_json::Value) -> Option<Entry> {
    let text = |k: &str| v.get(k).and_then(|s| s.as_str());
    let status = Status::named(text("status")?)?;
    let flag = |k: &str| v.get(k).and_then(|b| b.as_bool()).unwrap_or(false);
    let mut e = Entry::new(text("source")?.to_owned(), flag("source_not_utf8"), status);
    carry_one(&mut e, v);
    e.from_earlier_run = flag("from_earlier_run");
    e.format = text("format").and_then(static_format);
    e.recognised_by = ["extension", "content"]
        .into_iter()
        .find(|r| Some(*r) == text("recognised_by"));
    e.outputs = v
        .get("outputs")
        .and_then(|o| o.as_array())
        .map(|o| {
            o.iter()
                .filter_map(|s| Some(s.as_str()?.to_owned()))
                .collect()
        })
        .unwrap_or_default();
    e.reason = text("reason").map(str::to_owned);
    // The encodings' names exactly as written (`carry_one` gives each
    // encoding's canonical name).
    let names = v.get("encodings").and_then(|l| l.as_array());
    for (u, written) in e.encodings.iter_mut().zip(names.into_iter().flatten()) {
        if let Some(name) = written.get("encoding").and_then(|n| n.as_str()) {
            u.encoding = static_encoding_name(name, u.encoding);
        }
    }
    let num = |k: &str| v.get(k).and_then(|n| n.as_u64()).unwrap_or(0);
    e.bytes_in = num("bytes_in");
    e.bytes_out = num("bytes_out");
    Some(e)
}

/// An entry's report text as [`entry_text`] writes it, read into typed
/// fields ([`entry_from_text`]; other fields are ignored, as
/// [`entry_from_json`] ignores them): several times faster than a
/// `serde_json::Value`, which a resumed run made twice per file.
#[derive(serde::Deserialize)]
struct EntryText<'a> {
    bytes_in: u64,
    bytes_out: u64,
    #[serde(borrow)]
    diagnostics: Vec<DiagText<'a>>,
    #[serde(default)]
    diagnostics_not_listed: u64,
    #[serde(borrow)]
    encodings: Vec<EncodingText<'a>>,
    errors: u64,
    #[serde(borrow)]
    format: Option<Cow<'a, str>>,
    #[serde(default)]
    from_earlier_run: bool,
    games: u64,
    outputs: Vec<String>,
    reason: Option<String>,
    #[serde(borrow)]
    recognised_by: Option<Cow<'a, str>>,
    rewrites: BTreeMap<String, u64>,
    source: String,
    #[serde(default)]
    source_not_utf8: bool,
    #[serde(borrow)]
    status: Cow<'a, str>,
    warnings: u64,
}

/// A diagnostic of [`EntryText`].
#[derive(serde::Deserialize)]
struct DiagText<'a> {
    #[serde(borrow)]
    code: Cow<'a, str>,
    column: Option<u64>,
    game: Option<u64>,
    line: Option<u64>,
    message: Cow<'a, str>,
    #[serde(borrow)]
    severity: Cow<'a, str>,
}

/// An encoding of [`EntryText`].
#[derive(serde::Deserialize)]
struct EncodingText<'a> {
    confidence: f64,
    #[serde(borrow)]
    encoding: Cow<'a, str>,
    games: u64,
    #[serde(borrow)]
    source: Cow<'a, str>,
}

/// [`entry_from_json`] of the JSON text `text`, read into typed fields;
/// `None` for a text of another shape (then read it as a `Value`), or no
/// entry.
pub(super) fn entry_from_text(text: &[u8]) -> Option<Entry> {
    let t: EntryText<'_> = serde_json::from_slice(text).ok()?;
    let status = Status::named(&t.status)?;
    let mut e = Entry::new(t.source, t.source_not_utf8, status);
    e.games = t.games as usize;
    e.warnings = t.warnings as usize;
    e.errors = t.errors as usize;
    e.diagnostics_not_listed = t.diagnostics_not_listed as usize;
    e.rewrites = (t.rewrites.into_iter())
        .map(|(k, n)| (k, n as usize))
        .collect();
    e.encodings = (t.encodings.iter())
        .filter_map(|u| encoding_of(&u.encoding, Some(&u.source), u.confidence, u.games))
        .collect();
    // The encodings' names exactly as written, as `entry_from_json` does.
    for (u, written) in e.encodings.iter_mut().zip(&t.encodings) {
        u.encoding = static_encoding_name(&written.encoding, u.encoding);
    }
    e.diagnostics = (t.diagnostics.iter())
        .filter_map(|d| {
            let place = [d.line, d.column, d.game];
            diagnostic_of(&d.code, Some(&d.severity), place, &d.message)
        })
        .collect();
    e.from_earlier_run = t.from_earlier_run;
    e.format = t.format.as_deref().and_then(static_format);
    e.recognised_by = ["extension", "content"]
        .into_iter()
        .find(|r| Some(*r) == t.recognised_by.as_deref());
    e.outputs = t.outputs;
    e.reason = t.reason;
    e.bytes_in = t.bytes_in;
    e.bytes_out = t.bytes_out;
    Some(e)
}

/// `name` with a static lifetime, when it names the encoding `canonical`
/// (else `canonical`): the names a run gives encodings are few, each kept
/// once for the process.
fn static_encoding_name(name: &str, canonical: &'static str) -> &'static str {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let same = crate::charset::lookup(name).map(|e| e.name())
        == crate::charset::lookup(canonical).map(|e| e.name());
    if name == canonical || !same {
        return canonical;
    }
    let Ok(mut names) = NAMES.get_or_init(Default::default).lock() else {
        return canonical;
    };
    if let Some(n) = names.get(name) {
        return n;
    }
    let kept: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(kept);
    kept
}

/// The name of a record format or of an archive's kind, as this build
/// spells it.
fn static_format(name: &str) -> Option<&'static str> {
    if let Some(f) = crate::formats::Format::from_name(name) {
        return Some(f.name());
    }
    #[cfg(feature = "archives")]
    if let Some(k) = crate::archive::Kind::ALL.iter().find(|k| k.name() == name) {
        return Some(k.name());
    }
    None
}

/// Calls `each` on every element of the `files` list of the JSON document
/// `input` (an earlier report), one at a time; an error when the document
/// is not JSON, or not an object whose `files` is a list.
pub(super) fn each_earlier_file(
    input: impl io::Read,
    each: &mut dyn FnMut(&serde_json::Value),
) -> Result<(), serde_json::Error> {
    use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
    struct Doc<'f>(&'f mut dyn FnMut(&serde_json::Value), bool);
    struct Files<'f>(&'f mut dyn FnMut(&serde_json::Value));
    impl<'de> Visitor<'de> for Doc<'_> {
        type Value = bool;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a report")
        }
        fn visit_map<A: MapAccess<'de>>(mut self, mut m: A) -> Result<bool, A::Error> {
            while let Some(k) = m.next_key::<String>()? {
                if k == "files" {
                    m.next_value_seed(Files(&mut *self.0))?;
                    self.1 = true;
                } else {
                    m.next_value::<IgnoredAny>()?;
                }
            }
            Ok(self.1)
        }
    }
    impl<'de> serde::de::DeserializeSeed<'de> for Files<'_> {
        type Value = ();
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_seq(self)
        }
    }
    impl<'de> Visitor<'de> for Files<'_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a list of files")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<(), A::Error> {
            while let Some(v) = s.next_element::<serde_json::Value>()? {
                (self.0)(&v);
            }
            Ok(())
        }
    }
    let mut de = serde_json::Deserializer::from_reader(input);
    let found = de.deserialize_map(Doc(each, false))?;
    de.end()?;
    if found {
        Ok(())
    } else {
        Err(serde::de::Error::custom("no files list"))
    }
}

/// Appends `value` pretty-printed, each line break followed by `newline`
/// (a line break and the indentation of the place it goes to). JSON strings
/// never contain a raw line break, so only the layout's are changed.
pub(super) fn pretty_indented(
    out: &mut Vec<u8>,
    value: &impl Serialize,
    newline: &[u8],
) -> io::Result<()> {
    let text = serde_json::to_vec_pretty(value)?;
    let mut rest = &text[..];
    while let Some(i) = memchr::memchr(b'\n', rest) {
        out.extend_from_slice(&rest[..i]);
        out.extend_from_slice(newline);
        rest = &rest[i + 1..];
    }
    out.extend_from_slice(rest);
    Ok(())
}

// The entries of the `--report` document, serialised with their keys in
// the order `Summary::to_json` has them (sorted, as in a
// `serde_json::Map`), and their numbers as there (`f32` widened to `f64`).

struct SortedEntry<'a>(&'a Entry);

struct SortedDiag<'a>(&'a DiagEntry);

struct SortedEncoding<'a>(&'a EncodingUse);

/// Serialises a slice through a wrapper of each element.
struct SeqOf<'a, T, W>(&'a [T], fn(&'a T) -> W);

impl<'a, T, W: Serialize> Serialize for SeqOf<'a, T, W> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(self.1))
    }
}

impl Serialize for SortedEntry<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("bytes_in", &e.bytes_in)?;
        m.serialize_entry("bytes_out", &e.bytes_out)?;
        m.serialize_entry("diagnostics", &SeqOf(&e.diagnostics, SortedDiag))?;
        if !is_zero(&e.diagnostics_not_listed) {
            m.serialize_entry("diagnostics_not_listed", &e.diagnostics_not_listed)?;
        }
        m.serialize_entry("encodings", &SeqOf(&e.encodings, SortedEncoding))?;
        m.serialize_entry("errors", &e.errors)?;
        m.serialize_entry("format", &e.format)?;
        if e.from_earlier_run {
            m.serialize_entry("from_earlier_run", &true)?;
        }
        m.serialize_entry("games", &e.games)?;
        m.serialize_entry("outputs", &e.outputs)?;
        m.serialize_entry("reason", &e.reason)?;
        m.serialize_entry("recognised_by", &e.recognised_by)?;
        m.serialize_entry("rewrites", &e.rewrites)?;
        m.serialize_entry("source", &e.source)?;
        if e.source_not_utf8 {
            m.serialize_entry("source_not_utf8", &true)?;
        }
        m.serialize_entry("status", &e.status)?;
        m.serialize_entry("warnings", &e.warnings)?;
        m.end()
    }
}

impl Serialize for SortedDiag<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let mut m = s.serialize_map(Some(7))?;
        m.serialize_entry("code", d.code)?;
        m.serialize_entry("column", &d.column)?;
        m.serialize_entry("game", &d.game)?;
        m.serialize_entry("line", &d.line)?;
        m.serialize_entry("message", &d.message)?;
        m.serialize_entry("name", d.name)?;
        m.serialize_entry("severity", d.severity)?;
        m.end()
    }
}

impl Serialize for SortedEncoding<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let u = self.0;
        let mut m = s.serialize_map(Some(4))?;
        // As in a `serde_json::Value`: the `f32` widened to `f64`.
        m.serialize_entry("confidence", &f64::from(u.confidence))?;
        m.serialize_entry("encoding", u.encoding)?;
        m.serialize_entry("games", &u.games)?;
        m.serialize_entry("source", u.source)?;
        m.end()
    }
}
