//! The command line of pictures: the picture options (`PictureArgs`, part
//! of the converter's line), and the values clap reads for them (`--range
//! A-B`, `--area`, `--style`, `--numbering`).

use clap::{Args, ValueEnum};
use sgfconv::options::{BoardArea, Corner, PictureStyle};

/// The options that choose and draw pictures (SVG, PNG; most of them
/// Sensei's Library diagrams too): `formats/diagrams.md`.
#[derive(Args, Debug, Clone, Default)]
pub struct PictureArgs {
    /// Pictures (svg, png, sl): draw game N alone (games are numbered from
    /// 0, across the inputs of one output; `sgfconv variations` lists them).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Diagrams: the position after move N (0: before the first move)
    /// instead of the final position.
    #[arg(long, value_name = "N")]
    pub at: Option<u32>,
    /// Diagrams: the position after node N (0: the root, before any move
    /// or setup of later nodes) instead of the final position.
    #[arg(long, value_name = "N")]
    pub node: Option<u32>,
    /// Diagrams: one book figure of moves A to B: the position before
    /// move A, and moves A to B numbered on it.
    #[arg(long, value_name = "A-B", value_parser = parse_range)]
    pub range: Option<(u32, u32)>,
    /// Diagrams: draw along variation N of the game instead of its main
    /// line, with --at, --node, --range, --figures or --every (0: the main line; `sgfconv
    /// variations FILE` lists them).
    #[arg(long, value_name = "N")]
    pub variation: Option<usize>,
    /// Diagrams: one book figure per FG node of the line drawn and per
    /// diagram variation off it (a variation named by N[], as UGF's .Fig
    /// blocks).
    #[arg(long)]
    pub figures: bool,
    /// Diagrams: one book figure per K moves.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub every: Option<u32>,
    /// Diagrams: figures number moves as the game does, or from 1 in each
    /// figure [default: continue].
    #[arg(long, value_enum)]
    pub numbering: Option<NumberingArg>,
    /// Diagrams: show only the part of the board in play (when no VW[]
    /// says which part).
    #[arg(long)]
    pub crop: bool,
    /// Diagrams: only this part of the board, between two corners: D4-Q16
    /// (letters without I from the left, rows from the bottom) or cc-pp
    /// (SGF letters from the top left).
    #[arg(long, value_name = "AREA", value_parser = parse_area)]
    pub area: Option<BoardArea>,
    /// Diagrams: no coordinates around the board.
    #[arg(long)]
    pub no_coords: bool,
    /// Pictures (svg, png): book (a printed book), wood (a wooden board in
    /// colour, shaded stones) or minimal (no board colour, no coordinates,
    /// thin lines) [default: book].
    #[arg(long, value_enum)]
    pub style: Option<StyleArg>,
    /// Diagrams: the picture's width in pixels (PNG; SVG's width).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(16..=16384))]
    pub size: Option<u32>,
}

/// `--numbering HOW`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NumberingArg {
    Continue,
    Restart,
}

/// `--style HOW`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    Book,
    Wood,
    Minimal,
}

impl StyleArg {
    /// The library's style.
    pub fn style(self) -> PictureStyle {
        match self {
            StyleArg::Book => PictureStyle::Book,
            StyleArg::Wood => PictureStyle::Wood,
            StyleArg::Minimal => PictureStyle::Minimal,
        }
    }
}

/// `--range A-B`: two move numbers, the first 1 or more and the second
/// not before it.
pub fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{s}' is not a range of moves: A-B, as 20-40 (moves 20 to 40)");
    let (a, b) = s.split_once('-').ok_or_else(bad)?;
    let (a, b): (u32, u32) = match (a.trim().parse(), b.trim().parse()) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return Err(bad()),
    };
    if a == 0 || b < a {
        return Err(format!(
            "'{s}': a range of moves starts at move 1 or later and ends at or after its start"
        ));
    }
    Ok((a, b))
}

/// `--area`: two opposite corners joined by `-` or `:`, each GTP (`D4`:
/// letters without `I` from the left, the row from 1 at the bottom) or
/// SGF letters (`dd`, from the top left).
pub fn parse_area(s: &str) -> Result<BoardArea, String> {
    let bad = || {
        format!(
            "'{s}' is not an area: two opposite corners, GTP (D4-Q16: letters without I \
             from the left, rows from 1 at the bottom) or SGF letters (cc-pp: from the \
             top left), joined by - or :"
        )
    };
    let (a, b) = s.split_once(['-', ':']).ok_or_else(bad)?;
    match (corner(a), corner(b)) {
        (Some(a), Some(b)) => Ok(BoardArea { corners: [a, b] }),
        _ => Err(bad()),
    }
}

/// A corner written `D4` (GTP) or `dd` (SGF letters).
fn corner(s: &str) -> Option<Corner> {
    let letters: String = s.chars().take_while(char::is_ascii_alphabetic).collect();
    let digits = &s[letters.len()..];
    if digits.is_empty() {
        let p = sgfconv::stone::Point::parse(s)?;
        return Some(Corner {
            col: p.x,
            row: p.y,
            from_bottom: false,
        });
    }
    let row: u8 = digits.parse().ok().filter(|&r| r >= 1)?;
    Some(Corner {
        col: gtp_column(&letters)?,
        row,
        from_bottom: true,
    })
}

/// The column of GTP letters `A`–`Z` without `I` (`AA`, `AB`… past 25),
/// in either case.
fn gtp_column(letters: &str) -> Option<u8> {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let index = |c: char| {
        LETTERS
            .iter()
            .position(|&l| char::from(l) == c.to_ascii_uppercase())
    };
    let mut chars = letters.chars();
    let n = match (chars.next(), chars.next(), chars.next()) {
        (Some(a), None, _) => index(a)?,
        (Some(a), Some(b), None) => (index(a)? + 1) * LETTERS.len() + index(b)?,
        _ => return None,
    };
    u8::try_from(n)
        .ok()
        .filter(|&n| n < sgfconv::stone::MAX_SIDE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_two_moves_in_order() {
        assert_eq!(parse_range("20-40"), Ok((20, 40)));
        assert_eq!(parse_range("7-7"), Ok((7, 7)));
        assert!(parse_range("0-3").is_err());
        assert!(parse_range("9-3").is_err());
        assert!(parse_range("12").is_err());
        assert!(parse_range("a-b").is_err());
    }

    #[test]
    fn an_area_is_two_corners_gtp_or_sgf() {
        let a = parse_area("D4-Q16").unwrap();
        assert_eq!((a.corners[0].col, a.corners[0].row), (3, 4));
        assert!(a.corners[0].from_bottom);
        assert_eq!(a.corners[1].row_from_top(19), 3);
        let b = parse_area("cc:pp").unwrap();
        assert_eq!((b.corners[1].col, b.corners[1].row), (15, 15));
        assert!(!b.corners[1].from_bottom);
        // J is the ninth column: GTP has no I.
        assert_eq!(parse_area("j10-a1").unwrap().corners[0].col, 8);
        assert!(parse_area("I5-D4").is_err());
        assert!(parse_area("D4").is_err());
        assert!(parse_area("D0-E5").is_err());
    }
}
