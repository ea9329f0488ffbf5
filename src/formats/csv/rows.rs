//! The rows of the two lists: a move row of the move list, as its columns
//! ask for it, and a game's row of the games list (`--games-csv`); and the
//! warning of what a game's rows did not carry.

use super::out::RowOut;
use super::W_NOT_CARRIED;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::PropertyBuf;
use crate::formats::structured::coords;
use std::collections::BTreeMap;

/// Columns of the games list, in order.
pub(super) const GAME_COLUMNS: &[&str] = &[
    "game",
    "file",
    "index",
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

/// Columns of numbers, in either list: `--csv-safe` leaves a number in
/// them as it is (`-5`, `+3`, `6.5`), so that data tools read it as one.
pub(super) const NUMERIC_COLUMNS: &[&str] = &[
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
    "komi",
    "handicap",
    "moves",
];

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

/// A game's row of the games list: where it came from (`at`: its index
/// in the collection written, the input's name, its index in that input),
/// its root's game info and setup, its size and its number of moves
/// (defused with `--csv-safe`).
pub(super) fn game_record(
    root: &[PropertyBuf],
    at: (usize, &str, usize),
    size: (u32, u32),
    moves: usize,
    safe: bool,
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
            "game" => at.0.to_string(),
            "file" => at.1.to_string(),
            "index" => at.2.to_string(),
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
        .zip(GAME_COLUMNS)
        .map(|(field, col)| match safe {
            true => defused(col, &field).unwrap_or(field),
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

/// A column of the move list, resolved once from its name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Col {
    Game,
    Node,
    Parent,
    Path,
    Move,
    Color,
    Sgf,
    Gtp,
    X,
    Y,
    Pass,
    Size,
    TimeLeft,
    Comment,
    Other,
}

impl Col {
    pub(super) fn of(name: &str) -> Col {
        match name {
            "game" => Col::Game,
            "node" => Col::Node,
            "parent" => Col::Parent,
            "path" => Col::Path,
            "move" => Col::Move,
            "color" => Col::Color,
            "sgf" => Col::Sgf,
            "gtp" => Col::Gtp,
            "x" => Col::X,
            "y" => Col::Y,
            "pass" => Col::Pass,
            "size" => Col::Size,
            "time_left" => Col::TimeLeft,
            "comment" => Col::Comment,
            _ => Col::Other,
        }
    }
}

/// Whether `--csv-safe` defuses `field` (see [`defused`]).
fn risky(col: &str, field: &str) -> bool {
    field.starts_with(['=', '+', '-', '@', '\t', '\r'])
        && !(NUMERIC_COLUMNS.contains(&col) && is_number(field))
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

/// Writes `row`, one field per column (defused with `--csv-safe`), with no
/// allocation: numbers and coordinates are formatted in place.
pub(super) fn write_row(
    out: &mut RowOut<'_>,
    columns: &[(Col, &'static str)],
    row: &Row<'_>,
    safe: bool,
) -> Result<(), Error> {
    let has_move = row.number.is_some();
    let pass = has_move && coords::is_pass(row.value, row.size);
    let xy = if pass {
        None
    } else {
        coords::sgf_to_xy(row.value)
    };
    let opt = |out: &mut RowOut<'_>, n: Option<usize>| match n {
        Some(n) => out.number(n),
        None => out.plain(b""),
    };
    for &(col, name) in columns {
        match col {
            Col::Game => out.number(row.game),
            Col::Node => out.number(row.node),
            Col::Parent => opt(out, row.parent),
            Col::Path => text_field(out, name, row.path, safe),
            Col::Move => opt(out, row.number),
            Col::Color => text_field(out, name, row.colour, safe),
            Col::Sgf if has_move && !pass => text_field(out, name, row.value, safe),
            Col::Gtp if pass => out.plain(b"pass"),
            Col::Gtp => gtp_field(out, xy, row.size.1),
            Col::X => opt(out, xy.map(|(x, _)| x as usize)),
            Col::Y => opt(out, xy.map(|(_, y)| y as usize)),
            Col::Pass if has_move => out.plain(if pass { b"1" } else { b"0" }),
            Col::Size if row.size.0 == row.size.1 => out.number(row.size.0 as usize),
            Col::Size => text_field(out, name, &size_text(row.size), safe),
            Col::TimeLeft => text_field(out, name, row.time_left, safe),
            Col::Comment => text_field(out, name, row.comment, safe),
            _ => out.plain(b""),
        }
    }
    out.end()
}

/// W375: what game `game`'s rows did not carry, if anything.
pub(super) fn loss_warning(
    report: &mut Reporter,
    game: usize,
    not_carried: &BTreeMap<String, usize>,
) {
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
            game,
            list.join(", ")
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

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
