//! How a batch came out: the [`Verdict`] of each record and of the run
//! (what the command's exit status says: docs/cli.md, "Exit status"), and
//! the run's [`Tally`].

use crate::diag::Reporter;
use crate::error::Error;

/// How a record, an output or a whole run came out, from best to worst.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Not a game record: an input found rather than named (by `-r`, or
    /// in an archive) whose name says a format any data takes (JSON, XML,
    /// CSV) and that holds no game. Passed over with a note, nothing
    /// written; no loss.
    LeftOut,
    /// Done, nothing lost (warnings may have been said).
    #[default]
    Done,
    /// Done, but something could not be kept: an error diagnostic, or an
    /// input of the batch that could not be read while others were.
    Lost,
    /// Read, but not written: a warning under `--strict` held the output
    /// back.
    HeldBack,
    /// Nothing done: options the input does not take, an input that
    /// cannot be read, an output that cannot be written.
    Failed,
}

impl Verdict {
    /// The verdict on a record read (and written) with the diagnostics in
    /// `report`, or stopped by `error`: a reader that went away (`| head`)
    /// is no failure; under `strict` a warning is a loss.
    pub fn of(error: Option<&Error>, report: &Reporter, strict: bool) -> Verdict {
        match error {
            Some(e) if e.is_broken_pipe() => Verdict::Done,
            Some(_) => Verdict::Failed,
            None if report.errors() > 0 || (strict && report.warnings() > 0) => Verdict::Lost,
            None => Verdict::Done,
        }
    }
}

/// What a batch came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Tally {
    /// Records read through (an archive's members each count), written or
    /// held back under `--strict`.
    pub converted: usize,
    /// Inputs and records of which nothing could be read or written.
    pub failed: usize,
    /// Inputs and records passed over as no game record
    /// ([`Verdict::LeftOut`]).
    pub left_out: usize,
    /// Outputs under `-d` numbered apart from another record's
    /// (`x (2).sgf`, [`super::Collisions::Suffix`]).
    pub numbered: usize,
    /// How the run came out.
    pub verdict: Verdict,
}

impl Tally {
    /// Counts a record (or an input) that came out as `v`.
    pub(super) fn add(&mut self, v: Verdict) {
        match v {
            Verdict::Failed => self.failed += 1,
            Verdict::LeftOut => self.left_out += 1,
            _ => self.converted += 1,
        }
        self.verdict = self.verdict.max(v);
    }

    /// A verdict on the run that is no record's (an archive's own errors,
    /// an archive that could not be walked through).
    pub(super) fn worsen(&mut self, v: Verdict) {
        self.verdict = self.verdict.max(v);
    }

    /// The run of one input into one output: that record's verdict.
    pub(super) fn one(v: Verdict) -> Tally {
        let mut t = Tally::default();
        t.add(v);
        t
    }

    /// The run of inputs into one collection, whose output came out as
    /// `output` (a failure when no input gave a game: nothing was
    /// written): that verdict when it is not done; else a loss when an
    /// input (or an archive's member) could not be read or had an error.
    pub(super) fn collection(mut self, output: Verdict, errors: usize) -> Tally {
        self.verdict = if output != Verdict::Done {
            output
        } else if self.failed > 0 || errors > 0 {
            Verdict::Lost
        } else {
            Verdict::Done
        };
        self
    }

    /// The run of one output each under `-d`: some outputs written while
    /// some inputs were lost is a loss, not a failure.
    pub(super) fn each(mut self) -> Tally {
        if self.converted > 0 && self.verdict == Verdict::Failed {
            self.verdict = Verdict::Lost;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_fails_loses_or_is_done() {
        let mut r = Reporter::collecting("x");
        assert_eq!(Verdict::of(None, &r, true), Verdict::Done);
        r.report(crate::batch::EXTENSION_MISMATCH, None, "w");
        assert_eq!(Verdict::of(None, &r, false), Verdict::Done);
        assert_eq!(Verdict::of(None, &r, true), Verdict::Lost);
        let pipe = Error::Io(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        assert_eq!(Verdict::of(Some(&pipe), &r, false), Verdict::Done);
        let usage = Error::Usage("no".into());
        assert_eq!(Verdict::of(Some(&usage), &r, false), Verdict::Failed);
    }

    #[test]
    fn a_collection_fails_only_when_nothing_was_written() {
        let mut t = Tally::default();
        t.add(Verdict::Failed);
        t.add(Verdict::Failed);
        // No input gave a game: nothing written.
        assert_eq!(t.collection(Verdict::Failed, 0).verdict, Verdict::Failed);
        // Written, though inputs (or members) could not be read.
        assert_eq!(t.collection(Verdict::Done, 0).verdict, Verdict::Lost);
        let held = t.collection(Verdict::HeldBack, 0);
        assert_eq!(held.verdict, Verdict::HeldBack);
        let clean = Tally::default().collection(Verdict::Done, 0);
        assert_eq!(clean.verdict, Verdict::Done);
        let errors = Tally::default().collection(Verdict::Done, 1);
        assert_eq!(errors.verdict, Verdict::Lost);
    }

    #[test]
    fn outputs_each_fail_only_when_none_was_written() {
        let mut t = Tally::default();
        t.add(Verdict::Failed);
        assert_eq!(t.each().verdict, Verdict::Failed);
        t.worsen(Verdict::Lost);
        assert_eq!(t.each().verdict, Verdict::Failed, "an archive is no output");
        t.add(Verdict::Done);
        let t = t.each();
        assert_eq!((t.verdict, t.converted, t.failed), (Verdict::Lost, 1, 1));
    }
}
