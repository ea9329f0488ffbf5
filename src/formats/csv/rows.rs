//! The rows of the two lists: a move row of the move list, as its columns
//! ask for it, and a game's row of the games list (`--games-csv`); and the
//! warning of what a game's rows did not carry.

use super::writer::csv_io;
use super::W_NOT_CARRIED;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::PropertyBuf;
use crate::formats::structured::coords;
use std::collections::BTreeMap;
use std::io::Write;

/// Columns of the games list, in order.
pub(super) const GAME_COLUMNS: &[&str] = &[
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

/// A game's row of the games list: its root's game info and setup, its
/// size and its number of moves.
pub(super) fn game_record(
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

/// Writes `row`, one field per column.
pub(super) fn write_row<W: Write>(
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
            game + 1,
            list.join(", ")
        ),
    );
}
