//! Mirror mode (the default): each record's output is its mirrored name
//! (`a/b.gib` → `a/b.sgf`), planned in walk order before the parallel
//! part (collisions numbered `name (2).sgf`), so that an up-to-date output
//! is skipped without reading its input when the earlier report holds what
//! its input gave (else the input is read again, not written, to count
//! it).

use super::codes::OUTPUT_NAME_NUMBERED;
use super::ctx::{Converted, Ctx, Planned};
use super::dirs::Outputs;
use super::entry::{Entry, Status};
use super::found::{FoundList, Item, Tag};
use super::fsat::Dir;
use super::naming::{self, Claims};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

impl Ctx<'_> {
    /// Mirror mode: names are known from paths, so they are planned first and
    /// up-to-date outputs are skipped without reading their input. A
    /// record's output is its mirrored name unless that was taken: only
    /// the numbered names are kept.
    pub(super) fn migrate_mirrored(
        &self,
        found: &FoundList,
        claims: &mut Claims,
        out: &mut Outputs,
    ) {
        let is_record = |t: Tag| matches!(t, Tag::Record(..));
        let mut numbered: HashMap<usize, PathBuf> = HashMap::new();
        for i in found.places(is_record) {
            let mirrored = naming::mirror_name(found.rel(i));
            let (rel_out, renamed) = claims.claim_sgf(&mirrored);
            self.prepare_dir(rel_out.parent().unwrap_or(Path::new("")), out);
            if renamed {
                numbered.insert(i, rel_out);
            }
        }
        let out = &*out;
        (0..found.len())
            .into_par_iter()
            .filter(|&i| is_record(found.tag(i)))
            .for_each(|i| {
                if self.stopped() {
                    return;
                }
                let item = found.item(i);
                let plan = match numbered.get(&i) {
                    Some(rel_out) => Planned {
                        rel_out: rel_out.clone(),
                        numbered: true,
                        up_to_date: false,
                    },
                    None => Planned {
                        rel_out: naming::mirror_name(&item.rel),
                        numbered: false,
                        up_to_date: false,
                    },
                };
                let e = self.mirror_one(&item, &plan, out);
                self.progress
                    .file_done(e.bytes_in, e.status == Status::Failed);
                self.log.add((i, 0), &e);
            });
    }

    pub(super) fn mirror_one(&self, item: &Item, plan: &Planned, out: &Outputs) -> Entry {
        let mut e = self.entry(item, Status::Converted);
        e.outputs.push(self.output_text(&plan.rel_out));
        let rel_dir = plan.rel_out.parent().unwrap_or(Path::new(""));
        let name = plan.rel_out.file_name().unwrap_or_default();
        let state = out.state(rel_dir);
        let dir = match self.out_dir(out, rel_dir, &state) {
            Ok(d) => d,
            Err((code, why)) => {
                self.fail(&mut e, code, why);
                return e;
            }
        };
        if !self.options.force && !state.fresh && self.up_to_date(dir.as_deref(), name, item) {
            if self.earlier_holds(&e.source, dir.as_deref(), name, item) {
                self.skip(&mut e);
                return e;
            }
            // Read again, not written: what it holds is counted.
            let converted = self.convert(item, None, &mut e);
            return self.skipped_after_reading(e, converted, &plan.rel_out);
        }
        let converted = self.convert(item, dir.as_ref(), &mut e);
        self.mirror_place(item, plan, dir.as_deref(), e, converted)
    }

    /// A record whose output is up to date: skipped (not read when the
    /// earlier report holds what it found).
    pub(super) fn skip(&self, e: &mut Entry) {
        e.status = Status::Skipped;
        e.reason = Some("output is up to date".into());
    }

    /// A record whose output is up to date, read again (not written) for
    /// what it holds: skipped, its games, encodings and diagnostics counted
    /// as a run that converted it counts them (a failure of the reading
    /// among them), its output as it was.
    pub(super) fn skipped_after_reading(
        &self,
        mut e: Entry,
        converted: Option<Converted>,
        rel_out: &Path,
    ) -> Entry {
        if let Some(c) = &converted {
            self.fill(&mut e, c);
        }
        e.outputs = vec![self.output_text(rel_out)];
        e.bytes_out = 0;
        self.skip(&mut e);
        e
    }

    /// Puts a record converted in mirror mode into place.
    pub(super) fn mirror_place(
        &self,
        item: &Item,
        plan: &Planned,
        dir: Option<&Dir>,
        mut e: Entry,
        converted: Option<Converted>,
    ) -> Entry {
        let name = plan.rel_out.file_name().unwrap_or_default();
        if plan.up_to_date {
            return self.skipped_after_reading(e, converted, &plan.rel_out);
        }
        let Some(mut c) = converted else {
            return e;
        };
        self.fill(&mut e, &c);
        if plan.numbered {
            e.rewrites
                .entry(format!(
                    "{} {}",
                    OUTPUT_NAME_NUMBERED.id, OUTPUT_NAME_NUMBERED.name
                ))
                .or_insert(1);
        }
        let mut tmp = c.outputs.pop().flatten();
        if self.to_archive(&mut e, &mut tmp, &plan.rel_out, item) {
            return e;
        }
        if let (Some(tmp), Some(dir)) = (tmp, dir) {
            if let Err(err) = tmp.persist(dir, name) {
                let out_abs = self.roots.dst.join(&plan.rel_out);
                self.fail(
                    &mut e,
                    super::dirs::output_code(&err),
                    format!("cannot write {}: {err}", out_abs.display()),
                );
            }
        }
        e
    }
}
