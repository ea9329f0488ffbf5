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
//!
//! Convert a record, here a legacy FF[3] game with a long identifier and a
//! `tt` pass, into clean FF[4]:
//!
//! ```
//! use sgfconv::{convert, Format, Options, Reporter};
//!
//! let mut input: &[u8] = b"(;FF[3]GM[1]SiZe[19]PB[Lee];B[pd];W[tt])";
//! let mut output = Vec::new();
//! let mut report = Reporter::collecting("game.sgf");
//! let stats = convert(&mut input, Format::Sgf, &mut output, Format::Sgf,
//!                     &Options::default(), &mut report)?;
//! assert_eq!(stats.games, 1);
//! assert_eq!(
//!     String::from_utf8(output).unwrap(),
//!     "(;FF[4]\nCA[UTF-8]\nGM[1]\nSZ[19]\nPB[Lee]\n;B[pd];W[])\n"
//! );
//! // Each rewrite was reported (info level).
//! assert!(report.collected().iter().any(|d| d.code.id == "I150"));
//! # Ok::<(), sgfconv::Error>(())
//! ```
//!
//! Any sink can receive the events: this one collects the players.
//!
//! ```
//! use sgfconv::{Error, Event, Format, Reporter, Sink};
//!
//! #[derive(Default)]
//! struct Players(Vec<String>);
//!
//! impl Sink for Players {
//!     fn event(&mut self, e: &Event<'_>, _: &mut Reporter) -> Result<(), Error> {
//!         if let Event::Property(p) = e {
//!             if p.name == "PB" || p.name == "PW" {
//!                 self.0.extend(p.first_text().map(str::to_owned));
//!             }
//!         }
//!         Ok(())
//!     }
//! }
//!
//! let mut input: &[u8] = "(;PB[李世乭]PW[AlphaGo])(;PB[Ke Jie]PW[AlphaGo])".as_bytes();
//! let mut players = Players::default();
//! sgfconv::formats::read(Format::Sgf, &mut input, &Default::default(),
//!                        &mut players, &mut Reporter::collecting("t"))?;
//! assert_eq!(players.0, ["李世乭", "AlphaGo", "Ke Jie", "AlphaGo"]);
//! # Ok::<(), sgfconv::Error>(())
//! ```

pub mod charset;
pub mod diag;
pub mod error;
pub mod event;
pub mod formats;
pub mod game;
pub mod migrate;
pub mod options;
pub mod parallel;
pub mod props;
pub mod sink;
pub mod transform;

pub use diag::{Code, Diagnostic, Reporter, Severity};
pub use error::Error;
pub use event::{Event, GameHeader, Pos, Property, PropertyBuf, Value, Values};
pub use formats::Format;
pub use game::Game;
pub use options::{Dialect, Options, ReadOptions, Rules, WriteOptions};
pub use sink::Sink;

use std::io::{Read, Write};

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
    let parallel = options.jobs > 1
        && from == Format::Sgf
        && to == Format::Sgf
        && options
            .write
            .to_encoding
            .is_none_or(|e| e == encoding_rs::UTF_8);
    if !parallel {
        return convert_in_one_pass(input, from, output, to, options, report);
    }
    let mut stats = Stats::default();
    let work = |bytes: &[u8], resume, rep: &mut Reporter| {
        let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 4);
        let mut src = bytes;
        let (end, c) = convert_sgf_from(&mut src, resume, &mut out, options, rep)?;
        Ok(((out, c), end))
    };
    let rest = parallel::read_pieces(
        input,
        options.jobs,
        piece_bytes(options),
        report,
        &work,
        &mut |(bytes, c): (Vec<u8>, Stats)| {
            stats.add(c);
            output.write_all(&bytes)?;
            Ok(())
        },
    )?;
    if let Some(rest) = rest {
        let mut src = std::io::Read::chain(&rest.held[..], input);
        let (_, c) = convert_sgf_from(&mut src, rest.resume, output, options, report)?;
        stats.add(c);
    } else {
        output.flush()?;
    }
    Ok(stats)
}

/// Converts SGF from `resume` on (a piece of an input, or its rest; see
/// [`parallel`]) into `out`.
fn convert_sgf_from(
    input: &mut dyn Read,
    resume: formats::sgf::Resume,
    out: &mut dyn Write,
    options: &Options,
    report: &mut Reporter,
) -> Result<(formats::sgf::PieceEnd, Stats), Error> {
    let writer = formats::writer(Format::Sgf, Box::new(out), options)?;
    let mut counted = sink::Tee(sink::Counter::default(), writer);
    let end = {
        let mut chain = transform::pipeline(Box::new(&mut counted), &options.read.dialect);
        let end = formats::sgf::read_from(input, resume, &options.read, &mut *chain, report)?;
        chain.finish(report)?;
        end
    };
    Ok((end, Stats::from(counted.0)))
}

fn convert_in_one_pass(
    input: &mut dyn Read,
    from: Format,
    output: &mut dyn Write,
    to: Format,
    options: &Options,
    report: &mut Reporter,
) -> Result<Stats, Error> {
    let writer = formats::writer(to, Box::new(output), options)?;
    let mut counted = sink::Tee(sink::Counter::default(), writer);
    {
        let mut chain = transform::pipeline(Box::new(&mut counted), &options.read.dialect);
        formats::read(from, input, &options.read, &mut *chain, report)?;
        chain.finish(report)?;
    }
    Ok(Stats::from(counted.0))
}

/// Reads `input` and counts what it holds, writing nothing (`sgfconv
/// check`): games, nodes, properties, values. With `transforms` the dialect
/// rules run too, with their diagnostics. SGF is read on `options.jobs`
/// threads, with the diagnostics of one.
pub fn check(
    input: &mut dyn Read,
    from: Format,
    options: &Options,
    transforms: bool,
    report: &mut Reporter,
) -> Result<sink::Counter, Error> {
    if options.jobs <= 1 || from != Format::Sgf {
        return count_piece(input, from, None, options, transforms, report).map(|c| c.0);
    }
    let mut total = sink::Counter::default();
    let work = |bytes: &[u8], resume, rep: &mut Reporter| {
        let mut src = bytes;
        count_piece(&mut src, from, Some(resume), options, transforms, rep)
    };
    let rest = parallel::read_pieces(
        input,
        options.jobs,
        piece_bytes(options),
        report,
        &work,
        &mut |c: sink::Counter| {
            total.add(&c);
            Ok(())
        },
    )?;
    if let Some(rest) = rest {
        let mut src = std::io::Read::chain(&rest.held[..], input);
        let (c, _) = count_piece(
            &mut src,
            from,
            Some(rest.resume),
            options,
            transforms,
            report,
        )?;
        total.add(&c);
    }
    Ok(total)
}

/// Counts one input, or one piece of an SGF input (`resume`).
fn count_piece(
    input: &mut dyn Read,
    from: Format,
    resume: Option<formats::sgf::Resume>,
    options: &Options,
    transforms: bool,
    report: &mut Reporter,
) -> Result<(sink::Counter, formats::sgf::PieceEnd), Error> {
    let mut counter = sink::Counter::default();
    let end = {
        let mut chain: Box<dyn Sink + '_> = if transforms {
            transform::pipeline(Box::new(&mut counter), &options.read.dialect)
        } else {
            Box::new(&mut counter)
        };
        let end = match resume {
            Some(r) => formats::sgf::read_from(input, r, &options.read, &mut *chain, report)?,
            None => {
                formats::read(from, input, &options.read, &mut *chain, report)?;
                formats::sgf::PieceEnd::default()
            }
        };
        chain.finish(report)?;
        end
    };
    Ok((counter, end))
}

/// The piece size parallel reading uses.
fn piece_bytes(options: &Options) -> usize {
    match options.piece_size {
        0 => parallel::piece_size(options.jobs),
        n => n,
    }
}

impl Stats {
    fn add(&mut self, other: Stats) {
        self.games += other.games;
        self.nodes += other.nodes;
        self.properties += other.properties;
    }
}

impl From<sink::Counter> for Stats {
    fn from(c: sink::Counter) -> Self {
        Stats {
            games: c.games,
            nodes: c.nodes,
            properties: c.properties,
        }
    }
}
