//! Quiet by design (`docs/cli.md`, "Quiet by design"): a finding repeated
//! across games or files is shown once with a count, at most
//! `--max-diagnostics` findings of one code are shown over a run, `-q`
//! still shows errors within the same limits, and a run of several records
//! ends with one line of what it did and found. JSON shows every finding.

use crate::common::{sgfconv, text};
use std::path::Path;

/// `n` files of one game each, in `dir`, each with root properties the
/// CSV move list cannot carry (a W375 in every game, naming `GC`, and
/// `EV` in every third game: what each game lost differs).
fn games(dir: &Path, n: usize) {
    for k in 0..n {
        let ev = if k % 3 == 0 { "EV[cup]" } else { "" };
        let game = format!("(;GM[1]FF[4]SZ[19]GC[game {k}]{ev};B[pd];W[dp])");
        std::fs::write(dir.join(format!("g{k:03}.sgf")), game).unwrap();
    }
}

#[test]
fn a_finding_in_every_game_is_shown_once_with_a_count() {
    let dir = tempfile::tempdir().unwrap();
    games(dir.path(), 40);
    let out = sgfconv()
        .current_dir(dir.path())
        .args(["-r", ".", "-t", "csv", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let e = text(&out.stderr);
    assert_eq!(e.matches("warning[W375").count(), 1, "{e}");
    assert!(
        e.contains(
            "W375 csv-not-carried: 39 more in other games or files, each naming what it lost"
        ),
        "{e}"
    );
    let last = e.lines().last().unwrap();
    assert_eq!(
        last,
        "sgfconv: note: 40 records: 40 converted; 0 errors, 40 warnings (39 not shown: --diagnostics json shows every one)"
    );
    // JSON: every one.
    let out = sgfconv()
        .current_dir(dir.path())
        .args(["-r", ".", "-t", "csv", "-o", "-", "--diagnostics", "json"])
        .output()
        .unwrap();
    let e = text(&out.stderr);
    assert_eq!(e.matches("\"W375\"").count(), 40);
    assert_eq!(e.matches("EV ×1").count(), 14, "each game's own list");
}

/// The issue's case: the KGS archive of the corpus (733 games) to a CSV
/// move list prints one line per distinct finding, not 733.
#[test]
#[ignore = "reads ../shared/corpus/bulk (make test runs it when present)"]
fn the_kgs_archive_to_csv_says_each_finding_once() {
    let kgs = crate::common::shared_corpus().join("bulk/kgs-u-go/KGS-2017_01-19-733-.tar.gz");
    let out = sgfconv()
        .args([kgs.to_str().unwrap(), "-t", "csv", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let e = text(&out.stderr);
    assert_eq!(e.lines().count(), 3, "{e}");
    assert_eq!(e.matches("warning[W375").count(), 1, "{e}");
    assert!(e.contains("W375 csv-not-carried: 732 more"), "{e}");
    assert!(e.ends_with("733 records: 733 converted; 0 errors, 733 warnings (732 not shown: --diagnostics json shows every one)\n"), "{e}");
}

#[test]
fn max_diagnostics_bounds_a_code_over_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    for k in 0..6 {
        // Three unescaped brackets in each file: each has its place.
        let game = "(;GM[1]C[a]b]C[c]d]C[e]f];B[pd])";
        std::fs::write(dir.path().join(format!("g{k}.sgf")), game).unwrap();
    }
    let count = |args: &[&str]| {
        let mut all = vec!["check", "-r", "."];
        all.extend_from_slice(args);
        let out = sgfconv()
            .current_dir(dir.path())
            .args(&all)
            .output()
            .unwrap();
        let e = text(&out.stderr);
        (e.matches("warning[W012").count(), e)
    };
    let (n, e) = count(&["--max-diagnostics", "5"]);
    assert_eq!(n, 5, "{e}");
    assert!(
        e.contains("W012 unescaped-bracket: 13 more not shown"),
        "{e}"
    );
    let (n, e) = count(&["--max-diagnostics", "0"]);
    assert_eq!(n, 18, "{e}");
    assert!(!e.contains("more not shown"), "{e}");
    let (n, _) = count(&[]);
    assert_eq!(n, 18, "the default shows 100 of a code");
}

#[test]
fn quiet_still_shows_errors_within_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    for k in 0..4 {
        std::fs::write(dir.path().join(format!("g{k}.sgf")), "(;GM[1]C[cut").unwrap();
    }
    let out = sgfconv()
        .current_dir(dir.path())
        .args(["-q", "--max-diagnostics", "2", "-r", ".", "-d", "out"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e = text(&out.stderr);
    assert_eq!(e.matches("error[E006").count(), 2, "{e}");
    assert!(
        e.contains("E006 unterminated-value: 2 more not shown"),
        "{e}"
    );
    assert!(!e.contains("warning["), "{e}");
    assert!(e.contains("4 records: 4 converted; 4 errors"), "{e}");
}
