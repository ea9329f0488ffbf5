//! `sgfconv migrate` under attack (safety and bounded memory), through the
//! binary as a user runs it:
//!
//! * `--report` never replaces an output of the run, never writes through a
//!   symbolic link to a file, never replaces an input; a device or a pipe is
//!   written in place (item 2);
//! * directories swapped for symbolic links while the run goes on never make
//!   it read a file outside SRC, write outside DST, or write inside SRC
//!   (item 4);
//! * a refused output directory is refused before anything is created: SRC
//!   is left exactly as it was (item 6).

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn sgfconv() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const GAME: &str = "(;GM[1]FF[4]SZ[19]PB[Black]PW[White];B[pd];W[dp])";

/// Every entry under `root` (directories, files, links), with its kind and,
/// for files, its contents; for links, their target.
fn entries(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        let mut rd: Vec<_> = fs::read_dir(&d).unwrap().map(|e| e.unwrap()).collect();
        rd.sort_by_key(|e| e.file_name());
        for e in rd {
            let p = e.path();
            let rel = p.strip_prefix(root).unwrap().display().to_string();
            let m = fs::symlink_metadata(&p).unwrap();
            if m.file_type().is_symlink() {
                out.push(format!(
                    "link {rel} -> {}",
                    fs::read_link(&p).unwrap().display()
                ));
            } else if m.is_dir() {
                out.push(format!("dir {rel}"));
                stack.push(p);
            } else {
                let bytes = fs::read(&p).unwrap();
                out.push(format!("file {rel} {}", String::from_utf8_lossy(&bytes)));
            }
        }
    }
    out
}

fn migrate(args: &[&Path], extra: &[&str]) -> Output {
    sgfconv()
        .arg("migrate")
        .arg("-q")
        .args(args)
        .args(extra)
        .output()
        .unwrap()
}

fn tree(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    for (p, c) in files {
        let p = src.join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, c).unwrap();
    }
    let dst = t.path().join("dst");
    (t, src, dst)
}

// ---------------------------------------------------------------------------
// Item 2: the report.

/// `--report DST/a.sgf`, where a.sgf is an output of the same run: refused
/// before anything is written, whether the output exists already or not.
#[test]
fn a_report_naming_an_output_of_the_run_is_refused() {
    let (_t, src, dst) = tree(&[("a.sgf", GAME), ("sub/b.gib.bak", GAME)]);
    // A fresh DST: nothing is created.
    for name in ["a.sgf", "A.SGF", "sub/b.sgf"] {
        let out = migrate(
            &[&src, &dst],
            &["--report", dst.join(name).to_str().unwrap()],
        );
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains("output"), "{}", stderr(&out));
        assert!(!dst.exists(), "{name}: DST was created");
    }
    // An existing output is never replaced by the report.
    let out = migrate(&[&src, &dst], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let before = entries(&dst);
    let report = dst.join("a.sgf");
    let out = migrate(
        &[&src, &dst],
        &["--force", "--report", report.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(entries(&dst), before);
    // Through `..` and a symbolic link to DST too.
    let alias = dst.parent().unwrap().join("alias");
    symlink(&dst, &alias).unwrap();
    let sneaky = alias.join("sub/../a.sgf");
    let out = migrate(
        &[&src, &dst],
        &["--force", "--report", sneaky.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(entries(&dst), before);
    // A report beside the outputs that no output can be is fine.
    let out = migrate(
        &[&src, &dst],
        &["--report", dst.join("r.json").to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(fs::read_to_string(dst.join("r.json"))
        .unwrap()
        .contains("\"files\""));
}

/// `--report` naming a symbolic link to a file (outside DST, or an input):
/// never written through; refused before the run.
#[test]
fn a_report_is_never_written_through_a_symbolic_link() {
    let (t, src, dst) = tree(&[("a.sgf", GAME)]);
    let outside = t.path().join("outside");
    fs::create_dir(&outside).unwrap();
    fs::write(outside.join("x"), "precious").unwrap();
    fs::create_dir(&dst).unwrap();
    symlink(outside.join("x"), dst.join("r.json")).unwrap();
    symlink(src.join("a.sgf"), t.path().join("to-input.json")).unwrap();
    symlink(outside.join("new.json"), dst.join("dangling.json")).unwrap();
    let src_before = entries(&src);
    let outside_before = entries(&outside);
    for report in [
        dst.join("r.json"),
        t.path().join("to-input.json"),
        dst.join("dangling.json"),
    ] {
        let out = migrate(&[&src, &dst], &["--report", report.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{report:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("symbolic link"),
            "{report:?}: {}",
            stderr(&out)
        );
        assert_eq!(entries(&src), src_before, "{report:?}");
        assert_eq!(entries(&outside), outside_before, "{report:?}");
        assert!(fs::symlink_metadata(&report)
            .unwrap()
            .file_type()
            .is_symlink());
    }
    assert!(!dst.join("a.sgf").exists(), "refused before the run");
}

/// An input as the report (a path inside SRC, or the same file through a
/// hard link outside SRC): refused, the input intact.
#[test]
fn a_report_onto_an_input_is_refused() {
    let (t, src, dst) = tree(&[("a.sgf", GAME)]);
    let hard = t.path().join("hard.json");
    fs::hard_link(src.join("a.sgf"), &hard).unwrap();
    let before = entries(&src);
    for report in [src.join("a.sgf"), src.join("new.json"), hard.clone()] {
        let out = migrate(&[&src, &dst], &["--report", report.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{report:?}: {}", stderr(&out));
        assert_eq!(entries(&src), before, "{report:?}");
        assert!(!dst.exists(), "{report:?}: refused before the run");
    }
    assert_eq!(fs::read_to_string(&hard).unwrap(), GAME);
}

/// Devices and pipes are written in place, never replaced: `/dev/stdout`
/// (a symbolic link to the standard output) and a FIFO.
#[cfg(target_os = "linux")]
#[test]
fn a_report_onto_a_pipe_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let (t, src, dst) = tree(&[("a.sgf", GAME)]);
    let out = migrate(&[&src, &dst], &["--report", "/dev/stdout"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["totals"]["converted"], 1);
    let fifo = t.path().join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIP (FIFO part): mkfifo is not available");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    let out = migrate(
        &[&src, &dst],
        &["--force", "--report", fifo.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let read = reader.join().unwrap();
    assert!(String::from_utf8_lossy(&read).contains("\"files\""));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

// ---------------------------------------------------------------------------
// Item 6: nothing is created inside SRC, not even an empty directory.

/// SRC inside DST: `archive/incoming/incoming/deep/x.sgf` mirrors to
/// `archive/incoming/deep/x.sgf`, inside SRC: refused (E455) without
/// creating `deep` (nor `deep/er`). DST inside SRC,
/// and DST that is SRC through a symbolic link: refused before anything is
/// created.
#[test]
fn a_refused_output_directory_is_never_created_inside_src() {
    let t = tempfile::tempdir().unwrap();
    let dst = t.path().join("archive");
    let src = dst.join("incoming");
    for (p, c) in [
        ("a.sgf", GAME),
        ("incoming/deep/x.sgf", GAME),
        ("incoming/deep/er/y.sgf", GAME),
    ] {
        let p = src.join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, c).unwrap();
    }
    let before = entries(&src);
    let report = t.path().join("r.json");
    let out = migrate(&[&src, &dst], &["--report", report.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(entries(&src), before, "SRC was changed");
    let v: serde_json::Value = serde_json::from_slice(&fs::read(&report).unwrap()).unwrap();
    let files = v["files"].as_array().unwrap();
    let by_source = |s: &str| {
        files
            .iter()
            .find(|f| f["source"].as_str().unwrap().ends_with(s))
            .unwrap()
    };
    assert_eq!(by_source("incoming/a.sgf")["status"], "converted");
    for f in ["incoming/deep/x.sgf", "incoming/deep/er/y.sgf"] {
        assert_eq!(by_source(f)["status"], "failed", "{f}");
        assert!(by_source(f)["reason"]
            .as_str()
            .unwrap()
            .contains("inside SRC"));
    }
    assert!(dst.join("a.sgf").is_file());

    // DST inside SRC, DST that is SRC through a link, or below such a link.
    let link = t.path().join("link");
    symlink(&src, &link).unwrap();
    for d in [src.join("out/deeper"), link.clone(), link.join("new/er")] {
        let out = migrate(&[&src, &d], &[]);
        assert_eq!(out.status.code(), Some(2), "{d:?}: {}", stderr(&out));
        assert_eq!(entries(&src), before, "{d:?}: SRC was changed");
    }
}

// ---------------------------------------------------------------------------
// Item 4: directories swapped for symbolic links during the run.

const SENTINEL: &str = "SENTINEL-OUTSIDE-SRC-7f3a";

/// The sample games of the repository (corpus/sgf), as inputs.
fn samples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sgf");
    let mut v: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.ends_with(".sgf") && !n.contains(".expected.")
        })
        // Samples that convert without an error (one that loses data makes
        // a run exit 1, which would hide what this test looks for).
        .filter(|p| {
            let diag = fs::read_to_string(p.with_extension("expected.diag")).unwrap_or_default();
            !diag.contains("error[")
        })
        .map(|p| String::from_utf8_lossy(&fs::read(p).unwrap()).into_owned())
        .collect();
    v.sort();
    assert!(!v.is_empty());
    v
}

/// Swaps each of `dirs` for a symbolic link to `to` and back, over and
/// over, until told to stop; leaves every directory in place at the end.
/// In DST the run may create a directory again in the moment between the
/// rename and the link (it makes what it needs): that directory then stays,
/// and the one set aside is left in the stash.
fn swapper(dirs: Vec<PathBuf>, to: Vec<PathBuf>, stash: PathBuf, stop: Arc<AtomicBool>) {
    // Names in the stash are never reused, across runs too.
    static ROUND: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let mut aside: Vec<Option<PathBuf>> = vec![None; dirs.len()];
    while !stop.load(Ordering::Relaxed) {
        let round = ROUND.fetch_add(1, Ordering::Relaxed);
        for (i, d) in dirs.iter().enumerate() {
            match aside[i].take() {
                Some(a) => {
                    let _ = fs::remove_file(d);
                    fs::rename(&a, d).unwrap();
                }
                None => {
                    let a = stash.join(format!("{i}-{round}"));
                    fs::rename(d, &a).unwrap();
                    match symlink(&to[i % to.len()], d) {
                        Ok(()) => aside[i] = Some(a),
                        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                        Err(e) => panic!("{e}"),
                    }
                }
            }
        }
    }
    for (i, d) in dirs.iter().enumerate() {
        if let Some(a) = aside[i].take() {
            let _ = fs::remove_file(d);
            fs::rename(a, d).unwrap();
        }
    }
}

/// Over 256 directories (more than were ever held open), some of which a
/// thread swaps for symbolic links, in SRC (to a directory outside holding
/// files of the same names with a sentinel) and in DST (to a directory
/// outside DST, and to the input directory itself), over and over while
/// the binary runs. Afterwards: nothing from outside SRC is in DST, nothing
/// was written outside DST, and every input is as it was. Repeated within
/// a time bound.
#[test]
fn directories_swapped_for_links_during_the_run_are_never_followed() {
    let samples = samples();
    let t = tempfile::tempdir().unwrap();
    let (src, dst) = (t.path().join("src"), t.path().join("dst"));
    let (outside, out_dst, stash) = (
        t.path().join("outside"),
        t.path().join("outside-dst"),
        t.path().join("stash"),
    );
    for d in [&outside, &out_dst, &stash] {
        fs::create_dir(d).unwrap();
    }
    const DIRS: usize = 300;
    const FILES: usize = 3;
    for d in 0..DIRS {
        let dir = src.join(format!("d{d:03}"));
        fs::create_dir_all(&dir).unwrap();
        for f in 0..FILES {
            fs::write(
                dir.join(format!("g{f}.sgf")),
                &samples[(d + f) % samples.len()],
            )
            .unwrap();
        }
    }
    let bait = format!("(;GM[1]FF[4]SZ[19]PB[{SENTINEL}];B[pd])");
    for f in 0..FILES {
        fs::write(outside.join(format!("g{f}.sgf")), &bait).unwrap();
    }
    fs::write(outside.join("extra.sgf"), &bait).unwrap();
    let src_before = entries(&src);
    let outside_before = entries(&outside);
    // Victims: the last directories (never among the first held open).
    let victims: Vec<usize> = (DIRS - 40..DIRS).step_by(4).collect();
    let started = Instant::now();
    let mut runs = 0;
    while runs < 2 || (runs < 6 && started.elapsed() < Duration::from_secs(3)) {
        runs += 1;
        let _ = fs::remove_dir_all(&dst);
        // A first run creates DST's directories; the attacked run writes
        // into them (`--force`), while they are swapped.
        let out = migrate(&[&src, &dst], &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let stop = Arc::new(AtomicBool::new(false));
        let src_thread = {
            let dirs = victims
                .iter()
                .map(|d| src.join(format!("d{d:03}")))
                .collect();
            let (stash, stop) = (stash.join("s"), stop.clone());
            fs::create_dir_all(&stash).unwrap();
            let to = vec![outside.clone()];
            std::thread::spawn(move || swapper(dirs, to, stash, stop))
        };
        let dst_thread = {
            let dirs = victims
                .iter()
                .map(|d| dst.join(format!("d{d:03}")))
                .collect();
            let to = victims
                .iter()
                .flat_map(|d| [out_dst.clone(), src.join(format!("d{d:03}"))])
                .collect();
            let (stash, stop) = (stash.join("d"), stop.clone());
            fs::create_dir_all(&stash).unwrap();
            std::thread::spawn(move || swapper(dirs, to, stash, stop))
        };
        let out = migrate(&[&src, &dst], &["--force", "-j", "2"]);
        stop.store(true, Ordering::Relaxed);
        src_thread.join().unwrap();
        dst_thread.join().unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
        assert_eq!(entries(&src), src_before, "run {runs}: SRC was changed");
        assert_eq!(
            entries(&outside),
            outside_before,
            "run {runs}: outside changed"
        );
        assert_eq!(
            entries(&out_dst),
            Vec::<String>::new(),
            "run {runs}: written outside DST"
        );
        for e in entries(&dst) {
            assert!(
                !e.contains(SENTINEL),
                "run {runs}: read from outside SRC: {e}"
            );
            assert!(!e.starts_with("link "), "run {runs}: {e}");
        }
    }
    eprintln!("{runs} attacked runs in {:?}", started.elapsed());
}

// ---------------------------------------------------------------------------
// Links at outputs: the one rule (`docs/migrate.md`, *Safety*), the
// converter's too (`tests/it/properties/output_safety.rs`).

/// A symbolic link at an output's name in DST (to a file outside, newer
/// than the input, or to nothing) is never taken for an up-to-date output,
/// never written through and never replaced: `E456`, exit 1, the link and
/// its target as they were, on every run.
#[test]
fn a_symbolic_link_at_an_output_is_neither_up_to_date_nor_followed() {
    let (t, src, dst) = tree(&[("a.sgf", GAME), ("b.sgf", GAME), ("c.sgf", GAME)]);
    let outside = t.path().join("outside");
    fs::create_dir(&outside).unwrap();
    fs::write(outside.join("x"), "precious").unwrap();
    fs::create_dir(&dst).unwrap();
    symlink(outside.join("x"), dst.join("a.sgf")).unwrap();
    symlink(outside.join("new"), dst.join("b.sgf")).unwrap();
    let report = t.path().join("r.json");
    for run in 0..2 {
        let out = migrate(&[&src, &dst], &["--report", report.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "run {run}: {}", stderr(&out));
        let r: serde_json::Value = serde_json::from_slice(&fs::read(&report).unwrap()).unwrap();
        let files = r["files"].as_array().unwrap();
        for name in ["a.sgf", "b.sgf"] {
            let e = files
                .iter()
                .find(|f| f["source"].as_str().unwrap().ends_with(name))
                .unwrap();
            assert_eq!(e["status"], "failed", "run {run}: {e}");
            assert!(e.to_string().contains("E456"), "run {run}: {e}");
        }
        assert_eq!(fs::read_to_string(outside.join("x")).unwrap(), "precious");
        assert!(!outside.join("new").exists(), "run {run}");
        for name in ["a.sgf", "b.sgf"] {
            let m = fs::symlink_metadata(dst.join(name)).unwrap();
            assert!(m.file_type().is_symlink(), "run {run}: {name} replaced");
        }
        assert!(fs::read_to_string(dst.join("c.sgf"))
            .unwrap()
            .contains("PB[Black]"));
    }
}
