//! One record into one output (a file or stdout): the batch of one input,
//! and each plain input under a directory. The record is opened
//! ([`crate::input::open`]), converted through [`crate::convert`] into the
//! output (`write::write_to`: in place only when it succeeded, held back
//! under `--strict` at a warning), and its end told to the voice; one that
//! failed as its format, or gave no game, gets a hint when its first bytes
//! look like another format. A record that gives no game writes nothing
//! (an existing output is left as it was) and fails; found by `-r` or in
//! an archive under a name any data takes (`.json`, `.xml`, `.csv`), it is
//! passed over with a note instead.

use super::codes::{note, INPUT_UNUSABLE, LOOKS_LIKE_OTHER_FORMAT, RUN_NOTE};
use super::plan::Plan;
use super::write::{guard, guard_outputs, note_leftovers, write_to, Written};
use super::{Input, Tally, Verdict, Voice};
use crate::diag::{Diagnostic, Reporter, Severity};
use crate::error::Error;
use crate::formats::{self, Format};
use crate::input::open::{self, Record};
use std::path::Path;

/// The batch of one input into one output.
pub(super) fn one(plan: &Plan<'_>, input: &Input, voice: &mut dyn Voice) -> Result<Tally, Error> {
    let out = plan.out_file();
    let side = plan.options.write.side_file();
    guard_outputs(&guard(&plan.batch.inputs), out, side)?;
    Ok(Tally::one(convert_to(plan, input, out, voice)))
}

/// Converts `input` into `out` (stdout for `None`); its verdict.
pub(super) fn convert_to(
    plan: &Plan<'_>,
    input: &Input,
    out: Option<&Path>,
    voice: &mut dyn Voice,
) -> Verdict {
    let side = plan.options.write.side_file().map(|s| s.0);
    note_leftovers(&[out, side], voice);
    match open::record(input.path.as_deref(), plan.batch.from) {
        Ok(record) => convert_record(plan, record, out, input.walked, voice),
        Err(e) => unusable(&input.name(), &e, voice),
    }
}

/// The input `name` that could not be opened or read: said, with the
/// error's own code and place when it has them.
pub(super) fn unusable(name: &str, e: &Error, voice: &mut dyn Voice) -> Verdict {
    voice.say(&unusable_note(name, e));
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

/// Converts one opened record into `out` (stdout for `None`); `found`
/// when it was found rather than named (by `-r`, in an archive). A record
/// that gives no game writes nothing (an existing output is left as it
/// was) and fails, unless it is passed over as no game record
/// ([`passed_over`]).
pub(super) fn convert_record(
    plan: &Plan<'_>,
    mut record: Record<'_>,
    out: Option<&Path>,
    found: bool,
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
        if stats.games == 0 {
            return Ok(Written::NoGame);
        }
        if strict && report.warnings() > 0 {
            return Ok(Written::HeldBack);
        }
        Ok(Written::Kept(stats))
    });
    let why = match &result {
        Ok(Written::NoGame) => Some(NO_GAME.to_string()),
        Err(e @ Error::Unreadable { .. }) => Some(e.to_string()),
        _ => None,
    };
    if let Some(why) = why.filter(|_| found) {
        if let Some(left) = passed_over(&record, &why, &mut report, voice) {
            return left;
        }
    }
    let failed = matches!(result, Ok(Written::NoGame) | Err(_));
    voice.finished(&record.name, &mut report, result.as_ref().err());
    let verdict = match &result {
        Ok(Written::HeldBack) => Verdict::HeldBack,
        Ok(Written::NoGame) => no_game(&record.name, voice),
        Ok(Written::Kept(_)) => Verdict::of(None, &report, strict),
        Err(e) => Verdict::of(Some(e), &report, strict),
    };
    if failed {
        looks_like(&record.name, record.format, &record.head, voice);
    }
    verdict
}

/// What is said of a record that gave no game.
pub(super) const NO_GAME: &str = "no game in it: nothing written";

/// A record that gave no game: said, and a failure (nothing was written).
pub(super) fn no_game(name: &str, voice: &mut dyn Voice) -> Verdict {
    voice.say(&note(INPUT_UNUSABLE, Some(name), NO_GAME.into()));
    Verdict::Failed
}

/// The formats whose names any data takes (`.json`, `.xml`, `.csv`): a
/// file so named is not always a game record, as a `.sgf` or `.gib` is.
fn names_any_data(format: Format) -> bool {
    matches!(
        format,
        Format::Json | Format::Xml | Format::Jago | Format::Csv
    )
}

/// Whether `head`, the first bytes of a file read as `format`, says it is
/// a game record of that format (sgfconv's JSON or XML document, a Jago
/// document, sgfconv's CSV header): such a file that fails is a damaged
/// record (a truncated download), never data passed over.
fn declares_a_record(format: Format, head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(4096)]);
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    match format {
        Format::Json => {
            text.contains(&format!("\"format\":\"{}", formats::json::FORMAT_NAME))
                || text.contains("\"nodes\":[")
        }
        Format::Xml => text.contains("<sgfconv"),
        Format::Jago => formats::jago::sniff(head),
        Format::Csv => formats::csv::sniff(head),
        _ => false,
    }
}

/// A record found rather than named, read as a format whose names any
/// data takes, that gave no game (`why`: what its reader said) and whose
/// first bytes do not say it is a record ([`declares_a_record`]): no game
/// record, passed over with a note (its own diagnostics said first).
/// `None` for any other record: its failure stands.
pub(super) fn passed_over(
    record: &Record<'_>,
    why: &str,
    report: &mut Reporter,
    voice: &mut dyn Voice,
) -> Option<Verdict> {
    if !names_any_data(record.format) || declares_a_record(record.format, &record.head) {
        return None;
    }
    voice.finished(&record.name, report, None);
    if voice.hears(Severity::Info) {
        let said = format!(
            "not a game record as {} ({why}): left out",
            record.format.name()
        );
        voice.say(&note(RUN_NOTE, Some(&record.name), said));
    }
    Some(Verdict::LeftOut)
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

/// What is said of the input `name` that could not be read (`e`): the
/// error's own code and place when it has them (`[E200] not a GIB
/// record`, a value past `--max-value-size` at its line and column), else
/// [`INPUT_UNUSABLE`]; the input's name in the `file` field, not repeated
/// at the start of the message.
pub fn unusable_note(name: &str, e: &Error) -> Diagnostic {
    let text = e.to_string();
    let message = match text.strip_prefix(name).and_then(|r| r.strip_prefix(": ")) {
        Some(rest) => rest.to_string(),
        None => text,
    };
    match e {
        Error::Unreadable { code, at, .. } => {
            let mut d = note(*code, Some(name), message);
            d.pos = *at;
            d
        }
        _ => note(INPUT_UNUSABLE, Some(name), message),
    }
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
