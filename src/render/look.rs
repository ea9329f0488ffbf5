//! The looks of a picture (`--style`): the colours, line widths and
//! stones that the SVG drawing ([`crate::render::svg`]) takes from one
//! place, so that a style changes how a figure is drawn and never what it
//! shows.
//!
//! - book (the default): a pale board, thin black lines and a heavier
//!   edge, flat stones, coordinates: a printed Go book;
//! - wood: a board of wood in colour (a gradient), brown lines, shaded
//!   stones (radial gradients);
//! - minimal: the paper alone, hairlines, flat stones, no coordinates.
//!
//! Gradients have fixed ids (`sgfconv-wood`, `sgfconv-black`,
//! `sgfconv-white`): the document stays deterministic.

use crate::options::PictureStyle;

/// How the parts of a picture are drawn.
#[derive(Debug, PartialEq)]
pub struct Look {
    /// The paper around the board.
    pub paper: &'static str,
    /// The board's fill (a colour, or `url(#…)` of a gradient of
    /// [`Look::defs`]).
    pub board: &'static str,
    /// The plain colour under marks and labels on empty points, hiding
    /// the lines: the board's (its middle tone for a gradient).
    pub blank: &'static str,
    /// Whether the board is drawn (minimal: the paper is the board).
    pub board_drawn: bool,
    /// The colour of the lines and star points.
    pub ink: &'static str,
    /// The width of the thin lines.
    pub grid: f64,
    /// The width of the board's edge.
    pub edge: f64,
    /// A star point's radius.
    pub hoshi: f64,
    /// The fill of black stones.
    pub black: &'static str,
    /// The fill of white stones.
    pub white: &'static str,
    /// A white stone's outline: colour and width.
    pub outline: (&'static str, f64),
    /// Coordinates are drawn (unless `--no-coords`).
    pub coords: bool,
    /// The gradients the fills name, as a `<defs>` element (empty: none).
    pub defs: &'static str,
}

/// The book look: the drawing sgfconv always made.
const BOOK: Look = Look {
    paper: "#ffffff",
    board: "#eed8a4",
    blank: "#eed8a4",
    board_drawn: true,
    ink: "#000",
    grid: 0.7,
    edge: 1.6,
    hoshi: 2.3,
    black: "#000",
    white: "#fff",
    outline: ("#000", 0.9),
    coords: true,
    defs: "",
};

/// A wooden board in colour and shaded stones.
const WOOD: Look = Look {
    paper: "#ffffff",
    board: "url(#sgfconv-wood)",
    blank: "#e0ad62",
    board_drawn: true,
    ink: "#3b2a14",
    grid: 0.8,
    edge: 1.8,
    hoshi: 2.5,
    black: "url(#sgfconv-black)",
    white: "url(#sgfconv-white)",
    outline: ("#7a6a55", 0.5),
    coords: true,
    defs: "<defs>\n\
<linearGradient id=\"sgfconv-wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">\
<stop offset=\"0\" stop-color=\"#f0c987\"/><stop offset=\"0.5\" stop-color=\"#e0ad62\"/>\
<stop offset=\"1\" stop-color=\"#cf9447\"/></linearGradient>\n\
<radialGradient id=\"sgfconv-black\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\">\
<stop offset=\"0\" stop-color=\"#6e6e6e\"/><stop offset=\"0.45\" stop-color=\"#222\"/>\
<stop offset=\"1\" stop-color=\"#000\"/></radialGradient>\n\
<radialGradient id=\"sgfconv-white\" cx=\"0.35\" cy=\"0.3\" r=\"0.8\">\
<stop offset=\"0\" stop-color=\"#ffffff\"/><stop offset=\"0.6\" stop-color=\"#eeeae2\"/>\
<stop offset=\"1\" stop-color=\"#b9b4aa\"/></radialGradient>\n\
</defs>\n",
};

/// The paper alone, hairlines, flat stones, no coordinates.
const MINIMAL: Look = Look {
    paper: "#ffffff",
    board: "#ffffff",
    blank: "#ffffff",
    board_drawn: false,
    ink: "#000",
    grid: 0.4,
    edge: 1.0,
    hoshi: 1.8,
    black: "#000",
    white: "#fff",
    outline: ("#000", 0.7),
    coords: false,
    defs: "",
};

impl Look {
    /// The look of `style`.
    pub fn of(style: PictureStyle) -> &'static Look {
        match style {
            PictureStyle::Book => &BOOK,
            PictureStyle::Wood => &WOOD,
            PictureStyle::Minimal => &MINIMAL,
        }
    }
}
