//! The UGF reader's game under construction and its main line.
//!
//! The [`Builder`] of one record's game: the tree under construction, the
//! main line of `[Data]` (setup stones and moves), and the comments and
//! labels gathered for its nodes, set once the record's text is given back.
//! The other sections add to it from their own files (`header_section.rs`,
//! `review.rs`, `figures.rs`); `reader.rs` runs them in order.

use super::codes::*;
use super::sections::{parse_data_line, Section, TextBlock};
use super::*;
use crate::board::Position;
use crate::diag::Reporter;
use crate::event::{GameHeader, Pos, PropertyBuf};
use crate::game::{Game, NodeId};
use crate::stone::{Colour, Point};
use std::collections::HashMap;

/// One record's game as its sections are read into it, with what is
/// gathered for it until the record's text is given back.
pub(super) struct Builder {
    pub(super) game: Game,
    pub(super) grid: Grid,
    pub(super) extra_games: Vec<Game>,
    pub(super) comments: HashMap<NodeId, Vec<String>>,
    pub(super) labels: HashMap<NodeId, Vec<(Point, String)>>,
    /// `[Data]` move number → node.
    /// (A node id as `u32`, as the game's own links hold it: 8 bytes a move.)
    pub(super) data_nodes: Vec<(u32, u32)>,
    /// For each node: moves from the root, and the position after it;
    /// nodes by (moves, position). Built when figures are placed.
    pub(super) depth: Vec<u32>,
    pub(super) boards: Vec<Position>,
    pub(super) by_position: HashMap<(u32, Position), Vec<NodeId>>,
}

impl Builder {
    pub(super) fn new(head: GameHeader, _report: &mut Reporter) -> Self {
        Builder {
            game: Game::new(head),
            grid: Grid {
                size: 19,
                igs: false,
            },
            extra_games: Vec::new(),
            comments: HashMap::new(),
            labels: HashMap::new(),
            data_nodes: Vec::new(),
            depth: Vec::new(),
            boards: Vec::new(),
            by_position: HashMap::new(),
        }
    }

    /// The game (and figure trees) once the sections are read: comments
    /// and labels go to their nodes.
    pub(super) fn finish(mut self, report: &mut Reporter) -> Vec<Game> {
        self.finish_text(report);
        crate::formats::lines::release(std::mem::take(&mut self.data_nodes));
        let mut games = vec![self.game];
        games.extend(self.extra_games);
        games
    }

    pub(super) fn set_move(&mut self, node: NodeId, colour: Colour, spot: Spot) {
        let (name, value) = move_prop(colour, spot);
        self.game.node_mut(node).set(name, &value);
    }

    /// The child of `at` that plays this move, looking through empty nodes
    /// on the first line; else a new child placed first (the `[Data]` line
    /// is the main line).
    pub(super) fn data_child(
        &mut self,
        mut at: NodeId,
        colour: Colour,
        spot: Spot,
        pos: Pos,
        report: &mut Reporter,
    ) -> NodeId {
        let (name, value) = move_prop(colour, spot);
        loop {
            let node = self.game.node(at);
            if let Some(c) = node.children().find(|&c| {
                self.game
                    .node(c)
                    .mv()
                    .is_some_and(|(col, v)| col.to_string() == name && v == value)
            }) {
                return c;
            }
            match node.first_child() {
                Some(c) if is_empty_node(self.game.node(c)) => at = c,
                _ => break,
            }
        }
        let had_children = self.game.node(at).first_child().is_some();
        let id = self.game.add_child(at);
        self.game.node_mut(id).set_pos(pos);
        self.set_move(id, colour, spot);
        if had_children {
            report.report(
                UGF_REVIEW_DATA_MISMATCH,
                Some(pos),
                "[Data] and [ReviewNode] disagree here: the [Data] move is the main line, the review line a variation",
            );
            self.game.make_first_child(id);
        }
        id
    }

    pub(super) fn data(&mut self, sections: &[&Section], report: &mut Reporter) {
        let mut cur = Game::ROOT;
        let mut last_colour: Option<Colour> = None;
        let mut count = 0u32;
        for line in sections.iter().flat_map(|s| s.lines()) {
            if line.text.trim().is_empty() {
                continue;
            }
            let d = match parse_data_line(&line, self.grid) {
                Ok(d) => d,
                Err(why) => {
                    report.report(
                        UGF_BAD_LINE,
                        Some(line.pos),
                        format!("[Data] line `{}`: {why}; dropped", line.text.trim()),
                    );
                    continue;
                }
            };
            if d.number == 0 {
                let (Spot::At(p), Some(colour)) = (d.spot, d.colour) else {
                    report.report(
                        UGF_BAD_LINE,
                        Some(d.pos),
                        "setup stone (move 0) without a point or a colour: dropped",
                    );
                    continue;
                };
                let at = if count == 0 {
                    Game::ROOT
                } else {
                    report.report(
                        UGF_LATE_SETUP_STONE,
                        Some(d.pos),
                        "setup stone (move 0) after the first move: put in a node of its own",
                    );
                    if self.game.node(cur).mv().is_some() {
                        let n = self.game.add_child(cur);
                        self.game.make_first_child(n);
                        cur = n;
                    }
                    cur
                };
                self.game
                    .node_mut(at)
                    .add(setup_prop(colour), &sgf_point(p));
                continue;
            }
            count += 1;
            if d.number != count {
                report.report(
                    UGF_MOVE_NUMBER,
                    Some(d.pos),
                    format!(
                        "move number {} where {count} was expected: kept in file order",
                        d.number
                    ),
                );
            }
            let colour = match d.colour {
                Some(c) => c,
                None => {
                    let c = match last_colour {
                        Some(c) => c.opponent(),
                        None if self.game.root().get("AB").is_some()
                            && self.game.root().get("AW").is_none() =>
                        {
                            Colour::White
                        }
                        None => Colour::Black,
                    };
                    report.report(
                        UGF_COLOUR_INFERRED,
                        Some(d.pos),
                        format!(
                            "move {} has no colour: {} assumed",
                            d.number,
                            colour_name(c)
                        ),
                    );
                    c
                }
            };
            last_colour = Some(colour);
            let node = self.data_child(cur, colour, d.spot, d.pos, report);
            if let Some(t) = &d.time {
                self.game.node_mut(node).set(PROP_SECONDS, t);
            }
            if let Some(p) = &d.player {
                self.game.node_mut(node).set(PROP_PLAYER, p);
            }
            self.data_nodes.push((d.number, node as u32));
            cur = node;
        }
    }

    /// The main-line node of `[Data]` move `n` (0 = the root).
    pub(super) fn move_node(&self, n: u32) -> Option<NodeId> {
        if n == 0 {
            return Some(Game::ROOT);
        }
        self.data_nodes
            .iter()
            .find(|(k, _)| *k == n)
            .or_else(|| self.data_nodes.get(n as usize - 1))
            .map(|(_, id)| *id as NodeId)
    }

    pub(super) fn add_text(&mut self, node: NodeId, b: TextBlock) {
        let mut lines = b.lines;
        lines.trim_blank_tail();
        if !lines.is_empty() {
            self.comments.entry(node).or_default().push(lines.text);
        }
        if !b.labels.is_empty() {
            self.labels.entry(node).or_default().extend(b.labels);
        }
    }

    pub(super) fn finish_text(&mut self, report: &mut Reporter) {
        let mut ids: Vec<NodeId> = self
            .comments
            .keys()
            .chain(self.labels.keys())
            .copied()
            .collect();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            if let Some(mut c) = self.comments.remove(&id) {
                // One block (most often) is set as it is, not joined into
                // a copy.
                let text = match c.len() {
                    1 => c.pop().unwrap_or_default(),
                    _ => c.join("\n"),
                };
                self.game.node_mut(id).set("C", &text);
            }
            if let Some(labels) = self.labels.remove(&id) {
                let mut p = PropertyBuf::new("LB");
                let mut seen: Vec<Point> = Vec::new();
                for (pt, text) in labels {
                    if seen.contains(&pt) {
                        report.report(
                            UGF_DUPLICATE_LABEL,
                            Some(self.game.node(id).pos()),
                            format!("two labels on {}: `{text}` dropped", sgf_point(pt)),
                        );
                        continue;
                    }
                    seen.push(pt);
                    p.push_compose(&sgf_point(pt), &text);
                }
                self.game.node_mut(id).push_buf(&p);
            }
        }
    }
}

pub(super) fn is_empty_node(n: crate::game::Node<'_>) -> bool {
    n.props().is_empty()
}

pub(super) fn move_prop(colour: Colour, spot: Spot) -> (&'static str, String) {
    let name = match colour {
        Colour::Black => "B",
        Colour::White => "W",
    };
    let value = match spot {
        Spot::At(p) => sgf_point(p),
        Spot::Pass => String::new(),
    };
    (name, value)
}

pub(super) fn setup_prop(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "AB",
        Colour::White => "AW",
    }
}

pub(super) fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}
