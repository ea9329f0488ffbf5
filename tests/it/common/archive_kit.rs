//! Archives of every kind, made from the project's own sample records
//! (nothing foreign copied in): shared by `tests/it/formats/archives.rs` and
//! `tests/it/migrate/archives.rs`.
#![allow(dead_code)]

use crate::common;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};

/// The samples packed into every archive: (member name, file under corpus/).
pub const SAMPLES: &[(&str, &str)] = &[
    ("games/escapes.sgf", "sgf/escapes.sgf"),
    ("games/collection.sgf", "sgf/collection.sgf"),
    ("tygem/written-layout.gib", "gib/written-layout.gib"),
    ("panda/figure.ugf", "ugf/figure.ugf"),
];

pub fn sample(rel: &str) -> Vec<u8> {
    std::fs::read(common::root().join("corpus").join(rel)).unwrap()
}

pub fn members() -> Vec<(&'static str, Vec<u8>)> {
    SAMPLES.iter().map(|(m, f)| (*m, sample(f))).collect()
}

pub fn tar_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut b = tar::Builder::new(Vec::new());
    for (name, data) in files {
        let mut h = tar::Header::new_ustar();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        b.append_data(&mut h, name, &data[..]).unwrap();
    }
    b.into_inner().unwrap()
}

pub fn zip_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, data) in files {
        let o: zip::write::SimpleFileOptions = Default::default();
        w.start_file(*name, o).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

pub fn gz(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

pub fn bz2(data: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

pub fn xz(data: &[u8]) -> Vec<u8> {
    let mut w = lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::default()).unwrap();
    w.write_all(data).unwrap();
    w.finish().unwrap()
}

pub fn zst(data: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
}

pub fn sevenz_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut w = sevenz_rust2::ArchiveWriter::new(Cursor::new(Vec::new())).unwrap();
    for (name, data) in files {
        let entry = sevenz_rust2::ArchiveEntry::new_file(name);
        w.push_archive_entry(entry, Some(Cursor::new(data.clone())))
            .unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// CRC-16/ARC, as LHA checks its members.
pub fn crc16(data: &[u8]) -> u16 {
    let mut crc = 0u16;
    for &b in data {
        crc ^= b as u16;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xA001
            } else {
                crc >> 1
            };
        }
    }
    crc
}

/// An LHA archive of stored (`-lh0-`) members with level-0 headers, as
/// PandaNet's `.ugz` files are laid out.
pub fn lha_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, data) in files {
        let mut h = Vec::new();
        h.extend_from_slice(b"-lh0-");
        h.extend_from_slice(&(data.len() as u32).to_le_bytes());
        h.extend_from_slice(&(data.len() as u32).to_le_bytes());
        h.extend_from_slice(&[0, 0, 0x21, 0x50]); // DOS time and date
        h.push(0x20); // attribute
        h.push(0); // level 0
        h.push(name.len() as u8);
        h.extend_from_slice(name.as_bytes());
        h.extend_from_slice(&crc16(data).to_le_bytes());
        let sum = h.iter().fold(0u8, |a, b| a.wrapping_add(*b));
        out.push(h.len() as u8);
        out.push(sum);
        out.extend_from_slice(&h);
        out.extend_from_slice(data);
    }
    out.push(0);
    out
}

/// A zip of stored members with raw (not UTF-8) names and no UTF-8 flag,
/// as old Windows tools wrote them.
pub fn zip_raw_names(files: &[(Vec<u8>, Vec<u8>)]) -> Vec<u8> {
    let locals: Vec<Local> = files
        .iter()
        .map(|(name, data)| Local::stored(name, data))
        .collect();
    let central: Vec<(Vec<u8>, usize)> = files
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.clone(), i))
        .collect();
    zip_by_hand(&locals, &central)
}

/// A local entry of [`zip_by_hand`]: its name, method, the CRC-32 and
/// size of its bytes decompressed, and its data as stored.
#[derive(Clone)]
pub struct Local {
    pub name: Vec<u8>,
    pub method: u16,
    pub crc: u32,
    pub size: u32,
    pub data: Vec<u8>,
}

impl Local {
    pub fn stored(name: &[u8], data: &[u8]) -> Local {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        Local {
            name: name.to_vec(),
            method: 0,
            crc: crc.sum(),
            size: data.len() as u32,
            data: data.to_vec(),
        }
    }

    pub fn deflated(name: &[u8], data: &[u8]) -> Local {
        let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(data).unwrap();
        Local {
            data: e.finish().unwrap(),
            method: 8,
            ..Local::stored(name, data)
        }
    }
}

/// A zip written by hand, for the forms no zip writer makes: the local
/// entries one after the other, then a central directory of `central`
/// (the name it says, the index of the local entry it points at), so that
/// two directory entries may share a name, or point at one local entry,
/// or name it otherwise than its local header does.
pub fn zip_by_hand(locals: &[Local], central: &[(Vec<u8>, usize)]) -> Vec<u8> {
    let fields = |v: &mut Vec<u8>, l: &Local, name: &[u8]| {
        v.extend_from_slice(&[20, 0, 0, 0]);
        v.extend_from_slice(&l.method.to_le_bytes());
        v.extend_from_slice(&[0, 0, 0, 0]);
        v.extend_from_slice(&l.crc.to_le_bytes());
        v.extend_from_slice(&(l.data.len() as u32).to_le_bytes());
        v.extend_from_slice(&l.size.to_le_bytes());
        v.extend_from_slice(&(name.len() as u16).to_le_bytes());
        v.extend_from_slice(&[0, 0]);
    };
    let mut out = Vec::new();
    let mut offsets = Vec::new();
    for l in locals {
        offsets.push(out.len() as u32);
        out.extend_from_slice(b"PK\x03\x04");
        fields(&mut out, l, &l.name);
        out.extend_from_slice(&l.name);
        out.extend_from_slice(&l.data);
    }
    let mut dir = Vec::new();
    for (name, i) in central {
        dir.extend_from_slice(b"PK\x01\x02\x14\x00");
        fields(&mut dir, &locals[*i], name);
        // Comment length, disk, internal and external attributes.
        dir.extend_from_slice(&[0; 10]);
        dir.extend_from_slice(&offsets[*i].to_le_bytes());
        dir.extend_from_slice(name);
    }
    let at = out.len() as u32;
    out.extend_from_slice(&dir);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    let n = (central.len() as u16).to_le_bytes();
    out.extend_from_slice(&[n[0], n[1], n[0], n[1]]);
    out.extend_from_slice(&(dir.len() as u32).to_le_bytes());
    out.extend_from_slice(&at.to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out
}

/// A deflate stream of `mib` MiB of `byte`, built without compressing
/// them all: one MiB compressed with a sync flush (byte-aligned, not
/// final) repeated, then an empty final block. About 1 KiB per MiB: the
/// stuff of zip bombs, made in milliseconds.
pub fn deflate_of_repeated(byte: u8, mib: usize) -> Vec<u8> {
    let mut c = flate2::Compress::new(flate2::Compression::best(), false);
    let chunk = vec![byte; 1 << 20];
    let mut one = Vec::with_capacity(64 << 10);
    c.compress_vec(&chunk, &mut one, flate2::FlushCompress::Sync)
        .unwrap();
    assert_eq!(c.total_in(), 1 << 20, "one MiB in one call");
    let mut out = Vec::with_capacity(one.len() * mib + 2);
    for _ in 0..mib {
        out.extend_from_slice(&one);
    }
    // A final fixed-Huffman block holding only its end.
    out.extend_from_slice(&[0x03, 0x00]);
    out
}

/// Two entries named `g.sgf`, holding `GN[first]` and `GN[second]`.
pub fn zip_of_one_name_twice() -> Vec<u8> {
    let first = Local::deflated(b"g.sgf", b"(;GM[1]GN[first];B[aa])");
    let second = Local::deflated(b"g.sgf", b"(;GM[1]GN[second];B[bb])");
    zip_by_hand(
        &[first, second],
        &[(b"g.sgf".to_vec(), 0), (b"g.sgf".to_vec(), 1)],
    )
}

/// Ten members `m1.sgf`…`m10.sgf`, each a game of 1 MiB (its comment).
pub fn ten_games_of_a_mib() -> Vec<(String, Vec<u8>)> {
    (1..=10)
        .map(|i| {
            let mut g = format!("(;GM[1]GN[m{i}]C[").into_bytes();
            g.extend(std::iter::repeat_n(b'a', 1 << 20));
            g.extend_from_slice(b"])");
            (format!("m{i}.sgf"), g)
        })
        .collect()
}

/// [`ten_games_of_a_mib`] as a zip, each deflated.
pub fn zip_of_ten_games() -> Vec<u8> {
    let games = ten_games_of_a_mib();
    let locals: Vec<Local> = games
        .iter()
        .map(|(n, g)| Local::deflated(n.as_bytes(), g))
        .collect();
    let central: Vec<(Vec<u8>, usize)> = games
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (n.clone().into_bytes(), i))
        .collect();
    zip_by_hand(&locals, &central)
}

/// `(;GM[1]GN[deep];B[aa])` as `deep.sgf.gz`, in `layers` layers of gzip.
pub fn nested_gzip(layers: usize) -> Vec<u8> {
    let mut d = b"(;GM[1]GN[deep];B[aa])".to_vec();
    for _ in 0..layers {
        d = gz(&d);
    }
    d
}

/// Every file under `dir`, relative, with its bytes, sorted.
pub fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v: Vec<(PathBuf, Vec<u8>)> = common::files_under(dir, &|_| true)
        .into_iter()
        .map(|p| {
            (
                p.strip_prefix(dir).unwrap().to_path_buf(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}
