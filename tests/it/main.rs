//! sgfconv's integration tests, in one binary (one link for all of them),
//! by area: each area is a folder whose `mod.rs` says what it covers.
//! Most tests run the `sgfconv` binary as a user runs it
//! (`CARGO_BIN_EXE_sgfconv`); the others use the library's face.
//! `tests/memory.rs` is a binary of its own: it measures the peak memory of
//! the children it runs, which Linux counts from the peak of the process
//! that started them, so that process must stay small and do nothing else.
//!
//! `cargo test --test it AREA::` runs one area (`cargo test --test it
//! cli::`), `cargo test --test it NAME` the tests whose path holds NAME.

mod common;

mod cli;
mod formats;
mod migrate;
mod peers;
mod pictures;
mod properties;
mod validate;
mod values;
