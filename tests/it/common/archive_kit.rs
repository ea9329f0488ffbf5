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
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in files {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let offset = out.len() as u32;
        let fields = |v: &mut Vec<u8>| {
            v.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            v.extend_from_slice(&crc.sum().to_le_bytes());
            v.extend_from_slice(&(data.len() as u32).to_le_bytes());
            v.extend_from_slice(&(data.len() as u32).to_le_bytes());
            v.extend_from_slice(&(name.len() as u16).to_le_bytes());
            v.extend_from_slice(&[0, 0]);
        };
        out.extend_from_slice(b"PK\x03\x04");
        fields(&mut out);
        out.extend_from_slice(name);
        out.extend_from_slice(data);
        central.extend_from_slice(b"PK\x01\x02\x14\x00");
        fields(&mut central);
        // Comment length, disk, internal and external attributes.
        central.extend_from_slice(&[0; 10]);
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name);
    }
    let at = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    let n = (files.len() as u16).to_le_bytes();
    out.extend_from_slice(&[n[0], n[1], n[0], n[1]]);
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&at.to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out
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
