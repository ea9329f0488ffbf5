//! The UGF writer: `[Data]` and the review tree.
//!
//! The main line as `[Data]` (setup stones as move 0, then the moves with
//! their time and player fields), and the whole tree as `[ReviewNode]` and
//! `[ReviewComment]` with `--ugf-review`.

use super::header;
use super::write_out::{Ctx, FILE_PROPS, NODE_PROPS};
use super::*;
use crate::game::{Game, NodeId};
use crate::stone::Point;
use std::collections::BTreeSet;

/// `[Data]`. Returns the move number of every main-line node, in order
/// (the main line gives their ids again).
pub(super) fn write_data(cx: &mut Ctx<'_>) -> Vec<u32> {
    let game = cx.game;
    cx.line("[Data]");
    let root = &game.root();
    for (name, colour) in [("AB", 'B'), ("AW", 'W')] {
        if let Some(p) = root.get(name) {
            let pts: Vec<Point> = p.values().iter().flat_map(sgf_points).collect();
            for pt in pts {
                if pt.x < cx.grid.size && pt.y < cx.grid.size {
                    let l = cx.grid.to_letters(pt);
                    cx.line(&format!("{l},{colour}1,0,0"));
                } else {
                    cx.losses.add("setup stones off the board");
                }
            }
        }
    }
    let mut allowed_root: Vec<&str> = vec!["SZ", "AB", "AW", "C", "LB", PROP_HEADER, PROP_SECTION];
    allowed_root.extend_from_slice(FILE_PROPS);
    for key in header::MAPPED {
        allowed_root.extend_from_slice(header::prop_names(key));
    }
    cx.check_props(*root, &allowed_root, "root");
    let mut numbers = vec![0];
    let mut count = 0u32;
    let mut merged = 0usize;
    for id in game.main_line_iter().skip(1) {
        let node = game.node(id);
        merged += usize::from(node.mv().is_none());
        if let Some((colour, v)) = node.mv() {
            count += 1;
            let pt = cx.letters(v);
            let player = Ctx::player_field(node, colour);
            let time = node
                .text(PROP_SECONDS)
                .unwrap_or("0")
                .replace(['\r', '\n'], " ");
            cx.line(&format!("{pt},{player},{count},{time}"));
        }
        numbers.push(count);
        if ["AB", "AW", "AE"].iter().any(|s| node.get(s).is_some()) {
            cx.losses.add("setup stones after the start (AB/AW/AE)");
        }
        cx.check_props(node, NODE_PROPS, "main line");
    }
    if merged > 0 && !cx.review {
        // `[Data]` numbers moves only: the `[Figure]` text of such a node
        // goes with the move before (or the start), in one block.
        cx.losses.add(format!(
            "{merged} main-line node(s) without a move (merged into the move before, \
             or the start: their comments and labels are there)"
        ));
    }
    numbers
}

/// `[ReviewNode]` and `[ReviewComment]`: the whole tree, main line first
/// (ids 1…), then the variations in the order they are written.
pub(super) fn write_review(cx: &mut Ctx<'_>) {
    let game = cx.game;
    let mut ids = vec![0u32; game.len()];
    let mut next = 1u32;
    for id in game.main_line() {
        ids[id] = next;
        next += 1;
    }
    enum Work {
        Chain(NodeId, usize),
        Raw(String),
    }
    let mut lines: Vec<String> = Vec::new();
    let mut order: Vec<NodeId> = Vec::new();
    let mut stack = vec![Work::Chain(Game::ROOT, 0)];
    while let Some(w) = stack.pop() {
        let (id, indent) = match w {
            Work::Raw(s) => {
                lines.push(s);
                continue;
            }
            Work::Chain(id, indent) => (id, indent),
        };
        if ids[id] == 0 {
            ids[id] = next;
            next += 1;
        }
        let node = game.node(id);
        let pad = " ".repeat(indent);
        let (colour, x, y) = match node.mv() {
            _ if id == Game::ROOT => (0, 0, 0),
            Some((c, v)) => {
                let (x, y) = cx.numeric(v);
                (if c == 'B' { 1 } else { 2 }, x, y)
            }
            None => (0, 0, 0),
        };
        if id == Game::ROOT && node.mv().is_some() {
            cx.losses.add("a move in the root node");
        }
        if id != Game::ROOT {
            cx.check_props(node, NODE_PROPS, "review tree");
        }
        lines.push(format!("{pad}NODE,{},{colour},{x},{y}", ids[id]));
        order.push(id);
        // Pushed in reverse: VARIATION blocks first, then the continuation.
        if let Some(c) = node.first_child() {
            stack.push(Work::Chain(c, indent));
        }
        let children: Vec<NodeId> = node.children().collect();
        for &c in children.iter().skip(1).rev() {
            stack.push(Work::Raw(format!("{pad}  VARIATIONEND,")));
            stack.push(Work::Chain(c, indent + 4));
            stack.push(Work::Raw(format!("{pad}  VARIATION,")));
        }
    }
    cx.line("[ReviewNode]");
    for l in &lines {
        cx.line(l);
    }
    cx.line("[ReviewComment]");
    let mut commented: Vec<NodeId> = order
        .into_iter()
        .filter(|&id| game.node(id).text("C").is_some_and(|c| !c.is_empty()))
        .collect();
    commented.sort_by_key(|&id| ids[id]);
    let main: BTreeSet<NodeId> = game.main_line().into_iter().collect();
    for id in commented {
        let node = game.node(id);
        cx.line(&format!(".Comment,{}", ids[id]));
        for l in cx.comment_lines(node) {
            cx.line(&l);
        }
    }
    for (id, node) in game.nodes().enumerate() {
        if !main.contains(&id) && node.get("LB").is_some() && ids.get(id).is_some_and(|&i| i > 0) {
            cx.losses.add("labels in variations (review tree)");
        }
    }
}
