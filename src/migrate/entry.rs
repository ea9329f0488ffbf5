//! What a migration says of one input: its [`Entry`] (status, outputs,
//! format, encodings, rewrites, diagnostics), and the inputs the summary
//! names ([`Listed`]).

use crate::diag::{Diagnostic, Severity};
use serde::Serialize;
use std::collections::BTreeMap;

/// What happened to one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Written (or, in a dry run, would be written).
    Converted,
    /// Every output was already newer than the input.
    Skipped,
    /// Nothing written for this input; see `reason` and the diagnostics.
    Failed,
    /// Not a game record (or a symlink, or not a regular file).
    Ignored,
    /// An archive: its records are entries of their own, named
    /// `archive:member`, listed after it; its entry holds the archive's own
    /// diagnostics (damage, members left out, unsafe names).
    Archive,
}

impl Status {
    /// The lower-case name, as in the report and the summary.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Converted => "converted",
            Status::Skipped => "skipped",
            Status::Failed => "failed",
            Status::Ignored => "ignored",
            Status::Archive => "archive",
        }
    }

    /// The status named `name` ([`Status::as_str`]'s inverse).
    pub fn named(name: &str) -> Option<Status> {
        [
            Status::Converted,
            Status::Skipped,
            Status::Failed,
            Status::Ignored,
            Status::Archive,
        ]
        .into_iter()
        .find(|s| s.as_str() == name)
    }
}

/// The character set of some games of an input, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EncodingUse {
    /// The character set (WHATWG name, e.g. `GBK`).
    pub encoding: &'static str,
    /// `bom`, `ca` (declared), `utf8`, `detected`, `forced`, `default`, `intrinsic`.
    pub source: &'static str,
    /// Lowest detector confidence among these games.
    pub confidence: f32,
    /// How many games of the input.
    pub games: usize,
}

/// One diagnostic, as stored in the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiagEntry {
    /// 1-based line in the input, when the problem has a place.
    pub line: Option<u32>,
    /// 1-based column (in bytes), when the problem has a place.
    pub column: Option<u32>,
    /// 0-based game index in the input, when known.
    pub game: Option<usize>,
    /// The code's id, `W012`.
    pub code: &'static str,
    /// The code's name, `unescaped-bracket`.
    pub name: &'static str,
    /// `info`, `warning` or `error`.
    pub severity: &'static str,
    /// What happened, for a person.
    pub message: String,
}

impl From<&Diagnostic> for DiagEntry {
    fn from(d: &Diagnostic) -> Self {
        DiagEntry {
            line: d.pos.map(|p| p.line),
            column: d.pos.map(|p| p.col),
            game: d.game,
            code: d.code.id,
            name: d.code.name,
            severity: d.severity.as_str(),
            message: d.message.clone(),
        }
    }
}

/// The code of the readers' per-game encoding decision (info).
const ENCODING_DECISION: &str = "I100";

/// Diagnostics kept per input in the report; the rest are counted.
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 200;

/// One input of the migration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    /// The source file (SRC joined with its relative path).
    pub source: String,
    /// The file name is not valid UTF-8; `source` shows it with U+FFFD.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub source_not_utf8: bool,
    /// Output files, in game order (several with `--split-collections`).
    pub outputs: Vec<String>,
    /// The format it was read as (`sgf`, `gib`...), once recognised.
    pub format: Option<&'static str>,
    /// `extension` or `content`.
    pub recognised_by: Option<&'static str>,
    /// Games read.
    pub games: usize,
    /// The character sets of its games: one per encoding and way of
    /// deciding it.
    pub encodings: Vec<EncodingUse>,
    /// Info-level rewrites (dialect rules and the like) by code: `I150 name` → count.
    pub rewrites: BTreeMap<String, usize>,
    /// Warnings reported, listed or not.
    pub warnings: usize,
    /// Errors reported, listed or not.
    pub errors: usize,
    /// The diagnostics, in the order found, up to
    /// [`MAX_DIAGNOSTICS_PER_FILE`] (the encoding decision is not listed).
    pub diagnostics: Vec<DiagEntry>,
    /// Diagnostics not listed (beyond [`MAX_DIAGNOSTICS_PER_FILE`]).
    #[serde(skip_serializing_if = "is_zero")]
    pub diagnostics_not_listed: usize,
    /// What happened to it.
    pub status: Status,
    /// Why it was skipped, ignored or failed.
    pub reason: Option<String>,
    /// Bytes read from the input (0 when it was not read).
    pub bytes_in: u64,
    /// Bytes written to its outputs (or that would be, in a dry run).
    pub bytes_out: u64,
    /// Skipped as up to date, its games, encodings and diagnostics are
    /// those the earlier run's report (`--report`, the same file) had.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_earlier_run: bool,
}

pub(super) fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Entry {
    /// An entry for `source` with `status` and nothing else known yet.
    pub fn new(source: String, source_not_utf8: bool, status: Status) -> Self {
        Entry {
            source,
            source_not_utf8,
            outputs: Vec::new(),
            format: None,
            recognised_by: None,
            games: 0,
            encodings: Vec::new(),
            rewrites: BTreeMap::new(),
            warnings: 0,
            errors: 0,
            diagnostics: Vec::new(),
            diagnostics_not_listed: 0,
            status,
            reason: None,
            bytes_in: 0,
            bytes_out: 0,
            from_earlier_run: false,
        }
    }

    /// Takes counts, rewrites and the listed diagnostics from a collecting
    /// reporter's output. The per-game encoding decision (`I100 encoding`)
    /// is already in [`Entry::encodings`]: it is neither a rewrite nor listed.
    pub fn add_diagnostics(&mut self, diags: &[Diagnostic]) {
        for d in diags {
            if d.code.id == ENCODING_DECISION {
                continue;
            }
            match d.severity {
                Severity::Info => {
                    *self
                        .rewrites
                        .entry(format!("{} {}", d.code.id, d.code.name))
                        .or_insert(0) += 1;
                }
                Severity::Warning => self.warnings += 1,
                Severity::Error => self.errors += 1,
            }
            if self.diagnostics.len() < MAX_DIAGNOSTICS_PER_FILE {
                self.diagnostics.push(DiagEntry::from(d));
            } else {
                self.diagnostics_not_listed += 1;
            }
        }
    }

    /// The encoding the input is filed under in the summary.
    pub fn encoding_label(&self) -> Option<String> {
        match self.encodings.as_slice() {
            [] => None,
            [one] => Some(format!("{} ({})", one.encoding, one.source)),
            _ => Some("mixed".into()),
        }
    }
}

/// An input the summary names: among the first failures, or the files with
/// most errors.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The source file.
    pub source: String,
    /// Its errors.
    pub errors: usize,
    /// What happened to it.
    pub status: Status,
    /// Why it failed (or was skipped or ignored).
    pub reason: Option<String>,
}

impl Listed {
    pub(crate) fn of(e: &Entry) -> Listed {
        Listed {
            source: e.source.clone(),
            errors: e.errors,
            status: e.status,
            reason: e.reason.clone(),
        }
    }
}

/// Files the summary lists by name, at most.
pub const LISTED: usize = 20;
