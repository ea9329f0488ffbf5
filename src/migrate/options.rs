//! What a migration is asked to do ([`MigrateOptions`]), whom it tells
//! of its progress ([`Progress`]), and the reader and writer it runs
//! (`Backend`, which tests replace).

use super::output::WriterFn;
use crate::diag::Diagnostic;
use crate::error::Error;
use crate::formats::{self, Format};
use crate::options::Options;
use crate::pipeline::ReadFn;
use crate::sink::Sink;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What to migrate and how.
#[derive(Clone, Debug, Default)]
pub struct MigrateOptions {
    /// The directory tree to read (SRC); never written to.
    pub src: PathBuf,
    /// Where the SGF files go (DST); created if missing.
    pub dst: PathBuf,
    /// Worker threads; 0 = one per core.
    pub jobs: usize,
    /// Convert even when the output is newer than the input.
    pub force: bool,
    /// Read, convert and report, write nothing (DST is not even created).
    pub dry_run: bool,
    /// Give each output the modification time of its input.
    pub preserve_mtime: bool,
    /// `fsync` each output before renaming it into place.
    pub fsync: bool,
    /// Only paths matching one of these globs (`*`, `**`, `?`, `[a-z]`;
    /// relative to SRC, or the file name alone for a pattern without `/`;
    /// see `docs/migrate.md`); empty = all.
    pub include: Vec<String>,
    /// Never paths matching one of these.
    pub exclude: Vec<String>,
    /// Match `include` and `exclude` with case (by default `*.sgf` takes
    /// `GAME.SGF` too).
    pub case_sensitive_globs: bool,
    /// One output per game.
    pub split_collections: bool,
    /// `--name`: output file name from game info, e.g. `{DT} {PB} vs {PW}`.
    pub name_template: Option<String>,
    /// How each record is read, rewritten and written (its `jobs` is not
    /// used: records are converted in parallel instead).
    pub convert: Options,
    /// `--strict`: a file with a warning or an error counts as failed and
    /// nothing is written for it ([`FAILED_UNDER_STRICT`](super::FAILED_UNDER_STRICT)).
    pub strict: bool,
    /// Where the caller will write the report ([`Summary::write_report_file`](super::Summary::write_report_file)):
    /// checked before anything is written, and refused (a usage error) when
    /// it is inside SRC, is an input, could be an output of the run, or is a
    /// symbolic link to anything but a device or a pipe.
    pub report: Option<PathBuf>,
    /// `--flatten-archives`: the records of an archive in SRC go where the
    /// archive is, not into a directory named after it
    /// (`a/KGS-2017.tar.gz:x.sgf` → `a/x.sgf`, not `a/KGS-2017/x.sgf`).
    pub flatten_archives: bool,
    /// How deep archives inside archives are read, and the largest member
    /// read (`--archive-depth`, `--max-member-size`).
    #[cfg(feature = "archives")]
    pub archive_limits: crate::archive::Limits,
    /// Asks the run to stop before its end (the command's signal handler):
    /// see [`Stop`].
    pub stop: Stop,
}

/// Asks a running migration to stop, from any thread (the command does on
/// `SIGINT`, `SIGTERM` and `SIGHUP`): the records being converted are
/// finished, no other is begun, and the run returns the summary of what
/// was done, marked [`Summary::interrupted`](super::Summary::interrupted),
/// so that its report can still be written and a resumed run counts what
/// this one found.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// Asks the run to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the run was asked to stop.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl MigrateOptions {
    /// Migrates `src` into `dst` with every other option at its default.
    pub fn new(src: impl Into<PathBuf>, dst: impl Into<PathBuf>) -> Self {
        MigrateOptions {
            src: src.into(),
            dst: dst.into(),
            ..Default::default()
        }
    }
}

/// Told about progress, from the worker threads.
pub trait Progress: Sync {
    /// The walk is done: this many records to go through, and their bytes
    /// (0 when not known: the walk reads no file sizes).
    fn start(&self, _files: u64, _bytes: u64) {}
    /// One record is done (converted, skipped or failed).
    fn file_done(&self, _bytes: u64, _failed: bool) {}
    /// More records to go through than [`Progress::start`] said: the
    /// members of an archive, found as it is read.
    fn more(&self, _files: u64) {}
    /// Diagnostics found in one record, info included, as they are found
    /// (a record's reader diagnostics at once, then any failure's): for a
    /// display that shows them (`migrate -v`, `--diagnostics json`).
    fn diagnostics(&self, _found: &[Diagnostic]) {}
    /// The run is over (before the summary is returned).
    fn finish(&self) {}
}

/// No progress reporting.
pub struct NoProgress;
impl Progress for NoProgress {}

/// The reader and writer a migration uses; replaceable for tests.
// The integration tests' plumbing (a reader and a writer that stand for
// the real ones), not an app's: public for them, hidden from the
// documentation.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Backend {
    /// Reads one input (default: [`formats::read`]).
    pub read: ReadFn,
    /// Makes the output's writer (default: the SGF writer).
    pub writer: WriterFn,
}

fn sgf_writer<'w>(out: Box<dyn Write + 'w>, o: &Options) -> Result<Box<dyn Sink + 'w>, Error> {
    formats::writer(Format::Sgf, out, o)
}

impl Default for Backend {
    fn default() -> Self {
        Backend {
            read: formats::read,
            writer: sgf_writer,
        }
    }
}
