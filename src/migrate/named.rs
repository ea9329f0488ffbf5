//! Named mode (`--name`, `--split-collections`): a record's output names
//! come from what its conversion finds (game info, the number of games),
//! and are handed out in walk order, so they cannot be planned before the
//! conversion as mirrored names are.
//!
//! Records are still converted in parallel, but never more than
//! [`WINDOW`] ahead of their naming: plain files a window at a time, then
//! named in walk order and put in place; archives' members as their reader
//! sends them, each named and put in place by the reader as soon as every
//! member before it is ([`InOrder`]). What waits for a name is a record's
//! entry, its games' facts and its finished temporary files, closed (no
//! descriptor held), so memory and open files are bounded by the window,
//! not by the number of records, and the names do not depend on
//! `-j` or on which worker finishes first.

use super::codes::OUTPUT_NAME_NUMBERED;
use super::ctx::{Converted, Ctx, NamedConv, Placed};
use super::dirs::Outputs;
use super::entry::{Entry, Status};
use super::found::{FoundList, Item, Tag};
use super::log::Key;
use super::naming::{self, Claims};
use crate::output::template::{self, NameFields};
use rayon::prelude::*;
#[cfg(feature = "archives")]
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
#[cfg(feature = "archives")]
use std::sync::mpsc::Receiver;

/// Records converted ahead of their naming, at most.
pub(super) const WINDOW: usize = 256;

impl Ctx<'_> {
    /// Plain files in named mode, [`WINDOW`] at a time: converted in
    /// parallel, named in walk order, put in place.
    pub(super) fn named_files(&self, found: &FoundList, claims: &mut Claims, out: &mut Outputs) {
        let mut places = found.places(|t| matches!(t, Tag::Record(..)));
        loop {
            let items: Vec<(Key, Item)> = places
                .by_ref()
                .take(WINDOW)
                .map(|i| ((i, 0), found.item(i)))
                .collect();
            if items.is_empty() || self.stopped() {
                return;
            }
            let converted = self.convert_named(items, out);
            // Asked to stop meanwhile: the records before the first one not
            // reached are named and put in place (names are handed out in
            // walk order, so a resumed run gives the same ones); the rest
            // are left, their temporary files deleted.
            let reached: Vec<NamedConv> = converted.into_iter().map_while(|c| c).collect();
            self.place_named(reached, claims, out);
        }
    }

    /// Converts records into temporary files in their mirrored directories
    /// (renamed into their own later), in parallel; `None` for a record not
    /// reached (the run was asked to stop).
    fn convert_named(&self, items: Vec<(Key, Item)>, out: &mut Outputs) -> Vec<Option<NamedConv>> {
        self.prepare_dirs(
            items
                .iter()
                .map(|(_, it)| it.rel.parent().unwrap_or(Path::new(""))),
            out,
        );
        let checked = &*out;
        items
            .into_par_iter()
            .map(|(i, item)| {
                if self.stopped() {
                    return None;
                }
                let mut e = self.entry(&item, Status::Converted);
                let dir_rel = item.rel.parent().unwrap_or(Path::new(""));
                let state = checked.state(dir_rel);
                let c = match self.out_dir(checked, dir_rel, &state) {
                    Err((code, why)) => {
                        self.fail(&mut e, code, why);
                        None
                    }
                    Ok(dir) => {
                        let c = self.convert(&item, dir.as_ref(), &mut e);
                        if let Some(c) = &c {
                            self.fill(&mut e, c);
                        }
                        c
                    }
                };
                self.progress
                    .file_done(e.bytes_in, e.status == Status::Failed);
                Some((i, item, e, c))
            })
            .collect()
    }

    /// Names converted records in the order given, then puts them in place
    /// (in parallel) and logs them.
    fn place_named(&self, converted: Vec<NamedConv>, claims: &mut Claims, out: &mut Outputs) {
        let planned: Vec<Placed> = converted
            .into_iter()
            .map(|(i, item, mut e, c)| {
                let names = match &c {
                    Some(c) => self.plan_names(claims, &item, &mut e, c),
                    None => Vec::new(),
                };
                (i, item, e, c, names)
            })
            .collect();
        self.prepare_dirs(
            planned
                .iter()
                .flat_map(|p| p.4.iter())
                .map(|n| n.parent().unwrap_or(Path::new(""))),
            out,
        );
        let out = &*out;
        planned
            .into_par_iter()
            .for_each(|(i, item, mut e, c, names)| {
                if let Some(c) = c {
                    self.place(&item, &mut e, c, &names, out);
                }
                self.log.add(i, &e);
            });
    }

    /// Names one converted record and puts it in place, here (the archive
    /// reader's thread).
    #[cfg(feature = "archives")]
    pub(super) fn place_named_one(&self, conv: NamedConv, claims: &mut Claims, out: &mut Outputs) {
        let (i, item, mut e, c) = conv;
        if let Some(c) = c {
            let names = self.plan_names(claims, &item, &mut e, &c);
            self.prepare_dirs(
                names.iter().map(|n| n.parent().unwrap_or(Path::new(""))),
                out,
            );
            self.place(&item, &mut e, c, &names, out);
        }
        self.log.add(i, &e);
    }

    /// The output names of one converted record (relative to DST), claimed
    /// in `claims`: from the template, else the file's stem (numbered per
    /// game when a collection is split).
    fn plan_names(
        &self,
        claims: &mut Claims,
        item: &Item,
        e: &mut Entry,
        c: &Converted,
    ) -> Vec<PathBuf> {
        let stem_bytes = naming::stem_bytes(item.rel.file_name().unwrap_or_default());
        let stem = String::from_utf8_lossy(&stem_bytes).into_owned();
        let dir_rel = item.rel.parent().unwrap_or(Path::new(""));
        let n_games = c.games.len();
        let mut names = Vec::with_capacity(c.outputs.len());
        for k in 0..c.outputs.len() {
            let game = if self.options.split_collections { k } else { 0 };
            let base = match &self.options.name_template {
                Some(t) => {
                    let props = c.games.get(game).map(|g| &g.root[..]).unwrap_or(&[]);
                    let fields = NameFields {
                        props,
                        stem: &stem,
                        game: game + 1,
                        games: n_games,
                    };
                    template::render(t, &fields)
                }
                None if c.outputs.len() > 1 => {
                    let width = c.outputs.len().to_string().len();
                    let mut b = stem_bytes.clone();
                    b.extend_from_slice(format!("-{:0width$}", k + 1).as_bytes());
                    PathBuf::from(naming::os_from_bytes(b))
                }
                None => PathBuf::from(naming::os_from_bytes(stem_bytes.clone())),
            };
            let (rel_out, numbered) = claims.claim(&dir_rel.join(base));
            if numbered {
                *e.rewrites
                    .entry(format!(
                        "{} {}",
                        OUTPUT_NAME_NUMBERED.id, OUTPUT_NAME_NUMBERED.name
                    ))
                    .or_insert(0) += 1;
            }
            e.outputs.push(self.output_text(&rel_out));
            names.push(rel_out);
        }
        names
    }
}

#[cfg(feature = "archives")]
/// Archive members converted in named mode, put in place in the order the
/// reader sent them: the reader notes each member it sends ([`sent`]),
/// the workers send them back converted, and the reader names every one
/// whose predecessors are all named ([`InOrder::drain`]).
///
/// [`sent`]: InOrder::sent
pub(super) struct InOrder {
    /// Keys sent, not yet named, in order.
    waiting: VecDeque<Key>,
    /// Converted out of order, waiting for the ones before them.
    done: HashMap<Key, NamedConv>,
    back: Receiver<NamedConv>,
}

#[cfg(feature = "archives")]
impl InOrder {
    pub(super) fn new(back: Receiver<NamedConv>) -> Self {
        InOrder {
            waiting: VecDeque::new(),
            done: HashMap::new(),
            back,
        }
    }

    /// `key` was sent for conversion (or is converted by the reader).
    pub(super) fn sent(&mut self, key: Key) {
        self.waiting.push_back(key);
    }

    /// A member the reader converted itself.
    pub(super) fn converted(&mut self, conv: NamedConv) {
        self.done.insert(conv.0, conv);
    }

    /// Hands `place` every member whose predecessors are all placed,
    /// waiting for the workers until fewer than `limit` are left waiting
    /// (0: all of them). Stops early if the workers are gone.
    pub(super) fn drain(&mut self, limit: usize, mut place: impl FnMut(NamedConv)) {
        loop {
            while let Ok(conv) = self.back.try_recv() {
                self.done.insert(conv.0, conv);
            }
            while let Some(conv) = self.waiting.front().and_then(|k| self.done.remove(k)) {
                self.waiting.pop_front();
                place(conv);
            }
            if self.waiting.is_empty() || self.waiting.len() < limit {
                return;
            }
            match self.back.recv() {
                Ok(conv) => {
                    self.done.insert(conv.0, conv);
                }
                Err(_) => return,
            }
        }
    }
}

impl Ctx<'_> {
    pub(super) fn place(
        &self,
        item: &Item,
        e: &mut Entry,
        c: Converted,
        names: &[PathBuf],
        out: &Outputs,
    ) {
        let mut written = 0;
        for (tmp, rel_out) in c.outputs.into_iter().zip(names) {
            let rel_dir = rel_out.parent().unwrap_or(Path::new(""));
            let name = rel_out.file_name().unwrap_or_default();
            let state = out.state(rel_dir);
            let dir = match self.out_dir(out, rel_dir, &state) {
                Ok(d) => d,
                Err((code, why)) => {
                    self.fail(e, code, why);
                    return;
                }
            };
            if !self.options.force && !state.fresh && self.up_to_date(dir.as_deref(), name, item) {
                continue;
            }
            written += 1;
            let mut tmp = tmp;
            if self.to_archive(e, &mut tmp, rel_out, item) {
                if e.status == Status::Failed {
                    return;
                }
                continue;
            }
            if let (Some(tmp), Some(dir)) = (tmp, &dir) {
                let out_abs = self.roots.dst.join(rel_out);
                if let Err(err) = tmp.persist(dir, name) {
                    self.fail(
                        e,
                        super::dirs::output_code(&err),
                        format!("cannot write {}: {err}", out_abs.display()),
                    );
                    return;
                }
            }
        }
        if written == 0 {
            e.status = Status::Skipped;
            e.reason = Some("outputs are up to date".into());
        }
    }
}
