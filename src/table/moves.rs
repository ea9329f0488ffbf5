//! The moves table's rows: one per move of a game's main line, or of every
//! variation with its path.
//!
//! A row says which move it is (its number along its line), who played it
//! and where (0-based column and row from the top-left corner, none for a
//! pass). With [`MovesOptions::all_variations`] every move of the tree has
//! a row, in document order, with its node's index and its variation path
//! (the child chosen at each branch point above it, as the CSV list's
//! `path` column: `formats/csv.md`); with [`MovesOptions::comments`] the
//! node's comment. [`move_columns`] describes the columns a row's
//! [`MoveRow::cells`] fill, as [`super::GAME_COLUMNS`] does the games
//! table's.

use super::{Cell, Column, ColumnType};
use crate::game::{Game, NodeId};
use crate::stone::{board_size, is_pass, Point};

/// Which rows and columns of the moves table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovesOptions {
    /// Every move of every variation (with its node and path), not only
    /// the main line's.
    pub all_variations: bool,
    /// Each move's node comment (`C`).
    pub comments: bool,
}

/// A column, not null unless said.
const fn column(name: &'static str, ty: ColumnType, doc: &'static str) -> Column {
    Column {
        name,
        ty,
        doc,
        nullable: false,
    }
}

/// The columns every moves table has.
const BASE: &[Column] = &[
    column(
        "game",
        ColumnType::Int,
        "The game's 0-based index among every game of the run (the games table's `game`).",
    ),
    column(
        "move",
        ColumnType::Int,
        "The move's number along its line: 1 for the first move.",
    ),
    column("color", ColumnType::Text, "`B` or `W`."),
    Column {
        nullable: true,
        ..column(
            "x",
            ColumnType::Int,
            "0-based column from the left; null for a pass or a value that is no point.",
        )
    },
    Column {
        nullable: true,
        ..column(
            "y",
            ColumnType::Int,
            "0-based row from the top; null for a pass or a value that is no point.",
        )
    },
    column(
        "pass",
        ColumnType::Bool,
        "The move is a pass (an empty value, or `tt` on boards up to 19×19).",
    ),
];

/// The columns of [`MovesOptions::all_variations`].
const VARIATIONS: &[Column] = &[
    column(
        "node",
        ColumnType::Int,
        "The move's node in its game (document order, root = 0).",
    ),
    column(
        "variation",
        ColumnType::IntList,
        "The child index chosen at each branch point above the node; empty above the first branch.",
    ),
];

/// The column of [`MovesOptions::comments`].
const COMMENT: Column = Column {
    nullable: true,
    ..column(
        "comment",
        ColumnType::Text,
        "The node's comment (`C`); null when it has none.",
    )
};

/// The moves table's columns for `options`, in order.
pub fn move_columns(options: MovesOptions) -> Vec<Column> {
    let mut c = BASE.to_vec();
    if options.all_variations {
        c.extend_from_slice(VARIATIONS);
    }
    if options.comments {
        c.push(COMMENT);
    }
    c
}

/// One move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The move's number along its line: 1 for the first move.
    pub number: u32,
    /// `'B'` or `'W'`.
    pub color: char,
    /// The move is a pass (an empty value, or `tt` on boards up to 19×19).
    pub pass: bool,
    /// 0-based column and row from the top-left corner, as the value
    /// names them; `None` for a pass, and for a value that is no point
    /// (which the reader reported).
    pub point: Option<(u16, u16)>,
    /// The node's index in the game (document order, root = 0).
    pub node: u32,
    /// The child index chosen at each branch point above the node (empty
    /// above the first branch; all zeros on the main line).
    pub path: Vec<u32>,
    /// The node's comment, when asked for and present.
    pub comment: Option<String>,
}

impl MoveRow {
    /// The row's cells, in the order of [`move_columns`] for `options`:
    /// move of game `game` (its index in the run).
    pub fn cells(&self, game: usize, options: MovesOptions) -> Vec<Cell<'_>> {
        let coordinate = |c: Option<u16>| c.map_or(Cell::Null, |c| Cell::Int(i64::from(c)));
        let mut c = vec![
            Cell::Int(game as i64),
            Cell::Int(i64::from(self.number)),
            Cell::Text(if self.color == 'B' { "B" } else { "W" }),
            coordinate(self.point.map(|p| p.0)),
            coordinate(self.point.map(|p| p.1)),
            Cell::Bool(self.pass),
        ];
        if options.all_variations {
            c.push(Cell::Int(i64::from(self.node)));
            c.push(Cell::IntList(&self.path));
        }
        if options.comments {
            c.push(self.comment.as_deref().map_or(Cell::Null, Cell::Text));
        }
        c
    }

    /// Whether the move is on the main line (no branch but the first
    /// taken above it).
    pub fn on_main_line(&self) -> bool {
        self.path.iter().all(|&k| k == 0)
    }
}

/// The rows of `game`'s moves, as `options` asks (a node without a move
/// has none).
pub fn move_rows(game: &Game, options: MovesOptions) -> Vec<MoveRow> {
    if game.is_empty() {
        return Vec::new();
    }
    let size = board_size(game.root().text("SZ"));
    if options.all_variations {
        tree_rows(game, size, options)
    } else {
        main_line_rows(game, size, options)
    }
}

/// The main line's rows.
fn main_line_rows(game: &Game, size: (u32, u32), options: MovesOptions) -> Vec<MoveRow> {
    let mut rows = Vec::new();
    for id in game.main_line_iter() {
        let number = rows.len() as u32 + 1;
        if let Some(row) = row_of(game, id, number, size, options) {
            rows.push(row);
        }
    }
    rows
}

/// Every node's row, in document order: a node's line is its parent's,
/// with the child index added where the parent branches.
fn tree_rows(game: &Game, size: (u32, u32), options: MovesOptions) -> Vec<MoveRow> {
    let n = game.len();
    // Per node: moves played up to it, and which of `paths` is its path.
    let mut played = vec![0u32; n];
    let mut path_of = vec![0usize; n];
    let mut paths: Vec<Vec<u32>> = vec![Vec::new()];
    let mut rows = Vec::new();
    for id in 0..n {
        let node = game.node(id);
        let before = node.parent().map_or(0, |p| played[p]);
        let row = row_of(game, id, before + 1, size, options);
        played[id] = before + u32::from(row.is_some());
        if node.child_count() > 1 {
            for (k, child) in node.children().enumerate() {
                let mut path = paths[path_of[id]].clone();
                path.push(k as u32);
                paths.push(path);
                path_of[child] = paths.len() - 1;
            }
        } else if let Some(child) = node.first_child() {
            path_of[child] = path_of[id];
        }
        if let Some(mut r) = row {
            r.path.clone_from(&paths[path_of[id]]);
            rows.push(r);
        }
    }
    rows
}

/// Node `id`'s row as move `number`, when it has a move.
fn row_of(
    game: &Game,
    id: NodeId,
    number: u32,
    size: (u32, u32),
    options: MovesOptions,
) -> Option<MoveRow> {
    let node = game.node(id);
    let (color, value) = node.mv()?;
    let pass = is_pass(value, size);
    let point = match pass {
        true => None,
        false => Point::parse(value).map(|p| (u16::from(p.x), u16::from(p.y))),
    };
    let comment = match options.comments {
        true => node.text("C").map(str::to_string),
        false => None,
    };
    Some(MoveRow {
        number,
        color,
        pass,
        point,
        node: id as u32,
        path: Vec::new(),
        comment,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `;B[pd]C[a];W[dp]` then two variations: `(;B[];W[tt])` and
    /// `(;B[dd])`, on a 19×19 board.
    fn sample() -> Game {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        g.node_mut(a).set("C", "a");
        let b = g.add_child(a);
        g.node_mut(b).set("W", "dp");
        let c = g.add_child(b);
        g.node_mut(c).set("B", "");
        let d = g.add_child(c);
        g.node_mut(d).set("W", "tt");
        let e = g.add_child(b);
        g.node_mut(e).set("B", "dd");
        g
    }

    fn brief(rows: &[MoveRow]) -> Vec<String> {
        rows.iter()
            .map(|r| {
                let at = r.point.map_or("-".into(), |(x, y)| format!("{x},{y}"));
                format!("{}{} {at} {} {:?}", r.number, r.color, r.pass, r.path)
            })
            .collect()
    }

    #[test]
    fn the_main_line_by_default() {
        let rows = move_rows(&sample(), MovesOptions::default());
        assert_eq!(
            brief(&rows),
            [
                "1B 15,3 false []",
                "2W 3,15 false []",
                "3B - true []",
                "4W - true []"
            ]
        );
        assert!(rows.iter().all(|r| r.comment.is_none()));
    }

    #[test]
    fn every_variation_with_its_path_and_comments() {
        let options = MovesOptions {
            all_variations: true,
            comments: true,
        };
        let rows = move_rows(&sample(), options);
        assert_eq!(
            brief(&rows),
            [
                "1B 15,3 false []",
                "2W 3,15 false []",
                "3B - true [0]",
                "4W - true [0]",
                "3B 3,3 false [1]",
            ]
        );
        assert_eq!(rows[0].comment.as_deref(), Some("a"));
        let nodes: Vec<u32> = rows.iter().map(|r| r.node).collect();
        assert_eq!(nodes, [1, 2, 3, 4, 5]);
    }

    #[test]
    fn tt_is_a_point_on_a_larger_board_and_junk_no_point() {
        let mut g = Game::default();
        g.root_mut().set("SZ", "21");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "tt");
        let b = g.add_child(a);
        g.node_mut(b).set("W", "zzz");
        let rows = move_rows(&g, MovesOptions::default());
        assert_eq!(brief(&rows), ["1B 19,19 false []", "2W - false []"]);
    }
}
