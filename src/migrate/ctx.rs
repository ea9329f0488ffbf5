//! What every step of a run shares: the run's context ([`Ctx`]: the
//! options, SRC's and DST's directories, the backend, the progress, the
//! log) and its small services (how a source and an output are named, an
//! entry begun, a failure recorded, an output put into the archive written
//! as DST), and the shapes of a record on its way (planned, converted).

#[cfg(feature = "archives")]
use super::archive_out;
#[cfg(feature = "archives")]
use super::codes::OUTPUT_NOT_WRITTEN;
use super::earlier::Known;
use super::entry::{Entry, Status};
use super::found::Item;
use super::fsat::{Dir, Id, Pending, Tree};
use super::glob::Glob;
use super::log::{Key, Log};
use super::naming::rel_text;
use super::options::{Backend, Progress};
use super::output::GameFacts;
use super::roots::Roots;
use super::MigrateOptions;
use crate::diag::{Code, Diagnostic};
use crate::formats::Format;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One plan for a record in mirror mode: its output (relative to DST).
pub(super) struct Planned {
    pub(super) rel_out: PathBuf,
    pub(super) numbered: bool,
    /// The output is up to date, and the earlier report does not hold what
    /// the record's conversion finds: it is read again, not written.
    pub(super) up_to_date: bool,
}

/// A record read and converted into temporary files.
pub(super) struct Converted {
    pub(super) format: Format,
    pub(super) by_content: bool,
    pub(super) games: Vec<GameFacts>,
    pub(super) outputs: Vec<Option<Pending>>,
    pub(super) bytes_out: u64,
}

pub(super) struct Ctx<'a> {
    pub(super) options: &'a MigrateOptions,
    pub(super) roots: &'a Roots,
    /// SRC's directories, as the walk saw them.
    pub(super) src: &'a Tree,
    /// The identities of SRC's directories: no output goes into one.
    pub(super) src_ids: &'a HashSet<Id>,
    /// DST held open (`None` in a dry run into a DST that does not exist).
    pub(super) dst_root: Option<Arc<Dir>>,
    pub(super) backend: Backend,
    pub(super) progress: &'a dyn Progress,
    /// The archive written as DST (`migrate SRC out.zip`).
    #[cfg(feature = "archives")]
    pub(super) archive_out: Option<&'a archive_out::ArchiveOut>,
    /// `--include` and `--exclude`, for archives' members.
    #[cfg_attr(not(feature = "archives"), allow(dead_code))]
    pub(super) include: &'a [Glob],
    #[cfg_attr(not(feature = "archives"), allow(dead_code))]
    pub(super) exclude: &'a [Glob],
    /// The entries as they finish.
    pub(super) log: &'a Log,
    /// What the earlier run's report holds of the files skipped as up to
    /// date.
    pub(super) earlier: &'a Known,
    /// A record was not reached: the run was asked to stop.
    pub(super) cut: &'a AtomicBool,
}

/// A record converted into temporary files, before its names are planned
/// (named mode).
pub(super) type NamedConv = (Key, Item, Entry, Option<Converted>);

/// A converted record with its planned output names (named mode).
pub(super) type Placed = (Key, Item, Entry, Option<Converted>, Vec<PathBuf>);

impl Ctx<'_> {
    /// Whether the run was asked to stop ([`super::Stop`]): the record
    /// about to begin is not reached (and the run is marked cut short).
    pub(super) fn stopped(&self) -> bool {
        let stopped = self.options.stop.is_stopped();
        if stopped {
            self.cut.store(true, Ordering::Relaxed);
        }
        stopped
    }

    /// No directory is made under DST: a dry run, or an archive as DST.
    pub(super) fn no_dirs(&self) -> bool {
        self.options.dry_run || self.roots.dst_archive
    }

    /// Outputs are kept in memory for the archive written as DST.
    pub(super) fn capture(&self) -> bool {
        self.roots.dst_archive && !self.options.dry_run
    }

    pub(super) fn named_mode(&self) -> bool {
        self.options.split_collections || self.options.name_template.is_some()
    }

    pub(super) fn source_text(&self, rel: &Path) -> (String, bool) {
        let p = if self.roots.src_is_archive {
            self.roots.src.clone()
        } else {
            self.roots.src.join(rel)
        };
        let not_utf8 = p.to_str().is_none();
        (p.to_string_lossy().into_owned(), not_utf8)
    }

    pub(super) fn output_text(&self, rel_out: &Path) -> String {
        if self.roots.dst_archive {
            return format!("{}:{}", self.roots.dst.to_string_lossy(), rel_text(rel_out));
        }
        self.roots.dst.join(rel_out).to_string_lossy().into_owned()
    }

    /// Puts an output kept in memory into the archive written as DST;
    /// false when there is no such archive (or a dry run).
    pub(super) fn to_archive(
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
                self.fail(e, OUTPUT_NOT_WRITTEN, why);
            }
            *tmp = None;
            return true;
        }
        let _ = (e, tmp, rel_out, item);
        false
    }

    pub(super) fn entry(&self, item: &Item, status: Status) -> Entry {
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

    pub(super) fn fail(&self, e: &mut Entry, code: Code, reason: String) {
        let d = Diagnostic {
            file: Arc::from(e.source.as_str()),
            pos: None,
            game: None,
            code,
            severity: code.severity(),
            property: None,
            message: reason.clone(),
            fixable: None,
        };
        self.progress.diagnostics(std::slice::from_ref(&d));
        e.add_diagnostics(&[d]);
        e.status = Status::Failed;
        e.reason = Some(reason);
        e.outputs.clear();
    }
}
