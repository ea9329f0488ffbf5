//! No option is ignored in silence: a writer option the target format does
//! not take, a reader option the input format does not take, an unknown
//! `--no-fix` rule, or `--no-fix` beside
//! `--keep-dialect` exits 2, writes nothing, and says which formats take the
//! option. The binary is run as a user runs it.

use std::path::Path;
use std::process::{Command, Output};

fn sgfconv(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sgfconv runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A folder holding `in.sgf`.
fn with_input() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.sgf"), "(;GM[1]FF[4]SZ[19];B[pd];W[dp])").unwrap();
    dir
}

/// Each case: the arguments after the input, and what the message names.
const NOT_TAKEN: &[(&[&str], &str)] = &[
    (
        &["-t", "sgf", "--games-csv", "g.csv", "out.sgf"],
        "--games-csv does not apply to sgf output (it applies to: csv)",
    ),
    (
        &["-t", "sgf", "--moves", "out.sgf"],
        "--moves does not apply to sgf output (it applies to: json)",
    ),
    (
        &["-t", "json", "--to-encoding", "SJIS", "out.json"],
        "--to-encoding does not apply to json output (it applies to: sgf, gib, ugf, ngf)",
    ),
    (
        &["-t", "gib", "--ugf-review", "out.gib"],
        "--ugf-review does not apply to gib output (it applies to: ugf)",
    ),
    (
        &["-t", "csv", "--json-lines", "out.csv"],
        "--json-lines does not apply to csv output (it applies to: json)",
    ),
    (
        &["-t", "xml", "--coords", "sgf", "out.xml"],
        "--coords does not apply to xml output (it applies to: csv, svg, png, html)",
    ),
    (
        &["--all-variations", "out.ugf"],
        "--all-variations does not apply to ugf output (it applies to: csv, parquet)",
    ),
    (
        &["--moves-parquet", "m.parquet", "out.csv"],
        "--moves-parquet does not apply to csv output (it applies to: parquet)",
    ),
    (
        &["--comments", "out.json"],
        "--comments does not apply to json output (it applies to: parquet)",
    ),
    (
        &["--csv-safe", "out.json"],
        "--csv-safe does not apply to json output (it applies to: csv)",
    ),
];

#[test]
fn a_writer_option_the_target_does_not_take_exits_2_and_writes_nothing() {
    for (rest, message) in NOT_TAKEN {
        let dir = with_input();
        let mut args = vec!["in.sgf"];
        args.extend_from_slice(rest);
        let out = sgfconv(&args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), format!("sgfconv: {message}\n"), "{args:?}");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["in.sgf"], "{args:?} wrote something");
    }
}

#[test]
fn the_same_options_with_a_format_that_takes_them_run() {
    let dir = with_input();
    for args in [
        &[
            "in.sgf",
            "-t",
            "csv",
            "--coords",
            "gtp",
            "--all-variations",
            "o.csv",
        ][..],
        &["in.sgf", "-t", "json", "--moves", "--json-lines", "o.json"],
        &[
            "in.sgf",
            "-t",
            "ugf",
            "--ugf-review",
            "--to-encoding",
            "SJIS",
            "o.ugf",
        ],
        &["in.sgf", "-t", "sgf", "--to-encoding", "EUC-KR", "o.sgf"],
        // `.jsonl` means one game per line for JSON, and is not a CSV option.
        &["in.sgf", "o.jsonl"],
    ] {
        let out = sgfconv(args, dir.path());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn no_fix_names_are_checked_and_not_ignored_beside_keep_dialect() {
    let dir = with_input();
    let out = sgfconv(&["in.sgf", "--no-fix", "kifu,nonsense"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("sgfconv: --no-fix: unknown dialect rule `nonsense`"),
        "{}",
        stderr(&out)
    );
    let out = sgfconv(
        &["in.sgf", "--keep-dialect", "--no-fix", "kifu"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "sgfconv: --no-fix has no effect with --keep-dialect, which runs no rule\n"
    );
    let out = sgfconv(&["check", "in.sgf", "--no-fix", "nope"], dir.path());
    assert_eq!(out.status.code(), Some(2), "check checks the names too");
}

#[test]
fn a_valid_no_fix_rule_is_the_only_one_switched_off() {
    // Fox komi (KM[375] is 7.5) and a kifu alias in one root: with
    // `--no-fix fox-komi` the komi stays, the alias is still rewritten.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fox.sgf"),
        "(;GM[1]FF[4]SZ[19]AP[foxwq]KM[375]GK[1];B[pd])",
    )
    .unwrap();
    let out = sgfconv(&["fox.sgf", "--no-fix", "fox-komi"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let sgf = String::from_utf8(out.stdout).unwrap();
    assert!(sgf.contains("KM[375]"), "{sgf}");
    assert!(sgf.contains("GM[1]") && !sgf.contains("GK["), "{sgf}");
}

#[test]
fn a_fox_result_in_zi_is_converted_with_the_komi() {
    // KM[375] is 3.75 zi = 7.5 points, and W+4.25 (a quarter
    // fraction: not points) is zi, i.e. W+8.5; each reported. The same
    // result outside Fox stays, and `--no-fix fox-komi` keeps both.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fox.sgf"),
        "(;GM[1]FF[4]SZ[19]AP[foxwq]KM[375]RE[W+4.25];B[pd])",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("other.sgf"),
        "(;GM[1]FF[4]SZ[19]KM[375]RE[W+4.25];B[pd])",
    )
    .unwrap();
    let out = sgfconv(&["-v", "fox.sgf"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let sgf = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(
        sgf.contains("KM[7.5]") && sgf.contains("RE[W+8.5]"),
        "{sgf}"
    );
    let err = stderr(&out);
    assert!(err.contains("info[I163 fox-komi]"), "{err}");
    assert!(
        err.contains("info[I162 fox-result]: Fox result RE[W+4.25] is in zi"),
        "{err}"
    );
    let out = sgfconv(&["-v", "other.sgf"], dir.path());
    let sgf = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(sgf.contains("RE[W+4.25]"), "{sgf}");
    assert!(!stderr(&out).contains("I162"));
    let out = sgfconv(&["fox.sgf", "--no-fix", "fox-komi"], dir.path());
    let sgf = String::from_utf8(out.stdout).unwrap();
    assert!(
        sgf.contains("KM[375]") && sgf.contains("RE[W+4.25]"),
        "{sgf}"
    );
}

#[test]
fn a_reader_option_the_input_format_does_not_take_exits_2() {
    let dir = with_input();
    std::fs::write(dir.path().join("in.json"), "[]").unwrap();
    for (args, message) in [
        (
            &["in.sgf", "--ngf-rotate-180", "o.sgf"][..],
            "sgfconv: in.sgf: --ngf-rotate-180 does not apply to sgf input (it applies to: ngf)\n",
        ),
        (
            &["in.json", "--encoding", "SJIS", "o.sgf"],
            "sgfconv: in.json: --encoding does not apply to json input (it applies to: sgf, gib, ugf, ngf)\n",
        ),
    ] {
        let out = sgfconv(args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message);
        assert!(!dir.path().join("o.sgf").exists());
    }
    let out = sgfconv(&["in.sgf", "--encoding", "SJIS", "o.sgf"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}
