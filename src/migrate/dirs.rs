//! DST's directories: each checked, created (unless a dry run) and opened
//! once, level by level from DST's descriptor and never through a symbolic
//! link, before the parallel part; a directory of SRC (SRC inside DST) is
//! refused before anything is created in it; the temporary files a killed
//! run left there are removed.

use super::codes::{OUTPUT_INSIDE_SOURCE, OUTPUT_NOT_WRITTEN, OUTPUT_PATH_NOT_FOLLOWED};
use super::ctx::Ctx;
use super::fsat::{self, Dir, Kind, Tree};
use super::naming;
use crate::diag::Code;
use crate::output::temp;
use std::collections::HashMap;
use std::ffi::OsStr;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// An output directory, checked once.
#[derive(Clone)]
pub(super) struct DirState {
    /// `Err`: refused (inside SRC, through a symbolic link) or could not be
    /// created; with the code to report.
    pub(super) ok: Result<(), (Code, String)>,
    /// Did not exist before this run: nothing in it can be up to date, so
    /// its outputs need no `stat`.
    pub(super) fresh: bool,
}

/// DST's directories: checked (and created) before the parallel part,
/// then used through their descriptors.
pub(super) struct Outputs {
    /// `None` in a dry run into a DST that does not exist.
    pub(super) tree: Option<Tree>,
    pub(super) states: HashMap<PathBuf, DirState>,
}

impl Outputs {
    pub(super) fn state(&self, rel: &Path) -> DirState {
        self.states.get(rel).cloned().unwrap_or(DirState {
            ok: Err((OUTPUT_NOT_WRITTEN, "directory not prepared".into())),
            fresh: false,
        })
    }

    /// The directory `rel` of DST, held or re-opened (never through a
    /// symbolic link).
    pub(super) fn dir(&self, rel: &Path) -> Result<Arc<Dir>, (Code, String)> {
        let tree = self
            .tree
            .as_ref()
            .ok_or((OUTPUT_NOT_WRITTEN, "no destination".to_string()))?;
        tree.dir(rel).map_err(|e| dir_error(rel, &e))
    }
}

/// The code for a directory of DST that cannot be used.
fn dir_error(rel: &Path, e: &io::Error) -> (Code, String) {
    (
        output_code(e),
        format!("output directory {}: {e}", rel.display()),
    )
}

/// The code for an output of DST that cannot be made or put in place:
/// `E456` when a symbolic link was not followed, else `E453`.
pub(super) fn output_code(e: &io::Error) -> Code {
    if fsat::not_followed(e) {
        OUTPUT_PATH_NOT_FOLLOWED
    } else {
        OUTPUT_NOT_WRITTEN
    }
}

impl Ctx<'_> {
    /// Checks, creates (unless dry run) and opens each output directory
    /// once, level by level from DST's descriptor and never through a
    /// symbolic link: removes temporary files a killed run left there, and
    /// refuses a directory of SRC (SRC inside DST) before creating anything
    /// in it.
    pub(super) fn prepare_dirs<'p>(&self, dirs: impl Iterator<Item = &'p Path>, out: &mut Outputs) {
        for rel in dirs {
            self.prepare_dir(rel, out);
        }
    }

    pub(super) fn prepare_dir(&self, rel: &Path, out: &mut Outputs) {
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
    pub(super) fn open_output_dir(
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
    pub(super) fn not_in_src(&self, dir: &Dir, rel: &Path) -> Result<(), (Code, String)> {
        if self.src_ids.contains(&dir.id()) {
            Err((
                OUTPUT_INSIDE_SOURCE,
                format!(
                    "output directory {} is inside SRC: refused",
                    self.roots.dst.join(rel).display()
                ),
            ))
        } else {
            Ok(())
        }
    }

    /// The output directory `rel` in the state `state`: `None` in a dry run
    /// where it does not exist.
    pub(super) fn out_dir(
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
