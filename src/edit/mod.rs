//! Record edits: what the user asks to have changed in every game
//! (`--main-line`, `--no-comments`, `--strip`, `--keep`, `--rotate`,
//! `--mirror`, `--flip`, `--transpose`: `options::EditOptions`), one stage
//! of the pipeline.
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
//! - `turn` (`Turn`): every point turned by a `symmetry` (`Symmetry`,
//!   the steps of `options::BoardStep`);
//! - `props` (`Dropping`): properties dropped by a `Filter`.
//!
//! No stage is added when no edit is asked.

mod codes;
mod main_line;
mod props;
mod symmetry;
mod turn;

pub use codes::BOARD_NOT_TURNED;
pub use props::{ALWAYS_KEPT, GROUPS};

use crate::error::Error;
use crate::options::EditOptions;
use crate::sink::Sink;
use props::Filter;
use symmetry::Symmetry;

/// Refuses edits that name nothing (`--strip` with a word that is no
/// identifier nor group, or naming what is always kept): what a
/// conversion with them would refuse, said before it starts.
pub fn check(edits: &EditOptions) -> Result<(), String> {
    Filter::of(edits).map(|_| ())
}

/// `sink` behind the edits `edits` asks for, in their order: the main line
/// first (the others see only its nodes), the turn, then the properties
/// dropped (the turn reads `SZ` and `GM` before they could go). No stage
/// when none is asked; edits [`check`] refuses are a usage error.
pub fn stage<'a>(
    sink: Box<dyn Sink + 'a>,
    edits: &EditOptions,
) -> Result<Box<dyn Sink + 'a>, Error> {
    let mut s = sink;
    if edits.is_none() {
        return Ok(s);
    }
    let filter = Filter::of(edits).map_err(Error::Usage)?;
    if !filter.is_none() {
        s = Box::new(props::Dropping::new(filter, s));
    }
    if !edits.board.is_empty() {
        s = Box::new(turn::Turn::new(Symmetry(edits.board.clone()), s));
    }
    if edits.main_line {
        s = Box::new(main_line::MainLine::new(s));
    }
    Ok(s)
}
