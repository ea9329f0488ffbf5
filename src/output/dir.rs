//! Unnamed files (Linux `O_TMPFILE`) linked into place when complete: what
//! [`AtomicFile`](super::AtomicFile) writes, so that a killed conversion
//! leaves nothing behind.

#[cfg(target_os = "linux")]
pub(crate) mod anonymous {
    //! `O_TMPFILE` + `linkat`: the output has no name until it is complete,
    //! so a killed run leaves nothing at all, and the directory is changed
    //! once per output instead of three times (create, rename's unlink and
    //! link), which is most of the cost of small files.

    use std::ffi::CString;
    use std::fs::{File, OpenOptions};
    use std::io;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;
    use std::path::Path;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Cleared at the first failure (file system or kernel without
    /// `O_TMPFILE`, no `/proc`): named temporary files from then on.
    static WORKS: AtomicBool = AtomicBool::new(true);

    /// Cleared when `linkat(fd, "", ..., AT_EMPTY_PATH)` is refused (kernels
    /// before 6.10 without `CAP_DAC_READ_SEARCH`): `/proc/self/fd` from then on.
    static EMPTY_PATH_WORKS: AtomicBool = AtomicBool::new(true);

    /// Named temporary files from now on (tests of the fallback).
    pub fn disable() {
        WORKS.store(false, Ordering::Relaxed);
    }

    /// An unnamed file in `dir`; `None` where that is not supported (then
    /// never tried again in this process).
    pub fn create(dir: &Path) -> Option<File> {
        if !WORKS.load(Ordering::Relaxed) {
            return None;
        }
        let opened = OpenOptions::new()
            .read(true)
            .write(true)
            .mode(0o666)
            .custom_flags(libc::O_TMPFILE)
            .open(dir);
        match opened {
            Ok(f) => Some(f),
            Err(_) => {
                WORKS.store(false, Ordering::Relaxed);
                None
            }
        }
    }

    fn check(r: libc::c_int) -> io::Result<()> {
        if r == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }

    /// Links the unnamed file `f` as `target`.
    fn linkat(f: &File, target: &Path) -> io::Result<()> {
        let (dirfd, to) = (libc::AT_FDCWD, CString::new(target.as_os_str().as_bytes())?);
        if EMPTY_PATH_WORKS.load(Ordering::Relaxed) {
            // SAFETY: valid descriptors and NUL-terminated strings.
            let r = unsafe {
                libc::linkat(
                    f.as_raw_fd(),
                    c"".as_ptr(),
                    dirfd,
                    to.as_ptr(),
                    libc::AT_EMPTY_PATH,
                )
            };
            match check(r) {
                Err(e) if matches!(e.raw_os_error(), Some(libc::ENOENT | libc::EPERM)) => {
                    EMPTY_PATH_WORKS.store(false, Ordering::Relaxed);
                }
                other => return other,
            }
        }
        let from = CString::new(format!("/proc/self/fd/{}", f.as_raw_fd()))?;
        // SAFETY: valid descriptors and NUL-terminated strings.
        check(unsafe {
            libc::linkat(
                libc::AT_FDCWD,
                from.as_ptr(),
                dirfd,
                to.as_ptr(),
                libc::AT_SYMLINK_FOLLOW,
            )
        })
    }

    /// Puts the unnamed file `f` in place as `target`, replacing what is
    /// there.
    pub fn link(f: &File, target: &Path) -> io::Result<()> {
        match linkat(f, target) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                // Replacing an output: link under a temporary name, rename
                // (a signal meanwhile waits for the rename).
                let _window = crate::output::temp::window();
                let dir = parent(target);
                let tmp = tempfile::Builder::new()
                    .prefix(crate::output::temp::TEMP_PREFIX)
                    .suffix(crate::output::temp::TEMP_SUFFIX)
                    .make_in(dir, |p| linkat(f, p))?;
                tmp.persist(target).map(|_| ()).map_err(|e| e.error)
            }
            Err(e) => {
                WORKS.store(false, Ordering::Relaxed);
                let _window = crate::output::temp::window();
                copy_into_place(f, target).map_err(|_| e)
            }
        }
    }

    /// The directory `target` is in (`.` for a bare file name).
    fn parent(target: &Path) -> &Path {
        match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        }
    }

    /// Last resort when linking fails (no `/proc`): copy into a named
    /// temporary file.
    fn copy_into_place(f: &File, target: &Path) -> io::Result<()> {
        use std::io::{Seek, SeekFrom};
        let dir = parent(target);
        let mut src = f.try_clone()?;
        src.seek(SeekFrom::Start(0))?;
        let mut tmp = crate::output::temp::named_temp(dir)?;
        io::copy(&mut src, tmp.as_file_mut())?;
        tmp.persist(target).map(|_| ()).map_err(|e| e.error)
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) mod anonymous {
    use std::fs::File;
    use std::io;
    use std::path::Path;

    pub fn disable() {}

    pub fn create(_dir: &Path) -> Option<File> {
        None
    }

    pub fn link(_f: &File, _target: &Path) -> io::Result<()> {
        Err(io::Error::other("unnamed temporary files are Linux only"))
    }
}
