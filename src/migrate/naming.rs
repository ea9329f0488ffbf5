//! Output names: the mirrored name of a source file and deterministic
//! collision numbering (`--name` templates and sanitising are the output
//! layer's, [`crate::output::template`], shared with `-d`).

use crate::formats::{Format, FORMATS};
use hashbrown::HashTable;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::hash::{BuildHasher, RandomState};
use std::path::{Path, PathBuf};

/// The formats `migrate` converts (the others are ignored in a tree).
pub const RECORD_FORMATS: [Format; 4] = [Format::Sgf, Format::Gib, Format::Ngf, Format::Ugf];

pub fn os_bytes(s: &OsStr) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(s.as_bytes())
    }
    #[cfg(not(unix))]
    {
        match s.to_string_lossy() {
            Cow::Borrowed(t) => Cow::Borrowed(t.as_bytes()),
            Cow::Owned(t) => Cow::Owned(t.into_bytes()),
        }
    }
}

pub fn os_from_bytes(b: Vec<u8>) -> OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        OsString::from_vec(b)
    }
    #[cfg(not(unix))]
    {
        OsString::from(String::from_utf8_lossy(&b).into_owned())
    }
}

fn is_record_extension(ext: &[u8]) -> bool {
    let ext = ext.to_ascii_lowercase();
    FORMATS
        .iter()
        .filter(|f| RECORD_FORMATS.contains(&f.format))
        .any(|f| f.extensions.iter().any(|e| e.as_bytes() == ext.as_slice()))
}

/// The stem of a source file name: the name without its record extension
/// and any junk suffix after it (`x.gib.dll` → `x`, `a.b.sgf` → `a.b`), or
/// without its last extension when it has no record extension (`x.txt` → `x`).
pub fn stem_bytes(name: &OsStr) -> Vec<u8> {
    let b = os_bytes(name);
    let dots: Vec<usize> = b
        .iter()
        .enumerate()
        .filter(|(i, c)| **c == b'.' && *i > 0)
        .map(|(i, _)| i)
        .collect();
    for (k, &d) in dots.iter().enumerate().rev() {
        let end = dots.get(k + 1).copied().unwrap_or(b.len());
        if is_record_extension(&b[d + 1..end]) {
            return b[..d].to_vec();
        }
    }
    match dots.last() {
        Some(&d) => b[..d].to_vec(),
        None => b.to_vec(),
    }
}

/// The mirrored output path (relative) of a source path: same directories,
/// stem + `.sgf`.
pub fn mirror_name(rel: &Path) -> PathBuf {
    let name = rel.file_name().unwrap_or(OsStr::new("_"));
    let mut stem = stem_bytes(name);
    if stem.is_empty() {
        stem.push(b'_');
    }
    stem.extend_from_slice(b".sgf");
    let file = os_from_bytes(stem);
    match rel.parent() {
        Some(p) => p.join(file),
        None => PathBuf::from(file),
    }
}

/// Hands out output paths in a fixed order, numbering collisions
/// `name (2).sgf`, `name (3).sgf`... Names are compared case-insensitively,
/// so the result is the same on case-insensitive file systems.
///
/// Every name claimed is kept for the run, compactly: its lower-cased bytes
/// in one arena, and a table of 8-byte places into it (a name costs its
/// length and about 12 bytes, not a `String` in a set).
#[derive(Default)]
pub struct Claims {
    text: Vec<u8>,
    /// Each name's place in `text`, packed ([`pack`]).
    taken: HashTable<u64>,
    hasher: RandomState,
    /// The names whose place does not pack (never, in practice).
    overflow: HashSet<String>,
    /// For a name claimed more than once, the number its next claim tries
    /// first: 100 000 records named alike cost one lookup each, not one
    /// per earlier namesake.
    next: HashMap<String, usize>,
}

/// Bits of a packed place that hold the length.
const LEN_BITS: u32 = 24;

/// A name's start and length in one `u64`, when they fit.
fn pack(start: usize, len: usize) -> Option<u64> {
    let (start, len) = (u64::try_from(start).ok()?, u64::try_from(len).ok()?);
    (len < 1 << LEN_BITS && start < 1 << (64 - LEN_BITS)).then_some(start << LEN_BITS | len)
}

fn unpack(text: &[u8], place: u64) -> &[u8] {
    let start = (place >> LEN_BITS) as usize;
    let len = (place & ((1 << LEN_BITS) - 1)) as usize;
    text.get(start..start + len).unwrap_or_default()
}

impl Claims {
    /// Takes `key`; false when it was taken already.
    fn take(&mut self, key: &str) -> bool {
        let Claims {
            text,
            taken,
            hasher,
            overflow,
            ..
        } = self;
        let hash = hasher.hash_one(key.as_bytes());
        if taken
            .find(hash, |p| unpack(text, *p) == key.as_bytes())
            .is_some()
            || overflow.contains(key)
        {
            return false;
        }
        let Some(place) = pack(text.len(), key.len()) else {
            return overflow.insert(key.to_owned());
        };
        text.extend_from_slice(key.as_bytes());
        taken.insert_unique(hash, place, |p| hasher.hash_one(unpack(text, *p)));
        true
    }
}

impl Claims {
    /// Claims `base` + `.sgf` (relative path without extension) or the first
    /// free numbered variant. Returns the path and whether it was numbered.
    pub fn claim(&mut self, base: &Path) -> (PathBuf, bool) {
        let plain = with_suffix(base, b".sgf");
        let plain_key = plain.to_string_lossy().to_lowercase();
        if self.take(&plain_key) {
            return (plain, false);
        }
        let mut n = self.next.get(&plain_key).copied().unwrap_or(2);
        loop {
            let candidate = with_suffix(base, format!(" ({n}).sgf").as_bytes());
            let key = candidate.to_string_lossy().to_lowercase();
            n += 1;
            if self.take(&key) {
                self.next.insert(plain_key, n);
                return (candidate, true);
            }
        }
    }

    /// Claims a mirrored path as it is (already ending in `.sgf`), numbering
    /// on collision.
    pub fn claim_sgf(&mut self, path: &Path) -> (PathBuf, bool) {
        let name = path.file_name().unwrap_or(OsStr::new("_.sgf"));
        let b = os_bytes(name);
        let stem = b.strip_suffix(b".sgf").unwrap_or(&b).to_vec();
        let base = match path.parent() {
            Some(p) => p.join(os_from_bytes(stem)),
            None => PathBuf::from(os_from_bytes(stem)),
        };
        self.claim(&base)
    }
}

fn with_suffix(base: &Path, suffix: &[u8]) -> PathBuf {
    let mut b = os_bytes(base.as_os_str()).into_owned();
    b.extend_from_slice(suffix);
    PathBuf::from(os_from_bytes(b))
}

pub fn rel_text(rel: &Path) -> String {
    let s = rel.to_string_lossy();
    if std::path::MAIN_SEPARATOR == '/' {
        s.into_owned()
    } else {
        s.replace(std::path::MAIN_SEPARATOR, "/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stem(s: &str) -> String {
        String::from_utf8(stem_bytes(OsStr::new(s))).unwrap()
    }

    #[test]
    fn stems_look_through_junk_suffixes() {
        assert_eq!(stem("x.gib.dll"), "x");
        assert_eq!(stem("a.b.SGF"), "a.b");
        assert_eq!(stem("game.txt"), "game");
        assert_eq!(stem("game"), "game");
        assert_eq!(stem(".hidden"), ".hidden");
        assert_eq!(stem("x.sgf.bak"), "x");
        assert_eq!(stem("r.ugi"), "r");
        assert_eq!(
            mirror_name(Path::new("d/e/x.gib.dll")),
            PathBuf::from("d/e/x.sgf")
        );
    }

    #[test]
    fn collisions_are_numbered_case_insensitively() {
        let mut c = Claims::default();
        assert_eq!(c.claim(Path::new("d/a")), (PathBuf::from("d/a.sgf"), false));
        assert_eq!(
            c.claim(Path::new("d/A")),
            (PathBuf::from("d/A (2).sgf"), true)
        );
        assert_eq!(
            c.claim_sgf(Path::new("d/a.sgf")),
            (PathBuf::from("d/a (3).sgf"), true)
        );
        assert_eq!(c.claim(Path::new("e/a")), (PathBuf::from("e/a.sgf"), false));
    }

    #[test]
    fn many_namesakes_are_numbered_in_order_skipping_names_taken() {
        let mut c = Claims::default();
        assert_eq!(c.claim(Path::new("x (4)")).0, PathBuf::from("x (4).sgf"));
        assert_eq!(c.claim(Path::new("x")).0, PathBuf::from("x.sgf"));
        // 30 000 namesakes: one lookup each (before: one per namesake
        // before it, 450 million in all).
        for n in 2..30_000 {
            let want = if n < 4 { n } else { n + 1 };
            assert_eq!(
                c.claim(Path::new("X")),
                (PathBuf::from(format!("X ({want}).sgf")), true)
            );
        }
        // Taken as a plain name after the numbering passed it: skipped.
        assert_eq!(
            c.claim(Path::new("x (30001)")).0,
            PathBuf::from("x (30001).sgf")
        );
        assert_eq!(c.claim(Path::new("x")).0, PathBuf::from("x (30002).sgf"));
    }
}
