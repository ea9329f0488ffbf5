//! The plan of a batch, made before a byte is read: the output format (the
//! output file's name must say one unless `-t` does; `-t` over an existing
//! file whose name says another format needs `force`), whether several
//! inputs may go where they go, and the writer options the output's name
//! adds (`.jsonl`: JSON Lines).

use super::codes::{note, EXTENSION_MISMATCH};
use super::{Batch, Target, Voice};
use crate::error::Error;
use crate::formats::{self, Format};
use crate::options::Options;
use std::path::Path;

/// What a batch does, decided.
pub(super) struct Plan<'b> {
    /// The batch as asked for.
    pub batch: &'b Batch,
    /// The output format.
    pub to: Format,
    /// The batch's options, with what the output's name adds.
    pub options: Options,
}

impl<'b> Plan<'b> {
    /// Decides the output format and checks the batch; a warning (an
    /// output written in another format than its name says) is said
    /// through `voice`.
    pub fn new(batch: &'b Batch, voice: &mut dyn Voice) -> Result<Plan<'b>, Error> {
        if let Some(f) = batch.from.filter(|f| !f.info().reads) {
            return Err(Error::Usage(format!(
                "--from {}: an output format, which sgfconv writes but does not read",
                f.name()
            )));
        }
        let to = match &batch.target {
            Target::File(p) => output_format(batch.to, p, batch.force, voice)?,
            _ => batch.to.unwrap_or(Format::Sgf),
        };
        if batch.inputs.len() > 1 {
            several_inputs_allowed(&batch.target, to, &batch.options)?;
        }
        let mut options = batch.options.clone();
        if let Target::File(p) = &batch.target {
            options.write.json_lines |= to == Format::Json && names_json_lines(p);
        }
        formats::check_write_options(to, &options.write)?;
        Ok(Plan { batch, to, options })
    }

    /// The output file, when there is one (not stdout, not a directory).
    pub fn out_file(&self) -> Option<&Path> {
        match &self.batch.target {
            Target::File(p) => Some(p),
            _ => None,
        }
    }
}

/// `out.jsonl` and `out.ndjson` mean one game per line.
fn names_json_lines(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl") || e.eq_ignore_ascii_case("ndjson"))
}

/// Several inputs into one output: only formats a file of which holds
/// several games (a picture format only with `--game N`, which draws one
/// of them), and never a games table shared by files of `-d`.
fn several_inputs_allowed(target: &Target, to: Format, options: &Options) -> Result<(), Error> {
    let refused = match target {
        Target::Dir(_) if options.write.side_file().is_some() => {
            let flag = options.write.side_file().map_or("", |s| s.1);
            format!(
                "{flag} names one file: with -d and several inputs each output would replace it; \
                 write one collection with -o instead"
            )
        }
        Target::Dir(_) => return Ok(()),
        _ if to.info().pictures && options.write.game.is_some() => return Ok(()),
        _ if to.info().pictures => format!(
            "several inputs, and a {} file holds one picture: write one file per picture \
             with -d DIR, or draw one game with --game N",
            to.name()
        ),
        _ if !to.info().collection => format!(
            "several inputs make one collection, and a {} file holds one game: \
             write one file per input with -d DIR",
            to.name()
        ),
        _ => return Ok(()),
    };
    Err(Error::Usage(refused))
}

/// The format of an output file: `to` (`-t`), else its name's
/// ([`Format::from_path`]). A name that says no format is refused without
/// `to`; with `to`, a name that says another format is refused when that
/// file exists (the two-file glob `sgfconv *.gib -t sgf`), unless `force`,
/// and warned of otherwise. Devices and pipes (`/dev/null`) take any
/// format.
fn output_format(
    to: Option<Format>,
    path: &Path,
    force: bool,
    voice: &mut dyn Voice,
) -> Result<Format, Error> {
    let meta = std::fs::metadata(path).ok();
    if meta.as_ref().is_some_and(|m| !m.is_file()) {
        return Ok(to.unwrap_or(Format::Sgf));
    }
    let named = Format::from_path(path);
    let Some(to) = to else {
        return named.ok_or_else(|| {
            Error::Usage(format!(
                "{}: the name does not say a format ({}): name one with -t",
                path.display(),
                extensions_written()
            ))
        });
    };
    match named {
        Some(n) if !compatible(n, to) => {
            if meta.is_some() && !force {
                return Err(Error::Usage(format!(
                    "{}: exists, and -t {} would replace this .{} file with {}: \
                     --force to write it anyway (two inputs meant? use -o or -d)",
                    path.display(),
                    to.name(),
                    n.name(),
                    to.name()
                )));
            }
            let said = format!(
                "written as {} (-t), though its name says {}",
                to.name(),
                n.name()
            );
            let file = path.display().to_string();
            voice.say(&note(EXTENSION_MISMATCH, Some(&file), said));
            Ok(to)
        }
        _ => Ok(to),
    }
}

/// Every extension that names a format sgfconv writes, from the registry:
/// `.sgf, .sgfs, … .sl`.
fn extensions_written() -> String {
    let all = formats::FORMATS.iter().flat_map(|f| f.extensions.iter());
    all.map(|e| format!(".{e}")).collect::<Vec<_>>().join(", ")
}

/// An output named for format `named` may hold `to`: the same, or Jago
/// XML in a `.xml` file.
fn compatible(named: Format, to: Format) -> bool {
    named == to || (named == Format::Xml && to == Format::Jago)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::testing::Heard;

    fn format_of(to: Option<Format>, path: &Path, force: bool) -> Result<Format, String> {
        output_format(to, path, force, &mut Heard::default()).map_err(|e| e.to_string())
    }

    #[test]
    fn output_names_must_say_a_format_unless_t_does() {
        let d = tempfile::tempdir().unwrap();
        let pdf = d.path().join("out.pdf");
        let refused = format_of(None, &pdf, false).unwrap_err();
        assert!(refused.contains("name one with -t"), "{refused}");
        // Every extension of every format is named, the pictures' too.
        for f in formats::FORMATS {
            for e in f.extensions {
                assert!(
                    refused.contains(&format!(".{e},")) || refused.contains(&format!(".{e})")),
                    "{e}: {refused}"
                );
            }
        }
        assert!(
            refused.contains(".svg, .png, .html, .htm, .sl, .parquet)"),
            "{refused}"
        );
        assert_eq!(format_of(Some(Format::Json), &pdf, false), Ok(Format::Json));
        let upper = d.path().join("a.SGF");
        assert_eq!(format_of(None, &upper, false), Ok(Format::Sgf));
        // The registry's rule: a suffix that names nothing is looked through.
        let bak = d.path().join("a.gib.bak");
        assert_eq!(format_of(None, &bak, false), Ok(Format::Gib));
        let null = Path::new("/dev/null");
        assert_eq!(format_of(None, null, false), Ok(Format::Sgf));
    }

    #[test]
    fn another_format_over_an_existing_file_needs_force() {
        let d = tempfile::tempdir().unwrap();
        let b = d.path().join("b.gib");
        let mut heard = Heard::default();
        let to = output_format(Some(Format::Sgf), &b, false, &mut heard);
        assert_eq!(to.unwrap(), Format::Sgf);
        assert_eq!(heard.0[0].code, EXTENSION_MISMATCH);
        assert!(heard.0[0].message.contains("written as sgf"));
        std::fs::write(&b, "x").unwrap();
        let refused = format_of(Some(Format::Sgf), &b, false).unwrap_err();
        assert!(refused.contains("--force"), "{refused}");
        assert_eq!(format_of(Some(Format::Sgf), &b, true), Ok(Format::Sgf));
        let x = d.path().join("j.xml");
        std::fs::write(&x, "x").unwrap();
        assert_eq!(format_of(Some(Format::Jago), &x, false), Ok(Format::Jago));
    }

    #[test]
    fn several_inputs_need_a_collection_or_a_directory() {
        let o = Options::default();
        let file = Target::File("all.gib".into());
        let e = several_inputs_allowed(&file, Format::Gib, &o).unwrap_err();
        assert!(e.to_string().contains("-d DIR"), "{e}");
        assert!(several_inputs_allowed(&file, Format::Json, &o).is_ok());
        let e = several_inputs_allowed(&file, Format::Png, &o).unwrap_err();
        assert!(e.to_string().contains("--game N"), "{e}");
        let mut one = Options::default();
        one.write.game = Some(3);
        assert!(several_inputs_allowed(&file, Format::Png, &one).is_ok());
        let dir = Target::Dir("out".into());
        assert!(several_inputs_allowed(&dir, Format::Gib, &o).is_ok());
        let mut table = Options::default();
        table.write.games_csv = Some("g.csv".into());
        let e = several_inputs_allowed(&dir, Format::Csv, &table).unwrap_err();
        assert!(e.to_string().contains("--games-csv"), "{e}");
    }

    #[test]
    fn json_lines_by_the_output_name() {
        assert!(names_json_lines(Path::new("a.JSONL")));
        assert!(names_json_lines(Path::new("a.ndjson")));
        assert!(!names_json_lines(Path::new("a.json")));
    }
}
