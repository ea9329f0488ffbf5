//! Pictures under `-d DIR` (`formats/diagrams.md`): every picture of an
//! input its own file, `<stem>.svg` when the input gives exactly one,
//! else `<stem>-01.svg`, `<stem>-02.svg`… numbered across the input's
//! games in order.
//!
//! [`DirPages`] holds the first picture until a second one, or the end,
//! decides its name; every file goes through the output layer
//! (`write_atomically`, never onto an input). Under `--strict` it holds
//! every picture of the input and writes them only once the run proved
//! clean.

use crate::cli_open::{hint_other_format, Opened};
use crate::{finish, reporter, usage_error, ReadArgs};
use sgfconv::output::{write_atomically, Guard};
use sgfconv::render::Pages;
use sgfconv::{Error, Format, Options};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What the pictures of a record may not write over: the run's inputs,
/// the outputs planned for the records (`game.svg`), the numbered pictures
/// of the records before (`game-01.svg`).
pub struct Claims<'g> {
    /// The inputs.
    pub guard: &'g Guard,
    /// The outputs of the records, planned or claimed.
    pub planned: &'g HashMap<PathBuf, String>,
    /// The numbered pictures written so far.
    pub numbered: &'g mut HashSet<PathBuf>,
}

/// The pictures of one input, each to its own file beside `out`.
pub struct DirPages<'g> {
    /// The output of the input (`dir/game.svg`).
    out: PathBuf,
    claims: Claims<'g>,
    /// Pictures not written yet: the first (until the second names it), or
    /// all under `--strict`.
    held: Vec<Vec<u8>>,
    /// Pictures so far.
    count: usize,
    /// Hold everything until [`DirPages::commit`].
    hold_all: bool,
}

impl<'g> DirPages<'g> {
    /// The pictures of the input whose output would be `out`.
    pub fn new(out: &Path, claims: Claims<'g>, hold_all: bool) -> Self {
        DirPages {
            out: out.to_path_buf(),
            claims,
            held: Vec::new(),
            count: 0,
            hold_all,
        }
    }

    /// The file of picture `k` (from 1): `out` itself when it is the only
    /// one, else `stem-0k.ext`.
    fn name(&self, k: usize, only: bool) -> PathBuf {
        if only {
            return self.out.clone();
        }
        let stem = self
            .out
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let ext = self
            .out
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.out.with_file_name(format!("{stem}-{k:02}.{ext}"))
    }

    fn write(&mut self, k: usize, only: bool, bytes: &[u8]) -> Result<(), Error> {
        let path = self.name(k, only);
        self.claims.guard.check_output(&path, "the output")?;
        if !only {
            let other = self.claims.planned.get(&path);
            if other.is_some() || !self.claims.numbered.insert(path.clone()) {
                let whose =
                    other.map_or("another picture".to_string(), |o| format!("{o}'s output"));
                return Err(Error::Usage(format!(
                    "{}: is {whose} too: nothing written over it",
                    path.display()
                )));
            }
        }
        write_atomically(&path, |w| Ok(w.write_all(bytes)?))
    }

    /// Writes what is held (the end of the input: `count` is final).
    pub fn commit(&mut self) -> Result<(), Error> {
        let only = self.count == 1;
        let first = self.count - self.held.len() + 1;
        for (i, bytes) in std::mem::take(&mut self.held).iter().enumerate() {
            self.write(first + i, only, bytes)?;
        }
        Ok(())
    }
}

impl Pages for DirPages<'_> {
    fn page(&mut self, _game: usize, _index: usize, bytes: &[u8]) -> Result<(), Error> {
        self.count += 1;
        self.held.push(bytes.to_vec());
        if !self.hold_all && self.count >= 2 {
            let first = self.count - self.held.len() + 1;
            for (i, b) in std::mem::take(&mut self.held).iter().enumerate() {
                self.write(first + i, false, b)?;
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        if self.hold_all {
            return Ok(());
        }
        self.commit()
    }
}

/// Draws one opened record into pictures beside `out` (`-d`).
pub fn draw_opened(
    to: Format,
    options: &Options,
    mut opened: Opened<'_>,
    out: &Path,
    claims: Claims<'_>,
    args: &ReadArgs,
) -> ExitCode {
    if let Err(e) = sgfconv::formats::check_read_options(opened.format, &options.read) {
        return usage_error(format!("{}: {e}", opened.name));
    }
    let mut report = reporter(&opened.name, args);
    let mut pages = DirPages::new(out, claims, args.strict);
    let result = sgfconv::pipeline::draw(
        &mut opened.reader,
        opened.format,
        Box::new(&mut pages),
        to,
        options,
        &mut report,
    );
    let result = result.and_then(|stats| {
        if args.strict && report.warnings() > 0 {
            return Err(Error::unwritable(crate::STRICT, "warnings under --strict"));
        }
        pages.commit()?;
        Ok(stats)
    });
    let none =
        matches!(&result, Ok(s) if s.games == 0) || matches!(&result, Err(e) if !is_strict(e));
    let status = finish(result.map(|_| ()), &mut report, args, &opened.name);
    if none {
        hint_other_format(&opened.name, opened.format, &opened.head);
    }
    status
}

fn is_strict(e: &Error) -> bool {
    matches!(
        e,
        Error::Unwritable {
            code: crate::STRICT,
            ..
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_numbered_with_two_digits_at_least() {
        let (g, planned, mut numbered) = (Guard::new(), HashMap::new(), HashSet::new());
        let claims = Claims {
            guard: &g,
            planned: &planned,
            numbered: &mut numbered,
        };
        let p = DirPages::new(Path::new("figs/game.svg"), claims, false);
        assert_eq!(p.name(1, true), Path::new("figs/game.svg"));
        assert_eq!(p.name(1, false), Path::new("figs/game-01.svg"));
        assert_eq!(p.name(12, false), Path::new("figs/game-12.svg"));
        assert_eq!(p.name(123, false), Path::new("figs/game-123.svg"));
    }

    #[test]
    fn one_picture_keeps_the_plain_name_several_are_numbered() {
        let d = tempfile::tempdir().unwrap();
        let (g, mut planned, mut numbered) = (Guard::new(), HashMap::new(), HashSet::new());
        planned.insert(d.path().join("a.svg"), "a.sgf".to_string());
        planned.insert(d.path().join("c-01.svg"), "c-01.sgf".to_string());
        fn claims<'a>(
            guard: &'a Guard,
            planned: &'a HashMap<PathBuf, String>,
            numbered: &'a mut HashSet<PathBuf>,
        ) -> Claims<'a> {
            Claims {
                guard,
                planned,
                numbered,
            }
        }
        let mut p = DirPages::new(
            &d.path().join("a.svg"),
            claims(&g, &planned, &mut numbered),
            false,
        );
        p.page(0, 1, b"one").unwrap();
        Pages::finish(&mut p).unwrap();
        assert_eq!(std::fs::read(d.path().join("a.svg")).unwrap(), b"one");
        let mut p = DirPages::new(
            &d.path().join("b.svg"),
            claims(&g, &planned, &mut numbered),
            true,
        );
        for b in [&b"1"[..], b"2", b"3"] {
            p.page(0, 1, b).unwrap();
        }
        Pages::finish(&mut p).unwrap();
        assert!(!d.path().join("b-01.svg").exists(), "held under --strict");
        p.commit().unwrap();
        assert_eq!(std::fs::read(d.path().join("b-03.svg")).unwrap(), b"3");
        assert!(!d.path().join("b.svg").exists());
        // c.sgf's first picture would be c-01.sgf's output: refused.
        let mut p = DirPages::new(
            &d.path().join("c.svg"),
            claims(&g, &planned, &mut numbered),
            false,
        );
        p.page(0, 1, b"1").unwrap();
        let e = p.page(0, 2, b"2").unwrap_err().to_string();
        assert!(e.contains("c-01.sgf's output"), "{e}");
        assert!(!d.path().join("c-01.svg").exists());
    }
}
