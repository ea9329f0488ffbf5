//! `sgfconv migrate SRC DST`: converts every game record under a directory
//! tree into UTF-8 SGF under another, in parallel, safely, resumably.
//!
//! The run has four steps, and only the conversion runs in parallel, so the
//! result does not depend on `-j` or on scheduling:
//!
//! 1. **Walk** SRC (sorted, never following a symbolic link, never entering
//!    DST) and recognise records by extension, else by content.
//! 2. **Plan** output names sequentially in path order: mirrored names
//!    (`a/b.gib` → `a/b.sgf`), or names from `--name` templates and
//!    `--split-collections` once the games are read (a window of records at
//!    a time, `named.rs`); collisions are numbered `name (2).sgf` in that
//!    same order.
//! 3. **Convert** each record through the same path as [`crate::convert`]
//!    (`pipeline::run`: reader → dialect rules → SGF writer) into a
//!    temporary file in the destination directory.
//! 4. **Rename** each temporary file onto its output: an output exists
//!    whole or not at all, whatever happens to the process.
//!
//! Nothing is ever opened for writing under SRC. See `docs/migrate.md`.

#[cfg(feature = "archives")]
mod archive_out;
mod archives;
mod found;
pub(crate) mod fsat;
pub(crate) mod glob;
mod log;
mod named;
pub(crate) mod naming;
pub(crate) mod output;
pub mod report;

pub use output::{GameFacts, WriterFn};
pub use report::{DiagEntry, EncodingUse, Entry, Status, Summary};

use crate::diag::{Code, Diagnostic, Reporter};
use crate::error::Error;
use crate::formats::{self, Format};
use crate::input::{self, CountingRead};
use crate::options::Options;
use crate::output::temp;
use crate::pipeline::{self, Start};
use crate::sink::Sink;
use found::{FoundList, Tag};
use fsat::{Dir, Id, Kind, Pending, Tree};
use glob::Glob;
use log::{Key, Log};
use naming::{Claims, NameFields, RECORD_FORMATS};
use output::{Router, WritePolicy};
use rayon::prelude::*;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, BufReader, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The input could not be read or converted at all; nothing was written.
pub const E_CONVERSION_FAILED: Code = Code::new("E450", "conversion-failed");
/// The input holds no game; nothing was written.
pub const E_NO_GAME: Code = Code::new("E451", "no-game");
/// The output name was taken by an earlier input; a number was added.
pub const I_NAME_NUMBERED: Code = Code::new("I452", "output-name-numbered");
/// The output could not be written (disk full, permissions...).
pub const E_OUTPUT_FAILED: Code = Code::new("E453", "output-not-written");
/// The content is another record format than the extension says; it was
/// read as what the content is.
pub const W_FORMAT_BY_CONTENT: Code = Code::new("W454", "format-differs-from-extension");
/// The output would land inside SRC (through a symbolic link in DST, or SRC
/// inside DST); refused.
pub const E_OUTPUT_IN_SOURCE: Code = Code::new("E455", "output-inside-source");
/// A directory on the output's path in DST is a symbolic link, or was
/// replaced during the run: it was not followed, and nothing was written.
pub const E_OUTPUT_NOT_FOLLOWED: Code = Code::new("E456", "output-path-not-followed");
/// Under `--strict`, the file had a warning or an error: it counts as
/// failed, and nothing was written for it.
///
/// What to do: see the file's other diagnostics (`--report`, or `-v`);
/// without `--strict` the file is converted, its repairs reported.
pub const E_STRICT: Code = Code::new("E457", "failed-under-strict");

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
    /// nothing is written for it ([`E_STRICT`]).
    pub strict: bool,
    /// Where the caller will write the report ([`Summary::write_report_file`]):
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

pub use crate::pipeline::ReadFn;

/// The reader and writer a migration uses; replaceable for tests.
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

/// Migrates `options.src` into `options.dst` as SGF.
///
/// Fails only on bad usage (SRC missing, DST inside SRC...) or when DST
/// cannot be created; a file that fails is in the summary and the run goes on.
pub fn run(options: &MigrateOptions, progress: &dyn Progress) -> Result<Summary, Error> {
    run_with(options, progress, Backend::default())
}

/// [`run`] with another reader/writer.
pub fn run_with(
    options: &MigrateOptions,
    progress: &dyn Progress,
    backend: Backend,
) -> Result<Summary, Error> {
    let started = Instant::now();
    let globs = |list: &[String]| -> Result<Vec<Glob>, Error> {
        let case = options.case_sensitive_globs;
        list.iter()
            .map(|g| Glob::new(g, case).map_err(Error::Usage))
            .collect()
    };
    let (include, exclude) = (globs(&options.include)?, globs(&options.exclude)?);
    let roots = Roots::resolve(options)?;
    if let Some(t) = &options.name_template {
        if t.trim().is_empty() {
            return Err(Error::Usage("--name: the template is empty".into()));
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.min(crate::options::max_jobs()))
        .build()
        .map_err(|e| Error::Usage(format!("-j: {e}")))?;
    // Everything is checked before anything is created.
    let walked = if roots.src_is_archive {
        walk_archive(&roots)?
    } else {
        walk(&roots, &include, &exclude)?
    };
    if let (Some(rel), Some(report)) = (&walked.report_is_input, &options.report) {
        return Err(Error::Usage(format!(
            "--report {} is the input {}: migrate never writes over an input",
            report.display(),
            roots.src.join(rel).display()
        )));
    }
    // An archive as SRC: its directory is no part of SRC.
    let src_ids = if roots.src_is_archive {
        HashSet::new()
    } else {
        walked.tree.id_set()
    };
    let dst_root = roots.open_dst(options, &src_ids)?;
    #[cfg(feature = "archives")]
    let archive =
        match archive_output(&options.dst).filter(|_| roots.dst_archive && !options.dry_run) {
            Some(kind) => Some(
                archive_out::ArchiveOut::create(&options.dst, kind)
                    .map_err(|e| Error::Usage(format!("DST {}: {e}", options.dst.display())))?,
            ),
            None => None,
        };
    let log = Log::new(options.report.is_some());
    let ctx = Ctx {
        options,
        roots: &roots,
        src: &walked.tree,
        src_ids: &src_ids,
        dst_root,
        backend,
        progress,
        #[cfg(feature = "archives")]
        archive_out: archive.as_ref(),
        include: &include,
        exclude: &exclude,
        log: &log,
    };
    pool.install(|| ctx.migrate(walked.found));
    progress.finish();
    #[cfg(feature = "archives")]
    if let Some(a) = &archive {
        a.finish()
            .map_err(|e| Error::Usage(format!("DST {}: {e}", options.dst.display())))?;
    }
    // A resumed run's skipped entries take what the earlier report says.
    let entries = log.finish(options.report.as_deref());
    Ok(Summary::from_log(
        options.src.clone(),
        options.dst.clone(),
        options.dry_run,
        entries,
        started.elapsed(),
    ))
}

/// SRC and DST, absolute and checked.
struct Roots {
    /// As given (for the report).
    src: PathBuf,
    dst: PathBuf,
    /// Canonical SRC: outputs must never resolve below it.
    src_canon: PathBuf,
    /// Absolute DST (canonical as far as it exists): the walk never enters it.
    dst_abs: PathBuf,
    /// DST's identity, when it exists: the walk never enters it.
    dst_id: Option<Id>,
    /// DST existed before this run (else nothing in it can be up to date).
    dst_existed: bool,
    /// SRC is an archive file, not a directory: its members go right
    /// under DST.
    src_is_archive: bool,
    /// DST is an archive to write (`out.zip`, `out.tar.gz`), not a
    /// directory.
    dst_archive: bool,
    /// The identity of the file `--report` names, when it exists: no input
    /// may be it.
    report_id: Option<Id>,
}

impl Roots {
    /// Checks SRC, DST and the report's path; creates nothing.
    fn resolve(o: &MigrateOptions) -> Result<Roots, Error> {
        let src_canon = fs::canonicalize(&o.src)
            .map_err(|e| Error::Usage(format!("SRC {}: {e}", o.src.display())))?;
        let src_is_archive = !src_canon.is_dir() && archive_file(&src_canon, &o.src)?;
        if !src_canon.is_dir() && !src_is_archive {
            return Err(Error::Usage(format!(
                "SRC {} is not a directory (convert one file with `sgfconv IN OUT`)",
                o.src.display()
            )));
        }
        let dst_abs = absolute_resolved(&o.dst)?;
        if dst_abs.starts_with(&src_canon) {
            return Err(Error::Usage(format!(
                "DST {} is inside SRC {}: migrate never writes inside SRC",
                o.dst.display(),
                o.src.display()
            )));
        }
        let report_id = match &o.report {
            Some(r) => report::check_path(r, &src_canon, &dst_abs)?,
            None => None,
        };
        let dst_meta = fs::metadata(&o.dst).ok().filter(|m| m.is_dir());
        Ok(Roots {
            src: o.src.clone(),
            dst: o.dst.clone(),
            src_canon,
            dst_abs,
            dst_id: dst_meta.as_ref().and_then(meta_id),
            dst_existed: dst_meta.is_some(),
            src_is_archive,
            dst_archive: dst_meta.is_none() && archive_output(&o.dst).is_some(),
            report_id,
        })
    }

    /// Creates DST (unless dry run) once everything is checked, and opens
    /// it; `None` in a dry run into a DST that does not exist.
    fn open_dst(
        &self,
        o: &MigrateOptions,
        src_ids: &HashSet<Id>,
    ) -> Result<Option<Arc<Dir>>, Error> {
        let usage = |e: io::Error| Error::Usage(format!("DST {}: {e}", o.dst.display()));
        if self.dst_archive {
            return Ok(None);
        }
        if !o.dry_run {
            fs::create_dir_all(&o.dst).map_err(usage)?;
        }
        let dir = match Dir::open_root(&o.dst) {
            Ok(d) => d,
            Err(_) if o.dry_run => return Ok(None),
            Err(e) => return Err(usage(e)),
        };
        if src_ids.contains(&dir.id()) {
            return Err(Error::Usage(format!(
                "DST {} is inside SRC {}: migrate never writes inside SRC",
                o.dst.display(),
                o.src.display()
            )));
        }
        Ok(Some(Arc::new(dir)))
    }
}

/// The archive DST's name asks for (`out.zip`, `out.tar.gz`), if any.
#[cfg(feature = "archives")]
fn archive_output(dst: &Path) -> Option<archive_out::OutKind> {
    archive_out::OutKind::of(dst)
}

#[cfg(not(feature = "archives"))]
fn archive_output(_dst: &Path) -> Option<()> {
    None
}

/// Whether the file SRC is an archive (by its first bytes). One named
/// `*.sgf` is refused: an output could take its name.
fn archive_file(canon: &Path, given: &Path) -> Result<bool, Error> {
    let mut head = Vec::new();
    let read =
        fs::File::open(canon).and_then(|f| input::read_head(&mut &f, &mut head, SNIFF_BYTES));
    let Ok((n, _)) = read else {
        return Ok(false);
    };
    if !archives::is_archive(head.get(..n).unwrap_or_default()) {
        return Ok(false);
    }
    let name = canon.file_name().unwrap_or_default().to_string_lossy();
    if name.to_ascii_lowercase().ends_with(".sgf") {
        return Err(Error::Usage(format!(
            "SRC {} is an archive named like an output (.sgf): rename it to migrate it",
            given.display()
        )));
    }
    Ok(true)
}

/// The "walk" of an archive given as SRC: that one file, in its directory.
fn walk_archive(roots: &Roots) -> Result<Walked, Error> {
    let usage = |e: io::Error| Error::Usage(format!("SRC {}: {e}", roots.src.display()));
    let parent = roots.src_canon.parent().unwrap_or(Path::new("/"));
    let root = Dir::open_root(parent).map_err(usage)?;
    let name = roots.src_canon.file_name().unwrap_or_default();
    let mut found = FoundList::default();
    found.push(Path::new(name), Tag::Archive, None);
    Ok(Walked {
        found,
        tree: Tree::new(Arc::new(root)),
        report_is_input: None,
    })
}

/// A file's identity from its metadata.
fn meta_id(m: &fs::Metadata) -> Option<Id> {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}

/// The absolute form of `p`, with symbolic links resolved in the part that
/// exists and `.`/`..` applied lexically to the rest.
fn absolute_resolved(p: &Path) -> Result<PathBuf, Error> {
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()?.join(p)
    };
    let mut existing = abs.clone();
    let mut rest: Vec<std::ffi::OsString> = Vec::new();
    loop {
        if let Ok(c) = fs::canonicalize(&existing) {
            let mut out = c;
            for part in rest.iter().rev() {
                match Path::new(part).components().next() {
                    Some(Component::ParentDir) => {
                        out.pop();
                    }
                    Some(Component::CurDir) | None => {}
                    _ => out.push(part),
                }
            }
            return Ok(out);
        }
        match (existing.file_name(), existing.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name.to_os_string());
                existing = parent.to_path_buf();
            }
            _ => {
                // `..` at the end, or nothing exists at all: lexical.
                let last = existing.components().next_back();
                if matches!(last, Some(Component::ParentDir)) {
                    rest.push("..".into());
                    existing.pop();
                    continue;
                }
                return Ok(abs);
            }
        }
    }
}

/// A record found by the walk.
#[derive(Clone, Debug)]
struct Item {
    /// Under SRC; for an archive's member, where it would be if the
    /// archive were unpacked (`KGS-2017/x.sgf`, or `x.sgf` flattened).
    rel: PathBuf,
    format: Option<Format>,
    by_content: bool,
    /// A member of an archive: the archive's modification time, which
    /// stands for the member's in the up-to-date test.
    archive_mtime: Option<std::time::SystemTime>,
}

fn rel_text(rel: &Path) -> String {
    let s = rel.to_string_lossy();
    if std::path::MAIN_SEPARATOR == '/' {
        s.into_owned()
    } else {
        s.replace(std::path::MAIN_SEPARATOR, "/")
    }
}

/// What the walk found, and the directories of SRC it went through.
struct Walked {
    found: FoundList,
    tree: Tree,
    /// An input that is the file `--report` names (a hard link).
    report_is_input: Option<PathBuf>,
}

/// A directory still to list: its path under SRC, and its parent held open
/// (it is opened relative to it when its turn comes).
type ToList = (PathBuf, Arc<Dir>, Option<std::ffi::OsString>);

/// Walks SRC in a fixed order: each directory's entries sorted by name,
/// files before subdirectories. Every directory is opened relative to its
/// parent, never through a symbolic link (one swapped in during the walk is
/// not followed: its directory fails to list). Only directories are read
/// (no per-file `stat`).
fn walk(roots: &Roots, include: &[Glob], exclude: &[Glob]) -> Result<Walked, Error> {
    let root = Dir::open_root(&roots.src_canon)
        .map_err(|e| Error::Usage(format!("SRC {}: {e}", roots.src.display())))?;
    let mut w = Walked {
        found: FoundList::default(),
        tree: Tree::new(Arc::new(root)),
        report_is_input: None,
    };
    let mut stack: Vec<ToList> = vec![(PathBuf::new(), w.tree.root().clone(), None)];
    while let Some((dir_rel, parent, name)) = stack.pop() {
        let dir = match name {
            None => parent,
            Some(n) => match parent.open_dir(&n) {
                Ok(d) => Arc::new(d),
                Err(e) => {
                    let why = format!("cannot open directory: {e}");
                    w.found.push(&dir_rel, Tag::Broken, Some(why));
                    continue;
                }
            },
        };
        if roots.dst_id == Some(dir.id()) {
            continue; // DST is never entered
        }
        let mut entries = match dir.entries() {
            Ok(v) => v,
            Err(e) => {
                let why = format!("cannot list directory: {e}");
                w.found.push(&dir_rel, Tag::Broken, Some(why));
                continue;
            }
        };
        entries.sort_unstable_by(|a, b| a.name.cmp(&b.name));
        let mut subdirs = Vec::new();
        let before = w.found.len();
        for e in entries {
            let rel = dir_rel.join(&e.name);
            if e.kind == Kind::Dir {
                if roots.src_canon.join(&rel) != roots.dst_abs {
                    subdirs.push((rel, dir.clone(), Some(e.name)));
                }
                continue;
            }
            if e.kind == Kind::File && roots.report_id == Some((dir.id().0, e.ino)) {
                w.report_is_input = Some(rel.clone());
            }
            if temp::is_temp_name(&naming::os_bytes(&e.name)) {
                continue;
            }
            let text = rel_text(&rel);
            // An archive is read unless excluded: --include picks among
            // its members.
            let included = include.is_empty()
                || glob::any_match(include, &text)
                || (e.kind == Kind::File && archives::is_archive_name(&rel));
            if !included || glob::any_match(exclude, &text) {
                continue;
            }
            let (tag, why) = classify(&rel, e.kind);
            w.found.push(&rel, tag, why);
        }
        if w.found.len() > before {
            w.tree.add(&dir_rel, dir);
        } else {
            w.tree.add_id(&dir_rel, dir.id());
        }
        stack.extend(subdirs.into_iter().rev());
    }
    Ok(w)
}

/// What a file found by the walk is, from its kind and name. No stat here:
/// the directory entry's type is enough to walk, and a fresh destination
/// needs no time stamps at all.
fn classify(rel: &Path, kind: Kind) -> (Tag, Option<String>) {
    match kind {
        Kind::Symlink => return (Tag::Ignored, Some("symbolic link (not followed)".into())),
        Kind::File => {}
        _ => return (Tag::Ignored, Some("not a regular file".into())),
    }
    if archives::is_archive_name(rel) {
        return (Tag::Archive, None);
    }
    match Format::from_path(rel) {
        Some(f) if RECORD_FORMATS.contains(&f) => (Tag::Record(f, false), None),
        Some(f) => (
            Tag::Ignored,
            Some(format!("{} file, not a game record to migrate", f.name())),
        ),
        None => match archive_extension(rel) {
            Some(ext) => (
                Tag::Ignored,
                Some(format!(
                    "{ext} archive or binary file: unpack archives to migrate their games"
                )),
            ),
            None => (Tag::Unknown, None),
        },
    }
}

/// Bytes looked at to recognise a file without a known extension.
const SNIFF_BYTES: usize = 4096;

/// Extensions of archives and other binary files, never sniffed (a
/// compressed archive can contain `(;` by chance).
const BINARY_EXTENSIONS: &[&str] = &[
    "gz", "tgz", "bz2", "tbz", "xz", "txz", "zst", "lz", "lzma", "z", "zip", "7z", "rar", "tar",
    "cab", "lzh", "arj", "iso", "jpg", "jpeg", "png", "gif", "bmp", "tif", "tiff", "ico", "webp",
    "pdf", "exe", "dll", "so", "dylib", "bin", "mp3", "mp4", "avi", "mov", "wav", "ogg", "doc",
    "docx", "xls", "xlsx",
];

fn archive_extension(rel: &Path) -> Option<String> {
    let ext = rel.extension()?.to_string_lossy().to_ascii_lowercase();
    BINARY_EXTENSIONS
        .contains(&ext.as_str())
        .then(|| format!(".{ext}"))
}

/// Recognises a file by its first bytes (opened relative to its directory,
/// never through a symbolic link).
fn sniff_file(src: &Tree, rel: &Path) -> io::Result<Sniffed> {
    let f = src.open_file(rel)?;
    let mut head = Vec::new();
    let (n, _) = input::read_head(&mut &f, &mut head, SNIFF_BYTES)?;
    let head = head.get(..n).unwrap_or_default();
    if archives::is_archive(head) {
        return Ok(Sniffed::Archive);
    }
    Ok(match Format::sniff_record(head) {
        Some(f) => Sniffed::Record(f),
        None => Sniffed::Nothing,
    })
}

/// What a file's first bytes say it is.
enum Sniffed {
    Record(Format),
    Archive,
    Nothing,
}

/// A file found without a known record extension, or named as an archive,
/// told by its content: a record, an archive, or something to ignore.
/// `None` when it is neither.
fn recognise(src: &Tree, rel: &Path, tag: Tag) -> Option<(Tag, Option<String>)> {
    let broken = |e: io::Error| (Tag::Broken, Some(format!("cannot read: {e}")));
    Some(match tag {
        Tag::Unknown => match sniff_file(src, rel) {
            Ok(Sniffed::Record(fmt)) => (Tag::Record(fmt, true), None),
            Ok(Sniffed::Archive) => (Tag::Archive, None),
            Ok(Sniffed::Nothing) => (Tag::Ignored, Some("not recognised as a game record".into())),
            Err(e) => broken(e),
        },
        Tag::Archive => match sniff_file(src, rel) {
            Ok(Sniffed::Archive) => return None,
            Ok(_) => (
                Tag::Ignored,
                Some("named as an archive, but no archive sgfconv reads".into()),
            ),
            Err(e) => broken(e),
        },
        _ => return None,
    })
}

/// Inputs up to this size are read whole into a reused buffer; bigger ones
/// stream.
const IN_MEMORY_MAX: usize = 16 << 20;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// One plan for a record in mirror mode: its output (relative to DST).
struct Planned {
    rel_out: PathBuf,
    numbered: bool,
}

/// A record read and converted into temporary files.
struct Converted {
    format: Format,
    by_content: bool,
    games: Vec<GameFacts>,
    outputs: Vec<Option<Pending>>,
    bytes_out: u64,
}

struct Ctx<'a> {
    options: &'a MigrateOptions,
    roots: &'a Roots,
    /// SRC's directories, as the walk saw them.
    src: &'a Tree,
    /// The identities of SRC's directories: no output goes into one.
    src_ids: &'a HashSet<Id>,
    /// DST held open (`None` in a dry run into a DST that does not exist).
    dst_root: Option<Arc<Dir>>,
    backend: Backend,
    progress: &'a dyn Progress,
    /// The archive written as DST (`migrate SRC out.zip`).
    #[cfg(feature = "archives")]
    archive_out: Option<&'a archive_out::ArchiveOut>,
    /// `--include` and `--exclude`, for archives' members.
    #[cfg_attr(not(feature = "archives"), allow(dead_code))]
    include: &'a [Glob],
    #[cfg_attr(not(feature = "archives"), allow(dead_code))]
    exclude: &'a [Glob],
    /// The entries as they finish.
    log: &'a Log,
}

/// A record converted into temporary files, before its names are planned
/// (named mode).
type NamedConv = (Key, Item, Entry, Option<Converted>);

/// A converted record with its planned output names (named mode).
type Placed = (Key, Item, Entry, Option<Converted>, Vec<PathBuf>);

/// An output directory, checked once.
#[derive(Clone)]
struct DirState {
    /// `Err`: refused (inside SRC, through a symbolic link) or could not be
    /// created; with the code to report.
    ok: Result<(), (Code, String)>,
    /// Did not exist before this run: nothing in it can be up to date, so
    /// its outputs need no `stat`.
    fresh: bool,
}

/// DST's directories: checked (and created) before the parallel part,
/// then used through their descriptors.
struct Outputs {
    /// `None` in a dry run into a DST that does not exist.
    tree: Option<Tree>,
    states: HashMap<PathBuf, DirState>,
}

impl Outputs {
    fn state(&self, rel: &Path) -> DirState {
        self.states.get(rel).cloned().unwrap_or(DirState {
            ok: Err((E_OUTPUT_FAILED, "directory not prepared".into())),
            fresh: false,
        })
    }

    /// The directory `rel` of DST, held or re-opened (never through a
    /// symbolic link).
    fn dir(&self, rel: &Path) -> Result<Arc<Dir>, (Code, String)> {
        let tree = self
            .tree
            .as_ref()
            .ok_or((E_OUTPUT_FAILED, "no destination".to_string()))?;
        tree.dir(rel).map_err(|e| dir_error(rel, &e))
    }
}

/// The code for a directory of DST that cannot be used.
fn dir_error(rel: &Path, e: &io::Error) -> (Code, String) {
    let code = if fsat::not_followed(e) {
        E_OUTPUT_NOT_FOLLOWED
    } else {
        E_OUTPUT_FAILED
    };
    (code, format!("output directory {}: {e}", rel.display()))
}

impl Ctx<'_> {
    /// No directory is made under DST: a dry run, or an archive as DST.
    fn no_dirs(&self) -> bool {
        self.options.dry_run || self.roots.dst_archive
    }

    /// Outputs are kept in memory for the archive written as DST.
    fn capture(&self) -> bool {
        self.roots.dst_archive && !self.options.dry_run
    }

    fn named_mode(&self) -> bool {
        self.options.split_collections || self.options.name_template.is_some()
    }

    fn source_text(&self, rel: &Path) -> (String, bool) {
        let p = if self.roots.src_is_archive {
            self.roots.src.clone()
        } else {
            self.roots.src.join(rel)
        };
        let not_utf8 = p.to_str().is_none();
        (p.to_string_lossy().into_owned(), not_utf8)
    }

    fn output_text(&self, rel_out: &Path) -> String {
        if self.roots.dst_archive {
            return format!("{}:{}", self.roots.dst.to_string_lossy(), rel_text(rel_out));
        }
        self.roots.dst.join(rel_out).to_string_lossy().into_owned()
    }

    /// Puts an output kept in memory into the archive written as DST;
    /// false when there is no such archive (or a dry run).
    fn to_archive(
        &self,
        e: &mut Entry,
        tmp: &mut Option<Pending>,
        rel_out: &Path,
        item: &Item,
    ) -> bool {
        #[cfg(feature = "archives")]
        if let (Some(out), Some(Pending::Memory(bytes))) = (self.archive_out, tmp.as_ref()) {
            let mtime = item.archive_mtime.filter(|_| self.options.preserve_mtime);
            if let Err(err) = out.add(&rel_text(rel_out), bytes, mtime) {
                let why = format!("cannot write {}: {err}", self.output_text(rel_out));
                self.fail(e, E_OUTPUT_FAILED, why);
            }
            *tmp = None;
            return true;
        }
        let _ = (e, tmp, rel_out, item);
        false
    }

    fn entry(&self, item: &Item, status: Status) -> Entry {
        let (source, not_utf8) = self.source_text(&item.rel);
        let mut e = Entry::new(source, not_utf8, status);
        e.format = item.format.map(|f| f.name());
        e.recognised_by = item.format.map(|_| {
            if item.by_content {
                "content"
            } else {
                "extension"
            }
        });
        e
    }

    fn fail(&self, e: &mut Entry, code: Code, reason: String) {
        let d = Diagnostic {
            file: Arc::from(e.source.as_str()),
            pos: None,
            game: None,
            code,
            severity: code.severity(),
            property: None,
            message: reason.clone(),
        };
        self.progress.diagnostics(std::slice::from_ref(&d));
        e.add_diagnostics(&[d]);
        e.status = Status::Failed;
        e.reason = Some(reason);
        e.outputs.clear();
    }

    fn migrate(&self, mut found: FoundList) {
        self.recognise_all(&mut found);
        let mut archived: Vec<(usize, Item)> = Vec::new();
        let mut records = 0;
        for i in 0..found.len() {
            let key = (i, 0);
            match found.tag(i) {
                Tag::Record(..) => records += 1,
                Tag::Archive => archived.push((i, found.item(i))),
                Tag::Ignored => {
                    let (s, bad) = self.source_text(found.rel(i));
                    let mut e = Entry::new(s, bad, Status::Ignored);
                    e.reason = Some(found.reason(i));
                    self.log.add(key, &e);
                }
                Tag::Unknown => {}
                Tag::Broken => {
                    let (s, bad) = self.source_text(found.rel(i));
                    let mut e = Entry::new(s, bad, Status::Failed);
                    self.fail(&mut e, E_CONVERSION_FAILED, found.reason(i));
                    self.log.add(key, &e);
                }
            }
        }
        self.progress.start(records as u64, 0);

        let mut outputs = Outputs {
            tree: self.dst_root.clone().map(Tree::new),
            states: HashMap::new(),
        };
        // Plain files first, then the archives' members: names are claimed
        // in that order.
        let mut claims = Claims::default();
        if self.named_mode() {
            self.named_files(&found, &mut claims, &mut outputs);
            drop(found);
            self.archives(archived, &mut claims, &mut outputs);
        } else {
            self.migrate_mirrored(&found, &mut claims, &mut outputs);
            drop(found);
            self.archives(archived, &mut claims, &mut outputs);
        }
    }

    /// Tells the files without a known extension, and those named as
    /// archives, by their content (in parallel).
    fn recognise_all(&self, found: &mut FoundList) {
        let told: Vec<(usize, Tag, Option<String>)> = (0..found.len())
            .into_par_iter()
            .filter(|&i| matches!(found.tag(i), Tag::Unknown | Tag::Archive))
            .filter_map(|i| {
                let (tag, why) = recognise(self.src, found.rel(i), found.tag(i))?;
                Some((i, tag, why))
            })
            .collect();
        for (i, tag, why) in told {
            found.retag(i, tag, why);
        }
    }

    /// Checks, creates (unless dry run) and opens each output directory
    /// once, level by level from DST's descriptor and never through a
    /// symbolic link: removes temporary files a killed run left there, and
    /// refuses a directory of SRC (SRC inside DST) before creating anything
    /// in it.
    fn prepare_dirs<'p>(&self, dirs: impl Iterator<Item = &'p Path>, out: &mut Outputs) {
        for rel in dirs {
            self.prepare_dir(rel, out);
        }
    }

    fn prepare_dir(&self, rel: &Path, out: &mut Outputs) {
        if out.states.contains_key(rel) {
            return;
        }
        let (parent_rel, name) = match (rel.parent(), rel.file_name()) {
            (Some(p), Some(n)) => (p, n),
            _ => {
                // DST itself.
                let fresh = !self.roots.dst_existed;
                let ok = match &out.tree {
                    Some(t) => {
                        let ok = self.not_in_src(t.root(), rel);
                        if ok.is_ok() && !fresh && !self.options.dry_run {
                            remove_stale_temps(t.root());
                        }
                        ok
                    }
                    None => Ok(()),
                };
                out.states.insert(rel.to_path_buf(), DirState { ok, fresh });
                return;
            }
        };
        self.prepare_dir(parent_rel, out);
        let parent = out.state(parent_rel);
        let state = match parent.ok {
            Err(err) => DirState {
                ok: Err(err),
                fresh: parent.fresh,
            },
            // A dry run into a directory that does not exist yet.
            Ok(()) if self.no_dirs() && parent.fresh => parent,
            Ok(()) => self.open_output_dir(rel, parent_rel, name, parent.fresh, out),
        };
        out.states.insert(rel.to_path_buf(), state);
    }

    /// Opens (creates, unless dry run) `name` in the checked directory
    /// `parent_rel`, refusing a directory of SRC.
    fn open_output_dir(
        &self,
        rel: &Path,
        parent_rel: &Path,
        name: &OsStr,
        parent_fresh: bool,
        out: &mut Outputs,
    ) -> DirState {
        let parent = match out.dir(parent_rel) {
            Ok(d) => d,
            Err(err) => {
                return DirState {
                    ok: Err(err),
                    fresh: parent_fresh,
                }
            }
        };
        let opened = if self.options.dry_run {
            match parent.open_dir(name) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    return DirState {
                        ok: Ok(()),
                        fresh: true,
                    };
                }
                r => r.map(|d| (d, false)),
            }
        } else {
            // Created only in a directory checked not to be SRC's: a new
            // directory cannot be inside SRC.
            parent.make_dir(name)
        };
        let (dir, created) = match opened {
            Ok(v) => v,
            Err(e) => {
                return DirState {
                    ok: Err(dir_error(rel, &e)),
                    fresh: parent_fresh,
                }
            }
        };
        let fresh = created || parent_fresh;
        let ok = self.not_in_src(&dir, rel);
        if ok.is_ok() && !fresh && !self.options.dry_run {
            remove_stale_temps(&dir);
        }
        if let Some(tree) = &mut out.tree {
            tree.add(rel, Arc::new(dir));
        }
        DirState { ok, fresh }
    }

    /// Refuses an output directory that is one of SRC's.
    fn not_in_src(&self, dir: &Dir, rel: &Path) -> Result<(), (Code, String)> {
        if self.src_ids.contains(&dir.id()) {
            Err((
                E_OUTPUT_IN_SOURCE,
                format!(
                    "output directory {} is inside SRC: refused",
                    self.roots.dst.join(rel).display()
                ),
            ))
        } else {
            Ok(())
        }
    }

    /// Mirror mode: names are known from paths, so they are planned first and
    /// up-to-date outputs are skipped without reading their input. A
    /// record's output is its mirrored name unless that was taken: only
    /// the numbered names are kept.
    fn migrate_mirrored(&self, found: &FoundList, claims: &mut Claims, out: &mut Outputs) {
        let is_record = |t: Tag| matches!(t, Tag::Record(..));
        let mut numbered: HashMap<usize, PathBuf> = HashMap::new();
        for i in found.places(is_record) {
            let mirrored = naming::mirror_name(found.rel(i));
            let (rel_out, renamed) = claims.claim_sgf(&mirrored);
            self.prepare_dir(rel_out.parent().unwrap_or(Path::new("")), out);
            if renamed {
                numbered.insert(i, rel_out);
            }
        }
        let out = &*out;
        (0..found.len())
            .into_par_iter()
            .filter(|&i| is_record(found.tag(i)))
            .for_each(|i| {
                let item = found.item(i);
                let plan = match numbered.get(&i) {
                    Some(rel_out) => Planned {
                        rel_out: rel_out.clone(),
                        numbered: true,
                    },
                    None => Planned {
                        rel_out: naming::mirror_name(&item.rel),
                        numbered: false,
                    },
                };
                let e = self.mirror_one(&item, &plan, out);
                self.progress
                    .file_done(e.bytes_in, e.status == Status::Failed);
                self.log.add((i, 0), &e);
            });
    }

    /// The output directory `rel` in the state `state`: `None` in a dry run
    /// where it does not exist.
    fn out_dir(
        &self,
        out: &Outputs,
        rel: &Path,
        state: &DirState,
    ) -> Result<Option<Arc<Dir>>, (Code, String)> {
        state.ok.clone()?;
        if self.no_dirs() {
            return Ok(if state.fresh { None } else { out.dir(rel).ok() });
        }
        out.dir(rel).map(Some)
    }

    fn mirror_one(&self, item: &Item, plan: &Planned, out: &Outputs) -> Entry {
        let mut e = self.entry(item, Status::Converted);
        e.outputs.push(self.output_text(&plan.rel_out));
        let rel_dir = plan.rel_out.parent().unwrap_or(Path::new(""));
        let name = plan.rel_out.file_name().unwrap_or_default();
        let state = out.state(rel_dir);
        let dir = match self.out_dir(out, rel_dir, &state) {
            Ok(d) => d,
            Err((code, why)) => {
                self.fail(&mut e, code, why);
                return e;
            }
        };
        if !self.options.force && !state.fresh && self.up_to_date(dir.as_deref(), name, item) {
            e.status = Status::Skipped;
            e.reason = Some("output is up to date".into());
            return e;
        }
        let converted = self.convert(item, dir.as_ref(), &mut e);
        self.mirror_place(item, plan, dir.as_deref(), e, converted)
    }

    /// Puts a record converted in mirror mode into place.
    fn mirror_place(
        &self,
        item: &Item,
        plan: &Planned,
        dir: Option<&Dir>,
        mut e: Entry,
        converted: Option<Converted>,
    ) -> Entry {
        let name = plan.rel_out.file_name().unwrap_or_default();
        let Some(mut c) = converted else {
            return e;
        };
        self.fill(&mut e, &c);
        if plan.numbered {
            e.rewrites
                .entry(format!("{} {}", I_NAME_NUMBERED.id, I_NAME_NUMBERED.name))
                .or_insert(1);
        }
        let mut tmp = c.outputs.pop().flatten();
        if self.to_archive(&mut e, &mut tmp, &plan.rel_out, item) {
            return e;
        }
        if let (Some(tmp), Some(dir)) = (tmp, dir) {
            if let Err(err) = tmp.persist(dir, name) {
                let out_abs = self.roots.dst.join(&plan.rel_out);
                self.fail(
                    &mut e,
                    E_OUTPUT_FAILED,
                    format!("cannot write {}: {err}", out_abs.display()),
                );
            }
        }
        e
    }

    fn place(&self, item: &Item, e: &mut Entry, c: Converted, names: &[PathBuf], out: &Outputs) {
        let mut written = 0;
        for (tmp, rel_out) in c.outputs.into_iter().zip(names) {
            let rel_dir = rel_out.parent().unwrap_or(Path::new(""));
            let name = rel_out.file_name().unwrap_or_default();
            let state = out.state(rel_dir);
            let dir = match self.out_dir(out, rel_dir, &state) {
                Ok(d) => d,
                Err((code, why)) => {
                    self.fail(e, code, why);
                    return;
                }
            };
            if !self.options.force && !state.fresh && self.up_to_date(dir.as_deref(), name, item) {
                continue;
            }
            written += 1;
            let mut tmp = tmp;
            if self.to_archive(e, &mut tmp, rel_out, item) {
                if e.status == Status::Failed {
                    return;
                }
                continue;
            }
            if let (Some(tmp), Some(dir)) = (tmp, &dir) {
                let out_abs = self.roots.dst.join(rel_out);
                if let Err(err) = tmp.persist(dir, name) {
                    self.fail(
                        e,
                        E_OUTPUT_FAILED,
                        format!("cannot write {}: {err}", out_abs.display()),
                    );
                    return;
                }
            }
        }
        if written == 0 {
            e.status = Status::Skipped;
            e.reason = Some("outputs are up to date".into());
        }
    }

    fn fill(&self, e: &mut Entry, c: &Converted) {
        e.format = Some(c.format.name());
        e.recognised_by = Some(if c.by_content { "content" } else { "extension" });
        e.games = c.games.len();
        e.bytes_out = c.bytes_out;
        for g in &c.games {
            let src = g.encoding_source.as_str();
            match e
                .encodings
                .iter_mut()
                .find(|u| u.encoding == g.encoding && u.source == src)
            {
                Some(u) => {
                    u.games += 1;
                    u.confidence = u.confidence.min(g.confidence);
                }
                None => e.encodings.push(EncodingUse {
                    encoding: g.encoding,
                    source: src,
                    confidence: g.confidence,
                    games: 1,
                }),
            }
        }
    }

    /// Reads and converts one record into temporary files in `dir`. On
    /// failure, `e` says why and nothing is left on disk.
    fn convert(&self, item: &Item, dir: Option<&Arc<Dir>>, e: &mut Entry) -> Option<Converted> {
        let Some(format) = item.format else {
            self.fail(e, E_CONVERSION_FAILED, "unknown format".into());
            return None;
        };
        let path = self.roots.src_canon.join(&item.rel);
        let mut report = Reporter::collecting(e.source.as_str()).with_per_code_limit(10_000);
        let file = match self.src.open_file(&item.rel) {
            Ok(f) => f,
            Err(err) => {
                self.fail(
                    e,
                    E_CONVERSION_FAILED,
                    format!("cannot read {}: {err}", path.display()),
                );
                return None;
            }
        };
        let mtime = if self.options.preserve_mtime {
            file.metadata().and_then(|m| m.modified()).ok()
        } else {
            None
        };
        let policy = WritePolicy {
            dir: dir.filter(|_| !self.options.dry_run),
            fsync: self.options.fsync,
            mtime,
            anonymous: !self.named_mode(),
            capture: self.capture(),
        };
        let result = INPUT.with(|cell| {
            let mut buf = cell.take();
            let r = match input::read_head(&mut &file, &mut buf, IN_MEMORY_MAX) {
                Err(err) => Err(Error::Io(err)),
                // The whole file is in memory.
                Ok((n, true)) => {
                    e.bytes_in = n as u64;
                    let data = buf.get(..n).unwrap_or_default();
                    self.convert_in_memory(item, format, data, policy, &mut report)
                }
                // A big file: what was read, then the rest, streaming.
                Ok((n, false)) => {
                    let head = buf.get(..n).unwrap_or_default();
                    let mut counted = CountingRead::new(io::Read::chain(head, &file));
                    let mut input = BufReader::with_capacity(256 * 1024, &mut counted);
                    let r = self
                        .convert_input(format, &mut input, policy, &mut report)
                        .map(|c| (c, format, item.by_content));
                    drop(input);
                    e.bytes_in = counted.count();
                    r
                }
            };
            cell.replace(buf);
            r
        });
        self.finish_convert(e, &report, result)
    }

    /// What the conversion of one record gives: its diagnostics into `e`,
    /// and the failures (no game, `--strict`) said.
    fn finish_convert(
        &self,
        e: &mut Entry,
        report: &Reporter,
        result: Result<(Converted, Format, bool), Error>,
    ) -> Option<Converted> {
        self.progress.diagnostics(report.collected());
        e.add_diagnostics(report.collected());
        match result {
            Err(err) => {
                let why = match &err {
                    Error::Io(io) => format!("input/output error: {io}"),
                    other => other.to_string(),
                };
                self.fail(e, E_CONVERSION_FAILED, why);
                None
            }
            Ok((mut c, fmt, by_content)) => {
                c.format = fmt;
                c.by_content = by_content;
                if c.games.is_empty() {
                    self.fail(e, E_NO_GAME, "no game found in the file".into());
                    return None;
                }
                let (warnings, errors) = (report.warnings(), report.errors());
                if self.options.strict && warnings + errors > 0 {
                    let why =
                        format!("{warnings} warnings, {errors} errors under --strict: not written");
                    self.fail(e, E_STRICT, why);
                    return None;
                }
                Some(c)
            }
        }
    }

    /// Converts a whole input held in memory; when the format named by the
    /// extension fails and the content is another record format, tries that.
    fn convert_in_memory(
        &self,
        item: &Item,
        format: Format,
        data: &[u8],
        policy: WritePolicy<'_>,
        report: &mut Reporter,
    ) -> Result<(Converted, Format, bool), Error> {
        let err = match self.convert_input(format, &mut &data[..], policy, report) {
            Ok(c) => return Ok((c, format, item.by_content)),
            Err(err) => err,
        };
        if item.by_content {
            return Err(err);
        }
        let head = data.get(..data.len().min(SNIFF_BYTES)).unwrap_or_default();
        let Some(other) = Format::sniff_record(head).filter(|f| *f != format) else {
            return Err(err);
        };
        let mut retry = Reporter::collecting(report.file().clone()).with_per_code_limit(10_000);
        match self.convert_input(other, &mut &data[..], policy, &mut retry) {
            Ok(c) => {
                retry.report(
                    W_FORMAT_BY_CONTENT,
                    None,
                    format!(
                        "named as {} but is {}; read as {}",
                        format.name(),
                        other.name(),
                        other.name()
                    ),
                );
                *report = retry;
                Ok((c, other, true))
            }
            Err(_) => Err(err),
        }
    }

    /// The output `name` exists in `out_dir` and is at least as new as the
    /// input (equal counts, so `--preserve-mtime` outputs are up to date
    /// too). Both are looked at in their directories held open, never
    /// through a symbolic link.
    fn up_to_date(&self, out_dir: Option<&Dir>, name: &OsStr, item: &Item) -> bool {
        let Some(Ok(t_out)) = out_dir.map(|d| d.modified(name)) else {
            return false;
        };
        if let Some(t_in) = item.archive_mtime {
            return t_out >= t_in;
        }
        match self.src.modified(&item.rel) {
            Ok(t_in) => t_out >= t_in,
            Err(_) => false,
        }
    }

    fn convert_input(
        &self,
        format: Format,
        input: &mut dyn Read,
        policy: WritePolicy<'_>,
        report: &mut Reporter,
    ) -> Result<Converted, Error> {
        let split = self.options.split_collections;
        let keep_root = self.options.name_template.is_some();
        let mut router = Router::new(
            self.backend.writer,
            &self.options.convert,
            policy,
            split,
            keep_root,
        );
        let read = &self.options.convert.read;
        let start = Start::Whole(format, self.backend.read);
        pipeline::run(input, start, read, Some(&read.dialect), &mut router, report)?;
        Ok(Converted {
            format,
            by_content: false,
            games: std::mem::take(&mut router.games),
            outputs: std::mem::take(&mut router.outputs),
            bytes_out: router.bytes_out,
        })
    }
}

/// Deletes the temporary files a killed run left in `dir` (ours only: the
/// `.sgfconv-*.tmp` names of regular files, never anything else).
fn remove_stale_temps(dir: &Dir) {
    let Ok(entries) = dir.entries() else {
        return;
    };
    for e in entries {
        if e.kind == Kind::File && temp::is_temp_name(&naming::os_bytes(&e.name)) {
            let _ = dir.remove(&e.name);
        }
    }
}
