//! `sgfconv migrate` stopped before its end (`docs/migrate.md`, "Resuming"
//! and "Interrupted"), on the built binary: a run ended by `SIGINT`,
//! `SIGTERM` or `SIGHUP` writes its report of what it did, marked
//! `"interrupted"`, then ends by the signal; a resumed run, after such a
//! signal or after `SIGKILL` (which leaves no report), counts the
//! warnings and errors of the files it skips as one uninterrupted run
//! counts them: in its exit status, its summary and its report; named
//! outputs come out as an uninterrupted run names them.

use crate::common;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

/// Files in the tree: enough that a run is still going when it is
/// stopped (the debug binary converts a few thousand small files a
/// second).
const FILES: usize = 3000;

/// File `i`: `i % 4` errors (a value without an identifier, `E011`), a
/// warning every fifth file (a date no one can read), two games every
/// seventh.
fn record(i: usize) -> String {
    let mut s = format!("(;GM[1]FF[4]SZ[19]GN[g{i}]");
    if i % 5 == 0 {
        s.push_str("DT[yesterday]");
    }
    for _ in 0..i % 4 {
        s.push_str(";[x]");
    }
    s.push_str(";B[pd];W[dp])\n");
    if i % 7 == 0 {
        s.push_str(&format!("(;GM[1]FF[4]SZ[19]GN[h{i}];B[dd])\n"));
    }
    s
}

fn tree() -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    for i in 0..FILES {
        let p = t.path().join(format!("src/d{}/f{i:04}.sgf", i % 10));
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, record(i)).unwrap();
    }
    t
}

/// `sgfconv migrate -j 1 src DST ARGS` in `t`, signals at their default.
fn start(t: &Path, dst: &str, args: &[&str]) -> Child {
    common::with_default_signals()
        .current_dir(t)
        .args(["migrate", "-j", "1", "src", dst])
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn migrate(t: &Path, dst: &str, args: &[&str]) -> Output {
    start(t, dst, args).wait_with_output().unwrap()
}

fn outputs(dir: &Path) -> Vec<PathBuf> {
    common::files_under(dir, &|p| p.extension().is_some_and(|e| e == "sgf"))
}

/// Sends `sig` to the run once it has written a few hundred outputs into
/// `dst`; the run's output.
fn stop_midway(child: Child, dst: &Path, sig: i32) -> Output {
    let started = Instant::now();
    while outputs(dst).len() < 200 && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(10));
    }
    // SAFETY: `kill` on the id of a child not waited for yet.
    assert_eq!(unsafe { libc::kill(child.id() as i32, sig) }, 0);
    child.wait_with_output().unwrap()
}

fn report(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// What an uninterrupted run finds: its exit status, its report's totals
/// and its summary's counts line.
fn reference(t: &Path) -> (Option<i32>, serde_json::Value, String) {
    let o = migrate(t, "ref", &["--report", "ref.json"]);
    let totals = report(&t.join("ref.json"))["totals"].clone();
    (o.status.code(), totals, counts_line(&o))
}

/// The summary's line `… MB read in … s: …; N warnings, M errors`, from
/// its warnings on.
fn counts_line(o: &Output) -> String {
    let err = common::text(&o.stderr);
    let line = err
        .lines()
        .find(|l| l.contains(" warnings, "))
        .unwrap_or("");
    line.rsplit(';').next().unwrap_or("").trim().to_string()
}

/// A resumed run's totals are an uninterrupted run's, but for what was
/// converted now and what was skipped.
fn same_findings(resumed: &serde_json::Value, whole: &serde_json::Value) {
    for k in [
        "records",
        "games",
        "warnings",
        "errors",
        "failed",
        "by_format",
        "rewrites",
    ] {
        assert_eq!(resumed[k], whole[k], "totals.{k}");
    }
    let done =
        |v: &serde_json::Value| v["converted"].as_u64().unwrap() + v["skipped"].as_u64().unwrap();
    assert_eq!(done(resumed), done(whole));
}

#[test]
fn a_signal_writes_the_report_of_what_was_done_and_the_resumed_run_counts_it_all() {
    let t = tree();
    let (status, whole, counts) = reference(t.path());
    assert_eq!(status, Some(1), "files lost data");
    assert_eq!(whole["converted"], FILES);
    for (n, sig) in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP]
        .into_iter()
        .enumerate()
    {
        let dst = format!("dst{n}");
        let r = format!("r{n}.json");
        let o = stop_midway(
            start(t.path(), &dst, &["--report", &r]),
            &t.path().join(&dst),
            sig,
        );
        assert_eq!(o.status.signal(), Some(sig), "{}", common::text(&o.stderr));
        assert!(common::text(&o.stderr).contains("interrupted"));
        // The report says what was done: the outputs there, no more.
        let cut = report(&t.path().join(&r));
        assert_eq!(cut["interrupted"], true);
        let listed = cut["files"].as_array().unwrap();
        let written = outputs(&t.path().join(&dst)).len();
        assert!(written < FILES, "stopped too late to test anything");
        assert_eq!(listed.len(), written);
        assert_eq!(cut["totals"]["converted"], written);
        // Resumed with the same report: the whole migration's counts.
        let again = migrate(t.path(), &dst, &["--report", &r]);
        assert_eq!(
            again.status.code(),
            status,
            "{}",
            common::text(&again.stderr)
        );
        assert_eq!(counts_line(&again), counts);
        let resumed = report(&t.path().join(&r));
        assert!(resumed.get("interrupted").is_none());
        same_findings(&resumed["totals"], &whole);
        assert_eq!(resumed["totals"]["skipped"], written);
    }
}

#[test]
fn after_sigkill_a_resumed_run_reads_the_skipped_files_again_to_count_them() {
    let t = tree();
    let (status, whole, counts) = reference(t.path());
    // With --report: the killed run wrote none.
    let o = stop_midway(
        start(t.path(), "dst", &["--report", "r.json"]),
        &t.path().join("dst"),
        libc::SIGKILL,
    );
    assert_eq!(o.status.signal(), Some(libc::SIGKILL));
    assert!(!t.path().join("r.json").exists());
    let written = outputs(&t.path().join("dst")).len();
    assert!(written < FILES, "killed too late to test anything");
    let again = migrate(t.path(), "dst", &["--report", "r.json"]);
    assert_eq!(
        again.status.code(),
        status,
        "{}",
        common::text(&again.stderr)
    );
    assert_eq!(counts_line(&again), counts);
    let resumed = report(&t.path().join("r.json"));
    same_findings(&resumed["totals"], &whole);
    assert!(resumed["totals"]["skipped"].as_u64().unwrap() >= written as u64);
    // Without a report at all: the status and the summary still count
    // the files skipped, read again.
    let o = stop_midway(
        start(t.path(), "bare", &[]),
        &t.path().join("bare"),
        libc::SIGKILL,
    );
    assert_eq!(o.status.signal(), Some(libc::SIGKILL));
    let again = migrate(t.path(), "bare", &[]);
    assert_eq!(
        again.status.code(),
        status,
        "{}",
        common::text(&again.stderr)
    );
    assert_eq!(counts_line(&again), counts);
    // A finished run resumed with its report reads nothing again.
    let quick = migrate(t.path(), "dst", &["--report", "r.json"]);
    assert_eq!(quick.status.code(), status);
    assert!(
        common::text(&quick.stderr).contains("0.0 MB read"),
        "{}",
        common::text(&quick.stderr)
    );
    same_findings(&report(&t.path().join("r.json"))["totals"], &whole);
}

#[test]
fn named_outputs_of_an_interrupted_run_are_those_of_an_uninterrupted_one() {
    let t = tree();
    // Every output named `19.sgf`, `19 (2).sgf`…: the numbers follow the
    // walk, whatever was done before the signal.
    let named = ["--split-collections", "--name", "{SZ}"];
    let o = migrate(t.path(), "ref", &named);
    assert_eq!(o.status.code(), Some(1), "{}", common::text(&o.stderr));
    let o = stop_midway(
        start(t.path(), "dst", &named),
        &t.path().join("dst"),
        libc::SIGTERM,
    );
    assert_eq!(o.status.signal(), Some(libc::SIGTERM));
    assert!(outputs(&t.path().join("dst")).len() < FILES + FILES / 7);
    let o = migrate(t.path(), "dst", &named);
    assert_eq!(o.status.code(), Some(1), "{}", common::text(&o.stderr));
    let listing = |d: &str| -> Vec<(PathBuf, Vec<u8>)> {
        let root = t.path().join(d);
        outputs(&root)
            .into_iter()
            .map(|p| {
                (
                    p.strip_prefix(&root).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(listing("dst"), listing("ref"));
}

/// An earlier report whose entries went stale: a finished run with
/// `--report`, then inputs changed (an unterminated value, `E006`, in every
/// tenth file), then a run over them killed (`SIGKILL`) once it has
/// rewritten the first changed file's output, before writing its report.
/// The resumed run finds those outputs up to date; the earlier report
/// still holds what the files were before: the resumed run must not take
/// it (the output is newer than the report), and counts the errors as an
/// uninterrupted run over the changed files does (it exited 0 with
/// `errors: 0` while the earlier entries were taken).
#[test]
fn after_sigkill_an_earlier_report_older_than_an_output_is_not_taken() {
    let t = tree();
    let o = migrate(t.path(), "dst", &["--report", "r.json"]);
    assert!(o.status.code().is_some(), "{}", common::text(&o.stderr));
    let report_time = || {
        std::fs::metadata(t.path().join("r.json"))
            .unwrap()
            .modified()
            .unwrap()
    };
    let first_report = report_time();
    for i in (0..FILES).step_by(10) {
        let p = t.path().join(format!("src/d0/f{i:04}.sgf"));
        std::fs::write(p, format!("(;GM[1]FF[4]SZ[19]GN[g{i}];B[pd]C[open")).unwrap();
    }
    let (status, whole, counts) = reference(t.path());
    assert_eq!(status, Some(1), "the changed files lose data");
    let child = start(t.path(), "dst", &["--report", "r.json"]);
    let first = t.path().join("dst/d0/f0000.sgf");
    let changed = std::fs::metadata(t.path().join("src/d0/f0000.sgf"))
        .unwrap()
        .modified()
        .unwrap();
    let started = Instant::now();
    while std::fs::metadata(&first)
        .unwrap()
        .modified()
        .unwrap()
        .lt(&changed)
        && started.elapsed() < Duration::from_secs(120)
    {
        std::thread::sleep(Duration::from_millis(2));
    }
    // SAFETY: `kill` on the id of a child not waited for yet.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGKILL) }, 0);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.signal(), Some(libc::SIGKILL));
    assert_eq!(
        report_time(),
        first_report,
        "killed too late to test anything"
    );
    let again = migrate(t.path(), "dst", &["--report", "r.json"]);
    assert_eq!(
        again.status.code(),
        status,
        "{}",
        common::text(&again.stderr)
    );
    assert_eq!(counts_line(&again), counts);
    same_findings(&report(&t.path().join("r.json"))["totals"], &whole);
}
