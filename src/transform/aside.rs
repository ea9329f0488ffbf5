//! Illegal values set aside: the private property `ILLEGAL` that keeps a
//! value FF[4] cannot hold, out of the way of strict readers.
//!
//! FF[4] asks an illegal value to be corrected or deleted. When the values
//! rule (rule 11) cannot correct one (`SZ[a]`, `KM[NaN]`, `AB[tt]` on
//! 19×19), deleting it would lose what the file said, and writing it back
//! makes a file strict readers (sgfmill, KataGo) refuse. So it is moved,
//! in its node, to `ILLEGAL[ID:value]`: one compose value per value set
//! aside, the identifier it stood under, then the value as written. Readers
//! pass over a private property; sgfconv's own readers keep it as any
//! other, and the value rules leave it alone (`formats/validation.md`,
//! "Illegal values set aside").

use super::codes::VALUE_SET_ASIDE;
use super::node::BufNode;
use super::rule::Cx;
use crate::diag::At;
use crate::event::PropertyBuf;

/// The private property's identifier (upper-case letters only, as FF[4]
/// asks, and at most eight, as sgfmill reads identifiers).
pub const ASIDE: &str = "ILLEGAL";

/// How a value set aside is written in a message: `ILLEGAL[SZ:a]`.
pub fn shown(id: &str, value: &str) -> String {
    format!("{ASIDE}[{id}:{}]", super::shown(value))
}

/// Appends the values `aside` took from property `id` to the node's
/// `ILLEGAL`, which is created after the node's other properties if it is
/// not there.
pub fn set_aside(node: &mut BufNode, id: &str, aside: &[String]) {
    if aside.is_empty() {
        return;
    }
    let k = match node.props.iter().position(|p| p.name == ASIDE) {
        Some(k) => k,
        None => {
            let pos = node.get(id).map_or(node.pos, |p| p.pos);
            node.props.push(PropertyBuf::new(ASIDE).at(pos));
            node.props.len() - 1
        }
    };
    for v in aside {
        node.props[k].push_compose(id, v);
    }
}

/// Reports an `ILLEGAL` the node holds as it came in (before the rule
/// sets anything aside): values an earlier conversion could not correct,
/// which are still not `FF[4]` data a reader can use. Kept as it is.
pub fn report_found(node: &BufNode, cx: &mut Cx<'_>) {
    let Some(p) = node.get(ASIDE) else { return };
    cx.report
        .report(VALUE_SET_ASIDE, At::property(ASIDE, p.pos), || {
            let values: String = p
                .values()
                .iter()
                .map(|v| format!("[{}]", super::shown(v.text())))
                .collect();
            let n = p.values().len();
            let them = if n == 1 { "it" } else { "them" };
            format!(
                "{ASIDE}{values}: {n} value(s) set aside as not FF[4] (by an earlier conversion): \
                 kept as they are; correct or delete {them} by hand"
            )
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Pos;

    #[test]
    fn values_set_aside_join_one_property() {
        let mut node = BufNode::new(Pos::default());
        set_aside(&mut node, "SZ", &["a".to_string()]);
        set_aside(&mut node, "AB", &[]);
        set_aside(&mut node, "AB", &["tt".to_string(), "a:b".to_string()]);
        let p = node.get(ASIDE).unwrap();
        let parts: Vec<_> = p.values().iter().map(|v| v.parts()).collect();
        assert_eq!(
            parts,
            [("SZ", Some("a")), ("AB", Some("tt")), ("AB", Some("a:b"))]
        );
        assert_eq!(node.props.len(), 1);
        assert_eq!(shown("KM", "NaN"), "ILLEGAL[KM:NaN]");
    }
}
