//! `sgfconv migrate SRC DST`: the command-line side of [`sgfconv::migrate`]:
//! its arguments (`args::MigrateArgs`) as [`MigrateOptions`], the progress
//! display (the bar of `progress` on a terminal, plain lines else), the
//! summary and `--report` (`show`), the exit status. A first `SIGINT`,
//! `SIGTERM` or `SIGHUP` stops the run (`signals::defer`): the report and
//! the summary of what was done are written, then the process ends by
//! that signal.

mod show;

use super::args::{archive_limits, dialect_arg, encoding_arg, DiagnosticsFormat, MigrateArgs};
use super::exit::{EXIT_LOST, EXIT_USAGE};
use super::say::{json_usage, line_to_stderr, shown};
use super::{progress, term};
use sgfconv::migrate::{self, MigrateOptions, Progress};
use sgfconv::Error;
use show::{Shown, WithDiagnostics};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A usage error (or a report that cannot be written): nothing done,
/// status 2; a JSON line under `--diagnostics json`.
fn usage(msg: &dyn std::fmt::Display, json: bool) -> ExitCode {
    if json {
        let m = json_usage(&msg.to_string());
        line_to_stderr(m);
    } else {
        line_to_stderr(format!("sgfconv migrate: {}", shown(msg)));
    }
    ExitCode::from(EXIT_USAGE)
}

/// The options of a migration from its arguments.
pub fn options(args: &MigrateArgs) -> Result<MigrateOptions, String> {
    let mut o = MigrateOptions::new(&args.src, &args.dst);
    o.jobs = args.jobs.unwrap_or(0);
    o.force = args.force;
    o.dry_run = args.dry_run;
    o.preserve_mtime = args.preserve_mtime;
    o.fsync = args.fsync;
    o.include = args.include.clone();
    o.exclude = args.exclude.clone();
    o.case_sensitive_globs = args.case_sensitive_globs;
    o.split_collections = args.split_collections;
    o.name_template = args.name.clone();
    o.report = args.report.clone();
    o.strict = args.strict;
    o.flatten_archives = args.flatten_archives;
    o.archive_limits = archive_limits(
        args.max_member_size,
        args.max_archive_size,
        args.archive_depth,
    );
    o.convert.read.encoding = encoding_arg(&args.encoding, "--encoding")?;
    o.convert.read.default_encoding = encoding_arg(&args.default_encoding, "--default-encoding")?;
    o.convert.read.dialect = dialect_arg(args.keep_dialect, &args.no_fix)?;
    Ok(o)
}

/// Runs `sgfconv migrate`.
pub fn run(args: MigrateArgs) -> ExitCode {
    let json = args.diagnostics == DiagnosticsFormat::Json;
    let usage = |m: &dyn std::fmt::Display| usage(m, json);
    let options = match options(&args) {
        Ok(o) => o,
        Err(m) => return usage(&m),
    };
    let display = display(&args);
    // A first signal stops the run: what was done is still reported, then
    // the run ends by that signal.
    let stop = options.stop.clone();
    super::signals::defer(Box::new(move || stop.stop()));
    let summary = match migrate::run(&options, &display) {
        Ok(s) => s,
        Err(Error::Usage(m)) => return usage(&m),
        Err(e) => return usage(&e),
    };
    let written = match &args.report {
        None => Ok(None),
        Some(r) => match summary.write_report_file(r) {
            Ok(()) => Ok(Some(r.as_path())),
            Err(e) => Err(format!("cannot write {}: {e}", r.display())),
        },
    };
    show::end(&summary, written.clone().ok().flatten(), args.quiet, json);
    super::signals::end_if_signalled();
    if let Err(m) = written {
        return usage(&m);
    }
    // As a conversion of the file alone would: data lost (an error
    // diagnostic) is status 1, even when the file was written.
    let lost = summary.errors() > 0;
    if summary.failed() > 0 || lost {
        ExitCode::from(EXIT_LOST)
    } else {
        ExitCode::SUCCESS
    }
}

/// The progress display (a bar on a terminal, plain lines else; none with
/// `-q` or `--diagnostics json`), showing the diagnostics `-v` and
/// `--diagnostics json` ask for.
fn display(args: &MigrateArgs) -> WithDiagnostics {
    let json = args.diagnostics == DiagnosticsFormat::Json;
    let progress: Box<dyn Progress> = if args.quiet || json {
        Box::new(migrate::NoProgress)
    } else if progress::wanted(false, false) {
        Box::new(progress::Bar::new("files"))
    } else {
        Box::new(Lines::new())
    };
    let shown = Shown::new(args.verbose, args.quiet, args.diagnostics);
    let out: Box<dyn Write + Send> = if json {
        Box::new(std::io::stderr())
    } else {
        term::diagnostic_stream()
    };
    WithDiagnostics::new(progress, shown, out)
}

/// Counters shared by both displays.
struct Counts {
    started: Instant,
    total: AtomicU64,
    done: AtomicU64,
    bytes: AtomicU64,
    failed: AtomicU64,
}

impl Counts {
    fn new() -> Self {
        Counts {
            started: Instant::now(),
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            failed: AtomicU64::new(0),
        }
    }

    fn add(&self, bytes: u64, failed: bool) -> u64 {
        self.bytes.fetch_add(bytes, Ordering::Relaxed);
        if failed {
            self.failed.fetch_add(1, Ordering::Relaxed);
        }
        self.done.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn rate(&self) -> f64 {
        let s = self.started.elapsed().as_secs_f64().max(1e-6);
        self.bytes.load(Ordering::Relaxed) as f64 / 1e6 / s
    }
}

impl Progress for progress::Bar {
    fn start(&self, files: u64, _bytes: u64) {
        progress::Bar::start(self, files);
    }

    fn file_done(&self, bytes: u64, failed: bool) {
        progress::Bar::file_done(self, bytes, failed);
    }

    fn more(&self, files: u64) {
        progress::Bar::more(self, files);
    }

    fn finish(&self) {
        progress::Bar::finish(self);
    }
}

/// Periodic plain lines when stderr is not a terminal (logs, CI).
struct Lines {
    counts: Counts,
    every: Duration,
    /// The total grows (an archive is being read): not known.
    growing: AtomicBool,
    /// When the last line was written, and where lines go.
    out: Mutex<(Instant, Box<dyn Write + Send>)>,
}

const LINE_EVERY: Duration = Duration::from_secs(5);

impl Lines {
    fn new() -> Self {
        Lines::to(Box::new(std::io::stderr()), LINE_EVERY)
    }

    fn to(out: Box<dyn Write + Send>, every: Duration) -> Self {
        Lines {
            counts: Counts::new(),
            every,
            growing: AtomicBool::new(false),
            out: Mutex::new((Instant::now(), out)),
        }
    }

    /// `done/total files (n%)`, or, once an archive's members have made
    /// the total grow (it is not known), `done files so far`.
    fn line(&self, out: &mut dyn Write) {
        let done = self.counts.done.load(Ordering::Relaxed);
        let total = self.counts.total.load(Ordering::Relaxed).max(1);
        let files = if self.growing.load(Ordering::Relaxed) {
            format!("{done} files so far (archives still being read)")
        } else {
            format!("{done}/{total} files ({}%)", done * 100 / total)
        };
        let _ = writeln!(
            out,
            "sgfconv migrate: {files}, {:.1} MB/s, {} failed",
            self.counts.rate(),
            self.counts.failed.load(Ordering::Relaxed)
        );
    }
}

impl Progress for Lines {
    fn start(&self, files: u64, _bytes: u64) {
        self.counts.total.store(files, Ordering::Relaxed);
    }

    fn more(&self, files: u64) {
        self.counts.total.fetch_add(files, Ordering::Relaxed);
        self.growing.store(true, Ordering::Relaxed);
    }

    fn file_done(&self, bytes: u64, failed: bool) {
        self.counts.add(bytes, failed);
        if let Ok(mut guard) = self.out.try_lock() {
            let (last, out) = &mut *guard;
            if last.elapsed() >= self.every {
                *last = Instant::now();
                self.line(out.as_mut());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use std::path::PathBuf;
    use std::sync::Arc;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: MigrateArgs,
    }

    #[test]
    fn arguments_map_to_options() {
        let cli = Cli::try_parse_from([
            "x",
            "in",
            "out",
            "-j",
            "3",
            "--force",
            "--dry-run",
            "--preserve-mtime",
            "--include",
            "*.gib",
            "--include",
            "*.sgf",
            "--exclude",
            "old/**",
            "--split-collections",
            "--name",
            "{DT} {PB} vs {PW}",
            "--encoding",
            "SJIS",
            "--keep-dialect",
        ])
        .unwrap();
        let o = options(&cli.args).unwrap();
        assert_eq!(o.src, PathBuf::from("in"));
        assert_eq!(o.dst, PathBuf::from("out"));
        assert_eq!(o.jobs, 3);
        assert!(o.force && o.dry_run && o.preserve_mtime && o.split_collections);
        assert!(!o.fsync);
        assert_eq!(o.include, vec!["*.gib", "*.sgf"]);
        assert_eq!(o.exclude, vec!["old/**"]);
        assert_eq!(o.name_template.as_deref(), Some("{DT} {PB} vs {PW}"));
        assert_eq!(o.convert.read.encoding.map(|e| e.name()), Some("Shift_JIS"));
        assert!(o.convert.read.dialect.is_keep());
        let bad = Cli::try_parse_from(["x", "in", "out", "--default-encoding", "nope"]).unwrap();
        assert!(options(&bad.args).is_err());
    }

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn plain_lines_report_files_rate_and_failures() {
        let out = Shared::default();
        let lines = Lines::to(Box::new(out.clone()), Duration::ZERO);
        lines.start(4, 0);
        lines.file_done(1000, false);
        lines.file_done(1000, true);
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let v: Vec<&str> = text.lines().collect();
        assert_eq!(v.len(), 2);
        assert!(
            v[0].starts_with("sgfconv migrate: 1/4 files (25%), "),
            "{text}"
        );
        assert!(
            v[1].starts_with("sgfconv migrate: 2/4 files (50%), "),
            "{text}"
        );
        assert!(v[1].ends_with("MB/s, 1 failed"), "{text}");
        // An archive's members make the total grow: no fraction then.
        lines.more(1);
        lines.file_done(10, false);
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let last = text.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("sgfconv migrate: 3 files so far (archives still being read), "),
            "{text}"
        );
        // Not more often than asked.
        let quiet = Shared::default();
        let slow = Lines::to(Box::new(quiet.clone()), Duration::from_secs(3600));
        slow.file_done(1, false);
        assert!(quiet.0.lock().unwrap().is_empty());
    }
}
