//! The games and moves tables as Arrow record batches (feature `parquet`):
//! what the Parquet writer writes and the Python package hands to pyarrow.
//!
//! [`Tables`] takes whole games ([`Tables::push`]) and gives their rows as
//! [`RecordBatch`]es of the [`games_schema`] and the [`moves_schema`] when
//! asked ([`Tables::take_games`], [`Tables::take_moves`]): a caller bounds
//! its memory by taking a batch every so many rows. The columns, their
//! types and their meaning: `formats/parquet.md` (and [`Column::doc`]).
//!
//! * `columns.rs`: a column's kind, its Arrow type and its builder;
//! * `table.rs`: a table being built from rows of cells;
//! * `games.rs`, `moves.rs`: the two tables' columns and rows.

mod columns;
mod games;
mod moves;
mod table;

pub use arrow_array::RecordBatch;
pub use arrow_schema::SchemaRef;
pub use columns::{Cell, Column, Kind};
pub use games::{Source, COLUMNS as GAME_COLUMNS};
pub use moves::columns as move_columns;
pub use table::schema;

use crate::error::Error;
use crate::game::Game;
use crate::table::{move_rows, MovesOptions};
use table::Table;

/// The games table's schema.
pub fn games_schema() -> SchemaRef {
    schema(GAME_COLUMNS)
}

/// The moves table's schema for `options`.
pub fn moves_schema(options: MovesOptions) -> SchemaRef {
    schema(&move_columns(options))
}

/// The rows of both tables of the games pushed since the batches were
/// last taken.
pub struct Tables {
    games: Table,
    moves: Table,
    options: MovesOptions,
}

impl Tables {
    /// Empty tables, the moves table's rows and columns as `options` asks.
    pub fn new(options: MovesOptions) -> Tables {
        Tables {
            games: Table::new(GAME_COLUMNS),
            moves: Table::new(&move_columns(options)),
            options,
        }
    }

    /// Adds `game`'s row to the games table and its moves' rows to the
    /// moves table; `source` names it.
    pub fn push(&mut self, game: &Game, source: Source<'_>) {
        let rows = move_rows(game, self.options);
        let main_line = match self.options.all_variations {
            // The main line's moves: the rows whose path has no branch
            // taken but the first.
            true => rows
                .iter()
                .filter(|r| r.path.iter().all(|&k| k == 0))
                .count(),
            false => rows.len(),
        };
        for row in &rows {
            self.moves
                .push(&moves::cells(source.game, row, self.options));
        }
        let moves = u32::try_from(main_line).unwrap_or(u32::MAX);
        self.games.push(&games::cells(game, source, moves));
    }

    /// Games rows pushed since the games batch was last taken.
    pub fn game_rows(&self) -> usize {
        self.games.rows()
    }

    /// Moves rows pushed since the moves batch was last taken.
    pub fn move_rows(&self) -> usize {
        self.moves.rows()
    }

    /// The games rows pushed so far, as one batch of [`games_schema`].
    pub fn take_games(&mut self) -> Result<RecordBatch, Error> {
        self.games.take()
    }

    /// The moves rows pushed so far, as one batch of [`moves_schema`].
    pub fn take_moves(&mut self) -> Result<RecordBatch, Error> {
        self.moves.take()
    }

    /// The moves table's schema.
    pub fn moves_schema(&self) -> SchemaRef {
        self.moves.schema()
    }
}
