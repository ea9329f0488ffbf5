//! What the picture writers (SVG, PNG) share: a [`Sink`] that gathers each
//! game (only game N with `--game N`), asks
//! [`crate::render::figure::pictures`] which pictures it gives (`--at`,
//! `--figures`, `--every`), draws each with the format's drawing function
//! and hands the bytes to [`Pages`]; a second picture for pages that take
//! one (a file, stdout) is refused (`E703`).

use super::codes::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::game::{Game, GameBuilder};
use crate::options::WriteOptions;
use crate::render::figure::{line, lines, pictures, Figure, Select, Style};
use crate::render::Pages;
use crate::sink::Sink;
use std::cell::RefCell;
use std::rc::Rc;

/// Draws one picture of a game.
pub type Draw<'w> = Box<dyn FnMut(&Figure, &Game, &mut Reporter) -> Result<Vec<u8>, Error> + 'w>;

type OnGame = Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error>>;

/// The sink of a picture format.
pub struct PictureWriter<'w> {
    pages: Box<dyn Pages + 'w>,
    draw: Draw<'w>,
    select: Select,
    style: Style,
    builder: GameBuilder<OnGame>,
    done: Rc<RefCell<Vec<Game>>>,
    games: usize,
    pictures: usize,
    /// The game of the first picture.
    first_game: Option<usize>,
    /// `--game N`: only game N (from 0) is drawn.
    only: Option<usize>,
    /// `SVG`: the format's name in messages.
    format: &'static str,
}

impl<'w> PictureWriter<'w> {
    /// A writer drawing with `draw` into `pages`, as `options` select.
    pub fn new(
        pages: Box<dyn Pages + 'w>,
        draw: Draw<'w>,
        options: &WriteOptions,
        format: &'static str,
    ) -> Result<Self, Error> {
        let select = Select::of(options).map_err(Error::Usage)?;
        let done: Rc<RefCell<Vec<Game>>> = Rc::default();
        let sink = done.clone();
        let on_game: OnGame = Box::new(move |g, _| {
            sink.borrow_mut().push(g);
            Ok(())
        });
        Ok(PictureWriter {
            pages,
            draw,
            select,
            style: Style::of(options).map_err(Error::Usage)?,
            builder: GameBuilder::new(on_game),
            done,
            games: 0,
            pictures: 0,
            first_game: None,
            only: options.game,
            format,
        })
    }

    /// The same writer, drawing in `style` whatever the options say (a
    /// format with rules of its own: Sensei's Library's ten moves).
    pub fn with_style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    fn draw_game(&mut self, game: &Game, report: &mut Reporter) -> Result<(), Error> {
        if self.only.is_some_and(|n| n != self.games) {
            return Ok(());
        }
        let figures = pictures(game, self.select, self.style);
        self.say_short(game, &figures, report);
        for f in &figures {
            if self.pictures > 0 && !self.pages.takes_several() {
                return Err(self.several());
            }
            let bytes = (self.draw)(f, game, report)?;
            self.pages.page(self.games, f.index, &bytes)?;
            self.first_game.get_or_insert(self.games);
            self.pictures += 1;
        }
        Ok(())
    }

    /// What of the selection the game could not give: variation N past its
    /// last (`E705`), a move or node past the end of the line (`W701`).
    fn say_short(&self, game: &Game, figures: &[Figure], report: &mut Reporter) {
        let g = self.games;
        let Some(f) = figures.first() else {
            let Some(v) = self.style.variation.filter(|&v| line(game, v).is_none()) else {
                return;
            };
            let last = lines(game).len().saturating_sub(1);
            let message = format!(
                "game {g}: --variation {v}, but its variations are numbered 0 to {last}: \
                 the game is not drawn"
            );
            return report.report(DIAGRAM_NO_SUCH_VARIATION, None, message);
        };
        let line = match self.style.variation {
            Some(v) => format!("variation {v}"),
            None => "its main line".to_string(),
        };
        let (short, drawn) = match self.select {
            Select::At(n) if f.move_number < n => (format!("--at {n}"), "the final position"),
            Select::Range(a, b) if f.move_number < b => match f.moves {
                Some(_) => (format!("--range {a}-{b}"), "the figure up to its end"),
                None => (format!("--range {a}-{b}"), "the final position"),
            },
            Select::Node(n) => match self.nodes(game) {
                Some(len) if len <= n as usize => {
                    let message = format!(
                        "game {g}: --node {n}, but {line} has {len} nodes (numbered from 0): \
                         the final position is drawn"
                    );
                    return report.report(DIAGRAM_MOVE_PAST_END, None, message);
                }
                _ => return,
            },
            _ => return,
        };
        let message = format!(
            "game {g}: {short}, but {line} has {} moves: {drawn} is drawn",
            f.move_number
        );
        report.report(DIAGRAM_MOVE_PAST_END, None, message);
    }

    /// The nodes of the line drawn.
    fn nodes(&self, game: &Game) -> Option<usize> {
        line(game, self.style.variation.unwrap_or(0)).map(|l| l.len())
    }

    /// The refusal of a second picture where one file takes one.
    fn several(&self) -> Error {
        let (what, choose) = if self.first_game == Some(self.games) {
            (
                format!("game {} gives several pictures", self.games),
                "without --figures or --every a game gives one (--at N: the position after \
                 move N)",
            )
        } else {
            (
                format!(
                    "games {} and {} give a picture each",
                    self.first_game.unwrap_or(0),
                    self.games
                ),
                "--game N draws game N alone (games are numbered from 0)",
            )
        };
        Error::unwritable(
            DIAGRAM_SEVERAL_PICTURES,
            format!(
                "{what}, and one {} file holds one picture: -d DIR writes each to its own file; {choose}",
                self.format
            ),
        )
    }
}

impl Sink for PictureWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.builder.event(event, report)?;
        if matches!(event, Event::GameEnd(_)) {
            let games: Vec<Game> = self.done.borrow_mut().drain(..).collect();
            for g in games {
                self.draw_game(&g, report)?;
                self.games += 1;
            }
        }
        Ok(())
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        if self.pictures == 0 {
            let message = match self.only {
                Some(n) if n >= self.games => format!(
                    "--game {n}: the input holds {} games (numbered from 0): no game to draw as {}",
                    self.games, self.format
                ),
                _ => format!("no game to draw as {}", self.format),
            };
            return Err(Error::unwritable(DIAGRAM_NOTHING_TO_DRAW, message));
        }
        self.pages.finish()
    }
}
