//! The outputs of `-d DIR`: each named after its input (its path below the
//! directory it was found in, else its file name) with the output format's
//! extension. Those of plain inputs are planned before anything is written
//! (an output that is an input refuses the run); those of archives'
//! members are claimed one by one as the archive is read (one that would
//! be an input is refused alone). A record whose output another record of
//! the run has is numbered, `g (2).sgf`, in the order of the inputs, with
//! the note that says so ([`Collisions::Suffix`]); under
//! [`Collisions::Refuse`] two plain inputs with one output refuse the run,
//! and a member whose output is taken is not written.

use super::pictures::Claims;
use super::Collisions;
use crate::error::Error;
use crate::formats::Format;
use crate::output::Guard;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The outputs of a batch under a directory.
pub(super) struct DirOutputs {
    dir: PathBuf,
    ext: &'static str,
    guard: Guard,
    collisions: Collisions,
    /// Each output planned or claimed, and the input it is of.
    seen: HashMap<PathBuf, String>,
    /// The numbered pictures written (`game-01.svg`).
    numbered: HashSet<PathBuf>,
    /// Per input: its output (empty for archives) and, when it is
    /// numbered, the note that says so.
    pub planned: Vec<(PathBuf, Option<String>)>,
}

impl DirOutputs {
    /// Plans the outputs of `inputs` (named `rel` under `dir`, shown as
    /// `name`) in `format`, but for those that are archives (`None`).
    pub fn plan(
        dir: &Path,
        (format, json_lines): (Format, bool),
        guard: Guard,
        collisions: Collisions,
        inputs: &[Option<(&Path, String)>],
    ) -> Result<DirOutputs, Error> {
        if dir.exists() && !dir.is_dir() {
            return Err(Error::Usage(format!(
                "-d {}: is not a directory",
                dir.display()
            )));
        }
        let mut outs = DirOutputs {
            dir: dir.to_path_buf(),
            ext: extension_of(format, json_lines),
            guard,
            collisions,
            seen: HashMap::new(),
            numbered: HashSet::new(),
            planned: Vec::with_capacity(inputs.len()),
        };
        for input in inputs {
            let out = match input {
                None => (PathBuf::new(), None),
                Some((rel, name)) => outs.output(rel, name, true)?,
            };
            outs.planned.push(out);
        }
        Ok(outs)
    }

    /// The output of the record at `rel` (named `name`): the one its name
    /// gives, else, when another record of the run has that one, the first
    /// free of `stem (2).ext`, `stem (3).ext`…, with the note that says so
    /// (under [`Collisions::Refuse`]: refused, the whole run when
    /// `planning`, else this record). An output that would be an input is
    /// refused.
    fn output(
        &mut self,
        rel: &Path,
        name: &str,
        planning: bool,
    ) -> Result<(PathBuf, Option<String>), Error> {
        let plain = self.dir.join(rel).with_extension(self.ext);
        self.claim(plain, name, planning)
    }

    /// `plain` (below the directory), or its first free numbered form.
    fn claim(
        &mut self,
        plain: PathBuf,
        name: &str,
        planning: bool,
    ) -> Result<(PathBuf, Option<String>), Error> {
        let Some(other) = self.seen.get(&plain).cloned() else {
            self.guard.check_output(&plain, "the output")?;
            self.seen.insert(plain.clone(), name.to_string());
            return Ok((plain, None));
        };
        if self.collisions == Collisions::Refuse {
            let why = match planning {
                true => "nothing written (--collisions refuse)",
                false => "not written (--collisions refuse)",
            };
            return Err(Error::Usage(format!(
                "{other} and {name} would both be written to {}: {why}",
                plain.display()
            )));
        }
        let out = self.numbered_name(&plain);
        self.guard.check_output(&out, "the output")?;
        self.seen.insert(out.clone(), name.to_string());
        let whose = if other == name {
            "an earlier input of the same name".to_string()
        } else {
            other
        };
        let note = format!(
            "{whose} has the output {}: written to {}",
            plain.display(),
            out.display()
        );
        Ok((out, Some(note)))
    }

    /// The first of `stem (2).ext`, `stem (3).ext`… beside `plain` that
    /// no record of the run has.
    fn numbered_name(&self, plain: &Path) -> PathBuf {
        let stem = plain.file_stem().unwrap_or_default().to_os_string();
        (2u64..)
            .map(|n| {
                let mut file = stem.clone();
                file.push(format!(" ({n}).{}", self.ext));
                plain.with_file_name(file)
            })
            .find(|p| !self.seen.contains_key(p))
            .unwrap_or_else(|| plain.to_path_buf())
    }

    /// The output of the archive member at `rel` (named `name`), claimed
    /// as it comes ([`DirOutputs::output`]).
    pub fn member_output(
        &mut self,
        rel: &Path,
        name: &str,
    ) -> Result<(PathBuf, Option<String>), Error> {
        self.output(rel, name, false)
    }

    /// The output of the record named `name` whose template made `base`
    /// (relative, without extension: `--name`, which may hold dots),
    /// claimed as it comes.
    pub fn named_output(
        &mut self,
        base: &Path,
        name: &str,
    ) -> Result<(PathBuf, Option<String>), Error> {
        let mut file = self.dir.join(base).into_os_string();
        file.push(format!(".{}", self.ext));
        self.claim(PathBuf::from(file), name, false)
    }

    /// What the pictures of a record may not write over.
    pub fn claims(&mut self) -> Claims<'_> {
        Claims {
            guard: &self.guard,
            planned: &self.seen,
            numbered: &mut self.numbered,
        }
    }
}

/// The extension of an output in `format` under `-d`.
fn extension_of(format: Format, json_lines: bool) -> &'static str {
    match format {
        Format::Json if json_lines => "jsonl",
        Format::Jago => "xml",
        f => f.info().extensions.first().copied().unwrap_or("out"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_under_d() {
        assert_eq!(extension_of(Format::Json, true), "jsonl");
        assert_eq!(extension_of(Format::Json, false), "json");
        assert_eq!(extension_of(Format::Jago, false), "xml");
        assert_eq!(extension_of(Format::Ugf, false), "ugf");
    }

    #[test]
    fn two_inputs_with_one_output_are_numbered_in_order_or_refused() {
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("out");
        let sgf = (Format::Sgf, false);
        let (a, b) = (Path::new("a.gib"), Path::new("a.ngf"));
        let inputs = [Some((a, "x/a.gib".to_string())), None];
        let suffix = Collisions::Suffix;
        let outs = DirOutputs::plan(&out, sgf, Guard::new(), suffix, &inputs).unwrap();
        assert_eq!(
            outs.planned,
            [(out.join("a.sgf"), None), (PathBuf::new(), None)]
        );
        let both = [
            Some((a, "x/a.gib".into())),
            Some((b, "y/a.ngf".into())),
            Some((a, "x/a.gib".into())),
        ];
        let outs = DirOutputs::plan(&out, sgf, Guard::new(), suffix, &both).unwrap();
        let names: Vec<_> = outs.planned.iter().map(|p| p.0.clone()).collect();
        assert_eq!(
            names,
            [
                out.join("a.sgf"),
                out.join("a (2).sgf"),
                out.join("a (3).sgf")
            ]
        );
        let said = outs.planned[1].1.as_deref().unwrap();
        assert!(said.starts_with("x/a.gib has the output "), "{said}");
        assert!(said.ends_with("a (2).sgf"), "{said}");
        let said = outs.planned[2].1.as_deref().unwrap();
        assert!(
            said.starts_with("an earlier input of the same name"),
            "{said}"
        );
        let refuse = Collisions::Refuse;
        let e = DirOutputs::plan(&out, sgf, Guard::new(), refuse, &both);
        let e = e.err().unwrap().to_string();
        assert!(
            e.contains("x/a.gib and y/a.ngf would both be written to"),
            "{e}"
        );
        assert!(e.ends_with("nothing written (--collisions refuse)"), "{e}");
    }

    #[test]
    fn an_output_that_is_an_input_or_no_directory_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let input = d.path().join("g.sgf");
        std::fs::write(&input, "(;)").unwrap();
        let mut guard = Guard::new();
        guard.add_input(Some(&input), "g.sgf");
        let rel = Path::new("g.gib");
        let inputs = [Some((rel, "g.gib".to_string()))];
        let (sgf, suffix) = ((Format::Sgf, false), Collisions::Suffix);
        let e = DirOutputs::plan(d.path(), sgf, guard, suffix, &inputs);
        assert!(e.err().unwrap().to_string().contains("is the input g.sgf"));
        let e = DirOutputs::plan(&input, sgf, Guard::new(), suffix, &[]);
        assert!(e.err().unwrap().to_string().contains("is not a directory"));
        // Members are claimed one by one: a second claim of a name is
        // numbered, or refused alone under --collisions refuse.
        let jsonl = (Format::Json, true);
        let mut outs = DirOutputs::plan(d.path(), jsonl, Guard::new(), suffix, &[]).unwrap();
        let first = outs.member_output(rel, "z.zip:g.gib").unwrap();
        assert_eq!(first, (d.path().join("g.jsonl"), None));
        let second = outs.member_output(Path::new("g.sgf"), "z.zip:g.sgf");
        assert_eq!(second.unwrap().0, d.path().join("g (2).jsonl"));
        let refuse = Collisions::Refuse;
        let mut outs = DirOutputs::plan(d.path(), jsonl, Guard::new(), refuse, &[]).unwrap();
        assert!(outs.member_output(rel, "z.zip:g.gib").is_ok());
        let e = outs.member_output(Path::new("g.sgf"), "z.zip:g.sgf");
        assert!(e
            .unwrap_err()
            .to_string()
            .ends_with("not written (--collisions refuse)"));
    }
}
