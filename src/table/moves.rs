//! The moves table's rows: one per move of a game's main line, or of every
//! variation with its path.
//!
//! A row says which move it is (its number along its line), who played it
//! and where (0-based column and row from the top-left corner, none for a
//! pass). With [`MovesOptions::all_variations`] every move of the tree has
//! a row, in document order, with its node's index and its variation path
//! (the child chosen at each branch point above it, as the CSV list's
//! `path` column: `formats/csv.md`); with [`MovesOptions::comments`] the
//! node's comment.

use crate::formats::structured::coords;
use crate::game::{Game, NodeId};

/// Which rows and columns of the moves table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovesOptions {
    /// Every move of every variation (with its node and path), not only
    /// the main line's.
    pub all_variations: bool,
    /// Each move's node comment (`C`).
    pub comments: bool,
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

/// The rows of `game`'s moves, as `options` asks (a node without a move
/// has none).
pub fn move_rows(game: &Game, options: MovesOptions) -> Vec<MoveRow> {
    if game.is_empty() {
        return Vec::new();
    }
    let size = coords::board_size(game.root().text("SZ"));
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
    let pass = coords::is_pass(value, size);
    let point = match pass {
        true => None,
        false => coords::sgf_to_xy(value).map(|(x, y)| (x as u16, y as u16)),
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
