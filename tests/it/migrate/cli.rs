//! `sgfconv migrate` like the converter (the command for batches), on the built
//! binary: `-v` shows each file's diagnostics, info included; `--strict`
//! fails a file with a warning and writes nothing for it; `--diagnostics
//! json` makes every line on stderr JSON, the diagnostics with the
//! converter's fields; the summary names the files with errors, most
//! first, at most 20; a resumed run's report keeps what the earlier run
//! found in the files it skips.

use crate::common;

use common::{sgfconv, text};
use std::path::Path;
use std::process::Output;

const CLEAN: &str = "(;GM[1]FF[4]SZ[19]PB[Lee];B[pd];W[dp])";
/// A warning (an unreadable date), no error.
const WARNS: &str = "(;GM[1]FF[4]SZ[19]DT[yesterday];B[pd])";

/// A file with `n` errors (`E011`: a value without an identifier).
fn with_errors(n: usize) -> String {
    let mut s = String::from("(;GM[1]FF[4]SZ[19]");
    for _ in 0..n {
        s.push_str(";[x]");
    }
    s.push(')');
    s
}

fn tree(files: &[(&str, String)]) -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    for (name, content) in files {
        let p = t.path().join("src").join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, content).unwrap();
    }
    t
}

fn migrate(t: &Path, extra: &[&str]) -> Output {
    let mut c = sgfconv();
    c.arg("migrate")
        .args(extra)
        .arg(t.join("src"))
        .arg(t.join("dst"));
    c.env("NO_COLOR", "1").output().unwrap()
}

#[test]
fn verbose_shows_each_files_diagnostics_info_included() {
    let t = tree(&[("a.sgf", WARNS.into()), ("b.sgf", CLEAN.into())]);
    let quiet = migrate(t.path(), &[]);
    assert_eq!(quiet.status.code(), Some(0), "{}", text(&quiet.stderr));
    assert!(
        !text(&quiet.stderr).contains("warning[W"),
        "{}",
        text(&quiet.stderr)
    );
    std::fs::remove_dir_all(t.path().join("dst")).unwrap();
    let v = migrate(t.path(), &["-v"]);
    let err = text(&v.stderr);
    assert_eq!(v.status.code(), Some(0), "{err}");
    let a = t.path().join("src/a.sgf");
    assert!(
        err.contains(&format!("{}:1:", a.display())) && err.contains("warning[W"),
        "{err}"
    );
    assert!(err.contains("info[I100 encoding]"), "{err}");
    // The summary still follows.
    assert!(err.contains("2 records: 2 converted"), "{err}");
    let both = sgfconv()
        .args(["migrate", "-v", "-q", "x", "y"])
        .output()
        .unwrap();
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn strict_fails_a_file_with_a_warning_and_writes_nothing_for_it() {
    let t = tree(&[("a.sgf", WARNS.into()), ("b.sgf", CLEAN.into())]);
    let report = t.path().join("r.json");
    let r = report.to_str().unwrap();
    let o = migrate(t.path(), &["--strict", "--report", r]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        !t.path().join("dst/a.sgf").exists(),
        "written under --strict"
    );
    assert!(t.path().join("dst/b.sgf").exists());
    assert!(err.contains("1 converted"), "{err}");
    assert!(err.contains("1 failed"), "{err}");
    assert!(err.contains("under --strict: not written"), "{err}");
    let rep: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let a = rep["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["source"].as_str().unwrap().ends_with("a.sgf"))
        .unwrap();
    assert_eq!(a["status"], "failed");
    assert!(
        a["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "E457"),
        "{a}"
    );
    // Without --strict the same tree converts, exit 0.
    let o = migrate(t.path(), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(t.path().join("dst/a.sgf").exists());
}

/// The keys of a JSON object line.
fn keys(line: &str) -> Vec<String> {
    let v: serde_json::Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"));
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

#[test]
fn diagnostics_json_makes_every_line_on_stderr_json() {
    let t = tree(&[
        ("a.sgf", WARNS.into()),
        ("b.sgf", with_errors(2)),
        ("c.sgf", CLEAN.into()),
    ]);
    let o = migrate(t.path(), &["--diagnostics", "json"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // The converter's fields, from the converter itself.
    let conv = sgfconv()
        .args(["--diagnostics", "json"])
        .arg(t.path().join("src/a.sgf"))
        .arg("/dev/null")
        .output()
        .unwrap();
    let want = keys(text(&conv.stderr).lines().next().unwrap());
    let lines: Vec<&str> = err.lines().collect();
    let (last, diags) = lines.split_last().unwrap();
    assert!(diags.len() >= 4, "{err}");
    for l in diags {
        assert_eq!(keys(l), want, "{l}");
    }
    let codes: Vec<String> = diags
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["code"].to_string())
        .collect();
    assert!(codes.iter().any(|c| c.contains("E011")), "{codes:?}");
    assert!(
        codes.iter().any(|c| c.contains("I100")),
        "info too: {codes:?}"
    );
    let summary: serde_json::Value = serde_json::from_str(last).unwrap();
    let s = &summary["summary"];
    assert_eq!(s["totals"]["converted"], 3, "{last}");
    assert_eq!(s["totals"]["errors"], 2, "{last}");
    assert_eq!(s["files_with_errors"][0]["errors"], 2, "{last}");
    // -q: the errors only, and no summary.
    std::fs::remove_dir_all(t.path().join("dst")).unwrap();
    let q = migrate(t.path(), &["--diagnostics", "json", "-q"]);
    let qerr = text(&q.stderr);
    assert_eq!(qerr.lines().count(), 2, "{qerr}");
    for l in qerr.lines() {
        assert_eq!(keys(l), want);
        assert!(l.contains("\"severity\":\"error\""), "{l}");
    }
    // A usage error is JSON too.
    let bad = sgfconv()
        .args([
            "migrate",
            "--diagnostics",
            "json",
            "/nonexistent-src",
            "/tmp/x",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let line = text(&bad.stderr);
    assert_eq!(line.lines().count(), 1, "{line}");
    assert_eq!(keys(line.trim()), want);
}

#[test]
fn the_summary_names_the_files_with_errors_most_first_at_most_20() {
    let mut files: Vec<(String, String)> = (1..=23)
        .map(|i| (format!("e{i:02}.sgf"), with_errors(i % 5 + 1)))
        .collect();
    files.push(("most.sgf".into(), with_errors(9)));
    files.push(("clean.sgf".into(), CLEAN.into()));
    let named: Vec<(&str, String)> = files.iter().map(|(n, c)| (n.as_str(), c.clone())).collect();
    let t = tree(&named);
    let o = migrate(t.path(), &[]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let list: Vec<&str> = err
        .lines()
        .skip_while(|l| !l.starts_with("  files with errors (most first):"))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .collect();
    assert_eq!(list.len(), 21, "{err}");
    assert!(list[0].trim().starts_with("9  "), "{err}");
    assert!(list[0].ends_with("most.sgf"), "{err}");
    let counts: Vec<usize> = list[..20]
        .iter()
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    assert_eq!(list[20].trim(), "... and 4 more (see --report)");
    assert!(!err.contains("clean.sgf"), "{err}");
}

#[test]
fn a_resumed_runs_report_keeps_the_earlier_diagnostics() {
    let t = tree(&[("a.sgf", with_errors(3)), ("b.sgf", WARNS.into())]);
    let report = t.path().join("r.json");
    let r = report.to_str().unwrap();
    let first = migrate(t.path(), &["--report", r]);
    assert_eq!(first.status.code(), Some(1));
    let read = || -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap()
    };
    let before = read();
    // Every output is up to date now: nothing is read again.
    let again = migrate(t.path(), &["--report", r]);
    let err = text(&again.stderr);
    assert!(err.contains("2 up to date"), "{err}");
    // The data lost by the earlier run is still lost: status 1, named.
    assert_eq!(again.status.code(), Some(1), "{err}");
    assert!(err.contains("files with errors"), "{err}");
    let after = read();
    for (old, new) in before["files"]
        .as_array()
        .unwrap()
        .iter()
        .zip(after["files"].as_array().unwrap())
    {
        assert_eq!(new["status"], "skipped");
        assert_eq!(new["from_earlier_run"], true);
        for k in [
            "diagnostics",
            "errors",
            "warnings",
            "games",
            "encodings",
            "rewrites",
            "format",
        ] {
            assert_eq!(old[k], new[k], "{k}");
        }
    }
    assert_eq!(after["totals"]["errors"], 3);
    // --force reads everything again: fresh diagnostics, not carried.
    let forced = migrate(t.path(), &["--report", r, "--force"]);
    assert_eq!(forced.status.code(), Some(1));
    let forced = read();
    assert!(forced["files"][0].get("from_earlier_run").is_none());
    assert_eq!(
        forced["files"][0]["diagnostics"],
        before["files"][0]["diagnostics"]
    );
}
