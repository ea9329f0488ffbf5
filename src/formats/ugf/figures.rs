//! The UGF reader's `[Figure]` section.
//!
//! The `[Figure]` section: `.Text` blocks become comments and labels of
//! the moves they name; each `.Fig` diagram becomes a variation after the
//! node whose position it starts from, or a game tree of its own when no
//! node has that position.

use super::build::{colour_name, move_prop, setup_prop, Builder};
use super::codes::*;
use super::decode::Line;
use super::sections::{directive, fields, label, parse_data_line, DataLine, Section, TextBlock};
use super::*;
use crate::board::Board;
use crate::diag::Reporter;
use crate::event::{Pos, PropertyBuf};
use crate::game::{Game, NodeId};
use crate::stone::{Colour, Point};

struct FigMove {
    line: DataLine,
    text: TextBlock,
}

struct Figure {
    n: u32,
    rect: Option<[i64; 4]>,
    heading: String,
    setup: Vec<(Point, Colour)>,
    pre_text: TextBlock,
    moves: Vec<FigMove>,
    pos: Pos,
}

impl Figure {
    /// The empty figure a `.Fig,N,x1,y1,x2,y2,heading,serial,0` line opens.
    fn open(head: &str, pos: Pos) -> Figure {
        let f: Vec<&str> = head.split(',').collect();
        let num = |i: usize| f.get(i).and_then(|s| s.trim().parse::<i64>().ok());
        let rect = match (num(2), num(3), num(4), num(5)) {
            (Some(a), Some(b), Some(c), Some(d)) => Some([a, b, c, d]),
            _ => None,
        };
        // A heading with commas takes every field between the rectangle
        // and the last two.
        let heading = if f.len() >= 9 {
            f[6..f.len() - 2].join(",")
        } else {
            f.get(6).unwrap_or(&"").to_string()
        };
        Figure {
            n: num(1).and_then(|n| u32::try_from(n).ok()).unwrap_or(0),
            rect,
            heading: heading.trim().to_string(),
            setup: Vec::new(),
            pre_text: TextBlock::default(),
            moves: Vec::new(),
            pos,
        }
    }

    /// Where text and labels read now go: the last move's block, else the
    /// one before the first move.
    fn text_target(&mut self) -> &mut TextBlock {
        match self.moves.last_mut() {
            Some(m) => &mut m.text,
            None => &mut self.pre_text,
        }
    }
}

impl Builder {
    /// Reads a `.Text` block whose opening line was just consumed.
    fn text_block<'a>(
        &self,
        it: &mut std::iter::Peekable<impl Iterator<Item = Line<'a>>>,
        open: Pos,
        report: &mut Reporter,
    ) -> TextBlock {
        let mut b = TextBlock::default();
        while let Some(line) = it.peek() {
            let t = line.text.trim();
            if directive(t, ".EndText") {
                it.next();
                return b;
            }
            if directive(t, ".Text") || directive(t, ".Fig") || directive(t, ".EndFig") {
                break;
            }
            if let Some(Line { text, pos }) = it.next() {
                if directive(text.trim(), ".#") {
                    if let Some(l) = label(self.grid, text.trim(), pos, report) {
                        b.labels.push(l);
                    }
                } else {
                    b.lines.push(text);
                }
            }
        }
        report.report(
            UGF_UNTERMINATED_BLOCK,
            Some(open),
            ".Text without .EndText: closed at the next block",
        );
        b
    }

    pub(super) fn figure_section(&mut self, s: &Section, report: &mut Reporter) {
        let mut it = s.lines().peekable();
        while let Some(line) = it.next() {
            let t = line.text.trim();
            if t.is_empty() {
                continue;
            }
            if directive(t, ".Text") {
                let n = fields(t)
                    .get(1)
                    .and_then(|s| s.parse::<u32>().ok())
                    .unwrap_or(0);
                let block = self.text_block(&mut it, line.pos, report);
                let node = match self.move_node(n) {
                    Some(node) => node,
                    None => {
                        let last = self.data_nodes.last().map_or(Game::ROOT, |d| d.1 as NodeId);
                        report.report(UGF_NO_SUCH_MOVE, Some(line.pos), format!(".Text for move {n}, which the game does not have: put on its last move"));
                        last
                    }
                };
                self.add_text(node, block);
            } else if directive(t, ".Fig") {
                let fig = self.figure(t, line.pos, &mut it, report);
                self.place_figure(fig, report);
            } else {
                report.report(
                    UGF_BAD_LINE,
                    Some(line.pos),
                    format!("[Figure] line outside .Text/.Fig: `{t}` dropped"),
                );
            }
        }
    }

    /// Reads a `.Fig` block whose opening line `head` was just consumed: its
    /// setup stones, its moves and the text and labels between them.
    fn figure<'a>(
        &self,
        head: &str,
        pos: Pos,
        it: &mut std::iter::Peekable<impl Iterator<Item = Line<'a>>>,
        report: &mut Reporter,
    ) -> Figure {
        let mut fig = Figure::open(head, pos);
        let mut closed = false;
        let mut last_colour: Option<Colour> = None;
        while let Some(line) = it.peek() {
            let t = line.text.trim();
            // A new figure ends one whose .EndFig is missing.
            if directive(t, ".Fig") {
                break;
            }
            let Some(line) = it.next() else { break };
            let t = line.text.trim();
            if t.is_empty() {
                continue;
            }
            if directive(t, ".EndFig") {
                closed = true;
                break;
            }
            if directive(t, ".Text") {
                let b = self.text_block(it, line.pos, report);
                let target = fig.text_target();
                target.lines.extend(b.lines);
                target.labels.extend(b.labels);
                continue;
            }
            if directive(t, ".#") {
                if let Some(l) = label(self.grid, t, line.pos, report) {
                    fig.text_target().labels.push(l);
                }
                continue;
            }
            self.figure_stone(&mut fig, &line, &mut last_colour, report);
        }
        if !closed {
            report.report(
                UGF_UNTERMINATED_BLOCK,
                Some(pos),
                ".Fig without .EndFig: closed at the next block",
            );
        }
        fig
    }

    /// A stone line of a figure: a setup stone (move 0) or a move, whose
    /// missing colour is the opposite of the last one's.
    fn figure_stone(
        &self,
        fig: &mut Figure,
        line: &Line,
        last_colour: &mut Option<Colour>,
        report: &mut Reporter,
    ) {
        match parse_data_line(line, self.grid) {
            Ok(d) if d.number == 0 => match (d.spot, d.colour) {
                (Spot::At(p), Some(c)) => fig.setup.push((p, c)),
                _ => report.report(
                    UGF_BAD_LINE,
                    Some(d.pos),
                    "figure stone without a point or a colour: dropped",
                ),
            },
            Ok(mut d) => {
                if d.colour.is_none() {
                    let c = last_colour.map_or(Colour::Black, Colour::opponent);
                    report.report(
                        UGF_COLOUR_INFERRED,
                        Some(d.pos),
                        format!(
                            "figure move {} has no colour: {} assumed",
                            d.number,
                            colour_name(c)
                        ),
                    );
                    d.colour = Some(c);
                }
                *last_colour = d.colour;
                fig.moves.push(FigMove {
                    line: d,
                    text: TextBlock::default(),
                });
            }
            Err(why) => report.report(
                UGF_BAD_LINE,
                Some(line.pos),
                format!("figure line `{}`: {why}; dropped", line.text.trim()),
            ),
        }
    }

    /// Attaches a figure as a variation after a node with N moves behind
    /// it whose position equals the figure's start — the most recently made
    /// one: the main line when no figure has reached that position before,
    /// and, for a figure of a variation inside a variation, the figure that
    /// made its branch point (every figure written in between lies deeper) —
    /// else as a game tree of its own.
    fn place_figure(&mut self, fig: Figure, report: &mut Reporter) {
        let mut start = Board::square(self.grid.size);
        for &(p, s) in &fig.setup {
            start.setup(p, Some(s));
        }
        self.index_nodes();
        let parent = self
            .by_position
            .get(&(fig.n, start.position()))
            .and_then(|ids| ids.iter().rev().copied().find(|&id| self.reachable(id)));
        let vw = fig.rect.and_then(|r| self.view(r));
        match parent {
            Some(parent) => {
                let first = self.game.add_variation(parent);
                self.game.node_mut(first).set_pos(fig.pos);
                self.fill_figure(first, fig, vw);
            }
            None => {
                report.report(
                    UGF_FIGURE_SEPARATE_TREE,
                    Some(fig.pos),
                    format!(
                        "figure `{}` of move {}: its starting position is not the game's after move {}; kept as a game tree of its own",
                        fig.heading, fig.n, fig.n
                    ),
                );
                let mut head = self.game.header.clone();
                head.index = self.game.header.index + self.extra_games.len() + 1;
                let mut g = Game::new(head);
                let mut root = g.root_mut();
                root.set_pos(fig.pos);
                root.set("GM", "1");
                root.set("FF", "4");
                root.set("SZ", &self.grid.size.to_string());
                for &(p, s) in &fig.setup {
                    root.add(setup_prop(s), &sgf_point(p));
                }
                root.set(PROP_FIGURE, &fig.n.to_string());
                let main = std::mem::replace(&mut self.game, g);
                let saved_comments = std::mem::take(&mut self.comments);
                let saved_labels = std::mem::take(&mut self.labels);
                self.fill_figure(Game::ROOT, fig, vw);
                self.finish_text(report);
                let g = std::mem::replace(&mut self.game, main);
                self.comments = saved_comments;
                self.labels = saved_labels;
                self.extra_games.push(g);
            }
        }
    }

    /// Pruned review nodes are detached from their parent (and have no
    /// children), so a node is in the tree when its parent lists it.
    fn reachable(&self, id: NodeId) -> bool {
        match self.game.node(id).parent() {
            Some(p) => self.game.node(p).children().any(|c| c == id),
            None => id == Game::ROOT,
        }
    }

    /// Depth (moves from the root) and position of every node created
    /// since last time (a parent always has a smaller id than its child).
    fn index_nodes(&mut self) {
        for id in self.depth.len()..self.game.len() {
            let node = self.game.node(id);
            let parent = node.parent().filter(|&p| p < id);
            let d = parent.and_then(|p| self.depth.get(p).copied()).unwrap_or(0)
                + u32::from(node.mv().is_some());
            let mut board = parent
                .and_then(|p| self.boards.get(p))
                .map_or_else(|| Board::square(self.grid.size), Board::at);
            apply_node(&mut board, &node);
            self.depth.push(d);
            let position = board.position();
            self.by_position
                .entry((d, position.clone()))
                .or_default()
                .push(id);
            self.boards.push(position);
        }
    }

    /// `VW` for a figure rectangle, unless it is the whole board.
    fn view(&self, r: [i64; 4]) -> Option<PropertyBuf> {
        let (Spot::At(a), Spot::At(b)) =
            (self.grid.numeric(r[0], r[1]), self.grid.numeric(r[2], r[3]))
        else {
            return None;
        };
        let tl = Point::new(a.x.min(b.x), a.y.min(b.y));
        let br = Point::new(a.x.max(b.x), a.y.max(b.y));
        let last = self.grid.size - 1;
        if tl == Point::new(0, 0) && br == Point::new(last, last) {
            return None;
        }
        let mut p = PropertyBuf::new("VW");
        p.push_compose(&sgf_point(tl), &sgf_point(br));
        Some(p)
    }

    /// Fills a figure's nodes: `first` gets the heading, the view and the
    /// comment on the starting position; each move a node.
    fn fill_figure(&mut self, first: NodeId, fig: Figure, vw: Option<PropertyBuf>) {
        if !fig.heading.is_empty() {
            self.game.node_mut(first).set("N", &fig.heading);
        }
        if let Some(vw) = vw {
            self.game.node_mut(first).push_buf(&vw);
        }
        self.add_text(first, fig.pre_text);
        let mut at = first;
        let mut use_first = first != Game::ROOT;
        for m in fig.moves {
            let node = if use_first {
                use_first = false;
                first
            } else {
                let c = self.game.add_child(at);
                self.game.node_mut(c).set_pos(m.line.pos);
                c
            };
            if let Some(colour) = m.line.colour {
                let (name, value) = move_prop(colour, m.line.spot);
                // The move goes before the heading and comments.
                self.game
                    .node_mut(node)
                    .insert(0, &PropertyBuf::with_values(name, &[value]).as_property());
            }
            self.add_text(node, m.text);
            at = node;
        }
    }
}
