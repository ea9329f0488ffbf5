//! The CSV reader: a move list or a games list back into games, one at a
//! time. Rows with the same `game` value make a game; a move list's rows are
//! its nodes (under their `parent` in an `--all-variations` list), a games
//! list's row is its root.

use super::codes::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{GameHeader, Pos};
use crate::formats::structured;
use crate::formats::structured::coords;
use crate::game::Game;
use crate::input::{PieceEnd, Resume, TokenBound};
use crate::options::ReadOptions;
use crate::sink::Sink;
use crate::stone::Point;
use std::collections::BTreeMap;
use std::io::Read;

/// The columns a move row is read from, found once in the header.
#[derive(Clone, Copy)]
enum C {
    Game,
    Color,
    Size,
    Node,
    Parent,
    TimeLeft,
    Comment,
    Pass,
    Sgf,
    X,
    Y,
    Gtp,
}

/// Their names, in the order of [`C`].
const MOVE_COLUMNS: [&str; 12] = [
    "game",
    "color",
    "size",
    "node",
    "parent",
    "time_left",
    "comment",
    "pass",
    "sgf",
    "x",
    "y",
    "gtp",
];

/// Column positions of a header (the first column of each name).
struct Columns {
    names: Vec<String>,
    /// Where each of [`MOVE_COLUMNS`] is.
    at: [Option<usize>; 12],
}

impl Columns {
    fn new(names: Vec<String>) -> Self {
        let at = MOVE_COLUMNS.map(|c| names.iter().position(|n| n == c));
        Columns { names, at }
    }

    /// The cell of column `c`, trimmed; `None` when empty.
    #[inline]
    fn get<'r>(&self, row: &'r csv::StringRecord, c: C) -> Option<&'r str> {
        self.raw(row, c).map(str::trim).filter(|s| !s.is_empty())
    }

    /// The cell of column `c` as it is.
    #[inline]
    fn raw<'r>(&self, row: &'r csv::StringRecord, c: C) -> Option<&'r str> {
        row.get(self.at.get(c as usize).copied().flatten()?)
    }

    /// The cell of the column named `name` (the games list's), trimmed;
    /// `None` when empty.
    fn named<'r>(&self, row: &'r csv::StringRecord, name: &str) -> Option<&'r str> {
        let i = self.names.iter().position(|n| n == name)?;
        row.get(i).map(str::trim).filter(|s| !s.is_empty())
    }

    fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }
}

/// Reads a move list or a games list (`formats/csv.md`), one game at a
/// time: the whole input from [`Resume::default`], else a piece of a list
/// or its rest, from `resume` on, after the header row (the document's
/// head, `super::cuts`): positions, game numbers and diagnostics as a
/// reading of the whole list gives them.
pub fn read_from(
    input: &mut dyn Read,
    resume: Resume,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    let max = options.max_value_size();
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .has_headers(false)
        .from_reader(TokenBound::new(input, max).with_fields(b','));
    // The header is read as a row of ours: the csv crate's own header
    // record would grow past the bound ([`bounded_record`]).
    let mut row = bounded_record(max);
    let mut at = Origin::default();
    if let Err(e) = rdr.read_record(&mut row) {
        let pos = e.position().map_or(Pos::new(0, 1, 1), |p| at.pos(p));
        return Err(too_long(&rdr, pos)
            .unwrap_or_else(|| Error::unreadable(CSV_SYNTAX, format!("not a CSV file: {e}"))));
    }
    if resume.head > 0 {
        at = Origin::after_head(&rdr, resume);
    }
    let cols = Columns::new(
        row.iter()
            .map(|h| h.trim().trim_start_matches('\u{feff}').to_ascii_lowercase())
            .collect(),
    );
    let games_list = !cols.has("color") && cols.has("black");
    if !cols.has("color") && !games_list {
        return Err(Error::unreadable(
            CSV_NOT_A_MOVE_LIST,
            "the header has no `color` column (a move list) nor a `black` column (a games list)",
        ));
    }
    if resume.continuing {
        // As one reading has it here: the last game replayed.
        report.set_game(resume.games.checked_sub(1));
    }
    let mut state = ReadState {
        game: None,
        key: None,
        ids: NodeIds::default(),
        last: 0,
        index: resume.games,
        size: (19, 19),
    };
    let clean = read_rows(
        &mut rdr, &mut row, &cols, games_list, at, &mut state, sink, report,
    )?;
    state.flush(sink, report)?;
    Ok(PieceEnd {
        games: state.index - resume.games,
        clean,
    })
}

/// Where the rows read lie in the whole input: the csv reader counts from
/// the start of what it reads, which for a piece is the header row put
/// before it.
#[derive(Clone, Copy, Default)]
struct Origin {
    /// Bytes and lines the csv reader counts that are not in the input
    /// there (the header row of a piece), and where the piece starts.
    skip: (u64, u64),
    start: Pos,
}

impl Origin {
    /// The origin of a piece read after the header: `rdr` has just read
    /// the header row, which ends at the start of a line.
    fn after_head<R: Read>(rdr: &csv::Reader<R>, resume: Resume) -> Origin {
        let p = rdr.position();
        Origin {
            skip: (p.byte(), p.line().saturating_sub(1)),
            start: resume.pos,
        }
    }

    /// A csv position as ours.
    fn pos(&self, p: &csv::Position) -> Pos {
        if self.skip == (0, 0) {
            return position(p);
        }
        let line = p.line().saturating_sub(self.skip.1) - 1 + u64::from(self.start.line);
        Pos::new(
            p.byte() - self.skip.0 + self.start.offset,
            line.min(u64::from(u32::MAX)) as u32,
            1,
        )
    }
}

/// Reads the rows after the header into games; `false` when the reading
/// stopped at a fault (the rows before it were kept).
#[allow(clippy::too_many_arguments)]
fn read_rows<R: Read>(
    rdr: &mut csv::Reader<TokenBound<R>>,
    row: &mut csv::StringRecord,
    cols: &Columns,
    games_list: bool,
    at: Origin,
    state: &mut ReadState,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<bool, Error> {
    loop {
        rdr.get_mut().mark();
        match rdr.read_record(row) {
            Ok(true) => {}
            Ok(false) => return Ok(true),
            Err(e) => {
                let pos = e.position().map(|p| at.pos(p));
                if let Some(err) = too_long(rdr, pos.unwrap_or(Pos::new(0, 1, 1))) {
                    return Err(err);
                }
                report.report(
                    CSV_SYNTAX,
                    pos,
                    format!(
                        "unreadable CSV: {}; the rows before it were kept",
                        fault(&e)
                    ),
                );
                return Ok(false);
            }
        }
        let pos = row.position().map_or(Pos::default(), |p| at.pos(p));
        let key = cols.get(row, C::Game).unwrap_or("");
        if state.game.is_none() || state.key.as_deref() != Some(key) {
            state.flush(sink, report)?;
            state.start(key.to_string(), pos);
        }
        if games_list {
            state.game_row(cols, row, pos, report);
        } else {
            state.move_row(cols, row, pos, report);
        }
    }
}

/// `node` column value → node id. The values sgfconv writes are the
/// numbers 0, 1, 2… in order: those are held in a `Vec` (four bytes a
/// node); any other value in a map.
#[derive(Default)]
struct NodeIds {
    /// `dense[k]`: the node of value `k`, `u32::MAX` for none yet.
    dense: Vec<u32>,
    other: BTreeMap<String, usize>,
}

impl NodeIds {
    /// The value as a dense index: a number written the canonical way,
    /// not far past the values seen (a stray `99999999` goes to the map).
    fn index(&self, key: &str) -> Option<usize> {
        let canonical = !key.is_empty()
            && key.bytes().all(|b| b.is_ascii_digit())
            && (key == "0" || !key.starts_with('0'));
        let k: usize = key.parse().ok().filter(|_| canonical)?;
        (k <= self.dense.len() + 1024 && k < u32::MAX as usize).then_some(k)
    }

    fn is_empty(&self) -> bool {
        self.dense.is_empty() && self.other.is_empty()
    }

    fn clear(&mut self) {
        self.dense.clear();
        self.other.clear();
    }

    /// A value first seen far ahead is in the map; once the values caught
    /// up, a later row with it goes to the `Vec`, which is newer.
    fn get(&self, key: &str) -> Option<usize> {
        self.index(key)
            .and_then(|k| self.dense.get(k))
            .filter(|&&v| v != u32::MAX)
            .map(|&v| v as usize)
            .or_else(|| self.other.get(key).copied())
    }

    fn insert(&mut self, key: &str, id: usize) {
        match self.index(key) {
            Some(k) if id < u32::MAX as usize => {
                if self.dense.len() <= k {
                    self.dense.resize(k + 1, u32::MAX);
                }
                self.dense[k] = id as u32;
            }
            _ => {
                self.other.insert(key.to_string(), id);
            }
        }
    }
}

/// A record for rows of at most `max` bytes: the csv crate doubles its
/// buffer (filled with zeros) as a row grows, so from an empty one a row
/// refused just past `max` would have touched up to twice `max`. This one
/// starts at `max` plus the reading's slack halved until it is small, so
/// that its doublings end there: a refused row touches about `max`.
fn bounded_record(max: usize) -> csv::StringRecord {
    let cap = max.saturating_add(2 * crate::input::TOKEN_SLACK as usize);
    let mut start = cap;
    while start > 64 * 1024 {
        start = start.div_ceil(2);
    }
    csv::StringRecord::with_capacity(start, 16)
}

/// What is wrong at a fault, without the csv crate's own count of rows
/// and lines (which in a piece of an input counts from the piece; the
/// diagnostic's position says where it is).
fn fault(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Utf8 { err, .. } => format!(
            "invalid UTF-8 in field {} near byte index {}",
            err.field(),
            err.valid_up_to()
        ),
        _ => e.to_string(),
    }
}

/// A csv position as ours.
fn position(p: &csv::Position) -> Pos {
    Pos::new(p.byte(), p.line() as u32, 1)
}

/// The error of a row longer than `--max-value-size`, if the reading
/// failed on one.
fn too_long<R: Read>(rdr: &csv::Reader<TokenBound<R>>, pos: Pos) -> Option<Error> {
    let max = rdr.get_ref().too_long()?;
    Some(structured::too_long(
        CSV_ROW_TOO_LONG,
        "a row (or a field)",
        pos,
        max,
    ))
}

struct ReadState {
    game: Option<Game>,
    key: Option<String>,
    /// `node` column value → node id, for `--all-variations` lists.
    ids: NodeIds,
    /// The node the next main-line move follows.
    last: usize,
    index: usize,
    size: (u32, u32),
}

impl ReadState {
    fn start(&mut self, key: String, pos: Pos) {
        let mut h = GameHeader::new(self.index);
        h.pos = pos;
        // A list has no `M`: the `FF[3]` rule need not see its moves.
        h.no_old_marks = true;
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
        let mut root = g.root_mut();
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
            ("main_time", "TM"),
            ("overtime", "OT"),
        ] {
            if let Some(v) = cols.named(row, col) {
                root.set(id, v);
            }
        }
        kept_lists(
            &mut root,
            cols.named(row, "overtime_settings"),
            cols.named(row, "persons"),
        );
        for (col, id) in [("setup_b", "AB"), ("setup_w", "AW")] {
            if let Some(v) = cols.named(row, col) {
                let pts = setup_points(v);
                root.push_buf(&crate::event::PropertyBuf::with_values(id, &pts));
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
        let colour = match cols.get(row, C::Color) {
            None => None,
            Some(c) if c.eq_ignore_ascii_case("B") || c.eq_ignore_ascii_case("BLACK") => Some("B"),
            Some(c) if c.eq_ignore_ascii_case("W") || c.eq_ignore_ascii_case("WHITE") => Some("W"),
            Some(other) => {
                let other = other.to_ascii_uppercase();
                report.report(
                    CSV_BAD_ROW,
                    Some(pos),
                    format!("colour {other:?} is not B or W; row skipped"),
                );
                return;
            }
        };
        if let Some(sz) = cols.get(row, C::Size) {
            self.size = coords::board_size(Some(sz));
            if self.size != (19, 19) && g.root().text("SZ") != Some(sz) {
                g.root_mut().set("SZ", sz);
            }
        }
        let point = row_point(cols, row, self.size);
        if colour.is_some() && point.is_none() {
            report.report(
                CSV_BAD_ROW,
                Some(pos),
                "the row has a colour but no readable point (sgf, x/y, gtp) and is not a pass; row skipped",
            );
            return;
        }
        // Where the node goes: under its `parent` in a full tree, else after
        // the previous row.
        let node_key = cols.get(row, C::Node);
        let id = match (node_key, cols.get(row, C::Parent)) {
            (Some(_), None) if self.ids.is_empty() => 0,
            (_, Some(parent)) => {
                let p = match self.ids.get(parent) {
                    Some(p) => p,
                    None => {
                        report.report(
                            CSV_BAD_PARENT,
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
            self.ids.insert(k, id);
        }
        self.last = id;
        let mut node = g.node_mut(id);
        if let (Some(c), Some(p)) = (colour, point) {
            let letters = p.map(Point::letters);
            node.set(c, letters.as_ref().map_or("", Point::as_str));
            if let Some(t) = cols.get(row, C::TimeLeft) {
                node.set(if c == "B" { "BL" } else { "WL" }, t);
            }
        }
        if let Some(c) = cols.raw(row, C::Comment).filter(|c| !c.is_empty()) {
            node.set("C", c);
        }
    }
}

/// The point of a move row (`Some(None)` for a pass): the `sgf` column,
/// else `x`,`y`, else the GTP vertex on a board of `size`; `None` when none
/// of them reads.
fn row_point(cols: &Columns, row: &csv::StringRecord, size: (u32, u32)) -> Option<Option<Point>> {
    let pass = cols.get(row, C::Pass) == Some("1")
        || cols
            .get(row, C::Gtp)
            .is_some_and(|v| v.eq_ignore_ascii_case("pass"));
    if pass {
        Some(None)
    } else if let Some(s) = cols.get(row, C::Sgf) {
        Point::parse(s).map(Some)
    } else if let (Some(x), Some(y)) = (cols.get(row, C::X), cols.get(row, C::Y)) {
        match (x.parse(), y.parse()) {
            (Ok(x), Ok(y)) => Point::at(x, y).map(Some),
            _ => None,
        }
    } else if let Some(v) = cols.get(row, C::Gtp) {
        coords::gtp_to_xy(v, size.1).and_then(|(x, y)| Point::at(x, y).map(Some))
    } else {
        None
    }
}

/// A games list's `setup_b` or `setup_w`: points apart by blanks (`dd pp`),
/// or run together as lists before the games table wrote them apart
/// (`ddpp`).
fn setup_points(cell: &str) -> Vec<String> {
    if cell.contains(char::is_whitespace) {
        return cell.split_whitespace().map(str::to_string).collect();
    }
    let pairs = cell.as_bytes().chunks(2);
    pairs
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect()
}

/// The games list's `overtime_settings` (values apart by blanks) and
/// `persons` (by `; `, each `key:name`) back into `OTS` and `PI`.
fn kept_lists(root: &mut crate::game::NodeMut<'_>, settings: Option<&str>, persons: Option<&str>) {
    use crate::event::PropertyBuf;
    if let Some(v) = settings.filter(|v| !v.trim().is_empty()) {
        let values: Vec<&str> = v.split_whitespace().collect();
        root.push_buf(&PropertyBuf::with_values("OTS", &values));
    }
    if let Some(v) = persons.filter(|v| !v.trim().is_empty()) {
        let mut p = PropertyBuf::new("PI");
        for entry in v.split("; ") {
            match entry.split_once(':') {
                Some((key, name)) => p.push_compose(key, name),
                None => p.push(entry),
            };
        }
        root.push_buf(&p);
    }
}
