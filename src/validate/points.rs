//! Point, move and point-list values of Go (`GM[1]`) checked against the
//! board `SZ` gives: pure functions from one value to an
//! outcome, [`Checked`]. Their rules, with examples, are in
//! `formats/validation.md`, "Points"; the transform rule `values` (switch
//! `points`) runs them and reports each outcome.
//!
//! A point is two letters, column then row, `a`–`z` for 1–26 and `A`–`Z`
//! for 27–52 (`FF[4]`, `go.html`). A point off the board is kept: `FF[4]` says
//! an illegal move is still executed, and the data stays. A value that is
//! not two letters may be a human-readable coordinate (`R16`, columns
//! `A`–`T` without `I`, rows from the bottom: Draft 2016, "Coordinates"),
//! written as the SGF point only when that reading is certain.

use crate::stone::{Point, MAX_SIDE};
use std::fmt;

/// The board points are checked against: columns and rows, 1 to 52 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Columns (`SZ[19:13]`: 19).
    pub cols: u8,
    /// Rows (`SZ[19:13]`: 13).
    pub rows: u8,
}

/// The largest board human-readable coordinates cover: 25 letters (`A`–`Z`
/// without `I`).
pub const MAX_HUMAN_SIDE: u8 = 25;

impl Size {
    /// A Go board without `SZ`: 19×19 (`FF[4]`, `SZ`: "default size for Go is
    /// 19x19").
    pub const DEFAULT: Size = Size { cols: 19, rows: 19 };

    /// The board of an `SZ` value in its `FF[4]` form, `19` or `19:13`
    /// (columns:rows); `None` unless each side is 1 to 52.
    pub fn of_sz(sz: &str) -> Option<Size> {
        let side = |s: &str| {
            s.trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=MAX_SIDE).contains(n))
        };
        match sz.split_once(':') {
            Some((c, r)) => Some(Size {
                cols: side(c)?,
                rows: side(r)?,
            }),
            None => side(sz).map(|n| Size { cols: n, rows: n }),
        }
    }

    /// Whether `p` lies on the board.
    pub fn contains(self, p: Point) -> bool {
        p.x < self.cols && p.y < self.rows
    }

    /// Whether `tt` is a pass on this board (at most 19×19).
    pub fn tt_is_pass(self) -> bool {
        self.cols <= 19 && self.rows <= 19
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.cols, self.rows)
    }
}

/// How a value was written in its SGF form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// A human-readable coordinate: `R16` → `qd` on 19×19.
    Coordinate,
    /// A word for a pass: `Pass` → empty.
    PassWord,
    /// A rectangle's corners put in order, upper left then lower right:
    /// `cc:aa` → `aa:cc`.
    Reordered,
    /// A rectangle of one point written as the point: `aa:aa` → `aa`.
    OnePoint,
}

/// Why a value is not a point (it is kept or removed, as the property
/// decides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Not two letters, nor a coordinate (`p`, `p d`, `a1`).
    NotTwoLetters,
    /// An empty value where a point is needed (`AB[]`).
    Empty,
    /// A coordinate (`T20`) whose point is off the board.
    CoordinateOffBoard(Size),
    /// A coordinate on a board larger than 25×25, where letters `A`–`Z`
    /// without `I` do not reach every column.
    BoardTooLarge(Size),
    /// A rectangle (`aa:cc`) where a single point is needed.
    Rectangle,
}

/// What a point check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// On the board, in its SGF form.
    Valid,
    /// Two letters (or a rectangle) with a point off the board: kept.
    OffBoard(Size),
    /// Its SGF form, and how it was read.
    Rewritten(String, How),
    /// Not a point.
    NotAPoint(Why),
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Checked::Valid => write!(f, "valid"),
            Checked::OffBoard(size) => write!(f, "off the {size} board"),
            Checked::Rewritten(v, how) => {
                let v = if v.is_empty() { "empty" } else { v };
                let how = match how {
                    How::Coordinate => "read as a human-readable coordinate",
                    How::PassWord => "a word for a pass",
                    How::Reordered => "the corners in order, upper left then lower right",
                    How::OnePoint => "a rectangle of one point is the point",
                };
                write!(f, "written {v} ({how})")
            }
            Checked::NotAPoint(why) => match why {
                Why::NotTwoLetters => write!(f, "not a point (two letters)"),
                Why::Empty => write!(f, "empty, not a point"),
                Why::CoordinateOffBoard(size) => {
                    write!(f, "a coordinate off the {size} board")
                }
                Why::BoardTooLarge(size) => write!(
                    f,
                    "a coordinate, but letters A–Z without I do not cover the {size} board"
                ),
                Why::Rectangle => write!(f, "a rectangle where one point is needed"),
            },
        }
    }
}

/// One point (a stone, a markup point, a part of `LB`, `AR`, `LN`): two
/// letters on the board, or a human-readable coordinate where that reading
/// is certain ([`coordinate`]).
pub fn point(value: &str, size: Size) -> Checked {
    if let Some(p) = Point::parse(value) {
        return if size.contains(p) {
            Checked::Valid
        } else {
            Checked::OffBoard(size)
        };
    }
    if value.is_empty() {
        return Checked::NotAPoint(Why::Empty);
    }
    match coordinate(value) {
        Some((col, row)) => {
            if size.cols > MAX_HUMAN_SIDE || size.rows > MAX_HUMAN_SIDE {
                return Checked::NotAPoint(Why::BoardTooLarge(size));
            }
            if col >= size.cols || row == 0 || row > size.rows {
                return Checked::NotAPoint(Why::CoordinateOffBoard(size));
            }
            let p = Point {
                x: col,
                y: size.rows - row,
            };
            Checked::Rewritten(p.to_string(), How::Coordinate)
        }
        None => Checked::NotAPoint(Why::NotTwoLetters),
    }
}

/// A move (`B`, `W`): empty is a pass, `tt` too on boards of at most 19×19
/// (on larger boards it is a point); a word for a pass (`pass`, any case)
/// is written empty; anything else is a [`point`].
pub fn move_value(value: &str, size: Size) -> Checked {
    if value.is_empty() || (value == "tt" && size.tt_is_pass()) {
        return Checked::Valid;
    }
    if value.trim().eq_ignore_ascii_case("pass") {
        return Checked::Rewritten(String::new(), How::PassWord);
    }
    point(value, size)
}

/// One value of a point list (`AB`, `AE`, `MA`, `TB`…): a [`point`], or a
/// rectangle `aa:cc` given by two corners (Draft 2016, "Value types",
/// pointlist: "a colon-separated pair of board positions denotes all
/// positions in the rectangle of which the given positions are top left and
/// bottom right corners"). Corners in another order are put in order; a
/// rectangle of one point is the point. `empty_ok`: the value may be empty
/// (an elist's `VW[]`).
pub fn list_value(value: &str, size: Size, empty_ok: bool) -> Checked {
    if value.is_empty() && empty_ok {
        return Checked::Valid;
    }
    let Some((a, b)) = value.split_once(':') else {
        return point(value, size);
    };
    let (Some(a), Some(b)) = (Point::parse(a), Point::parse(b)) else {
        return Checked::NotAPoint(Why::NotTwoLetters);
    };
    if !size.contains(a) || !size.contains(b) {
        return Checked::OffBoard(size);
    }
    let (lo, hi) = rectangle(a, b);
    if lo == hi {
        Checked::Rewritten(lo.to_string(), How::OnePoint)
    } else if lo != a {
        Checked::Rewritten(format!("{lo}:{hi}"), How::Reordered)
    } else {
        Checked::Valid
    }
}

/// The upper left and lower right corners of the rectangle with corners
/// `a` and `b`, whatever their order.
pub fn rectangle(a: Point, b: Point) -> (Point, Point) {
    let lo = Point {
        x: a.x.min(b.x),
        y: a.y.min(b.y),
    };
    let hi = Point {
        x: a.x.max(b.x),
        y: a.y.max(b.y),
    };
    (lo, hi)
}

/// A human-readable coordinate: a column letter `A`–`Z` without `I` (any
/// case) and a row number from the bottom, 1–99 without a leading zero
/// (`R16`, `q4`); the 0-based column and the row number. `None` for
/// anything else (`I5`, `R016`, `R 16`).
pub fn coordinate(value: &str) -> Option<(u8, u8)> {
    let b = value.as_bytes();
    let (&letter, digits) = b.split_first()?;
    let letter = letter.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() || letter == b'I' {
        return None;
    }
    let col = letter - b'A' - u8::from(letter > b'I');
    let row = match digits {
        [d] if d.is_ascii_digit() => d - b'0',
        [d, e] if (b'1'..=b'9').contains(d) && e.is_ascii_digit() => (d - b'0') * 10 + (e - b'0'),
        _ => return None,
    };
    Some((col, row))
}

/// The points a list value covers, for finding repeats: a point, or every
/// point of a rectangle (corners in any order), as (column, row); `None`
/// when the value is neither.
pub fn covered(value: &str) -> Option<(Point, Point)> {
    match value.split_once(':') {
        Some((a, b)) => Some(rectangle(Point::parse(a)?, Point::parse(b)?)),
        None => Point::parse(value).map(|p| (p, p)),
    }
}

/// The points of a list seen so far, for finding repeats (`AB[aa][aa]`,
/// `AB[aa:cc][bb]`): one bit per point of a 52×52 board.
#[derive(Clone)]
pub struct Seen([u64; Seen::WORDS]);

impl Default for Seen {
    fn default() -> Self {
        Seen([0; Seen::WORDS])
    }
}

impl Seen {
    const SIDE: usize = MAX_SIDE as usize;
    const WORDS: usize = (Self::SIDE * Self::SIDE).div_ceil(64);

    fn bit(p: Point) -> (usize, u64) {
        let i = p.y as usize * Self::SIDE + p.x as usize;
        (i / 64, 1 << (i % 64))
    }

    /// Whether every point of the rectangle `lo`–`hi` was seen already.
    pub fn covers(&self, lo: Point, hi: Point) -> bool {
        (lo.y..=hi.y).all(|y| {
            (lo.x..=hi.x).all(|x| {
                let (w, m) = Seen::bit(Point { x, y });
                self.0[w] & m != 0
            })
        })
    }

    /// Marks every point of the rectangle `lo`–`hi` as seen.
    pub fn add(&mut self, lo: Point, hi: Point) {
        for y in lo.y..=hi.y {
            for x in lo.x..=hi.x {
                let (w, m) = Seen::bit(Point { x, y });
                self.0[w] |= m;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S19: Size = Size::DEFAULT;

    fn rewritten(v: &str, how: How) -> Checked {
        Checked::Rewritten(v.to_string(), how)
    }

    #[test]
    fn sizes() {
        assert_eq!(Size::of_sz("19"), Some(S19));
        assert_eq!(Size::of_sz("19:13"), Some(Size { cols: 19, rows: 13 }));
        assert_eq!(Size::of_sz("52"), Some(Size { cols: 52, rows: 52 }));
        for bad in ["53", "0", "x", "19:0", ""] {
            assert_eq!(Size::of_sz(bad), None, "{bad}");
        }
    }

    #[test]
    fn points_on_and_off_the_board() {
        assert_eq!(point("pd", S19), Checked::Valid);
        assert_eq!(point("ss", S19), Checked::Valid);
        assert_eq!(point("zz", S19), Checked::OffBoard(S19));
        assert_eq!(point("st", S19), Checked::OffBoard(S19));
        let wide = Size { cols: 19, rows: 13 };
        assert_eq!(point("sm", wide), Checked::Valid);
        assert_eq!(point("mn", wide), Checked::OffBoard(wide));
        let big = Size { cols: 52, rows: 52 };
        assert_eq!(point("ZZ", big), Checked::Valid);
        assert_eq!(
            point("Aa", Size { cols: 26, rows: 26 }).to_string(),
            "off the 26×26 board"
        );
        assert_eq!(point("p", S19), Checked::NotAPoint(Why::NotTwoLetters));
        assert_eq!(point("p d", S19), Checked::NotAPoint(Why::NotTwoLetters));
        assert_eq!(point("", S19), Checked::NotAPoint(Why::Empty));
    }

    #[test]
    fn moves() {
        assert_eq!(move_value("", S19), Checked::Valid);
        assert_eq!(move_value("tt", S19), Checked::Valid);
        let s21 = Size { cols: 21, rows: 21 };
        assert_eq!(move_value("tt", s21), Checked::Valid, "a point on 21×21");
        assert_eq!(move_value("uu", s21), Checked::Valid);
        assert_eq!(move_value("vv", s21), Checked::OffBoard(s21));
        assert_eq!(
            move_value("tt", Size { cols: 19, rows: 21 }),
            Checked::OffBoard(Size { cols: 19, rows: 21 })
        );
        for pass in ["Pass", "pass", "PASS"] {
            assert_eq!(move_value(pass, S19), rewritten("", How::PassWord));
        }
        assert_eq!(move_value("zz", S19).to_string(), "off the 19×19 board");
    }

    #[test]
    fn human_readable_coordinates() {
        // Columns A–T without I, rows from the bottom.
        assert_eq!(coordinate("R16"), Some((16, 16)));
        assert_eq!(coordinate("j1"), Some((8, 1)));
        assert_eq!(coordinate("H8"), Some((7, 8)));
        for not in ["I5", "R016", "R 16", "R", "16", "RR", "R100", "R0x"] {
            assert_eq!(coordinate(not), None, "{not}");
        }
        assert_eq!(move_value("R16", S19), rewritten("qd", How::Coordinate));
        assert_eq!(
            move_value("W[Q4]".get(2..4).unwrap(), S19),
            rewritten("pp", How::Coordinate)
        );
        assert_eq!(move_value("A1", S19), rewritten("as", How::Coordinate));
        assert_eq!(move_value("T19", S19), rewritten("sa", How::Coordinate));
        assert_eq!(move_value("J10", S19), rewritten("ij", How::Coordinate));
        let nine = Size { cols: 9, rows: 9 };
        assert_eq!(move_value("E5", nine), rewritten("ee", How::Coordinate));
        assert_eq!(move_value("C7", nine), rewritten("cc", How::Coordinate));
        let wide = Size { cols: 19, rows: 13 };
        assert_eq!(move_value("A13", wide), rewritten("aa", How::Coordinate));
        // Off the board, or on a board the letters do not cover: kept.
        assert_eq!(
            move_value("T20", S19),
            Checked::NotAPoint(Why::CoordinateOffBoard(S19))
        );
        assert_eq!(
            move_value("K5", nine),
            Checked::NotAPoint(Why::CoordinateOffBoard(nine))
        );
        assert_eq!(
            move_value("A0", S19),
            Checked::NotAPoint(Why::CoordinateOffBoard(S19))
        );
        let big = Size { cols: 26, rows: 26 };
        assert_eq!(
            move_value("R16", big),
            Checked::NotAPoint(Why::BoardTooLarge(big))
        );
        let msg = move_value("R16", S19).to_string();
        assert_eq!(msg, "written qd (read as a human-readable coordinate)");
    }

    #[test]
    fn rectangles() {
        assert_eq!(list_value("aa:cc", S19, false), Checked::Valid);
        assert_eq!(
            list_value("cc:aa", S19, false),
            rewritten("aa:cc", How::Reordered)
        );
        assert_eq!(
            list_value("ca:ac", S19, false),
            rewritten("aa:cc", How::Reordered)
        );
        assert_eq!(
            list_value("ac:ca", S19, false),
            rewritten("aa:cc", How::Reordered)
        );
        assert_eq!(
            list_value("dd:dd", S19, false),
            rewritten("dd", How::OnePoint)
        );
        assert_eq!(list_value("aa:zz", S19, false), Checked::OffBoard(S19));
        assert_eq!(
            list_value("aa:c", S19, false),
            Checked::NotAPoint(Why::NotTwoLetters)
        );
        assert_eq!(list_value("", S19, true), Checked::Valid);
        assert_eq!(list_value("", S19, false), Checked::NotAPoint(Why::Empty));
        assert_eq!(
            list_value("D4", S19, false),
            rewritten("dp", How::Coordinate)
        );
    }

    #[test]
    fn repeats() {
        let mut seen = Seen::default();
        let (lo, hi) = covered("cc:aa").unwrap();
        assert!(!seen.covers(lo, hi));
        seen.add(lo, hi);
        let (lo, hi) = covered("bb").unwrap();
        assert!(seen.covers(lo, hi));
        let (lo, hi) = covered("bb:dd").unwrap();
        assert!(!seen.covers(lo, hi));
        let (lo, hi) = covered("ZZ").unwrap();
        assert!(!seen.covers(lo, hi));
        seen.add(lo, hi);
        assert!(seen.covers(lo, hi));
        assert_eq!(covered("a1"), None);
    }
}
