//! A whole migration: the options checked, SRC walked and recognised, DST
//! opened, what the earlier report holds read, then the records converted
//! (mirror or named mode, then the archives' members) on a pool of `-j`
//! threads until the end or until the run is asked to stop, and the
//! summary made.

#[cfg(feature = "archives")]
use super::archive_out;
use super::codes::CONVERSION_FAILED;
use super::ctx::Ctx;
use super::dirs::Outputs;
use super::earlier::Known;
use super::entry::{Entry, Status};
use super::found::{FoundList, Item, Tag};
use super::fsat::Tree;
use super::glob::Glob;
use super::log::Log;
use super::naming::Claims;
use super::options::{Backend, MigrateOptions, Progress};
use super::recognise::recognise_all;
#[cfg(feature = "archives")]
use super::roots::archive_output;
use super::roots::Roots;
use super::summary::Summary;
use super::walk::{walk, walk_archive};
use crate::error::Error;
use crate::output::is_stdout;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Migrates `options.src` into `options.dst` as SGF.
///
/// Fails only on bad usage (SRC missing, DST inside SRC...) or when DST
/// cannot be created; a file that fails is in the summary and the run goes on.
pub fn run(options: &MigrateOptions, progress: &dyn Progress) -> Result<Summary, Error> {
    run_with(options, progress, Backend::default())
}

/// [`run`] with another reader/writer.
#[doc(hidden)]
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
    // The report a resumed run was given again: what it holds of the
    // files skipped as up to date (`-`, the standard output, holds none).
    let earlier_report = options.report.as_deref().filter(|p| !is_stdout(p));
    let earlier = Known::read(earlier_report);
    let cut = AtomicBool::new(false);
    let log = Log::new(earlier_report.is_some());
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
        earlier: &earlier,
        cut: &cut,
    };
    pool.install(|| ctx.migrate(walked.found));
    progress.finish();
    #[cfg(feature = "archives")]
    if let Some(a) = &archive {
        a.finish()
            .map_err(|e| Error::Usage(format!("DST {}: {e}", options.dst.display())))?;
    }
    // A resumed run's skipped entries take what the earlier report says.
    drop(earlier);
    let entries = log.finish(earlier_report);
    let mut summary = Summary::from_log(
        options.src.clone(),
        options.dst.clone(),
        options.dry_run,
        entries,
        started.elapsed(),
    );
    summary.interrupted = cut.into_inner();
    Ok(summary)
}

impl Ctx<'_> {
    fn migrate(&self, mut found: FoundList) {
        recognise_all(self.src, &mut found);
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
                    self.fail(&mut e, CONVERSION_FAILED, found.reason(i));
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
}
