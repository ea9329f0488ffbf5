//! The record edits' options: clap's definitions and the `EditOptions` they ask for.
//!
//! `--main-line`, `--no-comments`, `--strip`, `--keep`, `--rotate`,
//! `--mirror`, `--flip`, `--transpose`, flattened into the converter's
//! arguments (docs/cli.md, "Editing").

use clap::Args;
use sgfconv::options::{BoardStep, EditOptions};

/// The record edits of a conversion: what the user asks to have changed
/// in every game, for every output format.
#[derive(Args, Debug, Clone, Default)]
pub struct EditArgs {
    /// Keep each game's main line only (the first variation at every
    /// branch); drop every other variation.
    #[arg(long)]
    pub main_line: bool,
    /// Drop the comments (C); node names (N) and the game comment (GC)
    /// stay.
    #[arg(long)]
    pub no_comments: bool,
    /// Drop these properties: identifiers and groups, comma-separated
    /// (private: every identifier FF[4] does not define, XGIB too;
    /// markup; timing). The moves, the setup and SZ FF CA GM stay.
    #[arg(long, value_name = "PROPS", conflicts_with = "keep")]
    pub strip: Option<String>,
    /// Keep only these properties (named as for --strip), and always the
    /// moves, the setup (B W AB AW AE PL) and SZ FF CA GM.
    #[arg(long, value_name = "PROPS")]
    pub keep: Option<String>,
    /// Turn the board clockwise by 90, 180 or 270 degrees: moves, setup,
    /// markup, labels and the view together.
    #[arg(long, value_name = "DEGREES", value_parser = ["90", "180", "270"])]
    pub rotate: Option<String>,
    /// Exchange the board's left and right (after --rotate).
    #[arg(long)]
    pub mirror: bool,
    /// Exchange the board's top and bottom (after --mirror).
    #[arg(long)]
    pub flip: bool,
    /// Exchange the board's columns and rows (after --flip).
    #[arg(long)]
    pub transpose: bool,
}

impl EditArgs {
    /// The library's edits these arguments ask for; what the library
    /// would refuse is refused here, before any input is read.
    pub fn edits(&self) -> Result<EditOptions, String> {
        let words = |l: &Option<String>| {
            l.as_deref()
                .map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>())
        };
        let mut e = EditOptions::default();
        e.main_line = self.main_line;
        e.no_comments = self.no_comments;
        e.strip = words(&self.strip);
        e.keep = words(&self.keep);
        let degrees = self.rotate.as_deref().map_or(Ok(0), str::parse);
        let degrees = degrees.map_err(|_| "--rotate: 90, 180 or 270".to_string())?;
        e.board = BoardStep::sequence(degrees, self.mirror, self.flip, self.transpose)?;
        sgfconv::edit::check(&e)?;
        Ok(e)
    }
}
