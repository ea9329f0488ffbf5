//! The lines of a game: every path from the root to a leaf, numbered in
//! tree order from 0 (the main line), which `--variation N` draws along
//! and `sgfconv variations` lists.
//!
//! A line is its own from the node where it leaves an earlier line (a
//! node that is not its parent's first child; the root for line 0) down
//! by first children to a leaf. Visited depth first, a line's own nodes
//! come one after another, so numbering lines by where they start is
//! numbering them by their leaves.

use crate::game::{Game, NodeId};

/// One line of a game, as listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its number in the game (0: the main line).
    pub number: usize,
    /// The line it leaves (itself for the main line).
    pub parent: usize,
    /// Moves played before its first own node (0 for the main line).
    pub after_move: u32,
    /// Its own moves, from where it leaves its parent to its end.
    pub moves: u32,
    /// Its first own node.
    pub start: NodeId,
}

impl Line {
    /// The moves from the start of the game to its end.
    pub fn total(&self) -> u32 {
        self.after_move.saturating_add(self.moves)
    }
}

/// Every line of `game`, in order.
pub fn lines(game: &Game) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    // (node, the line of its parent, moves played before it, whether it
    // starts a line), popped in tree order.
    let mut stack = vec![(Game::ROOT, 0usize, 0u32, true)];
    while let Some((id, parent, before, starts)) = stack.pop() {
        let node = game.node(id);
        let line = match starts {
            true => {
                out.push(Line {
                    number: out.len(),
                    parent,
                    after_move: before,
                    moves: 0,
                    start: id,
                });
                out.len() - 1
            }
            false => parent,
        };
        let moved = u32::from(node.mv().is_some());
        if let Some(l) = out.get_mut(line) {
            l.moves = l.moves.saturating_add(moved);
        }
        let after = before.saturating_add(moved);
        let children: Vec<NodeId> = node.children().collect();
        for (i, &child) in children.iter().enumerate().rev() {
            stack.push((child, line, after, i > 0));
        }
    }
    out
}

/// The path of line `n`: from the root to its leaf; `None` past the last.
pub fn line(game: &Game, n: usize) -> Option<Vec<NodeId>> {
    if n == 0 {
        return Some(game.main_line());
    }
    let start = lines(game).get(n)?.start;
    Some(path_through(game, start))
}

/// The path from the root to `node`, then on by first children to the end.
pub(super) fn path_through(game: &Game, node: NodeId) -> Vec<NodeId> {
    let mut path = vec![node];
    let mut at = node;
    while let Some(p) = game.node(at).parent() {
        path.push(p);
        at = p;
    }
    path.reverse();
    let mut at = node;
    while let Some(c) = game.node(at).first_child() {
        path.push(c);
        at = c;
    }
    path
}
