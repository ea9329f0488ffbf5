//! The converter, `sgfconv [OPTIONS] [INPUT]... [-o FILE | -d DIR]`: what
//! the run reads, where it writes, and in which format.
//!
//! One input goes to one output (`sgfconv in.gib out.sgf`, the second path
//! being the output when there are exactly two and no `-o`/`-d`); several go
//! either to one collection (`-o FILE` or stdout, for formats a file of
//! which holds several games) or to one file each under `-d DIR`, named
//! after the input with the output format's extension. Everything is
//! decided before anything is written: an output that is an input, two
//! inputs that would make the same output, an output name that names no
//! format or another format than `-t` over an existing file are refused.

use crate::cli_inputs::{self, record_format, Input, Sources};
use crate::cli_open::{each_record, hint_other_format, is_archive, open_input, Opened};
use crate::cli_pictures;
use crate::cli_say::{self, E_INPUT, E_OUTPUT};
use crate::{finish, format_arg, jobs, read_options, reporter, usage_error, ReadArgs};
use clap::Args;
use sgfconv::diag::Reporter;
use sgfconv::formats::Format;
use sgfconv::options::{Coords, Numbering};
use sgfconv::output::{write_atomically, write_to_stream, FileId, Guard};
use sgfconv::{charset, Collection, Error, Options, Stats, WriteOptions};
use std::collections::{HashMap, HashSet};
use std::io::{self, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CoordsArg {
    Sgf,
    Gtp,
    Numeric,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum NumberingArg {
    Continue,
    Restart,
}

#[derive(Args, Debug, Clone)]
pub struct ConvertArgs {
    /// Input files ('-' or none: stdin). With exactly two and no -o or -d,
    /// the second is the output: `sgfconv in.gib out.sgf`.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,
    /// Write to FILE ('-': stdout). Several inputs make one collection
    /// (SGF, JSON, XML, CSV; GIB, UGF, NGF and Jago hold one game: use -d).
    #[arg(short = 'o', long, value_name = "FILE", conflicts_with = "out_dir")]
    output: Option<PathBuf>,
    /// Write one file per input into DIR (made if missing), named after the
    /// input with the output format's extension; refuses two inputs that
    /// would make the same name, and never writes over an input.
    #[arg(short = 'd', long = "out-dir", value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// A directory INPUT stands for the records under it, at any depth
    /// (files whose extension names a format, in any case: .SGF too).
    #[arg(short = 'r', long)]
    recursive: bool,
    /// Also read the input names listed in FILE, one per line ('-':
    /// stdin).
    #[arg(long, value_name = "FILE")]
    files_from: Option<PathBuf>,
    /// With --files-from: the names are separated by NUL bytes (`find
    /// -print0`, `fd -0`).
    #[arg(short = '0', long = "null", requires = "files_from")]
    null: bool,
    /// Write an output whose extension names another format than -t even
    /// when that file exists.
    #[arg(long)]
    force: bool,
    /// Output format (default: from the output's extension, else sgf).
    #[arg(short = 't', long = "to", value_name = "FORMAT", value_parser = crate::cli_help::format_names(), hide_possible_values = true)]
    to: Option<String>,
    /// Output character set (default UTF-8; SGF gets a matching CA[]).
    #[arg(long, value_name = "NAME", value_parser = crate::cli_help::output_encodings(), hide_possible_values = true)]
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
    /// CSV output: coordinate style of the move column [default: sgf];
    /// diagrams: of the board's edges and captions [default: gtp].
    #[arg(long, value_enum)]
    coords: Option<CoordsArg>,
    /// CSV output: also write one row per game, with its game info, here.
    #[arg(long, value_name = "FILE")]
    games_csv: Option<PathBuf>,
    /// CSV output: text cells that start with = + - @ (a spreadsheet
    /// formula) get a leading ' ; numeric columns are never touched.
    #[arg(long)]
    csv_safe: bool,
    /// Diagrams: the position after move N of the main line (0: before
    /// the first move) instead of the final position.
    #[arg(long, value_name = "N")]
    at: Option<u32>,
    /// Diagrams: one book figure per FG node of the main line and per
    /// diagram variation (a variation named by N[], as UGF's .Fig blocks).
    #[arg(long)]
    figures: bool,
    /// Diagrams: one book figure per K moves of the main line.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    every: Option<u32>,
    /// Diagrams: figures number moves as the game does, or from 1 in each
    /// figure [default: continue].
    #[arg(long, value_enum)]
    numbering: Option<NumberingArg>,
    /// Diagrams: show only the part of the board in play (when no VW[]
    /// says which part).
    #[arg(long)]
    crop: bool,
    /// Diagrams: no coordinates around the board.
    #[arg(long)]
    no_coords: bool,
    /// Diagrams: the picture's width in pixels (PNG; SVG's width).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(16..=16384))]
    size: Option<u32>,
    #[command(flatten)]
    pub read: ReadArgs,
}

impl ConvertArgs {
    /// The arguments of a plain command line (`cli_plain`), every other
    /// one at the default clap gives it.
    pub fn plain(p: crate::cli_plain::Plain) -> ConvertArgs {
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

/// Where a run writes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    Stdout,
    File(PathBuf),
    Dir(PathBuf),
}

/// Everything a run needs, decided before it reads a byte.
struct Plan {
    inputs: Vec<Input>,
    target: Target,
    from: Option<Format>,
    to: Format,
    options: Options,
}

/// The converter.
pub fn run(args: ConvertArgs) -> ExitCode {
    let plan = match plan(&args) {
        Ok(p) => p,
        Err(e) => return usage_error(e),
    };
    match &plan.target {
        Target::Dir(dir) => each_to_dir(&plan, dir, &args),
        _ if plan.inputs.len() == 1 && !is_archive(&plan.inputs[0]) => {
            one(&plan, &plan.inputs[0], &args)
        }
        _ => collection(&plan, &args),
    }
}

fn plan(args: &ConvertArgs) -> Result<Plan, String> {
    let (paths, output) = positionals(args)?;
    let src = Sources {
        paths: &paths,
        recursive: args.recursive,
        files_from: args.files_from.as_deref(),
        null: args.null,
    };
    let gathered = cli_inputs::gather(&src)?;
    note_skipped(gathered.skipped, &args.read);
    if gathered.inputs.is_empty() {
        return Err("no input: the directories and lists named hold no record".into());
    }
    let target = match (&args.out_dir, output) {
        (Some(d), _) => Target::Dir(d.clone()),
        (None, Some(p)) if p != Path::new("-") => Target::File(p),
        _ => Target::Stdout,
    };
    let from = format_arg(&args.read.from, "--from")?;
    if let Some(f) = from.filter(|f| !f.info().reads) {
        return Err(format!(
            "--from {}: an output format, which sgfconv writes but does not read",
            f.name()
        ));
    }
    let to_arg = format_arg(&args.to, "--to")?;
    let to = match &target {
        Target::File(p) => output_format(to_arg, p, args.force)?,
        _ => to_arg.unwrap_or(Format::Sgf),
    };
    if gathered.inputs.len() > 1 {
        several_inputs_allowed(&target, to, args)?;
    }
    let out_path = match &target {
        Target::File(p) => Some(p.as_path()),
        _ => None,
    };
    let mut options = Options::default().with_jobs(jobs(&args.read));
    options.read = read_options(&args.read)?;
    options.write = write_options(args, to, out_path)?;
    sgfconv::formats::check_write_options(to, &options.write).map_err(|e| e.to_string())?;
    Ok(Plan {
        inputs: gathered.inputs,
        target,
        from,
        to,
        options,
    })
}

/// The inputs named and the output: `sgfconv in out` keeps its meaning
/// when there are exactly two paths and no `-o`, `-d`, `-r` or list.
fn positionals(args: &ConvertArgs) -> Result<(Vec<PathBuf>, Option<PathBuf>), String> {
    let legacy = args.output.is_none()
        && args.out_dir.is_none()
        && !args.recursive
        && args.files_from.is_none()
        && args.inputs.len() == 2;
    let (inputs, output) = if legacy {
        (vec![args.inputs[0].clone()], Some(args.inputs[1].clone()))
    } else {
        (args.inputs.clone(), args.output.clone())
    };
    if let Some(o) = &output {
        if o != Path::new("-") && o.is_dir() {
            return Err(format!(
                "{}: is a directory: name a file, or use -d DIR for one output per input \
                 (a whole tree: sgfconv migrate SRC DST)",
                o.display()
            ));
        }
    }
    Ok((inputs, output))
}

/// Several inputs into one output: only formats a file of which holds
/// several games, and never a games table shared by files of `-d`.
fn several_inputs_allowed(target: &Target, to: Format, args: &ConvertArgs) -> Result<(), String> {
    match target {
        Target::Dir(_) if args.games_csv.is_some() => Err(
            "--games-csv names one file: with -d and several inputs each output would replace it; \
             write one collection with -o instead"
                .into(),
        ),
        Target::Dir(_) => Ok(()),
        _ if !to.info().collection => Err(format!(
            "several inputs make one collection, and a {} file holds one game: \
             write one file per input with -d DIR",
            to.name()
        )),
        _ => Ok(()),
    }
}

/// The format of an output file: `-t`, else its extension. A name whose
/// extension names no format is refused without `-t`; with `-t`, a name
/// that names another format is refused when that file exists (the
/// two-file glob `sgfconv *.gib -t sgf`), unless `--force`, and warned of
/// otherwise. Devices and pipes (`/dev/null`) take any format.
fn output_format(to: Option<Format>, path: &Path, force: bool) -> Result<Format, String> {
    let meta = std::fs::metadata(path).ok();
    if meta.as_ref().is_some_and(|m| !m.is_file()) {
        return Ok(to.unwrap_or(Format::Sgf));
    }
    let named = record_format(path);
    let Some(to) = to else {
        return named.ok_or_else(|| {
            format!(
                "{}: the name does not say a format (.sgf, .gib, .ugf, .ngf, .json, .xml, .csv): \
                 name one with -t",
                path.display()
            )
        });
    };
    match named {
        Some(n) if !compatible(n, to) => {
            if meta.is_some() && !force {
                return Err(format!(
                    "{}: exists, and -t {} would replace this .{} file with {}: \
                     --force to write it anyway (two inputs meant? use -o or -d)",
                    path.display(),
                    to.name(),
                    n.name(),
                    to.name()
                ));
            }
            cli_say::say(
                cli_say::W_EXTENSION,
                Some(&path.display().to_string()),
                &format!(
                    "written as {} (-t), though its name says {}",
                    to.name(),
                    n.name()
                ),
            );
            Ok(to)
        }
        _ => Ok(to),
    }
}

/// An output named for format `named` may hold `to`: the same, or Jago
/// XML in a `.xml` file.
fn compatible(named: Format, to: Format) -> bool {
    named == to || (named == Format::Xml && to == Format::Jago)
}

fn note_skipped(skipped: usize, read: &ReadArgs) {
    if skipped > 0 && !read.quiet {
        cli_say::say(
            cli_say::I_NOTE,
            None,
            &format!("{skipped} files under the directories have no record extension: left out"),
        );
    }
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
    w.at = args.at;
    w.figures = args.figures;
    w.every = args.every;
    w.numbering = args.numbering.map(|n| match n {
        NumberingArg::Continue => Numbering::Continue,
        NumberingArg::Restart => Numbering::Restart,
    });
    w.crop = args.crop;
    w.no_coords = args.no_coords;
    w.size = args.size;
    sgfconv::render::figure::Select::of(&w)?;
    Ok(w)
}

/// Refuses every output that is an input, whatever its name.
fn guard(inputs: &[Input]) -> Guard {
    let mut g = Guard::new();
    for i in inputs {
        g.add_input(i.path.as_deref(), &i.name());
    }
    g
}

/// Checks the output and the games table against the inputs.
fn guard_outputs(
    guard: &Guard,
    output: Option<&Path>,
    games_csv: Option<&Path>,
) -> Result<(), Error> {
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

/// Writes through `write` to `out` (a file, atomically) or to stdout; to
/// stdout under `--strict`, through a spool file, so that a run that fails
/// writes nothing.
fn write_to<T>(
    out: Option<&Path>,
    spool: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<T, Error>,
) -> Result<T, Error> {
    if let Some(path) = out {
        return write_atomically(path, write);
    }
    let stdout_name = Path::new("<stdout>");
    let mut stdout = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    if !spool {
        return write_to_stream(stdout_name, &mut stdout, |out| {
            let v = write(out)?;
            out.flush()?;
            Ok(v)
        });
    }
    let mut file = BufWriter::new(tempfile::tempfile()?);
    let v = write(&mut file)?;
    let mut file = file.into_inner().map_err(|e| Error::from(e.into_error()))?;
    file.rewind()?;
    write_to_stream(stdout_name, &mut stdout, |out| {
        io::copy(&mut file, out)?;
        out.flush()?;
        Ok(v)
    })
}

/// The `--strict` verdict inside a write: a warning fails it, so that the
/// output is not kept.
fn strict_ok(read: &ReadArgs, report: &Reporter) -> Result<(), Error> {
    if read.strict && report.warnings() > 0 {
        return Err(Error::unwritable(crate::STRICT, "warnings under --strict"));
    }
    Ok(())
}

/// One input to one output (a file or stdout).
fn one(plan: &Plan, input: &Input, args: &ConvertArgs) -> ExitCode {
    let out = match &plan.target {
        Target::File(p) => Some(p.as_path()),
        _ => None,
    };
    if let Err(e) = guard_outputs(&guard(&plan.inputs), out, args.games_csv.as_deref()) {
        return usage_error(e);
    }
    convert_to(plan, input, out, args)
}

/// Converts `input` into `out` (stdout for `None`); the status of it.
fn convert_to(plan: &Plan, input: &Input, out: Option<&Path>, args: &ConvertArgs) -> ExitCode {
    if !args.read.quiet {
        crate::note_leftovers(&[out, args.games_csv.as_deref()]);
    }
    match open_input(input, plan.from) {
        Ok(opened) => convert_opened(plan, opened, out, args),
        Err(e) => crate::input_error(e),
    }
}

/// Converts one opened record into `out` (stdout for `None`).
fn convert_opened(
    plan: &Plan,
    mut opened: Opened<'_>,
    out: Option<&Path>,
    args: &ConvertArgs,
) -> ExitCode {
    if let Err(e) = sgfconv::formats::check_read_options(opened.format, &plan.options.read) {
        return usage_error(format!("{}: {e}", opened.name));
    }
    let mut report = reporter(&opened.name, &args.read);
    let result = write_to(out, args.read.strict, |w| {
        let stats = sgfconv::convert(
            &mut opened.reader,
            opened.format,
            w,
            plan.to,
            &plan.options,
            &mut report,
        )?;
        strict_ok(&args.read, &report)?;
        Ok(stats)
    });
    let failed = failed(&result);
    let status = finish(result.map(|_| ()), &mut report, &args.read, &opened.name);
    if failed {
        hint_other_format(&opened.name, opened.format, &opened.head);
    }
    status
}

/// A conversion failed or read no game: worth the hint of
/// [`hint_other_format`].
fn failed(result: &Result<Stats, Error>) -> bool {
    match result {
        Ok(s) => s.games == 0,
        Err(Error::Unwritable {
            code: crate::STRICT,
            ..
        }) => false,
        Err(_) => true,
    }
}

/// Several inputs into one collection.
fn collection(plan: &Plan, args: &ConvertArgs) -> ExitCode {
    let out = match &plan.target {
        Target::File(p) => Some(p.as_path()),
        _ => None,
    };
    if let Err(e) = guard_outputs(&guard(&plan.inputs), out, args.games_csv.as_deref()) {
        return usage_error(e);
    }
    if !args.read.quiet {
        crate::note_leftovers(&[out, args.games_csv.as_deref()]);
    }
    let mut status = Status::default();
    let out_name = out.map_or("<stdout>".into(), |p| p.display().to_string());
    let mut last = reporter(&out_name, &args.read);
    let result = write_to(out, args.read.strict, |w| {
        let mut c = Collection::new(Box::new(w), plan.to, &plan.options)?;
        for input in &plan.inputs {
            let mut add = |opened: Opened<'_>, _: &Path| {
                last = add_opened(&mut c, opened, args, &mut status)?;
                Ok(())
            };
            match each_record(input, plan.from, &args.read, &mut add) {
                Ok(r) => status.errors += r?,
                Err(e) => {
                    cli_say::say(E_INPUT, None, &e);
                    status.failed += 1;
                }
            }
        }
        c.finish(&mut last)?;
        if args.read.strict && status.warnings > 0 {
            return Err(Error::unwritable(crate::STRICT, "warnings under --strict"));
        }
        Ok(())
    });
    let code = finish(result, &mut last, &args.read, &out_name);
    status.worst(code, plan.inputs.len())
}

/// Adds one record to a collection; a record that cannot be read is said
/// and counted, and the others go on. Its reporter is returned.
fn add_opened(
    c: &mut Collection<'_>,
    mut opened: Opened<'_>,
    args: &ConvertArgs,
    status: &mut Status,
) -> Result<Reporter, Error> {
    let mut report = reporter(&opened.name, &args.read);
    let r = c.add(&mut opened.reader, opened.format, &mut report);
    report.flush();
    crate::note_suppressed(&report);
    status.warnings += report.warnings();
    status.errors += report.errors();
    match r {
        Ok(stats) => {
            if stats.games == 0 {
                hint_other_format(&opened.name, opened.format, &opened.head);
            }
            Ok(report)
        }
        // The input could not be read as its format, or takes no such
        // option: said, counted, and the others go on.
        Err(e @ (Error::Unreadable { .. } | Error::Usage(_))) => {
            cli_say::say(E_INPUT, Some(&opened.name), &e.to_string());
            hint_other_format(&opened.name, opened.format, &opened.head);
            status.failed += 1;
            Ok(report)
        }
        // Writing failed: the collection cannot go on.
        Err(e) => Err(e),
    }
}

/// What the inputs of a batch came to.
#[derive(Default)]
struct Status {
    /// Inputs that could not be read at all.
    failed: usize,
    warnings: usize,
    errors: usize,
}

impl Status {
    /// The run's exit status: the output's, made 1 when an input was lost
    /// or had an error, and 2 when no input was read.
    fn worst(&self, output: ExitCode, inputs: usize) -> ExitCode {
        if output != ExitCode::SUCCESS {
            return output;
        }
        if self.failed >= inputs {
            ExitCode::from(crate::EXIT_USAGE)
        } else if self.failed > 0 || self.errors > 0 {
            ExitCode::from(crate::EXIT_LOST)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// One output per input under `dir`; an archive's records go to a
/// directory named after it.
fn each_to_dir(plan: &Plan, dir: &Path, args: &ConvertArgs) -> ExitCode {
    let archives: Vec<bool> = plan.inputs.iter().map(is_archive).collect();
    let mut outs = match DirOutputs::plan(plan, dir, &archives) {
        Ok(o) => o,
        Err(e) => return usage_error(e),
    };
    let mut worst = crate::Worst::default();
    let mut written = 0;
    for (k, input) in plan.inputs.iter().enumerate() {
        if !archives[k] {
            let out = outs.planned[k].clone();
            let status = match make_parent(&out) {
                Ok(()) if plan.to.info().pictures => match open_input(input, plan.from) {
                    Ok(opened) => to_dir(plan, opened, &out, outs.claims(), args),
                    Err(e) => crate::input_error(e),
                },
                Ok(()) => convert_to(plan, input, Some(&out), args),
                Err(s) => s,
            };
            written += usize::from(status != ExitCode::from(crate::EXIT_USAGE));
            worst.status(status);
            continue;
        }
        let mut member = |opened: Opened<'_>, rel: &Path| {
            let status = match outs
                .claim(rel, &opened.name)
                .and_then(|o| make_parent(&o).map(|_| o))
            {
                Ok(out) => to_dir(plan, opened, &out, outs.claims(), args),
                Err(s) => s,
            };
            written += usize::from(status != ExitCode::from(crate::EXIT_USAGE));
            worst.status(status);
            Ok(())
        };
        match each_record(input, plan.from, &args.read, &mut member) {
            Ok(Ok(errors)) if errors > 0 => worst.status(ExitCode::from(crate::EXIT_LOST)),
            Ok(Ok(_)) => {}
            Ok(Err(e)) => worst.status(crate::input_error(format!("{}: {e}", input.name()))),
            Err(e) => worst.status(crate::input_error(e)),
        }
    }
    // Some outputs written, some inputs lost: 1; nothing written: 2.
    if written > 0 && worst.rank() == 2 {
        return ExitCode::from(crate::EXIT_LOST);
    }
    worst.code()
}

/// One record into `out` under `-d`: converted, or drawn as pictures
/// (each its own file, `cli_pictures`).
fn to_dir(
    plan: &Plan,
    opened: Opened<'_>,
    out: &Path,
    claims: cli_pictures::Claims<'_>,
    args: &ConvertArgs,
) -> ExitCode {
    if plan.to.info().pictures {
        let (to, options) = (plan.to, &plan.options);
        cli_pictures::draw_opened(to, options, opened, out, claims, &args.read)
    } else {
        convert_opened(plan, opened, Some(out), args)
    }
}

/// Makes the directory an output goes in; its status when it cannot.
fn make_parent(out: &Path) -> Result<(), ExitCode> {
    let Some(parent) = out.parent() else {
        return Ok(());
    };
    std::fs::create_dir_all(parent).map_err(|e| {
        cli_say::say(
            E_OUTPUT,
            Some(&parent.display().to_string()),
            &e.to_string(),
        );
        ExitCode::from(crate::EXIT_USAGE)
    })
}

/// The outputs of `-d DIR`: planned for plain inputs before anything is
/// written (two inputs with one output, or an output that is an input,
/// refuse the run), claimed one by one for archive members (a member whose
/// output is taken is refused alone).
struct DirOutputs {
    dir: PathBuf,
    ext: &'static str,
    guard: Guard,
    seen: HashMap<PathBuf, String>,
    /// The numbered pictures written (`game-01.svg`).
    numbered: HashSet<PathBuf>,
    /// Per input; empty for archives.
    planned: Vec<PathBuf>,
}

impl DirOutputs {
    fn plan(plan: &Plan, dir: &Path, archives: &[bool]) -> Result<DirOutputs, String> {
        if dir.exists() && !dir.is_dir() {
            return Err(format!("-d {}: is not a directory", dir.display()));
        }
        let mut outs = DirOutputs {
            dir: dir.to_path_buf(),
            ext: extension_of(plan.to, plan.options.write.json_lines),
            guard: guard(&plan.inputs),
            seen: HashMap::new(),
            numbered: HashSet::new(),
            planned: Vec::with_capacity(plan.inputs.len()),
        };
        for (input, archive) in plan.inputs.iter().zip(archives) {
            let out = match archive {
                true => PathBuf::new(),
                false => outs.output(&input.rel, &input.name())?,
            };
            outs.planned.push(out);
        }
        Ok(outs)
    }

    /// The output of the record at `rel` (named `name`), if no other
    /// record has it and it is no input.
    fn output(&mut self, rel: &Path, name: &str) -> Result<PathBuf, String> {
        let out = self.dir.join(rel).with_extension(self.ext);
        if let Some(other) = self.seen.get(&out) {
            return Err(format!(
                "{other} and {name} would both be written to {}: nothing written",
                out.display()
            ));
        }
        self.seen.insert(out.clone(), name.to_string());
        self.guard
            .check_output(&out, "the output")
            .map_err(|e| e.to_string())?;
        Ok(out)
    }

    /// What the pictures of a record may not write over.
    fn claims(&mut self) -> cli_pictures::Claims<'_> {
        cli_pictures::Claims {
            guard: &self.guard,
            planned: &self.seen,
            numbered: &mut self.numbered,
        }
    }

    /// [`DirOutputs::output`] for an archive member: a refusal is said, and
    /// is that member's status.
    fn claim(&mut self, rel: &Path, name: &str) -> Result<PathBuf, ExitCode> {
        self.output(rel, name).map_err(|e| {
            cli_say::say(E_OUTPUT, Some(name), &e);
            ExitCode::from(crate::EXIT_LOST)
        })
    }
}

/// The extension of an output in `format` under `-d`.
fn extension_of(format: Format, json_lines: bool) -> &'static str {
    match format {
        Format::Json if json_lines => "jsonl",
        Format::Jago => "xml",
        f => f.info().extensions.first().copied().unwrap_or("out"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_names_must_say_a_format_unless_t_does() {
        let d = tempfile::tempdir().unwrap();
        let pdf = d.path().join("out.pdf");
        assert!(output_format(None, &pdf, false).unwrap_err().contains("-t"));
        assert_eq!(
            output_format(Some(Format::Json), &pdf, false),
            Ok(Format::Json)
        );
        assert_eq!(
            output_format(None, &d.path().join("a.SGF"), false),
            Ok(Format::Sgf)
        );
        assert_eq!(
            output_format(None, Path::new("/dev/null"), false),
            Ok(Format::Sgf)
        );
    }

    #[test]
    fn another_format_over_an_existing_file_needs_force() {
        let d = tempfile::tempdir().unwrap();
        let b = d.path().join("b.gib");
        assert_eq!(output_format(Some(Format::Sgf), &b, false), Ok(Format::Sgf));
        std::fs::write(&b, "x").unwrap();
        assert!(output_format(Some(Format::Sgf), &b, false)
            .unwrap_err()
            .contains("--force"));
        assert_eq!(output_format(Some(Format::Sgf), &b, true), Ok(Format::Sgf));
        let x = d.path().join("j.xml");
        std::fs::write(&x, "x").unwrap();
        assert_eq!(
            output_format(Some(Format::Jago), &x, false),
            Ok(Format::Jago)
        );
    }

    #[test]
    fn extensions_under_d() {
        assert_eq!(extension_of(Format::Json, true), "jsonl");
        assert_eq!(extension_of(Format::Json, false), "json");
        assert_eq!(extension_of(Format::Jago, false), "xml");
        assert_eq!(extension_of(Format::Ugf, false), "ugf");
    }
}
