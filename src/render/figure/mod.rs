//! What a picture shows, independent of how it is drawn: a [`Figure`].
//!
//! A path of the game is replayed on the Go [`Board`](crate::board::Board) (exact
//! captures, suicide, setup). A *position* picture shows the stones on the
//! board after a node, with its last move and markup. A *book figure*
//! shows the position at the start of a range of moves plus those moves as
//! numbered stones, as printed Go books do:
//!
//! - a point shows the first stone that stood on it in the figure: the
//!   stone of the starting position, or the first move played there;
//! - captured stones stay in the figure (the reader takes them off);
//! - a move on a point that already shows a stone is listed below the
//!   figure: "12 at 5", "12, 18 at 5" on a numbered stone, "12 at Q16" on
//!   a stone of the starting position; a move that captures one stone
//!   there, "16: ko at 9"; a pass, "12: pass". So the figure and its
//!   captions give back the starting position and every move;
//! - a figure shows the marks, labels, arrows and lines of all its nodes
//!   (a later label on a point replaces an earlier one); a position, those
//!   of its node. `DD` is inherited, as `FF[4]` says.
//!
//! The rules, with `PM`, `MN`, `VW`, `FG` and the selection options, are
//! documented in `formats/diagrams.md`.

mod labels;
mod lines;
mod model;
mod select;
mod walk;

pub use crate::options::Numbering;
pub use labels::{board_size, column_label, hoshi, point_label, row_label};
pub use lines::{line, lines, Line};
pub use model::{Area, Figure, Markup, Note, Select, Stone, Style, Target};
pub use select::pictures;
