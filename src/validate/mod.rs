//! The `FF[4]` validator: the checks of a record as a whole, that report
//! and never rewrite (`formats/validation.md`).
//!
//! - [`points`]: points, moves and point lists of Go against the board
//!   `SZ` gives: on or off the board, human-readable coordinates,
//!   rectangles, repeats (rule 11's switch `points` runs them,
//!   `transform::points`).
//! - [`board`]: replays every path of a [`Game`](crate::game::Game) on the
//!   Go board ([`crate::board`]) and reports moves off the board, on
//!   occupied points, suicide, a simple ko retaken at once, setup stones
//!   off the board, `AE` on empty points and `MN` values. `FF[4]` says an
//!   illegal move is still executed, so the replay plays it and goes on:
//!   warnings, never rewrites.
//! - [`replay`]: runs [`board`] in `sgfconv check` on the event stream, as
//!   a sink.
//! - [`rules`]: what the game's `RU` says of suicide, which the board
//!   check follows.
//! - [`unknown_file_format`]: a root's `FF` that names no known version.
//!
//! What one value says, and its `FF[4]` form, is not a check of the
//! record: the readers of game-info values and value types are
//! [`crate::values`], which the dialect rule `values` (rule 11 of
//! `formats/sgf-dialects.md`) runs on every conversion.
//!
//! Layering: this module sits below `formats` and `transform`, and uses
//! only the layers below it.

pub mod board;
pub mod codes;
pub mod points;
pub mod replay;
pub mod rules;

pub use codes::UNKNOWN_FILE_FORMAT;

/// What to say about a root `FF[v]` that names no known version (1 to 4),
/// or the `FF[5]` draft when its rule did not read it; `None` for a
/// known one ([`UNKNOWN_FILE_FORMAT`]).
pub fn unknown_file_format(v: &str) -> Option<String> {
    match v.trim() {
        "1" | "2" | "3" | "4" => None,
        // Known, but read as the draft only by the dialect rule `ff5`.
        "5" => Some(format!(
            "FF[{v}] is the 1999 draft, not read as such here (the rule ff5 is off): read as FF[4]"
        )),
        _ => Some(format!(
            "FF[{v}] names no SGF version sgfconv knows (1 to 4): read as FF[4]"
        )),
    }
}
