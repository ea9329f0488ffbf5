//! Test helpers shared by the structured formats' tests: a format's writer
//! run over games, its reader run over text, and the games that test both.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, MovesBuf, OwnedEvent, Pos, PropertyBuf};
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

/// Forwards events only: runs of moves and whole nodes reach the sink
/// event by event (the defaults of [`Sink::moves`] and [`Sink::node`]).
struct EventsOnly<S>(S);

impl<S: Sink> Sink for EventsOnly<S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.0.event(event, report)
    }
    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.0.finish(report)
    }
}

/// Two games of runs of plain moves (as the game's first node, after a
/// variation opens, a run of one, runs whose node numbers pass 9 and 99,
/// on the main line and off it, a property after a run), written by `writer` as the SGF reader sends
/// them (`Sink::moves`) and event by event: the two outputs.
pub fn runs_and_events(writer: WriterFn, options: &WriteOptions) -> (String, String) {
    let mut outs = [Vec::new(), Vec::new()];
    for (k, out) in outs.iter_mut().enumerate() {
        let mut r = Reporter::collecting("t");
        let w = writer(Box::new(out), options).unwrap();
        if k == 0 {
            send_runs(w, &mut r);
        } else {
            send_runs(Box::new(EventsOnly(w)), &mut r);
        }
    }
    let [a, b] = outs.map(|o| String::from_utf8(o).unwrap());
    (a, b)
}

fn send_runs(mut w: Box<dyn Sink + '_>, r: &mut Reporter) {
    let run = |moves: &[&[u8; 6]], w: &mut Box<dyn Sink + '_>, r: &mut Reporter| {
        let mut buf = MovesBuf::default();
        for m in moves {
            assert!(buf.push(**m, Pos::default()));
        }
        w.moves(&buf.as_moves(), r).unwrap();
    };
    let ev = |e: Event<'_>, w: &mut Box<dyn Sink + '_>, r: &mut Reporter| w.event(&e, r).unwrap();
    let comment = PropertyBuf::with_values("C", &["after <a> \"run\""]);
    let many: Vec<&[u8; 6]> = [b";B[aa]", b";W[ss]"]
        .into_iter()
        .cycle()
        .take(120)
        .collect();
    for g in 0..2 {
        ev(Event::GameStart(&GameHeader::new(g)), &mut w, r);
        run(&[b";B[pd]", b";W[dd]", b";B[qq]"], &mut w, r);
        ev(Event::Node(Pos::default()), &mut w, r);
        ev(Event::Property(comment.as_property()), &mut w, r);
        ev(Event::VariationStart(Pos::default()), &mut w, r);
        run(&[b";W[aa]", b";B[bb]", b";W[cc]"], &mut w, r);
        ev(Event::Property(comment.as_property()), &mut w, r);
        run(&many, &mut w, r);
        ev(Event::VariationEnd(Pos::default()), &mut w, r);
        ev(Event::VariationStart(Pos::default()), &mut w, r);
        run(&[b";W[ab]"], &mut w, r);
        run(&many, &mut w, r);
        ev(Event::VariationEnd(Pos::default()), &mut w, r);
        ev(Event::GameEnd(Pos::default()), &mut w, r);
    }
    w.finish(r).unwrap();
}
