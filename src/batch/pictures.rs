//! Pictures under a directory (`formats/diagrams.md`): every picture of an
//! input its own file, `<stem>.svg` when the input gives exactly one,
//! else `<stem>-01.svg`, `<stem>-02.svg`… numbered across the input's
//! games in order.
//!
//! [`DirPages`] holds the first picture until a second one, or the end,
//! decides its name; every file goes through the output layer
//! (`write_atomically`, never onto an input). Under `--strict` it holds
//! every picture of the input and writes them only once the record proved
//! clean.

use super::plan::Plan;
use super::record::{looks_like, passed_over, refused, NO_GAME};
use super::{Verdict, Voice};
use crate::error::Error;
use crate::formats::codes::DIAGRAM_NOTHING_TO_DRAW;
use crate::input::open::Record;
use crate::output::{write_atomically, Guard};
use crate::render::Pages;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// What the pictures of a record may not write over: the run's inputs,
/// the outputs planned for the records (`game.svg`), the numbered pictures
/// of the records before (`game-01.svg`).
pub(super) struct Claims<'g> {
    /// The inputs.
    pub guard: &'g Guard,
    /// The outputs of the records, planned or claimed.
    pub planned: &'g HashMap<PathBuf, String>,
    /// The numbered pictures written so far.
    pub numbered: &'g mut HashSet<PathBuf>,
}

/// The pictures of one input, each to its own file beside `out`.
pub(super) struct DirPages<'g> {
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

/// Draws one opened record into pictures beside `out`; its verdict.
/// `found` when it was found rather than named (by `-r`, in an
/// archive): one that holds no game may be passed over
/// ([`passed_over`]).
pub(super) fn draw(
    plan: &Plan<'_>,
    mut record: Record<'_>,
    out: &Path,
    found: bool,
    claims: Claims<'_>,
    voice: &mut dyn Voice,
) -> Verdict {
    let options = &plan.options;
    if let Err(e) = crate::formats::check_read_options(record.format, &options.read) {
        return refused(&record.name, &e, voice);
    }
    let strict = plan.batch.strict;
    let mut report = voice.reporter(&record.name);
    let mut pages = DirPages::new(out, claims, strict);
    let result = crate::pipeline::draw(
        &mut record.reader,
        record.format,
        Box::new(&mut pages),
        plan.to,
        options,
        &mut report,
    );
    let why = match &result {
        Ok(s) if s.games == 0 => Some(NO_GAME.to_string()),
        Err(e @ Error::Unreadable { .. }) => Some(e.to_string()),
        Err(Error::Unwritable { code, .. }) if *code == DIAGRAM_NOTHING_TO_DRAW => {
            Some(NO_GAME.to_string())
        }
        _ => None,
    };
    if let Some(why) = why.filter(|_| found) {
        if let Some(left) = passed_over(&record, &why, &mut report, voice) {
            return left;
        }
    }
    let held = strict && report.warnings() > 0;
    let result = match result {
        Ok(stats) if !held => pages.commit().map(|()| Some(stats)),
        Ok(_) => Ok(None),
        Err(e) => Err(e),
    };
    voice.finished(&record.name, &mut report, result.as_ref().err());
    let verdict = match &result {
        Ok(None) => Verdict::HeldBack,
        r => Verdict::of(r.as_ref().err(), &report, strict),
    };
    let none = matches!(&result, Ok(Some(s)) if s.games == 0) || result.is_err();
    if none {
        looks_like(&record.name, record.format, &record.head, voice);
    }
    verdict
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
