//! The converter, `sgfconv [OPTIONS] [INPUT]... [-o FILE | -d DIR]`: its
//! arguments mapped to a [`Batch`] (the inputs gathered, where they go,
//! the formats and options), which the library runs
//! ([`sgfconv::batch::run`]: one input to one output, several into one
//! collection, one file each under `-d DIR`, everything decided before
//! anything is written); the command says what the run says and exits
//! with the status of its verdict.
//!
//! `sgfconv in.gib out.sgf`: with exactly two paths and no `-o`, `-d`,
//! `-r` or list, the second is the output.

use super::args::{ConvertArgs, CoordsArg, NumberingArg};
use super::exit::{self, usage_error};
use super::inputs::{self, Sources};
use super::say::{self, Speaker};
use sgfconv::batch::{self, Batch, Target, RUN_NOTE};
use sgfconv::options::{Coords, Numbering};
use sgfconv::{charset, Options, WriteOptions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The converter.
pub fn run(args: ConvertArgs) -> ExitCode {
    let batch = match batch_of(&args) {
        Ok(b) => b,
        Err(e) => return usage_error(e),
    };
    if let Some(refusal) = binary_to_terminal(&batch) {
        return usage_error(refusal);
    }
    let mut voice = Speaker { read: &args.read };
    match batch::run(&batch, &mut voice) {
        Ok(tally) => {
            say::end_of_run(Some(&tally), args.read.quiet);
            exit::status(tally.verdict)
        }
        Err(e) => usage_error(e),
    }
}

/// A PNG is never written to a terminal (it would show as noise and may
/// upset it): refused, naming what to do, as pandoc refuses a binary
/// format there.
fn binary_to_terminal(batch: &Batch) -> Option<String> {
    use std::io::IsTerminal;
    let png = batch.to == Some(sgfconv::Format::Png);
    (png && matches!(batch.target, Target::Stdout) && std::io::stdout().is_terminal()).then(|| {
        "-t png writes binary data, which a terminal cannot show: name a file \
         (-o out.png, or -d DIR) or redirect stdout (> out.png)"
            .to_string()
    })
}

/// The batch the arguments ask for.
fn batch_of(args: &ConvertArgs) -> Result<Batch, String> {
    let (paths, output, two_paths) = positionals(args)?;
    let src = Sources {
        paths: &paths,
        recursive: args.recursive,
        files_from: args.files_from.as_deref(),
        null: args.null,
    };
    let gathered = inputs::gather(&src)?;
    note_skipped(gathered.skipped, args.read.quiet);
    if gathered.inputs.is_empty() {
        return Err("no input: the directories and lists named hold no record".into());
    }
    if args.out_dir.as_deref() == Some(Path::new("-")) {
        return Err(
            "-d -: the standard output holds no directory (-o - writes one collection there)"
                .into(),
        );
    }
    let target = match (&args.out_dir, output) {
        (Some(d), _) => Target::Dir(d.clone()),
        (None, Some(p)) if p != Path::new("-") => Target::File(p),
        _ => Target::Stdout,
    };
    let mut batch = Batch::new(gathered.inputs, target);
    batch.from = args.read.from()?;
    batch.to = super::args::format_arg(&args.to, "--to")?;
    batch.force = args.force;
    batch.two_paths = two_paths;
    batch.strict = args.read.strict;
    let mut options = Options::default().with_jobs(args.read.jobs());
    options.read = args.read.options()?;
    options.write = write_options(args)?;
    batch.options = options;
    batch.archive_limits = args.read.archive_limits();
    Ok(batch)
}

/// The inputs named and the output, and whether the output is the second
/// of two paths: `sgfconv in out` keeps its meaning when there are exactly
/// two paths and no `-o`, `-d`, `-r` or list.
type Positionals = (Vec<PathBuf>, Option<PathBuf>, bool);

fn positionals(args: &ConvertArgs) -> Result<Positionals, String> {
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
    Ok((inputs, output, legacy))
}

/// The note on files a directory walk left out.
fn note_skipped(skipped: usize, quiet: bool) {
    if skipped > 0 && !quiet {
        say::say(
            RUN_NOTE,
            None,
            &format!("{skipped} files under the directories have no record extension: left out"),
        );
    }
}

/// The writer options as given (the library refuses those the target
/// does not take, and adds JSON Lines for a `.jsonl` output).
fn write_options(args: &ConvertArgs) -> Result<WriteOptions, String> {
    let mut w = WriteOptions::default();
    if let Some(n) = &args.to_encoding {
        w.to_encoding = Some(charset::output_encoding(n).ok_or_else(|| {
            format!("--to-encoding: '{n}' is unknown or cannot carry ASCII syntax")
        })?);
    }
    w.ugf_review = args.ugf_review;
    w.json_lines = args.json_lines;
    w.moves = args.moves;
    w.all_variations = args.all_variations;
    w.coords = args.coords.map(|c| match c {
        CoordsArg::Sgf => Coords::Sgf,
        CoordsArg::Gtp => Coords::Gtp,
        CoordsArg::Numeric => Coords::Numeric,
    });
    w.games_csv = args.games_csv.clone();
    w.csv_safe = args.csv_safe;
    w.moves_parquet = args.moves_parquet.clone();
    w.comments = args.comments;
    w.game = args.game;
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
