//! The walk through one archive: each container kind lists its members
//! (tar and LHA as a stream, zip and 7z from a seekable file), each
//! compression kind decompresses into a stream, and every member goes
//! through [`Walker::member`], which decides what it is: a record (handed
//! to the callback), an archive inside the archive (walked, to the depth
//! allowed), or something else (counted and left out).

use super::codes::*;
use super::kind::{detect, Kind};
use super::member::{spool, Budget, Capped, Limits, Member, OnMember, Walked, MAX_DEPTH};
use super::names::{self, NameDecoder};
use super::zipdir;
use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::Format;
use crate::input::sniff_head;
use std::io::Read;
use std::path::Path;

/// How many left-out members the note names.
const LEFT_OUT_NAMED: usize = 5;

/// An archive to walk: a stream, or a file (zip and 7z, whose directory
/// is at the end, are read from a file; a stream is first copied into an
/// unnamed temporary one).
pub(super) enum Source<'r> {
    Stream(Box<dyn Read + 'r>),
    File(std::fs::File),
}

impl<'r> Source<'r> {
    fn stream(self) -> Box<dyn Read + 'r> {
        match self {
            Source::Stream(s) => s,
            Source::File(f) => Box::new(std::io::BufReader::with_capacity(256 * 1024, f)),
        }
    }

    fn seekable(self) -> std::io::Result<std::fs::File> {
        match self {
            Source::Stream(s) => spool(s),
            Source::File(f) => Ok(f),
        }
    }
}

/// Where an archive being walked stands: its name in messages, the path
/// its members go under, and its nesting level (0: the file named).
#[derive(Clone, Copy)]
pub(super) struct Place<'a> {
    pub name: &'a str,
    pub prefix: &'a Path,
    pub level: u32,
}

pub(super) struct Walker<'e, 'f> {
    pub limits: Limits,
    pub walked: Walked,
    pub left_out_names: Vec<String>,
    pub budget: &'e Budget,
    pub each: &'e mut OnMember<'f>,
}

impl Walker<'_, '_> {
    /// Whether the archive's budget is spent: no member more is read.
    fn stopped(&self) -> bool {
        self.budget.spent.get()
    }

    /// Walks one archive or compressed file named `name` (for messages),
    /// whose members go under `prefix`, at nesting `level` (0: the file
    /// named).
    pub fn archive(
        &mut self,
        input: Source<'_>,
        kind: Kind,
        at: Place<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let Place { name, .. } = at;
        let damaged = |e: &dyn std::fmt::Display, report: &mut Reporter| {
            report.report(
                ARCHIVE_UNREADABLE,
                None,
                format!("{name}: {} archive: {e}", kind.name()),
            );
        };
        let r = match kind {
            Kind::Tar => self.tar(input.stream(), at, report),
            Kind::Zip => self.zip(input.seekable()?, at, report),
            Kind::SevenZ => self.sevenz(input.seekable()?, at, report),
            Kind::Lha => self.lha(input.stream(), at, report),
            _ => self.compressed(input.stream(), kind, at, report),
        };
        match r {
            Err(Error::Unreadable { message, .. }) => {
                damaged(&message, report);
                Ok(())
            }
            Err(Error::Io(e)) => {
                damaged(&e, report);
                Ok(())
            }
            other => other,
        }
    }

    /// One member: a record goes to the callback, an archive is walked, the
    /// rest is left out.
    fn member(
        &mut self,
        reader: &mut dyn Read,
        declared: Option<u64>,
        member_name: &str,
        at: Place<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let Place {
            name: archive,
            prefix,
            level,
        } = at;
        let display = names::display(archive, member_name);
        let (rel, dropped) = names::safe_path(member_name);
        if dropped {
            report.report(
                ARCHIVE_UNSAFE_MEMBER_NAME,
                None,
                format!(
                    "{display}: the name would leave the output directory: written as {}",
                    rel.display()
                ),
            );
        }
        let path = prefix.join(&rel);
        let max = self.limits.max_member_size;
        if let Some(size) = declared.filter(|s| *s > max) {
            report.report(
                ARCHIVE_MEMBER_TOO_LARGE,
                None,
                format!("{display}: {size} bytes once decompressed, past --max-member-size {max}: not read"),
            );
            return Ok(());
        }
        let hit = std::cell::Cell::new(false);
        let capped = Capped {
            inner: reader,
            left: max,
            hit: &hit,
            budget: self.budget,
        };
        let (head, mut stream) = sniff_head(Box::new(capped))?;
        let r = match detect(&head) {
            Some(kind) => self.nested(stream, kind, &display, &path, level, report),
            None => self.record(
                &mut stream,
                &head,
                member_name,
                display.clone(),
                path,
                report,
            ),
        };
        if hit.get() {
            report.report(
                ARCHIVE_MEMBER_TOO_LARGE,
                None,
                format!("{display}: more than {max} bytes once decompressed (--max-member-size): read that far only"),
            );
        }
        r
    }

    /// A member that is no archive: a record when its name or content says
    /// a format, else left out.
    fn record(
        &mut self,
        stream: &mut dyn Read,
        head: &[u8],
        member_name: &str,
        display: String,
        path: std::path::PathBuf,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let format = Format::from_path(Path::new(member_name)).or_else(|| Format::sniff(head));
        let Some(format) = format else {
            self.left_out(&display);
            return Ok(());
        };
        self.walked.records += 1;
        let member = Member {
            display,
            path,
            format: Some(format),
            reader: stream,
        };
        (self.each)(member, report)
    }

    /// An archive inside the archive: walked when the depth allows.
    fn nested(
        &mut self,
        stream: Box<dyn Read + '_>,
        kind: Kind,
        display: &str,
        path: &Path,
        level: u32,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        // A compressed file directly holds its one member: no new level.
        if level >= self.limits.depth.min(MAX_DEPTH) {
            report.report(
                ARCHIVE_TOO_DEEP,
                None,
                format!(
                    "{display}: a {} archive inside the archive, past --archive-depth {}: not read, none of its records converted",
                    kind.name(),
                    self.limits.depth
                ),
            );
            // Named by its error, not among the members that are no record.
            return Ok(());
        }
        let at = Place {
            name: display,
            prefix: path,
            level: level + 1,
        };
        self.archive(Source::Stream(stream), kind, at, report)
    }

    fn left_out(&mut self, display: &str) {
        self.walked.left_out += 1;
        if self.left_out_names.len() < LEFT_OUT_NAMED {
            self.left_out_names.push(display.to_string());
        }
    }

    /// The note on the members left out, once per walk.
    pub fn report_left_out(&self, name: &str, report: &mut Reporter) {
        if self.walked.left_out == 0 {
            return;
        }
        let more = self.walked.left_out - self.left_out_names.len();
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        report.report(
            ARCHIVE_MEMBERS_LEFT_OUT,
            None,
            format!(
                "{name}: {} members are no game record, left out: {}{tail}",
                self.walked.left_out,
                self.left_out_names.join(", ")
            ),
        );
    }

    fn tar(
        &mut self,
        input: Box<dyn Read + '_>,
        at: Place<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let mut tar = tar::Archive::new(input);
        for entry in tar.entries()? {
            if self.stopped() {
                break;
            }
            let mut entry = entry?;
            if !entry.header().entry_type().is_file() {
                continue;
            }
            let raw = entry.path_bytes().into_owned();
            let member = names::decode(
                &raw,
                NameDecoder::for_names([&raw[..]].into_iter()).as_ref(),
            );
            let size = entry.header().size().ok();
            self.member(&mut entry, size, &member, at, report)?;
        }
        Ok(())
    }

    fn zip(
        &mut self,
        mut file: std::fs::File,
        at: Place<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let Place { name, .. } = at;
        let entries = zipdir::entries(&mut file)
            .map_err(|e| Error::unreadable(ARCHIVE_UNREADABLE, e.to_string()))?;
        let decoder = zip_names(&entries, name, report);
        let overlaps = zipdir::overlaps(&entries);
        let named =
            |e: &zipdir::Entry| names::display(name, &names::decode(&e.name, decoder.as_ref()));
        for (e, overlap) in entries.iter().zip(&overlaps) {
            if self.stopped() {
                break;
            }
            if e.is_dir() {
                continue;
            }
            let display = named(e);
            let refused = if let Some(why) = &e.bad {
                Some((ARCHIVE_UNREADABLE, why.clone()))
            } else if let Some(other) = overlap {
                let other = named(&entries[*other]);
                Some((
                    ARCHIVE_OVERLAPPING_MEMBERS,
                    format!("its bytes overlap those of {other}"),
                ))
            } else if e.encrypted() {
                Some((ARCHIVE_UNREADABLE, "encrypted".to_string()))
            } else {
                None
            };
            if let Some((code, why)) = refused {
                report.report(code, None, format!("{display}: {why}: not read"));
                continue;
            }
            if e.local_name != e.name {
                let local = names::decode(&e.local_name, decoder.as_ref());
                report.report(
                    ARCHIVE_MEMBER_NAME_MISMATCH,
                    None,
                    format!("{display}: its local header names it {local:?}: read under the central directory's name"),
                );
            }
            let mut reader = match zipdir::open(&mut file, e) {
                Ok(r) => r,
                Err(why) => {
                    report.report(
                        ARCHIVE_UNREADABLE,
                        None,
                        format!("{display}: {why}: not read"),
                    );
                    continue;
                }
            };
            let member = names::decode(&e.name, decoder.as_ref());
            self.member(&mut reader, Some(e.size), &member, at, report)?;
        }
        Ok(())
    }

    fn sevenz(
        &mut self,
        file: std::fs::File,
        at: Place<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let seven = sevenz_rust2::ArchiveReader::new(file, sevenz_rust2::Password::empty());
        let mut seven = seven.map_err(|e| Error::unreadable(ARCHIVE_UNREADABLE, e.to_string()))?;
        let mut failed: Option<Error> = None;
        let r = seven.for_each_entries_with_decision(|entry, reader| {
            if self.stopped() {
                return Ok(sevenz_rust2::EntryDecision::Stop);
            }
            if entry.is_directory() || !entry.has_stream() {
                return Ok(sevenz_rust2::EntryDecision::Continue);
            }
            let size = Some(entry.size());
            match self.member(reader, size, entry.name(), at, report) {
                Ok(()) => Ok(sevenz_rust2::EntryDecision::Continue),
                Err(e) => {
                    failed = Some(e);
                    Ok(sevenz_rust2::EntryDecision::Stop)
                }
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        r.map_err(|e| Error::unreadable(ARCHIVE_UNREADABLE, e.to_string()))
    }

    fn lha(
        &mut self,
        input: Box<dyn Read + '_>,
        at: Place<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let Place { name, .. } = at;
        let unreadable =
            |e: &dyn std::fmt::Display| Error::unreadable(ARCHIVE_UNREADABLE, e.to_string());
        let mut lha = delharc::LhaDecodeReader::new(input).map_err(|e| unreadable(&e))?;
        loop {
            if self.stopped() {
                return Ok(());
            }
            let header = lha.header();
            let member = header.parse_pathname_to_str();
            if !header.is_directory() {
                if lha.is_decoder_supported() {
                    let size = Some(header.original_size);
                    self.member(&mut lha, size, &member, at, report)?;
                } else {
                    let display = names::display(name, &member);
                    report.report(
                        ARCHIVE_UNREADABLE,
                        None,
                        format!("{display}: compression method not supported"),
                    );
                }
            }
            if !lha.next_file().map_err(|e| unreadable(&e))? {
                return Ok(());
            }
        }
    }

    /// A compressed file: a tar inside, or one member named after the file.
    fn compressed(
        &mut self,
        input: Box<dyn Read + '_>,
        kind: Kind,
        at: Place<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let Place { name, .. } = at;
        let inner: Box<dyn Read + '_> = match kind {
            Kind::Gzip => Box::new(flate2::read::MultiGzDecoder::new(input)),
            Kind::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(input)),
            Kind::Xz => Box::new(lzma_rust2::XzReader::new(input, true)),
            _ => Box::new(
                ruzstd::decoding::StreamingDecoder::new(input)
                    .map_err(|e| Error::unreadable(ARCHIVE_UNREADABLE, e.to_string()))?,
            ),
        };
        let (head, stream) = sniff_head(inner)?;
        if detect(&head) == Some(Kind::Tar) {
            return self.tar(stream, at, report);
        }
        // One file, shown as `x.sgf.gz:x.sgf`: the member is what the name
        // says without `.gz`.
        let mut stream = stream;
        self.member(&mut stream, None, &names::inner_name(name), at, report)
    }
}

/// The decoder of a zip's legacy member names, reported once.
fn zip_names(entries: &[zipdir::Entry], name: &str, report: &mut Reporter) -> Option<NameDecoder> {
    let decoder = NameDecoder::for_names(entries.iter().map(|e| &e.name[..]))?;
    report.report(
        ARCHIVE_NAME_ENCODING,
        None,
        format!(
            "{name}: member names are not UTF-8: read as {} (confidence {:.2})",
            decoder.encoding(),
            decoder.confidence
        ),
    );
    Some(decoder)
}
