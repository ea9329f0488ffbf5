//! # sgfconv
//!
//! A streaming converter between SGF and the other Go game-record formats.
//!
//! ```text
//! bytes ──reader──▶ events ──transform*──▶ events ──writer──▶ bytes
//! ```
//!
//! Readers push [`Event`]s into a [`Sink`]; writers and transforms are sinks.
//! Problems found in the input are [diagnostics](diag), not errors: a reader
//! repairs what it safely can and says so.

pub mod charset;
pub mod diag;
pub mod error;
pub mod event;
pub mod formats;
pub mod game;
pub mod migrate;
pub mod props;
pub mod sink;
pub mod transform;

pub use diag::{Code, Diagnostic, Reporter, Severity};
pub use error::Error;
pub use event::{Event, GameHeader, Pos, Property, PropertyBuf, Value, Values};
pub use formats::{Format, ReadOptions, WriteOptions};
pub use game::Game;
pub use sink::Sink;

use std::io::{Read, Write};

/// Options for a whole conversion.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub read: ReadOptions,
    pub write: WriteOptions,
}

/// What a conversion went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: u64,
    pub nodes: u64,
    pub properties: u64,
}

/// Converts `input` (in `from`) to `output` (in `to`), streaming.
///
/// Diagnostics go to `report`; the conversion fails only when the input
/// cannot be read at all or the output cannot be written.
pub fn convert(
    input: &mut dyn Read,
    from: Format,
    output: &mut dyn Write,
    to: Format,
    options: &Options,
    report: &mut Reporter,
) -> Result<Stats, Error> {
    let writer = formats::writer(to, Box::new(output), &options.write)?;
    let mut counted = sink::Tee(sink::Counter::default(), writer);
    {
        let mut chain = transform::pipeline(Box::new(&mut counted), &options.read);
        formats::read(from, input, &options.read, &mut *chain, report)?;
        chain.finish(report)?;
    }
    let c = counted.0;
    Ok(Stats {
        games: c.games,
        nodes: c.nodes,
        properties: c.properties,
    })
}
