//! `sgfconv migrate SRC DST`: the command-line side of [`sgfconv::migrate`]:
//! arguments, the progress display, the summary and `--report`.

mod show;

use sgfconv::diag::escape_controls;
use sgfconv::migrate::{self, MigrateOptions, Progress};
use sgfconv::{charset, Error};
use show::{DiagnosticsFormat, Shown, WithDiagnostics};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Convert every game record under SRC (SGF in any dialect and charset, GIB,
/// NGF, UGF/UGI) into UTF-8 FF[4] SGF under DST, mirroring the tree.
///
/// Never writes inside SRC and never follows symbolic links. Each output is
/// written to a temporary file and renamed, so an interrupted run leaves no
/// half-written file; run it again to finish (outputs newer than their input
/// are skipped). A file that fails is reported and the run goes on; the exit
/// status is 1 if any failed or lost data (an error diagnostic).
#[derive(clap::Args, Debug, Clone)]
#[command(after_help = after_help())]
pub struct MigrateArgs {
    /// Source directory (only read, never written), or an archive (its
    /// records go right under DST).
    #[arg(value_name = "SRC")]
    pub src: PathBuf,
    /// Destination directory (created if needed; must not be inside SRC).
    #[arg(value_name = "DST")]
    pub dst: PathBuf,
    /// Convert this many files at once (default: one per core; at most 4
    /// per core).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,
    /// No progress display and no summary (failures are still listed).
    #[arg(short, long)]
    pub quiet: bool,
    /// Show each file's diagnostics as it is done, info included (each
    /// rewrite, each encoding decision).
    #[arg(short, long, conflicts_with = "quiet")]
    pub verbose: bool,
    /// A file with a warning (or an error) counts as failed, and nothing
    /// is written for it (E457); the run exits 1.
    #[arg(long)]
    pub strict: bool,
    /// How diagnostics are printed on stderr: text, or json (every line
    /// on stderr one JSON object: every diagnostic of every file, errors
    /// only with -q, then the summary).
    #[arg(long, value_enum, default_value = "text", value_name = "FORMAT")]
    pub diagnostics: DiagnosticsFormat,
    /// Write a JSON report with one entry per input file.
    #[arg(long, value_name = "FILE.json")]
    pub report: Option<PathBuf>,
    /// Convert even when the output is newer than its input.
    #[arg(long)]
    pub force: bool,
    /// Read, convert and report, but write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Give each output the modification time of its input.
    #[arg(long)]
    pub preserve_mtime: bool,
    /// Flush each output to disk before renaming it into place (slower;
    /// survives a power cut, not only a killed process).
    #[arg(long)]
    pub fsync: bool,
    /// Only files matching GLOB (repeatable). Without '/', GLOB matches the
    /// file name at any depth ('*.gib'); with '/', the path under SRC
    /// ('2003/**'). '*', '**', '?', '[a-z]', '{sgf,gib}'; case is ignored
    /// ('*.sgf' takes GAME.SGF).
    #[arg(long, value_name = "GLOB")]
    pub include: Vec<String>,
    /// Skip files matching GLOB (repeatable; same rules as --include).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Match --include and --exclude with case.
    #[arg(long)]
    pub case_sensitive_globs: bool,
    /// One output file per game of a collection.
    #[arg(long)]
    pub split_collections: bool,
    /// Output file name from game info, e.g. '{DT} {PB} vs {PW}' (see below).
    #[arg(long = "name", value_name = "TEMPLATE")]
    pub name: Option<String>,
    /// Force the input character set (any WHATWG label, or SJIS, MS_KANJI,
    /// KS_C_5601-1987, UTF8, GB2312...).
    #[arg(long, value_name = "NAME", value_parser = crate::cli_help::encodings(), hide_possible_values = true)]
    pub encoding: Option<String>,
    /// Character set used only when neither a BOM, CA[] nor detection decides.
    #[arg(long, value_name = "NAME", value_parser = crate::cli_help::encodings(), hide_possible_values = true)]
    pub default_encoding: Option<String>,
    /// Do not rewrite legacy identifiers or values; only decode and re-encode.
    #[arg(long)]
    pub keep_dialect: bool,
    /// Archives in SRC: put their records where the archive is, not in a
    /// directory named after it (a/KGS-2017.tar.gz:x.sgf → DST/a/x.sgf, not
    /// DST/a/KGS-2017/x.sgf).
    #[arg(long)]
    pub flatten_archives: bool,
    /// Archives: refuse a member larger than this once decompressed (a
    /// decompression bomb), converting the others [default: 1G].
    #[arg(long, value_name = "SIZE", value_parser = crate::parse_size)]
    pub max_member_size: Option<usize>,
    /// Archives: how many levels of archives inside archives are read.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub archive_depth: u32,
}

/// The closing text of `migrate --help`. Clap turns a literal `{n}` of a
/// help text into a line break: the `n` of `{n}` is set in bold (plain
/// where the help is not shown in colour), which clap leaves alone.
fn after_help() -> String {
    let bold = clap::builder::styling::Style::new().bold();
    format!(
        "Name templates (--name): {{XX}} is the first value of the game's root \
         property XX (DT, PB, PW, EV, RO, GN...), {{stem}} the source file name without \
         its extension, {{{bold}n{bold:#}}} the game number; '/' in the template makes \
         subdirectories. Values are sanitised; names that collide get ' (2)', ' (3)'... \
         in source path order, whatever -j.\n\nExit status: 0 every record converted \
         or up to date, nothing lost; 1 some record failed (with --strict, a record with \
         a warning fails), or lost data (an error diagnostic, as a conversion of that file \
         alone would exit 1; a resumed run counts those its --report had for the files it \
         skips); 2 bad usage, nothing written."
    )
}

const EXIT_FAILED: u8 = 1;
const EXIT_USAGE: u8 = 2;

/// A message as it may reach a terminal (control characters escaped).
fn shown(msg: impl std::fmt::Display) -> String {
    escape_controls(&msg.to_string()).into_owned()
}

/// A usage error (or a report that cannot be written): nothing done,
/// status 2; a JSON line under `--diagnostics json`.
fn usage(msg: &dyn std::fmt::Display, json: bool) -> ExitCode {
    if json {
        let m = crate::cli_term::json_usage(&msg.to_string());
        eprintln!("{m}");
    } else {
        eprintln!("sgfconv migrate: {}", shown(msg));
    }
    ExitCode::from(EXIT_USAGE)
}

fn encoding(
    name: &Option<String>,
    flag: &str,
) -> Result<Option<&'static encoding_rs::Encoding>, String> {
    match name {
        None => Ok(None),
        Some(n) => charset::lookup(n)
            .map(Some)
            .ok_or_else(|| format!("{flag}: unknown character set '{n}'")),
    }
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
    o.archive_limits = sgfconv::archive::Limits {
        max_member_size: args
            .max_member_size
            .map_or(sgfconv::archive::DEFAULT_MAX_MEMBER_SIZE, |n| n as u64),
        depth: args.archive_depth,
    };
    o.convert.read.encoding = encoding(&args.encoding, "--encoding")?;
    o.convert.read.default_encoding = encoding(&args.default_encoding, "--default-encoding")?;
    if args.keep_dialect {
        o.convert.read.dialect = sgfconv::Dialect::Keep;
    }
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
    if let Err(m) = written {
        return usage(&m);
    }
    // As a conversion of the file alone would: data lost (an error
    // diagnostic) is status 1, even when the file was written.
    let lost = summary.errors() > 0;
    if summary.failed() > 0 || lost {
        ExitCode::from(EXIT_FAILED)
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
    } else if crate::cli_progress::wanted(false, false) {
        Box::new(crate::cli_progress::Bar::new("files"))
    } else {
        Box::new(Lines::new())
    };
    let shown = Shown::new(args.verbose, args.quiet, args.diagnostics);
    let out: Box<dyn Write + Send> = if json {
        Box::new(std::io::stderr())
    } else {
        crate::cli_term::diagnostic_stream()
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

impl Progress for crate::cli_progress::Bar {
    fn start(&self, files: u64, _bytes: u64) {
        crate::cli_progress::Bar::start(self, files);
    }

    fn file_done(&self, bytes: u64, failed: bool) {
        crate::cli_progress::Bar::file_done(self, bytes, failed);
    }

    fn more(&self, files: u64) {
        crate::cli_progress::Bar::more(self, files);
    }

    fn finish(&self) {
        crate::cli_progress::Bar::finish(self);
    }
}

/// Periodic plain lines when stderr is not a terminal (logs, CI).
struct Lines {
    counts: Counts,
    every: Duration,
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
            out: Mutex::new((Instant::now(), out)),
        }
    }

    fn line(&self, out: &mut dyn Write) {
        let done = self.counts.done.load(Ordering::Relaxed);
        let total = self.counts.total.load(Ordering::Relaxed).max(1);
        let _ = writeln!(
            out,
            "sgfconv migrate: {done}/{total} files ({}%), {:.1} MB/s, {} failed",
            done * 100 / total,
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
        // Not more often than asked.
        let quiet = Shared::default();
        let slow = Lines::to(Box::new(quiet.clone()), Duration::from_secs(3600));
        slow.file_done(1, false);
        assert!(quiet.0.lock().unwrap().is_empty());
    }
}
