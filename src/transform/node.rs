//! The node-at-a-time adapter most transforms are built on: it buffers the
//! properties of one node, hands the complete node to a [`NodeRule`], and
//! forwards what the rule returns. Memory: one node (plus the `Meta` events
//! of a game until its root node is out, so rules can add source facts).
//!
//! A value past 1 MiB costs at most two copies of itself on the way through
//! (issue 14): a huge comment, which no rule reads, passes the rules as a
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

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{
    Event, GameHeader, Moves, NodeArena, NodeRef, Pos, Property, PropertyBuf, Values,
};
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

/// One node held by a transform.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BufNode {
    pub pos: Pos,
    pub props: Vec<PropertyBuf>,
}

impl BufNode {
    pub fn new(pos: Pos) -> Self {
        BufNode {
            pos,
            props: Vec::new(),
        }
    }

    pub fn get(&self, id: &str) -> Option<&PropertyBuf> {
        self.props.iter().find(|p| same_id(&p.name, id))
    }

    pub fn has(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// First value of a property.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|p| p.first_text())
    }

    pub fn remove(&mut self, id: &str) -> Option<PropertyBuf> {
        let i = self.props.iter().position(|p| same_id(&p.name, id))?;
        Some(self.props.remove(i))
    }

    /// Sets `id` to one plain value, in place if present, else appended.
    pub fn set(&mut self, id: &str, value: &str, pos: Pos) {
        let mut p = PropertyBuf::with_values(id, &[value]);
        p.pos = pos;
        match self.props.iter_mut().find(|q| same_id(&q.name, id)) {
            Some(q) => {
                p.pos = q.pos;
                *q = p
            }
            None => self.props.push(p),
        }
    }

    /// The colour of the (last) move in this node, if any.
    pub fn move_colour(&self) -> Option<char> {
        self.props.iter().rev().find_map(|p| match p.name.as_str() {
            "B" => Some('B'),
            "W" => Some('W'),
            _ => None,
        })
    }
}

/// `a == b` for identifiers, which are nearly all one or two letters:
/// compared in place rather than by a call to `memcmp` (rules look
/// properties up by name many times per root node).
#[inline]
pub fn same_id(a: &str, b: &str) -> bool {
    match (a.as_bytes(), b.as_bytes()) {
        ([x], [y]) => x == y,
        ([x1, x2], [y1, y2]) => x1 == y1 && x2 == y2,
        (a, b) => a == b,
    }
}

/// What a rule knows while it rewrites a node.
pub struct Cx<'a> {
    pub header: &'a GameHeader,
    /// The node is the root of its game.
    pub is_root: bool,
    /// Colour of the last move before this node on its path, if any.
    pub last_move: Option<char>,
    pub report: &'a mut Reporter,
    /// `Meta` events to add to the game (only honoured for the root node,
    /// since they must come before it).
    pub meta: &'a mut Vec<(String, String)>,
}

/// A rewrite applied to each complete node.
pub trait NodeRule {
    /// A new game begins.
    fn game_start(&mut self, _header: &GameHeader) {}

    /// Rewrites `node`; pushes the node(s) to emit into `out` (in order:
    /// more than one splits the node into a sequence, none drops it).
    fn node(&mut self, node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>);

    /// The rule must see every node, even a plain move (`;B[pd]`) that no
    /// rule rewrites (the `FF[3]` rule tracks the position for `M`).
    fn sees_plain_moves(&self) -> bool {
        false
    }

    /// The rule leaves plain non-root nodes ([`is_plain_node`]) exactly as
    /// they are, in this game: the adapter may send them on without
    /// handing them over.
    fn passes_plain_nodes(&self) -> bool {
        false
    }

    /// The board a plain node's move and markup points must lie on for
    /// [`NodeRule::passes_plain_nodes`] to let it through, in this game
    /// (asked after the root): a point off it goes to the rule.
    fn plain_board(&self) -> PlainBoard {
        PlainBoard::ANY
    }

    /// A variation opens (after the node it hangs from was emitted).
    fn variation_start(&mut self) {}

    /// A variation closes.
    fn variation_end(&mut self) {}
}

/// Several rules run in order on one buffered node: what the pipeline uses,
/// so that a node is copied once however many rules there are. Each rule
/// sees the nodes the previous one produced.
#[derive(Default)]
pub struct Chain {
    rules: Vec<Box<dyn NodeRule>>,
    cur: Vec<BufNode>,
    next: Vec<BufNode>,
    /// Some rule must see plain moves in this game (asked once per root).
    sees_plain: bool,
    /// Where plain points must lie for every rule (asked once per root).
    board: PlainBoard,
}

impl Chain {
    pub fn new() -> Self {
        Chain::default()
    }

    pub fn push(&mut self, rule: impl NodeRule + 'static) {
        self.rules.push(Box::new(rule));
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

impl NodeRule for Chain {
    fn game_start(&mut self, header: &GameHeader) {
        for r in &mut self.rules {
            r.game_start(header);
        }
    }

    fn node(&mut self, node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        // Most nodes of a game are a plain move: nothing to rewrite.
        if !cx.is_root && !self.sees_plain && is_plain_node(&node, self.board) {
            out.push(node);
            return;
        }
        let mut cur = std::mem::take(&mut self.cur);
        let mut next = std::mem::take(&mut self.next);
        cur.clear();
        cur.push(node);
        for rule in &mut self.rules {
            next.clear();
            for (i, n) in cur.drain(..).enumerate() {
                let mut sub = Cx {
                    header: cx.header,
                    is_root: cx.is_root && i == 0,
                    last_move: cx.last_move,
                    report: &mut *cx.report,
                    meta: &mut *cx.meta,
                };
                rule.node(n, &mut sub, &mut next);
            }
            std::mem::swap(&mut cur, &mut next);
        }
        out.append(&mut cur);
        self.cur = cur;
        self.next = next;
        if cx.is_root {
            // Rules decide what they need from the root.
            self.sees_plain = self.rules.iter().any(|r| r.sees_plain_moves());
            self.board = (self.rules.iter()).fold(PlainBoard::ANY, |b, r| b.meet(r.plain_board()));
        }
    }

    fn passes_plain_nodes(&self) -> bool {
        !self.sees_plain
    }

    fn plain_board(&self) -> PlainBoard {
        self.board
    }

    fn variation_start(&mut self) {
        for r in &mut self.rules {
            r.variation_start();
        }
    }

    fn variation_end(&mut self) {
        for r in &mut self.rules {
            r.variation_end();
        }
    }
}

/// A node no rule rewrites outside the root: at most one move (`B`/`W`,
/// two lower-case letters other than `tt`), no setup, none of the properties a
/// rule looks at (`S`, `KI`, `L`, `M`, `PL`, `TE`, `BM`, `DO`, `IT`, `VW`, `DM GB GW UC`,
/// root properties, game information), at most one of the marks `CR MA SL
/// SQ TR` (rule 12 compares two), upper-case identifiers, one value each
/// except in markup lists. Most nodes of a game are such: `;B[pd]BL[600]`.
/// Its points lie on `board`.
pub fn is_plain_node(node: &BufNode, board: PlainBoard) -> bool {
    plain_move(
        node.props.iter().map(|p| (p.name.as_str(), p.values())),
        board,
    )
    .is_some()
}

/// Where the points of a plain node lie: its move on the first `cols`
/// columns and `rows` rows (lower-case letters, `a`–`z` at most), and, when
/// `lists`, its markup lists too (each value such a point, none twice).
/// Checking it is a byte comparison per point, without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainBoard {
    cols: u8,
    rows: u8,
    lists: bool,
}

impl Default for PlainBoard {
    fn default() -> Self {
        PlainBoard::ANY
    }
}

impl PlainBoard {
    /// Any two lower-case letters; markup lists unchecked.
    pub const ANY: PlainBoard = PlainBoard {
        cols: 26,
        rows: 26,
        lists: false,
    };

    /// A board of `cols` × `rows` (letters beyond `z` are never plain),
    /// markup lists checked too.
    pub fn new(cols: u8, rows: u8) -> Self {
        PlainBoard {
            cols: cols.min(26),
            rows: rows.min(26),
            lists: true,
        }
    }

    /// What both `self` and `other` ask for.
    fn meet(self, other: PlainBoard) -> Self {
        PlainBoard {
            cols: self.cols.min(other.cols),
            rows: self.rows.min(other.rows),
            lists: self.lists || other.lists,
        }
    }

    /// Whether `v` is two lower-case letters on the board.
    #[inline]
    fn on(self, v: &[u8]) -> bool {
        matches!(v, [x, y] if x.wrapping_sub(b'a') < self.cols && y.wrapping_sub(b'a') < self.rows)
    }

    /// Whether every move of a run ([`Moves::sgf`]: `;B[pd]`, six bytes a
    /// move, lower-case letters) is on the board.
    #[inline]
    fn run_on(self, sgf: &[u8]) -> bool {
        if self.cols >= 26 && self.rows >= 26 {
            return true;
        }
        let (cols, rows) = (b'a' + self.cols, b'a' + self.rows);
        sgf.chunks_exact(crate::event::MOVE_TEXT_LEN)
            .all(|m| m[3] < cols && m[4] < rows)
    }

    /// Whether the values of a markup list are plain: points on the board,
    /// none twice (lists of more than 8 values go to the rules).
    fn list_on(self, values: &Values<'_>) -> bool {
        if !self.lists {
            return true;
        }
        let mut seen = [[0u8; 2]; 8];
        if values.len() > seen.len() {
            return false;
        }
        for (k, v) in values.iter().enumerate() {
            let b = v.text().as_bytes();
            if !self.on(b) || seen[..k].iter().any(|s| s == b) {
                return false;
            }
            seen[k] = [b[0], b[1]];
        }
        true
    }
}

/// What an identifier means for [`is_plain_node`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlainRole {
    /// The node is not plain: a rule looks at this property, or the
    /// identifier is not upper-case.
    NotPlain,
    /// A move of this colour: plain when it is the node's only one, with
    /// one value of two lower-case letters on the [`PlainBoard`], not `tt`.
    Move(char),
    /// A markup list: plain with any number of values (when the
    /// [`PlainBoard`] checks lists, up to 8 points on it, none twice).
    List,
    /// A mark a point carries one of per node (`CR MA SL SQ TR`): a list,
    /// plain when it is the node's only mark.
    Mark,
    /// Any other property: plain with one value.
    Single,
    /// A property of this `FF[4]` value type (number, real, double, color,
    /// none): plain with one value valid for the type, which rule 11
    /// leaves alone ([`super::values::is_valid_as`]).
    Typed(&'static str),
}

fn plain_role_of(name: &str) -> PlainRole {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_uppercase()) {
        return PlainRole::NotPlain;
    }
    match name {
        "B" => PlainRole::Move('B'),
        "W" => PlainRole::Move('W'),
        "AB" | "AW" | "AE" | "S" | "KI" | "L" | "M" | "PL" | "TE" | "BM" | "DO" | "IT" | "VW"
        | "SZ" | "GM" | "FF" | "CA" | "AP" | "ST" | "DM" | "GB" | "GW" | "UC" => {
            PlainRole::NotPlain
        }
        "MA" | "TR" | "CR" | "SQ" | "SL" => PlainRole::Mark,
        "LB" | "AR" | "LN" | "DD" | "TB" | "TW" => PlainRole::List,
        _ => {
            let def = crate::props::lookup(name);
            if def.is_some_and(|d| d.scope == crate::props::Scope::GameInfo) {
                PlainRole::NotPlain
            } else if let Some(t) = def.and_then(super::values::simple_type) {
                PlainRole::Typed(t)
            } else {
                PlainRole::Single
            }
        }
    }
}

/// [`plain_role_of`], from a table for the one- and two-letter identifiers
/// nearly every node is made of (it is asked for every property of every
/// node). Each slot is filled the first time its identifier is asked for:
/// a process that converts one small record works out the dozen roles it
/// meets, not all 702 (issue 16: start-up).
fn plain_role(name: &str) -> PlainRole {
    use std::sync::OnceLock;
    static SHORT: [OnceLock<PlainRole>; crate::props::SHORT_KEYS] =
        [const { OnceLock::new() }; crate::props::SHORT_KEYS];
    match crate::props::short_key(name.as_bytes()).and_then(|k| SHORT.get(k)) {
        Some(slot) => *slot.get_or_init(|| plain_role_of(name)),
        None => plain_role_of(name),
    }
}

/// The colour of a plain node's move (`Some(None)` for a plain node
/// without one); `None` when the node is not plain ([`is_plain_node`]).
fn plain_move<'a>(
    props: impl Iterator<Item = (&'a str, Values<'a>)>,
    board: PlainBoard,
) -> Option<Option<char>> {
    let mut colour = None;
    let mut marked = false;
    // A repeated identifier is for the rules (they merge it). A node of
    // more properties than `seen` holds goes to the rules too.
    let mut seen: [&str; 6] = [""; 6];
    for (k, (name, values)) in props.enumerate() {
        if k >= seen.len() || seen[..k].contains(&name) {
            return None;
        }
        seen[k] = name;
        match plain_role(name) {
            PlainRole::NotPlain => return None,
            PlainRole::Move(c) => {
                if colour.is_some() || values.len() != 1 {
                    return None;
                }
                if !values
                    .first()
                    .is_some_and(|v| board.on(v.text().as_bytes()) && v.text() != "tt")
                {
                    return None;
                }
                colour = Some(c);
            }
            PlainRole::List => {
                if !board.list_on(&values) {
                    return None;
                }
            }
            PlainRole::Mark => {
                if std::mem::replace(&mut marked, true) || !board.list_on(&values) {
                    return None;
                }
            }
            PlainRole::Single => {
                if values.len() != 1 {
                    return None;
                }
            }
            PlainRole::Typed(t) => {
                let valid = values
                    .first()
                    .is_some_and(|v| super::values::is_valid_as(t, v.text()));
                if values.len() != 1 || !valid {
                    return None;
                }
            }
        }
    }
    Some(colour)
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

/// Board size of a root node's `SZ` (`19`, or `19:13` columns:rows);
/// 19 when absent or unreadable.
pub fn board_size(root: &BufNode) -> (u32, u32) {
    let Some(v) = root.get("SZ").and_then(|p| p.values().first()) else {
        return (19, 19);
    };
    let (a, b) = match v.text().split_once(':') {
        Some((a, b)) => (a, Some(b)),
        None => (v.text(), None),
    };
    let w = a.trim().parse::<u32>().ok();
    let h = b.and_then(|b| b.trim().parse::<u32>().ok()).or(w);
    match (w, h) {
        (Some(w), Some(h)) if w > 0 && h > 0 => (w, h),
        _ => (19, 19),
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers to drive transforms with hand-built games.
    use super::*;
    use crate::event::OwnedEvent;
    use crate::game::Game;
    use crate::sink::EventLog;

    /// Replays `game` into the sink built by `make` around an event log, and
    /// returns the log and the diagnostics.
    pub fn run<F>(game: &Game, make: F) -> (EventLog, Reporter)
    where
        F: FnOnce(&mut EventLog) -> Box<dyn Sink + '_>,
    {
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t.sgf");
        {
            let mut s = make(&mut log);
            game.replay(&mut *s, &mut r).unwrap();
            s.finish(&mut r).unwrap();
        }
        (log, r)
    }

    /// An OGS-style game: every move in a variation of its own, and a real
    /// branch at the last move; its root says `PC[pc]`.
    pub fn ogs_nested(pc: &str) -> Game {
        let mut g = Game::default();
        g.root_mut().set("PC", pc);
        let mut at = g.add_child(0);
        g.node_mut(at).set("B", "qd");
        for (i, mv) in ["dp", "pp", "dc"].iter().enumerate() {
            at = g.add_variation(at);
            g.node_mut(at).set(if i % 2 == 0 { "W" } else { "B" }, mv);
        }
        // A real branch at the last move.
        let parent = g.node(at).parent().unwrap_or(0);
        let alt = g.add_child(parent);
        g.node_mut(alt).set("W", "cc");
        g
    }

    /// Re-sends the events it receives with each complete node as one
    /// [`Sink::node`] call: how the SGF reader sends them. With
    /// [`WholeNodes::with_runs`], consecutive plain moves go as one
    /// [`Sink::moves`] call, as the reader's fast path sends them.
    pub struct WholeNodes<S> {
        pub sink: S,
        node: crate::event::NodeArena,
        open: bool,
        runs: Option<crate::event::MovesBuf>,
    }

    impl<S: Sink> WholeNodes<S> {
        pub fn new(sink: S) -> Self {
            WholeNodes {
                sink,
                node: Default::default(),
                open: false,
                runs: None,
            }
        }

        pub fn with_runs(sink: S) -> Self {
            WholeNodes {
                runs: Some(Default::default()),
                ..WholeNodes::new(sink)
            }
        }

        /// The open node's SGF text, if it is one move property with one
        /// two-byte value.
        fn move_text(&self) -> Option<[u8; crate::event::MOVE_TEXT_LEN]> {
            let node = self.node.as_ref();
            let mut props = node.raw();
            let (name, spans) = props.next()?;
            match (name.as_bytes(), spans, props.next()) {
                (&[c], [span], None) => match node.value_text(span).as_bytes() {
                    &[x, y] => Some([b';', c, b'[', x, y, b']']),
                    _ => None,
                },
                _ => None,
            }
        }

        fn send_run(&mut self, report: &mut Reporter) -> Result<(), Error> {
            if let Some(run) = self.runs.as_mut().filter(|r| !r.is_empty()) {
                self.sink.moves(&run.as_moves(), report)?;
                run.clear();
            }
            Ok(())
        }

        fn flush(&mut self, report: &mut Reporter) -> Result<(), Error> {
            if std::mem::take(&mut self.open) {
                let text = self.move_text();
                let pos = self.node.pos;
                let gathered = match (self.runs.as_mut(), text) {
                    (Some(run), Some(text)) => run.push(text, pos),
                    _ => false,
                };
                if !gathered {
                    self.send_run(report)?;
                    self.sink.node(&self.node.as_ref(), report)?;
                }
            }
            self.node.clear();
            Ok(())
        }
    }

    impl<S: Sink> Sink for WholeNodes<S> {
        fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
            match event {
                Event::Property(p) if self.open => {
                    self.node.push(p);
                    Ok(())
                }
                Event::Node(pos) => {
                    self.flush(report)?;
                    self.open = true;
                    self.node.pos = *pos;
                    Ok(())
                }
                _ => {
                    self.flush(report)?;
                    self.send_run(report)?;
                    self.sink.event(event, report)
                }
            }
        }
        fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
            self.flush(report)?;
            self.send_run(report)?;
            self.sink.finish(report)
        }
    }

    /// The log as compact text: `;B[pd]W[]` with `(`, `)` and `M{k=v}`.
    pub fn sgf(log: &EventLog) -> String {
        let mut s = String::new();
        for e in &log.events {
            match e {
                OwnedEvent::GameStart(_) => s.push('('),
                OwnedEvent::GameEnd => s.push(')'),
                OwnedEvent::Node => s.push(';'),
                OwnedEvent::VariationStart => s.push('('),
                OwnedEvent::VariationEnd => s.push(')'),
                OwnedEvent::Meta(k, v) => s.push_str(&format!("M{{{k}={v}}}")),
                OwnedEvent::Property(p) => {
                    s.push_str(&p.name);
                    for v in p.values().iter() {
                        s.push('[');
                        s.push_str(v.text());
                        s.push(']');
                    }
                }
            }
        }
        s
    }

    /// Codes of the collected diagnostics, in order.
    pub fn codes(r: &Reporter) -> Vec<&'static str> {
        r.collected().iter().map(|d| d.code.id).collect()
    }

    /// A game from a compact description: nodes separated by `;`, properties
    /// `ID=v1|v2` separated by spaces; `(`/`)` are not supported (use
    /// `Game` directly for variations).
    pub fn line(desc: &str) -> Game {
        let mut g = Game::default();
        let mut at = Game::ROOT;
        for (i, node) in desc.split(';').enumerate() {
            if i > 0 {
                at = g.add_child(at);
            }
            for prop in node.split_whitespace() {
                let (id, vals) = prop.split_once('=').unwrap_or((prop, ""));
                let mut p = PropertyBuf::new(id);
                for v in vals.split('|') {
                    p.push(&v.replace('_', " "));
                }
                g.node_mut(at).push_buf(&p);
            }
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A huge comment passes every rule as it came, whole nodes or events,
    /// in the root or not, while the rules still run on the rest of its
    /// node; a short comment that looks like a stub is text.
    #[test]
    fn a_huge_comment_passes_the_rules_uncopied() {
        use super::testing::*;
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

    #[test]
    fn identifiers_compare_as_strings() {
        for (a, b) in [
            ("B", "B"),
            ("B", "W"),
            ("PB", "PB"),
            ("PB", "PW"),
            ("PB", "BP"),
            ("B", "BL"),
        ] {
            assert_eq!(same_id(a, b), a == b, "{a} {b}");
        }
        assert!(same_id("MULTIGOGM", "MULTIGOGM") && !same_id("ABC", "ABD") && same_id("", ""));
        let mut n = BufNode::new(Pos::default());
        n.set("PB", "x", Pos::default());
        n.set("B", "pd", Pos::default());
        assert_eq!(
            (n.text("PB"), n.text("B"), n.text("PW")),
            (Some("x"), Some("pd"), None)
        );
    }
}
