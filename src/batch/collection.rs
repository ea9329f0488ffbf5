//! Several inputs (or an archive's members) into one collection: one
//! writer ([`crate::pipeline::Collection`]), each input's games after the
//! previous input's, into a file or stdout. An input that cannot be read
//! is said and counted, and the others go on; a failure to write ends the
//! run. Under `--strict` a warning in any input holds the whole collection
//! back.

use super::codes::{note, INPUT_UNUSABLE};
use super::plan::Plan;
use super::record::{looks_like, unusable};
use super::write::{guard, guard_outputs, note_leftovers, write_to, Written};
use super::{each_record, Tally, Verdict, Voice};
use crate::diag::Reporter;
use crate::error::Error;
use crate::input::open::Record;
use crate::pipeline::Collection;

/// What the inputs of a collection came to.
#[derive(Default)]
struct Counts {
    tally: Tally,
    warnings: usize,
    errors: usize,
}

/// Several inputs into one collection.
pub(super) fn run(plan: &Plan<'_>, voice: &mut dyn Voice) -> Result<Tally, Error> {
    let out = plan.out_file();
    let games_csv = plan.options.write.games_csv.as_deref();
    guard_outputs(&guard(&plan.batch.inputs), out, games_csv)?;
    note_leftovers(&[out, games_csv], voice);
    let mut counts = Counts::default();
    let out_name = out.map_or("<stdout>".into(), |p| p.display().to_string());
    let mut last = voice.reporter(&out_name);
    let strict = plan.batch.strict;
    let result = write_to(out, strict, |w| {
        let mut c = Collection::new(Box::new(w), plan.to, &plan.options)?;
        for input in &plan.batch.inputs {
            let mut add = |record: Record<'_>, _: &std::path::Path, voice: &mut dyn Voice| {
                last = add_record(&mut c, record, voice, &mut counts)?;
                Ok(())
            };
            match each_record(input, plan.batch, voice, &mut add) {
                Ok(r) => counts.errors += r?,
                Err(e) => {
                    unusable(e, voice);
                    counts.tally.failed += 1;
                }
            }
        }
        c.finish(&mut last)?;
        if strict && counts.warnings > 0 {
            return Ok(Written::HeldBack);
        }
        Ok(Written::Kept(()))
    });
    voice.finished(&out_name, &mut last, result.as_ref().err());
    let output = match &result {
        Ok(Written::HeldBack) => Verdict::HeldBack,
        r => Verdict::of(r.as_ref().err(), &last, strict),
    };
    let inputs = plan.batch.inputs.len();
    Ok(counts.tally.collection(output, inputs, counts.errors))
}

/// Adds one record to a collection; a record that cannot be read is said
/// and counted, and the others go on. Its reporter is returned.
fn add_record(
    c: &mut Collection<'_>,
    mut record: Record<'_>,
    voice: &mut dyn Voice,
    counts: &mut Counts,
) -> Result<Reporter, Error> {
    let mut report = voice.reporter(&record.name);
    let r = c.add(&mut record.reader, record.format, &mut report);
    voice.flush(&mut report);
    counts.warnings += report.warnings();
    counts.errors += report.errors();
    match r {
        Ok(stats) => {
            counts.tally.converted += 1;
            if stats.games == 0 {
                looks_like(&record.name, record.format, &record.head, voice);
            }
            Ok(report)
        }
        // The input could not be read as its format, or takes no such
        // option: said, counted, and the others go on.
        Err(e @ (Error::Unreadable { .. } | Error::Usage(_))) => {
            voice.say(&note(INPUT_UNUSABLE, Some(&record.name), e.to_string()));
            looks_like(&record.name, record.format, &record.head, voice);
            counts.tally.failed += 1;
            Ok(report)
        }
        // Writing failed: the collection cannot go on.
        Err(e) => Err(e),
    }
}
