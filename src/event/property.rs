//! Properties and their values, borrowed and owned.
//!
//! Properties and their values: the borrowed views readers send
//! ([`Property`], [`Values`], [`Value`]) over a text buffer and its spans,
//! and the owned [`PropertyBuf`] transforms rewrite and games keep.

use super::Pos;

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

/// Appends a value, compose split included, to a text buffer and its
/// spans (the form [`Values`] views).
pub(super) fn append_value(text: &mut String, spans: &mut Vec<Span>, v: Value<'_>) {
    let start = text.len() as u32;
    text.push_str(v.text());
    spans.push(Span {
        start,
        end: text.len() as u32,
        split: v.split().map_or(NO_SPLIT, |k| start + k as u32),
    });
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
    /// A property made of its parts: a text buffer and the spans of its
    /// values in it (a node arena hands its text over so).
    pub(super) fn from_parts(name: String, text: String, spans: Vec<Span>, pos: Pos) -> Self {
        PropertyBuf {
            name,
            text,
            spans,
            pos,
        }
    }

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

    /// Rewrites the values in place, with no copy of them (a huge value;
    /// docs/benchmarks.md, "Memory"). `f` gets each value's bytes (a compose value's both
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

    /// The borrowed form, for an [`Event::Property`](super::Event::Property).
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
