//! What `migrate` says on stderr besides its progress: each file's
//! diagnostics with `-v` (text, coloured on a terminal) or `--diagnostics
//! json` (one JSON object a line, the converter's fields), and the end of
//! the run (the summary, the report's name, failures under `-q`), as text
//! or as one JSON object, so that under `--diagnostics json` every line on
//! stderr is JSON.

use crate::cli::args::DiagnosticsFormat;
use crate::cli::say::{line_to_stderr, to_stderr};
use sgfconv::diag::{escape_controls, escape_controls_in_lines, Diagnostic, Palette, Severity};
use sgfconv::migrate::{Progress, Status, Summary};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// Which diagnostics are shown, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// JSON lines (else text).
    pub json: bool,
    /// The least severity shown; `None`: none.
    pub least: Option<Severity>,
}

impl Shown {
    /// From `-v`, `-q` and `--diagnostics`.
    pub fn new(verbose: bool, quiet: bool, format: DiagnosticsFormat) -> Shown {
        let json = format == DiagnosticsFormat::Json;
        let least = match (json, verbose, quiet) {
            (_, _, true) if json => Some(Severity::Error),
            (true, _, _) | (false, true, _) => Some(Severity::Info),
            (false, false, _) => None,
        };
        Shown { json, least }
    }
}

/// A progress display that also shows each file's diagnostics.
pub struct WithDiagnostics {
    inner: Box<dyn Progress>,
    shown: Shown,
    palette: Option<Palette>,
    out: Mutex<Box<dyn Write + Send>>,
}

impl WithDiagnostics {
    /// `inner`'s display, with diagnostics written to `out` as `shown` says.
    pub fn new(inner: Box<dyn Progress>, shown: Shown, out: Box<dyn Write + Send>) -> Self {
        let palette = if shown.json {
            None
        } else {
            crate::cli::term::palette()
        };
        WithDiagnostics {
            inner,
            shown,
            palette,
            out: Mutex::new(out),
        }
    }

    fn line(&self, d: &Diagnostic) -> String {
        match (&self.palette, self.shown.json) {
            (_, true) => d.to_json(),
            (Some(p), false) => d.styled(p),
            (None, false) => d.to_string(),
        }
    }
}

impl Progress for WithDiagnostics {
    fn start(&self, files: u64, bytes: u64) {
        self.inner.start(files, bytes);
    }

    fn file_done(&self, bytes: u64, failed: bool) {
        self.inner.file_done(bytes, failed);
    }

    fn more(&self, files: u64) {
        self.inner.more(files);
    }

    fn finish(&self) {
        self.inner.finish();
    }

    fn diagnostics(&self, found: &[Diagnostic]) {
        let Some(least) = self.shown.least else {
            return;
        };
        let mut text = String::new();
        for d in found.iter().filter(|d| d.severity >= least) {
            text.push_str(&self.line(d));
            text.push('\n');
        }
        if text.is_empty() {
            return;
        }
        // One file's lines in one write: together, around the bar (the
        // text stream takes the bar off for whole lines itself; taking it
        // off here too would wait on the bar's own lock).
        if let Ok(mut out) = self.out.lock() {
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        }
    }
}

/// The end of a run on stderr: unless `quiet`, the summary and the
/// report's name; with `quiet` in text, the failed files (JSON has them as
/// diagnostics already).
pub fn end(summary: &Summary, report: Option<&Path>, quiet: bool, json: bool) {
    match (quiet, json) {
        (true, true) => {}
        (true, false) => {
            for e in summary.entries_with(Status::Failed) {
                line_to_stderr(format!(
                    "sgfconv migrate: failed: {}: {}",
                    escape_controls(&e.source),
                    escape_controls(e.reason.as_deref().unwrap_or("?"))
                ));
            }
        }
        (false, true) => line_to_stderr(summary_json(summary, report)),
        (false, false) => {
            // File names and reasons: no control character reaches the terminal.
            to_stderr(&escape_controls_in_lines(&summary.to_string()));
            if let Some(r) = report {
                let shown = match sgfconv::output::is_stdout(r) {
                    true => sgfconv::output::STDOUT_NAME.to_string(),
                    false => r.display().to_string(),
                };
                line_to_stderr(format!("  report: {}", escape_controls(&shown)));
            }
        }
    }
}

/// The summary as one JSON object: the report's `totals`, and the files
/// with errors (most first, the first [`LISTED`](sgfconv::migrate::LISTED)).
pub fn summary_json(summary: &Summary, report: Option<&Path>) -> String {
    let listed = summary.files_with_errors();
    let files: Vec<serde_json::Value> = listed
        .iter()
        .map(|e| serde_json::json!({"source": e.source, "errors": e.errors, "status": e.status}))
        .collect();
    let totals = summary.totals_json();
    let not_listed = summary
        .files_with_errors_count()
        .saturating_sub(listed.len());
    serde_json::json!({
        "summary": {
            "src": summary.src.to_string_lossy(),
            "dst": summary.dst.to_string_lossy(),
            "dry_run": summary.dry_run,
            "interrupted": summary.interrupted,
            "totals": totals,
            "files_with_errors": files,
            "files_with_errors_not_listed": not_listed,
            "report": report.map(|r| r.to_string_lossy().into_owned()),
        }
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_each_option_shows() {
        use crate::cli::args::DiagnosticsFormat::{Json, Text};
        let least = |v, q, f| Shown::new(v, q, f).least;
        assert_eq!(least(false, false, Text), None);
        assert_eq!(least(true, false, Text), Some(Severity::Info));
        assert_eq!(least(false, true, Text), None);
        assert_eq!(least(false, false, Json), Some(Severity::Info));
        assert_eq!(least(true, false, Json), Some(Severity::Info));
        assert_eq!(least(false, true, Json), Some(Severity::Error));
    }

    #[test]
    fn a_message_has_the_fields_of_a_diagnostic() {
        let m: serde_json::Value =
            serde_json::from_str(&crate::cli::say::json_usage("bad")).unwrap();
        for k in [
            "file", "line", "column", "offset", "game", "property", "code", "name", "severity",
            "message",
        ] {
            assert!(m.get(k).is_some(), "{k}");
        }
        assert_eq!(m["severity"], "error");
    }
}
