//! The JSON reader's serde seeds of nodes, properties and values.
//!
//! A game's nodes as serde reads them: the seeds of the `nodes` array, a
//! node's fields, its properties and their values (plain strings, compose
//! pairs, values past `--max-value-size` refused), each node replayed as it
//! is read.

use crate::event::{PropertyBuf, Value};
use crate::formats::structured::flat::{FlatGame, FlatNode};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// The `nodes` array, read node by node into a [`FlatGame`]: no node is
/// ever held in any other form (a game of 10 million nodes is read in the
/// memory of its compact form).
pub(super) struct NodesSeed<'g>(pub(super) &'g mut FlatGame);

impl<'de> DeserializeSeed<'de> for NodesSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for NodesSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(NodeSeed(&mut *self.0))?.is_some() {}
        Ok(())
    }
}

/// One node object (`parent`, `variation`, `gap`, `props`, each optional),
/// appended to the game; its properties go in as they are read.
struct NodeSeed<'g>(&'g mut FlatGame);

/// A node object's fields; `node`, the node's number the writer writes,
/// says again what its place in `nodes` says.
const NODE_FIELDS: &[&str] = &["parent", "variation", "gap", "props", "node"];

impl<'de> DeserializeSeed<'de> for NodeSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_struct("NodeDoc", NODE_FIELDS, self)
    }
}

impl<'de> Visitor<'de> for NodeSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct NodeDoc")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let g = self.0;
        g.push_node(FlatNode::default());
        let mut node = FlatNode::default();
        let mut seen = [false; NODE_FIELDS.len()];
        while let Some(key) = map.next_key::<NodeField>()? {
            let k = match key.0 {
                Ok(k) => k,
                Err(name) => {
                    *g.unknown_fields
                        .entry(format!("node field {name:?}"))
                        .or_default() += 1;
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
            };
            if std::mem::replace(&mut seen[k], true) {
                return Err(de::Error::duplicate_field(NODE_FIELDS[k]));
            }
            match k {
                0 => node.parent = map.next_value()?,
                1 => node.variation = map.next_value()?,
                2 => node.gap = map.next_value()?,
                3 => map.next_value_seed(PropsSeed(&mut *g))?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        g.set_last(node);
        Ok(())
    }
}

/// The `props` array of a node, each property appended to the game's last
/// node as soon as it is read.
struct PropsSeed<'g>(&'g mut FlatGame);

impl<'de> DeserializeSeed<'de> for PropsSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PropsSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut b = PropertyBuf::default();
        while seq
            .next_element_seed(PropSeed {
                game: &mut *self.0,
                buf: &mut b,
            })?
            .is_some()
        {}
        Ok(())
    }
}

/// A value at least this long, once the identifier is known, goes from
/// the parser's buffer straight into the game (docs/benchmarks.md, "Memory": a value is held
/// at most twice, in the parser and in the game).
const DIRECT_VALUE: usize = 1 << 16;

/// One property `{"id": …, "values": […]}` (unknown fields noted in the
/// game, for the reader to report), appended to the game's last node. Its values are
/// gathered in `buf`; a huge one, after the identifier, is handed over
/// straight (the property is appended first, its values after).
struct PropSeed<'g, 'b> {
    game: &'g mut FlatGame,
    buf: &'b mut PropertyBuf,
}

const PROP_FIELDS: &[&str] = &["id", "values"];

const PROP_EXPECTING: &str = "struct PropDoc";

impl<'de> DeserializeSeed<'de> for PropSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_struct("PropDoc", PROP_FIELDS, self)
    }
}

impl PropSeed<'_, '_> {
    /// The values read so far go in (once).
    fn flush(&mut self, pushed: &mut bool) {
        if !*pushed {
            self.game.push_prop(&self.buf.as_property());
            *pushed = true;
        }
    }
}

impl<'de> Visitor<'de> for PropSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(PROP_EXPECTING)
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        self.buf.clear_values();
        let (mut id, mut values, mut pushed) = (false, false, false);
        while let Some(key) = map.next_key::<PropField>()? {
            match key {
                PropField::Id if id => return Err(de::Error::duplicate_field("id")),
                PropField::Values if values => return Err(de::Error::duplicate_field("values")),
                // Identifiers pass through as written: the SGF reader keeps
                // even malformed ones, so must we.
                PropField::Id => {
                    map.next_value_seed(IntoString(&mut self.buf.name))?;
                    id = true;
                }
                PropField::Values => {
                    values = true;
                    map.next_value_seed(ValuesSeed {
                        prop: &mut self,
                        direct: id,
                        pushed: &mut pushed,
                    })?;
                }
                PropField::Other(name) => {
                    *self
                        .game
                        .unknown_fields
                        .entry(format!("property field {name:?}"))
                        .or_default() += 1;
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !id {
            return Err(de::Error::missing_field("id"));
        }
        self.flush(&mut pushed);
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        self.buf.clear_values();
        let Some(name) = seq.next_element::<String>()? else {
            return Err(de::Error::invalid_length(
                0,
                &"struct PropDoc with 2 elements",
            ));
        };
        self.buf.name = name;
        let mut pushed = false;
        seq.next_element_seed(ValuesSeed {
            prop: &mut self,
            direct: true,
            pushed: &mut pushed,
        })?;
        self.flush(&mut pushed);
        Ok(())
    }
}

/// A field of a node object: its index in [`NODE_FIELDS`], or the name
/// of another (allocated for those only).
struct NodeField(Result<usize, String>);

impl<'de> Deserialize<'de> for NodeField {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = NodeField;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<NodeField, E> {
                Ok(NodeField(
                    NODE_FIELDS
                        .iter()
                        .position(|f| *f == v)
                        .ok_or_else(|| v.to_string()),
                ))
            }
        }
        d.deserialize_str(V)
    }
}

/// A string read into `.0`, its buffer reused.
struct IntoString<'s>(&'s mut String);

impl<'de> DeserializeSeed<'de> for IntoString<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_string(self)
    }
}

impl Visitor<'_> for IntoString<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.clear();
        self.0.push_str(v);
        Ok(())
    }
}

/// A field of a property object.
enum PropField {
    Id,
    Values,
    /// Another field, by name.
    Other(String),
}

impl<'de> Deserialize<'de> for PropField {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = PropField;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("field identifier")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PropField, E> {
                Ok(match v {
                    "id" => PropField::Id,
                    "values" => PropField::Values,
                    other => PropField::Other(other.to_string()),
                })
            }
        }
        d.deserialize_identifier(V)
    }
}

/// The `values` array of a property: each value into the property's
/// buffer, or (`direct`: the identifier is known) a huge one straight
/// into the game.
struct ValuesSeed<'p, 'g, 'b> {
    prop: &'p mut PropSeed<'g, 'b>,
    direct: bool,
    pushed: &'p mut bool,
}

impl<'de> DeserializeSeed<'de> for ValuesSeed<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ValuesSeed<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        self.prop.buf.clear_values();
        while seq.next_element_seed(ValueSeed(&mut self))?.is_some() {}
        Ok(())
    }
}

impl ValuesSeed<'_, '_, '_> {
    /// One value: into the buffer, or straight into the game.
    fn value(&mut self, v: Value<'_>) {
        if self.direct && (*self.pushed || v.text().len() >= DIRECT_VALUE) {
            self.prop.flush(self.pushed);
            self.prop.game.push_value_last(v);
        } else {
            self.prop.buf.push_value(v);
        }
    }
}

impl ValuesSeed<'_, '_, '_> {
    /// A compose value `a:b`, as [`ValuesSeed::value`] places it.
    fn compose(&mut self, a: &str, b: &str) {
        if self.direct && (*self.pushed || a.len() + b.len() >= DIRECT_VALUE) {
            let text = format!("{a}:{b}");
            self.value(Value::compose(&text, a.len()));
        } else {
            self.prop.buf.push_compose(a, b);
        }
    }
}

/// One value of a `values` array: a plain value `"pd"` or a compose value
/// `["pd", "A"]`.
struct ValueSeed<'s, 'p, 'g, 'b>(&'s mut ValuesSeed<'p, 'g, 'b>);

impl<'de> DeserializeSeed<'de> for ValueSeed<'_, '_, '_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_, '_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string, or an array of two strings")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.value(Value::plain(v));
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let a: String = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let b: String = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(3, &self));
        }
        self.0.compose(&a, &b);
        Ok(())
    }
}
