//! `sgfconv migrate` in named mode (`--name`, `--split-collections`) is
//! bounded as mirror mode is (`docs/migrate.md`, "Output
//! names"): records are named in walk order a window at a time, and a
//! record waiting for its name holds no open file, so a run under a low
//! limit of open files (`ulimit -n`) converts thousands of records, and a
//! collection of thousands of games splits; the names are the same
//! whatever `-j`.

use crate::common;
use crate::common::archive_kit as kit;

use kit::{sample, tar_of};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The limit of open files the runs get: far fewer than their records.
const FILES_OPEN: usize = 64;

/// `sgfconv ARGS` in `dir` with at most [`FILES_OPEN`] open files.
fn limited(dir: &Path, args: &[&str]) -> Output {
    Command::new("sh")
        .current_dir(dir)
        .arg("-c")
        .arg(format!(r#"ulimit -n {FILES_OPEN} && exec "$0" "$@""#))
        .arg(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The file names (relative) under `root`.
fn names(root: &Path) -> BTreeSet<String> {
    common::files_under(root, &|_| true)
        .iter()
        .map(|p| p.strip_prefix(root).unwrap().to_string_lossy().into_owned())
        .collect()
}

fn game(i: usize) -> String {
    format!("(;FF[4]GM[1]SZ[19]PB[b{}]PW[w{i}];B[pd];W[dp])\n", i % 100)
}

#[test]
fn many_files_are_named_under_a_low_limit_of_open_files() {
    let d = tempfile::tempdir().unwrap();
    let n = 1_200;
    for i in 0..n {
        let dir = d.path().join("src").join(format!("d{}", i / 400));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("g{i:04}.sgf")), game(i)).unwrap();
    }
    let mut seen = Vec::new();
    for jobs in ["1", "2"] {
        let out = format!("out{jobs}");
        let o = limited(
            d.path(),
            &["migrate", "-q", "-j", jobs, "--name", "{PB}", "src", &out],
        );
        assert_eq!(o.status.code(), Some(0), "-j {jobs}: {}", err(&o));
        let got = names(&d.path().join(&out));
        assert_eq!(got.len(), n, "-j {jobs}");
        seen.push(got);
    }
    // In walk order: d2 holds g0800 … g1199; g0800, g0900, g1000 are its
    // first three b0.
    let first = std::fs::read_to_string(d.path().join("out2/d2/b0 (3).sgf")).unwrap();
    assert!(first.contains("PW[w1000]"), "{first}");
    assert_eq!(seen[0], seen[1], "names depend on -j");
}

#[test]
fn a_collection_of_thousands_of_games_splits_under_a_low_limit_of_open_files() {
    let d = tempfile::tempdir().unwrap();
    let n = 2_000;
    std::fs::create_dir_all(d.path().join("src")).unwrap();
    let all: String = (0..n).map(game).collect();
    std::fs::write(d.path().join("src/all.sgf"), all).unwrap();
    let o = limited(
        d.path(),
        &["migrate", "-q", "--split-collections", "src", "out"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let got = names(&d.path().join("out"));
    assert_eq!(got.len(), n);
    assert!(got.contains("all-0001.sgf") && got.contains("all-2000.sgf"));
    let last = std::fs::read_to_string(d.path().join("out/all-2000.sgf")).unwrap();
    assert!(last.contains("PW[w1999]"), "{last}");
}

#[test]
fn archive_members_are_named_under_a_low_limit_of_open_files() {
    let d = tempfile::tempdir().unwrap();
    let n = 600;
    let files: Vec<(String, Vec<u8>)> = (0..n)
        .map(|i| (format!("g/m{i:03}.sgf"), game(i).into_bytes()))
        .collect();
    let mut files: Vec<(&str, Vec<u8>)> =
        files.iter().map(|(f, b)| (f.as_str(), b.clone())).collect();
    // A member big enough to be converted by the archive's reader itself
    // (past 16 MiB), in the middle: named in its place all the same.
    let one = sample("sgf/collection.sgf");
    let big = one.repeat(16 * 1024 * 1024 / one.len() + 2);
    files.insert(300, ("g/big.sgf", big));
    std::fs::write(d.path().join("m.tar"), tar_of(&files)).unwrap();
    let o = limited(
        d.path(),
        &["migrate", "-q", "-j", "2", "--name", "{PB}", "m.tar", "out"],
    );
    assert!(o.status.code().unwrap() <= 1, "{}", err(&o));
    let got = names(&d.path().join("out"));
    assert_eq!(got.len(), n + 1, "{got:?}");
    // m000 is b0, m100 the second b0, m400 the fifth (after the big
    // member, which the reader converts itself).
    let second = std::fs::read_to_string(d.path().join("out/g/b0 (2).sgf")).unwrap();
    assert!(second.contains("PW[w100]"), "{second}");
    let fifth = std::fs::read_to_string(d.path().join("out/g/b0 (5).sgf")).unwrap();
    assert!(fifth.contains("PW[w400]"), "{fifth}");
}
