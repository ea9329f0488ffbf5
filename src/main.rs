//! The `sgfconv` command: the contract of `docs/cli.md` over the library.
//! It lives in `cli/`; this entry point only hands it the command line.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run(std::env::args_os().collect())
}
