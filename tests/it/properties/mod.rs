//! Properties of the whole program rather than of one format or command:
//! the architecture as runnable rules, the diagnostics table, safety under
//! hostile inputs and outputs, streaming, game-parallel reading, and no
//! silent loss.

mod architecture;
mod diagnostics_table;
mod output_safety;
mod parallel;
mod parallel_readers;
mod runs_and_held;
mod safety;
mod severity;
mod silent_loss;
mod streaming;
