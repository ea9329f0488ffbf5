//! The README's first screen, run as a user runs it: its block of commands
//! is read from `README.md` and run by bash from the checkout, with the
//! built `sgfconv` first on `PATH`; every command must succeed (`check`,
//! `migrate` and a directory conversion may exit 1: the sample corpus holds
//! damaged records on purpose) and leave what its comment promises.

use crate::common;
use std::path::Path;
use std::process::Command;

/// The first ```sh block of the README: the first screen's commands.
fn first_screen() -> String {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    let start = readme.find("```sh\n").expect("a ```sh block") + "```sh\n".len();
    let end = start + readme[start..].find("```").expect("the block ends");
    readme[start..end].to_string()
}

#[test]
fn the_first_screen_runs_as_written() {
    let block = first_screen();
    let commands: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(commands.len() >= 7, "the first screen: {block}");
    let dir = tempfile::tempdir().unwrap();
    let statuses = dir.path().join("statuses");
    let named = dir.path().join("out");
    let mut script = String::new();
    for c in &commands {
        script.push_str(c);
        script.push_str("\necho \"$?\" >> \"$STATUSES\"\n");
    }
    script.push_str("echo \"$out\" > \"$NAMED\"\n");
    let bin = Path::new(env!("CARGO_BIN_EXE_sgfconv")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(common::root())
        .env("PATH", path)
        .env("STATUSES", &statuses)
        .env("NAMED", &named)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    let got: Vec<i32> = std::fs::read_to_string(&statuses)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(got.len(), commands.len(), "{stderr}");
    for (c, status) in commands.iter().zip(&got) {
        // Findings (exit 1) are what `check` is for; the others convert
        // the sample corpus, which holds damaged records on purpose.
        let may_find = c.contains(" check ") || c.contains(" migrate ") || c.contains(" -r ");
        let ok = *status == 0 || (may_find && *status == 1);
        assert!(ok, "exit {status}: {c}\n{stderr}");
    }
    let out = std::fs::read_to_string(&named).unwrap();
    let out = Path::new(out.trim());
    let read = |f: &str| std::fs::read_to_string(out.join(f)).unwrap_or_default();
    assert!(
        read("game.sgf").starts_with("(;"),
        "game.sgf: {}",
        read("game.sgf")
    );
    assert!(
        read("report.json").contains("\"totals\""),
        "the migration's report"
    );
    assert!(
        common::files_under(&out.join("clean"), &|p| p
            .extension()
            .is_some_and(|e| e == "sgf"))
        .len()
            > 10
    );
    let figures = common::files_under(&out.join("figures"), &|p| {
        p.extension().is_some_and(|e| e == "svg")
    });
    assert!(figures.len() >= 2, "{figures:?}");
    assert!(read("game.html").contains("<html"), "the replay page");
    assert!(read("moves.csv").starts_with("game,move,"), "the move list");
    assert!(read("games.csv").starts_with("game,"), "the games table");
    std::fs::remove_dir_all(out).unwrap();
}
