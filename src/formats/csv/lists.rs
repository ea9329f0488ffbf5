//! What the CSV main line and tree write through.
//!
//! What the CSV writer's two ways of writing (the streaming main line,
//! `main_line.rs`, and `--all-variations`, `tree.rs`) share: where the rows
//! go ([`Lists`]: the move list, the games list, their layout, the count of
//! games), which root properties the games list holds, the errors of the
//! games list, and a reused text slot.

use super::out::RowOut;
use super::rows::Layout;
use crate::error::Error;
use crate::output::{output_error, AtomicFile};
use std::io::{self, Write};

/// Where the rows go: the move list, and with `--games-csv` the games
/// list (with `--games-only` the games list alone, into the output); the
/// layout of their rows; the games written so far.
pub(super) struct Lists<'w> {
    pub(super) out: RowOut<'w>,
    pub(super) games_out: Option<csv::Writer<GamesOut<'w>>>,
    /// `--games-only`: the move list is not written, and W375 says only
    /// what the games list could not carry.
    pub(super) games_only: bool,
    /// `--games-csv FILE`: named by its errors.
    pub(super) games_path: Option<std::path::PathBuf>,
    pub(super) layout: Layout,
    pub(super) games: usize,
    /// Games are numbered by their index in the input (a part of a pieced
    /// output), not counted from 0.
    pub(super) by_header: bool,
}

/// Where the games list goes: its own file (`--games-csv FILE`, put in
/// place when the conversion finishes), or the output (`--games-only`).
pub(super) enum GamesOut<'w> {
    File(AtomicFile),
    Output(Box<dyn Write + 'w>),
}

impl GamesOut<'_> {
    /// The list is complete: the file put in place, the output flushed.
    pub(super) fn finish(self) -> io::Result<()> {
        match self {
            GamesOut::File(f) => f.commit(),
            GamesOut::Output(mut w) => w.flush(),
        }
    }
}

impl Write for GamesOut<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            GamesOut::File(f) => f.write(buf),
            GamesOut::Output(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            GamesOut::File(f) => f.flush(),
            GamesOut::Output(w) => w.flush(),
        }
    }
}

/// Root properties the games list carries.
pub(super) const GAME_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "PB", "BR", "PW", "WR", "RE", "DT", "EV", "RO", "PC", "PL", "AB", "AW",
    "TM", "OT", "OTS", "PI",
];

/// Whether the root's property `name` is held: `SZ` (the board size of
/// the rows), and with a games list what it reads (a huge root comment is
/// not held).
pub(super) fn kept_at_root(name: &str, games_file: bool) -> bool {
    name == "SZ" || games_file && GAME_PROPS.contains(&name)
}

/// Properties that describe the file rather than the game: never reported
/// as lost.
pub(super) const FILE_PROPS: &[&str] = &["FF", "GM", "CA"];

/// An I/O error of the games table is said of it ([`Error::Output`]).
pub(super) fn games_error(path: Option<&std::path::Path>, e: Error) -> Error {
    match (path, e) {
        (Some(p), Error::Io(io)) => output_error(p, io),
        (_, e) => e,
    }
}

/// A CSV error as an I/O error.
pub(super) fn csv_io(e: csv::Error) -> Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => Error::Io(e),
        other => Error::Io(std::io::Error::other(format!("{other:?}"))),
    }
}

/// The first value of a property on the current node, in a reused string.
#[derive(Default)]
pub(super) struct Slot {
    text: String,
    pub(super) set: bool,
}

impl Slot {
    /// Keeps `text` unless the slot holds a value already.
    pub(super) fn set(&mut self, text: &str) {
        if !self.set {
            self.text.clear();
            self.text.push_str(text);
            self.set = true;
        }
    }

    pub(super) fn get(&self) -> &str {
        if self.set {
            &self.text
        } else {
            ""
        }
    }
}
