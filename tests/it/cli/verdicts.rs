//! `sgfconv check`'s answer to "is this clean FF[4]?", as a user runs it:
//! every departure shown by default, each marked fixable where `check
//! --fix` repairs it without loss, `-l` and `--strict`, the files counted
//! as clean, fixable, needing a person or damaged; and nothing dropped
//! under a rewrite (the severity rule of `formats/validation.md`).

use crate::common::{run, sgfconv, text};
use std::path::Path;
use std::process::Output;

/// The example of the severity rule: four departures from FF[4], each
/// written in its FF[4] form by a conversion.
const DEPARTURES: &str =
    "(;GM[1]FF[4]SZ[19]DT[August 1, 2001]RE[Black resigns]KM[6,5]TM[1 hour];B[pd])";

/// A clean FF[4] game.
const CLEAN: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[19]DT[2001-08-01]KM[6.5];B[pd];W[dd])";

fn in_dir(dir: &Path, args: &[&str]) -> Output {
    sgfconv().current_dir(dir).args(args).output().unwrap()
}

fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, content) in files {
        std::fs::write(dir.path().join(name), content).unwrap();
    }
    dir
}

#[test]
fn every_departure_of_the_example_is_a_fixable_finding() {
    let dir = folder(&[("a.sgf", DEPARTURES)]);
    let out = in_dir(dir.path(), &["check", "a.sgf"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    for code in [
        "W500 date-rewritten",
        "W504 result-rewritten",
        "W506 komi-rewritten",
        "W502 time-rewritten",
    ] {
        assert!(
            err.lines().any(|l| l.starts_with("a.sgf:1:")
                && l.contains(&format!("warning[{code}] (fixable): "))),
            "{code}\n{err}"
        );
    }
    assert_eq!(err.lines().count(), 4, "one finding per departure\n{err}");
    let strict = in_dir(dir.path(), &["check", "--strict", "a.sgf"]);
    assert_eq!(strict.status.code(), Some(1));
    let listed = in_dir(dir.path(), &["check", "-l", "a.sgf"]);
    assert_eq!(text(&listed.stdout), "a.sgf\n");
    let json = in_dir(dir.path(), &["check", "--diagnostics", "json", "a.sgf"]);
    let findings: Vec<serde_json::Value> = text(&json.stderr)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v["severity"] == "warning")
        .collect();
    assert_eq!(findings.len(), 4);
    assert!(
        findings.iter().all(|v| v["fixable"] == true),
        "{findings:?}"
    );
}

#[test]
fn a_clean_file_stays_silent() {
    let dir = folder(&[("c.sgf", CLEAN)]);
    for args in [
        &["check", "c.sgf"][..],
        &["check", "--strict", "c.sgf"],
        &["check", "-l", "c.sgf"],
    ] {
        let out = in_dir(dir.path(), args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
}

#[test]
fn the_summary_counts_files_by_verdict() {
    let dir = folder(&[
        ("clean.sgf", CLEAN),
        ("fixable.sgf", DEPARTURES),
        // A root property outside the root, with a value of its own: kept,
        // for a person to decide.
        ("person.sgf", "(;GM[1]FF[4]CA[UTF-8]SZ[19];B[pd]SZ[9])"),
        // Two marks on one point: the later dropped, an error.
        (
            "damaged.sgf",
            "(;GM[1]FF[4]CA[UTF-8]SZ[19];B[pd]MA[dd]TR[dd])",
        ),
    ]);
    let files = ["clean.sgf", "fixable.sgf", "person.sgf", "damaged.sgf"];
    let mut args = vec!["check", "--summary"];
    args.extend(files);
    let out = in_dir(dir.path(), &args);
    assert_eq!(out.status.code(), Some(1), "the damaged file");
    let summary = text(&out.stdout);
    assert!(
        summary.contains("\nfiles: 1 clean, 1 fixable, 1 needing a person, 1 damaged\n"),
        "{summary}"
    );
    let mut args = vec!["check", "--summary", "--diagnostics", "json"];
    args.extend(files);
    let out = in_dir(dir.path(), &args);
    let stdout = text(&out.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    let v: serde_json::Value = serde_json::from_str(last).unwrap();
    let by = &v["files_by_verdict"];
    assert_eq!(
        [
            &by["clean"],
            &by["fixable"],
            &by["needs_person"],
            &by["damaged"]
        ],
        [1, 1, 1, 1]
    );
    let mut args = vec!["check", "-l"];
    args.extend(files);
    let listed = in_dir(dir.path(), &args);
    assert_eq!(
        text(&listed.stdout),
        "fixable.sgf\nperson.sgf\ndamaged.sgf\n"
    );
}

#[test]
fn a_repeated_single_value_says_what_was_read_and_what_was_kept() {
    let out = run(
        &["-", "-"],
        b"(;GM[1]FF[4]SZ[19]AP[GNU Go:3.8]AP[foxwq];B[pd])",
    );
    let err = text(&out.stderr);
    assert!(!err.contains("values merged"), "{err}");
    assert!(
        err.contains("warning[W004 duplicate-property]: property AP repeated in one node: its values gathered in one AP, which takes one value"),
        "{err}"
    );
    assert!(
        err.contains("error[E161 duplicate-ap]: AP written 2 times (GNU Go:3.8, foxwq): the last kept, the others dropped"),
        "{err}"
    );
    // A list property's values are merged, and say so.
    let out = run(&["-", "-"], b"(;GM[1]FF[4]SZ[19]AB[aa]AB[bb])");
    assert!(text(&out.stderr).contains("property AB repeated in one node: values merged"));
    assert!(text(&out.stdout).contains("AB[aa][bb]"));
}

#[test]
fn a_time_of_day_is_never_dropped() {
    let input = b"(;GM[1]FF[4]SZ[19]DT[2004-10-27 16:01:54];B[pd])";
    let out = run(&["-", "-"], input);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).contains("DT[2004-10-27 16:01:54]"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains("warning[W515 value-not-rewritten]: DT[2004-10-27 16:01:54]: its FF[4] form DT[2004-10-27] would leave out `16:01:54`: kept as it is"),
        "{}",
        text(&out.stderr)
    );
    // Not fixable: `check --fix` leaves it, and says the file needs a person.
    let dir = folder(&[("t.sgf", std::str::from_utf8(input).unwrap())]);
    let fix = in_dir(dir.path(), &["check", "--fix", "--summary", "t.sgf"]);
    assert!(
        text(&fix.stdout).contains("0 fixable, 1 needing a person"),
        "{}",
        text(&fix.stdout)
    );
    let after = std::fs::read_to_string(dir.path().join("t.sgf")).unwrap();
    assert!(after.contains("DT[2004-10-27 16:01:54]"), "{after}");
    assert!(
        !text(&fix.stderr).contains("(fixable)"),
        "{}",
        text(&fix.stderr)
    );
}

#[test]
fn an_overtime_goes_to_ot() {
    let out = run(&["-", "-"], b"(;GM[1]FF[4]SZ[19]TM[5:00:00(5x1:00)];B[pd])");
    let sgf = text(&out.stdout);
    assert!(sgf.contains("TM[18000]\nOT[5x1:00]"), "{sgf}");
    assert!(
        text(&out.stderr).contains("TM[5:00:00(5x1:00)]: written 18000 (read from words or units), the overtime in OT[5x1:00]"),
        "{}",
        text(&out.stderr)
    );
    // An `OT` that says something else: the time is kept as it is.
    let out = run(
        &["-", "-"],
        b"(;GM[1]FF[4]SZ[19]TM[5:00:00(5x1:00)]OT[3x30 byo-yomi];B[pd])",
    );
    let sgf = text(&out.stdout);
    assert!(
        sgf.contains("TM[5:00:00(5x1:00)]\nOT[3x30 byo-yomi]"),
        "{sgf}"
    );
}

#[test]
fn migrate_keeps_the_time_of_day_and_takes_no_fix() {
    let src = folder(&[(
        "g.sgf",
        "(;GM[1]FF[4]SZ[19]DT[2004-10-27 16:01:54]KM[6,5];B[pd])",
    )]);
    let dst = tempfile::tempdir().unwrap();
    let out = sgfconv()
        .arg("migrate")
        .arg(src.path())
        .arg(dst.path().join("out"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(dst.path().join("out/g.sgf")).unwrap();
    assert!(written.contains("DT[2004-10-27 16:01:54]"), "{written}");
    assert!(written.contains("KM[6.5]"), "{written}");
    let out = sgfconv()
        .arg("migrate")
        .args(["--no-fix", "numbers"])
        .arg(src.path())
        .arg(dst.path().join("kept"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(dst.path().join("kept/g.sgf")).unwrap();
    assert!(written.contains("KM[6,5]"), "{written}");
    let bad = sgfconv()
        .arg("migrate")
        .args(["--no-fix", "nonsense"])
        .arg(src.path())
        .arg(dst.path().join("x"))
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "{}", text(&bad.stderr));
}

/// Server-recorded games raise no false alarm: `check` over the KGS
/// archives of the corpus (36 692 games of CGoban, FF[4] UTF-8) gives no
/// warning and no error, every file clean.
#[test]
#[ignore = "needs ../shared/corpus"]
fn the_kgs_games_are_clean() {
    let kgs = crate::common::shared_corpus().join("bulk/kgs-u-go");
    let archives = crate::common::files_under(&kgs, &|p| p.to_string_lossy().ends_with(".tar.gz"));
    assert_eq!(archives.len(), 11);
    let out = sgfconv()
        .args(["check", "--summary", "--diagnostics", "json"])
        .args(&archives)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    let v: serde_json::Value = serde_json::from_str(last).unwrap();
    let by_code = v["by_code"].as_object().unwrap();
    let alarms: Vec<&String> = by_code.keys().filter(|c| !c.starts_with('I')).collect();
    assert!(alarms.is_empty(), "{alarms:?}");
    assert_eq!(v["files_by_verdict"]["clean"], v["files"]);
    assert!(v["files"].as_u64().unwrap() > 36_000, "{v}");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}
