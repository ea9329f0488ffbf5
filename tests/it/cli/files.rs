//! No file destroyed, nothing written that is not a game (docs/cli.md,
//! "Outputs"): the two-path form `sgfconv IN OUT` never replaces a record
//! sgfconv did not write (a glob over two records is refused), an input
//! that gives no game writes nothing (an old output is kept, from a file,
//! stdin or an archive), `-r` passes over JSON, XML and CSV files that
//! hold no game, and `-` is the standard output wherever a file name is
//! taken. Each test runs the binary in a folder of its own, as a user or
//! a script would.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn sgfconv(dir: &Path) -> Command {
    let mut c = common::sgfconv();
    c.current_dir(dir).stdin(Stdio::null());
    c
}

fn run(dir: &Path, args: &[&str]) -> Output {
    sgfconv(dir).args(args).output().unwrap()
}

fn err(o: &Output) -> String {
    common::text(&o.stderr)
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(p, bytes).unwrap();
}

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Records as other programs write them: none is written as sgfconv
/// writes it.
const SGF_A: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[Alice]PW[Bob];B[pd];W[dd];B[pp])\n";
const SGF_B: &[u8] = b"(;FF[4]GM[1]SZ[19]PB[Carol]PW[Dave]\n;B[dp];W[pd])";
const SGF_C: &[u8] = b"(;GM[1]SZ[9]PB[Eve];B[ee])";
const GIB_A: &[u8] = b"\\HS\r\n\\[GAMEBLACKNAME=alice (1K)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n\
3 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 15 3\r\nSTO 0 3 2 3 15\r\n\\GE\r\n";
const GIB_B: &[u8] = b"\\HS\r\n\\[GAMEBLACKNAME=carol (1D)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n\
2 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 3 3\r\n\\GE\r\n";

/// `sgfconv` refused, exit 2, naming what to do instead.
fn refused_with_the_ways_out(o: &Output, out: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", err(o));
    let e = err(o);
    for way in ["-d DIR", "-o FILE", "--force"] {
        assert!(e.contains(way), "{way}: {e}");
    }
    assert!(e.contains(&format!("{out}: exists")), "{e}");
    assert!(o.stdout.is_empty());
}

#[test]
fn a_glob_over_two_records_never_replaces_the_second() {
    for (a, b, ext) in [(SGF_A, SGF_B, "sgf"), (GIB_A, GIB_B, "gib")] {
        let d = tempfile::tempdir().unwrap();
        let (na, nb) = (format!("a.{ext}"), format!("b.{ext}"));
        write(d.path(), &na, a);
        write(d.path(), &nb, b);
        // `sgfconv *.sgf` in a folder of exactly two records.
        let o = run(d.path(), &[&na, &nb]);
        refused_with_the_ways_out(&o, &nb);
        assert_eq!(read(d.path(), &nb), b, "{nb} untouched");
        assert_eq!(names(d.path()), [na.clone(), nb.clone()], "nothing else");
        // With one or three files the same command writes to stdout, as
        // before.
        write(
            d.path(),
            &format!("c.{ext}"),
            if ext == "sgf" { SGF_C } else { GIB_B },
        );
        let o = run(d.path(), &[&na, &nb, &format!("c.{ext}")]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        assert_eq!(common::text(&o.stdout).matches("(;").count(), 3);
        let o = run(d.path(), &[&na]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        assert!(common::text(&o.stdout).starts_with("(;"));
        assert_eq!(read(d.path(), &nb), b, "{nb} untouched");
        // --force insists.
        let o = run(d.path(), &[&na, &nb, "-t", "sgf", "--force"]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        assert!(read(d.path(), &nb).starts_with(b"(;GM[1]"));
    }
}

#[test]
fn re_running_a_conversion_replaces_its_own_output() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", SGF_A);
    write(d.path(), "b.sgf", SGF_B);
    // A UGF record (written by sgfconv from a.sgf), converted twice.
    assert!(run(d.path(), &["a.sgf", "in.ugf"]).status.success());
    for _ in 0..2 {
        let o = run(d.path(), &["in.ugf", "out.sgf"]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    }
    assert!(common::text(&read(d.path(), "out.sgf")).contains("PB[Alice]"));
    // The input changed since: its new output replaces the old one.
    assert!(run(d.path(), &["b.sgf", "in.ugf", "--force"])
        .status
        .success());
    let o = run(d.path(), &["in.ugf", "out.sgf"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(common::text(&read(d.path(), "out.sgf")).contains("PB[Carol]"));
    // An SGF cleaned into a new file, edited, cleaned again; and into
    // every format that reads back, unchanged.
    for out in [
        "clean.sgf",
        "g.json",
        "g.xml",
        "g.csv",
        "g.gib",
        "g.ngf",
        "g.ugf",
    ] {
        write(d.path(), "messy.sgf", SGF_A);
        for _ in 0..2 {
            let o = run(d.path(), &["messy.sgf", out]);
            assert_eq!(o.status.code(), Some(0), "{out}: {}", err(&o));
        }
    }
    write(d.path(), "messy.sgf", SGF_B);
    let o = run(d.path(), &["messy.sgf", "clean.sgf"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(common::text(&read(d.path(), "clean.sgf")).contains("PB[Carol]"));
    // Stdin names no glob: `sgfconv - OUT` is `-o OUT`.
    write(d.path(), "mine.sgf", b"kept?");
    let o = sgfconv(d.path())
        .args(["-", "mine.sgf"])
        .stdin(std::fs::File::open(d.path().join("a.sgf")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

#[test]
fn two_outputs_of_sgfconv_side_by_side_are_not_copied_over_each_other() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.gib", GIB_A);
    write(d.path(), "b.gib", GIB_B);
    let o = run(d.path(), &["-q", "-d", "out", "a.gib", "b.gib"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let out = d.path().join("out");
    let b = read(&out, "b.sgf");
    // `cd out; sgfconv *.sgf`: both are as sgfconv writes them.
    let o = run(&out, &["a.sgf", "b.sgf"]);
    refused_with_the_ways_out(&o, "b.sgf");
    assert!(
        err(&o).contains("a.sgf is already as sgfconv writes it"),
        "{}",
        err(&o)
    );
    assert_eq!(read(&out, "b.sgf"), b);
}

/// An old output that a failed run must leave as it was.
const OLD: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[Old];B[aa])\n";

#[test]
fn an_input_that_gives_no_game_writes_nothing() {
    let d = tempfile::tempdir().unwrap();
    for (name, bytes) in [
        ("prose.sgf", &b"no game here"[..]),
        ("empty.sgf", b""),
        ("meta.json", b"{\"name\":\"x\",\"version\":1}"),
        (
            "none.json",
            b"{\"format\":\"sgfconv\",\"version\":1,\"games\":[]}",
        ),
    ] {
        write(d.path(), name, bytes);
        write(d.path(), "out.sgf", OLD);
        for args in [&[name, "-o", "out.sgf"][..], &[name, "out.sgf", "--force"]] {
            let o = run(d.path(), args);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
            assert_eq!(read(d.path(), "out.sgf"), OLD, "{args:?}");
        }
        // A new output is not made at all; stdout gets nothing.
        let o = run(d.path(), &[name, "new.json"]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", err(&o));
        assert!(!d.path().join("new.json").exists(), "{name}");
        for to in ["sgf", "json", "xml", "csv"] {
            let o = run(d.path(), &[name, "-t", to]);
            assert_eq!(o.status.code(), Some(2), "{name} -t {to}: {}", err(&o));
            assert!(o.stdout.is_empty(), "{name} -t {to}");
        }
    }
}

#[test]
fn a_failed_conversion_from_an_archive_keeps_the_old_output() {
    use crate::common::archive_kit::zip_of;
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "garb.zip",
        &zip_of(&[("a.gib", b"not a gib".to_vec())]),
    );
    write(d.path(), "empty.zip", &zip_of(&[]));
    for zip in ["garb.zip", "empty.zip"] {
        write(d.path(), "out.sgf", OLD);
        let o = run(d.path(), &[zip, "-o", "out.sgf"]);
        assert_eq!(o.status.code(), Some(2), "{zip}: {}", err(&o));
        assert_eq!(read(d.path(), "out.sgf"), OLD, "{zip}");
        // Exit 2 says why: the member that failed, or that nothing was
        // found.
        let why = if zip == "garb.zip" {
            "E200"
        } else {
            "no game in the inputs: nothing written"
        };
        assert!(err(&o).contains(why), "{zip}: {}", err(&o));
    }
    // One good member is enough to write the collection.
    let good = zip_of(&[("a.gib", b"not a gib".to_vec()), ("b.sgf", SGF_B.to_vec())]);
    write(d.path(), "half.zip", &good);
    let o = run(d.path(), &["half.zip", "-o", "out.sgf"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(common::text(&read(d.path(), "out.sgf")).contains("PB[Carol]"));
}

#[test]
fn r_passes_over_data_files_that_hold_no_game_with_a_note() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "in/game.sgf", SGF_A);
    write(d.path(), "in/meta.json", b"{\"name\":\"x\",\"version\":1}");
    write(d.path(), "in/pom.xml", b"<?xml version=\"1.0\"?><project/>");
    write(d.path(), "in/people.csv", b"name,age\nbob,3\n");
    write(d.path(), "in/bad.json", b"not json at all");
    let o = run(d.path(), &["-r", "in", "-d", "out"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(names(&d.path().join("out")), ["game.sgf"]);
    let e = err(&o);
    for left in ["meta.json", "pom.xml", "people.csv", "bad.json"] {
        let line = e.lines().find(|l| l.contains(left)).unwrap_or_default();
        assert!(
            line.contains("note:") && line.contains("left out"),
            "{left}: {e}"
        );
    }
    // Into one collection too; -q keeps the notes to itself.
    let o = run(d.path(), &["-q", "-r", "in", "-o", "all.sgf"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).is_empty(), "{}", err(&o));
    assert_eq!(
        common::text(&read(d.path(), "all.sgf"))
            .matches("(;")
            .count(),
        1
    );
    // Named on the command line, a JSON file that is no game is an error.
    let o = run(d.path(), &["in/meta.json", "-d", "named"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("E354"), "{}", err(&o));
    assert!(!d.path().join("named/meta.sgf").exists());
    // A file whose first bytes say it is sgfconv JSON (a download cut
    // short) is a damaged record, not data to pass over: an error.
    let json = run(d.path(), &["in/game.sgf", "-t", "json"]);
    let json = common::text(&json.stdout);
    write(
        d.path(),
        "cut/game.json",
        &json.as_bytes()[..json.len() / 2],
    );
    write(d.path(), "cut/other.sgf", SGF_B);
    let o = run(d.path(), &["-r", "cut", "-d", "out3"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(!err(&o).contains("left out"), "{}", err(&o));
    // A record format's name promises a record: a damaged one is an error.
    write(d.path(), "in/broken.sgf", b"no game");
    let o = run(d.path(), &["-r", "in", "-d", "out2"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(!d.path().join("out2/broken.sgf").exists());
}

#[test]
fn a_dash_is_the_standard_output_wherever_a_file_name_is_taken() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", SGF_A);
    // --games-csv -: the table on stdout, the moves in their file.
    let o = run(d.path(), &["a.sgf", "-o", "moves.csv", "--games-csv", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let table = common::text(&o.stdout);
    assert!(
        table.starts_with("game,") && table.contains("Alice"),
        "{table}"
    );
    assert!(common::text(&read(d.path(), "moves.csv")).contains(",B,"));
    // Both on stdout: refused.
    let o = run(d.path(), &["a.sgf", "-t", "csv", "--games-csv", "-"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("is the output too"), "{}", err(&o));
    // -d -: no directory on stdout.
    let o = run(d.path(), &["a.sgf", "-d", "-"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("-o -"), "{}", err(&o));
    // The man page and completions.
    let o = run(d.path(), &["man", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(common::text(&o.stdout).contains(".TH"));
    let o = run(d.path(), &["completions", "bash", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(!o.stdout.is_empty());
    // migrate: the report on stdout; SRC and DST are never `-`.
    write(d.path(), "src/a.sgf", SGF_A);
    let o = run(d.path(), &["migrate", "-q", "src", "dst", "--report", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["totals"]["converted"], 1);
    for (src, dst) in [("-", "dst2"), ("src", "-")] {
        let o = run(d.path(), &["migrate", src, dst]);
        assert_eq!(o.status.code(), Some(2), "{src} {dst}: {}", err(&o));
    }
    assert!(!d.path().join("-").exists(), "no file named -");
}
