//! The diagnostic codes of archives (`archive::walk`).
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E650` `archive-member-too-large` →
//! `ARCHIVE_MEMBER_TOO_LARGE`).
//!
//! Numbers used: 650–658 (archives (zip, tar, 7z, LHA, compressed files),
//! 650–699).

use crate::diag::Code;

/// An archive member larger than `--max-member-size` once decompressed (a
/// decompression bomb, or a member too large to be a game record): refused
/// unread when the archive declares its size, else read up to the limit
/// only (what was read is converted as a cut record); the other members
/// are converted.
///
/// Example: a 10 GiB member of zeros in a 10 MiB zip.
///
/// What to do: if the member is genuine, raise `--max-member-size`.
pub const ARCHIVE_MEMBER_TOO_LARGE: Code = Code::new("E650", "archive-member-too-large");
/// The archive, or a member of it, cannot be read: damaged, encrypted, or
/// compressed with a method not supported. What could be read was read.
///
/// Example: a truncated `.tar.gz`; a zip member encrypted with a password.
///
/// What to do: check the archive with its own tool (`unzip -t`, `7z t`).
pub const ARCHIVE_UNREADABLE: Code = Code::new("E651", "archive-unreadable");
/// Member names that are not UTF-8 were decoded from a legacy character
/// set, detected over all such names of the archive.
///
/// Example: a zip made on a Chinese Windows: names in GBK.
///
/// What to do: nothing; `--encoding` does not apply to names.
pub const ARCHIVE_NAME_ENCODING: Code = Code::new("I652", "archive-name-encoding");
/// Members of the archive that are no game record (by name and content)
/// were left out: counted, and the first few named.
///
/// Example: `readme.txt`, `index.html`.
///
/// What to do: nothing, unless a record is among them (then name its
/// format with `-f`).
pub const ARCHIVE_MEMBERS_LEFT_OUT: Code = Code::new("I653", "archive-members-left-out");
/// A member name would place its output outside the output directory (an
/// absolute path, `..`, a drive letter, a NUL): the unsafe parts were
/// dropped from the output path.
///
/// Example: `../../etc/passwd.sgf` is written as `etc/passwd.sgf`.
///
/// What to do: nothing; the archive was made carelessly or with intent.
pub const ARCHIVE_UNSAFE_MEMBER_NAME: Code = Code::new("W654", "archive-unsafe-member-name");
/// An archive inside an archive deeper than `--archive-depth`: not read,
/// so none of its records is converted (an error: they are input missing
/// from the output); the message names it.
///
/// Example: a zip inside a zip inside a tar, with the default depth 1.
///
/// What to do: raise `--archive-depth`.
pub const ARCHIVE_TOO_DEEP: Code = Code::new("E655", "archive-too-deep");
/// A zip entry whose bytes overlap those of an entry before it (the trick
/// of the zip bombs that point many entries at one compressed stream):
/// not read; the first of the entries that overlap is read.
///
/// Example: a 1.5 MB zip whose 200 entries all point at one 1 GB stream.
///
/// What to do: check the archive with its own tool (`unzip -t` refuses
/// it too); a genuine archive has no overlapping entries.
pub const ARCHIVE_OVERLAPPING_MEMBERS: Code = Code::new("E656", "archive-overlapping-members");
/// A zip entry whose local header names it otherwise than the central
/// directory does: read under the directory's name, as `unzip` does.
///
/// Example: an entry listed as `game.sgf` whose local header says
/// `other.sgf`.
///
/// What to do: check which name is meant; tools that read the local
/// headers only (streaming unzippers) see the other name.
pub const ARCHIVE_MEMBER_NAME_MISMATCH: Code = Code::new("W657", "archive-member-name-mismatch");
/// An archive that decompresses to more than `--max-archive-size`, all its
/// members at every level together (a decompression bomb of many
/// members): the member being read is cut there and the rest of the
/// archive is not read.
///
/// Example: a zip of 200 members of 1 GB of zeros each, with the default
/// `--max-archive-size` of 8 GiB.
///
/// What to do: if the archive is genuine, raise `--max-archive-size`.
pub const ARCHIVE_TOO_LARGE: Code = Code::new("E658", "archive-too-large");
