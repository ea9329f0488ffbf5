//! Tables of games as typed columns: the games table's row and the
//! description of its columns, one home for every writer of it.
//!
//! The games table (one row per game: where it came from, its game info
//! read into numbers, dates and codes, its setup, its number of moves) is
//! written by the CSV games list (`--games-csv`) and meant for every tabular
//! target (a columnar file, a data frame). Formats may not import each
//! other, so the row lives here, outside them: [`games::GameRow`] is built
//! from a game's root by one function that reads its values with
//! [`crate::values`], and [`games::GAME_COLUMNS`] describes each column
//! (name, [`ColumnType`], meaning), from which a writer makes its header or
//! schema. A row gives its cells in that order as [`Cell`]s.
//!
//! Column names are `snake_case` and stable; an absent or unreadable
//! value is [`Cell::Null`], never an empty text.
//!
//! The moves table's rows are plain Rust values ([`moves`]); with the
//! `parquet` feature, [`arrow`] turns both tables into Arrow record
//! batches, which the Parquet writer (`formats/parquet.md`) and the Python
//! package write or hand on.

#[cfg(feature = "parquet")]
pub mod arrow;
pub mod games;
pub mod moves;

pub use games::{game_row, Day, GameRow, Origin, WinReason, Winner, GAME_COLUMNS};
pub use moves::{move_rows, MoveRow, MovesOptions};

/// The type of a column's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// A whole number (`i64`).
    Int,
    /// A real number (`f64`).
    Real,
    /// A text (UTF-8).
    Text,
    /// A calendar day ([`Day`]).
    Date,
    /// A list of texts.
    TextList,
}

impl ColumnType {
    /// `int`, `real`, `text`, `date`, `list of text`: as the docs name it.
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnType::Int => "int",
            ColumnType::Real => "real",
            ColumnType::Text => "text",
            ColumnType::Date => "date",
            ColumnType::TextList => "list of text",
        }
    }
}

/// One column of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// Its name (`snake_case`).
    pub name: &'static str,
    /// The type of its values.
    pub ty: ColumnType,
    /// What it holds, in one sentence (for docs and schemas).
    pub doc: &'static str,
    /// Whether it can be null.
    pub nullable: bool,
}

/// One cell of a row, of its column's [`ColumnType`] or null.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell<'a> {
    /// No value.
    Null,
    /// A whole number.
    Int(i64),
    /// A real number.
    Real(f64),
    /// A text.
    Text(&'a str),
    /// A calendar day.
    Date(Day),
    /// A list of texts.
    TextList(&'a [String]),
}
