//! The command on a terminal: colours on stderr (`--color`, `NO_COLOR`,
//! `CLICOLOR_FORCE`, decided by `anstream` as ripgrep and cargo decide),
//! whether bare `sgfconv` would wait for a record typed on the terminal
//! (it prints a short usage instead, `help::short_usage`), and what
//! `--version` says (the version, the commit `build.rs` found, the
//! formats).
//!
//! The library knows nothing of terminals: it colours a diagnostic with the
//! strings of a [`Palette`] it is given, which this module renders from
//! `anstyle` styles when, and only when, stderr gets colours.

use anstream::{AutoStream, ColorChoice};
use anstyle::{AnsiColor, Style};
use sgfconv::diag::Palette;
use sgfconv::formats::FORMATS;
use std::io::{self, IsTerminal, Write};
use std::sync::{LazyLock, OnceLock};

/// `--color WHEN`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set (`CLICOLOR_FORCE` forces
    /// them; `TERM=dumb` or `CLICOLOR=0` turn them off).
    #[default]
    Auto,
    /// Always, even into a pipe or a file, and whatever `NO_COLOR` says.
    Always,
    /// Never.
    Never,
}

/// Whether stderr gets colours, decided once for the run.
static COLORED: OnceLock<ColorChoice> = OnceLock::new();

/// Decides from `--color` whether stderr gets colours (the first call
/// decides; later ones change nothing).
pub fn init_color(when: ColorWhen) {
    let _ = COLORED.get_or_init(|| match when {
        ColorWhen::Always => ColorChoice::Always,
        ColorWhen::Never => ColorChoice::Never,
        ColorWhen::Auto => AutoStream::choice(&io::stderr()),
    });
}

fn choice() -> ColorChoice {
    *COLORED.get_or_init(|| AutoStream::choice(&io::stderr()))
}

/// The palette of diagnostics on stderr, when it gets colours: the
/// severity in red, yellow or cyan, the place and the code in bold, as
/// rustc and cargo show theirs.
pub fn palette() -> Option<Palette> {
    if choice() == ColorChoice::Never {
        return None;
    }
    let bold = |c: AnsiColor| Style::new().bold().fg_color(Some(c.into()));
    let text = |s: Style| s.render().to_string();
    Some(Palette {
        location: text(Style::new().bold()),
        error: text(bold(AnsiColor::BrightRed)),
        warning: text(bold(AnsiColor::BrightYellow)),
        info: text(bold(AnsiColor::BrightCyan)),
        code: text(Style::new().bold()),
        reset: anstyle::Reset.render().to_string(),
    })
}

/// The stream text diagnostics are written to: stderr (through
/// `anstream`, which also speaks to the Windows console), each whole line
/// written around the progress bar when one is drawn.
pub fn diagnostic_stream() -> Box<dyn Write + Send> {
    let raw = AutoStream::new(io::stderr(), choice());
    Box::new(super::progress::Suspending::new(raw))
}

/// Whether a conversion would wait for records typed on the terminal: no
/// input named and stdin is a terminal (`sgfconv -` reads it anyway).
pub fn would_wait_on_terminal(no_input: bool) -> bool {
    no_input && io::stdin().is_terminal()
}

/// `-V`: the version and the commit it was built from.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("SGFCONV_COMMIT"),
    ")"
);

/// `--version`: [`VERSION`], then the formats read and written.
pub fn long_version() -> &'static str {
    static LONG: LazyLock<String> = LazyLock::new(|| {
        let names: Vec<&str> = FORMATS.iter().map(|f| f.name).collect();
        format!(
            "{VERSION}\nformats: {}\n(sgfconv formats: their extensions and what each carries)",
            names.join(", ")
        )
    });
    &LONG
}
