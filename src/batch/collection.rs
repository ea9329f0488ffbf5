//! Several inputs (or an archive's members) into one collection: one
//! writer ([`crate::pipeline::Collection`]), each input's games after the
//! previous input's, into a file or stdout. An input that cannot be read
//! is said and counted, and the others go on; a failure to write ends the
//! run. Under `--strict` a warning in any input holds the whole collection
//! back; when no input gives a game, nothing is written.

use super::codes::{note, INPUT_UNUSABLE};
use super::plan::Plan;
use super::record::unusable_note;
use super::record::{looks_like, no_game, passed_over, unusable, NO_GAME};
use super::write::{guard, guard_outputs, note_leftovers, write_to, Written};
use super::{each_record, Input, Tally, Verdict, Voice};
use crate::diag::Reporter;
use crate::error::Error;
use crate::input::open::{self, Record};
use crate::pipeline::Collection;

/// What the inputs of a collection came to.
#[derive(Default)]
struct Counts {
    tally: Tally,
    warnings: usize,
    errors: usize,
    games: u64,
}

/// Several inputs into one collection. One that gives no game adds
/// nothing and fails (or is passed over: `record::passed_over`); when
/// none gives a game, nothing is written.
pub(super) fn run(plan: &Plan<'_>, voice: &mut dyn Voice) -> Result<Tally, Error> {
    let out = plan.out_file();
    let side = plan.options.write.side_file();
    guard_outputs(&guard(&plan.batch.inputs), out, side)?;
    note_leftovers(&[out, side.map(|s| s.0)], voice);
    let mut counts = Counts::default();
    let out_name = out.map_or("<stdout>".into(), |p| p.display().to_string());
    let mut last = voice.reporter(&out_name);
    let strict = plan.batch.strict;
    let result = write_to(out, strict, |w| {
        let mut c = Collection::new(Box::new(w), plan.to, &plan.options)?;
        for input in &plan.batch.inputs {
            let found = found(input);
            let mut add = |record: Record<'_>, _: &std::path::Path, voice: &mut dyn Voice| {
                last = add_record(&mut c, record, found, voice, &mut counts)?;
                Ok(())
            };
            match each_record(input, plan.batch, voice, &mut add) {
                Ok(r) => counts.errors += r?,
                Err(e) => {
                    unusable(&input.name(), &e, voice);
                    counts.tally.failed += 1;
                }
            }
        }
        c.finish(&mut last)?;
        if counts.games == 0 {
            return Ok(Written::NoGame);
        }
        if strict && counts.warnings > 0 {
            return Ok(Written::HeldBack);
        }
        Ok(Written::Kept(()))
    });
    voice.finished(&out_name, &mut last, result.as_ref().err());
    let output = match &result {
        Ok(Written::HeldBack) => Verdict::HeldBack,
        Ok(Written::NoGame) => nothing_read(&out_name, &counts, voice),
        r => Verdict::of(r.as_ref().err(), &last, strict),
    };
    Ok(counts.tally.collection(output, counts.errors))
}

/// No input gave a game, so nothing was written: said here when no input
/// failed with a message of its own (an empty archive, a folder of data
/// files passed over).
fn nothing_read(out: &str, counts: &Counts, voice: &mut dyn Voice) -> Verdict {
    if counts.tally.failed == 0 {
        let message = "no game in the inputs: nothing written".to_string();
        voice.say(&note(INPUT_UNUSABLE, Some(out), message));
    }
    Verdict::Failed
}

/// Whether the records of `input` were found rather than named: under
/// `-r`, or in an archive.
fn found(input: &Input) -> bool {
    input.walked || input.path.is_some() && open::is_archive(input.path.as_deref())
}

/// Adds one record to a collection; a record that cannot be read, or
/// gives no game, is said and counted (or passed over: `found`), and the
/// others go on. Its reporter is returned.
fn add_record(
    c: &mut Collection<'_>,
    mut record: Record<'_>,
    found: bool,
    voice: &mut dyn Voice,
    counts: &mut Counts,
) -> Result<Reporter, Error> {
    let mut report = voice.reporter(&record.name);
    let r = c.add(&mut record.reader, record.format, &mut report);
    let why = match &r {
        Ok(stats) if stats.games == 0 => NO_GAME.to_string(),
        Err(e @ Error::Unreadable { .. }) if found => e.to_string(),
        _ => String::new(),
    };
    if found && !why.is_empty() {
        if let Some(left) = passed_over(&record, &why, &mut report, voice) {
            counts.tally.add(left);
            return Ok(report);
        }
    }
    voice.flush(&mut report);
    counts.warnings += report.warnings();
    counts.errors += report.errors();
    match r {
        Ok(stats) if stats.games == 0 => {
            counts.tally.add(no_game(&record.name, voice));
            looks_like(&record.name, record.format, &record.head, voice);
            Ok(report)
        }
        Ok(stats) => {
            counts.tally.converted += 1;
            counts.games += stats.games;
            Ok(report)
        }
        // The input could not be read as its format, or takes no such
        // option: said, counted, and the others go on.
        Err(e @ (Error::Unreadable { .. } | Error::Usage(_))) => {
            voice.say(&unusable_note(&record.name, &e));
            looks_like(&record.name, record.format, &record.head, voice);
            counts.tally.failed += 1;
            Ok(report)
        }
        // Writing failed: the collection cannot go on.
        Err(e) => Err(e),
    }
}
