//! The `FF[4]` validator (issue 13): checks a game against what the
//! specification says, as warnings, never as rewrites.
//!
//! The plan: each part checks one side of a [`Game`](crate::game::Game)
//! held in memory and returns findings (where, which property, what), which
//! the conversion will later turn into diagnostics.
//!
//! - [`board`]: replays every path of the game tree on a Go board and
//!   reports moves off the board, on occupied points, suicide, a simple ko
//!   retaken at once, setup stones off the board, `AE` on empty points and
//!   `MN` values. `FF[4]` says an illegal move is still executed, so the
//!   replay plays it and goes on.
//!
//! Not yet wired into conversions.

pub mod board;
