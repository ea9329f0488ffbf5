//! The colour of a stone and a point of the board: the two words every
//! board, reader, writer and rule that follows moves shares.
//!
//! A point is written in SGF as two letters, `a`–`z` then `A`–`Z`, column
//! first, from the top left: `pd` is column 15, row 3. Boards go up to 52
//! points a side ([`MAX_SIDE`]). Besides, the two facts a move's value
//! needs of its board: its size from `SZ` ([`board_size`]) and which value
//! is a pass ([`is_pass`]). This module knows nothing else: where a point
//! lies on a given board, and what a move does there, is the board's
//! ([`crate::board`]).

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

    /// The identifier of its setup stones: `"AB"` or `"AW"`.
    pub fn setup_id(self) -> &'static str {
        match self {
            Colour::Black => "AB",
            Colour::White => "AW",
        }
    }

    /// `"black"` or `"white"`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// The colour of a move identifier (`B`, `W`); `None` for any other.
    pub fn of_move(id: &str) -> Option<Colour> {
        match id {
            "B" => Some(Colour::Black),
            "W" => Some(Colour::White),
            _ => None,
        }
    }
}

/// A point as SGF letters give it: 0-based column from the left and row
/// from the top. It may lie off a given board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// Column, 0 for `a`.
    pub x: u8,
    /// Row, 0 for `a`.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point at column `x`, row `y` when both have a letter (below
    /// [`MAX_SIDE`]).
    pub fn at(x: u32, y: u32) -> Option<Point> {
        let side = |i: u32| u8::try_from(i).ok().filter(|i| *i < MAX_SIDE);
        Some(Point::new(side(x)?, side(y)?))
    }

    /// The point of two SGF letters (`"pd"`; `a`–`z` are 0–25, `A`–`Z`
    /// 26–51); `None` when `s` is not two letters.
    pub fn parse(s: &str) -> Option<Point> {
        match s.as_bytes() {
            [x, y] => Some(Point::new(coordinate(*x)?, coordinate(*y)?)),
            _ => None,
        }
    }

    /// [`Point::parse`], for a point on a board of `cols` × `rows`
    /// (`None` off it: `tt` on 19×19 is no point).
    pub fn parse_on(s: &str, cols: u32, rows: u32) -> Option<Point> {
        Point::parse(s).filter(|p| u32::from(p.x) < cols && u32::from(p.y) < rows)
    }

    /// The SGF letter of a coordinate (`a`–`z`, then `A`–`Z`); `None` from
    /// [`MAX_SIDE`] on.
    pub fn letter(i: u8) -> Option<char> {
        match i {
            0..=25 => Some((b'a' + i) as char),
            26..=51 => Some((b'A' + i - 26) as char),
            _ => None,
        }
    }

    /// The two SGF letters of the point, on the stack (`?` for a
    /// coordinate without a letter): [`Point::as_str`] reads them.
    pub fn letters(self) -> [u8; 2] {
        let l = |i| Point::letter(i).map_or(b'?', |c| c as u8);
        [l(self.x), l(self.y)]
    }

    /// `letters` (from [`Point::letters`]) as text.
    pub fn as_str(letters: &[u8; 2]) -> &str {
        std::str::from_utf8(letters).unwrap_or("??")
    }
}

impl fmt::Display for Point {
    /// The SGF letters of the point (`?` for a coordinate without one).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Point::as_str(&self.letters()))
    }
}

/// The coordinate of one SGF letter.
fn coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// A move value that means pass: empty, or `tt` on boards up to 19×19.
pub fn is_pass(value: &str, size: (u32, u32)) -> bool {
    value.is_empty() || (value == "tt" && size.0 <= 19 && size.1 <= 19)
}

/// `SZ` value → (columns, rows): `19`, `19:13`; 19×19 when absent or bad.
pub fn board_size(sz: Option<&str>) -> (u32, u32) {
    let parse = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=52).contains(n))
    };
    match sz {
        Some(s) => match s.split_once(':') {
            Some((a, b)) => match (parse(a), parse(b)) {
                (Some(a), Some(b)) => (a, b),
                _ => (19, 19),
            },
            None => parse(s).map_or((19, 19), |n| (n, n)),
        },
        None => (19, 19),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_and_write_their_letters() {
        assert_eq!(Point::parse("pd"), Some(Point::new(15, 3)));
        assert_eq!(Point::parse("Ba"), Some(Point::new(27, 0)));
        assert_eq!(Point::parse("p"), None);
        assert_eq!(Point::parse("p1"), None);
        assert_eq!(Point::new(3, 15).to_string(), "dp");
        assert_eq!(Point::new(27, 0).to_string(), "Ba");
        assert_eq!(Point::new(52, 0).to_string(), "?a");
        assert_eq!(Point::at(51, 0), Some(Point::new(51, 0)));
        assert_eq!(Point::at(52, 0), None);
        assert_eq!(Point::parse_on("tt", 19, 19), None);
        assert_eq!(Point::parse_on("ss", 19, 19), Some(Point::new(18, 18)));
        assert_eq!(Point::letter(52), None);
    }

    #[test]
    fn colours_name_their_properties() {
        assert_eq!(Colour::Black.opponent(), Colour::White);
        assert_eq!(Colour::White.move_id(), "W");
        assert_eq!(Colour::White.setup_id(), "AW");
        assert_eq!(Colour::of_move("B"), Some(Colour::Black));
        assert_eq!(Colour::of_move("AB"), None);
        assert_eq!(Colour::Black.name(), "black");
    }
}
