//! Zip archives read entry by entry from their central directory.
//!
//! The central directory is read here rather than by a library that keeps
//! its entries by name, so that every entry is a member: two entries of
//! one name are two members, not the last one alone. Each entry's extent
//! (local header and data) is found, so that an entry whose bytes overlap
//! another's (the trick of the zip bombs that point many entries at one
//! stream) is known, and a local header that names its entry otherwise
//! than the directory does is known too. Stored, deflate, bzip2 and LZMA
//! entries are decompressed, and their CRC-32 checked at their end.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};

/// The end-of-central-directory record's fixed part.
const EOCD_LEN: u64 = 22;
/// The most bytes after the start of that record (its comment).
const EOCD_SEARCH: u64 = EOCD_LEN + u16::MAX as u64;

/// One entry of the central directory, where its bytes lie.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    /// The name as the central directory says it, raw.
    pub name: Vec<u8>,
    /// The name its local header says, raw.
    pub local_name: Vec<u8>,
    pub flags: u16,
    pub method: u16,
    pub crc: u32,
    pub compressed: u64,
    pub size: u64,
    /// Where its local header starts in the file.
    pub start: u64,
    /// Where its data starts.
    pub data: u64,
    /// Why its local header could not be read, if it could not.
    pub bad: Option<String>,
}

impl Entry {
    /// Past its last byte.
    pub fn end(&self) -> u64 {
        self.data.saturating_add(self.compressed)
    }

    pub fn is_dir(&self) -> bool {
        self.name.last() == Some(&b'/')
    }

    pub fn encrypted(&self) -> bool {
        self.flags & 1 != 0
    }
}

fn damaged(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    b.get(at..at + 2)
        .map_or(0, |s| u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    b.get(at..at + 4)
        .map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    b.get(at..at + 8).map_or(0, |s| {
        let mut a = [0u8; 8];
        a.copy_from_slice(s);
        u64::from_le_bytes(a)
    })
}

/// Where the central directory lies: its first byte, its length, how
/// many entries it holds, and how far bytes put before the archive (a
/// self-extracting stub) shift every offset it states.
struct Directory {
    start: u64,
    len: u64,
    entries: u64,
    shift: u64,
}

/// Finds the end-of-central-directory record (the last one whose comment
/// ends within the file) and, from it or its zip64 form, the directory.
fn directory(file: &mut File) -> io::Result<Directory> {
    let len = file.seek(SeekFrom::End(0))?;
    let tail_len = len.min(EOCD_SEARCH);
    let tail_start = len - tail_len;
    let mut tail = vec![0u8; tail_len as usize];
    file.seek(SeekFrom::Start(tail_start))?;
    file.read_exact(&mut tail)?;
    let at = (0..tail.len().saturating_sub(EOCD_LEN as usize - 1))
        .rev()
        .find(|&i| {
            tail[i..].starts_with(b"PK\x05\x06")
                && i + EOCD_LEN as usize + u16_at(&tail, i + 20) as usize <= tail.len()
        })
        .ok_or_else(|| damaged("no end of central directory: not a zip archive"))?;
    let eocd = &tail[at..];
    if u16_at(eocd, 4) != u16_at(eocd, 6) {
        return Err(damaged("a zip archive of several disks"));
    }
    let eocd_pos = tail_start + at as u64;
    let (end, len_cd, declared, entries) = match zip64(file, &tail[..at], tail_start)? {
        Some(z) => z,
        None => (
            eocd_pos,
            u32_at(eocd, 12) as u64,
            u32_at(eocd, 16) as u64,
            u16_at(eocd, 10) as u64,
        ),
    };
    // The directory ends where the record that follows it starts; bytes
    // put before the archive shift every offset it states.
    let start = end
        .checked_sub(len_cd)
        .filter(|s| *s >= declared)
        .ok_or_else(|| damaged("the central directory would start before the file"))?;
    Ok(Directory {
        start,
        len: len_cd,
        entries,
        shift: start - declared,
    })
}

/// The zip64 end-of-central-directory record, when a locator precedes the
/// plain record: (its position, the directory's length, its declared
/// start, its entry count).
fn zip64(
    file: &mut File,
    before: &[u8],
    tail_start: u64,
) -> io::Result<Option<(u64, u64, u64, u64)>> {
    let Some(loc) = before.len().checked_sub(20).map(|i| &before[i..]) else {
        return Ok(None);
    };
    if !loc.starts_with(b"PK\x06\x07") {
        return Ok(None);
    }
    let pos = u64_at(loc, 8);
    let locator_pos = tail_start + before.len() as u64 - 20;
    if pos.checked_add(56).is_none_or(|e| e > locator_pos) {
        return Err(damaged("the zip64 directory record lies past its locator"));
    }
    let mut rec = [0u8; 56];
    file.seek(SeekFrom::Start(pos))?;
    file.read_exact(&mut rec)?;
    if !rec.starts_with(b"PK\x06\x06") {
        return Err(damaged("no zip64 directory record where its locator says"));
    }
    Ok(Some((
        pos,
        u64_at(&rec, 40),
        u64_at(&rec, 48),
        u64_at(&rec, 32),
    )))
}

/// Every entry of the central directory, in its order, each with its
/// local header read (for where its data starts, and the name it says).
/// A damaged directory is an error; an entry whose local header is not
/// where the directory says has [`Entry::bad`] set.
pub(super) fn entries(file: &mut File) -> io::Result<Vec<Entry>> {
    let dir = directory(file)?;
    file.seek(SeekFrom::Start(dir.start))?;
    let mut cd = BufReader::new((&*file).take(dir.len));
    let mut found = Vec::new();
    for i in 0..dir.entries {
        let (mut e, stated) = central_entry(&mut cd)
            .map_err(|e| damaged(format!("central directory entry {}: {e}", i + 1)))?;
        e.start = stated.saturating_add(dir.shift);
        found.push(e);
    }
    drop(cd);
    for e in &mut found {
        if let Err(why) = local_header(file, e) {
            e.bad = Some(why.to_string());
        }
    }
    Ok(found)
}

/// One central directory record: the entry and its stated local header
/// offset.
fn central_entry(cd: &mut impl Read) -> io::Result<(Entry, u64)> {
    let mut fixed = [0u8; 46];
    cd.read_exact(&mut fixed)?;
    if !fixed.starts_with(b"PK\x01\x02") {
        return Err(damaged("no central directory signature"));
    }
    let mut name = vec![0u8; u16_at(&fixed, 28) as usize];
    cd.read_exact(&mut name)?;
    let mut extra = vec![0u8; u16_at(&fixed, 30) as usize];
    cd.read_exact(&mut extra)?;
    io::copy(&mut cd.take(u16_at(&fixed, 32) as u64), &mut io::sink())?;
    let mut size = u32_at(&fixed, 24) as u64;
    let mut compressed = u32_at(&fixed, 20) as u64;
    let mut offset = u32_at(&fixed, 42) as u64;
    if let Some(z) = extra_field(&extra, 1) {
        // Only the fields at their 32-bit maximum are in it, in this order.
        let mut at = 0;
        for field in [&mut size, &mut compressed, &mut offset] {
            if *field == u32::MAX as u64 {
                *field = u64_at(z, at);
                at += 8;
            }
        }
    }
    let e = Entry {
        name,
        local_name: Vec::new(),
        flags: u16_at(&fixed, 8),
        method: u16_at(&fixed, 10),
        crc: u32_at(&fixed, 16),
        compressed,
        size,
        start: 0,
        data: 0,
        bad: None,
    };
    Ok((e, offset))
}

/// The data of the extra field `id` in `extra`, if there.
fn extra_field(mut extra: &[u8], id: u16) -> Option<&[u8]> {
    while extra.len() >= 4 {
        let len = u16_at(extra, 2) as usize;
        let data = extra.get(4..4 + len)?;
        if u16_at(extra, 0) == id {
            return Some(data);
        }
        extra = &extra[4 + len..];
    }
    None
}

/// Reads the local header at `e.start`: where the data starts, the name.
fn local_header(file: &mut File, e: &mut Entry) -> io::Result<()> {
    let mut fixed = [0u8; 30];
    file.seek(SeekFrom::Start(e.start))?;
    file.read_exact(&mut fixed)?;
    if !fixed.starts_with(b"PK\x03\x04") {
        return Err(damaged("no local header where the central directory says"));
    }
    let name_len = u16_at(&fixed, 26) as u64;
    let mut name = vec![0u8; name_len as usize];
    file.read_exact(&mut name)?;
    e.local_name = name;
    e.data = e.start + 30 + name_len + u16_at(&fixed, 28) as u64;
    Ok(())
}

/// For each entry, the index of an entry before it in the file whose
/// bytes its own overlap, if any: of entries that overlap, the first in
/// the file (and in the directory, among those at one place) is read, the
/// others are not. Entries whose local header could not be read are left
/// out of the comparison.
pub(super) fn overlaps(entries: &[Entry]) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].bad.is_none())
        .collect();
    order.sort_by_key(|&i| (entries[i].start, i));
    let mut out = vec![None; entries.len()];
    let mut furthest: Option<usize> = None;
    for i in order {
        if let Some(f) = furthest {
            if entries[i].start < entries[f].end() {
                out[i] = Some(f);
            }
        }
        if furthest.is_none_or(|f| entries[i].end() > entries[f].end()) {
            furthest = Some(i);
        }
    }
    out
}

/// The decompressed bytes of `e`, their CRC-32 and length checked at
/// their end (a mismatch reads as an error).
pub(super) fn open<'f>(file: &'f mut File, e: &Entry) -> io::Result<Box<dyn Read + 'f>> {
    file.seek(SeekFrom::Start(e.data))?;
    let raw = BufReader::new(file.take(e.compressed));
    let inner: Box<dyn Read + 'f> = match e.method {
        0 => Box::new(raw),
        8 => Box::new(flate2::bufread::DeflateDecoder::new(raw)),
        12 => Box::new(bzip2::bufread::BzDecoder::new(raw)),
        14 => lzma(raw, e.size)?,
        m => {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!("compression method {m} not supported"),
            ))
        }
    };
    Ok(Box::new(Checked {
        inner,
        crc: flate2::Crc::new(),
        want_crc: e.crc,
        want_size: e.size,
        got: 0,
        checked: false,
    }))
}

/// An LZMA entry: its own small header (version, properties), then the
/// raw stream.
fn lzma<'f>(mut raw: impl Read + 'f, size: u64) -> io::Result<Box<dyn Read + 'f>> {
    let mut head = [0u8; 9];
    raw.read_exact(&mut head)?;
    if u16_at(&head, 2) != 5 {
        return Err(damaged("an LZMA header of unexpected length"));
    }
    let r = lzma_rust2::LzmaReader::new_with_props(raw, size, head[4], u32_at(&head, 5), None)
        .map_err(|e| damaged(e.to_string()))?;
    Ok(Box::new(r))
}

/// An entry's bytes, checked against the directory's CRC-32 and length
/// once they end.
struct Checked<'f> {
    inner: Box<dyn Read + 'f>,
    crc: flate2::Crc,
    want_crc: u32,
    want_size: u64,
    got: u64,
    checked: bool,
}

impl Read for Checked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        self.got += n as u64;
        if n == 0 && !buf.is_empty() && !self.checked {
            self.checked = true;
            if self.got != self.want_size {
                return Err(damaged(format!(
                    "{} bytes where the directory says {}",
                    self.got, self.want_size
                )));
            }
            if self.crc.sum() != self.want_crc {
                return Err(damaged("CRC-32 mismatch: damaged"));
            }
        }
        Ok(n)
    }
}
