//! Where `--report FILE` may be written: checked before anything is
//! written (never inside SRC, never over an output of the run, never
//! through a symbolic link but to a device or a pipe, which are written in
//! place; `-` is the standard output).

use super::fsat::{absolute_resolved, meta_id, Id};
use crate::error::Error;
use std::io;
use std::path::{Path, PathBuf};

/// `Some(path)` when `path` is a device, a pipe or a socket (written in
/// place); an error when it is a symbolic link to anything else, or a
/// directory.
pub(super) fn special_target(path: &Path) -> io::Result<Option<PathBuf>> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(None);
    };
    let target = if meta.file_type().is_symlink() {
        std::fs::metadata(path).ok()
    } else {
        Some(meta.clone())
    };
    match target {
        Some(t) if t.is_dir() => Err(io::Error::other("is a directory")),
        Some(t) if !t.is_file() => Ok(Some(path.to_path_buf())),
        _ if meta.file_type().is_symlink() => Err(io::Error::other(
            "is a symbolic link: the report is never written through one \
             (name its target, or a device or a pipe)",
        )),
        _ => Ok(None),
    }
}

/// The directory `path` is in (as the user named it), and its name there.
pub(super) fn report_dir(path: &Path) -> io::Result<(PathBuf, std::ffi::OsString)> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other("names no file"))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name.to_os_string()))
}

/// Checks `--report path` before anything is written: refused when it is
/// inside SRC, could be an output of the run (inside DST, named `*.sgf` or
/// like a temporary file), is a symbolic link to anything but a device or a
/// pipe, or is a directory. Returns the identity of the regular file it
/// names, when it exists (no input may be that file: the walk checks).
pub(super) fn check_path(
    path: &Path,
    src_canon: &Path,
    dst_abs: &Path,
) -> Result<Option<Id>, Error> {
    let refuse = |why: &str| Error::Usage(format!("--report {}: {why}", path.display()));
    if crate::output::is_stdout(path) {
        return Ok(None); // the standard output: never a file of the run
    }
    if special_target(path)
        .map_err(|e| refuse(&e.to_string()))?
        .is_some()
    {
        return Ok(None); // written in place: never replaced, never an output
    }
    let (dir, name) = report_dir(path).map_err(|e| refuse(&e.to_string()))?;
    let full = absolute_resolved(&dir)?.join(&name);
    if full.starts_with(src_canon) {
        return Err(refuse("inside SRC: migrate never writes inside SRC"));
    }
    let lower = name.to_string_lossy().to_ascii_lowercase();
    if full.starts_with(dst_abs)
        && (lower.ends_with(".sgf") || crate::output::temp::is_temp_name(lower.as_bytes()))
    {
        return Err(refuse(
            "inside DST with the name of an output: the report never replaces an output of the run",
        ));
    }
    if !dir.is_dir() {
        return Err(refuse("its directory does not exist"));
    }
    Ok(std::fs::metadata(&full)
        .ok()
        .filter(|m| m.is_file())
        .and_then(|m| meta_id(&m)))
}
