//! The command on a terminal (the command for batches), through a pseudo-terminal
//! made by util-linux `script -qfec CMD /dev/null` (skipped, saying so,
//! where it is missing): bare `sgfconv` prints a short usage and exits 2
//! instead of waiting; diagnostics are coloured on a terminal, not with
//! `NO_COLOR`, `--color never` or into a pipe, and with `--color always`
//! or `CLICOLOR_FORCE` anywhere; `check` draws the progress bar of
//! `migrate` once a run lasts a second, never with `-q` or `--diagnostics
//! json`; `--version` names the version, the commit and the formats; a
//! PNG picture or a Parquet table is never written to a terminal.

use crate::common;

use common::{sgfconv, text};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const WARNS: &[u8] = b"(;GM[1]FF[4]SZ[19]DT[yesterday];B[pd];W[dp])";

/// `script`, when it is installed.
fn script() -> Option<Command> {
    let found = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("skipped: util-linux `script` is not installed");
        return None;
    }
    Some(Command::new("script"))
}

/// A shell word for `s`.
fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Runs `sgfconv ARGS` on a pseudo-terminal (stdin, stdout and stderr),
/// with `env`; what the terminal showed, and the exit status.
fn on_terminal(args: &[&str], env: &[(&str, &str)]) -> Option<(String, Option<i32>)> {
    // `timeout`: a run that hangs fails the test instead of the suite.
    let mut cmd = format!(
        "timeout --foreground 300 {}",
        quoted(env!("CARGO_BIN_EXE_sgfconv"))
    );
    for a in args {
        cmd.push(' ');
        cmd.push_str(&quoted(a));
    }
    let mut s = script()?;
    s.args(["-qfec", &cmd, "/dev/null"])
        .env("TERM", "xterm")
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        // A user's terminal: under `CI` (as `.ci/run` sets it) anstream
        // assumes colours whatever TERM says.
        .env_remove("CI")
        .stdin(Stdio::null());
    for (k, v) in env {
        s.env(k, v);
    }
    let out = s.output().unwrap();
    Some((text(&out.stdout), out.status.code()))
}

fn file_with(dir: &Path, name: &str, content: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn bare_sgfconv_on_a_terminal_prints_a_usage_and_exits_2_at_once() {
    let started = Instant::now();
    let Some((shown, code)) = on_terminal(&[], &[]) else {
        return;
    };
    assert_eq!(code, Some(2), "{shown}");
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(shown.contains("standard input is a terminal"), "{shown}");
    assert!(shown.contains("Usage: sgfconv"), "{shown}");
    assert!(shown.contains("sgfconv --help"), "{shown}");
    // Options without an input wait no more than a bare command.
    let (shown, code) = on_terminal(&["-t", "json"], &[]).unwrap();
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains("Usage: sgfconv"), "{shown}");
    // Under --diagnostics json, one JSON line.
    let (shown, code) = on_terminal(&["--diagnostics", "json"], &[]).unwrap();
    assert_eq!(code, Some(2), "{shown}");
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 1, "{shown}");
    let v: serde_json::Value = serde_json::from_str(lines[0].trim_end()).unwrap();
    assert_eq!(v["name"], "usage-error");
    assert_eq!(v["severity"], "error");
}

#[test]
fn stdin_that_is_no_terminal_is_read_as_before() {
    let out = common::run(&[], WARNS);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("(;GM[1]"));
    assert!(!text(&out.stderr).contains("Usage"));
}

#[test]
fn diagnostics_are_coloured_on_a_terminal_only() {
    let dir = tempfile::tempdir().unwrap();
    let f = file_with(dir.path(), "w.sgf", WARNS);
    let Some((shown, code)) = on_terminal(&["check", &f], &[]) else {
        return;
    };
    assert_eq!(code, Some(0), "{shown}");
    assert!(
        shown.contains("\u{1b}[1m\u{1b}[93mwarning\u{1b}[0m"),
        "{shown:?}"
    );
    assert!(shown.contains("W504") || shown.contains("W50"), "{shown}");
    // The text is the plain text once the colours are taken out.
    let plain = sgfconv().args(["check", &f]).output().unwrap();
    let stripped = strip_ansi(&shown).replace('\r', "");
    assert_eq!(stripped, text(&plain.stderr));
    assert!(
        !text(&plain.stderr).contains('\u{1b}'),
        "a pipe gets no colour"
    );
    for (args, env) in [
        (vec!["check", &f], vec![("NO_COLOR", "1")]),
        (vec!["check", "--color", "never", &f], vec![]),
        (vec!["--color=never", &f, "/dev/null"], vec![]),
        (vec!["check", &f], vec![("TERM", "dumb")]),
    ] {
        let (shown, _) = on_terminal(&args, &env).unwrap();
        assert!(shown.contains("warning["), "{args:?} {env:?}: {shown}");
        assert!(!shown.contains('\u{1b}'), "{args:?} {env:?}: {shown:?}");
    }
}

#[test]
fn colours_can_be_forced_into_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let f = file_with(dir.path(), "w.sgf", WARNS);
    let forced = |c: &mut Command| -> String {
        let o = c.output().unwrap();
        text(&o.stderr)
    };
    let always = forced(sgfconv().args(["check", "--color", "always", &f]));
    assert!(always.contains("\u{1b}[0m"), "{always:?}");
    let env = forced(
        sgfconv()
            .args(["check", &f])
            .env_remove("NO_COLOR")
            .env("CLICOLOR_FORCE", "1"),
    );
    assert!(env.contains("\u{1b}[0m"), "{env:?}");
    // NO_COLOR wins over CLICOLOR_FORCE, --color always over both.
    let off = forced(
        sgfconv()
            .args(["check", &f])
            .env("NO_COLOR", "1")
            .env("CLICOLOR_FORCE", "1"),
    );
    assert!(!off.contains('\u{1b}'), "{off:?}");
    let json = forced(sgfconv().args(["check", "--color=always", "--diagnostics", "json", &f]));
    assert!(!json.contains('\u{1b}'), "JSON is never coloured: {json:?}");
    let bad = sgfconv().args(["--color", "sometimes"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// `text` without its ANSI escape sequences (`ESC [ ... letter`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn version_names_the_version_the_commit_and_the_formats() {
    let o = sgfconv().arg("--version").output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let v = text(&o.stdout);
    let lines: Vec<&str> = v.lines().collect();
    let first = lines[0];
    let rest = first
        .strip_prefix(&format!("sgfconv {} (commit ", env!("CARGO_PKG_VERSION")))
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{v}"));
    assert!(
        rest == "unknown" || (rest.len() >= 7 && rest.bytes().all(|b| b.is_ascii_hexdigit())),
        "{v}"
    );
    assert_eq!(
        lines[1], "formats: sgf, gib, ugf, ngf, json, xml, jago, csv, svg, png, html, sl, parquet",
        "{v}"
    );
    let short = sgfconv().arg("-V").output().unwrap();
    assert_eq!(text(&short.stdout), format!("{first}\n"));
    // In a checkout, the commit is HEAD's.
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output();
    if let Some(h) = head.ok().filter(|h| h.status.success()) {
        assert!(
            text(&h.stdout).starts_with(rest) || rest == "unknown",
            "{v}"
        );
    }
}

/// `check FILE FIFO`, the FIFO written after `wait`: a run that lasts.
fn check_with_a_slow_input(extra: &[&str], wait: Duration) -> Option<(String, Option<i32>)> {
    let dir = tempfile::tempdir().unwrap();
    let f = file_with(dir.path(), "a.sgf", WARNS);
    let fifo = dir.path().join("slow.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo failed");
        return None;
    }
    let fifo_s = fifo.to_string_lossy().into_owned();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(wait);
        std::fs::write(&fifo, b"(;GM[1]FF[4]SZ[19];B[pd])").unwrap();
    });
    let mut args = vec!["check"];
    args.extend_from_slice(extra);
    args.extend([f.as_str(), fifo_s.as_str()]);
    let r = on_terminal(&args, &[]);
    if r.is_none() {
        // Unblock the writer.
        let _ = std::fs::File::open(dir.path().join("slow.sgf"));
    }
    writer.join().unwrap();
    r
}

#[test]
fn a_long_check_shows_the_progress_bar_on_a_terminal() {
    let Some((shown, code)) = check_with_a_slow_input(&[], Duration::from_millis(2500)) else {
        return;
    };
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("1/2 files"), "no bar: {shown:?}");
    assert!(shown.contains("ETA"), "{shown:?}");
    // Diagnostics were written around it: whole lines.
    assert!(
        strip_ansi(&shown).lines().any(|l| l.contains("a.sgf:1:")),
        "{shown:?}"
    );
}

#[test]
fn no_progress_bar_with_quiet_or_json_or_a_short_run() {
    for extra in [&["-q"][..], &["--diagnostics", "json"][..]] {
        let Some((shown, code)) = check_with_a_slow_input(extra, Duration::from_millis(1800))
        else {
            return;
        };
        assert_eq!(code, Some(0), "{shown}");
        assert!(!shown.contains("files"), "{extra:?}: {shown:?}");
    }
    let Some((shown, _)) = check_with_a_slow_input(&[], Duration::ZERO) else {
        return;
    };
    assert!(
        !shown.contains("files"),
        "a quick run draws no bar: {shown:?}"
    );
}

#[test]
fn migrate_verbose_writes_its_diagnostics_around_the_bar() {
    // Two files of 6000 games, each with a warning: long enough (a debug
    // build takes seconds) for the bar to be drawn while the diagnostics
    // of the first are written, which must neither tear a line nor wait
    // forever on the bar.
    let t = tempfile::tempdir().unwrap();
    let src = t.path().join("src");
    std::fs::create_dir(&src).unwrap();
    let game: String = {
        let mut g = String::from("(;GM[1]FF[4]SZ[19]DT[yesterday]");
        for k in 0..150u8 {
            let (c, x, y) = (
                "BW".as_bytes()[k as usize % 2],
                b'a' + k % 19,
                b'a' + k / 19,
            );
            g.push_str(&format!(";{}[{}{}]", c as char, x as char, y as char));
        }
        g.push_str(")\n");
        g
    };
    let body = game.repeat(6000);
    for name in ["b.sgf", "c.sgf"] {
        std::fs::write(src.join(name), &body).unwrap();
    }
    let dst = t.path().join("dst").to_string_lossy().into_owned();
    let src = src.to_string_lossy().into_owned();
    let Some((shown, code)) = on_terminal(&["migrate", "-v", "-j", "1", &src, &dst], &[]) else {
        return;
    };
    assert_eq!(
        code,
        Some(0),
        "{}",
        &shown[shown.len().saturating_sub(2000)..]
    );
    let plain = strip_ansi(&shown);
    let warnings = plain
        .lines()
        .filter(|l| l.contains("warning[W501 date-unreadable]"))
        .count();
    assert_eq!(warnings, 12000, "every warning, each on its own line");
    assert!(
        plain.contains("2 records: 2 converted"),
        "the summary follows"
    );
}

/// A PNG is never written to a terminal: refused (exit 2) with what to do;
/// into a pipe or a file it is written as before.
#[test]
fn a_png_is_never_written_to_a_terminal() {
    let game = common::root().join("corpus/diagrams/ko.sgf");
    let game = game.to_str().unwrap();
    let Some((shown, code)) = on_terminal(&["-t", "png", game], &[]) else {
        return;
    };
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains("-t png writes binary data"), "{shown}");
    assert!(!shown.contains("PNG"), "no picture bytes: {shown}");
    // SVG is text: shown.
    let (shown, code) = on_terminal(&["-t", "svg", game], &[]).unwrap();
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("<svg"), "{shown}");
    let piped = sgfconv().args(["-t", "png", game]).output().unwrap();
    assert_eq!(piped.status.code(), Some(0));
    assert!(piped.stdout.starts_with(b"\x89PNG"));
}

/// Nor is a Parquet table (`formats/parquet.md`); into a pipe it is.
#[test]
fn a_parquet_table_is_never_written_to_a_terminal() {
    let game = common::root().join("corpus/diagrams/ko.sgf");
    let game = game.to_str().unwrap();
    let Some((shown, code)) = on_terminal(&["-t", "parquet", game], &[]) else {
        return;
    };
    assert_eq!(code, Some(2), "{shown}");
    assert!(shown.contains("-t parquet writes binary data"), "{shown}");
    assert!(shown.contains("> out.parquet"), "{shown}");
    assert!(!shown.contains("PAR1"), "no table bytes: {shown}");
    let piped = sgfconv().args(["-t", "parquet", game]).output().unwrap();
    assert_eq!(piped.status.code(), Some(0));
    assert!(piped.stdout.starts_with(b"PAR1") && piped.stdout.ends_with(b"PAR1"));
}
