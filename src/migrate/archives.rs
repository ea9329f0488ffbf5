//! Archives in SRC: each is read as the directory it would unpack to,
//! named after it (`KGS-2017.tar.gz` → `KGS-2017/`), or in place of its
//! name with `--flatten-archives`; an archive given as SRC is DST's root.
//! Members are converted straight from the archive, never unpacked to disk.
//!
//! One thread, the reader, decompresses the archives one after another in
//! walk order (a tar stream, a compressed file and a solid 7z can only be
//! read in order): for each member it claims the output name, prepares the
//! output directory, tests whether the output is up to date, and hands the
//! member's bytes to the conversion workers (rayon, `-j`) through a queue
//! of `QUEUE` members, so memory stays bounded whatever the archive's
//! size. A member larger than [`IN_MEMORY_MAX`] is converted by the reader
//! itself, streaming. Names are claimed in the reader, in archive order,
//! so the result does not depend on `-j`.
//!
//! Resuming: a member's input time is its archive's modification time, so
//! its output is up to date when it exists and is at least as new as the
//! archive (the archive is still read through, to learn its members'
//! names; only their conversion is skipped). A replaced archive is newer
//! than every output made from the old one: all are made again.

use super::ctx::Ctx;
use super::dirs::Outputs;
use super::found::Item;
use super::naming::Claims;

#[cfg(not(feature = "archives"))]
impl Ctx<'_> {
    /// Without the `archives` feature, nothing is found as an archive.
    pub(super) fn archives(
        &self,
        _archived: Vec<(usize, Item)>,
        _claims: &mut Claims,
        _out: &mut Outputs,
    ) {
    }
}

#[cfg(feature = "archives")]
mod with_archives {
    use super::super::codes::CONVERSION_FAILED;
    use super::super::convert::IN_MEMORY_MAX;
    use super::super::ctx::{Converted, NamedConv, Planned};
    use super::super::entry::{Entry, Status};
    use super::super::fsat::Dir;
    use super::super::glob;
    use super::super::log::Key;
    use super::super::named::{InOrder, WINDOW};
    use super::super::naming::{self, rel_text};
    use super::super::output::WritePolicy;
    use super::*;
    use crate::archive::{self, Member};
    use crate::diag::Reporter;
    use crate::error::Error;
    use crate::formats::Format;
    use crate::input::{self, CountingRead};
    use rayon::prelude::*;
    use std::io::Seek;
    use std::io::{self, BufReader, Read};
    use std::path::{Path, PathBuf};
    use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
    use std::sync::Arc;

    /// Members waiting for a worker, at most.
    pub const QUEUE: usize = 64;

    /// A member on its way to a worker.
    enum Unit {
        /// Nothing to convert: up to date, or failed before its bytes were
        /// read.
        Done(Box<(Key, Entry)>),
        /// Bytes to convert.
        Work(Box<Work>),
    }

    struct Work {
        key: Key,
        item: Item,
        entry: Entry,
        data: Vec<u8>,
        /// Its output's name (mirror mode).
        plan: Option<Planned>,
        dir: Option<Arc<Dir>>,
    }

    /// A member done: its entry, and in named mode what to name.
    type Finished = (Key, Entry, Option<(Item, Option<Converted>)>);

    /// A member's bytes: whole in memory, or a stream (a big member).
    enum Bytes<'b> {
        Held(&'b [u8]),
        Stream(&'b mut dyn Read),
    }

    /// The reader thread's state.
    struct Reader<'c, 'a> {
        ctx: &'c Ctx<'a>,
        claims: &'c mut Claims,
        out: &'c mut Outputs,
        queue: SyncSender<Unit>,
        /// Named mode: the members sent, named in that order as they come
        /// back converted.
        order: Option<InOrder>,
    }

    impl Ctx<'_> {
        /// Reads the archives found by the walk (`(position, item)`, in
        /// walk order) and converts their members; see the module's doc.
        /// Their entries go to the log as they finish; in named mode, once
        /// named and put in place, in archive order ([`InOrder`]).
        pub(in crate::migrate) fn archives(
            &self,
            archived: Vec<(usize, Item)>,
            claims: &mut Claims,
            out: &mut Outputs,
        ) {
            if archived.is_empty() {
                return;
            }
            let (queue, waiting) = sync_channel::<Unit>(QUEUE);
            let (back, converted) = channel::<NamedConv>();
            let order = self.named_mode().then(|| InOrder::new(converted));
            std::thread::scope(|s| {
                s.spawn(move || {
                    let mut r = Reader {
                        ctx: self,
                        claims,
                        out,
                        queue,
                        order,
                    };
                    for (i, item) in archived {
                        if self.stopped() {
                            break;
                        }
                        let e = r.archive(i, &item);
                        self.log.add((i, 0), &e);
                    }
                    r.finish();
                });
                self.workers(waiting, back);
            });
        }

        /// The conversion workers: until the reader is done, convert what
        /// it sends; a member converted in named mode goes back to it.
        fn workers(&self, waiting: Receiver<Unit>, back: Sender<NamedConv>) {
            waiting
                .into_iter()
                .par_bridge()
                // Asked to stop: what waits is not reached.
                .filter(|_| !self.stopped())
                .for_each(|u| match self.work(u) {
                    (key, e, Some((item, c))) => {
                        // The reader is gone only when it failed: the
                        // member's temporary files are deleted on drop.
                        let _ = back.send((key, item, e, c));
                    }
                    (key, e, None) => self.log.add(key, &e),
                });
        }

        /// A worker: converts one member (and in mirror mode puts it in
        /// place).
        fn work(&self, unit: Unit) -> Finished {
            let done = match unit {
                Unit::Done(done) => (done.0, done.1, None),
                Unit::Work(w) => {
                    let Work {
                        key,
                        item,
                        mut entry,
                        data,
                        plan,
                        dir,
                    } = *w;
                    let bytes = Bytes::Held(&data);
                    self.convert_placed(key, item, &mut entry, bytes, plan, dir)
                }
            };
            self.progress
                .file_done(done.1.bytes_in, done.1.status == Status::Failed);
            done
        }

        fn convert_placed(
            &self,
            key: Key,
            item: Item,
            entry: &mut Entry,
            bytes: Bytes<'_>,
            plan: Option<Planned>,
            dir: Option<Arc<Dir>>,
        ) -> Finished {
            let c = self.convert_member(&item, bytes, dir.as_ref(), entry);
            let e = std::mem::replace(entry, Entry::new(String::new(), false, Status::Ignored));
            match plan {
                Some(plan) => {
                    let e = self.mirror_place(&item, &plan, dir.as_deref(), e, c);
                    (key, e, None)
                }
                None => {
                    let mut e = e;
                    if let Some(c) = &c {
                        self.fill(&mut e, c);
                    }
                    (key, e, Some((item, c)))
                }
            }
        }

        /// Reads and converts one member into temporary files in `dir`.
        fn convert_member(
            &self,
            item: &Item,
            bytes: Bytes<'_>,
            dir: Option<&Arc<Dir>>,
            e: &mut Entry,
        ) -> Option<Converted> {
            let format = item.format.unwrap_or(Format::Sgf);
            let mut report = Reporter::collecting(e.source.as_str()).with_per_code_limit(10_000);
            let policy = WritePolicy {
                dir: dir.filter(|_| !self.options.dry_run),
                fsync: self.options.fsync,
                mtime: item.archive_mtime.filter(|_| self.options.preserve_mtime),
                anonymous: !self.named_mode(),
                capture: self.capture(),
            };
            let result = match bytes {
                Bytes::Held(data) => {
                    e.bytes_in = data.len() as u64;
                    self.convert_in_memory(item, format, data, policy, &mut report)
                }
                Bytes::Stream(r) => {
                    let mut counted = CountingRead::new(r);
                    let mut input = BufReader::with_capacity(256 * 1024, &mut counted);
                    let r = self.convert_input(format, &mut input, policy, &mut report);
                    drop(input);
                    e.bytes_in = counted.count();
                    r.map(|c| (c, format, item.by_content))
                }
            };
            self.finish_convert(e, &report, result)
        }

        /// Whether a member's path (`archive.zip/Go/x.sgf`: the archive's
        /// path under SRC as if it were a directory) passes `--include`
        /// and `--exclude`.
        fn member_included(&self, text: &str) -> bool {
            (self.include.is_empty() || glob::any_match(self.include, text))
                && !glob::any_match(self.exclude, text)
        }
    }

    impl Reader<'_, '_> {
        /// Reads the archive at `rel` (the walk's `slot`-th file), sending
        /// its members to the workers; returns the archive's own entry.
        fn archive(&mut self, slot: usize, item: &Item) -> Entry {
            let ctx = self.ctx;
            let (source, not_utf8) = ctx.source_text(&item.rel);
            let mut e = Entry::new(source.clone(), not_utf8, Status::Archive);
            let file = match ctx.src.open_file(&item.rel) {
                Ok(f) => f,
                Err(err) => {
                    let why = format!("cannot read {source}: {err}");
                    ctx.fail(&mut e, CONVERSION_FAILED, why);
                    return e;
                }
            };
            let mtime = file.metadata().and_then(|m| m.modified()).ok();
            let mut head = Vec::new();
            let read = input::read_head(&mut &file, &mut head, archive::DETECT_BYTES)
                .and_then(|(n, _)| (&file).rewind().map(|()| n));
            let kind = match read {
                Ok(n) => archive::detect(head.get(..n).unwrap_or_default()),
                Err(err) => {
                    let why = format!("cannot read {source}: {err}");
                    ctx.fail(&mut e, CONVERSION_FAILED, why);
                    return e;
                }
            };
            let Some(kind) = kind else {
                e.status = Status::Ignored;
                e.reason = Some("no archive sgfconv reads".into());
                return e;
            };
            let base = if ctx.roots.src_is_archive {
                PathBuf::new()
            } else if ctx.options.flatten_archives {
                item.rel.parent().unwrap_or(Path::new("")).to_path_buf()
            } else {
                archive::names::dir_name(&item.rel)
            };
            let mut report = Reporter::collecting(source.as_str()).with_per_code_limit(10_000);
            let mut seq = 0;
            let limits = ctx.options.archive_limits;
            let walked =
                archive::walk_file(file, kind, &source, &limits, &mut report, &mut |m, _| {
                    seq += 1;
                    let at = Place {
                        key: (slot, seq),
                        archive: &item.rel,
                        base: &base,
                        mtime,
                    };
                    self.member(&at, m)
                });
            ctx.progress.diagnostics(report.collected());
            e.add_diagnostics(report.collected());
            e.format = Some(kind.name());
            match walked {
                Ok(w) => {
                    e.reason = Some(format!(
                        "{} archive: {} game records (listed as {source}:member), {} other members left out",
                        kind.name(),
                        w.records,
                        w.left_out
                    ));
                }
                // Asked to stop: the members after the last one sent are
                // not reached; the archive is not damaged.
                Err(_) if ctx.options.stop.is_stopped() => {
                    e.reason = Some(format!(
                        "{} archive: read until the run was interrupted",
                        kind.name()
                    ));
                }
                Err(err) => ctx.fail(&mut e, CONVERSION_FAILED, err.to_string()),
            }
            e
        }

        /// One record member: planned here, converted by a worker (or here
        /// when big).
        fn member(&mut self, at: &Place<'_>, m: Member<'_>) -> Result<(), Error> {
            let ctx = self.ctx;
            if ctx.stopped() {
                return Err(Error::Io(io::Error::from(io::ErrorKind::Interrupted)));
            }
            if !ctx.member_included(&rel_text(&at.archive.join(&m.path))) {
                return Ok(());
            }
            let item = Item {
                rel: at.base.join(&m.path),
                format: m.format,
                by_content: Format::from_path(&m.path).is_none(),
                archive_mtime: at.mtime,
            };
            let mut e = Entry::new(m.display, false, Status::Converted);
            e.format = item.format.map(|f| f.name());
            let by = if item.by_content {
                "content"
            } else {
                "extension"
            };
            e.recognised_by = item.format.map(|_| by);
            ctx.progress.more(1);
            let Some((plan, dir)) = self.target(&item, &mut e) else {
                return self.send(Unit::Done(Box::new((at.key, e))));
            };
            let mut data = Vec::new();
            let reader = m.reader;
            match (&mut *reader)
                .take(IN_MEMORY_MAX as u64 + 1)
                .read_to_end(&mut data)
            {
                Err(err) => {
                    let why = format!("cannot read: {err}");
                    ctx.fail(&mut e, CONVERSION_FAILED, why);
                    self.send(Unit::Done(Box::new((at.key, e))))
                }
                Ok(n) if n > IN_MEMORY_MAX => {
                    // Too big to queue: converted here, streaming.
                    let mut rest = io::Read::chain(&data[..], reader);
                    let bytes = Bytes::Stream(&mut rest);
                    let done = ctx.convert_placed(at.key, item, &mut e, bytes, plan, dir);
                    ctx.progress
                        .file_done(done.1.bytes_in, done.1.status == Status::Failed);
                    match (done, &mut self.order) {
                        ((key, e, Some((item, c))), Some(order)) => {
                            order.sent(key);
                            order.converted((key, item, e, c));
                        }
                        ((key, e, _), _) => ctx.log.add(key, &e),
                    }
                    self.name_ready(WINDOW);
                    Ok(())
                }
                Ok(_) => {
                    if let Some(order) = &mut self.order {
                        order.sent(at.key);
                    }
                    self.send(Unit::Work(Box::new(Work {
                        key: at.key,
                        item,
                        entry: e,
                        data,
                        plan,
                        dir,
                    })))?;
                    self.name_ready(WINDOW);
                    Ok(())
                }
            }
        }

        /// Where a member's output goes: its name claimed (mirror mode),
        /// its directory prepared. `None` when there is nothing to convert:
        /// the output is up to date, or its directory cannot be used (`e`
        /// says so).
        fn target(
            &mut self,
            item: &Item,
            e: &mut Entry,
        ) -> Option<(Option<Planned>, Option<Arc<Dir>>)> {
            let ctx = self.ctx;
            let mut plan = (!ctx.named_mode()).then(|| {
                let (rel_out, numbered) = self.claims.claim_sgf(&naming::mirror_name(&item.rel));
                e.outputs.push(ctx.output_text(&rel_out));
                Planned {
                    rel_out,
                    numbered,
                    up_to_date: false,
                }
            });
            let dir_rel = match &plan {
                Some(p) => p.rel_out.parent(),
                None => item.rel.parent(),
            }
            .unwrap_or(Path::new(""))
            .to_path_buf();
            ctx.prepare_dir(&dir_rel, self.out);
            let state = self.out.state(&dir_rel);
            let dir = match ctx.out_dir(self.out, &dir_rel, &state) {
                Ok(d) => d,
                Err((code, why)) => {
                    ctx.fail(e, code, why);
                    return None;
                }
            };
            if let Some(p) = &mut plan {
                let name = p.rel_out.file_name().unwrap_or_default();
                if !ctx.options.force && !state.fresh && ctx.up_to_date(dir.as_deref(), name, item)
                {
                    if ctx.earlier_holds(&e.source, dir.as_deref(), name, item) {
                        ctx.skip(e);
                        return None;
                    }
                    // Read again, not written: what it holds is counted.
                    p.up_to_date = true;
                    return Some((plan, None));
                }
            }
            Some((plan, dir))
        }

        /// Names and puts in place the members converted in named mode
        /// whose predecessors all are, waiting until fewer than `limit`
        /// wait (0: all).
        fn name_ready(&mut self, limit: usize) {
            let Reader {
                ctx,
                claims,
                out,
                order,
                ..
            } = self;
            if let Some(order) = order {
                order.drain(limit, |conv| ctx.place_named_one(conv, claims, out));
            }
        }

        /// The archives are read: the workers are told so, and every member
        /// still converting is named as it comes back.
        fn finish(self) {
            let Reader {
                ctx,
                claims,
                out,
                queue,
                order,
            } = self;
            drop(queue);
            if let Some(mut order) = order {
                order.drain(0, |conv| ctx.place_named_one(conv, claims, out));
            }
        }

        fn send(&self, unit: Unit) -> Result<(), Error> {
            self.queue
                .send(unit)
                .map_err(|_| Error::Io(io::Error::other("the conversion workers stopped")))
        }
    }

    /// Where a member of an archive goes.
    struct Place<'p> {
        key: Key,
        /// The archive's path under SRC.
        archive: &'p Path,
        /// The directory its members go under, relative to DST.
        base: &'p Path,
        /// The archive's modification time.
        mtime: Option<std::time::SystemTime>,
    }
}
