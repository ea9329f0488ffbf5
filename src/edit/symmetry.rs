//! The board's symmetries (`--rotate`, `--mirror`, `--flip`, `--transpose`)
//! as arithmetic on points: what a turn does to one point, a rectangle of
//! a point list, and the board's size.
//!
//! A [`Symmetry`] is a sequence of steps (`options::BoardStep`), applied in order to a point
//! of a board of `columns × rows` (SGF: the first letter the column, left
//! to right, the second the row, top to bottom; `a`–`z` 1–26, `A`–`Z`
//! 27–52). A quarter turn or a transposition exchanges columns and rows:
//! the next step sees the board so turned.

/// A board's size: columns and rows.
pub type Size = (u32, u32);

use crate::options::BoardStep as Step;

/// A sequence of steps applied in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symmetry(pub Vec<Step>);

impl Symmetry {
    /// The board after the steps: columns and rows exchanged by each
    /// quarter turn and transposition.
    pub fn size_after(&self, size: Size) -> Size {
        self.0.iter().fold(size, |s, &step| step.size_after(s))
    }

    /// Point `(x, y)` (from 0) of a board of `size` after the steps;
    /// `None` off the board.
    pub fn point(&self, (x, y): (u32, u32), size: Size) -> Option<(u32, u32)> {
        if x >= size.0 || y >= size.1 {
            return None;
        }
        let mut at = ((x, y), size);
        for &step in &self.0 {
            at = (step.point(at.0, at.1), step.size_after(at.1));
        }
        Some(at.0)
    }

    /// The SGF point `text` (`pd`) of a board of `size` after the steps;
    /// `None` for what is no point on that board.
    pub fn sgf_point(&self, text: &str, size: Size) -> Option<String> {
        let p = self.point(parse(text)?, size)?;
        Some(spell(p))
    }

    /// The rectangle `a:b` of a point list (`aa:cc`) after the steps, its
    /// corners written top-left first as FF[4] wants.
    pub fn sgf_rectangle(&self, a: &str, b: &str, size: Size) -> Option<String> {
        let p = self.point(parse(a)?, size)?;
        let q = self.point(parse(b)?, size)?;
        let top_left = (p.0.min(q.0), p.1.min(q.1));
        let bottom_right = (p.0.max(q.0), p.1.max(q.1));
        Some(format!("{}:{}", spell(top_left), spell(bottom_right)))
    }
}

/// What one step does.
trait Turns {
    fn size_after(self, size: Size) -> Size;
    fn point(self, at: (u32, u32), size: Size) -> (u32, u32);
}

impl Turns for Step {
    fn size_after(self, (w, h): Size) -> Size {
        match self {
            Step::Quarter | Step::Transpose => (h, w),
            Step::Mirror | Step::Flip => (w, h),
        }
    }

    fn point(self, (x, y): (u32, u32), (w, h): Size) -> (u32, u32) {
        match self {
            Step::Quarter => (h - 1 - y, x),
            Step::Mirror => (w - 1 - x, y),
            Step::Flip => (x, h - 1 - y),
            Step::Transpose => (y, x),
        }
    }
}

/// A coordinate letter from 0: `a`–`z` 0–25, `A`–`Z` 26–51.
fn coordinate(c: u8) -> Option<u32> {
    match c {
        b'a'..=b'z' => Some(u32::from(c - b'a')),
        b'A'..=b'Z' => Some(u32::from(c - b'A') + 26),
        _ => None,
    }
}

/// The letter of a coordinate from 0 (at most 51).
fn letter(n: u32) -> char {
    let n = n.min(51) as u8;
    char::from(if n < 26 { b'a' + n } else { b'A' + n - 26 })
}

/// An SGF point of two letters, from 0.
fn parse(text: &str) -> Option<(u32, u32)> {
    match text.as_bytes() {
        [x, y] => Some((coordinate(*x)?, coordinate(*y)?)),
        _ => None,
    }
}

fn spell((x, y): (u32, u32)) -> String {
    [letter(x), letter(y)].into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sym(steps: &[Step]) -> Symmetry {
        Symmetry(steps.to_vec())
    }

    #[test]
    fn a_quarter_turn_takes_the_top_left_corner_to_the_top_right() {
        let q = sym(&[Step::Quarter]);
        assert_eq!(q.sgf_point("aa", (19, 19)).as_deref(), Some("sa"));
        assert_eq!(q.sgf_point("sa", (19, 19)).as_deref(), Some("ss"));
        // pd (16-4 in the upper right) goes to the lower right.
        assert_eq!(q.sgf_point("pd", (19, 19)).as_deref(), Some("pp"));
        assert_eq!(
            sym(&[Step::Mirror]).sgf_point("pd", (19, 19)).as_deref(),
            Some("dd")
        );
        assert_eq!(
            sym(&[Step::Flip]).sgf_point("pd", (19, 19)).as_deref(),
            Some("pp")
        );
        assert_eq!(
            sym(&[Step::Transpose]).sgf_point("pd", (19, 19)).as_deref(),
            Some("dp")
        );
    }

    #[test]
    fn a_rectangular_board_turns_into_its_rows_by_its_columns() {
        // 5 columns, 3 rows: the top-right corner (ea) goes to the bottom
        // right of the 3 × 5 board (ce).
        let q = sym(&[Step::Quarter]);
        assert_eq!(q.size_after((5, 3)), (3, 5));
        assert_eq!(q.sgf_point("ea", (5, 3)).as_deref(), Some("ce"));
        assert_eq!(q.sgf_point("ac", (5, 3)).as_deref(), Some("aa"));
        assert_eq!(q.sgf_point("fa", (5, 3)), None);
        assert_eq!(sym(&[Step::Mirror]).size_after((5, 3)), (5, 3));
    }

    #[test]
    fn four_quarter_turns_and_two_mirrors_give_every_point_back() {
        for size in [(19, 19), (5, 3), (52, 7), (1, 1)] {
            let four = sym(&[Step::Quarter; 4]);
            let twice = [Step::Mirror, Step::Flip, Step::Transpose];
            for x in 0..size.0 {
                for y in 0..size.1 {
                    assert_eq!(four.point((x, y), size), Some((x, y)));
                    for s in twice {
                        assert_eq!(sym(&[s, s]).point((x, y), size), Some((x, y)));
                    }
                    // Two quarter turns are a mirror and a flip.
                    let half = sym(&[Step::Quarter, Step::Quarter]).point((x, y), size);
                    assert_eq!(half, sym(&[Step::Mirror, Step::Flip]).point((x, y), size));
                }
            }
        }
    }

    #[test]
    fn rectangles_keep_their_corners_in_order_and_big_boards_their_capitals() {
        let q = sym(&[Step::Quarter]);
        assert_eq!(
            q.sgf_rectangle("aa", "cb", (19, 19)).as_deref(),
            Some("ra:sc")
        );
        assert_eq!(
            sym(&[Step::Mirror]).sgf_point("aa", (52, 52)).as_deref(),
            Some("Za")
        );
        assert_eq!(
            sym(&[Step::Mirror]).sgf_point("Za", (52, 52)).as_deref(),
            Some("aa")
        );
        assert_eq!(q.sgf_point("p", (19, 19)), None);
        assert_eq!(q.sgf_point("p1", (19, 19)), None);
    }
}
