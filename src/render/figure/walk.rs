//! A walk down a path of the game on the Go board: the position node by
//! node, the moves as played, the inherited `VW`, `DD` and `PM`, and the
//! markup a node draws.

use super::labels::board_size;
use super::model::{Area, Figure, Markup, Stone};
use crate::board::Board;
use crate::game::{Game, Node};
use crate::stone::{Colour, Point};
use crate::validate::points;

/// The state of a walk down a path: the board, the move count and the
/// inherited properties (`VW`, `DD`, `PM`).
pub(super) struct Walk {
    pub(super) board: Board,
    pub(super) moves: u32,
    pub(super) view: Option<Area>,
    pub(super) dimmed: Vec<Point>,
    pub(super) print_mode: u32,
}

/// One node's move, as the walk played it.
pub(super) struct Played {
    pub(super) colour: Colour,
    /// `None`: a pass.
    pub(super) at: Option<Point>,
    /// A point off the board (`at` is then `None`).
    pub(super) off: Option<Point>,
    /// The game's number of the move.
    pub(super) number: u32,
    /// Stones the move captured.
    pub(super) captured: usize,
}

/// The number of the move of `node`, `moves` played before it: `MN`'s, or
/// the next.
pub(super) fn number_of(node: &Node, moves: u32) -> u32 {
    match node.text("MN").and_then(|v| v.trim().parse::<u32>().ok()) {
        Some(n) => n,
        None => moves.saturating_add(1),
    }
}

impl Walk {
    /// The walk's start: an empty board of the game's size (`None` only
    /// for a size no board takes, which [`board_size`] never gives).
    pub(super) fn new(game: &Game) -> Option<Walk> {
        let (cols, rows) = board_size(game);
        let board = Board::new(cols, rows)?;
        Some(Walk {
            board,
            moves: 0,
            view: None,
            dimmed: Vec::new(),
            print_mode: 1,
        })
    }

    /// Plays `node`: its inherited properties, setup, then its move.
    pub(super) fn step(
        &mut self,
        node: &Node,
        setup: &mut dyn FnMut(Point, Option<Colour>),
    ) -> Option<Played> {
        self.inherit(node);
        for (id, stone) in [
            ("AE", None),
            ("AB", Some(Colour::Black)),
            ("AW", Some(Colour::White)),
        ] {
            for p in list_points(node, id) {
                self.board.setup(p, stone);
                setup(p, stone);
            }
        }
        self.play(node)
    }

    pub(super) fn inherit(&mut self, node: &Node) {
        if let Some(vw) = node.get("VW") {
            let area = vw
                .values()
                .iter()
                .filter_map(|v| points::covered(v.text()))
                .fold(None::<Area>, |acc, (a, b)| {
                    let r = Area::of_point(a).union(Area::of_point(b));
                    Some(acc.map_or(r, |acc| acc.union(r)))
                });
            self.view = area;
        }
        if node.get("DD").is_some() {
            self.dimmed = list_points(node, "DD");
        }
        if let Some(pm) = node.text("PM").and_then(|v| v.trim().parse().ok()) {
            self.print_mode = pm;
        }
    }

    pub(super) fn play(&mut self, node: &Node) -> Option<Played> {
        let (c, value) = node.mv()?;
        let colour = if c == 'B' {
            Colour::Black
        } else {
            Colour::White
        };
        self.moves = number_of(node, self.moves);
        let point = Point::parse(value).filter(|_| !self.board.is_pass(value));
        let captured = match point {
            Some(p) => self.board.play(colour, p).captured,
            None => {
                self.board.pass();
                0
            }
        };
        Some(Played {
            colour,
            at: point.filter(|p| self.board.contains(*p)),
            off: point.filter(|p| !self.board.contains(*p)),
            number: self.moves,
            captured,
        })
    }

    /// The view to draw: `VW`, else the whole board.
    pub(super) fn area(&self) -> Area {
        let whole = Area::whole(self.board.cols(), self.board.rows());
        match self.view {
            Some(v) if v.right < self.board.cols() && v.bottom < self.board.rows() => v,
            _ => whole,
        }
    }

    pub(super) fn stones(&self) -> Vec<Stone> {
        let mut out = Vec::new();
        for y in 0..self.board.rows() {
            for x in 0..self.board.cols() {
                let at = Point { x, y };
                if let Some(colour) = self.board.get(at) {
                    out.push(Stone {
                        at,
                        colour,
                        number: None,
                    });
                }
            }
        }
        out
    }

    pub(super) fn blank(&self) -> Figure {
        Figure {
            cols: self.board.cols(),
            rows: self.board.rows(),
            view: self.area(),
            stones: Vec::new(),
            notes: Vec::new(),
            marks: Vec::new(),
            labels: Vec::new(),
            arrows: Vec::new(),
            lines: Vec::new(),
            last_move: None,
            name: None,
            moves: None,
            move_number: self.moves,
            first_colour: Colour::Black,
            index: 1,
        }
    }
}

/// The points of list property `id` of `node`, rectangles expanded.
pub(super) fn list_points(node: &Node, id: &str) -> Vec<Point> {
    let mut out = Vec::new();
    if let Some(p) = node.get(id) {
        for v in p.values().iter() {
            if let Some((a, b)) = points::covered(v.text()) {
                for y in a.y..=b.y {
                    for x in a.x..=b.x {
                        out.push(Point { x, y });
                    }
                }
            }
        }
    }
    out
}

/// The pairs of points of `AR`/`LN` (`from:to`).
pub(super) fn point_pairs(node: &Node, id: &str) -> Vec<(Point, Point)> {
    let Some(p) = node.get(id) else {
        return Vec::new();
    };
    p.values()
        .iter()
        .filter_map(|v| match v.parts() {
            (a, Some(b)) => Some((Point::parse(a)?, Point::parse(b)?)),
            _ => None,
        })
        .collect()
}

/// Adds the marks, labels, arrows and lines of `node` (a label replaces
/// an earlier one on its point).
pub(super) fn add_markup(fig: &mut Figure, node: &Node) {
    for id in ["TR", "SQ", "CR", "MA", "SL"] {
        let Some(m) = Markup::of_property(id) else {
            continue;
        };
        fig.marks
            .extend(list_points(node, id).into_iter().map(|p| (p, m)));
    }
    if let Some(lb) = node.get("LB") {
        for v in lb.values().iter() {
            if let (a, Some(text)) = v.parts() {
                if let Some(p) = Point::parse(a) {
                    fig.labels.retain(|(q, _)| *q != p);
                    fig.labels.push((p, text.to_string()));
                }
            }
        }
    }
    fig.arrows.extend(point_pairs(node, "AR"));
    fig.lines.extend(point_pairs(node, "LN"));
}

/// The inherited `DD`, then marks in reading order, once each, and only
/// what lies on the board.
pub(super) fn finish_markup(fig: &mut Figure, dimmed: &[Point]) {
    fig.marks
        .extend(dimmed.iter().map(|&p| (p, Markup::Dimmed)));
    fig.marks.sort_by_key(|(p, m)| (p.y, p.x, *m));
    fig.marks.dedup();
    fig.arrows.dedup();
    fig.lines.dedup();
    let (cols, rows) = (fig.cols, fig.rows);
    let on = |p: &Point| p.x < cols && p.y < rows;
    fig.marks.retain(|(p, _)| on(p));
    fig.labels.retain(|(p, _)| on(p));
    fig.arrows.retain(|(a, b)| on(a) && on(b));
    fig.lines.retain(|(a, b)| on(a) && on(b));
}
