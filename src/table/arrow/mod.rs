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

/// The rows of both tables (or of the games table alone) of the games
/// pushed since the batches were last taken.
pub struct Tables {
    games: Table,
    /// The moves table and its options; `None`: the games table alone.
    moves: Option<(Table, MovesOptions)>,
}

impl Tables {
    /// Empty tables: the games table, and the moves table when `moves`
    /// gives its options (its rows and columns as they ask).
    pub fn new(moves: Option<MovesOptions>) -> Tables {
        Tables {
            games: Table::new(GAME_COLUMNS),
            moves: moves.map(|o| (Table::new(&move_columns(o)), o)),
        }
    }

    /// Adds `game`'s row to the games table and its moves' rows to the
    /// moves table; `origin` says where it comes from and its number in
    /// the run (`game`, which joins the tables).
    pub fn push(&mut self, game: &Game, origin: Origin<'_>) {
        let main_line = match &mut self.moves {
            Some((table, options)) => {
                let rows = move_rows(game, *options);
                for row in &rows {
                    table.push(&row.cells(origin.game, *options));
                }
                rows.iter().filter(|r| r.on_main_line()).count()
            }
            None => main_line_moves(game),
        };
        let root: Vec<PropertyBuf> = game
            .root()
            .props()
            .iter()
            .map(|p| PropertyBuf::from_property(&p))
            .collect();
        let mut row = game_row(&root, origin, main_line);
        row.encoding = Some(game.header.encoding.to_string());
        self.games.push(&row.cells());
    }

    /// Games rows pushed since the games batch was last taken.
    pub fn game_rows(&self) -> usize {
        self.games.rows()
    }

    /// Moves rows pushed since the moves batch was last taken (0 without
    /// a moves table).
    pub fn move_rows(&self) -> usize {
        self.moves.as_ref().map_or(0, |m| m.0.rows())
    }

    /// The games rows pushed so far, as one batch of [`games_schema`].
    pub fn take_games(&mut self) -> Result<RecordBatch, Error> {
        self.games.take()
    }

    /// The moves rows pushed so far, as one batch of [`moves_schema`];
    /// `None` without a moves table.
    pub fn take_moves(&mut self) -> Option<Result<RecordBatch, Error>> {
        self.moves.as_mut().map(|m| m.0.take())
    }

    /// The moves table's schema; `None` without one.
    pub fn moves_schema(&self) -> Option<SchemaRef> {
        self.moves.as_ref().map(|m| m.0.schema())
    }
}

/// The moves of `game`'s main line.
fn main_line_moves(game: &Game) -> usize {
    let line = game.main_line_iter();
    line.filter(|&id| game.node(id).mv().is_some()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        let mut g = Game::default();
        g.root_mut().set("PB", "Ann");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        let b = g.add_child(a);
        g.node_mut(b).set("W", "");
        let v = g.add_child(a);
        g.node_mut(v).set("W", "dd");
        g
    }

    fn origin(game: usize) -> Origin<'static> {
        Origin {
            game,
            file: "a.sgf",
            index: game,
            format: "sgf",
        }
    }

    #[test]
    fn both_tables_give_batches_of_their_schemas() {
        let every = MovesOptions {
            all_variations: true,
            comments: false,
        };
        let mut t = Tables::new(Some(every));
        t.push(&game(), origin(0));
        t.push(&game(), origin(1));
        assert_eq!((t.game_rows(), t.move_rows()), (2, 6));
        let games = t.take_games().unwrap();
        assert_eq!(games.schema(), games_schema());
        assert_eq!(games.num_rows(), 2);
        let moves = t.take_moves().unwrap().unwrap();
        assert_eq!(moves.schema(), moves_schema(every));
        assert_eq!(moves.num_rows(), 6);
        assert_eq!((t.game_rows(), t.move_rows()), (0, 0));
        // The main line has two moves of the three: the games table says so.
        let at = GAME_COLUMNS.iter().position(|c| c.name == "moves").unwrap();
        let counts = games
            .column(at)
            .as_any()
            .downcast_ref::<arrow_array::Int64Array>();
        assert_eq!(counts.unwrap().values(), &[2, 2]);
    }

    #[test]
    fn the_games_table_alone() {
        let mut t = Tables::new(None);
        t.push(&game(), origin(0));
        assert_eq!((t.game_rows(), t.move_rows()), (1, 0));
        assert!(t.take_moves().is_none() && t.moves_schema().is_none());
        let at = GAME_COLUMNS.iter().position(|c| c.name == "moves").unwrap();
        let games = t.take_games().unwrap();
        let counts = games
            .column(at)
            .as_any()
            .downcast_ref::<arrow_array::Int64Array>();
        assert_eq!(counts.unwrap().values(), &[2]);
    }
}
