//! Diagnostics counted by code, for summaries.
//!
//! Counts by code, and the distinct details of one code's messages:
//! what `check --summary` keeps instead of the diagnostics.

use super::Code;

/// How one code's messages are reduced to a detail worth counting
/// (`game 3: encoding UTF-8 (utf8, confidence 1.00)` → `UTF-8 (utf8, 1.00)`).
pub type Detail = fn(&str) -> String;

/// Every diagnostic counted by code, and the messages of one code counted
/// by their [`Detail`]: what a summary needs, in memory that grows with
/// the number of distinct codes and details, not of diagnostics.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// `(code, how many)`, in the order first seen.
    pub by_code: Vec<(Code, usize)>,
    detail_of: Option<(&'static str, Detail)>,
    /// `(detail, how many)` of the detailed code, in the order first seen.
    pub details: Vec<(String, usize)>,
}

impl Tally {
    /// A tally by code that also counts the distinct details of the
    /// messages of code `id`.
    pub fn with_detail(id: &'static str, detail: Detail) -> Self {
        Tally {
            detail_of: Some((id, detail)),
            ..Tally::default()
        }
    }

    /// An empty tally of the same kind (detailing the same code).
    pub(super) fn fresh(&self) -> Tally {
        Tally {
            detail_of: self.detail_of,
            ..Tally::default()
        }
    }

    /// Counts one of `code`, `n` times: whether its message is wanted for
    /// [`Tally::detail`].
    pub(super) fn add(&mut self, code: Code, n: usize) -> bool {
        match self.by_code.iter_mut().find(|(c, _)| c.id == code.id) {
            Some((_, k)) => *k += n,
            None => self.by_code.push((code, n)),
        }
        self.detail_of.is_some_and(|(id, _)| id == code.id)
    }

    fn add_detail(&mut self, what: String, n: usize) {
        match self.details.iter_mut().find(|(w, _)| *w == what) {
            Some((_, k)) => *k += n,
            None => self.details.push((what, n)),
        }
    }

    /// Counts the message of a diagnostic of the detailed code.
    pub(super) fn detail(&mut self, message: &str) {
        if let Some((_, f)) = self.detail_of {
            self.add_detail(f(message), 1);
        }
    }

    /// Adds another tally's counts (a piece read on another thread).
    pub(super) fn merge(&mut self, other: Tally) {
        for (code, n) in other.by_code {
            self.add(code, n);
        }
        for (what, n) in other.details {
            self.add_detail(what, n);
        }
    }
}
