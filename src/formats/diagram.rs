//! What the picture writers (SVG, PNG) share: a [`Sink`] that gathers each
//! game, asks [`crate::render::figure::pictures`] which pictures it gives
//! (`--at`, `--figures`, `--every`), draws each with the format's drawing
//! function and hands the bytes to [`Pages`].

use super::codes::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::game::{Game, GameBuilder};
use crate::options::WriteOptions;
use crate::render::figure::{pictures, Figure, Select, Style};
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
            style: Style::of(options),
            builder: GameBuilder::new(on_game),
            done,
            games: 0,
            pictures: 0,
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
        let figures = pictures(game, self.select, self.style);
        if let (Select::At(n), Some(f)) = (self.select, figures.first()) {
            if f.move_number < n {
                report.report(
                    DIAGRAM_MOVE_PAST_END,
                    None,
                    format!(
                        "game {}: --at {n}, but its main line has {} moves: the final position is drawn",
                        self.games, f.move_number
                    ),
                );
            }
        }
        for f in &figures {
            let bytes = (self.draw)(f, game, report)?;
            self.pages.page(self.games, f.index, &bytes)?;
            self.pictures += 1;
        }
        Ok(())
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
            return Err(Error::unwritable(
                DIAGRAM_NOTHING_TO_DRAW,
                format!("no game to draw as {}", self.format),
            ));
        }
        self.pages.finish()
    }
}
