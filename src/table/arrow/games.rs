//! The games table's columns and the cells of a game's row: what the root
//! says, typed (dates as days, komi as a number, the result as winner,
//! margin and reason).

use super::columns::{Cell, Column, Kind};
use crate::formats::structured::coords;
use crate::game::Game;
use crate::stone::Colour;
use crate::values::{first_day, read_result, GameResult, WinBy};

/// A column of text, nullable.
const fn text(name: &'static str, doc: &'static str) -> Column {
    Column {
        name,
        kind: Kind::Text,
        nullable: true,
        doc,
    }
}

/// The games table's columns, in order.
pub const COLUMNS: &[Column] = &[
    Column {
        name: "game",
        kind: Kind::U64,
        nullable: false,
        doc: "the game's number in the run, from 0 (the moves table's `game`)",
    },
    text(
        "file",
        "the input the game was read from (an archive member as `archive/member`)",
    ),
    Column {
        name: "index",
        kind: Kind::U64,
        nullable: false,
        doc: "the game's index in its input, from 0",
    },
    text(
        "encoding",
        "the character set its text was decoded from (WHATWG name)",
    ),
    text("black", "`PB`"),
    text("black_rank", "`BR`, as written"),
    text("white", "`PW`"),
    text("white_rank", "`WR`, as written"),
    text("result", "`RE`, as written"),
    text(
        "winner",
        "`B`, `W`, `draw`, `void` or `unknown` (`?`), as `RE` says; null when it says none",
    ),
    Column {
        name: "margin",
        kind: Kind::F64,
        nullable: true,
        doc: "the winner's margin in points, when `RE` gives one",
    },
    text(
        "reason",
        "how the game was won: `resign`, `time`, `forfeit`, `score`; null when `RE` does not say",
    ),
    Column {
        name: "date",
        kind: Kind::Date,
        nullable: true,
        doc: "the first day `DT` gives, when it gives a whole day",
    },
    text("date_text", "`DT`, as written"),
    Column {
        name: "komi",
        kind: Kind::F64,
        nullable: true,
        doc: "`KM` as a number",
    },
    Column {
        name: "handicap",
        kind: Kind::I64,
        nullable: true,
        doc: "`HA` as a number",
    },
    Column {
        name: "width",
        kind: Kind::U32,
        nullable: false,
        doc: "the board's columns (`SZ`; 19 when absent)",
    },
    Column {
        name: "height",
        kind: Kind::U32,
        nullable: false,
        doc: "the board's rows",
    },
    text("rules", "`RU`, as written"),
    text("event", "`EV`"),
    Column {
        name: "moves",
        kind: Kind::U32,
        nullable: false,
        doc: "moves on the main line",
    },
];

/// Where a game came from and what the run calls it.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The game's number in the run.
    pub game: u64,
    /// The input it was read from.
    pub file: &'a str,
}

/// The cells of `game`'s row, with `moves` moves on its main line.
pub(super) fn cells<'g>(game: &'g Game, source: Source<'g>, moves: u32) -> Vec<Cell<'g>> {
    let root = game.root();
    let text = |id: &str| Cell::Text(root.text(id).filter(|t| !t.is_empty()));
    let re = root.text("RE").and_then(read_result);
    let (winner, margin, reason) = result_cells(re.as_ref());
    let day = root.text("DT").and_then(first_day).and_then(|d| d.ymd());
    let (w, h) = coords::board_size(root.text("SZ"));
    let number = |id: &str| root.text(id).and_then(|t| t.trim().parse::<f64>().ok());
    vec![
        Cell::Int(Some(i128::from(source.game))),
        Cell::Text(Some(source.file)),
        Cell::Int(Some(game.header.index as i128)),
        Cell::Text(Some(game.header.encoding)),
        text("PB"),
        text("BR"),
        text("PW"),
        text("WR"),
        text("RE"),
        Cell::Text(winner),
        Cell::Float(margin),
        Cell::Text(reason),
        Cell::Date(day.map(|(y, m, d)| days_from_civil(y, m, d))),
        text("DT"),
        Cell::Float(number("KM")),
        Cell::Int(root.text("HA").and_then(|t| t.trim().parse::<i128>().ok())),
        Cell::Int(Some(i128::from(w))),
        Cell::Int(Some(i128::from(h))),
        text("RU"),
        text("EV"),
        Cell::Int(Some(i128::from(moves))),
    ]
}

/// Winner, margin and reason of a result.
fn result_cells(
    re: Option<&GameResult>,
) -> (Option<&'static str>, Option<f64>, Option<&'static str>) {
    match re {
        None => (None, None, None),
        Some(GameResult::Draw) => (Some("draw"), None, None),
        Some(GameResult::Void) => (Some("void"), None, None),
        Some(GameResult::Unknown) => (Some("unknown"), None, None),
        Some(GameResult::Win(c, by)) => {
            let winner = if *c == Colour::Black { "B" } else { "W" };
            let (margin, reason) = match by {
                WinBy::Resignation => (None, Some("resign")),
                WinBy::Time => (None, Some("time")),
                WinBy::Forfeit => (None, Some("forfeit")),
                WinBy::Points(p) => (p.parse::<f64>().ok(), Some("score")),
                WinBy::Unstated => (None, None),
            };
            (Some(winner), margin, reason)
        }
    }
}

/// Days from 1970-01-01 to year `y`, month `m`, day `d` of the proleptic
/// Gregorian calendar (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: u32, m: u32, d: u32) -> i32 {
    let y = i64::from(y) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    (era * 146_097 + doe - 719_468) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_from_1970() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1969, 12, 31), -1);
        assert_eq!(days_from_civil(2017, 1, 1), 17_167);
    }
}
