//! Directories held open, and unnamed files created in them (Linux): files
//! are created, opened and linked relative to a directory that was checked,
//! so that its path is not walked (and no symbolic link in it followed)
//! again for each file.

use std::fs::File;
use std::io;
use std::path::Path;
use std::time::SystemTime;

/// A directory held open (Linux): files are created, opened and linked
/// relative to it, so its path is not walked again for each file. Opened
/// with `O_PATH | O_NOFOLLOW`: it is the directory that was checked, even if
/// its path is changed afterwards.
pub struct DirHandle {
    #[cfg(target_os = "linux")]
    fd: std::os::fd::OwnedFd,
}

impl DirHandle {
    /// `None` when the directory cannot be opened (or off Linux): callers
    /// then use paths.
    pub fn open(path: &Path) -> Option<DirHandle> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::{FromRawFd, OwnedFd};
            use std::os::unix::ffi::OsStrExt;
            let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
            // SAFETY: `c` is a valid NUL-terminated string; the descriptor
            // returned is owned by nothing else.
            let fd = unsafe {
                libc::open(
                    c.as_ptr(),
                    libc::O_PATH | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC,
                )
            };
            // SAFETY: `fd` is a descriptor we just opened.
            (fd >= 0).then(|| DirHandle {
                fd: unsafe { OwnedFd::from_raw_fd(fd) },
            })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = path;
            None
        }
    }

    /// The modification time of the entry `name` of this directory (of what
    /// it links to when `follow`).
    pub fn modified(&self, name: &std::ffi::OsStr, follow: bool) -> io::Result<SystemTime> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            use std::os::unix::ffi::OsStrExt;
            use std::time::{Duration, UNIX_EPOCH};
            let c = std::ffi::CString::new(name.as_bytes())?;
            let flags = if follow { 0 } else { libc::AT_SYMLINK_NOFOLLOW };
            let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
            // SAFETY: valid descriptor, NUL-terminated string, and a buffer
            // the size of `struct stat`, filled when the call succeeds.
            let r =
                unsafe { libc::fstatat(self.fd.as_raw_fd(), c.as_ptr(), st.as_mut_ptr(), flags) };
            if r != 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: `fstatat` succeeded, so `st` is initialised.
            let st = unsafe { st.assume_init() };
            #[allow(clippy::useless_conversion)] // `time_t` is 32 bits on some targets
            let secs: i64 = st.st_mtime.into();
            let nanos = u32::try_from(st.st_mtime_nsec).unwrap_or(0);
            Ok(if secs >= 0 {
                UNIX_EPOCH + Duration::new(secs.unsigned_abs(), nanos)
            } else {
                UNIX_EPOCH - Duration::new(secs.unsigned_abs(), 0) + Duration::new(0, nanos)
            })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = (name, follow);
            Err(io::Error::other("directory handles are Linux only"))
        }
    }

    /// Opens the file `name` of this directory for reading; never follows a
    /// symbolic link.
    pub fn open_file(&self, name: &std::ffi::OsStr) -> io::Result<File> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::{AsRawFd, FromRawFd};
            use std::os::unix::ffi::OsStrExt;
            let c = std::ffi::CString::new(name.as_bytes())?;
            // SAFETY: valid descriptor and NUL-terminated string.
            let fd = unsafe {
                libc::openat(
                    self.fd.as_raw_fd(),
                    c.as_ptr(),
                    libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_CLOEXEC,
                )
            };
            if fd < 0 {
                return Err(io::Error::last_os_error());
            }
            // SAFETY: `fd` is a descriptor we just opened and own.
            Ok(unsafe { File::from_raw_fd(fd) })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = name;
            Err(io::Error::other("directory handles are Linux only"))
        }
    }
}

#[cfg(target_os = "linux")]
pub(crate) mod anonymous {
    //! `O_TMPFILE` + `linkat`: the output has no name until it is complete,
    //! so a killed run leaves nothing at all, and the directory is changed
    //! once per output instead of three times (create, rename's unlink and
    //! link), which is most of the cost of small files.

    use super::DirHandle;
    use std::ffi::CString;
    use std::fs::{File, OpenOptions};
    use std::io;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::{AsRawFd, FromRawFd};
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

    pub fn create(dir: &Path, handle: Option<&DirHandle>) -> Option<File> {
        if !WORKS.load(Ordering::Relaxed) {
            return None;
        }
        let opened = match handle {
            Some(h) => {
                // SAFETY: valid descriptor and NUL-terminated string.
                let fd = unsafe {
                    libc::openat(
                        h.fd.as_raw_fd(),
                        c".".as_ptr(),
                        libc::O_TMPFILE | libc::O_RDWR | libc::O_CLOEXEC,
                        0o666 as libc::c_uint,
                    )
                };
                if fd >= 0 {
                    // SAFETY: `fd` is a descriptor we just opened and own.
                    Ok(unsafe { File::from_raw_fd(fd) })
                } else {
                    Err(io::Error::last_os_error())
                }
            }
            None => OpenOptions::new()
                .read(true)
                .write(true)
                .mode(0o666)
                .custom_flags(libc::O_TMPFILE)
                .open(dir),
        };
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

    /// Links the unnamed file `f` as `target`, or as `target`'s file name in
    /// `dir` when the directory is held open.
    fn linkat(f: &File, dir: Option<&DirHandle>, target: &Path) -> io::Result<()> {
        let (dirfd, to) = match (dir, target.file_name()) {
            (Some(h), Some(name)) => (h.fd.as_raw_fd(), CString::new(name.as_bytes())?),
            _ => (libc::AT_FDCWD, CString::new(target.as_os_str().as_bytes())?),
        };
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

    pub fn link(f: &File, dir: Option<&DirHandle>, target: &Path) -> io::Result<()> {
        match linkat(f, dir, target) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                // Replacing an output: link under a temporary name, rename
                // (a signal meanwhile waits for the rename).
                let _window = crate::output::temp::window();
                let dir = parent(target);
                let tmp = tempfile::Builder::new()
                    .prefix(crate::output::temp::TEMP_PREFIX)
                    .suffix(crate::output::temp::TEMP_SUFFIX)
                    .make_in(dir, |p| linkat(f, None, p))?;
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
    use super::DirHandle;
    use std::fs::File;
    use std::io;
    use std::path::Path;

    pub fn disable() {}

    pub fn create(_dir: &Path, _handle: Option<&DirHandle>) -> Option<File> {
        None
    }

    pub fn link(_f: &File, _dir: Option<&DirHandle>, _target: &Path) -> io::Result<()> {
        Err(io::Error::other("unnamed temporary files are Linux only"))
    }
}
