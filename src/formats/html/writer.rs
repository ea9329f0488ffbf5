//! The HTML writer: gathers each game of the run as it ends, keeps it as
//! its page data (compact JSON, [`super::data`]) and drops the tree, then
//! writes the one page at the end ([`super::page`]). What a run holds is
//! bounded by its page: the page is the output.

use super::codes::*;
use super::{data, page};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::game::{Game, GameBuilder};
use crate::options::{Coords, WriteOptions};
use crate::sink::Sink;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

type OnGame = Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error>>;

/// The sink that writes the page.
pub struct HtmlWriter<'w> {
    out: Box<dyn Write + 'w>,
    coords: Option<Coords>,
    builder: GameBuilder<OnGame>,
    done: Rc<RefCell<Vec<Game>>>,
    /// Each game's data and title, in input order.
    games: Vec<(String, String)>,
}

impl<'w> HtmlWriter<'w> {
    /// A writer of one page into `out`: coordinates in `--coords` style
    /// (default `A`–`T` without `I`), none with `--no-coords`.
    pub fn new(out: Box<dyn Write + 'w>, options: &WriteOptions) -> Self {
        let done: Rc<RefCell<Vec<Game>>> = Rc::default();
        let sink = done.clone();
        let on_game: OnGame = Box::new(move |g, _| {
            sink.borrow_mut().push(g);
            Ok(())
        });
        let coords = if options.no_coords {
            None
        } else {
            Some(options.coords.unwrap_or(Coords::Gtp))
        };
        HtmlWriter {
            out,
            coords,
            builder: GameBuilder::new(on_game),
            done,
            games: Vec::new(),
        }
    }
}

impl Sink for HtmlWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.builder.event(event, report)?;
        if matches!(event, Event::GameEnd(_)) {
            let games: Vec<Game> = self.done.borrow_mut().drain(..).collect();
            for g in games {
                let number = self.games.len() + 1;
                let json = data::game_json(&g, self.coords, number).to_string();
                self.games.push((json, data::title(&g, number)));
            }
        }
        Ok(())
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        if self.games.is_empty() {
            return Err(Error::unwritable(
                HTML_NOTHING_TO_REPLAY,
                "no game to replay as HTML".to_string(),
            ));
        }
        page::write(&mut self.out, &self.games)?;
        self.out.flush()?;
        Ok(())
    }
}
