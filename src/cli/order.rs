//! Flags before a subcommand: `sgfconv -q check x.sgf` is read as
//! `sgfconv check -q x.sgf`, as git and cargo take flags on either side of
//! their subcommand (`docs/cli.md`, "Flags anywhere").
//!
//! Only when the first word that is not a flag (nor a flag's value) names
//! a subcommand are the flags before it moved after it; the subcommand
//! then says what it makes of them (a flag it does not take is refused by
//! its own usage message). Any other line is left as it is.

use clap::{ArgAction, Command};
use std::ffi::{OsStr, OsString};

/// The line with the flags before a subcommand's name moved after it, or
/// `None` when no flag comes before one. `cmd` is the whole command: it
/// says which flags take a value (`-t sgf`), so that a value is never
/// mistaken for the subcommand or the subcommand for a value.
pub fn subcommand_first(args: &[OsString], cmd: &Command) -> Option<Vec<OsString>> {
    let mut k = 1;
    while let Some(word) = args.get(k) {
        let text = word.to_str()?;
        if text == "--" || text == "-" || !text.starts_with('-') {
            break;
        }
        k += 1 + usize::from(takes_separate_value(text, cmd));
    }
    let name = args.get(k)?;
    if k == 1 || !is_subcommand(name, cmd) {
        return None;
    }
    let mut line = Vec::with_capacity(args.len());
    line.push(args[0].clone());
    line.push(name.clone());
    line.extend_from_slice(&args[1..k]);
    line.extend_from_slice(&args[k + 1..]);
    Some(line)
}

/// Whether `name` is a subcommand of `cmd` (or clap's `help`).
fn is_subcommand(name: &OsStr, cmd: &Command) -> bool {
    name == "help" || cmd.get_subcommands().any(|s| s.get_name() == name)
}

/// Whether the flag `word` (`--to`, `-t`, `-qt`) takes its value from the
/// next word: it takes a value and none is written in the word itself
/// (`--to=sgf`, `-tsgf`). A flag no command knows takes none.
fn takes_separate_value(word: &str, cmd: &Command) -> bool {
    let commands = || std::iter::once(cmd).chain(cmd.get_subcommands());
    if let Some(long) = word.strip_prefix("--") {
        if long.contains('=') {
            return false;
        }
        return commands()
            .flat_map(|c| c.get_arguments())
            .find(|a| a.get_long() == Some(long))
            .is_some_and(takes_value);
    }
    // A cluster of short flags: the first that takes a value takes the
    // rest of the word, or the next word when it is the last letter.
    let letters: Vec<char> = word[1..].chars().collect();
    for (i, c) in letters.iter().enumerate() {
        let arg = commands()
            .flat_map(|c| c.get_arguments())
            .find(|a| a.get_short() == Some(*c));
        if arg.is_some_and(takes_value) {
            return i + 1 == letters.len();
        }
    }
    false
}

fn takes_value(arg: &clap::Arg) -> bool {
    matches!(arg.get_action(), ArgAction::Set | ArgAction::Append)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, Command};

    fn cmd() -> Command {
        Command::new("sgfconv")
            .arg(Arg::new("quiet").short('q').action(ArgAction::SetTrue))
            .arg(Arg::new("to").short('t').long("to").action(ArgAction::Set))
            .arg(Arg::new("color").long("color").action(ArgAction::Set))
            .arg(Arg::new("in").action(ArgAction::Append))
            .subcommand(
                Command::new("check")
                    .arg(
                        Arg::new("summary")
                            .long("summary")
                            .action(ArgAction::SetTrue),
                    )
                    .arg(
                        Arg::new("max")
                            .long("max-diagnostics")
                            .action(ArgAction::Set),
                    ),
            )
    }

    fn line(s: &str) -> Vec<OsString> {
        s.split(' ').map(OsString::from).collect()
    }

    fn moved(s: &str) -> Option<String> {
        subcommand_first(&line(s), &cmd()).map(|l| {
            l.iter()
                .map(|w| w.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }

    #[test]
    fn flags_before_a_subcommand_go_after_it() {
        assert_eq!(
            moved("sgfconv -q check x.sgf").as_deref(),
            Some("sgfconv check -q x.sgf")
        );
        assert_eq!(
            moved("sgfconv --summary -q check -r d").as_deref(),
            Some("sgfconv check --summary -q -r d")
        );
        assert_eq!(
            moved("sgfconv --color never check x").as_deref(),
            Some("sgfconv check --color never x")
        );
        assert_eq!(
            moved("sgfconv --max-diagnostics 5 check x").as_deref(),
            Some("sgfconv check --max-diagnostics 5 x")
        );
    }

    #[test]
    fn values_and_files_are_never_taken_for_a_subcommand() {
        // `check` is the value of -t (no such format: the converter says so).
        assert_eq!(moved("sgfconv -t check x.sgf"), None);
        assert_eq!(moved("sgfconv -qt check x.sgf"), None);
        assert_eq!(moved("sgfconv --to check x.sgf"), None);
        assert_eq!(
            moved("sgfconv --to=sgf check x").as_deref(),
            Some("sgfconv check --to=sgf x")
        );
        // Nothing before the subcommand, or no subcommand: as written.
        assert_eq!(moved("sgfconv check -q x"), None);
        assert_eq!(moved("sgfconv -q a.sgf check"), None);
        assert_eq!(moved("sgfconv -q -- check"), None);
        assert_eq!(moved("sgfconv -q - check"), None);
    }
}
