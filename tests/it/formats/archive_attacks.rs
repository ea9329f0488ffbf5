//! Archives that lie (`docs/cli.md`, "Archives"): zip entries of one name
//! (all read, named apart under `-d`), entries that overlap (refused), a
//! local header that names its entry otherwise (said), an archive past its
//! decompression budget (cut, naming the option), nesting past what the
//! stack holds (the option refuses it), and a failed conversion from an
//! archive (the old output kept). The bombs are built here at run time
//! (a 1 GB deflate stream in about a megabyte, in milliseconds).

use crate::common::archive_kit::*;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn sgfconv(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn read(dir: &Path, rel: &str) -> String {
    String::from_utf8_lossy(&std::fs::read(dir.join(rel)).unwrap()).into_owned()
}

#[test]
fn zip_members_of_one_name_are_all_read() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("dup.zip"), zip_of_one_name_twice()).unwrap();
    let o = sgfconv(d.path(), &["dup.zip", "-o", "all.sgf"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let all = read(d.path(), "all.sgf");
    assert!(
        all.contains("GN[first]") && all.contains("GN[second]"),
        "{all}"
    );

    // Under -d, named apart, and said.
    let o = sgfconv(d.path(), &["--diagnostics", "json", "dup.zip", "-d", "out"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(read(d.path(), "out/dup/g.sgf").contains("GN[first]"));
    assert!(read(d.path(), "out/dup/g (2).sgf").contains("GN[second]"));
    assert!(err(&o).contains("\"W606\""), "{}", err(&o));

    // `check` counts both.
    let o = sgfconv(d.path(), &["check", "--summary", "dup.zip"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let s = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(s.matches("dup.zip:g.sgf: ").count(), 2, "{s}");
}

#[test]
fn a_tar_with_members_of_one_name_is_named_apart_under_d_too() {
    let d = tempfile::tempdir().unwrap();
    let files = [
        ("g.sgf", b"(;GM[1]GN[first];B[aa])".to_vec()),
        ("g.sgf", b"(;GM[1]GN[second];B[bb])".to_vec()),
    ];
    std::fs::write(d.path().join("dup.tar"), tar_of(&files)).unwrap();
    let o = sgfconv(d.path(), &["dup.tar", "-d", "out"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(read(d.path(), "out/dup/g.sgf").contains("GN[first]"));
    assert!(read(d.path(), "out/dup/g (2).sgf").contains("GN[second]"));
}

/// 200 directory entries, `g1.sgf`…`g200.sgf`, all pointing at one local
/// entry: a 1 GiB deflate stream of spaces in about a megabyte.
fn overlapping_bomb() -> Vec<u8> {
    let data = deflate_of_repeated(b' ', 1024);
    let local = Local {
        name: b"g1.sgf".to_vec(),
        method: 8,
        // Its true size is 1 GiB; it says 1 MiB, not to be refused unread.
        crc: 0,
        size: 1 << 20,
        data,
    };
    let central: Vec<(Vec<u8>, usize)> = (1..=200)
        .map(|i| (format!("g{i}.sgf").into_bytes(), 0))
        .collect();
    zip_by_hand(&[local], &central)
}

#[test]
fn overlapping_zip_entries_are_refused_and_the_first_alone_is_read() {
    let d = tempfile::tempdir().unwrap();
    let bomb = overlapping_bomb();
    assert!(bomb.len() < 2 << 20, "{}", bomb.len());
    std::fs::write(d.path().join("bomb.zip"), bomb).unwrap();
    // The first entry is read to the member limit (E650), the 199 others
    // are refused unread (E656): 1 MiB read, not 200.
    let args = ["check", "--diagnostics", "json", "--max-member-size", "1M"];
    let o = sgfconv(d.path(), &[&args[..], &["bomb.zip"]].concat());
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let e = err(&o);
    assert_eq!(e.matches("\"E656\"").count(), 199, "{e}");
    assert!(
        e.contains("bomb.zip:g2.sgf: its bytes overlap those of bomb.zip:g1.sgf: not read"),
        "{e}"
    );
    assert_eq!(e.matches("\"E650\"").count(), 1, "{e}");
}

#[test]
fn a_local_header_naming_its_entry_otherwise_is_said() {
    let d = tempfile::tempdir().unwrap();
    let local = Local::stored(b"other.sgf", b"(;GM[1]GN[x];B[aa])");
    let zip = zip_by_hand(&[local], &[(b"game.sgf".to_vec(), 0)]);
    std::fs::write(d.path().join("named.zip"), zip).unwrap();
    let o = sgfconv(d.path(), &["named.zip", "-d", "out"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("W657"), "{}", err(&o));
    assert!(err(&o).contains("\"other.sgf\""), "{}", err(&o));
    // Read under the central directory's name.
    assert!(read(d.path(), "out/named/game.sgf").contains("GN[x]"));
}

#[test]
fn an_archive_past_its_budget_is_cut_there_with_an_error_naming_the_option() {
    let d = tempfile::tempdir().unwrap();
    let games = ten_games_of_a_mib();
    std::fs::write(d.path().join("ten.zip"), zip_of_ten_games()).unwrap();
    let files: Vec<(&str, Vec<u8>)> = games.iter().map(|(n, g)| (n.as_str(), g.clone())).collect();
    std::fs::write(d.path().join("ten.tgz"), gz(&tar_of(&files))).unwrap();
    for archive in ["ten.zip", "ten.tgz"] {
        let o = sgfconv(
            d.path(),
            &["--max-archive-size", "2500K", archive, "-o", "out.sgf"],
        );
        assert_eq!(o.status.code(), Some(1), "{archive}: {}", err(&o));
        let e = err(&o);
        assert_eq!(e.matches("E658").count(), 1, "{archive}: {e}");
        assert!(e.contains("--max-archive-size"), "{e}");
        let out = read(d.path(), "out.sgf");
        assert!(
            out.contains("GN[m1]") && out.contains("GN[m2]"),
            "{archive}"
        );
        for i in 4..=10 {
            assert!(!out.contains(&format!("GN[m{i}]")), "{archive}: m{i} read");
        }
        // The default budget (8 GiB) takes the ten whole.
        let o = sgfconv(d.path(), &["-q", archive, "-o", "out.sgf"]);
        assert_eq!(o.status.code(), Some(0), "{archive}: {}", err(&o));
        assert!(read(d.path(), "out.sgf").contains("GN[m10]"), "{archive}");
    }
}

#[test]
fn nesting_is_capped_where_the_stack_holds() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("deep.sgf.gz"), nested_gzip(800)).unwrap();
    // Past the cap: refused, naming it (it aborted with a stack overflow).
    let o = sgfconv(
        d.path(),
        &["--archive-depth", "100000", "deep.sgf.gz", "-o", "o.sgf"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("not a depth from 0 to 16"), "{}", err(&o));
    let o = sgfconv(d.path(), &["check", "--archive-depth", "17", "deep.sgf.gz"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    // At the cap, 800 layers are read 16 deep and the rest left out.
    let o = sgfconv(
        d.path(),
        &["-v", "--archive-depth", "16", "deep.sgf.gz", "-o", "o.sgf"],
    );
    assert!(o.status.code().is_some(), "killed: {:?}", o.status);
    assert!(err(&o).contains("E655"), "{}", err(&o));
    // 17 layers: the file named and 16 inside it, all read.
    std::fs::write(d.path().join("d17.sgf.gz"), nested_gzip(17)).unwrap();
    let o = sgfconv(
        d.path(),
        &["--archive-depth", "16", "d17.sgf.gz", "-o", "o.sgf"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(read(d.path(), "o.sgf").contains("GN[deep]"));
}

#[test]
fn a_failed_conversion_from_an_archive_leaves_the_old_output_as_it_was() {
    let d = tempfile::tempdir().unwrap();
    let old = b"(;GM[1]GN[old])\n";
    let garbage = Local::stored(b"a.gib", b"not a gib");
    std::fs::write(
        d.path().join("garb.zip"),
        zip_by_hand(&[garbage], &[(b"a.gib".to_vec(), 0)]),
    )
    .unwrap();
    std::fs::write(d.path().join("empty.zip"), zip_by_hand(&[], &[])).unwrap();
    let mut big = b"(;GM[1]C[".to_vec();
    big.extend(std::iter::repeat_n(b'x', 5000));
    big.extend_from_slice(b"])");
    std::fs::write(d.path().join("big.sgf.gz"), gz(&big)).unwrap();
    for (input, code) in [
        ("garb.zip", "E200"),
        ("empty.zip", ""),
        ("big.sgf.gz", "E099"),
    ] {
        std::fs::write(d.path().join("out.sgf"), old).unwrap();
        let o = sgfconv(
            d.path(),
            &["--max-value-size", "1K", input, "-o", "out.sgf"],
        );
        assert_eq!(o.status.code(), Some(2), "{input}: {}", err(&o));
        assert!(err(&o).contains(code), "{input}: {}", err(&o));
        assert_eq!(
            std::fs::read(d.path().join("out.sgf")).unwrap(),
            old,
            "{input}"
        );
    }
}
