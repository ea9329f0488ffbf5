//! The games and moves tables as Arrow record batches (feature `parquet`):
//! what the Parquet writer writes and the Python package hands to pyarrow.
//!
//! [`Tables`] takes whole games ([`Tables::push`]) and gives their rows as
//! [`RecordBatch`]es of [`games_schema`] and [`moves_schema`] when asked
//! ([`Tables::take_games`], [`Tables::take_moves`]): a caller bounds its
//! memory by taking a batch every so many rows. The schemas are made from
//! the column lists ([`crate::table::GAME_COLUMNS`],
//! [`crate::table::move_columns`]); what each column means:
//! `formats/parquet.md`.
//!
//! * `columns.rs`: a column's Arrow type and its builder;
//! * `table.rs`: a table being built from rows of cells.

mod columns;
mod table;

pub use arrow_array::RecordBatch;
pub use arrow_schema::{DataType, Field, SchemaRef};
pub use columns::{data_type, field};
pub use table::schema;

use crate::error::Error;
use crate::event::PropertyBuf;
use crate::game::Game;
use crate::table::{game_row, move_columns, move_rows, MovesOptions, Origin, GAME_COLUMNS};
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
    /// moves table; `origin` says where it comes from and its number in
    /// the run (`game`, which joins the tables).
    pub fn push(&mut self, game: &Game, origin: Origin<'_>) {
        let rows = move_rows(game, self.options);
        for row in &rows {
            self.moves.push(&row.cells(origin.game, self.options));
        }
        let main_line = rows.iter().filter(|r| r.on_main_line()).count();
        let root: Vec<PropertyBuf> = game
            .root()
            .props()
            .iter()
            .map(|p| PropertyBuf::from_property(&p))
            .collect();
        self.games.push(&game_row(&root, origin, main_line).cells());
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
