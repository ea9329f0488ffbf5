//! CSV move lists: one row per move of the main line (every node with
//! `--all-variations`), and with `--games-csv FILE` one row per game with
//! its game info. What the format is: `formats/csv.md`.
//!
//! The main-line writer streams: each row goes out when its node is
//! complete, and only the root's properties are held (for the games list).
//! `--all-variations` holds one game at a time. The reader reads a move list
//! (or a games list) back into games, one at a time.

use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{Event, GameHeader, Pos, PropertyBuf};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{FlatCollector, FlatGame, Tracker, E_ORPHAN_PROPERTY};
use crate::game::Game;
use crate::options::{Coords, ReadOptions, WriteOptions};
use crate::sink::Sink;
use std::collections::BTreeMap;
use std::io::{BufReader, Read, Write};

/// A line the CSV parser cannot read (unbalanced quotes, bad UTF-8...); the
/// rows before it were kept.
pub const E_SYNTAX: Code = Code::new("E372", "csv-syntax");
/// A row whose colour, point or vertex cannot be read; the row was skipped.
pub const W_BAD_ROW: Code = Code::new("W373", "csv-bad-row");
/// A row of an `--all-variations` list whose parent is not an earlier node;
/// it was attached to the previous node.
pub const W_BAD_PARENT: Code = Code::new("W374", "csv-bad-parent");
/// The move list keeps moves, time left and comments; this lists what a
/// game had beyond that.
pub const W_NOT_CARRIED: Code = Code::new("W375", "csv-not-carried");
/// The file has no `color` column and no `black` column: not a move list
/// nor a games list.
pub const E_NOT_A_MOVE_LIST: Code = Code::new("E376", "csv-not-a-move-list");

/// A CSV move list or games list: the header row names our columns.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let first = head.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let line = String::from_utf8_lossy(first);
    let cols: Vec<&str> = line.trim_end_matches('\r').split(',').collect();
    cols.first() == Some(&"game") && (cols.contains(&"color") || cols.contains(&"black"))
}

// ---------------------------------------------------------------- writer

/// Columns of the games list, in order.
const GAME_COLUMNS: &[&str] = &[
    "game",
    "file",
    "size",
    "komi",
    "handicap",
    "rules",
    "black",
    "black_rank",
    "white",
    "white_rank",
    "result",
    "date",
    "event",
    "round",
    "place",
    "first_player",
    "setup_b",
    "setup_w",
    "moves",
];

/// Root properties the games list carries.
const GAME_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "PB", "BR", "PW", "WR", "RE", "DT", "EV", "RO", "PC", "PL", "AB", "AW",
];

/// Properties that describe the file rather than the game: never reported
/// as lost.
const FILE_PROPS: &[&str] = &["FF", "GM", "CA"];

pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let games = match &options.games_csv {
        Some(path) => {
            let f = std::fs::File::create(path)?;
            let mut w = csv::Writer::from_writer(Box::new(f) as Box<dyn Write>);
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
        out: csv::Writer::from_writer(output),
        games_out: games,
        collector: FlatCollector::new(),
        main: MainLine::default(),
        columns,
        all_variations: options.all_variations,
        games: 0,
        header_written: false,
    }))
}

fn csv_io(e: csv::Error) -> Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => Error::Io(e),
        other => Error::Io(std::io::Error::other(format!("{other:?}"))),
    }
}

/// The CSV writer. The main line streams: a row goes out as soon as its
/// node is complete, and only the root's properties are held (for the
/// games list). `--all-variations` needs whole games (a node's path depends
/// on siblings that come later), so it collects one game at a time.
struct CsvWriter<'w> {
    out: csv::Writer<Box<dyn Write + 'w>>,
    games_out: Option<csv::Writer<Box<dyn Write>>>,
    collector: FlatCollector,
    main: MainLine,
    columns: Vec<&'static str>,
    all_variations: bool,
    games: usize,
    header_written: bool,
}

impl Sink for CsvWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        if !self.header_written {
            self.out.write_record(&self.columns).map_err(csv_io)?;
            self.header_written = true;
        }
        if !self.all_variations {
            return self.main_line_event(event, report);
        }
        if let Some(game) = self.collector.push(event, report) {
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
            self.out.write_record(&self.columns).map_err(csv_io)?;
            self.header_written = true;
        }
        self.out.flush()?;
        if let Some(g) = &mut self.games_out {
            g.flush()?;
        }
        Ok(())
    }
}

/// The streaming state of a main-line move list, for the current game.
#[derive(Default)]
struct MainLine {
    in_game: bool,
    tracker: Tracker,
    /// Per node: it is on the main line; it has a child already.
    on_main: Vec<bool>,
    has_child: Vec<bool>,
    /// The node whose properties are arriving, and whether it is on the
    /// main line.
    current: Option<(usize, Option<usize>, bool)>,
    colour: Option<&'static str>,
    value: String,
    black_time: Option<String>,
    white_time: Option<String>,
    comment: Option<String>,
    /// `C`, `BL`, `WL` seen on the current node: carried only if it has a move.
    pending_names: Vec<&'static str>,
    moves: usize,
    root: Vec<PropertyBuf>,
    size: (u32, u32),
    not_carried: BTreeMap<String, usize>,
}

impl CsvWriter<'_> {
    fn main_line_event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => {
                self.end_main_line_game(report)?;
                let m = &mut self.main;
                m.in_game = true;
                m.tracker.start();
                m.on_main.clear();
                m.has_child.clear();
                m.current = None;
                m.moves = 0;
                m.root.clear();
                m.size = (19, 19);
                m.not_carried.clear();
            }
            Event::Meta { .. } => {
                *self
                    .main
                    .not_carried
                    .entry("source facts".into())
                    .or_default() += 1;
            }
            Event::VariationStart(_) => self.main.tracker.paren(true),
            Event::VariationEnd(_) => self.main.tracker.paren(false),
            Event::Node(_) => {
                if !self.main.in_game {
                    return Ok(());
                }
                self.flush_node()?;
                let m = &mut self.main;
                let place = m.tracker.node();
                let main = match place.parent {
                    None => place.index == 0,
                    Some(p) => {
                        let first = !m.has_child.get(p).copied().unwrap_or(true);
                        if let Some(h) = m.has_child.get_mut(p) {
                            *h = true;
                        }
                        first && m.on_main.get(p).copied().unwrap_or(false)
                    }
                };
                m.on_main.push(main);
                m.has_child.push(false);
                if !main {
                    *m.not_carried.entry("variation nodes".into()).or_default() += 1;
                }
                m.current = Some((place.index, place.parent, main));
            }
            Event::Property(p) => {
                let games_file = self.games_out.is_some();
                let m = &mut self.main;
                let Some((index, _, main)) = m.current else {
                    report.error(
                        E_ORPHAN_PROPERTY,
                        Some(p.pos),
                        format!("property {} comes before the first node; dropped", p.name),
                    );
                    return Ok(());
                };
                if index == 0 {
                    m.root.push(PropertyBuf::from_property(p));
                }
                if !main {
                    return Ok(());
                }
                let first = || p.first_text().unwrap_or("").to_string();
                match p.name {
                    "B" | "W" if m.colour.is_none() => {
                        m.colour = Some(if p.name == "B" { "B" } else { "W" });
                        m.value.clear();
                        m.value.push_str(p.first_text().unwrap_or(""));
                    }
                    "B" => m.pending_names.push("B"),
                    "W" => m.pending_names.push("W"),
                    "BL" => {
                        m.black_time.get_or_insert_with(first);
                        m.pending_names.push("BL");
                    }
                    "WL" => {
                        m.white_time.get_or_insert_with(first);
                        m.pending_names.push("WL");
                    }
                    "C" => {
                        m.comment.get_or_insert_with(first);
                        m.pending_names.push("C");
                    }
                    id if FILE_PROPS.contains(&id) => {}
                    id if index == 0 && games_file && GAME_PROPS.contains(&id) => {}
                    id => *m.not_carried.entry(id.to_string()).or_default() += 1,
                }
            }
            Event::GameEnd(_) => self.end_main_line_game(report)?,
        }
        Ok(())
    }

    /// The current node is complete: its row, if it is a move of the main line.
    fn flush_node(&mut self) -> Result<(), Error> {
        let m = &mut self.main;
        let Some((index, parent, main)) = m.current.take() else {
            return Ok(());
        };
        if index == 0 {
            let sz = m
                .root
                .iter()
                .find(|p| p.name == "SZ")
                .and_then(|p| p.first_text());
            m.size = coords::board_size(sz);
        }
        let colour = m.colour.take();
        let names = std::mem::take(&mut m.pending_names);
        let (black_time, white_time, comment) =
            (m.black_time.take(), m.white_time.take(), m.comment.take());
        if !main {
            return Ok(());
        }
        let Some(colour) = colour else {
            // Clocks and comments of a node without a move have no row.
            for n in names {
                *m.not_carried.entry(n.to_string()).or_default() += 1;
            }
            return Ok(());
        };
        m.moves += 1;
        let time_left = if colour == "B" {
            black_time
        } else {
            white_time
        };
        write_row(
            &mut self.out,
            &self.columns,
            &Row {
                game: self.games,
                node: index,
                parent,
                path: "",
                number: Some(m.moves),
                colour,
                value: &m.value,
                time_left: time_left.as_deref().unwrap_or(""),
                comment: comment.as_deref().unwrap_or(""),
                size: m.size,
            },
        )
    }

    fn end_main_line_game(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if !self.main.in_game {
            return Ok(());
        }
        self.flush_node()?;
        self.main.tracker.end();
        self.main.in_game = false;
        if let Some(w) = &mut self.games_out {
            let m = &self.main;
            let record = game_record(&m.root, self.games, report.file(), m.size, m.moves);
            w.write_record(&record).map_err(csv_io)?;
        }
        loss_warning(report, self.games, &self.main.not_carried);
        self.games += 1;
        Ok(())
    }
}

fn prop<'g>(game: &'g FlatGame, node: usize, id: &str) -> Option<&'g str> {
    game.nodes
        .get(node)?
        .props
        .iter()
        .find(|p| p.name == id)
        .and_then(|p| p.first_text())
}

impl CsvWriter<'_> {
    fn write_game(&mut self, game: &FlatGame, report: &mut Reporter) -> Result<(), Error> {
        let size = coords::board_size(prop(game, 0, "SZ"));
        let n = game.nodes.len();
        let rows: Vec<usize> = if self.all_variations {
            (0..n).collect()
        } else {
            game.main_line()
        };
        // Per node: moves played up to it, and its variation path.
        let mut moves_to = vec![0usize; n];
        let mut path = vec![String::new(); n];
        let mut child_count = vec![0usize; n];
        let mut child_seen = vec![0usize; n];
        for node in &game.nodes {
            if let Some(p) = node.parent {
                if let Some(c) = child_count.get_mut(p) {
                    *c += 1;
                }
            }
        }
        let mut not_carried: BTreeMap<String, usize> = BTreeMap::new();
        let on_rows: std::collections::HashSet<usize> = rows.iter().copied().collect();
        if !self.all_variations && n > rows.len() {
            not_carried.insert("variation nodes".into(), n - rows.len());
        }
        if !game.meta.is_empty() {
            not_carried.insert("source facts".into(), game.meta.len());
        }
        let games_file = self.games_out.is_some();
        for (i, node) in game.nodes.iter().enumerate() {
            let has_move = node.props.iter().any(|p| p.name == "B" || p.name == "W");
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
            if has_move {
                moves_to[i] += 1;
            }
            if !on_rows.contains(&i) {
                continue;
            }
            let row_carried = has_move || self.all_variations;
            for p in &node.props {
                let carried = match p.name.as_str() {
                    "B" | "W" | "BL" | "WL" | "C" => row_carried,
                    id if FILE_PROPS.contains(&id) => true,
                    id if i == 0 && games_file && GAME_PROPS.contains(&id) => true,
                    _ => false,
                };
                if !carried {
                    *not_carried.entry(p.name.clone()).or_default() += 1;
                }
            }
            if !row_carried {
                continue;
            }
            let mv = node.props.iter().find(|p| p.name == "B" || p.name == "W");
            let colour = mv.map_or("", |p| p.name.as_str());
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
                    path: &path[i],
                    number: mv.map(|_| moves_to[i]),
                    colour,
                    value,
                    time_left,
                    comment,
                    size,
                },
            )?;
        }
        if let Some(w) = &mut self.games_out {
            let root = game.nodes.first().map_or(&[][..], |n| &n.props[..]);
            let record = game_record(
                root,
                self.games,
                report.file(),
                size,
                moves_to_end(game, &moves_to),
            );
            w.write_record(&record).map_err(csv_io)?;
        }
        loss_warning(report, self.games, &not_carried);
        Ok(())
    }
}

fn moves_to_end(game: &FlatGame, moves_to: &[usize]) -> usize {
    game.main_line()
        .last()
        .and_then(|&i| moves_to.get(i).copied())
        .unwrap_or(0)
}

fn game_record(
    root: &[PropertyBuf],
    index: usize,
    file: &str,
    size: (u32, u32),
    moves: usize,
) -> Vec<String> {
    let text = |id: &str| {
        root.iter()
            .find(|p| p.name == id)
            .and_then(|p| p.first_text())
            .unwrap_or("")
            .to_string()
    };
    let setup = |id: &str| -> String {
        root.iter()
            .filter(|p| p.name == id)
            .flat_map(|p| {
                p.values()
                    .iter()
                    .flat_map(|v| coords::expand_points(v.text()))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    GAME_COLUMNS
        .iter()
        .map(|col| match *col {
            "game" => index.to_string(),
            "file" => file.to_string(),
            "size" => size_text(size),
            "komi" => text("KM"),
            "handicap" => text("HA"),
            "rules" => text("RU"),
            "black" => text("PB"),
            "black_rank" => text("BR"),
            "white" => text("PW"),
            "white_rank" => text("WR"),
            "result" => text("RE"),
            "date" => text("DT"),
            "event" => text("EV"),
            "round" => text("RO"),
            "place" => text("PC"),
            "first_player" => text("PL"),
            "setup_b" => setup("AB"),
            "setup_w" => setup("AW"),
            "moves" => moves.to_string(),
            _ => String::new(),
        })
        .collect()
}

fn size_text(size: (u32, u32)) -> String {
    if size.0 == size.1 {
        size.0.to_string()
    } else {
        format!("{}:{}", size.0, size.1)
    }
}

/// One move row, as the columns ask for it.
struct Row<'a> {
    game: usize,
    node: usize,
    parent: Option<usize>,
    path: &'a str,
    /// Move number, for a node with a move.
    number: Option<usize>,
    colour: &'a str,
    value: &'a str,
    time_left: &'a str,
    comment: &'a str,
    size: (u32, u32),
}

fn write_row<W: Write>(
    out: &mut csv::Writer<W>,
    columns: &[&'static str],
    row: &Row<'_>,
) -> Result<(), Error> {
    let has_move = row.number.is_some();
    let pass = has_move && coords::is_pass(row.value, row.size);
    let xy = if pass {
        None
    } else {
        coords::sgf_to_xy(row.value)
    };
    let num = |n: Option<usize>| n.map_or(String::new(), |n| n.to_string());
    // Fields go out one by one: no allocation for the text ones.
    for col in columns {
        let owned;
        let field: &str = match *col {
            "game" => {
                owned = row.game.to_string();
                &owned
            }
            "node" => {
                owned = row.node.to_string();
                &owned
            }
            "parent" => {
                owned = num(row.parent);
                &owned
            }
            "path" => row.path,
            "move" => {
                owned = num(row.number);
                &owned
            }
            "color" => row.colour,
            "sgf" if has_move && !pass => row.value,
            "gtp" if pass => "pass",
            "gtp" => {
                owned = xy
                    .and_then(|(x, y)| coords::xy_to_gtp(x, y, row.size.1))
                    .unwrap_or_default();
                &owned
            }
            "x" => {
                owned = num(xy.map(|(x, _)| x as usize));
                &owned
            }
            "y" => {
                owned = num(xy.map(|(_, y)| y as usize));
                &owned
            }
            "pass" if has_move => {
                if pass {
                    "1"
                } else {
                    "0"
                }
            }
            "size" => {
                owned = size_text(row.size);
                &owned
            }
            "time_left" => row.time_left,
            "comment" => row.comment,
            _ => "",
        };
        out.write_field(field).map_err(csv_io)?;
    }
    out.write_record(None::<&[u8]>).map_err(csv_io)
}

fn loss_warning(report: &mut Reporter, game: usize, not_carried: &BTreeMap<String, usize>) {
    if not_carried.is_empty() {
        return;
    }
    let list: Vec<String> = not_carried
        .iter()
        .map(|(k, n)| format!("{k} ×{n}"))
        .collect();
    report.set_game(Some(game));
    report.warn(
        W_NOT_CARRIED,
        None,
        format!(
            "game {}: the CSV move list keeps moves, time left and comments; not carried: {}",
            game + 1,
            list.join(", ")
        ),
    );
}

// ---------------------------------------------------------------- reader

/// Column positions of a header.
struct Columns {
    names: Vec<String>,
}

impl Columns {
    fn get<'r>(&self, row: &'r csv::StringRecord, name: &str) -> Option<&'r str> {
        let i = self.names.iter().position(|n| n == name)?;
        row.get(i).map(str::trim).filter(|s| !s.is_empty())
    }

    fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }
}

pub fn read(
    input: &mut dyn Read,
    _options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(BufReader::new(input));
    let header = rdr
        .headers()
        .map_err(|e| Error::unreadable(E_SYNTAX.id, format!("not a CSV file: {e}")))?;
    let cols = Columns {
        names: header
            .iter()
            .map(|h| h.trim().trim_start_matches('\u{feff}').to_ascii_lowercase())
            .collect(),
    };
    let games_list = !cols.has("color") && cols.has("black");
    if !cols.has("color") && !games_list {
        return Err(Error::unreadable(
            E_NOT_A_MOVE_LIST.id,
            "the header has no `color` column (a move list) nor a `black` column (a games list)",
        ));
    }
    let mut state = ReadState {
        game: None,
        key: None,
        ids: BTreeMap::new(),
        last: 0,
        index: 0,
        size: (19, 19),
    };
    let mut row = csv::StringRecord::new();
    loop {
        match rdr.read_record(&mut row) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let pos = e.position().map(|p| Pos::new(p.byte(), p.line() as u32, 1));
                report.error(
                    E_SYNTAX,
                    pos,
                    format!("unreadable CSV: {e}; the rows before it were kept"),
                );
                break;
            }
        }
        let pos = row
            .position()
            .map_or(Pos::default(), |p| Pos::new(p.byte(), p.line() as u32, 1));
        let key = cols.get(&row, "game").unwrap_or("").to_string();
        if state.game.is_none() || state.key.as_deref() != Some(key.as_str()) {
            state.flush(sink, report)?;
            state.start(key, pos);
        }
        if games_list {
            state.game_row(&cols, &row, pos, report);
        } else {
            state.move_row(&cols, &row, pos, report);
        }
    }
    state.flush(sink, report)
}

struct ReadState {
    game: Option<Game>,
    key: Option<String>,
    /// `node` column value → node id, for `--all-variations` lists.
    ids: BTreeMap<String, usize>,
    /// The node the next main-line move follows.
    last: usize,
    index: usize,
    size: (u32, u32),
}

impl ReadState {
    fn start(&mut self, key: String, pos: Pos) {
        let mut h = GameHeader::new(self.index);
        h.pos = pos;
        let mut g = Game::new(h);
        g.root_mut().set("GM", "1");
        self.game = Some(g);
        self.key = Some(key);
        self.ids.clear();
        self.last = 0;
        self.size = (19, 19);
    }

    fn flush(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        if let Some(g) = self.game.take() {
            report.set_game(Some(self.index));
            self.index += 1;
            g.replay(sink, report)?;
        }
        Ok(())
    }

    /// One row of a games list: the root's game info and setup.
    fn game_row(
        &mut self,
        cols: &Columns,
        row: &csv::StringRecord,
        _pos: Pos,
        _report: &mut Reporter,
    ) {
        let Some(g) = &mut self.game else { return };
        let root = g.root_mut();
        for (col, id) in [
            ("size", "SZ"),
            ("komi", "KM"),
            ("handicap", "HA"),
            ("rules", "RU"),
            ("black", "PB"),
            ("black_rank", "BR"),
            ("white", "PW"),
            ("white_rank", "WR"),
            ("result", "RE"),
            ("date", "DT"),
            ("event", "EV"),
            ("round", "RO"),
            ("place", "PC"),
            ("first_player", "PL"),
        ] {
            if let Some(v) = cols.get(row, col) {
                root.set(id, v);
            }
        }
        for (col, id) in [("setup_b", "AB"), ("setup_w", "AW")] {
            if let Some(v) = cols.get(row, col) {
                let pts: Vec<String> = v
                    .as_bytes()
                    .chunks(2)
                    .map(|c| String::from_utf8_lossy(c).into_owned())
                    .collect();
                root.props
                    .push(crate::event::PropertyBuf::with_values(id, &pts));
            }
        }
    }

    /// One row of a move list: a node with its move, time left and comment.
    fn move_row(
        &mut self,
        cols: &Columns,
        row: &csv::StringRecord,
        pos: Pos,
        report: &mut Reporter,
    ) {
        let Some(g) = &mut self.game else { return };
        let colour = cols.get(row, "color").map(|c| c.to_ascii_uppercase());
        let colour = match colour.as_deref() {
            None => None,
            Some("B" | "BLACK") => Some("B"),
            Some("W" | "WHITE") => Some("W"),
            Some(other) => {
                report.warn(
                    W_BAD_ROW,
                    Some(pos),
                    format!("colour {other:?} is not B or W; row skipped"),
                );
                return;
            }
        };
        if let Some(sz) = cols.get(row, "size") {
            self.size = coords::board_size(Some(sz));
            if self.size != (19, 19) && g.root().text("SZ") != Some(sz) {
                g.root_mut().set("SZ", sz);
            }
        }
        // The point: SGF letters, else x,y, else the GTP vertex.
        let pass = cols.get(row, "pass") == Some("1")
            || cols
                .get(row, "gtp")
                .is_some_and(|v| v.eq_ignore_ascii_case("pass"));
        let point = if pass {
            Some(String::new())
        } else if let Some(s) = cols.get(row, "sgf") {
            coords::sgf_to_xy(s).map(|_| s.to_string())
        } else if let (Some(x), Some(y)) = (cols.get(row, "x"), cols.get(row, "y")) {
            match (x.parse(), y.parse()) {
                (Ok(x), Ok(y)) => coords::xy_to_sgf(x, y),
                _ => None,
            }
        } else if let Some(v) = cols.get(row, "gtp") {
            coords::gtp_to_xy(v, self.size.1).and_then(|(x, y)| coords::xy_to_sgf(x, y))
        } else {
            None
        };
        if colour.is_some() && point.is_none() {
            report.warn(
                W_BAD_ROW,
                Some(pos),
                "the row has a colour but no readable point (sgf, x/y, gtp) and is not a pass; row skipped",
            );
            return;
        }
        // Where the node goes: under its `parent` in a full tree, else after
        // the previous row.
        let node_key = cols.get(row, "node");
        let id = match (node_key, cols.get(row, "parent")) {
            (Some(_), None) if self.ids.is_empty() => 0,
            (_, Some(parent)) => {
                let p = match self.ids.get(parent) {
                    Some(&p) => p,
                    None => {
                        report.warn(
                            W_BAD_PARENT,
                            Some(pos),
                            format!("parent {parent:?} is not an earlier node; attached to the previous row"),
                        );
                        self.last
                    }
                };
                g.add_child(p)
            }
            _ => g.add_child(self.last),
        };
        if let Some(k) = node_key {
            self.ids.insert(k.to_string(), id);
        }
        self.last = id;
        let node = g.node_mut(id);
        if let (Some(c), Some(p)) = (colour, point) {
            node.set(c, &p);
            if let Some(t) = cols.get(row, "time_left") {
                node.set(if c == "B" { "BL" } else { "WL" }, t);
            }
        }
        if let Some(c) = row
            .get(
                cols.names
                    .iter()
                    .position(|n| n == "comment")
                    .unwrap_or(usize::MAX),
            )
            .filter(|c| !c.is_empty())
        {
            node.set("C", c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Game {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        g.root_mut().set("PB", "Black, \"B\"");
        g.root_mut().set("KM", "6.5");
        g.root_mut().add("AB", "dd");
        g.root_mut().set("C", "root comment");
        let a = g.add_child(0);
        g.node_mut(a).set("W", "pd");
        g.node_mut(a).set("WL", "59.5");
        g.node_mut(a).set("C", "line one\nline two, with comma");
        let b = g.add_child(a);
        g.node_mut(b).set("B", "");
        let v = g.add_child(a);
        g.node_mut(v).set("B", "qq");
        g.node_mut(v).set("LB", "qq:A");
        let c = g.add_child(b);
        g.node_mut(c).set("W", "tt");
        g
    }

    fn to_csv(g: &Game, options: &WriteOptions) -> (String, Reporter) {
        let mut out = Vec::new();
        let mut r = Reporter::collecting("in.sgf");
        {
            let mut w = writer(Box::new(&mut out), options).unwrap();
            g.replay(&mut w, &mut r).unwrap();
            w.finish(&mut r).unwrap();
        }
        (String::from_utf8(out).unwrap(), r)
    }

    #[test]
    fn main_line_rows_with_every_coordinate() {
        let (csv, r) = to_csv(&sample(), &WriteOptions::default());
        pretty_assertions::assert_eq!(
            csv,
            "game,move,color,sgf,gtp,x,y,pass,time_left,comment\n\
             0,1,W,pd,Q16,15,3,0,59.5,\"line one\nline two, with comma\"\n\
             0,2,B,,pass,,,1,,\n\
             0,3,W,,pass,,,1,,\n"
        );
        let d = &r.collected()[0];
        assert_eq!(d.code, W_NOT_CARRIED);
        assert!(
            d.message.contains("variation nodes ×1") && d.message.contains("PB ×1"),
            "{}",
            d.message
        );
        assert!(
            !d.message.contains("LB"),
            "LB is off the main line: counted as a variation node"
        );
    }

    #[test]
    fn coords_choose_the_columns() {
        let opts = WriteOptions {
            coords: Some(Coords::Gtp),
            ..Default::default()
        };
        let (csv, _) = to_csv(&sample(), &opts);
        assert!(csv.starts_with("game,move,color,gtp,size,pass,time_left,comment\n0,1,W,Q16,19,0,"));
        let opts = WriteOptions {
            coords: Some(Coords::Numeric),
            ..Default::default()
        };
        let (csv, _) = to_csv(&sample(), &opts);
        assert!(csv.starts_with("game,move,color,x,y,pass,time_left,comment\n0,1,W,15,3,0,"));
    }

    #[test]
    fn all_variations_have_paths_and_read_back_as_the_same_tree() {
        let opts = WriteOptions {
            all_variations: true,
            ..Default::default()
        };
        let (csv, _) = to_csv(&sample(), &opts);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "game,node,parent,path,move,color,sgf,gtp,x,y,pass,time_left,comment"
        );
        assert_eq!(lines[1], "0,0,,,,,,,,,,,root comment");
        // Node 1's comment spans two lines (a quoted field).
        assert_eq!(lines[5], "0,3,2,0,3,W,,pass,,,1,,");
        assert_eq!(lines[6], "0,4,1,1,2,B,qq,R3,16,16,0,,");
        let games = crate::game::collect_games(
            |s, r| read(&mut csv.as_bytes(), &ReadOptions::default(), s, r),
            &mut Reporter::collecting("t"),
        )
        .unwrap();
        let g = &games[0];
        assert_eq!(g.nodes.len(), 5);
        assert_eq!(g.root().text("C"), Some("root comment"));
        assert_eq!(g.node(1).children, vec![2, 4]);
        assert_eq!(g.node(4).mv(), Some(('B', "qq")));
        assert_eq!(g.node(3).mv(), Some(('W', "")));
    }

    #[test]
    fn main_line_reads_back() {
        let (csv, _) = to_csv(&sample(), &WriteOptions::default());
        let mut r = Reporter::collecting("t");
        let games = crate::game::collect_games(
            |s, r| read(&mut csv.as_bytes(), &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        let g = &games[0];
        let moves: Vec<_> = g
            .main_line()
            .iter()
            .filter_map(|&i| g.node(i).mv())
            .collect();
        assert_eq!(moves, vec![('W', "pd"), ('B', ""), ('W', "")]);
        assert_eq!(g.node(1).text("WL"), Some("59.5"));
        assert_eq!(g.node(1).text("C"), Some("line one\nline two, with comma"));
        assert_eq!(r.warnings(), 0);
    }

    #[test]
    fn games_list_beside_the_moves() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.csv");
        let opts = WriteOptions {
            games_csv: Some(path.clone()),
            ..Default::default()
        };
        let (_, r) = to_csv(&sample(), &opts);
        let games = std::fs::read_to_string(&path).unwrap();
        pretty_assertions::assert_eq!(
            games,
            "game,file,size,komi,handicap,rules,black,black_rank,white,white_rank,result,date,event,round,place,first_player,setup_b,setup_w,moves\n\
             0,in.sgf,19,6.5,,,\"Black, \"\"B\"\"\",,,,,,,,,,dd,,3\n"
        );
        // The game info went to the games list: only the root comment and the variation are lost.
        assert!(!r.collected()[0].message.contains("PB"));
        // A games list reads back as games with their info.
        let back = crate::game::collect_games(
            |s, r| read(&mut games.as_bytes(), &ReadOptions::default(), s, r),
            &mut Reporter::collecting("t"),
        )
        .unwrap();
        assert_eq!(back[0].root().text("PB"), Some("Black, \"B\""));
        assert_eq!(back[0].root().text("AB"), Some("dd"));
    }

    #[test]
    fn hand_written_lists_and_bad_rows() {
        let csv = "game,color,gtp\n1,B,D4\n1,X,D5\n1,W,Z99\n2,W,pass\n";
        let mut r = Reporter::collecting("t");
        let games = crate::game::collect_games(
            |s, r| read(&mut csv.as_bytes(), &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].node(1).mv(), Some(('B', "dp")));
        assert_eq!(games[0].nodes.len(), 2);
        assert_eq!(games[1].node(1).mv(), Some(('W', "")));
        let codes: Vec<_> = r
            .collected()
            .iter()
            .map(|d| (d.code.id, d.pos.map(|p| p.line)))
            .collect();
        assert_eq!(codes, vec![("W373", Some(3)), ("W373", Some(4))]);
        assert!(read(
            &mut &b"a,b\n1,2\n"[..],
            &ReadOptions::default(),
            &mut crate::sink::Counter::default(),
            &mut r
        )
        .is_err());
        assert!(sniff(b"game,move,color,sgf\n"));
        assert!(!sniff(b"(;GM[1])"));
    }
}
