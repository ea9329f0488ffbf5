//! The Parquet writer: games built from the events one at a time, their
//! rows added to the two tables, and a record batch written every
//! [`BATCH_ROWS`] rows; a table's file gets a row group every
//! [`GAME_ROW_GROUP`] or [`MOVE_ROW_GROUP`] rows.
//!
//! Memory is bounded by one game, one batch and one row group of each
//! table: the encoder's bytes go to the output as each batch is written
//! (`Drained`), not at the end.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::game::{Game, GameBuilder};
use crate::options::WriteOptions;
use crate::output::{output_error, AtomicFile};
use crate::sink::Sink;
use crate::table::arrow::{games_schema, RecordBatch, SchemaRef, Source, Tables};
use crate::table::MovesOptions;
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use std::cell::RefCell;
use std::io::Write;
use std::path::PathBuf;
use std::rc::Rc;

/// Rows of the games table a row group holds (at most).
pub const GAME_ROW_GROUP: usize = 64 * 1024;
/// Rows of the moves table a row group holds (at most).
pub const MOVE_ROW_GROUP: usize = 1024 * 1024;
/// Rows a table gathers before they are encoded as one record batch.
const BATCH_ROWS: usize = 8 * 1024;

/// The Parquet writer: the games table into `output`, and the moves table
/// into `--moves-parquet`'s file when given.
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let moves_options = MovesOptions {
        all_variations: options.all_variations,
        comments: options.comments,
    };
    let tables = Tables::new(moves_options);
    let games = Drained::new(output, games_schema(), GAME_ROW_GROUP)?;
    let moves = match &options.moves_parquet {
        Some(path) => {
            // Through the output layer: the file is replaced only when the
            // conversion finishes; a failed run leaves it as it was.
            let f = AtomicFile::create(path).map_err(|e| output_error(path, e))?;
            let schema = tables.moves_schema();
            Some((Drained::new(f, schema, MOVE_ROW_GROUP)?, path.clone()))
        }
        None => None,
    };
    let state = Rc::new(RefCell::new(State {
        tables,
        games,
        moves,
        next: 0,
    }));
    let shared = Rc::clone(&state);
    let on_game: OnGame<'w> =
        Box::new(move |game: Game, report: &mut Reporter| shared.borrow_mut().game(&game, report));
    Ok(Box::new(ParquetWriter {
        builder: GameBuilder::new(on_game),
        state,
    }))
}

/// What the game builder calls with each game.
type OnGame<'w> = Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error> + 'w>;

/// The sink: events build games; each game goes to the tables.
struct ParquetWriter<'w> {
    builder: GameBuilder<OnGame<'w>>,
    state: Rc<RefCell<State<'w>>>,
}

impl Sink for ParquetWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.builder.event(event, report)
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.builder.end_open_game(report)?;
        self.state.borrow_mut().finish()
    }
}

/// The two tables and their files.
struct State<'w> {
    tables: Tables,
    games: Drained<Box<dyn Write + 'w>>,
    /// The moves table's file, and its path (for what is said of it).
    moves: Option<(Drained<AtomicFile>, PathBuf)>,
    /// The next game's number in the run.
    next: u64,
}

impl State<'_> {
    /// A game's rows, and a batch of each table once it has
    /// [`BATCH_ROWS`] rows.
    fn game(&mut self, game: &Game, report: &mut Reporter) -> Result<(), Error> {
        let file = report.file().clone();
        let source = Source {
            game: self.next,
            file: &file,
        };
        self.tables.push(game, source);
        self.next += 1;
        self.write(BATCH_ROWS)
    }

    /// Writes each table's rows when it has at least `rows` of them.
    fn write(&mut self, rows: usize) -> Result<(), Error> {
        if self.tables.game_rows() >= rows.max(1) {
            let batch = self.tables.take_games()?;
            self.games.write(&batch)?;
        }
        if self.tables.move_rows() >= rows.max(1) {
            let batch = self.tables.take_moves()?;
            match &mut self.moves {
                Some((m, path)) => m.write(&batch).map_err(|e| side_error(path, e))?,
                // No moves file: the rows are not kept.
                None => drop(batch),
            }
        }
        Ok(())
    }

    /// The last rows, each file's footer, and the moves file put in place.
    fn finish(&mut self) -> Result<(), Error> {
        self.write(0)?;
        self.games.close()?;
        if let Some((mut m, path)) = self.moves.take() {
            m.close().map_err(|e| side_error(&path, e))?;
            m.output.commit().map_err(|e| output_error(&path, e))?;
        }
        Ok(())
    }
}

/// An I/O error of the moves file said of it.
fn side_error(path: &std::path::Path, e: Error) -> Error {
    match e {
        Error::Io(io) => output_error(path, io),
        e => e,
    }
}

/// A Parquet file written through an in-memory buffer that is emptied
/// into the output after each batch: the encoder needs a `Send` writer,
/// and an output is any `Write`.
struct Drained<W> {
    writer: Option<ArrowWriter<Vec<u8>>>,
    output: W,
}

impl<W: Write> Drained<W> {
    /// A file of `schema`, a row group every `row_group` rows, Snappy
    /// compressed.
    fn new(output: W, schema: SchemaRef, row_group: usize) -> Result<Self, Error> {
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_max_row_group_row_count(Some(row_group))
            .set_created_by(format!("sgfconv {}", env!("CARGO_PKG_VERSION")))
            .build();
        let writer =
            ArrowWriter::try_new(Vec::new(), schema, Some(props)).map_err(parquet_error)?;
        Ok(Drained {
            writer: Some(writer),
            output,
        })
    }

    /// Writes `batch`, and what the encoder gave so far to the output.
    fn write(&mut self, batch: &RecordBatch) -> Result<(), Error> {
        let Some(w) = &mut self.writer else {
            return Ok(());
        };
        if batch.num_rows() > 0 {
            w.write(batch).map_err(parquet_error)?;
        }
        let bytes = std::mem::take(w.inner_mut());
        self.output.write_all(&bytes)?;
        Ok(())
    }

    /// The last row group and the footer, written and flushed.
    fn close(&mut self) -> Result<(), Error> {
        if let Some(w) = self.writer.take() {
            let bytes = w.into_inner().map_err(parquet_error)?;
            self.output.write_all(&bytes)?;
        }
        self.output.flush()?;
        Ok(())
    }
}

/// A Parquet encoder's error: an I/O error (the encoder itself fails only
/// on a batch that does not fit the schema, which the tables never give).
fn parquet_error(e: parquet::errors::ParquetError) -> Error {
    Error::Io(std::io::Error::other(e))
}
