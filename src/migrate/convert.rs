//! One record converted into temporary files: read whole into a reused
//! buffer (up to [`IN_MEMORY_MAX`]; a bigger one streams) and run through
//! the pipeline (`pipeline::run`: reader → dialect rules → the router of
//! `output`, the SGF writer behind it); a record named for one format but
//! whose content is another is read as that one (`W454`); no game, or a
//! warning under `--strict`, fails it.

use super::codes::{
    CONVERSION_FAILED, FAILED_UNDER_STRICT, FORMAT_DIFFERS_FROM_EXTENSION, NO_GAME,
};
use super::ctx::{Converted, Ctx};
use super::entry::{EncodingUse, Entry};
use super::found::Item;
use super::fsat::Dir;
use super::output::{Router, WritePolicy};
use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::Format;
use crate::input::{self, CountingRead, SNIFF_BYTES};
use crate::pipeline::{self, Start};
use std::cell::RefCell;
use std::ffi::OsStr;
use std::io::{self, BufReader, Read};
use std::sync::Arc;

/// Inputs up to this size are read whole into a reused buffer; bigger ones
/// stream.
pub(super) const IN_MEMORY_MAX: usize = 16 << 20;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

impl Ctx<'_> {
    pub(super) fn fill(&self, e: &mut Entry, c: &Converted) {
        e.format = Some(c.format.name());
        e.recognised_by = Some(if c.by_content { "content" } else { "extension" });
        e.games = c.games.len();
        e.bytes_out = c.bytes_out;
        for g in &c.games {
            let src = g.encoding_source.as_str();
            match e
                .encodings
                .iter_mut()
                .find(|u| u.encoding == g.encoding && u.source == src)
            {
                Some(u) => {
                    u.games += 1;
                    u.confidence = u.confidence.min(g.confidence);
                }
                None => e.encodings.push(EncodingUse {
                    encoding: g.encoding,
                    source: src,
                    confidence: g.confidence,
                    games: 1,
                }),
            }
        }
    }

    /// Reads and converts one record into temporary files in `dir`. On
    /// failure, `e` says why and nothing is left on disk.
    pub(super) fn convert(
        &self,
        item: &Item,
        dir: Option<&Arc<Dir>>,
        e: &mut Entry,
    ) -> Option<Converted> {
        let Some(format) = item.format else {
            self.fail(e, CONVERSION_FAILED, "unknown format".into());
            return None;
        };
        let path = self.roots.src_canon.join(&item.rel);
        let mut report = Reporter::collecting(e.source.as_str()).with_per_code_limit(10_000);
        let file = match self.src.open_file(&item.rel) {
            Ok(f) => f,
            Err(err) => {
                self.fail(
                    e,
                    CONVERSION_FAILED,
                    format!("cannot read {}: {err}", path.display()),
                );
                return None;
            }
        };
        let mtime = if self.options.preserve_mtime {
            file.metadata().and_then(|m| m.modified()).ok()
        } else {
            None
        };
        let policy = WritePolicy {
            dir: dir.filter(|_| !self.options.dry_run),
            fsync: self.options.fsync,
            mtime,
            anonymous: !self.named_mode(),
            capture: self.capture(),
        };
        let result = INPUT.with(|cell| {
            let mut buf = cell.take();
            let r = match input::read_head(&mut &file, &mut buf, IN_MEMORY_MAX) {
                Err(err) => Err(Error::Io(err)),
                // The whole file is in memory.
                Ok((n, true)) => {
                    e.bytes_in = n as u64;
                    let data = buf.get(..n).unwrap_or_default();
                    self.convert_in_memory(item, format, data, policy, &mut report)
                }
                // A big file: what was read, then the rest, streaming.
                Ok((n, false)) => {
                    let head = buf.get(..n).unwrap_or_default();
                    let mut counted = CountingRead::new(io::Read::chain(head, &file));
                    let mut input = BufReader::with_capacity(256 * 1024, &mut counted);
                    let r = self
                        .convert_input(format, &mut input, policy, &mut report)
                        .map(|c| (c, format, item.by_content));
                    drop(input);
                    e.bytes_in = counted.count();
                    r
                }
            };
            cell.replace(buf);
            r
        });
        self.finish_convert(e, &report, result)
    }

    /// What the conversion of one record gives: its diagnostics into `e`,
    /// and the failures (no game, `--strict`) said.
    pub(super) fn finish_convert(
        &self,
        e: &mut Entry,
        report: &Reporter,
        result: Result<(Converted, Format, bool), Error>,
    ) -> Option<Converted> {
        self.progress.diagnostics(report.collected());
        e.add_diagnostics(report.collected());
        match result {
            Err(err) => {
                let why = match &err {
                    Error::Io(io) => format!("input/output error: {io}"),
                    other => other.to_string(),
                };
                self.fail(e, CONVERSION_FAILED, why);
                None
            }
            Ok((mut c, fmt, by_content)) => {
                c.format = fmt;
                c.by_content = by_content;
                if c.games.is_empty() {
                    self.fail(e, NO_GAME, "no game found in the file".into());
                    return None;
                }
                let (warnings, errors) = (report.warnings(), report.errors());
                if self.options.strict && warnings + errors > 0 {
                    let why =
                        format!("{warnings} warnings, {errors} errors under --strict: not written");
                    self.fail(e, FAILED_UNDER_STRICT, why);
                    return None;
                }
                Some(c)
            }
        }
    }

    /// Converts a whole input held in memory; when the format named by the
    /// extension fails and the content is another record format, tries that.
    pub(super) fn convert_in_memory(
        &self,
        item: &Item,
        format: Format,
        data: &[u8],
        policy: WritePolicy<'_>,
        report: &mut Reporter,
    ) -> Result<(Converted, Format, bool), Error> {
        let err = match self.convert_input(format, &mut &data[..], policy, report) {
            Ok(c) => return Ok((c, format, item.by_content)),
            Err(err) => err,
        };
        if item.by_content {
            return Err(err);
        }
        let head = data.get(..data.len().min(SNIFF_BYTES)).unwrap_or_default();
        let Some(other) = Format::sniff_record(head).filter(|f| *f != format) else {
            return Err(err);
        };
        let mut retry = Reporter::collecting(report.file().clone()).with_per_code_limit(10_000);
        match self.convert_input(other, &mut &data[..], policy, &mut retry) {
            Ok(c) => {
                retry.report(
                    FORMAT_DIFFERS_FROM_EXTENSION,
                    None,
                    format!(
                        "named as {} but is {}; read as {}",
                        format.name(),
                        other.name(),
                        other.name()
                    ),
                );
                *report = retry;
                Ok((c, other, true))
            }
            Err(_) => Err(err),
        }
    }

    /// The output `name` exists in `out_dir` and is at least as new as the
    /// input (equal counts, so `--preserve-mtime` outputs are up to date
    /// too). Both are looked at in their directories held open, never
    /// through a symbolic link.
    pub(super) fn up_to_date(&self, out_dir: Option<&Dir>, name: &OsStr, item: &Item) -> bool {
        let Some(Ok(t_out)) = out_dir.map(|d| d.modified(name)) else {
            return false;
        };
        if let Some(t_in) = item.archive_mtime {
            return t_out >= t_in;
        }
        match self.src.modified(&item.rel) {
            Ok(t_in) => t_out >= t_in,
            Err(_) => false,
        }
    }

    /// Whether the earlier report holds what the up-to-date `item` (its
    /// output `name` in `out_dir`) holds, as it is now (`Known::holds`:
    /// the input and the output not newer than the report).
    pub(super) fn earlier_holds(
        &self,
        source: &str,
        out_dir: Option<&Dir>,
        name: &OsStr,
        item: &Item,
    ) -> bool {
        let output = out_dir.and_then(|d| d.modified(name).ok());
        let input = match item.archive_mtime {
            Some(t) => Some(t),
            None => self.src.modified(&item.rel).ok(),
        };
        match (input, output) {
            (Some(i), Some(o)) => self.earlier.holds(source, &[i, o]),
            _ => false,
        }
    }

    pub(super) fn convert_input(
        &self,
        format: Format,
        input: &mut dyn Read,
        policy: WritePolicy<'_>,
        report: &mut Reporter,
    ) -> Result<Converted, Error> {
        let split = self.options.split_collections;
        let keep_root = self.options.name_template.is_some();
        let mut router = Router::new(
            self.backend.writer,
            &self.options.convert,
            policy,
            split,
            keep_root,
        );
        let read = &self.options.convert.read;
        let start = Start::Whole(format, self.backend.read);
        pipeline::run(input, start, read, Some(&read.dialect), &mut router, report)?;
        Ok(Converted {
            format,
            by_content: false,
            games: std::mem::take(&mut router.games),
            outputs: std::mem::take(&mut router.outputs),
            bytes_out: router.bytes_out,
        })
    }
}
