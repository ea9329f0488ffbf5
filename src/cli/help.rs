//! The help that travels with the binary: `sgfconv explain CODE` (from
//! [`sgfconv::diag::CATALOGUE`], the source of `formats/diagnostics.md`),
//! `sgfconv formats`, the short usage of bare `sgfconv` on a terminal, the
//! man pages (`sgfconv man DIR`), the completions and the value hints they
//! offer for `-f`/`-t`, `--no-fix` and the character-set options.

use clap_mangen::roff::{bold, roman, Roff};
use sgfconv::diag::{find, Entry, CATALOGUE};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use super::args::ExplainArgs;
use super::exit::{self, EXIT_USAGE};
use super::say;
use sgfconv::formats::FORMATS;

/// Runs `sgfconv explain`.
pub fn explain(args: ExplainArgs) -> ExitCode {
    let mut out = io::stdout().lock();
    if args.list {
        for e in CATALOGUE {
            let _ = writeln!(out, "{} {:<28} {}", e.code.id, e.code.name, e.summary());
        }
        return ExitCode::SUCCESS;
    }
    let query = args.code.unwrap_or_default();
    let found = find(&query);
    if found.is_empty() {
        let near: Vec<String> = closest(&query).iter().map(|e| e.code.to_string()).collect();
        let shown = sgfconv::diag::escape_controls(&query);
        say::line_to_stderr(format!(
            "sgfconv explain: no diagnostic code '{shown}'{} (every code: sgfconv explain --list)",
            if near.is_empty() {
                String::new()
            } else {
                format!("; the closest: {}", near.join(", "))
            }
        ));
        return ExitCode::from(EXIT_USAGE);
    }
    for (i, e) in found.iter().enumerate() {
        if i > 0 {
            let _ = writeln!(out);
        }
        let _ = out.write_all(entry_text(e).as_bytes());
    }
    ExitCode::SUCCESS
}

/// What a code's severity means for a run.
fn severity_note(e: &Entry) -> &'static str {
    match e.code.severity() {
        sgfconv::diag::Severity::Error => {
            "error: something of the input is missing from the output, or is there wrong or guessed; the run exits 1"
        }
        sgfconv::diag::Severity::Warning => {
            "warning: the input departs from the standard (FF[4], or the rules of the format read), or the output says something other than the input that a person should look at; the run exits 1 only under --strict"
        }
        sgfconv::diag::Severity::Info => {
            "info: an exact respelling that loses nothing and that --keep-dialect would not need, or a decision (an encoding), for the record (shown with -v and in --diagnostics json)"
        }
        other => other.as_str(),
    }
}

/// The text `sgfconv explain` prints for one entry.
fn entry_text(e: &Entry) -> String {
    let mut s = format!("{} {}\n", e.code.id, e.code.name);
    s.push_str(&format!("  severity: {}\n", severity_note(e)));
    s.push_str(&format!("  layer: {}\n", e.layer));
    s.push_str(&format!("  module: {} ({})\n", e.module, e.file));
    let mut section = |head: &str, text: &str| {
        s.push_str(&format!("\n{head}\n"));
        for para in text.split("\n\n") {
            s.push_str(&wrap(para, 76, "  "));
        }
    };
    section("What it means:", e.meaning);
    if let Some(x) = e.example {
        section("Example:", x);
    }
    if let Some(f) = e.fixable {
        section("Fixable (check --fix repairs it without loss):", f);
    }
    if let Some(o) = e.once_a_run {
        section(
            "Once a run (text shows one, the end note counts the rest):",
            o,
        );
    }
    if let Some(a) = e.advice {
        section("What to do:", a);
    }
    s
}

/// `text` wrapped at `width` columns, each line after `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&format!("{indent}{line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}

/// The codes nearest to an unknown `query` (by edit distance to the id, the
/// number or the name), at most three.
fn closest(query: &str) -> Vec<&'static Entry> {
    let q = query.trim().to_ascii_lowercase();
    let score = |e: &Entry| {
        let id = e.code.id.to_ascii_lowercase();
        [
            distance(&q, &id),
            distance(&q, &id[1..]),
            distance(&q, e.code.name),
        ]
        .into_iter()
        .min()
        .unwrap_or(usize::MAX)
    };
    let mut scored: Vec<(usize, &Entry)> = CATALOGUE.iter().map(|e| (score(e), e)).collect();
    scored.sort_by_key(|(d, _)| *d);
    let limit = (q.chars().count() / 2).max(2);
    scored
        .into_iter()
        .filter(|(d, _)| *d <= limit)
        .take(3)
        .map(|(_, e)| e)
        .collect()
}

/// Levenshtein distance, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// `sgfconv formats`: each format, its extensions, whether it is lossy,
/// what it carries.
pub fn list_formats() -> ExitCode {
    let mut out = io::stdout().lock();
    let _ = writeln!(
        out,
        "{:<6} {:<22} {:<6} description / what it carries",
        "name", "extensions", "lossy"
    );
    for f in FORMATS {
        let exts: Vec<String> = f.extensions.iter().map(|e| format!(".{e}")).collect();
        let _ = writeln!(
            out,
            "{:<6} {:<22} {:<6} {}\n{:36}carries: {}",
            f.name,
            if exts.is_empty() {
                "-".to_string()
            } else {
                exts.join(" ")
            },
            if f.lossy { "yes" } else { "no" },
            if f.reads {
                f.description.to_string()
            } else {
                format!("{} (written only)", f.description)
            },
            "",
            f.carries
        );
    }
    ExitCode::SUCCESS
}

/// `sgfconv completions SHELL [DIR]`: the completions of the command
/// `cmd`, on stdout or into DIR.
pub fn completions(
    mut cmd: clap::Command,
    shell: clap_complete::Shell,
    dir: Option<PathBuf>,
) -> ExitCode {
    match dir {
        None => {
            clap_complete::generate(shell, &mut cmd, "sgfconv", &mut io::stdout());
            ExitCode::SUCCESS
        }
        Some(d) => match clap_complete::generate_to(shell, &mut cmd, "sgfconv", &d) {
            Ok(p) => {
                say::line_to_stdout(say::shown(p.display()));
                ExitCode::SUCCESS
            }
            Err(e) => exit::usage_error(format!("{}: {e}", d.display())),
        },
    }
}

/// What bare `sgfconv` on a terminal prints on stderr (exit status 2);
/// one JSON line under `--diagnostics json`.
pub fn short_usage(mut cmd: clap::Command, json: bool) -> ExitCode {
    let usage = cmd.render_usage();
    if json {
        let m = format!("no input file, and the standard input is a terminal. {usage}");
        say::line_to_stderr(say::json_usage(&m));
        return ExitCode::from(EXIT_USAGE);
    }
    say::line_to_stderr(format!(
        "sgfconv: no input file, and the standard input is a terminal.\n\
         {usage}\n\n\
         Examples:\n  \
         sgfconv game.gib game.sgf           convert one file (formats from the names)\n  \
         sgfconv -t json < game.sgf          read stdin, write JSON on stdout\n  \
         sgfconv check games/*.sgf           report problems, write nothing\n  \
         sgfconv migrate archive/ sgf/       a whole tree into UTF-8 SGF\n\n\
         'sgfconv -' reads records typed on the terminal; 'sgfconv --help' says more."
    ));
    ExitCode::from(EXIT_USAGE)
}

/// The sections a man page adds to what clap_mangen renders from the
/// command: exit statuses and examples.
struct Extra {
    exit: &'static [(&'static str, &'static str)],
    examples: &'static [(&'static str, &'static str)],
}

const SIGNALS: (&str, &str) = (
    "signal",
    "INT, TERM or HUP end the run by that signal (130 in a shell after Ctrl-C), \
     leaving no temporary file and the old output as it was.",
);

fn extra(name: &str) -> Extra {
    match name {
        "check" => Extra {
            exit: &[
                ("0", "every file read; no error (and, with --strict, no warning)."),
                ("1", "an error was found (with --strict, a warning), or --fix left a file as it was."),
                ("2", "bad usage, or a file could not be read or is in no known format."),
                SIGNALS,
            ],
            examples: &[
                ("sgfconv check --summary archive/*.sgf", "a line per file and the totals, with the diagnostics counted by code"),
                ("sgfconv check --no-board --diagnostics json big.sgf", "the value and placement checks only, one JSON object per diagnostic on stderr"),
                ("sgfconv check --fix --backup *.sgf", "rewrite each SGF file in place as clean FF[4] UTF-8, keeping FILE.orig"),
                ("sgfconv explain W012", "what a diagnostic code means"),
            ],
        },
        "migrate" => Extra {
            exit: &[
                ("0", "every record converted or up to date, and no error diagnostic."),
                ("1", "some record failed (each is listed; the others are converted; with --strict, a record with a warning fails), or lost data (an error diagnostic; a resumed run counts those its --report had for the files it skips)."),
                ("2", "bad usage, nothing written."),
                SIGNALS,
            ],
            examples: &[
                ("sgfconv migrate OLD/ NEW/ --report report.json", "a whole archive to UTF-8 SGF, with a JSON report"),
                ("sgfconv migrate OLD/ NEW/ --include '*.gib' --name '{DT} {PB} vs {PW}'", "the GIB files only, named from their game info"),
                ("sgfconv migrate OLD/ NEW/ --dry-run", "read, convert and report, write nothing"),
                ("sgfconv migrate -v --strict OLD/ NEW/", "each file's diagnostics as it is done; a file with a warning is not written"),
                ("sgfconv migrate --diagnostics json OLD/ NEW/ 2> log.jsonl", "every line on stderr JSON: the diagnostics, then the summary"),
            ],
        },
        "formats" => Extra {
            exit: &[("0", "always.")],
            examples: &[("sgfconv formats", "the formats, their extensions and what each can carry")],
        },
        "explain" => Extra {
            exit: &[("0", "explained or listed."), ("2", "no such code (the closest are named).")],
            examples: &[
                ("sgfconv explain W012", "what unescaped-bracket means and what to do"),
                ("sgfconv explain unescaped-bracket", "the same, by name"),
                ("sgfconv explain --list", "every code, one line each"),
            ],
        },
        _ => Extra {
            exit: &[
                ("0", "done, nothing lost."),
                ("1", "done, but some input could not be kept (or a warning under --strict)."),
                ("2", "bad usage, unreadable input, unknown format, or an output that cannot be written (said of the output: 'x.sgf: directory does not exist'); nothing written. Also bare sgfconv on a terminal (a short usage)."),
                SIGNALS,
            ],
            examples: &[
                ("sgfconv game.gib game.sgf", "formats from the extensions"),
                ("sgfconv --version", "the version, the commit it was built from and the formats"),
                ("sgfconv < old.sgf > new.sgf", "a filter: stdin to stdout"),
                ("sgfconv -f gib -t json < x > x.json", "name the formats when there are no extensions"),
                ("sgfconv --encoding SJIS --no-fix tt-pass old.sgf new.sgf", "force the input character set; keep B[tt] as it is"),
                ("sgfconv explain W012", "what a diagnostic code means"),
            ],
        },
    }
}

/// One man page: what clap_mangen renders (title, name, synopsis,
/// description, options, subcommands), then NOTES (the help's closing
/// text but its exit statuses), EXIT STATUS, EXAMPLES and SEE ALSO.
fn page(cmd: clap::Command, short: &str, others: &[String]) -> io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(cmd.clone())
        .source(format!("sgfconv {}", env!("CARGO_PKG_VERSION")))
        .manual("sgfconv manual");
    let mut buf = Vec::new();
    man.render_title(&mut buf)?;
    man.render_name_section(&mut buf)?;
    man.render_synopsis_section(&mut buf)?;
    man.render_description_section(&mut buf)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut buf)?;
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(&mut buf)?;
    }
    let mut roff = Roff::new();
    let notes: Vec<String> = cmd
        .get_after_help()
        .map(|h| h.to_string())
        .unwrap_or_default()
        .split("\n\n")
        .filter(|p| !p.is_empty() && !p.starts_with("Exit status:"))
        .map(str::to_string)
        .collect();
    if !notes.is_empty() {
        roff.control("SH", ["NOTES"]);
        for n in notes {
            roff.text([roman(n)]);
            roff.control("PP", []);
        }
    }
    let extra = extra(short);
    roff.control("SH", ["EXIT STATUS"]);
    for (status, what) in extra.exit {
        roff.control("TP", [])
            .text([bold(*status)])
            .text([roman(*what)]);
    }
    roff.control("SH", ["EXAMPLES"]);
    for (line, what) in extra.examples {
        roff.control("TP", [])
            .text([bold(*line)])
            .text([roman(*what)]);
    }
    roff.control("SH", ["SEE ALSO"]);
    roff.text([roman(others.join(", "))]);
    roff.to_writer(&mut buf)?;
    Ok(buf)
}

/// `sgfconv man [DIR]`: sgfconv.1 and a page per subcommand
/// (sgfconv-check.1...) into DIR, or sgfconv(1) alone on stdout.
pub fn man(cmd: clap::Command, dir: Option<PathBuf>) -> ExitCode {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let subs: Vec<clap::Command> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    let all: Vec<String> = std::iter::once("sgfconv(1)".to_string())
        .chain(subs.iter().map(|s| format!("sgfconv-{}(1)", s.get_name())))
        .collect();
    let see_also = |me: &str| -> Vec<String> { all.iter().filter(|p| *p != me).cloned().collect() };
    let r = (|| -> io::Result<()> {
        let main = page(cmd.clone(), "", &see_also("sgfconv(1)"))?;
        let Some(d) = dir else {
            return io::stdout().write_all(&main);
        };
        std::fs::create_dir_all(&d)?;
        std::fs::write(d.join("sgfconv.1"), main)?;
        for sub in &subs {
            let me = format!("sgfconv-{}", sub.get_name());
            let text = page(sub.clone(), sub.get_name(), &see_also(&format!("{me}(1)")))?;
            std::fs::write(d.join(format!("{me}.1")), text)?;
        }
        Ok(())
    })();
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say::line_to_stderr(format!(
                "sgfconv: {}",
                sgfconv::diag::escape_controls(&e.to_string())
            ));
            ExitCode::from(EXIT_USAGE)
        }
    }
}
