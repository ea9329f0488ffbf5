//! The walk over archives built in memory with the crates' own writers.

use super::*;
use crate::diag::Reporter;
use std::io::{Cursor, Write};

/// One member handed over: display name, path, bytes.
type Got = (String, String, Vec<u8>);

/// What the walk handed over, and the walk.
fn walk_all(bytes: Vec<u8>, name: &str, limits: Limits) -> (Vec<Got>, Walked, Reporter) {
    let mut got = Vec::new();
    let mut report = Reporter::collecting(name);
    let kind = detect(&bytes).expect("an archive");
    let walked = walk(
        Box::new(Cursor::new(bytes)),
        kind,
        name,
        &limits,
        &mut report,
        &mut |m: Member<'_>, _: &mut Reporter| {
            let mut data = Vec::new();
            m.reader.read_to_end(&mut data)?;
            got.push((m.display, m.path.display().to_string(), data));
            Ok(())
        },
    )
    .unwrap();
    (got, walked, report)
}

fn tar_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut b = tar::Builder::new(Vec::new());
    for (name, data) in files {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        b.append_data(&mut h, name, *data).unwrap();
    }
    b.into_inner().unwrap()
}

fn gz(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, data) in files {
        let o: zip::write::SimpleFileOptions = Default::default();
        w.start_file(*name, o).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

const SGF: &[u8] = b"(;FF[4]SZ[19];B[pd])";

#[test]
fn kinds_are_told_by_their_first_bytes() {
    assert_eq!(detect(&zip_of(&[("a.sgf", SGF)])), Some(Kind::Zip));
    assert_eq!(detect(&tar_of(&[("a.sgf", SGF)])), Some(Kind::Tar));
    assert_eq!(detect(&gz(SGF)), Some(Kind::Gzip));
    assert_eq!(detect(b"BZh91AY&SY"), Some(Kind::Bzip2));
    assert_eq!(detect(b"\xFD7zXZ\x00\x00"), Some(Kind::Xz));
    assert_eq!(detect(b"\x28\xB5\x2F\xFD"), Some(Kind::Zstd));
    assert_eq!(detect(b"7z\xBC\xAF\x27\x1C\x00\x04"), Some(Kind::SevenZ));
    assert_eq!(detect(b"\x1f\x00-lh5-"), Some(Kind::Lha));
    assert_eq!(detect(SGF), None);
    assert_eq!(detect(b"PK"), None);
}

#[test]
fn a_tar_gz_gives_its_records_and_leaves_the_rest_out() {
    let tar = tar_of(&[
        ("Go/a.sgf", SGF),
        ("readme.txt", b"hello"),
        ("Go/b.SGF", SGF),
    ]);
    let (got, walked, report) = walk_all(gz(&tar), "k.tar.gz", Limits::default());
    let names: Vec<_> = got.iter().map(|g| (g.0.as_str(), g.1.as_str())).collect();
    assert_eq!(
        names,
        vec![
            ("k.tar.gz:Go/a.sgf", "Go/a.sgf"),
            ("k.tar.gz:Go/b.SGF", "Go/b.SGF")
        ]
    );
    assert_eq!(got[0].2, SGF);
    assert_eq!(
        walked,
        Walked {
            records: 2,
            left_out: 1
        }
    );
    let notes = report.collected();
    assert!(notes
        .iter()
        .any(|d| d.code.id == "I653" && d.message.contains("readme.txt")));
}

#[test]
fn a_zip_inside_a_tar_is_read_one_level_deep() {
    let inner = zip_of(&[("x.sgf", SGF)]);
    let deeper = zip_of(&[("in.zip", &inner)]);
    let tar = tar_of(&[("inner.zip", &inner), ("deeper.zip", &deeper)]);
    let (got, _, report) = walk_all(tar, "t.tar", Limits::default());
    let names: Vec<_> = got.iter().map(|g| g.0.as_str()).collect();
    assert_eq!(names, vec!["t.tar:inner.zip:x.sgf"]);
    assert_eq!(got[0].1, "inner.zip/x.sgf");
    assert!(report.collected().iter().any(|d| d.code.id == "E655"));
    // Deeper with a higher limit.
    let tar = tar_of(&[("deeper.zip", &deeper)]);
    let limits = Limits {
        depth: 2,
        ..Limits::default()
    };
    let (got, _, _) = walk_all(tar, "t.tar", limits);
    assert_eq!(got[0].0, "t.tar:deeper.zip:in.zip:x.sgf");
}

#[test]
fn a_member_past_the_size_limit_is_refused_and_the_others_still_go() {
    let big = vec![b'('; 5000];
    let tar = tar_of(&[("big.sgf", &big), ("ok.sgf", SGF)]);
    let limits = Limits {
        max_member_size: 1000,
        ..Limits::default()
    };
    // The tar says the size: refused unread.
    let (got, _, report) = walk_all(gz(&tar), "b.tgz", limits);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, "b.tgz:ok.sgf");
    assert_eq!(got[0].2, SGF);
    assert!(report
        .collected()
        .iter()
        .any(|d| d.code.id == "E650" && d.message.contains("not read")));
    // A compressed file does not: read to the limit, then said.
    let (got, _, report) = walk_all(gz(&big), "big.sgf.gz", limits);
    assert_eq!(got[0].2.len(), 1000);
    assert!(report
        .collected()
        .iter()
        .any(|d| d.code.id == "E650" && d.message.contains("that far only")));
    // Exactly at the limit is fine.
    let limits = Limits {
        max_member_size: 5000,
        ..Limits::default()
    };
    let (got, _, report) = walk_all(gz(&big), "big.sgf.gz", limits);
    assert_eq!(got[0].2.len(), 5000);
    assert!(report.collected().iter().all(|d| d.code.id != "E650"));
}

#[test]
fn a_compressed_file_holds_one_member_named_after_it() {
    let (got, _, _) = walk_all(gz(SGF), "dir/game.sgf.gz", Limits::default());
    assert_eq!(got[0].0, "dir/game.sgf.gz:game.sgf");
    assert_eq!(got[0].2, SGF);
}

#[test]
fn unsafe_member_names_are_made_safe_and_said() {
    // tar's builder refuses `..`: the name goes into the header by hand.
    let mut h = tar::Header::new_old();
    h.as_old_mut().name[..14].copy_from_slice(b"../../evil.sgf");
    h.set_size(SGF.len() as u64);
    h.set_entry_type(tar::EntryType::Regular);
    h.set_cksum();
    let mut bytes = h.as_bytes().to_vec();
    bytes.extend_from_slice(SGF);
    bytes.resize(512 + 512, 0);
    bytes.extend_from_slice(&[0; 1024]);
    // An old header has no `ustar` magic: walk it as a tar explicitly.
    let mut got = Vec::new();
    let mut report = Reporter::collecting("t");
    walk(
        Box::new(Cursor::new(bytes)),
        Kind::Tar,
        "t.tar",
        &Limits::default(),
        &mut report,
        &mut |m, _| {
            got.push(m.path.display().to_string());
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(got, vec!["evil.sgf"]);
    assert!(report.collected().iter().any(|d| d.code.id == "W654"));
}

#[test]
fn damage_is_an_error_of_the_archive_not_a_failure_of_the_run() {
    let mut bytes = gz(&tar_of(&[("a.sgf", SGF), ("b.sgf", SGF)]));
    bytes.truncate(bytes.len() / 2);
    let mut report = Reporter::collecting("t");
    let r = walk(
        Box::new(Cursor::new(bytes)),
        Kind::Gzip,
        "cut.tgz",
        &Limits::default(),
        &mut report,
        &mut |_, _| Ok(()),
    );
    assert!(r.is_ok());
    assert!(
        report.collected().iter().any(|d| d.code.id == "E651"),
        "{:?}",
        report.collected()
    );
}
