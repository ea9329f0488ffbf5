//! The one pipeline: reader → dialect rules → record edits → sink.
//!
//! ```text
//! bytes ──reader──▶ events ──transforms──▶ events ──edits──▶ sink (a writer, a counter, migrate's router)
//! ```
//!
//! The record edits (`crate::edit`, `Options::edit`) stand before the
//! writer of a conversion ([`convert`], [`draw`], [`Collection`]:
//! [`run_edited`]); `check` and `migrate` edit nothing.
//!
//! [`run`] builds and runs that chain for one input or one piece of an SGF
//! input; [`in_pieces`] runs it on game-parallel pieces (see the
//! crate-private `parallel` module) and hands the results over in input order. The
//! library's [`convert`] and [`check`] and `migrate` are made of these two.

use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::{self, Format};
use crate::input::{PieceEnd, Resume};
use crate::options::{Dialect, EditOptions, Options, PiecePart, ReadOptions};
use crate::parallel;
use crate::sink::{Counter, Sink, Tee, Unfinished};
use crate::validate::replay::{BoardCheck, Checked};
use std::io::{Read, Write};

/// Reads one input as a format (default: [`formats::read`]); migrate's
/// tests replace it (`migrate::Backend`).
pub(crate) type ReadFn =
    fn(Format, &mut dyn Read, &ReadOptions, &mut dyn Sink, &mut Reporter) -> Result<(), Error>;

/// Where reading starts.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// A whole input, in this format, read by this reader.
    Whole(Format, ReadFn),
    /// A piece of an input in this format, or its rest, from a resume
    /// point (`formats::read_piece`).
    Piece(Format, Resume),
}

impl Start {
    /// A whole input in `format`, read by its own reader.
    pub fn whole(format: Format) -> Self {
        Start::Whole(format, formats::read)
    }
}

/// Reads `input` into `sink` through the dialect rules (`None`: no rule,
/// as `check --parse-only`), and finishes the chain. A whole input ends
/// clean.
pub fn run(
    input: &mut dyn Read,
    start: Start,
    read: &ReadOptions,
    dialect: Option<&Dialect>,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    run_edited(input, start, read, dialect, None, sink, report)
}

/// [`run`], with the record edits `edits` between the dialect rules and
/// `sink` (a conversion's; no stage at all when none is asked).
pub fn run_edited(
    input: &mut dyn Read,
    start: Start,
    read: &ReadOptions,
    dialect: Option<&Dialect>,
    edits: Option<&EditOptions>,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    let sink: Box<dyn Sink + '_> = Box::new(sink);
    let sink = match edits {
        Some(e) => crate::edit::stage(sink, e)?,
        None => sink,
    };
    let mut chain: Box<dyn Sink + '_> = match dialect {
        Some(d) => crate::transform::pipeline(sink, d),
        None => sink,
    };
    report.set_format(match &start {
        Start::Whole(format, _) | Start::Piece(format, _) => format.name(),
    });
    let end = match start {
        Start::Whole(format, read_fn) => {
            read_fn(format, input, read, &mut *chain, report)?;
            PieceEnd::default()
        }
        Start::Piece(format, resume) => {
            formats::read_piece(format, input, resume, read, &mut *chain, report)?
        }
    };
    chain.finish(report)?;
    Ok(end)
}

/// The work on one piece, on a thread of the pool: its bytes, where they
/// start, its reporter; a result and where the piece ended.
pub type Piece<'a, T> =
    dyn Fn(&[u8], Start, &mut Reporter) -> Result<(T, PieceEnd), Error> + Sync + 'a;

/// The work on what is left to read in one pass, streaming, on this thread.
pub type Rest<'a> = dyn FnMut(&mut dyn Read, Start, &mut Reporter) -> Result<(), Error> + 'a;

/// Runs `piece` over game-parallel pieces of an SGF `input` on
/// `options.jobs` threads, and `merge` over the results in input order;
/// what cannot be cut (a small input, a huge game, a piece that does not
/// end between games) goes through `rest` in one pass, streaming. Output
/// and diagnostics are those of one pass.
#[allow(clippy::too_many_arguments)]
pub fn in_pieces<T: Send>(
    input: &mut dyn Read,
    format: Format,
    options: &Options,
    numbered: bool,
    report: &mut Reporter,
    piece: &Piece<'_, T>,
    merge: &mut dyn FnMut(T) -> Result<(), Error>,
    rest: &mut Rest<'_>,
) -> Result<(), Error> {
    let work =
        |bytes: &[u8], resume, rep: &mut Reporter| piece(bytes, Start::Piece(format, resume), rep);
    let size = match options.piece_size {
        0 => parallel::piece_size(options.jobs),
        n => n,
    };
    let jobs = options.jobs;
    // The other readers' diagnostics name the game before a piece's first
    // (`Reporter::set_game`) and their fault messages count the games
    // before: their pieces are read as after the games counted ahead.
    let numbered = numbered || format != Format::Sgf;
    let left = parallel::read_pieces(input, format, jobs, size, numbered, report, &work, merge)?;
    if let Some(left) = left {
        let mut src = crate::input::HeldThen::new(left.held, input);
        rest(&mut src, Start::Piece(format, left.resume), report)?;
    }
    Ok(())
}

/// What a conversion went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Games written.
    pub games: u64,
    /// Nodes written.
    pub nodes: u64,
    /// Properties written.
    pub properties: u64,
}

impl Stats {
    fn plus(self, other: Stats) -> Stats {
        Stats {
            games: self.games + other.games,
            nodes: self.nodes + other.nodes,
            properties: self.properties + other.properties,
        }
    }
}

impl From<Counter> for Stats {
    fn from(c: Counter) -> Self {
        Stats {
            games: c.games,
            nodes: c.nodes,
            properties: c.properties,
        }
    }
}

/// Converts `input` (in `from`) to `output` (in `to`), streaming.
///
/// Diagnostics go to `report`; the conversion fails only when the input
/// cannot be read at all, the output cannot be written, or an option does
/// not apply to `from` or `to`. SGF to UTF-8 SGF runs on `options.jobs` threads.
pub fn convert(
    input: &mut dyn Read,
    from: Format,
    output: &mut dyn Write,
    to: Format,
    options: &Options,
    report: &mut Reporter,
) -> Result<Stats, Error> {
    formats::check_read_options(from, &options.read)?;
    formats::check_write_options(to, &options.write)?;
    let numbered = match writes_in_pieces(to, options) {
        Some(numbered) if options.jobs > 1 && formats::reads_in_pieces(from) => numbered,
        _ => {
            let start = Start::whole(from);
            return convert_piece(input, start, output, to, options, report).map(|r| r.0);
        }
    };
    // Numbered parts: the one that starts the input opens the document,
    // the rest read in one pass (if any) closes it, else an empty part.
    let piece_options = |start: Start, closing: bool| match (numbered, start) {
        (false, _) => None,
        (true, Start::Piece(_, r)) => Some(part_of(
            options,
            PiecePart {
                opening: r.pos.offset == 0 && r.games == 0,
                closing,
            },
        )),
        (true, Start::Whole(..)) => Some(part_of(
            options,
            PiecePart {
                opening: true,
                closing,
            },
        )),
    };
    let closed = std::cell::Cell::new(false);
    let spare = Spare::default();
    let piece = |bytes: &[u8], start, rep: &mut Reporter| {
        let mut out = spare.take();
        out.reserve(bytes.len() + bytes.len() / 4);
        let part = piece_options(start, false);
        let opts = part.as_ref().unwrap_or(options);
        let (c, end) = convert_piece(&mut &bytes[..], start, &mut out, to, opts, rep)?;
        Ok(((out, c), end))
    };
    let stats = std::cell::Cell::new(Stats::default());
    let output = std::cell::RefCell::new(output);
    let mut merge = |(bytes, c): (Vec<u8>, Stats)| {
        stats.set(stats.get().plus(c));
        output.borrow_mut().write_all(&bytes)?;
        spare.give(bytes);
        Ok(())
    };
    let mut rest = |src: &mut dyn Read, start, rep: &mut Reporter| {
        let mut out = output.borrow_mut();
        let part = piece_options(start, true);
        let opts = part.as_ref().unwrap_or(options);
        let (c, _) = convert_piece(src, start, &mut **out, to, opts, rep)?;
        stats.set(stats.get().plus(c));
        closed.set(true);
        Ok(())
    };
    in_pieces(
        input, from, options, numbered, report, &piece, &mut merge, &mut rest,
    )?;
    if numbered && !closed.get() {
        // The pieces wrote no closing: a writer with no game writes it.
        let part = PiecePart {
            opening: false,
            closing: true,
        };
        let mut out = output.borrow_mut();
        formats::writer(to, Box::new(&mut **out), &part_of(options, part))?.finish(report)?;
    }
    output.into_inner().flush()?;
    Ok(stats.get())
}

/// Output buffers of pieces already written, handed to the next pieces.
/// A fresh buffer the size of a piece's output is new memory to the
/// kernel: each of its pages faults in as it is first written (for JSON,
/// 9 bytes out a byte in, that was a third of the cost of a piece).
/// Reused, the pages are already there. At most [`Spare::KEPT`] buffers
/// of at most [`Spare::MAX`] bytes each are kept.
#[derive(Default)]
struct Spare(std::sync::Mutex<Vec<Vec<u8>>>);

impl Spare {
    /// More than the pieces in flight at once for 2 threads and more.
    const KEPT: usize = 8;
    /// A buffer that grew past this (a huge game) is given back.
    const MAX: usize = 16 << 20;

    fn take(&self) -> Vec<u8> {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.pop().unwrap_or_default()
    }

    fn give(&self, mut buffer: Vec<u8>) {
        if buffer.capacity() > Self::MAX {
            return;
        }
        buffer.clear();
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() < Self::KEPT {
            kept.push(buffer);
        }
    }
}

/// Whether `to` can be written in game-parallel pieces with `options`:
/// UTF-8 SGF (the pieces' outputs are the output), and the writers that
/// number games and write a document around them by [`PiecePart`] (JSON,
/// XML, CSV without a games list: a second output, or the games table
/// alone, has its own header and numbering).
fn writes_in_pieces(to: Format, options: &Options) -> Option<bool> {
    let w = &options.write;
    match to {
        Format::Sgf => w
            .to_encoding
            .is_none_or(|e| e == encoding_rs::UTF_8)
            .then_some(false),
        Format::Json | Format::Xml => Some(true),
        Format::Csv => (w.games_csv.is_none() && !w.games_only).then_some(true),
        _ => None,
    }
}

/// `options` for a writer of one part of a pieced output.
fn part_of(options: &Options, part: PiecePart) -> Options {
    let mut o = options.clone();
    o.write.piece = Some(part);
    o
}

/// Converts one input, or one piece of an SGF input, into `out`.
fn convert_piece(
    input: &mut dyn Read,
    start: Start,
    out: &mut dyn Write,
    to: Format,
    options: &Options,
    report: &mut Reporter,
) -> Result<(Stats, PieceEnd), Error> {
    let writer = formats::writer(to, Box::new(out), options)?;
    let mut counted = Tee(Counter::default(), writer);
    let read = &options.read;
    let (dialect, edits) = (Some(&read.dialect), Some(&options.edit));
    let end = run_edited(input, start, read, dialect, edits, &mut counted, report)?;
    Ok((Stats::from(counted.0), end))
}

/// Converts `input` into pictures (`to` is SVG or PNG) handed one by one
/// to `pages`: the command's `-d` names each picture's file.
pub fn draw(
    input: &mut dyn Read,
    from: Format,
    pages: Box<dyn crate::render::Pages + '_>,
    to: Format,
    options: &Options,
    report: &mut Reporter,
) -> Result<Stats, Error> {
    formats::check_read_options(from, &options.read)?;
    let Some(writer) = formats::pictures_writer(to, pages, options)? else {
        return Err(Error::Usage(format!("{} is no picture format", to.name())));
    };
    let mut counted = Tee(Counter::default(), writer);
    let read = &options.read;
    let (dialect, edits) = (Some(&read.dialect), Some(&options.edit));
    let start = Start::whole(from);
    run_edited(input, start, read, dialect, edits, &mut counted, report)?;
    Ok(Stats::from(counted.0))
}

/// Several inputs converted into one output, as one collection: one
/// writer, each input's games after the previous input's (`sgfconv a.sgf
/// b.gib -o all.json`). The writer numbers the games across inputs; each
/// input's diagnostics go to the reporter given with it, whose file name the
/// writers that record a game's source (JSON, the games list) use.
///
/// SGF to SGF goes through [`convert`] input by input (game-parallel, and
/// an SGF collection is the games one after another).
pub struct Collection<'w> {
    writer: Tee<Counter, Box<dyn Sink + 'w>>,
    to: Format,
    options: &'w Options,
}

impl<'w> Collection<'w> {
    /// A collection in `to` written to `output`. Refuses a writer option
    /// `to` does not take.
    pub fn new(
        output: Box<dyn Write + 'w>,
        to: Format,
        options: &'w Options,
    ) -> Result<Self, Error> {
        let writer = formats::writer(to, output, options)?;
        Ok(Collection {
            writer: Tee(Counter::default(), writer),
            to,
            options,
        })
    }

    /// Appends the games of `input` (in `from`); its diagnostics go to
    /// `report`. What this input added is returned.
    pub fn add(
        &mut self,
        input: &mut dyn Read,
        from: Format,
        report: &mut Reporter,
    ) -> Result<Stats, Error> {
        formats::check_read_options(from, &self.options.read)?;
        let before = Stats::from(self.writer.0);
        let dialect = Some(&self.options.read.dialect);
        let mut sink = Unfinished(&mut self.writer);
        let (read, edits) = (&self.options.read, Some(&self.options.edit));
        let start = Start::whole(from);
        run_edited(input, start, read, dialect, edits, &mut sink, report)?;
        let after = Stats::from(self.writer.0);
        Ok(Stats {
            games: after.games - before.games,
            nodes: after.nodes - before.nodes,
            properties: after.properties - before.properties,
        })
    }

    /// The output format.
    pub fn format(&self) -> Format {
        self.to
    }

    /// Ends the collection (the writer closes its document) and says what
    /// was written in all.
    pub fn finish(mut self, report: &mut Reporter) -> Result<Stats, Error> {
        self.writer.finish(report)?;
        Ok(Stats::from(self.writer.0))
    }
}

/// What [`check`] looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// The syntax only (`check --parse-only`).
    Parse,
    /// The syntax, and the dialect rules with their value checks
    /// (`check --no-board`).
    Rules,
    /// Both, and every game replayed on a board ([`BoardCheck`]: moves on
    /// stones, suicide, ko…): `sgfconv check`.
    All,
}

/// Reads `input` and counts what it holds, writing nothing (`sgfconv
/// check`): games, nodes, properties, values, with the diagnostics of the
/// `checks` asked for. SGF is read on `options.jobs` threads, with the
/// diagnostics of one.
pub fn check(
    input: &mut dyn Read,
    from: Format,
    options: &Options,
    checks: Checks,
    report: &mut Reporter,
) -> Result<Counter, Error> {
    let dialect = (checks != Checks::Parse).then_some(&options.read.dialect);
    let count = |src: &mut dyn Read, start, rep: &mut Reporter| {
        let mut counter = Counter::default();
        let end = if checks == Checks::All {
            let mut board = Tee(&mut counter, BoardCheck::new(values_checked(dialect)));
            run(src, start, &options.read, dialect, &mut board, rep)?
        } else {
            run(src, start, &options.read, dialect, &mut counter, rep)?
        };
        Ok((counter, end))
    };
    if options.jobs <= 1 || !formats::reads_in_pieces(from) {
        return count(input, Start::whole(from), report).map(|r| r.0);
    }
    let piece = |bytes: &[u8], start, rep: &mut Reporter| count(&mut &bytes[..], start, rep);
    let total = std::cell::RefCell::new(Counter::default());
    let mut merge = |c: Counter| {
        total.borrow_mut().add(&c);
        Ok(())
    };
    let mut rest = |src: &mut dyn Read, start, rep: &mut Reporter| {
        let (c, _) = count(src, start, rep)?;
        total.borrow_mut().add(&c);
        Ok(())
    };
    in_pieces(
        input, from, options, false, report, &piece, &mut merge, &mut rest,
    )?;
    Ok(total.into_inner())
}

/// Which value checks the dialect rules run, so that the board check
/// leaves those findings to them.
fn values_checked(dialect: Option<&Dialect>) -> Checked {
    match dialect {
        Some(Dialect::Rewrite(rules)) => Checked {
            points: rules.values.points,
            numbers: rules.values.types,
        },
        _ => Checked::default(),
    }
}
