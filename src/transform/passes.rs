//! Dialect rule 6: `B[tt]`/`W[tt]` are passes on boards of 19×19 or smaller
//! (the `FF[3]` habit, kept readable by `FF[4]`); on larger boards `tt` is a
//! point and stays.

use super::codes::TT_PASS;
use super::node::{board_size, BufNode};
use super::rule::{Cx, NodeRule};
use crate::diag::At;

/// Whether `tt` means a pass on a board of this size.
pub fn tt_is_pass((w, h): (u32, u32)) -> bool {
    w <= 19 && h <= 19
}

#[derive(Default)]
pub struct Passes {
    small_board: bool,
}

impl NodeRule for Passes {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        if cx.is_root {
            self.small_board = tt_is_pass(board_size(&node));
        }
        if self.small_board {
            for p in &mut node.props {
                if (p.name == "B" || p.name == "W")
                    && p.values().len() == 1
                    && p.first_text() == Some("tt")
                {
                    cx.report.report(TT_PASS, At::property(&p.name, p.pos), || {
                        format!("{}[tt] is a pass: written {}[]", p.name, p.name)
                    });
                    p.clear_values();
                    p.push("");
                }
            }
        }
        out.push(node);
    }
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn tt_is_a_pass_up_to_19() {
        let (log, r) = run(&line("SZ=19;B=tt;W=tt;B=ss"), |s| {
            Box::new(NodeAdapter::new(Passes::default(), s))
        });
        assert_eq!(sgf(&log), "(;SZ[19];B[];W[];B[ss])");
        assert_eq!(codes(&r), vec!["I152", "I152"]);
        let (log, _) = run(&line("SZ=9;W=tt"), |s| {
            Box::new(NodeAdapter::new(Passes::default(), s))
        });
        assert_eq!(sgf(&log), "(;SZ[9];W[])");
        let (log, _) = run(&line(";B=tt"), |s| {
            Box::new(NodeAdapter::new(Passes::default(), s))
        });
        assert_eq!(sgf(&log), "(;;B[])");
    }

    #[test]
    fn tt_is_a_point_on_larger_boards() {
        let (log, r) = run(&line("SZ=21;B=tt"), |s| {
            Box::new(NodeAdapter::new(Passes::default(), s))
        });
        assert_eq!(sgf(&log), "(;SZ[21];B[tt])");
        assert!(codes(&r).is_empty());
        let (log, _) = run(&line("SZ=25:19;B=tt"), |s| {
            Box::new(NodeAdapter::new(Passes::default(), s))
        });
        assert_eq!(sgf(&log), "(;SZ[25:19];B[tt])");
    }
}
