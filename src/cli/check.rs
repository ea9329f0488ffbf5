//! `sgfconv check`: reads records and reports what is wrong with them,
//! writing nothing (or, with `--fix`, rewriting SGF files in place).
//!
//! It takes files, directories (`-r`) and lists (`--files-from`) as the
//! converter does, and gives one summary for the whole run: totals, the
//! diagnostics counted by code, and the files with the most errors
//! (`--summary`, as one JSON object under `--diagnostics json`); `-l` prints
//! only the names of the files with findings, as `rg -l` does.

use crate::cli_inputs::{self, Input, Sources};
use crate::cli_open::{each_record, hint_other_format, Opened};
use crate::cli_say;
use crate::{
    cli_fix, finish, format_arg, jobs, read_options, reporter, shown, usage_error, DiagFormat,
    ReadArgs, Worst, EXIT_LOST,
};
use clap::Args;
use sgfconv::diag::{Output, Reporter, Tally};
use sgfconv::formats::Format;
use sgfconv::input::CountingRead;
use sgfconv::sink::Counter;
use sgfconv::Options;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    /// Files to check ('-' or none: stdin); directories with -r.
    files: Vec<PathBuf>,
    /// A directory stands for the records under it, at any depth (files
    /// whose extension names a format, in any case).
    #[arg(short = 'r', long)]
    recursive: bool,
    /// Also check the files listed in FILE, one per line ('-': stdin).
    #[arg(long, value_name = "FILE")]
    files_from: Option<PathBuf>,
    /// With --files-from: the names are separated by NUL bytes.
    #[arg(short = '0', long = "null", requires = "files_from")]
    null: bool,
    /// Print one line per file, then totals for the run, the diagnostics
    /// counted by code and the files with the most errors.
    #[arg(long, conflicts_with = "files_with_findings")]
    summary: bool,
    /// Print only the names of the files with a warning or an error, one
    /// per line (no diagnostics), as `rg -l` does.
    #[arg(short = 'l', long = "files-with-findings", conflicts_with = "fix")]
    files_with_findings: bool,
    /// Only parse: no dialect rewrites (for measuring the reader).
    #[arg(long, conflicts_with = "fix")]
    parse_only: bool,
    /// Do not replay the games on a board (the value and placement checks
    /// still run): faster on huge archives.
    #[arg(long, conflicts_with = "parse_only")]
    no_board: bool,
    /// Rewrite each SGF file in place as clean FF[4] UTF-8 SGF, atomically;
    /// a file whose rewrite would lose data (an error) is left as it is.
    #[arg(long)]
    fix: bool,
    /// With --fix: keep each original as FILE.orig (FILE.orig.1... if taken).
    #[arg(long, requires = "fix")]
    backup: bool,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// How many of the files with errors `--summary` names.
const ERROR_FILES_SHOWN: usize = 20;

pub fn run(args: CheckArgs) -> ExitCode {
    let (options, from) = match check_options(&args) {
        Ok(o) => o,
        Err(e) => return usage_error(e),
    };
    let src = Sources {
        paths: &args.files,
        recursive: args.recursive,
        files_from: args.files_from.as_deref(),
        null: args.null,
    };
    let gathered = match cli_inputs::gather(&src) {
        Ok(g) => g,
        Err(e) => return usage_error(e),
    };
    if gathered.skipped > 0 && !args.read.quiet {
        cli_say::say(
            cli_say::I_NOTE,
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
    let bar = crate::cli_progress::wanted(args.read.quiet, json)
        .then(|| crate::cli_progress::Bar::new("files"));
    if let Some(b) = &bar {
        b.start(gathered.inputs.len() as u64);
    }
    for input in &gathered.inputs {
        let before = totals.bytes;
        let status = check_input(input, from, &args, &options, &mut totals);
        if let Some(b) = &bar {
            b.file_done(totals.bytes - before, status != ExitCode::SUCCESS);
        }
        totals.worst.status(status);
    }
    drop(bar);
    if args.summary {
        totals.print(totals.records, args.read.diagnostics == DiagFormat::Json);
    }
    totals.worst.code()
}

fn check_options(args: &CheckArgs) -> Result<(Options, Option<Format>), String> {
    let from = format_arg(&args.read.from, "--from")?;
    let mut options = Options::default().with_jobs(jobs(&args.read));
    options.read = read_options(&args.read)?;
    Ok((options, from))
}

/// Checks (or fixes) one input; its status.
fn check_input(
    input: &Input,
    from: Option<Format>,
    args: &CheckArgs,
    options: &Options,
    totals: &mut CheckTotals,
) -> ExitCode {
    if let (true, Some(path)) = (args.fix, &input.path) {
        return fix_one(path, from, args, options, totals);
    }
    let mut worst = Worst::default();
    let mut one = |opened: Opened<'_>, _: &Path| {
        worst.status(check_one(opened, args, options, totals));
        Ok(())
    };
    match each_record(input, from, &args.read, &mut one) {
        Ok(Ok(0)) => {}
        // The archive's own errors (damage, a member too large).
        Ok(Ok(errors)) => {
            totals.errors_in(&input.name(), errors);
            worst.status(ExitCode::from(EXIT_LOST));
        }
        Ok(Err(e)) => {
            totals.failed(&input.name());
            worst.status(crate::input_error(format!("{}: {e}", input.name())));
        }
        Err(e) => {
            totals.failed(&input.name());
            worst.status(crate::input_error(e));
        }
    }
    worst.code()
}

/// What `check` adds up over its files.
#[derive(Default)]
struct CheckTotals {
    counts: Counter,
    by_code: BTreeMap<String, usize>,
    bytes: u64,
    worst: Worst,
    /// The files with the most errors, most first ([`ERROR_FILES_SHOWN`]),
    /// and how many files had errors in all.
    error_files: Vec<(usize, String)>,
    files_with_errors: usize,
    /// Records checked (an archive counts its members), and inputs that
    /// could not be read.
    records: usize,
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
    opened: Opened<'_>,
    args: &CheckArgs,
    options: &Options,
    totals: &mut CheckTotals,
) -> ExitCode {
    let mut report = if args.files_with_findings {
        Reporter::new(opened.name.as_str(), Output::Discard)
    } else {
        reporter(&opened.name, &args.read)
    };
    if args.summary {
        // Counted by code (and encoding), not kept: shown as they come.
        report = report.with_tally(Tally::with_detail("I100", encoding_detail));
    }
    totals.records += 1;
    let mut counted = CountingRead::new(opened.reader);
    let checks = match (args.parse_only, args.no_board) {
        (true, _) => sgfconv::Checks::Parse,
        (false, true) => sgfconv::Checks::Rules,
        (false, false) => sgfconv::Checks::All,
    };
    let result = sgfconv::check(&mut counted, opened.format, options, checks, &mut report);
    let counter = result.as_ref().cloned().unwrap_or_default();
    totals.bytes += counted.count();
    let hint = result.is_err() || counter.games == 0;
    if args.summary {
        summary_line(&opened.name, &counter, &mut report, totals);
    }
    let errors = report.errors() + usize::from(result.is_err());
    totals.errors_in(&opened.name, errors);
    if args.files_with_findings && (errors > 0 || report.warnings() > 0) {
        crate::cli_progress::suspend(|| {
            let _ = writeln!(io::stdout().lock(), "{}", shown(&opened.name));
        });
    }
    totals.counts.games += counter.games;
    totals.counts.nodes += counter.nodes;
    totals.counts.properties += counter.properties;
    let status = finish(result.map(|_| ()), &mut report, &args.read, &opened.name);
    if hint && !args.files_with_findings {
        hint_other_format(&opened.name, opened.format, &opened.head);
    }
    status
}

/// `check --fix` on one file: checks it as `check` does, then rewrites it
/// (`cli_fix`) and says so; a file that cannot be fixed keeps its contents
/// and makes the status 1 (2 when it is no SGF or cannot be read).
fn fix_one(
    path: &Path,
    from: Option<Format>,
    args: &CheckArgs,
    options: &Options,
    totals: &mut CheckTotals,
) -> ExitCode {
    let name = path.display().to_string();
    let read = cli_fix::target(path).and_then(|t| match std::fs::read(&t) {
        Ok(bytes) => Ok((t, bytes)),
        Err(e) => Err(format!("{name}: {e}")),
    });
    let (target, bytes) = match read {
        Ok(r) => r,
        Err(e) => return usage_error(e),
    };
    let by_name = Format::from_path(path).filter(|f| *f != Format::Xml);
    let Some(format) = from.or(by_name).or_else(|| Format::sniff(&bytes)) else {
        return usage_error(format!(
            "{name}: cannot tell the format from the content; name it with -f"
        ));
    };
    if format != Format::Sgf {
        return usage_error(format!(
            "{name}: --fix rewrites SGF files; this is {}: convert it instead",
            format.name()
        ));
    }
    let opened = Opened {
        name: name.clone(),
        format,
        head: Vec::new(),
        reader: Box::new(io::Cursor::new(bytes.clone())),
    };
    let status = check_one(opened, args, options, totals);
    match cli_fix::fix(&target, &bytes, options, args.backup) {
        Ok(cli_fix::Fixed::Written(backup)) => {
            if !args.read.quiet {
                let msg = match backup {
                    Some(b) => format!("fixed (original kept as {})", b.display()),
                    None => "fixed".to_string(),
                };
                cli_say::say(cli_say::I_NOTE, Some(&name), &msg);
            }
            status
        }
        Ok(cli_fix::Fixed::Unchanged) => status,
        Err(m) => {
            cli_say::say(cli_say::E_OUTPUT, Some(&name), &m);
            if status == ExitCode::SUCCESS {
                ExitCode::from(EXIT_LOST)
            } else {
                status
            }
        }
    }
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
    crate::cli_progress::suspend(|| {
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
