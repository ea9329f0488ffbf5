//! The UGF writer: the `[Figure]` section.
//!
//! The `[Figure]` section: comments and labels of the main line as `.Text`
//! blocks, and every variation (and every figure tree that followed the
//! game) as a `.Fig` diagram.

use super::write_out::Ctx;
use super::*;
use crate::board::Board;
use crate::game::{Game, Node, NodeId};
use crate::stone::{Colour, Point};
use std::borrow::Cow;

/// A `.Text,N` block.
pub(super) fn text_block(cx: &mut Ctx<'_>, n: u32, labels: &[String], lines: &[Cow<'_, str>]) {
    if labels.is_empty() && lines.is_empty() {
        return;
    }
    cx.line(&format!(".Text,{n}"));
    for l in labels {
        cx.line(l);
    }
    for l in lines {
        cx.line(l);
    }
    cx.line(".EndText");
}

pub(super) fn write_figures(cx: &mut Ctx<'_>, numbers: &[u32], figs: &[Game]) {
    let game = cx.game;
    cx.line("[Figure]");
    // Comments and labels of the main line, merged per move number.
    let mut blocks: Vec<(u32, Vec<String>, Vec<Cow<'_, str>>)> = Vec::new();
    for (id, &n) in game.main_line_iter().zip(numbers) {
        let node = game.node(id);
        let labels = cx.label_lines(node);
        let lines = if cx.review {
            Vec::new()
        } else {
            cx.comment_lines(node)
        };
        if labels.is_empty() && lines.is_empty() {
            // Nothing to write: no block (a block a node would cost more
            // than the node).
            continue;
        }
        match blocks.last_mut() {
            Some((m, l, t)) if *m == n => {
                l.extend(labels);
                t.extend(lines);
            }
            _ => blocks.push((n, labels, lines)),
        }
    }
    for (n, labels, lines) in &blocks {
        text_block(cx, *n, labels, lines);
    }
    let mut serial = 0u32;
    if !cx.review {
        // Every variation, in tree order: children after the first.
        let mut stack: Vec<NodeId> = vec![Game::ROOT];
        let mut starts: Vec<NodeId> = Vec::new();
        while let Some(id) = stack.pop() {
            let node = game.node(id);
            let children: Vec<NodeId> = node.children().collect();
            for (i, &c) in children.iter().enumerate().rev() {
                stack.push(c);
                if i > 0 {
                    starts.push(c);
                }
            }
        }
        // `stack` visits in pre-order, but `starts` was filled in reverse
        // sibling order per node: sort by pre-order position.
        let order = preorder(game);
        starts.sort_by_key(|id| order.get(*id).copied().unwrap_or(usize::MAX));
        for start in starts {
            serial += 1;
            write_variation(cx, start, serial);
        }
    } else if game.has_variations() {
        // The review tree carries them.
    }
    for g in figs {
        serial += 1;
        write_figure_game(cx, g, serial);
    }
}

/// Pre-order index of every node.
fn preorder(game: &Game) -> Vec<usize> {
    let mut order = vec![usize::MAX; game.len()];
    let mut stack = vec![Game::ROOT];
    let mut k = 0;
    while let Some(id) = stack.pop() {
        if let Some(o) = order.get_mut(id) {
            *o = k;
        }
        k += 1;
        let children: Vec<NodeId> = game.node(id).children().collect();
        for &c in children.iter().rev() {
            stack.push(c);
        }
    }
    order
}

fn moves_to(game: &Game, mut id: NodeId) -> u32 {
    let mut n = 0;
    loop {
        let node = game.node(id);
        n += u32::from(node.mv().is_some());
        match node.parent() {
            Some(p) => id = p,
            None => return n,
        }
    }
}

fn rect(cx: &mut Ctx<'_>, node: Node<'_>) -> (u32, u32, u32, u32) {
    let s = cx.grid.size as u32;
    if let Some(v) = node.get("VW").and_then(|p| p.values().first()) {
        if let (a, Some(b)) = point_pair(v) {
            if let (Some(p), Some(q)) = (parse_sgf_point(a), parse_sgf_point(b)) {
                if p.x.max(q.x) < cx.grid.size && p.y.max(q.y) < cx.grid.size {
                    let (x1, y1) = cx.grid.to_numeric(Point::new(p.x.min(q.x), p.y.max(q.y)));
                    let (x2, y2) = cx.grid.to_numeric(Point::new(p.x.max(q.x), p.y.min(q.y)));
                    return (x1, y1, x2, y2);
                }
            }
        }
        cx.losses.add("VW other than one rectangle");
    }
    (1, 1, s, s)
}

/// What a `.Fig` block is made of.
struct FigureSource<'a> {
    /// Moves before the starting position.
    n: u32,
    /// The node whose `N` is the heading and whose `VW` is the rectangle.
    heading_node: Node<'a>,
    start: Board,
    /// The nodes whose moves are numbered from 1.
    line: Vec<NodeId>,
    /// Labels and comment lines about the starting position.
    pre: (Vec<String>, Vec<Cow<'a, str>>),
    serial: u32,
    game: &'a Game,
}

/// The `.Fig` head line, the starting position and the numbered moves.
fn figure_block(cx: &mut Ctx<'_>, f: FigureSource<'_>) {
    let FigureSource {
        n,
        heading_node,
        start,
        line,
        pre,
        serial,
        game,
    } = f;
    let (x1, y1, x2, y2) = rect(cx, heading_node);
    let heading = heading_node
        .text("N")
        .unwrap_or("")
        .replace(['\r', '\n'], " ");
    cx.line(&format!(
        ".Fig,{n},{x1},{y1},{x2},{y2},{heading},{serial},0"
    ));
    for (p, s) in start.stones() {
        let l = cx.grid.to_letters(p);
        let c = if s == Colour::Black { 'B' } else { 'W' };
        cx.line(&format!("{l},{c}1,0,0"));
    }
    text_block(cx, 0, &pre.0, &pre.1);
    let mut k = 0u32;
    for id in line {
        let node = game.node(id);
        if let Some((colour, v)) = node.mv() {
            k += 1;
            let pt = cx.letters(v);
            cx.line(&format!("{pt},{colour}1,{k},0"));
        }
        // A node without a move: its text joins the move before (or the
        // starting position).
        let labels = cx.label_lines(node);
        let lines = cx.comment_lines(node);
        text_block(cx, k, &labels, &lines);
    }
    cx.line(".EndFig");
}

fn write_variation(cx: &mut Ctx<'_>, first: NodeId, serial: u32) {
    let game = cx.game;
    let Some(parent) = game.node(first).parent() else {
        return;
    };
    let n = moves_to(game, parent);
    let start = position(game, parent, cx.grid.size);
    let mut line = vec![first];
    let mut at = first;
    while let Some(c) = game.node(at).first_child() {
        line.push(c);
        at = c;
    }
    let first_node = game.node(first);
    // A first node without a move: its text is about the starting position.
    let pre = if first_node.mv().is_none() {
        let labels = cx.label_lines(first_node);
        (labels, cx.comment_lines(first_node))
    } else {
        (Vec::new(), Vec::new())
    };
    let body: Vec<NodeId> = if first_node.mv().is_none() {
        line[1..].to_vec()
    } else {
        line.clone()
    };
    for (i, &id) in line.iter().enumerate() {
        let node = game.node(id);
        let allowed: &[&str] = if i == 0 {
            &["B", "W", "C", "LB", "N", "VW"]
        } else {
            &["B", "W", "C", "LB"]
        };
        cx.check_props(node, allowed, "variations");
        if i > 0 && node.mv().is_none() {
            cx.losses
                .add("nodes without a move inside variations (their text joins the move before)");
        }
    }
    figure_block(
        cx,
        FigureSource {
            n,
            heading_node: first_node,
            start,
            line: body,
            pre,
            serial,
            game,
        },
    );
}

fn write_figure_game(cx: &mut Ctx<'_>, g: &Game, serial: u32) {
    let root = g.root();
    let n: u32 = root
        .text(PROP_FIGURE)
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let mut start = Board::square(cx.grid.size);
    for (name, s) in [("AB", Colour::Black), ("AW", Colour::White)] {
        if let Some(p) = root.get(name) {
            for pt in p.values().iter().flat_map(sgf_points) {
                start.setup(pt, Some(s));
            }
        }
    }
    cx.check_props(
        root,
        &[
            "GM",
            "FF",
            "CA",
            "AP",
            "SZ",
            "AB",
            "AW",
            "N",
            "VW",
            "C",
            "LB",
            PROP_FIGURE,
        ],
        "figure games",
    );
    let labels = cx.label_lines(root);
    let pre = (labels, cx.comment_lines(root));
    let line: Vec<NodeId> = g.main_line().into_iter().skip(1).collect();
    if g.has_variations() {
        cx.losses.add("variations inside figure games");
    }
    for &id in &line {
        cx.check_props(g.node(id), &["B", "W", "C", "LB"], "figure games");
    }
    figure_block(
        cx,
        FigureSource {
            n,
            heading_node: root,
            start,
            line,
            pre,
            serial,
            game: g,
        },
    );
}
