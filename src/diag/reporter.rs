//! The Reporter: receives, shows or keeps, and counts diagnostics.
//!
//! The [`Reporter`]: receives diagnostics while a conversion streams,
//! shows or keeps them within their limits, and counts them by severity.

use super::{At, Code, Diagnostic, Palette, RunLimit, Severity, Tally};
use std::io::Write;
use std::sync::Arc;

/// Where diagnostics go as they are found.
#[non_exhaustive]
pub enum Output {
    /// Kept in memory (tests, the library's default, `migrate` reports).
    Collect(Vec<Diagnostic>),
    /// Human-readable lines on a writer (stderr in the CLI).
    Text(Box<dyn Write + Send>),
    /// One JSON object per line.
    Json(Box<dyn Write + Send>),
    /// Counted, not shown.
    Discard,
}

/// A diagnostic's message: text, or a closure that builds it, which runs
/// only when the diagnostic is shown or kept (a damaged file can raise a
/// million diagnostics that are only counted).
pub trait Message {
    /// The text (built now, if it is a closure).
    fn into_message(self) -> String;
}

impl Message for String {
    fn into_message(self) -> String {
        self
    }
}

impl Message for &str {
    fn into_message(self) -> String {
        self.to_string()
    }
}

impl<F: FnOnce() -> String> Message for F {
    fn into_message(self) -> String {
        self()
    }
}

/// Receives diagnostics while a conversion streams: shows or keeps them, and
/// counts them by severity. One per input file.
pub struct Reporter {
    file: Arc<str>,
    /// The format the input is read as (`sgf`, `gib`…; empty until the
    /// pipeline says): where a game came from, for the tables.
    format: &'static str,
    game: Option<usize>,
    output: Output,
    show_info: bool,
    min_shown: Severity,
    counts: [usize; 3],
    /// Upper bound on diagnostics shown per code, so a damaged file of a
    /// million bad lines does not flood the terminal; the rest are counted.
    per_code_limit: usize,
    per_code: Vec<(&'static str, usize)>,
    suppressed: usize,
    /// Counts by code (and the distinct details of one code), shown or not:
    /// `check --summary` keeps these instead of the diagnostics.
    tally: Option<Box<Tally>>,
    /// The colours of the text form, when it goes to a terminal.
    palette: Option<Box<Palette>>,
    /// Whether warnings are marked fixable or not (`check`), and how many
    /// fixable ones were reported.
    mark_fixable: bool,
    fixable: usize,
    /// What the run shows of findings repeated across its files and games
    /// (text output only), shared by its reporters.
    run: Option<Arc<RunLimit>>,
}

impl Reporter {
    /// A reporter for the input named `file`, sending to `output`: warnings
    /// and errors shown, info counted only, no per-code limit.
    pub fn new(file: impl Into<Arc<str>>, output: Output) -> Self {
        Reporter {
            file: file.into(),
            format: "",
            game: None,
            output,
            show_info: false,
            min_shown: Severity::Warning,
            counts: [0; 3],
            per_code_limit: usize::MAX,
            per_code: Vec::new(),
            suppressed: 0,
            tally: None,
            palette: None,
            mark_fixable: false,
            fixable: 0,
            run: None,
        }
    }

    /// Shows, in text, what `run` lets through: a finding with no place
    /// once in the run, at most so many of one code ([`RunLimit`]); the
    /// rest is counted there. JSON and collected outputs keep every one.
    /// Every finding is counted in `run` too, shown or not.
    pub fn with_run_limit(mut self, run: Arc<RunLimit>) -> Self {
        self.run = Some(run);
        self
    }

    /// Marks each diagnostic fixable or not ([`Diagnostic::fixable`]:
    /// `check --fix` repairs it without loss) and counts the fixable
    /// warnings ([`Reporter::fixable_warnings`]): `check`.
    pub fn marking_fixable(mut self) -> Self {
        self.mark_fixable = true;
        self
    }

    /// The fixable warnings reported, shown or not (with
    /// [`Reporter::marking_fixable`]; else 0).
    pub fn fixable_warnings(&self) -> usize {
        self.fixable
    }

    /// Colour the text form with `palette` (the command, on a terminal).
    pub fn with_palette(mut self, palette: Palette) -> Self {
        self.palette = Some(Box::new(palette));
        self
    }

    /// Also count every diagnostic by code in `tally` (see
    /// [`Reporter::tally`]).
    pub fn with_tally(mut self, tally: Tally) -> Self {
        self.tally = Some(Box::new(tally));
        self
    }

    /// The counts by code so far (with [`Reporter::with_tally`]).
    pub fn tally(&self) -> Option<&Tally> {
        self.tally.as_deref()
    }

    /// Takes the counts by code out, leaving an empty tally of the same kind.
    pub fn take_tally(&mut self) -> Option<Tally> {
        let t = self.tally.as_mut()?;
        let fresh = t.fresh();
        Some(std::mem::replace(t, fresh))
    }

    /// A reporter that keeps every diagnostic, info included.
    pub fn collecting(file: impl Into<Arc<str>>) -> Self {
        let mut r = Reporter::new(file, Output::Collect(Vec::new()));
        r.show_info = true;
        r.min_shown = Severity::Info;
        r
    }

    /// Show (or keep) info-level diagnostics too.
    pub fn with_info(mut self, yes: bool) -> Self {
        self.show_info = yes;
        self.min_shown = if yes {
            Severity::Info
        } else {
            Severity::Warning
        };
        self
    }

    /// Show (or keep) errors only: `-q`, which hides warnings and info but
    /// never an error.
    pub fn errors_only(mut self) -> Self {
        self.show_info = false;
        self.min_shown = Severity::Error;
        self
    }

    /// Show at most `n` diagnostics of each code; count the rest.
    pub fn with_per_code_limit(mut self, n: usize) -> Self {
        self.per_code_limit = n;
        self
    }

    /// The input's name, as diagnostics show it.
    pub fn file(&self) -> &Arc<str> {
        &self.file
    }

    /// The format the input is read as, as `-f` names it (`sgf`, `gib`…);
    /// empty when no pipeline said.
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// Says which format the input is read as ([`Reporter::format`]).
    pub fn set_format(&mut self, format: &'static str) {
        self.format = format;
    }

    /// Renames the input for the diagnostics that follow.
    pub fn set_file(&mut self, file: impl Into<Arc<str>>) {
        self.file = file.into();
    }

    /// The game that following diagnostics belong to.
    pub fn set_game(&mut self, game: Option<usize>) {
        self.game = game;
    }

    /// Reports a problem at the severity its code's letter gives (the
    /// only severity a code is ever shown with), at `pos` when it has a
    /// place.
    pub fn report<'a>(&mut self, code: Code, at: impl Into<At<'a>>, message: impl Message) {
        let severity = code.severity();
        self.counts[severity as usize] += 1;
        if let Some(run) = &self.run {
            run.count(severity, 1);
        }
        if self.mark_fixable && severity == Severity::Warning && super::is_fixable(code) {
            self.fixable += 1;
        }
        if self.tally.as_mut().is_some_and(|t| t.add(code, 1)) {
            let message = message.into_message();
            if let Some(t) = &mut self.tally {
                t.detail(&message);
            }
            self.emit(code, severity, at.into(), message);
        } else {
            self.emit(code, severity, at.into(), message);
        }
    }

    /// Shows or keeps a counted diagnostic, if the filters let it through.
    fn emit(&mut self, code: Code, severity: Severity, at: At<'_>, message: impl Message) {
        if !self.keeps(severity) || !self.admit(code) {
            return;
        }
        let d = Diagnostic {
            file: self.file.clone(),
            pos: at.pos,
            game: self.game,
            code,
            severity,
            property: at.property.map(Box::from),
            message: message.into_message(),
            fixable: self
                .mark_fixable
                .then(|| severity == Severity::Warning && super::is_fixable(code)),
        };
        self.output(d);
    }

    fn keeps(&self, severity: Severity) -> bool {
        !(severity < self.min_shown
            || (severity == Severity::Info && !self.show_info)
            || matches!(self.output, Output::Discard))
    }

    /// Counts a diagnostic that passed the severity filter against the
    /// per-code limit: whether it is within it (else it is suppressed).
    fn admit(&mut self, code: Code) -> bool {
        if let (Some(run), Output::Text(_)) = (&self.run, &self.output) {
            // Past the run's limit: not shown, and its message not built.
            if run.full(code) {
                return false;
            }
        }
        if self.per_code_limit == usize::MAX {
            return true;
        }
        let n = match self.per_code.iter_mut().find(|(id, _)| *id == code.id) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                self.per_code.push((code.id, 1));
                1
            }
        };
        if n > self.per_code_limit {
            self.suppressed += 1;
            return false;
        }
        true
    }

    /// Shows or keeps a diagnostic that passed the severity filter and the
    /// per-code limit.
    fn output(&mut self, d: Diagnostic) {
        match &mut self.output {
            Output::Collect(v) => v.push(d),
            // A diagnostic that cannot be written (closed stderr) is not
            // worth failing the conversion for.
            Output::Text(_) if self.run.as_ref().is_some_and(|run| !run.admit(&d)) => {}
            Output::Text(w) => {
                let _ = match &self.palette {
                    Some(p) => writeln!(w, "{}", d.styled(p)),
                    None => writeln!(w, "{d}"),
                };
            }
            Output::Json(w) => {
                let _ = writeln!(w, "{}", d.to_json());
            }
            Output::Discard => {}
        }
    }

    /// A reporter for a piece of this reporter's input read elsewhere (on
    /// another thread): it keeps what this one would show, and
    /// [`Reporter::absorb`] brings its diagnostics back, in order.
    pub fn for_piece(&self) -> Reporter {
        // Nothing is shown: nothing is kept (or built) in the piece either.
        let output = match self.output {
            Output::Discard => Output::Discard,
            _ => Output::Collect(Vec::new()),
        };
        let mut r = Reporter::new(self.file.clone(), output);
        r.format = self.format;
        r.show_info = self.show_info;
        r.min_shown = self.min_shown;
        // What is past the limit in the piece is past it here too.
        r.per_code_limit = self.per_code_limit;
        r.tally = self.tally.as_ref().map(|t| Box::new(t.fresh()));
        r.mark_fixable = self.mark_fixable;
        r
    }

    /// Takes in what a [`Reporter::for_piece`] reporter found, as if it had
    /// been reported here: counted, shown or kept within the limits. Game
    /// indexes in the piece count from `game_base`.
    pub fn absorb(&mut self, mut piece: Reporter, game_base: usize) {
        let mut kept = [0usize; 3];
        for mut d in piece.take_collected() {
            kept[d.severity as usize] += 1;
            d.game = d.game.map(|g| g + game_base);
            self.counts[d.severity as usize] += 1;
            if self.keeps(d.severity) && self.admit(d.code) {
                self.output(d);
            }
        }
        for (s, n) in piece.counts.iter().enumerate() {
            self.counts[s] += n.saturating_sub(kept[s]);
        }
        if let Some(run) = &self.run {
            for (s, n) in [Severity::Info, Severity::Warning, Severity::Error]
                .iter()
                .zip(piece.counts)
            {
                run.count(*s, n);
            }
        }
        // Past the limit in the piece: the piece kept the first of each
        // code, which took this reporter to the limit as well.
        self.suppressed += piece.suppressed;
        self.fixable += piece.fixable;
        if let (Some(mine), Some(theirs)) = (&mut self.tally, piece.tally.take()) {
            mine.merge(*theirs);
        }
    }

    /// Whether a diagnostic of this severity would be shown or kept (callers
    /// skip building messages nobody will see). With a tally, every one is
    /// wanted: it counts.
    pub fn wants(&self, severity: Severity) -> bool {
        self.tally.is_some()
            || (severity >= self.min_shown && (severity != Severity::Info || self.show_info))
    }

    /// Diagnostics reported with severity `s`, shown or not.
    pub fn count(&self, s: Severity) -> usize {
        self.counts[s as usize]
    }

    /// Errors reported, shown or not.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// Warnings reported, shown or not.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// Diagnostics hidden by the per-code limit.
    pub fn suppressed(&self) -> usize {
        self.suppressed
    }

    /// The kept diagnostics (only with [`Output::Collect`]).
    pub fn collected(&self) -> &[Diagnostic] {
        match &self.output {
            Output::Collect(v) => v,
            _ => &[],
        }
    }

    /// Takes the kept diagnostics out, leaving none (only with
    /// [`Output::Collect`]).
    pub fn take_collected(&mut self) -> Vec<Diagnostic> {
        match &mut self.output {
            Output::Collect(v) => std::mem::take(v),
            _ => Vec::new(),
        }
    }

    /// Flushes a text or JSON output; write errors are ignored.
    pub fn flush(&mut self) {
        if let Output::Text(w) | Output::Json(w) = &mut self.output {
            let _ = w.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W_TEST: Code = Code::new("W999", "test-code");
    const I_TEST: Code = Code::new("I999", "test-info");

    #[test]
    fn info_is_counted_but_hidden_by_default() {
        let mut r = Reporter::new("x", Output::Collect(Vec::new()));
        r.report(I_TEST, None, "rewrite");
        assert_eq!(r.count(Severity::Info), 1);
        assert!(r.collected().is_empty());
    }

    #[test]
    fn per_code_limit_counts_the_rest() {
        let mut r = Reporter::collecting("x").with_per_code_limit(2);
        for _ in 0..5 {
            r.report(W_TEST, None, "again");
        }
        assert_eq!(r.collected().len(), 2);
        assert_eq!(r.suppressed(), 3);
        assert_eq!(r.warnings(), 5);
    }

    #[test]
    fn a_message_is_built_only_for_a_diagnostic_that_is_kept() {
        let mut built = 0;
        let mut r = Reporter::collecting("x").with_per_code_limit(2);
        for _ in 0..5 {
            r.report(W_TEST, None, || {
                built += 1;
                "again".to_string()
            });
        }
        let mut quiet = Reporter::new("x", Output::Discard);
        quiet.report(W_TEST, None, || {
            built += 100;
            String::new()
        });
        assert_eq!((built, r.collected().len(), r.warnings()), (2, 2, 5));
        assert_eq!(quiet.warnings(), 1);
    }

    /// Pieces read apart and absorbed in order show and suppress what one
    /// reporter would have.
    #[test]
    fn pieces_keep_the_per_code_limit_of_their_reporter() {
        let mut whole = Reporter::collecting("x").with_per_code_limit(3);
        let mut merged = Reporter::collecting("x").with_per_code_limit(3);
        for piece_size in [2, 1, 4, 0, 3] {
            let mut piece = merged.for_piece();
            for k in 0..piece_size {
                let m = format!("{piece_size}.{k}");
                whole.report(W_TEST, None, m.as_str());
                piece.report(W_TEST, None, m.as_str());
            }
            merged.absorb(piece, 0);
        }
        let messages = |r: &Reporter| {
            r.collected()
                .iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(messages(&merged), messages(&whole));
        assert_eq!(merged.suppressed(), whole.suppressed());
        assert_eq!((merged.warnings(), whole.suppressed()), (10, 7));
        // A reporter that shows nothing suppresses nothing, pieces or not.
        let mut quiet = Reporter::new("x", Output::Discard).with_per_code_limit(3);
        for _ in 0..2 {
            let mut piece = quiet.for_piece();
            for _ in 0..5 {
                piece.report(W_TEST, None, "again");
            }
            quiet.absorb(piece, 0);
        }
        assert_eq!((quiet.warnings(), quiet.suppressed()), (10, 0));
    }

    #[test]
    fn nothing_is_suppressed_when_nothing_is_shown() {
        let mut r = Reporter::new("x", Output::Discard).with_per_code_limit(1);
        for _ in 0..3 {
            r.report(W_TEST, None, "again");
        }
        assert_eq!(r.suppressed(), 0);
        assert_eq!(r.warnings(), 3);
    }
}
