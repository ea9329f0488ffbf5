//! The one output layer: every file sgfconv writes (a conversion's output,
//! the games table of `--games-csv`, `migrate`'s outputs and its report)
//! is written here, to a temporary file beside its target that is put in
//! place only when the writing succeeded, and never onto one of the run's
//! inputs.
//!
//! - [`Guard`] knows the run's inputs by identity (device and inode, as
//!   `cat` compares them), not by path: an output that is an input under
//!   another name, through a link, or as the standard input or output, is
//!   refused before anything is read or written.
//! - [`AtomicFile`] writes one file: a regular file (or a new one) is
//!   replaced when [`AtomicFile::commit`] is called, and left untouched when
//!   it is not (an error, a panic, a signal); a device or a pipe
//!   (`/dev/null`, `/dev/stdout`, a FIFO) is written in place and never
//!   replaced; a symbolic link to anything else is refused, never written
//!   through nor replaced; the name `-` is the standard output ([`is_stdout`]),
//!   wherever a file name is taken. The bytes go to an unnamed file (Linux `O_TMPFILE`) linked
//!   into place, so that nothing is left whatever ends the process; else to
//!   a named one that [`remove_on_signal`] removes.
//! - `dir` (crate-private) makes the unnamed files and links them into
//!   place, by path for [`AtomicFile`] and relative to a directory held
//!   open for `migrate`'s many outputs (rustix, no `unsafe`); it also makes
//!   `migrate`'s named temporary files. `temp` has the named files of
//!   [`AtomicFile`]'s fallback and the signal handler's list of them.
//! - [`template`] makes output names from game info (`--name`), for
//!   `migrate` and `-d DIR` alike.

pub(crate) mod dir;
mod problem;
pub(crate) mod temp;
pub mod template;

pub use problem::{output_error, IS_A_DIRECTORY};

use crate::error::Error;
use std::fs::{File, Metadata};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Whether an output's name is `-`: the standard output, wherever a file
/// name is taken (`-o -`, `--games-csv -`, `migrate --report -`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages name the standard output.
pub const STDOUT_NAME: &str = "<stdout>";

/// A file's identity: its device and inode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    /// The identity of the file `meta` describes (`None` off Unix).
    pub fn of(meta: &Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(FileId {
                dev: meta.dev(),
                ino: meta.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            None
        }
    }

    /// The identity of the file at `path`, links followed.
    pub fn of_path(path: &Path) -> Option<FileId> {
        std::fs::metadata(path).ok().and_then(|m| FileId::of(&m))
    }

    /// The identity of the standard input or output (`fd` 0 or 1) when it
    /// is a regular file; a terminal or a pipe has none that matters.
    pub fn of_std(fd: i32) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            let fd = match fd {
                0 => io::stdin().as_fd().try_clone_to_owned(),
                1 => io::stdout().as_fd().try_clone_to_owned(),
                _ => return None,
            };
            let meta = File::from(fd.ok()?).metadata().ok()?;
            meta.is_file().then(|| FileId::of(&meta)).flatten()
        }
        #[cfg(not(unix))]
        {
            let _ = fd;
            None
        }
    }
}

/// The inputs of a run, by identity: what no output may be.
#[derive(Clone, Debug, Default)]
pub struct Guard {
    inputs: Vec<(FileId, String)>,
}

impl Guard {
    /// A guard with no input yet.
    pub fn new() -> Self {
        Guard::default()
    }

    /// Adds an input read from `path` (or from the standard input for
    /// `None`); named `name` in messages.
    pub fn add_input(&mut self, path: Option<&Path>, name: &str) {
        let id = match path {
            Some(p) => FileId::of_path(p),
            None => FileId::of_std(0),
        };
        if let Some(id) = id {
            self.inputs.push((id, name.to_owned()));
        }
    }

    /// The input that the file `id` is, if any.
    fn input_named(&self, id: FileId) -> Option<&str> {
        self.inputs
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.as_str())
    }

    /// Refuses `path` as an output when it is (or links to) an input (`-`:
    /// the standard output, [`Guard::check_stdout`]).
    pub fn check_output(&self, path: &Path, what: &str) -> Result<(), Error> {
        if is_stdout(path) {
            return self.check_stdout();
        }
        match FileId::of_path(path).and_then(|id| self.input_named(id)) {
            None => Ok(()),
            Some(input) => Err(Error::Usage(format!(
                "{what} {} is the input {input}: sgfconv never writes over its input",
                path.display()
            ))),
        }
    }

    /// Refuses the standard output when it is a file that is an input
    /// (`sgfconv in.sgf >> in.sgf`).
    pub fn check_stdout(&self) -> Result<(), Error> {
        match FileId::of_std(1).and_then(|id| self.input_named(id)) {
            None => Ok(()),
            Some(input) => Err(Error::Usage(format!(
                "the standard output is the input {input}: sgfconv never writes over its input"
            ))),
        }
    }
}

/// Where an [`AtomicFile`]'s bytes go.
enum Target {
    /// An unnamed file in the target's directory (Linux `O_TMPFILE`),
    /// linked into place on commit: a killed run leaves nothing.
    Unnamed(BufWriter<File>, PathBuf),
    /// A `.sgfconv-*.tmp` file beside the target, renamed over it on
    /// commit; removed by the command's signal handler.
    Temp(BufWriter<temp::Registered>, PathBuf),
    /// A device or a pipe, written in place.
    InPlace(BufWriter<File>),
    /// The standard output (the name `-`), written as it comes.
    Stdout(BufWriter<io::Stdout>),
}

/// One output file, written through a temporary file beside it and put in
/// place by [`AtomicFile::commit`]; dropped without a commit, it leaves the
/// target as it was.
pub struct AtomicFile {
    target: Target,
}

/// The buffer of every output file.
const BUFFER: usize = 64 * 1024;

impl AtomicFile {
    /// Starts writing `path`. An existing file is replaced with the mode
    /// it had; a device or a pipe is opened and written in place (also
    /// through a symbolic link: `/dev/stdout`); a symbolic link to
    /// anything else (a file, a directory, nothing) is refused
    /// ([`SYMBOLIC_LINK`]): never written through, never replaced; `-` is
    /// the standard output.
    pub fn create(path: &Path) -> io::Result<AtomicFile> {
        if is_stdout(path) {
            return Ok(AtomicFile {
                target: Target::Stdout(BufWriter::with_capacity(BUFFER, io::stdout())),
            });
        }
        let existing = std::fs::metadata(path).ok();
        if is_link_to_a_file(path, existing.as_ref()) {
            return Err(io::Error::other(SYMBOLIC_LINK));
        }
        if let Some(m) = existing.as_ref().filter(|m| !m.is_file()) {
            if m.is_dir() {
                return Err(io::Error::other("is a directory"));
            }
            let f = std::fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(path)?;
            return Ok(AtomicFile {
                target: Target::InPlace(BufWriter::with_capacity(BUFFER, f)),
            });
        }
        let target = path.to_path_buf();
        let dir = directory_of(&target);
        if let Some(f) = dir::create(dir) {
            #[cfg(unix)]
            if let Some(m) = &existing {
                use std::os::unix::fs::PermissionsExt;
                let mode = m.permissions().mode() & 0o7777;
                f.set_permissions(std::fs::Permissions::from_mode(mode))?;
            }
            let out = BufWriter::with_capacity(BUFFER, f);
            return Ok(AtomicFile {
                target: Target::Unnamed(out, target),
            });
        }
        let tmp = temp::Registered::new(dir, existing.as_ref())?;
        Ok(AtomicFile {
            target: Target::Temp(BufWriter::with_capacity(BUFFER, tmp), target),
        })
    }

    /// Gives the new file (not yet in place) the owner, group and mode of
    /// the file `meta` describes, which it will replace: an error when the
    /// owner or group cannot be given (only root gives a file to another
    /// user). A device, a pipe or stdout is written in place: nothing to do.
    #[cfg(unix)]
    pub fn keep_owner_and_mode(&mut self, meta: &Metadata) -> io::Result<()> {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let f: &File = match &mut self.target {
            Target::Unnamed(out, _) => out.get_ref(),
            Target::Temp(out, _) => out.get_mut().file(),
            Target::InPlace(_) | Target::Stdout(_) => return Ok(()),
        };
        let mine = f.metadata()?;
        if (mine.uid(), mine.gid()) != (meta.uid(), meta.gid()) {
            std::os::unix::fs::fchown(f, Some(meta.uid()), Some(meta.gid()))?;
        }
        // After the change of owner, which clears the set-id bits.
        f.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777))
    }

    /// Nothing to keep off Unix (the new file has the old one's mode
    /// from [`AtomicFile::create`]).
    #[cfg(not(unix))]
    pub fn keep_owner_and_mode(&mut self, _: &Metadata) -> io::Result<()> {
        Ok(())
    }

    /// Flushes what is written and puts the file in place.
    pub fn commit(self) -> io::Result<()> {
        match self.target {
            Target::InPlace(mut out) => out.flush(),
            Target::Stdout(mut out) => out.flush(),
            Target::Unnamed(out, path) => {
                let f = out.into_inner().map_err(|e| e.into_error())?;
                dir::link(&f, &path)
            }
            Target::Temp(out, path) => {
                let tmp = out.into_inner().map_err(|e| e.into_error())?;
                tmp.persist(&path)
            }
        }
    }
}

/// Why an output at a symbolic link is refused: the one rule for links at
/// outputs, the converter's and `migrate`'s (`docs/cli.md`, *Exit
/// status*; `docs/migrate.md`, *Safety*).
pub const SYMBOLIC_LINK: &str = "is a symbolic link: sgfconv never writes through one nor \
     replaces one (name its target, or remove the link)";

/// Whether `path` is a symbolic link to anything but a device or a pipe
/// (`target`: what it leads to, if anything).
fn is_link_to_a_file(path: &Path, target: Option<&Metadata>) -> bool {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    is_link && target.is_none_or(|t| t.is_file() || t.is_dir())
}

/// The directory a file is in (`.` for a bare file name).
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Named temporary files from now on, never unnamed ones (tests of the
/// fallback that systems without `O_TMPFILE` use).
// The command's plumbing (`SGFCONV_NAMED_TEMP=1`), not an app's: public
// for the binary, hidden from the documentation.
#[doc(hidden)]
pub fn use_named_temporary_files() {
    dir::disable();
}

// The command's signal handler: what it removes on a signal, and when it
// is installed. Public for the binary, hidden from the documentation.
#[doc(hidden)]
pub use temp::{before_first_named_temp, remove_on_signal};

/// The temporary files (`.sgfconv-*.tmp`) in the directory of the output
/// `path`: left by an interrupted run of an older version, or of one that
/// had to use named files and was killed (`SIGKILL`), or in use by a run
/// now. Listed, never removed: they may not be ours to remove.
pub fn leftover_temporary_files(path: &Path) -> Vec<PathBuf> {
    if is_stdout(path) {
        return Vec::new();
    }
    let dir = directory_of(path);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(|e| temp::is_temp_name(e.file_name().as_encoded_bytes()))
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

impl Write for AtomicFile {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        match &mut self.target {
            Target::Unnamed(out, _) => out.write(data),
            Target::Temp(out, _) => out.write(data),
            Target::InPlace(out) => out.write(data),
            Target::Stdout(out) => out.write(data),
        }
    }

    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        match &mut self.target {
            Target::Unnamed(out, _) => out.write_all(data),
            Target::Temp(out, _) => out.write_all(data),
            Target::InPlace(out) => out.write_all(data),
            Target::Stdout(out) => out.write_all(data),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.target {
            Target::Unnamed(out, _) => out.flush(),
            Target::Temp(out, _) => out.flush(),
            Target::InPlace(out) => out.flush(),
            Target::Stdout(out) => out.flush(),
        }
    }
}

/// Writes `path` with `write` through an [`AtomicFile`], committed only
/// when `write` succeeds: a failed conversion leaves no partial output.
/// An error of the output itself (made, written or put in place) is an
/// [`Error::Output`] naming `path`, never the temporary file.
pub fn write_atomically<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, Error>,
) -> Result<T, Error> {
    let mut file = AtomicFile::create(path).map_err(|e| output_error(path, e))?;
    let value = write_to_stream(path, &mut file, write)?;
    file.commit().map_err(|e| output_error(path, e))?;
    Ok(value)
}

/// Runs `write` on `out`, an output named `name` in messages (a file, or
/// `<stdout>`): an [`Error::Io`] that comes from writing to `out` becomes
/// an [`Error::Output`] naming it, so it is never taken for the input's.
pub fn write_to_stream<T>(
    name: &Path,
    out: &mut dyn Write,
    write: impl FnOnce(&mut dyn Write) -> Result<T, Error>,
) -> Result<T, Error> {
    let mut watched = Watched { out, failed: false };
    match write(&mut watched) {
        Ok(v) => Ok(v),
        Err(Error::Io(e)) if watched.failed => Err(output_error(name, e)),
        Err(e) => Err(e),
    }
}

/// An output that remembers whether writing to it failed: the
/// [`Error::Io`] a conversion then returns is the output's, not the
/// input's.
struct Watched<'a> {
    out: &'a mut dyn Write,
    failed: bool,
}

impl Watched<'_> {
    fn note<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        self.failed |= r.is_err();
        r
    }
}

impl Write for Watched<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let r = self.out.write(data);
        self.note(r)
    }

    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        let r = self.out.write_all(data);
        self.note(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.out.flush();
        self.note(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_target_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.sgf");
        std::fs::write(&p, "old").unwrap();
        let r: Result<(), Error> = write_atomically(&p, |w| {
            w.write_all(b"half")?;
            Err(Error::Usage("stop".into()))
        });
        assert!(r.is_err());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        write_atomically(&p, |w| Ok(w.write_all(b"new")?)).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
    }

    #[cfg(unix)]
    #[test]
    fn an_input_under_another_name_is_refused_as_output() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.gib");
        std::fs::write(&input, "x").unwrap();
        let link = dir.path().join("link.gib");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let hard = dir.path().join("hard.gib");
        std::fs::hard_link(&input, &hard).unwrap();
        let mut g = Guard::new();
        g.add_input(Some(&input), "in.gib");
        for p in [&input, &link, &hard] {
            let e = g.check_output(p, "output").unwrap_err().to_string();
            assert!(e.contains("is the input in.gib"), "{e}");
        }
        assert!(g
            .check_output(&dir.path().join("new.sgf"), "output")
            .is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_in_place_never_replaced() {
        let mut f = AtomicFile::create(Path::new("/dev/null")).unwrap();
        f.write_all(b"x").unwrap();
        f.commit().unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
    }
}
