//! Pictures of the board: figures, SVG and PNG diagrams, and the HTML
//! replay page (in a real browser too).

mod choosing;
mod diagrams;
mod figure;
mod html;
mod html_browser;
