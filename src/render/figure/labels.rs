//! The board of a picture and its labels: its size, its star points, and
//! the names of its columns, rows and points in each coordinate style.

use crate::board::Board;
use crate::game::Game;
use crate::options::Coords;
use crate::stone::Point;

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
