//! What a migration did: one [`Entry`] per input, the [`Summary`] printed at
//! the end, and the `--report FILE.json` document.

use super::log::{Entries, Tally};
use crate::diag::{Diagnostic, Severity};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// What happened to one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Written (or, in a dry run, would be written).
    Converted,
    /// Every output was already newer than the input.
    Skipped,
    /// Nothing written for this input; see `reason` and the diagnostics.
    Failed,
    /// Not a game record (or a symlink, or not a regular file).
    Ignored,
    /// An archive: its records are entries of their own, named
    /// `archive:member`, listed after it; its entry holds the archive's own
    /// diagnostics (damage, members left out, unsafe names).
    Archive,
}

impl Status {
    /// The lower-case name, as in the report and the summary.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Converted => "converted",
            Status::Skipped => "skipped",
            Status::Failed => "failed",
            Status::Ignored => "ignored",
            Status::Archive => "archive",
        }
    }

    /// The status named `name` ([`Status::as_str`]'s inverse).
    pub fn named(name: &str) -> Option<Status> {
        [
            Status::Converted,
            Status::Skipped,
            Status::Failed,
            Status::Ignored,
            Status::Archive,
        ]
        .into_iter()
        .find(|s| s.as_str() == name)
    }
}

/// The character set of some games of an input, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EncodingUse {
    /// The character set (WHATWG name, e.g. `GBK`).
    pub encoding: &'static str,
    /// `bom`, `ca` (declared), `utf8`, `detected`, `forced`, `default`, `intrinsic`.
    pub source: &'static str,
    /// Lowest detector confidence among these games.
    pub confidence: f32,
    /// How many games of the input.
    pub games: usize,
}

/// One diagnostic, as stored in the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiagEntry {
    /// 1-based line in the input, when the problem has a place.
    pub line: Option<u32>,
    /// 1-based column (in bytes), when the problem has a place.
    pub column: Option<u32>,
    /// 0-based game index in the input, when known.
    pub game: Option<usize>,
    /// The code's id, `W012`.
    pub code: &'static str,
    /// The code's name, `unescaped-bracket`.
    pub name: &'static str,
    /// `info`, `warning` or `error`.
    pub severity: &'static str,
    /// What happened, for a person.
    pub message: String,
}

impl From<&Diagnostic> for DiagEntry {
    fn from(d: &Diagnostic) -> Self {
        DiagEntry {
            line: d.pos.map(|p| p.line),
            column: d.pos.map(|p| p.col),
            game: d.game,
            code: d.code.id,
            name: d.code.name,
            severity: d.severity.as_str(),
            message: d.message.clone(),
        }
    }
}

/// The code of the readers' per-game encoding decision (info).
const ENCODING_DECISION: &str = "I100";

/// Diagnostics kept per input in the report; the rest are counted.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 200;

/// One input of the migration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    /// The source file (SRC joined with its relative path).
    pub source: String,
    /// The file name is not valid UTF-8; `source` shows it with U+FFFD.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub source_not_utf8: bool,
    /// Output files, in game order (several with `--split-collections`).
    pub outputs: Vec<String>,
    /// The format it was read as (`sgf`, `gib`...), once recognised.
    pub format: Option<&'static str>,
    /// `extension` or `content`.
    pub recognised_by: Option<&'static str>,
    /// Games read.
    pub games: usize,
    /// The character sets of its games: one per encoding and way of
    /// deciding it.
    pub encodings: Vec<EncodingUse>,
    /// Info-level rewrites (dialect rules and the like) by code: `I150 name` → count.
    pub rewrites: BTreeMap<String, usize>,
    /// Warnings reported, listed or not.
    pub warnings: usize,
    /// Errors reported, listed or not.
    pub errors: usize,
    /// The diagnostics, in the order found, up to
    /// [`MAX_DIAGNOSTICS_PER_FILE`] (the encoding decision is not listed).
    pub diagnostics: Vec<DiagEntry>,
    /// Diagnostics not listed (beyond [`MAX_DIAGNOSTICS_PER_FILE`]).
    #[serde(skip_serializing_if = "is_zero")]
    pub diagnostics_not_listed: usize,
    /// What happened to it.
    pub status: Status,
    /// Why it was skipped, ignored or failed.
    pub reason: Option<String>,
    /// Bytes read from the input (0 when it was not read).
    pub bytes_in: u64,
    /// Bytes written to its outputs (or that would be, in a dry run).
    pub bytes_out: u64,
    /// Skipped as up to date, its games, encodings and diagnostics are
    /// those the earlier run's report (`--report`, the same file) had.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_earlier_run: bool,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Entry {
    /// An entry for `source` with `status` and nothing else known yet.
    pub fn new(source: String, source_not_utf8: bool, status: Status) -> Self {
        Entry {
            source,
            source_not_utf8,
            outputs: Vec::new(),
            format: None,
            recognised_by: None,
            games: 0,
            encodings: Vec::new(),
            rewrites: BTreeMap::new(),
            warnings: 0,
            errors: 0,
            diagnostics: Vec::new(),
            diagnostics_not_listed: 0,
            status,
            reason: None,
            bytes_in: 0,
            bytes_out: 0,
            from_earlier_run: false,
        }
    }

    /// Takes counts, rewrites and the listed diagnostics from a collecting
    /// reporter's output. The per-game encoding decision (`I100 encoding`)
    /// is already in [`Entry::encodings`]: it is neither a rewrite nor listed.
    pub fn add_diagnostics(&mut self, diags: &[Diagnostic]) {
        for d in diags {
            if d.code.id == ENCODING_DECISION {
                continue;
            }
            match d.severity {
                Severity::Info => {
                    *self
                        .rewrites
                        .entry(format!("{} {}", d.code.id, d.code.name))
                        .or_insert(0) += 1;
                }
                Severity::Warning => self.warnings += 1,
                Severity::Error => self.errors += 1,
            }
            if self.diagnostics.len() < MAX_DIAGNOSTICS_PER_FILE {
                self.diagnostics.push(DiagEntry::from(d));
            } else {
                self.diagnostics_not_listed += 1;
            }
        }
    }

    /// The encoding the input is filed under in the summary.
    pub fn encoding_label(&self) -> Option<String> {
        match self.encodings.as_slice() {
            [] => None,
            [one] => Some(format!("{} ({})", one.encoding, one.source)),
            _ => Some("mixed".into()),
        }
    }
}

/// An input the summary names: among the first failures, or the files with
/// most errors.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The source file.
    pub source: String,
    /// Its errors.
    pub errors: usize,
    /// What happened to it.
    pub status: Status,
    /// Why it failed (or was skipped or ignored).
    pub reason: Option<String>,
}

impl Listed {
    pub(crate) fn of(e: &Entry) -> Listed {
        Listed {
            source: e.source.clone(),
            errors: e.errors,
            status: e.status,
            reason: e.reason.clone(),
        }
    }
}

/// The result of a migration.
///
/// Its entries are not held in memory: they are kept, as the report's
/// text, in an unnamed temporary file as they finish (`migrate::log`), and
/// read back by [`Summary::entries`]; the totals are tallied as they come.
#[derive(Clone, Debug)]
pub struct Summary {
    /// SRC, as given.
    pub src: PathBuf,
    /// DST, as given.
    pub dst: PathBuf,
    /// Nothing was written ([`MigrateOptions::dry_run`](super::MigrateOptions::dry_run)).
    pub dry_run: bool,
    /// One per input, in path order (the same whatever `-j`).
    entries: Arc<Entries>,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Summary {
    /// A summary of these entries (in this order), as a run would give.
    pub fn new(
        src: PathBuf,
        dst: PathBuf,
        dry_run: bool,
        entries: impl IntoIterator<Item = Entry>,
        elapsed: Duration,
    ) -> Summary {
        Summary::from_log(src, dst, dry_run, Entries::of(entries), elapsed)
    }

    pub(crate) fn from_log(
        src: PathBuf,
        dst: PathBuf,
        dry_run: bool,
        entries: Entries,
        elapsed: Duration,
    ) -> Summary {
        Summary {
            src,
            dst,
            dry_run,
            entries: Arc::new(entries),
            elapsed,
        }
    }

    fn tally(&self) -> &Tally {
        self.entries.tally()
    }

    /// One entry per input, in path order, read back from where they are
    /// kept (each call reads them again).
    pub fn entries(&self) -> impl Iterator<Item = Entry> + '_ {
        self.entries.iter(None)
    }

    /// The entries with `status`, read back in path order.
    pub fn entries_with(&self, status: Status) -> impl Iterator<Item = Entry> + '_ {
        self.entries.iter(Some(status))
    }

    /// Inputs (entries), of every status.
    pub fn inputs(&self) -> usize {
        self.entries.len()
    }

    /// Inputs with this status.
    pub fn count(&self, status: Status) -> usize {
        let t = self.tally();
        match status {
            Status::Converted => t.converted,
            Status::Skipped => t.skipped,
            Status::Failed => t.failed,
            Status::Ignored => t.ignored,
            Status::Archive => t.archives,
        }
    }

    /// Inputs that failed: the CLI exits with status 1 if there is any.
    pub fn failed(&self) -> usize {
        self.count(Status::Failed)
    }

    /// Inputs recognised as game records (converted, skipped or failed).
    pub fn records(&self) -> usize {
        let t = self.tally();
        t.inputs - t.ignored - t.archives
    }

    /// Output files of the converted inputs.
    pub fn outputs(&self) -> usize {
        self.tally().outputs
    }

    /// Games read, over all inputs.
    pub fn games(&self) -> usize {
        self.tally().games
    }

    /// Bytes read from the inputs that were converted.
    pub fn bytes_in(&self) -> u64 {
        self.tally().bytes_in
    }

    /// Bytes written, over all inputs.
    pub fn bytes_out(&self) -> u64 {
        self.tally().bytes_out
    }

    /// Warnings, over all inputs.
    pub fn warnings(&self) -> usize {
        self.tally().warnings
    }

    /// Errors, over all inputs.
    pub fn errors(&self) -> usize {
        self.tally().errors
    }

    /// Records by input format.
    pub fn by_format(&self) -> BTreeMap<&'static str, usize> {
        self.tally().by_format.clone()
    }

    /// Read records by encoding and how it was decided.
    pub fn by_encoding(&self) -> BTreeMap<String, usize> {
        self.tally().by_encoding.clone()
    }

    /// Info-level rewrites over all inputs, by code.
    pub fn rewrites(&self) -> BTreeMap<String, usize> {
        self.tally().rewrites.clone()
    }

    /// Diagnostics over all inputs by code (warnings and errors listed in
    /// the inputs' entries).
    pub fn problems(&self) -> BTreeMap<String, usize> {
        self.tally().problems.clone()
    }

    /// The first failed inputs in path order, [`LISTED`] at most (see
    /// [`Summary::failed`] for how many there are).
    pub fn first_failures(&self) -> Vec<Listed> {
        self.tally().first_failed.values().cloned().collect()
    }

    /// The inputs with error diagnostics, most errors first (then in path
    /// order), [`LISTED`] at most: those whose outputs lost data, or that
    /// failed.
    pub fn files_with_errors(&self) -> Vec<Listed> {
        self.tally().most_errors.values().cloned().collect()
    }

    /// How many inputs have error diagnostics.
    pub fn files_with_errors_count(&self) -> usize {
        self.tally().with_errors
    }

    /// Inputs read per second of wall time.
    pub fn files_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.records() as f64 / s
        } else {
            0.0
        }
    }

    /// Megabytes (10⁶ bytes) of input read per second of wall time.
    pub fn megabytes_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.bytes_in() as f64 / 1e6 / s
        } else {
            0.0
        }
    }

    /// The `--report` document as a JSON tree (every entry read back: for
    /// tests and small runs; [`Summary::write_report`] streams it).
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::json!({
            "src": self.src.to_string_lossy(),
            "dst": self.dst.to_string_lossy(),
            "dry_run": self.dry_run,
            "totals": self.totals_json(),
        });
        let files: Vec<Entry> = self.entries().collect();
        if let Some(m) = v.as_object_mut() {
            m.insert("files".into(), serde_json::json!(files));
        }
        v
    }

    /// The report's `totals`.
    pub fn totals_json(&self) -> serde_json::Value {
        serde_json::to_value(Totals(self)).unwrap_or_default()
    }

    /// Writes the report as pretty JSON: the same text as
    /// [`Summary::to_json`] pretty-printed, the entries' texts copied as
    /// they were kept (no intermediate JSON tree: the report of a large
    /// tree is tens of megabytes).
    pub fn write_report(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"{\n  \"dry_run\": ")?;
        serde_json::to_writer(&mut *out, &self.dry_run)?;
        out.write_all(b",\n  \"dst\": ")?;
        serde_json::to_writer(&mut *out, &self.dst.to_string_lossy())?;
        out.write_all(b",\n  \"files\": [")?;
        let any = self.entries.write_texts(out, b"\n    ", b",\n    ")?;
        out.write_all(if any { b"\n  ],\n" } else { b"],\n" })?;
        out.write_all(b"  \"src\": ")?;
        serde_json::to_writer(&mut *out, &self.src.to_string_lossy())?;
        out.write_all(b",\n  \"totals\": ")?;
        let mut totals = Vec::new();
        pretty_indented(&mut totals, &Totals(self), b"\n  ")?;
        out.write_all(&totals)?;
        out.write_all(b"\n}\n")
    }

    /// Writes the report to `path`: a device or a pipe (`/dev/stdout`, a
    /// FIFO, also through a symbolic link) is written in place, never
    /// replaced; anything else gets a temporary file in `path`'s directory
    /// (held open), renamed over `path` when complete. A symbolic link to
    /// anything else is refused, never written through (and never replaced).
    pub fn write_report_file(&self, path: &Path) -> io::Result<()> {
        if let Some(special) = special_target(path)? {
            let mut out = crate::output::AtomicFile::create(&special)?;
            self.write_report(&mut out)?;
            return out.commit();
        }
        let (dir, name) = report_dir(path)?;
        let dir = std::sync::Arc::new(super::fsat::Dir::open_root(&dir)?);
        let tmp = super::fsat::NamedTemp::new(&dir)?;
        let mut out = io::BufWriter::with_capacity(64 * 1024, &tmp.file);
        self.write_report(&mut out)?;
        out.flush()?;
        drop(out);
        super::fsat::Pending::Named(tmp.into_name()).persist(&dir, &name)
    }
}

fn table(
    f: &mut fmt::Formatter<'_>,
    title: &str,
    m: &BTreeMap<impl fmt::Display, usize>,
) -> fmt::Result {
    if m.is_empty() {
        return Ok(());
    }
    writeln!(f, "  {title}:")?;
    let mut rows: Vec<_> = m.iter().collect();
    rows.sort_by(|a, b| b.1.cmp(a.1));
    for (k, n) in rows {
        writeln!(f, "    {n:>8}  {k}")?;
    }
    Ok(())
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.dry_run {
            "would convert"
        } else {
            "converted"
        };
        writeln!(
            f,
            "migrate {} -> {}{}",
            self.src.display(),
            self.dst.display(),
            if self.dry_run {
                " (dry run: nothing written)"
            } else {
                ""
            }
        )?;
        writeln!(
            f,
            "  {} records: {} {verb} ({} outputs, {} games), {} up to date, {} failed; {} other files ignored",
            self.records(),
            self.count(Status::Converted),
            self.outputs(),
            self.games(),
            self.count(Status::Skipped),
            self.failed(),
            self.count(Status::Ignored),
        )?;
        let archives = self.count(Status::Archive);
        if archives > 0 {
            writeln!(
                f,
                "  {archives} archives read (their records counted above, named archive:member)"
            )?;
        }
        writeln!(
            f,
            "  {:.1} MB read in {:.2} s: {:.0} files/s, {:.1} MB/s; {} warnings, {} errors",
            self.bytes_in() as f64 / 1e6,
            self.elapsed.as_secs_f64(),
            self.files_per_second(),
            self.megabytes_per_second(),
            self.warnings(),
            self.errors(),
        )?;
        table(f, "by format", &self.by_format())?;
        table(f, "by encoding (how decided)", &self.by_encoding())?;
        table(f, "rewrites applied", &self.rewrites())?;
        table(f, "warnings and errors", &self.problems())?;
        let failed = self.failed();
        if failed > 0 {
            writeln!(f, "  failed:")?;
            for e in self.first_failures() {
                writeln!(
                    f,
                    "    {}: {}",
                    e.source,
                    e.reason.as_deref().unwrap_or("?")
                )?;
            }
            if failed > LISTED {
                writeln!(f, "    ... and {} more (see --report)", failed - LISTED)?;
            }
        }
        let lossy = self.files_with_errors_count();
        if lossy > 0 {
            writeln!(f, "  files with errors (most first):")?;
            for e in self.files_with_errors() {
                writeln!(f, "    {:>8}  {}", e.errors, e.source)?;
            }
            if lossy > LISTED {
                writeln!(f, "    ... and {} more (see --report)", lossy - LISTED)?;
            }
        }
        Ok(())
    }
}

/// Files the summary lists by name, at most.
pub const LISTED: usize = 20;

/// Takes an earlier report's entry into a skipped one.
pub(crate) fn carry_one(e: &mut Entry, old: &serde_json::Value) {
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
pub(crate) fn entry_text(out: &mut Vec<u8>, e: &Entry) -> io::Result<()> {
    pretty_indented(out, &SortedEntry(e), b"\n    ")
}

/// An entry read back from its report text (every field: what
/// [`entry_text`] wrote gives the same entry); `None` when it is no entry.
pub(crate) fn entry_from_json(v: &serde_json::Value) -> Option<Entry> {
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
pub(crate) fn entry_from_text(text: &[u8]) -> Option<Entry> {
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
pub(crate) fn each_earlier_file(
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
fn pretty_indented(out: &mut Vec<u8>, value: &impl Serialize, newline: &[u8]) -> io::Result<()> {
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

// The parts of the `--report` document, serialised with their keys in the
// order [`Summary::to_json`] has them (sorted, as in a `serde_json::Map`),
// and their numbers as there (`f32` widened to `f64`).

struct Totals<'a>(&'a Summary);

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

impl Serialize for Totals<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut m = s.serialize_map(None)?;
        // Only when there are archives: reports of plain trees stay as
        // they were.
        let archives = r.count(Status::Archive);
        if archives > 0 {
            m.serialize_entry("archives", &archives)?;
        }
        m.serialize_entry("by_encoding", &r.by_encoding())?;
        m.serialize_entry("by_format", &r.by_format())?;
        m.serialize_entry("bytes_in", &r.bytes_in())?;
        m.serialize_entry("bytes_out", &r.bytes_out())?;
        m.serialize_entry("converted", &r.count(Status::Converted))?;
        m.serialize_entry("errors", &r.errors())?;
        m.serialize_entry("failed", &r.count(Status::Failed))?;
        m.serialize_entry("games", &r.games())?;
        m.serialize_entry("ignored", &r.count(Status::Ignored))?;
        m.serialize_entry("inputs", &r.entries.len())?;
        m.serialize_entry("outputs", &r.outputs())?;
        m.serialize_entry("records", &r.records())?;
        m.serialize_entry("rewrites", &r.rewrites())?;
        m.serialize_entry("seconds", &r.elapsed.as_secs_f64())?;
        m.serialize_entry("skipped", &r.count(Status::Skipped))?;
        m.serialize_entry("warnings", &r.warnings())?;
        m.end()
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

/// `Some(path)` when `path` is a device, a pipe or a socket (written in
/// place); an error when it is a symbolic link to anything else, or a
/// directory.
fn special_target(path: &Path) -> io::Result<Option<PathBuf>> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(None);
    };
    let target = if meta.file_type().is_symlink() {
        std::fs::metadata(path).ok()
    } else {
        Some(meta.clone())
    };
    match target {
        Some(t) if t.is_dir() => Err(io::Error::other("is a directory")),
        Some(t) if !t.is_file() => Ok(Some(path.to_path_buf())),
        _ if meta.file_type().is_symlink() => Err(io::Error::other(
            "is a symbolic link: the report is never written through one \
             (name its target, or a device or a pipe)",
        )),
        _ => Ok(None),
    }
}

/// The directory `path` is in (as the user named it), and its name there.
fn report_dir(path: &Path) -> io::Result<(PathBuf, std::ffi::OsString)> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other("names no file"))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name.to_os_string()))
}

/// Checks `--report path` before anything is written: refused when it is
/// inside SRC, could be an output of the run (inside DST, named `*.sgf` or
/// like a temporary file), is a symbolic link to anything but a device or a
/// pipe, or is a directory. Returns the identity of the regular file it
/// names, when it exists (no input may be that file: the walk checks).
pub(crate) fn check_path(
    path: &Path,
    src_canon: &Path,
    dst_abs: &Path,
) -> Result<Option<super::fsat::Id>, crate::error::Error> {
    let refuse =
        |why: &str| crate::error::Error::Usage(format!("--report {}: {why}", path.display()));
    if special_target(path)
        .map_err(|e| refuse(&e.to_string()))?
        .is_some()
    {
        return Ok(None); // written in place: never replaced, never an output
    }
    let (dir, name) = report_dir(path).map_err(|e| refuse(&e.to_string()))?;
    let full = super::absolute_resolved(&dir)?.join(&name);
    if full.starts_with(src_canon) {
        return Err(refuse("inside SRC: migrate never writes inside SRC"));
    }
    let lower = name.to_string_lossy().to_ascii_lowercase();
    if full.starts_with(dst_abs)
        && (lower.ends_with(".sgf") || crate::output::temp::is_temp_name(lower.as_bytes()))
    {
        return Err(refuse(
            "inside DST with the name of an output: the report never replaces an output of the run",
        ));
    }
    if !dir.is_dir() {
        return Err(refuse("its directory does not exist"));
    }
    Ok(std::fs::metadata(&full)
        .ok()
        .filter(|m| m.is_file())
        .and_then(|m| super::meta_id(&m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<Entry> {
        let mut converted = Entry::new("src/a.sgf".into(), false, Status::Converted);
        converted.outputs.push("dst/a.sgf".into());
        converted.format = Some("sgf");
        converted.recognised_by = Some("extension");
        converted.games = 2;
        converted.encodings.push(EncodingUse {
            encoding: "GBK",
            source: "detected",
            confidence: 0.9,
            games: 1,
        });
        converted.encodings.push(EncodingUse {
            encoding: "UTF-8",
            source: "utf8",
            confidence: 1.0,
            games: 1,
        });
        converted.rewrites.insert("I150 x".into(), 3);
        converted.warnings = 1;
        converted.errors = 1;
        converted.diagnostics.push(DiagEntry {
            line: Some(1),
            column: Some(26),
            game: Some(0),
            code: "E103",
            name: "undecodable-bytes",
            severity: "error",
            message: "byte 0xE7 \"quoted\" \\ é".into(),
        });
        converted.diagnostics.push(DiagEntry {
            line: None,
            column: None,
            game: None,
            code: "W454",
            name: "format-differs-from-extension",
            severity: "warning",
            message: String::new(),
        });
        converted.diagnostics_not_listed = 7;
        converted.bytes_in = 100;
        converted.bytes_out = 120;
        let mut failed = Entry::new("src/\u{FFFD}.gib".into(), true, Status::Failed);
        failed.reason = Some("no game found in the file".into());
        let mut ignored = Entry::new("src/x.txt".into(), false, Status::Ignored);
        ignored.reason = Some("not recognised as a game record".into());
        let skipped = Entry::new("src/b.sgf".into(), false, Status::Skipped);
        vec![converted, failed, ignored, skipped]
    }

    fn summary_of(entries: Vec<Entry>) -> Summary {
        let elapsed = Duration::from_millis(1234);
        Summary::new("src".into(), "dst".into(), false, entries, elapsed)
    }

    /// The report as a tree, made from the entries themselves as the
    /// report was before entries were kept on disk.
    fn tree_of(entries: &[Entry]) -> serde_json::Value {
        let count = |st: Status| entries.iter().filter(|e| e.status == st).count();
        let sum = |f: fn(&Entry) -> u64| entries.iter().map(f).sum::<u64>();
        let mut by_format = BTreeMap::new();
        let mut by_encoding = BTreeMap::new();
        let mut rewrites = BTreeMap::new();
        for e in entries {
            let record = !matches!(e.status, Status::Ignored | Status::Archive);
            if let (Some(f), true) = (e.format, record) {
                *by_format.entry(f).or_insert(0) += 1;
            }
            if let Some(l) = e.encoding_label() {
                *by_encoding.entry(l).or_insert(0) += 1;
            }
            for (k, n) in &e.rewrites {
                *rewrites.entry(k.clone()).or_insert(0) += n;
            }
        }
        let mut totals = serde_json::json!({
            "inputs": entries.len(),
            "records": entries.len() - count(Status::Ignored) - count(Status::Archive),
            "converted": count(Status::Converted),
            "skipped": count(Status::Skipped),
            "failed": count(Status::Failed),
            "ignored": count(Status::Ignored),
            "outputs": sum(|e| if e.status == Status::Converted { e.outputs.len() as u64 } else { 0 }),
            "games": sum(|e| e.games as u64),
            "warnings": sum(|e| e.warnings as u64),
            "errors": sum(|e| e.errors as u64),
            "bytes_in": sum(|e| e.bytes_in),
            "bytes_out": sum(|e| e.bytes_out),
            "seconds": 1.234,
            "by_format": by_format,
            "by_encoding": by_encoding,
            "rewrites": rewrites,
        });
        if count(Status::Archive) > 0 {
            totals["archives"] = count(Status::Archive).into();
        }
        serde_json::json!({
            "src": "src", "dst": "dst", "dry_run": false,
            "totals": totals,
            "files": entries,
        })
    }

    #[test]
    fn the_report_is_the_json_tree_pretty_printed() {
        let mut archive = Entry::new("src/k.zip".into(), false, Status::Archive);
        archive.format = Some("zip");
        let mut with_archive = sample();
        with_archive.push(archive);
        let many: Vec<Entry> = (0..7).flat_map(|_| sample()).collect();
        for entries in [sample(), Vec::new(), many, with_archive] {
            let s = summary_of(entries.clone());
            let mut tree = serde_json::to_vec_pretty(&tree_of(&entries)).unwrap();
            tree.push(b'\n');
            let tree = String::from_utf8(tree).unwrap();
            let mut streamed = Vec::new();
            s.write_report(&mut streamed).unwrap();
            assert_eq!(String::from_utf8(streamed).unwrap(), tree);
            let mut from_tree = serde_json::to_vec_pretty(&s.to_json()).unwrap();
            from_tree.push(b'\n');
            assert_eq!(String::from_utf8(from_tree).unwrap(), tree);
        }
    }

    #[test]
    fn entries_read_back_are_the_entries_kept() {
        let mut entries = sample();
        entries[3].from_earlier_run = true;
        for name in ["GB18030", "ISO-8859-1", "Shift_JIS"] {
            entries[0].encodings.push(EncodingUse {
                encoding: name,
                source: "ca",
                confidence: 0.3,
                games: 2,
            });
        }
        let mut archive = Entry::new("src/k.tar".into(), false, Status::Archive);
        archive.format = Some("tar");
        entries.push(archive);
        let s = summary_of(entries.clone());
        assert_eq!(s.entries().collect::<Vec<_>>(), entries);
        let failed: Vec<Entry> = s.entries_with(Status::Failed).collect();
        assert_eq!(failed, [entries[1].clone()]);
        assert_eq!(s.inputs(), 5);
    }

    #[test]
    fn the_summary_keeps_the_first_failures_and_the_most_errors() {
        let entries: Vec<Entry> = (0..50)
            .map(|i| {
                let mut e = Entry::new(format!("src/{i:02}.sgf"), false, Status::Failed);
                e.reason = Some(format!("why {i}"));
                e.errors = i % 7;
                e
            })
            .collect();
        // Logged in another order than the keys'.
        let log = super::super::log::Log::new(false);
        for (i, e) in entries.iter().enumerate().rev() {
            log.add((i, 0), e);
        }
        let s = Summary::from_log(
            "src".into(),
            "dst".into(),
            false,
            log.finish(None),
            Duration::ZERO,
        );
        let failed: Vec<String> = s.first_failures().into_iter().map(|l| l.source).collect();
        let expected: Vec<String> = (0..LISTED).map(|i| format!("src/{i:02}.sgf")).collect();
        assert_eq!(failed, expected);
        assert_eq!(s.failed(), 50);
        let mut most: Vec<&Entry> = entries.iter().filter(|e| e.errors > 0).collect();
        most.sort_by_key(|e| std::cmp::Reverse(e.errors));
        let most: Vec<(String, usize)> = most
            .iter()
            .take(LISTED)
            .map(|e| (e.source.clone(), e.errors))
            .collect();
        let kept: Vec<(String, usize)> = s
            .files_with_errors()
            .into_iter()
            .map(|l| (l.source, l.errors))
            .collect();
        assert_eq!(kept, most);
        assert_eq!(s.files_with_errors_count(), 42);
    }

    #[test]
    fn skipped_entries_take_what_the_earlier_report_says() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.json");
        let mut earlier = sample();
        earlier[3].games = 4;
        earlier[3].warnings = 2;
        earlier[3].format = Some("gib");
        summary_of(earlier.clone())
            .write_report_file(&path)
            .unwrap();
        let fresh = || {
            let log = super::super::log::Log::new(true);
            for (i, e) in sample().iter().enumerate() {
                log.add((i, 0), e);
            }
            log
        };
        let s = Summary::from_log(
            "src".into(),
            "dst".into(),
            false,
            fresh().finish(Some(&path)),
            Duration::ZERO,
        );
        let skipped = s.entries_with(Status::Skipped).next().unwrap();
        assert!(skipped.from_earlier_run);
        assert_eq!((skipped.games, skipped.warnings), (4, 2));
        assert_eq!(skipped.format, Some("gib"));
        assert_eq!(s.games(), 2 + 4, "the carried games are counted");
        assert_eq!(s.warnings(), 1 + 2);
        assert_eq!(s.by_format().get("gib"), Some(&1));
        // A report that is not one, or cut short, changes nothing.
        let whole = std::fs::read(&path).unwrap();
        for bad in [&whole[..whole.len() / 2], b"[1, 2]", b"{\"files\": 3}"] {
            std::fs::write(&path, bad).unwrap();
            let s = Summary::from_log(
                "src".into(),
                "dst".into(),
                false,
                fresh().finish(Some(&path)),
                Duration::ZERO,
            );
            let skipped = s.entries_with(Status::Skipped).next().unwrap();
            assert!(!skipped.from_earlier_run);
            assert_eq!(s.games(), 2);
        }
    }
}
