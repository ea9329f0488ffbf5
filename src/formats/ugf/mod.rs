//! PandaNet (IGS) UGF/UGI: reader and writer. `formats/ugf.md` describes the
//! format; this module implements exactly that text.
//!
//! * [`read`]: `[Header]` → game info, `[Data]` → main line, `[Figure]`
//!   `.Text` → comments and labels, `.Fig` → variations (or separate game
//!   trees), `[ReviewNode]`/`[ReviewComment]` → the review tree. Sections with
//!   no SGF home are kept as `Meta` events and in the private root property
//!   `XUGFS`; header values the mapping cannot reproduce in `XUGFH`.
//! * [`writer`]: SGF → UGF, the inverse of the reader.

mod header;
mod reader;
mod records;
mod writer;

use crate::board::Board;
use crate::diag::Code;
use crate::game::{Game, NodeId};
use crate::stone::{Colour, Point};

pub use reader::read;
pub use writer::writer;

// Reader diagnostics (300–349).
/// `Crypt` is not `PLAIN_UGF_FILE`: the file is refused.
pub const E_ENCRYPTED: Code = Code::new("E300", "ugf-encrypted");
/// Neither `[Header]` nor `[Data]`, or a compressed `.ugz`: the file is
/// refused.
pub const E_NOT_UGF: Code = Code::new("E301", "ugf-not-ugf");
/// A line is longer than `--max-value-size` (an endless line, or not a
/// UGF file): the input is refused, not held.
pub const E_LINE_TOO_LONG: Code = Code::new("E349", "ugf-line-too-long");
/// `Lang` names no known character set.
pub const W_UNKNOWN_LANG: Code = Code::new("W302", "ugf-unknown-lang");
/// `Lang` names one character set, and the bytes are UTF-8.
pub const I_LANG_MISMATCH: Code = Code::new("I303", "ugf-lang-mismatch");
/// Bytes not valid in the character set became U+FFFD.
pub const W_UNDECODABLE: Code = Code::new("W304", "ugf-undecodable-bytes");
/// A `CoordinateType` other than `IGS` or `JPN`: read as `JPN`.
pub const W_COORDINATE_TYPE: Code = Code::new("W305", "ugf-unknown-coordinate-type");
/// A header value not understood (or a `Size` outside 2..25): kept in
/// `XUGFH`.
pub const W_HEADER_VALUE: Code = Code::new("W306", "ugf-header-value");
/// An unknown header key: kept in `XUGFH`.
pub const I_HEADER_KEPT: Code = Code::new("I307", "ugf-header-kept");
/// A line that cannot be read: dropped.
pub const E_BAD_LINE: Code = Code::new("E308", "ugf-bad-line");
/// A move without a colour: the colour was inferred.
pub const W_COLOUR_INFERRED: Code = Code::new("W309", "ugf-colour-inferred");
/// Move numbers that are not consecutive.
pub const W_MOVE_NUMBER: Code = Code::new("W310", "ugf-move-number");
/// An off-board review move (read as a pass) or label (dropped, as an
/// error).
pub const W_OFF_BOARD: Code = Code::new("W311", "ugf-off-board");
/// A `.Text` or `.Fig` block that is not closed.
pub const W_UNTERMINATED: Code = Code::new("W312", "ugf-unterminated-block");
/// A `.Text` block for a move the game lacks.
pub const W_NO_SUCH_MOVE: Code = Code::new("W313", "ugf-no-such-move");
/// A `.Fig` kept as a game tree of its own.
pub const I_FIGURE_TREE: Code = Code::new("I314", "ugf-figure-separate-tree");
/// Unbalanced `VARIATION` blocks or duplicate node ids in the review tree.
pub const W_REVIEW_STRUCTURE: Code = Code::new("W315", "ugf-review-structure");
/// A comment for an unknown review node id: put on the root.
pub const W_NO_SUCH_NODE: Code = Code::new("W316", "ugf-no-such-review-node");
/// `[Data]` and `[ReviewNode]` disagree.
pub const W_REVIEW_DATA: Code = Code::new("W317", "ugf-review-data-mismatch");
/// A section kept in `XUGFS`.
pub const I_SECTION_KEPT: Code = Code::new("I318", "ugf-section-kept");
/// A move-0 (setup) stone after the first move.
pub const W_SETUP_LATE: Code = Code::new("W319", "ugf-late-setup-stone");
/// A second label on the same point of a node: dropped.
pub const E_LABEL: Code = Code::new("E320", "ugf-duplicate-label");
/// The file holds several records one after another (a `[Header]` after a
/// `[Data]` section): read as one game each.
pub const W_SEVERAL_RECORDS: Code = Code::new("W321", "ugf-several-records");

// Writer diagnostics (440–449).
/// What the UGF writer could not carry, listed once per game.
pub const W_WRITER_LOSS: Code = Code::new("W440", "ugf-writer-loss");
/// A second game: not written (a UGF file holds one).
pub const E_EXTRA_GAME: Code = Code::new("E441", "ugf-extra-game");
/// A board larger than 25×25: refused.
pub const E_UNWRITABLE_SIZE: Code = Code::new("E442", "ugf-unwritable-size");

/// Root property: header fields kept verbatim (`Key:raw value`).
pub(crate) const PROP_HEADER: &str = "XUGFH";
/// Root property: sections kept verbatim (`Name:lines`).
pub(crate) const PROP_SECTION: &str = "XUGFS";
/// Root property of a game that is a `.Fig` diagram of the preceding game
/// (value: the move number N of its `.Fig` line).
pub(crate) const PROP_FIGURE: &str = "XUGFFIG";
/// Move property: the `[Data]` time field when it is not `0`.
pub(crate) const PROP_SECONDS: &str = "XUGFSEC";
/// Move property: the player number of a pair/team game when it is not 1.
pub(crate) const PROP_PLAYER: &str = "XUGFPLAYER";

/// Looks like UGF/UGI: the first section is `[Header]` (after optional BOM,
/// blank lines and `#` comment lines).
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    for line in head.split(|&b| b == b'\n' || b == b'\r') {
        let t = line.trim_ascii();
        if t.is_empty() || t.starts_with(b"#") {
            continue;
        }
        return t.eq_ignore_ascii_case(b"[Header]");
    }
    false
}

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

/// Plays a node's setup stones and move on a board.
pub(crate) fn apply_node(b: &mut Board, n: &crate::game::Node) {
    for p in n.props() {
        let stone = match p.name {
            "AB" | "B" => Some(Colour::Black),
            "AW" | "W" => Some(Colour::White),
            "AE" => None,
            _ => continue,
        };
        for v in p.values().iter() {
            for pt in sgf_points(v) {
                match (p.name, stone) {
                    ("B" | "W", Some(s)) => {
                        b.play(s, pt);
                    }
                    (_, s) => {
                        b.setup(pt, s);
                    }
                }
            }
        }
    }
}

/// The position after `node`: setup stones and moves from the root, with
/// captures. `tt` and empty values are passes.
pub(crate) fn position(game: &Game, node: NodeId, size: u8) -> Board {
    let mut path = vec![node];
    let mut at = node;
    while let Some(p) = game.get(at).and_then(|n| n.parent()) {
        path.push(p);
        at = p;
    }
    let mut b = Board::square(size);
    for &id in path.iter().rev() {
        if let Some(n) = game.get(id) {
            apply_node(&mut b, &n);
        }
    }
    b
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
    fn sniffs_the_header_section() {
        assert!(sniff(b"[Header]\r\nVer=UGF3,200\r\n"));
        assert!(sniff(b"\xEF\xBB\xBF# made by hand\n\n[HEADER]\n"));
        assert!(!sniff(b"(;GM[1])"));
        assert!(!sniff(b"[Data]\nQP,B1,1,0\n"));
    }

    #[test]
    fn sgf_points_round_trip() {
        assert_eq!(parse_sgf_point("qd"), Some(Point::new(16, 3)));
        assert_eq!(parse_sgf_point(""), None);
        assert_eq!(sgf_point(Point::new(30, 0)), "Ea");
        assert_eq!(parse_sgf_point("Ea"), Some(Point::new(30, 0)));
    }
}
