//! Quiet floods: what a run shows, in text, of findings repeated across
//! its files and games (`docs/cli.md`, "Quiet by design").
//!
//! A [`RunLimit`] is shared by every reporter of one run. It shows a
//! finding that has no place in its input (`W375 … game 7: not carried:
//! GC`) once, and holds back the ones like it (the same code and message
//! but for the game number); a code whose doc says `Once a run:` (what a
//! lossy target cannot carry, found in every game) it shows once whatever
//! its particulars; it shows at most so many findings of one code over the
//! whole run, and holds back the rest. What it held back is
//! counted by code, for the notes that end the run: nothing is lost,
//! `--diagnostics json` shows every finding and `--max-diagnostics 0`
//! lifts the limit.

use super::{Code, Diagnostic, Severity};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The findings of one run a text output shows, shared by its reporters.
pub struct RunLimit {
    per_code: usize,
    inner: Mutex<Inner>,
    /// Every finding of the run by severity, shown or not.
    found: [AtomicUsize; 3],
}

#[derive(Default)]
struct Inner {
    shown: HashMap<&'static str, usize>,
    seen: HashSet<(&'static str, String)>,
    held: BTreeMap<&'static str, Held>,
}

/// What a run held back of one code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// The code.
    pub code: Code,
    /// Findings like one shown (no place, the same message but for the
    /// game number).
    pub alike: usize,
    /// Findings of a code shown once a run, beyond the one shown, whose
    /// particulars (what each game lost) may differ from it.
    pub others: usize,
    /// Findings past the limit for the code.
    pub over: usize,
}

impl RunLimit {
    /// At most `per_code` findings of one code shown over the run
    /// (`usize::MAX`: no limit; repeats are still folded).
    pub fn new(per_code: usize) -> Self {
        RunLimit {
            per_code,
            inner: Mutex::new(Inner::default()),
            found: Default::default(),
        }
    }

    /// Whether `d` is shown; when not, it is counted as held back.
    pub fn admit(&self, d: &Diagnostic) -> bool {
        let Ok(mut inner) = self.inner.lock() else {
            return true;
        };
        let id = d.code.id;
        if d.pos.is_none() && super::is_once_a_run(d.code) {
            if !inner.seen.insert((id, String::new())) {
                inner.held(d.code).others += 1;
                return false;
            }
        } else if d.pos.is_none() && !inner.seen.insert((id, unnumbered(&d.message).to_string())) {
            inner.held(d.code).alike += 1;
            return false;
        }
        let shown = inner.shown.entry(id).or_insert(0);
        if *shown >= self.per_code {
            inner.held(d.code).over += 1;
            return false;
        }
        *shown += 1;
        true
    }

    /// Whether the run has shown as many findings of `code` as it may: the
    /// next one is then held back (and counted) before its message is
    /// built.
    pub fn full(&self, code: Code) -> bool {
        let Ok(mut inner) = self.inner.lock() else {
            return false;
        };
        if inner.shown.get(code.id).copied().unwrap_or(0) < self.per_code {
            return false;
        }
        inner.held(code).over += 1;
        true
    }

    /// Counts `n` findings of `severity` (shown or not).
    pub fn count(&self, severity: Severity, n: usize) {
        self.found[severity as usize].fetch_add(n, Ordering::Relaxed);
    }

    /// The run's findings so far by severity (info, warnings, errors).
    pub fn found(&self) -> [usize; 3] {
        self.found.each_ref().map(|n| n.load(Ordering::Relaxed))
    }

    /// What was held back, by code.
    pub fn held(&self) -> Vec<Held> {
        match self.inner.lock() {
            Ok(inner) => inner.held.values().copied().collect(),
            Err(_) => Vec::new(),
        }
    }
}

impl Inner {
    fn held(&mut self, code: Code) -> &mut Held {
        self.held.entry(code.id).or_insert(Held {
            code,
            alike: 0,
            others: 0,
            over: 0,
        })
    }
}

/// A message without its leading game number (`game 7: `): the findings
/// of one kind in many games read alike.
fn unnumbered(message: &str) -> &str {
    let Some(rest) = message.strip_prefix("game ") else {
        return message;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[digits..].strip_prefix(": ") {
        Some(after) if digits > 0 => after,
        _ => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Pos;

    const W: Code = Code::new("W999", "test-code");
    const E: Code = Code::new("E998", "test-error");

    fn d(code: Code, pos: Option<Pos>, message: &str) -> Diagnostic {
        let mut d = Diagnostic::new("f", code, message);
        d.pos = pos;
        d
    }

    #[test]
    fn a_finding_with_no_place_is_shown_once_in_a_run() {
        let run = RunLimit::new(usize::MAX);
        assert!(run.admit(&d(W, None, "game 0: not carried: GC ×1")));
        for g in 1..733 {
            assert!(!run.admit(&d(W, None, &format!("game {g}: not carried: GC ×1"))));
        }
        assert!(run.admit(&d(W, None, "game 9: not carried: GC ×2")));
        assert_eq!(
            run.held(),
            vec![Held {
                code: W,
                alike: 732,
                others: 0,
                over: 0
            }]
        );
    }

    #[test]
    fn a_code_shown_once_a_run_is_shown_once_whatever_it_names() {
        let once = crate::diag::CATALOGUE
            .iter()
            .find(|e| e.once_a_run.is_some())
            .expect("a code shown once a run")
            .code;
        let run = RunLimit::new(usize::MAX);
        assert!(run.admit(&d(once, None, "game 0: not carried: GC ×1")));
        assert!(!run.admit(&d(once, None, "game 1: not carried: AB ×3, GC ×1")));
        assert!(!run.admit(&d(once, None, "game 2: not carried: TB ×9")));
        // With a place it is a finding of its own.
        assert!(run.admit(&d(once, Some(Pos::new(0, 1, 1)), "x")));
        assert_eq!(
            run.held(),
            vec![Held {
                code: once,
                alike: 0,
                others: 2,
                over: 0
            }]
        );
    }

    #[test]
    fn findings_with_a_place_are_each_shown_within_the_limit() {
        let run = RunLimit::new(2);
        let at = |l| Some(Pos::new(0, l, 1));
        assert!(run.admit(&d(E, at(1), "bad")));
        assert!(run.admit(&d(E, at(2), "bad")));
        assert!(!run.admit(&d(E, at(3), "bad")));
        assert!(run.admit(&d(W, at(3), "bad")));
        assert_eq!(
            run.held(),
            vec![Held {
                code: E,
                alike: 0,
                others: 0,
                over: 1
            }]
        );
    }

    #[test]
    fn only_a_leading_game_number_is_left_out() {
        assert_eq!(unnumbered("game 12: x"), "x");
        assert_eq!(unnumbered("game x: y"), "game x: y");
        assert_eq!(unnumbered("game : y"), "game : y");
        assert_eq!(unnumbered("the game 1: y"), "the game 1: y");
    }
}
