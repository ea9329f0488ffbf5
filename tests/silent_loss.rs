//! Issue 14, items 7–9, "nothing lost in silence", checked on the built
//! binary as a user runs it: a GIB file of several records gives every
//! game; a JSON document that is not sgfconv's model, or XML markup inside
//! a value, is an error that says what was expected; hand-written `gap`
//! and `tail` fields never make unbalanced SGF.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn sgfconv() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = sgfconv()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sgfconv runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Converts `input` (written to `name` in a fresh folder) to `out.sgf`
/// with `args`; the output's text (`None` when no file was written) and
/// the process output.
fn convert_file(name: &str, input: &[u8], args: &[&str]) -> (Option<String>, Output) {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join(name);
    std::fs::write(&src, input).unwrap();
    let dst = dir.path().join("out.sgf");
    let out = sgfconv().args(args).arg(&src).arg(&dst).output().unwrap();
    let written = std::fs::read(&dst).ok().map(|b| text(&b));
    (written, out)
}

const TWO_GIB: &str = "\\HS\r\n\\[GAMEBLACKNAME=alice (1K)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n3 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 15 3\r\nSTO 0 3 2 3 15\r\n\\GE\r\n\\HS\r\n\\[GAMEBLACKNAME=carol (1D)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n2 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 3 3\r\n\\GE\r\n";

#[test]
fn a_gib_file_of_two_records_gives_two_games() {
    let (sgf, out) = convert_file("two.gib", TWO_GIB.as_bytes(), &["-v"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let sgf = sgf.expect("written");
    assert_eq!(sgf.matches("(;GM[1]").count(), 2, "{sgf}");
    assert!(
        sgf.contains("PB[carol]") && sgf.contains(";B[dd])"),
        "{sgf}"
    );
    assert!(
        text(&out.stderr).contains("[I217 gib-several-records]"),
        "{}",
        text(&out.stderr)
    );
    // GIB holds one game a file: the second is refused, and said so.
    let out = run(&["-f", "gib", "-t", "gib"], TWO_GIB.as_bytes());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("E401"), "{}", text(&out.stderr));
}

#[test]
fn text_after_the_last_gib_record_is_reported() {
    let input = format!("{TWO_GIB}stray words\r\n");
    let out = run(&["-f", "gib"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("[W218 gib-trailing-text]"),
        "{}",
        text(&out.stderr)
    );
}
