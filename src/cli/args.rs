//! The command line: clap's definitions of every command and option (the
//! `--help` texts, the man pages and the completions are made from them,
//! with the candidates [`Hints`] offers), how a plain conversion's line is
//! read without building them all (`plain`), and what the reading options
//! mean as the library's typed options.

use super::{order, plain, term};
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use sgfconv::charset;
use sgfconv::formats::{Format, FORMATS};
use sgfconv::options::{Dialect, ReadOptions, Rules};
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

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
    version = term::VERSION,
    long_version = term::long_version(),
    args_conflicts_with_subcommands = true,
    after_help = "Diagnostic codes (W012...): `sgfconv explain CODE` says what one means and \
                  what to do; `sgfconv explain --list` lists them all. Manual: man sgfconv, \
                  once `make install` has installed the pages (`sgfconv man DIR` writes \
                  them anywhere).\n\n\
                  Exit status: 0 done, nothing lost; 1 done, but some input could not be kept \
                  (an error, an input of a batch that could not be read, or a warning under \
                  --strict); 2 bad usage, unreadable input or unknown format, nothing written. A signal (INT, TERM, HUP) ends it by that signal (130 in a shell \
                  after Ctrl-C), leaving no temporary file and the old output as it was."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub convert: ConvertArgs,
    /// Colour diagnostics on stderr: auto (on a terminal, unless NO_COLOR
    /// is set; CLICOLOR_FORCE=1 forces), always, never.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = term::ColorWhen::Auto)]
    pub color: term::ColorWhen,
}

/// The converter's arguments alone: [`Cli`] without its subcommands, a
/// third of the work of building the whole command line at every start.
/// Used only where it gives what [`Cli`] would (see [`parse`]).
#[derive(Parser, Debug)]
#[command(name = "sgfconv")]
struct ConvertCli {
    #[command(flatten)]
    convert: ConvertArgs,
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = term::ColorWhen::Auto)]
    color: term::ColorWhen,
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
/// it a subcommand's name) is read by hand when it is plain (`plain`:
/// files, `-q`, `-o`, `-t`, `-f`), else parsed by the smaller
/// [`ConvertCli`]; what that refuses (help, version, any mistake) is
/// parsed again by [`Cli`], so that every message is the whole command's.
/// Flags written before a subcommand are read as its own
/// ([`order::subcommand_first`]).
pub fn parse(args: &[OsString]) -> Result<Cli, clap::Error> {
    let named = |a: &OsString| SUBCOMMANDS.iter().any(|s| a == *s);
    if !args.iter().skip(1).any(named) {
        if let Some(plain) = plain::parse(args) {
            return Ok(Cli {
                command: None,
                convert: ConvertArgs::plain(plain),
                color: term::ColorWhen::Auto,
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
    let cmd = Cli::command();
    let line = order::subcommand_first(args, &cmd);
    let matches = cmd.try_get_matches_from(line.as_deref().unwrap_or(args))?;
    Cli::from_arg_matches(&matches)
}

#[derive(Subcommand, Debug)]
pub enum Command {
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
    Migrate(MigrateArgs),
    /// List the formats, their extensions and what each can carry.
    Formats,
    /// Say what a diagnostic code (W012, unescaped-bracket) means and what to do.
    Explain(ExplainArgs),
    /// Print shell completions (bash, zsh, fish, elvish, powershell), or
    /// write them into DIR (`make install` installs them).
    Completions {
        shell: clap_complete::Shell,
        /// Write into this directory instead of stdout (`-`: stdout).
        dir: Option<PathBuf>,
    },
    /// Write the man pages (sgfconv.1, sgfconv-check.1...) into DIR, or
    /// sgfconv(1) on stdout (`make install` installs them).
    Man {
        /// Write into this directory instead of stdout (`-`: stdout).
        dir: Option<PathBuf>,
    },
}

/// `--diagnostics FORMAT` of the converter and `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiagFormat {
    Text,
    Json,
}

/// Options shared by every command that reads records.
#[derive(Args, Debug, Clone)]
pub struct ReadArgs {
    /// Threads for large SGF, XML, CSV and JSON Lines inputs (0: one per
    /// core; at most 4 per core).
    /// Games are read in parallel; output and diagnostics are those of one
    /// thread.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Input format: sgf, gib, ugf (also .ugi), ngf, json, xml, jago, csv.
    #[arg(short = 'f', long = "from", value_name = "FORMAT", value_parser = input_format_names(), hide_possible_values = true)]
    pub from: Option<String>,
    /// Force the input character set (any WHATWG label, or SJIS, MS_KANJI,
    /// KS_C_5601-1987, UTF8, GB2312...).
    #[arg(long, value_name = "NAME", value_parser = encodings(), hide_possible_values = true)]
    pub encoding: Option<String>,
    /// Character set used only when neither a BOM, CA[] nor detection decides.
    #[arg(long, value_name = "NAME", value_parser = encodings(), hide_possible_values = true)]
    pub default_encoding: Option<String>,
    /// Do not rewrite legacy identifiers or values; only decode and re-encode.
    #[arg(long)]
    pub keep_dialect: bool,
    /// Do not apply this dialect rule or server-quirk fix (repeatable, or
    /// NAME,NAME; groups: ff3, fox, values, all).
    #[arg(long = "no-fix", value_name = "NAME", value_parser = rule_names())]
    pub no_fix: Vec<String>,
    /// NGF input was written rotated by 180 degrees.
    #[arg(long)]
    pub ngf_rotate_180: bool,
    /// Refuse an SGF value, a GIB, NGF or UGF line, an XML or Jago text or
    /// tag, a CSV row or a JSON string longer than this (bytes; K, M, G for
    /// KiB, MiB, GiB) instead of holding it [default: 256M].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_value_size: Option<usize>,
    /// Archives: refuse a member larger than this once decompressed (a
    /// decompression bomb), converting the others [default: 1G].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_member_size: Option<usize>,
    /// Archives: stop reading an archive once this much was decompressed
    /// from it, all its members at every level together [default: 8G].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_archive_size: Option<usize>,
    /// Archives: how many levels of archives inside archives are read (at
    /// most 16).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = archive_depth)]
    pub archive_depth: u32,
    /// No warnings or info on stderr (errors are always shown).
    #[arg(short, long)]
    pub quiet: bool,
    /// Also show info diagnostics (each rewrite, each encoding decision).
    #[arg(short, long, conflicts_with = "quiet")]
    pub verbose: bool,
    /// How diagnostics are printed on stderr.
    #[arg(long, value_enum, default_value = "text", value_name = "FORMAT")]
    pub diagnostics: DiagFormat,
    /// In text, show at most N diagnostics of one code over the whole run
    /// (0: no limit); a finding with no place in its input (the same in
    /// every game) is shown once. The run ends with a note of what was
    /// held back; --diagnostics json shows every one.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_diagnostics: usize,
    /// Any warning makes the run fail (exit 1).
    #[arg(long)]
    pub strict: bool,
}

impl ReadArgs {
    /// The reading options of a plain command line (`plain`): `-f`
    /// and `-q`, every other at the default clap gives it.
    pub fn plain(from: Option<String>, quiet: bool) -> ReadArgs {
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
            max_archive_size: None,
            archive_depth: 1,
            quiet,
            verbose: false,
            diagnostics: DiagFormat::Text,
            max_diagnostics: 100,
            strict: false,
        }
    }

    /// The reading options these arguments ask for.
    pub fn options(&self) -> Result<ReadOptions, String> {
        let mut o = ReadOptions::default();
        o.encoding = encoding_arg(&self.encoding, "--encoding")?;
        o.default_encoding = encoding_arg(&self.default_encoding, "--default-encoding")?;
        o.ngf_rotate_180 = self.ngf_rotate_180;
        o.max_value_size = self.max_value_size;
        o.dialect = dialect_arg(self.keep_dialect, &self.no_fix)?;
        Ok(o)
    }

    /// `-f`: the input format named, if any.
    pub fn from(&self) -> Result<Option<Format>, String> {
        format_arg(&self.from, "--from")
    }

    /// `-j N`, with 0 meaning one thread per core (and no more than 4 per
    /// core).
    pub fn jobs(&self) -> usize {
        sgfconv::options::jobs_for(self.jobs)
    }

    /// The archive limits these arguments ask for.
    pub fn archive_limits(&self) -> sgfconv::archive::Limits {
        archive_limits(
            self.max_member_size,
            self.max_archive_size,
            self.archive_depth,
        )
    }
}

/// `--max-value-size`: `1000`, `64K`, `256M`, `1G` (powers of 1024).
pub fn parse_size(s: &str) -> Result<usize, String> {
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

/// `--archive-depth`: 0 to [`MAX_DEPTH`](sgfconv::archive::MAX_DEPTH).
fn archive_depth(s: &str) -> Result<u32, String> {
    let max = sgfconv::archive::MAX_DEPTH;
    s.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| *n <= max)
        .ok_or_else(|| format!("'{s}' is not a depth from 0 to {max}"))
}

/// `--max-member-size`, `--max-archive-size` and `--archive-depth` as the
/// library's limits.
pub fn archive_limits(
    max_member_size: Option<usize>,
    max_archive_size: Option<usize>,
    depth: u32,
) -> sgfconv::archive::Limits {
    sgfconv::archive::Limits {
        max_member_size: max_member_size
            .map_or(sgfconv::archive::DEFAULT_MAX_MEMBER_SIZE, |n| n as u64),
        max_archive_size: max_archive_size
            .map_or(sgfconv::archive::DEFAULT_MAX_ARCHIVE_SIZE, |n| n as u64),
        depth,
    }
}

/// A character set named by an option (`what`), if any.
pub fn encoding_arg(
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

/// `--keep-dialect` and `--no-fix NAME...`: keeping the dialect runs no
/// rule, so naming rules beside it is refused rather than ignored.
pub fn dialect_arg(keep: bool, no_fix: &[String]) -> Result<Dialect, String> {
    let rules = Rules::from_names(&no_fix.join(",")).map_err(|e| format!("--no-fix: {e}"))?;
    match (keep, no_fix.is_empty()) {
        (false, _) => Ok(Dialect::Rewrite(rules)),
        (true, true) => Ok(Dialect::Keep),
        (true, false) => {
            Err("--no-fix has no effect with --keep-dialect, which runs no rule".into())
        }
    }
}

/// A format named by an option (`what`), if any.
pub fn format_arg(name: &Option<String>, what: &str) -> Result<Option<Format>, String> {
    match name {
        None => Ok(None),
        Some(n) => Format::from_name(n).map(Some).ok_or_else(|| {
            let names: Vec<&str> = FORMATS.iter().map(|f| f.name).collect();
            format!("{what}: unknown format '{n}' (known: {})", names.join(", "))
        }),
    }
}

/// `--coords STYLE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CoordsArg {
    Sgf,
    Gtp,
    Numeric,
}

/// `--numbering HOW`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NumberingArg {
    Continue,
    Restart,
}

/// The converter's arguments (`sgfconv [OPTIONS] [INPUT]...`).
#[derive(Args, Debug, Clone)]
pub struct ConvertArgs {
    /// Input files ('-' or none: stdin). With exactly two and no -o or -d,
    /// the second is the output: `sgfconv in.gib out.sgf`.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    /// Write to FILE ('-': stdout). Several inputs make one collection
    /// (SGF, JSON, XML, CSV; GIB, UGF, NGF and Jago hold one game: use -d).
    #[arg(short = 'o', long, value_name = "FILE", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Write one file per input into DIR (made if missing), named after the
    /// input with the output format's extension; refuses two inputs that
    /// would make the same name, and never writes over an input.
    #[arg(short = 'd', long = "out-dir", value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// A directory INPUT stands for the records under it, at any depth
    /// (files whose extension names a format, in any case: .SGF too;
    /// x.gib.bak too).
    #[arg(short = 'r', long)]
    pub recursive: bool,
    /// Also read the input names listed in FILE, one per line ('-':
    /// stdin).
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// With --files-from: the names are separated by NUL bytes (`find
    /// -print0`, `fd -0`).
    #[arg(short = '0', long = "null", requires = "files_from")]
    pub null: bool,
    /// Write an output whose extension names another format than -t even
    /// when that file exists.
    #[arg(long)]
    pub force: bool,
    /// Output format (default: from the output's extension, else sgf).
    #[arg(short = 't', long = "to", value_name = "FORMAT", value_parser = format_names(), hide_possible_values = true)]
    pub to: Option<String>,
    /// Output character set (default UTF-8; SGF gets a matching CA[]).
    #[arg(long, value_name = "NAME", value_parser = output_encodings(), hide_possible_values = true)]
    pub to_encoding: Option<String>,
    /// UGF output: variations as a [ReviewNode] tree instead of figures.
    #[arg(long)]
    pub ugf_review: bool,
    /// JSON output: one game per line.
    #[arg(long)]
    pub json_lines: bool,
    /// JSON output: the move-list projection (size, komi, players, moves).
    #[arg(long)]
    pub moves: bool,
    /// CSV output: every node of every variation, with a path column;
    /// Parquet: every move of every variation in the moves table, with
    /// its node and variation path.
    #[arg(long)]
    pub all_variations: bool,
    /// CSV output: coordinate style of the move column [default: sgf];
    /// diagrams: of the board's edges and captions [default: gtp].
    #[arg(long, value_enum)]
    pub coords: Option<CoordsArg>,
    /// CSV output: also write one row per game, with its game info, here
    /// (-: stdout, when the output is a file).
    #[arg(long, value_name = "FILE")]
    pub games_csv: Option<PathBuf>,
    /// CSV output: text cells that start with = + - @ (a spreadsheet
    /// formula) get a leading ' ; numeric columns are never touched.
    #[arg(long)]
    pub csv_safe: bool,
    /// Parquet output: also write the moves table (one row per move,
    /// joined to the games table by `game`) to this file.
    #[arg(long, value_name = "FILE")]
    pub moves_parquet: Option<PathBuf>,
    /// Parquet output: the moves table has each move's comment.
    #[arg(long)]
    pub comments: bool,
    /// Pictures (svg, png): draw game N alone (games are numbered from 0,
    /// across the inputs of one output).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Diagrams: the position after move N of the main line (0: before
    /// the first move) instead of the final position.
    #[arg(long, value_name = "N")]
    pub at: Option<u32>,
    /// Diagrams: one book figure per FG node of the main line and per
    /// diagram variation (a variation named by N[], as UGF's .Fig blocks).
    #[arg(long)]
    pub figures: bool,
    /// Diagrams: one book figure per K moves of the main line.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub every: Option<u32>,
    /// Diagrams: figures number moves as the game does, or from 1 in each
    /// figure [default: continue].
    #[arg(long, value_enum)]
    pub numbering: Option<NumberingArg>,
    /// Diagrams: show only the part of the board in play (when no VW[]
    /// says which part).
    #[arg(long)]
    pub crop: bool,
    /// Diagrams: no coordinates around the board.
    #[arg(long)]
    pub no_coords: bool,
    /// Diagrams: the picture's width in pixels (PNG; SVG's width).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(16..=16384))]
    pub size: Option<u32>,
    #[command(flatten)]
    pub read: ReadArgs,
}

impl ConvertArgs {
    /// The arguments of a plain command line (`plain`), every other
    /// one at the default clap gives it.
    pub fn plain(p: plain::Plain) -> ConvertArgs {
        ConvertArgs {
            inputs: p.inputs,
            output: p.output,
            out_dir: None,
            recursive: false,
            files_from: None,
            null: false,
            force: false,
            to: p.to,
            to_encoding: None,
            ugf_review: false,
            json_lines: false,
            moves: false,
            all_variations: false,
            coords: None,
            games_csv: None,
            csv_safe: false,
            moves_parquet: None,
            comments: false,
            game: None,
            at: None,
            figures: false,
            every: None,
            numbering: None,
            crop: false,
            no_coords: false,
            size: None,
            read: ReadArgs::plain(p.from, p.quiet),
        }
    }

    /// No input named in any way: the run would read stdin.
    pub fn reads_only_stdin(&self) -> bool {
        self.inputs.is_empty() && self.files_from.is_none()
    }
}

/// `sgfconv check`'s arguments.
#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    /// Files to check ('-' or none: stdin); directories with -r.
    pub files: Vec<PathBuf>,
    /// A directory stands for the records under it, at any depth (files
    /// whose extension names a format, in any case; x.sgf.bak too).
    #[arg(short = 'r', long)]
    pub recursive: bool,
    /// Also check the files listed in FILE, one per line ('-': stdin).
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// With --files-from: the names are separated by NUL bytes.
    #[arg(short = '0', long = "null", requires = "files_from")]
    pub null: bool,
    /// Print one line per file, then totals for the run, the diagnostics
    /// counted by code and the files with the most errors.
    #[arg(long, conflicts_with = "files_with_findings")]
    pub summary: bool,
    /// Print only the names of the files with a warning or an error, one
    /// per line (no diagnostics), as `rg -l` does.
    #[arg(short = 'l', long = "files-with-findings", conflicts_with = "fix")]
    pub files_with_findings: bool,
    /// Only parse: no dialect rewrites (for measuring the reader).
    #[arg(long, conflicts_with = "fix")]
    pub parse_only: bool,
    /// Do not replay the games on a board (the value and placement checks
    /// still run): faster on huge archives.
    #[arg(long, conflicts_with = "parse_only")]
    pub no_board: bool,
    /// Rewrite each SGF file in place as clean FF[4] UTF-8 SGF, atomically;
    /// a file whose rewrite would lose data (an error) is left as it is.
    #[arg(long)]
    pub fix: bool,
    /// With --fix: keep each original as FILE.orig (FILE.orig.1... if taken).
    #[arg(long, requires = "fix")]
    pub backup: bool,
    /// With --fix: rewrite read-only files too (keeping their mode), which
    /// are otherwise refused.
    #[arg(long, requires = "fix")]
    pub fix_read_only: bool,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// `sgfconv explain`.
#[derive(Args, Debug, Clone)]
#[command(
    after_help = "Exit status: 0 explained or listed; 2 no such code (the closest are named)."
)]
pub struct ExplainArgs {
    /// The code: W012, w012, 012, 12, or its name (unescaped-bracket).
    #[arg(value_name = "CODE", required_unless_present = "list")]
    pub code: Option<String>,
    /// List every code, one line each: id, name, what it means.
    #[arg(long, conflicts_with = "code")]
    pub list: bool,
}

/// Convert every game record under SRC (SGF in any dialect and charset, GIB,
/// NGF, UGF/UGI) into UTF-8 FF[4] SGF under DST, mirroring the tree.
///
/// Never writes inside SRC and never follows symbolic links. Each output is
/// written to a temporary file and renamed, so an interrupted run leaves no
/// half-written file; run it again to finish (outputs newer than their input
/// are skipped). A file that fails is reported and the run goes on; the exit
/// status is 1 if any failed or lost data (an error diagnostic).
#[cfg(unix)]
#[derive(Args, Debug, Clone)]
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
    /// Write a JSON report with one entry per input file (-: stdout); also
    /// when the run is interrupted (INT, TERM, HUP), marked so. Given again,
    /// a resumed run keeps what it says of the files it skips.
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
    #[arg(long, value_name = "NAME", value_parser = encodings(), hide_possible_values = true)]
    pub encoding: Option<String>,
    /// Character set used only when neither a BOM, CA[] nor detection decides.
    #[arg(long, value_name = "NAME", value_parser = encodings(), hide_possible_values = true)]
    pub default_encoding: Option<String>,
    /// Do not rewrite legacy identifiers or values; only decode and re-encode.
    #[arg(long)]
    pub keep_dialect: bool,
    /// Do not apply this dialect rule or server-quirk fix (repeatable, or
    /// NAME,NAME; groups: ff3, fox, values, all), as the converter's
    /// `--no-fix`.
    #[arg(long = "no-fix", value_name = "NAME", value_parser = rule_names())]
    pub no_fix: Vec<String>,
    /// Archives in SRC: put their records where the archive is, not in a
    /// directory named after it (a/KGS-2017.tar.gz:x.sgf → DST/a/x.sgf, not
    /// DST/a/KGS-2017/x.sgf).
    #[arg(long)]
    pub flatten_archives: bool,
    /// Archives: refuse a member larger than this once decompressed (a
    /// decompression bomb), converting the others [default: 1G].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_member_size: Option<usize>,
    /// Archives: stop reading an archive once this much was decompressed
    /// from it, all its members at every level together [default: 8G].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_archive_size: Option<usize>,
    /// Archives: how many levels of archives inside archives are read (at
    /// most 16).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = archive_depth)]
    pub archive_depth: u32,
}

/// `--diagnostics FORMAT` of `migrate`.
#[cfg(unix)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum DiagnosticsFormat {
    /// Text for people (each file's diagnostics with -v only).
    #[default]
    Text,
    /// One JSON object per line: every diagnostic of every file (errors
    /// only with -q), failures, the summary.
    Json,
}

/// The closing text of `migrate --help`. Clap turns a literal `{n}` of a
/// help text into a line break: the `n` of `{n}` is set in bold (plain
/// where the help is not shown in colour), which clap leaves alone.
#[cfg(unix)]
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

/// A free-text value with candidates for completion: any value is taken
/// (the command checks it and says what it knows), the candidates are only
/// offered, and listed only when asked for (completions, man pages), not at
/// every start.
#[derive(Clone, Debug)]
pub struct Hints {
    values: fn() -> Vec<&'static str>,
}

impl TypedValueParser for Hints {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            (self.values)().into_iter().map(PossibleValue::new),
        ))
    }
}

/// The `-f`/`-t` names.
pub fn format_names() -> Hints {
    Hints {
        values: || sgfconv::formats::FORMATS.iter().map(|f| f.name).collect(),
    }
}

/// The names of the formats sgfconv reads (`-f`).
pub fn input_format_names() -> Hints {
    Hints {
        values: || {
            sgfconv::formats::FORMATS
                .iter()
                .filter(|f| f.reads)
                .map(|f| f.name)
                .collect()
        },
    }
}

/// The `--no-fix` names: every rule, then the groups.
pub fn rule_names() -> Hints {
    Hints {
        values: || {
            let mut values = sgfconv::options::RULE_NAMES.to_vec();
            values.extend(["ff3", "fox", "values", "all"]);
            values
        },
    }
}

/// The character-set names people type (any other label is taken too).
pub fn encodings() -> Hints {
    Hints {
        values: || sgfconv::charset::COMMON_LABELS.to_vec(),
    }
}

/// Those of [`encodings`] an output can be in (ASCII-compatible).
pub fn output_encodings() -> Hints {
    Hints {
        values: || {
            sgfconv::charset::COMMON_LABELS
                .iter()
                .copied()
                .filter(|l| sgfconv::charset::output_encoding(l).is_some())
                .collect()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    use crate::cli::plain::tests::words;

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
        let line = order::subcommand_first(args, &Cli::command());
        let whole = line.as_deref().unwrap_or(args);
        let whole = format!(
            "{:?}",
            Cli::try_parse_from(whole).map_err(|e| e.to_string())
        );
        if ours == whole {
            Ok(())
        } else {
            Err((ours, whole))
        }
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
            assert!(plain::parse(&args).is_some(), "not read by hand: {line}");
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
            assert!(plain::parse(&args).is_none(), "{args:?}");
            assert_eq!(same_as_whole(&args), Ok(()), "{args:?}");
        }
    }
}
