//! Which pictures a game gives, and each made: the position after a move
//! or a node of a line (the main line, or `--variation N`), and book
//! figures (a range of moves, per `FG` node, per K moves, per diagram
//! variation), cut, numbered and framed as [`Style`] asks.

use super::lines::{line, path_through};
use super::model::{Area, Figure, Note, Select, Stone, Style, Target};
use super::walk::{add_markup, finish_markup, number_of, Played, Walk};
use crate::game::{Game, NodeId};
use crate::options::{BoardArea, Numbering};
use crate::stone::{Colour, Point};

/// The pictures of `game`, in order: one for a position, one per figure;
/// none when the game has no line `style.variation`.
pub fn pictures(game: &Game, select: Select, style: Style) -> Vec<Figure> {
    let Some(path) = line(game, style.variation.unwrap_or(0)) else {
        return Vec::new();
    };
    let mut out = match select {
        Select::Final => position(game, &path, path.len(), false)
            .into_iter()
            .collect(),
        Select::At(n) => position(game, &path, stop(game, &path, n), true)
            .into_iter()
            .collect(),
        Select::Node(n) => {
            let end = usize::try_from(n).map_or(path.len(), |n| n.saturating_add(1));
            position(game, &path, end.min(path.len()), true)
                .into_iter()
                .collect()
        }
        Select::Range(a, b) => range(game, &path, a, b, style),
        Select::Every(k) => every(game, &path, k.max(1), style),
        Select::Figures => figures(game, &path, style),
    };
    for (i, f) in out.iter_mut().enumerate() {
        f.index = i + 1;
        if let Some(area) = style.area {
            f.view = shown(area, f.cols, f.rows);
        } else if style.crop && f.view == Area::whole(f.cols, f.rows) {
            f.view = crop(f);
        }
    }
    out
}

/// The nodes of `path` in the position after move `n`: up to the first
/// node with a move once `n` are played (the nodes without a move after
/// move `n` belong to it), the game's numbering (`MN`) counted.
pub(super) fn stop(game: &Game, path: &[NodeId], n: u32) -> usize {
    let mut moves = 0;
    for (i, &id) in path.iter().enumerate() {
        let node = game.node(id);
        if node.mv().is_some() {
            if moves >= n {
                return i;
            }
            moves = number_of(&node, moves);
        }
    }
    path.len()
}

/// The position after `path[..end]` (the root's alone when `end` is 0);
/// `named`: the last node's `N` is the picture's name.
pub(super) fn position(game: &Game, path: &[NodeId], end: usize, named: bool) -> Option<Figure> {
    let mut walk = Walk::new(game)?;
    let mut last = None;
    let mut at = path.first().copied().unwrap_or(0);
    for &id in &path[..end.min(path.len())] {
        at = id;
        if let Some(p) = walk.step(&game.node(id), &mut |_, _| {}) {
            last = Some(p);
        }
    }
    let mut fig = walk.blank();
    fig.stones = walk.stones();
    fig.last_move = last.as_ref().and_then(|p| p.at);
    fig.first_colour = last.map_or(Colour::Black, |p| p.colour.opponent());
    if named {
        fig.name = game.node(at).text("N").map(str::to_string);
    }
    add_markup(&mut fig, &game.node(at));
    finish_markup(&mut fig, &walk.dimmed);
    Some(fig)
}

/// Moves `a` to `b` of `path` as one book figure (numbered as `style`
/// says); the final position when the line ends before move `a`.
pub(super) fn range(game: &Game, path: &[NodeId], a: u32, b: u32, style: Style) -> Vec<Figure> {
    let s = Segment {
        start: stop(game, path, a.saturating_sub(1)),
        end: stop(game, path, b),
        restart: style.numbering == Numbering::Restart,
    };
    if s.start >= s.end {
        return position(game, path, path.len(), false)
            .into_iter()
            .collect();
    }
    figure(game, path, &s).into_iter().collect()
}

/// The view `area` asks for on a board of `cols` × `rows`, corners off
/// the board brought to its edge.
pub(super) fn shown(area: BoardArea, cols: u8, rows: u8) -> Area {
    let [a, b] = area.corners.map(|c| {
        Area::of_point(Point {
            x: c.col.min(cols.saturating_sub(1)),
            y: c.row_from_top(rows),
        })
    });
    a.union(b)
}

/// A range of a path drawn as one figure: `path[start..end]`.
pub(super) struct Segment {
    start: usize,
    end: usize,
    /// Numbers start from 1 in this figure.
    restart: bool,
}

/// One figure per `K` moves of the main line.
pub(super) fn every(game: &Game, main: &[NodeId], k: u32, style: Style) -> Vec<Figure> {
    let mut cuts = vec![0];
    let mut moves = 0u32;
    for (i, &id) in main.iter().enumerate() {
        if game.node(id).mv().is_some() {
            if moves > 0 && moves % k == 0 && cuts.last() != Some(&i) {
                cuts.push(i);
            }
            moves += 1;
        }
    }
    segments_of(&cuts, main.len(), style.numbering == Numbering::Restart)
        .into_iter()
        .flat_map(|s| split(game, main, s, style))
        .filter_map(|s| figure(game, main, &s))
        .collect()
}

/// `s` cut as `style` asks: parts of at most `max_moves` moves, and a new
/// part where a colour plays twice in a row (`alternate`). A part after a
/// cut numbers from 1 when `s` does.
pub(super) fn split(game: &Game, path: &[NodeId], s: Segment, style: Style) -> Vec<Segment> {
    if style.max_moves == 0 && !style.alternate {
        return vec![s];
    }
    let mut cuts = vec![s.start];
    let (mut moves, mut last) = (0u32, None);
    for (i, &id) in path.iter().enumerate().take(s.end).skip(s.start) {
        let Some((c, _)) = game.node(id).mv() else {
            continue;
        };
        let full = style.max_moves > 0 && moves == style.max_moves;
        let twice = style.alternate && last == Some(c);
        if (full || twice) && cuts.last() != Some(&i) {
            cuts.push(i);
            moves = 0;
        }
        moves += 1;
        last = Some(c);
    }
    let mut parts = segments_of(&cuts, s.end, s.restart);
    if let Some(first) = parts.first_mut() {
        first.start = s.start;
    }
    parts
}

/// The segments between `cuts` (start indices) and `len`.
pub(super) fn segments_of(cuts: &[usize], len: usize, restart: bool) -> Vec<Segment> {
    cuts.iter()
        .enumerate()
        .map(|(i, &start)| Segment {
            start,
            end: cuts.get(i + 1).copied().unwrap_or(len),
            restart,
        })
        .filter(|s| s.start < s.end)
        .collect()
}

/// One figure per `FG` node of the main line (the whole line without
/// one), then one per diagram variation, in tree order.
pub(super) fn figures(game: &Game, main: &[NodeId], style: Style) -> Vec<Figure> {
    let restart = style.numbering == Numbering::Restart;
    let mut cuts = vec![0];
    let mut moves = false;
    for (i, &id) in main.iter().enumerate().skip(1) {
        let node = game.node(id);
        if node.get("FG").is_some() {
            // A figure without a move gives way to the one after it: its
            // setup is that figure's starting position.
            match (moves, cuts.last_mut()) {
                (false, Some(last)) => *last = i,
                _ => cuts.push(i),
            }
            moves = false;
        }
        moves |= node.mv().is_some();
    }
    let mut out: Vec<Figure> = segments_of(&cuts, main.len(), restart)
        .into_iter()
        .flat_map(|s| split(game, main, s, style))
        .filter_map(|s| figure(game, main, &s))
        .collect();
    for start in diagram_variations(game, main) {
        let path = path_through(game, start);
        let s = Segment {
            start: path.iter().position(|&id| id == start).unwrap_or(0),
            end: path.len(),
            restart: true,
        };
        for s in split(game, &path, s, style) {
            out.extend(figure(game, &path, &s));
        }
    }
    out
}

/// The first nodes of variations off the main line that have `N` or `FG`,
/// in tree order.
pub(super) fn diagram_variations(game: &Game, main: &[NodeId]) -> Vec<NodeId> {
    let on_main: std::collections::HashSet<NodeId> = main.iter().copied().collect();
    let mut out = Vec::new();
    let mut stack = vec![Game::ROOT];
    while let Some(id) = stack.pop() {
        let node = game.node(id);
        let first_off_main = node.parent().is_some()
            && !on_main.contains(&id)
            && node
                .parent()
                .map(|p| game.node(p).first_child() != Some(id))
                .unwrap_or(false);
        if first_off_main && (node.get("N").is_some() || node.get("FG").is_some()) {
            out.push(id);
        }
        let children: Vec<NodeId> = node.children().collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

/// What each point of a figure shows while its moves are played.
pub(super) struct Recorder {
    cols: u8,
    shown: Vec<Option<(Colour, Option<u32>)>>,
    notes: Vec<Note>,
    /// The note (not a ko, not a pass) of each target, that later moves
    /// there join: found in constant time, not by a scan of every note
    /// (quadratic on a figure of thousands of passes).
    joinable: std::collections::HashMap<Target, usize>,
}

impl Recorder {
    pub(super) fn new(walk: &Walk) -> Recorder {
        let (cols, rows) = (walk.board.cols(), walk.board.rows());
        let mut shown = vec![None; usize::from(cols) * usize::from(rows)];
        for s in walk.stones() {
            shown[usize::from(s.at.y) * usize::from(cols) + usize::from(s.at.x)] =
                Some((s.colour, None));
        }
        Recorder {
            cols,
            shown,
            notes: Vec::new(),
            joinable: std::collections::HashMap::new(),
        }
    }

    pub(super) fn cell(&mut self, p: Point) -> Option<&mut Option<(Colour, Option<u32>)>> {
        if p.x >= self.cols {
            return None;
        }
        self.shown
            .get_mut(usize::from(p.y) * usize::from(self.cols) + usize::from(p.x))
    }

    /// Setup inside a figure: shown unless a numbered stone is there.
    pub(super) fn setup(&mut self, p: Point, stone: Option<Colour>) {
        if let Some(cell) = self.cell(p) {
            if !matches!(cell, Some((_, Some(_)))) {
                *cell = stone.map(|c| (c, None));
            }
        }
    }

    /// A move numbered `number` in the figure.
    pub(super) fn play(&mut self, m: &Played, number: u32) {
        let Some(p) = m.at else {
            let at = m.off.map_or(Target::Pass, Target::Off);
            return self.note(m, number, at);
        };
        let Some(cell) = self.cell(p) else { return };
        match *cell {
            None => *cell = Some((m.colour, Some(number))),
            Some((_, Some(shown))) => self.note(m, number, Target::Number(shown)),
            Some((_, None)) => self.note(m, number, Target::Point(p)),
        }
    }

    pub(super) fn note(&mut self, m: &Played, number: u32, at: Target) {
        let ko = m.captured == 1 && at != Target::Pass;
        let joins = !ko && at != Target::Pass;
        let same = match joins {
            true => self.joinable.get(&at).and_then(|&i| self.notes.get_mut(i)),
            false => None,
        };
        match same {
            Some(n) => n.numbers.push(number),
            None => {
                if joins {
                    self.joinable.insert(at, self.notes.len());
                }
                self.notes.push(Note {
                    numbers: vec![number],
                    colour: m.colour,
                    at,
                    ko,
                })
            }
        }
    }

    pub(super) fn stones(&self) -> Vec<Stone> {
        let cols = usize::from(self.cols.max(1));
        self.shown
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let (colour, number) = (*s)?;
                let at = Point {
                    x: (i % cols) as u8,
                    y: (i / cols) as u8,
                };
                Some(Stone { at, colour, number })
            })
            .collect()
    }
}

/// The printed number of move `number` (the game's), the `k`-th of its
/// figure: from 1 when the figure restarts, reduced to 1–100 under `PM[2]`.
pub(super) fn printed(number: u32, k: u32, restart: bool, print_mode: u32) -> u32 {
    if restart {
        k
    } else if print_mode == 2 {
        (number.saturating_sub(1)) % 100 + 1
    } else {
        number
    }
}

/// The book figure of `path[s.start..s.end]`.
pub(super) fn figure(game: &Game, path: &[NodeId], s: &Segment) -> Option<Figure> {
    let mut walk = Walk::new(game)?;
    for &id in &path[..s.start] {
        walk.step(&game.node(id), &mut |_, _| {});
    }
    let mut rec = Recorder::new(&walk);
    let (mut first, mut last, mut k) = (None, None, 0u32);
    let mut first_colour = None;
    for &id in &path[s.start..s.end] {
        let node = game.node(id);
        let mut setups = Vec::new();
        let played = walk.step(&node, &mut |p, c| setups.push((p, c)));
        for (p, c) in setups {
            rec.setup(p, c);
        }
        if let Some(m) = played {
            k += 1;
            first.get_or_insert(m.number);
            first_colour.get_or_insert(m.colour);
            last = Some(m.number);
            rec.play(&m, printed(m.number, k, s.restart, walk.print_mode));
        }
    }
    let mut fig = walk.blank();
    fig.stones = rec.stones();
    fig.notes = rec.notes;
    fig.moves = first.zip(last);
    fig.first_colour = first_colour.unwrap_or(Colour::Black);
    let head = game.node(path[s.start]);
    fig.name = head
        .text("N")
        .or_else(|| {
            head.get("FG")
                .and_then(|p| p.values().first())
                .and_then(|v| v.parts().1)
        })
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string);
    for &id in &path[s.start..s.end] {
        add_markup(&mut fig, &game.node(id));
    }
    finish_markup(&mut fig, &walk.dimmed);
    Some(fig)
}

/// The area in play: stones, marks and labels, one line around, drawn out
/// to an edge 3 lines or fewer away; the whole board when nothing is on it.
pub(super) fn crop(fig: &Figure) -> Area {
    let points = fig
        .stones
        .iter()
        .map(|s| s.at)
        .chain(fig.marks.iter().map(|m| m.0))
        .chain(fig.labels.iter().map(|l| l.0));
    let Some(area) = points.map(Area::of_point).reduce(Area::union) else {
        return fig.view;
    };
    let (cols, rows) = (fig.cols, fig.rows);
    let low = |v: u8| if v <= 4 { 0 } else { v - 1 };
    let high = |v: u8, n: u8| if v + 5 >= n { n - 1 } else { v + 1 };
    Area {
        left: low(area.left),
        top: low(area.top),
        right: high(area.right, cols),
        bottom: high(area.bottom, rows),
    }
}
