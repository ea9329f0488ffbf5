//! The moves table's columns and the cells of a row
//! ([`crate::table::MoveRow`]).

use super::columns::{Cell, Column, Kind};
use crate::table::{MoveRow, MovesOptions};

/// The columns every moves table has.
const BASE: &[Column] = &[
    Column {
        name: "game",
        kind: Kind::U64,
        nullable: false,
        doc: "the game's number in the run (the games table's `game`)",
    },
    Column {
        name: "move",
        kind: Kind::U32,
        nullable: false,
        doc: "the move's number along its line: 1 for the first move",
    },
    Column {
        name: "color",
        kind: Kind::Text,
        nullable: false,
        doc: "`B` or `W`",
    },
    Column {
        name: "x",
        kind: Kind::U16,
        nullable: true,
        doc: "0-based column from the left; null for a pass or a value that is no point",
    },
    Column {
        name: "y",
        kind: Kind::U16,
        nullable: true,
        doc: "0-based row from the top; null for a pass or a value that is no point",
    },
    Column {
        name: "pass",
        kind: Kind::Bool,
        nullable: false,
        doc: "the move is a pass (an empty value, or `tt` on boards up to 19x19)",
    },
];

/// The columns `--all-variations` adds.
const VARIATIONS: &[Column] = &[
    Column {
        name: "node",
        kind: Kind::U32,
        nullable: false,
        doc: "the move's node in its game (document order, root = 0)",
    },
    Column {
        name: "variation",
        kind: Kind::U32List,
        nullable: false,
        doc: "the child index chosen at each branch point above the node; empty above the first branch",
    },
];

/// The column `--comments` adds.
const COMMENT: Column = Column {
    name: "comment",
    kind: Kind::Text,
    nullable: true,
    doc: "the node's comment (`C`); null when it has none",
};

/// The moves table's columns for `options`, in order.
pub fn columns(options: MovesOptions) -> Vec<Column> {
    let mut c = BASE.to_vec();
    if options.all_variations {
        c.extend_from_slice(VARIATIONS);
    }
    if options.comments {
        c.push(COMMENT);
    }
    c
}

/// The cells of `row`, move of game `game`, for the columns of `options`.
pub(super) fn cells(game: u64, row: &MoveRow, options: MovesOptions) -> Vec<Cell<'_>> {
    let (x, y) = match row.point {
        Some((x, y)) => (Some(i128::from(x)), Some(i128::from(y))),
        None => (None, None),
    };
    let color = if row.color == 'B' { "B" } else { "W" };
    let mut c = vec![
        Cell::Int(Some(i128::from(game))),
        Cell::Int(Some(i128::from(row.number))),
        Cell::Text(Some(color)),
        Cell::Int(x),
        Cell::Int(y),
        Cell::Bool(Some(row.pass)),
    ];
    if options.all_variations {
        c.push(Cell::Int(Some(i128::from(row.node))));
        c.push(Cell::List(&row.path));
    }
    if options.comments {
        c.push(Cell::Text(row.comment.as_deref()));
    }
    c
}
