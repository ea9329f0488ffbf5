//! What a picture shows, independent of how it is drawn: a [`Figure`].
//!
//! A path of the game is replayed on the Go [`Board`] (exact
//! captures, suicide, setup). A *position* picture shows the stones on the
//! board after a node, with its last move and markup. A *book figure*
//! shows the position at the start of a range of moves plus those moves as
//! numbered stones, as printed Go books do:
//!
//! - a point shows the first stone that stood on it in the figure: the
//!   stone of the starting position, or the first move played there;
//! - captured stones stay in the figure (the reader takes them off);
//! - a move on a point that already shows a stone is listed below the
//!   figure: "12 at 5", "12, 18 at 5" on a numbered stone, "12 at Q16" on
//!   a stone of the starting position; a move that captures one stone
//!   there, "16: ko at 9"; a pass, "12: pass". So the figure and its
//!   captions give back the starting position and every move;
//! - a figure shows the marks, labels, arrows and lines of all its nodes
//!   (a later label on a point replaces an earlier one); a position, those
//!   of its node. `DD` is inherited, as `FF[4]` says.
//!
//! The rules, with `PM`, `MN`, `VW`, `FG` and the selection options, are
//! documented in `formats/diagrams.md`.

use crate::board::Board;
use crate::game::{Game, Node, NodeId};
use crate::options::{Coords, WriteOptions};
use crate::stone::{Colour, Point};
use crate::validate::points;

/// Which pictures a game gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// The final position of the main line (the default).
    #[default]
    Final,
    /// The position after move N of the main line (`--at N`; 0: before
    /// the first move).
    At(u32),
    /// One figure per `FG` node of the main line (the whole main line when
    /// there is none), and one per diagram variation: a variation whose
    /// first node has `N` or `FG` (UGF's `.Fig` blocks read so)
    /// (`--figures`).
    Figures,
    /// One figure per K moves of the main line (`--every K`).
    Every(u32),
}

pub use crate::options::Numbering;

/// What the pictures of a game show besides the selection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// How figures number their moves.
    pub numbering: Numbering,
    /// Crop to the area in play when no `VW` says what to show (`--crop`).
    pub crop: bool,
    /// Cut figures into parts of at most this many moves (0: no limit):
    /// Sensei's Library numbers 1 to 10.
    pub max_moves: u32,
    /// Cut figures where a colour plays twice in a row, so that numbers
    /// alternate from the first player's (Sensei's Library).
    pub alternate: bool,
}

/// A mark drawn on a point (`TR SQ CR MA SL DD`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Markup {
    /// `TR`.
    Triangle,
    /// `SQ`.
    Square,
    /// `CR`.
    Circle,
    /// `MA`.
    Cross,
    /// `SL`: the point is selected.
    Selected,
    /// `DD`: the point is dimmed.
    Dimmed,
}

impl Markup {
    /// The markup of SGF property `id`, if it is one.
    pub fn of_property(id: &str) -> Option<Markup> {
        Some(match id {
            "TR" => Markup::Triangle,
            "SQ" => Markup::Square,
            "CR" => Markup::Circle,
            "MA" => Markup::Cross,
            "SL" => Markup::Selected,
            "DD" => Markup::Dimmed,
            _ => return None,
        })
    }
}

/// A stone drawn on the board; `number` when it is a numbered move of the
/// figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    /// Where.
    pub at: Point,
    /// Which colour.
    pub colour: Colour,
    /// The number printed on it (a figure's move).
    pub number: Option<u32>,
}

/// Where a move listed below a figure was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// On the point showing this numbered stone: "12 at 5".
    Number(u32),
    /// On a point showing a stone without a number: "12 at Q16".
    Point(Point),
    /// A pass: "12: pass".
    Pass,
    /// A point off the board: "12 at zz (off the board)".
    Off(Point),
}

/// A move of a figure that its board cannot show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The printed numbers of the moves (several when they went to the same
    /// point: "12, 18 at 5").
    pub numbers: Vec<u32>,
    /// The colour of the (first) move.
    pub colour: Colour,
    /// Where it went.
    pub at: Target,
    /// The move retook a ko (it captured one stone on a point played
    /// before in the figure).
    pub ko: bool,
}

impl Note {
    /// The caption line: `12 at 5`, `12, 18 at 5`, `16: ko at 9`, `12 at
    /// Q16`, `12: pass`. Points are written in `coords` style (for a
    /// board of `cols` × `rows`).
    pub fn text(&self, coords: Coords, cols: u8, rows: u8) -> String {
        let numbers: Vec<String> = self.numbers.iter().map(u32::to_string).collect();
        let numbers = numbers.join(", ");
        let at = match self.at {
            Target::Number(m) => m.to_string(),
            Target::Point(p) => point_label(coords, p, cols, rows),
            Target::Pass => return format!("{numbers}: pass"),
            Target::Off(p) => return format!("{numbers} at {p} (off the board)"),
        };
        if self.ko {
            format!("{numbers}: ko at {at}")
        } else {
            format!("{numbers} at {at}")
        }
    }
}

/// A rectangle of points, corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    /// First column shown (0-based).
    pub left: u8,
    /// First row shown (0-based, from the top).
    pub top: u8,
    /// Last column shown.
    pub right: u8,
    /// Last row shown.
    pub bottom: u8,
}

impl Area {
    /// The whole board.
    pub fn whole(cols: u8, rows: u8) -> Area {
        Area {
            left: 0,
            top: 0,
            right: cols.saturating_sub(1),
            bottom: rows.saturating_sub(1),
        }
    }

    /// Whether `p` is inside.
    pub fn contains(&self, p: Point) -> bool {
        (self.left..=self.right).contains(&p.x) && (self.top..=self.bottom).contains(&p.y)
    }

    /// The smallest area holding both.
    fn union(self, o: Area) -> Area {
        Area {
            left: self.left.min(o.left),
            top: self.top.min(o.top),
            right: self.right.max(o.right),
            bottom: self.bottom.max(o.bottom),
        }
    }

    fn of_point(p: Point) -> Area {
        Area {
            left: p.x,
            top: p.y,
            right: p.x,
            bottom: p.y,
        }
    }
}

/// Everything one picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// Board columns.
    pub cols: u8,
    /// Board rows.
    pub rows: u8,
    /// The part of the board shown (`VW`, `--crop`, or the whole board).
    pub view: Area,
    /// The stones drawn, in reading order (row by row).
    pub stones: Vec<Stone>,
    /// Moves the board cannot show, in move order.
    pub notes: Vec<Note>,
    /// Marks, in reading order.
    pub marks: Vec<(Point, Markup)>,
    /// `LB` labels.
    pub labels: Vec<(Point, String)>,
    /// `AR` arrows, from and to.
    pub arrows: Vec<(Point, Point)>,
    /// `LN` lines.
    pub lines: Vec<(Point, Point)>,
    /// The last move, marked on a position picture (none on a figure).
    pub last_move: Option<Point>,
    /// The figure's name: `N` of its first node, or `FG`'s text.
    pub name: Option<String>,
    /// The game's move numbers of the figure's first and last move (`None`
    /// for a position, or a figure without a move).
    pub moves: Option<(u32, u32)>,
    /// Moves played up to the end of the picture (the game's numbering).
    pub move_number: u32,
    /// The colour of the first numbered move (Sensei's Library's `$$B` /
    /// `$$W`), or of the player to move in a position.
    pub first_colour: Colour,
    /// 1 for the first picture of a game, then 2, 3…
    pub index: usize,
}

impl Figure {
    /// The heading: the name or "Figure k", then the game's moves shown,
    /// "Figure 2 (moves 51–100)"; a position has "Move 120" (or its name),
    /// and nothing at move 0 without a name.
    pub fn caption(&self) -> Option<String> {
        match (self.moves, &self.name) {
            (Some((a, b)), name) => {
                let name = name
                    .clone()
                    .unwrap_or_else(|| format!("Figure {}", self.index));
                let range = if a == b {
                    format!("move {a}")
                } else {
                    format!("moves {a}–{b}")
                };
                Some(format!("{name} ({range})"))
            }
            (None, Some(name)) => Some(name.clone()),
            (None, None) if self.move_number > 0 => Some(format!("Move {}", self.move_number)),
            (None, None) => None,
        }
    }

    /// The stone drawn at `p`, if any.
    pub fn stone(&self, p: Point) -> Option<&Stone> {
        self.stones.iter().find(|s| s.at == p)
    }

    /// The hoshi points of the board that lie in the view.
    pub fn hoshi(&self) -> Vec<Point> {
        hoshi(self.cols, self.rows)
            .into_iter()
            .filter(|p| self.view.contains(*p))
            .collect()
    }
}

impl Select {
    /// The selection the writer options ask for: `--at`, `--figures` and
    /// `--every` exclude each other (an error names the two given).
    pub fn of(w: &WriteOptions) -> Result<Select, String> {
        let given: Vec<(&str, Select)> = [
            w.at.map(|n| ("--at", Select::At(n))),
            w.figures.then_some(("--figures", Select::Figures)),
            w.every.map(|k| ("--every", Select::Every(k))),
        ]
        .into_iter()
        .flatten()
        .collect();
        match given.as_slice() {
            [] => Ok(Select::Final),
            [(_, s)] => match s {
                Select::Every(0) => Err("--every takes a number of moves of 1 or more".into()),
                s => Ok(*s),
            },
            [(a, _), (b, _), ..] => Err(format!("{a} and {b} cannot be used together")),
        }
    }
}

impl Style {
    /// The style the writer options ask for.
    pub fn of(w: &WriteOptions) -> Style {
        Style {
            numbering: w.numbering.unwrap_or_default(),
            crop: w.crop,
            ..Style::default()
        }
    }
}

/// The pictures of `game`, in order: one for a position, one per figure.
pub fn pictures(game: &Game, select: Select, style: Style) -> Vec<Figure> {
    let main = game.main_line();
    let mut out = match select {
        Select::Final => position(game, &main, u32::MAX).into_iter().collect(),
        Select::At(n) => position(game, &main, n).into_iter().collect(),
        Select::Every(k) => every(game, &main, k.max(1), style),
        Select::Figures => figures(game, &main, style),
    };
    for (i, f) in out.iter_mut().enumerate() {
        f.index = i + 1;
        if style.crop && f.view == Area::whole(f.cols, f.rows) {
            f.view = crop(f);
        }
    }
    out
}

/// The board size of `game`: `SZ` (square or `cols:rows`, 1 to 52 a
/// side), else 19 × 19.
pub fn board_size(game: &Game) -> (u8, u8) {
    let side = 1..=crate::stone::MAX_SIDE;
    game.root()
        .text("SZ")
        .and_then(Board::size_of)
        .filter(|(c, r)| side.contains(c) && side.contains(r))
        .unwrap_or((19, 19))
}

/// The standard star points of a `cols` × `rows` board: the corner points
/// 4 lines in (3 on boards under 13), the centre of an odd board, and the
/// side points of odd boards of 15 and more.
pub fn hoshi(cols: u8, rows: u8) -> Vec<Point> {
    let (xs, ys) = (star_lines(cols), star_lines(rows));
    let mut out = Vec::new();
    for (i, &y) in ys.iter().enumerate() {
        for (j, &x) in xs.iter().enumerate() {
            let centre_x = xs.len() == 3 && j == 1;
            let centre_y = ys.len() == 3 && i == 1;
            let side = centre_x != centre_y;
            if !side || (cols >= 15 && rows >= 15) {
                out.push(Point { x, y });
            }
        }
    }
    out
}

/// The lines carrying star points on a side of `n`.
fn star_lines(n: u8) -> Vec<u8> {
    if n < 7 {
        return if n % 2 == 1 && n >= 5 {
            vec![n / 2]
        } else {
            Vec::new()
        };
    }
    let d = if n >= 13 { 3 } else { 2 };
    let mut v = vec![d, n - 1 - d];
    if n % 2 == 1 && n > 7 {
        v.insert(1, n / 2);
    }
    v
}

/// The label of column `x` in `coords` style: `A`–`T` without `I`
/// (GTP; `AA`, `AB`… past 25 columns), `1`–`19`, or SGF letters.
pub fn column_label(coords: Coords, x: u8) -> String {
    match coords {
        Coords::Gtp => gtp_column(x),
        Coords::Numeric => (u32::from(x) + 1).to_string(),
        Coords::Sgf => Point::letter(x).map_or_else(String::new, String::from),
    }
}

/// The label of row `y` (0 = top) in `coords` style: GTP counts from the
/// bottom, `1`–`19` from the top, SGF letters from the top.
pub fn row_label(coords: Coords, y: u8, rows: u8) -> String {
    match coords {
        Coords::Gtp => (u32::from(rows) - u32::from(y)).to_string(),
        Coords::Numeric => (u32::from(y) + 1).to_string(),
        Coords::Sgf => Point::letter(y).map_or_else(String::new, String::from),
    }
}

/// A point as a caption names it: `Q16` (GTP), `16-4` (numeric: column,
/// row), `pd` (SGF).
pub fn point_label(coords: Coords, p: Point, _cols: u8, rows: u8) -> String {
    match coords {
        Coords::Gtp => format!("{}{}", gtp_column(p.x), row_label(coords, p.y, rows)),
        Coords::Numeric => format!("{}-{}", p.x + 1, p.y + 1),
        Coords::Sgf => p.to_string(),
    }
}

fn gtp_column(x: u8) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let n = LETTERS.len();
    let x = x as usize;
    if x < n {
        (LETTERS[x] as char).to_string()
    } else {
        let (a, b) = (x / n - 1, x % n);
        format!("{}{}", LETTERS[a % n] as char, LETTERS[b] as char)
    }
}

/// The state of a walk down a path: the board, the move count and the
/// inherited properties (`VW`, `DD`, `PM`).
struct Walk {
    board: Board,
    moves: u32,
    view: Option<Area>,
    dimmed: Vec<Point>,
    print_mode: u32,
}

/// One node's move, as the walk played it.
struct Played {
    colour: Colour,
    /// `None`: a pass.
    at: Option<Point>,
    /// A point off the board (`at` is then `None`).
    off: Option<Point>,
    /// The game's number of the move.
    number: u32,
    /// Stones the move captured.
    captured: usize,
}

impl Walk {
    /// The walk's start: an empty board of the game's size (`None` only
    /// for a size no board takes, which [`board_size`] never gives).
    fn new(game: &Game) -> Option<Walk> {
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
    fn step(
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

    fn inherit(&mut self, node: &Node) {
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

    fn play(&mut self, node: &Node) -> Option<Played> {
        let (c, value) = node.mv()?;
        let colour = if c == 'B' {
            Colour::Black
        } else {
            Colour::White
        };
        self.moves = match node.text("MN").and_then(|v| v.trim().parse::<u32>().ok()) {
            Some(n) => n,
            None => self.moves.saturating_add(1),
        };
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
    fn area(&self) -> Area {
        let whole = Area::whole(self.board.cols(), self.board.rows());
        match self.view {
            Some(v) if v.right < self.board.cols() && v.bottom < self.board.rows() => v,
            _ => whole,
        }
    }

    fn stones(&self) -> Vec<Stone> {
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

    fn blank(&self) -> Figure {
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
fn list_points(node: &Node, id: &str) -> Vec<Point> {
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
fn point_pairs(node: &Node, id: &str) -> Vec<(Point, Point)> {
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
fn add_markup(fig: &mut Figure, node: &Node) {
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
fn finish_markup(fig: &mut Figure, dimmed: &[Point]) {
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

/// The position after move `n` of the main line (`u32::MAX`: the end).
fn position(game: &Game, main: &[NodeId], n: u32) -> Option<Figure> {
    let mut walk = Walk::new(game)?;
    let mut last = None;
    let mut at = main.first().copied().unwrap_or(0);
    for &id in main {
        let node = game.node(id);
        if node.mv().is_some() && walk.moves >= n {
            break;
        }
        at = id;
        if let Some(p) = walk.step(&node, &mut |_, _| {}) {
            last = Some(p);
        }
    }
    let mut fig = walk.blank();
    fig.stones = walk.stones();
    fig.last_move = last.as_ref().and_then(|p| p.at);
    fig.first_colour = last.map_or(Colour::Black, |p| p.colour.opponent());
    if n != u32::MAX {
        fig.name = game.node(at).text("N").map(str::to_string);
    }
    add_markup(&mut fig, &game.node(at));
    finish_markup(&mut fig, &walk.dimmed);
    Some(fig)
}

/// A range of a path drawn as one figure: `path[start..end]`.
struct Segment {
    start: usize,
    end: usize,
    /// Numbers start from 1 in this figure.
    restart: bool,
}

/// One figure per `K` moves of the main line.
fn every(game: &Game, main: &[NodeId], k: u32, style: Style) -> Vec<Figure> {
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
fn split(game: &Game, path: &[NodeId], s: Segment, style: Style) -> Vec<Segment> {
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
fn segments_of(cuts: &[usize], len: usize, restart: bool) -> Vec<Segment> {
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
fn figures(game: &Game, main: &[NodeId], style: Style) -> Vec<Figure> {
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
fn diagram_variations(game: &Game, main: &[NodeId]) -> Vec<NodeId> {
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

/// The path from the root to `node`, then on by first children to the end.
fn path_through(game: &Game, node: NodeId) -> Vec<NodeId> {
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

/// What each point of a figure shows while its moves are played.
struct Recorder {
    cols: u8,
    shown: Vec<Option<(Colour, Option<u32>)>>,
    notes: Vec<Note>,
}

impl Recorder {
    fn new(walk: &Walk) -> Recorder {
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
        }
    }

    fn cell(&mut self, p: Point) -> Option<&mut Option<(Colour, Option<u32>)>> {
        if p.x >= self.cols {
            return None;
        }
        self.shown
            .get_mut(usize::from(p.y) * usize::from(self.cols) + usize::from(p.x))
    }

    /// Setup inside a figure: shown unless a numbered stone is there.
    fn setup(&mut self, p: Point, stone: Option<Colour>) {
        if let Some(cell) = self.cell(p) {
            if !matches!(cell, Some((_, Some(_)))) {
                *cell = stone.map(|c| (c, None));
            }
        }
    }

    /// A move numbered `number` in the figure.
    fn play(&mut self, m: &Played, number: u32) {
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

    fn note(&mut self, m: &Played, number: u32, at: Target) {
        let ko = m.captured == 1 && at != Target::Pass;
        let same = self
            .notes
            .iter_mut()
            .find(|n| n.at == at && !n.ko && !ko && at != Target::Pass);
        match same {
            Some(n) => n.numbers.push(number),
            None => self.notes.push(Note {
                numbers: vec![number],
                colour: m.colour,
                at,
                ko,
            }),
        }
    }

    fn stones(&self) -> Vec<Stone> {
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
fn printed(number: u32, k: u32, restart: bool, print_mode: u32) -> u32 {
    if restart {
        k
    } else if print_mode == 2 {
        (number.saturating_sub(1)) % 100 + 1
    } else {
        number
    }
}

/// The book figure of `path[s.start..s.end]`.
fn figure(game: &Game, path: &[NodeId], s: &Segment) -> Option<Figure> {
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
fn crop(fig: &Figure) -> Area {
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
