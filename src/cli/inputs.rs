//! The inputs of one run of the command: the paths on the command line,
//! the records under directories with `-r`, and the names listed in a file
//! with `--files-from` (`-` for stdin, `-0` for NUL-separated names as `fd
//! -0` and `find -print0` write them).
//!
//! Directories are walked in name order, without following symbolic links
//! to directories, and only the files whose name says a format
//! ([`Format::from_path`], the registry's one rule: any case, `.SGF` too,
//! and a suffix that names nothing looked through, `x.gib.bak`) or an
//! archive are taken; the others are counted, so the command can say how
//! many it left. The output directory (`-d DIR`) is never walked: with
//! DIR inside a directory read with `-r`, a second run does not read the
//! first one's outputs. Each input keeps the name it will be shown under and, for
//! `-d DIR`, the relative path its output takes there
//! ([`sgfconv::batch::Input`]).

use sgfconv::archive::names::has_archive_extension;
use sgfconv::batch::Input;
use sgfconv::formats::Format;
use std::ffi::OsStr;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// How the inputs were named.
#[derive(Clone, Debug, Default)]
pub struct Sources<'a> {
    /// The paths given (`-` for stdin).
    pub paths: &'a [PathBuf],
    /// `-r`: a directory stands for the records under it.
    pub recursive: bool,
    /// `--files-from FILE` (`-`: stdin).
    pub files_from: Option<&'a Path>,
    /// `-0`: the list is NUL-separated.
    pub null: bool,
    /// The output directory (`-d`): not walked.
    pub out_dir: Option<&'a Path>,
}

/// The inputs, and how many files under the directories were left because
/// their extension names no format.
#[derive(Debug, Default)]
pub struct Gathered {
    /// In the order given; a directory's files in name order.
    pub inputs: Vec<Input>,
    /// Files under `-r` directories that are not records.
    pub skipped: usize,
}

/// Gathers the inputs; with no path and no list, stdin. An error names
/// what could not be used (a directory without `-r`, an unreadable list,
/// stdin both listed and read).
pub fn gather(src: &Sources<'_>) -> Result<Gathered, String> {
    let mut names: Vec<PathBuf> = src.paths.to_vec();
    if let Some(list) = src.files_from {
        if list == Path::new("-") && names.iter().any(|p| p == Path::new("-")) {
            return Err(
                "--files-from - reads the list from stdin: stdin cannot be an input too".into(),
            );
        }
        names.extend(read_list(list, src.null)?);
    }
    let mut out = Gathered::default();
    if names.is_empty() && src.files_from.is_none() {
        out.inputs.push(Input::stdin());
        return Ok(out);
    }
    let out_dir = src.out_dir.and_then(|d| d.canonicalize().ok());
    for p in names {
        add_path(&p, src.recursive, out_dir.as_deref(), &mut out)?;
    }
    Ok(out)
}

/// The names in a `--files-from` list: one per line (blank lines and a
/// trailing CR ignored), or NUL-separated with `-0`.
fn read_list(list: &Path, null: bool) -> Result<Vec<PathBuf>, String> {
    let mut bytes = Vec::new();
    let read = if list == Path::new("-") {
        io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("--files-from {}: {e}", list.display()))?;
    Ok(split_list(&bytes, null))
}

fn split_list(bytes: &[u8], null: bool) -> Vec<PathBuf> {
    let sep = if null { b'\0' } else { b'\n' };
    bytes
        .split(|b| *b == sep)
        .map(|l| {
            if null {
                l
            } else {
                l.strip_suffix(b"\r").unwrap_or(l)
            }
        })
        .filter(|l| !l.is_empty())
        .map(path_of_bytes)
        .collect()
}

#[cfg(unix)]
fn path_of_bytes(b: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(OsStr::from_bytes(b))
}

#[cfg(not(unix))]
fn path_of_bytes(b: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(b).into_owned())
}

/// One named path: stdin, a file, or (with `-r`) a directory's records
/// but those under `out_dir` (canonical).
fn add_path(
    p: &Path,
    recursive: bool,
    out_dir: Option<&Path>,
    out: &mut Gathered,
) -> Result<(), String> {
    if p == Path::new("-") {
        out.inputs.push(Input::stdin());
        return Ok(());
    }
    let is_dir = std::fs::metadata(p).map(|m| m.is_dir()).unwrap_or(false);
    if !is_dir {
        out.inputs.push(Input::file(p));
        return Ok(());
    }
    if !recursive {
        return Err(format!(
            "{}: is a directory (-r reads the records under it)",
            p.display()
        ));
    }
    walk(p, out_dir, out)
}

/// The records under directory `root`, in name order, but those under
/// `out_dir` (canonical).
fn walk(root: &Path, out_dir: Option<&Path>, out: &mut Gathered) -> Result<(), String> {
    let walker = walkdir::WalkDir::new(root)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !is_out_dir(e, out_dir));
    for entry in walker {
        let entry = entry.map_err(|e| walk_error(root, &e))?;
        let kind = entry.file_type();
        let is_file = kind.is_file()
            || (kind.is_symlink() && entry.path().metadata().is_ok_and(|m| m.is_file()));
        if !is_file {
            continue;
        }
        if !taken(entry.path()) {
            out.skipped += 1;
            continue;
        }
        out.inputs.push(Input::found(root, entry.path()));
    }
    Ok(())
}

/// Whether the walk's `entry` is the output directory `out_dir`
/// (canonical): a directory below the root of that name and place.
fn is_out_dir(entry: &walkdir::DirEntry, out_dir: Option<&Path>) -> bool {
    let Some(dir) = out_dir else {
        return false;
    };
    entry.depth() > 0
        && entry.file_type().is_dir()
        && Some(entry.file_name()) == dir.file_name()
        && entry.path().canonicalize().is_ok_and(|p| p == dir)
}

fn walk_error(root: &Path, e: &walkdir::Error) -> String {
    match e.path() {
        Some(p) => format!(
            "{}: {}",
            p.display(),
            e.io_error()
                .map_or_else(|| e.to_string(), |i| i.to_string())
        ),
        None => format!("{}: {e}", root.display()),
    }
}

/// Whether `-r` takes a file: its name says a format or an archive
/// (`.zip`, `.tar.gz`, `.7z`, `.sgf.gz`, `.ugz`…; what an archive holds is
/// told by its content).
fn taken(path: &Path) -> bool {
    Format::from_path(path).is_some() || has_archive_extension(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_split_on_lines_or_nul() {
        let l = split_list(b"a.sgf\r\n\nb c.gib\n", false);
        assert_eq!(l, vec![PathBuf::from("a.sgf"), PathBuf::from("b c.gib")]);
        let l = split_list(b"a\nb.sgf\0c.sgf\0", true);
        assert_eq!(l, vec![PathBuf::from("a\nb.sgf"), PathBuf::from("c.sgf")]);
    }

    #[test]
    fn r_takes_what_the_name_says_is_a_record_or_an_archive() {
        for name in [
            "a/B.SGF",
            "x.Gib",
            "x.gib.dll",
            "x.sgf.orig",
            "k.TAR.GZ",
            "g.ugz",
        ] {
            assert!(taken(Path::new(name)), "{name}");
        }
        for name in ["notes.txt", "noext", ".zip", "a.tar.bak"] {
            assert!(!taken(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn directories_need_r_and_give_their_records_in_order() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir(d.path().join("sub")).unwrap();
        for n in ["b.sgf", "A.SGF", "sub/c.gib", "readme.txt", "sub/d.TAR.GZ"] {
            std::fs::write(d.path().join(n), "(;)").unwrap();
        }
        let paths = [d.path().to_path_buf()];
        let src = Sources {
            paths: &paths,
            ..Default::default()
        };
        assert!(gather(&src).unwrap_err().contains("-r"));
        let src = Sources {
            recursive: true,
            ..src
        };
        let g = gather(&src).unwrap();
        let rel: Vec<_> = g.inputs.iter().map(|i| i.rel.clone()).collect();
        assert_eq!(
            rel,
            vec![
                PathBuf::from("A.SGF"),
                PathBuf::from("b.sgf"),
                PathBuf::from("sub/c.gib"),
                PathBuf::from("sub/d.TAR.GZ")
            ]
        );
        assert_eq!(g.skipped, 1);
    }

    #[cfg(unix)]
    #[test]
    fn links_to_directories_are_not_followed_but_links_to_files_are() {
        let d = tempfile::tempdir().unwrap();
        let other = tempfile::tempdir().unwrap();
        std::fs::write(other.path().join("far.sgf"), "(;)").unwrap();
        std::fs::create_dir(d.path().join("in")).unwrap();
        std::os::unix::fs::symlink(other.path(), d.path().join("in/linked")).unwrap();
        std::os::unix::fs::symlink(other.path().join("far.sgf"), d.path().join("in/near.sgf"))
            .unwrap();
        let paths = [d.path().join("in")];
        let src = Sources {
            paths: &paths,
            recursive: true,
            ..Default::default()
        };
        let g = gather(&src).unwrap();
        let rel: Vec<_> = g.inputs.iter().map(|i| i.rel.clone()).collect();
        assert_eq!(rel, vec![PathBuf::from("near.sgf")]);
    }
}
