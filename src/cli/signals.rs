//! What the command does on `SIGINT`, `SIGTERM` and `SIGHUP`: removes the
//! named temporary files of its outputs (`sgfconv::output`), then ends by
//! the same signal, as it would have without a handler (a shell reports
//! status 128 + the signal: 130 for `SIGINT`, 143 for `SIGTERM`, 129 for
//! `SIGHUP`). A signal the command was started with ignored (`nohup`, a
//! background job of a script) stays ignored.
//!
//! Outputs are unnamed files (Linux `O_TMPFILE`) wherever the file system
//! allows, and those vanish with the process whatever ends it, `SIGKILL`
//! included; the handler is for the named files used elsewhere.
//!
//! A run that has something to say before it ends (`migrate`: the report
//! of what was done) asks for the first signal itself ([`defer`]): it is
//! told, finishes what it is doing, says it, and ends by that signal
//! ([`end_if_signalled`]); a second signal ends the process at once.

/// Set `SGFCONV_NAMED_TEMP=1` to use named temporary files even where
/// unnamed ones work (tests of the fallback).
const NAMED_TEMP_VAR: &str = "SGFCONV_NAMED_TEMP";

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;

/// What the first signal does instead of ending the process ([`defer`]).
static DEFERRED: Mutex<Option<Box<dyn Fn() + Send>>> = Mutex::new(None);

/// The signal that was deferred (0: none yet).
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// From now on, the first `SIGINT`, `SIGTERM` or `SIGHUP` calls `stop`
/// instead of ending the process; the run then ends by it with
/// [`end_if_signalled`]. A second one ends the process at once.
pub fn defer(stop: Box<dyn Fn() + Send>) {
    if let Ok(mut d) = DEFERRED.lock() {
        *d = Some(stop);
    }
}

/// Ends the process by the signal [`defer`] caught, if one came (as it
/// would have ended without a handler: status 128 + the signal).
pub fn end_if_signalled() {
    let sig = RECEIVED.load(Ordering::SeqCst);
    if sig != 0 {
        #[cfg(unix)]
        sgfconv::output::remove_on_signal(|| {
            let _ = signal_hook::low_level::emulate_default_handler(sig);
        });
    }
}

/// Whether a signal was taken by the deferred stop (the first one):
/// `sig` is then recorded and the process goes on.
fn deferred(sig: i32) -> bool {
    let Ok(mut d) = DEFERRED.lock() else {
        return false;
    };
    match d.take() {
        Some(stop) => {
            RECEIVED.store(sig, Ordering::SeqCst);
            stop();
            true
        }
        None => false,
    }
}

/// Installs the handler (a thread that waits for the signals).
pub fn install() {
    if std::env::var_os(NAMED_TEMP_VAR).is_some_and(|v| v == "1") {
        sgfconv::output::use_named_temporary_files();
    }
    #[cfg(unix)]
    unix::install();
}

/// The handler, installed only when the process is about to name its
/// first temporary file (`sgfconv::output::temp`): a conversion to stdout,
/// or to files made unnamed, starts no thread (docs/benchmarks.md,
/// "Start-up").
pub fn install_when_needed() {
    if std::env::var_os(NAMED_TEMP_VAR).is_some_and(|v| v == "1") {
        sgfconv::output::use_named_temporary_files();
    }
    #[cfg(unix)]
    sgfconv::output::before_first_named_temp(unix::install);
}

#[cfg(unix)]
mod unix {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    /// Whether `sig` was ignored when the process started.
    fn ignored(sig: libc::c_int) -> bool {
        let mut old = std::mem::MaybeUninit::<libc::sigaction>::uninit();
        // SAFETY: a null new action only reads the current one into `old`.
        let r = unsafe { libc::sigaction(sig, std::ptr::null(), old.as_mut_ptr()) };
        // SAFETY: `sigaction` succeeded, so `old` is filled in.
        r == 0 && unsafe { old.assume_init() }.sa_sigaction == libc::SIG_IGN
    }

    pub fn install() {
        let wanted: Vec<libc::c_int> = [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter(|s| !ignored(*s))
            .collect();
        if wanted.is_empty() {
            return;
        }
        let Ok(mut signals) = Signals::new(&wanted) else {
            return;
        };
        std::thread::spawn(move || {
            for sig in signals.forever() {
                if super::deferred(sig) {
                    continue;
                }
                sgfconv::output::remove_on_signal(|| {
                    // Ends the process by `sig` (else aborts).
                    let _ = signal_hook::low_level::emulate_default_handler(sig);
                });
            }
        });
    }
}
