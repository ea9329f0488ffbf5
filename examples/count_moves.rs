//! Streams a collection of records and counts games and moves, with a sink of
//! our own: the smallest useful program on the library.
//!
//! ```text
//! cargo run --release --example count_moves -- games.sgf
//! cat games.sgf | cargo run --release --example count_moves
//! ```
//!
//! Memory stays flat whatever the size of the input: the reader pushes
//! events as it goes, and this sink keeps three counters.

use sgfconv::diag::{Output, Reporter};
use sgfconv::{Error, Event, Format, Sink};
use std::fs::File;
use std::io::Read;
use std::path::Path;

#[derive(Default)]
struct MoveCounter {
    games: u64,
    moves: u64,
    passes: u64,
}

impl Sink for MoveCounter {
    fn event(&mut self, event: &Event<'_>, _report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => self.games += 1,
            Event::Property(p) if p.name == "B" || p.name == "W" => {
                self.moves += 1;
                if p.values.first().is_none_or(|v| v.is_empty()) {
                    self.passes += 1;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1);
    let (name, mut input): (String, Box<dyn Read>) = match &path {
        Some(p) => (p.clone(), Box::new(File::open(p)?)),
        None => ("<stdin>".into(), Box::new(std::io::stdin().lock())),
    };
    let format = path
        .as_deref()
        .and_then(|p| Format::from_path(Path::new(p)))
        .unwrap_or(Format::Sgf);
    // Diagnostics go to stderr as they are found.
    let mut report = Reporter::new(name, Output::Text(Box::new(std::io::stderr())));
    let mut counter = MoveCounter::default();
    sgfconv::formats::read(
        format,
        &mut input,
        &Default::default(),
        &mut counter,
        &mut report,
    )?;
    println!(
        "{} games, {} moves ({} passes)",
        counter.games, counter.moves, counter.passes
    );
    Ok(())
}
