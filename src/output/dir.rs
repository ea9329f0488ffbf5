//! Temporary files made relative to a directory: unnamed ones (Linux
//! `O_TMPFILE`) linked into place when complete, and named
//! `.sgfconv-*.tmp` ones. One implementation (rustix, no `unsafe`) for
//! both users: [`AtomicFile`](super::AtomicFile) passes paths (relative to
//! the working directory), `migrate` a directory it holds open and a name
//! in it.
//!
//! An unnamed file has no name until it is complete, so a killed run leaves
//! nothing at all, and the directory is changed once per output instead of
//! three times (create, rename's unlink and link), which is most of the
//! cost of small files.

use std::fs::File;
use std::io;
use std::path::Path;

#[cfg(all(unix, feature = "migrate"))]
pub(crate) use at::create_named_at;
#[cfg(unix)]
pub(crate) use at::{create_at, link_at};

/// Named temporary files from now on (tests of the fallback).
pub fn disable() {
    #[cfg(target_os = "linux")]
    at::WORKS.store(false, std::sync::atomic::Ordering::Relaxed);
}

/// An unnamed file in the directory `dir`; `None` where that is not
/// supported (then never tried again in this process).
pub fn create(dir: &Path) -> Option<File> {
    #[cfg(unix)]
    {
        create_at(rustix::fs::CWD, dir)
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// Puts the unnamed file `f` in place as `target`, replacing what is there.
pub fn link(f: &File, target: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        link_at(f, rustix::fs::CWD, target)
    }
    #[cfg(not(unix))]
    {
        let _ = (f, target);
        Err(io::Error::other("unnamed temporary files are Linux only"))
    }
}

#[cfg(unix)]
mod at {
    use rustix::fs::{self as rfs, Mode, OFlags};
    use rustix::io::Errno;
    use std::fs::File;
    use std::io;
    use std::os::fd::BorrowedFd;
    use std::path::{Path, PathBuf};

    /// Cleared at the first failure (file system or kernel without
    /// `O_TMPFILE`, no `/proc`): named temporary files from then on.
    #[cfg(target_os = "linux")]
    pub(super) static WORKS: std::sync::atomic::AtomicBool =
        std::sync::atomic::AtomicBool::new(true);

    /// Cleared when `linkat(fd, "", ..., AT_EMPTY_PATH)` is refused (kernels
    /// before 6.10 without `CAP_DAC_READ_SEARCH`): `/proc/self/fd` from then
    /// on.
    #[cfg(target_os = "linux")]
    static EMPTY_PATH_WORKS: std::sync::atomic::AtomicBool =
        std::sync::atomic::AtomicBool::new(true);

    /// An unnamed file in the directory `path` (relative to `dir`: `.` for
    /// `dir` itself); `None` where that is not supported (then never tried
    /// again in this process).
    #[cfg(target_os = "linux")]
    pub fn create_at(dir: BorrowedFd<'_>, path: &Path) -> Option<File> {
        use std::sync::atomic::Ordering;
        if !WORKS.load(Ordering::Relaxed) {
            return None;
        }
        let flags = OFlags::TMPFILE | OFlags::RDWR | OFlags::CLOEXEC;
        match rfs::openat(dir, path, flags, Mode::from_raw_mode(0o666)) {
            Ok(fd) => Some(File::from(fd)),
            Err(_) => {
                WORKS.store(false, Ordering::Relaxed);
                None
            }
        }
    }

    /// Off Linux: no unnamed files.
    #[cfg(not(target_os = "linux"))]
    pub fn create_at(_dir: BorrowedFd<'_>, _path: &Path) -> Option<File> {
        None
    }

    /// Puts the unnamed file `f` in place as `name` (relative to `dir`),
    /// replacing what is there: an existing target through a fresh
    /// `.sgfconv-*.tmp` name renamed over it, inside the signal
    /// [`window`](crate::output::temp::window).
    #[cfg(target_os = "linux")]
    pub fn link_at(f: &File, dir: BorrowedFd<'_>, name: &Path) -> io::Result<()> {
        match link_as(f, dir, name) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                let _window = crate::output::temp::window();
                loop {
                    let tmp = sibling(name);
                    match link_as(f, dir, &tmp) {
                        Ok(()) => return rename_or_remove(dir, &tmp, name),
                        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                        Err(e) => return Err(e),
                    }
                }
            }
            Err(e) => {
                WORKS.store(false, std::sync::atomic::Ordering::Relaxed);
                let _window = crate::output::temp::window();
                copy_into_place(f, dir, name).map_err(|_| e)
            }
        }
    }

    /// Off Linux: there is no unnamed file to link.
    #[cfg(not(target_os = "linux"))]
    pub fn link_at(_f: &File, _dir: BorrowedFd<'_>, _name: &Path) -> io::Result<()> {
        Err(io::Error::other("unnamed temporary files are Linux only"))
    }

    /// Links the unnamed file `f` as `name` (relative to `dir`).
    #[cfg(target_os = "linux")]
    fn link_as(f: &File, dir: BorrowedFd<'_>, name: &Path) -> io::Result<()> {
        use std::os::fd::{AsFd, AsRawFd};
        use std::sync::atomic::Ordering;
        if EMPTY_PATH_WORKS.load(Ordering::Relaxed) {
            match rfs::linkat(f.as_fd(), c"", dir, name, rfs::AtFlags::EMPTY_PATH) {
                Err(Errno::NOENT | Errno::PERM | Errno::INVAL) => {
                    EMPTY_PATH_WORKS.store(false, Ordering::Relaxed);
                }
                r => return Ok(r?),
            }
        }
        let proc = format!("/proc/self/fd/{}", f.as_raw_fd());
        let r = rfs::linkat(rfs::CWD, &*proc, dir, name, rfs::AtFlags::SYMLINK_FOLLOW);
        Ok(r?)
    }

    /// Renames `tmp` over `name` (both relative to `dir`); removes `tmp`
    /// when that fails.
    #[cfg(target_os = "linux")]
    fn rename_or_remove(dir: BorrowedFd<'_>, tmp: &Path, name: &Path) -> io::Result<()> {
        rfs::renameat(dir, tmp, dir, name).map_err(|e| {
            let _ = rfs::unlinkat(dir, tmp, rfs::AtFlags::empty());
            e.into()
        })
    }

    /// A fresh temporary name in the directory of `name`.
    #[cfg(target_os = "linux")]
    fn sibling(name: &Path) -> PathBuf {
        let parent = name.parent().unwrap_or(Path::new(""));
        parent.join(crate::output::temp::temp_name())
    }

    /// A new named `.sgfconv-*.tmp` file in the directory `path` (relative
    /// to `dir`: empty for `dir` itself), with the usual mode of new files;
    /// and its name (relative to `dir`).
    pub fn create_named_at(dir: BorrowedFd<'_>, path: &Path) -> io::Result<(File, PathBuf)> {
        let flags =
            OFlags::RDWR | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        loop {
            let name = path.join(crate::output::temp::temp_name());
            match rfs::openat(dir, &name, flags, Mode::from_raw_mode(0o666)) {
                Ok(fd) => return Ok((File::from(fd), name)),
                Err(Errno::EXIST) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Last resort when linking fails (no `/proc`): a copy of `f` (and of
    /// its mode) in a named temporary file renamed over `name`.
    #[cfg(target_os = "linux")]
    fn copy_into_place(f: &File, dir: BorrowedFd<'_>, name: &Path) -> io::Result<()> {
        use std::io::{Seek, SeekFrom};
        let mut src = f.try_clone()?;
        src.seek(SeekFrom::Start(0))?;
        let parent = name.parent().unwrap_or(Path::new(""));
        let (mut tmp, tmp_name) = create_named_at(dir, parent)?;
        let copied = io::copy(&mut src, &mut tmp)
            .and_then(|_| tmp.set_permissions(f.metadata()?.permissions()));
        if let Err(e) = copied {
            let _ = rfs::unlinkat(dir, &tmp_name, rfs::AtFlags::empty());
            return Err(e);
        }
        rename_or_remove(dir, &tmp_name, name)
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::io::Write;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn unnamed_files_are_linked_by_path_and_replace_atomically() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("out.sgf");
        for text in ["first", "second"] {
            let Some(mut f) = create(tmp.path()) else {
                return; // no O_TMPFILE here
            };
            f.write_all(text.as_bytes()).unwrap();
            link(&f, &target).unwrap();
            assert_eq!(std::fs::read_to_string(&target).unwrap(), text);
            assert_eq!(names(tmp.path()), ["out.sgf"]);
        }
    }

    #[test]
    fn unnamed_and_named_files_relative_to_a_held_directory() {
        use std::os::fd::AsFd;
        let tmp = tempfile::tempdir().unwrap();
        let held = File::open(tmp.path()).unwrap();
        let (mut named, name) = create_named_at(held.as_fd(), Path::new("")).unwrap();
        named.write_all(b"old").unwrap();
        assert!(crate::output::temp::is_temp_name(
            name.as_os_str().as_encoded_bytes()
        ));
        std::fs::rename(tmp.path().join(&name), tmp.path().join("a")).unwrap();
        let Some(mut f) = create_at(held.as_fd(), Path::new(".")) else {
            return;
        };
        f.write_all(b"new").unwrap();
        link_at(&f, held.as_fd(), Path::new("a")).unwrap();
        assert_eq!(
            std::fs::read_to_string(tmp.path().join("a")).unwrap(),
            "new"
        );
        assert_eq!(names(tmp.path()), ["a"]);
    }
}
