//! The CSV writer: the sink, its columns and the games-list file. The main
//! line streams (`main_line.rs`); `--all-variations` needs whole games (a
//! node's path depends on siblings that come later), so it holds one game
//! at a time (`tree.rs`). The rows: `rows.rs`.

use super::main_line::MainLine;
use super::out::RowOut;
use super::rows::{Layout, GAME_COLUMNS};
use super::tree::Tree;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Moves, NodeRef};
use crate::options::WriteOptions;
use crate::output::{output_error, AtomicFile};
use crate::sink::{moves_as_nodes, node_as_events, Sink};
use std::io::Write;

/// Root properties the games list carries.
pub(super) const GAME_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "PB", "BR", "PW", "WR", "RE", "DT", "EV", "RO", "PC", "PL", "AB", "AW",
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

/// The CSV writer (the move list; with `--games-csv` also the games list).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let games = match &options.games_csv {
        Some(path) => {
            // Through the output layer: the file is replaced only when the
            // conversion finishes; a failed run leaves it as it was.
            let f = AtomicFile::create(path).map_err(|e| output_error(path, e))?;
            let mut w = csv::Writer::from_writer(f);
            w.write_record(GAME_COLUMNS).map_err(csv_io)?;
            Some(w)
        }
        None => None,
    };
    Ok(Box::new(CsvWriter {
        out: RowOut::new(output),
        games_out: games,
        games_path: options.games_csv.clone(),
        tree: Tree::default(),
        main: MainLine::default(),
        layout: Layout::new(options.all_variations, options.coords(), options.csv_safe),
        all_variations: options.all_variations,
        games: 0,
        // A part of a pieced output that does not start it has no header.
        header_written: options.piece.is_some_and(|p| !p.opening),
        by_header: options.piece.is_some(),
    }))
}

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

/// The CSV writer. The main line streams: a row goes out as soon as its
/// node is complete, and only the root's properties are held (for the
/// games list). `--all-variations` needs whole games (a node's path depends
/// on siblings that come later), so it holds one game at a time.
pub(super) struct CsvWriter<'w> {
    pub(super) out: RowOut<'w>,
    pub(super) games_out: Option<csv::Writer<AtomicFile>>,
    /// `--games-csv FILE`: named by its errors.
    pub(super) games_path: Option<std::path::PathBuf>,
    pub(super) tree: Tree,
    pub(super) main: MainLine,
    pub(super) layout: Layout,
    all_variations: bool,
    pub(super) games: usize,
    header_written: bool,
    /// Games are numbered by their index in the input (a part of a pieced
    /// output), not counted from 0.
    pub(super) by_header: bool,
}

impl Sink for CsvWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        if !self.header_written {
            self.write_header()?;
        }
        if self.all_variations {
            self.tree_event(event, report)
        } else {
            self.main_line_event(event, report)
        }
    }

    /// A whole node: in a game, taken without an event a property.
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        match (self.header_written, self.all_variations) {
            (true, true) if self.tree.in_game => {
                self.tree_node(node);
                Ok(())
            }
            (true, false) if self.main.in_game => self.main_line_node(node),
            _ => node_as_events(self, node, report),
        }
    }

    /// A run of plain moves: in a game, placed and taken at once.
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        if moves.is_empty() || !self.header_written {
            return moves_as_nodes(self, moves, report);
        }
        match self.all_variations {
            true if self.tree.in_game => {
                self.tree_moves(moves);
                Ok(())
            }
            false if self.main.in_game => self.main_line_moves(moves),
            _ => moves_as_nodes(self, moves, report),
        }
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if !self.all_variations {
            // A game the events left open is closed, not lost.
            self.end_main_line_game(report)?;
        }
        if !self.header_written {
            self.write_header()?;
        }
        self.out.flush()?;
        if let Some(g) = self.games_out.take() {
            let path = self.games_path.as_deref();
            g.into_inner()
                .map_err(|e| games_error(path, Error::Io(e.into_error())))?
                .commit()
                .map_err(|e| games_error(path, Error::Io(e)))?;
        }
        Ok(())
    }
}

impl CsvWriter<'_> {
    /// The move list's header row.
    fn write_header(&mut self) -> Result<(), Error> {
        for name in self.layout.columns() {
            self.out.text(b"", name.as_bytes());
        }
        self.header_written = true;
        self.out.end()
    }
}
