//! The walk of SRC: each directory's entries sorted by name, files before
//! subdirectories, never following a symbolic link, never entering DST;
//! what each file is, by its name, is `recognise`'s.

use super::found::{FoundList, Tag};
use super::fsat::{Dir, Kind, Tree};
use super::glob::{self, Glob};
use super::naming::{os_bytes, rel_text};
use super::recognise::{classify, is_archive_name};
use super::roots::Roots;
use crate::error::Error;
use crate::output::temp;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the walk found, and the directories of SRC it went through.
pub(super) struct Walked {
    pub(super) found: FoundList,
    pub(super) tree: Tree,
    /// An input that is the file `--report` names (a hard link).
    pub(super) report_is_input: Option<PathBuf>,
}

/// A directory still to list: its path under SRC, and its parent held open
/// (it is opened relative to it when its turn comes).
type ToList = (PathBuf, Arc<Dir>, Option<std::ffi::OsString>);

/// Walks SRC in a fixed order: each directory's entries sorted by name,
/// files before subdirectories. Every directory is opened relative to its
/// parent, never through a symbolic link (one swapped in during the walk is
/// not followed: its directory fails to list). Only directories are read
/// (no per-file `stat`).
pub(super) fn walk(roots: &Roots, include: &[Glob], exclude: &[Glob]) -> Result<Walked, Error> {
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
            if temp::is_temp_name(&os_bytes(&e.name)) {
                continue;
            }
            let text = rel_text(&rel);
            // An archive is read unless excluded: --include picks among
            // its members.
            let included = include.is_empty()
                || glob::any_match(include, &text)
                || (e.kind == Kind::File && is_archive_name(&rel));
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

/// The "walk" of an archive given as SRC: that one file, in its directory.
pub(super) fn walk_archive(roots: &Roots) -> Result<Walked, Error> {
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
