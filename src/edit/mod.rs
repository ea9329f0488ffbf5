//! Record edits: what the user asks to have changed in every game
//! (`--main-line`, `--no-comments`, `--strip`, `--keep`, `--rotate`,
//! `--mirror`, `--flip`, `--transpose`), one stage of the pipeline.
//!
//! ```text
//! reader ──▶ dialect rules ──▶ edits: main line ▶ turn ▶ properties dropped ──▶ writer
//! ```
//!
//! The edits run after the dialect rules, so that they see the `FF[4]`
//! identifiers and values the rules made (an `FF[3]` `L` is an `LB` by
//! then, an OGS nesting a sequence), and before the writer, so that every
//! output format (SGF, JSON, CSV, pictures…) gets the same edited games.
//! They are not repairs: nothing they drop is reported, since the user
//! asked for it (docs/cli.md, "Editing"). Each is a sink of its own, in a
//! file of its own, streaming in the memory of one node:
//!
//! - `main_line` (`MainLine`): the first variation at every branch;
//! - `turn` (`Turn`): every point turned by a `symmetry` (`Symmetry`);
//! - `props` (`Dropping`): properties dropped by a `Filter`.
//!
//! No stage is added when no edit is asked.

mod codes;
mod main_line;
mod props;
mod symmetry;
mod turn;

pub use codes::BOARD_NOT_TURNED;
pub use props::{Filter, Props, ALWAYS_KEPT, GROUPS};
pub use symmetry::{Step, Symmetry};

use crate::sink::Sink;

/// The edits asked for (all off by default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Edits {
    /// `--main-line`: every variation dropped.
    pub main_line: bool,
    /// The properties dropped (`--no-comments`, `--strip`, `--keep`).
    pub filter: Filter,
    /// The board's symmetry (`--rotate`, `--mirror`, `--flip`,
    /// `--transpose`).
    pub symmetry: Symmetry,
}

impl Edits {
    /// Whether no edit is asked.
    pub fn is_none(&self) -> bool {
        !self.main_line && self.filter.is_none() && self.symmetry.is_identity()
    }
}

/// `sink` behind the edits `edits` asks for, in their order: the main line
/// first (the others see only its nodes), the turn, then the properties
/// dropped (the turn reads `SZ` and `GM` before they could go).
pub fn stage<'a>(sink: Box<dyn Sink + 'a>, edits: &Edits) -> Box<dyn Sink + 'a> {
    let mut s = sink;
    if !edits.filter.is_none() {
        s = Box::new(props::Dropping::new(edits.filter.clone(), s));
    }
    if !edits.symmetry.is_identity() {
        s = Box::new(turn::Turn::new(edits.symmetry.clone(), s));
    }
    if edits.main_line {
        s = Box::new(main_line::MainLine::new(s));
    }
    s
}

#[cfg(test)]
mod tests;
