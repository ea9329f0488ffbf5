//! The walk's list of the files it found, compact: every relative path's
//! bytes in one arena, an end offset and a one-byte-or-two tag each, and
//! the few reasons (ignored, unreadable) beside them. A file found costs
//! its path's length and about 10 bytes, not a `PathBuf` and an `Item`
//! (about 100 bytes): the list lives until the last file is converted
//! (memory bounded whatever the number of files).

use crate::formats::Format;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// What the walk found at one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tag {
    /// A record: its format, and whether its content told it.
    Record(Format, bool),
    /// No known extension: sniffed later.
    Unknown,
    /// Not converted; the reason is beside it.
    Ignored,
    /// An archive (its name says so; its content is checked later).
    Archive,
    /// Could not be listed or read; the reason is beside it.
    Broken,
}

/// The files found, in walk order.
#[derive(Default)]
pub(super) struct FoundList {
    paths: Vec<u8>,
    ends: Vec<usize>,
    tags: Vec<Tag>,
    /// (place, reason) of the ignored and broken ones, in place order.
    reasons: Vec<(usize, String)>,
}

impl FoundList {
    pub fn len(&self) -> usize {
        self.tags.len()
    }

    /// Adds `rel` with `tag` (and the reason it is ignored or broken).
    pub fn push(&mut self, rel: &Path, tag: Tag, reason: Option<String>) {
        self.paths.extend_from_slice(rel.as_os_str().as_bytes());
        self.ends.push(self.paths.len());
        if let Some(r) = reason {
            self.reasons.push((self.tags.len(), r));
        }
        self.tags.push(tag);
    }

    /// The path of the `i`-th file, under SRC.
    pub fn rel(&self, i: usize) -> &Path {
        let start = i.checked_sub(1).map_or(0, |p| self.ends[p]);
        Path::new(OsStr::from_bytes(&self.paths[start..self.ends[i]]))
    }

    pub fn tag(&self, i: usize) -> Tag {
        self.tags[i]
    }

    /// Why the `i`-th file is ignored or broken.
    pub fn reason(&self, i: usize) -> String {
        match self.reasons.binary_search_by_key(&i, |(p, _)| *p) {
            Ok(k) => self.reasons[k].1.clone(),
            Err(_) => String::new(),
        }
    }

    /// Tells the `i`-th file anew (after its content was looked at).
    pub fn retag(&mut self, i: usize, tag: Tag, reason: Option<String>) {
        self.tags[i] = tag;
        if let Some(r) = reason {
            match self.reasons.binary_search_by_key(&i, |(p, _)| *p) {
                Ok(k) => self.reasons[k].1 = r,
                Err(k) => self.reasons.insert(k, (i, r)),
            }
        }
    }

    /// The `i`-th file as an item to convert.
    pub fn item(&self, i: usize) -> Item {
        let (format, by_content) = match self.tags[i] {
            Tag::Record(f, by) => (Some(f), by),
            _ => (None, false),
        };
        Item {
            rel: PathBuf::from(self.rel(i)),
            format,
            by_content,
            archive_mtime: None,
        }
    }

    /// The places with `tag`'s kind (records of any format with a
    /// [`Tag::Record`]).
    pub fn places<'a>(
        &'a self,
        want: impl Fn(Tag) -> bool + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        (0..self.len()).filter(move |&i| want(self.tags[i]))
    }
}

/// A record found by the walk.
#[derive(Clone, Debug)]
pub(super) struct Item {
    /// Under SRC; for an archive's member, where it would be if the
    /// archive were unpacked (`KGS-2017/x.sgf`, or `x.sgf` flattened).
    pub(super) rel: PathBuf,
    pub(super) format: Option<Format>,
    pub(super) by_content: bool,
    /// A member of an archive: the archive's modification time, which
    /// stands for the member's in the up-to-date test.
    pub(super) archive_mtime: Option<std::time::SystemTime>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_tags_and_reasons_come_back() {
        let mut l = FoundList::default();
        l.push(Path::new("a/b.sgf"), Tag::Record(Format::Sgf, false), None);
        l.push(Path::new("a/c"), Tag::Unknown, None);
        l.push(Path::new("d"), Tag::Broken, Some("cannot list".into()));
        l.push(Path::new("a/x.txt"), Tag::Ignored, Some("text".into()));
        assert_eq!(l.rel(0), Path::new("a/b.sgf"));
        assert_eq!(l.rel(3), Path::new("a/x.txt"));
        assert_eq!(l.reason(2), "cannot list");
        l.retag(1, Tag::Ignored, Some("not a record".into()));
        assert_eq!(l.reason(1), "not a record");
        assert_eq!(l.reason(3), "text");
        let item = l.item(0);
        assert_eq!(item.format, Some(Format::Sgf));
        let ignored: Vec<usize> = l.places(|t| t == Tag::Ignored).collect();
        assert_eq!(ignored, [1, 3]);
    }

    #[test]
    fn a_tag_is_small() {
        assert!(std::mem::size_of::<Tag>() <= 2);
    }
}
