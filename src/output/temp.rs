//! Named temporary files beside their target (`.sgfconv-*.tmp`), renamed
//! over it when complete, and the signal handler's list of them (unnamed
//! files, Linux `O_TMPFILE`, are [`super::dir`]'s). Either way a target
//! exists whole or not at all, whatever happens to the process.
//!
//! An unnamed file leaves nothing behind, even after `SIGKILL`. A named one
//! made by [`Registered`] is listed while it lives, so that the command's
//! signal handler can remove it ([`remove_on_signal`]); the short windows in
//! which a finished output has a temporary name before its rename
//! ([`window`]) are waited for by that handler.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use tempfile::NamedTempFile;

/// Prefix and suffix of our temporary files: never taken for outputs;
/// `migrate` removes those a killed run left in its destination, a
/// conversion names those beside its output (`leftover_temporary_files`).
pub const TEMP_PREFIX: &str = ".sgfconv-";
pub const TEMP_SUFFIX: &str = ".tmp";

/// Whether a file name is one of our temporary files.
pub fn is_temp_name(name: &[u8]) -> bool {
    name.starts_with(TEMP_PREFIX.as_bytes()) && name.ends_with(TEMP_SUFFIX.as_bytes())
}

/// A fresh temporary file name (`.sgfconv-XXXXXXXXXXXX.tmp`).
pub fn temp_name() -> std::ffi::OsString {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u32(std::process::id());
    let n = h.finish() & 0xffff_ffff_ffff;
    format!("{TEMP_PREFIX}{n:012x}{TEMP_SUFFIX}").into()
}

/// A named temporary file in `dir` that will replace the file `replacing`
/// describes: it gets that file's mode, or, for a new file, the usual mode
/// of new files (0666 less the umask), not tempfile's private 0600.
pub fn named_temp_with_mode(
    dir: &Path,
    replacing: Option<&std::fs::Metadata>,
) -> io::Result<NamedTempFile> {
    let mut b = tempfile::Builder::new();
    b.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = replacing.map_or(0o666, |m| m.permissions().mode() & 0o7777);
        b.permissions(std::fs::Permissions::from_mode(mode));
    }
    #[cfg(not(unix))]
    let _ = replacing;
    b.tempfile_in(dir)
}

/// What runs once before this process first names a temporary file (the
/// command installs its signal handler then: a process that writes only
/// unnamed files or stdout starts no handler thread).
static BEFORE_FIRST: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();
static ARMED: std::sync::Once = std::sync::Once::new();

/// Sets what runs once before the first named temporary file of this
/// process (and before the first rename window): the command's signal
/// handler. Only the first call counts.
pub fn before_first_named_temp(f: fn()) {
    let _ = BEFORE_FIRST.set(f);
}

/// Runs [`before_first_named_temp`]'s function, the first time only.
fn arm() {
    ARMED.call_once(|| {
        if let Some(f) = BEFORE_FIRST.get() {
            f();
        }
    });
}

/// The named temporary files of this process that a signal must not leave
/// behind. Readers hold it through a short window in which a finished output
/// has a temporary name; the signal handler takes it for writing, so it waits
/// for those windows and no new one opens before the process ends.
static LIVE: RwLock<Vec<PathBuf>> = RwLock::new(Vec::new());

fn live() -> RwLockWriteGuard<'static, Vec<PathBuf>> {
    LIVE.write().unwrap_or_else(|e| e.into_inner())
}

/// Held while a finished output has a temporary name (linked under a
/// `.sgfconv-*.tmp` name, then renamed over its target): a signal that
/// arrives meanwhile is acted on once the rename is done.
pub fn window() -> RwLockReadGuard<'static, Vec<PathBuf>> {
    arm();
    LIVE.read().unwrap_or_else(|e| e.into_inner())
}

/// Removes this process's named temporary files, then runs `end` (which
/// ends the process: the command re-raises the signal) with no new one
/// able to appear. For a signal handler running on an ordinary thread.
pub fn remove_on_signal<R>(end: impl FnOnce() -> R) -> R {
    let mut files = live();
    for p in files.drain(..) {
        let _ = std::fs::remove_file(p);
    }
    end()
}

/// A named temporary file listed for [`remove_on_signal`] while it lives:
/// removed when dropped, renamed into place by [`Registered::persist`].
pub struct Registered(Option<NamedTempFile>);

impl Registered {
    /// [`named_temp_with_mode`], listed.
    pub fn new(dir: &Path, replacing: Option<&std::fs::Metadata>) -> io::Result<Registered> {
        arm();
        let mut files = live();
        let t = named_temp_with_mode(dir, replacing)?;
        files.push(t.path().to_path_buf());
        Ok(Registered(Some(t)))
    }

    /// The open file.
    pub fn file(&mut self) -> &mut File {
        self.0
            .as_mut()
            .expect("a live temporary file")
            .as_file_mut()
    }

    /// Renames the file over `target` (and unlists it).
    pub fn persist(mut self, target: &Path) -> io::Result<()> {
        let mut files = live();
        let t = self.0.take().expect("a live temporary file");
        let name = t.path().to_path_buf();
        files.retain(|p| *p != name);
        t.persist(target).map(|_| ()).map_err(|e| e.error)
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        if let Some(t) = self.0.take() {
            let mut files = live();
            files.retain(|p| p != t.path());
            drop(t);
        }
    }
}

impl io::Write for Registered {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.file().write(data)
    }

    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        self.file().write_all(data)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file().flush()
    }
}
