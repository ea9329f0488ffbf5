//! The UGF reader's review tree.
//!
//! The review tree: `[ReviewNode]` (`NODE` lines in `VARIATION` blocks)
//! built under the root, `[ReviewComment]` text put on its nodes, and the
//! empty nodes a review line ends with dropped.

use super::build::Builder;
use super::codes::*;
use super::sections::{directive, fields, label, Section, TextBlock};
use super::*;
use crate::diag::Reporter;
use crate::event::Pos;
use crate::game::{Game, NodeId};
use crate::stone::Colour;
use std::collections::HashMap;

/// A `NODE,id,colour,x,y` line of `[ReviewNode]`.
struct ReviewNodeLine {
    id: i64,
    /// `None` for colour 0 (a node without a move).
    stone: Option<Colour>,
    x: i64,
    y: i64,
}

/// Where the `[ReviewNode]` reading is.
struct ReviewCursor {
    /// The node the next `NODE` follows.
    cur: NodeId,
    /// The nodes open `VARIATION` blocks return to.
    stack: Vec<NodeId>,
    /// A `VARIATIONEND` came last: the next node goes first.
    after_end: bool,
    /// No node yet.
    first: bool,
}

/// The fields of a `NODE` line (`f`, the text `t`); `None`, reported, when
/// they cannot be read.
fn review_node_line(
    f: &[&str],
    t: &str,
    pos: Pos,
    report: &mut Reporter,
) -> Option<ReviewNodeLine> {
    let num = |i: usize| f.get(i).and_then(|s| s.parse::<i64>().ok());
    let (Some(id), Some(colour), Some(x), Some(y)) = (num(1), num(2), num(3), num(4)) else {
        report.report(
            UGF_BAD_LINE,
            Some(pos),
            format!("review node `{t}` not understood: dropped"),
        );
        return None;
    };
    let stone = match colour {
        0 => None,
        1 => Some(Colour::Black),
        2 => Some(Colour::White),
        _ => {
            report.report(
                UGF_BAD_LINE,
                Some(pos),
                format!("review node colour {colour} unknown: node `{t}` dropped"),
            );
            return None;
        }
    };
    Some(ReviewNodeLine { id, stone, x, y })
}

impl Builder {
    /// Builds the review tree of a `[ReviewNode]` section (`NODE` lines in
    /// `VARIATION` blocks) under the root; `ids` maps its node ids to nodes
    /// for `[ReviewComment]`.
    pub(super) fn review_nodes(
        &mut self,
        s: &Section,
        ids: &mut HashMap<u64, NodeId>,
        report: &mut Reporter,
    ) {
        let mut at = ReviewCursor {
            cur: Game::ROOT,
            stack: Vec::new(),
            after_end: false,
            first: true,
        };
        for line in s.lines() {
            let t = line.text.trim();
            if t.is_empty() {
                continue;
            }
            let f = fields(t);
            match f[0].to_ascii_uppercase().as_str() {
                "NODE" => {
                    if let Some(node) = review_node_line(&f, t, line.pos, report) {
                        self.review_node(node, &mut at, ids, line.pos, report);
                    }
                }
                "VARIATION" => {
                    at.stack.push(at.cur);
                    at.after_end = false;
                }
                "VARIATIONEND" => match at.stack.pop() {
                    Some(c) => {
                        at.cur = c;
                        at.after_end = true;
                    }
                    None => report.report(
                        UGF_REVIEW_STRUCTURE,
                        Some(line.pos),
                        "VARIATIONEND without VARIATION: ignored",
                    ),
                },
                _ => report.report(
                    UGF_BAD_LINE,
                    Some(line.pos),
                    format!("review line `{t}` not understood: dropped"),
                ),
            }
        }
        if !at.stack.is_empty() {
            report.report(
                UGF_REVIEW_STRUCTURE,
                Some(s.pos),
                format!(
                    "{} VARIATION blocks not closed: closed at the end",
                    at.stack.len()
                ),
            );
        }
    }

    /// Adds one review node after `at.cur` (the first one, without a
    /// move, is the root itself), first among its siblings right after a
    /// `VARIATIONEND`.
    fn review_node(
        &mut self,
        n: ReviewNodeLine,
        at: &mut ReviewCursor,
        ids: &mut HashMap<u64, NodeId>,
        pos: Pos,
        report: &mut Reporter,
    ) {
        if at.first && n.stone.is_none() && at.stack.is_empty() {
            at.first = false;
            ids.insert(n.id as u64, Game::ROOT);
            return;
        }
        at.first = false;
        let node = self.game.add_child(at.cur);
        self.game.node_mut(node).set_pos(pos);
        if at.after_end {
            self.game.make_first_child(node);
            at.after_end = false;
        }
        if let Some(stone) = n.stone {
            let (x, y) = (n.x, n.y);
            let spot = self.grid.numeric(x, y);
            if spot == Spot::Pass && !(x == 0 && y == 0) && x != self.grid.size as i64 + 1 {
                report.report(
                    UGF_OFF_BOARD,
                    Some(pos),
                    format!("review node at {x},{y} is off the board: read as a pass"),
                );
            }
            self.set_move(node, stone, spot);
        }
        if ids.insert(n.id as u64, node).is_some() {
            report.report(
                UGF_REVIEW_STRUCTURE,
                Some(pos),
                format!(
                    "review node id {} used twice: comments go to the last one",
                    n.id
                ),
            );
        }
        at.cur = node;
    }

    /// Drops review nodes that carry nothing: no move, no comment, no child
    /// (PandaEgg ends its review line with such a node).
    pub(super) fn prune_empty_review_nodes(&mut self, ids: &HashMap<u64, NodeId>) {
        for &id in ids.values() {
            if id == Game::ROOT {
                continue;
            }
            let n = self.game.node(id);
            if n.first_child().is_none()
                && n.props().is_empty()
                && !self.comments.contains_key(&id)
                && !self.labels.contains_key(&id)
            {
                self.game.detach(id);
            }
        }
    }

    pub(super) fn review_comments(
        &mut self,
        s: &Section,
        ids: &HashMap<u64, NodeId>,
        report: &mut Reporter,
    ) {
        let mut target: Option<NodeId> = None;
        let mut block = TextBlock::default();
        let mut stray = TextBlock::default();
        for line in s.lines() {
            let t = line.text.trim();
            if directive(t, ".Comment") {
                if let Some(n) = target {
                    self.add_text(n, std::mem::take(&mut block));
                }
                let id = fields(t).get(1).and_then(|s| s.parse::<u64>().ok());
                target = match id.and_then(|id| ids.get(&id)) {
                    Some(&n) => Some(n),
                    None => {
                        report.report(
                            UGF_NO_SUCH_REVIEW_NODE,
                            Some(line.pos),
                            format!("`{t}` names no review node: the comment goes on the root"),
                        );
                        Some(Game::ROOT)
                    }
                };
                continue;
            }
            let b = if target.is_some() {
                &mut block
            } else {
                &mut stray
            };
            if directive(t, ".#") {
                if let Some(l) = label(self.grid, t, line.pos, report) {
                    b.labels.push(l);
                }
            } else {
                b.lines.push(line.text);
            }
        }
        if let Some(n) = target {
            self.add_text(n, block);
        }
        stray.lines.trim_blank_tail();
        if !stray.is_empty() {
            report.report(
                UGF_NO_SUCH_REVIEW_NODE,
                Some(s.pos),
                "[ReviewComment] text before the first .Comment: put on the root",
            );
            self.add_text(Game::ROOT, stray);
        }
    }
}
