//! The exit statuses of the command (docs/cli.md, "Exit status"): 0 done,
//! nothing lost; 1 done, but something could not be kept (an error
//! diagnostic, an input of a batch that could not be read, a warning under
//! `--strict`); 2 bad usage, an input that cannot be read, an output that
//! cannot be written, nothing written. The library's
//! [`Verdict`] of a run or a record says which; what is said of a failure
//! goes with it (`say::failure`).

use super::say;
use sgfconv::batch::Verdict;
use sgfconv::diag::Reporter;
use sgfconv::Error;
use std::process::ExitCode;

/// Done, but some input could not be kept.
pub const EXIT_LOST: u8 = 1;
/// Bad usage, or nothing could be done.
pub const EXIT_USAGE: u8 = 2;

/// The exit status of a verdict.
pub fn status(v: Verdict) -> ExitCode {
    match v {
        Verdict::LeftOut | Verdict::Done => ExitCode::SUCCESS,
        Verdict::Lost | Verdict::HeldBack => ExitCode::from(EXIT_LOST),
        Verdict::Failed => ExitCode::from(EXIT_USAGE),
    }
}

/// A usage error (E600): said, and exit status 2.
pub fn usage_error(msg: impl std::fmt::Display) -> ExitCode {
    say::usage(&msg.to_string());
    ExitCode::from(EXIT_USAGE)
}

/// The end of one record read (`check`): its diagnostics written, its
/// failure said; its verdict.
pub fn finish(
    result: Result<(), Error>,
    report: &mut Reporter,
    strict: bool,
    name: &str,
) -> Verdict {
    say::flush(report);
    if let Err(e) = &result {
        say::failure(name, e);
    }
    Verdict::of(result.as_ref().err(), report, strict)
}

/// What clap says of bad arguments (and of `--help`, `--version`): as
/// clap prints it, or, under `--diagnostics json`, a usage error as one
/// JSON line (help and version stay text on stdout).
pub fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let informational = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if informational || !say::json() {
        let _ = e.print();
        return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { 0 });
    }
    let text = e
        .kind()
        .as_str()
        .map_or_else(|| e.to_string(), |_| e.to_string());
    let first = text
        .lines()
        .next()
        .unwrap_or("bad usage")
        .trim_start_matches("error: ")
        .to_string();
    say::usage(&first);
    ExitCode::from(EXIT_USAGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_are_statuses_0_1_and_2() {
        assert_eq!(status(Verdict::Done), ExitCode::SUCCESS);
        assert_eq!(status(Verdict::LeftOut), ExitCode::SUCCESS);
        assert_eq!(status(Verdict::Lost), ExitCode::from(1));
        assert_eq!(status(Verdict::HeldBack), ExitCode::from(1));
        assert_eq!(status(Verdict::Failed), ExitCode::from(2));
    }
}
