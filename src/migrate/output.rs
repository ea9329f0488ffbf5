//! Where converted bytes go: a buffer that becomes a temporary file in the
//! destination directory (renamed into place later), and the sink that taps
//! game facts and routes games to one output or one output per game.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{EncodingSource, Event, Moves, NodeRef};
use crate::options::Options;
use crate::sink::Sink;
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;
use std::rc::Rc;
use std::time::SystemTime;
use tempfile::{NamedTempFile, TempPath};

/// Prefix and suffix of our temporary files: never taken for outputs, and
/// removed by the next run if a killed run left them behind.
pub const TEMP_PREFIX: &str = ".sgfconv-";
pub const TEMP_SUFFIX: &str = ".tmp";

/// Bytes kept in memory before a temporary file is created: small outputs
/// cost one create, one write and one rename.
const SPILL_AT: usize = 1 << 20;

thread_local! {
    static BUFFERS: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

fn take_buffer() -> Vec<u8> {
    BUFFERS
        .with(|b| b.borrow_mut().pop())
        .unwrap_or_else(|| Vec::with_capacity(64 * 1024))
}

fn give_buffer(mut v: Vec<u8>) {
    if v.capacity() <= 4 * SPILL_AT {
        v.clear();
        BUFFERS.with(|b| b.borrow_mut().push(v));
    }
}

/// Whether a file name is one of our temporary files.
pub fn is_temp_name(name: &[u8]) -> bool {
    name.starts_with(TEMP_PREFIX.as_bytes()) && name.ends_with(TEMP_SUFFIX.as_bytes())
}

/// How outputs are written.
#[derive(Clone, Copy)]
pub struct WritePolicy<'a> {
    /// `None`: dry run, bytes are counted and dropped.
    pub dir: Option<&'a Path>,
    /// `dir` held open, when it is: unnamed files are created in it
    /// without walking its path again.
    pub handle: Option<&'a DirHandle>,
    pub fsync: bool,
    pub mtime: Option<SystemTime>,
    /// Linux: write into an unnamed file (`O_TMPFILE`) and link it into
    /// place; only for outputs placed right after they are written (each
    /// pending one holds a descriptor).
    pub anonymous: bool,
}

/// A finished output, not yet in place. Dropping it leaves nothing behind.
pub enum Pending {
    /// A `.sgfconv-*.tmp` file beside the output.
    Named(TempPath),
    /// An unnamed file in the output's directory (Linux `O_TMPFILE`).
    Anonymous(File),
}

impl Pending {
    /// Puts the output in place at `target`, atomically, replacing what is
    /// there.
    pub fn persist(self, target: &Path) -> io::Result<()> {
        self.persist_in(None, target)
    }

    /// [`Pending::persist`], with `target`'s directory held open in `dir`
    /// (then only `target`'s file name is looked up).
    pub fn persist_in(self, dir: Option<&DirHandle>, target: &Path) -> io::Result<()> {
        match self {
            Pending::Named(p) => p.persist(target).map(|_| ()).map_err(|e| e.error),
            Pending::Anonymous(f) => anonymous::link(&f, dir, target),
        }
    }
}

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

enum Temp {
    Named(NamedTempFile),
    Anonymous(File),
}

impl Temp {
    fn file(&self) -> &File {
        match self {
            Temp::Named(t) => t.as_file(),
            Temp::Anonymous(f) => f,
        }
    }
}

fn named_temp(dir: &Path) -> io::Result<NamedTempFile> {
    let mut b = tempfile::Builder::new();
    b.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    // Outputs get the usual mode of new files (0666 less the umask), not
    // tempfile's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    b.tempfile_in(dir)
}

#[cfg(target_os = "linux")]
mod anonymous {
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
                // Replacing an output: link under a temporary name, rename.
                let dir = target.parent().unwrap_or(Path::new("."));
                let tmp = tempfile::Builder::new()
                    .prefix(super::TEMP_PREFIX)
                    .suffix(super::TEMP_SUFFIX)
                    .make_in(dir, |p| linkat(f, None, p))?;
                tmp.persist(target).map(|_| ()).map_err(|e| e.error)
            }
            Err(e) => {
                WORKS.store(false, Ordering::Relaxed);
                copy_into_place(f, target).map_err(|_| e)
            }
        }
    }

    /// Last resort when linking fails (no `/proc`): copy into a named
    /// temporary file.
    fn copy_into_place(f: &File, target: &Path) -> io::Result<()> {
        use std::io::{Seek, SeekFrom};
        let dir = target.parent().unwrap_or(Path::new("."));
        let mut src = f.try_clone()?;
        src.seek(SeekFrom::Start(0))?;
        let mut tmp = super::named_temp(dir)?;
        io::copy(&mut src, tmp.as_file_mut())?;
        tmp.persist(target).map(|_| ()).map_err(|e| e.error)
    }
}

#[cfg(not(target_os = "linux"))]
mod anonymous {
    use super::DirHandle;
    use std::fs::File;
    use std::io;
    use std::path::Path;

    pub fn create(_dir: &Path, _handle: Option<&DirHandle>) -> Option<File> {
        None
    }

    pub fn link(_f: &File, _dir: Option<&DirHandle>, _target: &Path) -> io::Result<()> {
        Err(io::Error::other("unnamed temporary files are Linux only"))
    }
}

/// One output being written.
pub struct Spill<'a> {
    buf: Vec<u8>,
    file: Option<Temp>,
    policy: WritePolicy<'a>,
    pub written: u64,
}

impl<'a> Spill<'a> {
    pub fn new(policy: WritePolicy<'a>) -> Self {
        Spill {
            buf: take_buffer(),
            file: None,
            policy,
            written: 0,
        }
    }

    fn spill(&mut self) -> io::Result<()> {
        let Some(dir) = self.policy.dir else {
            self.buf.clear();
            return Ok(());
        };
        let file = match &mut self.file {
            Some(f) => f,
            None => {
                let anonymous = if self.policy.anonymous {
                    anonymous::create(dir, self.policy.handle)
                } else {
                    None
                };
                let t = match anonymous {
                    Some(f) => Temp::Anonymous(f),
                    None => Temp::Named(named_temp(dir)?),
                };
                self.file.insert(t)
            }
        };
        let mut f: &File = file.file();
        f.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Writes what is left: the output, to be put in place (`None` in a
    /// dry run). Dropping it deletes it.
    pub fn finish(mut self) -> io::Result<Option<Pending>> {
        self.spill()?;
        let Some(file) = self.file.take() else {
            return Ok(None);
        };
        if let Some(t) = self.policy.mtime {
            file.file().set_modified(t)?;
        }
        if self.policy.fsync {
            file.file().sync_all()?;
        }
        Ok(Some(match file {
            Temp::Named(t) => Pending::Named(t.into_temp_path()),
            Temp::Anonymous(f) => Pending::Anonymous(f),
        }))
    }
}

impl Drop for Spill<'_> {
    fn drop(&mut self) {
        give_buffer(std::mem::take(&mut self.buf));
    }
}

impl Write for Spill<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.written += data.len() as u64;
        if self.policy.dir.is_some() {
            self.buf.extend_from_slice(data);
            if self.buf.len() >= SPILL_AT {
                self.spill()?;
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A [`Spill`] shared between a writer (which owns a `Box<dyn Write>`) and
/// the router that finishes it.
struct Shared<'a>(Rc<RefCell<Spill<'a>>>);

impl Write for Shared<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().write(data)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Makes a writer of the target format on an output.
pub type WriterFn = for<'w> fn(Box<dyn Write + 'w>, &Options) -> Result<Box<dyn Sink + 'w>, Error>;

/// Facts about one game, tapped from its events.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFacts {
    pub encoding: &'static str,
    pub encoding_source: EncodingSource,
    pub confidence: f32,
    /// Root-node properties (identifier, first value), kept only when a
    /// name template needs them.
    pub root: Vec<(String, String)>,
}

enum Where {
    BeforeRoot,
    InRoot,
    Below,
}

/// A writer and the output it writes into.
type OpenOutput<'a> = (Box<dyn Sink + 'a>, Rc<RefCell<Spill<'a>>>);

/// The last sink of the chain: taps game facts and writes games to one
/// output (a collection stays a collection) or one output per game.
pub struct Router<'a> {
    writer: WriterFn,
    options: &'a Options,
    policy: WritePolicy<'a>,
    split: bool,
    keep_root: bool,
    current: Option<OpenOutput<'a>>,
    where_: Where,
    pub games: Vec<GameFacts>,
    pub outputs: Vec<Option<Pending>>,
    pub bytes_out: u64,
}

impl<'a> Router<'a> {
    pub fn new(
        writer: WriterFn,
        options: &'a Options,
        policy: WritePolicy<'a>,
        split: bool,
        keep_root: bool,
    ) -> Self {
        Router {
            writer,
            options,
            policy,
            split,
            keep_root,
            current: None,
            where_: Where::Below,
            games: Vec::new(),
            outputs: Vec::new(),
            bytes_out: 0,
        }
    }

    fn open(&mut self) -> Result<(), Error> {
        let spill = Rc::new(RefCell::new(Spill::new(self.policy)));
        let w = (self.writer)(Box::new(Shared(spill.clone())), self.options)?;
        self.current = Some((w, spill));
        Ok(())
    }

    fn close(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if let Some((mut w, spill)) = self.current.take() {
            w.finish(report)?;
            drop(w);
            let spill = Rc::try_unwrap(spill)
                .map_err(|_| Error::Io(io::Error::other("output still in use")))?
                .into_inner();
            self.bytes_out += spill.written;
            self.outputs.push(spill.finish()?);
        }
        Ok(())
    }
}

impl<'a> Router<'a> {
    /// The open output's writer, when what comes is below a game's root:
    /// whole nodes may then go straight to it.
    fn writer_below_root(&mut self) -> Option<&mut (dyn Sink + 'a)> {
        match (&self.where_, &mut self.current) {
            (Where::Below, Some((w, _))) => Some(&mut **w),
            _ => None,
        }
    }
}

impl Sink for Router<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                if self.current.is_none() || self.split {
                    self.close(report)?;
                    self.open()?;
                }
                self.games.push(GameFacts {
                    encoding: h.encoding,
                    encoding_source: h.encoding_source,
                    confidence: h.confidence,
                    root: Vec::new(),
                });
                self.where_ = Where::BeforeRoot;
            }
            Event::Node(_) => {
                self.where_ = match self.where_ {
                    Where::BeforeRoot => Where::InRoot,
                    _ => Where::Below,
                }
            }
            Event::VariationStart(_) => self.where_ = Where::Below,
            Event::Property(p) if self.keep_root && matches!(self.where_, Where::InRoot) => {
                if let Some(g) = self.games.last_mut() {
                    if !g.root.iter().any(|(k, _)| k == p.name) {
                        let v = p.first_text().unwrap_or("");
                        g.root.push((p.name.to_string(), v.to_string()));
                    }
                }
            }
            _ => {}
        }
        if self.current.is_none() {
            // Events before any game: a writer would not know what to do.
            self.open()?;
        }
        if let Some((w, _)) = &mut self.current {
            w.event(event, report)?;
        }
        if self.split && matches!(event, Event::GameEnd(_)) {
            self.close(report)?;
        }
        Ok(())
    }

    /// A whole node goes on whole (the writer's fast path); only the root's
    /// properties are looked at.
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        match self.writer_below_root() {
            Some(w) => w.node(node, report),
            None => crate::sink::node_as_events(self, node, report),
        }
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        match self.writer_below_root() {
            Some(w) => w.moves(moves, report),
            None => crate::sink::moves_as_nodes(self, moves, report),
        }
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.close(report)
    }
}
