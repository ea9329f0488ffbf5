//! The command under hostile conditions (safety and bounded memory): a run ended by a signal
//! leaves no temporary file and the old output as it was; control
//! characters from names and records never reach the terminal raw; a
//! closed or full stderr never changes the exit status; CSV text
//! cells are defused with `--csv-safe`.

use crate::common;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn sgfconv(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sgfconv"));
    c.current_dir(dir);
    c
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
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

/// `n` games of 100 moves each.
fn games(n: usize) -> String {
    let mut s = String::new();
    for g in 0..n {
        s.push_str(&format!("(;GM[1]FF[4]SZ[19]PB[Black {g}]PW[White]"));
        for m in 0..100u8 {
            let colour = if m % 2 == 0 { 'B' } else { 'W' };
            let (x, y) = ((b'a' + m % 19) as char, (b'a' + m / 19) as char);
            s.push_str(&format!(";{colour}[{x}{y}]C[move {m}]"));
        }
        s.push_str(")\n");
    }
    s
}

/// Waits until `child` holds a file open in `dir` (its output, named or
/// not): it is then mid-run.
#[cfg(target_os = "linux")]
fn wait_for_output_open(child: &Child, dir: &Path) {
    let dir = dir.canonicalize().unwrap();
    let fds = PathBuf::from(format!("/proc/{}/fd", child.id()));
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        if let Ok(entries) = std::fs::read_dir(&fds) {
            for e in entries.flatten() {
                if std::fs::read_link(e.path()).is_ok_and(|l| l.starts_with(&dir)) {
                    return;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("the conversion never opened its output");
}

/// `sgfconv` in `dir` with SIGINT, SIGTERM and SIGHUP at their default
/// handling ([`common::with_default_signals`]).
#[cfg(target_os = "linux")]
fn with_default_signals(dir: &Path) -> Command {
    let mut c = common::with_default_signals();
    c.current_dir(dir);
    c
}

/// Starts `sgfconv ARGS` reading a slow stdin (games written, the pipe left
/// open), in a folder where `old` outputs already exist; returns once it
/// is mid-run.
#[cfg(target_os = "linux")]
fn mid_run(args: &[&str], old: &[&str], named: bool) -> (tempfile::TempDir, Child) {
    let dir = tempfile::tempdir().unwrap();
    for o in old {
        std::fs::write(dir.path().join(o), "old").unwrap();
    }
    let mut c = with_default_signals(dir.path());
    c.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if named {
        c.env("SGFCONV_NAMED_TEMP", "1");
    }
    let mut child = c.spawn().unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(games(300).as_bytes())
        .unwrap();
    wait_for_output_open(&child, dir.path());
    (dir, child)
}

/// Sends `sig` to `child`, and checks it ended by that signal, leaving the
/// folder as it was.
#[cfg(target_os = "linux")]
fn kill_and_check(dir: &Path, mut child: Child, sig: i32, old: &[&str]) {
    use std::os::unix::process::ExitStatusExt;
    // SAFETY: `kill` on the id of a child we have not waited for.
    assert_eq!(unsafe { libc::kill(child.id() as i32, sig) }, 0);
    let status = child.wait().unwrap();
    assert_eq!(
        status.signal(),
        Some(sig),
        "ended by signal {sig}: {status:?}"
    );
    let mut expected: Vec<String> = old.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(names(dir), expected, "after signal {sig}");
    for o in old {
        assert_eq!(std::fs::read_to_string(dir.join(o)).unwrap(), "old");
    }
}

const CONVERT: &[&str] = &["-f", "sgf", "-j", "1", "-", "out.sgf"];

#[cfg(target_os = "linux")]
#[test]
fn a_conversion_ended_by_a_signal_leaves_no_temporary_file() {
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGKILL] {
        let (dir, child) = mid_run(CONVERT, &["out.sgf"], false);
        kill_and_check(dir.path(), child, sig, &["out.sgf"]);
    }
}

/// Where unnamed files cannot be made, named ones are removed by the
/// signal handler.
#[cfg(target_os = "linux")]
#[test]
fn named_temporary_files_are_removed_on_a_signal() {
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let (dir, child) = mid_run(CONVERT, &["out.sgf"], true);
        kill_and_check(dir.path(), child, sig, &["out.sgf"]);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_games_table_leaves_no_temporary_file_either() {
    let args = &[
        "-f",
        "sgf",
        "-j",
        "1",
        "-t",
        "csv",
        "--games-csv",
        "games.csv",
        "-",
        "moves.csv",
    ];
    let old = &["games.csv", "moves.csv"];
    for named in [false, true] {
        for sig in [libc::SIGINT, libc::SIGTERM] {
            let (dir, child) = mid_run(args, old, named);
            kill_and_check(dir.path(), child, sig, old);
        }
    }
}

/// `nohup`: a signal ignored at the start stays ignored, and the run
/// finishes.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_ignored_at_the_start_stays_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new("sh")
        .current_dir(dir.path())
        .arg("-c")
        .arg(format!(
            "trap '' HUP; exec '{}' -f sgf - out.sgf",
            env!("CARGO_BIN_EXE_sgfconv")
        ))
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(games(10).as_bytes()).unwrap();
    wait_for_output_open(&child, dir.path());
    // SAFETY: `kill` on the id of a child we have not waited for.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGHUP) }, 0);
    std::thread::sleep(Duration::from_millis(100));
    drop(input);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(std::fs::read_to_string(dir.path().join("out.sgf"))
        .unwrap()
        .contains("Black 9"));
}

#[test]
fn old_temporary_files_beside_the_output_are_noted_not_removed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".sgfconv-Ab12.tmp"), "left").unwrap();
    std::fs::write(dir.path().join("in.sgf"), games(1)).unwrap();
    let out = sgfconv(dir.path())
        .args(["in.sgf", "out.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(".sgfconv-Ab12.tmp"),
        "{}",
        stderr(&out)
    );
    assert!(dir.path().join(".sgfconv-Ab12.tmp").exists());
    // Quiet: no note.
    let out = sgfconv(dir.path())
        .args(["-q", "in.sgf", "out.sgf"])
        .output()
        .unwrap();
    assert_eq!(stderr(&out), "");
}

/// A byte or character that must not reach a terminal raw.
fn raw_control(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c.is_control() && c != '\n')
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    })
}

/// A file whose name sets the terminal's title, holding a record whose
/// values do the same, clear the screen, hide text and reverse a line.
fn hostile_folder() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let name = "a\u{1b}]0;pwned\u{7}.sgf".to_string();
    let record = "(;GM[1]FF[4]SZ[19]DT[\u{1b}]0;pwned\u{7}]KM[\u{1b}[2J\u{9b}1m]\
                  RE[\u{202e}B+R]C[\u{1b}]0;pwned\u{7}];B[zz\u{1b}[8m])";
    std::fs::write(dir.path().join(&name), record).unwrap();
    (dir, name)
}

#[test]
fn diagnostics_never_write_control_characters_raw() {
    let (dir, name) = hostile_folder();
    let runs: &[&[&str]] = &[
        &[&name, "out.sgf"],
        &["-v", &name, "out.sgf"],
        &["--diagnostics", "json", &name, "out.sgf"],
        &["check", "--summary", &name],
        &["check", "--summary", "--diagnostics", "json", &name],
        &["check", "--fix", &name],
        // Usage errors quote names too.
        &["missing\u{1b}[2J.sgf", "out.sgf"],
        &["-f", "sgf", &name, "out\u{1b}]0;x\u{7}/no/such/dir/out.sgf"],
    ];
    for args in runs {
        let out = sgfconv(dir.path()).args(*args).output().unwrap();
        let (err, text) = (stderr(&out), String::from_utf8_lossy(&out.stdout));
        assert!(!err.is_empty(), "{args:?} says something");
        assert_eq!(raw_control(&err), None, "{args:?}: {err}");
        assert_eq!(raw_control(&text), None, "{args:?}: {text}");
    }
    // `check --fix` above set the illegal komi aside: a fresh record.
    let (dir, name) = hostile_folder();
    let out = sgfconv(dir.path())
        .args([&name, "out.sgf"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(err.contains("a\\u{1b}]0;pwned\\u{7}.sgf:"), "{err}");
    // The C0 controls of a value are dropped by the reader (E105, which
    // names the byte); a C1 control, two bytes of UTF-8, is shown escaped.
    assert!(err.contains("byte 0x1B in a value"), "{err}");
    assert!(err.contains("KM[[2J\\u{9b}1m]"), "{err}");
}

#[test]
fn json_diagnostics_keep_the_values_but_nothing_raw() {
    let (dir, name) = hostile_folder();
    let out = sgfconv(dir.path())
        .args(["--diagnostics", "json", &name, "out.sgf"])
        .output()
        .unwrap();
    let err = stderr(&out);
    // JSON escapes C0 itself; C1 and the bidirectional controls too.
    assert_eq!(raw_control(&err), None, "{err}");
    let komi = err
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["code"] == "W507")
        .expect("a komi diagnostic");
    assert_eq!(komi["file"], name.as_str());
    assert!(komi["message"]
        .as_str()
        .unwrap()
        .contains("KM[[2J\u{9b}1m]"));
}

/// `--csv-safe`: every text cell that a spreadsheet would run is defused,
/// in both lists; numbers stay numbers.
#[test]
fn csv_safe_defuses_text_cells_and_leaves_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let record = "(;GM[1]FF[4]SZ[19]KM[-5]HA[2]PB[=HYPERLINK(\"http://x\")]PW[@SUM(A1)]\
                  EV[+1]RO[-2]RU[=Japanese];B[aa]BL[-3.5]C[=1+2];W[bb]C[-5])";
    std::fs::write(dir.path().join("=in.sgf"), record).unwrap();
    let args = ["--csv-safe", "--games-csv", "g.csv", "=in.sgf", "m.csv"];
    let out = sgfconv(dir.path()).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let cells = |file: &str| -> Vec<csv::StringRecord> {
        csv::Reader::from_path(dir.path().join(file))
            .unwrap()
            .records()
            .map(|r| r.unwrap())
            .collect()
    };
    let moves = cells("m.csv");
    assert_eq!(&moves[0][8], "-3.5", "time_left is a number");
    assert_eq!(&moves[0][9], "'=1+2");
    assert_eq!(&moves[1][9], "'-5", "a comment is text");
    let named = |name: &str| -> String {
        let mut list = csv::Reader::from_path(dir.path().join("g.csv")).unwrap();
        let at = list.headers().unwrap().iter().position(|h| h == name);
        let row = list.records().next().unwrap().unwrap();
        row[at.unwrap_or_else(|| panic!("no column {name}"))].to_string()
    };
    let expected = [
        ("file", "'=in.sgf"),
        ("index", "0"),
        ("size", "19"),
        ("komi", "-5"),
        ("handicap", "2"),
        ("rules", "'=Japanese"),
        ("black", "'=HYPERLINK(\"http://x\")"),
        ("white", "'@SUM(A1)"),
        ("event", "'+1"),
        ("round", "'-2"),
    ];
    for (col, cell) in expected {
        assert_eq!(named(col), cell, "column {col}");
    }
    // Without the option the cells are as they were.
    let out = sgfconv(dir.path()).args(&args[1..]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(named("black"), "=HYPERLINK(\"http://x\")");
}

/// A special file named as the output is written in place, never replaced
/// by a regular file: a FIFO (read by another process as the conversion
/// writes), and a private device node made with `mknod` (root only).
#[cfg(unix)]
#[test]
fn a_fifo_named_as_the_output_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.sgf"), "(;GM[1]KM[6,5];B[pd])").unwrap();
    let fifo = dir.path().join("out.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("a_fifo_named_as_the_output_is_written_in_place: SKIPPED: mkfifo failed");
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = sgfconv(dir.path())
        .args(["in.sgf", "out.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let got = String::from_utf8(reader.join().unwrap()).unwrap();
    assert!(got.contains("KM[6.5]"), "{got}");
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced");
    assert_eq!(names(dir.path()), ["in.sgf", "out.sgf"]);
}

#[cfg(target_os = "linux")]
#[test]
fn a_private_device_node_named_as_the_output_is_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.sgf"), "(;GM[1];B[pd])").unwrap();
    let node = dir.path().join("null");
    // A character device with /dev/null's numbers (1, 3), private to the test.
    let made = Command::new("mknod")
        .arg(&node)
        .args(["c", "1", "3"])
        .status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!(
            "a_private_device_node_named_as_the_output_is_never_replaced: SKIPPED: \
             mknod failed (not root, or no permission to make devices here)"
        );
        return;
    }
    for args in [
        &["in.sgf", "null"][..],
        &["-t", "csv", "--games-csv", "null", "in.sgf", "-"],
    ] {
        let out = sgfconv(dir.path()).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let kind = std::fs::symlink_metadata(&node).unwrap().file_type();
        assert!(
            kind.is_char_device(),
            "{args:?}: the device node was replaced"
        );
    }
    assert_eq!(names(dir.path()), ["in.sgf", "null"]);
}

/// The write end of a pipe whose reader is gone (`2>&1 | true` once `true`
/// has ended): every write to it fails with `EPIPE`.
#[cfg(target_os = "linux")]
fn dead_pipe() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let end = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(end)
}

/// A closed pipe or a full device as stderr never makes a run panic: the
/// converter, `check` and `migrate` (its summary, its failures under `-q`,
/// its JSON summary) end with the status they give with a working stderr.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_or_full_stderr_never_changes_the_exit_status() {
    let t = tempfile::tempdir().unwrap();
    let p = t.path();
    std::fs::create_dir(p.join("src")).unwrap();
    std::fs::write(p.join("src/a.sgf"), games(2)).unwrap();
    std::fs::write(p.join("src/bad.sgf"), "(;GM[1]SZ[19];B[pd]C[\u{1}").unwrap();
    let runs: [&[&str]; 6] = [
        &["src/a.sgf", "-o", "a.json"],
        &["check", "src/bad.sgf"],
        &["migrate", "src", "dst"],
        &["migrate", "--force", "-q", "src", "dst"],
        &["migrate", "--force", "--diagnostics", "json", "src", "dst"],
        &["migrate", "no-such-src", "dst"],
    ];
    for args in runs {
        let want = sgfconv(p).args(args).output().unwrap().status.code();
        assert!(matches!(want, Some(0..=2)), "{args:?}: {want:?}");
        let stderrs: [(&str, Stdio); 2] = [
            ("closed pipe", dead_pipe()),
            (
                "/dev/full",
                std::fs::File::create("/dev/full").unwrap().into(),
            ),
        ];
        for (what, err) in stderrs {
            let got = sgfconv(p)
                .args(args)
                .stdout(Stdio::null())
                .stderr(err)
                .status()
                .unwrap();
            assert_eq!(got.code(), want, "{args:?} with stderr a {what}");
        }
    }
}
