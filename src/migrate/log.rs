//! The entries of a migration, kept on disk as they finish, so that a run's
//! memory does not grow by an [`Entry`] a file (about 1 KB each
//! before, 217 MB for 200 000 files).
//!
//! Each entry is written, as soon as its file is done, as the text the
//! `--report` document has for it (pretty JSON, indented for its place),
//! to an unnamed temporary file (`tempfile`: `O_TMPFILE` on Linux, gone
//! with the process whatever ends it); an index of 24 bytes an entry (its
//! key, where its text is, its status) is sorted by key at the end. The
//! totals, the first failures in path order and the files with most errors
//! are tallied as entries arrive ([`Tally`]), so the summary reads nothing
//! back; the report is the entries' texts copied in key order, and
//! [`Entries::iter`] reads entries back from their text.
//!
//! On a resumed run with `--report`, a skipped entry that was not read
//! again (`earlier`: the earlier report holds its findings) takes what the
//! earlier report said of it (`entry_text::carry_one`): those entries are
//! tallied at the end, once the earlier report has been read through, one
//! entry at a time (`carry`).
//!
//! Where no temporary file can be made or written (a full `TMPDIR`), the
//! texts stay in memory, as all entries did before: the run never fails
//! for it.

use super::earlier::source_hash;
use super::entry::{Entry, Listed, Status, LISTED};
use super::entry_text;
use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::Mutex;

/// Where an entry goes in the report: the walk's position of its file, and
/// for an archive's members their place in the archive (1, 2...; the
/// archive's own entry is 0).
pub(crate) type Key = (usize, usize);

/// Texts gathered in memory before they are written out together.
const FLUSH_AT: usize = 256 * 1024;

/// Bytes read at once when entries are read back in key order.
const WINDOW: usize = 64 * 1024;

/// One entry in the index: 24 bytes.
#[derive(Clone, Copy, Debug)]
struct Slot {
    walk: u32,
    member: u32,
    offset: u64,
    len: u32,
    status: Status,
}

impl Slot {
    fn key(&self) -> (u32, u32) {
        (self.walk, self.member)
    }
}

/// A key in the index's 32-bit form (more than 4 billion files or members
/// are out of reach: they would sort last).
fn short_key(key: Key) -> (u32, u32) {
    let short = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    (short(key.0), short(key.1))
}

/// The entries' texts: what is on disk, then a tail in memory.
#[derive(Debug)]
struct Store {
    /// `None`: no temporary file could be made; all is in `tail`.
    file: Option<File>,
    /// Bytes written to the file.
    on_disk: u64,
    /// A write failed: the file is still read, and new texts stay in memory.
    full: bool,
    /// Texts not yet written to the file.
    tail: Vec<u8>,
}

impl Store {
    fn new() -> Store {
        Store {
            file: tempfile::tempfile().ok(),
            on_disk: 0,
            full: false,
            tail: Vec::new(),
        }
    }

    /// Appends `text`; returns where it is.
    fn append(&mut self, text: &[u8]) -> (u64, u32) {
        let offset = self.on_disk + self.tail.len() as u64;
        self.tail.extend_from_slice(text);
        if self.tail.len() >= FLUSH_AT {
            self.flush();
        }
        (offset, u32::try_from(text.len()).unwrap_or(u32::MAX))
    }

    /// Writes the tail to the file, when there is one that takes it.
    fn flush(&mut self) {
        let Some(file) = self.file.as_ref().filter(|_| !self.full) else {
            return;
        };
        if self.tail.is_empty() {
            return;
        }
        match file.write_all_at(&self.tail, self.on_disk) {
            Ok(()) => {
                self.on_disk += self.tail.len() as u64;
                self.tail.clear();
                if self.tail.capacity() > FLUSH_AT * 2 {
                    self.tail.shrink_to(FLUSH_AT * 2);
                }
            }
            Err(_) => self.full = true,
        }
    }

    /// Reads `len` bytes at `offset` into `buf` (replacing its content).
    fn read(&self, offset: u64, len: u32, buf: &mut Vec<u8>) -> io::Result<()> {
        buf.clear();
        let len = len as usize;
        if offset >= self.on_disk {
            let at = usize::try_from(offset - self.on_disk).unwrap_or(usize::MAX);
            let text = self
                .tail
                .get(at..at.saturating_add(len))
                .ok_or_else(|| io::Error::other("entry out of the store"))?;
            buf.extend_from_slice(text);
            return Ok(());
        }
        let file = self
            .file
            .as_ref()
            .ok_or_else(|| io::Error::other("entry out of the store"))?;
        buf.resize(len, 0);
        file.read_exact_at(buf, offset)
    }
}

/// Reads entries' texts in index order through a window of the file (the
/// texts of neighbouring keys are mostly written near each other).
struct Window<'s> {
    store: &'s Store,
    start: u64,
    bytes: Vec<u8>,
}

impl<'s> Window<'s> {
    fn new(store: &'s Store) -> Self {
        Window {
            store,
            start: 0,
            bytes: Vec::new(),
        }
    }

    /// The text of `slot`.
    fn text(&mut self, slot: &Slot) -> io::Result<&[u8]> {
        let (off, len) = (slot.offset, slot.len as usize);
        let inside = off >= self.start && off + len as u64 <= self.start + self.bytes.len() as u64;
        if !inside {
            let on_disk = self.store.on_disk;
            let want = if off < on_disk {
                (len.max(WINDOW) as u64).min(on_disk - off).max(len as u64)
            } else {
                len as u64
            };
            let want = u32::try_from(want).unwrap_or(slot.len);
            self.store.read(off, want, &mut self.bytes)?;
            self.start = off;
        }
        let at = (off - self.start) as usize;
        self.bytes
            .get(at..at + len)
            .ok_or_else(|| io::Error::other("entry out of the store"))
    }
}

/// What the summary shows, tallied entry by entry.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    pub inputs: usize,
    pub converted: usize,
    pub skipped: usize,
    pub failed: usize,
    pub ignored: usize,
    pub archives: usize,
    pub outputs: usize,
    pub games: usize,
    pub warnings: usize,
    pub errors: usize,
    pub bytes_in: u64,
    pub bytes_out: u64,
    pub by_format: BTreeMap<&'static str, usize>,
    pub by_encoding: BTreeMap<String, usize>,
    pub rewrites: BTreeMap<String, usize>,
    /// Listed warnings and errors by code (`W012 name`).
    pub problems: BTreeMap<String, usize>,
    /// The first [`LISTED`] failed inputs in path order.
    pub first_failed: BTreeMap<(u32, u32), Listed>,
    /// The [`LISTED`] inputs with most errors (then in path order).
    pub most_errors: BTreeMap<(Reverse<usize>, (u32, u32)), Listed>,
    /// Inputs with an error.
    pub with_errors: usize,
}

impl Tally {
    fn add(&mut self, key: (u32, u32), e: &Entry) {
        self.inputs += 1;
        match e.status {
            Status::Converted => {
                self.converted += 1;
                self.outputs += e.outputs.len();
            }
            Status::Skipped => self.skipped += 1,
            Status::Failed => self.failed += 1,
            Status::Ignored => self.ignored += 1,
            Status::Archive => self.archives += 1,
        }
        self.games += e.games;
        self.warnings += e.warnings;
        self.errors += e.errors;
        self.bytes_in += e.bytes_in;
        self.bytes_out += e.bytes_out;
        let record = !matches!(e.status, Status::Ignored | Status::Archive);
        if let (Some(f), true) = (e.format, record) {
            *self.by_format.entry(f).or_insert(0) += 1;
        }
        if let Some(l) = e.encoding_label() {
            *self.by_encoding.entry(l).or_insert(0) += 1;
        }
        for (k, n) in &e.rewrites {
            *self.rewrites.entry(k.clone()).or_insert(0) += n;
        }
        for d in e.diagnostics.iter().filter(|d| d.severity != "info") {
            *self
                .problems
                .entry(format!("{} {}", d.code, d.name))
                .or_insert(0) += 1;
        }
        self.listed(key, e);
    }

    /// Keeps `e` among the failures and the files with most errors it is
    /// one of.
    fn listed(&mut self, key: (u32, u32), e: &Entry) {
        if e.status == Status::Failed {
            self.first_failed.insert(key, Listed::of(e));
            if self.first_failed.len() > LISTED {
                self.first_failed.pop_last();
            }
        }
        if e.errors > 0 {
            self.with_errors += 1;
            self.most_errors
                .insert((Reverse(e.errors), key), Listed::of(e));
            if self.most_errors.len() > LISTED {
                self.most_errors.pop_last();
            }
        }
    }
}

/// A skipped entry waiting for the earlier report: the hash of its source,
/// and its key (its place in the sorted index, once sorted).
#[derive(Clone, Copy)]
struct Waiting {
    hash: u64,
    walk: u32,
    member: u32,
}

/// The entries as they finish, from any thread.
pub(crate) struct Log {
    inner: Mutex<Building>,
}

struct Building {
    store: Store,
    index: Vec<Slot>,
    tally: Tally,
    /// Skipped entries not read again are tallied at the end (they may
    /// take what an earlier report says: `--report` was given).
    defer_skipped: bool,
    waiting: Vec<Waiting>,
}

impl Log {
    /// A log; `defer_skipped` when skipped entries may take what an earlier
    /// report says of them ([`Log::finish`]).
    pub fn new(defer_skipped: bool) -> Log {
        Log {
            inner: Mutex::new(Building {
                store: Store::new(),
                index: Vec::new(),
                tally: Tally::default(),
                defer_skipped,
                waiting: Vec::new(),
            }),
        }
    }

    /// Files the entry of `key`, done.
    pub fn add(&self, key: Key, e: &Entry) {
        let mut text = Vec::with_capacity(1024);
        // Serialising our own types into memory cannot fail.
        let _ = entry_text::entry_text(&mut text, e);
        let key = short_key(key);
        let Ok(mut b) = self.inner.lock() else {
            return;
        };
        let (offset, len) = b.store.append(&text);
        b.index.push(Slot {
            walk: key.0,
            member: key.1,
            offset,
            len,
            status: e.status,
        });
        if b.defer_skipped && e.status == Status::Skipped && e.games == 0 {
            b.waiting.push(Waiting {
                hash: source_hash(&e.source),
                walk: key.0,
                member: key.1,
            });
        } else {
            b.tally.add(key, e);
        }
    }

    /// The entries, in key order; the skipped ones first take what the
    /// earlier report at `earlier` says of them.
    pub fn finish(self, earlier: Option<&Path>) -> Entries {
        let b = self
            .inner
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Building {
            mut store,
            mut index,
            mut tally,
            mut waiting,
            ..
        } = b;
        store.flush();
        index.sort_unstable_by_key(Slot::key);
        if !waiting.is_empty() {
            for w in &mut waiting {
                let pos = index.binary_search_by_key(&(w.walk, w.member), Slot::key);
                w.walk = pos.map_or(u32::MAX, |p| p as u32);
                w.member = 0;
            }
            let carried = earlier
                .is_some_and(|path| carry(&mut store, &mut index, &mut waiting, &mut tally, path));
            let mut buf = Vec::new();
            for w in &waiting {
                if carried && w.member == CARRIED {
                    continue;
                }
                if let Some(slot) = index.get(w.walk as usize) {
                    if let Some(e) = read_entry(&store, slot, &mut buf) {
                        tally.add(slot.key(), &e);
                    }
                }
            }
            store.flush();
        }
        Entries {
            store,
            index,
            tally,
        }
    }
}

/// The entry of `slot`, read back from its text.
fn read_entry(store: &Store, slot: &Slot, buf: &mut Vec<u8>) -> Option<Entry> {
    store.read(slot.offset, slot.len, buf).ok()?;
    if let Some(e) = entry_text::entry_from_text(buf) {
        return Some(e);
    }
    let v: serde_json::Value = serde_json::from_slice(buf).ok()?;
    entry_text::entry_from_json(&v)
}

/// A resumed run: each skipped entry waiting (`w.walk` is its place in the
/// index) takes what the earlier report at `path` says of the same source
/// (the last such entry there). The earlier report is read one entry at a
/// time; one that cannot be read or is no report changes nothing. Each
/// entry carried is tallied as it is made (into `tally`, once the whole
/// report has been read) and marked [`CARRIED`], so that it is not read
/// back to be tallied: true when so. False when nothing was carried, or
/// when a source was carried twice (an earlier report that names it
/// twice: the last one is kept, and all are tallied from the store).
fn carry(
    store: &mut Store,
    index: &mut [Slot],
    waiting: &mut [Waiting],
    tally: &mut Tally,
    path: &Path,
) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return false;
    };
    let Some(file) = meta.is_file().then(|| File::open(path).ok()).flatten() else {
        return false;
    };
    waiting.sort_unstable_by_key(|w| w.hash);
    // (place in the index, where the carried text is), applied only once
    // the whole earlier report has been read.
    let mut carried: Vec<(u32, u64, u32)> = Vec::new();
    let mut trial = tally.clone();
    let mut twice = false;
    let mut buf = Vec::new();
    let mut one = |old: &serde_json::Value| {
        let Some(source) = old.get("source").and_then(|s| s.as_str()) else {
            return;
        };
        let hash = source_hash(source);
        let first = waiting.partition_point(|w| w.hash < hash);
        for w in waiting
            .iter_mut()
            .skip(first)
            .take_while(|w| w.hash == hash)
        {
            let Some(slot) = index.get(w.walk as usize) else {
                continue;
            };
            let Some(mut e) = read_entry(store, slot, &mut buf) else {
                continue;
            };
            if e.source != source {
                continue;
            }
            entry_text::carry_one(&mut e, old);
            let mut text = Vec::new();
            let _ = entry_text::entry_text(&mut text, &e);
            let (offset, len) = store.append(&text);
            carried.push((w.walk, offset, len));
            trial.add(slot.key(), &e);
            twice |= w.member == CARRIED;
            w.member = CARRIED;
        }
    };
    let reader = io::BufReader::with_capacity(64 * 1024, file);
    let read = entry_text::each_earlier_file(reader, &mut one).is_ok();
    if read {
        for &(pos, offset, len) in &carried {
            if let Some(slot) = index.get_mut(pos as usize) {
                slot.offset = offset;
                slot.len = len;
            }
        }
    }
    if read && !twice && !carried.is_empty() {
        *tally = trial;
        return true;
    }
    false
}

/// [`Waiting::member`] of an entry carried and tallied ([`carry`]).
const CARRIED: u32 = u32::MAX;

/// A migration's entries, finished: in key order, on disk (or in memory),
/// with their tally.
#[derive(Debug)]
pub(crate) struct Entries {
    store: Store,
    index: Vec<Slot>,
    tally: Tally,
}

impl Entries {
    /// Entries already made, in this order (tests, and summaries made by
    /// hand).
    pub fn of(entries: impl IntoIterator<Item = Entry>) -> Entries {
        let log = Log::new(false);
        for (i, e) in entries.into_iter().enumerate() {
            log.add((i, 0), &e);
        }
        log.finish(None)
    }

    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The entries with `status` (all with `None`), read back in key order.
    pub fn iter(&self, status: Option<Status>) -> impl Iterator<Item = Entry> + '_ {
        let mut buf = Vec::new();
        self.index
            .iter()
            .filter(move |s| status.is_none_or(|st| s.status == st))
            .filter_map(move |s| read_entry(&self.store, s, &mut buf))
    }

    /// Writes the entries' texts in key order, each after `first` (the
    /// first) or `next` (the others); returns whether there was any.
    pub fn write_texts(
        &self,
        out: &mut dyn io::Write,
        first: &[u8],
        next: &[u8],
    ) -> io::Result<bool> {
        let mut window = Window::new(&self.store);
        for (n, slot) in self.index.iter().enumerate() {
            out.write_all(if n == 0 { first } else { next })?;
            out.write_all(window.text(slot)?)?;
        }
        Ok(!self.index.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_on_disk_and_in_the_tail_read_back() {
        let mut s = Store::new();
        let mut places = Vec::new();
        for i in 0..2000u32 {
            let text = format!("entry {i} ").repeat(i as usize % 300 + 1);
            places.push((s.append(text.as_bytes()), text));
        }
        assert!(s.on_disk > 0 || s.file.is_none());
        let mut buf = Vec::new();
        for ((off, len), text) in &places {
            s.read(*off, *len, &mut buf).unwrap();
            assert_eq!(buf, text.as_bytes());
        }
        // Through the window, in an order unlike the writing's.
        let mut w = Window::new(&s);
        for ((off, len), text) in places.iter().rev().step_by(3) {
            let slot = Slot {
                walk: 0,
                member: 0,
                offset: *off,
                len: *len,
                status: Status::Converted,
            };
            assert_eq!(w.text(&slot).unwrap(), text.as_bytes());
        }
    }

    #[test]
    fn a_store_whose_file_is_full_keeps_the_rest_in_memory() {
        let mut s = Store::new();
        let (a, _) = s.append(&[b'a'; FLUSH_AT]);
        s.full = true;
        let (b, _) = s.append(b"bbb");
        s.flush();
        let mut buf = Vec::new();
        s.read(b, 3, &mut buf).unwrap();
        assert_eq!(buf, b"bbb");
        s.read(a, 4, &mut buf).unwrap();
        assert_eq!(buf, b"aaaa");
    }

    #[test]
    fn an_index_slot_is_24_bytes() {
        assert_eq!(std::mem::size_of::<Slot>(), 24);
    }
}
