//! Structure recovery (`formats/sgf.md` §2.1) from the command line and on
//! real files: a file that lost its `(` (`W016`), parentheses around games
//! and a stray `(` between games (`W017`). The binary gives the same bytes
//! and the same diagnostics with one thread and with several, where the
//! pieces are cut inside the repaired parts.

use crate::common;

use sgfconv::{Format, Options};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sgfconv runs");
    let mut stdin_pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Written on a thread: the output is read while the input goes in.
    let writer = std::thread::spawn(move || stdin_pipe.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

/// A collection large enough for `-j 2` to cut it (pieces of 512 KiB):
/// a file start that lost its `(`, then games, with parentheses around the
/// games where the first cut falls, and a stray `(` never closed near the
/// end.
fn damaged_collection() -> Vec<u8> {
    let mut s = String::from(
        ";GM[1]SZ[9]AB[cc][dc]AW[cb][db]C[White to play.]\n\
         (;C[first try];W[hb];B[ha])\n(;C[second try];W[bb];B[hb]))\n",
    );
    let (mut opened, mut closed, mut stray) = (false, false, false);
    for k in 0..50_000 {
        if !opened && s.len() > 500_000 {
            s.push_str("(\n");
            opened = true;
        }
        if opened && !closed && s.len() > 560_000 {
            s.push_str(")\n");
            closed = true;
        }
        if !stray && s.len() > 1_500_000 {
            s.push_str("(\n");
            stray = true;
        }
        s.push_str(&format!("(;GM[1]PB[p{k}];B[aa];W[bb])\n"));
    }
    assert!(opened && closed && stray);
    s.into_bytes()
}

#[test]
fn repaired_structure_is_the_same_with_one_thread_or_two() {
    let input = damaged_collection();
    let one = run(&["-j", "1", "-", "-"], &input);
    let two = run(&["-j", "2", "-", "-"], &input);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(two.status.code(), Some(0));
    let err = String::from_utf8_lossy(&one.stderr);
    assert!(one.stdout == two.stdout, "output differs with -j 2");
    assert_eq!(err, String::from_utf8_lossy(&two.stderr));
    // The lost `(`: one game whose root has the two trees as variations.
    assert!(
        err.contains(
            "<stdin>:1:1: warning[W016 missing-open-paren]: the input starts with 1 SGF node, \
             not '(': read as the root of one game, with the 2 game trees after it as its \
             variations, to the ')' at 3:29"
        ),
        "{err}"
    );
    assert_eq!(err.matches("W017 parenthesized-games").count(), 2, "{err}");
    assert_eq!(err.lines().count(), 3, "{err}");
    let out = String::from_utf8_lossy(&one.stdout);
    assert_eq!(out.matches("\n(;C[").count(), 2);
    // Every game is a game: none became a variation of another.
    assert_eq!(out.matches("(;FF[4]").count(), 1 + 50_000);
}

/// `sgf/broken/gofish/test_problem.sgf` begins with `;AW[…]`: its `(` was
/// lost, and a `)` at its end closes it. Sabaki reads it as one problem
/// with three variations; so does sgfconv, with `W016`.
#[test]
#[ignore = "needs ../shared/corpus"]
fn a_real_file_that_lost_its_open_paren_is_one_game() {
    let path = common::shared_corpus().join("sgf/broken/gofish/test_problem.sgf");
    let bytes = std::fs::read(&path).unwrap();
    let (out, report) = common::convert_bytes(
        &bytes,
        Format::Sgf,
        Format::Sgf,
        &Options::default(),
        "test_problem.sgf",
    );
    let codes: Vec<&str> = report
        .collected()
        .iter()
        .map(|d| d.code.id)
        .filter(|c| *c != "I100")
        .collect();
    assert_eq!(codes, ["W016"]);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.matches("(;FF[4]").count(), 1, "{out}");
    assert!(
        out.starts_with("(;FF[4]\nCA[UTF-8]\nAW[bb][cb]"),
        "the root holds the setup: {out}"
    );
    assert!(out.contains("C[Black to play and live.]\n(;B[af];W[ah]\n"));
    // Three variations of the root, the last one closing the game.
    assert!(out.ends_with("(;B[ae];W[ag]))\n"), "{out}");
}

#[test]
fn text_outside_the_games_is_a_warning_that_shows_it() {
    let input = b"From: kim@example.org\nSubject: our game\n\n(;FF[4]GM[1]SZ[19];B[pd])\n)";
    let out = run(&["check", "-"], input);
    let diags = String::from_utf8_lossy(&out.stderr);
    assert!(
        diags.contains(
            "1:1: warning[W001 leading-text]: text before the first game skipped (41 bytes): \
             \"From: kim@example.org⏎Subject: our game⏎⏎\""
        ),
        "{diags}"
    );
    assert!(
        diags.contains(
            "5:1: warning[W001 leading-text]: text after the last game skipped (2 bytes): \")\""
        ),
        "{diags}"
    );
    // Not a game's data: nothing of a game is lost, the run exits 0 (1
    // under --strict).
    assert_eq!(out.status.code(), Some(0), "{diags}");
    let strict = run(&["check", "--strict", "-"], input);
    assert_eq!(strict.status.code(), Some(1));
}
