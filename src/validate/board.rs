//! The board of the validator: a Go board of any size up to 52×52, square
//! or not, that plays moves with exact captures and says what was illegal
//! about each, and [`replay`], which walks every path of a [`Game`] on it.
//!
//! `FF[4]` says an illegal move is still executed: the stone goes on its point
//! (whatever was there), adjacent opponent groups without a liberty are
//! captured, then the mover's own group if it has none (suicide). The board
//! does exactly that and reports, so the replay can warn and go on; it never
//! rewrites the game.
//!
//! The replay must not recurse on tree depth (a game can be 100 000 nodes
//! deep) nor copy the board per node: it walks the tree with an explicit
//! stack, and the board keeps a journal of the cells each node changed, so
//! that going back to a branch point undoes them ([`Board::mark`],
//! [`Board::undo`]).

use crate::event::Values;
use crate::game::{Game, NodeId};
use std::fmt;

/// The largest side `FF[4]` allows: 52 points, `a`–`z` then `A`–`Z`.
pub const MAX_SIDE: u8 = 52;

/// A stone, or the player of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black (`B`, `AB`).
    Black,
    /// White (`W`, `AW`).
    White,
}

impl Colour {
    /// The other colour.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The identifier of its move: `"B"` or `"W"`.
    pub fn move_id(self) -> &'static str {
        match self {
            Colour::Black => "B",
            Colour::White => "W",
        }
    }

    /// `"black"` or `"white"`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    fn cell(self) -> u8 {
        match self {
            Colour::Black => BLACK,
            Colour::White => WHITE,
        }
    }

    fn of_cell(cell: u8) -> Option<Colour> {
        match cell {
            BLACK => Some(Colour::Black),
            WHITE => Some(Colour::White),
            _ => None,
        }
    }
}

/// A point as SGF letters give it: 0-based column from the left and row
/// from the top. It may lie off a given board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    /// Column, 0 for `a`.
    pub x: u8,
    /// Row, 0 for `a`.
    pub y: u8,
}

impl Point {
    /// The point of two SGF letters (`"pd"`; `a`–`z` are 0–25, `A`–`Z`
    /// 26–51); `None` when `s` is not two letters.
    pub fn parse(s: &str) -> Option<Point> {
        match s.as_bytes() {
            [x, y] => Some(Point {
                x: coordinate(*x)?,
                y: coordinate(*y)?,
            }),
            _ => None,
        }
    }
}

impl fmt::Display for Point {
    /// The SGF letters of the point.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", letter(self.x), letter(self.y))
    }
}

fn coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

fn letter(c: u8) -> char {
    match c {
        0..=25 => (b'a' + c) as char,
        26..=51 => (b'A' + c - 26) as char,
        _ => '?',
    }
}

/// What [`Board::play`] did. A legal move has only `captured` set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Opponent stones captured.
    pub captured: usize,
    /// The point is off the board: nothing was played.
    pub off_board: bool,
    /// The point held a stone of this colour, which the move replaced (no
    /// prisoner taken for it).
    pub occupied: Option<Colour>,
    /// The move retook a simple ko at once.
    pub ko: bool,
    /// Stones of the mover removed because the group had no liberty left
    /// (suicide); 0 when none.
    pub suicide: usize,
}

impl Outcome {
    /// Whether nothing was illegal about the move.
    pub fn is_legal(&self) -> bool {
        !self.off_board && self.occupied.is_none() && !self.ko && self.suicide == 0
    }
}

/// What [`Board::setup`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// The point was set; `was` is what it held before.
    Set {
        /// The stone on the point before, `None` when it was empty.
        was: Option<Colour>,
    },
    /// The point is off the board: nothing was set.
    OffBoard,
}

/// A position to come back to: see [`Board::mark`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    journal: usize,
    ko: Option<Ko>,
}

/// A simple ko: `player` may not retake at cell `at` on the next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ko {
    at: usize,
    player: Colour,
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// The frame of cells around the board, so that neighbours need no bounds
/// check.
const EDGE: u8 = 3;

/// A Go board of `cols` × `rows` points (1 to [`MAX_SIDE`] each).
///
/// ```
/// use sgfconv::validate::board::{Board, Colour, Point};
///
/// let mut b = Board::new(9, 9).unwrap();
/// let p = |s| Point::parse(s).unwrap();
/// b.play(Colour::White, p("aa"));
/// b.play(Colour::Black, p("ba"));
/// let o = b.play(Colour::Black, p("ab"));
/// assert_eq!(o.captured, 1);
/// assert_eq!(b.get(p("aa")), None);
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    cols: u8,
    rows: u8,
    /// Cells of the board and its frame, row by row: `(cols + 2)` wide.
    cells: Vec<u8>,
    stride: usize,
    ko: Option<Ko>,
    /// Every change of a cell since the board was made: (cell, old value).
    journal: Vec<(u16, u8)>,
    /// Whether changes are journaled: from the first [`Board::mark`] on
    /// (a game without variations never needs to undo).
    journaling: bool,
    /// Work buffers of the flood fill, kept between moves.
    group: Vec<u16>,
    seen: Vec<u32>,
    generation: u32,
}

impl Board {
    /// An empty board of `cols` columns and `rows` rows; `None` unless both
    /// are 1 to [`MAX_SIDE`].
    pub fn new(cols: u8, rows: u8) -> Option<Board> {
        let sides = 1..=MAX_SIDE;
        if !sides.contains(&cols) || !sides.contains(&rows) {
            return None;
        }
        let stride = cols as usize + 2;
        let len = stride * (rows as usize + 2);
        let mut cells = vec![EDGE; len];
        for y in 0..rows as usize {
            let row = (y + 1) * stride;
            cells[row + 1..row + 1 + cols as usize].fill(EMPTY);
        }
        Some(Board {
            cols,
            rows,
            cells,
            stride,
            ko: None,
            journal: Vec::new(),
            journaling: false,
            group: Vec::new(),
            seen: vec![0; len],
            generation: 0,
        })
    }

    /// The board an `SZ` value describes: `19`, or `19:13` (columns, rows).
    /// `None` when it is not one.
    pub fn for_size(sz: &str) -> Option<Board> {
        let (cols, rows) = Board::size_of(sz)?;
        Board::new(cols, rows)
    }

    /// The columns and rows an `SZ` value gives (`19`, `19:13`), if it
    /// gives numbers (whether they make a board is [`Board::new`]'s call).
    pub fn size_of(sz: &str) -> Option<(u8, u8)> {
        let side = |s: &str| s.trim().parse::<u8>().ok();
        match sz.split_once(':') {
            Some((c, r)) => Some((side(c)?, side(r)?)),
            None => side(sz).map(|n| (n, n)),
        }
    }

    /// Empties the board, as new: for the next game of the same size,
    /// without allocating again.
    pub fn clear(&mut self) {
        let (stride, cols) = (self.stride, self.cols as usize);
        for y in 0..self.rows as usize {
            let row = (y + 1) * stride;
            self.cells[row + 1..row + 1 + cols].fill(EMPTY);
        }
        self.ko = None;
        self.journal.clear();
        self.journaling = false;
    }

    /// Number of columns.
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// Number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Whether `p` is on the board.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.cols && p.y < self.rows
    }

    /// The stone on `p`; `None` when empty or off the board.
    pub fn get(&self, p: Point) -> Option<Colour> {
        self.index(p).and_then(|i| Colour::of_cell(self.cells[i]))
    }

    /// Whether a move value is a pass: `[]`, or `[tt]` on a board of at
    /// most 19×19.
    pub fn is_pass(&self, value: &str) -> bool {
        value.is_empty() || (value == "tt" && self.cols <= 19 && self.rows <= 19)
    }

    /// The number of stones of `colour` on the board.
    pub fn count(&self, colour: Colour) -> usize {
        let c = colour.cell();
        self.cells.iter().filter(|v| **v == c).count()
    }

    fn index(&self, p: Point) -> Option<usize> {
        self.contains(p)
            .then(|| (p.y as usize + 1) * self.stride + p.x as usize + 1)
    }

    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - 1, i + 1, i - self.stride, i + self.stride]
    }

    /// Sets a cell, journaling its old value.
    fn put(&mut self, i: usize, value: u8) {
        if self.journaling {
            self.journal.push((i as u16, self.cells[i]));
        }
        self.cells[i] = value;
    }

    /// Plays a move as `FF[4]` executes one, legal or not: the stone replaces
    /// whatever was on `p`, adjacent opponent groups without a liberty are
    /// captured, then the mover's group if it has none. Off the board,
    /// nothing is played. Any move ends a pending ko.
    #[inline]
    pub fn play(&mut self, colour: Colour, p: Point) -> Outcome {
        match self.index(p) {
            Some(i) if self.ko.is_none() && self.is_quiet(i, colour) => {
                self.put(i, colour.cell());
                Outcome::default()
            }
            _ => self.play_any(colour, p),
        }
    }

    /// Whether a move at `i` is quiet, as most moves are: onto an empty
    /// point with a liberty of its own, next to no opponent stone whose
    /// last liberty `i` is. It captures nothing and needs no flood fill.
    #[inline]
    fn is_quiet(&self, i: usize, colour: Colour) -> bool {
        if self.cells[i] != EMPTY {
            return false;
        }
        let opponent = colour.opponent().cell();
        let mut liberty = false;
        for n in self.neighbours(i) {
            match self.cells[n] {
                EMPTY => liberty = true,
                c if c == opponent => {
                    let other_liberty = self
                        .neighbours(n)
                        .iter()
                        .any(|&m| m != i && self.cells[m] == EMPTY);
                    if !other_liberty {
                        return false;
                    }
                }
                _ => {}
            }
        }
        liberty
    }

    /// [`Board::play`] in full: captures, suicide, ko.
    #[inline(never)]
    fn play_any(&mut self, colour: Colour, p: Point) -> Outcome {
        let ko = self.ko.take();
        let Some(i) = self.index(p) else {
            return Outcome {
                off_board: true,
                ..Outcome::default()
            };
        };
        let mut out = Outcome {
            occupied: Colour::of_cell(self.cells[i]),
            ko: ko
                == Some(Ko {
                    at: i,
                    player: colour,
                }),
            ..Outcome::default()
        };
        self.put(i, colour.cell());
        let mut taken = None;
        let opponent = colour.opponent().cell();
        for n in self.neighbours(i) {
            // A stone next to an empty point lives: no flood fill for it.
            if self.cells[n] == opponent && !self.touches_empty(n) && self.is_dead(n) {
                out.captured += self.remove_group();
                taken = Some(n);
            }
        }
        if !self.touches_empty(i) && self.is_dead(i) {
            out.suicide = self.remove_group();
        } else if let (1, Some(at)) = (out.captured, taken) {
            if self.is_lone_with_one_liberty(i) {
                self.ko = Some(Ko {
                    at,
                    player: colour.opponent(),
                });
            }
        }
        out
    }

    /// A pass (or any move that places nothing): ends a pending ko.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Sets `p` to `stone` (`None`: clears it) without captures, as
    /// `AB`/`AW`/`AE` do. Setup ends a pending ko.
    pub fn setup(&mut self, p: Point, stone: Option<Colour>) -> Setup {
        self.ko = None;
        let Some(i) = self.index(p) else {
            return Setup::OffBoard;
        };
        let was = Colour::of_cell(self.cells[i]);
        self.put(i, stone.map_or(EMPTY, Colour::cell));
        Setup::Set { was }
    }

    /// The position now, to come back to with [`Board::undo`]; from the
    /// first mark on, changes are journaled.
    pub fn mark(&mut self) -> Mark {
        self.journaling = true;
        Mark {
            journal: self.journal.len(),
            ko: self.ko,
        }
    }

    /// Goes back to the position of `mark`, undoing every change made
    /// since. Marks taken after `mark` are no longer valid.
    pub fn undo(&mut self, mark: Mark) {
        while self.journal.len() > mark.journal {
            if let Some((i, old)) = self.journal.pop() {
                self.cells[i as usize] = old;
            }
        }
        self.ko = mark.ko;
    }

    /// Whether the cell at `i` has an empty neighbour (a liberty).
    #[inline]
    fn touches_empty(&self, i: usize) -> bool {
        self.neighbours(i).iter().any(|&n| self.cells[n] == EMPTY)
    }

    /// Flood-fills the group at `start` into `self.group`; `true` when it
    /// has no liberty. Stops at the first liberty (the group is then
    /// partial).
    fn is_dead(&mut self, start: usize) -> bool {
        let colour = self.cells[start];
        self.next_generation();
        let g = self.generation;
        self.group.clear();
        self.group.push(start as u16);
        self.seen[start] = g;
        let mut k = 0;
        while let Some(&q) = self.group.get(k) {
            k += 1;
            for n in self.neighbours(q as usize) {
                let c = self.cells[n];
                if c == EMPTY {
                    return false;
                }
                if c == colour && self.seen[n] != g {
                    self.seen[n] = g;
                    self.group.push(n as u16);
                }
            }
        }
        true
    }

    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.generation = 1;
        }
    }

    /// Removes the group [`Board::is_dead`] found; its size.
    fn remove_group(&mut self) -> usize {
        let group = std::mem::take(&mut self.group);
        for &q in &group {
            self.put(q as usize, EMPTY);
        }
        let n = group.len();
        self.group = group;
        n
    }

    /// Whether the stone at `i` has no friendly neighbour and exactly one
    /// liberty: the shape of a stone that just took a ko.
    fn is_lone_with_one_liberty(&self, i: usize) -> bool {
        let own = self.cells[i];
        let ns = self.neighbours(i);
        !ns.iter().any(|&n| self.cells[n] == own)
            && ns.iter().filter(|&&n| self.cells[n] == EMPTY).count() == 1
    }
}

// ---------------------------------------------------------------------------
// Replaying a game

/// Which check a [`Finding`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// `SZ` is not a board size of 1 to 52 (or `C:R`): nothing was replayed.
    BoardSize,
    /// A move or setup value is not a point (two letters, or `aa:cc` for
    /// setup).
    NotAPoint,
    /// A move is off the board: it was not played.
    MoveOffBoard,
    /// A move is on an occupied point: the stone replaced the one there.
    Occupied,
    /// A move left its own group without a liberty: the group was removed.
    Suicide,
    /// A move retook a simple ko at once.
    Ko,
    /// A setup point (`AB`, `AW`, `AE`) is off the board: it was ignored.
    SetupOffBoard,
    /// `AE` clears a point that was already empty.
    ClearEmpty,
    /// `AB` or `AW` places a stone where one of its colour stands already.
    NoEffect,
    /// `MN` is not a move number (a whole number, 0 or more).
    MoveNumber,
}

/// One problem the replay found, at one property of one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The node.
    pub node: NodeId,
    /// The property: `B`, `W`, `AB`, `AW`, `AE`, `MN` or `SZ`.
    pub property: &'static str,
    /// The value concerned, as written (`pd`, `aa:cc`, `19`).
    pub value: String,
    /// Which check.
    pub check: Check,
    /// What is wrong and what the replay did, in words.
    pub message: String,
}

/// Replays every path of `game` on a board (depth first, with an explicit
/// stack; each variation from its parent's position) and returns what was
/// illegal, in tree order. Games that are not Go (`GM` other than 1) give
/// nothing; a game without `SZ` is 19×19.
///
/// Property identifiers are taken in their `FF[4]` form (what the dialect
/// rules give). In each node the setup properties (`AE`, `AB`, `AW`, in
/// the order written) are applied before the move. A node with `KO` asks
/// for its move to be executed even if illegal: its occupied-point,
/// suicide and ko findings are not reported.
///
/// ```
/// use sgfconv::game::Game;
/// use sgfconv::validate::board::{replay, Check};
///
/// let mut g = Game::default();
/// g.root_mut().set("SZ", "9");
/// let a = g.add_child(0);
/// g.node_mut(a).set("B", "cc");
/// let b = g.add_child(a);
/// g.node_mut(b).set("W", "cc");
/// let found = replay(&g);
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].node, found[0].check), (b, Check::Occupied));
/// ```
pub fn replay(game: &Game) -> Vec<Finding> {
    let root = &game.root();
    let gm = root.text("GM");
    let sz = root.text("SZ");
    let mut r = match Referee::for_game(gm, sz) {
        Ok(Some(referee)) => Replay {
            game,
            referee,
            findings: Vec::new(),
        },
        Ok(None) => return Vec::new(),
        Err(found) => return vec![found.at(Game::ROOT)],
    };
    r.walk();
    r.findings
}

/// The state of one [`replay`].
struct Replay<'g> {
    game: &'g Game,
    referee: Referee,
    findings: Vec<Finding>,
}

impl Replay<'_> {
    /// Depth first over the tree: entering a node marks the board and
    /// applies the node; leaving it undoes to the mark.
    fn walk(&mut self) {
        // (node, next child to visit, the board before the node)
        let first = |id| self.game.node(id).first_child();
        let mut stack = vec![(Game::ROOT, first(Game::ROOT), self.referee.mark())];
        self.node(Game::ROOT);
        while let Some(top) = stack.last_mut() {
            let (_, next, mark) = *top;
            if let Some(child) = next {
                top.1 = self.game.node(child).next_sibling();
                stack.push((
                    child,
                    self.game.node(child).first_child(),
                    self.referee.mark(),
                ));
                self.node(child);
            } else {
                stack.pop();
                self.referee.undo(mark);
            }
        }
    }

    fn node(&mut self, id: NodeId) {
        let node = self.game.node(id);
        let props = || node.props().iter().map(|p| (p.name, p.values()));
        self.referee.node(props);
        let found = self.referee.take_found().map(|f| f.at(id));
        self.findings.extend(found);
    }
}

/// One problem [`Referee::node`] found, at the `index`-th property of the
/// node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Which property of the node, counted from 0 in the order given.
    pub index: usize,
    /// The property: `B`, `W`, `AB`, `AW`, `AE`, `MN` or `SZ`.
    pub property: &'static str,
    /// The value concerned, as written.
    pub value: String,
    /// Which check.
    pub check: Check,
    /// What is wrong and what the replay did, in words.
    pub message: String,
}

impl Found {
    /// The finding, placed at node `node` of a [`Game`].
    pub fn at(self, node: NodeId) -> Finding {
        Finding {
            node,
            property: self.property,
            value: self.value,
            check: self.check,
            message: self.message,
        }
    }
}

/// The board of one game and the checks of its nodes, node by node, for
/// any walk that marks the board before a variation and undoes after it:
/// [`replay`] over a [`Game`], and the streaming check of `sgfconv check`.
#[derive(Clone, Debug)]
pub struct Referee {
    board: Board,
    found: Vec<Found>,
    /// The property being applied, for [`Found::index`].
    index: usize,
}

impl Referee {
    /// The referee of a game whose root has these `GM` and `SZ` values:
    /// `Ok(None)` for a game that is not Go, `Err` (a [`Check::BoardSize`]
    /// finding) when `SZ` is not a board size; no `SZ` is 19×19.
    pub fn for_game(gm: Option<&str>, sz: Option<&str>) -> Result<Option<Referee>, Found> {
        if gm.is_some_and(|gm| gm.trim() != "1") {
            return Ok(None);
        }
        let sz = sz.unwrap_or("19");
        match Board::for_size(sz) {
            Some(board) => Ok(Some(Referee {
                board,
                found: Vec::new(),
                index: 0,
            })),
            None => Err(Found {
                index: 0,
                property: "SZ",
                value: sz.to_string(),
                check: Check::BoardSize,
                message: format!(
                    "SZ[{sz}] is not a board size of 1 to 52: the moves are not checked"
                ),
            }),
        }
    }

    /// This referee, ready for a new game of the same board size (`GM` and
    /// `SZ` as [`Referee::for_game`] takes them); `None` when the game
    /// needs another board.
    pub fn reuse(mut self, gm: Option<&str>, sz: Option<&str>) -> Option<Referee> {
        let go = gm.is_none_or(|gm| gm.trim() == "1");
        let size = Board::size_of(sz.unwrap_or("19"))?;
        if !go || size != (self.board.cols, self.board.rows) {
            return None;
        }
        self.board.clear();
        self.found.clear();
        Some(self)
    }

    /// A referee on `board`, for a walk that knows its board already.
    pub fn with_board(board: Board) -> Referee {
        Referee {
            board,
            found: Vec::new(),
            index: 0,
        }
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position now, to come back to with [`Referee::undo`].
    pub fn mark(&mut self) -> Mark {
        self.board.mark()
    }

    /// Goes back to the position of `mark`.
    pub fn undo(&mut self, mark: Mark) {
        self.board.undo(mark)
    }

    /// What the nodes applied since the last call found, in order.
    pub fn take_found(&mut self) -> std::vec::Drain<'_, Found> {
        self.found.drain(..)
    }

    /// Applies one node, given as its properties in order (`FF[4]`
    /// identifiers): setup (`AE`, `AB`, `AW`, in the order written), then
    /// the move; checks `MN`. A node with `KO` has its move executed
    /// without the occupied-point, suicide and ko checks.
    /// `props` gives the node's properties afresh at each call.
    pub fn node<'v, I>(&mut self, props: impl Fn() -> I)
    where
        I: Iterator<Item = (&'v str, Values<'v>)>,
    {
        for (k, (name, values)) in props().enumerate() {
            let stone = match name {
                "AB" => Some(Colour::Black),
                "AW" => Some(Colour::White),
                "AE" => None,
                _ => continue,
            };
            self.index = k;
            for v in values.iter() {
                self.setup(stone, v.text());
            }
        }
        let forced = props().any(|(name, _)| name == "KO");
        for (k, (name, values)) in props().enumerate() {
            self.index = k;
            let first = values.first().map_or("", |v| v.text());
            match name {
                "B" => self.play(Colour::Black, first, forced),
                "W" => self.play(Colour::White, first, forced),
                "MN" => self.move_number(first),
                _ => {}
            }
        }
    }

    /// Records a finding.
    fn find(&mut self, property: &'static str, value: &str, check: Check, message: String) {
        self.found.push(Found {
            index: self.index,
            property,
            value: value.to_string(),
            check,
            message,
        });
    }

    /// Plays one move value; reports what was illegal about it.
    fn play(&mut self, colour: Colour, value: &str, forced: bool) {
        if self.board.is_pass(value) {
            self.board.pass();
            return;
        }
        let Some(p) = Point::parse(value) else {
            self.board.pass();
            let prop = colour.move_id();
            let m = format!("{prop}[{value}] is not a point: nothing is played");
            return self.find(prop, value, Check::NotAPoint, m);
        };
        self.play_point(colour, p, forced);
    }

    /// Plays the point of a plain move (`;B[pd]`: two lower-case letters,
    /// not `tt`), as [`Referee::node`] would, without reading text.
    /// Returns whether the move was legal (nothing found).
    #[inline]
    pub fn plain_move(&mut self, colour: Colour, x: u8, y: u8) -> bool {
        self.index = 0;
        let p = Point {
            x: x.wrapping_sub(b'a'),
            y: y.wrapping_sub(b'a'),
        };
        self.play_point(colour, p, false)
    }

    /// Plays a point; reports what was illegal about the move. Returns
    /// whether nothing was.
    #[inline]
    fn play_point(&mut self, colour: Colour, p: Point, forced: bool) -> bool {
        let out = self.board.play(colour, p);
        if out.is_legal() || (forced && !out.off_board) {
            return true;
        }
        self.illegal(colour, p, out);
        false
    }

    /// Reports what [`Board::play`] found illegal.
    #[cold]
    fn illegal(&mut self, colour: Colour, p: Point, out: Outcome) {
        let prop = colour.move_id();
        let value = &p.to_string();
        if out.off_board {
            let size = self.size();
            let m = format!("{prop}[{value}] is off the {size} board: nothing is played");
            return self.find(prop, value, Check::MoveOffBoard, m);
        }
        if let Some(was) = out.occupied {
            let m = format!(
                "{prop}[{value}] is played on a {} stone, which it replaces",
                was.name()
            );
            self.find(prop, value, Check::Occupied, m);
        }
        if out.ko {
            let m = format!("{prop}[{value}] retakes the ko at once");
            self.find(prop, value, Check::Ko, m);
        }
        if out.suicide > 0 {
            let m = match out.suicide {
                1 => format!("{prop}[{value}] is suicide: the stone is removed"),
                n => format!("{prop}[{value}] is suicide: its group of {n} stones is removed"),
            };
            self.find(prop, value, Check::Suicide, m);
        }
    }

    /// Applies one setup value: a point, or a rectangle `aa:cc`.
    fn setup(&mut self, stone: Option<Colour>, value: &str) {
        let prop = match stone {
            Some(Colour::Black) => "AB",
            Some(Colour::White) => "AW",
            None => "AE",
        };
        let corners = match value.split_once(':') {
            Some((a, b)) => Point::parse(a).zip(Point::parse(b)),
            None => Point::parse(value).map(|p| (p, p)),
        };
        let Some((a, b)) = corners else {
            let m = format!("{prop}[{value}] is not a point: ignored");
            return self.find(prop, value, Check::NotAPoint, m);
        };
        let (mut off, mut empty, mut same, mut points) = (false, 0, 0, 0);
        for y in a.y.min(b.y)..=a.y.max(b.y) {
            for x in a.x.min(b.x)..=a.x.max(b.x) {
                match self.board.setup(Point { x, y }, stone) {
                    Setup::OffBoard => off = true,
                    Setup::Set { was } => {
                        points += 1;
                        empty += usize::from(was.is_none());
                        same += usize::from(stone.is_some() && was == stone);
                    }
                }
            }
        }
        if same > 0 {
            let colour = stone.map_or("", |c| c.name());
            let m = match points {
                1 => format!("{prop}[{value}] places a {colour} stone where one stands already"),
                _ => format!(
                    "{prop}[{value}]: {same} of its {points} points hold a {colour} stone already"
                ),
            };
            self.find(prop, value, Check::NoEffect, m);
        }
        if off {
            let size = self.size();
            let m =
                format!("{prop}[{value}] is off the {size} board: the points off it are ignored");
            self.find(prop, value, Check::SetupOffBoard, m);
        }
        if stone.is_none() && empty > 0 {
            let m = match points {
                1 => format!("AE[{value}] clears an empty point"),
                _ => format!("AE[{value}] clears {empty} empty points of {points}"),
            };
            self.find(prop, value, Check::ClearEmpty, m);
        }
    }

    /// Checks an `MN` value: a whole number, 0 or more.
    fn move_number(&mut self, value: &str) {
        if value.parse::<i64>().is_ok_and(|n| n >= 0) {
            return;
        }
        let m = format!("MN[{value}] is not a move number (a whole number, 0 or more)");
        self.find("MN", value, Check::MoveNumber, m);
    }

    /// `19×19`, for messages.
    fn size(&self) -> String {
        format!("{}×{}", self.board.cols(), self.board.rows())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Reporter;
    use crate::formats::{read, Format};
    use crate::game::collect_games;
    use Colour::{Black, White};

    fn pt(s: &str) -> Point {
        Point::parse(s).unwrap()
    }

    /// A board from a diagram: `X` black, `O` white, `.` empty; one string
    /// per row, top first.
    fn diagram(rows: &[&str]) -> Board {
        let mut b = Board::new(rows[0].len() as u8, rows.len() as u8).unwrap();
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.bytes().enumerate() {
                let stone = match c {
                    b'X' => Some(Black),
                    b'O' => Some(White),
                    _ => None,
                };
                if stone.is_some() {
                    let p = Point {
                        x: x as u8,
                        y: y as u8,
                    };
                    assert_eq!(b.setup(p, stone), Setup::Set { was: None });
                }
            }
        }
        b
    }

    /// The diagram of a board.
    fn show(b: &Board) -> Vec<String> {
        (0..b.rows())
            .map(|y| {
                (0..b.cols())
                    .map(|x| match b.get(Point { x, y }) {
                        Some(Black) => 'X',
                        Some(White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    fn captured(n: usize) -> Outcome {
        Outcome {
            captured: n,
            ..Outcome::default()
        }
    }

    /// The findings of the first game of an SGF text, as
    /// `node:property[value]:check`.
    fn findings(sgf: &str) -> Vec<String> {
        let mut report = Reporter::collecting("t");
        let games = collect_games(
            |sink, r| {
                read(
                    Format::Sgf,
                    &mut sgf.as_bytes(),
                    &Default::default(),
                    sink,
                    r,
                )
            },
            &mut report,
        )
        .unwrap();
        replay(&games[0])
            .iter()
            .map(|f| format!("{}:{}[{}]:{:?}", f.node, f.property, f.value, f.check))
            .collect()
    }

    #[test]
    fn points_are_letters_up_to_52() {
        assert_eq!(pt("aa"), Point { x: 0, y: 0 });
        assert_eq!(pt("sA"), Point { x: 18, y: 26 });
        assert_eq!(pt("ZZ"), Point { x: 51, y: 51 });
        assert_eq!(pt("Za").to_string(), "Za");
        for bad in ["", "a", "abc", "a1", "é", "a:"] {
            assert_eq!(Point::parse(bad), None, "{bad}");
        }
        assert!(Board::new(0, 19).is_none());
        assert!(Board::new(53, 19).is_none());
        assert!(Board::new(52, 52).is_some());
        let b = Board::for_size("19:13").unwrap();
        assert_eq!((b.cols(), b.rows()), (19, 13));
        assert!(Board::for_size("x").is_none());
        assert!(Board::for_size("60").is_none());
    }

    #[test]
    fn captures_a_single_stone() {
        let mut b = diagram(&[".....", "..X..", ".XO..", "..X..", "....."]);
        assert_eq!(b.play(Black, pt("dc")), captured(1));
        assert_eq!(show(&b), [".....", "..X..", ".X.X.", "..X..", "....."]);
    }

    #[test]
    fn captures_a_group_and_keeps_the_capturer() {
        let mut b = diagram(&[".XX..", "XOOX.", ".XO..", "..X..", "....."]);
        // The group still has a liberty at dc: nothing is taken.
        assert_eq!(b.play(Black, pt("ac")), captured(0));
        assert_eq!(b.play(Black, pt("dc")), captured(3));
        assert_eq!(show(&b), [".XX..", "X..X.", "XX.X.", "..X..", "....."]);
        assert_eq!(b.count(White), 0);
    }

    #[test]
    fn captures_several_groups_at_once() {
        // Black at cc takes the three white groups around it.
        let mut b = diagram(&[
            "..X..", //
            ".XOX.", //
            "XO.OX", //
            ".XOX.", //
            "..X..",
        ]);
        assert_eq!(b.play(Black, pt("cc")), captured(4));
        assert_eq!(b.count(White), 0);
        assert_eq!(show(&b), ["..X..", ".X.X.", "X.X.X", ".X.X.", "..X.."]);
    }

    #[test]
    fn captures_on_the_edge_and_in_the_corner() {
        // In the corner: two liberties.
        let mut b = diagram(&["O....", "X....", ".....", ".....", "....."]);
        assert_eq!(b.play(Black, pt("ba")), captured(1));
        assert_eq!(b.get(pt("aa")), None);
        // On the edge: three.
        let mut b = diagram(&[".....", ".....", ".....", ".....", "..XOX"]);
        assert_eq!(b.play(Black, pt("dd")), captured(1));
        assert_eq!(show(&b)[3..], ["...X.", "..X.X"]);
        // A group along the edge, taken from its last liberty.
        let mut b = diagram(&[".....", ".....", "XXX..", "OOOX.", "...X."]);
        assert_eq!(b.play(Black, pt("ce")), captured(0));
        assert_eq!(b.play(Black, pt("ae")), captured(0));
        assert_eq!(b.play(Black, pt("be")), captured(3));
        assert_eq!(show(&b)[3..], ["...X.", "XXXX."]);
    }

    /// A plain board to compare with: bounds-checked neighbours and a
    /// set for each group, nothing clever.
    struct Reference {
        cols: usize,
        rows: usize,
        cells: Vec<Option<Colour>>,
    }

    impl Reference {
        fn neighbours(&self, i: usize) -> Vec<usize> {
            let (x, y) = (i % self.cols, i / self.cols);
            let mut v = Vec::new();
            if x > 0 {
                v.push(i - 1);
            }
            if x + 1 < self.cols {
                v.push(i + 1);
            }
            if y > 0 {
                v.push(i - self.cols);
            }
            if y + 1 < self.rows {
                v.push(i + self.cols);
            }
            v
        }

        /// Removes the group at `i` if it has no liberty; how many stones.
        fn take_if_dead(&mut self, i: usize) -> usize {
            let colour = self.cells[i];
            let mut group = std::collections::BTreeSet::from([i]);
            let mut todo = vec![i];
            while let Some(q) = todo.pop() {
                for n in self.neighbours(q) {
                    if self.cells[n].is_none() {
                        return 0;
                    }
                    if self.cells[n] == colour && group.insert(n) {
                        todo.push(n);
                    }
                }
            }
            for q in &group {
                self.cells[*q] = None;
            }
            group.len()
        }

        fn play(&mut self, colour: Colour, i: usize) -> (usize, usize) {
            self.cells[i] = Some(colour);
            let mut captured = 0;
            for n in self.neighbours(i) {
                if self.cells[n] == Some(colour.opponent()) {
                    captured += self.take_if_dead(n);
                }
            }
            (captured, self.take_if_dead(i))
        }
    }

    #[test]
    fn random_games_agree_with_a_plain_board() {
        let mut seed: u64 = 0x5eed;
        let mut random = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for (cols, rows) in [(5, 4), (7, 7), (3, 9), (19, 19), (1, 6)] {
            let mut b = Board::new(cols, rows).unwrap();
            let (c, r) = (cols as usize, rows as usize);
            let mut plain = Reference {
                cols: c,
                rows: r,
                cells: vec![None; c * r],
            };
            let start = b.mark();
            for _ in 0..3000 {
                let colour = if random(2) == 0 { Black } else { White };
                let i = random(c * r);
                let p = Point {
                    x: (i % c) as u8,
                    y: (i / c) as u8,
                };
                let o = b.play(colour, p);
                assert_eq!((o.captured, o.suicide), plain.play(colour, i));
                let cells: Vec<Option<Colour>> = (0..c * r)
                    .map(|i| {
                        b.get(Point {
                            x: (i % c) as u8,
                            y: (i / c) as u8,
                        })
                    })
                    .collect();
                assert_eq!(cells, plain.cells);
            }
            b.undo(start);
            assert_eq!(b.count(Black) + b.count(White), 0);
        }
    }

    #[test]
    fn suicide_is_reported_and_removed_after_captures() {
        // A white stone in black's eye: no liberty, takes nothing.
        let mut b = diagram(&[".X...", "X....", ".....", ".....", "....."]);
        let o = b.play(White, pt("aa"));
        assert_eq!((o.suicide, o.captured, o.is_legal()), (1, 0, false));
        assert_eq!(b.get(pt("aa")), None);

        // A group of two fills its own last liberty.
        let mut b = diagram(&["O.X..", "XXX..", ".....", ".....", "....."]);
        let o = b.play(Black, pt("ba"));
        assert_eq!((o.suicide, o.captured), (0, 1), "takes the white stone");
        let mut b = diagram(&["X.XO.", "OOXO.", "..O..", ".....", "....."]);
        let o = b.play(Black, pt("ba"));
        assert_eq!((o.suicide, o.captured), (4, 0));
        assert_eq!(show(&b)[0], "...O.");
        assert_eq!(show(&b)[1], "OO.O.");

        // Capturing comes first: no suicide when the move takes stones.
        let mut b = diagram(&[".OX..", "OX...", ".....", ".....", "....."]);
        let o = b.play(Black, pt("aa"));
        assert_eq!((o.suicide, o.captured), (0, 1));
        assert_eq!(b.get(pt("aa")), Some(Black));
    }

    #[test]
    fn ko_retaken_at_once_is_found() {
        let ko = [
            ".XO..", //
            "X.XO.", //
            ".XO..", //
            ".....", //
            ".....",
        ];
        let mut b = diagram(&ko);
        // White takes the ko at bb.
        assert!(b.play(White, pt("bb")).is_legal());
        assert_eq!(b.get(pt("cb")), None);
        let before = b.mark();
        // Black retakes at once: illegal, and still executed.
        let o = b.play(Black, pt("cb"));
        assert!(o.ko && o.captured == 1 && !o.is_legal());
        assert_eq!(b.get(pt("bb")), None);
        // After a ko threat and its answer, the retake is legal.
        b.undo(before);
        assert!(b.play(Black, pt("ee")).is_legal());
        assert!(b.play(White, pt("ed")).is_legal());
        let o = b.play(Black, pt("cb"));
        assert!(o.is_legal() && o.captured == 1);
        // A pass ends the ko too.
        b.undo(before);
        b.pass();
        assert!(b.play(Black, pt("cb")).is_legal());
        // The ko belongs to the opponent only.
        b.undo(before);
        assert!(!b.play(White, pt("cb")).ko);
    }

    #[test]
    fn snapback_is_not_ko() {
        // Black's group has two liberties, da and db. White throws in at
        // da; black takes the stone at db, which joins the group: no ko,
        // and white takes back the whole group at once.
        let mut b = diagram(&[
            "OOX.XO.", //
            "OOX.XO.", //
            "OOXXXO.", //
            "OOOOOO.",
        ]);
        assert!(b.play(White, pt("da")).is_legal());
        assert_eq!(b.play(Black, pt("db")), captured(1));
        assert_eq!(b.play(White, pt("da")), captured(8));
        assert_eq!(b.count(Black), 0);
    }

    #[test]
    fn undo_goes_back_to_the_mark() {
        let mut b = diagram(&[".XO..", "X.XO.", ".XO..", ".....", "....."]);
        let start = show(&b);
        let m = b.mark();
        b.play(White, pt("bb"));
        let after_ko = b.mark();
        b.play(Black, pt("dd"));
        b.setup(pt("ee"), Some(White));
        b.undo(after_ko);
        assert!(b.play(Black, pt("cb")).ko, "the ko state comes back too");
        b.undo(m);
        assert_eq!(show(&b), start);
        assert_eq!(b.journal.len(), m.journal);
    }

    #[test]
    fn rectangular_boards() {
        let mut b = Board::for_size("7:3").unwrap();
        assert!(b.contains(pt("gc")) && !b.contains(pt("cg")));
        assert!(b.play(Black, pt("cg")).off_board);
        b.play(White, pt("gc"));
        b.play(Black, pt("fc"));
        assert_eq!(b.play(Black, pt("gb")), captured(1));
        assert_eq!(show(&b), [".......", "......X", ".....X."]);
        assert_eq!(
            findings("(;SZ[19:13];B[sm];W[ms];B[tt])"),
            ["2:W[ms]:MoveOffBoard"]
        );
    }

    #[test]
    fn passes_and_big_boards() {
        assert!(findings("(;SZ[19];B[];W[tt];B[pd])").is_empty());
        // On a board above 19, tt is a point.
        assert!(findings("(;SZ[21];B[tt];W[tt])") == ["2:W[tt]:Occupied"]);
        assert!(findings("(;SZ[52];B[ZZ];W[Za])").is_empty());
        assert_eq!(findings("(;SZ[51];B[ZZ])"), ["1:B[ZZ]:MoveOffBoard"]);
        assert_eq!(
            findings("(;SZ[19];B[p];W[p1])"),
            ["1:B[p]:NotAPoint", "2:W[p1]:NotAPoint"]
        );
    }

    #[test]
    fn replay_reports_each_check() {
        let ko = "(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])";
        assert_eq!(findings(ko), ["2:B[cb]:Ko"]);
        // With KO[] the record says it knows.
        assert!(findings("(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb]KO[])").is_empty());
        assert_eq!(findings("(;SZ[5]AB[ba][ab];W[aa])"), ["1:W[aa]:Suicide"]);
        assert_eq!(
            findings("(;SZ[5];B[cc];W[cc];B[cc])"),
            ["2:W[cc]:Occupied", "3:B[cc]:Occupied"]
        );
        assert_eq!(
            findings("(;SZ[5]AB[aa][ff]AW[aa:cf];AE[bb][ee]MN[x];MN[12])"),
            [
                "0:AB[ff]:SetupOffBoard",
                "0:AW[aa:cf]:SetupOffBoard",
                "1:AE[ee]:ClearEmpty",
                "1:MN[x]:MoveNumber"
            ]
        );
        assert_eq!(
            findings("(;SZ[5]AB[aa:bb];AE[aa:cc])"),
            ["1:AE[aa:cc]:ClearEmpty"]
        );
        assert_eq!(findings("(;SZ[99];B[aa])"), ["0:SZ[99]:BoardSize"]);
        assert!(findings("(;GM[2]SZ[8];B[aa];W[aa])").is_empty());
    }

    /// The examples of formats/validation.md, "The board".
    #[test]
    fn the_documented_examples() {
        let cases: &[(&str, &[&str])] = &[
            ("(;SZ[9];B[kk])", &["1:B[kk]:MoveOffBoard"]),
            ("(;SZ[9];B[p])", &["1:B[p]:NotAPoint"]),
            ("(;SZ[9]AB[a1])", &["0:AB[a1]:NotAPoint"]),
            ("(;SZ[9];B[cc];W[cc])", &["2:W[cc]:Occupied"]),
            ("(;SZ[9]AB[ba][ab];W[aa])", &["1:W[aa]:Suicide"]),
            ("(;SZ[9]AB[jj])", &["0:AB[jj]:SetupOffBoard"]),
            ("(;SZ[9]AW[aa:jj])", &["0:AW[aa:jj]:SetupOffBoard"]),
            ("(;SZ[9];AE[cc])", &["1:AE[cc]:ClearEmpty"]),
            (
                "(;SZ[9]MN[x];MN[-1])",
                &["0:MN[x]:MoveNumber", "1:MN[-1]:MoveNumber"],
            ),
            ("(;SZ[99])", &["0:SZ[99]:BoardSize"]),
            ("(;SZ[x])", &["0:SZ[x]:BoardSize"]),
            (
                "(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])",
                &["2:B[cb]:Ko"],
            ),
            (
                "(;SZ[7:4]AB[ca][ea][cb][eb][cc][dc][ec]\
                 AW[aa][ba][fa][ab][bb][fb][ac][bc][fc]\
                 AW[ad][bd][cd][dd][ed][fd];W[da];B[db];W[da])",
                &[],
            ),
        ];
        for (sgf, expected) in cases {
            assert_eq!(findings(sgf), *expected, "{sgf}");
        }
    }

    #[test]
    fn messages_say_what_and_what_was_done() {
        let mut g = Game::default();
        g.root_mut().set("SZ", "5");
        g.root_mut().add("AB", "aa:bb");
        let a = g.add_child(0);
        g.node_mut(a).set("AE", "aa:cc");
        let b = g.add_child(a);
        g.node_mut(b).set("W", "ff");
        let m: Vec<String> = replay(&g).into_iter().map(|f| f.message).collect();
        assert_eq!(
            m,
            [
                "AE[aa:cc] clears 5 empty points of 9",
                "W[ff] is off the 5×5 board: nothing is played"
            ]
        );
    }

    #[test]
    fn variations_start_from_their_parent_position() {
        // Both variations play at dd after B[cc]; the second is checked
        // on the position without the first, the third sees the ko.
        let sgf =
            "(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb](;B[dd];W[ee])(;B[ee];W[dd])(;B[cb]))";
        assert_eq!(findings(sgf), ["6:B[cb]:Ko"]);
        let sgf = "(;SZ[5](;B[cc])(;W[cc](;B[cc])(;B[dd])))";
        assert_eq!(findings(sgf), ["3:B[cc]:Occupied"]);
    }

    #[test]
    fn a_deep_tree_replays_without_recursion() {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        let mut at = Game::ROOT;
        for i in 0..100_000usize {
            at = g.add_variation(at);
            let colour = if i % 2 == 0 { "B" } else { "W" };
            // Fill the board again and again: captures, suicide, occupied.
            let p = Point {
                x: (i % 19) as u8,
                y: (i / 19 % 19) as u8,
            };
            g.node_mut(at).set(colour, &p.to_string());
            // A second variation at every node, one move long.
            let side = g.add_child(g.node(at).parent().unwrap());
            g.node_mut(side).set(colour, "");
        }
        let found = replay(&g);
        assert!(!found.is_empty());
        // The side passes are never illegal.
        assert!(found.iter().all(|f| !f.value.is_empty()));
    }
}
