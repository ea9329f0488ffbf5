//! The outputs of `-d DIR`: each named after its input (its path below the
//! directory it was found in, else its file name) with the output format's
//! extension. Those of plain inputs are planned before anything is written
//! (two inputs with one output, or an output that is an input, refuse the
//! run); those of archives' members are claimed one by one as the archive
//! is read (a member whose output another record has is numbered,
//! `g (2).sgf`; one that would be an input is refused alone).

use super::pictures::Claims;
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
    /// Each output planned or claimed, and the input it is of.
    seen: HashMap<PathBuf, String>,
    /// The numbered pictures written (`game-01.svg`).
    numbered: HashSet<PathBuf>,
    /// Per input; empty for archives.
    pub planned: Vec<PathBuf>,
}

impl DirOutputs {
    /// Plans the outputs of `inputs` (named `rel` under `dir`, shown as
    /// `name`) in `format`, but for those that are archives (`None`).
    pub fn plan(
        dir: &Path,
        format: Format,
        json_lines: bool,
        guard: Guard,
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
            seen: HashMap::new(),
            numbered: HashSet::new(),
            planned: Vec::with_capacity(inputs.len()),
        };
        for input in inputs {
            let out = match input {
                None => PathBuf::new(),
                Some((rel, name)) => outs.output(rel, name)?,
            };
            outs.planned.push(out);
        }
        Ok(outs)
    }

    /// The output of the record at `rel` (named `name`), if no other
    /// record has it and it is no input.
    pub fn output(&mut self, rel: &Path, name: &str) -> Result<PathBuf, Error> {
        let out = self.dir.join(rel).with_extension(self.ext);
        if let Some(other) = self.seen.get(&out) {
            return Err(Error::Usage(format!(
                "{other} and {name} would both be written to {}: nothing written",
                out.display()
            )));
        }
        self.seen.insert(out.clone(), name.to_string());
        self.guard.check_output(&out, "the output")?;
        Ok(out)
    }

    /// The output of the archive member at `rel` (named `name`): the one
    /// its name gives, else, when another record of the run has that one,
    /// the first free of `stem (2).ext`, `stem (3).ext`…, with the note
    /// that says so.
    pub fn member_output(
        &mut self,
        rel: &Path,
        name: &str,
    ) -> Result<(PathBuf, Option<String>), Error> {
        let plain = self.dir.join(rel).with_extension(self.ext);
        let Some(other) = self.seen.get(&plain).cloned() else {
            return Ok((self.output(rel, name)?, None));
        };
        let stem = plain.file_stem().unwrap_or_default().to_os_string();
        let out = (2u64..)
            .map(|n| {
                let mut file = stem.clone();
                file.push(format!(" ({n}).{}", self.ext));
                plain.with_file_name(file)
            })
            .find(|p| !self.seen.contains_key(p))
            .unwrap_or_else(|| plain.clone());
        self.seen.insert(out.clone(), name.to_string());
        self.guard.check_output(&out, "the output")?;
        let whose = if other == name {
            "an earlier member of the same name".to_string()
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
    fn two_inputs_with_one_output_refuse_the_run() {
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("out");
        let (a, b) = (Path::new("a.gib"), Path::new("a.ngf"));
        let inputs = [Some((a, "x/a.gib".to_string())), None];
        let outs = DirOutputs::plan(&out, Format::Sgf, false, Guard::new(), &inputs).unwrap();
        assert_eq!(outs.planned, [out.join("a.sgf"), PathBuf::new()]);
        let both = [Some((a, "x/a.gib".into())), Some((b, "y/a.ngf".into()))];
        let e = DirOutputs::plan(&out, Format::Sgf, false, Guard::new(), &both);
        let e = e.err().unwrap().to_string();
        assert!(
            e.contains("x/a.gib and y/a.ngf would both be written to"),
            "{e}"
        );
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
        let e = DirOutputs::plan(d.path(), Format::Sgf, false, guard, &inputs);
        assert!(e.err().unwrap().to_string().contains("is the input g.sgf"));
        let e = DirOutputs::plan(&input, Format::Sgf, false, Guard::new(), &[]);
        assert!(e.err().unwrap().to_string().contains("is not a directory"));
        // Members are claimed one by one: a second claim of a name fails.
        let mut outs = DirOutputs::plan(d.path(), Format::Json, true, Guard::new(), &[]).unwrap();
        assert_eq!(
            outs.output(rel, "z.zip:g.gib").unwrap(),
            d.path().join("g.jsonl")
        );
        assert!(outs.output(Path::new("g.sgf"), "z.zip:g.sgf").is_err());
    }
}
