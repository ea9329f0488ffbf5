//! The output layer under attack: no output is ever one of the run's
//! inputs, whatever its name (the same path, a symbolic or hard link, the
//! standard input or output), the games table of `--games-csv` included;
//! and a failed run leaves every existing file as it was.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn sgfconv(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sgfconv"));
    c.current_dir(dir);
    c
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const GIB: &str = "\\HS\r\n\\[GAMEBLACKNAME=Lee\\]\r\n\\[GAMEWHITENAME=Kim\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n119 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 15 15\r\nSTO 0 3 2 3 3\r\n\\GE\r\n";

fn folder_with(name: &str, content: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), content).unwrap();
    dir
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn games_csv_naming_the_input_is_refused_before_anything_is_written() {
    let dir = folder_with("game.gib", GIB);
    let out = sgfconv(dir.path())
        .args([
            "-t",
            "csv",
            "--games-csv",
            "game.gib",
            "game.gib",
            "moves.csv",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is the input game.gib"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(dir.path(), "game.gib"), GIB, "the input is intact");
    assert!(!dir.path().join("moves.csv").exists());
}

#[test]
fn games_csv_naming_the_output_is_refused() {
    let dir = folder_with("game.gib", GIB);
    let out = sgfconv(dir.path())
        .args(["-t", "csv", "--games-csv", "m.csv", "game.gib", "m.csv"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!dir.path().join("m.csv").exists());
}

#[test]
fn stdin_that_is_the_output_file_is_refused() {
    // `sgfconv -f gib - x.gib < x.gib`
    let dir = folder_with("x.gib", GIB);
    let input = std::fs::File::open(dir.path().join("x.gib")).unwrap();
    let out = sgfconv(dir.path())
        .args(["-f", "gib", "-", "x.gib"])
        .stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is the input <stdin>"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(dir.path(), "x.gib"), GIB);
}

#[test]
fn stdout_appending_to_the_input_is_refused() {
    // `sgfconv in.sgf >> in.sgf` read its own output until the disk was full.
    let sgf = "(;GM[1]FF[4]SZ[19];B[pd];W[dp])";
    let dir = folder_with("in.sgf", sgf);
    let append = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.path().join("in.sgf"))
        .unwrap();
    let out = sgfconv(dir.path())
        .arg("in.sgf")
        .stdout(append)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("standard output is the input in.sgf"));
    assert_eq!(read(dir.path(), "in.sgf"), sgf);
}

#[cfg(unix)]
#[test]
fn an_output_linked_to_the_input_is_refused() {
    let sgf = "(;GM[1]FF[4]SZ[19];B[pd])";
    let dir = folder_with("in.sgf", sgf);
    std::os::unix::fs::symlink("in.sgf", dir.path().join("sym.sgf")).unwrap();
    std::fs::hard_link(dir.path().join("in.sgf"), dir.path().join("hard.sgf")).unwrap();
    for out_name in ["in.sgf", "./in.sgf", "sym.sgf", "hard.sgf"] {
        let out = sgfconv(dir.path())
            .args(["in.sgf", out_name])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out_name}: {}", stderr(&out));
        assert_eq!(read(dir.path(), "in.sgf"), sgf, "{out_name}");
    }
}

#[test]
fn a_failed_run_leaves_the_output_as_it_was_and_no_temporary_file() {
    let dir = folder_with("out.sgf", "precious");
    let mut child = sgfconv(dir.path())
        .args(["-f", "sgf", "--strict", "-", "out.sgf"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A warning (a game tree left open) fails the run under --strict.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"(;GM[1]FF[4];B[pd]")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(read(dir.path(), "out.sgf"), "precious");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[cfg(target_os = "linux")]
#[test]
fn a_report_onto_a_device_is_written_in_place_never_replacing_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = folder_with("a.gib", GIB);
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::rename(dir.path().join("a.gib"), dir.path().join("src/a.gib")).unwrap();
    let out = sgfconv(dir.path())
        .args(["migrate", "-q", "src", "dst", "--report", "/dev/full"])
        .output()
        .unwrap();
    let kind = std::fs::metadata("/dev/full").unwrap().file_type();
    assert!(kind.is_char_device(), "/dev/full was replaced");
    assert_ne!(
        out.status.code(),
        Some(0),
        "a report that cannot be written fails the run"
    );
    assert!(stderr(&out).contains("/dev/full"), "{}", stderr(&out));
}

#[test]
fn an_existing_games_csv_is_kept_when_the_run_fails_and_replaced_when_it_succeeds() {
    let dir = folder_with("games.csv", "precious\n");
    std::fs::write(dir.path().join("bad.gib"), "not a record at all\n").unwrap();
    let out = sgfconv(dir.path())
        .args([
            "-t",
            "csv",
            "--games-csv",
            "games.csv",
            "bad.gib",
            "moves.csv",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(read(dir.path(), "games.csv"), "precious\n");
    assert!(!dir.path().join("moves.csv").exists());
    let names = || -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(), ["bad.gib", "games.csv"], "no temporary file left");
    std::fs::write(dir.path().join("good.gib"), GIB).unwrap();
    let out = sgfconv(dir.path())
        .args([
            "-t",
            "csv",
            "--games-csv",
            "games.csv",
            "good.gib",
            "moves.csv",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let games = read(dir.path(), "games.csv");
    assert!(
        games.starts_with("game,file,index,encoding,format,size,width,height,komi"),
        "{games}"
    );
    assert!(games.contains("Lee"), "{games}");
}

/// A symbolic link at the output's name (`-o`, or under `-d`), to a file
/// outside the directory, to a directory or to nothing, is never written
/// through nor replaced: exit 2, the link and its target as they were (the
/// one rule for links at outputs, `migrate`'s too). A link to a device is
/// written in place (`/dev/stdout` is one).
#[cfg(unix)]
#[test]
fn an_output_at_a_symbolic_link_is_refused_whatever_it_links_to() {
    use std::os::unix::fs::symlink;
    let sgf = "(;GM[1]FF[4]SZ[19];B[pd])";
    let dir = folder_with("in.sgf", sgf);
    let p = dir.path();
    for d in ["outside", "o", "d"] {
        std::fs::create_dir(p.join(d)).unwrap();
    }
    std::fs::write(p.join("outside/t"), "precious").unwrap();
    symlink("../outside/t", p.join("o/file.sgf")).unwrap();
    symlink("../outside", p.join("o/dir.sgf")).unwrap();
    symlink("../outside/none", p.join("o/dangling.sgf")).unwrap();
    symlink("../outside/t", p.join("d/in.sgf")).unwrap();
    for args in [
        &["in.sgf", "-o", "o/file.sgf"][..],
        &["in.sgf", "-o", "o/dir.sgf"],
        &["in.sgf", "-o", "o/dangling.sgf"],
        &["in.sgf", "-d", "d"],
    ] {
        let out = sgfconv(p).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let why = match args[2] {
            "o/dir.sgf" => "is a directory",
            _ => "is a symbolic link: sgfconv never writes through one",
        };
        assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
        assert_eq!(read(p, "outside/t"), "precious", "{args:?}");
        assert!(!p.join("outside/none").exists(), "{args:?}");
        assert_eq!(std::fs::read_dir(p.join("outside")).unwrap().count(), 1);
    }
    for l in ["o/file.sgf", "o/dir.sgf", "o/dangling.sgf", "d/in.sgf"] {
        let m = std::fs::symlink_metadata(p.join(l)).unwrap();
        assert!(m.file_type().is_symlink(), "{l} was replaced");
    }
    symlink("/dev/null", p.join("o/null.sgf")).unwrap();
    let out = sgfconv(p)
        .args(["in.sgf", "-o", "o/null.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(p.join("o/null.sgf"))
        .unwrap()
        .file_type()
        .is_symlink());
}

/// An SGF input with no game (`E014`: empty, text without a '(') leaves an
/// existing output untouched, as the other readers' inputs do: exit 2,
/// nothing written, for `-o` in several output formats and under `-d`.
#[test]
fn an_sgf_input_with_no_game_leaves_an_existing_output_untouched() {
    for (i, input) in ["", "no game here\n", "just text ) ] ;"].iter().enumerate() {
        let dir = folder_with("in.sgf", input);
        let p = dir.path();
        std::fs::create_dir(p.join("d")).unwrap();
        let outs = ["out.sgf", "out.json", "out.gib", "d/in.sgf"];
        for o in outs {
            std::fs::write(p.join(o), "precious").unwrap();
        }
        for args in [
            &["in.sgf", "-o", "out.sgf"][..],
            &["in.sgf", "-o", "out.json"],
            &["in.sgf", "-o", "out.gib"],
            &["in.sgf", "-d", "d"],
        ] {
            let out = sgfconv(p).args(args).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{i} {args:?}: {}", stderr(&out));
            let said = stderr(&out);
            assert!(
                said.contains("nothing written") || said.contains("no game to write"),
                "{i} {args:?}: {}",
                stderr(&out)
            );
        }
        for o in outs {
            assert_eq!(read(p, o), "precious", "input {i}: {o}");
        }
        let names = std::fs::read_dir(p).unwrap().count();
        assert_eq!(names, 5, "input {i}: no temporary file left");
    }
}
