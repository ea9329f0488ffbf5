//! Temporary files beside their target: a named `.sgfconv-*.tmp` file
//! renamed over the target, so that it exists whole or not at all,
//! whatever happens to the process. (`migrate` makes its own, relative to
//! directories held open: `src/migrate/fsat.rs`.)

use std::io;
use std::path::Path;
use tempfile::NamedTempFile;

/// Prefix and suffix of our temporary files: never taken for outputs, and
/// removed by the next run if a killed run left them behind.
pub const TEMP_PREFIX: &str = ".sgfconv-";
pub const TEMP_SUFFIX: &str = ".tmp";

/// Whether a file name is one of our temporary files.
pub fn is_temp_name(name: &[u8]) -> bool {
    name.starts_with(TEMP_PREFIX.as_bytes()) && name.ends_with(TEMP_SUFFIX.as_bytes())
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
