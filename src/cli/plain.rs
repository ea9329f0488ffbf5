//! The command line of a plain conversion read by hand, without clap:
//! `sgfconv [-q] [-o FILE] [-t FORMAT] [-f FORMAT] [INPUT]...`, what most
//! runs are. Building clap's command of ~60 arguments and parsing with it
//! is a third of a short record's whole conversion (≈ 350 k instructions;
//! docs/benchmarks.md, "Session 10: start-up").
//!
//! Only what is certain is read here: any other word that starts with `-`
//! (another option, `--`, `-qo`, `--to=x`, help, version), an option given
//! twice, a missing or empty value, a value that clap would take for an
//! option, a word that is not UTF-8 makes [`parse`] give `None`, and the
//! command line goes to clap as before, so that every message and every
//! meaning stays clap's. `args.rs` tests that the two agree.

use std::ffi::OsString;
use std::path::PathBuf;

/// What a plain conversion's command line says: the fields of
/// `ConvertArgs` it may set, the others keeping their defaults.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Plain {
    pub inputs: Vec<PathBuf>,
    pub output: Option<PathBuf>,
    pub to: Option<String>,
    pub from: Option<String>,
    pub quiet: bool,
}

/// The command line (the program's name first) when it is plain, else
/// `None`: clap is to read it.
pub fn parse(args: &[OsString]) -> Option<Plain> {
    let mut plain = Plain::default();
    let mut words = args.iter().skip(1);
    while let Some(word) = words.next() {
        let word = word.to_str()?;
        match word {
            "-q" | "--quiet" if !plain.quiet => plain.quiet = true,
            "-o" | "--output" => once(&mut plain.output, value(words.next())?.into())?,
            "-t" | "--to" => once(&mut plain.to, value(words.next())?.to_owned())?,
            "-f" | "--from" => once(&mut plain.from, value(words.next())?.to_owned())?,
            "-" => plain.inputs.push(word.into()),
            _ if word.is_empty() || word.starts_with('-') => return None,
            _ => plain.inputs.push(word.into()),
        }
    }
    Some(plain)
}

/// An option's value as clap takes it: the next word, unless it is
/// missing, empty, not UTF-8 or looks like an option itself (`-` alone is
/// a value: stdin or stdout).
fn value(word: Option<&OsString>) -> Option<&str> {
    let v = word?.to_str()?;
    (v == "-" || !(v.is_empty() || v.starts_with('-'))).then_some(v)
}

/// Sets an option given once; `None` when it was given before (clap says
/// so).
fn once<T>(slot: &mut Option<T>, v: T) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(v);
    Some(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `sgfconv` and the words of `line` (also for `args.rs`'s tests).
    pub(crate) fn words(line: &str) -> Vec<OsString> {
        std::iter::once("sgfconv")
            .chain(line.split_whitespace())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn a_plain_line_is_read() {
        let p = parse(&words("-q a.sgf -o out.json -t json -f sgf b.sgf -")).unwrap();
        assert_eq!(
            p,
            Plain {
                inputs: vec!["a.sgf".into(), "b.sgf".into(), "-".into()],
                output: Some("out.json".into()),
                to: Some("json".into()),
                from: Some("sgf".into()),
                quiet: true,
            }
        );
        assert_eq!(parse(&words("")), Some(Plain::default()));
        assert_eq!(parse(&words("-o -")).unwrap().output, Some("-".into()));
    }

    #[test]
    fn anything_else_is_left_to_clap() {
        for line in [
            "-v a.sgf",
            "-qv a.sgf",
            "-qo x a.sgf",
            "--quiet=1 a.sgf",
            "-q -q a.sgf",
            "--quiet -q a.sgf",
            "-o",
            "-o a -o b x.sgf",
            "-o a --output b x.sgf",
            "-ox.sgf a.sgf",
            "--output=x.sgf a.sgf",
            "-t",
            "-t -q a.sgf",
            "-t json -t xml a.sgf",
            "--to=json a.sgf",
            "-f --help",
            "-f gib -f sgf a.gib",
            "-- a.sgf",
            "-h",
            "--help",
            "-V",
            "--version",
            "-j 2 a.sgf",
            "-d out a.sgf",
            "--color never a.sgf",
            "-x",
            "a.sgf --no-such-option",
        ] {
            assert_eq!(parse(&words(line)), None, "{line}");
        }
    }

    #[test]
    fn empty_words_and_other_bytes_are_left_to_clap() {
        let mut args = words("a.sgf");
        args.push(OsString::new());
        assert_eq!(parse(&args), None);
        let args = [OsString::from("sgfconv"), "-o".into(), OsString::new()];
        assert_eq!(parse(&args), None);
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let args = [OsString::from("sgfconv"), OsString::from_vec(vec![0xff])];
            assert_eq!(parse(&args), None);
        }
    }
}
