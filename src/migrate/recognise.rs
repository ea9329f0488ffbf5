//! What a file found by the walk is: by its name (the registry's one
//! extension rule, [`Format::from_path`]: a record format `migrate`
//! converts, another format, an archive, a binary file never sniffed), else
//! by its first bytes ([`crate::input::open::sniff_record`], the one sniff
//! size): surely a record, an archive, or neither.

use super::found::{FoundList, Tag};
use super::fsat::{Kind, Tree};
use super::naming::RECORD_FORMATS;
use crate::formats::Format;
use crate::input::open::{sniff_record, Sniffed};
use rayon::prelude::*;
use std::io;
use std::path::Path;

/// Whether `rel`'s name is an archive's (`.zip`, `.tar.gz`, `.sgf.gz`...):
/// it is read as an archive when its content is one.
pub(super) fn is_archive_name(rel: &Path) -> bool {
    #[cfg(feature = "archives")]
    return crate::archive::names::has_archive_extension(rel);
    #[cfg(not(feature = "archives"))]
    {
        let _ = rel;
        false
    }
}

/// What a file found by the walk is, from its kind and name. No stat here:
/// the directory entry's type is enough to walk, and a fresh destination
/// needs no time stamps at all.
pub(super) fn classify(rel: &Path, kind: Kind) -> (Tag, Option<String>) {
    match kind {
        Kind::Symlink => return (Tag::Ignored, Some("symbolic link (not followed)".into())),
        Kind::File => {}
        _ => return (Tag::Ignored, Some("not a regular file".into())),
    }
    if is_archive_name(rel) {
        return (Tag::Archive, None);
    }
    match Format::from_path(rel) {
        Some(f) if RECORD_FORMATS.contains(&f) => (Tag::Record(f, false), None),
        Some(f) => (
            Tag::Ignored,
            Some(format!("{} file, not a game record to migrate", f.name())),
        ),
        None => match archive_extension(rel) {
            Some(ext) => (
                Tag::Ignored,
                Some(format!(
                    "{ext} archive or binary file: unpack archives to migrate their games"
                )),
            ),
            None => (Tag::Unknown, None),
        },
    }
}

/// Extensions of archives and other binary files, never sniffed (a
/// compressed archive can contain `(;` by chance).
const BINARY_EXTENSIONS: &[&str] = &[
    "gz", "tgz", "bz2", "tbz", "xz", "txz", "zst", "lz", "lzma", "z", "zip", "7z", "rar", "tar",
    "cab", "lzh", "arj", "iso", "jpg", "jpeg", "png", "gif", "bmp", "tif", "tiff", "ico", "webp",
    "pdf", "exe", "dll", "so", "dylib", "bin", "mp3", "mp4", "avi", "mov", "wav", "ogg", "doc",
    "docx", "xls", "xlsx",
];

fn archive_extension(rel: &Path) -> Option<String> {
    let ext = rel.extension()?.to_string_lossy().to_ascii_lowercase();
    BINARY_EXTENSIONS
        .contains(&ext.as_str())
        .then(|| format!(".{ext}"))
}

/// Recognises a file by its first bytes (opened relative to its directory,
/// never through a symbolic link).
fn sniff_file(src: &Tree, rel: &Path) -> std::io::Result<Sniffed> {
    sniff_record(&mut &src.open_file(rel)?)
}

/// A file found without a known record extension, or named as an archive,
/// told by its content: a record, an archive, or something to ignore.
/// `None` when it is neither.
fn recognise(src: &Tree, rel: &Path, tag: Tag) -> Option<(Tag, Option<String>)> {
    let broken = |e: io::Error| (Tag::Broken, Some(format!("cannot read: {e}")));
    Some(match tag {
        Tag::Unknown => match sniff_file(src, rel) {
            Ok(Sniffed::Record(fmt)) => (Tag::Record(fmt, true), None),
            Ok(Sniffed::Archive) => (Tag::Archive, None),
            Ok(Sniffed::Nothing) => (Tag::Ignored, Some("not recognised as a game record".into())),
            Err(e) => broken(e),
        },
        Tag::Archive => match sniff_file(src, rel) {
            Ok(Sniffed::Archive) => return None,
            Ok(_) => (
                Tag::Ignored,
                Some("named as an archive, but no archive sgfconv reads".into()),
            ),
            Err(e) => broken(e),
        },
        _ => return None,
    })
}

/// Tells the files without a known extension, and those named as
/// archives, by their content (in parallel).
pub(super) fn recognise_all(src: &Tree, found: &mut FoundList) {
    let told: Vec<(usize, Tag, Option<String>)> = (0..found.len())
        .into_par_iter()
        .filter(|&i| matches!(found.tag(i), Tag::Unknown | Tag::Archive))
        .filter_map(|i| {
            let (tag, why) = recognise(src, found.rel(i), found.tag(i))?;
            Some((i, tag, why))
        })
        .collect();
    for (i, tag, why) in told {
        found.retag(i, tag, why);
    }
}
