//! The command-line contract of CLI.md, tested on the built binary: files
//! and pipes, formats from extensions or content, diagnostics text and JSON,
//! exit statuses 0/1/2, and no partial output on failure.

use crate::common;

use pretty_assertions::assert_eq;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use common::{run, sgfconv, text};

fn sample(name: &str) -> PathBuf {
    common::root().join("corpus/sgf").join(name)
}

fn tmpdir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

const GOOD: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[Lee];B[pd];W[dp])";

#[test]
fn filter_from_stdin_to_stdout_is_quiet_on_success() {
    let out = run(&[], GOOD);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "(;GM[1]\nFF[4]\nCA[UTF-8]\nSZ[19]\nPB[Lee]\n;B[pd];W[dp])\n"
    );
    assert_eq!(text(&out.stderr), "");
    // '-' names stdin and stdout too.
    let out = run(&["-", "-"], GOOD);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("(;GM[1]"));
}

#[test]
fn file_to_file_matches_the_golden_output() {
    let dir = tmpdir();
    let dst = dir.path().join("out.sgf");
    let out = sgfconv()
        .arg(sample("collection.sgf"))
        .arg(&dst)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout, b"");
    assert_eq!(
        std::fs::read(&dst).unwrap(),
        std::fs::read(sample("collection.expected.sgf")).unwrap()
    );
}

#[test]
fn diagnostics_name_file_line_column_and_code_and_data_loss_exits_1() {
    let dir = tmpdir();
    let dst = dir.path().join("out.sgf");
    let out = sgfconv()
        .arg(sample("recovery.sgf"))
        .arg(&dst)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "an unterminated value lost data"
    );
    let err = text(&out.stderr);
    let src = sample("recovery.sgf").display().to_string();
    assert!(
        err.contains(&format!("{src}:2:9: warning[W002 stray-text]: ")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{src}:10:9: error[E006 unterminated-value]: ")),
        "{err}"
    );
    // Done all the same: the output is there and complete.
    assert_eq!(
        std::fs::read(&dst).unwrap(),
        std::fs::read(sample("recovery.expected.sgf")).unwrap()
    );
}

#[test]
fn warnings_alone_exit_0_and_quiet_hides_them() {
    let input = b"(;GM[1]C[a]C[b];B[aa]\n";
    let out = run(&[], input);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("warning[W005 missing-close-paren]"));
    let out = run(&["-q"], input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn verbose_shows_each_rewrite() {
    let out = run(&["-v"], b"(;GM[1]FF[3]SZ[19]KI[13];B[tt])");
    let err = text(&out.stderr);
    assert!(err.contains("info[I100 encoding]"), "{err}");
    assert!(
        err.contains("info[I1"),
        "a dialect rewrite is reported: {err}"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn strict_fails_on_a_warning_and_writes_no_output() {
    let dir = tmpdir();
    let src = dir.path().join("in.sgf");
    std::fs::write(&src, b"(;GM[1];B[aa]").unwrap();
    let dst = dir.path().join("out.sgf");
    let out = sgfconv()
        .arg("--strict")
        .arg(&src)
        .arg(&dst)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!dst.exists(), "no output under --strict after a warning");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// Files other than the test's own inputs: temporary files must not remain.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".sgfconv-"))
        .collect()
}

#[test]
fn json_diagnostics_carry_every_field() {
    let out = run(&["--diagnostics", "json"], b"(;GM[1];B[aa]C[x]]C[y])");
    let line = text(&out.stderr)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let v: serde_json::Value =
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
    for key in [
        "file", "line", "column", "offset", "code", "name", "severity", "message",
    ] {
        assert!(v.get(key).is_some(), "{key} missing in {line}");
    }
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(v["property"], serde_json::Value::Null, "{line}");
}

#[test]
fn json_diagnostics_name_the_property_they_concern() {
    let out = run(
        &["--diagnostics", "json"],
        b"(;GM[1]FF[4]SZ[19]DT[29.11.2012]KM[6,5];B[pd])",
    );
    let props: Vec<String> = text(&out.stderr)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| v["property"].as_str().unwrap_or("-").to_string())
        .collect();
    assert!(props.contains(&"DT".to_string()), "{props:?}");
    assert!(props.contains(&"KM".to_string()), "{props:?}");
}

#[test]
fn bad_usage_and_unreadable_input_exit_2_and_write_nothing() {
    let dir = tmpdir();
    let dst = dir.path().join("out.sgf");
    // Unknown format name.
    let out = sgfconv()
        .args(["-t", "doc"])
        .arg(sample("escapes.sgf"))
        .arg(&dst)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown format 'doc'"),
        "{}",
        text(&out.stderr)
    );
    // Unknown charset.
    let out = sgfconv()
        .args(["--encoding", "klingon"])
        .arg(sample("escapes.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Missing input file.
    let out = sgfconv()
        .arg(dir.path().join("missing.sgf"))
        .arg(&dst)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Content that is no known format.
    let out = run(&[], b"hello, world\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot tell the format"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dst.exists());
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn never_overwrites_its_input() {
    let dir = tmpdir();
    let src = dir.path().join("game.sgf");
    std::fs::write(&src, GOOD).unwrap();
    let out = sgfconv().arg(&src).arg(&src).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(&src).unwrap(), GOOD);
}

#[test]
fn format_comes_from_extension_or_content_and_can_be_forced() {
    let dir = tmpdir();
    // No extension: sniffed from the content.
    let src = dir.path().join("noext");
    std::fs::write(&src, GOOD).unwrap();
    let out = sgfconv().arg(&src).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("(;GM[1]"));
    // -f overrides a misleading extension.
    let misnamed = dir.path().join("game.txt");
    std::fs::write(&misnamed, GOOD).unwrap();
    let out = sgfconv()
        .args(["-f", "sgf"])
        .arg(&misnamed)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    // Output format from the output extension (GIB), read back as GIB.
    let gib = dir.path().join("game.gib");
    let out = sgfconv().arg(&src).arg(&gib).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let back = sgfconv().arg(&gib).output().unwrap();
    assert!(
        text(&back.stdout).contains(";B[pd];W[dp]"),
        "{}",
        text(&back.stdout)
    );
}

#[test]
fn output_to_a_device_is_written_in_place() {
    let out = sgfconv()
        .arg(sample("escapes.sgf"))
        .arg("/dev/null")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let meta = std::fs::metadata("/dev/null").unwrap();
    assert!(!meta.is_file(), "/dev/null is still a device");
}

#[test]
fn legacy_charsets_come_out_as_utf8_with_ca() {
    // Shift_JIS, declared.
    let out = sgfconv().arg(sample("sjis-trail.sgf")).output().unwrap();
    let s = text(&out.stdout);
    assert!(
        s.contains("CA[UTF-8]") && s.contains("PB[申眞ソ]") && s.contains("GC[表紙の碁]"),
        "{s}"
    );
    // --to-encoding writes another charset with a matching CA.
    let out = sgfconv()
        .args(["--to-encoding", "latin1"])
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all("(;GM[1]PB[Jürgen])".as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(
        out.stdout,
        b"(;FF[4]\nCA[ISO-8859-1]\nGM[1]\nPB[J\xfcrgen]\n)\n"
    );
}

#[test]
fn keep_dialect_only_decodes() {
    let input = b"(;GaMe[1]SiZe[19];Black[tt])";
    let out = run(&["--keep-dialect"], input);
    assert_eq!(
        text(&out.stdout),
        "(;CA[UTF-8]\nGaMe[1]\nSiZe[19]\n;Black[tt])\n"
    );
    let out = run(&[], input);
    assert_eq!(
        text(&out.stdout),
        "(;FF[4]\nCA[UTF-8]\nGM[1]\nSZ[19]\n;B[])\n"
    );
}

#[test]
fn check_reports_and_writes_nothing() {
    let out = sgfconv()
        .args(["check", "--summary"])
        .arg(sample("collection.sgf"))
        .arg(sample("recovery.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "recovery.sgf lost data");
    let s = text(&out.stdout);
    assert!(s.contains("collection.sgf: 2 games, 9 nodes"), "{s}");
    assert!(s.contains("total: 2 files"), "{s}");
    assert!(s.contains("E006 unterminated-value: 1"), "{s}");
    // Each game's encoding decision, why, and the confidence.
    let out = sgfconv()
        .args(["check", "--summary"])
        .arg(sample("sjis-trail.sgf"))
        .output()
        .unwrap();
    let s = text(&out.stdout);
    assert!(s.contains("; encoding Shift_JIS (ca, 1.00)"), "{s}");
    let out = sgfconv()
        .args(["check"])
        .arg(sample("collection.sgf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"");
}

#[test]
fn jobs_past_the_cores_are_clamped_and_do_not_fail() {
    // Enough games to be read in pieces on several threads (a file: the
    // output is as big as the input).
    let dir = tmpdir();
    let src = dir.path().join("many.sgf");
    let game = b"(;FF[4]GM[1]SZ[19];B[pd];W[dp])\n";
    let many: Vec<u8> = game
        .iter()
        .copied()
        .cycle()
        .take(game.len() * 20_000)
        .collect();
    std::fs::write(&src, &many).unwrap();
    let src = src.to_str().unwrap();
    let one = sgfconv().args(["-q", "-j", "1", src]).output().unwrap();
    let out = sgfconv()
        .args(["-q", "-j", "100000", src])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout, one.stdout);
    let out = sgfconv()
        .args(["check", "--summary", "-j", "100000", src])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("20000 games"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_value_or_line_past_max_value_size_is_refused() {
    let mut value = b"(;FF[4]GM[1]SZ[19]C[".to_vec();
    value.extend(std::iter::repeat_n(b'a', 5000));
    value.extend_from_slice(b"])");
    let out = run(&["--max-value-size", "4K"], &value);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("[E099]"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains("--max-value-size"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        run(&["--max-value-size", "5K"], &value).status.code(),
        Some(0)
    );
    // An endless line, in each line-based format.
    let zeros = vec![0u8; 100_000];
    for (from, code) in [("gib", "[E249]"), ("ngf", "[E299]"), ("ugf", "[E349]")] {
        let out = run(&["-f", from, "--max-value-size", "1000"], &zeros);
        assert_eq!(out.status.code(), Some(2), "{from}");
        assert!(
            text(&out.stderr).contains(code),
            "{from}: {}",
            text(&out.stderr)
        );
    }
    // Every reader takes the bound (tests/it/properties/streaming.rs: each one refuses).
    let out = run(&["-f", "sgf", "--max-value-size", "1000"], GOOD);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_summary_counts_by_code_and_shows_as_check_does() {
    // Many warnings of one code: counted in full, shown up to the limit.
    let mut game = b"(;FF[4]GM[1]SZ[9]".to_vec();
    for _ in 0..500 {
        game.extend_from_slice(b";B[zz]");
    }
    game.push(b')');
    let out = run(&["check", "--summary", "-"], &game);
    let s = text(&out.stdout);
    assert!(s.contains("500 warnings"), "{s}");
    assert!(s.contains("  W520 point-off-board: 500"), "{s}");
    assert!(s.contains("; encoding UTF-8 (utf8, 1.00)"), "{s}");
    let e = text(&out.stderr);
    assert_eq!(e.matches("warning[W520").count(), 100, "{e}");
    assert!(
        e.contains("W520 point-off-board: 400 more not shown"),
        "{e}"
    );
}

#[test]
fn formats_lists_every_format() {
    let out = sgfconv().arg("formats").output().unwrap();
    let s = text(&out.stdout);
    for name in ["sgf", "gib", "ugf", "ngf", "json", "xml", "jago", "csv"] {
        assert!(
            s.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{s}"
        );
    }
}

#[test]
fn completions_and_man_page_are_generated() {
    let out = sgfconv().args(["completions", "bash"]).output().unwrap();
    assert!(text(&out.stdout).contains("sgfconv"), "bash completion");
    let out = sgfconv().arg("man").output().unwrap();
    assert!(text(&out.stdout).contains(".TH sgfconv"), "man page");
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let big: Vec<u8> = std::iter::once(&b"(;GM[1]"[..])
        .chain(std::iter::repeat_n(&b";B[aa];W[bb]"[..], 200_000))
        .chain(std::iter::once(&b")"[..]))
        .flatten()
        .copied()
        .collect();
    let mut child = sgfconv()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&big);
    });
    drop(child.stdout.take()); // the reader goes away at once
    let out = child.wait_with_output().unwrap();
    let _ = feeder.join();
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}

/// The example of `formats/validation.md`: each game-info value in its `FF[4]` form, each
/// rewrite with its diagnostic; `--no-fix` and `--keep-dialect` leave them.
#[test]
fn game_info_values_are_written_in_their_ff4_forms() {
    let input = b"(;GM[1]FF[4]SZ[19]PB[Lee\nSedol]KM[6,5]DT[August 1, 2001]TM[1 hour]RE[Black resigns]HA[2 stones];B[pd])";
    let out = run(&["-v", "-", "-"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "(;GM[1]\nFF[4]\nCA[UTF-8]\nSZ[19]\nPB[Lee Sedol]\nKM[6.5]\nDT[2001-08-01]\nTM[3600]\nRE[W+R]\nHA[2]\n;B[pd])\n"
    );
    let err = text(&out.stderr);
    for line in [
        "warning[W512 simpletext-newline]: PB[Lee⏎Sedol]: written Lee Sedol (respelled)",
        "warning[W506 komi-rewritten]: KM[6,5]: written 6.5 (respelled)",
        "warning[W500 date-rewritten]: DT[August 1, 2001]: written 2001-08-01 (read from words or units)",
        "warning[W502 time-rewritten]: TM[1 hour]: written 3600 (read from words or units)",
        "warning[W504 result-rewritten]: RE[Black resigns]: written W+R (read from words or units)",
        "warning[W508 handicap-rewritten]: HA[2 stones]: written 2 (read from words or units)",
    ] {
        assert!(err.contains(line), "{line}\n{err}");
    }
    let out = run(&["--no-fix", "values", "-", "-"], input);
    assert!(text(&out.stdout).contains("KM[6,5]\nDT[August 1, 2001]"));
    let out = run(&["--no-fix", "dates", "-", "-"], input);
    assert!(text(&out.stdout).contains("KM[6.5]\nDT[August 1, 2001]"));
    let out = run(&["--keep-dialect", "-", "-"], input);
    assert!(text(&out.stdout).contains("PB[Lee\nSedol]\nKM[6,5]"));
}

/// The whole example of `formats/validation.md`: the game-info values as above, and the
/// moves checked against `SZ[19]` (`B[zz]` off the board, set aside in
/// `ILLEGAL` with a warning; `W[R16]` a human-readable coordinate, written `W[qd]`); a
/// non-root `SZ` does not change the board. `--no-fix points` and
/// `--keep-dialect` leave the moves as they are.
#[test]
fn the_example_of_issue_13_checks_its_moves() {
    let input = b"(;GM[1]FF[4]SZ[19]PB[Lee\nSedol]KM[6,5]DT[August 1, 2001]TM[1 hour]RE[Black resigns]HA[2 stones];B[pd]PL[W];W[pd];B[zz];W[R16]SZ[9]TE[]BM[3]MA[dd]TR[dd])";
    let out = run(&["-v", "-", "-"], input);
    // `TR[dd]` beside `MA[dd]` is dropped: an error (E555), exit 1.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let sgf = text(&out.stdout);
    assert!(
        sgf.contains("HA[2]\n;B[pd];W[pd];ILLEGAL[B:zz];W[qd]SZ[9]"),
        "{sgf}"
    );
    let err = text(&out.stderr);
    for line in [
        "warning[W520 point-off-board]: B[zz]: off the 19×19 board: moved to ILLEGAL[B:zz]",
        "warning[W521 point-coordinate]: W[R16]: written qd (read as a human-readable coordinate)",
    ] {
        assert!(err.contains(line), "{line}\n{err}");
    }
    let out = run(&["-v", "--no-fix", "points", "-", "-"], input);
    assert!(text(&out.stdout).contains(";B[zz];W[R16]SZ[9]"));
    assert!(
        text(&out.stdout).contains("KM[6.5]"),
        "the other values still"
    );
    assert!(!text(&out.stderr).contains("[W520") && !text(&out.stderr).contains("[W521"));
    let out = run(&["-v", "--keep-dialect", "-", "-"], input);
    assert!(text(&out.stdout).contains(";B[zz];W[R16]SZ[9]"));
    assert!(!text(&out.stderr).contains("[W520"));
}

/// The whole example of `formats/validation.md`, its placement faults: `PL[W]`
/// beside `B[pd]` repeats whose turn it is (dropped), `SZ[9]` outside the
/// root (kept, warned), `MA[dd]TR[dd]` two marks on one point (`TR`
/// dropped). `--no-fix placement` and `--no-fix split` leave theirs,
/// `--keep-dialect` all.
#[test]
fn placement_faults_of_the_issue_example_are_reported() {
    let input = b"(;GM[1]FF[4]SZ[19]PB[Lee\nSedol]KM[6,5]DT[August 1, 2001]TM[1 hour]RE[Black resigns]HA[2 stones];B[pd]PL[W];W[pd];B[zz];W[R16]SZ[9]TE[]BM[3]MA[dd]TR[dd])";
    let out = run(&["-v", "-", "-"], input);
    let (stdout, err) = (text(&out.stdout), text(&out.stderr));
    assert!(stdout.contains("\n;B[pd];W[pd];"), "{stdout}");
    assert!(stdout.contains("SZ[9]MA[dd]IT[])"), "{stdout}");
    for line in [
        "<stdin>:2:77: warning[W560 player-repeats-turn]: PL[W] beside B[pd] only repeats that White plays next: dropped",
        "<stdin>:2:101: warning[W551 root-property-outside-root]: SZ[9] stands outside the root node (the root says SZ[19]); FF[4] takes root properties from the root only: kept",
        "<stdin>:2:121: error[E555 markup-same-point]: TR marks a point already marked in this node (MA[dd]); a point carries one mark (FF[4]): TR dropped there",
    ] {
        assert!(err.contains(line), "{line}\n{err}");
    }
    let json = run(&["--diagnostics", "json", "-", "-"], input);
    let json = text(&json.stderr);
    for (code, property) in [("W560", "PL"), ("W551", "SZ"), ("E555", "TR")] {
        assert!(
            json.lines()
                .any(|l| l.contains(&format!("\"code\":\"{code}\""))
                    && l.contains(&format!("\"property\":\"{property}\""))),
            "{code} {property}\n{json}"
        );
    }
    let out = run(&["--no-fix", "placement", "-", "-"], input);
    assert!(text(&out.stdout).contains("SZ[9]MA[dd]TR[dd]IT[])"));
    assert!(!text(&out.stderr).contains("W55"), "{}", text(&out.stderr));
    let out = run(&["--no-fix", "split", "-", "-"], input);
    assert!(text(&out.stdout).contains(";B[pd]PL[W];W[pd]"));
    let out = run(&["--keep-dialect", "-", "-"], input);
    assert!(text(&out.stdout).contains(";B[pd]PL[W];W[pd]"));
    assert!(text(&out.stdout).contains("SZ[9]TE[]BM[3]MA[dd]TR[dd])"));
    assert_eq!(text(&out.stderr), "");
}

/// Placement repairs that change no meaning drop only what repeats, with
/// a warning each (the input departs from FF[4]); `--no-fix placement`
/// keeps the repeats.
#[test]
fn placement_drops_only_what_repeats() {
    let input = b"(;GM[1]FF[4]SZ[19];B[pd]SZ[19]GM[1];W[dd]PL[B])";
    let out = run(&["-", "-"], input);
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    let codes: Vec<&str> = (err.lines())
        .filter_map(|l| l.split_once("warning[").map(|(_, c)| &c[..4]))
        .collect();
    assert_eq!(codes, ["W550", "W550", "W560"], "{err}");
    assert!(
        text(&out.stdout).ends_with(";B[pd];W[dd])\n"),
        "{}",
        text(&out.stdout)
    );
    let out = run(&["--no-fix", "placement", "-", "-"], input);
    assert!(text(&out.stdout).contains(";B[pd]SZ[19]GM[1];W[dd])"));
}

/// A value set aside in `ILLEGAL` is still not FF[4] data: `check` of a
/// conversion's output reports it (`W527`, a warning: `--strict` fails),
/// and a second conversion keeps it as it is, saying so again.
#[test]
fn an_illegal_value_set_aside_earlier_is_reported_and_kept() {
    let out = run(&["-", "-"], b"(;GM[1]FF[4]SZ[a]KM[lots];B[pd])");
    let first = text(&out.stdout);
    assert!(first.contains("ILLEGAL[SZ:a][KM:lots]"), "{first}");
    let check = run(&["check", "-"], first.as_bytes());
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));
    let said = text(&check.stderr);
    assert!(
        said.contains("warning[W527 value-set-aside]: ILLEGAL[SZ:a][KM:lots]: 2 value(s)"),
        "{said}"
    );
    assert_eq!(
        run(&["check", "--strict", "-"], first.as_bytes())
            .status
            .code(),
        Some(1)
    );
    let again = run(&["-", "-"], first.as_bytes());
    assert_eq!(text(&again.stdout), first);
    assert!(
        text(&again.stderr).contains("[W527 "),
        "{}",
        text(&again.stderr)
    );
    // A file without one says nothing of it.
    let clean = run(&["check", "-"], b"(;GM[1]FF[4]SZ[19];B[pd])");
    assert!(!text(&clean.stderr).contains("W527"));
}

/// Number, real, double, color and none values repaired where
/// the intent is certain, the rest set aside in `ILLEGAL` with a warning; `--no-fix types`
/// leaves them all.
#[test]
fn the_other_value_types_are_written_in_their_ff4_forms() {
    let input = b"(;GM[1]FF[4]PL[black];B[pd]TE[]BL[60,5];W[dd]BM[3]KO[x];B[qq]MN[x])";
    let out = run(&["-v", "-", "-"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout)
            .ends_with("PL[B]\n;B[pd]TE[1]BL[60.5];W[dd]BM[2]KO[x];B[qq]ILLEGAL[MN:x])\n"),
        "{}",
        text(&out.stdout)
    );
    let err = text(&out.stderr);
    for line in [
        "warning[W513 type-rewritten]: PL[black]: written B (read from words or units)",
        "warning[W513 type-rewritten]: TE[]: written 1 (empty read as the normal value)",
        "warning[W513 type-rewritten]: BL[60,5]: written 60.5 (respelled)",
        "warning[W513 type-rewritten]: BM[3]: written 2 (the nearest valid value)",
        "warning[W515 value-not-rewritten]: KO[x]: its FF[4] form KO[] would leave out `x`: kept as it is",
        "warning[W514 type-unreadable]: MN[x]: not recognised: not a value FF[4] allows, moved to ILLEGAL[MN:x]",
    ] {
        assert!(err.contains(line), "{line}\n{err}");
    }
    let out = run(&["--no-fix", "types", "-", "-"], input);
    assert!(text(&out.stdout).contains(";W[dd]BM[3]KO[x]"));
}

/// SGFC's "unknown file format FF[x]": a root FF past 4 is read as FF[4]
/// and said so, by a conversion (which writes FF[4]) and by `check`;
/// `--keep-dialect` keeps the value and says nothing.
#[test]
fn an_unknown_sgf_version_is_reported() {
    let input = b"(;GM[1]FF[6];B[aa])";
    let out = run(&["-", "-"], input);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("FF[4]"));
    assert!(text(&out.stderr).contains("[W540 unknown-file-format]: FF[6]"));
    let out = run(&["check", "-"], input);
    assert!(text(&out.stderr).contains("[W540 unknown-file-format]: FF[6]"));
    let out = run(&["--keep-dialect", "-", "-"], input);
    assert!(text(&out.stdout).contains("FF[6]"));
    assert_eq!(text(&out.stderr), "");
    // FF[5] is known: the 1999 draft (formats/sgf-dialects.md, section 13).
    let out = run(&["check", "-"], b"(;GM[1]FF[5];B[aa])");
    let err = text(&out.stderr);
    assert!(
        err.contains("[W178 ff5-draft]: FF[5]") && !err.contains("W540"),
        "{err}"
    );
    for known in ["(;FF[1];B[aa])", "(;FF[4];B[aa])", "(;B[aa])"] {
        let out = run(&["check", "-"], known.as_bytes());
        assert!(!text(&out.stderr).contains("W540"), "{known}");
    }
}

/// `check` replays the game on a board; `--no-board` leaves that out and
/// keeps the value checks.
#[test]
fn check_replays_the_board_unless_told_not_to() {
    let input = b"(;GM[1]KM[6,5];B[aa];W[aa])";
    let out = run(&["check", "-"], input);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("[W581 move-on-stone]: W[aa]"));
    let out = run(&["check", "-v", "--no-board", "-"], input);
    assert!(!text(&out.stderr).contains("W581"), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("W506"), "{}", text(&out.stderr));
    // Refused before reading (nothing on stdin, which is not read).
    let out = run(&["check", "--no-board", "--parse-only", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// Found by fuzzing: a root whose `CA` or `FF` the writer rewrites, and the
/// same property again in a variation. Dropped there (W559), so that a
/// second conversion gives the same file.
#[test]
fn converting_twice_gives_the_same_file_with_version_or_charset_below_the_root() {
    for input in [
        &b"(;FF[4]CA[UTF-8\n]\n;B[pp](;CA[UTF-8]GM[1];B[ee]))"[..],
        b"(;FF[3]GM[1];B[pp](;FF[4];B[ee]))",
    ] {
        let once = run(&["-", "-"], input);
        let twice = run(&["-", "-"], &once.stdout);
        assert_eq!(text(&once.stdout), text(&twice.stdout));
        assert!(text(&once.stderr).contains("W559") || !text(&once.stdout).contains("(;CA"));
    }
}

/// `check` exits 0 with warnings only, 1 with `--strict`.
#[test]
fn check_strict_fails_on_a_warning() {
    let input = b"(;GM[1];B[aa];W[aa])";
    let out = run(&["check", "-"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("W581"));
    let out = run(&["check", "--strict", "-"], input);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
}

/// `-q` hides warnings and info, never an error: an exit status 1 always
/// comes with its reason on stderr.
#[test]
fn quiet_never_hides_an_error() {
    let warning_only = b"(;GM[1]KM[6,5]C[a]]C[b];B[pd])";
    let out = run(&["-q", "-", "-"], warning_only);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
    let error = b"(;GM[1]C[unterminated";
    for args in [&["-q", "-", "-"][..], &["check", "-q", "-"]] {
        let out = run(args, error);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("error[E006"), "{args:?}: {err}");
        assert!(!err.contains("warning["), "{args:?}: {err}");
    }
}

#[test]
fn color_before_a_subcommand_is_the_subcommands() {
    let file = sample("points.sgf");
    let f = file.to_str().unwrap();
    let after = sgfconv()
        .args(["check", "--color", "never", f])
        .output()
        .unwrap();
    for before in [
        vec!["--color", "never", "check", f],
        vec!["--color=never", "check", f],
    ] {
        let o = sgfconv().args(&before).output().unwrap();
        assert_eq!(o.status.code(), after.status.code(), "{before:?}");
        assert_eq!(text(&o.stderr), text(&after.stderr), "{before:?}");
    }
    assert!(text(&after.stderr).contains("W520"));
    // A file named like a subcommand is named after `--`, or as a path.
    let dir = tmpdir();
    std::fs::write(dir.path().join("check"), GOOD).unwrap();
    for args in [&["-q", "--", "check"][..], &["-q", "./check"][..]] {
        let o = sgfconv()
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
        assert!(text(&o.stdout).contains("PB[Lee]"), "{args:?}");
    }
}

/// Flags before a subcommand are its own, as git and cargo take them
/// (`docs/cli.md`, "Flags anywhere"); a flag's value is never taken for a
/// subcommand.
#[test]
fn flags_before_a_subcommand_are_its_own() {
    let dir = tmpdir();
    let bad = dir.path().join("bad.sgf");
    std::fs::write(&bad, b"(;GM[1]FF[4]SZ[19]KM[6,5];B[pd])").unwrap();
    let bad = bad.to_str().unwrap();
    let after = run(&["check", "--diagnostics", "json", "-q", bad], b"");
    let before = run(&["--diagnostics", "json", "-q", "check", bad], b"");
    assert_eq!(before.status.code(), after.status.code());
    assert_eq!(text(&before.stderr), text(&after.stderr));
    assert!(
        text(&before.stderr).is_empty(),
        "-q is check's: {}",
        text(&before.stderr)
    );
    let strict = run(&["--strict", "check", bad], b"");
    assert_eq!(strict.status.code(), Some(1), "{}", text(&strict.stderr));
    // `check` as the value of -t is a format, not the subcommand.
    let out = run(&["-t", "check", bad], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown format 'check'"),
        "{}",
        text(&out.stderr)
    );
    // A flag the subcommand does not take is refused by its own usage.
    let out = run(&["--json-lines", "check", bad], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("sgfconv check"),
        "{}",
        text(&out.stderr)
    );
}

/// Under `--diagnostics json` an input that cannot be read is said with
/// its own fields: the reader's code (`E200`), the file, and the line and
/// column when one place is to blame (`E099`); `E601` only for what has no
/// code of its own (a missing file), with its file too.
#[test]
fn an_unreadable_input_says_its_code_file_and_place_as_fields() {
    let dir = tmpdir();
    let gib = dir.path().join("x.gib");
    std::fs::write(&gib, b"not a gib").unwrap();
    let long = dir.path().join("long.sgf");
    std::fs::write(&long, format!("(;GM[1]\nC[{}])", "a".repeat(100_000))).unwrap();
    let missing = dir.path().join("missing.sgf");
    let json = |args: &[&str]| -> Vec<serde_json::Value> {
        let out = run(args, b"");
        text(&out.stderr)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .filter(|v: &serde_json::Value| v["severity"] == "error")
            .collect()
    };
    let (gib, long, missing) = (
        gib.to_str().unwrap(),
        long.to_str().unwrap(),
        missing.to_str().unwrap(),
    );
    for args in [
        vec!["--diagnostics", "json", gib, "-o", "-"],
        vec!["check", "--diagnostics", "json", gib],
    ] {
        let e = json(&args);
        assert_eq!(e.len(), 1, "{args:?}: {e:?}");
        assert_eq!(
            (e[0]["code"].as_str(), e[0]["file"].as_str()),
            (Some("E200"), Some(gib))
        );
    }
    let e = json(&[
        "--diagnostics",
        "json",
        "--max-value-size",
        "1K",
        long,
        "-o",
        "-",
    ]);
    assert_eq!(e[0]["code"], "E099", "{e:?}");
    assert_eq!(
        (e[0]["line"].as_u64(), e[0]["column"].as_u64()),
        (Some(2), Some(3))
    );
    assert_eq!(e[0]["file"].as_str(), Some(long));
    let e = json(&["--diagnostics", "json", missing, "-o", "-"]);
    assert_eq!(
        (e[0]["code"].as_str(), e[0]["file"].as_str()),
        (Some("E601"), Some(missing))
    );
    assert!(
        !e[0]["message"].as_str().unwrap().contains(missing),
        "the name once: {e:?}"
    );
}

/// `--max-value-size` holds for short values too: a value one byte past
/// it is refused (E099, exit 2), one at it is read.
#[test]
fn max_value_size_holds_for_short_values() {
    let input = b"(;GM[1]C[abcdefgh]PB[abcd])";
    let out = run(&["--max-value-size", "7", "-o", "-"], input);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("E099"), "{}", text(&out.stderr));
    let out = run(&["--max-value-size", "8", "-o", "-"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("C[abcdefgh]"));
}
