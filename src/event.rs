//! The format-neutral event model: the only thing readers, transforms and
//! writers share.
//!
//! A collection is a stream of [`Event`]s in document order:
//!
//! ```text
//! GameStart  Meta*  Node Property*  (Node Property* | VariationStart … VariationEnd)*  GameEnd
//! ```
//!
//! * `GameStart` opens a game tree (the SGF `(` of a game); `GameEnd` closes it.
//! * `Node` starts a node (SGF `;`); the `Property` events that follow belong
//!   to it, in the order they were written.
//! * `VariationStart`/`VariationEnd` bracket a variation inside a game (SGF
//!   `(`…`)` below the root). They are kept exactly as written, so `(;a;b)` and
//!   `(;a(;b))` stay distinct.
//! * `Meta` carries facts about the game that are not part of its tree: how its
//!   encoding was decided, or fields of a non-SGF source that have no SGF home.
//!
//! SGF's property vocabulary is the lingua franca: a GIB reader emits `PB`,
//! `KM`, `B`, `AB`... Property values arrive unescaped and decoded to UTF-8;
//! compose values (`LB[pd:A]`) remember where their `:` separator is, so a
//! writer can re-escape them exactly.

use std::fmt;

/// A position in the input: byte offset, 1-based line and column (in bytes).
///
/// `Pos::default()` (line 0) means "no position": events made or replayed
/// from memory carry it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pos {
    /// 0-based byte offset in the input.
    pub offset: u64,
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in bytes from the start of the line.
    pub col: u32,
}

impl Pos {
    /// The position at byte `offset`, on 1-based `line` and `col`.
    pub const fn new(offset: u64, line: u32, col: u32) -> Self {
        Pos { offset, line, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// How the character set of a game was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodingSource {
    /// A byte-order mark.
    Bom,
    /// The game's `CA[]` property (or a format's own charset field).
    Declared,
    /// The bytes are valid UTF-8.
    Utf8,
    /// Statistical detection.
    Detected,
    /// `--encoding` on the command line.
    Forced,
    /// `--default-encoding`, or the format's default.
    Default,
    /// The input is not text that carries a charset (JSON, XML...).
    Intrinsic,
}

impl EncodingSource {
    /// The stable short name (`bom`, `ca`, `utf8`, `detected`, `forced`,
    /// `default`, `intrinsic`) written in JSON and XML output and in the
    /// encoding diagnostic.
    pub fn as_str(self) -> &'static str {
        match self {
            EncodingSource::Bom => "bom",
            EncodingSource::Declared => "ca",
            EncodingSource::Utf8 => "utf8",
            EncodingSource::Detected => "detected",
            EncodingSource::Forced => "forced",
            EncodingSource::Default => "default",
            EncodingSource::Intrinsic => "intrinsic",
        }
    }

    /// The source named by [`EncodingSource::as_str`]; `None` for any other
    /// text.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "bom" => EncodingSource::Bom,
            "ca" => EncodingSource::Declared,
            "utf8" => EncodingSource::Utf8,
            "detected" => EncodingSource::Detected,
            "forced" => EncodingSource::Forced,
            "default" => EncodingSource::Default,
            "intrinsic" => EncodingSource::Intrinsic,
            _ => return None,
        })
    }
}

/// What is known about a game before its first node.
#[derive(Clone, Debug, PartialEq)]
pub struct GameHeader {
    /// 0-based index of the game in its collection.
    pub index: usize,
    /// Where the game starts in the input.
    pub pos: Pos,
    /// The character set its text was decoded from (WHATWG name).
    pub encoding: &'static str,
    /// How [`GameHeader::encoding`] was decided.
    pub encoding_source: EncodingSource,
    /// Detector confidence in 0.0..=1.0 (1.0 when not detected).
    pub confidence: f32,
    /// SGF only: the tree opened with `(` and a property instead of `(;`
    /// (the kifu dialect); the reader created the root node.
    pub implicit_root: bool,
    /// A fact of the reader's format: it cannot hold the `FF[1]`–`FF[3]`
    /// mark `M` (a CSV list: moves, time left and comments), so the
    /// `FF[3]` rule need not follow the position on the board for it (it
    /// would see every plain move). Not written by any writer.
    pub no_old_marks: bool,
}

impl GameHeader {
    /// The header of game `index` of text that needs no decoding: UTF-8,
    /// [`EncodingSource::Intrinsic`], confidence 1.0, no position.
    pub fn new(index: usize) -> Self {
        GameHeader {
            index,
            pos: Pos::default(),
            encoding: "UTF-8",
            encoding_source: EncodingSource::Intrinsic,
            confidence: 1.0,
            implicit_root: false,
            no_old_marks: false,
        }
    }
}

/// Sentinel for "this value has no compose separator".
pub const NO_SPLIT: u32 = u32::MAX;

/// Where one value lies in a property's text buffer: the bytes
/// `start..end`, on character boundaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Byte index in the text where the value starts.
    pub start: u32,
    /// Byte index in the text just past the value.
    pub end: u32,
    /// Absolute index of the compose `:` separator in the text, or [`NO_SPLIT`].
    pub split: u32,
}

/// One property value, unescaped UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value<'a> {
    text: &'a str,
    split: Option<usize>,
}

impl<'a> Value<'a> {
    /// A plain (non-compose) value.
    pub fn plain(text: &'a str) -> Self {
        Value { text, split: None }
    }

    /// A compose value `first:second`.
    pub fn compose(text: &'a str, split: usize) -> Self {
        debug_assert!(text.as_bytes().get(split) == Some(&b':'));
        Value {
            text,
            split: Some(split),
        }
    }

    /// The whole value; for a compose value, both parts joined by `:`.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// `(first, Some(second))` for a compose value, `(text, None)` otherwise.
    pub fn parts(&self) -> (&'a str, Option<&'a str>) {
        match self.split {
            Some(i) => (&self.text[..i], Some(&self.text[i + 1..])),
            None => (self.text, None),
        }
    }

    /// Byte index of the separator inside [`Value::text`].
    pub fn split(&self) -> Option<usize> {
        self.split
    }

    /// Whether the value is empty (`[]`, e.g. a pass `B[]`).
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// The values of one property: a view into a text buffer.
#[derive(Clone, Copy, Debug)]
pub struct Values<'a> {
    text: &'a str,
    spans: &'a [Span],
}

impl<'a> Values<'a> {
    /// Views `spans` of `text`.
    ///
    /// Spans out of range or not on character boundaries are a programming
    /// error of the producer; they are clamped rather than panicking.
    pub fn new(text: &'a str, spans: &'a [Span]) -> Self {
        Values { text, spans }
    }

    /// Bytes of the text the values are views of: at least
    /// [`Values::text_len`], one load to ask.
    pub fn text_bound(&self) -> usize {
        self.text.len()
    }

    /// Bytes from the first value's start to the last one's end (the
    /// values' text, and the `:` of compose values), at once.
    pub fn text_len(&self) -> usize {
        match (self.spans.first(), self.spans.last()) {
            (Some(a), Some(b)) => b.end.saturating_sub(a.start) as usize,
            _ => 0,
        }
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the property has no value at all (not even an empty `[]`).
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The `i`-th value (0-based), in the order written.
    pub fn get(&self, i: usize) -> Option<Value<'a>> {
        self.spans.get(i).map(|s| self.value(*s))
    }

    /// The first value: the only one of a single-value property (`B`, `PB`).
    pub fn first(&self) -> Option<Value<'a>> {
        self.get(0)
    }

    /// The values in the order written.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Value<'a>> + 'a {
        let text = self.text;
        self.spans.iter().map(move |s| Values::value_in(text, *s))
    }

    fn value(&self, s: Span) -> Value<'a> {
        Values::value_in(self.text, s)
    }

    fn value_in(text: &'a str, s: Span) -> Value<'a> {
        let v = text.get(s.start as usize..s.end as usize).unwrap_or("");
        if s.split == NO_SPLIT || s.split < s.start || s.split >= s.end {
            Value::plain(v)
        } else {
            let at = (s.split - s.start) as usize;
            if v.as_bytes().get(at) == Some(&b':') {
                Value::compose(v, at)
            } else {
                Value::plain(v)
            }
        }
    }
}

impl PartialEq for Values<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

/// A property: an identifier and its values.
#[derive(Clone, Copy, Debug)]
pub struct Property<'a> {
    /// The identifier: upper-case `FF[4]` form once the dialect normaliser ran,
    /// as written otherwise.
    pub name: &'a str,
    /// The values, in the order written (at least one in valid SGF).
    pub values: Values<'a>,
    /// Where the identifier starts in the input.
    pub pos: Pos,
}

impl PartialEq for Property<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.values == other.values
    }
}

impl<'a> Property<'a> {
    /// The values (the same as the field; the method reads as
    /// [`PropertyBuf::values`] does, so code can take either).
    pub fn values(&self) -> Values<'a> {
        self.values
    }

    /// The whole text of the first value (`pd` of `B[pd]`).
    pub fn first_text(&self) -> Option<&'a str> {
        self.values.first().map(|v| v.text())
    }
}

/// One event of the stream.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event<'a> {
    /// A game begins (SGF `(` of a game tree); the header says which game
    /// and how its text was decoded.
    GameStart(&'a GameHeader),
    /// A fact about the game outside its tree, between `GameStart` and the
    /// first `Node`.
    Meta {
        /// Namespaced by its origin: `ugf:Files/…`, `kifu:KM`.
        key: &'a str,
        /// The fact, as text.
        value: &'a str,
    },
    /// A variation opens (SGF `(` below the root), at its `(`.
    VariationStart(Pos),
    /// A node begins (SGF `;`), at its `;`; the properties that follow are
    /// its own.
    Node(Pos),
    /// A property of the current node.
    Property(Property<'a>),
    /// The innermost open variation closes, at its `)`.
    VariationEnd(Pos),
    /// The game closes, at its `)` (or where the input ended inside it).
    GameEnd(Pos),
}

/// Appends a value, compose split included, to a text buffer and its
/// spans (the form [`Values`] views).
fn append_value(text: &mut String, spans: &mut Vec<Span>, v: Value<'_>) {
    let start = text.len() as u32;
    text.push_str(v.text());
    spans.push(Span {
        start,
        end: text.len() as u32,
        split: v.split().map_or(NO_SPLIT, |k| start + k as u32),
    });
}

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
    /// compose value, with their `:`), as [`Value::text`] gives it.
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
    /// rather than a copy of it (a huge value, issue 14: the node read and
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
        Some(PropertyBuf {
            name: self.name(&slot).to_string(),
            text,
            spans: rebased,
            pos: slot.pos,
        })
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

/// Bytes of one plain move in [`Moves`]: `;B[pd]`.
pub const MOVE_TEXT_LEN: usize = 6;

/// A run of consecutive plain move nodes, each exactly one `B` or `W` with
/// a two-letter point other than `tt` (`;B[pd]`), which is what most of
/// every record is made of. Readers send such runs in one call
/// ([`crate::sink::Sink::moves`]), so that each layer pays per run rather
/// than per node. The run means exactly its nodes in order, as
/// [`Moves::try_for_each`] gives them; a sink that does not look at runs
/// receives them node by node.
///
/// Built with [`MovesBuf`], which keeps the form.
#[derive(Clone, Copy, Debug)]
pub struct Moves<'a> {
    /// The nodes as `FF[4]` SGF, [`MOVE_TEXT_LEN`] bytes each, back to back.
    sgf: &'a str,
    /// Where each node's `;` is in the input.
    pos: &'a [Pos],
}

impl<'a> Moves<'a> {
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// Whether the run has no node.
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }

    /// All the nodes as `FF[4]` SGF (`;B[pd];W[dd]`), [`MOVE_TEXT_LEN`] bytes
    /// a node: what an SGF writer writes for them.
    pub fn sgf(&self) -> &'a str {
        self.sgf
    }

    /// Where each node starts in the input.
    pub fn positions(&self) -> &'a [Pos] {
        self.pos
    }

    /// The first `k` nodes and the rest (`k` at most [`Moves::len`]).
    pub fn split_at(&self, k: usize) -> (Moves<'a>, Moves<'a>) {
        let k = k.min(self.len());
        let (sgf_a, sgf_b) = self
            .sgf
            .split_at_checked(k * MOVE_TEXT_LEN)
            .unwrap_or((self.sgf, ""));
        let (pos_a, pos_b) = self.pos.split_at(k);
        (
            Moves {
                sgf: sgf_a,
                pos: pos_a,
            },
            Moves {
                sgf: sgf_b,
                pos: pos_b,
            },
        )
    }

    /// Each node's six bytes as the [`PlainMove`] it was made from.
    pub fn plain(&self) -> impl Iterator<Item = PlainMove> + 'a {
        self.sgf
            .as_bytes()
            .chunks_exact(MOVE_TEXT_LEN)
            .filter_map(|c| <[u8; MOVE_TEXT_LEN]>::try_from(c).ok().map(PlainMove))
    }

    /// The colour of the last move (`'B'` or `'W'`).
    pub fn last_colour(&self) -> Option<char> {
        let k = self.sgf.len().checked_sub(MOVE_TEXT_LEN)?;
        self.sgf.as_bytes().get(k + 1).map(|&c| char::from(c))
    }

    /// Calls `f` with each node in order, as the [`NodeRef`] a reader would
    /// send for it (with its SGF text); stops at the first error.
    pub fn try_for_each<E>(
        &self,
        mut f: impl FnMut(&NodeRef<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let spans = [Span {
            start: 0,
            end: 2,
            split: NO_SPLIT,
        }];
        for (k, &pos) in self.pos.iter().enumerate() {
            let Some(sgf) = self.sgf.get(k * MOVE_TEXT_LEN..(k + 1) * MOVE_TEXT_LEN) else {
                break;
            };
            // The identifier is one column after the ';' (a node with no
            // position, made rather than read, gives its property none).
            let slot = [PropSlot {
                name: (0, 1),
                spans: (0, 1),
                pos: match pos == Pos::default() {
                    true => pos,
                    false => Pos::new(pos.offset + 1, pos.line, pos.col + 1),
                },
            }];
            let node = NodeRef::new(
                pos,
                sgf.get(1..2).unwrap_or(""),
                sgf.get(3..5).unwrap_or(""),
                &spans,
                &slot,
            )
            .with_sgf(sgf);
            f(&node)?;
        }
        Ok(())
    }
}

/// The SGF text of one plain move (`;B[pd]`), checked: `B` or `W`, a point
/// of two lower-case letters other than `tt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainMove([u8; MOVE_TEXT_LEN]);

impl PlainMove {
    /// `text` as a plain move, or `None` if it is not one (`;B[tt]`,
    /// `;b[pd]`, `;C[pd]`...).
    #[inline]
    pub fn new(text: [u8; MOVE_TEXT_LEN]) -> Option<Self> {
        let [semicolon, colour, open, x, y, close] = text;
        let plain = semicolon == b';'
            && matches!(colour, b'B' | b'W')
            && open == b'['
            && x.is_ascii_lowercase()
            && y.is_ascii_lowercase()
            && close == b']'
            && (x, y) != (b't', b't');
        plain.then_some(PlainMove(text))
    }

    /// The node's six bytes, `;B[pd]`.
    pub fn text(&self) -> &[u8; MOVE_TEXT_LEN] {
        &self.0
    }
}

/// Plain moves a reader gathers in a [`MovesBuf`] before it sends them,
/// at most: a long game of plain moves goes out as runs of this many, not
/// as one run held whole (16 bytes a move beside the game).
pub const MAX_RUN: usize = 1024;

/// Where a reader gathers a [`Moves`] run; reused from run to run.
#[derive(Clone, Debug, Default)]
pub struct MovesBuf {
    /// ASCII only, in the form [`Moves`] describes.
    sgf: Vec<[u8; MOVE_TEXT_LEN]>,
    pos: Vec<Pos>,
}

impl MovesBuf {
    /// Adds the node whose SGF text is `node` (`;B[pd]`) and which starts at
    /// `pos`, if it is a plain move ([`PlainMove::new`]). Returns whether it
    /// was.
    pub fn push(&mut self, node: [u8; MOVE_TEXT_LEN], pos: Pos) -> bool {
        match PlainMove::new(node) {
            Some(m) => {
                self.push_plain(m, pos);
                true
            }
            None => false,
        }
    }

    /// Adds a plain move that starts at `pos`.
    #[inline]
    pub fn push_plain(&mut self, node: PlainMove, pos: Pos) {
        self.sgf.push(node.0);
        self.pos.push(pos);
    }

    /// Number of moves gathered.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// Whether no move is gathered.
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }

    /// The moves gathered so far, as a run to send.
    pub fn as_moves(&self) -> Moves<'_> {
        Moves {
            // Only ASCII is ever pushed.
            sgf: std::str::from_utf8(self.sgf.as_flattened()).unwrap_or_default(),
            pos: &self.pos,
        }
    }

    /// Empties the buffer for the next run, keeping its capacity.
    pub fn clear(&mut self) {
        self.sgf.clear();
        self.pos.clear();
    }
}

/// An owned property, for transforms that rewrite values and for the game tree.
/// Two are equal when their names and values are (not their positions).
#[derive(Clone, Debug, Default)]
pub struct PropertyBuf {
    /// The identifier, as in [`Property::name`].
    pub name: String,
    text: String,
    spans: Vec<Span>,
    /// Where the identifier starts in the input (default when made, not
    /// read).
    pub pos: Pos,
}

impl PartialEq for PropertyBuf {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.values() == other.values()
    }
}

impl Eq for PropertyBuf {}

impl PropertyBuf {
    /// A property with no value yet, and no position.
    pub fn new(name: impl Into<String>) -> Self {
        PropertyBuf {
            name: name.into(),
            ..Default::default()
        }
    }

    /// A property with plain values.
    pub fn with_values<S: AsRef<str>>(name: impl Into<String>, values: &[S]) -> Self {
        let mut p = PropertyBuf::new(name);
        for v in values {
            p.push(v.as_ref());
        }
        p
    }

    /// Copies a borrowed property.
    pub fn from_property(p: &Property<'_>) -> Self {
        let mut b = PropertyBuf::new(p.name);
        b.pos = p.pos;
        b.extend_values(p.values);
        b
    }

    /// The same property, at `pos` in the input.
    pub fn at(mut self, pos: Pos) -> Self {
        self.pos = pos;
        self
    }

    /// Appends a plain value.
    pub fn push(&mut self, value: &str) -> &mut Self {
        let start = self.text.len() as u32;
        self.text.push_str(value);
        self.spans.push(Span {
            start,
            end: self.text.len() as u32,
            split: NO_SPLIT,
        });
        self
    }

    /// Appends a compose value `first:second`.
    pub fn push_compose(&mut self, first: &str, second: &str) -> &mut Self {
        let start = self.text.len() as u32;
        self.text.push_str(first);
        let split = self.text.len() as u32;
        self.text.push(':');
        self.text.push_str(second);
        self.spans.push(Span {
            start,
            end: self.text.len() as u32,
            split,
        });
        self
    }

    /// Appends a value, plain or compose as it is.
    pub fn push_value(&mut self, v: Value<'_>) -> &mut Self {
        append_value(&mut self.text, &mut self.spans, v);
        self
    }

    /// Appends every value of another property, in order.
    pub fn extend_values(&mut self, values: Values<'_>) {
        for v in values.iter() {
            self.push_value(v);
        }
    }

    /// Rewrites the values in place, with no copy of them (a huge value,
    /// issue 14). `f` gets each value's bytes (a compose value's both
    /// parts, with their `:`) and, when it rewrote them, returns the length
    /// of the new value, which it wrote at their start: no longer than
    /// they were, and UTF-8 (it may only put ASCII bytes for ASCII bytes,
    /// and drop ASCII bytes). A rewritten value is plain. Returns, per
    /// value, whether it was rewritten.
    pub fn rewrite_in_place(&mut self, mut f: impl FnMut(&mut [u8]) -> Option<usize>) -> Vec<bool> {
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        let mut rewritten = Vec::with_capacity(self.spans.len());
        let mut w = 0usize;
        for s in &mut self.spans {
            let (a, e) = (s.start as usize, (s.end as usize).min(bytes.len()));
            let Some(value) = bytes.get_mut(a..e) else {
                *s = Span {
                    start: w as u32,
                    end: w as u32,
                    split: NO_SPLIT,
                };
                rewritten.push(false);
                continue;
            };
            let new = f(value).map(|n| n.min(e - a));
            let len = new.unwrap_or(e - a);
            let split = match (new, s.split) {
                (None, i) if i != NO_SPLIT && i >= s.start => i - s.start + w as u32,
                _ => NO_SPLIT,
            };
            bytes.copy_within(a..a + len, w);
            *s = Span {
                start: w as u32,
                end: (w + len) as u32,
                split,
            };
            w += len;
            rewritten.push(new.is_some());
        }
        bytes.truncate(w);
        // `f` keeps UTF-8; were it not to, the text is made valid (the
        // values, clamped, stay readable) rather than lost.
        self.text = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        rewritten
    }

    /// Replaces the values that `new` gives a value for (in order; `None`
    /// keeps one's text), all plain. A lone value replaced takes the new
    /// one's buffer, with no copy of either (a huge value).
    pub fn replace_values(&mut self, new: impl IntoIterator<Item = Option<String>>) {
        let mut new: Vec<Option<String>> = new.into_iter().collect();
        new.resize(self.spans.len(), None);
        if let [Some(one)] = &mut new[..] {
            let text = std::mem::take(one);
            let end = text.len() as u32;
            self.text = text;
            self.spans = vec![Span {
                start: 0,
                end,
                split: NO_SPLIT,
            }];
            return;
        }
        let old = std::mem::take(self);
        self.name = old.name.clone();
        self.pos = old.pos;
        for (v, n) in old.values().iter().zip(new) {
            match n {
                Some(t) => self.push(&t),
                None => self.push(v.text()),
            };
        }
    }

    /// Bytes the values' text holds room for: a buffer grown for a huge
    /// value is not worth keeping for reuse.
    pub fn text_capacity(&self) -> usize {
        self.text.capacity()
    }

    /// Removes every value, keeping the name and the position.
    pub fn clear_values(&mut self) {
        self.text.clear();
        self.spans.clear();
    }

    /// The values, in order.
    pub fn values(&self) -> Values<'_> {
        Values::new(&self.text, &self.spans)
    }

    /// The borrowed form, for an [`Event::Property`].
    pub fn as_property(&self) -> Property<'_> {
        Property {
            name: &self.name,
            values: self.values(),
            pos: self.pos,
        }
    }

    /// The whole text of the first value.
    pub fn first_text(&self) -> Option<&str> {
        self.values().first().map(|v| v.text())
    }
}

/// An owned event, for tests and for buffering. The positions of
/// `VariationStart`, `Node`, `VariationEnd` and `GameEnd` are not kept (a
/// property keeps its own).
#[derive(Clone, Debug, PartialEq)]
pub enum OwnedEvent {
    /// [`Event::GameStart`].
    GameStart(GameHeader),
    /// [`Event::Meta`]: key, value.
    Meta(String, String),
    /// [`Event::VariationStart`].
    VariationStart,
    /// [`Event::Node`].
    Node,
    /// [`Event::Property`].
    Property(PropertyBuf),
    /// [`Event::VariationEnd`].
    VariationEnd,
    /// [`Event::GameEnd`].
    GameEnd,
}

impl OwnedEvent {
    /// Copies an event, dropping the positions it does not keep.
    pub fn from_event(e: &Event<'_>) -> Self {
        match e {
            Event::GameStart(h) => OwnedEvent::GameStart((*h).clone()),
            Event::Meta { key, value } => OwnedEvent::Meta(key.to_string(), value.to_string()),
            Event::VariationStart(_) => OwnedEvent::VariationStart,
            Event::Node(_) => OwnedEvent::Node,
            Event::Property(p) => OwnedEvent::Property(PropertyBuf::from_property(p)),
            Event::VariationEnd(_) => OwnedEvent::VariationEnd,
            Event::GameEnd(_) => OwnedEvent::GameEnd,
        }
    }

    /// The borrowed form, for replaying into a sink.
    pub fn as_event(&self) -> Event<'_> {
        match self {
            OwnedEvent::GameStart(h) => Event::GameStart(h),
            OwnedEvent::Meta(k, v) => Event::Meta { key: k, value: v },
            OwnedEvent::VariationStart => Event::VariationStart(Pos::default()),
            OwnedEvent::Node => Event::Node(Pos::default()),
            OwnedEvent::Property(p) => Event::Property(p.as_property()),
            OwnedEvent::VariationEnd => Event::VariationEnd(Pos::default()),
            OwnedEvent::GameEnd => Event::GameEnd(Pos::default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_takes_only_plain_moves_and_gives_them_back_as_nodes() {
        let mut buf = MovesBuf::default();
        let at = |col| Pos::new(u64::from(col) - 1, 1, col);
        assert!(buf.push(*b";B[pd]", at(1)));
        assert!(buf.push(*b";W[aa]", at(7)));
        for not_plain in [
            b";B[tt]", b";b[pd]", b";C[pd]", b";B[pD]", b";W[p]]", b"(B[pd]",
        ] {
            assert!(!buf.push(*not_plain, at(13)), "{not_plain:?}");
        }
        let run = buf.as_moves();
        assert_eq!((run.len(), run.sgf()), (2, ";B[pd];W[aa]"));
        assert_eq!(run.last_colour(), Some('W'));
        let mut seen = Vec::new();
        run.try_for_each(|n| {
            let p = n.iter().next().unwrap();
            seen.push((
                n.pos.col,
                p.name.to_string(),
                p.first_text().unwrap().to_string(),
                p.pos.col,
                n.sgf().map(str::to_string),
            ));
            Ok::<_, ()>(())
        })
        .unwrap();
        assert_eq!(
            seen,
            vec![
                (1, "B".into(), "pd".into(), 2, Some(";B[pd]".into())),
                (7, "W".into(), "aa".into(), 8, Some(";W[aa]".into())),
            ]
        );
        buf.clear();
        assert!(buf.is_empty() && buf.as_moves().last_colour().is_none());
    }

    #[test]
    fn a_run_splits_and_gives_its_plain_moves() {
        let mut buf = MovesBuf::default();
        for (k, m) in [b";B[pd]", b";W[dd]", b";B[qq]"].into_iter().enumerate() {
            assert!(buf.push(*m, Pos::new(6 * k as u64, 1, 1 + 6 * k as u32)));
        }
        let run = buf.as_moves();
        let texts: Vec<_> = run.plain().map(|m| *m.text()).collect();
        assert_eq!(texts, vec![*b";B[pd]", *b";W[dd]", *b";B[qq]"]);
        let (a, b) = run.split_at(1);
        assert_eq!((a.sgf(), b.sgf()), (";B[pd]", ";W[dd];B[qq]"));
        assert_eq!((a.positions().len(), b.positions()[0].col), (1, 7));
        let (all, none) = run.split_at(9);
        assert_eq!((all.len(), none.is_empty()), (3, true));
    }

    #[test]
    fn compose_values_split_at_their_separator() {
        let mut p = PropertyBuf::new("LB");
        p.push_compose("pd", "A:b").push("x");
        let vals: Vec<_> = p.values().iter().map(|v| v.parts()).collect();
        assert_eq!(vals, vec![("pd", Some("A:b")), ("x", None)]);
    }

    #[test]
    fn corrupt_spans_do_not_panic() {
        let spans = [Span {
            start: 3,
            end: 99,
            split: 1,
        }];
        let v = Values::new("ab", &spans);
        assert_eq!(v.first().map(|v| v.text()), Some(""));
    }

    #[test]
    fn owned_events_round_trip() {
        let p = PropertyBuf::with_values("AB", &["aa", "bb"]);
        let e = OwnedEvent::Property(p.clone());
        assert_eq!(OwnedEvent::from_event(&e.as_event()), e);
    }
}
