//! One output per input under a directory (`-d DIR`): plain inputs'
//! outputs are planned before anything is written (`names`), an archive's
//! members go to a directory named after it and are claimed as they come,
//! and so is every record under `--name` (its name made from its first
//! game's root, `named`); an output numbered apart from another's is said
//! as its record comes and counted; each record is converted (`record`)
//! or drawn (`pictures`) on its own, and the run fails only when nothing
//! was written.

use super::codes::{note, OUTPUT_NUMBERED, OUTPUT_UNWRITABLE};
use super::named;
use super::names::DirOutputs;
use super::plan::Plan;
use super::record::{convert_record, convert_to, unusable};
use super::write::{guard, make_parent};
use super::{each_record, pictures, Input, Tally, Verdict, Voice};
use crate::diag::Severity;
use crate::error::Error;
use crate::input::open::{self, Record};
use std::path::Path;

/// One output per input under `dir`.
pub(super) fn run(plan: &Plan<'_>, dir: &Path, voice: &mut dyn Voice) -> Result<Tally, Error> {
    let inputs = &plan.batch.inputs;
    let archives: Vec<bool> = inputs
        .iter()
        .map(|i| open::is_archive(i.path.as_deref()))
        .collect();
    // Under --name, each output is claimed as its record comes.
    let templated = plan.batch.name_template.is_some();
    let named: Vec<Option<(&Path, String)>> = inputs
        .iter()
        .zip(&archives)
        .map(|(i, a)| (!a && !templated).then(|| (i.rel.as_path(), i.name())))
        .collect();
    let format = (plan.to, plan.options.write.json_lines);
    let collisions = plan.batch.collisions;
    let mut outs = DirOutputs::plan(dir, format, guard(inputs), collisions, &named)?;
    let mut tally = Tally::default();
    for (k, input) in inputs.iter().enumerate() {
        if archives[k] {
            archive(plan, input, &mut outs, voice, &mut tally);
        } else if templated {
            let v = match open::record(input.path.as_deref(), plan.batch.from) {
                Ok(r) => claimed(
                    plan,
                    r,
                    &input.rel,
                    input.walked,
                    &mut outs,
                    voice,
                    &mut tally,
                ),
                Err(e) => unusable(&input.name(), &e, voice),
            };
            tally.add(v);
        } else {
            let (out, numbered) = outs.planned[k].clone();
            if let Some(message) = numbered {
                say_numbered(&input.name(), message, voice);
                tally.numbered += 1;
            }
            tally.add(plain(plan, input, &out, &mut outs, voice));
        }
    }
    Ok(tally.each())
}

/// A plain input into its planned output `out`.
fn plain(
    plan: &Plan<'_>,
    input: &Input,
    out: &Path,
    outs: &mut DirOutputs,
    voice: &mut dyn Voice,
) -> Verdict {
    if let Err(v) = make_parent(out, voice) {
        return v;
    }
    if !plan.to.info().pictures {
        return convert_to(plan, input, Some(out), voice);
    }
    match open::record(input.path.as_deref(), plan.batch.from) {
        Ok(record) => pictures::draw(plan, record, out, input.walked, outs.claims(), voice),
        Err(e) => unusable(&input.name(), &e, voice),
    }
}

/// The record members of an archive, each into the output it claims.
fn archive(
    plan: &Plan<'_>,
    input: &Input,
    outs: &mut DirOutputs,
    voice: &mut dyn Voice,
    tally: &mut Tally,
) {
    let mut member = |record: Record<'_>, rel: &Path, voice: &mut dyn Voice| {
        let v = claimed(plan, record, rel, true, outs, voice, tally);
        tally.add(v);
        Ok(())
    };
    match each_record(input, plan.batch, voice, &mut member) {
        Ok(Ok(errors)) if errors > 0 => tally.worsen(Verdict::Lost),
        Ok(Ok(_)) => {}
        Ok(Err(e)) | Err(e) => tally.worsen(unusable(&input.name(), &e, voice)),
    }
}

/// A record whose output is claimed as it comes (an archive's member;
/// every record under `--name`), at `rel` below the directory, `found`
/// rather than named: its output is the one its name gives, or the one
/// the template makes of its first game's root (`named`), numbered when
/// another record has it (said and counted); then it is written there. A
/// refusal (it would be an input, or cannot be made, or the name is taken
/// under `--collisions refuse`) is said and is its verdict.
fn claimed(
    plan: &Plan<'_>,
    mut record: Record<'_>,
    rel: &Path,
    found: bool,
    outs: &mut DirOutputs,
    voice: &mut dyn Voice,
    tally: &mut Tally,
) -> Verdict {
    let claim = match plan.batch.name_template.as_deref() {
        Some(template) => {
            let base = named::name_of(template, &mut record, rel, &plan.options);
            outs.named_output(&base, &record.name)
        }
        None => outs.member_output(rel, &record.name),
    };
    let name = record.name.as_str();
    let (out, numbered) = match claim {
        Ok(claimed) => claimed,
        Err(e) => {
            voice.say(&note(OUTPUT_UNWRITABLE, Some(name), e.to_string()));
            return Verdict::Lost;
        }
    };
    if let Some(message) = numbered {
        say_numbered(name, message, voice);
        tally.numbered += 1;
    }
    if let Err(v) = make_parent(&out, voice) {
        return v;
    }
    if plan.to.info().pictures {
        pictures::draw(plan, record, &out, found, outs.claims(), voice)
    } else {
        convert_record(plan, record, Some(&out), found, voice)
    }
}

/// Says that the output of the record `name` is numbered (`message`), when
/// warnings are heard (not under `-q`).
fn say_numbered(name: &str, message: String, voice: &mut dyn Voice) {
    if voice.hears(Severity::Warning) {
        voice.say(&note(OUTPUT_NUMBERED, Some(name), message));
    }
}
