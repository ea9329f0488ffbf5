//! `UN[n]` of the `FF[5]` draft: the undone nodes made a variation.
//!
//! The draft: "Undoing has the same effect as if the undone nodes would
//! have never been executed. It is similar to the user stepping back in
//! the SGF tree." So the nodes after a `UN[n]` continue from the node n
//! steps above it, as its first child (the main line), and the undone
//! line stays where it was, a variation beside them: nothing is lost, and
//! the board, the figures and the move lists follow the main line as the
//! draft meant it. The `UN` node goes when `UN` was all it held.

use crate::diag::{At, Reporter};
use crate::game::{Game, NodeId};
use crate::transform::codes::{
    FF5_UNDO, FF5_UNDO_BESIDE_MOVE, FF5_UNDO_PAST_ROOT, FF5_UNDO_UNREADABLE,
};

/// Makes every `UN` of `game` the tree it stands for, in document order
/// (a later undo counts its steps in the tree the earlier ones made).
pub(super) fn undo(game: &mut Game, report: &mut Reporter) {
    for id in 0..game.len() {
        let Some(un) = game
            .node(id)
            .get("UN")
            .map(|p| (p.pos, p.first_text().map(str::to_string)))
        else {
            continue;
        };
        let (pos, text) = un;
        let text = text.unwrap_or_default();
        let Some(n) = text.trim().parse::<u32>().ok().filter(|&n| n >= 1) else {
            report.report(
                FF5_UNDO_UNREADABLE,
                At::property("UN", pos),
                format!(
                    "UN[{text}] is no number of nodes (1 or more): kept as written, nothing undone"
                ),
            );
            continue;
        };
        game.node_mut(id).remove("UN");
        let (target, undone) = steps_back(game, id, n);
        if undone < n {
            report.report(
                FF5_UNDO_PAST_ROOT,
                At::property("UN", pos),
                format!("UN[{n}] undoes more than the {undone} node(s) between it and the root, which cannot be undone: the moves after it continue from the root"),
            );
        }
        let node = game.node(id);
        if node.get("B").is_some() || node.get("W").is_some() {
            report.report(
                FF5_UNDO_BESIDE_MOVE,
                At::property("UN", pos),
                "UN beside a move in one node (the draft forbids it): undone first, then the move played",
            );
        }
        continue_from(game, id, target);
        if undone == 0 {
            continue;
        }
        report.report(
            FF5_UNDO,
            At::property("UN", pos),
            format!("UN[{n}]: the {undone} node(s) before it undone, kept as a variation; the moves after it continue from the node above them"),
        );
    }
}

/// The node `n` steps above the parent of `id` (the root at most), and how
/// many nodes that undoes.
fn steps_back(game: &Game, id: NodeId, n: u32) -> (NodeId, u32) {
    let Some(mut at) = game.node(id).parent() else {
        return (Game::ROOT, 0);
    };
    let mut undone = 0;
    while undone < n {
        match game.node(at).parent() {
            Some(p) => at = p,
            None => break,
        }
        undone += 1;
    }
    (at, undone)
}

/// What follows the undo goes under `target` as its main line: the `UN`
/// node itself when it holds more than `UN`, else its children.
fn continue_from(game: &mut Game, id: NodeId, target: NodeId) {
    if game.node(id).props().is_empty() {
        let children: Vec<NodeId> = game.node(id).children().collect();
        for &c in children.iter().rev() {
            game.move_first_under(c, target);
        }
        game.detach(id);
    } else {
        game.move_first_under(id, target);
    }
}
