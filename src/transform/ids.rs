//! Dialect rule 1: identifiers written with lower-case letters (`FF[1]`–`FF[3]`
//! `SiZe`, `CoPyright`, `PlayerBlack`, `Black`) become their upper-case
//! letters, as SGFC, sgfmill and Sabaki read them.

use super::codes::{LOWERCASE_IDENTIFIER, MERGED_IDENTIFIER};
use super::node::BufNode;
use super::rule::{Cx, NodeRule};
use crate::diag::At;
use crate::props;

#[derive(Default)]
pub struct Ids;

impl NodeRule for Ids {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        if node
            .props
            .iter()
            .any(|p| p.name.bytes().any(|b| b.is_ascii_lowercase()))
        {
            for p in &mut node.props {
                if !p.name.bytes().any(|b| b.is_ascii_lowercase()) {
                    continue;
                }
                // No upper-case letter at all (`black`): nothing safe to do.
                if let Some(up) = props::uppercase_form(&p.name) {
                    cx.report
                        .report(LOWERCASE_IDENTIFIER, At::property(&p.name, p.pos), || {
                            format!("identifier `{}` read as `{up}`", p.name)
                        });
                    p.name = up;
                }
            }
            merge_same_names(&mut node, cx);
        }
        out.push(node);
    }
}

/// `B[aa]Black[bb]` both became `B`: one property with all values.
fn merge_same_names(node: &mut BufNode, cx: &mut Cx<'_>) {
    let mut i = 0;
    while i < node.props.len() {
        let name = node.props[i].name.clone();
        let mut j = i + 1;
        while j < node.props.len() {
            if node.props[j].name == name {
                let p = node.props.remove(j);
                cx.report
                    .report(MERGED_IDENTIFIER, At::property(&p.name, p.pos), || {
                        format!("two spellings of `{name}` in one node: values merged")
                    });
                node.props[i].extend_values(p.values());
            } else {
                j += 1;
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn long_names_become_upper_case_letters() {
        let g = line("FileFormat=1 SiZe=9 CoPyright=x PlayerBlack=Ann;Black=cc;White=dd Black=ee");
        let (log, r) = run(&g, |s| Box::new(NodeAdapter::new(Ids, s)));
        assert_eq!(sgf(&log), "(;FF[1]SZ[9]CP[x]PB[Ann];B[cc];W[dd]B[ee])");
        assert_eq!(codes(&r), vec!["I150"; 7]);
    }

    #[test]
    fn two_spellings_merge() {
        let g = line("AB=aa AddBlack=bb");
        let (log, r) = run(&g, |s| Box::new(NodeAdapter::new(Ids, s)));
        assert_eq!(sgf(&log), "(;AB[aa][bb])");
        assert_eq!(codes(&r), vec!["I150", "I151"]);
    }
}
