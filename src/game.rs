//! One game held in memory as a tree, for formats that need the whole game
//! before they can write (GIB header, UGF figures, CSV numbering) and for
//! readers that build a game before emitting it.
//!
//! Nodes live in one arena (`Vec`) and link by index, so a game nested
//! 100 000 levels deep builds, replays and drops without recursion.

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, Pos, PropertyBuf};
use crate::sink::Sink;

/// Index of a node in its [`Game`].
pub type NodeId = usize;

/// One node of a [`Game`]: its properties and its place in the tree.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    /// `None` for the root.
    pub parent: Option<NodeId>,
    /// In order; the first continues the main line, the others are
    /// variations.
    pub children: Vec<NodeId>,
    /// The properties, in the order written.
    pub props: Vec<PropertyBuf>,
    /// The node opens a variation (`(` was written before it).
    pub starts_variation: bool,
    /// Where the node's `;` is in the input.
    pub pos: Pos,
}

impl Node {
    /// The property with identifier `id` (`"PB"`), if the node has one.
    pub fn get(&self, id: &str) -> Option<&PropertyBuf> {
        self.props.iter().find(|p| p.name == id)
    }

    /// [`Node::get`], to change it in place.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut PropertyBuf> {
        self.props.iter_mut().find(|p| p.name == id)
    }

    /// First value of a property, as text.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|p| p.first_text())
    }

    /// Sets a property to one plain value, replacing it if present.
    pub fn set(&mut self, id: &str, value: &str) {
        let mut p = PropertyBuf::new(id);
        p.push(value);
        match self.props.iter_mut().find(|q| q.name == id) {
            Some(q) => *q = p,
            None => self.props.push(p),
        }
    }

    /// Appends a value to a property, creating it if needed (list properties).
    pub fn add(&mut self, id: &str, value: &str) {
        match self.props.iter_mut().find(|q| q.name == id) {
            Some(q) => {
                q.push(value);
            }
            None => self.props.push(PropertyBuf::with_values(id, &[value])),
        }
    }

    /// Takes the property `id` out of the node, if present.
    pub fn remove(&mut self, id: &str) -> Option<PropertyBuf> {
        let i = self.props.iter().position(|p| p.name == id)?;
        Some(self.props.remove(i))
    }

    /// The move of this node: `Some(('B', "pd"))`, `Some(('W', ""))` for a pass.
    pub fn mv(&self) -> Option<(char, &str)> {
        self.props.iter().find_map(|p| match p.name.as_str() {
            "B" => Some(('B', p.first_text().unwrap_or(""))),
            "W" => Some(('W', p.first_text().unwrap_or(""))),
            _ => None,
        })
    }
}

/// A game tree. Node 0 is the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// What [`Event::GameStart`] carried.
    pub header: GameHeader,
    /// `Meta` events of the game, in order.
    pub meta: Vec<(String, String)>,
    /// Every node, root first; a node's [`NodeId`] is its index here.
    pub nodes: Vec<Node>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(GameHeader::new(0))
    }
}

impl Game {
    /// A game with an empty root node.
    pub fn new(header: GameHeader) -> Self {
        Game {
            header,
            meta: Vec::new(),
            nodes: vec![Node {
                starts_variation: true,
                ..Node::default()
            }],
        }
    }

    /// The id of the root node, which holds the game information (`PB`,
    /// `KM`, `SZ`...).
    pub const ROOT: NodeId = 0;

    /// The root node.
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// The root node, to change it.
    pub fn root_mut(&mut self) -> &mut Node {
        &mut self.nodes[0]
    }

    /// Node `id`; panics if there is no such node.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// Node `id`, to change it; panics if there is no such node.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id]
    }

    /// Adds a child of `parent`. A second child turns the children into
    /// variations, as SGF requires.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        let id = self.nodes.len();
        let starts = !self.nodes[parent].children.is_empty();
        if starts {
            let first = self.nodes[parent].children[0];
            self.nodes[first].starts_variation = true;
        }
        self.nodes.push(Node {
            parent: Some(parent),
            starts_variation: starts,
            ..Node::default()
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// Adds a child that opens a variation even when it is the only child.
    pub fn add_variation(&mut self, parent: NodeId) -> NodeId {
        let id = self.add_child(parent);
        self.nodes[id].starts_variation = true;
        id
    }

    /// Node ids of the main line (first child at every branch), root first.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![Self::ROOT];
        let mut at = Self::ROOT;
        while let Some(&c) = self.nodes[at].children.first() {
            line.push(c);
            at = c;
        }
        line
    }

    /// Whether any node has more than one child.
    pub fn has_variations(&self) -> bool {
        self.nodes.iter().any(|n| n.children.len() > 1)
    }

    /// Sends the game as events: `GameStart … GameEnd`. Iterative.
    pub fn replay(&self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        sink.event(&Event::GameStart(&self.header), report)?;
        for (k, v) in &self.meta {
            sink.event(&Event::Meta { key: k, value: v }, report)?;
        }
        // (node, next child index to visit)
        let mut stack: Vec<(NodeId, usize)> = vec![(Self::ROOT, 0)];
        self.emit_node(Self::ROOT, sink, report)?;
        while let Some(top) = stack.last_mut() {
            let (id, next) = *top;
            let node = &self.nodes[id];
            if next < node.children.len() {
                top.1 += 1;
                let child = node.children[next];
                let as_variation = node.children.len() > 1 || self.nodes[child].starts_variation;
                if as_variation {
                    sink.event(&Event::VariationStart(self.nodes[child].pos), report)?;
                }
                self.emit_node(child, sink, report)?;
                stack.push((child, 0));
            } else {
                stack.pop();
                if let Some(&(parent, _)) = stack.last() {
                    let siblings = self.nodes[parent].children.len();
                    if siblings > 1 || node.starts_variation {
                        sink.event(&Event::VariationEnd(Pos::default()), report)?;
                    }
                }
            }
        }
        sink.event(&Event::GameEnd(Pos::default()), report)
    }

    fn emit_node(
        &self,
        id: NodeId,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let node = &self.nodes[id];
        sink.event(&Event::Node(node.pos), report)?;
        for p in &node.props {
            sink.event(&Event::Property(p.as_property()), report)?;
        }
        Ok(())
    }
}

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
                self.game = Some(Game {
                    header: (*h).clone(),
                    meta: Vec::new(),
                    nodes: Vec::new(),
                });
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
                if g.nodes.is_empty() {
                    g.nodes.push(Node {
                        starts_variation: true,
                        pos: *pos,
                        ..Node::default()
                    });
                    self.current = 0;
                } else {
                    let parent = self.current;
                    let id = g.nodes.len();
                    g.nodes.push(Node {
                        parent: Some(parent),
                        starts_variation: self.pending_variation,
                        pos: *pos,
                        ..Node::default()
                    });
                    g.nodes[parent].children.push(id);
                    self.current = id;
                }
                self.pending_variation = false;
            }
            Event::Property(p) => {
                if let Some(g) = &mut self.game {
                    if let Some(n) = g.nodes.get_mut(self.current) {
                        n.props.push(PropertyBuf::from_property(p));
                    }
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
                    if g.nodes.is_empty() {
                        g.nodes.push(Node {
                            starts_variation: true,
                            ..Node::default()
                        });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::OwnedEvent;
    use crate::sink::EventLog;

    fn kinds(log: &EventLog) -> String {
        log.events
            .iter()
            .map(|e| match e {
                OwnedEvent::GameStart(_) => "G".to_string(),
                OwnedEvent::GameEnd => "g".to_string(),
                OwnedEvent::Node => ";".to_string(),
                OwnedEvent::VariationStart => "(".to_string(),
                OwnedEvent::VariationEnd => ")".to_string(),
                OwnedEvent::Property(p) => p.name.clone(),
                OwnedEvent::Meta(..) => "M".to_string(),
            })
            .collect()
    }

    #[test]
    fn builds_and_replays_variations() {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        let b1 = g.add_child(a);
        g.node_mut(b1).set("W", "dp");
        let b2 = g.add_child(a);
        g.node_mut(b2).set("W", "dd");
        let c = g.add_child(b1);
        g.node_mut(c).set("B", "pp");
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t");
        g.replay(&mut log, &mut r).unwrap();
        assert_eq!(kinds(&log), "G;SZ;B(;W;B)(;W)g");
        assert_eq!(g.main_line(), vec![0, a, b1, c]);

        // Replaying into a builder gives the same game back.
        let games = collect_games(|s, r| g.replay(s, r), &mut r).unwrap();
        assert_eq!(games[0].nodes.len(), g.nodes.len());
        let mut log2 = EventLog::default();
        games[0].replay(&mut log2, &mut r).unwrap();
        assert_eq!(log.events, log2.events);
    }

    #[test]
    fn single_child_variation_is_kept() {
        let mut g = Game::default();
        let a = g.add_variation(0);
        g.node_mut(a).set("B", "aa");
        let mut log = EventLog::default();
        g.replay(&mut log, &mut Reporter::collecting("t")).unwrap();
        assert_eq!(kinds(&log), "G;(;B)g");
    }

    #[test]
    fn deep_games_do_not_recurse() {
        let mut g = Game::default();
        let mut at = 0;
        for _ in 0..200_000 {
            at = g.add_variation(at);
            g.node_mut(at).set("B", "aa");
        }
        let mut counter = crate::sink::Counter::default();
        g.replay(&mut counter, &mut Reporter::collecting("t"))
            .unwrap();
        assert_eq!(counter.nodes, 200_001);
    }
}
