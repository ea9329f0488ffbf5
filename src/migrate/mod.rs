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
//!    `--split-collections` once the games are read; collisions are numbered
//!    `name (2).sgf` in that same order.
//! 3. **Convert** each record through the same path as [`crate::convert`]
//!    (`pipeline::run`: reader → dialect rules → SGF writer) into a
//!    temporary file in the destination directory.
//! 4. **Rename** each temporary file onto its output: an output exists
//!    whole or not at all, whatever happens to the process.
//!
//! Nothing is ever opened for writing under SRC. See `docs/migrate.md`.

pub(crate) mod glob;
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
use crate::output::dir::DirHandle;
use crate::output::temp::{self, Pending};
use crate::pipeline::{self, Start};
use crate::sink::Sink;
use glob::Glob;
use naming::{Claims, NameFields, RECORD_FORMATS};
use output::{Router, WritePolicy};
use rayon::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fs::{self, File};
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
    /// One output per game.
    pub split_collections: bool,
    /// `--name`: output file name from game info, e.g. `{DT} {PB} vs {PW}`.
    pub name_template: Option<String>,
    /// How each record is read, rewritten and written (its `jobs` is not
    /// used: records are converted in parallel instead).
    pub convert: Options,
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
    let roots = Roots::resolve(options)?;
    let include: Vec<Glob> = options.include.iter().map(|g| Glob::new(g)).collect();
    let exclude: Vec<Glob> = options.exclude.iter().map(|g| Glob::new(g)).collect();
    if let Some(t) = &options.name_template {
        if t.trim().is_empty() {
            return Err(Error::Usage("--name: the template is empty".into()));
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.min(crate::options::max_jobs()))
        .build()
        .map_err(|e| Error::Usage(format!("-j: {e}")))?;

    let ctx = Ctx {
        options,
        roots: &roots,
        backend,
        progress,
    };
    let entries = pool.install(|| {
        let walked = walk(&roots, &include, &exclude);
        ctx.migrate(walked)
    })?;
    progress.finish();
    Ok(Summary {
        src: options.src.clone(),
        dst: options.dst.clone(),
        dry_run: options.dry_run,
        entries,
        elapsed: started.elapsed(),
    })
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
    /// DST existed before this run (else nothing in it can be up to date).
    dst_existed: bool,
}

impl Roots {
    fn resolve(o: &MigrateOptions) -> Result<Roots, Error> {
        let src_canon = fs::canonicalize(&o.src)
            .map_err(|e| Error::Usage(format!("SRC {}: {e}", o.src.display())))?;
        if !src_canon.is_dir() {
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
        let dst_existed = o.dst.is_dir();
        if !o.dry_run {
            fs::create_dir_all(&o.dst)
                .map_err(|e| Error::Usage(format!("DST {}: {e}", o.dst.display())))?;
        }
        Ok(Roots {
            src: o.src.clone(),
            dst: o.dst.clone(),
            src_canon,
            dst_abs,
            dst_existed,
        })
    }
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
    rel: PathBuf,
    format: Option<Format>,
    by_content: bool,
}

/// What the walk found.
enum Found {
    Record(Item),
    /// No known extension: sniffed later.
    Unknown(Item),
    Ignored(PathBuf, String),
    /// Could not be listed or read.
    Broken(PathBuf, String),
}

fn rel_text(rel: &Path) -> String {
    let s = rel.to_string_lossy();
    if std::path::MAIN_SEPARATOR == '/' {
        s.into_owned()
    } else {
        s.replace(std::path::MAIN_SEPARATOR, "/")
    }
}

/// Walks SRC in a fixed order: each directory's entries sorted by name,
/// files before subdirectories. Symbolic links are never followed. Only
/// directories are read (no per-file `stat`).
fn walk(roots: &Roots, include: &[Glob], exclude: &[Glob]) -> Vec<Found> {
    let mut found = Vec::new();
    let mut stack: Vec<PathBuf> = vec![PathBuf::new()];
    while let Some(dir_rel) = stack.pop() {
        let dir_abs = roots.src_canon.join(&dir_rel);
        let rd = match fs::read_dir(&dir_abs) {
            Ok(rd) => rd,
            Err(e) => {
                found.push(Found::Broken(
                    dir_rel,
                    format!("cannot list directory: {e}"),
                ));
                continue;
            }
        };
        // Each name is taken once (`DirEntry::file_name` allocates).
        let mut entries: Vec<(std::ffi::OsString, fs::DirEntry)> = Vec::new();
        for e in rd {
            match e {
                Ok(e) => entries.push((e.file_name(), e)),
                Err(e) => found.push(Found::Broken(
                    dir_rel.clone(),
                    format!("cannot list directory: {e}"),
                )),
            }
        }
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut subdirs = Vec::new();
        for (name, e) in entries {
            let rel = dir_rel.join(&name);
            let Ok(ft) = e.file_type() else {
                found.push(Found::Broken(rel, "cannot stat".into()));
                continue;
            };
            if ft.is_dir() {
                if dir_abs.join(&name) != roots.dst_abs {
                    subdirs.push(rel);
                }
                continue;
            }
            if temp::is_temp_name(&naming::os_bytes(&name)) {
                continue;
            }
            let text = rel_text(&rel);
            if (!include.is_empty() && !glob::any_match(include, &text))
                || glob::any_match(exclude, &text)
            {
                continue;
            }
            if ft.is_symlink() {
                found.push(Found::Ignored(rel, "symbolic link (not followed)".into()));
                continue;
            }
            if !ft.is_file() {
                found.push(Found::Ignored(rel, "not a regular file".into()));
                continue;
            }
            // No stat here: the directory entry's type is enough to walk,
            // and a fresh destination needs no time stamps at all.
            let mut item = Item {
                rel,
                format: None,
                by_content: false,
            };
            match Format::from_path(&item.rel) {
                Some(f) if RECORD_FORMATS.contains(&f) => {
                    item.format = Some(f);
                    found.push(Found::Record(item));
                }
                Some(f) => found.push(Found::Ignored(
                    item.rel,
                    format!("{} file, not a game record to migrate", f.name()),
                )),
                None => match archive_extension(&item.rel) {
                    Some(ext) => found.push(Found::Ignored(
                        item.rel,
                        format!(
                            "{ext} archive or binary file: unpack archives to migrate their games"
                        ),
                    )),
                    None => found.push(Found::Unknown(item)),
                },
            }
        }
        stack.extend(subdirs.into_iter().rev());
    }
    found
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

fn sniff_file(path: &Path) -> io::Result<Option<Format>> {
    let f = open_input_path(path)?;
    let mut head = Vec::new();
    let (n, _) = input::read_head(&mut &f, &mut head, SNIFF_BYTES)?;
    Ok(Format::sniff_record(&head[..n]))
}

/// Opens an input read-only by its path; on Linux never through a symbolic
/// link (the walk saw a regular file; one swapped for a link since is not
/// followed).
fn open_input_path(path: &Path) -> io::Result<File> {
    let mut o = fs::OpenOptions::new();
    o.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NOFOLLOW);
    }
    o.open(path)
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
    backend: Backend,
    progress: &'a dyn Progress,
}

/// A converted record with its planned output names (named mode).
type Placed = (usize, Item, Entry, Option<Converted>, Vec<PathBuf>);

/// An output directory, checked once.
struct DirState {
    /// `Err`: refused (inside SRC) or could not be created.
    ok: Result<(), String>,
    /// Did not exist before this run: nothing in it can be up to date, so
    /// its outputs need no `stat`.
    fresh: bool,
    /// The directory held open (the first [`MAX_HELD_DIRS`] only).
    handle: Option<DirHandle>,
}

/// A directory not checked (never happens for an output's directory).
static UNCHECKED: DirState = DirState {
    ok: Ok(()),
    fresh: false,
    handle: None,
};

type DirChecks = HashMap<PathBuf, DirState>;

fn dir_state<'c>(checks: &'c DirChecks, rel: &Path) -> &'c DirState {
    checks.get(rel).unwrap_or(&UNCHECKED)
}

/// Directories held open at once, of each kind (source, destination): files
/// in them are opened and linked without walking the whole path each time.
/// Directories beyond this are used through paths.
const MAX_HELD_DIRS: usize = 256;

/// The source directories held open, by path under SRC.
type InputDirs = HashMap<PathBuf, DirHandle>;

impl Ctx<'_> {
    fn named_mode(&self) -> bool {
        self.options.split_collections || self.options.name_template.is_some()
    }

    fn source_text(&self, rel: &Path) -> (String, bool) {
        let p = self.roots.src.join(rel);
        let not_utf8 = p.to_str().is_none();
        (p.to_string_lossy().into_owned(), not_utf8)
    }

    fn output_text(&self, rel_out: &Path) -> String {
        self.roots.dst.join(rel_out).to_string_lossy().into_owned()
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
        e.add_diagnostics(&[d]);
        e.status = Status::Failed;
        e.reason = Some(reason);
        e.outputs.clear();
    }

    fn migrate(&self, walked: Vec<Found>) -> Result<Vec<Entry>, Error> {
        // Recognise files without a known extension by their content.
        let walked: Vec<Found> = walked
            .into_par_iter()
            .map(|f| match f {
                Found::Unknown(mut item) => {
                    match sniff_file(&self.roots.src_canon.join(&item.rel)) {
                        Ok(Some(fmt)) => {
                            item.format = Some(fmt);
                            item.by_content = true;
                            Found::Record(item)
                        }
                        Ok(None) => {
                            Found::Ignored(item.rel, "not recognised as a game record".into())
                        }
                        Err(e) => Found::Broken(item.rel, format!("cannot read: {e}")),
                    }
                }
                other => other,
            })
            .collect();

        let mut entries: Vec<Option<Entry>> = Vec::with_capacity(walked.len());
        let mut items: Vec<(usize, Item)> = Vec::new();
        for f in walked {
            match f {
                Found::Record(item) => {
                    items.push((entries.len(), item));
                    entries.push(None);
                }
                Found::Ignored(rel, why) => {
                    let (s, bad) = self.source_text(&rel);
                    let mut e = Entry::new(s, bad, Status::Ignored);
                    e.reason = Some(why);
                    entries.push(Some(e));
                }
                Found::Unknown(_) => {}
                Found::Broken(rel, why) => {
                    let (s, bad) = self.source_text(&rel);
                    let mut e = Entry::new(s, bad, Status::Failed);
                    self.fail(&mut e, E_CONVERSION_FAILED, why);
                    entries.push(Some(e));
                }
            }
        }
        self.progress.start(items.len() as u64, 0);

        let inputs = self.input_dirs(&items);
        let done: Vec<(usize, Entry)> = if self.named_mode() {
            self.migrate_named(items, &inputs)
        } else {
            self.migrate_mirrored(items, &inputs)
        };
        for (i, e) in done {
            if let Some(slot) = entries.get_mut(i) {
                *slot = Some(e);
            }
        }
        Ok(entries.into_iter().flatten().collect())
    }

    /// Opens the source directories of the first records (see
    /// [`MAX_HELD_DIRS`]).
    fn input_dirs(&self, items: &[(usize, Item)]) -> InputDirs {
        let mut dirs = InputDirs::new();
        let mut last: Option<&Path> = None;
        for (_, item) in items {
            if dirs.len() >= MAX_HELD_DIRS {
                break;
            }
            let dir = item.rel.parent().unwrap_or(Path::new(""));
            // Records come in walk order: a directory's files are together.
            if last == Some(dir) || dirs.contains_key(dir) {
                continue;
            }
            last = Some(dir);
            if let Some(h) = DirHandle::open(&self.roots.src_canon.join(dir)) {
                dirs.insert(dir.to_path_buf(), h);
            }
        }
        dirs
    }

    /// Opens an input read-only, relative to its directory when that is held
    /// open. Never follows a symbolic link.
    fn open_input(&self, item: &Item, inputs: &InputDirs, path: &Path) -> io::Result<File> {
        let dir = item.rel.parent().unwrap_or(Path::new(""));
        match (inputs.get(dir), item.rel.file_name()) {
            (Some(h), Some(name)) => h.open_file(name),
            _ => open_input_path(path),
        }
    }

    /// Creates (unless dry run) and checks each output directory once:
    /// removes temporary files a killed run left there, and refuses a
    /// directory that resolves inside SRC.
    fn prepare_dirs<'p>(&self, dirs: impl Iterator<Item = &'p Path>, checks: &mut DirChecks) {
        for rel in dirs {
            if checks.contains_key(rel) {
                continue;
            }
            let abs = self.roots.dst.join(rel);
            let existed = if rel.as_os_str().is_empty() {
                self.roots.dst_existed
            } else {
                abs.is_dir()
            };
            let result = (|| -> Result<(), String> {
                if self.options.dry_run {
                    let lexical = self.roots.dst_abs.join(rel);
                    let resolved = fs::canonicalize(&abs).unwrap_or(lexical);
                    return inside_check(&resolved, &self.roots.src_canon);
                }
                fs::create_dir_all(&abs)
                    .map_err(|e| format!("cannot create {}: {e}", abs.display()))?;
                let resolved = fs::canonicalize(&abs)
                    .map_err(|e| format!("cannot resolve {}: {e}", abs.display()))?;
                inside_check(&resolved, &self.roots.src_canon)?;
                if existed {
                    remove_stale_temps(&abs);
                }
                Ok(())
            })();
            let handle = match &result {
                Ok(()) if !self.options.dry_run && checks.len() < MAX_HELD_DIRS => {
                    DirHandle::open(&abs)
                }
                _ => None,
            };
            checks.insert(
                rel.to_path_buf(),
                DirState {
                    ok: result,
                    fresh: !existed,
                    handle,
                },
            );
        }
    }

    /// Mirror mode: names are known from paths, so they are planned first and
    /// up-to-date outputs are skipped without reading their input.
    fn migrate_mirrored(
        &self,
        items: Vec<(usize, Item)>,
        inputs: &InputDirs,
    ) -> Vec<(usize, Entry)> {
        let mut claims = Claims::default();
        let plans: Vec<Planned> = items
            .iter()
            .map(|(_, item)| {
                let (rel_out, numbered) = claims.claim_sgf(&naming::mirror_name(&item.rel));
                Planned { rel_out, numbered }
            })
            .collect();
        let mut checks = DirChecks::new();
        self.prepare_dirs(
            plans
                .iter()
                .map(|p| p.rel_out.parent().unwrap_or(Path::new(""))),
            &mut checks,
        );
        items
            .into_par_iter()
            .zip(plans.into_par_iter())
            .map(|((i, item), plan)| {
                let dir = plan.rel_out.parent().unwrap_or(Path::new(""));
                let e = self.mirror_one(&item, &plan, dir_state(&checks, dir), inputs);
                self.progress
                    .file_done(e.bytes_in, e.status == Status::Failed);
                (i, e)
            })
            .collect()
    }

    fn mirror_one(
        &self,
        item: &Item,
        plan: &Planned,
        state: &DirState,
        inputs: &InputDirs,
    ) -> Entry {
        let mut e = self.entry(item, Status::Converted);
        let out_abs = self.roots.dst.join(&plan.rel_out);
        e.outputs.push(self.output_text(&plan.rel_out));
        if let Err(why) = &state.ok {
            self.fail(&mut e, E_OUTPUT_IN_SOURCE, why.clone());
            return e;
        }
        if !self.options.force
            && !state.fresh
            && self.up_to_date(&out_abs, state.handle.as_ref(), item, inputs)
        {
            e.status = Status::Skipped;
            e.reason = Some("output is up to date".into());
            return e;
        }
        let dir = out_abs.parent().unwrap_or(Path::new("."));
        let handle = state.handle.as_ref();
        let converted = self.convert(item, (dir, handle), inputs, &mut e);
        let Some(mut c) = converted else {
            return e;
        };
        self.fill(&mut e, &c);
        if plan.numbered {
            e.rewrites
                .entry(format!("{} {}", I_NAME_NUMBERED.id, I_NAME_NUMBERED.name))
                .or_insert(1);
        }
        if let Some(Some(tmp)) = c.outputs.pop() {
            if let Err(err) = tmp.persist_in(handle, &out_abs) {
                self.fail(
                    &mut e,
                    E_OUTPUT_FAILED,
                    format!("cannot write {}: {err}", out_abs.display()),
                );
            }
        }
        e
    }

    /// Named mode (`--name`, `--split-collections`): convert everything into
    /// temporary files first, then plan names from game info in path order,
    /// then rename.
    fn migrate_named(&self, items: Vec<(usize, Item)>, inputs: &InputDirs) -> Vec<(usize, Entry)> {
        let mut checks = DirChecks::new();
        self.prepare_dirs(
            items
                .iter()
                .map(|(_, it)| it.rel.parent().unwrap_or(Path::new(""))),
            &mut checks,
        );
        // Convert.
        let converted: Vec<(usize, Item, Entry, Option<Converted>)> = items
            .into_par_iter()
            .map(|(i, item)| {
                let mut e = self.entry(&item, Status::Converted);
                let dir_rel = item.rel.parent().unwrap_or(Path::new(""));
                let c = match &dir_state(&checks, dir_rel).ok {
                    Err(why) => {
                        self.fail(&mut e, E_OUTPUT_IN_SOURCE, why.clone());
                        None
                    }
                    Ok(()) => {
                        let dir = self.roots.dst.join(dir_rel);
                        // Named temporary files: no directory handle needed.
                        let c = self.convert(&item, (&dir, None), inputs, &mut e);
                        if let Some(c) = &c {
                            self.fill(&mut e, c);
                        }
                        c
                    }
                };
                self.progress
                    .file_done(e.bytes_in, e.status == Status::Failed);
                (i, item, e, c)
            })
            .collect();
        // Plan names, sequentially, in path order.
        let mut claims = Claims::default();
        let mut planned: Vec<Placed> = Vec::with_capacity(converted.len());
        for (i, item, mut e, c) in converted {
            let mut names = Vec::new();
            if let Some(c) = &c {
                let stem_bytes = naming::stem_bytes(item.rel.file_name().unwrap_or_default());
                let stem = String::from_utf8_lossy(&stem_bytes).into_owned();
                let dir_rel = item.rel.parent().unwrap_or(Path::new(""));
                let n_games = c.games.len();
                for k in 0..c.outputs.len() {
                    let game = if self.options.split_collections { k } else { 0 };
                    let base = match &self.options.name_template {
                        Some(t) => {
                            let empty = Vec::new();
                            let props = c.games.get(game).map(|g| &g.root).unwrap_or(&empty);
                            naming::render_template(
                                t,
                                &NameFields {
                                    props,
                                    stem: &stem,
                                    game: game + 1,
                                    games: n_games,
                                },
                            )
                        }
                        None if c.outputs.len() > 1 => {
                            let width = c.outputs.len().to_string().len();
                            let mut b = stem_bytes.clone();
                            b.extend_from_slice(format!("-{:0width$}", k + 1).as_bytes());
                            PathBuf::from(naming::os_from_bytes(b))
                        }
                        None => PathBuf::from(naming::os_from_bytes(stem_bytes.clone())),
                    };
                    let (rel_out, numbered) = claims.claim(&dir_rel.join(base));
                    if numbered {
                        *e.rewrites
                            .entry(format!("{} {}", I_NAME_NUMBERED.id, I_NAME_NUMBERED.name))
                            .or_insert(0) += 1;
                    }
                    e.outputs.push(self.output_text(&rel_out));
                    names.push(rel_out);
                }
            }
            planned.push((i, item, e, c, names));
        }
        self.prepare_dirs(
            planned
                .iter()
                .flat_map(|p| p.4.iter())
                .map(|n| n.parent().unwrap_or(Path::new(""))),
            &mut checks,
        );
        // Rename into place.
        planned
            .into_par_iter()
            .map(|(i, item, mut e, c, names)| {
                if let Some(c) = c {
                    self.place(&item, &mut e, c, &names, &checks, inputs);
                }
                (i, e)
            })
            .collect()
    }

    fn place(
        &self,
        item: &Item,
        e: &mut Entry,
        c: Converted,
        names: &[PathBuf],
        checks: &DirChecks,
        inputs: &InputDirs,
    ) {
        let mut written = 0;
        for (tmp, rel_out) in c.outputs.into_iter().zip(names) {
            let dir = rel_out.parent().unwrap_or(Path::new(""));
            let state = dir_state(checks, dir);
            if let Err(why) = &state.ok {
                self.fail(e, E_OUTPUT_IN_SOURCE, why.clone());
                return;
            }
            let out_abs = self.roots.dst.join(rel_out);
            if !self.options.force
                && !state.fresh
                && self.up_to_date(&out_abs, state.handle.as_ref(), item, inputs)
            {
                continue;
            }
            written += 1;
            if let Some(tmp) = tmp {
                if let Err(err) = tmp.persist(&out_abs) {
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
    fn convert(
        &self,
        item: &Item,
        (dir, handle): (&Path, Option<&DirHandle>),
        inputs: &InputDirs,
        e: &mut Entry,
    ) -> Option<Converted> {
        let Some(format) = item.format else {
            self.fail(e, E_CONVERSION_FAILED, "unknown format".into());
            return None;
        };
        let path = self.roots.src_canon.join(&item.rel);
        let mut report = Reporter::collecting(e.source.as_str()).with_per_code_limit(10_000);
        let file = match self.open_input(item, inputs, &path) {
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
            dir: (!self.options.dry_run).then_some(dir),
            handle,
            fsync: self.options.fsync,
            mtime,
            anonymous: !self.named_mode(),
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

    /// The output exists and is at least as new as the input (equal counts,
    /// so `--preserve-mtime` outputs are up to date too).
    /// `out_dir` and `inputs`: the directories held open, looked in
    /// without walking the paths again.
    fn up_to_date(
        &self,
        out: &Path,
        out_dir: Option<&DirHandle>,
        item: &Item,
        inputs: &InputDirs,
    ) -> bool {
        let t_out = match (out_dir, out.file_name()) {
            (Some(h), Some(name)) => h.modified(name, true),
            _ => fs::metadata(out).and_then(|m| m.modified()),
        };
        let Ok(t_out) = t_out else {
            return false;
        };
        let dir = item.rel.parent().unwrap_or(Path::new(""));
        let t_in = match (inputs.get(dir), item.rel.file_name()) {
            (Some(h), Some(name)) => h.modified(name, false),
            _ => fs::symlink_metadata(self.roots.src_canon.join(&item.rel))
                .and_then(|m| m.modified()),
        };
        match t_in {
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

fn inside_check(resolved: &Path, src_canon: &Path) -> Result<(), String> {
    if resolved.starts_with(src_canon) {
        Err(format!(
            "output directory {} is inside SRC: refused",
            resolved.display()
        ))
    } else {
        Ok(())
    }
}

/// Deletes the temporary files a killed run left in `dir` (ours only: the
/// `.sgfconv-*.tmp` names, never anything else).
fn remove_stale_temps(dir: &Path) {
    let Ok(rd) = fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let name = e.file_name();
        if temp::is_temp_name(&naming::os_bytes(&name))
            && e.file_type().map(|t| t.is_file()).unwrap_or(false)
        {
            let _ = fs::remove_file(e.path());
        }
    }
}
