//! The parts of a picture ([`Figure`]): stones, marks, captions, the area
//! shown; and what a picture is asked for ([`Select`], [`Style`]).

use super::labels::{hoshi, point_label};
use crate::options::{BoardArea, Coords, Numbering, WriteOptions};
use crate::stone::{Colour, Point};

/// Which pictures a game gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// The final position of the main line (the default).
    #[default]
    Final,
    /// The position after move N of the line (`--at N`; 0: before the
    /// first move).
    At(u32),
    /// The position after node N of the line (`--node N`; 0: the root).
    Node(u32),
    /// One book figure of moves A to B of the line (`--range A-B`).
    Range(u32, u32),
    /// One figure per `FG` node of the main line (the whole main line when
    /// there is none), and one per diagram variation: a variation whose
    /// first node has `N` or `FG` (UGF's `.Fig` blocks read so)
    /// (`--figures`).
    Figures,
    /// One figure per K moves of the main line (`--every K`).
    Every(u32),
}

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
    /// The line drawn along (`--variation N`; `None`: the main line).
    pub variation: Option<usize>,
    /// The part of the board shown, whatever `VW` says (`--area`).
    pub area: Option<BoardArea>,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    pub(super) fn union(self, o: Area) -> Area {
        Area {
            left: self.left.min(o.left),
            top: self.top.min(o.top),
            right: self.right.max(o.right),
            bottom: self.bottom.max(o.bottom),
        }
    }

    pub(super) fn of_point(p: Point) -> Area {
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
    /// The selection the writer options ask for: `--at`, `--node`,
    /// `--range`, `--figures` and `--every` exclude each other (an error
    /// names the two given).
    pub fn of(w: &WriteOptions) -> Result<Select, String> {
        let given: Vec<(&str, Select)> = [
            w.at.map(|n| ("--at", Select::At(n))),
            w.node.map(|n| ("--node", Select::Node(n))),
            w.range.map(|(a, b)| ("--range", Select::Range(a, b))),
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
                Select::Range(a, b) if *a == 0 || a > b => Err(format!(
                    "--range {a}-{b}: the first move is 1 or more and the last not before it"
                )),
                s => Ok(*s),
            },
            [(a, _), (b, _), ..] => Err(format!("{a} and {b} cannot be used together")),
        }
    }
}

impl Style {
    /// The style the writer options ask for: `--crop` and `--area` exclude
    /// each other (both say what part of the board is shown).
    pub fn of(w: &WriteOptions) -> Result<Style, String> {
        if w.crop && w.area.is_some() {
            return Err("--crop and --area cannot be used together".into());
        }
        Ok(Style {
            numbering: w.numbering.unwrap_or_default(),
            crop: w.crop,
            variation: w.variation,
            area: w.area,
            ..Style::default()
        })
    }
}
