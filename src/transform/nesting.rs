//! Dialect rule 10 (`ogs-nesting`, described with the server quirks in
//! section 7 of formats/sgf-dialects.md): OGS and Fox review files open a new
//! variation for every move, `(;B[qd](;W[dp](;B[pp]…)))`, so a 300-move
//! game is nested 300 deep and most programs show 300 branch points. When
//! the source is identified (a root `PC`/`SO`/`AP` naming online-go.com or
//! OGS; `AP[foxwq]`), variations that are the only child of their parent
//! are written as a plain sequence. Real branches stay.
//!
//! This needs the whole game: an identified game is built with
//! [`GameBuilder`] and replayed (memory: one game); other games stream
//! through after their root node.

use super::codes::OGS_NESTING;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, Moves, NodeRef, Pos, Property};
use crate::game::{Game, GameBuilder};
use crate::sink::Sink;
use std::cell::RefCell;
use std::rc::Rc;

type Slot = Rc<RefCell<Option<Game>>>;
type Builder = GameBuilder<Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error>>>;

enum State {
    /// Between games, or streaming a game that needs nothing.
    Pass,
    /// Forwarding a game's root node while looking at it.
    Root {
        header: GameHeader,
        in_root: bool,
        identified: bool,
    },
    /// An identified game with no variation yet: its nodes stream on (most
    /// game records have none).
    Watch { header: GameHeader, last_node: Pos },
    /// Collecting what follows an identified game's first branch point,
    /// below a stand-in for that node.
    Build(Box<Builder>, Slot),
}

pub struct Nesting<S> {
    sink: S,
    state: State,
}

impl<S: Sink> Nesting<S> {
    pub fn new(sink: S) -> Self {
        Nesting {
            sink,
            state: State::Pass,
        }
    }
}

/// A root property that names OGS (online-go.com) or Fox as the source.
pub fn names_nesting_source(p: &Property<'_>) -> bool {
    let starts = |t: &str, prefix: &str| {
        t.get(..prefix.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(prefix))
    };
    let contains = |t: &str, word: &str| {
        t.as_bytes()
            .windows(word.len())
            .any(|w| w.eq_ignore_ascii_case(word.as_bytes()))
    };
    matches!(p.name, "AP" | "PC" | "SO" | "GN" | "EV")
        && p.values.iter().any(|v| {
            let t = v.text();
            contains(t, "online-go.com")
                || (p.name == "PC" && starts(t, "ogs"))
                || (p.name == "AP" && (starts(t, "ogs") || starts(t, "foxwq")))
        })
}

/// Turns variations that are an only child into plain sequence. Returns how
/// many were flattened.
pub fn flatten(game: &mut Game) -> usize {
    let mut n = 0;
    for id in 0..game.len() {
        let node = game.node(id);
        if let (Some(c), false) = (node.first_child(), node.has_variations()) {
            if game.node(c).starts_variation() {
                game.node_mut(c).set_starts_variation(false);
                n += 1;
            }
        }
    }
    n
}

/// Forwards a replayed game without its start and its first node (the
/// stand-in for the branch point): those went out before the game was
/// collected.
struct BelowRoot<'a, S> {
    sink: &'a mut S,
    root_seen: bool,
}

impl<S: Sink> Sink for BelowRoot<'_, S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) | Event::Meta { .. } => Ok(()),
            Event::Node(_) if !self.root_seen => {
                self.root_seen = true;
                Ok(())
            }
            _ => self.sink.event(event, report),
        }
    }
}

impl<S: Sink> Nesting<S> {
    /// The root node is over: decides whether the game is watched.
    fn root_over(&mut self) {
        if let State::Root {
            header, identified, ..
        } = &mut self.state
        {
            self.state = if *identified {
                State::Watch {
                    header: header.clone(),
                    last_node: header.pos,
                }
            } else {
                State::Pass
            };
        }
    }

    /// Whether whole nodes stream on now (the game needs nothing, or is
    /// watched and has no variation yet), deciding first if the root just
    /// ended; `last` is where the last of the nodes starts.
    #[inline]
    fn streams(&mut self, last: Option<Pos>) -> bool {
        if matches!(self.state, State::Root { in_root: true, .. }) {
            self.root_over();
        }
        match &mut self.state {
            State::Pass => true,
            State::Watch { last_node, .. } => {
                if let Some(p) = last {
                    *last_node = p;
                }
                true
            }
            _ => false,
        }
    }

    /// A node in a state that looks at events (a root, a collected game).
    /// Kept out of line so that streaming a node costs only the state check.
    #[inline(never)]
    fn node_as_events(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        crate::sink::node_as_events(self, node, report)
    }
}

impl<S: Sink> Sink for Nesting<S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        if let Event::GameStart(h) = event {
            self.state = State::Root {
                header: (*h).clone(),
                in_root: false,
                identified: false,
            };
            return self.sink.event(event, report);
        }
        if let State::Root {
            in_root,
            identified,
            ..
        } = &mut self.state
        {
            match event {
                Event::Meta { .. } => return self.sink.event(event, report),
                Event::Node(_) if !*in_root => {
                    *in_root = true;
                    return self.sink.event(event, report);
                }
                Event::Property(p) => {
                    *identified |= names_nesting_source(p);
                    return self.sink.event(event, report);
                }
                _ => self.root_over(),
            }
        }
        if let State::Watch { header, last_node } = &mut self.state {
            match event {
                Event::Node(pos) => *last_node = *pos,
                Event::VariationStart(_) => {
                    // The first branch point: the node just sent. What
                    // follows is collected below a stand-in for it, so
                    // variations that are its only child can be flattened.
                    let slot: Slot = Rc::new(RefCell::new(None));
                    let s2 = slot.clone();
                    let mut b: Builder = GameBuilder::new(Box::new(move |g, _: &mut Reporter| {
                        *s2.borrow_mut() = Some(g);
                        Ok(())
                    }));
                    b.event(&Event::GameStart(header), report)?;
                    b.event(&Event::Node(*last_node), report)?;
                    self.state = State::Build(Box::new(b), slot);
                }
                Event::GameEnd(_) => self.state = State::Pass,
                _ => {}
            }
        }
        match &mut self.state {
            State::Build(b, slot) => {
                b.event(event, report)?;
                if let Event::GameEnd(_) = event {
                    let game = slot.borrow_mut().take();
                    self.state = State::Pass;
                    if let Some(mut g) = game {
                        let n = flatten(&mut g);
                        if n > 0 {
                            report.report(
                                OGS_NESTING,
                                Some(g.header.pos),
                                || format!("{n} variation(s) that were the only continuation written as a plain sequence (OGS/Fox nesting)"),
                            );
                        }
                        let mut below = BelowRoot {
                            sink: &mut self.sink,
                            root_seen: false,
                        };
                        g.replay(&mut below, report)?;
                    }
                }
                Ok(())
            }
            _ => self.sink.event(event, report),
        }
    }

    #[inline]
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.streams(Some(node.pos)) {
            self.sink.node(node, report)
        } else {
            self.node_as_events(node, report)
        }
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.streams(moves.positions().last().copied()) {
            self.sink.moves(moves, report)
        } else {
            crate::sink::moves_as_nodes(self, moves, report)
        }
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if matches!(self.state, State::Build(..)) {
            // The input ended inside a game: what was read still goes out.
            self.event(&Event::GameEnd(crate::event::Pos::default()), report)?;
        }
        self.sink.finish(report)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn ogs_nesting_is_flattened_when_identified() {
        let g = ogs_nested("OGS: https://online-go.com/game/1234");
        let (log, r) = run(&g, |s| Box::new(Nesting::new(s)));
        assert_eq!(
            sgf(&log),
            "(;PC[OGS: https://online-go.com/game/1234];B[qd];W[dp];B[pp](;W[dc])(;W[cc]))"
        );
        assert_eq!(codes(&r), vec!["I169"]);
    }

    #[test]
    fn a_game_cut_short_still_goes_out() {
        let g = ogs_nested("online-go.com");
        let mut log = crate::sink::EventLog::default();
        let mut r = Reporter::collecting("t");
        {
            let mut n = Nesting::new(&mut log);
            let mut all = crate::sink::EventLog::default();
            g.replay(&mut all, &mut r).unwrap();
            // Everything but GameEnd.
            for e in &all.events[..all.events.len() - 1] {
                n.event(&e.as_event(), &mut r).unwrap();
            }
            n.finish(&mut r).unwrap();
        }
        assert_eq!(
            sgf(&log),
            "(;PC[online-go.com];B[qd];W[dp];B[pp](;W[dc])(;W[cc]))"
        );
    }

    #[test]
    fn other_sources_stream_untouched() {
        let g = ogs_nested("Tokyo");
        let (log, r) = run(&g, |s| Box::new(Nesting::new(s)));
        assert_eq!(
            sgf(&log),
            "(;PC[Tokyo];B[qd](;W[dp](;B[pp](;W[dc])(;W[cc]))))"
        );
        assert!(codes(&r).is_empty());
    }
}
