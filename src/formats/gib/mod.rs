//! Tygem GIB (also Tom / eWeiqi / 棋城): reader and writer.
//!
//! `formats/gib.md` describes the format; this module implements exactly
//! that text. A GIB record is one linear game: a header of `\[KEY=value\]`
//! lines between `\HS` and `\HE`, then records (`INI`, `STO`, `SKI`...)
//! between `\GS` and `\GE`. A file holding several such `\HS … \GE` blocks
//! one after another is read as a collection, one game per block.
//!
//! * [`read`]: the file's structure (`document`) in the character set its
//!   bytes and `GIBOKIND` imply (`charset`), then the game: root properties
//!   from the header, one node per move.
//! * [`writer`]: SGF → GIB, the inverse of the reader; the original header
//!   kept in `XGIB` is written back where it still holds.
//! * `values`: header values ↔ SGF values, used both ways.

mod charset;
pub mod codes;
mod document;
mod reader;
mod records;
mod values;
mod write_decide;
mod write_header;
mod write_outline;
mod writer;

pub use crate::formats::lines::{
    format_tenths, handicap_points, parse_date, parse_result_text, ResultText,
};
pub use charset::{repair_double_encoding, repair_utf16_ascii};
pub use reader::read;
pub use values::{normalize_rank, rank_from_level, result_from_code, UnknownCode};
pub use writer::writer;

/// The longest player name the GIB writer writes, in bytes (names in GIB
/// files are logins of a few dozen bytes; GIB repeats a name six times).
pub const MAX_NAME: usize = 1 << 20;

/// The private root property that keeps the GIB header (`KEY=value` values).
pub const PRIVATE_PROPERTY: &str = "XGIB";

// ---------------------------------------------------------------------------
// Sniffing

/// A GIB file starts (after a BOM and blank space) with `\HS`, a header line
/// `\[`, or a bare game section `\GS`.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let n = head.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let t = head.get(n..).unwrap_or(&[]);
    t.starts_with(b"\\HS") || t.starts_with(b"\\[") || t.starts_with(b"\\GS")
}

// ---------------------------------------------------------------------------
// Shared by the reader and the writer

/// The colour of a stone or a move.
#[derive(Clone, Copy, PartialEq)]
enum Colour {
    Black,
    White,
}

impl Colour {
    /// The SGF move property: `B` or `W`.
    fn sgf(self) -> &'static str {
        match self {
            Colour::Black => "B",
            Colour::White => "W",
        }
    }

    /// The opponent.
    fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

/// `s` cut to 60 characters for a message (`…` marks the cut).
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::lines::{parse_tenths, sgf_point};

    #[test]
    fn tenths_round_trip() {
        assert_eq!(format_tenths(65), "6.5");
        assert_eq!(format_tenths(70), "7");
        assert_eq!(format_tenths(0), "0");
        assert_eq!(format_tenths(-5), "-0.5");
        assert_eq!(parse_tenths("6.5"), Some(65));
        assert_eq!(parse_tenths("7"), Some(70));
        assert_eq!(parse_tenths("-0.5"), Some(-5));
        assert_eq!(parse_tenths("6.50"), Some(65));
        assert_eq!(parse_tenths("6.25"), None);
        assert_eq!(parse_tenths("x"), None);
    }

    #[test]
    fn dates_in_every_form() {
        assert_eq!(
            parse_date("2012:07:15:19:30").as_deref(),
            Some("2012-07-15")
        );
        assert_eq!(
            parse_date("2015- 8-29-22-56-58").as_deref(),
            Some("2015-08-29")
        );
        assert_eq!(
            parse_date("2012年11月22日 下午 6:3").as_deref(),
            Some("2012-11-22")
        );
        assert_eq!(
            parse_date("2025-01-18-16-38-32").as_deref(),
            Some("2025-01-18")
        );
        assert_eq!(
            parse_date("20170316 [09:37]").as_deref(),
            Some("2017-03-16")
        );
        assert_eq!(parse_date("nothing"), None);
        assert_eq!(parse_date("2012-13-01"), None);
    }

    #[test]
    fn result_texts_in_four_languages() {
        let r = |s: &str| match parse_result_text(s) {
            ResultText::Result(r) => r,
            other => format!("{other:?}"),
        };
        assert_eq!(r("white 59.5 win"), "W+59.5");
        assert_eq!(r("black 4 points win"), "B+4");
        assert_eq!(r("white wins by resignation"), "W+R");
        assert_eq!(r("black wins by time"), "B+T");
        assert_eq!(r("white wins by disconnection"), "W+F");
        assert_eq!(r("White loses on time"), "B+T");
        assert_eq!(r("흑 시간승"), "B+T");
        assert_eq!(r("백 불계승"), "W+R");
        assert_eq!(r("흑 3집반승"), "B+3.5");
        assert_eq!(r("白11目胜"), "W+11");
        assert_eq!(r("白7目半胜"), "W+7.5");
        assert_eq!(r("黑1目半胜"), "B+1.5");
        assert_eq!(r("黑中盘胜"), "B+R");
        assert_eq!(r("黑時間勝"), "B+T");
        assert_eq!(r("黒中押し勝ち"), "B+R");
        assert_eq!(r("白3目半勝ち"), "W+3.5");
        assert_eq!(r("무승부"), "0");
        assert_eq!(r("백 반집승"), "W+0.5");
        assert_eq!(r("白半目胜"), "W+0.5");
        assert_eq!(r("Black resigned"), "W+R");
        assert_eq!(r("흑 불계패"), "W+R");
        assert_eq!(r("white wins, black resigned"), "W+R");
        assert_eq!(r(""), "Unknown");
        assert_eq!(r("???"), "Unknown");
    }

    #[test]
    fn tygem_handicap_layout() {
        let pts = |n| {
            handicap_points(19, n)
                .unwrap()
                .into_iter()
                .map(|(x, y)| sgf_point(x, y).unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(pts(2), "pd dp");
        assert_eq!(pts(3), "pd dp dd");
        assert_eq!(pts(4), "pd dp dd pp");
        assert_eq!(pts(5), "pd dp dd pp jj");
        assert_eq!(pts(6), "pd dp dd pp dj pj");
        assert_eq!(pts(7), "pd dp dd pp dj pj jj");
        assert_eq!(pts(8), "pd dp dd pp dj pj jd jp");
        assert_eq!(pts(9), "pd dp dd pp dj pj jd jp jj");
        assert_eq!(handicap_points(19, 10), None);
        assert_eq!(handicap_points(18, 5), None);
        assert_eq!(handicap_points(9, 2), Some(vec![(6, 2), (2, 6)]));
    }

    #[test]
    fn sniffs_headers() {
        assert!(sniff(b"\\HS\r\n\\[GIBOKIND=Global\\]"));
        assert!(sniff(b"\xEF\xBB\xBF\\HS"));
        assert!(!sniff(b"(;GM[1])"));
    }
}
