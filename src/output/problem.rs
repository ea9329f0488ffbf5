//! What went wrong with an output, said of the output: `x.sgf: directory
//! does not exist`, never the `.sgfconv-*.tmp` name of the temporary file
//! that was being made beside it, nor the input's name.
//!
//! The errors of the file system (those of `tempfile`, `O_TMPFILE`, `link`,
//! `write`) carry the temporary file's path or none; [`output_error`] keeps
//! only their kind and says it in words a user can act on, with what the
//! file system shows of the output's directory (missing, a file, a
//! directory given as the output).

use crate::error::Error;
use rustix::io::Errno;
use std::io;
use std::path::Path;

/// The error of the output `path`: [`Error::Output`], naming `path` and
/// saying what went wrong without the temporary file's name.
pub fn output_error(path: &Path, e: io::Error) -> Error {
    if super::is_stdout(path) {
        return output_error(Path::new(super::STDOUT_NAME), e);
    }
    Error::Output {
        path: path.to_path_buf(),
        kind: e.kind(),
        message: describe(path, &e),
    }
}

/// The operating system's error number of `e`, or the one its kind
/// stands for when it is wrapped (`tempfile` wraps its errors with the
/// temporary path, keeping the kind).
fn errno(e: &io::Error) -> Option<Errno> {
    if let Some(n) = e.raw_os_error() {
        return Some(Errno::from_raw_os_error(n));
    }
    use io::ErrorKind as K;
    Some(match e.kind() {
        K::NotFound => Errno::NOENT,
        K::PermissionDenied => Errno::ACCESS,
        K::NotADirectory => Errno::NOTDIR,
        K::IsADirectory => Errno::ISDIR,
        K::ReadOnlyFilesystem => Errno::ROFS,
        K::StorageFull => Errno::NOSPC,
        K::FileTooLarge => Errno::FBIG,
        K::BrokenPipe => Errno::PIPE,
        _ => return None,
    })
}

/// The advice for a directory given where a file is expected.
pub const IS_A_DIRECTORY: &str = "is a directory: name a file, or use -d DIR for one \
     output per input (a whole tree: sgfconv migrate SRC DST)";

/// What went wrong with the output `path`, in words.
fn describe(path: &Path, e: &io::Error) -> String {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if e.to_string() == super::SYMBOLIC_LINK {
        return super::SYMBOLIC_LINK.into();
    }
    if path.is_dir() || e.to_string() == "is a directory" {
        return IS_A_DIRECTORY.into();
    }
    match errno(e) {
        Some(Errno::NOENT) if !dir.exists() => match blocking_file(dir) {
            Some(f) => format!("{} is not a directory", f.display()),
            None => "directory does not exist".into(),
        },
        Some(Errno::NOENT) => "no file can be created in that directory".into(),
        Some(Errno::NOTDIR) => match blocking_file(dir) {
            Some(f) => format!("{} is not a directory", f.display()),
            None => "a part of the path is not a directory".into(),
        },
        Some(Errno::ACCESS | Errno::PERM) => permission_denied(path, dir),
        Some(Errno::ROFS) => "read-only file system".into(),
        Some(Errno::NOSPC) => "no space left on device".into(),
        Some(Errno::DQUOT) => "disk quota exceeded".into(),
        Some(Errno::FBIG) => "file too large for the file system".into(),
        Some(Errno::NAMETOOLONG) => "file name too long".into(),
        Some(Errno::ISDIR) => IS_A_DIRECTORY.into(),
        Some(Errno::PIPE) => "broken pipe (the reader went away)".into(),
        Some(Errno::IO) => "input/output error on the device".into(),
        Some(n) => lower_first(&io::Error::from_raw_os_error(n.raw_os_error()).to_string()),
        None => lower_first(&e.kind().to_string()),
    }
}

/// `permission denied`, and whether it is the file or its directory.
fn permission_denied(path: &Path, dir: &Path) -> String {
    if path.exists() {
        format!(
            "permission denied (it is replaced through a new file beside it, and none \
             can be created in {})",
            dir.display()
        )
    } else {
        format!(
            "permission denied (no file can be created in {})",
            dir.display()
        )
    }
}

/// The first existing ancestor of `dir` that is not a directory (a file
/// used as a directory on the path).
fn blocking_file(dir: &Path) -> Option<&Path> {
    dir.ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| a.symlink_metadata().is_ok())
        .filter(|a| !a.is_dir())
}

/// `No such file…` → `no such file…`, without ` (os error N)`.
fn lower_first(s: &str) -> String {
    let s = s.split(" (os error").next().unwrap_or(s);
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(path: &Path, e: io::Error) -> String {
        output_error(path, e).to_string()
    }

    #[test]
    fn each_kind_is_said_of_the_output_without_a_temporary_name() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("x.sgf");
        let wrapped = |n: Errno| {
            let inner = io::Error::from_raw_os_error(n.raw_os_error());
            io::Error::new(
                inner.kind(),
                format!(
                    "{inner} at path \"{}/.sgfconv-ab.tmp\"",
                    tmp.path().display()
                ),
            )
        };
        for (n, want) in [
            (Errno::ROFS, "read-only file system"),
            (Errno::NOSPC, "no space left on device"),
            (Errno::DQUOT, "disk quota exceeded"),
            (
                Errno::ACCESS,
                "permission denied (no file can be created in",
            ),
        ] {
            let direct = said(&out, io::Error::from_raw_os_error(n.raw_os_error()));
            assert!(
                direct.starts_with(&format!("{}: ", out.display())),
                "{direct}"
            );
            assert!(direct.contains(want), "{direct}");
            // The kind of a wrapped error is enough.
            let w = said(&out, wrapped(n));
            assert!(!w.contains(".sgfconv-"), "{w}");
            if n != Errno::DQUOT {
                assert_eq!(w, direct);
            }
        }
        std::fs::write(&out, "old").unwrap();
        let e = said(
            &out,
            io::Error::from_raw_os_error(Errno::ACCESS.raw_os_error()),
        );
        assert!(e.contains("replaced through a new file beside it"), "{e}");
        let missing = tmp.path().join("no/dir/x.sgf");
        let e = said(&missing, io::Error::from_raw_os_error(2));
        assert_eq!(
            e,
            format!("{}: directory does not exist", missing.display())
        );
        std::fs::write(tmp.path().join("file"), "").unwrap();
        let under_file = tmp.path().join("file/x.sgf");
        let e = said(&under_file, io::Error::from_raw_os_error(20));
        assert!(e.ends_with("file is not a directory"), "{e}");
        let e = said(tmp.path(), io::Error::other("is a directory"));
        assert!(
            e.contains("is a directory: name a file, or use -d DIR"),
            "{e}"
        );
        assert!(e.contains("sgfconv migrate"), "{e}");
    }
}
