//! The progress bar of long runs (`migrate`, `check`) on a terminal:
//! `indicatif`, on stderr, drawn only once a run has lasted about a second
//! (a quick run shows none), a spinner while the files are being found,
//! then files done of total, MB/s, failures and an ETA from the average
//! pace since the first file (the per-step estimate of `indicatif` jumps
//! between a skipped file and a converted one). While the total is not
//! known (an archive's members are counted as it is read, so the total
//! grows just ahead of the files done) the bar shows the files done so far
//! and the pace instead: no fraction, no ETA ([`template`]).
//!
//! What else is written on stderr while the bar is drawn goes through
//! [`Suspending`] (or [`suspend`]): the bar is taken off, the line
//! written, the bar drawn again, so no line is torn.

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a run goes before its bar is drawn.
pub const DELAY: Duration = Duration::from_secs(1);

/// The bar being drawn, for [`suspend`].
static ACTIVE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Runs `f` (which writes on stderr or stdout) with the bar, if one is
/// drawn, taken off the terminal meanwhile.
pub fn suspend<R>(f: impl FnOnce() -> R) -> R {
    let bar = ACTIVE.lock().ok().and_then(|b| b.clone());
    match bar {
        Some(b) => b.suspend(f),
        None => f(),
    }
}

/// Whether a bar may be drawn: stderr is a terminal, and neither `-q` nor
/// `--diagnostics json` (every line on stderr is JSON) asked for silence.
pub fn wanted(quiet: bool, json: bool) -> bool {
    !quiet && !json && io::stderr().is_terminal()
}

/// Counters the bar's message is made of.
struct Counts {
    bytes: AtomicU64,
    failed: AtomicU64,
    /// When the work (not the scan) started.
    started: Mutex<Instant>,
    /// When the message was last set.
    shown: Mutex<Instant>,
    /// The total grows (an archive is being read): not known.
    growing: AtomicBool,
}

/// The progress bar of a run over `what` (`files`).
pub struct Bar {
    bar: ProgressBar,
    what: &'static str,
    counts: Counts,
}

/// How often the message (MB/s, failures) is made again.
const MESSAGE_EVERY: Duration = Duration::from_millis(250);

impl Bar {
    /// A bar that shows a spinner until [`Bar::start`], drawn on stderr
    /// from [`DELAY`] on (never, if the run ends first).
    pub fn new(what: &'static str) -> Bar {
        Bar::drawn_on(what, || ProgressDrawTarget::stderr_with_hz(8), DELAY)
    }

    /// A bar drawn on what `target` makes, from `delay` on.
    fn drawn_on(
        what: &'static str,
        target: impl FnOnce() -> ProgressDrawTarget + Send + 'static,
        delay: Duration,
    ) -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template("{spinner} finding the {prefix}... {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        bar.set_style(style);
        bar.set_prefix(what);
        let shown = bar.clone();
        std::thread::spawn(move || {
            std::thread::sleep(delay);
            if !shown.is_finished() {
                shown.set_draw_target(target());
                shown.enable_steady_tick(Duration::from_millis(200));
                if let Ok(mut a) = ACTIVE.lock() {
                    *a = Some(shown);
                }
            }
        });
        let now = Instant::now();
        Bar {
            bar,
            what,
            counts: Counts {
                bytes: AtomicU64::new(0),
                failed: AtomicU64::new(0),
                started: Mutex::new(now),
                shown: Mutex::new(now),
                growing: AtomicBool::new(false),
            },
        }
    }

    /// The files are found: `total` to go; the bar replaces the spinner.
    pub fn start(&self, total: u64) {
        self.bar.set_position(0);
        self.bar.set_length(total);
        self.bar.set_style(self.style(false));
        self.bar.reset_elapsed();
        if let Ok(mut s) = self.counts.started.lock() {
            *s = Instant::now();
        }
        self.bar.set_message(self.message());
    }

    /// The bar's style: files of total with an ETA, or files so far and
    /// the pace while the total is `growing` ([`template`]).
    fn style(&self, growing: bool) -> ProgressStyle {
        let fallback = if growing {
            ProgressStyle::default_spinner
        } else {
            ProgressStyle::default_bar
        };
        ProgressStyle::with_template(&template(self.what, growing))
            .map(|s| s.with_key("average_eta", average_eta))
            .unwrap_or_else(|_| fallback())
    }

    /// More files to go than [`Bar::start`] said (an archive's members,
    /// counted as it is read): from now on the total is not known, and the
    /// bar shows the files done and the pace.
    pub fn more(&self, files: u64) {
        self.bar.inc_length(files);
        if !self.counts.growing.swap(true, Ordering::Relaxed) {
            self.bar.set_style(self.style(true));
        }
    }

    /// One file is done: `bytes` read, failed or not.
    pub fn file_done(&self, bytes: u64, failed: bool) {
        self.counts.bytes.fetch_add(bytes, Ordering::Relaxed);
        if failed {
            self.counts.failed.fetch_add(1, Ordering::Relaxed);
        }
        self.bar.inc(1);
        let due = self.counts.shown.try_lock().ok().filter(|last| {
            let due = last.elapsed() >= MESSAGE_EVERY;
            due || failed
        });
        if let Some(mut last) = due {
            *last = Instant::now();
            drop(last);
            self.bar.set_message(self.message());
        }
    }

    /// `12.3 MB/s, 0 failed`.
    fn message(&self) -> String {
        let started = self
            .counts
            .started
            .lock()
            .map(|s| *s)
            .unwrap_or_else(|_| Instant::now());
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        format!(
            "{:.1} MB/s, {} failed",
            self.counts.bytes.load(Ordering::Relaxed) as f64 / 1e6 / secs,
            self.counts.failed.load(Ordering::Relaxed)
        )
    }

    /// The run is over: the bar is taken off the terminal.
    pub fn finish(&self) {
        if let Ok(mut a) = ACTIVE.lock() {
            *a = None;
        }
        self.bar.finish_and_clear();
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The bar's template: files done of the total, with an ETA; while the
/// total grows (`growing`), the files done so far and their pace, as
/// neither a fraction nor an ETA of a total still being counted is true.
fn template(what: &str, growing: bool) -> String {
    if growing {
        format!(
            "{{spinner}} {{pos}} {what} so far ({{per_sec}}; archives still being read)  {{msg}}"
        )
    } else {
        format!("{{wide_bar}} {{pos}}/{{len}} {what}  {{msg}}  ETA {{average_eta}}")
    }
}

/// The `{average_eta}` of the bar's template.
fn average_eta(state: &ProgressState, w: &mut dyn std::fmt::Write) {
    let _ = w.write_str(&eta_text(state.pos(), state.len(), state.elapsed()));
}

/// The time left at the average pace since the first file: `?` until a
/// file is done and a second has passed, as a first file says little.
fn eta_text(pos: u64, len: Option<u64>, elapsed: Duration) -> String {
    match len.map(|len| len.saturating_sub(pos)) {
        Some(left) if pos > 0 && elapsed >= DELAY => {
            let each = elapsed.as_secs_f64() / pos as f64;
            format!(
                "{:#}",
                HumanDuration(Duration::from_secs_f64(each * left as f64))
            )
        }
        _ => "?".into(),
    }
}

/// A writer that hands whole lines to the terminal around the bar
/// ([`suspend`]); a partial line waits for its end (or a flush).
pub struct Suspending<W: Write> {
    out: W,
    line: Vec<u8>,
}

impl<W: Write> Suspending<W> {
    /// Lines to `out`.
    pub fn new(out: W) -> Self {
        Suspending {
            out,
            line: Vec::new(),
        }
    }

    fn write_lines(&mut self, all: bool) -> io::Result<()> {
        let end = if all {
            self.line.len()
        } else {
            match self.line.iter().rposition(|b| *b == b'\n') {
                Some(i) => i + 1,
                None => return Ok(()),
            }
        };
        let text: Vec<u8> = self.line.drain(..end).collect();
        let out = &mut self.out;
        suspend(|| out.write_all(&text).and_then(|_| out.flush()))
    }
}

impl<W: Write> Write for Suspending<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.line.extend_from_slice(data);
        if data.contains(&b'\n') {
            self.write_lines(false)?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_lines(true)
    }
}

impl<W: Write> Drop for Suspending<W> {
    fn drop(&mut self) {
        let _ = self.write_lines(true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_lines_only_reach_the_stream() {
        let mut buf = Vec::new();
        {
            let mut s = Suspending::new(&mut buf);
            write!(s, "a:1: ").unwrap();
            write!(s, "warning").unwrap();
            writeln!(s, "[W1 x]: m").unwrap();
            write!(s, "half").unwrap();
            assert_eq!(s.out.len(), "a:1: warning[W1 x]: m\n".len());
        }
        assert_eq!(
            String::from_utf8(buf).unwrap(),
            "a:1: warning[W1 x]: m\nhalf"
        );
    }

    /// A terminal that keeps what is drawn on it.
    #[derive(Debug, Clone, Default)]
    struct Screen(std::sync::Arc<Mutex<String>>);

    impl indicatif::TermLike for Screen {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(&format!("{s}\n"))
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            self.write_str("<clear>")
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_spinner_while_scanning_then_files_of_total_never_0_of_0() {
        let screen = Screen::default();
        let s = screen.clone();
        let target = move || ProgressDrawTarget::term_like(Box::new(s));
        let bar = Bar::drawn_on("files", target, Duration::ZERO);
        std::thread::sleep(Duration::from_millis(500));
        let scanning = screen.0.lock().unwrap().clone();
        assert!(scanning.contains("finding the files..."), "{scanning:?}");
        assert!(!scanning.contains("0/0"), "{scanning:?}");
        bar.start(4);
        bar.file_done(1000, false);
        std::thread::sleep(Duration::from_millis(500));
        let going = screen.0.lock().unwrap().clone();
        assert!(going.contains("1/4 files"), "{going:?}");
        assert!(going.contains("failed  ETA "), "{going:?}");
        assert!(!going.contains("ETA 0s"), "no pace yet, no ETA: {going:?}");
        bar.finish();
    }

    #[test]
    fn a_growing_total_shows_files_so_far_and_the_pace_never_an_eta() {
        assert!(!template("files", true).contains("{len}"));
        assert!(!template("files", true).contains("ETA"));
        assert!(template("files", false).contains("{pos}/{len}"));
        let screen = Screen::default();
        let s = screen.clone();
        let target = move || ProgressDrawTarget::term_like(Box::new(s));
        let bar = Bar::drawn_on("files", target, Duration::ZERO);
        bar.start(1);
        for _ in 0..5 {
            // An archive's member is counted, then done: the total grows
            // just ahead of the files done.
            bar.more(1);
            bar.file_done(100, false);
        }
        std::thread::sleep(Duration::from_millis(500));
        let screen = screen.0.lock().unwrap().clone();
        let last = screen.rsplit("<clear>").find(|l| !l.trim().is_empty());
        let last = last.unwrap_or_default();
        assert!(last.contains("5 files so far ("), "{screen:?}");
        assert!(last.contains("/s; archives still being read)"), "{last:?}");
        assert!(!last.contains("ETA") && !last.contains("5/6"), "{last:?}");
        bar.finish();
    }

    #[test]
    fn a_quick_run_draws_nothing() {
        let screen = Screen::default();
        let s = screen.clone();
        let target = move || ProgressDrawTarget::term_like(Box::new(s));
        let bar = Bar::drawn_on("files", target, Duration::from_millis(300));
        bar.start(1);
        bar.file_done(10, false);
        bar.finish();
        std::thread::sleep(Duration::from_millis(600));
        assert_eq!(*screen.0.lock().unwrap(), "");
    }

    #[test]
    fn the_eta_is_the_average_pace_and_waits_for_one() {
        let sec = Duration::from_secs;
        // No file done yet, or too soon: no ETA, never "0s".
        assert_eq!(eta_text(0, Some(10), sec(30)), "?");
        assert_eq!(eta_text(5, Some(10), Duration::from_millis(300)), "?");
        assert_eq!(eta_text(5, None, sec(30)), "?");
        // 5 files in 10 s: 5 more take 10 s.
        assert_eq!(eta_text(5, Some(10), sec(10)), "10s");
        assert_eq!(eta_text(1, Some(121), sec(1)), "2m");
        assert_eq!(eta_text(10, Some(10), sec(10)), "0s");
    }
}
