//! Temporary files beside their target, and putting them in place: a
//! named `.sgfconv-*.tmp` file renamed over the target, or (Linux) an
//! unnamed `O_TMPFILE` file linked into place. Either way a target exists
//! whole or not at all, whatever happens to the process.

use super::dir::{anonymous, DirHandle};
use std::fs::File;
use std::io;
use std::path::Path;
use tempfile::{NamedTempFile, TempPath};

/// Prefix and suffix of our temporary files: never taken for outputs, and
/// removed by the next run if a killed run left them behind.
pub const TEMP_PREFIX: &str = ".sgfconv-";
pub const TEMP_SUFFIX: &str = ".tmp";

/// Whether a file name is one of our temporary files.
pub fn is_temp_name(name: &[u8]) -> bool {
    name.starts_with(TEMP_PREFIX.as_bytes()) && name.ends_with(TEMP_SUFFIX.as_bytes())
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

/// A named temporary file in `dir`, with the usual mode of new files.
pub fn named_temp(dir: &Path) -> io::Result<NamedTempFile> {
    named_temp_with_mode(dir, None)
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
