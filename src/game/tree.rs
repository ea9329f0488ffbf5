//! A game as a tree of nodes linked by index.
//!
//! A game as a tree of nodes linked by index ([`Game`]), with borrowed views
//! of a node ([`Node`], [`NodeMut`]) and its children ([`Children`]).

use super::{NodeScratch, PropTable, Props};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, Pos, Property, PropertyBuf, Span, Value, Values, NO_SPLIT};
use crate::sink::Sink;

/// Index of a node in its [`Game`].
pub type NodeId = usize;

/// "No node" in the links.
const NONE: u32 = u32::MAX;

/// A node's place in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Links {
    parent: u32,
    first: u32,
    next: u32,
    last: u32,
}

fn link(id: u32) -> Option<NodeId> {
    (id != NONE).then_some(id as NodeId)
}

/// A game tree. Node 0 is the root; nodes are numbered in the order they
/// were added (document order for a game read from a stream).
#[derive(Clone)]
pub struct Game {
    /// What [`Event::GameStart`] carried.
    pub header: GameHeader,
    /// `Meta` events of the game, in order.
    pub meta: Vec<(String, String)>,
    links: Vec<Links>,
    /// Per node: it opens a variation (`(` was written before it).
    variation: Vec<bool>,
    props: PropTable,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(GameHeader::new(0))
    }
}

impl PartialEq for Game {
    /// Same header, facts, tree, flags, node positions and properties (by
    /// name and values, as [`PropertyBuf`] compares).
    fn eq(&self, other: &Self) -> bool {
        self.header == other.header
            && self.meta == other.meta
            && self.links == other.links
            && self.variation == other.variation
            && (0..self.len()).all(|i| {
                let (a, b) = (self.node(i), other.node(i));
                a.pos() == b.pos() && a.props().same(&b.props())
            })
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("header", &self.header)
            .field("meta", &self.meta)
            .field("nodes", &self.nodes().collect::<Vec<_>>())
            .finish()
    }
}

impl Game {
    /// A game with an empty root node.
    pub fn new(header: GameHeader) -> Self {
        let mut g = Game::empty(header);
        g.push_node(None, true, Pos::default());
        g
    }

    /// A game with no node at all (builders add the root).
    pub(super) fn empty(header: GameHeader) -> Self {
        Game {
            header,
            meta: Vec::new(),
            links: Vec::new(),
            variation: Vec::new(),
            props: PropTable::new(),
        }
    }

    /// The id of the root node, which holds the game information (`PB`,
    /// `KM`, `SZ`...).
    pub const ROOT: NodeId = 0;

    /// Number of nodes (at least 1: the root).
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Whether the game has no node; never true of a built game.
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// The root node.
    pub fn root(&self) -> Node<'_> {
        self.node(Self::ROOT)
    }

    /// The root node, to change it.
    pub fn root_mut(&mut self) -> NodeMut<'_> {
        self.node_mut(Self::ROOT)
    }

    /// Node `id`; panics if there is no such node.
    pub fn node(&self, id: NodeId) -> Node<'_> {
        assert!(id < self.len(), "no node {id}");
        Node { game: self, id }
    }

    /// Node `id`, if there is one.
    pub fn get(&self, id: NodeId) -> Option<Node<'_>> {
        (id < self.len()).then_some(Node { game: self, id })
    }

    /// Node `id`, to change it; panics if there is no such node.
    pub fn node_mut(&mut self, id: NodeId) -> NodeMut<'_> {
        assert!(id < self.len(), "no node {id}");
        NodeMut { game: self, id }
    }

    /// Every node, in id order.
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = Node<'_>> + '_ {
        (0..self.len()).map(move |id| Node { game: self, id })
    }

    /// Bytes the nodes take on the heap (links, flags and properties),
    /// not counting unused capacity: what the memory target is about.
    pub fn heap_bytes(&self) -> usize {
        self.links.len() * std::mem::size_of::<Links>()
            + self.variation.len()
            + self.props.heap_bytes()
    }

    /// Appends a copy of `p` to node `id`'s properties (a game being built:
    /// `id` is its last node).
    pub(super) fn push_property(&mut self, id: NodeId, p: &Property<'_>) {
        self.props.push(id, p);
    }

    /// Appends a node under `parent` (the root when `None` and there is no
    /// node yet). A parent that is not an earlier node leaves it unlinked.
    pub(super) fn push_node(
        &mut self,
        parent: Option<NodeId>,
        variation: bool,
        pos: Pos,
    ) -> NodeId {
        let id = self.links.len();
        let parent = parent.filter(|&p| p < id);
        self.links.push(Links {
            parent: parent.map_or(NONE, |p| p as u32),
            first: NONE,
            next: NONE,
            last: NONE,
        });
        self.variation.push(variation);
        self.props.push_node(pos);
        if let Some(p) = parent {
            let last = self.links[p].last;
            match link(last) {
                Some(l) => self.links[l].next = id as u32,
                None => self.links[p].first = id as u32,
            }
            self.links[p].last = id as u32;
        }
        id
    }

    /// Adds a child of `parent`. A second child turns the children into
    /// variations, as SGF requires.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        let first = link(self.links[parent].first);
        if let Some(first) = first {
            self.variation[first] = true;
        }
        self.push_node(Some(parent), first.is_some(), Pos::default())
    }

    /// Adds a child that opens a variation even when it is the only child.
    pub fn add_variation(&mut self, parent: NodeId) -> NodeId {
        let id = self.add_child(parent);
        self.variation[id] = true;
        id
    }

    /// Adds a child of `parent` at `pos`, opening a variation or not
    /// exactly as told (what a reader saw), or an unlinked node when
    /// `parent` is `None` or not an earlier node.
    pub fn add_node(&mut self, parent: Option<NodeId>, variation: bool, pos: Pos) -> NodeId {
        self.push_node(parent, variation, pos)
    }

    /// Drops the root, whose only child (node 1) becomes the root, every id
    /// one less: what a reader does with an empty implicit root. Does
    /// nothing unless the root has exactly one child and it is node 1.
    pub fn drop_root(&mut self) {
        let root = self.root();
        if root.first_child() != Some(1) || root.has_variations() {
            return;
        }
        // In place: the game is not held twice.
        self.links.remove(0);
        self.variation.remove(0);
        self.props.remove_first_node();
        let down = |id: u32| id.checked_sub(1).filter(|_| id != NONE).unwrap_or(NONE);
        for l in &mut self.links {
            *l = Links {
                parent: down(l.parent),
                first: down(l.first),
                next: down(l.next),
                last: down(l.last),
            };
        }
        self.links[0].parent = NONE;
        self.links[0].next = NONE;
        self.variation[0] = true;
    }

    /// Makes `child` the first child of its parent (the main line), the
    /// others keeping their order. Does nothing if it is not a child.
    pub fn make_first_child(&mut self, child: NodeId) {
        let Some(parent) = link(self.links[child].parent) else {
            return;
        };
        if self.detach(child) {
            let first = self.links[parent].first;
            self.links[child].next = first;
            self.links[parent].first = child as u32;
            if first == NONE {
                self.links[parent].last = child as u32;
            }
        }
    }

    /// Moves `child`, with everything below it, under `parent` as its first
    /// child (the main line), the other children keeping their order: what
    /// an undo of the `FF[5]` draft makes of the moves after it. Does
    /// nothing unless `parent` is an earlier node (so never one below
    /// `child`: a node's id is greater than its parent's).
    pub fn move_first_under(&mut self, child: NodeId, parent: NodeId) {
        if parent >= child || child >= self.links.len() {
            return;
        }
        self.detach(child);
        let first = self.links[parent].first;
        self.links[child].parent = parent as u32;
        self.links[child].next = first;
        self.links[parent].first = child as u32;
        if first == NONE {
            self.links[parent].last = child as u32;
        }
    }

    /// Takes `id` out of its parent's children (it keeps its parent link
    /// and its own children, and is no longer replayed). Returns whether it
    /// was a child.
    pub fn detach(&mut self, id: NodeId) -> bool {
        let Some(parent) = link(self.links[id].parent) else {
            return false;
        };
        let (mut prev, mut at) = (NONE, self.links[parent].first);
        while at != NONE && at as usize != id {
            prev = at;
            at = self.links[at as usize].next;
        }
        if at == NONE {
            return false;
        }
        let next = self.links[id].next;
        match link(prev) {
            Some(p) => self.links[p].next = next,
            None => self.links[parent].first = next,
        }
        if self.links[parent].last as usize == id {
            self.links[parent].last = prev;
        }
        self.links[id].next = NONE;
        true
    }

    /// Node ids of the main line (first child at every branch), root first.
    pub fn main_line(&self) -> Vec<NodeId> {
        self.main_line_iter().collect()
    }

    /// [`Game::main_line`] without the `Vec`: for writers that walk it once.
    pub fn main_line_iter(&self) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(Self::ROOT), move |&at| link(self.links[at].first))
    }

    /// Whether any node has more than one child.
    pub fn has_variations(&self) -> bool {
        self.links.iter().any(|l| l.first != l.last)
    }

    /// Sends the game as events: `GameStart … GameEnd`. Iterative.
    pub fn replay(&self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        sink.event(&Event::GameStart(&self.header), report)?;
        for (k, v) in &self.meta {
            sink.event(&Event::Meta { key: k, value: v }, report)?;
        }
        // (node, next child to visit)
        let mut stack: Vec<(NodeId, u32)> = vec![(Self::ROOT, self.links[0].first)];
        let mut scratch = NodeScratch::default();
        self.emit_node(Self::ROOT, &mut scratch, sink, report)?;
        while let Some(top) = stack.last_mut() {
            let (id, next) = *top;
            match link(next) {
                Some(child) => {
                    top.1 = self.links[child].next;
                    let l = self.links[id];
                    if l.first != l.last || self.variation[child] {
                        sink.event(&Event::VariationStart(self.props.pos(child)), report)?;
                    }
                    self.emit_node(child, &mut scratch, sink, report)?;
                    stack.push((child, self.links[child].first));
                }
                None => {
                    stack.pop();
                    if let Some(&(parent, _)) = stack.last() {
                        let l = self.links[parent];
                        if l.first != l.last || self.variation[id] {
                            sink.event(&Event::VariationEnd(Pos::default()), report)?;
                        }
                    }
                }
            }
        }
        sink.event(&Event::GameEnd(Pos::default()), report)
    }

    /// Sends node `id` as one [`Sink::node`] call, its values borrowed
    /// from the table (a huge value is not copied on its way out); as
    /// events if the table cannot give it so.
    fn emit_node(
        &self,
        id: NodeId,
        scratch: &mut NodeScratch,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        if let Some(node) = self.props.node_ref(id, scratch) {
            return sink.node(&node, report);
        }
        sink.event(&Event::Node(self.props.pos(id)), report)?;
        for p in self.props.props(id).iter() {
            sink.event(&Event::Property(p), report)?;
        }
        Ok(())
    }
}

/// One node of a [`Game`], borrowed: its properties and its place in the
/// tree. `Copy`.
#[derive(Clone, Copy)]
pub struct Node<'a> {
    game: &'a Game,
    id: NodeId,
}

impl std::fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Node")
            .field("id", &self.id)
            .field("parent", &self.parent())
            .field("starts_variation", &self.starts_variation())
            .field("props", &self.props())
            .finish()
    }
}

impl<'a> Node<'a> {
    /// The node's id.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// Where the node's `;` is in the input.
    pub fn pos(&self) -> Pos {
        self.game.props.pos(self.id)
    }

    /// The parent; `None` for the root.
    pub fn parent(&self) -> Option<NodeId> {
        link(self.game.links[self.id].parent)
    }

    /// The node opens a variation (`(` was written before it).
    pub fn starts_variation(&self) -> bool {
        self.game.variation[self.id]
    }

    /// The children, in order: the first continues the main line, the
    /// others are variations.
    pub fn children(&self) -> Children<'a> {
        Children {
            links: &self.game.links,
            next: self.game.links[self.id].first,
        }
    }

    /// The first child, where the main line continues.
    pub fn first_child(&self) -> Option<NodeId> {
        link(self.game.links[self.id].first)
    }

    /// The next child of the node's parent after this one.
    pub fn next_sibling(&self) -> Option<NodeId> {
        link(self.game.links[self.id].next)
    }

    /// Number of children.
    pub fn child_count(&self) -> usize {
        self.children().count()
    }

    /// Whether the node has more than one child.
    pub fn has_variations(&self) -> bool {
        let l = self.game.links[self.id];
        l.first != l.last
    }

    /// The properties, in the order written.
    pub fn props(&self) -> Props<'a> {
        self.game.props.props(self.id)
    }

    /// The property with identifier `id` (`"PB"`), if the node has one.
    pub fn get(&self, id: &str) -> Option<Property<'a>> {
        self.props().get(id)
    }

    /// First value of a property, as text.
    pub fn text(&self, id: &str) -> Option<&'a str> {
        self.props().text(id)
    }

    /// The move of this node: `Some(('B', "pd"))`, `Some(('W', ""))` for a pass.
    pub fn mv(&self) -> Option<(char, &'a str)> {
        self.props().mv()
    }
}

/// The children of a [`Node`], in order.
#[derive(Clone)]
pub struct Children<'a> {
    links: &'a [Links],
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let id = link(self.next)?;
        self.next = self.links.get(id).map_or(NONE, |l| l.next);
        Some(id)
    }
}

/// One node of a [`Game`], to change its properties (which may move them
/// inside the game's buffers; see [`table`](super::table)).
pub struct NodeMut<'a> {
    game: &'a mut Game,
    id: NodeId,
}

impl NodeMut<'_> {
    /// The node, to read it.
    pub fn as_node(&self) -> Node<'_> {
        Node {
            game: self.game,
            id: self.id,
        }
    }

    /// The property with identifier `id`, if the node has one, as an owned
    /// copy.
    pub fn get(&self, id: &str) -> Option<PropertyBuf> {
        self.as_node()
            .get(id)
            .map(|p| PropertyBuf::from_property(&p))
    }

    /// First value of a property, as text.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.game.props.props(self.id).text(id)
    }

    /// Moves the node to `pos` in the input; its properties keep theirs.
    pub fn set_pos(&mut self, pos: Pos) {
        self.game.props.set_pos(self.id, pos);
    }

    /// Makes the node open a variation, or not.
    pub fn set_starts_variation(&mut self, on: bool) {
        self.game.variation[self.id] = on;
    }

    /// Appends a property.
    pub fn push(&mut self, p: &Property<'_>) {
        self.game.props.push(self.id, p);
    }

    /// Appends an owned property.
    pub fn push_buf(&mut self, p: &PropertyBuf) {
        self.push(&p.as_property());
    }

    /// Inserts a property as the `index`-th (the last if past the end).
    pub fn insert(&mut self, index: usize, p: &Property<'_>) {
        self.game.props.insert(self.id, index, p);
    }

    /// Replaces the property named as `p` is with `p`, in its place, or
    /// appends `p` when there is none.
    pub fn put(&mut self, p: &Property<'_>) {
        match self.game.props.position(self.id, p.name) {
            Some(i) => self.game.props.replace(self.id, i, p),
            None => self.push(p),
        }
    }

    /// Sets a property to one plain value, replacing it if present. The
    /// value is copied once, into the game (a huge comment is held twice
    /// at most while it is set: the caller's and the game's).
    pub fn set(&mut self, id: &str, value: &str) {
        let Ok(end) = u32::try_from(value.len()) else {
            return self.put(&PropertyBuf::with_values(id, &[value]).as_property());
        };
        let span = [Span {
            start: 0,
            end,
            split: NO_SPLIT,
        }];
        self.put(&Property {
            name: id,
            values: Values::new(value, &span),
            pos: Pos::default(),
        });
    }

    /// Appends a value to a property, creating it if needed (list properties).
    pub fn add(&mut self, id: &str, value: &str) {
        self.add_value(id, Value::plain(value));
    }

    /// [`NodeMut::add`] for any value, plain or compose.
    pub fn add_value(&mut self, id: &str, value: Value<'_>) {
        match self.game.props.position(self.id, id) {
            Some(i) => self.game.props.push_value(self.id, i, value),
            None => {
                let mut p = PropertyBuf::new(id);
                p.push_value(value);
                self.push(&p.as_property());
            }
        }
    }

    /// Takes the property `id` out of the node, if present.
    pub fn remove(&mut self, id: &str) -> Option<PropertyBuf> {
        let i = self.game.props.position(self.id, id)?;
        self.game.props.remove(self.id, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::OwnedEvent;
    use crate::game::collect_games;
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
        assert_eq!(games[0].len(), g.len());
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

    /// Every event with every position, node positions included: what a
    /// replay must give back exactly.
    #[derive(Default)]
    struct Exact(Vec<String>);

    impl Sink for Exact {
        fn event(&mut self, e: &Event<'_>, _: &mut Reporter) -> Result<(), Error> {
            self.0.push(match e {
                Event::GameStart(h) => format!("G{}", h.index),
                Event::Meta { key, value } => format!("M{key}={value}"),
                Event::VariationStart(_) => "(".into(),
                Event::VariationEnd(_) => ")".into(),
                Event::Node(p) => format!(";@{}:{}:{}", p.offset, p.line, p.col),
                Event::Property(p) => {
                    let v: Vec<String> = p
                        .values
                        .iter()
                        .map(|v| format!("{:?}", v.parts()))
                        .collect();
                    let at = p.pos;
                    format!("{}{v:?}@{}:{}:{}", p.name, at.offset, at.line, at.col)
                }
                Event::GameEnd(_) => "g".into(),
            });
            Ok(())
        }
    }

    fn prop<'a>(name: &'a str, values: &'a [Span], text: &'a str, pos: Pos) -> Event<'a> {
        Event::Property(Property {
            name,
            values: crate::event::Values::new(text, values),
            pos,
        })
    }

    use crate::event::{Span, NO_SPLIT};

    #[test]
    fn replay_gives_back_the_events_read() {
        let h = GameHeader::new(3);
        let at = |o: u64, c: u32| Pos::new(o, 2, c);
        let one = [Span {
            start: 0,
            end: 2,
            split: NO_SPLIT,
        }];
        let compose = [
            Span {
                start: 0,
                end: 4,
                split: 2,
            },
            Span {
                start: 4,
                end: 6,
                split: NO_SPLIT,
            },
        ];
        let long = "x".repeat(100);
        let long_span = [Span {
            start: 0,
            end: 100,
            split: NO_SPLIT,
        }];
        let events = vec![
            Event::GameStart(&h),
            Event::Meta {
                key: "k",
                value: "v",
            },
            Event::Node(at(0, 1)),
            prop("SZ", &one, "19", at(1, 2)),
            prop("C", &long_span, &long, Pos::new(50, 7, 3)),
            Event::Node(at(10, 11)),
            prop("B", &one, "pd", at(11, 12)),
            Event::VariationStart(Pos::default()),
            Event::Node(at(20, 21)),
            prop("LB", &compose, "pd:Aqq", at(21, 22)),
            prop("W", &[], "", Pos::default()),
            Event::VariationEnd(Pos::default()),
            Event::VariationStart(Pos::default()),
            Event::Node(at(30, 31)),
            prop("W", &one, "dd", at(31, 32)),
            Event::VariationEnd(Pos::default()),
            Event::GameEnd(Pos::default()),
        ];
        let mut r = Reporter::collecting("t");
        let mut expected = Exact::default();
        for e in &events {
            expected.event(e, &mut r).unwrap();
        }
        let games =
            collect_games(|s, r| events.iter().try_for_each(|e| s.event(e, r)), &mut r).unwrap();
        let mut got = Exact::default();
        games[0].replay(&mut got, &mut r).unwrap();
        assert_eq!(got.0, expected.0);
    }

    #[test]
    fn a_move_node_costs_its_records_and_its_text() {
        assert_eq!(std::mem::size_of::<Links>(), 16);
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        let n = 10_000;
        let mut at = Game::ROOT;
        for i in 0..n {
            at = g.add_child(at);
            g.node_mut(at).set(if i % 2 == 0 { "B" } else { "W" }, "pd");
        }
        // Links 16, flag 1, node record 24, slot 24 (no span of its own),
        // two bytes of text: 67 bytes a move node.
        let per_node = g.heap_bytes() as f64 / n as f64;
        assert!(per_node <= 68.0, "{per_node} bytes a node");
    }

    #[test]
    fn the_root_changes_after_the_moves() {
        let mut g = Game::default();
        g.root_mut().set("GM", "1");
        let mut at = Game::ROOT;
        for _ in 0..1000 {
            at = g.add_child(at);
            g.node_mut(at).set("B", "aa");
        }
        // Relocated past the moves, in order, the moves untouched.
        g.root_mut().set("PB", "Honinbo");
        g.root_mut()
            .insert(0, &PropertyBuf::with_values("FF", &["4"]).as_property());
        g.root_mut().add("AB", "dd");
        g.root_mut().add("AB", "pp");
        g.root_mut().set("GM", "2");
        let root: Vec<String> = g
            .root()
            .props()
            .iter()
            .map(|p| {
                format!(
                    "{}{:?}",
                    p.name,
                    p.values.iter().map(|v| v.text()).collect::<Vec<_>>()
                )
            })
            .collect();
        assert_eq!(
            root,
            [
                "FF[\"4\"]",
                "GM[\"2\"]",
                "PB[\"Honinbo\"]",
                "AB[\"dd\", \"pp\"]"
            ]
        );
        assert_eq!(
            g.root_mut()
                .remove("PB")
                .and_then(|p| p.first_text().map(String::from)),
            Some("Honinbo".into())
        );
        assert!(g.root_mut().remove("PB").is_none());
        assert_eq!(g.root().props().len(), 3);
        assert!(g.nodes().skip(1).all(|n| n.mv() == Some(('B', "aa"))));
        // A value added to a property that is not the last one written.
        g.node_mut(5).add("AB", "cc");
        g.root_mut().add("AB", "ee");
        assert_eq!(g.root().get("AB").map(|p| p.values.len()), Some(3));
        assert_eq!(g.node(5).get("AB").and_then(|p| p.first_text()), Some("cc"));
    }

    #[test]
    fn rewriting_a_node_again_and_again_stays_bounded() {
        let mut g = Game::default();
        let mut at = Game::ROOT;
        for _ in 0..1000 {
            at = g.add_child(at);
            g.node_mut(at).set("B", "aa");
        }
        let live = g.heap_bytes();
        let value = "c".repeat(1000);
        for i in 0..20_000 {
            g.root_mut().set("C", &value);
            g.node_mut(1 + i % 1000).set("N", "x");
        }
        // The garbage of every rewrite is rebuilt away: at most about twice
        // what is live, never the 20 MB written.
        let now = g.heap_bytes();
        assert!(
            now < 2 * (live + 1000 * 27 + 1000) + (1 << 17),
            "{now} bytes"
        );
        assert_eq!(g.root().text("C"), Some(value.as_str()));
        assert!(g
            .nodes()
            .skip(1)
            .all(|n| n.mv() == Some(('B', "aa")) && n.text("N") == Some("x")));
    }

    #[test]
    fn children_move_and_detach() {
        let mut g = Game::default();
        let a = g.add_child(0);
        let b = g.add_child(0);
        let c = g.add_child(0);
        g.make_first_child(c);
        assert_eq!(g.root().children().collect::<Vec<_>>(), vec![c, a, b]);
        assert!(g.detach(a));
        assert!(!g.detach(a));
        assert_eq!(g.root().children().collect::<Vec<_>>(), vec![c, b]);
        g.detach(b);
        g.make_first_child(c);
        assert_eq!(g.root().children().collect::<Vec<_>>(), vec![c]);
        assert!(!g.root().has_variations());
        let d = g.add_child(0);
        assert_eq!(g.root().children().collect::<Vec<_>>(), vec![c, d]);
    }

    #[test]
    fn dropping_an_empty_root_renumbers_in_place() {
        let mut g = Game::default();
        let a = g.add_child(0);
        g.node_mut(a).set("C", "first");
        let b = g.add_child(a);
        g.node_mut(b).set("B", "pd");
        let v = g.add_child(a);
        g.node_mut(v).set("B", "dd");
        g.drop_root();
        assert_eq!(g.len(), 3);
        assert_eq!(g.root().text("C"), Some("first"));
        assert!(g.root().parent().is_none() && g.root().starts_variation());
        assert_eq!(g.root().children().collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(g.node(2).parent(), Some(0));
        assert_eq!(g.node(2).mv(), Some(('B', "dd")));
    }
}
