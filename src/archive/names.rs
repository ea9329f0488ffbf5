//! Member names: decoded when they are not UTF-8, and made safe to place
//! under an output directory.
//!
//! Zip entries written without the UTF-8 flag carry their names in the
//! code page of the machine that made them (CP437 by the specification;
//! GBK, CP949, Shift_JIS in the Go archives of China, Korea and Japan).
//! The names of one archive were made on one machine, so one character set
//! is detected over all of them ([`crate::charset::detect`], the detector
//! the records get) and each is decoded with it.

use crate::charset;
use std::path::{Component, Path, PathBuf};

/// How the names of an archive that are not UTF-8 are decoded.
#[derive(Clone, Copy, Debug)]
pub struct NameDecoder {
    encoding: &'static encoding_rs::Encoding,
    /// The detector's confidence, for the report.
    pub confidence: f32,
}

impl NameDecoder {
    /// A decoder for the non-UTF-8 names among `raw`; `None` when every
    /// name is UTF-8.
    pub fn for_names<'a>(raw: impl Iterator<Item = &'a [u8]>) -> Option<NameDecoder> {
        let mut legacy = Vec::new();
        for name in raw.filter(|n| std::str::from_utf8(n).is_err()) {
            legacy.extend_from_slice(name);
            legacy.push(b'\n');
        }
        if legacy.is_empty() {
            return None;
        }
        let guess = charset::detect(&legacy);
        Some(NameDecoder {
            encoding: guess.encoding,
            confidence: guess.confidence,
        })
    }

    /// The WHATWG name of the character set.
    pub fn encoding(&self) -> &'static str {
        self.encoding.name()
    }

    /// `raw` as text: as it is when UTF-8, else decoded.
    pub fn decode(&self, raw: &[u8]) -> String {
        match std::str::from_utf8(raw) {
            Ok(s) => s.to_string(),
            Err(_) => charset::decode(self.encoding, raw).0,
        }
    }
}

/// A name as text: UTF-8 as it is, else through `decoder` (or lossily).
pub fn decode(raw: &[u8], decoder: Option<&NameDecoder>) -> String {
    match (std::str::from_utf8(raw), decoder) {
        (Ok(s), _) => s.to_string(),
        (Err(_), Some(d)) => d.decode(raw),
        (Err(_), None) => String::from_utf8_lossy(raw).into_owned(),
    }
}

/// `name` (a member name, `/` or `\` separated) as a relative path that
/// stays under any directory it is joined to: no root, no drive letter, no
/// `..` or `.`, no NUL. The second value says whether anything was dropped.
pub fn safe_path(name: &str) -> (PathBuf, bool) {
    let mut out = PathBuf::new();
    let mut dropped = name.contains('\0') || name.starts_with(['/', '\\']);
    let cleaned = name.replace('\0', "");
    for part in cleaned.split(['/', '\\']) {
        let part = strip_drive(part, &mut dropped);
        match Path::new(part).components().next() {
            None => {}
            Some(Component::Normal(p)) if p == part => out.push(p),
            Some(_) => dropped |= !part.is_empty() && part != ".",
        }
    }
    (out, dropped)
}

/// `C:` at the start of a part (a drive letter) is dropped.
fn strip_drive<'a>(part: &'a str, dropped: &mut bool) -> &'a str {
    let b = part.as_bytes();
    if b.len() >= 2 && b[1] == b':' && b[0].is_ascii_alphabetic() {
        *dropped = true;
        &part[2..]
    } else {
        part
    }
}

/// How messages name a member of `archive`: `archive:member`.
pub fn display(archive: &str, member: &str) -> String {
    format!("{archive}:{member}")
}

/// A compressed single file's member name: the archive's file name
/// without its compression extension (`x.sgf.gz` → `x.sgf`, `x.tgz` →
/// `x.tar`).
pub fn inner_name(archive_name: &str) -> String {
    let file = archive_name
        .rsplit(['/', '\\', ':'])
        .next()
        .unwrap_or(archive_name);
    let lower = file.to_ascii_lowercase();
    for (ext, instead) in [
        (".tgz", ".tar"),
        (".tbz2", ".tar"),
        (".tbz", ".tar"),
        (".txz", ".tar"),
        (".tzst", ".tar"),
        (".gz", ""),
        (".bz2", ""),
        (".xz", ""),
        (".zst", ""),
        (".ugz", ".ugf"),
    ] {
        if lower.ends_with(ext) {
            return format!("{}{instead}", &file[..file.len() - ext.len()]);
        }
    }
    file.to_string()
}

/// The directory an archive's members go to, named after the archive at
/// `rel` without its archive extensions (`a/KGS-2017.tar.gz` →
/// `a/KGS-2017`, `Pro.7z` → `Pro`); a name that is nothing but extensions
/// stays whole.
pub fn dir_name(rel: &Path) -> PathBuf {
    let name = rel
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut stem = name.as_str();
    loop {
        let lower = stem.to_ascii_lowercase();
        let ext = ARCHIVE_EXTENSIONS
            .iter()
            .find(|e| lower.ends_with(*e) && lower.len() > e.len());
        match ext {
            Some(e) => stem = &stem[..stem.len() - e.len()],
            None => break,
        }
    }
    rel.with_file_name(stem)
}

/// Where the member at `member` (a safe path, [`safe_path`]) goes below
/// `dir`, the directory named after its archive ([`dir_name`]): its path,
/// but for a first folder of the directory's own name (any case), which
/// is dropped: `Pro.7z` holding `Pro/7p/x.sgf` gives `Pro/7p/x.sgf`, not
/// `Pro/Pro/7p/x.sgf` (an archive made of a folder holds it whole). A
/// member that is the folder's only component stays where it is.
pub fn member_path(dir: &Path, member: &Path) -> PathBuf {
    let mut parts = member.components();
    let first = parts.next();
    let named_as_dir = match (first, dir.file_name()) {
        (Some(Component::Normal(f)), Some(d)) => {
            f.to_string_lossy().to_lowercase() == d.to_string_lossy().to_lowercase()
        }
        _ => false,
    };
    let rest = parts.as_path();
    if named_as_dir && !rest.as_os_str().is_empty() {
        dir.join(rest)
    } else {
        dir.join(member)
    }
}

/// The extensions of archives and compressed files, as [`dir_name`]
/// drops them.
pub const ARCHIVE_EXTENSIONS: &[&str] = &[
    ".tar", ".tgz", ".tbz2", ".tbz", ".txz", ".tzst", ".gz", ".bz2", ".xz", ".zst", ".zip", ".7z",
    ".lzh", ".lha", ".ugz",
];

/// Whether the name of `rel` ends with an archive extension
/// ([`ARCHIVE_EXTENSIONS`], any case): `x.sgf.gz`, `KGS.tar.bz2`.
pub fn has_archive_extension(rel: &Path) -> bool {
    let Some(name) = rel.file_name() else {
        return false;
    };
    let lower = name.to_string_lossy().to_ascii_lowercase();
    ARCHIVE_EXTENSIONS
        .iter()
        .any(|e| lower.ends_with(e) && lower.len() > e.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_folder_named_as_the_archive_is_not_doubled() {
        let dir = dir_name(Path::new("a/Pro.7z"));
        let cases = [
            ("Pro/7p/x.sgf", "a/Pro/7p/x.sgf"),
            ("pro/x.sgf", "a/Pro/x.sgf"),
            ("x.sgf", "a/Pro/x.sgf"),
            ("Pro", "a/Pro/Pro"),
            ("Pros/x.sgf", "a/Pro/Pros/x.sgf"),
            ("7p/Pro/x.sgf", "a/Pro/7p/Pro/x.sgf"),
        ];
        for (member, want) in cases {
            assert_eq!(member_path(&dir, Path::new(member)), Path::new(want));
        }
    }

    #[test]
    fn unsafe_names_stay_under_the_directory() {
        let cases = [
            ("Go/1980/a.sgf", "Go/1980/a.sgf", false),
            ("../../etc/passwd.sgf", "etc/passwd.sgf", true),
            ("/abs/x.sgf", "abs/x.sgf", true),
            ("C:\\games\\x.sgf", "games/x.sgf", true),
            ("a/./b/../c.sgf", "a/b/c.sgf", true),
            ("nul\0byte.sgf", "nulbyte.sgf", true),
            ("dir/", "dir", false),
        ];
        for (name, want, dropped) in cases {
            let (p, d) = safe_path(name);
            assert_eq!(p, PathBuf::from(want), "{name:?}");
            assert_eq!(d, dropped, "{name:?}");
        }
    }

    #[test]
    fn legacy_names_are_detected_over_the_archive() {
        let (gbk, _, _) = encoding_rs::GBK.encode("围棋/古谱/对局一.sgf");
        let (gbk2, _, _) = encoding_rs::GBK.encode("围棋/现代/名人战第二局.sgf");
        let names: Vec<&[u8]> = vec![&gbk, &gbk2, b"readme.txt"];
        let d = NameDecoder::for_names(names.iter().copied()).unwrap();
        assert_eq!(d.decode(&gbk), "围棋/古谱/对局一.sgf");
        assert_eq!(decode(b"plain.sgf", Some(&d)), "plain.sgf");
        assert!(NameDecoder::for_names([&b"a.sgf"[..]].into_iter()).is_none());
    }

    #[test]
    fn compressed_files_name_what_they_hold() {
        assert_eq!(inner_name("dir/x.sgf.gz"), "x.sgf");
        assert_eq!(inner_name("KGS.tgz"), "KGS.tar");
        assert_eq!(inner_name("game.UGZ"), "game.ugf");
        assert_eq!(inner_name("y.SGF.BZ2"), "y.SGF");
    }
}
