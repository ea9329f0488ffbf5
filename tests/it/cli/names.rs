//! Names, not refusals, under `-d DIR` (docs/cli.md, "Several inputs, one
//! output each"): two inputs with one output are numbered apart in the
//! order of the inputs, said (`W606`) and counted, or refused with
//! `--collisions refuse`; an output directory inside the input tree is
//! never read as input (run twice); an archive's first folder of its own
//! name is not doubled; an output name that says no format is refused
//! naming every extension sgfconv writes; `--help` and the crate
//! description name the pictures. Each test runs the binary as a user
//! would.

use crate::common::archive_kit::{gz, tar_of, zip_of};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const GAME_A: &str = "(;FF[4]GM[1]SZ[19]DT[2020-01-02]PB[Alice];B[pd];W[dp])\n";
const GAME_B: &str = "(;FF[4]GM[1]SZ[19]PB[Bob];B[dd])\n";

fn run(dir: &Path, args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sgfconv"));
    c.current_dir(dir).stdin(Stdio::null());
    c.args(args).output().unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// The files under `dir`, relative, sorted, `/`-separated.
fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap();
            rel.to_string_lossy().replace('\\', "/")
        })
        .collect();
    v.sort();
    v
}

/// `games/x.gib` (Alice's game, written by sgfconv) and `games/x.sgf`
/// (Bob's): one output name for two inputs.
fn twins(dir: &Path) {
    write(dir, "games/x.sgf", GAME_A.as_bytes());
    let o = run(dir, &["-q", "games/x.sgf", "games/x.gib"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    write(dir, "games/x.sgf", GAME_B.as_bytes());
}

#[test]
fn two_inputs_with_one_output_are_numbered_in_order_said_and_counted() {
    let d = tempfile::tempdir().unwrap();
    twins(d.path());
    let o = run(d.path(), &["-r", "-d", "out", "games"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // The walk's order: x.gib before x.sgf.
    assert_eq!(files(&d.path().join("out")), ["x (2).sgf", "x.sgf"]);
    assert!(read(d.path(), "out/x.sgf").contains("PB[Alice]"));
    assert!(read(d.path(), "out/x (2).sgf").contains("PB[Bob]"));
    let e = err(&o);
    let said = format!(
        "sgfconv: {}: {} has the output {}: written to {}\n",
        Path::new("games").join("x.sgf").display(),
        Path::new("games").join("x.gib").display(),
        Path::new("out").join("x.sgf").display(),
        Path::new("out").join("x (2).sgf").display(),
    );
    assert!(e.contains(&said), "{e}");
    assert!(
        e.contains("2 records: 2 converted, 1 written under a numbered name; 0 errors, 1 warnings"),
        "{e}"
    );
    // As a JSON line, a warning of its own code.
    let o = run(
        d.path(),
        &["--diagnostics", "json", "-r", "-d", "out2", "games"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let e = err(&o);
    assert!(
        e.contains("\"code\":\"W606\"") && e.contains("\"severity\":\"warning\""),
        "{e}"
    );
    // -q: no warning said, none counted aloud.
    let o = run(d.path(), &["-q", "-r", "-d", "out4", "games"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(err(&o), "");
    assert_eq!(files(&d.path().join("out4")), ["x (2).sgf", "x.sgf"]);
    // Named in the other order, the other one is numbered.
    let o = run(d.path(), &["-d", "out3", "games/x.sgf", "games/x.gib"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(read(d.path(), "out3/x.sgf").contains("PB[Bob]"));
    assert!(read(d.path(), "out3/x (2).sgf").contains("PB[Alice]"));
}

#[test]
fn collisions_refuse_gives_the_refusal_back_and_needs_d() {
    let d = tempfile::tempdir().unwrap();
    twins(d.path());
    let o = run(
        d.path(),
        &["--collisions", "refuse", "-r", "-d", "out", "games"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(
        err(&o).contains("would both be written to") && err(&o).contains("nothing written"),
        "{}",
        err(&o)
    );
    assert!(!d.path().join("out").exists(), "nothing written");
    let o = run(d.path(), &["--collisions", "refuse", "games/x.sgf"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("--out-dir"), "{}", err(&o));
}

#[test]
fn name_templates_name_outputs_from_game_info_in_their_input_directory() {
    let d = tempfile::tempdir().unwrap();
    twins(d.path());
    write(
        d.path(),
        "games/sub/c.sgf",
        b"(;FF[4]GM[1]SZ[19]DT[2016-03-13]PB[Lee Sedol]PW[Alpha/Go];B[pd])",
    );
    write(d.path(), "games/sub/d.sgf", GAME_A.as_bytes());
    let members = [("Pro/7p/e.sgf", GAME_B.as_bytes().to_vec())];
    write(d.path(), "games/Pro.zip", &zip_of(&members));
    let template = "{DT} {PB} vs {PW}";
    let o = run(d.path(), &["-r", "-d", "out", "--name", template, "games"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        files(&d.path().join("out")),
        [
            "2020-01-02 Alice vs.sgf",
            "Bob vs.sgf",
            "Pro/7p/Bob vs.sgf",
            "sub/2016-03-13 Lee Sedol vs Alpha_Go.sgf",
            "sub/2020-01-02 Alice vs.sgf",
        ]
    );
    // x.gib (read ahead as GIB) and x.sgf: each named by its own game.
    assert!(read(d.path(), "out/Bob vs.sgf").contains("PB[Bob]"));
    // Two games named alike in one directory: numbered, said, counted.
    let o = run(
        d.path(),
        &[
            "-d",
            "out2",
            "--name",
            "{PB}",
            "games/x.sgf",
            "games/sub/d.sgf",
            "games/x.gib",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        files(&d.path().join("out2")),
        ["Alice (2).sgf", "Alice.sgf", "Bob.sgf"]
    );
    assert!(read(d.path(), "out2/Alice (2).sgf").contains("PB[Alice]"));
    assert!(
        err(&o).contains("1 written under a numbered name"),
        "{}",
        err(&o)
    );
    // Under --collisions refuse, the record whose name is taken is not
    // written; the others are.
    let o = run(
        d.path(),
        &[
            "-d",
            "out3",
            "--collisions",
            "refuse",
            "--name",
            "{PB}",
            "games/x.sgf",
            "games/sub/d.sgf",
            "games/x.gib",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(files(&d.path().join("out3")), ["Alice.sgf", "Bob.sgf"]);
    assert!(
        err(&o).contains("not written (--collisions refuse)"),
        "{}",
        err(&o)
    );
    // A template needs -d.
    let o = run(d.path(), &["--name", "{PB}", "games/x.sgf"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("--out-dir"), "{}", err(&o));
}

#[test]
fn an_output_directory_inside_the_input_tree_is_never_read_as_input() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "games/a.sgf", GAME_A.as_bytes());
    write(d.path(), "games/sub/b.sgf", GAME_B.as_bytes());
    let want = ["a.sgf", "sub/b.sgf"];
    for round in 1..=2 {
        let o = run(d.path(), &["-r", "-d", "games/out", "games"]);
        assert_eq!(o.status.code(), Some(0), "round {round}: {}", err(&o));
        assert_eq!(files(&d.path().join("games/out")), want, "round {round}");
        assert!(err(&o).contains("2 records: 2 converted"), "{}", err(&o));
    }
    // Named another way (./games/out, an absolute path): the same.
    let abs = d.path().join("games/out");
    let o = run(d.path(), &["-r", "-d", abs.to_str().unwrap(), "./games"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(files(&abs), want);
}

#[test]
fn an_archive_of_a_folder_of_its_own_name_is_not_doubled() {
    let d = tempfile::tempdir().unwrap();
    let members = [
        ("Pro/7p/a.sgf", GAME_A.as_bytes().to_vec()),
        ("Pro/b.sgf", GAME_B.as_bytes().to_vec()),
    ];
    write(d.path(), "Pro.zip", &zip_of(&members));
    write(d.path(), "tars/Pro.tar.gz", &gz(&tar_of(&members)));
    // Another archive's folder named Pro stays.
    write(d.path(), "Other.zip", &zip_of(&members));
    for (archive, out) in [("Pro.zip", "o1"), ("tars/Pro.tar.gz", "o2")] {
        let o = run(d.path(), &["-d", out, archive]);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        assert_eq!(files(&d.path().join(out)), ["Pro/7p/a.sgf", "Pro/b.sgf"]);
    }
    let o = run(d.path(), &["-d", "o3", "Other.zip"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        files(&d.path().join("o3")),
        ["Other/Pro/7p/a.sgf", "Other/Pro/b.sgf"]
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_fox_pro_archive_goes_to_one_folder_of_its_name() {
    let Some(pro) = crate::common::shared_path("corpus/bulk/featurecat-fox-pro/Pro.7z") else {
        return;
    };
    let d = tempfile::tempdir().unwrap();
    let o = run(d.path(), &["-q", "-d", "out", pro.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "errors in the data: {}", err(&o));
    let out = files(&d.path().join("out"));
    assert_eq!(out.len(), 9669, "one output per game");
    assert!(out.iter().all(|f| f.starts_with("Pro/")), "{:?}", &out[..3]);
    assert!(
        !out.iter().any(|f| f.starts_with("Pro/Pro/")),
        "{:?}",
        &out[..3]
    );
}

#[test]
fn an_output_name_that_says_no_format_is_refused_naming_every_extension() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.sgf", GAME_A.as_bytes());
    let o = run(d.path(), &["a.sgf", "out.pdf"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let e = err(&o);
    assert!(
        e.contains("out.pdf: the name does not say a format ("),
        "{e}"
    );
    for f in sgfconv::formats::FORMATS {
        for ext in f.extensions {
            let named = e.contains(&format!(".{ext},")) || e.contains(&format!(".{ext})"));
            assert!(named, "{} .{ext} not named: {e}", f.name);
        }
    }
    assert!(!d.path().join("out.pdf").exists());
}

#[test]
fn help_and_the_crate_description_name_the_pictures() {
    let d = tempfile::tempdir().unwrap();
    let o = run(d.path(), &["--help"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // The help is wrapped to the terminal's width: words, not lines.
    let help = String::from_utf8_lossy(&o.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let description = env!("CARGO_PKG_DESCRIPTION");
    for text in [help.as_str(), description] {
        for name in ["SVG", "PNG", "HTML", "Sensei's Library"] {
            assert!(text.contains(name), "{name} not in: {text}");
        }
    }
}
