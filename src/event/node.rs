//! A whole node: its borrowed view and its reusable arena.
//!
//! A whole node in one call: [`NodeRef`], the borrowed view of a node held
//! in a reusable [`NodeArena`] (all names in one string, all values in
//! another), as readers and transforms hold nodes.

use super::property::append_value;
use super::{Pos, Property, PropertyBuf, Span, Values, NO_SPLIT};

/// Where one property of a node lies in its [`NodeArena`]: name and spans as
/// ranges of the arena's buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PropSlot {
    /// The identifier: byte range `(start, end)` in the arena's names.
    pub name: (u32, u32),
    /// The values: index range `(start, end)` in the arena's spans.
    pub spans: (u32, u32),
    /// Where the identifier starts in the input.
    pub pos: Pos,
}

/// A complete node, borrowed: its position and its properties, in the
/// arena form a reader or a transform holds them in. [`crate::sink::Sink::node`]
/// takes one, so a node can travel as one call rather than one per property.
#[derive(Clone, Copy, Debug)]
pub struct NodeRef<'a> {
    /// Where the node's `;` is in the input.
    pub pos: Pos,
    names: &'a str,
    text: &'a str,
    spans: &'a [Span],
    slots: &'a [PropSlot],
    /// The node written out as `FF[4]` SGF in UTF-8 (`;B[pd]`), when whoever
    /// made it knows that text: exactly what an SGF writer writes for it.
    sgf: Option<&'a str>,
}

impl<'a> NodeRef<'a> {
    /// Bytes of all the node's values together.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// A view of arena parts; slots out of range read as empty.
    pub fn new(
        pos: Pos,
        names: &'a str,
        text: &'a str,
        spans: &'a [Span],
        slots: &'a [PropSlot],
    ) -> Self {
        NodeRef {
            pos,
            names,
            text,
            spans,
            slots,
            sgf: None,
        }
    }

    /// The same node, with its text as `FF[4]` SGF in UTF-8: `;`, then each
    /// identifier and its values in brackets, escaped, nothing else. The
    /// maker vouches for it; an SGF writer copies it as it is.
    pub fn with_sgf(mut self, sgf: &'a str) -> Self {
        self.sgf = Some(sgf);
        self
    }

    /// See [`NodeRef::with_sgf`].
    pub fn sgf(&self) -> Option<&'a str> {
        self.sgf
    }

    /// Number of properties.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the node has no property (`;` alone).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The properties in their raw form, for per-node hot paths that only
    /// look at identifiers and value texts: each identifier with the spans
    /// of its values ([`NodeRef::value_text`] reads one). Same clamping as
    /// [`NodeRef::iter`], without building [`Property`] and [`Values`].
    pub fn raw(&self) -> impl Iterator<Item = (&'a str, &'a [Span])> + 'a {
        let (names, spans) = (self.names, self.spans);
        self.slots.iter().map(move |s| {
            (
                names
                    .get(s.name.0 as usize..s.name.1 as usize)
                    .unwrap_or(""),
                spans
                    .get(s.spans.0 as usize..s.spans.1 as usize)
                    .unwrap_or(&[]),
            )
        })
    }

    /// The whole text of one value of [`NodeRef::raw`] (both parts of a
    /// compose value, with their `:`), as [`Value::text`](super::Value::text) gives it.
    #[inline]
    pub fn value_text(&self, span: &Span) -> &'a str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// The values of one property of [`NodeRef::raw`].
    pub fn values(&self, spans: &'a [Span]) -> Values<'a> {
        Values::new(self.text, spans)
    }

    /// Number of values of all properties together.
    pub fn value_count(&self) -> usize {
        self.raw().map(|(_, spans)| spans.len()).sum()
    }

    /// The properties, in the order written; slots out of range read as
    /// empty.
    pub fn iter(&self) -> impl Iterator<Item = Property<'a>> + 'a {
        let (names, text, spans) = (self.names, self.text, self.spans);
        self.slots.iter().map(move |s| Property {
            name: names
                .get(s.name.0 as usize..s.name.1 as usize)
                .unwrap_or(""),
            values: Values::new(
                text,
                spans
                    .get(s.spans.0 as usize..s.spans.1 as usize)
                    .unwrap_or(&[]),
            ),
            pos: s.pos,
        })
    }
}

/// The properties of one node in one reusable arena (all names in one
/// string, all values in another): a node held this way costs no allocation
/// once the buffers have grown.
#[derive(Clone, Debug, Default)]
pub struct NodeArena {
    /// Where the node's `;` is in the input.
    pub pos: Pos,
    /// Every identifier, back to back.
    pub names: String,
    /// Every value, unescaped UTF-8, back to back.
    pub text: String,
    /// Every value's place in `text`.
    pub spans: Vec<Span>,
    /// One per property, in order.
    pub slots: Vec<PropSlot>,
}

impl NodeArena {
    /// The node as a [`NodeRef`], for [`crate::sink::Sink::node`].
    pub fn as_ref(&self) -> NodeRef<'_> {
        NodeRef::new(self.pos, &self.names, &self.text, &self.spans, &self.slots)
    }

    /// Appends a copy of `p`.
    pub fn push(&mut self, p: &Property<'_>) {
        let n0 = self.names.len() as u32;
        self.names.push_str(p.name);
        let s0 = self.spans.len() as u32;
        for v in p.values.iter() {
            append_value(&mut self.text, &mut self.spans, v);
        }
        self.slots.push(PropSlot {
            name: (n0, self.names.len() as u32),
            spans: (s0, self.spans.len() as u32),
            pos: p.pos,
        });
    }

    /// The identifier of one property of this arena.
    pub fn name(&self, slot: &PropSlot) -> &str {
        self.names
            .get(slot.name.0 as usize..slot.name.1 as usize)
            .unwrap_or("")
    }

    /// Merges the last property into an earlier one of the same name, if
    /// any (its values are appended to the earlier one's). Returns true when
    /// merged; the merged property's name stays in `names`, unused.
    pub fn merge_last(&mut self) -> bool {
        let Some(last) = self.slots.last() else {
            return false;
        };
        let name = self.name(last);
        let n = self.slots.len() - 1;
        let Some(q) = self.slots[..n].iter().position(|p| self.name(p) == name) else {
            return false;
        };
        let (a, b) = self.slots[n].spans;
        let moved = b - a;
        let at = self.slots[q].spans.1;
        self.spans[at as usize..b as usize].rotate_right(moved as usize);
        self.slots[q].spans.1 += moved;
        for p in &mut self.slots[q + 1..n] {
            p.spans.0 += moved;
            p.spans.1 += moved;
        }
        self.slots.pop();
        true
    }

    /// Property `k` as an owned property that takes the arena's text
    /// rather than a copy of it (a huge value; docs/benchmarks.md, "Memory": the node read and
    /// the rules' copy of it are then one). Its values must lie back to
    /// back in the text; the text is cut to them (the bytes before them
    /// moved down, in place). `None`, changing nothing, when they do not.
    /// Afterwards the arena has no text: its other properties read as
    /// empty values, and it must be cleared before it is used again.
    pub fn take_property(&mut self, k: usize) -> Option<PropertyBuf> {
        let slot = *self.slots.get(k)?;
        let spans = self
            .spans
            .get(slot.spans.0 as usize..slot.spans.1 as usize)?;
        let (start, end) = match (spans.first(), spans.last()) {
            (Some(a), Some(b)) => (a.start, b.end),
            _ => return None,
        };
        let back_to_back = spans.windows(2).all(|w| w[0].end == w[1].start);
        let on_chars = self.text.is_char_boundary(start as usize)
            && self.text.is_char_boundary(end as usize)
            && start <= end;
        if !back_to_back || !on_chars || end as usize > self.text.len() {
            return None;
        }
        let rebased = spans
            .iter()
            .map(|s| Span {
                start: s.start - start,
                end: s.end - start,
                split: match s.split {
                    NO_SPLIT => NO_SPLIT,
                    i => i.saturating_sub(start),
                },
            })
            .collect();
        let mut text = std::mem::take(&mut self.text);
        text.truncate(end as usize);
        text.drain(..start as usize);
        Some(PropertyBuf::from_parts(
            self.name(&slot).to_string(),
            text,
            rebased,
            slot.pos,
        ))
    }

    /// Removes every property, keeping the buffers' capacity for the next
    /// node (`pos` is left as it is).
    pub fn clear(&mut self) {
        self.names.clear();
        self.text.clear();
        self.spans.clear();
        self.slots.clear();
    }
}
