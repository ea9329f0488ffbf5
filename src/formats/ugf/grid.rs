//! Points as UGF and SGF write them.
//!
//! Points as UGF writes them ([`Grid`]: two letters or 1-based numbers,
//! rows from the top or, with `CoordinateType=IGS`, from the bottom) and as
//! SGF writes them (letters, compressed rectangles).

use crate::stone::Point;

/// How points are written: board size and row orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    pub size: u8,
    /// `CoordinateType=IGS`: rows count from the bottom.
    pub igs: bool,
}

/// A point read from the file: on the board, or a pass (off the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spot {
    At(Point),
    Pass,
}

impl Grid {
    /// Row index from the top for a row counted (0-based) in the file's
    /// orientation.
    fn row_from_file(self, r: u8) -> u8 {
        if self.igs {
            self.size.saturating_sub(1).saturating_sub(r)
        } else {
            r
        }
    }

    /// A two-letter point (`QP`); letters beyond the board (`YA`) are a pass.
    pub(crate) fn letters(&self, s: &str) -> Option<Spot> {
        let b = s.trim().as_bytes();
        let [c, r] = b else { return None };
        if !c.is_ascii_alphabetic() || !r.is_ascii_alphabetic() {
            return None;
        }
        let c = c.to_ascii_uppercase() - b'A';
        let r = r.to_ascii_uppercase() - b'A';
        if c >= self.size || r >= self.size {
            return Some(Spot::Pass);
        }
        Some(Spot::At(Point::new(c, self.row_from_file(r))))
    }

    /// A 1-based numeric point (`.#` labels, `[ReviewNode]`); anything off
    /// the board (`20,20` on 19×19, `0,0`) is a pass.
    pub(crate) fn numeric(&self, x: i64, y: i64) -> Spot {
        let s = self.size as i64;
        if x < 1 || y < 1 || x > s || y > s {
            return Spot::Pass;
        }
        Spot::At(Point::new((x - 1) as u8, self.row_from_file((y - 1) as u8)))
    }

    /// The letters of an on-board point (callers check `p` is on the board;
    /// a board is at most 25 wide, so the letters stay in `A`–`Y`).
    pub(crate) fn to_letters(self, p: Point) -> String {
        let r = self.row_from_file(p.y);
        let mut s = String::with_capacity(2);
        s.push(b'A'.saturating_add(p.x) as char);
        s.push(b'A'.saturating_add(r) as char);
        s
    }

    pub(crate) fn to_numeric(self, p: Point) -> (u32, u32) {
        (p.x as u32 + 1, self.row_from_file(p.y) as u32 + 1)
    }

    /// The letters written for a pass: `YA`, or `ZZ` on a 25×25 board
    /// where `Y` is a column.
    pub(crate) fn pass_letters(&self) -> &'static str {
        if self.size >= 25 {
            "ZZ"
        } else {
            "YA"
        }
    }
}

/// SGF point letters (`a`–`z`, then `A`–`Z`).
pub(crate) fn sgf_point(p: Point) -> String {
    p.to_string()
}

/// Parses SGF point letters; `None` for a pass (`""`) or anything else.
pub(crate) fn parse_sgf_point(s: &str) -> Option<Point> {
    Point::parse(s)
}

/// The points of a point-list value: one point, or a compressed rectangle
/// `aa:cc`. Anything else gives none.
pub(crate) fn sgf_points(v: crate::event::Value<'_>) -> Vec<Point> {
    match point_pair(v) {
        (a, None) => parse_sgf_point(a).into_iter().collect(),
        (a, Some(b)) => match (parse_sgf_point(a), parse_sgf_point(b)) {
            (Some(p), Some(q)) => {
                let mut out = Vec::new();
                for y in p.y.min(q.y)..=p.y.max(q.y) {
                    for x in p.x.min(q.x)..=p.x.max(q.x) {
                        out.push(Point::new(x, y));
                    }
                }
                out
            }
            _ => Vec::new(),
        },
    }
}

/// A value as `(first, Some(second))` when it is a compose pair, whether
/// or not the reader that made it split it (`VW[aa:jj]` may arrive whole).
pub(crate) fn point_pair(v: crate::event::Value<'_>) -> (&str, Option<&str>) {
    match v.parts() {
        (a, None) => match a.split_once(':') {
            Some((x, y)) => (x, Some(y)),
            None => (a, None),
        },
        pair => pair,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn igs_rows_count_from_the_bottom() {
        let igs = Grid {
            size: 19,
            igs: true,
        };
        assert_eq!(igs.letters("QP"), Some(Spot::At(Point::new(16, 3))));
        assert_eq!(sgf_point(Point::new(16, 3)), "qd");
        assert_eq!(igs.to_letters(Point::new(16, 3)), "QP");
        assert_eq!(igs.numeric(17, 16), Spot::At(Point::new(16, 3)));
        assert_eq!(igs.to_numeric(Point::new(16, 3)), (17, 16));
        let jpn = Grid {
            size: 19,
            igs: false,
        };
        assert_eq!(jpn.letters("QP"), Some(Spot::At(Point::new(16, 15))));
        assert_eq!(jpn.numeric(17, 16), Spot::At(Point::new(16, 15)));
    }

    #[test]
    fn off_board_points_are_passes() {
        let g = Grid {
            size: 19,
            igs: true,
        };
        for p in ["YA", "YB", "YR", "YS", "YZ", "ZZ", "TA"] {
            assert_eq!(g.letters(p), Some(Spot::Pass), "{p}");
        }
        assert_eq!(g.numeric(20, 20), Spot::Pass);
        assert_eq!(g.numeric(0, 0), Spot::Pass);
        assert_eq!(g.letters("Q"), None);
        assert_eq!(g.letters("Q1"), None);
    }

    #[test]
    fn sgf_points_round_trip() {
        assert_eq!(parse_sgf_point("qd"), Some(Point::new(16, 3)));
        assert_eq!(parse_sgf_point(""), None);
        assert_eq!(sgf_point(Point::new(30, 0)), "Ea");
        assert_eq!(parse_sgf_point("Ea"), Some(Point::new(30, 0)));
    }
}
