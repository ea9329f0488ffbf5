//! The help that travels with the binary (the command for batches), by
//! running it: `sgfconv explain`, the man pages, the completions' value
//! candidates, `--help` pointing to `explain`, `{n}` in `migrate --help`.

use std::process::{Command, Output};

fn sgfconv(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn explain_takes_the_id_in_any_case_the_number_or_the_name() {
    let first = sgfconv(&["explain", "W012"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    for part in [
        "W012 unescaped-bracket",
        "warning",
        "SGF syntax (reader)",
        "formats::sgf::codes",
        "What it means:",
        "cannot end its value",
        "Example:",
        "What to do:",
    ] {
        assert!(text.contains(part), "{part} missing from:\n{text}");
    }
    for q in [
        "w012",
        "012",
        "12",
        "unescaped-bracket",
        "UNESCAPED-BRACKET",
    ] {
        let o = sgfconv(&["explain", q]);
        assert!(o.status.success(), "{q}: {}", stderr(&o));
        assert_eq!(stdout(&o), text, "{q}");
    }
}

#[test]
fn every_code_has_an_entry_with_its_whole_doc_comment() {
    let list = sgfconv(&["explain", "--list"]);
    assert!(list.status.success());
    let list = stdout(&list);
    assert_eq!(list.lines().count(), sgfconv::diag::CATALOGUE.len());
    for e in sgfconv::diag::CATALOGUE {
        let line = list
            .lines()
            .find(|l| l.starts_with(&format!("{} {} ", e.code.id, e.code.name)))
            .unwrap_or_else(|| panic!("{} not listed", e.code.id));
        assert!(line.ends_with(e.summary()), "{line}");
    }
    // Every entry explains; the text says everything the doc comment says.
    for e in sgfconv::diag::CATALOGUE.iter().step_by(17) {
        let o = sgfconv(&["explain", e.code.id]);
        assert!(o.status.success(), "{}", e.code.id);
        let words: String = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
        let meaning: String = e.meaning.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains(&meaning), "{}: {words}", e.code.id);
        assert!(words.contains(e.module), "{}", e.code.id);
    }
}

#[test]
fn an_unknown_code_exits_2_naming_the_closest() {
    let o = sgfconv(&["explain", "unescaped-braket"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = stderr(&o);
    assert!(err.contains("W012 unescaped-bracket"), "{err}");
    assert!(err.contains("sgfconv explain --list"), "{err}");
    let o = sgfconv(&["explain", "X999"]);
    assert_eq!(o.status.code(), Some(2));
    let o = sgfconv(&["explain"]);
    assert_eq!(o.status.code(), Some(2), "a code or --list is needed");
}

#[test]
fn help_points_to_explain_not_to_markdown_files() {
    for args in [
        &["--help"][..],
        &["check", "--help"],
        &["migrate", "--help"],
    ] {
        let o = sgfconv(args);
        assert!(o.status.success());
        let text = stdout(&o);
        assert!(
            !text.contains(".md"),
            "{args:?} names a markdown file:\n{text}"
        );
    }
    for args in [&["--help"][..], &["check", "--help"]] {
        let text = stdout(&sgfconv(args));
        assert!(text.contains("sgfconv explain CODE"), "{args:?}:\n{text}");
    }
}

#[test]
fn migrate_help_keeps_the_n_placeholder() {
    let text = stdout(&sgfconv(&["migrate", "--help"]));
    assert!(text.contains("{n} the game number"), "{text}");
    assert!(text.contains("{stem}") && text.contains("{XX}"), "{text}");
}

/// The long options of a subcommand (or of the command) as `--name`.
fn long_options(args: &[&str]) -> Vec<String> {
    let mut cmd = args.to_vec();
    cmd.push("--help");
    let help = stdout(&sgfconv(&cmd));
    let mut found: Vec<String> = help
        .lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| {
            let l = l.trim_start();
            // `-s, --long <V>` or `--long <V>`.
            let l = match l.as_bytes() {
                [b'-', c, b',', b' ', ..] if *c != b'-' => &l[4..],
                _ => l,
            };
            l.starts_with("--")
                .then(|| l.split([' ', '=', '<']).next().unwrap().to_string())
        })
        .collect();
    found.retain(|o| {
        o[2..].bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
            && o != "--help"
            && o != "--version"
    });
    found.dedup();
    found
}

#[test]
fn man_writes_a_page_per_subcommand_with_every_option_exit_status_and_examples() {
    let dir = tempfile::tempdir().unwrap();
    let o = sgfconv(&["man", dir.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pages = [
        ("sgfconv.1", &[][..]),
        ("sgfconv-check.1", &["check"][..]),
        ("sgfconv-variations.1", &["variations"][..]),
        ("sgfconv-migrate.1", &["migrate"][..]),
        ("sgfconv-formats.1", &["formats"][..]),
        ("sgfconv-explain.1", &["explain"][..]),
        ("sgfconv-man.1", &["man"][..]),
        ("sgfconv-completions.1", &["completions"][..]),
    ];
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = pages.iter().map(|(p, _)| p.to_string()).collect();
    expected.sort();
    assert_eq!(names, expected, "a page per subcommand");
    for (page, args) in pages {
        let text = std::fs::read_to_string(dir.path().join(page)).unwrap();
        // roff writes a dash as \-.
        let plain = text.replace("\\-", "-");
        for section in ["EXIT STATUS", "EXAMPLES", "SYNOPSIS", "SEE ALSO"] {
            assert!(plain.contains(section), "{page}: no {section}");
        }
        let options = long_options(args);
        for opt in &options {
            assert!(plain.contains(opt.as_str()), "{page}: no {opt}");
        }
        if args == ["check"] {
            for opt in ["--strict", "--no-board", "--fix", "--no-fix", "--summary"] {
                assert!(options.iter().any(|o| o == opt), "check --help: no {opt}");
            }
        }
        if args == ["migrate"] {
            assert!(options.iter().any(|o| o == "--name"), "{options:?}");
            assert!(plain.contains("{n} the game number"), "{page}");
        }
    }
    let main = std::fs::read_to_string(dir.path().join("sgfconv.1"))
        .unwrap()
        .replace("\\-", "-");
    assert!(main.contains("sgfconv-check(1)") && main.contains("sgfconv-explain(1)"));
}

#[test]
fn completions_offer_formats_rules_and_character_sets() {
    let o = sgfconv(&["completions", "bash"]);
    assert!(o.status.success());
    let bash = stdout(&o);
    assert!(
        bash.contains("\"sgf gib ugf ngf json xml jago csv sl\""),
        "formats read (-f)"
    );
    assert!(
        bash.contains("\"sgf gib ugf ngf json xml jago csv svg png html sl parquet\""),
        "formats written (-t)"
    );
    let rules = bash
        .lines()
        .find(|l| l.contains("tt-pass"))
        .expect("--no-fix candidates");
    for r in [
        "ids",
        "mojibake",
        "placement",
        "ff3",
        "fox",
        "values",
        "all",
    ] {
        assert!(rules.split(['"', ' ']).any(|w| w == r), "{r}: {rules}");
    }
    assert!(bash.contains("Shift_JIS") && bash.contains("KS_C_5601-1987"));
    for shell in ["zsh", "fish"] {
        let text = stdout(&sgfconv(&["completions", shell]));
        assert!(text.contains("tt-pass") && text.contains("jago") && text.contains("GB18030"));
    }
}

#[test]
fn hinted_values_are_still_checked_by_the_command() {
    // The candidates are hints: other labels pass clap and reach our checks.
    let o = sgfconv(&["-t", "nope"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown format 'nope' (known: sgf, gib"));
    let o = sgfconv(&["--no-fix", "nope", "-t", "sgf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--no-fix: unknown dialect rule"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_sgfconv"))
        .args(["--encoding", "x-mac-cyrillic", "-f", "sgf"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"(;GM[1])").unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(
        o.status.success(),
        "a WHATWG label outside the hints: {}",
        stderr(&o)
    );
}

#[test]
fn formats_lists_every_format_and_says_which_are_written_only() {
    let o = sgfconv(&["formats"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for f in sgfconv::formats::FORMATS {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(f.name))
            .unwrap_or_else(|| panic!("{} missing:\n{out}", f.name));
        assert_eq!(line.ends_with("(written only)"), !f.reads, "{line}");
    }
}

/// `make install` (`scripts/install.sh`, what it runs after `make build`)
/// puts the program, every man page and the bash, zsh and fish completions
/// where the system looks for them under PREFIX, and `make uninstall`
/// removes them; `man` finds the page from PREFIX (when `man` is
/// installed), and bash registers the completion.
#[test]
fn make_install_puts_the_program_its_pages_and_completions_where_found() {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("usr");
    let script = crate::common::root().join("scripts/install.sh");
    let install = |first: &[&str]| {
        Command::new(&script)
            .args(first)
            .arg(env!("CARGO_BIN_EXE_sgfconv"))
            .arg(&prefix)
            .output()
            .unwrap()
    };
    let out = install(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let files = [
        "bin/sgfconv",
        "share/man/man1/sgfconv.1",
        "share/man/man1/sgfconv-check.1",
        "share/man/man1/sgfconv-migrate.1",
        "share/bash-completion/completions/sgfconv",
        "share/zsh/site-functions/_sgfconv",
        "share/fish/vendor_completions.d/sgfconv.fish",
    ];
    for f in files {
        let meta = std::fs::metadata(prefix.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(meta.len() > 100, "{f} is {} bytes", meta.len());
    }
    let version = Command::new(prefix.join("bin/sgfconv"))
        .arg("-V")
        .output()
        .unwrap();
    assert!(
        stdout(&version).starts_with("sgfconv "),
        "{}",
        stdout(&version)
    );
    let bash = Command::new("bash")
        .arg("-c")
        .arg("source \"$1\" && complete -p sgfconv")
        .arg("bash")
        .arg(prefix.join("share/bash-completion/completions/sgfconv"))
        .output()
        .unwrap();
    assert!(
        stdout(&bash).contains("sgfconv"),
        "{}{}",
        stdout(&bash),
        stderr(&bash)
    );
    if let Ok(man) = Command::new("man")
        .args(["-w", "sgfconv-check"])
        .env("MANPATH", prefix.join("share/man"))
        .output()
    {
        if man.status.success() {
            assert!(stdout(&man).contains("sgfconv-check.1"), "{}", stdout(&man));
        }
    }
    let out = install(&["uninstall"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for f in files {
        assert!(!prefix.join(f).exists(), "{f} left after uninstall");
    }
}
