//! Dialect rule 8: SmartGo's compressed move sequences. SmartGo (Anders
//! Kierulf, `.sgc` files) writes `;B[m1];W[m2];B[m3]` as `;S[m1m2m3]`.
//! Each point becomes a node of its own with one move; colours alternate.
//!
//! The first colour is the opposite of the previous move's colour on the
//! path; with no previous move, `PL` of the root; else White when the root
//! has handicap stones (`HA` ≥ 2, or `AB` without `AW`); else Black. `tt`
//! inside is a pass on boards up to 19×19. Other properties of the node go
//! with the last move (the position the node shows). A value that is not a
//! sequence of two-letter points is kept as it is, with a warning.

use super::codes::{SMARTGO_EXPANDED, SMARTGO_UNREADABLE};
use super::node::{board_size, BufNode};
use super::passes::tt_is_pass;
use super::rule::{Cx, NodeRule};
use crate::diag::At;
use crate::event::PropertyBuf;

#[derive(Default)]
pub struct SmartGo {
    /// Colour of the first move when no move precedes: from the root.
    root_first: Option<char>,
    small_board: bool,
}

/// The colour that starts a game by its root: `PL`, else White after
/// handicap stones, else Black.
pub fn first_colour(root: &BufNode) -> char {
    match root.text("PL").map(|s| s.trim().to_ascii_uppercase()) {
        Some(p) if p.starts_with('B') || p == "1" => return 'B',
        Some(p) if p.starts_with('W') || p == "2" => return 'W',
        _ => {}
    }
    let ha = root
        .text("HA")
        .and_then(|h| h.trim().parse::<u32>().ok())
        .unwrap_or(0);
    if ha >= 2 || (root.has("AB") && !root.has("AW")) {
        'W'
    } else {
        'B'
    }
}

fn is_coord(c: u8) -> bool {
    c.is_ascii_alphabetic()
}

impl NodeRule for SmartGo {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        if cx.is_root {
            self.root_first = Some(first_colour(&node));
            self.small_board = tt_is_pass(board_size(&node));
        }
        let Some(i) = node.props.iter().position(|p| p.name == "S") else {
            out.push(node);
            return;
        };
        let seq: String = node.props[i]
            .values()
            .iter()
            .map(|v| v.text().trim().to_string())
            .collect();
        let bytes = seq.as_bytes();
        if bytes.is_empty() || bytes.len() % 2 != 0 || !bytes.iter().all(|&c| is_coord(c)) {
            let pos = node.props[i].pos;
            cx.report.report(SMARTGO_UNREADABLE, Some(pos), || {
                format!("S[{seq}] is not a sequence of points: kept as it is")
            });
            out.push(node);
            return;
        }
        let s = node.props.remove(i);
        let mut colour = match cx.last_move {
            Some('B') => 'W',
            Some('W') => 'B',
            _ => self.root_first.unwrap_or('B'),
        };
        let first = colour;
        let count = bytes.len() / 2;
        cx.report
            .report(SMARTGO_EXPANDED, At::property(&s.name, s.pos), || {
                let point = seq.get(..2).unwrap_or_default();
                format!("SmartGo S[{seq}]: {count} move(s), one node each, {first}[{point}] first")
            });
        // Root: the root keeps its properties, the moves follow it.
        let mut rest = std::mem::take(&mut node.props);
        if cx.is_root {
            out.push(BufNode {
                pos: node.pos,
                props: rest,
            });
            rest = Vec::new();
        }
        for (k, pair) in bytes.chunks(2).enumerate() {
            let pt = String::from_utf8_lossy(pair).into_owned();
            let value = if pt == "tt" && self.small_board {
                String::new()
            } else {
                pt
            };
            let mut n = BufNode::new(if k == 0 { node.pos } else { s.pos });
            let mut mv = PropertyBuf::with_values(colour.to_string(), &[value]);
            mv.pos = s.pos;
            n.props.push(mv);
            if k + 1 == count {
                n.props.append(&mut rest);
            }
            out.push(n);
            colour = if colour == 'B' { 'W' } else { 'B' };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;
    use crate::game::Game;

    fn sg(d: &str) -> (String, Vec<&'static str>) {
        let (log, r) = run(&line(d), |s| {
            Box::new(NodeAdapter::new(SmartGo::default(), s))
        });
        (sgf(&log), codes(&r))
    }

    #[test]
    fn black_first_by_default() {
        let (s, c) = sg("SZ=19;S=pddppp C=x");
        assert_eq!(s, "(;SZ[19];B[pd];W[dp];B[pp]C[x])");
        assert_eq!(c, vec!["I167"]);
    }

    #[test]
    fn colour_follows_the_previous_move() {
        assert_eq!(sg(";B=pd;S=dpdd").0, "(;;B[pd];W[dp];B[dd])");
        assert_eq!(sg(";B=pd;S=dp;S=dd").0, "(;;B[pd];W[dp];B[dd])");
    }

    #[test]
    fn colour_from_root_pl_then_handicap() {
        assert_eq!(sg("PL=W;S=pd").0, "(;PL[W];W[pd])");
        assert_eq!(sg("HA=2 AB=pd|dp;S=dd").0, "(;HA[2]AB[pd][dp];W[dd])");
        assert_eq!(sg("AB=pd|dp;S=dd").0, "(;AB[pd][dp];W[dd])");
        assert_eq!(sg("AB=pd AW=dp;S=dd").0, "(;AB[pd]AW[dp];B[dd])");
    }

    #[test]
    fn tt_is_a_pass_on_small_boards() {
        assert_eq!(sg("SZ=9;S=cctt").0, "(;SZ[9];B[cc];W[])");
        assert_eq!(sg("SZ=21;S=tt").0, "(;SZ[21];B[tt])");
    }

    #[test]
    fn in_the_root_and_in_variations() {
        assert_eq!(sg("SZ=9 S=ccdd").0, "(;SZ[9];B[cc];W[dd])");
        let mut g = Game::default();
        let a = g.add_child(0);
        g.node_mut(a).set("B", "aa");
        let v1 = g.add_child(a);
        g.node_mut(v1).set("S", "bbcc");
        let v2 = g.add_child(a);
        g.node_mut(v2).set("S", "dd");
        let (log, _) = run(&g, |s| Box::new(NodeAdapter::new(SmartGo::default(), s)));
        assert_eq!(sgf(&log), "(;;B[aa](;W[bb];B[cc])(;W[dd]))");
    }

    #[test]
    fn unreadable_values_are_kept() {
        let (s, c) = sg(";S=pdd");
        assert_eq!(s, "(;;S[pdd])");
        assert_eq!(c, vec!["W168"]);
    }
}
