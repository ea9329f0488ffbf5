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

/// Set `SGFCONV_NAMED_TEMP=1` to use named temporary files even where
/// unnamed ones work (tests of the fallback).
const NAMED_TEMP_VAR: &str = "SGFCONV_NAMED_TEMP";

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
            if let Some(sig) = signals.forever().next() {
                sgfconv::output::remove_on_signal(|| {
                    // Ends the process by `sig` (else aborts).
                    let _ = signal_hook::low_level::emulate_default_handler(sig);
                });
            }
        });
    }
}
