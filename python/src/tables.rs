//! `sgfconv.games` and `sgfconv.moves`: the games and moves tables of
//! many inputs, the rows and schema of `-t parquet` (the library's
//! `sgfconv::table::arrow` builds them: this file only reads and hands
//! over).
//!
//! Inputs are read on a pool of threads with the GIL released, a chunk of
//! [`CHUNK`] inputs at a time, each into its games; the games then go
//! into the tables in input order, numbered from `start` as the command
//! numbers them over a run. The batches reach pyarrow as an Arrow IPC
//! stream (one copy of the columns, no tie between this crate's Arrow and
//! pyarrow's versions: `docs/python.md`, "Arrow").

use crate::iter::read_games;
use crate::records::{each_record, Source};
use rayon::prelude::*;
use sgfconv::diag::Output;
use sgfconv::table::arrow::{RecordBatch, Tables};
use sgfconv::table::{MovesOptions, Origin};
use sgfconv::{Diagnostic, Error, Format, Game, Options, Reporter};

/// Inputs read in parallel before their games go into the tables: bounds
/// the games held at once.
const CHUNK: usize = 64;

/// Which table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// One row per game.
    Games,
    /// One row per move.
    Moves(MovesOptions),
}

/// A table's rows: its IPC stream, the games each input gave, and what
/// was said of the inputs or members that could not be read.
pub struct Built {
    /// The Arrow IPC stream of the table's batches.
    pub ipc: Vec<u8>,
    /// Games of each input, in input order.
    pub counts: Vec<u64>,
    /// An input or member that could not be read, said as the command
    /// says it (`unusable_note`): no row of it is in the table.
    pub unread: Vec<Diagnostic>,
}

/// The games of one input: `(file, format, game)` in order, and what
/// could not be read.
type Read = (Vec<(String, Format, Game)>, Vec<Diagnostic>);

/// Builds `kind`'s table over `sources`, the first game numbered `start`.
pub fn build(
    sources: &[Source],
    kind: Kind,
    start: u64,
    forced: Option<Format>,
    options: &Options,
) -> Result<Built, Error> {
    let (mut tables, schema) = match kind {
        Kind::Games => (Tables::new(None), sgfconv::table::arrow::games_schema()),
        Kind::Moves(m) => (Tables::new(Some(m)), sgfconv::table::arrow::moves_schema(m)),
    };
    let mut out = arrow_ipc::writer::StreamWriter::try_new(Vec::new(), &schema).map_err(arrow)?;
    let mut built = Built {
        ipc: Vec::new(),
        counts: Vec::with_capacity(sources.len()),
        unread: Vec::new(),
    };
    let mut next = start;
    for chunk in sources.chunks(CHUNK) {
        let read: Vec<Result<Read, Error>> = chunk
            .par_iter()
            .map(|s| read_source(s, forced, options))
            .collect();
        for r in read {
            let (games, unread) = r?;
            built.counts.push(games.len() as u64);
            built.unread.extend(unread);
            for (file, format, game) in &games {
                let origin = Origin {
                    game: usize::try_from(next).unwrap_or(usize::MAX),
                    file,
                    index: game.header.index,
                    format: format.name(),
                };
                tables.push(game, origin);
                next += 1;
            }
            let batch = take(&mut tables, kind)?;
            if batch.num_rows() > 0 {
                out.write(&batch).map_err(arrow)?;
            }
        }
    }
    out.finish().map_err(arrow)?;
    built.ipc = out.into_inner().map_err(arrow)?;
    Ok(built)
}

/// The rows of `kind`'s table pushed so far (the other table's are let go).
fn take(tables: &mut Tables, kind: Kind) -> Result<RecordBatch, Error> {
    match kind {
        Kind::Games => tables.take_games(),
        Kind::Moves(_) => {
            tables.take_games()?;
            tables
                .take_moves()
                .unwrap_or_else(|| Err(Error::Io(std::io::Error::other("no moves table"))))
        }
    }
}

/// Every game of `source`, each record read as the command reads it; a
/// plain input that cannot be read is an error, an archive member that
/// cannot be read a note.
fn read_source(source: &Source, forced: Option<Format>, options: &Options) -> Result<Read, Error> {
    let mut games = Vec::new();
    let mut unread = Vec::new();
    // The tables keep no diagnostic: they are counted, not kept.
    let mut report = Reporter::new(source.name(), Output::Discard);
    each_record(source, forced, &mut report, &mut |r, member| {
        let name = r.name.clone();
        let format = r.format;
        let mut rep = Reporter::new(name.as_str(), Output::Discard);
        let read = read_games(r, options, &mut rep, &mut |game, _| {
            games.push((name.clone(), format, game));
            Ok(())
        });
        match read {
            Ok(()) => Ok(()),
            Err(e) if member => {
                unread.push(sgfconv::batch::unusable_note(&name, &e));
                Ok(())
            }
            Err(e) => Err(e),
        }
    })?;
    Ok((games, unread))
}

/// An Arrow error as the library's.
fn arrow(e: arrow_schema::ArrowError) -> Error {
    Error::Io(std::io::Error::other(e))
}
