//! What the command itself says on stderr, beside the diagnostics of the
//! records: usage errors, inputs it cannot read, outputs it cannot write,
//! notes about the run. In text, `sgfconv: FILE: message`; under
//! `--diagnostics json`, one JSON object per line with the diagnostics'
//! field names (`file`, `line`, `column`, `offset`, `game`, `property`,
//! `code`, `name`, `severity`, `message`), so that a script reading stderr
//! as JSON lines never meets a line of text — usage errors included.
//!
//! The codes of this module are the command's (600–649); every message
//! goes through [`sgfconv::diag::escape_controls`] (text) or JSON escaping.

use sgfconv::diag::{escape_controls, Code, Diagnostic, Severity};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Bad usage: an unknown option or value, options that cannot go
/// together, an output name that names no format. Nothing was read or
/// written.
///
/// Example: `sgfconv --to pdf a.sgf` → `unknown format 'pdf'`.
///
/// What to do: read the message and `sgfconv --help`; the exit status is 2.
pub const E_USAGE: Code = Code::new("E600", "usage-error");

/// An input cannot be used: it does not exist, cannot be opened or read,
/// is a directory without `-r`, or its format cannot be told. It was not
/// converted.
///
/// Example: `sgfconv missing.sgf` → `missing.sgf: No such file or directory`.
///
/// What to do: check the path; name the format with `-f` when neither the
/// extension nor the content tells it.
pub const E_INPUT: Code = Code::new("E601", "input-unusable");

/// An output cannot be written: its directory does not exist, it may not
/// be written there, the disk is full, or it would replace an input. The
/// old output, if any, is as it was.
///
/// Example: `sgfconv a.sgf /nonexistent/x.sgf`.
///
/// What to do: fix the path or the permissions, free space, or choose
/// another output.
pub const E_OUTPUT: Code = Code::new("E602", "output-unwritable");

/// A note about the run as a whole: files a directory walk left out,
/// diagnostics not shown, temporary files an interrupted run left behind.
///
/// Example: `archive/: 12 files with no record extension left out`.
///
/// What to do: nothing, unless the note says something unexpected.
pub const I_NOTE: Code = Code::new("I603", "run-note");

/// An input read as one format looks like another: the hint names it.
///
/// Example: `sgfconv -f gib game.json` → `looks like JSON: try -f json`.
///
/// What to do: name the right format with `-f`, or rename the file.
pub const W_OTHER_FORMAT: Code = Code::new("W604", "looks-like-other-format");

/// An output is written in the format `-t` names, though its extension
/// names another (the file did not exist, or `--force` was given).
///
/// Example: `sgfconv -t json a.sgf b.sgf` → `b.sgf: written as json (-t),
/// though its name says sgf`.
///
/// What to do: rename the output to match its content.
pub const W_EXTENSION: Code = Code::new("W605", "extension-mismatch");

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
    let j = d.to_json();
    match file {
        Some(_) => j,
        None => j.replacen("\"file\":\"\"", "\"file\":null", 1),
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
    crate::cli_progress::suspend(|| {
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{line}");
    });
}

/// The severity a code's letter gives.
fn severity_of(code: Code) -> Severity {
    match code.id.as_bytes().first() {
        Some(b'I') => Severity::Info,
        Some(b'W') => Severity::Warning,
        _ => Severity::Error,
    }
}

/// A usage error (E600), with no file.
pub fn usage(message: &str) {
    say(E_USAGE, None, message);
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
