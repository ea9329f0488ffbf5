//! Test helpers shared by the structured formats' tests: a format's writer
//! run over games, its reader run over text, and the games that test both.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::OwnedEvent;
use crate::game::{collect_games, Game};
use crate::options::{ReadOptions, WriteOptions};
use crate::sink::{EventLog, Sink};
use std::io::{Read, Write};

/// A format's writer (`json::writer`, `xml::writer`...).
pub type WriterFn =
    for<'w> fn(Box<dyn Write + 'w>, &WriteOptions) -> Result<Box<dyn Sink + 'w>, Error>;

/// A format's reader (`json::read`, `xml::read`...).
pub type ReadFn =
    fn(&mut dyn Read, &ReadOptions, &mut dyn Sink, &mut Reporter) -> Result<(), Error>;

/// `games` written by `writer` with `options`, and what it reported on
/// input `file`.
pub fn write(
    writer: WriterFn,
    games: &[Game],
    options: &WriteOptions,
    file: &str,
) -> (String, Reporter) {
    let mut out = Vec::new();
    let mut r = Reporter::collecting(file);
    {
        let mut w = writer(Box::new(&mut out), options).unwrap();
        for g in games {
            g.replay(&mut w, &mut r).unwrap();
        }
        w.finish(&mut r).unwrap();
    }
    (String::from_utf8(out).unwrap(), r)
}

/// The events `read` makes of `text` (input `file`), and what it reported.
pub fn read_events(read: ReadFn, text: &str, file: &str) -> (Vec<OwnedEvent>, Reporter) {
    let mut log = EventLog::default();
    let mut r = Reporter::collecting(file);
    read(
        &mut text.as_bytes(),
        &ReadOptions::default(),
        &mut log,
        &mut r,
    )
    .unwrap();
    (log.events, r)
}

/// The games `read` makes of `text` (input `file`), and what it reported.
pub fn read_games(read: ReadFn, text: impl AsRef<[u8]>, file: &str) -> (Vec<Game>, Reporter) {
    let mut r = Reporter::collecting(file);
    let games = collect_games(
        |s, r| read(&mut text.as_ref(), &ReadOptions::default(), s, r),
        &mut r,
    )
    .unwrap();
    (games, r)
}

/// The events of `games`, each header carrying the index of its game in
/// the list (as a reader numbers them).
pub fn events_of(games: &[Game]) -> Vec<OwnedEvent> {
    let mut log = EventLog::default();
    let mut r = Reporter::collecting("t");
    for (i, g) in games.iter().enumerate() {
        let mut g = g.clone();
        g.header.index = i;
        g.replay(&mut log, &mut r).unwrap();
    }
    log.events
}

/// A game `depth` moves deep, each move in a variation of its own: a
/// writer or reader that recursed on the tree would overflow the stack.
pub fn deep_game(depth: usize) -> Game {
    let mut g = Game::default();
    let mut at = 0;
    for _ in 0..depth {
        at = g.add_variation(at);
        g.node_mut(at).set("B", "aa");
    }
    g
}

/// How many nodes `read` finds in `text`.
pub fn nodes_read(read: ReadFn, text: &str) -> u64 {
    let mut counter = crate::sink::Counter::default();
    read(
        &mut text.as_bytes(),
        &ReadOptions::default(),
        &mut counter,
        &mut Reporter::collecting("t"),
    )
    .unwrap();
    counter.nodes
}
