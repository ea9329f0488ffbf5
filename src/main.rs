//! The `sgfconv` command: the contract of `CLI.md` over the library.

mod cli_check;
mod cli_convert;
mod cli_fix;
mod cli_help;
mod cli_inputs;
#[cfg(unix)]
mod cli_migrate;
mod cli_open;
mod cli_pictures;
mod cli_plain;
mod cli_progress;
mod cli_say;
mod cli_signals;
mod cli_term;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use sgfconv::diag::{Output, Reporter};
use sgfconv::formats::{Format, FORMATS};
use sgfconv::options::{Dialect, Rules};
use sgfconv::{charset, Error};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Converts Go game records between SGF (every dialect and character set),
/// Tygem GIB, PandaNet UGF/UGI, WBaduk NGF, JSON, XML and CSV.
///
/// `sgfconv in.gib out.sgf` converts one file; with no INPUT (or `-`) it
/// reads stdin, and with no output it writes stdout. Several inputs (and
/// directories with -r, lists with --files-from) go into one collection
/// (-o FILE, or stdout) or into one file each (-d DIR). Formats come from
/// the file extensions, else from the content; the output is UTF-8 SGF
/// unless told otherwise.
#[derive(Parser, Debug)]
#[command(
    name = "sgfconv",
    version = cli_term::VERSION,
    long_version = cli_term::long_version(),
    args_conflicts_with_subcommands = true,
    after_help = "Diagnostic codes (W012...): `sgfconv explain CODE` says what one means and \
                  what to do; `sgfconv explain --list` lists them all. Manual: man sgfconv \
                  (`sgfconv man DIR` writes the pages).\n\n\
                  Exit status: 0 done, nothing lost; 1 done, but some input could not be kept \
                  (an error, an input of a batch that could not be read, or a warning under \
                  --strict); 2 bad usage, unreadable input or unknown format, nothing written. A signal (INT, TERM, HUP) ends it by that signal (130 in a shell \
                  after Ctrl-C), leaving no temporary file and the old output as it was."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    convert: cli_convert::ConvertArgs,
    /// Colour diagnostics on stderr: auto (on a terminal, unless NO_COLOR
    /// is set; CLICOLOR_FORCE=1 forces), always, never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = cli_term::ColorWhen::Auto)]
    color: cli_term::ColorWhen,
}

/// The converter's arguments alone: [`Cli`] without its subcommands, a
/// third of the work of building the whole command line at every start.
/// Used only where it gives what [`Cli`] would (see [`parse`]).
#[derive(Parser, Debug)]
#[command(name = "sgfconv")]
struct ConvertCli {
    #[command(flatten)]
    convert: cli_convert::ConvertArgs,
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = cli_term::ColorWhen::Auto)]
    color: cli_term::ColorWhen,
}

/// The names [`Cli`] takes as a subcommand (`help` is clap's).
const SUBCOMMANDS: [&str; 7] = [
    "check",
    "migrate",
    "formats",
    "explain",
    "completions",
    "man",
    "help",
];

/// The command line parsed as [`Cli`] parses it. A conversion (no word of
/// it a subcommand's name) is read by hand when it is plain (`cli_plain`:
/// files, `-q`, `-o`, `-t`, `-f`), else parsed by the smaller
/// [`ConvertCli`]; what that refuses (help, version, any mistake) is
/// parsed again by [`Cli`], so that every message is the whole command's.
fn parse(args: &[std::ffi::OsString]) -> Result<Cli, clap::Error> {
    let named = |a: &std::ffi::OsString| SUBCOMMANDS.iter().any(|s| a == *s);
    if !args.iter().skip(1).any(named) {
        if let Some(plain) = cli_plain::parse(args) {
            return Ok(Cli {
                command: None,
                convert: cli_convert::ConvertArgs::plain(plain),
                color: cli_term::ColorWhen::Auto,
            });
        }
        if let Ok(c) = ConvertCli::try_parse_from(args) {
            let (command, convert, color) = (None, c.convert, c.color);
            return Ok(Cli {
                command,
                convert,
                color,
            });
        }
    }
    Cli::try_parse_from(args)
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
    Check(cli_check::CheckArgs),
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

/// Options shared by every command that reads records.
#[derive(Args, Debug, Clone)]
struct ReadArgs {
    /// Threads for large SGF, XML, CSV and JSON Lines inputs (0: one per
    /// core; at most 4 per core).
    /// Games are read in parallel; output and diagnostics are those of one
    /// thread.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Input format: sgf, gib, ugf (also .ugi), ngf, json, xml, jago, csv.
    #[arg(short = 'f', long = "from", value_name = "FORMAT", value_parser = cli_help::input_format_names(), hide_possible_values = true)]
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
    /// Archives: refuse a member larger than this once decompressed (a
    /// decompression bomb), converting the others [default: 1G].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_member_size: Option<usize>,
    /// Archives: how many levels of archives inside archives are read.
    #[arg(long, value_name = "N", default_value_t = 1)]
    archive_depth: u32,
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

impl ReadArgs {
    /// The reading options of a plain command line (`cli_plain`): `-f`
    /// and `-q`, every other at the default clap gives it.
    fn plain(from: Option<String>, quiet: bool) -> ReadArgs {
        ReadArgs {
            jobs: 0,
            from,
            encoding: None,
            default_encoding: None,
            keep_dialect: false,
            no_fix: Vec::new(),
            ngf_rotate_180: false,
            max_value_size: None,
            max_member_size: None,
            archive_depth: 1,
            quiet,
            verbose: false,
            diagnostics: DiagFormat::Text,
            strict: false,
        }
    }
}

fn main() -> ExitCode {
    let args = global_after_subcommand(std::env::args_os().collect());
    cli_say::set_json(cli_say::json_requested(&args));
    let cli = match parse(&args) {
        Ok(c) => c,
        Err(e) => return clap_error(e),
    };
    cli_term::init_color(cli.color);
    // Migrate names temporary files of its own: the handler from the start.
    match cli.command {
        None => cli_signals::install_when_needed(),
        Some(_) => cli_signals::install(),
    }
    match cli.command {
        Some(Command::Check(args)) => cli_check::run(args),
        Some(Command::Formats) => list_formats(),
        Some(Command::Completions { shell, dir }) => completions(shell, dir),
        Some(Command::Explain(args)) => cli_help::explain(args),
        Some(Command::Man { dir }) => cli_help::man(Cli::command(), dir),
        #[cfg(unix)]
        Some(Command::Migrate(args)) => cli_migrate::run(args),
        None if cli_term::would_wait_on_terminal(cli.convert.reads_only_stdin()) => {
            let json = cli.convert.read.diagnostics == DiagFormat::Json;
            cli_term::short_usage(Cli::command(), json)
        }
        None => cli_convert::run(cli.convert),
    }
}

/// `sgfconv --color never check x` as `sgfconv check --color never x`: the
/// global `--color` written before a subcommand's name would otherwise make
/// the converter take the name for an input file.
fn global_after_subcommand(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut i = 1;
    while let Some(a) = args.get(i).and_then(|a| a.to_str()) {
        match a {
            "--color" => i += 2,
            a if a.starts_with("--color=") => i += 1,
            _ => break,
        }
    }
    // Only after a `--color`: building the whole command is a sixth of a
    // short conversion's start.
    if i == 1 {
        return args;
    }
    let named = args.get(i).and_then(|a| a.to_str()).is_some_and(|name| {
        Cli::command()
            .get_subcommands()
            .any(|c| c.get_name() == name)
    });
    if named && i < args.len() {
        args[1..=i].rotate_right(1);
    }
    args
}

const EXIT_LOST: u8 = 1;

/// `--strict` holding outputs back, carried as an [`Error::Unwritable`]
/// until the command has a typed outcome for it: a flag, not a diagnostic
/// (no `Code::new`, so it is in no catalogue).
const STRICT: sgfconv::Code = sgfconv::Code {
    id: "strict",
    name: "strict",
};
const EXIT_USAGE: u8 = 2;

/// A usage error (E600): said, and exit status 2.
fn usage_error(msg: impl std::fmt::Display) -> ExitCode {
    cli_say::usage(&msg.to_string());
    ExitCode::from(EXIT_USAGE)
}

/// An input that cannot be used (E601): said, and exit status 2.
fn input_error(msg: impl std::fmt::Display) -> ExitCode {
    cli_say::say(cli_say::E_INPUT, None, &msg.to_string());
    ExitCode::from(EXIT_USAGE)
}

/// What clap says of bad arguments (and of `--help`, `--version`): as
/// clap prints it, or, under `--diagnostics json`, a usage error as one
/// JSON line (help and version stay text on stdout).
fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let informational = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if informational || !cli_say::json() {
        let _ = e.print();
        return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { 0 });
    }
    let text = e
        .kind()
        .as_str()
        .map_or_else(|| e.to_string(), |_| e.to_string());
    let first = text
        .lines()
        .next()
        .unwrap_or("bad usage")
        .trim_start_matches("error: ")
        .to_string();
    cli_say::usage(&first);
    ExitCode::from(EXIT_USAGE)
}

/// The worst of several exit statuses (0 < 1 < 2): a batch's status.
#[derive(Default)]
struct Worst(u8);

impl Worst {
    /// Keeps the worse of the statuses so far and `status`.
    fn status(&mut self, status: ExitCode) {
        let rank = if status == ExitCode::SUCCESS {
            0
        } else if status == ExitCode::from(EXIT_LOST) {
            1
        } else {
            2
        };
        self.0 = self.0.max(rank);
    }

    /// 0, 1 or 2.
    fn rank(&self) -> u8 {
        self.0
    }

    fn code(&self) -> ExitCode {
        ExitCode::from(self.0)
    }
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
pub(crate) fn parse_size(s: &str) -> Result<usize, String> {
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
        DiagFormat::Text => Output::Text(cli_term::diagnostic_stream()),
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
        if let Some(p) = cli_term::palette() {
            rep = rep.with_palette(p);
        }
    }
    rep
}

/// `-j N`, with 0 meaning one thread per core, and no more than
/// [`sgfconv::options::max_jobs`].
fn jobs(args: &ReadArgs) -> usize {
    sgfconv::options::jobs_for(args.jobs)
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
        Err(Error::Unwritable { code: STRICT, .. }) => ExitCode::from(EXIT_LOST),
        Err(Error::Usage(m)) => usage_error(m),
        Err(e @ Error::Unreadable { .. }) => input_error(format!("{name}: {e}")),
        // Said of the output, not of the input.
        Err(e @ Error::Output { .. }) => {
            cli_say::say(cli_say::E_OUTPUT, None, &e.to_string());
            ExitCode::from(EXIT_USAGE)
        }
        Err(e) => {
            cli_say::say(cli_say::E_INPUT, Some(name), &e.to_string());
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
        cli_say::say(
            cli_say::I_NOTE,
            Some(report.file()),
            &format!(
                "{} more diagnostics of the same kinds not shown (--diagnostics json shows all)",
                report.suppressed()
            ),
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
    let names: Vec<String> = found.iter().map(|p| p.display().to_string()).collect();
    cli_say::say(
        cli_say::I_NOTE,
        None,
        &format!(
            "temporary files of an interrupted run beside the output (not removed; \
             delete them if no sgfconv is writing there): {}",
            names.join(", ")
        ),
    );
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
            if f.reads {
                f.description.to_string()
            } else {
                format!("{} (written only)", f.description)
            },
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    use crate::cli_plain::tests::words;

    #[test]
    fn the_subcommand_names_are_the_commands() {
        let cmd = Cli::command();
        let mut names: Vec<String> = cmd
            .get_subcommands()
            .flat_map(|c| std::iter::once(c.get_name()).chain(c.get_all_aliases()))
            .map(str::to_owned)
            .collect();
        names.push("help".into());
        names.sort();
        let mut ours: Vec<String> = SUBCOMMANDS.iter().map(|s| s.to_string()).collect();
        ours.sort();
        assert_eq!(names, ours);
    }

    #[test]
    fn the_converter_alone_has_the_whole_commands_arguments() {
        let ids = |cmd: clap::Command| -> Vec<String> {
            let mut v: Vec<String> = cmd
                .get_arguments()
                .map(|a| format!("{} {:?} {:?}", a.get_id(), a.get_long(), a.get_short()))
                .collect();
            v.sort();
            v
        };
        assert_eq!(ids(ConvertCli::command()), ids(Cli::command()));
    }

    #[test]
    fn the_short_parse_gives_what_the_whole_command_gives() {
        let lines = [
            "",
            "in.gib out.sgf",
            "a.sgf b.sgf -d out -t json --json-lines -j 3",
            "-q --color never -f gib - -o x.sgf",
            "-t csv --coords gtp --games-csv g.csv a.sgf",
            "-t svg --at 12 --figures --every 20 --size 600 x.sgf",
            "--strict --diagnostics json --no-fix kifu a.sgf",
            "check a.sgf",
            "--color always check -l a.sgf",
            "-o check a.sgf",
            "a.sgf -t nonsense",
            "--help",
            "-h",
            "-V",
            "--version",
            "-qV",
            "--no-such-option",
            "explain W012",
            "migrate src dst",
            "help check",
            "-q -q a.sgf",
            "-qo x a.sgf",
            "-o a -o b x.sgf",
            "-o",
            "-ox.sgf a.sgf",
            "--output=x.sgf a.sgf",
            "-t -q a.sgf",
            "-t json --to xml a.sgf",
            "-f --help",
            "-- a.sgf",
            "-- -a.sgf",
            "-j 2 a.sgf",
            "-q --color never a.sgf",
            "a.sgf -V",
            "-o check.sgf check",
        ];
        for line in lines {
            let args = words(line);
            assert_eq!(same_as_whole(&args), Ok(()), "{line}");
        }
    }

    /// [`parse`] gives what the whole command gives, results and errors.
    fn same_as_whole(args: &[OsString]) -> Result<(), (String, String)> {
        let ours = format!("{:?}", parse(args).map_err(|e| e.to_string()));
        let whole = format!("{:?}", Cli::try_parse_from(args).map_err(|e| e.to_string()));
        if ours == whole {
            Ok(())
        } else {
            Err((ours, whole))
        }
    }

    #[test]
    fn color_before_a_subcommand_goes_after_its_name() {
        let moved = |line: &str| {
            let args = global_after_subcommand(words(line));
            args.iter()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(moved("--color never check x"), "check --color never x");
        assert_eq!(moved("--color=never check x"), "check --color=never x");
        assert_eq!(moved("--color never x.sgf"), "--color never x.sgf");
        assert_eq!(moved("check --color never x"), "check --color never x");
        assert_eq!(moved("a.sgf check"), "a.sgf check");
        assert_eq!(moved(""), "");
    }

    #[test]
    fn a_plain_line_read_by_hand_gives_what_clap_gives() {
        let lines = [
            "",
            "a.sgf",
            "-",
            "- -",
            "a.sgf b.sgf",
            "in.gib out.sgf",
            "a.sgf b.sgf c.sgf",
            "-q a.sgf",
            "--quiet a.sgf",
            "a.sgf -q",
            "--quiet -",
            "-o out.sgf a.sgf",
            "--output out.sgf a.sgf",
            "-o out.sgf",
            "a.sgf -o -",
            "-o - a.sgf b.sgf",
            "a.sgf -o x.sgf b.sgf",
            "-q - -o -",
            "-o check.sgf a.sgf",
            "-t json a.sgf",
            "--to xml a.sgf",
            "-t JSON a.sgf",
            "-t nonsense a.sgf",
            "-t - a.sgf",
            "-t jago -o j.xml a.sgf",
            "-f gib a.txt",
            "--from ugf x",
            "-f svg a.sgf",
            "-f sgf -",
            "-f ngf -t ugf a.ngf b.ugf",
            "-q -o x.csv -t csv a.sgf",
            "a.sgf -t json -q b.sgf",
            "a.sgf -f gib -t sgf -q -o o.sgf",
            "x.sgf.gz ü.sgf 棋譜.sgf",
            "dir/a.sgf ./b.sgf ../c.SGF",
            "5 -q 7",
        ];
        for line in lines {
            let args = words(line);
            assert!(
                cli_plain::parse(&args).is_some(),
                "not read by hand: {line}"
            );
            assert_eq!(same_as_whole(&args), Ok(()), "{line}");
        }
    }

    #[test]
    fn words_that_are_not_plain_go_to_clap_and_mean_the_same() {
        let odd = [
            vec![OsString::from("sgfconv"), OsString::new()],
            vec![
                "sgfconv".into(),
                "-o".into(),
                OsString::new(),
                "a.sgf".into(),
            ],
            vec![
                "sgfconv".into(),
                "-t".into(),
                OsString::new(),
                "a.sgf".into(),
            ],
            #[cfg(unix)]
            vec![
                "sgfconv".into(),
                std::os::unix::ffi::OsStringExt::from_vec(b"\xffa.sgf".to_vec()),
            ],
        ];
        for args in odd {
            assert!(cli_plain::parse(&args).is_none(), "{args:?}");
            assert_eq!(same_as_whole(&args), Ok(()), "{args:?}");
        }
    }
}
