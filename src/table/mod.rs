//! Game records as tables: the rows data tools read (one per move), and
//! with the `parquet` feature the same rows as Arrow record batches.
//!
//! A table is built from whole games ([`crate::game::Game`]): the moves
//! table needs a game's tree for its variation paths, and one game is the
//! most any table builder holds. The rows are plain Rust values
//! ([`moves`]); [`arrow`] turns them into columns of Arrow arrays, which
//! the Parquet writer (`formats/parquet.md`) and the Python package write
//! or hand on.

#[cfg(feature = "parquet")]
pub mod arrow;
pub mod moves;

pub use moves::{move_rows, MoveRow, MovesOptions};
