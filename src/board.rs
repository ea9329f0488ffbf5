//! The Go board: any size up to 52×52, square or not, that plays moves with
//! exact captures and says what was illegal about each. One board serves
//! every part that follows a game: the validator's replay
//! ([`crate::validate::board`]), the `FF[3]` rules (which need to know
//! which marks stand on stones), the figures of pictures
//! ([`crate::render`]), and UGF's figures (compared by [`Position`]).
//!
//! `FF[4]` says an illegal move is still executed: the stone goes on its point
//! (whatever was there), adjacent opponent groups without a liberty are
//! captured, then the mover's own group if it has none (suicide). The board
//! does exactly that and reports it in an [`Outcome`]; it never refuses.
//!
//! A walk of a game tree must not copy the board per node: the board keeps
//! a journal of the cells each node changed, so that going back to a
//! branch point undoes them ([`Board::mark`], [`Board::undo`]). Where
//! positions must be kept or compared, [`Board::position`] takes the
//! stones alone.

use crate::stone::{Colour, Point, MAX_SIDE};

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

/// The stones of a board, without its history, ko or journal: two boards
/// with the same stones on the same size give equal positions, however
/// they came to them. [`Board::position`] takes one, [`Board::at`] plays
/// on from one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cols: u8,
    rows: u8,
    cells: Vec<u8>,
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

/// The cell value of a stone.
fn cell(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// The stone of a cell value; `None` for an empty cell or the frame.
fn of_cell(cell: u8) -> Option<Colour> {
    match cell {
        BLACK => Some(Colour::Black),
        WHITE => Some(Colour::White),
        _ => None,
    }
}

/// A Go board of `cols` × `rows` points (1 to [`MAX_SIDE`] each).
///
/// ```
/// use sgfconv::board::Board;
/// use sgfconv::stone::{Colour, Point};
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
        (sides.contains(&cols) && sides.contains(&rows)).then(|| Board::make(cols, rows))
    }

    /// An empty board of `cols` × `rows`, both 1 to [`MAX_SIDE`].
    fn make(cols: u8, rows: u8) -> Board {
        let stride = cols as usize + 2;
        let len = stride * (rows as usize + 2);
        let mut cells = vec![EDGE; len];
        for y in 0..rows as usize {
            let row = (y + 1) * stride;
            cells[row + 1..row + 1 + cols as usize].fill(EMPTY);
        }
        Board {
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
        }
    }

    /// The board an `SZ` value describes: `19`, or `19:13` (columns, rows).
    /// `None` when it is not one.
    pub fn for_size(sz: &str) -> Option<Board> {
        let (cols, rows) = Board::size_of(sz)?;
        Board::new(cols, rows)
    }

    /// The columns and rows an `SZ` value gives (`19`, `19:13`), if it
    /// gives numbers a side can have (whether they make a board is
    /// [`Board::new`]'s call): [`crate::values::board_sides`].
    pub fn size_of(sz: &str) -> Option<(u8, u8)> {
        let (cols, rows) = crate::values::board_sides(sz)?;
        Some((u8::try_from(cols).ok()?, u8::try_from(rows).ok()?))
    }

    /// An empty square board of `side` × `side`, `side` brought into 1 to
    /// [`MAX_SIDE`] (for a format whose board size was checked when read).
    pub fn square(side: u8) -> Board {
        let side = side.clamp(1, MAX_SIDE);
        Board::make(side, side)
    }

    /// The stones as they stand ([`Position`]).
    pub fn position(&self) -> Position {
        Position {
            cols: self.cols,
            rows: self.rows,
            cells: self.cells.clone(),
        }
    }

    /// A board holding `position`, to play on from it (no ko pending,
    /// nothing journaled).
    pub fn at(position: &Position) -> Board {
        let len = position.cells.len();
        Board {
            cols: position.cols,
            rows: position.rows,
            cells: position.cells.clone(),
            stride: position.cols as usize + 2,
            ko: None,
            journal: Vec::new(),
            journaling: false,
            group: Vec::new(),
            seen: vec![0; len],
            generation: 0,
        }
    }

    /// Every stone, row by row from the top, left to right.
    pub fn stones(&self) -> Vec<(Point, Colour)> {
        let mut out = Vec::new();
        for y in 0..self.rows {
            for x in 0..self.cols {
                let p = Point::new(x, y);
                if let Some(c) = self.get(p) {
                    out.push((p, c));
                }
            }
        }
        out
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
        self.index(p).and_then(|i| of_cell(self.cells[i]))
    }

    /// Whether a move value is a pass: `[]`, or `[tt]` on a board of at
    /// most 19×19.
    pub fn is_pass(&self, value: &str) -> bool {
        value.is_empty() || (value == "tt" && self.cols <= 19 && self.rows <= 19)
    }

    /// The number of stones of `colour` on the board.
    pub fn count(&self, colour: Colour) -> usize {
        let c = cell(colour);
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
                self.put(i, cell(colour));
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
        let opponent = cell(colour.opponent());
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
            occupied: of_cell(self.cells[i]),
            ko: ko
                == Some(Ko {
                    at: i,
                    player: colour,
                }),
            ..Outcome::default()
        };
        self.put(i, cell(colour));
        let mut taken = None;
        let opponent = cell(colour.opponent());
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

    /// The stones of the group at `p` when it has no liberty (setup can
    /// leave one so: `AW[aa]` inside `AB[ab][ba]`); `None` for an empty
    /// point, a point off the board or a group with a liberty.
    pub fn group_without_liberty(&mut self, p: Point) -> Option<Vec<Point>> {
        let i = self.index(p)?;
        if of_cell(self.cells[i]).is_none() || !self.is_dead(i) {
            return None;
        }
        let stride = self.stride;
        let point = |q: u16| Point {
            x: (q as usize % stride - 1) as u8,
            y: (q as usize / stride - 1) as u8,
        };
        Some(self.group.iter().map(|&q| point(q)).collect())
    }

    /// Sets `p` to `stone` (`None`: clears it) without captures, as
    /// `AB`/`AW`/`AE` do. Setup ends a pending ko.
    pub fn setup(&mut self, p: Point, stone: Option<Colour>) -> Setup {
        self.ko = None;
        let Some(i) = self.index(p) else {
            return Setup::OffBoard;
        };
        let was = of_cell(self.cells[i]);
        self.put(i, stone.map_or(EMPTY, cell));
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

#[cfg(test)]
mod tests {
    use super::*;
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
        let mut b = Board::new(7, 3).unwrap();
        assert!(b.contains(pt("gc")) && !b.contains(pt("cg")));
        assert!(b.play(Black, pt("cg")).off_board);
        b.play(White, pt("gc"));
        b.play(Black, pt("fc"));
        assert_eq!(b.play(Black, pt("gb")), captured(1));
        assert_eq!(show(&b), [".......", "......X", ".....X."]);
    }
}
