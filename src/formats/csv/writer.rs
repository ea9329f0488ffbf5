//! The CSV writer: the sink, its columns and the games-list file. The main
//! line streams (`main_line.rs`); `--all-variations` needs whole games (a
//! node's path depends on siblings that come later), so it holds one game
//! at a time (`tree.rs`). The rows: `rows.rs`.
//!
//! This file is the sink: it sends each event to the main line
//! (`main_line.rs`) or to the tree of `--all-variations` (`tree.rs`), which
//! write through the [`Lists`] of `lists.rs`.

use super::lists::{csv_io, games_error, GamesOut, Lists};
use super::main_line::MainLine;
use super::out::RowOut;
use super::rows::{game_header, Layout};
use super::tree::Tree;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Moves, NodeRef};
use crate::options::WriteOptions;
use crate::output::{output_error, AtomicFile};
use crate::sink::{moves_as_nodes, node_as_events, Sink};
use std::io::Write;

/// The CSV writer (the move list; with `--games-csv` also the games list;
/// with `--games-only` the games list alone).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    refuse_with_games_only(options)?;
    let (moves_out, games): (Box<dyn Write + 'w>, _) = match &options.games_csv {
        _ if options.games_only => (Box::new(std::io::sink()), Some(GamesOut::Output(output))),
        Some(path) => {
            // Through the output layer: the file is replaced only when the
            // conversion finishes; a failed run leaves it as it was.
            let f = AtomicFile::create(path).map_err(|e| output_error(path, e))?;
            (output, Some(GamesOut::File(f)))
        }
        None => (output, None),
    };
    let games = match games {
        Some(g) => {
            let mut w = csv::Writer::from_writer(g);
            w.write_record(game_header()).map_err(csv_io)?;
            Some(w)
        }
        None => None,
    };
    Ok(Box::new(CsvWriter {
        lists: Lists {
            out: RowOut::new(moves_out),
            games_out: games,
            games_only: options.games_only,
            games_path: options.games_csv.clone(),
            layout: Layout::new(options.all_variations, options.coords(), options.csv_safe),
            games: 0,
            by_header: options.piece.is_some(),
        },
        tree: Tree::default(),
        main: MainLine::default(),
        all_variations: options.all_variations,
        // A part of a pieced output that does not start it has no header.
        header_written: options.piece.is_some_and(|p| !p.opening),
    }))
}

/// `--games-only` with an option of the move list, or with a second games
/// list, is refused: the output is the games list alone.
fn refuse_with_games_only(options: &WriteOptions) -> Result<(), Error> {
    let given = [
        ("--games-csv", options.games_csv.is_some()),
        ("--all-variations", options.all_variations),
        ("--coords", options.coords.is_some()),
    ];
    match given.iter().find(|(_, set)| *set && options.games_only) {
        Some((flag, _)) => Err(Error::Usage(format!(
            "--games-only writes the games list alone, as the output: {flag} does not apply to it"
        ))),
        None => Ok(()),
    }
}

/// The CSV writer. The main line streams: a row goes out as soon as its
/// node is complete, and only the root's properties are held (for the
/// games list). `--all-variations` needs whole games (a node's path depends
/// on siblings that come later), so it holds one game at a time.
struct CsvWriter<'w> {
    lists: Lists<'w>,
    tree: Tree,
    main: MainLine,
    all_variations: bool,
    header_written: bool,
}

impl Sink for CsvWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        if !self.header_written {
            self.write_header()?;
        }
        if self.all_variations {
            self.tree.on_event(&mut self.lists, event, report)
        } else {
            self.main.on_event(&mut self.lists, event, report)
        }
    }

    /// A whole node: in a game, taken without an event a property.
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        match (self.header_written, self.all_variations) {
            (true, true) if self.tree.in_game => {
                self.tree.on_node(&mut self.lists, node);
                Ok(())
            }
            (true, false) if self.main.in_game => self.main.on_node(&mut self.lists, node),
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
                self.tree.on_moves(moves);
                Ok(())
            }
            false if self.main.in_game => self.main.on_moves(&mut self.lists, moves),
            _ => moves_as_nodes(self, moves, report),
        }
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if !self.all_variations {
            // A game the events left open is closed, not lost.
            self.main.end_game(&mut self.lists, report)?;
        }
        if !self.header_written {
            self.write_header()?;
        }
        self.lists.out.flush()?;
        if let Some(g) = self.lists.games_out.take() {
            let path = self.lists.games_path.as_deref();
            g.into_inner()
                .map_err(|e| games_error(path, Error::Io(e.into_error())))?
                .finish()
                .map_err(|e| games_error(path, Error::Io(e)))?;
        }
        Ok(())
    }
}

impl CsvWriter<'_> {
    /// The move list's header row.
    fn write_header(&mut self) -> Result<(), Error> {
        for name in self.lists.layout.columns() {
            self.lists.out.text(b"", name.as_bytes());
        }
        self.header_written = true;
        self.lists.out.end()
    }
}
