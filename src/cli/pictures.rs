//! The command line of pictures: the values of the picture options that
//! clap reads (`--range A-B`, `--area`, `--style`) and the arguments of
//! `sgfconv variations`, which lists what `--game` and `--variation`
//! choose (`formats/diagrams.md`).

use super::args::ReadArgs;
use clap::{Args, ValueEnum};
use sgfconv::options::{BoardArea, PictureStyle};
use std::path::PathBuf;

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

/// `--area`: two corners (`sgfconv::options::BoardArea`).
pub fn parse_area(s: &str) -> Result<BoardArea, String> {
    s.parse()
}

/// `sgfconv variations`'s arguments.
#[derive(Args, Debug, Clone)]
pub struct VariationsArgs {
    /// Files to read ('-' or none: stdin).
    pub files: Vec<PathBuf>,
    /// One JSON object per game on stdout, one a line: file, game, black,
    /// white, and each variation's number, parent, after_move, moves and
    /// total_moves.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub read: ReadArgs,
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
