//! Games built from events.
//!
//! Games built from events: [`GameBuilder`], a sink that collects each game
//! of a stream into a [`Game`] and hands it on, and [`collect_games`].

use super::{Game, NodeId};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Pos};
use crate::sink::Sink;

/// Builds [`Game`]s from events and hands each finished game to a callback.
/// Memory is bounded by one game.
pub struct GameBuilder<F> {
    game: Option<Game>,
    /// The node properties go to.
    current: NodeId,
    /// Where each open variation hangs: the node before its `(`.
    branch_points: Vec<NodeId>,
    /// The next node opens a variation.
    pending_variation: bool,
    on_game: F,
}

impl<F> GameBuilder<F>
where
    F: FnMut(Game, &mut Reporter) -> Result<(), Error>,
{
    /// A builder that calls `on_game` at each game's end, with the game.
    pub fn new(on_game: F) -> Self {
        GameBuilder {
            game: None,
            current: 0,
            branch_points: Vec::new(),
            pending_variation: false,
            on_game,
        }
    }

    /// Hands a game the events left open (no `GameEnd`) to the callback,
    /// as its end would have: a writer's `finish` closes it, not loses it.
    pub fn end_open_game(&mut self, report: &mut Reporter) -> Result<(), Error> {
        match self.game.is_some() {
            true => self.event(&Event::GameEnd(Pos::default()), report),
            false => Ok(()),
        }
    }

    /// The callback, to reach what it collected.
    pub fn into_inner(self) -> F {
        self.on_game
    }
}

impl<F> Sink for GameBuilder<F>
where
    F: FnMut(Game, &mut Reporter) -> Result<(), Error>,
{
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                self.game = Some(Game::empty((*h).clone()));
                self.branch_points.clear();
                self.pending_variation = false;
            }
            Event::Meta { key, value } => {
                if let Some(g) = &mut self.game {
                    g.meta.push((key.to_string(), value.to_string()));
                }
            }
            Event::Node(pos) => {
                let Some(g) = &mut self.game else {
                    return Ok(());
                };
                self.current = if g.is_empty() {
                    g.push_node(None, true, *pos)
                } else {
                    g.push_node(Some(self.current), self.pending_variation, *pos)
                };
                self.pending_variation = false;
            }
            Event::Property(p) => {
                if let Some(g) = &mut self.game {
                    g.push_property(self.current, p);
                }
            }
            Event::VariationStart(_) => {
                self.branch_points.push(self.current);
                self.pending_variation = true;
            }
            Event::VariationEnd(_) => {
                if let Some(b) = self.branch_points.pop() {
                    self.current = b;
                }
                self.pending_variation = false;
            }
            Event::GameEnd(_) => {
                if let Some(mut g) = self.game.take() {
                    if g.is_empty() {
                        g.push_node(None, true, Pos::default());
                    }
                    (self.on_game)(g, report)?;
                }
            }
        }
        Ok(())
    }
}

/// Collects every game of a collection (tests and small inputs).
pub fn collect_games(
    read: impl FnOnce(&mut dyn Sink, &mut Reporter) -> Result<(), Error>,
    report: &mut Reporter,
) -> Result<Vec<Game>, Error> {
    let mut games = Vec::new();
    {
        let mut b = GameBuilder::new(|g, _: &mut Reporter| {
            games.push(g);
            Ok(())
        });
        read(&mut b, report)?;
    }
    Ok(games)
}
