//! Archives as legacy collections are distributed: zip, tar (plain, gzip,
//! bzip2, xz, zstd), 7z, single compressed files (`.sgf.gz`) and LHA
//! (PandaNet's `.ugz`). [`walk`] hands each member that is a game record to
//! a callback as a stream of its own, so that every reader reads it as it
//! reads a file, and a diagnostic names it `archive.zip:Go/1980/x.sgf`.
//!
//! Archives are recognised by their first bytes ([`detect`]), not their
//! names. Members are decompressed as streams, never unpacked to disk;
//! zip and 7z, whose directory sits at the end, are read from a seekable
//! file (a stream is first copied to an unnamed temporary file). A member
//! larger than [`Limits::max_member_size`] once decompressed (a
//! decompression bomb) is cut there with an error, and the rest of the
//! archive still goes through. A member that is itself an archive is read
//! too, to [`Limits::depth`] levels.
//!
//! Member names are kept as the archive says them (`/`-separated), decoded
//! from a legacy character set when they are not UTF-8 (zip entries without
//! the UTF-8 flag, in CP437, GBK, CP949, Shift_JIS…; see [`names`]);
//! [`Member::path`] is the same name made safe to place under an output
//! directory (no `..`, no root, no drive letter, no NUL).

pub mod codes;
mod containers;
pub mod names;

use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::Format;
use std::io::{self, Read, Seek, Write};
use std::path::PathBuf;

/// The kinds of archive and compressed file recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Zip (`PK\x03\x04`), its directory at the end.
    Zip,
    /// POSIX/GNU tar (`ustar` at byte 257).
    Tar,
    /// 7-Zip, its directory at the end.
    SevenZ,
    /// LHA/LZH (`-lh5-` at byte 2): PandaNet's `.ugz`.
    Lha,
    /// gzip (`.gz`, `.tgz`): a tar or one file.
    Gzip,
    /// bzip2 (`.bz2`, `.tbz2`): a tar or one file.
    Bzip2,
    /// xz (`.xz`, `.txz`): a tar or one file.
    Xz,
    /// Zstandard (`.zst`): a tar or one file.
    Zstd,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::Zip,
        Kind::Tar,
        Kind::SevenZ,
        Kind::Lha,
        Kind::Gzip,
        Kind::Bzip2,
        Kind::Xz,
        Kind::Zstd,
    ];

    /// Its usual name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Zip => "zip",
            Kind::Tar => "tar",
            Kind::SevenZ => "7z",
            Kind::Lha => "LHA",
            Kind::Gzip => "gzip",
            Kind::Bzip2 => "bzip2",
            Kind::Xz => "xz",
            Kind::Zstd => "zstd",
        }
    }

    /// A compressed stream (of a tar or of one file), not a container.
    pub fn is_compression(self) -> bool {
        matches!(self, Kind::Gzip | Kind::Bzip2 | Kind::Xz | Kind::Zstd)
    }
}

/// The bytes [`detect`] wants to see (a tar header is 512 bytes).
pub const DETECT_BYTES: usize = 512;

/// The archive kind that `head` (the first bytes of a file) starts, if any.
pub fn detect(head: &[u8]) -> Option<Kind> {
    let at = |i: usize, magic: &[u8]| head.get(i..i + magic.len()) == Some(magic);
    if at(0, b"PK\x03\x04") || at(0, b"PK\x05\x06") {
        Some(Kind::Zip)
    } else if at(0, b"7z\xBC\xAF\x27\x1C") {
        Some(Kind::SevenZ)
    } else if at(0, b"\x1F\x8B") {
        Some(Kind::Gzip)
    } else if at(0, b"BZh") && head.get(3).is_some_and(|b| (b'1'..=b'9').contains(b)) {
        Some(Kind::Bzip2)
    } else if at(0, b"\xFD7zXZ\x00") {
        Some(Kind::Xz)
    } else if at(0, b"\x28\xB5\x2F\xFD") {
        Some(Kind::Zstd)
    } else if at(257, b"ustar") {
        Some(Kind::Tar)
    } else if at(2, b"-lh") && head.get(6) == Some(&b'-')
        || at(2, b"-lz") && head.get(6) == Some(&b'-')
    {
        Some(Kind::Lha)
    } else {
        None
    }
}

/// How far [`walk`] goes.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most bytes a member may hold decompressed (`--max-member-size`).
    pub max_member_size: u64,
    /// How many levels of archives inside archives are read
    /// (`--archive-depth`; 1: an archive in the archive named, not deeper).
    pub depth: u32,
}

/// `--max-member-size` when not given: 1 GiB, far past any game record.
pub const DEFAULT_MAX_MEMBER_SIZE: u64 = 1 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_member_size: DEFAULT_MAX_MEMBER_SIZE,
            depth: 1,
        }
    }
}

/// A member that is a game record, as [`walk`] hands it over.
pub struct Member<'a> {
    /// How messages name it: `archive.zip:Go/1980/x.sgf` (nested members:
    /// `outer.tar:inner.zip:x.sgf`).
    pub display: String,
    /// Its path inside the archives, made safe to place under a directory:
    /// `inner/x.sgf` for the above.
    pub path: PathBuf,
    /// The format its name says, else its content.
    pub format: Option<Format>,
    /// Its decompressed bytes, ending at [`Limits::max_member_size`].
    pub reader: &'a mut dyn Read,
}

/// What [`walk`] saw besides the records it handed over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walked {
    /// Records handed over.
    pub records: usize,
    /// Members that are no record, left out.
    pub left_out: usize,
}

/// The callback of [`walk`]: one record member; an error stops the walk.
pub type OnMember<'f> = dyn FnMut(Member<'_>, &mut Reporter) -> Result<(), Error> + 'f;

/// Walks the archive `input` (of kind `kind`, named `name` in messages),
/// calling `each` with every member that is a game record. The archive's
/// own diagnostics (left-out members, name encodings, bombs, damage) go to
/// `report`.
pub fn walk(
    input: Box<dyn Read + '_>,
    kind: Kind,
    name: &str,
    limits: &Limits,
    report: &mut Reporter,
    each: &mut OnMember<'_>,
) -> Result<Walked, Error> {
    let input = containers::Source::Stream(input);
    walk_source(input, kind, name, limits, report, each)
}

/// [`walk`] of an archive in a file, read from its start: a zip or a 7z is
/// read in place, not first copied into a temporary file.
pub fn walk_file(
    file: std::fs::File,
    kind: Kind,
    name: &str,
    limits: &Limits,
    report: &mut Reporter,
    each: &mut OnMember<'_>,
) -> Result<Walked, Error> {
    let input = containers::Source::File(file);
    walk_source(input, kind, name, limits, report, each)
}

fn walk_source(
    input: containers::Source<'_>,
    kind: Kind,
    name: &str,
    limits: &Limits,
    report: &mut Reporter,
    each: &mut OnMember<'_>,
) -> Result<Walked, Error> {
    let mut w = containers::Walker {
        limits: *limits,
        walked: Walked::default(),
        left_out_names: Vec::new(),
        each,
    };
    let root = PathBuf::new();
    let at = containers::Place {
        name,
        prefix: &root,
        level: 0,
    };
    w.archive(input, kind, at, report)?;
    w.report_left_out(name, report);
    Ok(w.walked)
}

/// Copies `input` into an unnamed temporary file and rewinds it: what zip
/// and 7z, whose directory sits at the end, need from a stream.
fn spool(mut input: impl Read) -> io::Result<std::fs::File> {
    let mut file = tempfile::tempfile()?;
    io::copy(&mut input, &mut file)?;
    file.flush()?;
    file.rewind()?;
    Ok(file)
}

/// A member's reader that ends at the size limit: past it the member
/// reads as ended (a reader then sees a cut record, and says so) and `hit`
/// is set, for the walk to report the member ([`ARCHIVE_MEMBER_TOO_LARGE`]).
struct Capped<'c, R> {
    inner: R,
    left: u64,
    hit: &'c std::cell::Cell<bool>,
}

impl<R: Read> Read for Capped<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            // One byte more than the limit tells a member exactly at the
            // limit from one past it.
            let mut one = [0u8; 1];
            if self.inner.read(&mut one)? > 0 {
                self.hit.set(true);
            }
            return Ok(0);
        }
        let n = buf.len().min(self.left.min(usize::MAX as u64) as usize);
        let got = self.inner.read(&mut buf[..n])?;
        self.left -= got as u64;
        Ok(got)
    }
}

#[cfg(test)]
mod tests;
