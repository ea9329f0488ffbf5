//! Whether `sgfconv IN OUT` may replace an existing OUT (docs/cli.md,
//! "Outputs"). The two-path form is also the shape a shell glob takes in
//! a folder of exactly two records (`sgfconv *.sgf`), where replacing
//! the second with the first destroys a record. So an existing OUT is
//! replaced, without `force`, only when:
//!
//! - the run would write OUT's very bytes (re-running a conversion of an
//!   unchanged input): replacing it changes nothing; or
//! - sgfconv wrote OUT, and the run is not a copy of one such file over
//!   another. sgfconv wrote it when it is a *fixed point* of its writer
//!   (read as the output format and written again with the run's
//!   options, it gives its own bytes back), which a record from another
//!   program almost never is: re-running `sgfconv in.ugf out.sgf` after
//!   `in.ugf` changed replaces `out.sgf`, a downloaded `b.sgf` is kept.
//!   The run is a copy when IN is such a fixed point itself (converting
//!   it gives it back unchanged): two files sgfconv wrote side by side
//!   are the shape of a glob over a folder of its outputs (`sgfconv -d
//!   out *.gib; cd out; sgfconv *.sgf`).
//!
//! The formats whose writer drops what its reader gives back (CSV, GIB,
//! UGF, NGF: `sgfconv formats`) are not always fixed points: an output of
//! theirs from an input that changed since may need `force`.
//!
//! An empty file, a device or a pipe, and a format sgfconv does not read
//! (pictures) hold no record to lose; `sgfconv - OUT` names OUT as `-o`
//! does (no glob gives `-`). The checks stream: the bytes
//! written are compared with the file's as they come, and the first
//! difference ends a check.

use super::plan::Plan;
use super::Input;
use crate::diag::{Output, Reporter};
use crate::error::Error;
use crate::formats::Format;
use crate::input::open::{self, Opened};
use crate::options::{Options, ReadOptions};
use crate::output::FileId;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;

/// Refuses to replace `out` unless the run would leave it as it is, or
/// sgfconv wrote it and `input` is not already as sgfconv writes it (the
/// run would copy it over `out`); the refusal says how to get what was
/// meant.
pub(super) fn check(plan: &Plan<'_>, input: &Input, out: &Path) -> Result<(), Error> {
    let Some(in_path) = input.path.as_deref() else {
        // `sgfconv - OUT`: no glob names stdin; OUT is named as with -o.
        return Ok(());
    };
    let holds_a_record = std::fs::metadata(out).is_ok_and(|m| m.is_file() && m.len() > 0);
    // An output that is the input itself is the guard's to refuse
    // (`write::guard`), in its own words.
    let is_input = FileId::of_path(in_path).is_some_and(|i| FileId::of_path(out) == Some(i));
    if !holds_a_record || !plan.to.info().reads || is_input {
        return Ok(());
    }
    let name = input.name();
    let refuse = |why: String| {
        Error::Usage(format!(
            "{}: exists, and {why} (two inputs meant? -d DIR writes one file each, \
             -o FILE one collection; --force replaces {})",
            out.display(),
            out.display()
        ))
    };
    let run = check_options(&plan.options, plan.options.read.clone());
    let input_gives = |bytes_of: &Path| match open::open(Some(in_path), plan.batch.from) {
        Ok(Opened::Record(r)) => gives(in_path, r.format, plan.to, &run, &name, bytes_of),
        _ => false,
    };
    if input_gives(out) {
        return Ok(());
    }
    // OUT is read as sgfconv wrote it: its own character set, not the
    // one `--encoding` forces on the inputs.
    let out_read = ReadOptions {
        dialect: plan.options.read.dialect.clone(),
        max_value_size: plan.options.read.max_value_size,
        ..ReadOptions::default()
    };
    let rewrite = check_options(&plan.options, out_read);
    if !gives(out, plan.to, plan.to, &rewrite, &name, out) {
        return Err(refuse(
            "sgfconv did not write it: `sgfconv IN OUT` replaces only a file sgfconv wrote".into(),
        ));
    }
    if input_gives(in_path) {
        return Err(refuse(format!(
            "{name} is already as sgfconv writes it: the run would only copy it over {}",
            out.display()
        )));
    }
    Ok(())
}

/// The run's options for a check: the reading given, no games table (a
/// check writes nothing but what it compares).
fn check_options(run: &Options, read: ReadOptions) -> Options {
    let mut o = run.clone();
    o.read = read;
    o.write.games_csv = None;
    o.write.moves_parquet = None;
    o
}

/// Whether the file at `path`, read as `from` and written as `to` with
/// `options` (its games said to come from `name`, as JSON and the games
/// table record), gives at least one game and exactly the bytes of the
/// file at `bytes_of`.
fn gives(
    path: &Path,
    from: Format,
    to: Format,
    options: &Options,
    name: &str,
    bytes_of: &Path,
) -> bool {
    let (Ok(source), Ok(other)) = (File::open(path), File::open(bytes_of)) else {
        return false;
    };
    let mut same = Same {
        other: BufReader::with_capacity(64 * 1024, other),
        buf: Vec::new(),
    };
    let mut report = Reporter::new(name, Output::Discard);
    let mut input = BufReader::with_capacity(64 * 1024, source);
    let converted = crate::pipeline::convert(&mut input, from, &mut same, to, options, &mut report);
    converted.is_ok_and(|s| s.games > 0) && same.at_end()
}

/// A writer that compares what it is given with the bytes of `other`,
/// failing at the first difference.
struct Same<R: Read> {
    other: R,
    buf: Vec<u8>,
}

impl<R: Read> Same<R> {
    /// Whether `other` has no byte left over.
    fn at_end(&mut self) -> bool {
        let mut one = [0u8; 1];
        matches!(self.other.read(&mut one), Ok(0))
    }
}

impl<R: Read> Write for Same<R> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.resize(data.len(), 0);
        self.other.read_exact(&mut self.buf)?;
        if self.buf != data {
            return Err(io::Error::other("not the same bytes"));
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_fails_at_the_first_difference_and_knows_the_end() {
        let mut s = Same {
            other: &b"abcdef"[..],
            buf: Vec::new(),
        };
        assert!(s.write_all(b"abc").is_ok());
        assert!(s.write_all(b"dx").is_err());
        let mut s = Same {
            other: &b"abc"[..],
            buf: Vec::new(),
        };
        s.write_all(b"abc").unwrap();
        assert!(s.at_end());
        let mut longer = Same {
            other: &b"abcd"[..],
            buf: Vec::new(),
        };
        longer.write_all(b"abc").unwrap();
        assert!(!longer.at_end());
        let mut shorter = Same {
            other: &b"ab"[..],
            buf: Vec::new(),
        };
        assert!(shorter.write_all(b"abc").is_err());
    }

    fn fixed_point(path: &Path, o: &Options) -> bool {
        gives(path, Format::Sgf, Format::Sgf, o, "x", path)
    }

    #[test]
    fn a_file_sgfconv_wrote_is_a_fixed_point_and_a_foreign_one_is_not() {
        let d = tempfile::tempdir().unwrap();
        let foreign = d.path().join("foreign.sgf");
        std::fs::write(&foreign, "(;GM[1]FF[4]SZ[19]PB[Bob];B[pd];W[dd])\n").unwrap();
        let o = Options::default();
        assert!(!fixed_point(&foreign, &o));
        let ours = d.path().join("ours.sgf");
        let mut bytes = Vec::new();
        let mut r = Reporter::collecting("x");
        let mut src = &std::fs::read(&foreign).unwrap()[..];
        crate::pipeline::convert(&mut src, Format::Sgf, &mut bytes, Format::Sgf, &o, &mut r)
            .unwrap();
        std::fs::write(&ours, &bytes).unwrap();
        assert!(fixed_point(&ours, &o));
        assert!(gives(&foreign, Format::Sgf, Format::Sgf, &o, "x", &ours));
        // One byte more or less is another file.
        std::fs::write(&ours, [&bytes[..], b"\n"].concat()).unwrap();
        assert!(!fixed_point(&ours, &o));
        assert!(!gives(&foreign, Format::Sgf, Format::Sgf, &o, "x", &ours));
        // A file with no game is no record sgfconv wrote.
        std::fs::write(&ours, "").unwrap();
        assert!(!fixed_point(&ours, &o));
    }
}
