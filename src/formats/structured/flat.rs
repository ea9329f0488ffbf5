//! The flat game model shared by the lossless structured formats (JSON, XML).
//!
//! A game is a list of nodes in document (pre-)order. Each node names its
//! parent and says whether a `(` opened just before it (`variation`). That
//! is enough to give back, event for event, what an SGF reader produced for
//! any well-formed tree, and it never nests: a game 100 000 levels deep is a
//! list of 100 000 nodes. For the rare streams whose parentheses are not
//! what the tree implies (`((;b))`, `()`, a variation left open), the exact
//! parenthesis tokens are kept in `gap` (before a node) and `tail` (before
//! the end of the game).
//!
//! The readers build [`FlatGame`]s and [`FlatGame::replay`] turns one back
//! into events (the tests' `FlatCollector` turns events into games). The rule both sides share lives in
//! [`Shape`]: given where the last node was and where the next one hangs,
//! which `(`/`)` tokens come between them.

use super::codes::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, MovesBuf, Pos, Property, Value, MAX_RUN, MOVE_TEXT_LEN};
use crate::game::{Game, PropTable, Props};
use crate::sink::Sink;

/// Reports a property that came before the first node of its game
/// ([`ORPHAN_PROPERTY`]); the writer drops it.
pub fn orphan_property(report: &mut Reporter, p: &Property<'_>) {
    report.report(
        ORPHAN_PROPERTY,
        Some(p.pos),
        format!("property {} comes before the first node; dropped", p.name),
    );
}

/// Reports a source fact (`Meta`) that came after the first node of its
/// game ([`ORPHAN_PROPERTY`]); the writer drops it.
pub fn orphan_meta(report: &mut Reporter, key: &str) {
    report.report(
        ORPHAN_PROPERTY,
        None,
        format!("source fact {key} comes after the first node of its game; dropped"),
    );
}

/// Where one node of a flat game hangs: what a reader knows of a node
/// besides its properties ([`FlatGame::push_node`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FlatNode {
    /// Index of the parent node (always smaller than this node's); `None`
    /// for the root.
    pub parent: Option<usize>,
    /// A `(` was written just before this node.
    pub variation: bool,
    /// The exact `(`/`)` tokens before this node, when they differ from
    /// what `parent` and `variation` imply.
    pub gap: Option<String>,
}

/// One node of a [`FlatGame`], borrowed. (Writers read only what they
/// need of it: the flag and gap too in tests.)
#[allow(dead_code)]
#[derive(Clone, Copy, Debug)]
pub struct FlatNodeRef<'a> {
    /// See [`FlatNode::parent`].
    pub parent: Option<usize>,
    /// See [`FlatNode::variation`].
    pub variation: bool,
    /// See [`FlatNode::gap`].
    pub gap: Option<&'a str>,
    /// The properties, in order.
    pub props: Props<'a>,
}

/// "No parent" in [`Link::parent`].
const NO_PARENT: u32 = u32::MAX;

/// A node's parent and flag, in 8 bytes. A parent index past `u32` (only
/// a hand-made document has one) is kept as `u32::MAX - 1`: a later node
/// all the same, which replay repairs.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Link {
    parent: u32,
    variation: bool,
}

impl Link {
    fn new(parent: Option<usize>, variation: bool) -> Self {
        let parent = parent.map_or(NO_PARENT, |p| p.min(NO_PARENT as usize - 1) as u32);
        Link { parent, variation }
    }

    fn parent(&self) -> Option<usize> {
        (self.parent != NO_PARENT).then_some(self.parent as usize)
    }
}

/// One game of a collection, flat: per node its parent and flag (8 bytes),
/// the rare gaps aside, and every property in one [`PropTable`] (the
/// compact form [`Game`] holds its nodes in), so that a game held costs
/// tens of bytes a node.
#[derive(Clone, Debug)]
pub struct FlatGame {
    pub header: GameHeader,
    pub meta: Vec<(String, String)>,
    links: Vec<Link>,
    /// `(node, gap)` for the nodes that have one, by node.
    gaps: Vec<(usize, String)>,
    props: PropTable,
    /// The exact `)` (and `(`) tokens after the last node, when they differ
    /// from closing every open variation.
    pub tail: Option<String>,
    /// Fields of node and property objects a reader did not know (`node
    /// field "x"`), with how often: not part of the game, for the reader to
    /// report.
    pub unknown_fields: std::collections::BTreeMap<String, usize>,
}

impl PartialEq for FlatGame {
    fn eq(&self, other: &Self) -> bool {
        self.header == other.header
            && self.meta == other.meta
            && self.links == other.links
            && self.gaps == other.gaps
            && self.tail == other.tail
            && (0..self.len()).all(|i| self.props.props(i).same(&other.props.props(i)))
    }
}

impl FlatGame {
    pub fn new(header: GameHeader) -> Self {
        FlatGame {
            header,
            meta: Vec::new(),
            links: Vec::new(),
            gaps: Vec::new(),
            props: PropTable::new(),
            tail: None,
            unknown_fields: Default::default(),
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Whether the game has no node.
    #[cfg(test)] // the readers replay games; only tests collect them
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// Adds a node with no property yet; returns its index.
    pub fn push_node(&mut self, node: FlatNode) -> usize {
        let i = self.links.len();
        self.links.push(Link::new(node.parent, node.variation));
        self.props.push_node(Pos::default());
        if let Some(g) = node.gap {
            self.gaps.push((i, g));
        }
        i
    }

    /// Appends a property to the last node (none if there is no node).
    pub fn push_prop(&mut self, p: &Property<'_>) {
        if let Some(i) = self.len().checked_sub(1) {
            self.props.push(i, p);
        }
    }

    /// Appends a value to the last property of the last node (nothing if
    /// it has none): a reader hands a huge value over straight from its
    /// parser's buffer, with no copy in between.
    pub fn push_value_last(&mut self, v: Value<'_>) {
        if let Some(i) = self.len().checked_sub(1) {
            if let Some(k) = self.props.props(i).len().checked_sub(1) {
                self.props.push_value(i, k, v);
            }
        }
    }

    /// Sets where the last node hangs (a reader that learns it after the
    /// properties).
    pub fn set_last(&mut self, node: FlatNode) {
        let Some(i) = self.len().checked_sub(1) else {
            return;
        };
        self.links[i] = Link::new(node.parent, node.variation);
        if self.gaps.last().is_some_and(|(k, _)| *k == i) {
            self.gaps.pop();
        }
        if let Some(g) = node.gap {
            self.gaps.push((i, g));
        }
    }

    /// Node `i`; a node past the end reads as an empty root.
    #[cfg(test)] // the readers replay games; only tests collect them
    pub fn node(&self, i: usize) -> FlatNodeRef<'_> {
        let link = self.links.get(i).copied().unwrap_or(Link::new(None, false));
        FlatNodeRef {
            parent: link.parent(),
            variation: link.variation,
            gap: self.gap(i),
            props: self.props.props(i),
        }
    }

    /// Every node, in order.
    #[cfg(test)] // the readers replay games; only tests collect them
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = FlatNodeRef<'_>> + '_ {
        (0..self.len()).map(move |i| self.node(i))
    }

    fn gap(&self, i: usize) -> Option<&str> {
        let k = self.gaps.binary_search_by_key(&i, |(k, _)| *k).ok()?;
        Some(&self.gaps[k].1)
    }

    /// Sends the game as events. When the node list does not follow the
    /// variation rule (a hand-made document), the tree is rebuilt from the
    /// parent links and written with the parentheses SGF requires.
    pub fn replay(&self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        let parents = self.checked_parents(report);
        let (gaps, tail) = self.checked_gaps(&parents, report);
        if !self.follows_shape(&parents, &gaps) {
            report.report(
                TREE_REBUILT,
                None,
                format!(
                    "game {}: node order and variation flags disagree with the parent links; \
                     the tree was rebuilt from the parent links",
                    self.header.index
                ),
            );
            return self.to_game(&parents, report).replay(sink, report);
        }
        sink.event(&Event::GameStart(&self.header), report)?;
        for (k, v) in &self.meta {
            sink.event(&Event::Meta { key: k, value: v }, report)?;
        }
        let mut shape = Shape::default();
        let mut run = MovesBuf::default();
        for i in 0..self.len() {
            let tokens = self.tokens_before(i, &shape, &parents, &gaps);
            if !tokens.is_empty() {
                send_run(&mut run, sink, report)?;
            }
            for t in tokens.chars() {
                shape.apply(t);
                emit_token(t, sink, report)?;
            }
            shape.enter(i);
            let props = self.props.props(i);
            if i > 0 && plain_move(&props).is_some_and(|m| run.push(m, Pos::default())) {
                if run.len() >= MAX_RUN {
                    send_run(&mut run, sink, report)?;
                }
                continue;
            }
            send_run(&mut run, sink, report)?;
            sink.event(&Event::Node(Pos::default()), report)?;
            for p in props.iter() {
                sink.event(&Event::Property(p), report)?;
            }
        }
        send_run(&mut run, sink, report)?;
        let tail = tail.unwrap_or_else(|| shape.expected_tail());
        for t in tail.chars() {
            shape.apply(t);
            emit_token(t, sink, report)?;
        }
        sink.event(&Event::GameEnd(Pos::default()), report)
    }

    /// The tokens before node `i`: its checked gap, or the rule's.
    fn tokens_before(&self, i: usize, shape: &Shape, parents: &Parents, gaps: &Gaps) -> String {
        match gaps.binary_search_by_key(&i, |(k, _)| *k) {
            Ok(k) => gaps[k].1.clone(),
            Err(_) => shape.expected_before(i, parents.get(i), self.links[i].variation),
        }
    }

    /// Parent links made safe: the root has none, and a parent is always an
    /// earlier node (else the node before, with a warning). A later node
    /// may have none: in a stream like `((;a);b)` the node `b` follows a
    /// variation closed before the root.
    fn checked_parents(&self, report: &mut Reporter) -> Parents {
        let mut out = Parents(Vec::with_capacity(self.len()));
        for (i, l) in self.links.iter().enumerate() {
            let p = match (i, l.parent()) {
                (0, None) => None,
                (0, Some(_)) => {
                    report.report(
                        BAD_PARENT,
                        None,
                        format!(
                            "game {}: the first node is the root and cannot have a parent; ignored",
                            self.header.index
                        ),
                    );
                    None
                }
                (_, Some(p)) if p < i => Some(p),
                (_, None) => None,
                (_, Some(p)) => {
                    report.report(
                        BAD_PARENT,
                        None,
                        format!(
                            "game {}: node {i} has parent {p}, which is not an earlier node; \
                             attached to node {}",
                            self.header.index,
                            i - 1
                        ),
                    );
                    Some(i - 1)
                }
            };
            out.0.push(p.map_or(NO_PARENT, |p| p as u32));
        }
        out
    }

    /// The `gap`s and `tail` that replay uses: their parenthesis tokens
    /// (W352 for anything else), or none where there is none or where SGF
    /// could not carry it (W356): a gap on the root, a `)` with no
    /// variation open, a variation still open after the tail. What is
    /// dropped gives way to the variation rule.
    fn checked_gaps(&self, parents: &Parents, report: &mut Reporter) -> (Gaps, Option<String>) {
        let game = self.header.index;
        let mut shape = Shape::default();
        let mut gaps = Vec::new();
        for i in 0..self.len() {
            let gap = self.gap(i).map(|g| clean_tokens(g, report, game));
            let fault = match &gap {
                Some(g) if i == 0 && !g.is_empty() => Some("the root can have none"),
                Some(g) if !shape.can_close(g) => Some("a `)` closes no open variation"),
                _ => None,
            };
            let gap = match fault {
                Some(why) => {
                    unbalanced(report, game, &format!("node {i}'s gap"), &gap, why);
                    None
                }
                None => gap,
            };
            let tokens = match &gap {
                Some(g) => g.clone(),
                None => shape.expected_before(i, parents.get(i), self.links[i].variation),
            };
            tokens.chars().for_each(|t| shape.apply(t));
            shape.enter(i);
            if let Some(g) = gap {
                gaps.push((i, g));
            }
        }
        let tail = self.tail.as_deref().map(|t| clean_tokens(t, report, game));
        let fault = match &tail {
            Some(t) if !shape.can_close(t) => Some("a `)` closes no open variation"),
            Some(t) if !shape.closes_all(t) => Some("it leaves a variation open"),
            _ => None,
        };
        let tail = match fault {
            Some(why) => {
                unbalanced(report, game, "the tail", &tail, why);
                None
            }
            None => tail,
        };
        (gaps, tail)
    }

    /// Whether replaying by the variation rule puts every node under its
    /// parent.
    fn follows_shape(&self, parents: &Parents, gaps: &Gaps) -> bool {
        let mut shape = Shape::default();
        for i in 0..self.len() {
            for t in self.tokens_before(i, &shape, parents, gaps).chars() {
                shape.apply(t);
            }
            if shape.current != parents.get(i) {
                return false;
            }
            shape.enter(i);
        }
        true
    }

    /// The game as a tree, children in document order.
    fn to_game(&self, parents: &Parents, report: &mut Reporter) -> Game {
        let mut g = Game::new(self.header.clone());
        g.meta = self.meta.clone();
        for i in 0..self.len() {
            let parent = match parents.get(i) {
                None if i > 0 => {
                    report.report(
                        BAD_PARENT,
                        None,
                        format!(
                            "game {}: node {i} has no parent; attached to node {}",
                            self.header.index,
                            i - 1
                        ),
                    );
                    Some(i - 1)
                }
                p => p,
            };
            let id = match i {
                0 => Game::ROOT,
                _ => g.add_node(parent, self.links[i].variation, Pos::default()),
            };
            let mut n = g.node_mut(id);
            for p in self.props.props(i).iter() {
                n.push(&p);
            }
        }
        g
    }
}

/// Checked parent links, one `u32` a node ([`NO_PARENT`] for none).
struct Parents(Vec<u32>);

impl Parents {
    fn get(&self, i: usize) -> Option<usize> {
        self.0
            .get(i)
            .filter(|&&p| p != NO_PARENT)
            .map(|&p| p as usize)
    }
}

/// Checked gaps, `(node, tokens)` by node.
type Gaps = Vec<(usize, String)>;

/// The SGF text of a node that is one plain move (`;B[pd]`, checked by
/// [`MovesBuf::push`]) with no position, as the SGF reader would send it
/// in a run; `None` for any other node (a property with a position keeps
/// it: it goes as itself).
fn plain_move(props: &Props<'_>) -> Option<[u8; MOVE_TEXT_LEN]> {
    if props.len() != 1 {
        return None;
    }
    let p = props.nth(0).filter(|p| p.pos == Pos::default())?;
    let values = p.values();
    let (colour, [x, y]) = match (p.name.as_bytes(), values.len(), values.first()?.parts()) {
        ([c], 1, (point, None)) => (*c, <[u8; 2]>::try_from(point.as_bytes()).ok()?),
        _ => return None,
    };
    Some([b';', colour, b'[', x, y, b']'])
}

/// The plain moves gathered go out as one run ([`Sink::moves`]), and
/// the buffer is emptied.
fn send_run(run: &mut MovesBuf, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
    if run.is_empty() {
        return Ok(());
    }
    sink.moves(&run.as_moves(), report)?;
    run.clear();
    Ok(())
}

fn emit_token(t: char, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
    match t {
        '(' => sink.event(&Event::VariationStart(Pos::default()), report),
        _ => sink.event(&Event::VariationEnd(Pos::default()), report),
    }
}

/// Reports a `gap` or `tail` (`what`) dropped for `why` (W356).
fn unbalanced(report: &mut Reporter, game: usize, what: &str, tokens: &Option<String>, why: &str) {
    report.report(
        UNBALANCED_GAP,
        None,
        format!(
            "game {}: {what} {:?} cannot be written as SGF: {why}; dropped, the parentheses follow the variation rule",
            game,
            tokens.as_deref().unwrap_or("")
        ),
    );
}

fn clean_tokens(s: &str, report: &mut Reporter, game: usize) -> String {
    let kept: String = s.chars().filter(|c| matches!(c, '(' | ')')).collect();
    if kept.len() != s.len() {
        report.report(
            BAD_GAP,
            None,
            format!(
                "game {}: gap {s:?} may only hold '(' and ')'; other characters ignored",
                game
            ),
        );
    }
    kept
}

/// Where the stream is: the node properties go to, and the node each open
/// variation hangs from. The same bookkeeping as [`crate::game::GameBuilder`].
#[derive(Default, Debug, Clone)]
pub struct Shape {
    current: Option<usize>,
    open: Vec<Option<usize>>,
}

impl Shape {
    /// Applies one token.
    pub fn apply(&mut self, token: char) {
        if token == '(' {
            self.open.push(self.current);
        } else if let Some(b) = self.open.pop() {
            self.current = b;
        }
    }

    /// The current node once `tokens` are applied (without applying them).
    pub fn current_after(&self, tokens: &str) -> Option<usize> {
        let mut current = self.current;
        let mut depth = self.open.len();
        let mut pushed = Vec::new();
        for t in tokens.chars() {
            if t == '(' {
                pushed.push(current);
            } else if let Some(b) = pushed.pop() {
                current = b;
            } else if depth > 0 {
                depth -= 1;
                current = self.open[depth];
            }
        }
        current
    }

    /// Whether every `)` of `tokens` closes a variation that is open.
    pub fn can_close(&self, tokens: &str) -> bool {
        let mut depth = self.open.len() as i64;
        tokens.chars().all(|t| {
            depth += if t == '(' { 1 } else { -1 };
            depth >= 0
        })
    }

    /// Whether `tokens` leave no variation open.
    pub fn closes_all(&self, tokens: &str) -> bool {
        let opened = tokens.chars().filter(|&t| t == '(').count();
        self.open.len() + opened == tokens.len() - opened
    }

    /// A node starts: it is the current node from now on.
    pub fn enter(&mut self, node: usize) {
        self.current = Some(node);
    }

    /// The tokens the variation rule puts before node `index` hanging from
    /// `parent`: close variations until `parent` is current, then open one
    /// if the node starts a variation.
    pub fn expected_before(&self, index: usize, parent: Option<usize>, variation: bool) -> String {
        let mut out = String::new();
        if index == 0 {
            return out;
        }
        let mut current = self.current;
        let mut depth = self.open.len();
        while current != parent && depth > 0 {
            depth -= 1;
            current = self.open[depth];
            out.push(')');
        }
        if variation {
            out.push('(');
        }
        out
    }

    /// At the end of a game the rule closes every open variation.
    pub fn expected_tail(&self) -> String {
        ")".repeat(self.open.len())
    }
}

/// Where a node goes in the flat model, as [`Tracker::node`] works it out.
#[derive(Clone, Debug, PartialEq)]
pub struct NodePlace {
    pub index: usize,
    pub parent: Option<usize>,
    pub variation: bool,
    pub gap: Option<String>,
}

/// Follows the structure events of one game and says, node by node, where
/// each node goes in the flat model, without keeping the game: writers can
/// stream nodes as they come. Memory: the open variations only.
#[derive(Default, Debug)]
pub struct Tracker {
    shape: Shape,
    /// Tokens seen since the last node.
    pending: String,
    nodes: usize,
}

impl Tracker {
    /// A game starts.
    pub fn start(&mut self) {
        *self = Tracker::default();
    }

    /// A `(` (`true`) or `)` (`false`).
    pub fn paren(&mut self, open: bool) {
        self.pending.push(if open { '(' } else { ')' });
    }

    /// A node starts: its index, parent, flag and exact gap when needed.
    pub fn node(&mut self) -> NodePlace {
        let index = self.nodes;
        if self.pending.is_empty() && index > 0 {
            // The next node of a sequence, the common case: a child of the
            // current node, no `(`, nothing to keep.
            let parent = self.shape.current;
            self.shape.enter(index);
            self.nodes += 1;
            return NodePlace {
                index,
                parent,
                variation: false,
                gap: None,
            };
        }
        let parent = self.shape.current_after(&self.pending);
        let variation = self.pending.ends_with('(');
        let expected = self.shape.expected_before(index, parent, variation);
        let gap = (expected != self.pending).then(|| self.pending.clone());
        for t in self.pending.chars() {
            self.shape.apply(t);
        }
        self.pending.clear();
        self.shape.enter(index);
        self.nodes += 1;
        NodePlace {
            index,
            parent,
            variation: index == 0 || variation,
            gap,
        }
    }

    /// A node starts: its index and parent only, without working out the
    /// exact gap (for writers that do not keep the shape: cheaper).
    pub fn place(&mut self) -> (usize, Option<usize>) {
        let index = self.nodes;
        if self.pending.is_empty() {
            // The next node of a sequence, the common case.
            let parent = self.shape.current;
            self.shape.enter(index);
            self.nodes += 1;
            return (index, parent);
        }
        let parent = self.shape.current_after(&self.pending);
        for t in self.pending.chars() {
            self.shape.apply(t);
        }
        self.pending.clear();
        self.shape.enter(index);
        self.nodes += 1;
        (index, parent)
    }

    /// A run of `n` nodes (`n` ≥ 1) each the child of the one before, as
    /// `n` calls of [`Tracker::place`] with nothing between them: the first
    /// node's index and parent.
    pub fn place_run(&mut self, n: usize) -> (usize, Option<usize>) {
        let first = self.place();
        if n > 1 {
            self.nodes += n - 1;
            self.shape.enter(self.nodes - 1);
        }
        first
    }

    /// The game ends: its exact tail when it is not "close every open
    /// variation".
    pub fn end(&mut self) -> Option<String> {
        let tail = (self.shape.expected_tail() != self.pending).then(|| self.pending.clone());
        self.pending.clear();
        tail
    }
}

/// Collects events into [`FlatGame`]s, one game at a time: [`push`]
/// returns each game when its `GameEnd` arrives. Memory is bounded by one
/// game.
///
/// [`push`]: FlatCollector::push
#[derive(Default)]
#[cfg(test)] // the readers replay games; only tests collect them
pub struct FlatCollector {
    game: Option<FlatGame>,
    tracker: Tracker,
}

#[cfg(test)] // the readers replay games; only tests collect them
impl FlatCollector {
    pub fn new() -> Self {
        FlatCollector::default()
    }

    /// Takes one event; returns the game it completes, if any.
    pub fn push(&mut self, event: &Event<'_>, report: &mut Reporter) -> Option<FlatGame> {
        match event {
            Event::GameStart(h) => {
                self.game = Some(FlatGame::new((*h).clone()));
                self.tracker.start();
            }
            Event::Meta { key, value } => {
                if let Some(g) = &mut self.game {
                    g.meta.push((key.to_string(), value.to_string()));
                }
            }
            Event::VariationStart(_) => self.tracker.paren(true),
            Event::VariationEnd(_) => self.tracker.paren(false),
            Event::Node(_) => {
                let g = self.game.as_mut()?;
                let place = self.tracker.node();
                g.push_node(FlatNode {
                    parent: place.parent,
                    variation: place.variation,
                    gap: place.gap,
                });
            }
            Event::Property(p) => match self.game.as_mut().filter(|g| !g.is_empty()) {
                Some(g) => g.push_prop(p),
                None => orphan_property(report, p),
            },
            Event::GameEnd(_) => {
                let mut g = self.game.take()?;
                g.tail = self.tracker.end();
                return Some(g);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{OwnedEvent, PropertyBuf};
    use crate::sink::EventLog;

    #[test]
    fn a_run_is_placed_as_its_nodes_one_by_one() {
        let (mut one, mut run) = (Tracker::default(), Tracker::default());
        for t in [&mut one, &mut run] {
            t.place();
            t.paren(true);
            t.place();
            t.paren(false);
            t.paren(true);
        }
        let singles: Vec<_> = (0..4).map(|_| one.place()).collect();
        assert_eq!(run.place_run(4), singles[0]);
        assert_eq!(singles[1..], [(3, Some(2)), (4, Some(3)), (5, Some(4))]);
        assert_eq!(one.place(), run.place());
        assert_eq!(one.end(), run.end());
    }

    /// Events from a compact script: `;` node, `(` `)`, `B` a property.
    fn events(script: &str) -> Vec<OwnedEvent> {
        let mut out = vec![OwnedEvent::GameStart(GameHeader::new(0))];
        for c in script.chars() {
            out.push(match c {
                ';' => OwnedEvent::Node,
                '(' => OwnedEvent::VariationStart,
                ')' => OwnedEvent::VariationEnd,
                c => OwnedEvent::Property(PropertyBuf::with_values(c.to_string(), &["x"])),
            });
        }
        out.push(OwnedEvent::GameEnd);
        out
    }

    fn round_trip(script: &str) -> (Vec<FlatGame>, Vec<OwnedEvent>) {
        let mut games = Vec::new();
        let mut r = Reporter::collecting("t");
        let mut c = FlatCollector::new();
        for e in events(script) {
            games.extend(c.push(&e.as_event(), &mut r));
        }
        let mut log = EventLog::default();
        for g in &games {
            g.replay(&mut log, &mut r).unwrap();
        }
        assert_eq!(r.warnings(), 0, "{:?}", r.collected());
        (games, log.events)
    }

    #[test]
    fn well_formed_trees_need_no_gaps() {
        for script in [
            ";A;B",
            ";A(;B)",
            ";A(;B;C)(;D(;E)(;F))",
            ";(;B)",
            ";A(;B(;C))",
        ] {
            let (games, back) = round_trip(script);
            assert_eq!(back, events(script), "{script}");
            assert!(games[0].nodes().all(|n| n.gap.is_none()), "{script}");
            assert!(games[0].tail.is_none(), "{script}");
        }
    }

    #[test]
    fn parent_links_follow_the_tree() {
        let (games, _) = round_trip(";A(;B;C)(;D)");
        let parents: Vec<_> = games[0].nodes().map(|n| n.parent).collect();
        assert_eq!(parents, vec![None, Some(0), Some(1), Some(0)]);
        let vars: Vec<_> = games[0].nodes().map(|n| n.variation).collect();
        assert_eq!(vars, vec![true, true, false, true]);
    }

    #[test]
    fn odd_parentheses_survive_exactly() {
        for script in [
            ";A((;B))",
            ";A()(;B)",
            ";A(;B);C",
            "",
            ";A(;B)()",
            ";A(()(;B))",
        ] {
            let (_, back) = round_trip(script);
            assert_eq!(back, events(script), "{script:?}");
        }
    }

    /// What SGF cannot carry is dropped (W356) and the rule used instead:
    /// a variation left open, a `)` closing nothing, a `(` before the root.
    #[test]
    fn unbalanced_gaps_and_tails_give_way_to_the_rule() {
        for (script, becomes, dropped) in [
            (";A(;B", ";A(;B)", 1),
            (";A)", ";A", 1),
            (";A(;B)))", ";A(;B)", 1),
            ("(;A)", ";A", 1),
            ("((;A(;B", ";A(;B)", 2),
        ] {
            let mut r = Reporter::collecting("t");
            let mut c = FlatCollector::new();
            let mut games = Vec::new();
            for e in events(script) {
                games.extend(c.push(&e.as_event(), &mut r));
            }
            let mut log = EventLog::default();
            games[0].replay(&mut log, &mut r).unwrap();
            assert_eq!(log.events, events(becomes), "{script:?}");
            let codes: Vec<&str> = r.collected().iter().map(|d| d.code.id).collect();
            assert_eq!(codes, vec!["W356"; dropped], "{script:?}");
        }
    }

    #[test]
    fn hand_made_trees_are_rebuilt_with_a_warning() {
        let mut g = FlatGame::new(GameHeader::new(0));
        for (parent, name) in [(None, "A"), (Some(0), "B"), (Some(1), "C"), (Some(0), "D")] {
            g.push_node(FlatNode {
                parent,
                ..FlatNode::default()
            });
            g.push_prop(&PropertyBuf::with_values(name, &["x"]).as_property());
        }
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t");
        g.replay(&mut log, &mut r).unwrap();
        assert_eq!(log.events, events(";A(;B;C)(;D)"));
        assert_eq!(r.collected()[0].code, TREE_REBUILT);
    }

    #[test]
    fn forward_parents_are_repaired() {
        let mut g = FlatGame::new(GameHeader::new(0));
        g.push_node(FlatNode::default());
        g.push_node(FlatNode {
            parent: Some(7),
            ..FlatNode::default()
        });
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t");
        g.replay(&mut log, &mut r).unwrap();
        assert_eq!(log.events, events(";;"));
        assert_eq!(r.collected()[0].code, BAD_PARENT);
    }

    #[test]
    fn deep_games_stay_flat() {
        let script = "(;B".repeat(100_000);
        let close = ")".repeat(100_000);
        let (games, back) = round_trip(&format!(";A{script}{close}"));
        assert_eq!(games[0].len(), 100_001);
        assert_eq!(back.len(), 2 + 2 + 100_000 * 4);
    }
}
