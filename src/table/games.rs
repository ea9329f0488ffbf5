//! The games table's row: one game's origin, game info, setup and number of
//! moves as typed values ([`GameRow`]), built from its root by [`game_row`]
//! with the readings of [`crate::values`], and its columns
//! ([`GAME_COLUMNS`]).
//!
//! Texts are kept as written next to what is read from them (`black_rank`
//! and `black_rank_number`, `result` and `winner`, `date` and `day`,
//! `overtime` and `overtime_periods`); what cannot be read is null, and the
//! text says what was there. Ranks are numbered on the EGF's scale
//! ([`crate::values::rank_number`]: `30k` = −29, `1k` = 0, `1d` = 1, `9d`
//! = 9, `1p` = 7.0, `9p` = 9.4).

use super::{Cell, Column, ColumnType};
use crate::event::PropertyBuf;
use crate::stone::Colour;
use crate::values::{self, expand_points, GameResult, Overtime, WinBy};
use std::fmt;

/// Where a game comes from: its index in the table, the input's name and
/// its index in that input.
#[derive(Clone, Copy, Debug)]
pub struct Origin<'a> {
    /// The game's 0-based index among every game of the run.
    pub game: usize,
    /// The input file's name as given (`<stdin>` for the standard input).
    pub file: &'a str,
    /// The game's 0-based index in that file.
    pub index: usize,
}

/// A calendar day (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    /// The year.
    pub year: u32,
    /// The month, 1–12.
    pub month: u32,
    /// The day of the month, 1–31.
    pub day: u32,
}

impl Day {
    /// Days since 1970-01-01 (negative before it), as columnar formats
    /// store a date (Howard Hinnant's `days_from_civil`).
    pub fn days_since_epoch(&self) -> i64 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl fmt::Display for Day {
    /// `2016-03-09`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Who won, as `RE` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// Black won (`B+…`).
    Black,
    /// White won (`W+…`).
    White,
    /// A draw (`0`, `Draw`).
    Draw,
    /// No result (`Void`).
    Void,
    /// The result is not known (`?`).
    Unknown,
}

impl Winner {
    /// `B`, `W`, `draw`, `void`, `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::Black => "B",
            Winner::White => "W",
            Winner::Draw => "draw",
            Winner::Void => "void",
            Winner::Unknown => "unknown",
        }
    }
}

/// How the game was won, as `RE` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// By resignation (`B+R`).
    Resign,
    /// On time (`B+T`).
    Time,
    /// By forfeit (`B+F`).
    Forfeit,
    /// By counting (`W+12.5`).
    Score,
}

impl WinReason {
    /// `resign`, `time`, `forfeit`, `score`.
    pub fn as_str(self) -> &'static str {
        match self {
            WinReason::Resign => "resign",
            WinReason::Time => "time",
            WinReason::Forfeit => "forfeit",
            WinReason::Score => "score",
        }
    }
}

/// One game's row of the games table; each field is the column of its
/// name in [`GAME_COLUMNS`], which says what it holds. `None` is null.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// The game's 0-based index among every game of the run (joins the move list).
    pub game: i64,
    /// The input file's name as given on the command line (`<stdin>` for the standard input).
    pub file: String,
    /// The game's 0-based index in its file.
    pub index: i64,
    /// `SZ` as the board's sides: `19`, or `19:13` for a rectangle (19 when absent or unreadable).
    pub size: String,
    /// The board's columns (from `size`).
    pub width: i64,
    /// The board's rows (from `size`).
    pub height: i64,
    /// `KM` as a number of points (`6目半` read as 6.5); null when absent or unreadable.
    pub komi: Option<f64>,
    /// `HA` as a number of stones; null when absent or unreadable.
    pub handicap: Option<i64>,
    /// `RU` as written.
    pub rules: Option<String>,
    /// `PB`: Black's name.
    pub black: Option<String>,
    /// `BR`: Black's rank as written.
    pub black_rank: Option<String>,
    /// Black's rank on the EGF scale: 30k = -29, 1k = 0, 1d = 1, 9d = 9, 1p = 7.0, 9p = 9.4; null for a rank off the scale.
    pub black_rank_number: Option<f64>,
    /// `PW`: White's name.
    pub white: Option<String>,
    /// `WR`: White's rank as written.
    pub white_rank: Option<String>,
    /// White's rank on the EGF scale (as `black_rank_number`).
    pub white_rank_number: Option<f64>,
    /// `RE` as written.
    pub result: Option<String>,
    /// Who won, as `RE` says: `B`, `W`, `draw`, `void` or `unknown` (`RE[?]`); null when absent or unreadable.
    pub winner: Option<Winner>,
    /// The winning margin in points, for a win by counting (`W+12.5`: 12.5).
    pub margin: Option<f64>,
    /// How the game was won: `resign`, `time`, `forfeit` or `score`; null for anything but a win that says how.
    pub win_reason: Option<WinReason>,
    /// `DT` as written.
    pub date: Option<String>,
    /// The first day `DT` names, when it names a whole day (year, month and day).
    pub day: Option<Day>,
    /// The year of the first date `DT` names (a year alone is enough).
    pub year: Option<i64>,
    /// `EV`.
    pub event: Option<String>,
    /// `RO`.
    pub round: Option<String>,
    /// `PC`.
    pub place: Option<String>,
    /// `PL` of the root: `B` or `W`.
    pub first_player: Option<String>,
    /// The root's `AB` as SGF points (`dd`), rectangles expanded; empty when none.
    pub setup_b: Vec<String>,
    /// The root's `AW`, as `setup_b`.
    pub setup_w: Vec<String>,
    /// The number of moves on the main line.
    pub moves: i64,
    /// `TM`: each player's main time in seconds (`1 hour` read as 3600).
    pub main_time: Option<f64>,
    /// `OT` as written.
    pub overtime: Option<String>,
    /// The overtime's system: `byo-yomi`, `canadian`, `fischer` or `none`; null when `OT` is not one of the forms read (`5x30 byo-yomi`, `25/600 Canadian`, `30 fischer`, `None`).
    pub overtime_system: Option<&'static str>,
    /// The number of overtime periods (byo-yomi `5x30`: 5); null when unlimited or not said.
    pub overtime_periods: Option<i64>,
    /// The length of an overtime period in seconds (Fischer: the time added per move).
    pub overtime_seconds: Option<f64>,
    /// The moves to play in an overtime period (byo-yomi: 1, `25/600 Canadian`: 25).
    pub overtime_moves: Option<i64>,
    /// The settings of an `FF[5]` draft `OT` as kept in `OTS` (`TM:A:10800 OP:A:60`).
    pub overtime_settings: Option<String>,
    /// The persons of an `FF[5]` draft `PI` that no `FF[4]` property holds, as kept in `PI` (`RF:Ma Xiaochun; SP:Samsung`).
    pub persons: Option<String>,
}

/// The games table's columns, in order: name, type, meaning.
pub const GAME_COLUMNS: &[Column] = &[
    Column {
        name: "game",
        ty: ColumnType::Int,
        doc: "The game's 0-based index among every game of the run (joins the move list).",
        nullable: false,
    },
    Column {
        name: "file",
        ty: ColumnType::Text,
        doc: "The input file's name as given on the command line (`<stdin>` for the standard input).",
        nullable: false,
    },
    Column {
        name: "index",
        ty: ColumnType::Int,
        doc: "The game's 0-based index in its file.",
        nullable: false,
    },
    Column {
        name: "size",
        ty: ColumnType::Text,
        doc: "`SZ` as the board's sides: `19`, or `19:13` for a rectangle (19 when absent or unreadable).",
        nullable: false,
    },
    Column {
        name: "width",
        ty: ColumnType::Int,
        doc: "The board's columns (from `size`).",
        nullable: false,
    },
    Column {
        name: "height",
        ty: ColumnType::Int,
        doc: "The board's rows (from `size`).",
        nullable: false,
    },
    Column {
        name: "komi",
        ty: ColumnType::Real,
        doc: "`KM` as a number of points (`6目半` read as 6.5); null when absent or unreadable.",
        nullable: true,
    },
    Column {
        name: "handicap",
        ty: ColumnType::Int,
        doc: "`HA` as a number of stones; null when absent or unreadable.",
        nullable: true,
    },
    Column {
        name: "rules",
        ty: ColumnType::Text,
        doc: "`RU` as written.",
        nullable: true,
    },
    Column {
        name: "black",
        ty: ColumnType::Text,
        doc: "`PB`: Black's name.",
        nullable: true,
    },
    Column {
        name: "black_rank",
        ty: ColumnType::Text,
        doc: "`BR`: Black's rank as written.",
        nullable: true,
    },
    Column {
        name: "black_rank_number",
        ty: ColumnType::Real,
        doc: "Black's rank on the EGF scale: 30k = -29, 1k = 0, 1d = 1, 9d = 9, 1p = 7.0, 9p = 9.4; null for a rank off the scale.",
        nullable: true,
    },
    Column {
        name: "white",
        ty: ColumnType::Text,
        doc: "`PW`: White's name.",
        nullable: true,
    },
    Column {
        name: "white_rank",
        ty: ColumnType::Text,
        doc: "`WR`: White's rank as written.",
        nullable: true,
    },
    Column {
        name: "white_rank_number",
        ty: ColumnType::Real,
        doc: "White's rank on the EGF scale (as `black_rank_number`).",
        nullable: true,
    },
    Column {
        name: "result",
        ty: ColumnType::Text,
        doc: "`RE` as written.",
        nullable: true,
    },
    Column {
        name: "winner",
        ty: ColumnType::Text,
        doc: "Who won, as `RE` says: `B`, `W`, `draw`, `void` or `unknown` (`RE[?]`); null when absent or unreadable.",
        nullable: true,
    },
    Column {
        name: "margin",
        ty: ColumnType::Real,
        doc: "The winning margin in points, for a win by counting (`W+12.5`: 12.5).",
        nullable: true,
    },
    Column {
        name: "win_reason",
        ty: ColumnType::Text,
        doc: "How the game was won: `resign`, `time`, `forfeit` or `score`; null for anything but a win that says how.",
        nullable: true,
    },
    Column {
        name: "date",
        ty: ColumnType::Text,
        doc: "`DT` as written.",
        nullable: true,
    },
    Column {
        name: "day",
        ty: ColumnType::Date,
        doc: "The first day `DT` names, when it names a whole day (year, month and day).",
        nullable: true,
    },
    Column {
        name: "year",
        ty: ColumnType::Int,
        doc: "The year of the first date `DT` names (a year alone is enough).",
        nullable: true,
    },
    Column {
        name: "event",
        ty: ColumnType::Text,
        doc: "`EV`.",
        nullable: true,
    },
    Column {
        name: "round",
        ty: ColumnType::Text,
        doc: "`RO`.",
        nullable: true,
    },
    Column {
        name: "place",
        ty: ColumnType::Text,
        doc: "`PC`.",
        nullable: true,
    },
    Column {
        name: "first_player",
        ty: ColumnType::Text,
        doc: "`PL` of the root: `B` or `W`.",
        nullable: true,
    },
    Column {
        name: "setup_b",
        ty: ColumnType::TextList,
        doc: "The root's `AB` as SGF points (`dd`), rectangles expanded; empty when none.",
        nullable: false,
    },
    Column {
        name: "setup_w",
        ty: ColumnType::TextList,
        doc: "The root's `AW`, as `setup_b`.",
        nullable: false,
    },
    Column {
        name: "moves",
        ty: ColumnType::Int,
        doc: "The number of moves on the main line.",
        nullable: false,
    },
    Column {
        name: "main_time",
        ty: ColumnType::Real,
        doc: "`TM`: each player's main time in seconds (`1 hour` read as 3600).",
        nullable: true,
    },
    Column {
        name: "overtime",
        ty: ColumnType::Text,
        doc: "`OT` as written.",
        nullable: true,
    },
    Column {
        name: "overtime_system",
        ty: ColumnType::Text,
        doc: "The overtime's system: `byo-yomi`, `canadian`, `fischer` or `none`; null when `OT` is not one of the forms read (`5x30 byo-yomi`, `25/600 Canadian`, `30 fischer`, `None`).",
        nullable: true,
    },
    Column {
        name: "overtime_periods",
        ty: ColumnType::Int,
        doc: "The number of overtime periods (byo-yomi `5x30`: 5); null when unlimited or not said.",
        nullable: true,
    },
    Column {
        name: "overtime_seconds",
        ty: ColumnType::Real,
        doc: "The length of an overtime period in seconds (Fischer: the time added per move).",
        nullable: true,
    },
    Column {
        name: "overtime_moves",
        ty: ColumnType::Int,
        doc: "The moves to play in an overtime period (byo-yomi: 1, `25/600 Canadian`: 25).",
        nullable: true,
    },
    Column {
        name: "overtime_settings",
        ty: ColumnType::Text,
        doc: "The settings of an `FF[5]` draft `OT` as kept in `OTS` (`TM:A:10800 OP:A:60`).",
        nullable: true,
    },
    Column {
        name: "persons",
        ty: ColumnType::Text,
        doc: "The persons of an `FF[5]` draft `PI` that no `FF[4]` property holds, as kept in `PI` (`RF:Ma Xiaochun; SP:Samsung`).",
        nullable: true,
    },
];

/// A game's row: its origin, its root's game info and setup read with
/// [`crate::values`], and its number of moves on the main line.
pub fn game_row(root: &[PropertyBuf], origin: Origin<'_>, moves: usize) -> GameRow {
    let text = |id: &str| -> Option<String> {
        let value = root.iter().find(|p| p.name == id)?.first_text()?;
        (!value.trim().is_empty()).then(|| value.to_string())
    };
    let (width, height) = board(text("SZ").as_deref());
    let mut row = GameRow {
        game: count(origin.game),
        file: origin.file.to_string(),
        index: count(origin.index),
        size: match width == height {
            true => width.to_string(),
            false => format!("{width}:{height}"),
        },
        width: i64::from(width),
        height: i64::from(height),
        rules: text("RU"),
        black: text("PB"),
        white: text("PW"),
        event: text("EV"),
        round: text("RO"),
        place: text("PC"),
        first_player: text("PL"),
        setup_b: points(root, "AB"),
        setup_w: points(root, "AW"),
        moves: count(moves),
        overtime_settings: joined(root, "OTS", " "),
        persons: joined(root, "PI", "; "),
        ..GameRow::default()
    };
    let real = |n: values::Normalized, t: &str| n.certain(t)?.parse::<f64>().ok();
    let km = text("KM");
    row.komi = km.as_deref().and_then(|t| real(values::komi(t), t));
    let ha = text("HA");
    row.handicap = ha
        .as_deref()
        .and_then(|t| values::handicap(t).certain(t)?.parse().ok());
    row.black_rank_number = text("BR").as_deref().and_then(values::rank_number);
    row.white_rank_number = text("WR").as_deref().and_then(values::rank_number);
    (row.black_rank, row.white_rank) = (text("BR"), text("WR"));
    row.result = text("RE");
    read_result(&mut row);
    row.date = text("DT");
    read_date(&mut row);
    // `TM` with an overtime in it (`10 min + 30 sec byoyomi`): the main
    // time is what `written` keeps, the rest is `OT`'s.
    let tm = text("TM");
    row.main_time = (tm.as_deref()).and_then(|t| values::time(t).written(t)?.parse().ok());
    row.overtime = text("OT");
    read_overtime(&mut row, root);
    row
}

/// A count as a whole-number cell.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The board's sides from `SZ`: 19×19 when absent, or when not one or two
/// sides of 1 to 52 (as the move list reads it).
fn board(sz: Option<&str>) -> (u32, u32) {
    let sides = sz.and_then(values::board_sides);
    sides
        .filter(|(w, h)| (1..=52).contains(w) && (1..=52).contains(h))
        .unwrap_or((19, 19))
}

/// The points of every value of `id` (`AB`, `AW`), rectangles expanded.
fn points(root: &[PropertyBuf], id: &str) -> Vec<String> {
    let values = root.iter().filter(|p| p.name == id);
    values
        .flat_map(|p| {
            let texts = p.values().iter().map(|v| v.text().to_string());
            texts.flat_map(|t| expand_points(&t)).collect::<Vec<_>>()
        })
        .collect()
}

/// Every value of `id`, joined by `sep`; `None` when there is none.
fn joined(root: &[PropertyBuf], id: &str, sep: &str) -> Option<String> {
    let all: Vec<String> = root
        .iter()
        .filter(|p| p.name == id)
        .flat_map(|p| {
            p.values()
                .iter()
                .map(|v| v.text().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    let text = all.join(sep);
    (!text.trim().is_empty()).then_some(text)
}

/// `winner`, `margin` and `win_reason` from `result`.
fn read_result(row: &mut GameRow) {
    let Some(said) = row.result.as_deref().and_then(values::read_result) else {
        return;
    };
    let (winner, by) = match said {
        GameResult::Draw => (Winner::Draw, None),
        GameResult::Void => (Winner::Void, None),
        GameResult::Unknown => (Winner::Unknown, None),
        GameResult::Win(Colour::Black, by) => (Winner::Black, Some(by)),
        GameResult::Win(Colour::White, by) => (Winner::White, Some(by)),
    };
    row.winner = Some(winner);
    row.win_reason = match by {
        Some(WinBy::Resignation) => Some(WinReason::Resign),
        Some(WinBy::Time) => Some(WinReason::Time),
        Some(WinBy::Forfeit) => Some(WinReason::Forfeit),
        Some(WinBy::Points(p)) => {
            row.margin = p.parse::<f64>().ok().filter(|m| m.is_finite());
            Some(WinReason::Score)
        }
        Some(WinBy::Unstated) | None => None,
    };
}

/// `day` and `year` from `date`.
fn read_date(row: &mut GameRow) {
    let Some(dt) = row.date.as_deref() else {
        return;
    };
    let first = values::dates(dt).and_then(|d| d.first().copied());
    row.year = first.map(|d| i64::from(d.y));
    row.day = first
        .and_then(|d| d.ymd())
        .map(|(year, month, day)| Day { year, month, day });
}

/// The overtime's numbers: from the `FF[5]` draft's settings when both
/// players have the same, else from `OT`'s text.
fn read_overtime(row: &mut GameRow, root: &[PropertyBuf]) {
    let settings = root.iter().filter(|p| p.name == "OTS");
    let texts: Vec<String> = settings
        .flat_map(|p| {
            p.values()
                .iter()
                .map(|v| v.text().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    let draft = values::read_draft_overtime(texts.iter().map(String::as_str))
        .filter(|d| d.black == d.white)
        .and_then(|d| d.black.overtime());
    let text = || row.overtime.as_deref().and_then(values::read_overtime);
    let Some(ot): Option<Overtime> = draft.or_else(text) else {
        return;
    };
    row.overtime_system = Some(ot.system.as_str());
    row.overtime_periods = ot.periods.map(i64::from);
    row.overtime_seconds = ot.seconds;
    row.overtime_moves = ot.moves.map(i64::from);
}

/// A text cell, or null.
fn text(t: &Option<String>) -> Cell<'_> {
    t.as_deref().map_or(Cell::Null, Cell::Text)
}

impl GameRow {
    /// The row's cells, in the order of [`GAME_COLUMNS`].
    pub fn cells(&self) -> Vec<Cell<'_>> {
        GAME_COLUMNS
            .iter()
            .map(|c| self.cell(c.name).unwrap_or(Cell::Null))
            .collect()
    }

    /// The cell of column `name`; `None` for a name that is no column.
    pub fn cell(&self, name: &str) -> Option<Cell<'_>> {
        let real = |r: Option<f64>| r.map_or(Cell::Null, Cell::Real);
        let int = |i: Option<i64>| i.map_or(Cell::Null, Cell::Int);
        let code = |c: Option<&'static str>| c.map_or(Cell::Null, Cell::Text);
        Some(match name {
            "game" => Cell::Int(self.game),
            "file" => Cell::Text(&self.file),
            "index" => Cell::Int(self.index),
            "size" => Cell::Text(&self.size),
            "width" => Cell::Int(self.width),
            "height" => Cell::Int(self.height),
            "komi" => real(self.komi),
            "handicap" => int(self.handicap),
            "rules" => text(&self.rules),
            "black" => text(&self.black),
            "black_rank" => text(&self.black_rank),
            "black_rank_number" => real(self.black_rank_number),
            "white" => text(&self.white),
            "white_rank" => text(&self.white_rank),
            "white_rank_number" => real(self.white_rank_number),
            "result" => text(&self.result),
            "winner" => code(self.winner.map(Winner::as_str)),
            "margin" => real(self.margin),
            "win_reason" => code(self.win_reason.map(WinReason::as_str)),
            "date" => text(&self.date),
            "day" => self.day.map_or(Cell::Null, Cell::Date),
            "year" => int(self.year),
            "event" => text(&self.event),
            "round" => text(&self.round),
            "place" => text(&self.place),
            "first_player" => text(&self.first_player),
            "setup_b" => Cell::TextList(&self.setup_b),
            "setup_w" => Cell::TextList(&self.setup_w),
            "moves" => Cell::Int(self.moves),
            "main_time" => real(self.main_time),
            "overtime" => text(&self.overtime),
            "overtime_system" => code(self.overtime_system),
            "overtime_periods" => int(self.overtime_periods),
            "overtime_seconds" => real(self.overtime_seconds),
            "overtime_moves" => int(self.overtime_moves),
            "overtime_settings" => text(&self.overtime_settings),
            "persons" => text(&self.persons),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root made of `(identifier, values)`.
    fn root(props: &[(&str, &[&str])]) -> Vec<PropertyBuf> {
        let props = props.iter();
        props
            .map(|(id, v)| PropertyBuf::with_values(*id, v))
            .collect()
    }

    fn row(props: &[(&str, &[&str])]) -> GameRow {
        let at = Origin {
            game: 3,
            file: "a.sgf",
            index: 1,
        };
        game_row(&root(props), at, 211)
    }

    #[test]
    fn a_kgs_game_read_into_numbers() {
        let r = row(&[
            ("SZ", &["19"]),
            ("KM", &["6.50"]),
            ("HA", &["2"]),
            ("PB", &["Black"]),
            ("BR", &["3k"]),
            ("PW", &["White"]),
            ("WR", &["5d?"]),
            ("RE", &["W+12.5"]),
            ("DT", &["2016-03-09,10"]),
            ("TM", &["600"]),
            ("OT", &["5x30 byo-yomi"]),
            ("AB", &["dd", "pp"]),
        ]);
        assert_eq!(
            (r.game, r.file.as_str(), r.index, r.moves),
            (3, "a.sgf", 1, 211)
        );
        assert_eq!((r.size.as_str(), r.width, r.height), ("19", 19, 19));
        assert_eq!((r.komi, r.handicap), (Some(6.5), Some(2)));
        assert_eq!(r.black_rank.as_deref(), Some("3k"));
        assert_eq!(
            (r.black_rank_number, r.white_rank_number),
            (Some(-2.0), Some(5.0))
        );
        assert_eq!(r.white_rank.as_deref(), Some("5d?"));
        assert_eq!(r.result.as_deref(), Some("W+12.5"));
        assert_eq!(
            (r.winner, r.margin, r.win_reason),
            (Some(Winner::White), Some(12.5), Some(WinReason::Score))
        );
        let day = Day {
            year: 2016,
            month: 3,
            day: 9,
        };
        assert_eq!(
            (r.date.as_deref(), r.day, r.year),
            (Some("2016-03-09,10"), Some(day), Some(2016))
        );
        assert_eq!(r.main_time, Some(600.0));
        assert_eq!(r.overtime_system, Some("byo-yomi"));
        assert_eq!(
            (r.overtime_periods, r.overtime_seconds, r.overtime_moves),
            (Some(5), Some(30.0), Some(1))
        );
        assert_eq!(r.setup_b, ["dd", "pp"]);
        assert!(r.setup_w.is_empty());
    }

    #[test]
    fn results_as_winner_margin_and_reason() {
        for (re, winner, margin, reason) in [
            ("B+R", Some(Winner::Black), None, Some(WinReason::Resign)),
            (
                "B+Resign",
                Some(Winner::Black),
                None,
                Some(WinReason::Resign),
            ),
            ("W+T", Some(Winner::White), None, Some(WinReason::Time)),
            ("W+F", Some(Winner::White), None, Some(WinReason::Forfeit)),
            (
                "B+0.5",
                Some(Winner::Black),
                Some(0.5),
                Some(WinReason::Score),
            ),
            ("B+", Some(Winner::Black), None, None),
            ("0", Some(Winner::Draw), None, None),
            ("Draw", Some(Winner::Draw), None, None),
            ("Void", Some(Winner::Void), None, None),
            ("?", Some(Winner::Unknown), None, None),
            (
                "黒中押し勝ち",
                Some(Winner::Black),
                None,
                Some(WinReason::Resign),
            ),
            ("nonsense", None, None, None),
        ] {
            let r = row(&[("RE", &[re])]);
            assert_eq!(
                (r.winner, r.margin, r.win_reason),
                (winner, margin, reason),
                "{re}"
            );
            assert_eq!(r.result.as_deref(), Some(re));
        }
    }

    #[test]
    fn what_is_absent_or_unreadable_is_null() {
        let r = row(&[
            ("KM", &["lots"]),
            ("BR", &["Meijin"]),
            ("DT", &["1990-05"]),
            ("OT", &["  "]),
            ("PB", &[""]),
        ]);
        assert_eq!(
            (r.komi, r.handicap, r.black_rank_number),
            (None, None, None)
        );
        assert_eq!(r.black_rank.as_deref(), Some("Meijin"));
        assert_eq!((r.day, r.year), (None, Some(1990)));
        assert_eq!(
            (r.overtime.as_deref(), r.overtime_system, r.black.as_deref()),
            (None, None, None)
        );
        assert_eq!(
            (r.winner, r.result.as_deref(), r.main_time),
            (None, None, None)
        );
        let cells = r.cells();
        let null = |name: &str| {
            let at = GAME_COLUMNS.iter().position(|c| c.name == name);
            at.and_then(|i| cells.get(i)) == Some(&Cell::Null)
        };
        for name in [
            "komi",
            "black",
            "black_rank_number",
            "day",
            "winner",
            "overtime",
        ] {
            assert!(null(name), "{name}");
        }
        assert!(!null("black_rank") && !null("year"));
    }

    #[test]
    fn sizes_setup_and_drafts() {
        let r = row(&[
            ("SZ", &["19:13"]),
            ("AW", &["aa:bb", "cc"]),
            ("OTS", &["TM:A:300", "OP:A:600", "OM:A:25"]),
            ("TM", &["1 hour"]),
            ("OT", &["25/600 Canadian"]),
        ]);
        assert_eq!((r.size.as_str(), r.width, r.height), ("19:13", 19, 13));
        assert_eq!(r.setup_w, ["aa", "ba", "ab", "bb", "cc"]);
        assert_eq!(
            r.overtime_settings.as_deref(),
            Some("TM:A:300 OP:A:600 OM:A:25")
        );
        assert_eq!(r.main_time, Some(3600.0));
        let ot = (
            r.overtime_system,
            r.overtime_periods,
            r.overtime_seconds,
            r.overtime_moves,
        );
        assert_eq!(ot, (Some("canadian"), None, Some(600.0), Some(25)));
        assert_eq!((row(&[("SZ", &["99"])]).width, row(&[]).height), (19, 19));
    }

    /// Every column has its cell, of its type or null; names are unique
    /// `snake_case`.
    #[test]
    fn every_column_has_its_cell() {
        let r = row(&[
            ("DT", &["2016-03-09"]),
            ("RE", &["B+R"]),
            ("KM", &["7.5"]),
            ("OT", &["5x30"]),
        ]);
        for c in GAME_COLUMNS {
            let cell = r
                .cell(c.name)
                .unwrap_or_else(|| panic!("{} has no cell", c.name));
            let fits = match (&cell, c.ty) {
                (Cell::Null, _) => c.nullable,
                (Cell::Int(_), ColumnType::Int) | (Cell::Real(_), ColumnType::Real) => true,
                (Cell::Text(_), ColumnType::Text) | (Cell::Date(_), ColumnType::Date) => true,
                (Cell::TextList(_), ColumnType::TextList) => true,
                _ => false,
            };
            assert!(fits, "{}: {cell:?}", c.name);
            let snake = c.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            assert!(snake && GAME_COLUMNS.iter().filter(|d| d.name == c.name).count() == 1);
        }
        assert_eq!(r.cells().len(), GAME_COLUMNS.len());
        assert_eq!(r.cell("nothing"), None);
    }

    #[test]
    fn days_since_the_epoch() {
        for (y, m, d, days) in [
            (1970, 1, 1, 0),
            (2016, 3, 9, 16869),
            (1969, 12, 31, -1),
            (2000, 2, 29, 11016),
            (1, 1, 1, -719162),
        ] {
            let day = Day {
                year: y,
                month: m,
                day: d,
            };
            assert_eq!(day.days_since_epoch(), days, "{day}");
        }
        assert_eq!(
            Day {
                year: 987,
                month: 6,
                day: 5
            }
            .to_string(),
            "0987-06-05"
        );
    }
}
