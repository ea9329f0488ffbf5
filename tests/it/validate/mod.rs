//! The FF[4] checks: value types and points, and the board replay.

mod board;
mod values_points;
