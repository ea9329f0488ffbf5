//! The `FF[4]` validator (issue 13): check every property value against the
//! value type and format the standard gives it, repair what can be repaired
//! without guessing, as SGFC does, and better; and check the game on the
//! board.
//!
//! The plan, in three steps:
//!
//! 1. **Checks** (this folder), pure functions with typed outcomes:
//!    - [`gameinfo`]: value normalizers from one value to an outcome:
//!      already valid, rewritten to its `FF[4]` form (with how it was read
//!      and what, if anything, the new form does not carry), ambiguous (the
//!      readings it could have), or unparsed (kept as it is, and why); for
//!      the game-info properties (`DT`, `TM`, `RE`, `KM`, `HA`, `SZ`) and
//!      the `FF[4]` value types (number, real, double, color, simpletext).
//!    - [`points`]: points, moves and point lists of Go against the board
//!      `SZ` gives: on or off the board, human-readable coordinates,
//!      rectangles, repeats.
//!    - [`board`]: replays every path of a [`Game`](crate::game::Game) on a
//!      Go board and reports moves off the board, on occupied points,
//!      suicide, a simple ko retaken at once, setup stones off the board,
//!      `AE` on empty points and `MN` values. `FF[4]` says an illegal move is
//!      still executed, so the replay plays it and goes on: warnings, never
//!      rewrites.
//! 2. **A transform** that runs them on the event stream and reports each
//!    outcome as a diagnostic with the property's position.
//! 3. **The switches**: the rewrites on by default, each switchable by name
//!    like the dialect rules.
//!
//! Steps 2 and 3 exist for [`gameinfo`]'s `DT`, `TM`, `RE`, `KM`, `HA`,
//! `SZ`, simpletext and the number, real, double, color and none values of
//! the other properties, and for [`points`] (moves, stones, markup and
//! labels against `SZ`): the dialect rule `values` (rule 11 of
//! `formats/sgf-dialects.md`, switches `dates`, `times`, `results`,
//! `numbers`, `simpletext`, `types`, `points`). [`replay`] runs [`board`]
//! in `sgfconv check` on the event stream, as a sink.
//! `formats/validation.md` documents every check; the code
//! implements exactly that text.
//!
//! Layering: this module sits below `formats` and `transform` (the
//! transform rule `values` runs the game-info normalizers), and uses only
//! the layers below it.

pub mod board;
pub mod gameinfo;
pub mod points;
pub mod replay;
