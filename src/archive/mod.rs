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
//! archive still goes through; an archive that decompresses to more than
//! [`Limits::max_archive_size`], its members at every level together, is
//! read that far only. A member that is itself an archive is read too, to
//! [`Limits::depth`] levels (never more than [`MAX_DEPTH`]). Zip archives
//! are read from their central directory entry by entry (`zipdir.rs`):
//! entries of one name are all read, entries that overlap are not.
//!
//! Member names are kept as the archive says them (`/`-separated), decoded
//! from a legacy character set when they are not UTF-8 (zip entries without
//! the UTF-8 flag, in CP437, GBK, CP949, Shift_JIS…; see [`names`]);
//! [`Member::path`] is the same name made safe to place under an output
//! directory (no `..`, no root, no drive letter, no NUL).
//!
//! The parts: the kinds of archive (`kind.rs`), what a walk hands over
//! (`member.rs`), the walk (`walk.rs`), each kind of container read
//! (`containers.rs`), zip's central directory (`zipdir.rs`), legacy member
//! names (`names.rs`) and the codes (`codes.rs`).

pub mod codes;
mod containers;
mod kind;
mod member;
pub mod names;
mod walk;
mod zipdir;

pub use kind::{detect, Kind, DETECT_BYTES};
pub use member::{
    Limits, Member, OnMember, Walked, DEFAULT_MAX_ARCHIVE_SIZE, DEFAULT_MAX_MEMBER_SIZE, MAX_DEPTH,
};
pub use walk::{walk, walk_file};

#[cfg(test)]
mod tests;
