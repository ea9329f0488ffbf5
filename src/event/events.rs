//! The events of the stream, borrowed and owned.
//!
//! The events of the stream ([`Event`], borrowed) and their owned form
//! ([`OwnedEvent`]) for tests and buffering.

use super::{GameHeader, Pos, Property, PropertyBuf};

/// One event of the stream.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
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

/// An owned event, for tests and for buffering. The positions of
/// `VariationStart`, `Node`, `VariationEnd` and `GameEnd` are not kept (a
/// property keeps its own).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
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
    fn owned_events_round_trip() {
        let p = PropertyBuf::with_values("AB", &["aa", "bb"]);
        let e = OwnedEvent::Property(p.clone());
        assert_eq!(OwnedEvent::from_event(&e.as_event()), e);
    }
}
