//! `sgfconv check --fix`: rewrite SGF files in place as clean `FF[4]`
//! UTF-8 SGF, like `cargo fmt` for SGF.
//!
//! A file is rewritten only when that is safe: it is SGF, the conversion
//! lost nothing (no error diagnostic), the result differs from the file,
//! it is not read-only (unless `--fix-read-only`), no other hard link
//! shares it, its owner and group can be kept, and it did not change from the
//! moment it was opened to the moment before the rename (its [`Stamp`]:
//! device, inode, size, modification and change times). The file is read
//! once and held once; the new text streams from the conversion into a
//! temporary file beside it ([`Diverging`]: nothing is made while the text
//! is the file's own), renamed over it (`output::AtomicFile`) with the
//! file's owner, group and mode: an interrupted fix leaves the file as it
//! was. A symbolic link is followed: its target is fixed, the link stays.
//! `--backup` keeps the original as `FILE.orig` (`FILE.orig.1`… when that
//! exists), a hard link to the old contents made before the rename.

use sgfconv::diag::{Output, Reporter};
use sgfconv::formats::Format;
use sgfconv::output::{output_error, AtomicFile};
use sgfconv::{Error, Options};
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// What became of one file.
pub enum Fixed {
    /// Written; the backup, if one was asked for.
    Written(Option<PathBuf>),
    /// Already clean: not touched.
    Unchanged,
}

/// Why a file was not rewritten; it is as it was either way.
pub enum NotFixed {
    /// Rewriting it would lose data, or cannot be done here (hard links,
    /// an unwritable directory): exit status 1.
    Left(String),
    /// Refused: read-only, changed while it was checked, an owner that
    /// cannot be kept: exit status 2.
    Refused(String),
}

/// The file's identity and state when it was opened, compared before the
/// rename: any edit in between (even of the same length, even with its
/// modification time put back) changes it.
#[derive(PartialEq, Eq, Debug)]
struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    #[cfg(unix)]
    fn of(m: &fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt;
        Stamp {
            dev: m.dev(),
            ino: m.ino(),
            len: m.len(),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        }
    }

    #[cfg(not(unix))]
    fn of(m: &fs::Metadata) -> Stamp {
        let t = m
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        let t = t.map_or((0, 0), |d| {
            (d.as_secs() as i64, i64::from(d.subsec_nanos()))
        });
        Stamp {
            dev: 0,
            ino: 0,
            len: m.len(),
            mtime: t,
            ctime: t,
        }
    }
}

/// A file opened for fixing: its bytes (read once, from the descriptor
/// its stamp was taken from) and what it was when opened.
pub struct Opened {
    /// The file written: the path, or a symbolic link's target.
    pub target: PathBuf,
    pub bytes: Vec<u8>,
    meta: fs::Metadata,
    stamp: Stamp,
}

/// Opens the file `path` names for fixing: its stamp first, then its
/// bytes. An `Err` says why nothing can be done (exit status 2).
pub fn open(path: &Path) -> Result<Opened, String> {
    let name = path.display();
    let target = fs::canonicalize(path).map_err(|e| format!("{name}: {e}"))?;
    let mut f = fs::File::open(&target).map_err(|e| format!("{name}: {e}"))?;
    let meta = f.metadata().map_err(|e| format!("{name}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{name}: --fix rewrites regular files only"));
    }
    let stamp = Stamp::of(&meta);
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    f.read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(Opened {
        target,
        bytes,
        meta,
        stamp,
    })
}

/// Whether a file is read-only: no one may write it (no `w` bit; root
/// included), or this user may not.
#[cfg(unix)]
fn is_read_only(path: &Path, m: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let no_w = m.permissions().mode() & 0o222 == 0;
    no_w || rustix::fs::access(path, rustix::fs::Access::WRITE_OK).is_err()
}

#[cfg(not(unix))]
fn is_read_only(_: &Path, m: &fs::Metadata) -> bool {
    m.permissions().readonly()
}

/// What `check --fix` was asked: `--backup`, `--fix-read-only`.
pub struct Asked {
    pub backup: bool,
    pub read_only_too: bool,
}

/// Fixes the SGF file `o` (as [`open`] gave it). A read-only file that
/// needs a rewrite is refused unless `asked.read_only_too`.
pub fn fix(o: &Opened, options: &Options, asked: &Asked) -> Result<Fixed, NotFixed> {
    let links = hard_links(&o.meta);
    if links > 1 {
        return Err(NotFixed::Left(format!(
            "not fixed: the file has {links} hard links, which a new file would split"
        )));
    }
    let mut out = Diverging::new(&o.target, &o.bytes);
    convert(&o.bytes, options, &mut out)?;
    let Some(mut file) = out.finish().map_err(NotFixed::Left)? else {
        return Ok(Fixed::Unchanged);
    };
    if !asked.read_only_too && is_read_only(&o.target, &o.meta) {
        return Err(NotFixed::Refused(
            "not fixed: the file is read-only: --fix-read-only rewrites it anyway, \
             keeping its mode"
                .into(),
        ));
    }
    file.keep_owner_and_mode(&o.meta).map_err(|e| {
        NotFixed::Refused(format!(
            "not fixed: its owner and group cannot be kept ({e}): run as its owner or as root"
        ))
    })?;
    before_the_rename(&o.target);
    let now = fs::metadata(&o.target).map(|m| Stamp::of(&m));
    if now.ok().as_ref() != Some(&o.stamp) {
        return Err(NotFixed::Refused(
            "not fixed: the file changed while it was checked (it was left as it is now): \
             run again"
                .into(),
        ));
    }
    let kept = match asked.backup {
        true => Some(make_backup(&o.target).map_err(NotFixed::Left)?),
        false => None,
    };
    let left = |e| NotFixed::Left(format!("not fixed: {}", output_error(&o.target, e)));
    file.commit().map_err(left)?;
    Ok(Fixed::Written(kept))
}

/// The test hook of the moment before the rename: with
/// `SGFCONV_TEST_BEFORE_FIX_RENAME` set, runs it as a shell command with
/// the file's path as `$1` (the tests edit the file there; a
/// deterministic race).
// The command's plumbing for its own tests, like `SGFCONV_NAMED_TEMP`.
fn before_the_rename(path: &Path) {
    if let Some(cmd) = std::env::var_os("SGFCONV_TEST_BEFORE_FIX_RENAME") {
        let _ = std::process::Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .arg("sh")
            .arg(path)
            .status();
    }
}

/// Converts the file into `out`, unless the conversion loses something.
fn convert(bytes: &[u8], options: &Options, out: &mut Diverging<'_>) -> Result<(), NotFixed> {
    let mut report = Reporter::new("", Output::Discard);
    let sgf = Format::Sgf;
    let r = sgfconv::convert(&mut &bytes[..], sgf, out, sgf, options, &mut report);
    if let Some(e) = out.failed.take() {
        return Err(NotFixed::Left(e));
    }
    match r {
        Err(Error::Usage(m)) => Err(NotFixed::Refused(m)),
        Err(e) => Err(NotFixed::Left(format!("not fixed: {e}"))),
        Ok(_) if report.errors() > 0 => Err(NotFixed::Left(format!(
            "not fixed: rewriting it would lose data ({} error(s) above); \
             convert it to another file to keep what can be kept",
            report.errors()
        ))),
        Ok(_) => Ok(()),
    }
}

/// The conversion's output, compared with the file as it comes: nothing
/// is made while it is the file's own text; at the first difference the
/// temporary file beside the file is made, given the common part (from
/// the file's bytes) and the rest as it comes. The file is never held
/// twice.
struct Diverging<'a> {
    target: &'a Path,
    original: &'a [u8],
    /// How much of the output so far equals the start of `original`.
    same: usize,
    file: Option<AtomicFile>,
    /// The output could not be made: what to say.
    failed: Option<String>,
}

impl<'a> Diverging<'a> {
    fn new(target: &'a Path, original: &'a [u8]) -> Self {
        Diverging {
            target,
            original,
            same: 0,
            file: None,
            failed: None,
        }
    }

    /// The temporary file, made (with the common part) on first need.
    fn file(&mut self) -> io::Result<&mut AtomicFile> {
        if self.file.is_none() {
            let mut f = AtomicFile::create(self.target).map_err(|e| {
                let why = format!("not fixed: {}", output_error(self.target, e));
                self.failed = Some(why.clone());
                io::Error::other(why)
            })?;
            f.write_all(&self.original[..self.same])?;
            self.file = Some(f);
        }
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("no file"))
    }

    /// The new file, written but not in place; `None` when the output is
    /// the file's own text.
    fn finish(mut self) -> Result<Option<AtomicFile>, String> {
        if self.file.is_none() && self.same == self.original.len() {
            return Ok(None);
        }
        match self.file() {
            Ok(_) => Ok(self.file.take()),
            Err(e) => Err(self.failed.take().unwrap_or_else(|| e.to_string())),
        }
    }
}

impl Write for Diverging<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.file.is_none() {
            let rest = self.original.get(self.same..).unwrap_or_default();
            if rest.starts_with(data) {
                self.same += data.len();
                return Ok(data.len());
            }
        }
        self.file()?.write_all(data)?;
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
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
