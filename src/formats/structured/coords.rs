//! Board coordinates as the move-list formats write them: SGF letters
//! (`pd`), GTP vertices (`Q16`, no `I`, rows counted from the bottom) and
//! 0-based `x`,`y` from the top-left corner.

use crate::stone::Point;

/// GTP column letters: `A`..`Z` without `I` (25 columns).
pub(crate) const GTP_COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// `pd` → `(15, 3)`. `None` for anything but two coordinate letters
/// ([`Point::parse`]).
pub fn sgf_to_xy(point: &str) -> Option<(u32, u32)> {
    Point::parse(point).map(|p| (u32::from(p.x), u32::from(p.y)))
}

/// `(15, 3)` → `pd` ([`Point::at`]).
pub fn xy_to_sgf(x: u32, y: u32) -> Option<String> {
    Point::at(x, y).map(|p| p.to_string())
}

/// A move value that means pass: empty, or `tt` on boards up to 19×19.
pub fn is_pass(value: &str, size: (u32, u32)) -> bool {
    value.is_empty() || (value == "tt" && size.0 <= 19 && size.1 <= 19)
}

/// `(15, 3)` on a board 19 high → `Q16`. `None` beyond 25 columns or
/// outside the board.
pub fn xy_to_gtp(x: u32, y: u32, height: u32) -> Option<String> {
    let col = *GTP_COLUMNS.get(x as usize)? as char;
    if y >= height {
        return None;
    }
    Some(format!("{col}{}", height - y))
}

/// `Q16` (any case) on a board 19 high → `(15, 3)`.
pub fn gtp_to_xy(vertex: &str, height: u32) -> Option<(u32, u32)> {
    let v = vertex.trim().to_ascii_uppercase();
    let mut chars = v.chars();
    let col = chars.next()?;
    let x = GTP_COLUMNS.iter().position(|&c| c as char == col)? as u32;
    let row: u32 = chars.as_str().parse().ok()?;
    if row == 0 || row > height {
        return None;
    }
    Some((x, height - row))
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

/// The points of one point-list value (the reading of the values' home).
pub use crate::values::expand_points;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_systems_agree() {
        assert_eq!(sgf_to_xy("pd"), Some((15, 3)));
        assert_eq!(xy_to_gtp(15, 3, 19).as_deref(), Some("Q16"));
        assert_eq!(xy_to_gtp(3, 15, 19).as_deref(), Some("D4"));
        assert_eq!(gtp_to_xy("q16", 19), Some((15, 3)));
        assert_eq!(xy_to_sgf(15, 3).as_deref(), Some("pd"));
        // Column J is the 9th column: I is skipped.
        assert_eq!(xy_to_gtp(8, 0, 9).as_deref(), Some("J9"));
        assert_eq!(sgf_to_xy("Aa"), Some((26, 0)));
        assert_eq!(xy_to_gtp(25, 0, 30), None);
        assert_eq!(sgf_to_xy("p"), None);
        assert_eq!(gtp_to_xy("I5", 19), None);
        assert_eq!(gtp_to_xy("A20", 19), None);
    }

    #[test]
    fn sizes_passes_and_rectangles() {
        assert_eq!(board_size(Some("13")), (13, 13));
        assert_eq!(board_size(Some("19:9")), (19, 9));
        assert_eq!(board_size(Some("x")), (19, 19));
        assert!(is_pass("tt", (19, 19)));
        assert!(!is_pass("tt", (21, 21)));
    }
}
