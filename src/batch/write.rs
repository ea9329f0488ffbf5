//! Where a batch writes, through the output layer: a file (through a
//! temporary file put in place only when the writing succeeded, gave a
//! game and was not held back) or stdout (its first bytes held until the
//! writing proves it gave a game, and through a spool file under
//! `--strict`, so that a run held back writes nothing); the guards that
//! refuse an output that is an input; the directories outputs go in; the
//! notes on temporary files an interrupted run left beside the outputs.

use super::codes::{note, OUTPUT_UNWRITABLE, RUN_NOTE};
use super::{Input, Verdict, Voice};
use crate::diag::Severity;
use crate::error::Error;
use crate::output::{is_stdout, output_error, write_to_stream, AtomicFile, FileId, Guard};
use std::io::{self, BufWriter, Seek, Write};
use std::path::{Path, PathBuf};

/// What a writing came to when it did not fail.
pub(super) enum Written<T> {
    /// Written (a file is put in place).
    Kept(T),
    /// Held back under `--strict`: nothing reaches the output.
    HeldBack,
    /// No game was read: nothing reaches the output (an existing file is
    /// left as it was).
    NoGame,
}

/// Bytes held before they reach stdout, until the writing proves it gave a
/// game: more than any writer's opening and closing of an empty document
/// (JSON's envelope, an XML declaration, a CSV header).
const HELD_ON_STDOUT: usize = 16 * 1024;

/// Writes through `write` to `out` (a file, put in place only when `write`
/// keeps what it wrote) or to stdout; to stdout through a spool file when
/// `spool`, so that what is held back never reaches it, else with its
/// first bytes held ([`HeldStart`]), so that a writing that gave no game
/// never reaches it either.
pub(super) fn write_to<T>(
    out: Option<&Path>,
    spool: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<Written<T>, Error>,
) -> Result<Written<T>, Error> {
    if let Some(path) = out {
        let mut file = AtomicFile::create(path).map_err(|e| output_error(path, e))?;
        let written = write_to_stream(path, &mut file, write)?;
        if let Written::Kept(_) = &written {
            file.commit().map_err(|e| output_error(path, e))?;
        }
        return Ok(written);
    }
    let stdout_name = Path::new("<stdout>");
    let mut stdout = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    if !spool {
        return write_to_stream(stdout_name, &mut stdout, |out| {
            let mut held = HeldStart::new(&mut *out);
            let v = write(&mut held)?;
            if let Written::Kept(_) = &v {
                held.release()?;
                out.flush()?;
            }
            Ok(v)
        });
    }
    let mut file = BufWriter::new(tempfile::tempfile()?);
    let written = write(&mut file)?;
    if !matches!(written, Written::Kept(_)) {
        return Ok(written);
    }
    let mut file = file.into_inner().map_err(|e| Error::from(e.into_error()))?;
    file.rewind()?;
    write_to_stream(stdout_name, &mut stdout, |out| {
        io::copy(&mut file, out)?;
        out.flush()?;
        Ok(written)
    })
}

/// A stream whose first [`HELD_ON_STDOUT`] bytes are held, and go on only
/// when more come or [`HeldStart::release`] is called: a writing that
/// turns out to have no game leaves the stream untouched.
struct HeldStart<W: Write> {
    out: W,
    held: Vec<u8>,
    passing: bool,
}

impl<W: Write> HeldStart<W> {
    fn new(out: W) -> Self {
        HeldStart {
            out,
            held: Vec::new(),
            passing: false,
        }
    }

    /// Lets what is held go on.
    fn release(&mut self) -> io::Result<()> {
        self.passing = true;
        let held = std::mem::take(&mut self.held);
        self.out.write_all(&held)
    }
}

impl<W: Write> Write for HeldStart<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if !self.passing && self.held.len() + data.len() <= HELD_ON_STDOUT {
            self.held.extend_from_slice(data);
            return Ok(data.len());
        }
        if !self.passing {
            self.release()?;
        }
        self.out.write(data)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.passing {
            self.out.flush()
        } else {
            Ok(())
        }
    }
}

/// Refuses every output that is an input, whatever its name.
pub(super) fn guard(inputs: &[Input]) -> Guard {
    let mut g = Guard::new();
    for i in inputs {
        g.add_input(i.path.as_deref(), &i.name());
    }
    g
}

/// Checks the output (stdout for `None`) and the file beside it (the
/// games table of `--games-csv`, the moves table of `--moves-parquet`,
/// with its option) against the inputs.
pub(super) fn guard_outputs(
    guard: &Guard,
    output: Option<&Path>,
    side: Option<(&Path, &str)>,
) -> Result<(), Error> {
    match output {
        Some(o) => guard.check_output(o, "the output")?,
        None => guard.check_stdout()?,
    }
    if let Some((g, flag)) = side {
        guard.check_output(g, flag)?;
        if output.map_or(is_stdout(g), |o| same_target(o, g)) {
            return Err(Error::Usage(format!(
                "{flag} {} is the output too: name another file for one of them",
                g.display()
            )));
        }
    }
    Ok(())
}

/// Two paths name the same file (or the same new file, or both the
/// standard output).
fn same_target(a: &Path, b: &Path) -> bool {
    if is_stdout(a) || is_stdout(b) {
        return is_stdout(a) && is_stdout(b);
    }
    match (FileId::of_path(a), FileId::of_path(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Makes the directory an output goes in; when it cannot, says so and
/// gives the record's verdict.
pub(super) fn make_parent(out: &Path, voice: &mut dyn Voice) -> Result<(), Verdict> {
    let Some(parent) = out.parent() else {
        return Ok(());
    };
    std::fs::create_dir_all(parent).map_err(|e| {
        let file = parent.display().to_string();
        voice.say(&note(OUTPUT_UNWRITABLE, Some(&file), e.to_string()));
        Verdict::Failed
    })
}

/// A note when the directories of `outputs` hold temporary files
/// (`.sgfconv-*.tmp`) that an interrupted run left: named, never removed
/// (another run may be writing them).
pub(super) fn note_leftovers(outputs: &[Option<&Path>], voice: &mut dyn Voice) {
    if !voice.hears(Severity::Info) {
        return;
    }
    let mut found: Vec<PathBuf> = outputs
        .iter()
        .flatten()
        .flat_map(|p| crate::output::leftover_temporary_files(p))
        .collect();
    found.sort();
    found.dedup();
    if found.is_empty() {
        return;
    }
    let names: Vec<String> = found.iter().map(|p| p.display().to_string()).collect();
    let said = format!(
        "temporary files of an interrupted run beside the output (not removed; \
         delete them if no sgfconv is writing there): {}",
        names.join(", ")
    );
    voice.say(&note(RUN_NOTE, None, said));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_held_back_is_never_put_in_place() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("out.sgf");
        std::fs::write(&p, "old").unwrap();
        let held = write_to(Some(&p), false, |w| {
            w.write_all(b"new")?;
            Ok(Written::<()>::HeldBack)
        });
        assert!(matches!(held, Ok(Written::HeldBack)));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
        let kept = write_to(Some(&p), false, |w| {
            w.write_all(b"new")?;
            Ok(Written::Kept(()))
        });
        assert!(matches!(kept, Ok(Written::Kept(()))));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
    }

    #[test]
    fn a_writing_with_no_game_leaves_the_file_as_it_was() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("out.sgf");
        std::fs::write(&p, "old").unwrap();
        let none = write_to(Some(&p), false, |w| {
            w.write_all(b"{\"games\":[]}")?;
            Ok(Written::<()>::NoGame)
        });
        assert!(matches!(none, Ok(Written::NoGame)));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
    }

    #[test]
    fn a_held_start_lets_nothing_through_until_released_or_long() {
        let mut out = Vec::new();
        let mut h = HeldStart::new(&mut out);
        h.write_all(b"{\"games\":[\n]}").unwrap();
        h.flush().unwrap();
        drop(h);
        assert!(out.is_empty(), "an empty document is held");
        let mut h = HeldStart::new(&mut out);
        h.write_all(b"abc").unwrap();
        h.release().unwrap();
        h.write_all(b"def").unwrap();
        drop(h);
        assert_eq!(out, b"abcdef");
        out.clear();
        let mut h = HeldStart::new(&mut out);
        let long = vec![b'x'; HELD_ON_STDOUT + 1];
        h.write_all(&long[..10]).unwrap();
        h.write_all(&long[10..]).unwrap();
        drop(h);
        assert_eq!(out, long, "past the held size, everything goes on");
    }

    #[test]
    fn an_output_that_is_an_input_or_the_games_table_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let a = d.path().join("a.sgf");
        std::fs::write(&a, "(;)").unwrap();
        let g = guard(&[Input::file(&a)]);
        let e = guard_outputs(&g, Some(&a), None).unwrap_err().to_string();
        assert!(e.contains("is the input"), "{e}");
        let out = d.path().join("o.csv");
        let e = guard_outputs(&g, Some(&out), Some((&out, "--games-csv"))).unwrap_err();
        assert!(e.to_string().starts_with("--games-csv "), "{e}");
        assert!(e.to_string().contains("is the output too"), "{e}");
        let e = guard_outputs(&g, Some(&out), Some((&out, "--moves-parquet"))).unwrap_err();
        assert!(e.to_string().starts_with("--moves-parquet "), "{e}");
        // `-` is the standard output: the table and the output cannot both
        // be written there.
        let stdout = Some((Path::new("-"), "--games-csv"));
        let e = guard_outputs(&g, None, stdout).unwrap_err();
        assert!(e.to_string().contains("is the output too"), "{e}");
        assert!(guard_outputs(&g, Some(&out), stdout).is_ok());
        let table = d.path().join("g.csv");
        assert!(guard_outputs(&g, Some(&out), Some((&table, "--games-csv"))).is_ok());
    }
}
