//! `sgfconv.read`: the games of a path or bytes, records and archives, as
//! an iterator that reads ahead on a thread of its own.
//!
//! The reading thread runs the library's reader and dialect rules (as
//! `convert` runs them) into a `GameBuilder`, and sends each game with the
//! diagnostics reported while it was read through a bounded channel: at
//! most [`AHEAD`] games wait in memory, whatever the input's size. The
//! iterator waits for the next one with the GIL released. Diagnostics not
//! reported within a game (an archive's own, those at a record's end, and
//! a member that cannot be read at all) are the iterator's `diagnostics`.
//! A plain input that cannot be read raises `sgfconv.Error` (or `OSError`)
//! after the games read before the failure.

use crate::errors;
use crate::game::{Diagnostic, Game, GameData};
use crate::records::{each_record, Source};
use pyo3::prelude::*;
use sgfconv::game::GameBuilder;
use sgfconv::input::open::Record;
use sgfconv::pipeline::{run, Start};
use sgfconv::{Error, Format, Options, Reporter};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

/// Games read ahead of the iterator, at most.
const AHEAD: usize = 64;

/// What the reading thread sends.
enum Item {
    /// A game.
    Game(Box<GameData>),
    /// Diagnostics outside any game.
    Said(Vec<sgfconv::Diagnostic>),
    /// The input could not be read on (raised).
    Failed(Error),
}

/// The games of a record or archive, in order, read on another thread.
#[pyclass(module = "sgfconv")]
pub struct Games {
    from: Mutex<Receiver<Item>>,
    said: Vec<sgfconv::Diagnostic>,
}

#[pymethods]
impl Games {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Game>> {
        loop {
            let next = {
                let from = &self.from;
                py.detach(|| from.lock().ok().and_then(|rx| rx.recv().ok()))
            };
            match next {
                None => return Ok(None),
                Some(Item::Game(g)) => return Ok(Some(Game(Arc::from(g)))),
                Some(Item::Said(d)) => self.said.extend(d),
                Some(Item::Failed(e)) => return Err(errors::to_py(py, e)),
            }
        }
    }

    /// The diagnostics reported outside any game so far (an archive's own,
    /// a member that could not be read, those at a record's end).
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.said.iter().map(Diagnostic::from).collect()
    }
}

/// Starts reading `source` on a thread of its own.
pub fn start(source: Source, forced: Option<Format>, options: Options) -> Games {
    let (tx, rx) = sync_channel(AHEAD);
    std::thread::spawn(move || read_all(&source, forced, &options, &tx));
    Games {
        from: Mutex::new(rx),
        said: Vec::new(),
    }
}

/// Reads every record of `source`, sending what it finds to `tx`; stops
/// when the iterator is gone.
fn read_all(source: &Source, forced: Option<Format>, options: &Options, tx: &SyncSender<Item>) {
    let mut report = Reporter::collecting(source.name());
    let walked = each_record(source, forced, &mut report, &mut |r, archive| {
        match read_record(r, options, tx) {
            // A member that cannot be read is said, and the walk goes on.
            Err(Stop::Failed(name, e)) if archive => {
                let note = sgfconv::batch::unusable_note(&name, &e);
                send(tx, Item::Said(vec![note]))
            }
            Err(Stop::Failed(_, e)) => Err(e),
            Err(Stop::Gone) => Err(gone()),
            Ok(()) => Ok(()),
        }
    });
    let said = report.take_collected();
    if !said.is_empty() && send(tx, Item::Said(said)).is_err() {
        return;
    }
    if let Err(e) = walked {
        if !is_gone(&e) {
            let _ = tx.send(Item::Failed(e));
        }
    }
}

/// Why a record's reading stopped.
enum Stop {
    /// The record (named) could not be read on.
    Failed(String, Error),
    /// The iterator is gone.
    Gone,
}

/// Reads one record, sending each game as it ends.
fn read_record(r: Record<'_>, options: &Options, tx: &SyncSender<Item>) -> Result<(), Stop> {
    let name = r.name.clone();
    let format = r.format.name();
    let mut report = Reporter::collecting(name.as_str());
    let mut index = 0;
    let read = read_games(r, options, &mut report, &mut |game, rep| {
        let data = GameData {
            game,
            file: name.clone(),
            index,
            format,
            diagnostics: rep.take_collected(),
        };
        index += 1;
        send(tx, Item::Game(Box::new(data)))
    });
    let said = report.take_collected();
    match read {
        Err(e) if is_gone(&e) => Err(Stop::Gone),
        _ if !said.is_empty() && send(tx, Item::Said(said)).is_err() => Err(Stop::Gone),
        Err(e) => Err(Stop::Failed(name, e)),
        Ok(()) => Ok(()),
    }
}

/// What [`read_games`] hands each game to, with the record's reporter.
pub type OnGame<'f> = dyn FnMut(sgfconv::Game, &mut Reporter) -> Result<(), Error> + 'f;

/// Reads the record `r` as the command's conversion reads it (its reader,
/// then the dialect rules), calling `on_game` with each game as it ends;
/// diagnostics go to `report`. `read`, `games` and `moves` read so.
pub fn read_games(
    r: Record<'_>,
    options: &Options,
    report: &mut Reporter,
    on_game: &mut OnGame<'_>,
) -> Result<(), Error> {
    let Record {
        format, mut reader, ..
    } = r;
    sgfconv::formats::check_read_options(format, &options.read)?;
    let mut builder = GameBuilder::new(on_game);
    let dialect = Some(&options.read.dialect);
    let start = Start::whole(format);
    run(
        &mut reader,
        start,
        &options.read,
        dialect,
        &mut builder,
        report,
    )
    .map(|_| ())
}

/// Sends `item`; an error when the iterator is gone.
fn send(tx: &SyncSender<Item>, item: Item) -> Result<(), Error> {
    tx.send(item).map_err(|_| gone())
}

/// The error that stops a walk whose iterator is gone.
fn gone() -> Error {
    Error::Usage(GONE.to_owned())
}

const GONE: &str = "sgfconv.read: the iterator is gone";

fn is_gone(e: &Error) -> bool {
    matches!(e, Error::Usage(m) if m == GONE)
}
