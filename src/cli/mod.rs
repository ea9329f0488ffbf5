//! The `sgfconv` command (feature `cli`): the contract of `docs/cli.md`
//! over the library. [`run`] parses the command line and hands it to the
//! module of its subcommand; each module has one job:
//!
//! - `args`: clap's definitions of every command and option, and what the
//!   reading options mean as typed options; `plain`: a plain
//!   conversion's line read by hand, for a fast start; `order`: flags
//!   written before a subcommand read as its own;
//! - `convert`: the converter, its arguments mapped to a
//!   [`sgfconv::batch::Batch`] that the library runs; `inputs`: the inputs
//!   named (paths, `-r` directories, `--files-from` lists);
//! - `check` (`sgfconv check`) and `fix` (`check --fix`);
//! - `variations` (`sgfconv variations`), and `pictures`: the picture
//!   options' values and that command's arguments;
//! - `migrate` (`sgfconv migrate`, Unix), with its `show`;
//! - `help`: `explain`, `formats`, the man pages, the completions;
//! - `say`: what the command says on stderr (text or JSON lines), the
//!   reporters of the records' diagnostics; `codes`: its own code;
//! - `exit`: the exit statuses;
//! - `term`: colours, bare `sgfconv`'s usage, `--version`; `progress`:
//!   the progress bar; `signals`: the signal handler.

mod args;
mod check;
mod codes;
mod convert;
mod edits;
mod exit;
mod fix;
mod help;
mod inputs;
#[cfg(unix)]
mod migrate;
mod order;
mod pictures;
mod plain;
mod progress;
mod say;
mod signals;
mod term;
mod variations;

use args::{Cli, Command, DiagFormat};
use clap::CommandFactory;
use std::ffi::OsString;
use std::process::ExitCode;

/// Runs the command line `args` (the program's name first).
pub fn run(args: Vec<OsString>) -> ExitCode {
    say::set_json(say::json_requested(&args));
    let cli = match args::parse(&args) {
        Ok(c) => c,
        Err(e) => return exit::clap_error(e),
    };
    term::init_color(cli.color);
    // Migrate names temporary files of its own: the handler from the start.
    match cli.command {
        None => signals::install_when_needed(),
        Some(_) => signals::install(),
    }
    match cli.command {
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Variations(args)) => variations::run(args),
        Some(Command::Formats) => help::list_formats(),
        Some(Command::Completions { shell, dir }) => {
            help::completions(Cli::command(), shell, not_stdout(dir))
        }
        Some(Command::Explain(args)) => help::explain(args),
        Some(Command::Man { dir }) => help::man(Cli::command(), not_stdout(dir)),
        #[cfg(unix)]
        Some(Command::Migrate(args)) => migrate::run(args),
        None if term::would_wait_on_terminal(cli.convert.reads_only_stdin()) => {
            let json = cli.convert.read.diagnostics == DiagFormat::Json;
            help::short_usage(Cli::command(), json)
        }
        None => convert::run(cli.convert),
    }
}

/// A directory named to write into, unless it is `-`: the standard
/// output, as where no directory is named.
fn not_stdout(dir: Option<std::path::PathBuf>) -> Option<std::path::PathBuf> {
    dir.filter(|d| !sgfconv::output::is_stdout(d))
}
