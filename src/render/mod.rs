//! Diagrams: game records as pictures.
//!
//! A picture is built in two steps, so that every kind of picture draws the
//! same thing:
//!
//! 1. [`figure`] replays a path of a [`crate::Game`] on the Go
//!    board ([`crate::board`], exact captures) and says what a
//!    picture shows: a position (the final one, or after move N) or a book
//!    figure (the moves of a range as numbered stones, with the usual
//!    captions for moves on points already played). It knows nothing of
//!    drawing.
//! 2. The writers turn a [`figure::Figure`] into bytes: SVG, PNG (the SVG
//!    rasterised), Sensei's Library text, a self-contained HTML replay.
//!
//! Which pictures a game gives is [`figure::Select`]: the final position,
//! the position after a move (`--at N`), one figure per `FG` node or named
//! diagram variation (`--figures`), or one per K moves (`--every K`).
//! [`look::Look`] is how a picture is drawn (`--style`: book, wood,
//! minimal). `formats/diagrams.md` documents the rules.

pub mod figure;
pub mod look;
pub mod pages;
pub mod svg;

pub use pages::{OnePage, Pages, StreamPages};
