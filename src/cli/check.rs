//! `sgfconv check`: reads records and reports what is wrong with them,
//! writing nothing (or, with `--fix`, rewriting SGF files in place).
//!
//! It takes files, directories (`-r`) and lists (`--files-from`) as the
//! converter does, and gives one summary for the whole run: totals, the
//! diagnostics counted by code, and the files with the most errors
//! (`--summary`, as one JSON object under `--diagnostics json`); `-l` prints
//! only the names of the files with findings, as `rg -l` does.

use super::args::{CheckArgs, DiagFormat};
use super::exit::{self, finish, usage_error};
use super::inputs::{self, Sources};
use super::say::{self, shown, Speaker};
use super::{fix, progress};
use sgfconv::batch::{self, Batch, Input, Target, Verdict, Voice, RUN_NOTE};
use sgfconv::diag::{Output, Reporter, Tally};
use sgfconv::formats::Format;
use sgfconv::input::open::{format_of, Record};
use sgfconv::input::CountingRead;
use sgfconv::sink::Counter;
use sgfconv::Options;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// How many of the files with errors `--summary` names.
const ERROR_FILES_SHOWN: usize = 20;

/// Runs `sgfconv check`.
pub fn run(args: CheckArgs) -> ExitCode {
    let reading = match reading(&args) {
        Ok(o) => o,
        Err(e) => return usage_error(e),
    };
    let src = Sources {
        paths: &args.files,
        recursive: args.recursive,
        files_from: args.files_from.as_deref(),
        null: args.null,
        out_dir: None,
    };
    let gathered = match inputs::gather(&src) {
        Ok(g) => g,
        Err(e) => return usage_error(e),
    };
    if gathered.skipped > 0 && !args.read.quiet {
        say::say(
            RUN_NOTE,
            None,
            &format!(
                "{} files under the directories have no record extension: left out",
                gathered.skipped
            ),
        );
    }
    if args.fix && gathered.inputs.iter().any(|i| i.path.is_none()) {
        return usage_error("--fix rewrites files in place: name them (not '-' for stdin)");
    }
    let mut totals = CheckTotals::default();
    let json = args.read.diagnostics == DiagFormat::Json;
    let bar = progress::wanted(args.read.quiet, json).then(|| progress::Bar::new("files"));
    if let Some(b) = &bar {
        b.start(gathered.inputs.len() as u64);
    }
    for input in &gathered.inputs {
        let before = totals.bytes;
        let verdict = check_input(input, &reading, &args, &mut totals);
        if let Some(b) = &bar {
            b.file_done(totals.bytes - before, verdict != Verdict::Done);
        }
        totals.worst = totals.worst.max(verdict);
    }
    drop(bar);
    say::end_of_run(None, args.read.quiet);
    if args.summary {
        totals.print(totals.records, args.read.diagnostics == DiagFormat::Json);
    }
    exit::status(totals.worst)
}

/// How the files are read: as a batch reads its inputs (`-f`, the archive
/// limits), with these options.
struct Reading {
    batch: Batch,
}

fn reading(args: &CheckArgs) -> Result<Reading, String> {
    let mut batch = Batch::new(Vec::new(), Target::Stdout);
    batch.from = args.read.from()?;
    batch.options = Options::default().with_jobs(args.read.jobs());
    batch.options.read = args.read.options()?;
    batch.archive_limits = args.read.archive_limits();
    Ok(Reading { batch })
}

/// Checks (or fixes) one input; its verdict.
fn check_input(
    input: &Input,
    reading: &Reading,
    args: &CheckArgs,
    totals: &mut CheckTotals,
) -> Verdict {
    let options = &reading.batch.options;
    if let (true, Some(path)) = (args.fix, &input.path) {
        return fix_one(path, reading.batch.from, args, options, totals);
    }
    let mut worst = Verdict::Done;
    let mut one = |record: Record<'_>, _: &Path, voice: &mut dyn Voice| {
        worst = worst.max(check_one(record, args, options, totals, voice));
        Ok(())
    };
    let mut voice = Speaker { read: &args.read };
    let unusable = |e: &sgfconv::Error| {
        say::say_note(&batch::unusable_note(&input.name(), e));
        Verdict::Failed
    };
    let v = match batch::each_record(input, &reading.batch, &mut voice, &mut one) {
        Ok(Ok(0)) => Verdict::Done,
        // The archive's own errors (damage, a member too large).
        Ok(Ok(errors)) => {
            totals.errors_in(&input.name(), errors);
            Verdict::Lost
        }
        Ok(Err(e)) | Err(e) => {
            totals.failed(&input.name());
            unusable(&e)
        }
    };
    worst.max(v)
}

/// What `check` adds up over its files.
#[derive(Default)]
struct CheckTotals {
    counts: Counter,
    by_code: BTreeMap<String, usize>,
    bytes: u64,
    worst: Verdict,
    /// The files with the most errors, most first ([`ERROR_FILES_SHOWN`]),
    /// and how many files had errors in all.
    error_files: Vec<(usize, String)>,
    files_with_errors: usize,
    /// Records checked (an archive counts its members), and inputs that
    /// could not be read.
    records: usize,
    /// The records by state ([`State`]), in its order.
    states: [usize; 4],
}

/// What a record is, by what `check` found in it (`docs/cli.md`, "check"):
/// the summary counts records by state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Clean FF[4]: no warning, no error.
    Clean,
    /// Warnings only, each of them repaired without loss by `check --fix`.
    Fixable,
    /// Warnings only, some of which `check --fix` cannot repair without a
    /// person's decision.
    NeedsPerson,
    /// An error: something is lost, wrong or guessed (or the record cannot
    /// be read at all).
    Damaged,
}

impl State {
    const NAMES: [&'static str; 4] = ["clean", "fixable", "needing a person", "damaged"];
    const KEYS: [&'static str; 4] = ["clean", "fixable", "needs_person", "damaged"];

    /// The state of a record with these counts.
    fn of(errors: usize, warnings: usize, fixable: usize) -> State {
        match (errors, warnings) {
            (e, _) if e > 0 => State::Damaged,
            (_, 0) => State::Clean,
            (_, w) if w <= fixable => State::Fixable,
            _ => State::NeedsPerson,
        }
    }
}

impl CheckTotals {
    /// A file with `errors` errors.
    fn errors_in(&mut self, name: &str, errors: usize) {
        if errors == 0 {
            return;
        }
        self.files_with_errors += 1;
        let at = self.error_files.partition_point(|(n, _)| *n >= errors);
        if at < ERROR_FILES_SHOWN {
            self.error_files.insert(at, (errors, name.to_string()));
            self.error_files.truncate(ERROR_FILES_SHOWN);
        }
    }

    /// A file that could not be read at all: one error.
    fn failed(&mut self, name: &str) {
        self.records += 1;
        self.states[State::Damaged as usize] += 1;
        self.errors_in(name, 1);
    }

    /// The run's summary on stdout: text lines, or one JSON object.
    fn print(&self, files: usize, json: bool) {
        let mut out = io::stdout().lock();
        let more = self.files_with_errors - self.error_files.len();
        if json {
            let v = serde_json::json!({
                "files": files,
                "bytes": self.bytes,
                "games": self.counts.games,
                "nodes": self.counts.nodes,
                "properties": self.counts.properties,
                "by_code": self.by_code,
                "files_with_errors": self.files_with_errors,
                "files_by_verdict": State::KEYS.iter().zip(self.states).map(|(k, n)| (k.to_string(), serde_json::json!(n))).collect::<serde_json::Map<_, _>>(),
                "most_errors": self.error_files.iter().map(|(n, f)| serde_json::json!({"file": f, "errors": n})).collect::<Vec<_>>(),
            });
            let _ = writeln!(out, "{v}");
            return;
        }
        let _ = writeln!(
            out,
            "total: {files} files, {} bytes, {} games, {} nodes, {} properties",
            self.bytes, self.counts.games, self.counts.nodes, self.counts.properties
        );
        let states: Vec<String> = (State::NAMES.iter().zip(self.states))
            .map(|(name, n)| format!("{n} {name}"))
            .collect();
        let _ = writeln!(out, "files: {}", states.join(", "));
        for (code, n) in &self.by_code {
            let _ = writeln!(out, "  {code}: {n}");
        }
        if self.files_with_errors > 0 {
            let _ = writeln!(
                out,
                "files with errors: {} (most first)",
                self.files_with_errors
            );
            for (n, f) in &self.error_files {
                let _ = writeln!(out, "  {n} errors: {}", shown(f));
            }
            if more > 0 {
                let _ = writeln!(out, "  and {more} more");
            }
        }
    }
}

/// Checks one opened input: its diagnostics (and, with `--summary`, its
/// line; with `-l`, its name if it has findings); its counts go into
/// `totals`.
fn check_one(
    record: Record<'_>,
    args: &CheckArgs,
    options: &Options,
    totals: &mut CheckTotals,
    voice: &mut dyn Voice,
) -> Verdict {
    let mut report = if args.files_with_findings {
        Reporter::new(record.name.as_str(), Output::Discard)
    } else {
        voice.reporter(&record.name)
    };
    report = report.marking_fixable();
    if args.summary {
        // Counted by code (and encoding), not kept: shown as they come.
        report = report.with_tally(Tally::with_detail("I100", encoding_detail));
    }
    totals.records += 1;
    let mut counted = CountingRead::new(record.reader);
    let checks = match (args.parse_only, args.no_board) {
        (true, _) => sgfconv::Checks::Parse,
        (false, true) => sgfconv::Checks::Rules,
        (false, false) => sgfconv::Checks::All,
    };
    let result = sgfconv::check(&mut counted, record.format, options, checks, &mut report);
    let counter = result.as_ref().cloned().unwrap_or_default();
    totals.bytes += counted.count();
    let hint = result.is_err() || counter.games == 0;
    if args.summary {
        summary_line(&record.name, &counter, &mut report, totals);
    }
    let errors = report.errors() + usize::from(result.is_err());
    totals.errors_in(&record.name, errors);
    let state = State::of(errors, report.warnings(), report.fixable_warnings());
    totals.states[state as usize] += 1;
    if args.files_with_findings && (errors > 0 || report.warnings() > 0) {
        progress::suspend(|| {
            let _ = writeln!(io::stdout().lock(), "{}", shown(&record.name));
        });
    }
    totals.counts.games += counter.games;
    totals.counts.nodes += counter.nodes;
    totals.counts.properties += counter.properties;
    let strict = args.read.strict;
    let verdict = finish(result.map(|_| ()), &mut report, strict, &record.name);
    if hint && !args.files_with_findings {
        batch::looks_like(&record.name, record.format, &record.head, voice);
    }
    verdict
}

/// `check --fix` on one file: checks it as `check` does, then rewrites it
/// (`fix`) and says so; a file that cannot be fixed keeps its contents
/// and makes the verdict a loss, or a failure when it was refused (no
/// SGF, unreadable, read-only, changed while it was checked, an owner
/// that cannot be kept).
fn fix_one(
    path: &Path,
    from: Option<Format>,
    args: &CheckArgs,
    options: &Options,
    totals: &mut CheckTotals,
) -> Verdict {
    let name = path.display().to_string();
    let refused = |e: String| {
        say::usage(&e);
        Verdict::Failed
    };
    let opened = match fix::open(path) {
        Ok(o) => o,
        Err(e) => return refused(e),
    };
    let format = match format_of(&name, Some(path), &opened.bytes, from) {
        Ok(Format::Sgf) => Format::Sgf,
        Ok(f) => {
            return refused(format!(
                "{name}: --fix rewrites SGF files; this is {}: convert it instead",
                f.name()
            ))
        }
        Err(e) => return refused(e.to_string()),
    };
    let record = Record {
        name: name.clone(),
        format,
        head: Vec::new(),
        reader: Box::new(&opened.bytes[..]),
    };
    let verdict = check_one(
        record,
        args,
        options,
        totals,
        &mut Speaker { read: &args.read },
    );
    let asked = fix::Asked {
        backup: args.backup,
        read_only_too: args.fix_read_only,
    };
    let (m, worst) = match fix::fix(&opened, options, &asked) {
        Ok(fix::Fixed::Unchanged) => return verdict,
        Ok(fix::Fixed::Written(backup)) => {
            if !args.read.quiet {
                let msg = match backup {
                    Some(b) => format!("fixed (original kept as {})", b.display()),
                    None => "fixed".to_string(),
                };
                say::say(RUN_NOTE, Some(&name), &msg);
            }
            return verdict;
        }
        Err(fix::NotFixed::Left(m)) => (m, Verdict::Lost),
        Err(fix::NotFixed::Refused(m)) => (m, Verdict::Failed),
    };
    say::say(batch::OUTPUT_UNWRITABLE, Some(&name), &m);
    verdict.max(worst)
}

/// `check --summary`: prints the file's line and counts its diagnostics
/// by code (they were shown as they came, as without `--summary`).
fn summary_line(name: &str, counter: &Counter, report: &mut Reporter, totals: &mut CheckTotals) {
    let tally = report.take_tally().unwrap_or_default();
    for (code, n) in &tally.by_code {
        *totals.by_code.entry(code.to_string()).or_default() += n;
    }
    let line = format!(
        "{}: {} games, {} nodes, {} properties, {} warnings, {} errors{}",
        shown(name),
        counter.games,
        counter.nodes,
        counter.properties,
        report.warnings(),
        report.errors(),
        shown(encoding_summary(&tally.details))
    );
    progress::suspend(|| {
        let _ = writeln!(io::stdout().lock(), "{line}");
    });
}

/// What an `I100` message says of a game's encoding: `game N: encoding
/// NAME (WHY, confidence C)` → `NAME (WHY, C)`.
fn encoding_detail(message: &str) -> String {
    message
        .split_once("encoding ")
        .map(|(_, rest)| rest.replace("confidence ", ""))
        .unwrap_or_default()
}

/// The encoding decisions of a file's games, counted from their `I100`
/// diagnostics: `; encoding UTF-8 (utf8, 1.00) ×3, GB18030 (detected, 0.91)`.
fn encoding_summary(seen: &[(String, usize)]) -> String {
    if seen.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = seen
        .iter()
        .map(|(w, n)| {
            if *n > 1 {
                format!("{w} ×{n}")
            } else {
                w.clone()
            }
        })
        .collect();
    format!("; encoding {}", parts.join(", "))
}
