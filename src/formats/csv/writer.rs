//! The CSV writer: the sink, its columns and the games-list file. The main
//! line streams (`main_line.rs`); `--all-variations` needs whole games (a
//! node's path depends on siblings that come later), so it collects one
//! game at a time and writes it here. The rows: `rows.rs`.

use super::main_line::MainLine;
use super::out::RowOut;
use super::rows::{game_record, loss_warning, write_row, Col, Row, GAME_COLUMNS};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, PropertyBuf};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{FlatCollector, FlatGame, FlatNodeRef};
use crate::options::{Coords, WriteOptions};
use crate::output::{output_error, AtomicFile};
use crate::sink::Sink;
use std::collections::BTreeMap;
use std::io::Write;

/// Root properties the games list carries.
pub(super) const GAME_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "PB", "BR", "PW", "WR", "RE", "DT", "EV", "RO", "PC", "PL", "AB", "AW",
];

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
    let mut columns: Vec<&'static str> = vec!["game"];
    if options.all_variations {
        columns.extend(["node", "parent", "path"]);
    }
    columns.extend(["move", "color"]);
    columns.extend(match options.coords() {
        Coords::Sgf => &["sgf", "gtp", "x", "y"][..],
        // A GTP vertex counts rows from the bottom: reading it back needs
        // the board's height.
        Coords::Gtp => &["gtp", "size"][..],
        Coords::Numeric => &["x", "y"][..],
    });
    columns.extend(["pass", "time_left", "comment"]);
    Ok(Box::new(CsvWriter {
        out: RowOut::new(output),
        games_out: games,
        games_path: options.games_csv.clone(),
        collector: FlatCollector::new(),
        main: MainLine::default(),
        columns: columns.into_iter().map(|c| (Col::of(c), c)).collect(),
        all_variations: options.all_variations,
        safe: options.csv_safe,
        games: 0,
        // A part of a pieced output that does not start it has no header.
        header_written: options.piece.is_some_and(|p| !p.opening),
        by_header: options.piece.is_some(),
    }))
}

/// A CSV error as an I/O error.
/// An I/O error of the games table is said of it ([`Error::Output`]).
fn games_error(path: Option<&std::path::Path>, e: Error) -> Error {
    match (path, e) {
        (Some(p), Error::Io(io)) => output_error(p, io),
        (_, e) => e,
    }
}

pub(super) fn csv_io(e: csv::Error) -> Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => Error::Io(e),
        other => Error::Io(std::io::Error::other(format!("{other:?}"))),
    }
}

/// The CSV writer. The main line streams: a row goes out as soon as its
/// node is complete, and only the root's properties are held (for the
/// games list). `--all-variations` needs whole games (a node's path depends
/// on siblings that come later), so it collects one game at a time.
pub(super) struct CsvWriter<'w> {
    pub(super) out: RowOut<'w>,
    pub(super) games_out: Option<csv::Writer<AtomicFile>>,
    /// `--games-csv FILE`: named by its errors.
    games_path: Option<std::path::PathBuf>,
    collector: FlatCollector,
    pub(super) main: MainLine,
    pub(super) columns: Vec<(Col, &'static str)>,
    all_variations: bool,
    /// `--csv-safe`: cells a spreadsheet would take for formulas defused.
    pub(super) safe: bool,
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
        if !self.all_variations {
            return self.main_line_event(event, report);
        }
        if let Some(game) = self.collector.push(event, report) {
            if self.by_header {
                self.games = game.header.index;
            }
            self.write_game(&game, report)?;
            self.games += 1;
        }
        Ok(())
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

fn prop<'g>(game: &'g FlatGame, node: usize, id: &str) -> Option<&'g str> {
    (node < game.len())
        .then(|| game.node(node).props.text(id))
        .flatten()
}

impl CsvWriter<'_> {
    /// The move list's header row.
    fn write_header(&mut self) -> Result<(), Error> {
        for &(_, name) in &self.columns {
            self.out.text(b"", name.as_bytes());
        }
        self.header_written = true;
        self.out.end()
    }

    /// A whole game (`--all-variations`): a row per node, then its row of
    /// the games list and the warning of what the rows did not carry.
    fn write_game(&mut self, game: &FlatGame, report: &mut Reporter) -> Result<(), Error> {
        let size = coords::board_size(prop(game, 0, "SZ"));
        let n = game.len();
        let rows: Vec<usize> = if self.all_variations {
            (0..n).collect()
        } else {
            game.main_line()
        };
        let (moves_to, path) = moves_and_paths(game);
        let mut not_carried: BTreeMap<String, usize> = BTreeMap::new();
        let on_rows: std::collections::HashSet<usize> = rows.iter().copied().collect();
        if !self.all_variations && n > rows.len() {
            not_carried.insert("variation nodes".into(), n - rows.len());
        }
        if !game.meta.is_empty() {
            not_carried.insert("source facts".into(), game.meta.len());
        }
        let games_file = self.games_out.is_some();
        for (i, node) in game.nodes().enumerate() {
            if !on_rows.contains(&i) {
                continue;
            }
            let has_move = node.props.iter().any(|p| p.name == "B" || p.name == "W");
            let row_carried = has_move || self.all_variations;
            for p in node.props.iter() {
                let carried = match p.name {
                    "B" | "W" | "BL" | "WL" | "C" => row_carried,
                    id if FILE_PROPS.contains(&id) => true,
                    id if i == 0 && games_file && GAME_PROPS.contains(&id) => true,
                    _ => false,
                };
                if !carried {
                    *not_carried.entry(p.name.to_string()).or_default() += 1;
                }
            }
            if row_carried {
                self.write_node_row(&node, i, &path[i], moves_to[i], size)?;
            }
        }
        if let Some(w) = &mut self.games_out {
            let root: Vec<PropertyBuf> = game
                .nodes()
                .next()
                .map(|n| {
                    n.props
                        .iter()
                        .map(|p| PropertyBuf::from_property(&p))
                        .collect()
                })
                .unwrap_or_default();
            let record = game_record(
                &root,
                (self.games, report.file(), game.header.index),
                size,
                moves_to_end(game, &moves_to),
                self.safe,
            );
            let path = self.games_path.as_deref();
            w.write_record(&record)
                .map_err(|e| games_error(path, csv_io(e)))?;
        }
        loss_warning(report, self.games, &not_carried);
        Ok(())
    }

    /// The row of node `i`: its move (numbered `moves_to`), the time left
    /// of the mover, its comment.
    fn write_node_row(
        &mut self,
        node: &FlatNodeRef<'_>,
        i: usize,
        path: &str,
        moves_to: usize,
        size: (u32, u32),
    ) -> Result<(), Error> {
        let mv = node.props.iter().find(|p| p.name == "B" || p.name == "W");
        let colour = mv.map_or("", |p| p.name);
        let value = mv.and_then(|p| p.first_text()).unwrap_or("");
        let time_left = match colour {
            "B" => node.props.iter().find(|p| p.name == "BL"),
            "W" => node.props.iter().find(|p| p.name == "WL"),
            _ => None,
        }
        .and_then(|p| p.first_text())
        .unwrap_or("");
        let comment = node
            .props
            .iter()
            .find(|p| p.name == "C")
            .and_then(|p| p.first_text())
            .unwrap_or("");
        write_row(
            &mut self.out,
            &self.columns,
            &Row {
                game: self.games,
                node: i,
                parent: node.parent,
                path,
                number: mv.map(|_| moves_to),
                colour,
                value,
                time_left,
                comment,
                size,
            },
            self.safe,
        )
    }
}

/// Per node: the moves played up to it, and its variation path (`1.0`:
/// the second child of a branch, then the first of the next).
fn moves_and_paths(game: &FlatGame) -> (Vec<usize>, Vec<String>) {
    let n = game.len();
    let mut moves_to = vec![0usize; n];
    let mut path = vec![String::new(); n];
    let mut child_count = vec![0usize; n];
    let mut child_seen = vec![0usize; n];
    for node in game.nodes() {
        if let Some(p) = node.parent {
            if let Some(c) = child_count.get_mut(p) {
                *c += 1;
            }
        }
    }
    for (i, node) in game.nodes().enumerate() {
        if let Some(p) = node.parent.filter(|&p| p < i) {
            moves_to[i] = moves_to[p];
            let idx = child_seen[p];
            child_seen[p] += 1;
            path[i] = if child_count[p] > 1 {
                if path[p].is_empty() {
                    idx.to_string()
                } else {
                    format!("{}.{idx}", path[p])
                }
            } else {
                path[p].clone()
            };
        }
        if node.props.iter().any(|p| p.name == "B" || p.name == "W") {
            moves_to[i] += 1;
        }
    }
    (moves_to, path)
}

fn moves_to_end(game: &FlatGame, moves_to: &[usize]) -> usize {
    game.main_line()
        .last()
        .and_then(|&i| moves_to.get(i).copied())
        .unwrap_or(0)
}
