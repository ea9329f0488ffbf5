//! Positions on the board, for placing UGF figures.
//!
//! Positions on the board: a node's stones played (with captures), and the
//! position after a node, from the root.

use super::grid::sgf_points;
use crate::board::Board;
use crate::game::{Game, NodeId};
use crate::stone::Colour;

/// Plays a node's setup stones and move on a board.
pub(crate) fn apply_node(b: &mut Board, n: &crate::game::Node) {
    for p in n.props() {
        let stone = match p.name {
            "AB" | "B" => Some(Colour::Black),
            "AW" | "W" => Some(Colour::White),
            "AE" => None,
            _ => continue,
        };
        for v in p.values().iter() {
            for pt in sgf_points(v) {
                match (p.name, stone) {
                    ("B" | "W", Some(s)) => {
                        b.play(s, pt);
                    }
                    (_, s) => {
                        b.setup(pt, s);
                    }
                }
            }
        }
    }
}

/// The position after `node`: setup stones and moves from the root, with
/// captures. `tt` and empty values are passes.
pub(crate) fn position(game: &Game, node: NodeId, size: u8) -> Board {
    let mut path = vec![node];
    let mut at = node;
    while let Some(p) = game.get(at).and_then(|n| n.parent()) {
        path.push(p);
        at = p;
    }
    let mut b = Board::square(size);
    for &id in path.iter().rev() {
        if let Some(n) = game.get(id) {
            apply_node(&mut b, &n);
        }
    }
    b
}
