//! SGF events → UGF. One game per file: the first game is written; games
//! marked `XUGFFIG` that follow it (figure trees made by our reader) become
//! its `.Fig` blocks; any other game is reported and not written.
//!
//! This file is the sink and the order of a file's parts: the header
//! (`write_header.rs`), the main line and the review tree (`write_data.rs`),
//! the figures (`write_figures.rs`), all written through one [`Ctx`]
//! (`write_out.rs`), then encoded.

use super::codes::*;
use super::write_data::{write_data, write_review};
use super::write_figures::write_figures;
use super::write_header::{write_header, write_kept_sections};
use super::write_out::{Ctx, Losses};
use super::*;
use crate::charset;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::game::{Game, GameBuilder};
use crate::options::WriteOptions;
use crate::sink::Sink;
use encoding_rs::{Encoding, UTF_8};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// A UGF writer for `output`.
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Ok(Box::new(UgfWriter::new(output, options)))
}

type OnGame = Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error>>;

struct UgfWriter<'w> {
    out: Box<dyn Write + 'w>,
    review: bool,
    encoding: &'static Encoding,
    builder: GameBuilder<OnGame>,
    done: Rc<RefCell<Vec<Game>>>,
    /// The game to write and the figure games that follow it.
    pending: Option<(Game, Vec<Game>)>,
    /// Games seen (written or not), for messages.
    seen: usize,
}

impl<'w> UgfWriter<'w> {
    fn new(out: Box<dyn Write + 'w>, options: &WriteOptions) -> Self {
        let done = Rc::new(RefCell::new(Vec::new()));
        let sink = done.clone();
        let on_game: OnGame = Box::new(move |g, _| {
            sink.borrow_mut().push(g);
            Ok(())
        });
        UgfWriter {
            out,
            review: options.ugf_review,
            encoding: options.to_encoding.unwrap_or(UTF_8),
            builder: GameBuilder::new(on_game),
            done,
            pending: None,
            seen: 0,
        }
    }

    fn accept(&mut self, g: Game, report: &mut Reporter) {
        self.seen += 1;
        let is_figure = g.root().get(PROP_FIGURE).is_some();
        match &mut self.pending {
            None if self.seen == 1 => self.pending = Some((g, Vec::new())),
            Some((_, figs)) if is_figure => figs.push(g),
            _ => report.report(
                UGF_EXTRA_GAME,
                None,
                format!(
                    "a UGF file holds one game: game {} is not written",
                    self.seen - 1
                ),
            ),
        }
    }
}

impl Sink for UgfWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.builder.event(event, report)?;
        let games: Vec<Game> = self.done.borrow_mut().drain(..).collect();
        for g in games {
            self.accept(g, report);
        }
        Ok(())
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if let Some((game, figs)) = self.pending.take() {
            let bytes = write_game(game, &figs, self.review, self.encoding, report)?;
            self.out.write_all(&bytes)?;
        }
        self.out.flush()?;
        Ok(())
    }
}

/// The game is taken, and dropped once its text is made: the game, the
/// text and the encoded bytes are never all held at once.
fn write_game(
    game: Game,
    figs: &[Game],
    review: bool,
    encoding: &'static Encoding,
    report: &mut Reporter,
) -> Result<Vec<u8>, Error> {
    let owned = game;
    let game = &owned;
    let root = &game.root();
    let sz = root.text("SZ").unwrap_or("19");
    let (square, size) = match sz.split_once(':') {
        Some((a, b)) => (a.trim() == b.trim(), a.trim().parse::<u32>().ok()),
        None => (true, sz.trim().parse::<u32>().ok()),
    };
    let size = match size {
        Some(n) if (2..=25).contains(&n) => n as u8,
        Some(_) => {
            return Err(Error::unwritable(
                UGF_UNWRITABLE_SIZE,
                format!(
                "UGF boards are 2×2 to 25×25 (points are letters A–Y): SZ[{sz}] cannot be written"
            ),
            ))
        }
        None => 19,
    };
    let mut cx = Ctx {
        game,
        grid: Grid { size, igs: true },
        review,
        losses: Losses::default(),
        out: String::new(),
    };
    if !square {
        cx.losses
            .add(format!("non-square board size {sz} (written as {size})"));
    }
    let moves = count_main_moves(game);
    write_header(&mut cx, moves, encoding);
    write_kept_sections(&mut cx);
    let numbers = write_data(&mut cx);
    write_figures(&mut cx, &numbers, figs);
    if review {
        write_review(&mut cx);
    }
    let Ctx {
        mut losses, out, ..
    } = cx;
    drop(owned);
    let mut bytes = Vec::with_capacity(out.len());
    let lost = charset::encode_into(encoding, &out, &mut bytes);
    if !lost.is_empty() {
        let mut chars: Vec<char> = lost;
        chars.sort_unstable();
        chars.dedup();
        let shown: String = chars.iter().take(20).collect();
        losses.add(format!(
            "characters not in {} ({shown}), written as ?",
            encoding.name()
        ));
    }
    if !losses.0.is_empty() {
        report.report(
            UGF_WRITER_LOSS,
            None,
            format!(
                "UGF cannot carry: {}",
                losses.0.into_iter().collect::<Vec<_>>().join("; ")
            ),
        );
    }
    Ok(bytes)
}

fn count_main_moves(game: &Game) -> usize {
    game.main_line_iter()
        .skip(1)
        .filter(|&id| game.node(id).mv().is_some())
        .count()
}
