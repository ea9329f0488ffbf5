//! The `sgfconv` command: the contract of `CLI.md` over the library.

mod cli_fix;
mod cli_help;
#[cfg(unix)]
mod cli_migrate;
mod cli_signals;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use sgfconv::diag::{Output, Reporter, Tally};
use sgfconv::formats::{Format, FORMATS};
use sgfconv::input::{sniff_head, CountingRead};
use sgfconv::options::{Coords, Dialect, Rules};
use sgfconv::output::{write_atomically, FileId, Guard};
use sgfconv::sink::Counter;
use sgfconv::{charset, Error, Options, WriteOptions};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Converts Go game records between SGF (every dialect and character set),
/// Tygem GIB, PandaNet UGF/UGI, WBaduk NGF, JSON, XML and CSV.
///
/// With no INPUT (or `-`) it reads stdin; with no OUTPUT (or `-`) it writes
/// stdout. Formats come from the file extensions, else from the content;
/// the output is UTF-8 SGF unless told otherwise.
#[derive(Parser, Debug)]
#[command(
    name = "sgfconv",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "Diagnostic codes (W012...): `sgfconv explain CODE` says what one means and \
                  what to do; `sgfconv explain --list` lists them all. Manual: man sgfconv \
                  (`sgfconv man DIR` writes the pages).\n\n\
                  Exit status: 0 done, nothing lost; 1 done, but some input could not be kept \
                  (or a warning under --strict); 2 bad usage, unreadable input or unknown format, \
                  nothing written. A signal (INT, TERM, HUP) ends it by that signal (130 in a shell \
                  after Ctrl-C), leaving no temporary file and the old output as it was."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    convert: ConvertArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Read records and report diagnostics; write nothing.
    #[command(
        after_help = "Diagnostic codes: `sgfconv explain CODE` says what one means and what to \
                      do (`sgfconv explain --list`: every code).\n\n\
                      Exit status: 0 no error (with --strict, no warning either); 1 an error \
                      (with --strict, a warning), or --fix left a file as it was; 2 bad usage, or \
                      a file unreadable or in no known format."
    )]
    Check(CheckArgs),
    /// Convert every record under SRC into UTF-8 SGF under DST, in parallel,
    /// mirroring the tree; never writes inside SRC (man sgfconv-migrate).
    #[cfg(unix)]
    Migrate(cli_migrate::MigrateArgs),
    /// List the formats, their extensions and what each can carry.
    Formats,
    /// Say what a diagnostic code (W012, unescaped-bracket) means and what to do.
    Explain(cli_help::ExplainArgs),
    /// Print shell completions (bash, zsh, fish, elvish, powershell).
    #[command(hide = true)]
    Completions {
        shell: clap_complete::Shell,
        /// Write into this directory instead of stdout.
        dir: Option<PathBuf>,
    },
    /// Write the man pages (sgfconv.1, sgfconv-check.1...) into DIR, or
    /// sgfconv(1) on stdout.
    #[command(hide = true)]
    Man {
        /// Write into this directory instead of stdout.
        dir: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum DiagFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CoordsArg {
    Sgf,
    Gtp,
    Numeric,
}

/// Options shared by every command that reads records.
#[derive(Args, Debug, Clone)]
struct ReadArgs {
    /// Threads for large SGF inputs (0: one per core; at most 4 per core).
    /// Games are read in parallel; output and diagnostics are those of one
    /// thread.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Input format: sgf, gib, ugf (also .ugi), ngf, json, xml, jago, csv.
    #[arg(short = 'f', long = "from", value_name = "FORMAT", value_parser = cli_help::format_names(), hide_possible_values = true)]
    from: Option<String>,
    /// Force the input character set (any WHATWG label, or SJIS, MS_KANJI,
    /// KS_C_5601-1987, UTF8, GB2312...).
    #[arg(long, value_name = "NAME", value_parser = cli_help::encodings(), hide_possible_values = true)]
    encoding: Option<String>,
    /// Character set used only when neither a BOM, CA[] nor detection decides.
    #[arg(long, value_name = "NAME", value_parser = cli_help::encodings(), hide_possible_values = true)]
    default_encoding: Option<String>,
    /// Do not rewrite legacy identifiers or values; only decode and re-encode.
    #[arg(long)]
    keep_dialect: bool,
    /// Do not apply this dialect rule or server-quirk fix (repeatable, or
    /// NAME,NAME; groups: ff3, fox, values, all).
    #[arg(long = "no-fix", value_name = "NAME", value_parser = cli_help::rule_names())]
    no_fix: Vec<String>,
    /// NGF input was written rotated by 180 degrees.
    #[arg(long)]
    ngf_rotate_180: bool,
    /// Refuse an SGF value, a GIB, NGF or UGF line, an XML or Jago text or
    /// tag, a CSV row or a JSON string longer than this (bytes; K, M, G for
    /// KiB, MiB, GiB) instead of holding it [default: 256M].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_value_size: Option<usize>,
    /// No warnings or info on stderr (errors are always shown).
    #[arg(short, long)]
    quiet: bool,
    /// Also show info diagnostics (each rewrite, each encoding decision).
    #[arg(short, long, conflicts_with = "quiet")]
    verbose: bool,
    /// How diagnostics are printed on stderr.
    #[arg(long, value_enum, default_value = "text", value_name = "FORMAT")]
    diagnostics: DiagFormat,
    /// Any warning makes the run fail (exit 1).
    #[arg(long)]
    strict: bool,
}

#[derive(Args, Debug, Clone)]
struct ConvertArgs {
    /// Input file; absent or '-' for stdin.
    input: Option<PathBuf>,
    /// Output file; absent or '-' for stdout.
    output: Option<PathBuf>,
    /// Output format (default: from OUTPUT's extension, else sgf).
    #[arg(short = 't', long = "to", value_name = "FORMAT", value_parser = cli_help::format_names(), hide_possible_values = true)]
    to: Option<String>,
    /// Output character set (default UTF-8; SGF gets a matching CA[]).
    #[arg(long, value_name = "NAME", value_parser = cli_help::output_encodings(), hide_possible_values = true)]
    to_encoding: Option<String>,
    /// UGF output: variations as a [ReviewNode] tree instead of figures.
    #[arg(long)]
    ugf_review: bool,
    /// JSON output: one game per line.
    #[arg(long)]
    json_lines: bool,
    /// JSON output: the move-list projection (size, komi, players, moves).
    #[arg(long)]
    moves: bool,
    /// CSV output: every node of every variation, with a path column.
    #[arg(long)]
    all_variations: bool,
    /// CSV output: coordinate style of the move column [default: sgf].
    #[arg(long, value_enum)]
    coords: Option<CoordsArg>,
    /// CSV output: also write one row per game, with its game info, here.
    #[arg(long, value_name = "FILE")]
    games_csv: Option<PathBuf>,
    /// CSV output: text cells that start with = + - @ (a spreadsheet
    /// formula) get a leading ' ; numeric columns are never touched.
    #[arg(long)]
    csv_safe: bool,
    #[command(flatten)]
    read: ReadArgs,
}

#[derive(Args, Debug, Clone)]
struct CheckArgs {
    /// Files to check ('-' for stdin).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one line per file and totals, with diagnostics counted by code.
    #[arg(long)]
    summary: bool,
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
    read: ReadArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_signals::install();
    match cli.command {
        Some(Command::Check(args)) => check(args),
        Some(Command::Formats) => list_formats(),
        Some(Command::Completions { shell, dir }) => completions(shell, dir),
        Some(Command::Explain(args)) => cli_help::explain(args),
        Some(Command::Man { dir }) => cli_help::man(Cli::command(), dir),
        #[cfg(unix)]
        Some(Command::Migrate(args)) => cli_migrate::run(args),
        None => convert(cli.convert),
    }
}

const EXIT_LOST: u8 = 1;
const EXIT_USAGE: u8 = 2;

fn usage_error(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("sgfconv: {}", shown(msg));
    ExitCode::from(EXIT_USAGE)
}

/// A message as it may reach a terminal: the control characters a file
/// name or a record can carry are escaped (`\u{1b}`), never written raw.
fn shown(msg: impl std::fmt::Display) -> String {
    sgfconv::diag::escape_controls(&msg.to_string()).into_owned()
}

fn encoding_arg(
    name: &Option<String>,
    what: &str,
) -> Result<Option<&'static encoding_rs::Encoding>, String> {
    match name {
        None => Ok(None),
        Some(n) => charset::lookup(n)
            .map(Some)
            .ok_or_else(|| format!("{what}: unknown character set '{n}'")),
    }
}

fn format_arg(name: &Option<String>, what: &str) -> Result<Option<Format>, String> {
    match name {
        None => Ok(None),
        Some(n) => Format::from_name(n).map(Some).ok_or_else(|| {
            let names: Vec<&str> = FORMATS.iter().map(|f| f.name).collect();
            format!("{what}: unknown format '{n}' (known: {})", names.join(", "))
        }),
    }
}

/// `--max-value-size`: `1000`, `64K`, `256M`, `1G` (powers of 1024).
fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, shift) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    let n: usize = digits
        .parse()
        .map_err(|_| format!("'{s}' is not a size (bytes, or a number and K, M or G)"))?;
    n.checked_mul(1 << shift)
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("'{s}' is not a size from 1 byte up"))
}

fn read_options(r: &ReadArgs) -> Result<sgfconv::ReadOptions, String> {
    let mut o = sgfconv::ReadOptions::default();
    o.encoding = encoding_arg(&r.encoding, "--encoding")?;
    o.default_encoding = encoding_arg(&r.default_encoding, "--default-encoding")?;
    o.ngf_rotate_180 = r.ngf_rotate_180;
    o.max_value_size = r.max_value_size;
    o.dialect = dialect_arg(r.keep_dialect, &r.no_fix)?;
    Ok(o)
}

/// `--keep-dialect` and `--no-fix NAME...`: keeping the dialect runs no
/// rule, so naming rules beside it is refused rather than ignored.
fn dialect_arg(keep: bool, no_fix: &[String]) -> Result<Dialect, String> {
    let rules = Rules::from_names(&no_fix.join(",")).map_err(|e| format!("--no-fix: {e}"))?;
    match (keep, no_fix.is_empty()) {
        (false, _) => Ok(Dialect::Rewrite(rules)),
        (true, true) => Ok(Dialect::Keep),
        (true, false) => {
            Err("--no-fix has no effect with --keep-dialect, which runs no rule".into())
        }
    }
}

fn reporter(name: &str, r: &ReadArgs) -> Reporter {
    let out = match r.diagnostics {
        DiagFormat::Text => Output::Text(Box::new(io::stderr())),
        DiagFormat::Json => Output::Json(Box::new(io::stderr())),
    };
    // Machines filter JSON by severity themselves: they get the info too
    // (each rewrite, each game's encoding decision). `-q` hides warnings
    // and info, never an error (under --strict a warning fails the run, so
    // warnings are shown).
    let mut rep =
        Reporter::new(name, out).with_info(r.verbose || r.diagnostics == DiagFormat::Json);
    if r.quiet && !r.strict {
        rep = rep.errors_only();
    }
    if r.diagnostics == DiagFormat::Text {
        rep = rep.with_per_code_limit(100);
    }
    rep
}

/// An opened input: its display name and a reader that starts with the
/// sniffed head.
struct Opened {
    name: String,
    format: Format,
    reader: Box<dyn Read>,
}

fn open_input(path: Option<&Path>, forced: Option<Format>) -> Result<Opened, String> {
    let (name, mut raw): (String, Box<dyn Read>) = match path {
        None => ("<stdin>".into(), Box::new(io::stdin().lock())),
        Some(p) if p == Path::new("-") => ("<stdin>".into(), Box::new(io::stdin().lock())),
        Some(p) => {
            let f = File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            if f.metadata().map(|m| m.is_dir()).unwrap_or(false) {
                return Err(format!("{}: is a directory", p.display()));
            }
            (p.display().to_string(), Box::new(f))
        }
    };
    // `.xml` is ours or Jago's: the content tells.
    let by_name = path
        .and_then(Format::from_path)
        .filter(|f| *f != Format::Xml);
    let format = match forced.or(by_name) {
        Some(f) => f,
        None => {
            let (head, again) = sniff_head(raw).map_err(|e| format!("{name}: {e}"))?;
            raw = again;
            Format::sniff(&head)
                .or_else(|| path.and_then(Format::from_path))
                .ok_or_else(|| {
                    format!("{name}: cannot tell the format from the content; name it with -f")
                })?
        }
    };
    Ok(Opened {
        name,
        format,
        reader: raw,
    })
}

/// `-j N`, with 0 meaning one thread per core, and no more than
/// [`sgfconv::options::max_jobs`].
fn jobs(args: &ReadArgs) -> usize {
    sgfconv::options::jobs_for(args.jobs)
}

fn convert(args: ConvertArgs) -> ExitCode {
    let (options, from, to) = match convert_options(&args) {
        Ok(o) => o,
        Err(e) => return usage_error(e),
    };
    let in_path = args.input.as_deref().filter(|p| *p != Path::new("-"));
    let out_path = args.output.as_deref().filter(|p| *p != Path::new("-"));
    if let Err(e) = guard_outputs(in_path, out_path, args.games_csv.as_deref()) {
        return usage_error(e);
    }
    if !args.read.quiet {
        note_leftovers(&[out_path, args.games_csv.as_deref()]);
    }
    let mut opened = match open_input(in_path, from) {
        Ok(o) => o,
        Err(e) => return usage_error(e),
    };
    if let Err(e) = sgfconv::formats::check_read_options(opened.format, &options.read) {
        return usage_error(format!("{}: {e}", opened.name));
    }
    let mut report = reporter(&opened.name, &args.read);
    let mut run = |out: &mut dyn Write, report: &mut Reporter| {
        let input = &mut opened.reader;
        sgfconv::convert(input, opened.format, out, to, &options, report)
    };
    let result = match out_path {
        None => {
            let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
            let r = run(&mut out, &mut report);
            r.and_then(|s| out.flush().map(|_| s).map_err(Error::from))
        }
        Some(path) => write_atomically(path, |out| {
            let r = run(out, &mut report)?;
            // Under --strict a warning fails the run: keep no output.
            if args.read.strict && report.warnings() > 0 {
                return Err(Error::unwritable("strict", "warnings under --strict"));
            }
            Ok(r)
        }),
    };
    finish(result.map(|_| ()), &mut report, &args.read, &opened.name)
}

/// The options of a conversion, its input format if named, and its output
/// format; an option the output format does not take is an error.
fn convert_options(args: &ConvertArgs) -> Result<(Options, Option<Format>, Format), String> {
    let from = format_arg(&args.read.from, "--from")?;
    let out_path = args.output.as_deref().filter(|p| *p != Path::new("-"));
    let to = format_arg(&args.to, "--to")?
        .or_else(|| out_path.and_then(Format::from_path))
        .unwrap_or(Format::Sgf);
    let mut options = Options::default().with_jobs(jobs(&args.read));
    options.read = read_options(&args.read)?;
    options.write = write_options(args, to, out_path)?;
    sgfconv::formats::check_write_options(to, &options.write).map_err(|e| e.to_string())?;
    Ok((options, from, to))
}

/// The writer options as given (`check_write_options` refuses those the
/// target does not take).
fn write_options(
    args: &ConvertArgs,
    to: Format,
    out_path: Option<&Path>,
) -> Result<WriteOptions, String> {
    let mut w = WriteOptions::default();
    if let Some(n) = &args.to_encoding {
        w.to_encoding = Some(charset::output_encoding(n).ok_or_else(|| {
            format!("--to-encoding: '{n}' is unknown or cannot carry ASCII syntax")
        })?);
    }
    w.ugf_review = args.ugf_review;
    // `out.jsonl` / `out.ndjson` mean one game per line.
    let lines_ext = out_path
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl") || e.eq_ignore_ascii_case("ndjson"));
    w.json_lines = args.json_lines || (to == Format::Json && lines_ext);
    w.moves = args.moves;
    w.all_variations = args.all_variations;
    w.coords = args.coords.map(|c| match c {
        CoordsArg::Sgf => Coords::Sgf,
        CoordsArg::Gtp => Coords::Gtp,
        CoordsArg::Numeric => Coords::Numeric,
    });
    w.games_csv = args.games_csv.clone();
    w.csv_safe = args.csv_safe;
    Ok(w)
}

/// The exit status of a run, from its result and its diagnostics.
fn finish(
    result: Result<(), Error>,
    report: &mut Reporter,
    args: &ReadArgs,
    name: &str,
) -> ExitCode {
    report.flush();
    note_suppressed(report);
    match result {
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(Error::Unwritable { code: "strict", .. }) => ExitCode::from(EXIT_LOST),
        Err(Error::Usage(m)) => usage_error(m),
        Err(e @ Error::Unreadable { .. }) => usage_error(format!("{name}: {e}")),
        Err(e) => {
            eprintln!("sgfconv: {}", shown(format!("{name}: {e}")));
            ExitCode::from(EXIT_USAGE)
        }
        Ok(()) => {
            if report.errors() > 0 || (args.strict && report.warnings() > 0) {
                ExitCode::from(EXIT_LOST)
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}

fn note_suppressed(report: &Reporter) {
    if report.suppressed() > 0 {
        eprintln!(
            "sgfconv: {}: {} more diagnostics of the same kinds not shown (--diagnostics json shows all)",
            shown(report.file()),
            report.suppressed()
        );
    }
}

/// A note on stderr when an output's directory holds temporary files
/// (`.sgfconv-*.tmp`) that an interrupted run left: named, never removed
/// (another run may be writing them).
fn note_leftovers(outputs: &[Option<&Path>]) {
    let mut found: Vec<PathBuf> = outputs
        .iter()
        .flatten()
        .flat_map(|p| sgfconv::output::leftover_temporary_files(p))
        .collect();
    found.sort();
    found.dedup();
    if found.is_empty() {
        return;
    }
    let names: Vec<String> = found.iter().map(|p| shown(p.display())).collect();
    eprintln!(
        "sgfconv: note: temporary files of an interrupted run beside the output (not removed; \
         delete them if no sgfconv is writing there): {}",
        names.join(", ")
    );
}

/// Refuses every output that is the input, whatever its name: the output
/// file, the games table, or the standard output when no output is named.
fn guard_outputs(
    input: Option<&Path>,
    output: Option<&Path>,
    games_csv: Option<&Path>,
) -> Result<(), Error> {
    let mut guard = Guard::new();
    let name = input.map_or("<stdin>".into(), |p| p.display().to_string());
    guard.add_input(input, &name);
    match output {
        Some(o) => guard.check_output(o, "the output")?,
        None => guard.check_stdout()?,
    }
    if let Some(g) = games_csv {
        guard.check_output(g, "--games-csv")?;
        if output.is_some_and(|o| same_target(o, g)) {
            return Err(Error::Usage(format!(
                "--games-csv {} is the output too",
                g.display()
            )));
        }
    }
    Ok(())
}

/// Two paths name the same file (or the same new file).
fn same_target(a: &Path, b: &Path) -> bool {
    match (FileId::of_path(a), FileId::of_path(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

fn check(args: CheckArgs) -> ExitCode {
    let read_opts = match read_options(&args.read) {
        Ok(o) => o,
        Err(e) => return usage_error(e),
    };
    let from = match format_arg(&args.read.from, "--from") {
        Ok(f) => f,
        Err(e) => return usage_error(e),
    };
    let mut options = Options::default().with_jobs(jobs(&args.read));
    options.read = read_opts;
    if args.fix && args.files.iter().any(|f| f == Path::new("-")) {
        return usage_error("--fix rewrites files in place: name them (not '-' for stdin)");
    }
    let mut totals = CheckTotals::default();
    for path in &args.files {
        if args.fix {
            let status = fix_one(path, from, &args, &options, &mut totals);
            totals.status(status);
            continue;
        }
        let p = (path != Path::new("-")).then_some(path.as_path());
        let status = match open_input(p, from) {
            Ok(opened) => check_one(opened, &args, &options, &mut totals),
            Err(e) => {
                eprintln!("sgfconv: {}", shown(e));
                ExitCode::from(EXIT_USAGE)
            }
        };
        totals.status(status);
    }
    if args.summary {
        println!(
            "total: {} files, {} bytes, {} games, {} nodes, {} properties",
            args.files.len(),
            totals.bytes,
            totals.counts.games,
            totals.counts.nodes,
            totals.counts.properties
        );
        for (code, n) in &totals.by_code {
            println!("  {code}: {n}");
        }
    }
    totals.worst
}

/// What `check` adds up over its files.
struct CheckTotals {
    counts: Counter,
    by_code: BTreeMap<String, usize>,
    bytes: u64,
    /// The worst exit status so far, and its rank (0 ok, 1 lost, 2 usage).
    worst: ExitCode,
    worst_rank: u8,
}

impl Default for CheckTotals {
    fn default() -> Self {
        CheckTotals {
            counts: Counter::default(),
            by_code: BTreeMap::new(),
            bytes: 0,
            worst: ExitCode::SUCCESS,
            worst_rank: 0,
        }
    }
}

impl CheckTotals {
    /// Keeps the worse of the statuses so far and `status`.
    fn status(&mut self, status: ExitCode) {
        let rank = if status == ExitCode::SUCCESS {
            0
        } else if status == ExitCode::from(EXIT_LOST) {
            1
        } else {
            2
        };
        if rank > self.worst_rank {
            self.worst_rank = rank;
            self.worst = status;
        }
    }
}

/// Checks one opened input: its diagnostics (and, with `--summary`, its
/// line); its counts go into `totals`.
fn check_one(
    opened: Opened,
    args: &CheckArgs,
    options: &Options,
    totals: &mut CheckTotals,
) -> ExitCode {
    let mut report = reporter(&opened.name, &args.read);
    if args.summary {
        // Counted by code (and encoding), not kept: shown as they come.
        report = report.with_tally(Tally::with_detail("I100", encoding_detail));
    }
    let mut counted = CountingRead::new(opened.reader);
    let checks = match (args.parse_only, args.no_board) {
        (true, _) => sgfconv::Checks::Parse,
        (false, true) => sgfconv::Checks::Rules,
        (false, false) => sgfconv::Checks::All,
    };
    let result = sgfconv::check(&mut counted, opened.format, options, checks, &mut report);
    let counter = result.as_ref().cloned().unwrap_or_default();
    totals.bytes += counted.count();
    if args.summary {
        summary_line(&opened.name, &counter, &mut report, totals);
    }
    totals.counts.games += counter.games;
    totals.counts.nodes += counter.nodes;
    totals.counts.properties += counter.properties;
    finish(result.map(|_| ()), &mut report, &args.read, &opened.name)
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
        reader: Box::new(io::Cursor::new(bytes.clone())),
    };
    let status = check_one(opened, args, options, totals);
    match cli_fix::fix(&target, &bytes, options, args.backup) {
        Ok(cli_fix::Fixed::Written(backup)) => {
            if !args.read.quiet {
                match backup {
                    Some(b) => eprintln!(
                        "sgfconv: {}: fixed (original kept as {})",
                        shown(&name),
                        shown(b.display())
                    ),
                    None => eprintln!("sgfconv: {}: fixed", shown(&name)),
                }
            }
            status
        }
        Ok(cli_fix::Fixed::Unchanged) => status,
        Err(m) => {
            eprintln!("sgfconv: {}", shown(format!("{name}: {m}")));
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
    println!(
        "{}: {} games, {} nodes, {} properties, {} warnings, {} errors{}",
        shown(name),
        counter.games,
        counter.nodes,
        counter.properties,
        report.warnings(),
        report.errors(),
        shown(encoding_summary(&tally.details))
    );
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

fn list_formats() -> ExitCode {
    let mut out = io::stdout().lock();
    let _ = writeln!(
        out,
        "{:<6} {:<22} {:<6} description / what it carries",
        "name", "extensions", "lossy"
    );
    for f in FORMATS {
        let exts: Vec<String> = f.extensions.iter().map(|e| format!(".{e}")).collect();
        let _ = writeln!(
            out,
            "{:<6} {:<22} {:<6} {}\n{:36}carries: {}",
            f.name,
            if exts.is_empty() {
                "-".to_string()
            } else {
                exts.join(" ")
            },
            if f.lossy { "yes" } else { "no" },
            f.description,
            "",
            f.carries
        );
    }
    ExitCode::SUCCESS
}

fn completions(shell: clap_complete::Shell, dir: Option<PathBuf>) -> ExitCode {
    let mut cmd = Cli::command();
    match dir {
        None => {
            clap_complete::generate(shell, &mut cmd, "sgfconv", &mut io::stdout());
            ExitCode::SUCCESS
        }
        Some(d) => match clap_complete::generate_to(shell, &mut cmd, "sgfconv", &d) {
            Ok(p) => {
                println!("{}", shown(p.display()));
                ExitCode::SUCCESS
            }
            Err(e) => usage_error(format!("{}: {e}", d.display())),
        },
    }
}
