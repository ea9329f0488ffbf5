//! What an archive walk hands over: members, limits, what it saw.
//!
//! What a walk hands over ([`Member`], one record member as a stream of its
//! own), how far it goes ([`Limits`]) and what it saw besides ([`Walked`]);
//! a member's reader cut at the size limit, and a stream copied to a file
//! for the archives that need one.

use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::Format;
use std::io::{self, Read, Seek, Write};
use std::path::PathBuf;

/// How far [`walk`](super::walk()) goes.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most bytes a member may hold decompressed (`--max-member-size`).
    pub max_member_size: u64,
    /// The most bytes decompressed from one archive, all its members at
    /// every level together (`--max-archive-size`).
    pub max_archive_size: u64,
    /// How many levels of archives inside archives are read
    /// (`--archive-depth`; 1: an archive in the archive named, not deeper).
    /// A walk reads no deeper than [`MAX_DEPTH`], whatever this says.
    pub depth: u32,
}

/// The deepest nesting a walk reads, whatever [`Limits::depth`] says: each
/// level is a few frames of the walk on the stack, and 16 levels hold on a
/// thread's smallest stack (2 MiB) with room to spare for the reader of
/// the innermost member.
pub const MAX_DEPTH: u32 = 16;

/// `--max-member-size` when not given: 1 GiB, far past any game record.
pub const DEFAULT_MAX_MEMBER_SIZE: u64 = 1 << 30;

/// `--max-archive-size` when not given: 8 GiB, many times the largest
/// collection of game records.
pub const DEFAULT_MAX_ARCHIVE_SIZE: u64 = 8 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_member_size: DEFAULT_MAX_MEMBER_SIZE,
            max_archive_size: DEFAULT_MAX_ARCHIVE_SIZE,
            depth: 1,
        }
    }
}

/// A member that is a game record, as [`walk`](super::walk()) hands it over.
pub struct Member<'a> {
    /// How messages name it: `archive.zip:Go/1980/x.sgf` (nested members:
    /// `outer.tar:inner.zip:x.sgf`).
    pub display: String,
    /// Its path inside the archives, made safe to place under a directory:
    /// `inner/x.sgf` for the above.
    pub path: PathBuf,
    /// The format its name says, else its content.
    pub format: Option<Format>,
    /// Its decompressed bytes, ending at [`Limits::max_member_size`], or
    /// where the archive's [`Limits::max_archive_size`] is spent.
    pub reader: &'a mut dyn Read,
}

/// What [`walk`](super::walk()) saw besides the records it handed over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walked {
    /// Records handed over.
    pub records: usize,
    /// Members that are no record, left out.
    pub left_out: usize,
}

/// The callback of [`walk`](super::walk()): one record member; an error stops the walk.
pub type OnMember<'f> = dyn FnMut(Member<'_>, &mut Reporter) -> Result<(), Error> + 'f;

/// Copies `input` into an unnamed temporary file and rewinds it: what zip
/// and 7z, whose directory sits at the end, need from a stream.
pub(super) fn spool(mut input: impl Read) -> io::Result<std::fs::File> {
    let mut file = tempfile::tempfile()?;
    io::copy(&mut input, &mut file)?;
    file.flush()?;
    file.rewind()?;
    Ok(file)
}

/// What is left of [`Limits::max_archive_size`] in a walk, and whether a
/// member went past it.
pub(super) struct Budget {
    pub(super) left: std::cell::Cell<u64>,
    pub(super) spent: std::cell::Cell<bool>,
}

/// A member's reader that ends at the size limit, or where the archive's
/// budget ends: past either the member reads as ended (a reader then sees
/// a cut record, and says so) and `hit` (the member's limit,
/// [`ARCHIVE_MEMBER_TOO_LARGE`](super::codes::ARCHIVE_MEMBER_TOO_LARGE))
/// or the budget's `spent` (the archive's,
/// [`ARCHIVE_TOO_LARGE`](super::codes::ARCHIVE_TOO_LARGE)) is set, for the
/// walk to report.
pub(super) struct Capped<'c, R> {
    pub(super) inner: R,
    pub(super) left: u64,
    pub(super) hit: &'c std::cell::Cell<bool>,
    pub(super) budget: &'c Budget,
}

impl<R: Read> Read for Capped<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let room = self.left.min(self.budget.left.get());
        if room == 0 {
            // One byte more than the limit tells a member exactly at the
            // limit from one past it.
            let mut one = [0u8; 1];
            if self.inner.read(&mut one)? > 0 {
                if self.left == 0 {
                    self.hit.set(true);
                } else {
                    self.budget.spent.set(true);
                }
            }
            return Ok(0);
        }
        let n = buf.len().min(room.min(usize::MAX as u64) as usize);
        let got = self.inner.read(&mut buf[..n])?;
        self.left -= got as u64;
        self.budget.left.set(self.budget.left.get() - got as u64);
        Ok(got)
    }
}
