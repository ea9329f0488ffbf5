//! Point-list values (`AB`, `AW`, `AE`, markup): one point, or a
//! compressed rectangle of points (`FF[4]` "compressed point lists",
//! `aa:cc`), expanded into its points.

use crate::stone::Point;

/// The points of one point-list value: `pd`, or a compressed rectangle
/// `aa:cc` (`FF[4]`) expanded row by row. Anything else is returned as is.
pub fn expand_points(value: &str) -> Vec<String> {
    if let Some((a, b)) = value.split_once(':') {
        if let (Some(p), Some(q)) = (Point::parse(a), Point::parse(b)) {
            let mut out = Vec::new();
            for y in p.y.min(q.y)..=p.y.max(q.y) {
                for x in p.x.min(q.x)..=p.x.max(q.x) {
                    out.extend(Point::at(u32::from(x), u32::from(y)).map(|p| p.to_string()));
                }
            }
            return out;
        }
    }
    vec![value.to_string()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_are_expanded_row_by_row() {
        assert_eq!(expand_points("aa:bb"), ["aa", "ba", "ab", "bb"]);
        assert_eq!(expand_points("bb:aa"), ["aa", "ba", "ab", "bb"]);
        assert_eq!(expand_points("Aa:Ba"), ["Aa", "Ba"]);
        assert_eq!(expand_points("pd"), ["pd"]);
        assert_eq!(expand_points("p:q"), ["p:q"]);
    }
}
