//! `sgfconv check --fix`: rewrite SGF files in place as clean `FF[4]`
//! UTF-8 SGF, like `cargo fmt` for SGF.
//!
//! A file is rewritten only when that is safe: it is SGF, the conversion
//! lost nothing (no error diagnostic), the result differs from the file,
//! the file did not change while it was read, and no other hard link
//! shares it. The new text goes to a temporary file beside it, renamed over
//! it (`output::write_atomically`): an interrupted fix leaves the file as it
//! was. A symbolic link is followed: its target is fixed, the link stays.
//! `--backup` keeps the original as `FILE.orig` (`FILE.orig.1`… when that
//! exists), a hard link to the old contents made before the rename.

use sgfconv::diag::{Output, Reporter};
use sgfconv::formats::Format;
use sgfconv::output::write_atomically;
use sgfconv::{Error, Options};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What became of one file.
pub enum Fixed {
    /// Written; the backup, if one was asked for.
    Written(Option<PathBuf>),
    /// Already clean: not touched.
    Unchanged,
}

/// The file's identity when it was read, to notice a change before the
/// rename.
#[derive(PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

fn stamp(path: &Path) -> Result<(Stamp, fs::Metadata), String> {
    let m = fs::metadata(path).map_err(|e| e.to_string())?;
    let s = Stamp {
        len: m.len(),
        modified: m.modified().ok(),
    };
    Ok((s, m))
}

/// The file a fix writes: `path`, or the target of a symbolic link.
pub fn target(path: &Path) -> Result<PathBuf, String> {
    let real = fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let m = fs::metadata(&real).map_err(|e| format!("{}: {e}", path.display()))?;
    if !m.is_file() {
        return Err(format!(
            "{}: --fix rewrites regular files only",
            path.display()
        ));
    }
    Ok(real)
}

/// Fixes the SGF file `bytes` was read from (`path`, as [`target`] gave
/// it). An `Err` says why nothing was written.
pub fn fix(path: &Path, bytes: &[u8], options: &Options, backup: bool) -> Result<Fixed, String> {
    let (before, meta) = stamp(path)?;
    if hard_links(&meta) > 1 {
        return Err(format!(
            "not fixed: the file has {} hard links, which a new file would split",
            hard_links(&meta)
        ));
    }
    let clean = convert(bytes, options)?;
    if clean == bytes {
        return Ok(Fixed::Unchanged);
    }
    if stamp(path)?.0 != before || before.len != bytes.len() as u64 {
        return Err("not fixed: the file changed while it was read".into());
    }
    let kept = if backup {
        Some(make_backup(path)?)
    } else {
        None
    };
    write_atomically(path, |w| Ok(w.write_all(&clean)?)).map_err(|e| format!("not fixed: {e}"))?;
    Ok(Fixed::Written(kept))
}

/// The file as clean SGF, unless the conversion loses something.
fn convert(bytes: &[u8], options: &Options) -> Result<Vec<u8>, String> {
    let mut report = Reporter::new("", Output::Discard);
    let mut out = Vec::with_capacity(bytes.len());
    let sgf = Format::Sgf;
    match sgfconv::convert(&mut &bytes[..], sgf, &mut out, sgf, options, &mut report) {
        Err(Error::Usage(m)) => Err(m),
        Err(e) => Err(format!("not fixed: {e}")),
        Ok(_) if report.errors() > 0 => Err(format!(
            "not fixed: rewriting it would lose data ({} error(s) above); \
             convert it to another file to keep what can be kept",
            report.errors()
        )),
        Ok(_) => Ok(out),
    }
}

#[cfg(unix)]
fn hard_links(m: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(m)
}

#[cfg(not(unix))]
fn hard_links(_: &fs::Metadata) -> u64 {
    1
}

/// Keeps the original under the first free name of `FILE.orig`,
/// `FILE.orig.1`…: a hard link (no copy, the same metadata), or a copy
/// where links are not supported.
fn make_backup(path: &Path) -> Result<PathBuf, String> {
    let base = format!("{}.orig", path.display());
    for k in 0..1000 {
        let name = match k {
            0 => PathBuf::from(&base),
            k => PathBuf::from(format!("{base}.{k}")),
        };
        match fs::hard_link(path, &name) {
            Ok(()) => return Ok(name),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) => return copy_new(path, &name).map(|()| name),
        }
    }
    Err(format!("not fixed: no free backup name {base}.N"))
}

/// Copies `from` to `to`, which must not exist.
fn copy_new(from: &Path, to: &Path) -> Result<(), String> {
    let mut out = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(to)
        .map_err(|e| format!("not fixed: backup {}: {e}", to.display()))?;
    let mut src = fs::File::open(from).map_err(|e| e.to_string())?;
    std::io::copy(&mut src, &mut out)
        .map(|_| ())
        .map_err(|e| format!("not fixed: backup {}: {e}", to.display()))
}
