//! What a migration did, as a whole: the [`Summary`] printed at the end
//! (its totals tallied by the log as entries finished, its entries read
//! back from where the log keeps them), and the `--report FILE.json`
//! document, streamed from the entries' kept texts.

use super::entry::{Entry, Listed, Status, LISTED};
use super::entry_text::pretty_indented;
use super::log::{Entries, Tally};
use super::report_path::{report_dir, special_target};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

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
    /// The run was asked to stop ([`Stop`](super::Stop)) before every
    /// record was reached: the entries are those of the records done; a
    /// resumed run (given the same report) goes on from there.
    pub interrupted: bool,
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
            interrupted: false,
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
            if self.interrupted {
                m.insert("interrupted".into(), serde_json::json!(true));
            }
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
        if self.interrupted {
            out.write_all(b"  \"interrupted\": true,\n")?;
        }
        out.write_all(b"  \"src\": ")?;
        serde_json::to_writer(&mut *out, &self.src.to_string_lossy())?;
        out.write_all(b",\n  \"totals\": ")?;
        let mut totals = Vec::new();
        pretty_indented(&mut totals, &Totals(self), b"\n  ")?;
        out.write_all(&totals)?;
        out.write_all(b"\n}\n")
    }

    /// Writes the report to `path`: `-` is the standard output; a device or
    /// a pipe (`/dev/stdout`, a FIFO, also through a symbolic link) is
    /// written in place, never replaced; anything else gets a temporary file in `path`'s directory
    /// (held open), renamed over `path` when complete. A symbolic link to
    /// anything else is refused, never written through (and never replaced).
    pub fn write_report_file(&self, path: &Path) -> io::Result<()> {
        if crate::output::is_stdout(path) {
            let mut out = io::BufWriter::new(io::stdout().lock());
            self.write_report(&mut out)?;
            return out.flush();
        }
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
        if self.interrupted {
            writeln!(
                f,
                "  interrupted: the records not counted above were not reached; run again \
                 (with the same --report) to go on"
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

// The parts of the `--report` document, serialised with their keys in the
// order [`Summary::to_json`] has them (sorted, as in a `serde_json::Map`),
// and their numbers as there (`f32` widened to `f64`).

struct Totals<'a>(&'a Summary);

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrate::entry::{DiagEntry, EncodingUse};

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
