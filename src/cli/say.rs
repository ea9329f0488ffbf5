//! What the command says on stderr: the diagnostics of the records,
//! through the reporters it makes ([`reporter`]: text, coloured on a
//! terminal, at most 100 a code and file, or JSON lines), and its own
//! messages beside them: usage errors, inputs it cannot read, outputs it
//! cannot write, notes about the run. In text, `sgfconv: FILE: message`;
//! under `--diagnostics json`, one JSON object per line with the
//! diagnostics' field names (`file`, `line`, `column`, `offset`, `game`,
//! `property`, `code`, `name`, `severity`, `message`), so that a script
//! reading stderr as JSON lines never meets a line of text — usage errors
//! included.
//!
//! [`Speaker`] is the library's [`Voice`] for a batch and for `check`: the
//! reporters, and the batch's notes (codes 601–649, `batch::codes`) said
//! as the command's own. Every message goes through
//! [`sgfconv::diag::escape_controls`] (text) or JSON escaping.

use super::args::{DiagFormat, ReadArgs};
use super::codes::USAGE_ERROR;
use super::{progress, term};
use sgfconv::batch::Tally;
use sgfconv::batch::{unusable_note, Voice, OUTPUT_UNWRITABLE, RUN_NOTE};
use sgfconv::diag::{escape_controls, Code, Diagnostic, Output, Reporter, RunLimit, Severity};
use sgfconv::Error;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

static JSON: AtomicBool = AtomicBool::new(false);

/// Every later message is one JSON object per line.
pub fn set_json(on: bool) {
    JSON.store(on, Ordering::Relaxed);
}

/// Whether messages are JSON (`--diagnostics json`).
pub fn json() -> bool {
    JSON.load(Ordering::Relaxed)
}

/// Whether the raw arguments ask for JSON diagnostics: read before the
/// arguments are parsed, so that a usage error is JSON too.
pub fn json_requested(args: &[std::ffi::OsString]) -> bool {
    let mut prev_flag = false;
    for a in args {
        let a = a.to_string_lossy();
        if a == "--" {
            break;
        }
        if a == "--diagnostics=json" || (prev_flag && a == "json") {
            return true;
        }
        prev_flag = a == "--diagnostics";
    }
    false
}

/// `message` about `file` (or about the run) with `code`, as one JSON
/// line with the diagnostics' fields.
pub fn json_line(code: Code, file: Option<&str>, message: &str) -> String {
    let mut d = Diagnostic::new(file.unwrap_or(""), code, message);
    d.severity = severity_of(code);
    note_json(&d)
}

/// `note` as one JSON line: its `file` null when it is about the run.
fn note_json(note: &Diagnostic) -> String {
    let j = note.to_json();
    match note.file.is_empty() {
        false => j,
        true => j.replacen("\"file\":\"\"", "\"file\":null", 1),
    }
}

/// Says `message` about `file` (or about the run) with `code`.
pub fn say(code: Code, file: Option<&str>, message: &str) {
    let line = if json() {
        json_line(code, file, message)
    } else {
        let note = if code.id.starts_with('I') {
            "note: "
        } else {
            ""
        };
        match file {
            Some(f) => format!(
                "sgfconv: {note}{}: {}",
                escape_controls(f),
                escape_controls(message)
            ),
            None => format!("sgfconv: {note}{}", escape_controls(message)),
        }
    };
    said(&line);
}

/// Says a note of the run (a batch's, `check`'s): in JSON every field it
/// has (its own code, the file, the place), else as [`say`] says it.
pub fn say_note(note: &Diagnostic) {
    if json() {
        return said(&note_json(note));
    }
    let file = (!note.file.is_empty()).then_some(&*note.file);
    say(note.code, file, &note.message);
}

/// One line on stderr, the progress bar set aside meanwhile.
fn said(line: &str) {
    progress::suspend(|| {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{line}");
    });
}

/// Writes `text` on stderr, as `eprint!` would but never panicking: a
/// closed or full stderr (`2>&1 | true`, `2>/dev/full`) loses the text,
/// never the run's exit status.
pub fn to_stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// [`to_stderr`] with a line break: `eprintln!` that never panics.
pub fn line_to_stderr(text: impl std::fmt::Display) {
    to_stderr(&format!("{text}\n"));
}

/// A line on stdout that never panics (`println!` does on a closed pipe).
pub fn line_to_stdout(text: impl std::fmt::Display) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// The severity a code's letter gives.
fn severity_of(code: Code) -> Severity {
    match code.id.as_bytes().first() {
        Some(b'I') => Severity::Info,
        Some(b'W') => Severity::Warning,
        _ => Severity::Error,
    }
}

/// A usage error of the command as a JSON line with the diagnostics'
/// fields (`E600 usage-error`, no place): under `--diagnostics json` every
/// line on stderr is JSON.
pub fn json_usage(message: &str) -> String {
    json_line(USAGE_ERROR, None, message)
}

/// A usage error (E600), with no file.
pub fn usage(message: &str) {
    say(USAGE_ERROR, None, message);
}

/// A message as it may reach a terminal: the control characters a file
/// name or a record can carry are escaped (`\u{1b}`), never written raw.
pub fn shown(msg: impl std::fmt::Display) -> String {
    escape_controls(&msg.to_string()).into_owned()
}

/// The reporter of the diagnostics of `name`, as the reading arguments
/// ask: text on stderr (coloured on a terminal, at most 100 a code) or
/// JSON lines; info with `-v` (and always in JSON: machines filter by
/// severity themselves); `-q` hides warnings and info, never an error
/// (under `--strict` a warning fails the run, so warnings are shown).
pub fn reporter(name: &str, r: &ReadArgs) -> Reporter {
    let out = match r.diagnostics {
        DiagFormat::Text => Output::Text(term::diagnostic_stream()),
        DiagFormat::Json => Output::Json(Box::new(io::stderr())),
    };
    let mut rep =
        Reporter::new(name, out).with_info(r.verbose || r.diagnostics == DiagFormat::Json);
    if r.quiet && !r.strict {
        rep = rep.errors_only();
    }
    rep = rep.with_run_limit(run_limit(r.max_diagnostics));
    if r.diagnostics == DiagFormat::Text {
        if let Some(p) = term::palette() {
            rep = rep.with_palette(p);
        }
    }
    rep
}

/// The run's limit on what text shows (`--max-diagnostics`, 0: none),
/// shared by every reporter of the run.
fn run_limit(max: usize) -> Arc<RunLimit> {
    let per_code = if max == 0 { usize::MAX } else { max };
    RUN.get_or_init(|| Arc::new(RunLimit::new(per_code)))
        .clone()
}

/// The run's [`RunLimit`], made with its first reporter.
static RUN: OnceLock<Arc<RunLimit>> = OnceLock::new();

/// Ends a run: a note for each code the text held back (alike findings
/// shown once, findings past `--max-diagnostics`), then, when the run had
/// more than one record, one line with what it did (`tally`) and found.
pub fn end_of_run(tally: Option<&Tally>, quiet: bool) {
    let mut held_back = 0;
    // No reporter made: nothing found, nothing held back.
    let run = RUN.get();
    for h in run.map(|r| r.held()).unwrap_or_default() {
        let id = format!("{} {}", h.code.id, h.code.name);
        if h.alike > 0 {
            let what = format!(
                "{id}: {} more like the one shown (in other games or files)",
                h.alike
            );
            say(RUN_NOTE, None, &what);
        }
        if h.others > 0 {
            let what = format!(
                "{id}: {} more in other games or files, each naming what it lost \
                 (--diagnostics json shows every one)",
                h.others
            );
            say(RUN_NOTE, None, &what);
        }
        if h.over > 0 {
            let what = format!(
                "{id}: {} more not shown (--max-diagnostics N shows up to N of a code, 0 all)",
                h.over
            );
            say(RUN_NOTE, None, &what);
        }
        held_back += h.alike + h.others + h.over;
    }
    let Some(t) = tally.filter(|t| t.converted + t.failed + t.left_out > 1) else {
        return;
    };
    let [_, warnings, errors] = run.map_or([0; 3], |r| r.found());
    if quiet && errors == 0 && t.failed == 0 {
        return;
    }
    let records = t.converted + t.failed + t.left_out;
    let mut line = format!("{records} records: {} converted", t.converted);
    for (n, what) in [
        (t.failed, "failed"),
        (t.left_out, "passed over as no record"),
    ] {
        if n > 0 {
            line.push_str(&format!(", {n} {what}"));
        }
    }
    line.push_str(&format!("; {errors} errors, {warnings} warnings"));
    if held_back > 0 {
        line.push_str(&format!(
            " ({held_back} not shown: --diagnostics json shows every one)"
        ));
    }
    say(RUN_NOTE, None, &line);
}

/// Writes what `report` holds, and says how many diagnostics it did not
/// show.
pub fn flush(report: &mut Reporter) {
    report.flush();
    if report.suppressed() > 0 {
        say(
            RUN_NOTE,
            Some(report.file()),
            &format!(
                "{} more diagnostics of the same kinds not shown (--diagnostics json shows all)",
                report.suppressed()
            ),
        );
    }
}

/// What is said of a record named `name` that failed with `e`: nothing
/// when the reader of the output went away (`| head`); a usage error, an
/// input that cannot be read, an output that cannot be written.
pub fn failure(name: &str, e: &Error) {
    match e {
        e if e.is_broken_pipe() => {}
        Error::Usage(m) => usage(m),
        // Said of the output, not of the input.
        e @ Error::Output { .. } => say(OUTPUT_UNWRITABLE, None, &e.to_string()),
        e => say_note(&unusable_note(name, e)),
    }
}

/// The command's voice in a batch or a check: reporters as the reading
/// arguments ask, notes said (info ones not under `-q`), each record's end
/// said as [`failure`] says it.
pub struct Speaker<'a> {
    /// The reading arguments.
    pub read: &'a ReadArgs,
}

impl Voice for Speaker<'_> {
    fn reporter(&mut self, name: &str) -> Reporter {
        reporter(name, self.read)
    }

    fn flush(&mut self, report: &mut Reporter) {
        flush(report);
    }

    fn finished(&mut self, name: &str, report: &mut Reporter, failed: Option<&Error>) {
        flush(report);
        if let Some(e) = failed {
            failure(name, e);
        }
    }

    fn say(&mut self, note: &Diagnostic) {
        say_note(note);
    }

    fn hears(&self, severity: Severity) -> bool {
        severity > Severity::Info || !self.read.quiet
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_seen_in_both_spellings_before_parsing() {
        let a = |v: &[&str]| v.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        assert!(json_requested(&a(&[
            "sgfconv",
            "--diagnostics",
            "json",
            "x"
        ])));
        assert!(json_requested(&a(&["sgfconv", "--diagnostics=json"])));
        assert!(!json_requested(&a(&[
            "sgfconv",
            "--diagnostics",
            "text",
            "json"
        ])));
        assert!(!json_requested(&a(&[
            "sgfconv",
            "--",
            "--diagnostics=json"
        ])));
    }
}
