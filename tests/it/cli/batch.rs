//! The command for batches and scripts: many inputs (`-o`,
//! `-d`, `-r`, `--files-from`), `check` over a whole run, where each game
//! came from, output names checked against their format, `--strict` to
//! stdout, and stderr as JSON lines under `--diagnostics json`. Each test
//! runs the binary in a temporary directory, as a user or a script would.

use std::path::Path;
use std::process::{Command, Output, Stdio};

const GAME_A: &str = "(;FF[4]GM[1]SZ[19]PB[Alice];B[pd];W[dp])\n";
const GAME_B: &str = "(;FF[4]GM[1]SZ[19]PB[Bob];B[dd])\n(;FF[4]GM[1]SZ[19]PB[Carol];B[pp])\n";
/// A game with one warning (a move off the 9×9 board) and nothing lost.
const WARNED: &str = "(;FF[4]GM[1]SZ[9];B[zz])\n";
/// A game with an error (input ends inside a value).
const BROKEN: &str = "(;FF[4]GM[1]SZ[19]C[cut";

fn sgfconv(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sgfconv"));
    c.current_dir(dir).stdin(Stdio::null());
    c
}

fn run(dir: &Path, args: &[&str]) -> Output {
    sgfconv(dir).args(args).output().unwrap()
}

fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = sgfconv(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(p, text).unwrap();
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// A GIB file made by our own writer from `sgf`.
fn gib(dir: &Path, name: &str, sgf: &str) {
    write(dir, "tmp-src.sgf", sgf);
    let o = run(dir, &["-q", "tmp-src.sgf", name]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    std::fs::remove_file(dir.join("tmp-src.sgf")).unwrap();
}

fn status(o: &Output) -> Option<i32> {
    o.status.code()
}

#[test]
fn a_two_file_glob_never_overwrites_the_second_file() {
    let d = tempfile::tempdir().unwrap();
    gib(d.path(), "a.gib", GAME_A);
    gib(d.path(), "b.gib", GAME_B.lines().next().unwrap());
    let before = read(d.path(), "b.gib");
    // `sgfconv *.gib -t sgf` with exactly two files.
    let o = run(d.path(), &["a.gib", "b.gib", "-t", "sgf"]);
    assert_eq!(status(&o), Some(2), "{}", err(&o));
    assert!(err(&o).contains("--force"), "{}", err(&o));
    assert_eq!(read(d.path(), "b.gib"), before, "b.gib untouched");
    // --force insists.
    let o = run(d.path(), &["a.gib", "b.gib", "-t", "sgf", "--force"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(read(d.path(), "b.gib").starts_with("(;"));
}

#[test]
fn out_dir_writes_one_output_per_input_and_refuses_collisions_when_asked() {
    let d = tempfile::tempdir().unwrap();
    gib(d.path(), "a.gib", GAME_A);
    write(d.path(), "x/b.sgf", GAME_B);
    write(d.path(), "y/b.sgf", GAME_A);
    let o = run(d.path(), &["-q", "-d", "out", "a.gib", "x/b.sgf"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(read(d.path(), "out/a.sgf").contains("PB[Alice]"));
    assert!(read(d.path(), "out/b.sgf").contains("PB[Carol]"));
    // Two inputs named b.sgf, under --collisions refuse: nothing written
    // (numbered apart by default: tests/it/cli/names.rs).
    let o = run(
        d.path(),
        &["-d", "out2", "--collisions", "refuse", "x/b.sgf", "y/b.sgf"],
    );
    assert_eq!(status(&o), Some(2), "{}", err(&o));
    assert!(err(&o).contains("would both be written"), "{}", err(&o));
    assert!(!d.path().join("out2").exists());
    // -d next to the inputs: the output would be the input itself.
    let o = run(d.path(), &["-d", "x", "x/b.sgf"]);
    assert_eq!(status(&o), Some(2), "{}", err(&o));
    assert!(
        err(&o).contains("never writes over its input"),
        "{}",
        err(&o)
    );
    assert_eq!(read(d.path(), "x/b.sgf"), GAME_B);
    // Another format, named by -t, gets its own extension.
    let o = run(
        d.path(),
        &["-q", "-d", "j", "-t", "json", "--json-lines", "a.gib"],
    );
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(d.path().join("j/a.jsonl").exists());
}

#[test]
fn several_inputs_make_one_collection_for_formats_that_hold_several_games() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", GAME_A);
    gib(d.path(), "b.gib", GAME_B.lines().next().unwrap());
    let o = run(d.path(), &["-q", "-o", "all.sgf", "a.sgf", "b.gib"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    let all = read(d.path(), "all.sgf");
    assert_eq!(all.matches("(;").count(), 2, "{all}");
    assert!(all.find("Alice").unwrap() < all.find("Bob").unwrap());
    // Three paths and no -o: a collection on stdout.
    write(d.path(), "c.sgf", GAME_B);
    let o = run(d.path(), &["-q", "a.sgf", "b.gib", "c.sgf"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert_eq!(out(&o).matches("(;").count(), 4);
    // A one-game format cannot hold them.
    let o = run(d.path(), &["-o", "all.gib", "a.sgf", "c.sgf"]);
    assert_eq!(status(&o), Some(2), "{}", err(&o));
    assert!(err(&o).contains("-d"), "{}", err(&o));
    assert!(!d.path().join("all.gib").exists());
}

#[test]
fn each_game_says_which_file_it_came_from_and_its_index_there() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", GAME_A);
    write(d.path(), "b.sgf", GAME_B);
    let o = run(
        d.path(),
        &[
            "-q",
            "-o",
            "-",
            "-t",
            "json",
            "--json-lines",
            "a.sgf",
            "b.sgf",
        ],
    );
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    let games: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let origin: Vec<(u64, &str, u64)> = games
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().unwrap(),
                g["file"].as_str().unwrap(),
                g["index"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        origin,
        vec![(0, "a.sgf", 0), (1, "b.sgf", 0), (2, "b.sgf", 1)]
    );
    // The move lists and the games table say the same.
    let o = run(
        d.path(),
        &[
            "-q",
            "-o",
            "-",
            "-t",
            "json",
            "--moves",
            "--json-lines",
            "b.sgf",
        ],
    );
    assert!(out(&o)
        .lines()
        .nth(1)
        .unwrap()
        .starts_with(r#"{"game":1,"file":"b.sgf","index":1,"#));
    let o = run(
        d.path(),
        &[
            "-q",
            "--games-csv",
            "g.csv",
            "-o",
            "m.csv",
            "a.sgf",
            "b.sgf",
        ],
    );
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    let rows: Vec<String> = read(d.path(), "g.csv").lines().map(String::from).collect();
    assert!(rows[0].starts_with("game,file,index,"), "{}", rows[0]);
    assert!(rows[3].starts_with("2,b.sgf,1,"), "{}", rows[3]);
}

#[test]
fn directories_need_r_and_give_their_records_in_any_case() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "arch/A.SGF", GAME_A);
    write(d.path(), "arch/sub/b.sgf", GAME_B);
    write(d.path(), "arch/notes.txt", "not a record");
    let o = run(d.path(), &["-d", "out", "arch"]);
    assert_eq!(status(&o), Some(2));
    assert!(err(&o).contains("-r"), "{}", err(&o));
    let o = run(d.path(), &["-r", "-d", "out", "arch"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(
        err(&o).contains("1 files under the directories have no record extension"),
        "{}",
        err(&o)
    );
    assert!(read(d.path(), "out/A.sgf").contains("Alice"));
    assert!(read(d.path(), "out/sub/b.sgf").contains("Carol"));
}

/// One extension rule for every name (`Format::from_path`, docs/cli.md,
/// "Inputs"): the last extension, in any case, else an earlier one behind a
/// suffix that names nothing. `-r` takes `x.sgf.bak` as `migrate` does, and
/// an output named `all.json.part` is JSON.
#[test]
fn a_suffix_that_names_nothing_is_looked_through_under_r_and_in_output_names() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "arch/a.sgf", GAME_A);
    write(d.path(), "arch/b.sgf.bak", GAME_B);
    write(d.path(), "arch/notes.txt", "not a record");
    let o = run(d.path(), &["-r", "-d", "out", "arch"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(
        err(&o).contains("1 files under the directories"),
        "{}",
        err(&o)
    );
    assert!(read(d.path(), "out/b.sgf.sgf").contains("Carol"));
    let o = run(d.path(), &["arch/a.sgf", "all.json.part"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(read(d.path(), "all.json.part").starts_with("{\"format\":\"sgfconv\""));
    // A name that says no format at all is still refused without -t.
    let o = run(d.path(), &["arch/a.sgf", "all.part"]);
    assert_eq!(status(&o), Some(2));
    assert!(err(&o).contains("name one with -t"), "{}", err(&o));
}

#[test]
fn files_from_reads_a_list_by_lines_or_nul_and_from_stdin() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", GAME_A);
    write(d.path(), "b c.sgf", GAME_B);
    write(d.path(), "list.txt", "a.sgf\nb c.sgf\n");
    let o = run(
        d.path(),
        &["-q", "--files-from", "list.txt", "-o", "all.sgf"],
    );
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert_eq!(read(d.path(), "all.sgf").matches("(;").count(), 3);
    let o = run_in(
        d.path(),
        &["check", "--summary", "--files-from", "-", "-0"],
        b"a.sgf\0b c.sgf\0",
    );
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(out(&o).contains("total: 2 files"), "{}", out(&o));
    // The list and the data cannot both be stdin.
    let o = run_in(d.path(), &["--files-from", "-", "-"], b"a.sgf\n");
    assert_eq!(status(&o), Some(2));
}

#[test]
fn check_gives_one_summary_for_the_run_and_l_lists_files_with_findings() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "t/clean.sgf", GAME_A);
    write(d.path(), "t/warned.sgf", WARNED);
    write(d.path(), "t/broken.sgf", BROKEN);
    let o = run(d.path(), &["check", "-q", "-r", "--summary", "t"]);
    assert_eq!(status(&o), Some(1), "{}", err(&o));
    let s = out(&o);
    assert_eq!(s.matches("total:").count(), 1, "{s}");
    assert!(s.contains("total: 3 files"), "{s}");
    assert!(s.contains("files with errors: 1"), "{s}");
    assert!(s.contains("errors: t/broken.sgf"), "{s}");
    // -l: only the names, no diagnostics.
    let o = run(d.path(), &["check", "-l", "-r", "t"]);
    assert_eq!(status(&o), Some(1));
    assert_eq!(out(&o), "t/broken.sgf\nt/warned.sgf\n");
    assert_eq!(err(&o), "");
    // The summary as one JSON object.
    let o = run(
        d.path(),
        &["check", "--summary", "--diagnostics", "json", "-r", "t"],
    );
    let last = out(&o).lines().last().unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(v["files"], 3);
    assert_eq!(v["most_errors"][0]["file"], "t/broken.sgf");
}

#[test]
fn strict_to_stdout_writes_nothing_when_it_fails() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "w.sgf", WARNED);
    write(d.path(), "a.sgf", GAME_A);
    let o = run(d.path(), &["--strict", "w.sgf"]);
    assert_eq!(status(&o), Some(1), "{}", err(&o));
    assert_eq!(out(&o), "", "nothing on stdout");
    let o = run(d.path(), &["--strict", "a.sgf"]);
    assert_eq!(status(&o), Some(0));
    assert!(out(&o).contains("PB[Alice]"));
    let o = run(d.path(), &["--strict", "-o", "-", "a.sgf", "w.sgf"]);
    assert_eq!(status(&o), Some(1));
    assert_eq!(out(&o), "");
}

#[test]
fn under_diagnostics_json_every_stderr_line_is_json() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "w.sgf", WARNED);
    write(d.path(), "broken.sgf", BROKEN);
    let cases: &[&[&str]] = &[
        &["--diagnostics", "json", "--no-such-option"],
        &["--diagnostics=json", "-t", "nope", "w.sgf"],
        &["--diagnostics", "json", "missing.sgf", "out.sgf"],
        &["--diagnostics", "json", "w.sgf", "out.pdf"],
        &[
            "--diagnostics",
            "json",
            "-v",
            "w.sgf",
            "broken.sgf",
            "x.sgf",
            "-o",
            "all.sgf",
        ],
        &[
            "check",
            "--diagnostics",
            "json",
            "w.sgf",
            "missing.sgf",
            "broken.sgf",
        ],
    ];
    for args in cases {
        let o = run(d.path(), args);
        assert_ne!(status(&o), Some(0), "{args:?}");
        let e = err(&o);
        assert!(!e.is_empty(), "{args:?}: something is said");
        for line in e.lines() {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|_| panic!("{args:?}: not JSON: {line}"));
            for field in [
                "file", "line", "column", "offset", "game", "property", "code", "name", "severity",
                "message",
            ] {
                assert!(
                    v.get(field).is_some(),
                    "{args:?}: {field} missing in {line}"
                );
            }
        }
    }
    let o = run(d.path(), &["--diagnostics", "json", "--no-such-option"]);
    let v: serde_json::Value = serde_json::from_str(err(&o).trim()).unwrap();
    assert_eq!(v["code"], "E600");
    assert_eq!(status(&o), Some(2));
}

#[test]
fn output_names_must_say_their_format() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", GAME_A);
    let o = run(d.path(), &["a.sgf", "out.pdf"]);
    assert_eq!(status(&o), Some(2));
    assert!(err(&o).contains("-t"), "{}", err(&o));
    assert!(!d.path().join("out.pdf").exists());
    let o = run(d.path(), &["-t", "json", "a.sgf", "out.pdf"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(read(d.path(), "out.pdf").starts_with('{'));
    // -t json into a new b.sgf: written, with a warning.
    let o = run(d.path(), &["-t", "json", "a.sgf", "b.sgf"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
    assert!(
        err(&o).contains("W605") || err(&o).contains("its name says sgf"),
        "{}",
        err(&o)
    );
    // A directory as the output suggests -d.
    std::fs::create_dir(d.path().join("outdir")).unwrap();
    let o = run(d.path(), &["a.sgf", "outdir"]);
    assert_eq!(status(&o), Some(2));
    assert!(err(&o).contains("outdir: is a directory"), "{}", err(&o));
    assert!(err(&o).contains("-d DIR"), "{}", err(&o));
    // Devices take any format.
    let o = run(d.path(), &["a.sgf", "/dev/null"]);
    assert_eq!(status(&o), Some(0), "{}", err(&o));
}

#[test]
fn a_file_read_as_the_wrong_format_gets_a_hint() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", GAME_A);
    let o = run(d.path(), &["-q", "-t", "json", "a.sgf", "g.json"]);
    assert_eq!(status(&o), Some(0));
    let o = run(d.path(), &["-f", "gib", "g.json", "out.sgf"]);
    assert_ne!(status(&o), Some(0));
    assert!(
        err(&o).contains("looks like JSON: try -f json"),
        "{}",
        err(&o)
    );
}

#[test]
fn games_are_numbered_from_zero_in_messages_and_data_alike() {
    let d = tempfile::tempdir().unwrap();
    // The second game has a variation the CSV move list cannot carry.
    write(
        d.path(),
        "v.sgf",
        "(;FF[4]SZ[19];B[aa])(;FF[4]SZ[19];B[pd](;W[dd])(;W[dp]))",
    );
    let o = run(d.path(), &["--diagnostics", "json", "-t", "csv", "v.sgf"]);
    let lost: Vec<serde_json::Value> = err(&o)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["code"] == "W375")
        .collect();
    assert_eq!(lost.len(), 2, "{}", err(&o));
    for v in &lost {
        let n = v["game"].as_u64().unwrap();
        let m = v["message"].as_str().unwrap();
        assert!(m.starts_with(&format!("game {n}:")), "{v}");
    }
    assert!(lost[1]["message"].as_str().unwrap().contains("variation"));
    // The row of that game in the data is game 1 too.
    assert!(out(&o).lines().any(|l| l.starts_with("1,")), "{}", out(&o));
}

#[test]
fn a_batch_goes_on_past_an_unreadable_input_and_says_so_in_its_status() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", GAME_A);
    let o = run(d.path(), &["-q", "-o", "all.sgf", "missing.sgf", "a.sgf"]);
    assert_eq!(status(&o), Some(1), "{}", err(&o));
    assert!(err(&o).contains("missing.sgf"), "{}", err(&o));
    assert!(read(d.path(), "all.sgf").contains("Alice"));
    // Nothing readable: 2, and no output.
    let o = run(
        d.path(),
        &["-q", "-o", "none.sgf", "missing.sgf", "gone.sgf"],
    );
    assert_eq!(status(&o), Some(2), "{}", err(&o));
    let o = run(d.path(), &["-q", "-d", "out", "missing.sgf", "a.sgf"]);
    assert_eq!(status(&o), Some(1), "{}", err(&o));
    assert!(d.path().join("out/a.sgf").exists());
}

#[test]
fn check_summary_names_the_twenty_files_with_most_errors() {
    let d = tempfile::tempdir().unwrap();
    for i in 0..23 {
        // File i has i + 1 values without an identifier (one error each).
        let games = format!("(;FF[4]{})", ";[x]".repeat(i + 1));
        write(d.path(), &format!("t/f{i:02}.sgf"), &games);
    }
    let o = run(d.path(), &["check", "-q", "--summary", "-r", "t"]);
    assert_eq!(status(&o), Some(1));
    let s = out(&o);
    assert!(s.contains("files with errors: 23 (most first)"), "{s}");
    assert!(s.contains("and 3 more"), "{s}");
    let listed: Vec<&str> = s.lines().filter(|l| l.contains(" errors: t/")).collect();
    assert_eq!(listed.len(), 20, "{s}");
    assert!(listed[0].ends_with("t/f22.sgf"), "{s}");
}
