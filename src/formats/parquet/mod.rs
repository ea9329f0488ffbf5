//! Parquet output (`formats/parquet.md`): the games table (one row per
//! game) in the output, and with `--moves-parquet FILE` the moves table
//! (one row per move) in a second file, both written as the games stream.
//!
//! The tables' columns and rows are the library's
//! ([`crate::table::arrow`]): this folder only writes their record
//! batches as Parquet, a row group every so many rows.
//!
//! Feature `parquet` (on by default): without it, `writer.rs` is not built
//! and the writer of `unbuilt.rs` refuses with a usage error.

#[cfg(not(feature = "parquet"))]
mod unbuilt;
#[cfg(feature = "parquet")]
mod writer;

#[cfg(not(feature = "parquet"))]
pub use unbuilt::writer;
#[cfg(feature = "parquet")]
pub use writer::{writer, GAME_ROW_GROUP, MOVE_ROW_GROUP};
