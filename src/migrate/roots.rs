//! SRC and DST, checked before anything is created: SRC a directory (or
//! an archive), DST neither SRC nor inside it, the report's path allowed;
//! DST created and opened once everything is checked.

#[cfg(feature = "archives")]
use super::archive_out;
use super::fsat::{absolute_resolved, meta_id, Dir, Id};
use super::report_path;
use super::MigrateOptions;
use crate::error::Error;
use crate::input::open::is_archive;
use crate::output::is_stdout;
use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// SRC and DST, absolute and checked.
pub(super) struct Roots {
    /// As given (for the report).
    pub(super) src: PathBuf,
    pub(super) dst: PathBuf,
    /// Canonical SRC: outputs must never resolve below it.
    pub(super) src_canon: PathBuf,
    /// Absolute DST (canonical as far as it exists): the walk never enters it.
    pub(super) dst_abs: PathBuf,
    /// DST's identity, when it exists: the walk never enters it.
    pub(super) dst_id: Option<Id>,
    /// DST existed before this run (else nothing in it can be up to date).
    pub(super) dst_existed: bool,
    /// SRC is an archive file, not a directory: its members go right
    /// under DST.
    pub(super) src_is_archive: bool,
    /// DST is an archive to write (`out.zip`, `out.tar.gz`), not a
    /// directory.
    pub(super) dst_archive: bool,
    /// The identity of the file `--report` names, when it exists: no input
    /// may be it.
    pub(super) report_id: Option<Id>,
}

impl Roots {
    /// Checks SRC, DST and the report's path; creates nothing.
    pub(super) fn resolve(o: &MigrateOptions) -> Result<Roots, Error> {
        if is_stdout(&o.src) || is_stdout(&o.dst) {
            return Err(Error::Usage(
                "migrate reads a directory or an archive file and writes a directory or an \
                 archive file: `-` (the standard input or output) is neither (./- names a \
                 file or directory called -)"
                    .into(),
            ));
        }
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
            Some(r) => report_path::check_path(r, &src_canon, &dst_abs)?,
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
    pub(super) fn open_dst(
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
pub(super) fn archive_output(dst: &Path) -> Option<archive_out::OutKind> {
    archive_out::OutKind::of(dst)
}

#[cfg(not(feature = "archives"))]
pub(super) fn archive_output(_dst: &Path) -> Option<()> {
    None
}

/// Whether the file SRC is an archive (by its first bytes). One named
/// `*.sgf` is refused: an output could take its name.
fn archive_file(canon: &Path, given: &Path) -> Result<bool, Error> {
    if !is_archive(Some(canon)) {
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
