//! One record into one output (a file or stdout): the batch of one input,
//! and each plain input under a directory. The record is opened
//! ([`crate::input::open`]), converted through [`crate::convert`] into the
//! output (`write::write_to`: in place only when it succeeded, held back
//! under `--strict` at a warning), and its end told to the voice; one that
//! failed as its format, or gave no game, gets a hint when its first bytes
//! look like another format.

use super::codes::{note, INPUT_UNUSABLE, LOOKS_LIKE_OTHER_FORMAT};
use super::plan::Plan;
use super::write::{guard, guard_outputs, note_leftovers, write_to, Written};
use super::{Input, Tally, Verdict, Voice};
use crate::error::Error;
use crate::formats::{self, Format};
use crate::input::open::{self, Record};
use std::path::Path;

/// The batch of one input into one output.
pub(super) fn one(plan: &Plan<'_>, input: &Input, voice: &mut dyn Voice) -> Result<Tally, Error> {
    let out = plan.out_file();
    let games_csv = plan.options.write.games_csv.as_deref();
    guard_outputs(&guard(&plan.batch.inputs), out, games_csv)?;
    Ok(Tally::one(convert_to(plan, input, out, voice)))
}

/// Converts `input` into `out` (stdout for `None`); its verdict.
pub(super) fn convert_to(
    plan: &Plan<'_>,
    input: &Input,
    out: Option<&Path>,
    voice: &mut dyn Voice,
) -> Verdict {
    note_leftovers(&[out, plan.options.write.games_csv.as_deref()], voice);
    match open::record(input.path.as_deref(), plan.batch.from) {
        Ok(record) => convert_record(plan, record, out, voice),
        Err(e) => unusable(e, voice),
    }
}

/// An input that could not be opened: said (its message names it).
pub(super) fn unusable(e: impl std::fmt::Display, voice: &mut dyn Voice) -> Verdict {
    voice.say(&note(INPUT_UNUSABLE, None, e.to_string()));
    Verdict::Failed
}

/// A record the options do not apply to (`--ngf-rotate-180` on SGF):
/// refused as bad usage, nothing read.
pub(super) fn refused(name: &str, e: &Error, voice: &mut dyn Voice) -> Verdict {
    let mut report = voice.reporter(name);
    let usage = Error::Usage(format!("{name}: {e}"));
    voice.finished(name, &mut report, Some(&usage));
    Verdict::Failed
}

/// Converts one opened record into `out` (stdout for `None`).
pub(super) fn convert_record(
    plan: &Plan<'_>,
    mut record: Record<'_>,
    out: Option<&Path>,
    voice: &mut dyn Voice,
) -> Verdict {
    if let Err(e) = formats::check_read_options(record.format, &plan.options.read) {
        return refused(&record.name, &e, voice);
    }
    let strict = plan.batch.strict;
    let mut report = voice.reporter(&record.name);
    let result = write_to(out, strict, |w| {
        let stats = crate::pipeline::convert(
            &mut record.reader,
            record.format,
            w,
            plan.to,
            &plan.options,
            &mut report,
        )?;
        if strict && report.warnings() > 0 {
            return Ok(Written::HeldBack);
        }
        Ok(Written::Kept(stats))
    });
    voice.finished(&record.name, &mut report, result.as_ref().err());
    let (verdict, failed) = match &result {
        Ok(Written::HeldBack) => (Verdict::HeldBack, false),
        Ok(Written::Kept(stats)) => (Verdict::of(None, &report, strict), stats.games == 0),
        Err(e) => (Verdict::of(Some(e), &report, strict), true),
    };
    if failed {
        looks_like(&record.name, record.format, &record.head, voice);
    }
    verdict
}

/// After the record `name`, read as `format`, failed or gave no game: the
/// format its first bytes (`head`) look like, when that is another one, is
/// said as a hint (`read as gib, but looks like JSON: try -f json`).
pub fn looks_like(name: &str, format: Format, head: &[u8], voice: &mut dyn Voice) {
    let Some(f) = Format::sniff(head).filter(|f| *f != format) else {
        return;
    };
    let hint = format!(
        "read as {}, but looks like {}: try -f {}",
        format.name(),
        f.name().to_uppercase(),
        f.name()
    );
    voice.say(&note(LOOKS_LIKE_OTHER_FORMAT, Some(name), hint));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::testing::Heard;
    use crate::batch::{Batch, Target};

    #[test]
    fn a_failed_record_that_looks_like_another_format_gets_a_hint() {
        let mut heard = Heard::default();
        looks_like("g.gib", Format::Gib, b"{\"games\": []}", &mut heard);
        looks_like("g.sgf", Format::Sgf, b"(;GM[1])", &mut heard);
        assert_eq!(heard.0.len(), 1);
        assert_eq!(heard.0[0].code, LOOKS_LIKE_OTHER_FORMAT);
        assert_eq!(&*heard.0[0].file, "g.gib");
        assert_eq!(
            heard.0[0].message,
            "read as gib, but looks like JSON: try -f json"
        );
    }

    #[test]
    fn a_record_held_back_under_strict_writes_nothing() {
        let d = tempfile::tempdir().unwrap();
        let (src, out) = (d.path().join("w.sgf"), d.path().join("w.json"));
        // A property repeated in one node: a warning.
        std::fs::write(&src, "(;GM[1]PB[a]PB[b];B[pd])").unwrap();
        let mut batch = Batch::new(vec![Input::file(&src)], Target::File(out.clone()));
        batch.strict = true;
        let mut heard = Heard::default();
        let tally = crate::batch::run(&batch, &mut heard).unwrap();
        assert_eq!(tally.verdict, Verdict::HeldBack);
        assert!(!out.exists());
        batch.strict = false;
        let tally = crate::batch::run(&batch, &mut heard).unwrap();
        assert_eq!(tally.verdict, Verdict::Done);
        assert!(std::fs::read_to_string(&out).unwrap().contains("\"a, b\""));
    }
}
