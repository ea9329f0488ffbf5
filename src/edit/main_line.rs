//! `--main-line`: each game's main line alone, as one sequence of nodes.
//!
//! Streaming, with no node held.
//! The main line goes from the root through the first variation at every
//! branch. In the event stream that is every node before the first
//! `VariationEnd` of the game: a `VariationStart` met before it opens the
//! main line's next part (its brackets are dropped, its nodes kept), and
//! once a variation of the main line has closed, the main line is whole,
//! so everything after it up to the game's end is a side variation.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Moves, NodeRef};
use crate::sink::Sink;

/// The sink that passes on the main line of each game.
pub struct MainLine<'a> {
    next: Box<dyn Sink + 'a>,
    /// The main line of this game was passed on whole.
    done: bool,
}

impl<'a> MainLine<'a> {
    pub fn new(next: Box<dyn Sink + 'a>) -> Self {
        MainLine { next, done: false }
    }
}

impl Sink for MainLine<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => self.done = false,
            Event::GameEnd(_) => {}
            Event::VariationStart(_) => return Ok(()),
            Event::VariationEnd(_) => {
                self.done = true;
                return Ok(());
            }
            _ if self.done => return Ok(()),
            _ => {}
        }
        self.next.event(event, report)
    }

    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        match self.done {
            true => Ok(()),
            false => self.next.node(node, report),
        }
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        match self.done {
            true => Ok(()),
            false => self.next.moves(moves, report),
        }
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.next.finish(report)
    }
}
