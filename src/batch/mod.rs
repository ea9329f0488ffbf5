//! Batch conversion: many inputs (files, stdin, archives' members) into one
//! output, one collection, or one file each under a directory; the library
//! side of `sgfconv [INPUT]... [-o FILE | -d DIR]` (docs/cli.md,
//! "Outputs"), as [`crate::migrate`] is of whole trees.
//!
//! [`run`] takes a [`Batch`] (the inputs, where they go, the formats and
//! options) and a [`Voice`] (the reporters of the records' diagnostics, and
//! an ear for what the run says of itself, under the codes of
//! [`codes`]), and returns the run's [`Tally`]. Everything is decided
//! before anything is written (`plan`): the output's format (a name that
//! names no format is refused without `-t`; `-t` over an existing file of
//! another format, without `force`), several inputs into a format whose
//! file holds one game, an output that is an input, and under `-d DIR`
//! each input's output (`names`: two inputs that would make the same one
//! are numbered apart, `x (2).sgf`, or refuse the run under
//! [`Collisions::Refuse`]). Then one of three shapes runs:
//!
//! - one input into one output (a file or stdout): `record`;
//! - several inputs (or an archive's members) into one collection:
//!   `collection`, through [`crate::pipeline::Collection`];
//! - one output each under a directory, named after its input with the
//!   target's extension (or by a `--name` template from its first game's
//!   root, read ahead: `named`), an archive's members in a directory
//!   named after it, pictures each their own file (`pictures`): `each`.
//!
//! Every file goes through the output layer ([`crate::output`]): written
//! whole or not at all, never onto an input. Under `strict` a warning
//! holds back the output it would go to (a record's file or pictures, the
//! whole collection; [`Verdict::HeldBack`]): nothing of it is written,
//! stdout included (`write`).

pub mod codes;
mod collection;
mod each;
mod named;
mod names;
mod pictures;
mod plan;
mod record;
mod replace;
mod tally;
#[cfg(test)]
mod testing;
mod write;

pub use codes::{
    EXTENSION_MISMATCH, INPUT_UNUSABLE, LOOKS_LIKE_OTHER_FORMAT, OUTPUT_NUMBERED,
    OUTPUT_UNWRITABLE, RUN_NOTE,
};
pub use record::{looks_like, unusable_note};
pub use tally::{Tally, Verdict};

use crate::diag::{Diagnostic, Reporter, Severity};
use crate::error::Error;
use crate::formats::Format;
use crate::input::open::{self, Opened, Record};
use crate::options::Options;
use std::path::{Path, PathBuf};

/// One input of a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The file; `None` for stdin.
    pub path: Option<PathBuf>,
    /// Where its output goes under a directory ([`Target::Dir`]): its path
    /// below the directory it was found in, else its file name.
    pub rel: PathBuf,
    /// Found by a walk of a directory (`-r`), not named: when its name
    /// says a format any data takes (JSON, XML, CSV) and it holds no game,
    /// it is passed over with a note ([`Verdict::LeftOut`]).
    pub walked: bool,
}

impl Input {
    /// Stdin, shown as `<stdin>`.
    pub fn stdin() -> Self {
        Input {
            path: None,
            rel: PathBuf::from("stdin"),
            walked: false,
        }
    }

    /// The file at `path`, its output under a directory named after its
    /// file name.
    pub fn file(path: &Path) -> Self {
        let rel = path
            .file_name()
            .map_or_else(|| path.to_path_buf(), PathBuf::from);
        Input {
            path: Some(path.to_path_buf()),
            rel,
            walked: false,
        }
    }

    /// The file at `path`, found by a walk of the directory `root`: its
    /// output goes to the same place under the output directory.
    pub fn found(root: &Path, path: &Path) -> Self {
        let rel = path
            .strip_prefix(root)
            .map_or_else(|_| path.to_path_buf(), Path::to_path_buf);
        Input {
            path: Some(path.to_path_buf()),
            rel,
            walked: true,
        }
    }

    /// The name diagnostics and messages show.
    pub fn name(&self) -> String {
        open::name_of(self.path.as_deref())
    }
}

/// Where a batch writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The standard output.
    Stdout,
    /// One file.
    File(PathBuf),
    /// One file per input in this directory (made if missing).
    Dir(PathBuf),
}

/// What `-d DIR` does when two records would make the same output
/// (`--collisions`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Collisions {
    /// The later one (in the order of the inputs, an archive's members in
    /// its order) is written as `name (2).ext`, `name (3).ext`…, said
    /// ([`codes::OUTPUT_NUMBERED`]) and counted ([`Tally::numbered`]).
    #[default]
    Suffix,
    /// Two inputs with one output refuse the run before anything is
    /// written; an archive's member whose output is taken is not written.
    Refuse,
}

/// A batch: what it reads, where it writes, how.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Batch {
    /// The inputs, in order.
    pub inputs: Vec<Input>,
    /// Where they go.
    pub target: Target,
    /// The inputs' format (`-f`); by default each one's name, else its
    /// content, tells.
    pub from: Option<Format>,
    /// The output format (`-t`); by default the output file's extension,
    /// else SGF.
    pub to: Option<Format>,
    /// Write an output whose extension names another format than `to`
    /// even when that file exists; replace an existing output of the
    /// two-path form whatever wrote it (`two_paths`).
    pub force: bool,
    /// A warning fails its record: its output is held back.
    pub strict: bool,
    /// The output was named as the second of two paths (`sgfconv IN
    /// OUT`), the shape a shell glob over two records takes too: an
    /// existing file there is replaced only when sgfconv wrote it and IN
    /// is not already as sgfconv writes it, unless `force` (`replace`).
    pub two_paths: bool,
    /// Under `-d`: two records with one output are numbered apart, or
    /// refused.
    pub collisions: Collisions,
    /// Under `-d`: each output named by this template from its first
    /// game's root (`--name '{DT} {PB} vs {PW}'`, the template language
    /// of `migrate --name`, [`crate::output::template`]) in its input's
    /// directory, instead of after its input.
    pub name_template: Option<String>,
    /// How the records are read and written. `write.json_lines` is set
    /// too when JSON goes to a file named `*.jsonl` or `*.ndjson`.
    pub options: Options,
    /// How archives among the inputs are read.
    #[cfg(feature = "archives")]
    pub archive_limits: crate::archive::Limits,
}

impl Batch {
    /// `inputs` into `target`, every other option at its default.
    pub fn new(inputs: Vec<Input>, target: Target) -> Self {
        Batch {
            inputs,
            target,
            from: None,
            to: None,
            force: false,
            strict: false,
            two_paths: false,
            collisions: Collisions::default(),
            name_template: None,
            options: Options::default(),
            #[cfg(feature = "archives")]
            archive_limits: crate::archive::Limits::default(),
        }
    }
}

/// What a batch tells its caller as it goes (the command prints it).
pub trait Voice {
    /// A reporter for the diagnostics found in `name` (a record, an
    /// archive, the collection's output).
    fn reporter(&mut self, name: &str) -> Reporter;
    /// `report` is done with: what it holds is said.
    fn flush(&mut self, report: &mut Reporter);
    /// A record, or the collection's output, is done: `report` holds its
    /// diagnostics (flush it); `failed` is the error that stopped it, if
    /// any (then nothing of it was written, unless the output's reader
    /// went away, [`Error::is_broken_pipe`]).
    fn finished(&mut self, name: &str, report: &mut Reporter, failed: Option<&Error>);
    /// What the run says besides the records' diagnostics ([`codes`]).
    fn say(&mut self, note: &Diagnostic);
    /// Whether notes of `severity` are heard (those that are not are not
    /// looked for).
    fn hears(&self, _severity: Severity) -> bool {
        true
    }
}

/// Runs `batch`, telling `voice` what happens. An `Err` is a refusal
/// before anything was written ([`Error::Usage`]: the output's name, two
/// inputs with one output, an output that is an input…); every failure
/// after that is said and counted in the [`Tally`].
pub fn run(batch: &Batch, voice: &mut dyn Voice) -> Result<Tally, Error> {
    let plan = plan::Plan::new(batch, voice)?;
    if let (Target::File(out), [input], true, false) = (
        &batch.target,
        &batch.inputs[..],
        batch.two_paths,
        batch.force,
    ) {
        replace::check(&plan, input, out)?;
    }
    match &batch.target {
        Target::Dir(dir) => each::run(&plan, dir, voice),
        _ if batch.inputs.len() == 1 && !open::is_archive(batch.inputs[0].path.as_deref()) => {
            record::one(&plan, &batch.inputs[0], voice)
        }
        _ => collection::run(&plan, voice),
    }
}

/// What to do with each record of an input: the record, where its output
/// goes under a directory, and the voice to tell.
pub type OnRecord<'f> = dyn FnMut(Record<'_>, &Path, &mut dyn Voice) -> Result<(), Error> + 'f;

/// Calls `each` with every record `input` holds, read as `batch` reads
/// (its `from` and `archive_limits`): itself, or each record member of the
/// archive it is (the archive's own diagnostics said through `voice` on
/// the way). The outer `Err`: the input could not be opened (its message
/// names it); the inner result: `each`'s, or the count of the archive's
/// own errors.
#[cfg_attr(not(feature = "archives"), allow(unused_variables))]
pub fn each_record(
    input: &Input,
    batch: &Batch,
    voice: &mut dyn Voice,
    each: &mut OnRecord<'_>,
) -> Result<Result<usize, Error>, Error> {
    Ok(match open::open(input.path.as_deref(), batch.from)? {
        Opened::Record(r) => each(r, &input.rel, voice).map(|_| 0),
        #[cfg(feature = "archives")]
        Opened::Archive(a) => {
            let dir = crate::archive::names::dir_name(&input.rel);
            let mut report = voice.reporter(&a.name);
            let limits = batch.archive_limits;
            let walked = a.records(batch.from, &limits, &mut report, &mut |r, path| {
                each(r, &crate::archive::names::member_path(&dir, path), voice)
            });
            voice.flush(&mut report);
            walked.map(|_| report.errors())
        }
    })
}
