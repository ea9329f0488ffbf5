//! The node-at-a-time adapter most transforms are built on ([`NodeAdapter`]): it buffers the
//! properties of one node, hands the complete node to a [`NodeRule`], and
//! forwards what the rule returns. Memory: one node (plus the `Meta` events
//! of a game until its root node is out, so rules can add source facts).
//!
//! A value past 1 MiB costs at most two copies of itself on the way through:
//! a huge comment, which no rule reads, passes the rules as a
//! stub; any other huge value (a player name, which the rules read and may
//! repair) is copied for them, and the copy is given back as soon as they
//! are done if they left it as it came, so that what comes next (a game
//! gathered for a writer, a writer's buffer) copies the reader's value
//! while the rules' copy is gone ([`give_back_unchanged`]). A reader that
//! hands the node over ([`Sink::node_taking`], the SGF reader for a node
//! past 1 MiB) gives its one huge value to the rules instead of a copy
//! ([`NodeAdapter::run_rule_taking`]): a value they rewrite (in place, as
//! the values rule makes a line break a space) then costs no more than
//! one they leave.

use super::node::BufNode;
use super::plain::plain_move;
use super::rule::{Cx, NodeRule};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, Moves, NodeArena, NodeRef, Property, PropertyBuf};
use crate::sink::Sink;

/// Properties (and buffered nodes) whose text grew past this, for one huge
/// value, are dropped rather than kept for reuse; a comment longer than
/// this is not copied for the rules ([`huge_comment`]).
const POOLED_TEXT_MAX: usize = 1 << 20;

/// The value a huge comment's stub holds, before the comment's index in its
/// node: a noncharacter no rule writes, so the stub is told from text.
const STUB: &str = "\u{FDD0}sgfconv:huge-comment:";

/// Whether `p` is a comment too long to copy for the rules: `C` (no rule
/// reads or rewrites a comment: the values rule passes it by, the kifu,
/// mojibake and duplicate rules take other properties or a repeated one),
/// the only one in its node, longer than [`POOLED_TEXT_MAX`]. The rules
/// see a stub in its place ([`stub`]); the comment goes on as it came.
fn huge_comment(p: &Property<'_>, node: &NodeRef<'_>) -> bool {
    p.name == "C"
        && p.values.text_len() > POOLED_TEXT_MAX
        && node.iter().filter(|q| q.name == "C").count() == 1
}

/// The stub of the huge comment that is property `k` of its node.
fn stub(k: usize) -> String {
    format!("{STUB}{k}")
}

/// The huge comment of `node` that `p` is the unchanged stub of, if any.
fn stubbed<'a>(p: &Property<'_>, node: &NodeRef<'a>) -> Option<Property<'a>> {
    if p.name != "C" || p.values.len() != 1 {
        return None;
    }
    let k: usize = p.values.first()?.text().strip_prefix(STUB)?.parse().ok()?;
    node.iter().nth(k).filter(|orig| huge_comment(orig, node))
}

/// A huge value of a rule's output that the rules left as it came: property
/// `prop` of output node `node` has the values of property `orig` of the
/// node read, and goes out borrowed from it ([`give_back_unchanged`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unchanged {
    node: usize,
    prop: usize,
    orig: usize,
}

/// Gives back the rules' copy of each huge value (past [`POOLED_TEXT_MAX`])
/// of `out` that has exactly the values of a property of `from`, the node
/// read (its name and position may differ: only values are compared), and
/// says which: the property keeps its name and position, with no value,
/// until [`NodeAdapter::emit_huge`] sends it with the original's values.
/// The output bytes are those of the copy, which equals the original.
fn give_back_unchanged(out: &mut [BufNode], from: &NodeRef<'_>) -> Vec<Unchanged> {
    let mut found = Vec::new();
    for (i, n) in out.iter_mut().enumerate() {
        for (j, p) in n.props.iter_mut().enumerate() {
            let len = p.values().text_len();
            if len <= POOLED_TEXT_MAX {
                continue;
            }
            let same = |q: &Property<'_>| q.values.text_len() == len && q.values == p.values();
            if let Some(k) = from.iter().position(|q| same(&q)) {
                let name = std::mem::take(&mut p.name);
                *p = PropertyBuf::new(name).at(p.pos);
                found.push(Unchanged {
                    node: i,
                    prop: j,
                    orig: k,
                });
            }
        }
    }
    found
}

/// The property of a huge node that the rules take from the node read
/// rather than copy ([`Sink::node_taking`]): the only one whose values are
/// past [`POOLED_TEXT_MAX`], unless it is a huge comment (which passes the
/// rules as a stub, [`huge_comment`]).
fn one_huge_value(node: &NodeRef<'_>) -> Option<usize> {
    if node.text_len() <= POOLED_TEXT_MAX {
        return None;
    }
    let mut huge = (node.iter().enumerate()).filter(|(_, p)| p.values.text_len() > POOLED_TEXT_MAX);
    let (k, p) = huge.next()?;
    (huge.next().is_none() && !huge_comment(&p, node)).then_some(k)
}

/// A sink that applies a [`NodeRule`] and forwards to `S`.
pub struct NodeAdapter<R, S> {
    rule: R,
    sink: S,
    header: GameHeader,
    /// The node being received event by event: copied once, and sent on
    /// from here when no rule needs to see it.
    current: NodeArena,
    current_open: bool,
    /// The next node is the root of the game.
    at_root: bool,
    /// `Meta` events held until the root node is out.
    meta: Vec<(String, String)>,
    last_move: Option<char>,
    /// `last_move` where each open variation starts.
    stack: Vec<Option<char>>,
    out: Vec<BufNode>,
    /// Spent properties, reused so that a node costs no allocation once
    /// the buffers have grown.
    pool: Vec<PropertyBuf>,
    /// An emptied property list, reused for the next node.
    spare: Vec<PropertyBuf>,
}

impl<R: NodeRule, S: Sink> NodeAdapter<R, S> {
    pub fn new(rule: R, sink: S) -> Self {
        NodeAdapter {
            rule,
            sink,
            header: GameHeader::new(0),
            current: NodeArena::default(),
            current_open: false,
            at_root: false,
            meta: Vec::new(),
            last_move: None,
            stack: Vec::new(),
            out: Vec::new(),
            pool: Vec::new(),
            spare: Vec::new(),
        }
    }

    fn flush_meta(&mut self, report: &mut Reporter) -> Result<(), Error> {
        for (k, v) in std::mem::take(&mut self.meta) {
            self.sink
                .event(&Event::Meta { key: &k, value: &v }, report)?;
        }
        Ok(())
    }

    /// Sends `node` on as it is when no rule needs to see it (most nodes
    /// are plain moves no rule rewrites); false when the rule must.
    fn pass_plain(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<bool, Error> {
        if self.at_root || !self.rule.passes_plain_nodes() {
            return Ok(false);
        }
        let props = node.raw().map(|(name, spans)| (name, node.values(spans)));
        let Some(colour) = plain_move(props, self.rule.plain_board()) else {
            return Ok(false);
        };
        if colour.is_some() {
            self.last_move = colour;
        }
        self.sink.node(node, report)?;
        Ok(true)
    }

    fn flush(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if !self.current_open {
            return Ok(());
        }
        self.current_open = false;
        let current = std::mem::take(&mut self.current);
        let result = self.rewrite(&current.as_ref(), report);
        if current.text.capacity() <= POOLED_TEXT_MAX {
            self.current = current;
            self.current.clear();
        }
        result
    }

    /// Runs the rule on a complete node and sends what it returns.
    fn rewrite(&mut self, from: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.pass_plain(from, report)? {
            return Ok(());
        }
        self.run_rule(from, report)
    }

    /// [`NodeAdapter::rewrite`] for a node the rule must see. Kept out of
    /// line: its large frame would otherwise be paid by every plain node.
    #[inline(never)]
    fn run_rule(&mut self, from: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        let huge = from.text_len() > POOLED_TEXT_MAX;
        let node = self.copy_in(from, huge);
        self.apply(node, huge.then_some(from), huge, report)
    }

    /// [`NodeAdapter::run_rule`] for a huge node whose one huge value
    /// (property `k`, [`one_huge_value`]) the rules take from the arena
    /// rather than copy: their node is then the only one holding it, and
    /// they rewrite it in place (a line break made a space), so that what
    /// the next sink gathers is the second copy, not the fourth.
    #[cold]
    #[inline(never)]
    fn run_rule_taking(
        &mut self,
        arena: &mut NodeArena,
        k: usize,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let mut node = BufNode::new(arena.pos);
        node.props = std::mem::take(&mut self.spare);
        for (j, p) in arena.as_ref().iter().enumerate() {
            let b = match j == k {
                true => PropertyBuf::default(),
                false => self.copy_property(&p),
            };
            node.props.push(b);
        }
        match arena.take_property(k) {
            Some(p) => {
                if let Some(slot) = node.props.get_mut(k) {
                    *slot = p;
                }
                self.apply(node, None, true, report)
            }
            // Not back to back (a repeated property merged): copied.
            None => {
                let from = arena.as_ref();
                if let (Some(slot), Some(p)) = (node.props.get_mut(k), from.iter().nth(k)) {
                    *slot = PropertyBuf::from_property(&p);
                }
                self.apply(node, Some(&from), true, report)
            }
        }
    }

    /// Runs the rule on `node` and sends what it returns. `from` is the
    /// huge node it is a copy of (its huge comments stubbed), if any: the
    /// values the rules leave go on borrowed from it. In a `huge` node,
    /// properties that held a huge value give their memory back.
    fn apply(
        &mut self,
        node: BufNode,
        from: Option<&NodeRef<'_>>,
        huge: bool,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let is_root = self.at_root;
        self.at_root = false;
        let mut out = std::mem::take(&mut self.out);
        out.clear();
        let mut extra_meta = Vec::new();
        {
            let mut cx = Cx {
                header: &self.header,
                is_root,
                last_move: self.last_move,
                report,
                meta: &mut extra_meta,
            };
            self.rule.node(node, &mut cx, &mut out);
        }
        if is_root {
            self.meta.extend(extra_meta);
            self.flush_meta(report)?;
        }
        let mut result = Ok(());
        let originals = from;
        let unchanged = match originals {
            Some(from) => give_back_unchanged(&mut out, from),
            None => Vec::new(),
        };
        for (i, mut n) in out.drain(..).enumerate() {
            if result.is_ok() {
                result = match originals {
                    None => self.emit(&n, report),
                    Some(from) => self.emit_huge(&n, from, (i, &unchanged), report),
                };
            }
            if let Some(c) = n.move_colour() {
                self.last_move = Some(c);
            }
            if self.pool.len() < 256 {
                if huge {
                    // A property that held a huge value gives its memory back.
                    n.props.retain(|p| p.text_capacity() <= POOLED_TEXT_MAX);
                }
                self.pool.append(&mut n.props);
            }
            if n.props.is_empty() && n.props.capacity() > self.spare.capacity() {
                self.spare = std::mem::take(&mut n.props);
            }
        }
        self.out = out;
        result
    }

    /// The node a rule sees: a copy of `from`, in reused buffers. In a
    /// `huge` node, a huge comment is not copied: it stands for itself by a
    /// stub ([`huge_comment`]) that [`NodeAdapter::emit_huge`] puts back.
    fn copy_in(&mut self, from: &NodeRef<'_>, huge: bool) -> BufNode {
        let mut node = BufNode::new(from.pos);
        node.props = std::mem::take(&mut self.spare);
        if huge {
            self.copy_in_huge(from, &mut node);
            return node;
        }
        for p in from.iter() {
            let b = self.copy_property(&p);
            node.props.push(b);
        }
        node
    }

    /// [`NodeAdapter::copy_in`] for a huge node.
    #[cold]
    #[inline(never)]
    fn copy_in_huge(&mut self, from: &NodeRef<'_>, node: &mut BufNode) {
        for (k, p) in from.iter().enumerate() {
            let b = if huge_comment(&p, from) {
                PropertyBuf::with_values(p.name, &[stub(k)]).at(p.pos)
            } else {
                self.copy_property(&p)
            };
            node.props.push(b);
        }
    }

    /// A copy of `p`, in a spent property when there is one.
    #[inline]
    fn copy_property(&mut self, p: &Property<'_>) -> PropertyBuf {
        match self.pool.pop() {
            Some(mut b) => {
                b.name.clear();
                b.name.push_str(p.name);
                b.clear_values();
                b.extend_values(p.values);
                b.pos = p.pos;
                b
            }
            None => PropertyBuf::from_property(p),
        }
    }

    fn emit(&mut self, n: &BufNode, report: &mut Reporter) -> Result<(), Error> {
        self.sink.event(&Event::Node(n.pos), report)?;
        for p in &n.props {
            self.sink.event(&Event::Property(p.as_property()), report)?;
        }
        Ok(())
    }

    /// [`NodeAdapter::emit`] for output node `i` of a huge one, `from`:
    /// stubs go out as the huge comments they stand for, values given back
    /// ([`give_back_unchanged`]) as the originals they equal.
    #[cold]
    #[inline(never)]
    fn emit_huge(
        &mut self,
        n: &BufNode,
        from: &NodeRef<'_>,
        (i, unchanged): (usize, &[Unchanged]),
        report: &mut Reporter,
    ) -> Result<(), Error> {
        self.sink.event(&Event::Node(n.pos), report)?;
        for (j, p) in n.props.iter().enumerate() {
            let mut prop = p.as_property();
            let given_back = unchanged.iter().find(|u| u.node == i && u.prop == j);
            if let Some(orig) = given_back.and_then(|u| from.iter().nth(u.orig)) {
                prop.values = orig.values;
            } else if let Some(orig) = stubbed(&prop, from) {
                prop.values = orig.values;
            }
            self.sink.event(&Event::Property(prop), report)?;
        }
        Ok(())
    }
}

impl<R: NodeRule, S: Sink> Sink for NodeAdapter<R, S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                self.flush(report)?;
                self.header = (*h).clone();
                self.at_root = true;
                self.meta.clear();
                self.last_move = None;
                self.stack.clear();
                self.rule.game_start(h);
                // `implicit_root` is a reader's fact for the dialect rules;
                // once they ran, the game is plain FF[4]. Passing it on
                // would make a later reading (JSON/XML back to SGF) apply
                // the kifu rules to values already rewritten.
                let mut out = (*h).clone();
                out.implicit_root = false;
                self.sink.event(&Event::GameStart(&out), report)
            }
            Event::Meta { key, value } => {
                if self.at_root {
                    self.meta.push((key.to_string(), value.to_string()));
                    Ok(())
                } else {
                    self.sink.event(event, report)
                }
            }
            Event::Node(pos) => {
                self.flush(report)?;
                self.current_open = true;
                self.current.pos = *pos;
                Ok(())
            }
            Event::Property(p) => {
                if self.current_open {
                    self.current.push(p);
                    Ok(())
                } else {
                    self.sink.event(event, report)
                }
            }
            Event::VariationStart(_) => {
                self.flush(report)?;
                self.stack.push(self.last_move);
                self.rule.variation_start();
                self.sink.event(event, report)
            }
            Event::VariationEnd(_) => {
                self.flush(report)?;
                if let Some(m) = self.stack.pop() {
                    self.last_move = m;
                }
                self.rule.variation_end();
                self.sink.event(event, report)
            }
            Event::GameEnd(_) => {
                self.flush(report)?;
                self.flush_meta(report)?;
                self.at_root = false;
                self.sink.event(event, report)
            }
        }
    }

    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        // Usually nothing is pending: nodes came whole before this one.
        if self.current_open {
            self.flush(report)?;
        }
        self.rewrite(node, report)
    }

    fn node_taking(&mut self, node: &mut NodeArena, report: &mut Reporter) -> Result<(), Error> {
        if self.current_open {
            self.flush(report)?;
        }
        let k = {
            let from = node.as_ref();
            if self.pass_plain(&from, report)? {
                return Ok(());
            }
            match one_huge_value(&from) {
                Some(k) => k,
                None => return self.run_rule(&from, report),
            }
        };
        self.run_rule_taking(node, k, report)
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.current_open {
            self.flush(report)?;
        }
        // Plain moves are plain nodes: passed on whole when the rule lets
        // plain nodes through, which it decides per game at the root.
        if self.at_root
            || !self.rule.passes_plain_nodes()
            || !self.rule.plain_board().run_on(moves.sgf().as_bytes())
        {
            return crate::sink::moves_as_nodes(self, moves, report);
        }
        if let Some(c) = moves.last_colour() {
            self.last_move = Some(c);
        }
        self.sink.moves(moves, report)
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.flush(report)?;
        self.sink.finish(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Pos;

    /// A huge comment passes every rule as it came, whole nodes or events,
    /// in the root or not, while the rules still run on the rest of its
    /// node; a short comment that looks like a stub is text.
    #[test]
    fn a_huge_comment_passes_the_rules_uncopied() {
        use super::super::testing::*;
        let big = "x]\\".repeat(POOLED_TEXT_MAX / 3 + 1);
        let fake = format!("{STUB}0");
        let g = line(&format!(
            "FileFormat=3 KM=375 AP=foxwq C={big};B=pd C={fake};W=tt C={big} BL=3"
        ));
        let dialect = crate::options::Dialect::default();
        for whole in [false, true] {
            let (log, _) = run(&g, |s| {
                let p = crate::transform::pipeline(Box::new(s), &dialect);
                if whole {
                    Box::new(WholeNodes::new(p))
                } else {
                    p
                }
            });
            let want = format!("(;FF[3]KM[7.5]AP[foxwq]C[{big}];B[pd]C[{fake}];W[]C[{big}]BL[3])");
            assert!(sgf(&log) == want, "{}", &sgf(&log)[..80]);
        }
    }

    /// Where each property a sink receives lies: its name, and the
    /// address and length of its first value.
    #[derive(Default)]
    struct Addresses(Vec<(String, usize, usize)>);

    impl Sink for Addresses {
        fn event(&mut self, e: &Event<'_>, _: &mut Reporter) -> Result<(), Error> {
            if let Event::Property(p) = e {
                let t = p.values.first().map_or("", |v| v.text());
                self.0
                    .push((p.name.to_string(), t.as_ptr() as usize, t.len()));
            }
            Ok(())
        }
    }

    /// A huge game-info value the rules read and leave as it came goes on
    /// borrowed from the node read (the rules' copy given back before
    /// anything downstream copies it); one they rewrite goes on rewritten.
    #[test]
    fn a_huge_value_the_rules_leave_goes_on_uncopied() {
        use crate::game::Game;
        let big = "x".repeat(POOLED_TEXT_MAX + 1);
        let bent = format!("{big}\ny");
        let mut g = Game::default();
        g.root_mut().set("PB", &big);
        g.root_mut().set("PW", &bent);
        let at = g.add_child(Game::ROOT);
        g.node_mut(at).set("B", "pd");
        let mut seen = Addresses::default();
        let mut r = Reporter::collecting("t.sgf");
        {
            let dialect = crate::options::Dialect::default();
            let mut s = crate::transform::pipeline(Box::new(&mut seen), &dialect);
            g.replay(&mut *s, &mut r).unwrap();
            s.finish(&mut r).unwrap();
        }
        let read = |id: &str| g.root().text(id).map_or(0, |t| t.as_ptr() as usize);
        let at = |id: &str| {
            seen.0
                .iter()
                .find(|(n, ..)| n == id)
                .map(|&(_, a, l)| (a, l))
        };
        assert_eq!(at("PB"), Some((read("PB"), big.len())), "PB borrowed");
        let pw = at("PW").unwrap();
        assert!(pw.0 != read("PW") && pw.1 == bent.len(), "PW rewritten");
        let newline = super::super::codes::SIMPLETEXT_NEWLINE.id;
        assert!(r.collected().iter().any(|d| d.code.id == newline));
    }

    /// A node handed over with a huge value the rules rewrite: the value
    /// the next sink gets is the node's own text, rewritten where it lies
    /// (no copy of it was made), with its line breaks made spaces (`CR LF`
    /// one space) and the report of the rewrite; a small value beside it
    /// is rewritten too.
    #[test]
    fn a_huge_value_handed_over_is_rewritten_where_it_lies() {
        let big = format!("{}\r\n{}\ny", "x".repeat(POOLED_TEXT_MAX), "z".repeat(10));
        let mut arena = NodeArena::default();
        arena.push(&PropertyBuf::with_values("GN", &["a\nb"]).as_property());
        arena.push(&PropertyBuf::with_values("PB", &[big.as_str()]).as_property());
        arena.push(&PropertyBuf::with_values("PW", &["w"]).as_property());
        let text_at = arena.text.as_ptr() as usize;
        let mut seen = Addresses::default();
        let mut r = Reporter::collecting("t.sgf");
        {
            let dialect = crate::options::Dialect::default();
            let mut s = crate::transform::pipeline(Box::new(&mut seen), &dialect);
            s.event(&Event::GameStart(&GameHeader::new(0)), &mut r)
                .unwrap();
            s.node_taking(&mut arena, &mut r).unwrap();
            s.event(&Event::GameEnd(Pos::default()), &mut r).unwrap();
            s.finish(&mut r).unwrap();
        }
        let pb = seen.0.iter().find(|(n, ..)| n == "PB").unwrap();
        assert_eq!((pb.1, pb.2), (text_at, big.len() - 1), "PB where it lay");
        let names: Vec<&str> = seen.0.iter().map(|(n, ..)| n.as_str()).collect();
        assert_eq!(names, ["GN", "PB", "PW"]);
        let newline = super::super::codes::SIMPLETEXT_NEWLINE.id;
        let reports = r.collected().iter().filter(|d| d.code.id == newline);
        assert_eq!(reports.count(), 2);
        assert!(arena.text.is_empty(), "the arena's text was taken");
    }

    /// What the sink gets from a handed-over node is what it gets from
    /// the same node borrowed, values and reports, whatever the rules do
    /// with its huge value (rewrite it, leave it, rename its property).
    #[test]
    fn a_node_handed_over_goes_on_as_one_borrowed() {
        use crate::sink::EventLog;
        let big = "x".repeat(POOLED_TEXT_MAX + 1);
        let cases = [
            ("PB", format!("{big}\r\n\n\ry\t")),
            ("PB", big.clone()),
            ("GN", format!("a\n{big}")),
            ("C", format!("{big}\n")),
            ("DT", format!("{big}\n")),
        ];
        for (name, value) in &cases {
            let arena = || {
                let mut a = NodeArena::default();
                a.push(&PropertyBuf::with_values("FF", &["4"]).as_property());
                a.push(&PropertyBuf::with_values(*name, &[value.as_str()]).as_property());
                a.push(&PropertyBuf::with_values("PW", &["a\nb"]).as_property());
                a
            };
            let run = |taking: bool| {
                let mut log = EventLog::default();
                let mut r = Reporter::collecting("t.sgf");
                {
                    let dialect = crate::options::Dialect::default();
                    let mut s = crate::transform::pipeline(Box::new(&mut log), &dialect);
                    s.event(&Event::GameStart(&GameHeader::new(0)), &mut r)
                        .unwrap();
                    let mut a = arena();
                    match taking {
                        true => s.node_taking(&mut a, &mut r).unwrap(),
                        false => s.node(&a.as_ref(), &mut r).unwrap(),
                    }
                    s.event(&Event::GameEnd(Pos::default()), &mut r).unwrap();
                    s.finish(&mut r).unwrap();
                }
                let reports: Vec<String> = r
                    .collected()
                    .iter()
                    .map(|d| format!("{} {}", d.code.id, d.message))
                    .collect();
                (log.events, reports)
            };
            assert!(run(true) == run(false), "{name}");
        }
    }
}
