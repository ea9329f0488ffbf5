//! The kinds of archive recognised, by their first bytes.
//!
//! The kinds of archive and compressed file recognised, told by their
//! first bytes ([`detect`]), never by their names.

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
