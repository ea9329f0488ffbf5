//! Directories by descriptor: every directory `migrate` reads or writes is
//! opened relative to its parent's descriptor with `O_NOFOLLOW`, and every
//! file in it relative to it, so that no path component is ever followed
//! again once the walk or the output tree has checked it: a directory
//! swapped for a symbolic link during the run is refused, not followed.
//! (rustix: `openat`, `mkdirat`, `renameat`, `unlinkat`, `fstatat`,
//! `getdents`, without `unsafe`; the temporary files, unnamed or named,
//! are made and linked by `crate::output::dir`.)
//!
//! A [`Tree`] holds the first directories of SRC or DST open and re-opens
//! the others level by level from its root (never through a path), each
//! checked against the identity (device, inode) it had when first seen.

use crate::error::Error;
use rustix::fs::{self as rfs, AtFlags, FileType, Mode, OFlags};
use rustix::io::Errno;
use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A file's identity: device and inode.
pub type Id = (u64, u64);

/// What a directory entry is (from the directory itself, or `fstatat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    File,
    Dir,
    Symlink,
    Other,
}

/// One directory entry.
pub struct Entry {
    pub name: OsString,
    pub kind: Kind,
    pub ino: u64,
}

/// A directory held open.
#[derive(Debug)]
pub struct Dir {
    fd: OwnedFd,
    id: Id,
}

const DIR_FLAGS: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::NOFOLLOW)
    .union(OFlags::CLOEXEC);

fn kind_of(t: FileType) -> Kind {
    match t {
        FileType::RegularFile => Kind::File,
        FileType::Directory => Kind::Dir,
        FileType::Symlink => Kind::Symlink,
        _ => Kind::Other,
    }
}

#[allow(clippy::unnecessary_cast)] // the field types differ between unixes
fn id_of(st: &rfs::Stat) -> Id {
    (st.st_dev as u64, st.st_ino as u64)
}

#[allow(clippy::unnecessary_cast)]
fn mtime_of(st: &rfs::Stat) -> SystemTime {
    let secs = st.st_mtime as i64;
    let nanos = u32::try_from(st.st_mtime_nsec as i64).unwrap_or(0);
    if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs.unsigned_abs(), nanos)
    } else {
        UNIX_EPOCH - Duration::new(secs.unsigned_abs(), 0) + Duration::new(0, nanos)
    }
}

/// A path component that was not followed: a symbolic link, or not the
/// directory first seen there.
#[derive(Debug)]
struct NotFollowed(String);

impl std::fmt::Display for NotFollowed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotFollowed {}

fn not_followed_error(msg: String) -> io::Error {
    io::Error::other(NotFollowed(msg))
}

/// Whether `e` says a path component was not followed.
pub fn not_followed(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|r| r.is::<NotFollowed>())
}

/// A symbolic link where an output goes: not followed, not replaced.
fn link_at_output(name: &OsStr) -> io::Error {
    not_followed_error(format!(
        "{} {}",
        name.to_string_lossy(),
        crate::output::SYMBOLIC_LINK
    ))
}

/// "is a symbolic link" for `ELOOP` (what `O_NOFOLLOW` answers for one).
fn explain(e: Errno, name: &OsStr) -> io::Error {
    let name = name.to_string_lossy();
    match e {
        Errno::LOOP | Errno::MLINK => {
            not_followed_error(format!("{name} is a symbolic link: not followed"))
        }
        Errno::NOTDIR => not_followed_error(format!(
            "{name} is not a directory (replaced during the run?)"
        )),
        e => e.into(),
    }
}

impl Dir {
    fn from_fd(fd: OwnedFd) -> io::Result<Dir> {
        let id = id_of(&rfs::fstat(&fd)?);
        Ok(Dir { fd, id })
    }

    /// Opens a root (SRC or DST, as the user named it: links in `path` are
    /// followed, once, here).
    pub fn open_root(path: &Path) -> io::Result<Dir> {
        let fd = rfs::open(path, DIR_FLAGS.difference(OFlags::NOFOLLOW), Mode::empty())?;
        Dir::from_fd(fd)
    }

    /// The directory's identity.
    pub fn id(&self) -> Id {
        self.id
    }

    /// Opens the subdirectory `name`; never through a symbolic link.
    pub fn open_dir(&self, name: &OsStr) -> io::Result<Dir> {
        let fd =
            rfs::openat(&self.fd, name, DIR_FLAGS, Mode::empty()).map_err(|e| explain(e, name))?;
        Dir::from_fd(fd)
    }

    /// Creates the subdirectory `name` if missing, and opens it (never
    /// through a symbolic link). `true` when it was created.
    pub fn make_dir(&self, name: &OsStr) -> io::Result<(Dir, bool)> {
        let created = match rfs::mkdirat(&self.fd, name, Mode::from_raw_mode(0o777)) {
            Ok(()) => true,
            Err(Errno::EXIST) => false,
            Err(e) => return Err(e.into()),
        };
        Ok((self.open_dir(name)?, created))
    }

    /// The entries of the directory (without `.` and `..`), in the order
    /// the file system gives them.
    pub fn entries(&self) -> io::Result<Vec<Entry>> {
        let mut out = Vec::new();
        for e in rfs::Dir::read_from(&self.fd)? {
            let e = e?;
            let name = e.file_name().to_bytes();
            if name == b"." || name == b".." {
                continue;
            }
            let name = OsStr::from_bytes(name).to_os_string();
            let kind = match e.file_type() {
                FileType::Unknown => {
                    let st = rfs::statat(&self.fd, &*name, AtFlags::SYMLINK_NOFOLLOW)?;
                    kind_of(FileType::from_raw_mode(st.st_mode))
                }
                t => kind_of(t),
            };
            out.push(Entry {
                name,
                kind,
                ino: e.ino(),
            });
        }
        Ok(out)
    }

    /// Opens the regular file `name` for reading: never through a symbolic
    /// link, and never a pipe or a device put there since the walk.
    pub fn open_file(&self, name: &OsStr) -> io::Result<File> {
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
        let fd = rfs::openat(&self.fd, name, flags, Mode::empty()).map_err(|e| explain(e, name))?;
        if FileType::from_raw_mode(rfs::fstat(&fd)?.st_mode) != FileType::RegularFile {
            return Err(not_followed_error(
                "not a regular file (replaced during the run?)".into(),
            ));
        }
        Ok(File::from(fd))
    }

    /// The modification time of the entry `name`; an error for a symbolic
    /// link (never the time of the link nor of what it links to).
    pub fn modified(&self, name: &OsStr) -> io::Result<SystemTime> {
        let st = rfs::statat(&self.fd, name, AtFlags::SYMLINK_NOFOLLOW)?;
        if FileType::from_raw_mode(st.st_mode) == FileType::Symlink {
            return Err(link_at_output(name));
        }
        Ok(mtime_of(&st))
    }

    /// Refuses to put an output in place as `name` when a symbolic link is
    /// there: a link at an output is never written through nor replaced.
    fn refuse_link(&self, name: &OsStr) -> io::Result<()> {
        match rfs::statat(&self.fd, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) if FileType::from_raw_mode(st.st_mode) == FileType::Symlink => {
                Err(link_at_output(name))
            }
            _ => Ok(()),
        }
    }

    /// Removes the entry `name` (a file).
    pub fn remove(&self, name: &OsStr) -> io::Result<()> {
        Ok(rfs::unlinkat(&self.fd, name, AtFlags::empty())?)
    }

    /// Renames `from` in this directory to `to` in `dir`, replacing it.
    pub fn rename(&self, from: &OsStr, dir: &Dir, to: &OsStr) -> io::Result<()> {
        Ok(rfs::renameat(&self.fd, from, &dir.fd, to)?)
    }

    /// Creates a new `.sgfconv-XXXXXX.tmp` file in this directory.
    pub fn create_temp(&self) -> io::Result<(File, OsString)> {
        let (file, name) = crate::output::dir::create_named_at(self.fd.as_fd(), Path::new(""))?;
        Ok((file, name.into_os_string()))
    }

    /// An unnamed file in this directory (Linux `O_TMPFILE`); `None` where
    /// the system has none (then never tried again in this process).
    pub fn create_unnamed(&self) -> Option<File> {
        crate::output::dir::create_at(self.fd.as_fd(), Path::new("."))
    }

    /// Links the unnamed file `f` as `name` in this directory, replacing
    /// what is there.
    pub fn link_unnamed(&self, f: &File, name: &OsStr) -> io::Result<()> {
        crate::output::dir::link_at(f, self.fd.as_fd(), Path::new(name))
    }
}

/// The names of `rel`'s components (`rel` is relative, made by the walk or
/// the naming: no `..`, no root).
fn names(rel: &Path) -> impl Iterator<Item = &OsStr> {
    rel.components().filter_map(|c| match c {
        Component::Normal(n) => Some(n),
        _ => None,
    })
}

/// A directory tree under a root held open: the directories seen, by path
/// under the root, with their identity; the first [`Tree::MAX_HELD`] held
/// open, the others re-opened level by level from the root when used.
#[derive(Debug)]
pub struct Tree {
    root: Arc<Dir>,
    held: HashMap<PathBuf, Arc<Dir>>,
    ids: HashMap<PathBuf, Id>,
}

impl Tree {
    /// Directories held open at once (of each tree).
    pub const MAX_HELD: usize = 256;

    pub fn new(root: Arc<Dir>) -> Tree {
        let mut ids = HashMap::new();
        ids.insert(PathBuf::new(), root.id);
        Tree {
            root,
            held: HashMap::new(),
            ids,
        }
    }

    pub fn root(&self) -> &Arc<Dir> {
        &self.root
    }

    /// Records the directory `rel`, held open while there is room.
    pub fn add(&mut self, rel: &Path, dir: Arc<Dir>) {
        self.ids.insert(rel.to_path_buf(), dir.id);
        if self.held.len() < Tree::MAX_HELD && !rel.as_os_str().is_empty() {
            self.held.insert(rel.to_path_buf(), dir);
        }
    }

    /// Records the directory `rel` (its identity only).
    pub fn add_id(&mut self, rel: &Path, id: Id) {
        self.ids.insert(rel.to_path_buf(), id);
    }

    /// The identities of all the directories recorded.
    pub fn id_set(&self) -> std::collections::HashSet<Id> {
        self.ids.values().copied().collect()
    }

    /// The directory `rel`: held, or re-opened from the root level by level
    /// without following a symbolic link, and refused when it is not the
    /// directory first seen there.
    pub fn dir(&self, rel: &Path) -> io::Result<Arc<Dir>> {
        if rel.as_os_str().is_empty() {
            return Ok(self.root.clone());
        }
        if let Some(d) = self.held.get(rel) {
            return Ok(d.clone());
        }
        let mut cur = self.root.clone();
        for name in names(rel) {
            cur = Arc::new(cur.open_dir(name)?);
        }
        match self.ids.get(rel) {
            Some(id) if *id != cur.id => Err(not_followed_error(format!(
                "{} was replaced during the run: not used",
                rel.display()
            ))),
            _ => Ok(cur),
        }
    }

    /// Opens the file `rel` for reading (see [`Dir::open_file`]).
    pub fn open_file(&self, rel: &Path) -> io::Result<File> {
        let name = rel
            .file_name()
            .ok_or_else(|| io::Error::other("no file name"))?;
        self.dir(rel.parent().unwrap_or(Path::new("")))?
            .open_file(name)
    }

    /// The modification time of the entry `rel` (never of a link's target).
    pub fn modified(&self, rel: &Path) -> io::Result<SystemTime> {
        let name = rel
            .file_name()
            .ok_or_else(|| io::Error::other("no file name"))?;
        self.dir(rel.parent().unwrap_or(Path::new("")))?
            .modified(name)
    }
}

/// A `.sgfconv-*.tmp` file in a directory of DST, open for writing;
/// deleted when dropped unless it was put in place.
pub struct NamedTemp {
    pub file: File,
    name: TempName,
}

impl NamedTemp {
    /// A new temporary file in `dir`.
    pub fn new(dir: &Arc<Dir>) -> io::Result<NamedTemp> {
        let (file, name) = dir.create_temp()?;
        Ok(NamedTemp {
            file,
            name: TempName {
                dir: dir.clone(),
                name,
                placed: false,
            },
        })
    }

    /// The file written: its descriptor closed, its name kept. An output
    /// waiting for its name (named mode, `--split-collections`) thus holds
    /// no descriptor, however many wait.
    pub fn into_name(self) -> TempName {
        self.name
    }
}

/// The name of a written `.sgfconv-*.tmp` file; the file is deleted when
/// this is dropped unless it was put in place.
pub struct TempName {
    dir: Arc<Dir>,
    name: OsString,
    placed: bool,
}

impl Drop for TempName {
    fn drop(&mut self) {
        if !self.placed {
            let _ = self.dir.remove(&self.name);
        }
    }
}

/// A finished output, not yet in place. Dropping it leaves nothing behind.
pub enum Pending {
    /// A named temporary file, closed.
    Named(TempName),
    /// An unnamed file (Linux `O_TMPFILE`).
    Anonymous(File),
    /// The bytes, kept for an archive written as the output
    /// (`migrate SRC out.zip`).
    #[cfg_attr(not(feature = "archives"), allow(dead_code))]
    Memory(Vec<u8>),
}

impl Pending {
    /// Puts the output in place as `name` in `dir`, atomically, replacing
    /// what is there.
    pub fn persist(self, dir: &Dir, name: &OsStr) -> io::Result<()> {
        dir.refuse_link(name)?;
        match self {
            Pending::Named(mut t) => {
                t.dir.rename(&t.name, dir, name)?;
                t.placed = true;
                Ok(())
            }
            Pending::Anonymous(f) => dir.link_unnamed(&f, name),
            Pending::Memory(_) => Err(io::Error::other("an output kept for an archive")),
        }
    }
}

/// A file's identity from its metadata.
pub fn meta_id(m: &fs::Metadata) -> Option<Id> {
    use std::os::unix::fs::MetadataExt;
    Some((m.dev(), m.ino()))
}

/// The absolute form of `p`, with symbolic links resolved in the part that
/// exists and `.`/`..` applied lexically to the rest.
pub fn absolute_resolved(p: &Path) -> Result<PathBuf, Error> {
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
