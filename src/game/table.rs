//! The properties of every node of one game, held compactly: what makes a
//! game in memory cost tens of bytes a node rather than hundreds.
//!
//! One [`PropTable`] holds all of a game's properties in a few flat
//! buffers: every value's text back to back in one `String`, the values'
//! [`Span`]s in one `Vec`, one fixed-size slot per property (its
//! identifier as an interned id, its spans as an index range, its position
//! as a small delta from its node's), and per node one record (its slot
//! range and its position). A property with one plain value of up to 63
//! bytes (a move, most game info) needs no span of its own: its slot
//! points at a shared static one. So a plain move node (`;B[pd]`) costs
//! its record (24 bytes), one slot (24) and its two bytes of text; no
//! allocation of its own.
//!
//! A node's slots are contiguous. Adding a property to a node whose slots
//! are not the last ones (the root, after the moves were read) moves that
//! node's slots to the end; what is left behind, and what a replaced or
//! removed value leaves, is counted as garbage, and the table rebuilds
//! itself once the garbage outweighs what is live. Views ([`Props`]) give
//! the properties back as borrowed [`Property`] values.

use std::collections::HashMap;

use crate::event::{NodeRef, Pos, PropSlot, Property, PropertyBuf, Span, Value, Values, NO_SPLIT};

/// The top bit of a `u32`. In a slot's position it marks an index in the
/// far positions (not a delta); in the first of its span range, a value
/// with no span of its own. (A game would need 2^31 spans, 24 GiB, for a
/// span index to reach it.)
const FAR: u32 = 1 << 31;

/// A slot's position code for a property with no position
/// (`Pos::default()`, as the UGF and GIB readers give their moves while
/// their node has one): no far entry. The far list stops one short of it.
const NO_POS: u32 = u32::MAX;

/// Names are searched one by one up to this many, then through a map.
const LINEAR_NAMES: usize = 16;

/// A value this long or shorter, alone and plain in its property, needs
/// no span of its own: its slot points at a shared one ([`INLINE`]).
const INLINE_MAX: usize = 63;

/// `INLINE[k]` is the span of a plain value of `k` bytes at the start of
/// its property's text.
static INLINE: [Span; INLINE_MAX + 1] = {
    let mut a = [Span {
        start: 0,
        end: 0,
        split: NO_SPLIT,
    }; INLINE_MAX + 1];
    let mut k = 0;
    while k <= INLINE_MAX {
        a[k].end = k as u32;
        k += 1;
    }
    a
};

/// Garbage below this many bytes is never worth a rebuild.
const MIN_GARBAGE: usize = 1 << 16;

/// A [`Pos`] in four `u32`s, so that records holding one pack to 4-byte
/// alignment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PackedPos([u32; 4]);

impl From<Pos> for PackedPos {
    fn from(p: Pos) -> Self {
        PackedPos([p.offset as u32, (p.offset >> 32) as u32, p.line, p.col])
    }
}

impl From<PackedPos> for Pos {
    fn from(p: PackedPos) -> Self {
        let [lo, hi, line, col] = p.0;
        Pos::new(u64::from(lo) | (u64::from(hi) << 32), line, col)
    }
}

/// One node's place in the table.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NodeRec {
    /// First slot of the node.
    start: u32,
    /// Number of slots.
    len: u32,
    /// Where the node's `;` is in the input.
    pos: PackedPos,
}

/// One property of a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    /// Index in the interned names.
    name: u32,
    /// Index range in the spans; with [`FAR`] set in the first, one plain
    /// value at the base, the second its length (no span of its own).
    spans: (u32, u32),
    /// The position: the node's plus this many bytes on the same line, or
    /// (with [`FAR`] set) an index in the far positions.
    pos: u32,
    /// Byte index in the text its spans count from, in two halves.
    base: (u32, u32),
}

impl Slot {
    fn inline(&self) -> bool {
        self.spans.0 & FAR != 0
    }

    fn base(&self) -> usize {
        (u64::from(self.base.0) | (u64::from(self.base.1) << 32)) as usize
    }
}

/// The properties of every node of a game, in flat buffers (see the module
/// header). Nodes are numbered from 0 in the order they were added.
#[derive(Clone, Debug, Default)]
pub struct PropTable {
    names: Vec<Box<str>>,
    name_ids: HashMap<Box<str>, u32>,
    text: String,
    spans: Vec<Span>,
    slots: Vec<Slot>,
    nodes: Vec<NodeRec>,
    /// Positions that are not a same-line delta from their node's.
    far: Vec<Pos>,
    /// Bytes of the buffers no node uses any more.
    garbage: usize,
}

/// Bytes a slot, a span and a node record take: what the garbage counts.
const SLOT_BYTES: usize = std::mem::size_of::<Slot>();
const SPAN_BYTES: usize = std::mem::size_of::<Span>();

impl PropTable {
    /// An empty table.
    pub fn new() -> Self {
        PropTable::default()
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table has no node.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Adds a node with no property, at `pos`; returns its index.
    pub fn push_node(&mut self, pos: Pos) -> usize {
        let start = self.slots.len() as u32;
        self.nodes.push(NodeRec {
            start,
            len: 0,
            pos: pos.into(),
        });
        self.nodes.len() - 1
    }

    /// Removes node 0: every other node's index is one less. Its
    /// properties are left behind as garbage.
    pub fn remove_first_node(&mut self) {
        if self.nodes.is_empty() {
            return;
        }
        let garbage: usize = self
            .props(0)
            .iter()
            .map(|p| p.values.iter().map(|v| v.text().len()).sum::<usize>())
            .sum();
        let r = self.nodes.remove(0);
        self.garbage += r.len as usize * SLOT_BYTES + garbage;
    }

    /// Removes every node, keeping the buffers' capacity.
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
        self.slots.clear();
        self.nodes.clear();
        self.far.clear();
        self.garbage = 0;
    }

    /// Bytes the buffers hold (used or garbage), not counting the interned
    /// names: what a game's nodes cost.
    pub fn heap_bytes(&self) -> usize {
        self.text.len()
            + self.spans.len() * SPAN_BYTES
            + self.slots.len() * SLOT_BYTES
            + self.nodes.len() * std::mem::size_of::<NodeRec>()
            + self.far.len() * std::mem::size_of::<Pos>()
    }

    /// The properties of node `node` (none if there is no such node).
    pub fn props(&self, node: usize) -> Props<'_> {
        let (slots, pos) = match self.nodes.get(node) {
            Some(r) => (
                self.slots
                    .get(r.start as usize..(r.start + r.len) as usize)
                    .unwrap_or(&[]),
                r.pos.into(),
            ),
            None => (&[][..], Pos::default()),
        };
        Props {
            table: self,
            slots,
            pos,
        }
    }

    /// Where node `node`'s `;` is.
    pub fn pos(&self, node: usize) -> Pos {
        self.nodes
            .get(node)
            .map_or(Pos::default(), |r| r.pos.into())
    }

    /// Moves node `node` to `pos`; its properties keep their positions.
    pub fn set_pos(&mut self, node: usize, pos: Pos) {
        let Some(r) = self.nodes.get(node).copied() else {
            return;
        };
        let old: Vec<Pos> = self.props(node).iter().map(|p| p.pos).collect();
        self.nodes[node].pos = pos.into();
        for (k, p) in old.into_iter().enumerate() {
            let code = self.encode_pos(pos, p);
            self.slots[r.start as usize + k].pos = code;
        }
    }

    fn intern(&mut self, name: &str) -> u32 {
        let found = if self.names.len() <= LINEAR_NAMES {
            self.names
                .iter()
                .position(|n| &**n == name)
                .map(|i| i as u32)
        } else {
            self.name_ids.get(name).copied()
        };
        found.unwrap_or_else(|| {
            let id = self.names.len() as u32;
            self.names.push(name.into());
            self.name_ids.insert(name.into(), id);
            id
        })
    }

    fn encode_pos(&mut self, node: Pos, p: Pos) -> u32 {
        if p == Pos::default() {
            return NO_POS;
        }
        let delta = p.offset.wrapping_sub(node.offset);
        let same_line = p.line == node.line
            && p.offset >= node.offset
            && delta < u64::from(FAR)
            && p.col.checked_sub(node.col) == Some(delta as u32);
        if same_line {
            return delta as u32;
        }
        if self.far.len() >= (NO_POS & !FAR) as usize {
            return 0;
        }
        self.far.push(p);
        FAR | (self.far.len() - 1) as u32
    }

    fn decode_pos(&self, node: Pos, code: u32) -> Pos {
        if code == NO_POS {
            return Pos::default();
        }
        if code & FAR != 0 {
            return self
                .far
                .get((code & !FAR) as usize)
                .copied()
                .unwrap_or_default();
        }
        Pos::new(node.offset + u64::from(code), node.line, node.col + code)
    }

    /// Writes `p`'s values at the end of the buffers and returns its slot.
    fn write(&mut self, node_pos: Pos, name: &str, values: Values<'_>, pos: Pos) -> Slot {
        let name = self.intern(name);
        self.write_named(node_pos, name, values, pos)
    }

    /// [`PropTable::write`] with the name already interned.
    fn write_named(&mut self, node_pos: Pos, name: u32, values: Values<'_>, pos: Pos) -> Slot {
        let base = self.text.len();
        let s0 = self.spans.len() as u32;
        let spans = match values.first() {
            Some(v) if values.len() == 1 && v.split().is_none() && v.text().len() <= INLINE_MAX => {
                self.text.push_str(v.text());
                (FAR, v.text().len() as u32)
            }
            _ => {
                for v in values.iter() {
                    self.append_value(base, v);
                }
                (s0, self.spans.len() as u32)
            }
        };
        Slot {
            name,
            spans,
            pos: self.encode_pos(node_pos, pos),
            base: (base as u32, (base as u64 >> 32) as u32),
        }
    }

    fn append_value(&mut self, base: usize, v: Value<'_>) {
        let start = (self.text.len() - base) as u32;
        self.text.push_str(v.text());
        self.spans.push(Span {
            start,
            end: (self.text.len() - base) as u32,
            split: v.split().map_or(NO_SPLIT, |k| start + k as u32),
        });
    }

    /// Makes node `node`'s slots the last ones, so one can be appended.
    fn move_to_end(&mut self, node: usize) {
        let r = self.nodes[node];
        let end = (r.start + r.len) as usize;
        if end == self.slots.len() {
            return;
        }
        self.slots.extend_from_within(r.start as usize..end);
        self.garbage += r.len as usize * SLOT_BYTES;
        self.nodes[node].start = (self.slots.len() - r.len as usize) as u32;
    }

    /// Appends `p` to node `node`'s properties.
    pub fn push(&mut self, node: usize, p: &Property<'_>) {
        if node >= self.nodes.len() {
            return;
        }
        self.maybe_compact();
        self.move_to_end(node);
        let slot = self.write(self.pos(node), p.name, p.values, p.pos);
        self.slots.push(slot);
        self.nodes[node].len += 1;
    }

    /// Inserts `p` as the `index`-th property of node `node` (the last if
    /// `index` is past the end).
    pub fn insert(&mut self, node: usize, index: usize, p: &Property<'_>) {
        if node >= self.nodes.len() {
            return;
        }
        self.push(node, p);
        let r = self.nodes[node];
        let at = r.start as usize + index.min(r.len as usize - 1);
        self.slots[at..(r.start + r.len) as usize].rotate_right(1);
    }

    /// Index among node `node`'s properties of the first named `name`.
    pub fn position(&self, node: usize, name: &str) -> Option<usize> {
        self.props(node).position(name)
    }

    /// Replaces the `index`-th property of node `node` with `p`.
    pub fn replace(&mut self, node: usize, index: usize, p: &Property<'_>) {
        let Some(r) = self.nodes.get(node).copied() else {
            return;
        };
        if index >= r.len as usize {
            return;
        }
        let at = r.start as usize + index;
        let old = self.slots[at];
        self.garbage += self.slot_bytes(&old);
        let slot = self.write(r.pos.into(), p.name, p.values, p.pos);
        self.slots[at] = slot;
        self.maybe_compact();
    }

    /// Appends one value to the `index`-th property of node `node`.
    pub fn push_value(&mut self, node: usize, index: usize, v: Value<'_>) {
        let Some(r) = self.nodes.get(node).copied() else {
            return;
        };
        if index >= r.len as usize {
            return;
        }
        let at = r.start as usize + index;
        let slot = self.slots[at];
        let fits = !slot.inline()
            && slot.spans.1 as usize == self.spans.len()
            && self.text.len() + v.text().len() - slot.base() < u32::MAX as usize;
        if fits {
            self.append_value(slot.base(), v);
            self.slots[at].spans.1 += 1;
            return;
        }
        let p = self.props(node).nth(index).map(|p| {
            let mut b = PropertyBuf::from_property(&p);
            b.push_value(v);
            b
        });
        if let Some(b) = p {
            self.replace(node, index, &b.as_property());
        }
    }

    /// Takes the `index`-th property out of node `node`.
    pub fn remove(&mut self, node: usize, index: usize) -> Option<PropertyBuf> {
        let r = self.nodes.get(node).copied()?;
        if index >= r.len as usize {
            return None;
        }
        let taken = self
            .props(node)
            .nth(index)
            .map(|p| PropertyBuf::from_property(&p));
        let at = r.start as usize + index;
        let end = (r.start + r.len) as usize;
        self.garbage += self.slot_bytes(&self.slots[at]) + SLOT_BYTES;
        self.slots[at..end].rotate_left(1);
        self.nodes[node].len -= 1;
        self.maybe_compact();
        taken
    }

    fn slot_bytes(&self, s: &Slot) -> usize {
        if s.inline() {
            return s.spans.1 as usize;
        }
        let spans = self
            .spans
            .get(s.spans.0 as usize..s.spans.1 as usize)
            .unwrap_or(&[]);
        spans.len() * SPAN_BYTES
            + spans
                .iter()
                .map(|x| x.end.saturating_sub(x.start) as usize)
                .sum::<usize>()
    }

    /// Rebuilds the buffers without their garbage once it is at least half
    /// of what they hold: relocations and rewrites cost amortised constant
    /// time and memory stays within twice what is live.
    fn maybe_compact(&mut self) {
        if self.garbage < MIN_GARBAGE || self.garbage * 2 < self.heap_bytes() {
            return;
        }
        let mut fresh = PropTable::default();
        for node in 0..self.nodes.len() {
            let id = fresh.push_node(self.pos(node));
            let props = self.props(node);
            for (s, p) in props.slots.iter().zip(props.iter()) {
                let slot = fresh.write_named(fresh.pos(id), s.name, p.values, p.pos);
                fresh.slots.push(slot);
                fresh.nodes[id].len += 1;
            }
        }
        fresh.names = std::mem::take(&mut self.names);
        fresh.name_ids = std::mem::take(&mut self.name_ids);
        *self = fresh;
    }
}

/// Reusable buffers for [`PropTable::node_ref`]: a node's names, spans
/// and slots in [`NodeRef`]'s form (its values stay in the table).
#[derive(Clone, Debug, Default)]
pub struct NodeScratch {
    names: String,
    spans: Vec<Span>,
    slots: Vec<PropSlot>,
}

impl NodeScratch {
    fn clear(&mut self) {
        self.names.clear();
        self.spans.clear();
        self.slots.clear();
    }
}

/// `span` moved `off` bytes later; `None` past `u32`.
fn shifted(span: &Span, off: u32) -> Option<Span> {
    let split = if span.split == NO_SPLIT {
        NO_SPLIT
    } else {
        span.split.checked_add(off)?
    };
    Some(Span {
        start: span.start.checked_add(off)?,
        end: span.end.checked_add(off)?,
        split,
    })
}

impl PropTable {
    /// The spans of slot `s`, from its base.
    fn slot_spans(&self, s: &Slot) -> &[Span] {
        if s.inline() {
            INLINE.get(s.spans.1 as usize..=s.spans.1 as usize)
        } else {
            self.spans.get(s.spans.0 as usize..s.spans.1 as usize)
        }
        .unwrap_or(&[])
    }

    /// Node `node` as a [`NodeRef`], for [`crate::sink::Sink::node`]: its
    /// values borrowed from the table's text, not copied (a huge comment
    /// goes on as it is: the transforms' adapter passes it by), its names,
    /// spans and slots rebuilt in `scratch`. `None` if there is no such
    /// node, or its values lie more than 4 GiB apart in the text.
    pub fn node_ref<'a>(
        &'a self,
        node: usize,
        scratch: &'a mut NodeScratch,
    ) -> Option<NodeRef<'a>> {
        let r = self.nodes.get(node)?;
        let slots = self
            .slots
            .get(r.start as usize..(r.start + r.len) as usize)?;
        let lo = slots.iter().map(Slot::base).min().unwrap_or(0);
        let pos: Pos = r.pos.into();
        scratch.clear();
        let mut hi = lo;
        for s in slots {
            let off = u32::try_from(s.base() - lo).ok()?;
            let n0 = scratch.names.len() as u32;
            scratch
                .names
                .push_str(self.names.get(s.name as usize).map_or("", |n| n));
            let s0 = scratch.spans.len() as u32;
            for span in self.slot_spans(s) {
                let moved = shifted(span, off)?;
                hi = hi.max(lo + moved.end as usize);
                scratch.spans.push(moved);
            }
            scratch.slots.push(PropSlot {
                name: (n0, scratch.names.len() as u32),
                spans: (s0, scratch.spans.len() as u32),
                pos: self.decode_pos(pos, s.pos),
            });
        }
        let text = self.text.get(lo..hi)?;
        let s = &*scratch;
        Some(NodeRef::new(pos, &s.names, text, &s.spans, &s.slots))
    }
}

/// The properties of one node of a [`PropTable`], borrowed; `Copy`.
#[derive(Clone, Copy)]
pub struct Props<'a> {
    table: &'a PropTable,
    slots: &'a [Slot],
    pos: Pos,
}

impl std::fmt::Debug for Props<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|p| PropertyBuf::from_property(&p)))
            .finish()
    }
}

impl<'a> Props<'a> {
    /// Number of properties.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the node has no property (`;` alone).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    fn property(&self, s: &Slot) -> Property<'a> {
        let t = self.table;
        let name = t.names.get(s.name as usize).map_or("", |n| &**n);
        let text = t.text.get(s.base()..).unwrap_or("");
        Property {
            name,
            values: Values::new(text, t.slot_spans(s)),
            pos: t.decode_pos(self.pos, s.pos),
        }
    }

    /// The properties, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Property<'a>> + 'a {
        let this = *self;
        self.slots.iter().map(move |s| this.property(s))
    }

    /// The `index`-th property.
    pub fn nth(&self, index: usize) -> Option<Property<'a>> {
        self.slots.get(index).map(|s| self.property(s))
    }

    /// Index of the first property named `name`.
    pub fn position(&self, name: &str) -> Option<usize> {
        let names = &self.table.names;
        self.slots
            .iter()
            .position(|s| names.get(s.name as usize).is_some_and(|n| &**n == name))
    }

    /// The property named `name` (`"PB"`), if the node has one.
    pub fn get(&self, name: &str) -> Option<Property<'a>> {
        self.position(name).and_then(|i| self.nth(i))
    }

    /// First value of the property `name`, as text.
    pub fn text(&self, name: &str) -> Option<&'a str> {
        self.get(name).and_then(|p| p.first_text())
    }

    /// The move of the node: `Some(('B', "pd"))`, `Some(('W', ""))` for a
    /// pass.
    pub fn mv(&self) -> Option<(char, &'a str)> {
        self.iter().find_map(|p| match p.name {
            "B" => Some(('B', p.first_text().unwrap_or(""))),
            "W" => Some(('W', p.first_text().unwrap_or(""))),
            _ => None,
        })
    }

    /// Whether the properties equal `other`'s, name by name and value by
    /// value (not their positions).
    pub fn same(&self, other: &Props<'_>) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl<'a> IntoIterator for Props<'a> {
    type Item = Property<'a>;
    type IntoIter = PropsIter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        PropsIter {
            props: self,
            next: 0,
        }
    }
}

/// The properties of a [`Props`], in order.
#[derive(Clone)]
pub struct PropsIter<'a> {
    props: Props<'a>,
    next: usize,
}

impl<'a> Iterator for PropsIter<'a> {
    type Item = Property<'a>;
    fn next(&mut self) -> Option<Property<'a>> {
        let p = self.props.nth(self.next)?;
        self.next += 1;
        Some(p)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.props.len().saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for PropsIter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_stay_small() {
        // What one plain move node costs besides its text: a regression
        // here is a regression of every holding reader and writer.
        assert_eq!(std::mem::size_of::<NodeRec>(), 24);
        assert_eq!(std::mem::size_of::<Slot>(), 24);
        assert_eq!(std::mem::size_of::<Span>(), 12);
    }

    #[test]
    fn positions_round_trip_near_and_far() {
        let mut t = PropTable::new();
        let n = t.push_node(Pos::new(100, 3, 7));
        let near = PropertyBuf::with_values("B", &["pd"]).at(Pos::new(101, 3, 8));
        let far = PropertyBuf::with_values("C", &["x"]).at(Pos::new(200, 4, 1));
        let none = PropertyBuf::with_values("W", &["dd"]);
        for p in [&near, &far, &none] {
            t.push(n, &p.as_property());
        }
        let got: Vec<Pos> = t.props(n).iter().map(|p| p.pos).collect();
        assert_eq!(got, vec![near.pos, far.pos, Pos::default()]);
        t.set_pos(n, Pos::new(90, 2, 1));
        let moved: Vec<Pos> = t.props(n).iter().map(|p| p.pos).collect();
        assert_eq!(moved, got);
    }

    #[test]
    fn a_property_with_no_position_takes_no_far_entry() {
        // A UGF move has no position while its node has one: 16 bytes a
        // move in the far list would put the UGF reader over 100 B/node.
        let mut t = PropTable::new();
        for k in 0..1000u64 {
            let n = t.push_node(Pos::new(10 * k + 5, k as u32 + 2, 1));
            t.push(n, &PropertyBuf::with_values("B", &["pd"]).as_property());
        }
        assert_eq!(t.far.len(), 0);
        assert!(t.props(7).iter().all(|p| p.pos == Pos::default()));
        assert_eq!(t.heap_bytes(), 1000 * (24 + 24 + 2));
    }
}
