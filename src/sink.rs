//! The [`Sink`] trait: what receives events. Writers and transforms are sinks;
//! connecting a reader to a sink is a conversion.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Moves, NodeArena, NodeRef, OwnedEvent};

/// Receives the events of a collection, in document order.
///
/// A transform is a sink that forwards (possibly rewritten) events to another
/// sink. `finish` is called once, after the last event, to flush.
pub trait Sink {
    /// One event of the stream. An error stops the conversion; problems
    /// the sink can live with go to `report` instead.
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error>;

    /// A complete node at once: exactly `Event::Node` followed by one
    /// `Event::Property` per property, which is what the default sends to
    /// [`Sink::event`]. Readers that hold whole nodes send them this way;
    /// sinks override it to skip per-property work (a transform can pass a
    /// node it has nothing to do with on as it came). A sink must accept
    /// both forms.
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        node_as_events(self, node, report)
    }

    /// A complete node whose text the sink may take: exactly
    /// [`Sink::node`] (the default), but a sink that would copy a value
    /// may take the arena's text instead (`NodeArena::take_property`),
    /// leaving the arena for the caller to clear. A reader sends a node
    /// holding a huge value this way, so that the value is not held twice
    /// while what it becomes goes on (docs/benchmarks.md, "Memory": the dialect rules rewrite
    /// it in their copy, which is then the only one).
    fn node_taking(&mut self, node: &mut NodeArena, report: &mut Reporter) -> Result<(), Error> {
        self.node(&node.as_ref(), report)
    }

    /// A run of plain move nodes at once: exactly [`Sink::node`] for each
    /// of them in order, which is what the default does. Readers send the
    /// plain moves that make up most records this way; sinks override it
    /// to pay once per run (a writer copies the run's text).
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        moves_as_nodes(self, moves, report)
    }

    /// Called once after the last event: flush what is buffered. Does
    /// nothing by default.
    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        Ok(())
    }
}

/// Sends each node of `moves` to `sink` with [`Sink::node`]:
/// [`Sink::moves`]'s default, for sinks that override it and still need
/// single nodes at times.
pub fn moves_as_nodes<S: Sink + ?Sized>(
    sink: &mut S,
    moves: &Moves<'_>,
    report: &mut Reporter,
) -> Result<(), Error> {
    moves.try_for_each(|node| sink.node(node, report))
}

/// Sends `node` to `sink` as `Event::Node` and one `Event::Property` per
/// property: [`Sink::node`]'s default, for sinks that override it and
/// still need the event form for some nodes.
pub fn node_as_events<S: Sink + ?Sized>(
    sink: &mut S,
    node: &NodeRef<'_>,
    report: &mut Reporter,
) -> Result<(), Error> {
    sink.event(&Event::Node(node.pos), report)?;
    for p in node.iter() {
        sink.event(&Event::Property(p), report)?;
    }
    Ok(())
}

impl<S: Sink + ?Sized> Sink for &mut S {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        (**self).event(event, report)
    }
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        (**self).node(node, report)
    }
    fn node_taking(&mut self, node: &mut NodeArena, report: &mut Reporter) -> Result<(), Error> {
        (**self).node_taking(node, report)
    }
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        (**self).moves(moves, report)
    }
    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        (**self).finish(report)
    }
}

impl<S: Sink + ?Sized> Sink for Box<S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        (**self).event(event, report)
    }
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        (**self).node(node, report)
    }
    fn node_taking(&mut self, node: &mut NodeArena, report: &mut Reporter) -> Result<(), Error> {
        (**self).node_taking(node, report)
    }
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        (**self).moves(moves, report)
    }
    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        (**self).finish(report)
    }
}

/// Keeps every event (owned): for tests and small inputs.
#[derive(Default, Debug)]
pub struct EventLog {
    /// Every event received, in order ([`Sink::node`] and [`Sink::moves`]
    /// arrive as their events).
    pub events: Vec<OwnedEvent>,
    /// [`Sink::finish`] was called.
    pub finished: bool,
}

impl Sink for EventLog {
    fn event(&mut self, event: &Event<'_>, _report: &mut Reporter) -> Result<(), Error> {
        self.events.push(OwnedEvent::from_event(event));
        Ok(())
    }
    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        self.finished = true;
        Ok(())
    }
}

/// Counts games, nodes and properties, and drops the events: parse-only runs.
/// A game counts once it has a node (SGF has no game without one).
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// Games with at least one node.
    pub games: u64,
    /// Nodes of all games, root nodes included.
    pub nodes: u64,
    /// Properties of all nodes.
    pub properties: u64,
    /// Values of all properties (`AB[aa][bb]` counts two).
    pub values: u64,
    /// A game started and has no node yet.
    game_pending: bool,
}

impl Counter {
    #[inline]
    fn count_game(&mut self) {
        if self.game_pending {
            self.game_pending = false;
            self.games += 1;
        }
    }
}

impl Counter {
    /// Adds another count (of another part of the same input).
    pub fn add(&mut self, other: &Counter) {
        self.games += other.games;
        self.nodes += other.nodes;
        self.properties += other.properties;
        self.values += other.values;
    }
}

impl Sink for Counter {
    fn event(&mut self, event: &Event<'_>, _report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => self.game_pending = true,
            Event::Node(_) => {
                self.count_game();
                self.nodes += 1;
            }
            Event::Property(p) => {
                self.properties += 1;
                self.values += p.values.len() as u64;
            }
            _ => {}
        }
        Ok(())
    }
    fn node(&mut self, node: &NodeRef<'_>, _report: &mut Reporter) -> Result<(), Error> {
        self.count_game();
        self.nodes += 1;
        self.properties += node.len() as u64;
        self.values += node.value_count() as u64;
        Ok(())
    }
    fn moves(&mut self, moves: &Moves<'_>, _report: &mut Reporter) -> Result<(), Error> {
        if !moves.is_empty() {
            self.count_game();
        }
        let n = moves.len() as u64;
        self.nodes += n;
        self.properties += n;
        self.values += n;
        Ok(())
    }
}

/// Passes every event on but keeps [`Sink::finish`] to itself: the inner
/// sink (a writer shared by several inputs) is finished once, by its owner,
/// after the last input, not at the end of each.
pub struct Unfinished<'a>(pub &'a mut dyn Sink);

impl Sink for Unfinished<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.0.event(event, report)
    }
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.0.node(node, report)
    }
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.0.moves(moves, report)
    }
}

/// Sends every event to two sinks (e.g. a writer and a [`Counter`]).
pub struct Tee<A, B>(pub A, pub B);

impl<A: Sink, B: Sink> Sink for Tee<A, B> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.0.event(event, report)?;
        self.1.event(event, report)
    }
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.0.node(node, report)?;
        self.1.node(node, report)
    }
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.0.moves(moves, report)?;
        self.1.moves(moves, report)
    }
    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.0.finish(report)?;
        self.1.finish(report)
    }
}
