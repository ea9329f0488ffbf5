//! The rows of the two lists: a move row of the move list, as its columns
//! ask for it, and a game's row of the games list (`--games-csv`); and the
//! warning of what a game's rows did not carry.

use super::codes::*;
use super::out::{Chunk, RowOut};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::PropertyBuf;
use crate::event::MOVE_TEXT_LEN;
use crate::formats::structured::coords;
use crate::options::Coords;
use crate::table::{game_row, Cell, ColumnType, GameRow, Origin, GAME_COLUMNS};
use std::borrow::Cow;

/// Columns of numbers of the move list: `--csv-safe` leaves a number in
/// them as it is (`-5`, `+3`, `6.5`), so that data tools read it as one;
/// so it does in the games list's columns of numbers ([`is_numeric`]).
const NUMERIC_COLUMNS: &[&str] = &[
    "game",
    "index",
    "node",
    "parent",
    "move",
    "x",
    "y",
    "pass",
    "size",
    "time_left",
];

/// Whether column `col` of either list holds numbers: the move list's
/// [`NUMERIC_COLUMNS`], the games list's whole and real columns, and its
/// `size` (`19`, `19:13`).
fn is_numeric(col: &str) -> bool {
    let games = GAME_COLUMNS.iter().find(|c| c.name == col);
    NUMERIC_COLUMNS.contains(&col)
        || games.is_some_and(|c| matches!(c.ty, ColumnType::Int | ColumnType::Real))
}

/// The games list's header: the games table's column names.
pub(super) fn game_header() -> impl Iterator<Item = &'static str> {
    GAME_COLUMNS.iter().map(|c| c.name)
}

/// Whether `s` is a plain decimal number: a sign, digits, a fraction, an
/// exponent (what a spreadsheet reads as a number, not as a formula).
fn is_number(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exponent) = match s.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['+', '-']).unwrap_or(e))),
        None => (s, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    !(int.is_empty() && frac.is_empty())
        && digits(int)
        && digits(frac)
        && exponent.is_none_or(|e| !e.is_empty() && digits(e))
}

/// `--csv-safe`: the cell `field` of column `col`, with a leading `'` when
/// a spreadsheet would take it for a formula (OWASP's CSV injection
/// defence: `=`, `+`, `-`, `@`, tab or carriage return first); a number in
/// a numeric column stays as it is. `None`: the cell is safe as it is.
pub(super) fn defused(col: &str, field: &str) -> Option<String> {
    risky(col, field).then(|| format!("'{field}"))
}

/// A game's row of the games list: the games table's row ([`game_row`]:
/// where it came from, its root's game info read, its setup and its number
/// of moves), with the game's `encoding`. A `KM`, `HA` or `TM` that is no
/// number goes into `not_carried`: its column is a number, and empty.
pub(super) fn game_record(
    root: &[PropertyBuf],
    origin: Origin<'_>,
    encoding: &str,
    moves: usize,
    not_carried: &mut Tally,
) -> GameRow {
    let mut row = game_row(root, origin, moves);
    row.encoding = Some(encoding.to_string());
    let given = |id: &str| {
        let value = root
            .iter()
            .find(|p| p.name == id)
            .and_then(|p| p.first_text());
        value.is_some_and(|v| !v.trim().is_empty())
    };
    for (id, read, what) in [
        ("KM", row.komi.is_some(), "KM (not a number of points)"),
        ("HA", row.handicap.is_some(), "HA (not a number of stones)"),
        ("TM", row.main_time.is_some(), "TM (not a time)"),
    ] {
        if given(id) && !read {
            not_carried.add(what, 1);
        }
    }
    row
}

/// The CSV cells of a games row, one per column (defused with
/// `--csv-safe`): texts borrowed from the row, so that a huge value is not
/// copied again on its way out.
pub(super) fn game_cells(row: &GameRow, safe: bool) -> Vec<Cow<'_, str>> {
    let cells = row.cells().into_iter().map(|cell| match cell {
        Cell::Null => Cow::Borrowed(""),
        Cell::Int(n) => Cow::Owned(n.to_string()),
        Cell::Real(x) => Cow::Owned(x.to_string()),
        Cell::Text(t) => Cow::Borrowed(t),
        Cell::Date(d) => Cow::Owned(d.to_string()),
        Cell::TextList(list) => Cow::Owned(list.join(" ")),
        // Not in the games table's columns; written as the move list writes
        // its own (`true`/`false`, a dotted path).
        Cell::Bool(b) => Cow::Borrowed(if b { "true" } else { "false" }),
        Cell::IntList(list) => Cow::Owned(
            list.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join("."),
        ),
    });
    cells
        .zip(GAME_COLUMNS)
        .map(|(field, col)| match safe {
            true => defused(col.name, &field).map_or(field, Cow::Owned),
            false => field,
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
pub(super) struct Row<'a> {
    pub(super) game: usize,
    pub(super) node: usize,
    pub(super) parent: Option<usize>,
    pub(super) path: &'a str,
    /// Move number, for a node with a move.
    pub(super) number: Option<usize>,
    pub(super) colour: &'a str,
    pub(super) value: &'a str,
    pub(super) time_left: &'a str,
    pub(super) comment: &'a str,
    pub(super) size: (u32, u32),
}

/// Whether `--csv-safe` defuses `field` (see [`defused`]).
fn risky(col: &str, field: &str) -> bool {
    field.starts_with(['=', '+', '-', '@', '\t', '\r']) && !(is_numeric(col) && is_number(field))
}

/// A text field of column `col`, defused with `--csv-safe`.
fn text_field(out: &mut RowOut<'_>, col: &str, field: &str, safe: bool) {
    let prefix: &[u8] = if safe && risky(col, field) { b"'" } else { b"" };
    out.text(prefix, field.as_bytes());
}

/// A GTP vertex (`Q16`), straight into the row.
fn gtp_field(out: &mut RowOut<'_>, xy: Option<(u32, u32)>, height: u32) {
    let mut vertex = [0u8; 12];
    let mut len = 0;
    if let Some((x, y)) = xy.filter(|&(_, y)| y < height) {
        if let Some(&col) = coords::GTP_COLUMNS.get(x as usize) {
            vertex[0] = col;
            let mut digits = itoa::Buffer::new();
            let d = digits.format(height - y).as_bytes();
            vertex[1..1 + d.len()].copy_from_slice(d);
            len = 1 + d.len();
        }
    }
    out.plain(&vertex[..len]);
}

/// An optional number: empty when there is none.
#[inline]
fn opt_number(out: &mut RowOut<'_>, n: Option<usize>) {
    match n {
        Some(n) => out.number(n),
        None => out.plain(b""),
    }
}

/// The move list's columns (`game`, with `--all-variations` `node`,
/// `parent`, `path`, then `move`, `color`, the coordinate columns of
/// `--coords`, `pass`, `time_left`, `comment`), and what a row of them
/// costs to write: the coordinate cells of each point `aa`..`zz` are worked
/// out once per board size and copied after that, and the game's number
/// once per game.
pub(super) struct Layout {
    tree: bool,
    coords: Coords,
    /// `--csv-safe`: cells a spreadsheet would take for formulas defused.
    safe: bool,
    /// The board size `cells` holds the points of.
    cells_size: (u32, u32),
    /// A point's coordinate cells, with their leading `,`.
    cells: Vec<Chunk>,
    /// The end of a plain move's row after its colour (`,pd,Q16,15,3,0,,`
    /// and the line end), per point: half the table of one per colour and
    /// point, read at every move, stays in the first-level cache.
    tails: Vec<Chunk>,
    /// The game `game_cell` is the first cell of (`usize::MAX`: none yet).
    game: usize,
    /// `0,`: the game's number and the `,` after it.
    game_cell: Chunk,
    /// The same bytes as a wide value (the first in the lowest byte) and
    /// their number, when a move's number of three digits fits after them
    /// in 16 bytes.
    game_head: Option<(u128, usize)>,
}

impl Layout {
    pub(super) fn new(tree: bool, coords: Coords, safe: bool) -> Self {
        Layout {
            tree,
            coords,
            safe,
            cells_size: (0, 0),
            cells: vec![Chunk::NONE; 26 * 26],
            tails: vec![Chunk::NONE; 26 * 26],
            game: usize::MAX,
            game_cell: Chunk::NONE,
            game_head: None,
        }
    }

    /// The column names, in order.
    pub(super) fn columns(&self) -> Vec<&'static str> {
        let mut columns = vec!["game"];
        if self.tree {
            columns.extend(["node", "parent", "path"]);
        }
        columns.extend(["move", "color"]);
        columns.extend(match self.coords {
            Coords::Sgf => &["sgf", "gtp", "x", "y"][..],
            // A GTP vertex counts rows from the bottom: reading it back
            // needs the board's height.
            Coords::Gtp => &["gtp", "size"][..],
            Coords::Numeric => &["x", "y"][..],
        });
        columns.extend(["pass", "time_left", "comment"]);
        columns
    }

    pub(super) fn safe(&self) -> bool {
        self.safe
    }

    /// The `game` cell, the first of a row, and the `,` after it (written
    /// as a chunk, which is no cell: the next cell adds no `,`).
    #[inline]
    fn game_cell(&mut self, out: &mut RowOut<'_>, game: usize) {
        self.set_game(game);
        out.chunk(&self.game_cell);
    }

    /// `game_cell` is game `game`'s.
    fn set_game(&mut self, game: usize) {
        if self.game != game {
            let mut cell = itoa::Buffer::new().format(game).as_bytes().to_vec();
            cell.push(b',');
            self.game = game;
            self.game_cell = Chunk::new(&cell);
            self.game_head = None;
            let mut wide = [0; 16];
            if let Some(w) = wide.get_mut(..cell.len()).filter(|_| cell.len() <= 13) {
                w.copy_from_slice(&cell);
                self.game_head = Some((u128::from_le_bytes(wide), cell.len()));
            }
        }
    }

    /// The tables hold the points of a board of `size`.
    fn set_size(&mut self, size: (u32, u32)) {
        if self.cells_size != size {
            self.cells_size = size;
            self.cells.fill(Chunk::NONE);
            self.tails.fill(Chunk::NONE);
        }
    }

    /// The coordinate cells of a move `value` (or of no move), as
    /// `--coords` asks: from the table for a point `aa`..`zz`.
    #[inline]
    fn coordinate_cells(
        &mut self,
        out: &mut RowOut<'_>,
        has_move: bool,
        value: &str,
        size: (u32, u32),
    ) {
        let slot = match value.as_bytes() {
            [a @ b'a'..=b'z', b @ b'a'..=b'z'] if has_move => {
                usize::from(a - b'a') * 26 + usize::from(b - b'a')
            }
            _ => return self.compute_cells(out, has_move, value, size),
        };
        self.set_size(size);
        if let Some(cells) = self.cells.get(slot).filter(|c| c.is_some()) {
            out.chunk(cells);
            return;
        }
        let mark = out.mark();
        self.compute_cells(out, has_move, value, size);
        if let Some(c) = self.cells.get_mut(slot) {
            *c = Chunk::new(out.since(mark));
        }
    }

    /// The coordinate cells of `value`, worked out.
    fn compute_cells(&self, out: &mut RowOut<'_>, has_move: bool, value: &str, size: (u32, u32)) {
        let pass = has_move && coords::is_pass(value, size);
        let xy = if pass { None } else { coords::sgf_to_xy(value) };
        let x = xy.map(|(x, _)| x as usize);
        let y = xy.map(|(_, y)| y as usize);
        match self.coords {
            Coords::Sgf => {
                match has_move && !pass {
                    true => text_field(out, "sgf", value, self.safe),
                    false => out.plain(b""),
                }
                match pass {
                    true => out.plain(b"pass"),
                    false => gtp_field(out, xy, size.1),
                }
                opt_number(out, x);
                opt_number(out, y);
            }
            Coords::Gtp => {
                match pass {
                    true => out.plain(b"pass"),
                    false => gtp_field(out, xy, size.1),
                }
                match size.0 == size.1 {
                    true => out.number(size.0 as usize),
                    false => text_field(out, "size", &size_text(size), self.safe),
                }
            }
            Coords::Numeric => {
                opt_number(out, x);
                opt_number(out, y);
            }
        }
    }
}

/// Writes `row`, one field per column (defused with `--csv-safe`), with no
/// allocation: numbers and coordinates are formatted in place.
pub(super) fn write_row(
    out: &mut RowOut<'_>,
    layout: &mut Layout,
    row: &Row<'_>,
) -> Result<(), Error> {
    let safe = layout.safe;
    let has_move = row.number.is_some();
    layout.game_cell(out, row.game);
    if layout.tree {
        out.number(row.node);
        opt_number(out, row.parent);
        text_field(out, "path", row.path, safe);
    }
    opt_number(out, row.number);
    text_field(out, "color", row.colour, safe);
    layout.coordinate_cells(out, has_move, row.value, row.size);
    match has_move {
        true if coords::is_pass(row.value, row.size) => out.plain(b"1"),
        true => out.plain(b"0"),
        false => out.plain(b""),
    }
    text_field(out, "time_left", row.time_left, safe);
    text_field(out, "comment", row.comment, safe);
    out.end()
}

impl Layout {
    /// The rows of a run of plain moves of the main line (`run`: their
    /// SGF text, six bytes each), numbered after `at.1` in game `at.0`:
    /// each as [`Layout::plain_move`] writes it, from two wide values
    /// straight into the buffer (`RowOut::head_tail`): the row's start,
    /// the game's cell, the move's number (from [`DECIMAL`]) and its
    /// colour put together in a register, and the end of the row from the
    /// table. Returns the number of the last move.
    pub(super) fn plain_moves(
        &mut self,
        out: &mut RowOut<'_>,
        at: (usize, usize),
        run: &[u8],
        size: (u32, u32),
    ) -> Result<usize, Error> {
        let (game, mut number) = at;
        self.set_size(size);
        self.set_game(game);
        // No game cell short enough: each row as `plain_move` writes it.
        let (cell, cell_len) = self.game_head.unwrap_or((0, usize::MAX));
        for text in run.chunks_exact(MOVE_TEXT_LEN) {
            number += 1;
            let [_, colour, _, a, b, _] = <[u8; MOVE_TEXT_LEN]>::try_from(text).unwrap_or_default();
            let (white, point) = (colour == b'W', [a, b]);
            let tail = tail_slot(point).and_then(|slot| self.tails.get(slot));
            match (tail.filter(|t| t.is_some()), DECIMAL.get(number)) {
                (Some(tail), Some(&digits)) if cell_len <= 11 => {
                    // `12,` and the colour after it: at most 5 bytes.
                    let len = decimal_len(number) + 1;
                    let number_cells = u64::from(digits) | u64::from(colour) << (8 * len);
                    let head = cell | u128::from(number_cells) << (8 * cell_len);
                    out.head_tail(head, cell_len + len + 1, tail)?;
                }
                _ => self.plain_move(out, (game, number), white, point, size)?,
            }
        }
        Ok(number)
    }

    /// The row of a plain move of the main line (a move list without
    /// `--all-variations`): game `at.0`'s move number `at.1`, `point` two
    /// letters that are no pass, no time left, no comment; the bytes
    /// [`write_row`] writes for it, the end of the row from the table of
    /// its colour and point.
    pub(super) fn plain_move(
        &mut self,
        out: &mut RowOut<'_>,
        at: (usize, usize),
        white: bool,
        point: [u8; 2],
        size: (u32, u32),
    ) -> Result<(), Error> {
        self.game_cell(out, at.0);
        out.small_number(at.1);
        self.plain_tail(out, white, point, size)
    }

    /// The end of a plain move's row, from its colour on (the line end
    /// included), from the table; the row is complete.
    pub(super) fn plain_tail(
        &mut self,
        out: &mut RowOut<'_>,
        white: bool,
        point: [u8; 2],
        size: (u32, u32),
    ) -> Result<(), Error> {
        let slot = tail_slot(point).unwrap_or(usize::MAX);
        out.raw(if white { b",W" } else { b",B" });
        if self.cells_size == size {
            if let Some(tail) = self.tails.get(slot).filter(|t| t.is_some()) {
                out.chunk(tail);
                return out.end_raw();
            }
        }
        let mark = out.mark();
        let value = std::str::from_utf8(&point).unwrap_or("");
        self.coordinate_cells(out, true, value, size);
        out.raw(b",0,,\n");
        if let Some(t) = self.tails.get_mut(slot) {
            *t = Chunk::new(out.since(mark));
        }
        out.end_raw()
    }

    /// The row of an `--all-variations` list for `row` when it is a plain
    /// move (a point of two letters `a`..`z` that is no pass, no time
    /// left, no comment), as [`write_row`] writes it: `false` (nothing
    /// written) for any other row.
    pub(super) fn plain_tree_row(
        &mut self,
        out: &mut RowOut<'_>,
        row: &Row<'_>,
    ) -> Result<bool, Error> {
        let (Some(number), [a, b], "", "") =
            (row.number, row.value.as_bytes(), row.time_left, row.comment)
        else {
            return Ok(false);
        };
        let point = [*a, *b];
        if !self.tree || tail_slot(point).is_none() || coords::is_pass(row.value, row.size) {
            return Ok(false);
        }
        self.game_cell(out, row.game);
        out.small_number(row.node);
        match row.parent {
            Some(p) => out.small_number(p),
            None => out.plain(b""),
        }
        text_field(out, "path", row.path, self.safe);
        out.small_number(number);
        self.plain_tail(out, row.colour == "W", point, row.size)?;
        Ok(true)
    }
}

/// A plain move's place in [`Layout::tails`]: its point, when it is two
/// letters `a`..`z`.
fn tail_slot(point: [u8; 2]) -> Option<usize> {
    match point {
        [a @ b'a'..=b'z', b @ b'a'..=b'z'] => {
            Some(usize::from(a - b'a') * 26 + usize::from(b - b'a'))
        }
        _ => None,
    }
}

/// The decimal digits of the numbers below 1 000 and a `,` after them,
/// the first digit in the lowest byte: a move's number cell as the bytes
/// of a wide value.
static DECIMAL: [u32; 1000] = decimal_table();

const fn decimal_table() -> [u32; 1000] {
    let mut table = [0u32; 1000];
    let mut n = 0;
    while n < 1000 {
        table[n] = match n {
            0..=9 => digit(n) | COMMA << 8,
            10..=99 => digit(n / 10) | digit(n) << 8 | COMMA << 16,
            _ => digit(n / 100) | digit(n / 10) << 8 | digit(n) << 16 | COMMA << 24,
        };
        n += 1;
    }
    table
}

const COMMA: u32 = b',' as u32;

/// The last decimal digit of `d`, in ASCII.
const fn digit(d: usize) -> u32 {
    b'0' as u32 + (d % 10) as u32
}

/// The number of digits of `n` in [`DECIMAL`].
#[inline]
fn decimal_len(n: usize) -> usize {
    1 + usize::from(n >= 10) + usize::from(n >= 100)
}

/// What a game's rows did not carry, counted by name, in name order (the
/// order of the warning). The names stay from game to game with a count
/// of 0 (games of a collection mostly have the same ones), so that
/// counting is a search and an addition; past [`Tally::KEEP`] names they
/// are dropped at the next game.
#[derive(Default)]
pub(super) struct Tally {
    /// Property identifiers of one or two capital letters (nearly all of
    /// them) by their slot ([`short_slot`]): found by comparing a number,
    /// not a string. Sorted by slot, which is name order (`A`, `AB`, `B`);
    /// the name's bytes beside.
    short: Vec<(u16, [u8; 2], usize)>,
    /// Any other name, sorted.
    entries: Vec<(String, usize)>,
    /// Names with a count above 0.
    counted: usize,
}

/// Where a name of one or two capital letters is counted.
fn short_slot(name: &str) -> Option<u16> {
    let letter = |b: u8| b.is_ascii_uppercase().then(|| u16::from(b - b'@'));
    match *name.as_bytes() {
        [a] => Some(letter(a)? * 27),
        [a, b] => Some(letter(a)? * 27 + letter(b)?),
        _ => None,
    }
}

/// The count of `name` at `slot` in `short`, its entry made if need be.
fn short_count<'a>(
    short: &'a mut Vec<(u16, [u8; 2], usize)>,
    slot: u16,
    name: &str,
) -> Option<&'a mut usize> {
    let k = match short.binary_search_by_key(&slot, |e| e.0) {
        Ok(k) => k,
        Err(at) => {
            let mut bytes = [0; 2];
            bytes[..name.len()].copy_from_slice(name.as_bytes());
            short.insert(at, (slot, bytes, 0));
            at
        }
    };
    short.get_mut(k).map(|e| &mut e.2)
}

/// The count of a name that is not short in `entries`, its entry made if
/// need be.
fn long_count<'a>(entries: &'a mut Vec<(String, usize)>, name: &str) -> Option<&'a mut usize> {
    let k = match entries.binary_search_by(|(k, _)| k.as_str().cmp(name)) {
        Ok(k) => k,
        Err(at) => {
            entries.insert(at, (name.to_string(), 0));
            at
        }
    };
    entries.get_mut(k).map(|e| &mut e.1)
}

impl Tally {
    /// Names kept for the next game at most.
    const KEEP: usize = 256;

    /// No count.
    pub(super) fn clear(&mut self) {
        if self.counted == 0 {
            return;
        }
        if self.entries.len() > Self::KEEP {
            self.entries.clear();
        }
        for e in &mut self.entries {
            e.1 = 0;
        }
        for e in &mut self.short {
            e.2 = 0;
        }
        self.counted = 0;
    }

    pub(super) fn is_empty(&self) -> bool {
        self.counted == 0
    }

    /// `n` counts more of `name`.
    pub(super) fn add(&mut self, name: &str, n: usize) {
        if n == 0 {
            return;
        }
        let count = match short_slot(name) {
            Some(slot) => short_count(&mut self.short, slot, name),
            None => long_count(&mut self.entries, name),
        };
        if let Some(c) = count {
            self.counted += usize::from(*c == 0);
            *c += n;
        }
    }

    /// The counts, in name order: the short names and the others merged.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&str, usize)> {
        let short = self.short.iter().filter(|e| e.2 > 0).map(|(_, bytes, n)| {
            let len = bytes.iter().take_while(|&&b| b != 0).count();
            (std::str::from_utf8(&bytes[..len]).unwrap_or(""), *n)
        });
        let long = self.entries.iter().filter(|(_, n)| *n > 0);
        let mut long = long.map(|(k, n)| (k.as_str(), *n)).peekable();
        let mut short = short.peekable();
        std::iter::from_fn(move || match (short.peek(), long.peek()) {
            (Some(s), Some(l)) if l.0 < s.0 => long.next(),
            (Some(_), _) => short.next(),
            (None, _) => long.next(),
        })
    }
}

/// W375: what game `game`'s rows did not carry, if anything. The message
/// is built only when it is shown or kept (not under `-q`, nor past the
/// per-code limit): most games lose something.
pub(super) fn loss_warning(
    report: &mut Reporter,
    game: usize,
    not_carried: &Tally,
    games_only: bool,
) {
    if not_carried.is_empty() {
        return;
    }
    report.set_game(Some(game));
    report.report(CSV_NOT_CARRIED, None, || {
        loss_message(game, not_carried, games_only)
    });
}

/// The text of [`loss_warning`]'s warning.
fn loss_message(game: usize, not_carried: &Tally, games_only: bool) -> String {
    let mut digits = itoa::Buffer::new();
    let mut message = String::with_capacity(256);
    message.push_str("game ");
    message.push_str(digits.format(game));
    message.push_str(match games_only {
        true => ": the CSV games list keeps the game info; not carried: ",
        false => ": the CSV move list keeps moves, time left and comments; not carried: ",
    });
    for (k, (name, n)) in not_carried.iter().enumerate() {
        if k > 0 {
            message.push_str(", ");
        }
        message.push_str(name);
        message.push_str(" ×");
        message.push_str(digits.format(n));
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tally_counts_in_name_order_and_keeps_its_names() {
        let counts = |t: &Tally| -> Vec<(String, usize)> {
            t.iter().map(|(k, n)| (k.to_string(), n)).collect()
        };
        let pairs = |v: &[(&str, usize)]| -> Vec<(String, usize)> {
            v.iter().map(|(k, n)| (k.to_string(), *n)).collect()
        };
        let mut t = Tally::default();
        for name in [
            "PB",
            "LB",
            "variation nodes",
            "LB",
            "AB",
            "PB",
            "LB",
            "A",
            "Z",
            "ZZ",
        ] {
            t.add(name, 1);
        }
        t.add("AB", 5);
        t.add("ab", 1);
        t.add("MULTIGOGM", 2);
        assert_eq!(
            counts(&t),
            pairs(&[
                ("A", 1),
                ("AB", 6),
                ("LB", 3),
                ("MULTIGOGM", 2),
                ("PB", 2),
                ("Z", 1),
                ("ZZ", 1),
                ("ab", 1),
                ("variation nodes", 1)
            ])
        );
        t.clear();
        assert!(t.is_empty() && counts(&t).is_empty());
        t.add("ZZ", 1);
        t.add("C", 2);
        assert_eq!(counts(&t), pairs(&[("C", 2), ("ZZ", 1)]));
        assert_eq!(
            t.entries.len(),
            3,
            "the long names of the first game are kept"
        );
        for k in 0..=Tally::KEEP {
            t.add(&format!("X{k}"), 1);
        }
        t.clear();
        assert!(t.entries.is_empty(), "past KEEP names, none is kept");
        t.add("n", 0);
        assert!(t.is_empty() && counts(&t).is_empty());
    }

    #[test]
    fn the_decimal_table_holds_each_numbers_digits() {
        for (n, cell) in DECIMAL.iter().enumerate() {
            let bytes = cell.to_le_bytes();
            let len = decimal_len(n) + 1;
            assert_eq!(&bytes[..len], format!("{n},").as_bytes());
            assert!(bytes[len..].iter().all(|&b| b == 0));
        }
    }

    #[test]
    fn formulas_are_defused_numbers_are_not() {
        assert_eq!(defused("comment", "=1+2").as_deref(), Some("'=1+2"));
        assert_eq!(defused("black", "@SUM(A1)").as_deref(), Some("'@SUM(A1)"));
        assert_eq!(defused("comment", "-5").as_deref(), Some("'-5"));
        assert_eq!(defused("event", "\tx").as_deref(), Some("'\tx"));
        assert_eq!(defused("komi", "-5"), None);
        assert_eq!(defused("komi", "+6.5"), None);
        assert_eq!(defused("time_left", "-1.5e3"), None);
        assert_eq!(defused("komi", "-inf").as_deref(), Some("'-inf"));
        assert_eq!(defused("komi", "=1+2").as_deref(), Some("'=1+2"));
        assert_eq!(defused("komi", "-").as_deref(), Some("'-"));
        assert_eq!(defused("black", "Lee = Kim"), None);
        assert_eq!(defused("black", ""), None);
    }
}
