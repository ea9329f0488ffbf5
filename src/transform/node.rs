//! One node held by a transform ([`BufNode`]), as the node rules see it:
//! its properties by identifier, read and rewritten in place.

use crate::event::{Pos, PropertyBuf};

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

/// Board size of a root node's `SZ` (`19`, or `19:13` columns:rows);
/// 19 when absent or unreadable.
pub fn board_size(root: &BufNode) -> (u32, u32) {
    root.text("SZ")
        .and_then(crate::values::board_sides)
        .filter(|&(w, h)| w > 0 && h > 0)
        .unwrap_or((19, 19))
}

#[cfg(test)]
mod tests {
    use super::*;

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
