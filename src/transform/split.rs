//! Dialect rule 9 (structure): `FF[4]` forbids a move and setup in one node,
//! and two moves in one node. Such nodes (`FF[1]`–`FF[3]` files, `;B[aa]W[ab]`)
//! are split, as SGFC does:
//!
//! * setup and move: `;AB[dd]B[pd]C[x]` → `;AB[dd];B[pd]C[x]` — the setup
//!   (and `PL`) first, then the move with everything else. In the root node
//!   the root and game-info properties stay in the root.
//! * two moves: `;B[aa]W[ab]C[x]` → `;B[aa]C[x];W[ab]` — the moves in
//!   the order written (`;B[cc]W[cb]B[bb]` too: three nodes); each move takes its own time-left (`BL`/`OB` with
//!   `B`, `WL`/`OW` with `W`); the rest stays with the first move.
//! * `PL` beside a move: FF[1]–FF[3] files and editors (Sabaki's
//!   `;W[mo]PL[B]`) write it to say whose turn it is *after* the move, and
//!   FF[4] makes it setup, forbidden beside a move. A `PL` naming the other
//!   colour than the (last) move only repeats whose turn it is: dropped
//!   (`W560`). One naming the mover's colour says that player moves again:
//!   it goes to a node of its own after the move, where it means that in
//!   FF[4] (`W561`, a warning: the reading is the dialect's, not certain).
//!   A `PL` whose value is no colour is setup like any other: first.

use super::codes::{PLAYER_AFTER_MOVE, PLAYER_REPEATS_TURN, SPLIT_SETUP_MOVE, SPLIT_TWO_MOVES};
use super::node::BufNode;
use super::rule::{Cx, NodeRule};
use crate::diag::At;
use crate::props::{self, Scope};

#[derive(Default)]
pub struct Split;

fn is_setup(id: &str) -> bool {
    matches!(id, "AB" | "AW" | "AE" | "PL")
}

fn is_move(id: &str) -> bool {
    matches!(id, "B" | "W")
}

impl NodeRule for Split {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        let (mut has_move, mut has_stones, mut has_pl) = (false, false, false);
        for p in &node.props {
            match p.name.as_str() {
                "B" | "W" => has_move = true,
                "AB" | "AW" | "AE" => has_stones = true,
                "PL" => has_pl = true,
                _ => {}
            }
        }
        let after = if has_move && has_pl {
            player_beside_move(&mut node, cx)
        } else {
            None
        };
        // A PL left beside the move is no colour: setup like the stones.
        let has_setup = has_stones || (has_move && has_pl && node.has("PL"));
        if has_move && has_setup {
            let pos = node.pos;
            let mut first = BufNode::new(pos);
            let mut second = BufNode::new(pos);
            for p in node.props.drain(..) {
                let stays = is_setup(&p.name)
                    || (cx.is_root
                        && props::lookup(&p.name)
                            .is_some_and(|d| matches!(d.scope, Scope::Root | Scope::GameInfo)));
                if stays {
                    first.props.push(p);
                } else {
                    second.props.push(p);
                }
            }
            let at = second
                .props
                .iter()
                .find(|p| is_move(&p.name))
                .map(|p| p.pos);
            cx.report.report(
                SPLIT_SETUP_MOVE,
                at,
                "setup and a move in one node: the move goes to a node of its own",
            );
            out.push(first);
            split_moves(second, cx, out);
        } else {
            split_moves(node, cx, out);
        }
        out.extend(after);
    }
}

/// A `PL` beside a move, read as FF[3] files mean it (whose turn it is after
/// the move): dropped when it names the other colour than the node's last
/// move, returned as a node of its own (to follow the move) when it names
/// the mover's. A `PL` that is no colour stays, for the setup split.
fn player_beside_move(node: &mut BufNode, cx: &mut Cx<'_>) -> Option<BufNode> {
    let mover = node.move_colour()?;
    let text = node.text("PL")?;
    let colour = match crate::values::color(text).value_or(text) {
        "B" => 'B',
        "W" => 'W',
        _ => return None,
    };
    let p = node.remove("PL")?;
    let text = p.first_text().unwrap_or("");
    let mv = node
        .props
        .iter()
        .rev()
        .find(|q| is_move(&q.name))
        .map(|q| format!("{}[{}]", q.name, q.first_text().unwrap_or("")))
        .unwrap_or_default();
    let name = |c: char| if c == 'B' { "Black" } else { "White" };
    if colour != mover {
        cx.report
            .report(PLAYER_REPEATS_TURN, At::property(&p.name, p.pos), || {
                format!(
                    "PL[{text}] beside {mv} only repeats that {} plays next: dropped",
                    name(colour)
                )
            });
        return None;
    }
    cx.report
        .report(PLAYER_AFTER_MOVE, At::property(&p.name, p.pos), || {
            format!(
                "PL[{text}] beside {mv} says {} plays again: PL goes to a node of its own after the move (FF[4] forbids setup beside a move)",
                name(colour)
            )
        });
    let mut n = BufNode::new(p.pos);
    n.props.push(p);
    Some(n)
}

fn split_moves(mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
    let moves = node.props.iter().filter(|p| is_move(&p.name)).count();
    let multi_valued = node
        .props
        .iter()
        .any(|p| is_move(&p.name) && p.values().len() > 1);
    if moves < 2 || multi_valued {
        out.push(node);
        return;
    }
    // The first move keeps everything but the later moves and their timing.
    let first_move = node
        .props
        .iter()
        .position(|p| is_move(&p.name))
        .unwrap_or(0);
    let first_colour = node
        .props
        .get(first_move)
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let timing_of = |id: &str| match id {
        "BL" | "OB" => Some("B"),
        "WL" | "OW" => Some("W"),
        _ => None,
    };
    let mut later: Vec<BufNode> = Vec::new();
    let mut kept = Vec::new();
    let mut seen_first = false;
    let mut timing = Vec::new();
    for p in node.props.drain(..) {
        if is_move(&p.name) {
            if !seen_first {
                seen_first = true;
                kept.push(p);
            } else {
                cx.report
                    .report(SPLIT_TWO_MOVES, At::property(&p.name, p.pos), || {
                        format!(
                            "two moves in one node: {}[{}] goes to a node of its own",
                            p.name,
                            p.first_text().unwrap_or("")
                        )
                    });
                let mut n = BufNode::new(p.pos);
                n.props.push(p);
                later.push(n);
            }
        } else if timing_of(&p.name).is_some_and(|c| c != first_colour) {
            timing.push(p);
        } else {
            kept.push(p);
        }
    }
    // Each colour's time left goes with the last move of that colour.
    for t in timing {
        let colour = timing_of(&t.name).unwrap_or("");
        match later
            .iter_mut()
            .rev()
            .find(|n| n.move_colour().map(String::from).as_deref() == Some(colour))
        {
            Some(n) => n.props.push(t),
            None => kept.push(t),
        }
    }
    node.props = kept;
    out.push(node);
    out.extend(later);
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;

    fn split(d: &str) -> (String, Vec<&'static str>) {
        let (log, r) = run(&line(d), |s| Box::new(NodeAdapter::new(Split, s)));
        (sgf(&log), codes(&r))
    }

    #[test]
    fn setup_then_move() {
        assert_eq!(split(";AB=dd B=pd C=x").0, "(;;AB[dd];B[pd]C[x])");
        assert_eq!(
            split("SZ=9 PB=Ann AB=cc B=ee").0,
            "(;SZ[9]PB[Ann]AB[cc];B[ee])"
        );
        assert_eq!(split(";AE=aa AW=eg;B=ef").0, "(;;AE[aa]AW[eg];B[ef])");
    }

    #[test]
    fn two_moves() {
        let (s, c) = split(";B=aa W=ab C=x BL=10 WL=20");
        assert_eq!(s, "(;;B[aa]C[x]BL[10];W[ab]WL[20])");
        assert_eq!(c, vec!["W166"]);
        assert_eq!(split(";W=ff").0, "(;;W[ff])");
        // A second move of the same colour too, in the order written.
        let (s, c) = split(";B=cc W=cb B=bb");
        assert_eq!(s, "(;;B[cc];W[cb];B[bb])");
        assert_eq!(c, vec!["W166", "W166"]);
    }

    /// `PL` beside a move says whose turn it is after the move (FF[3],
    /// Sabaki): repeating it is dropped, the mover again follows the move.
    #[test]
    fn player_beside_a_move() {
        let (s, c) = split(";B=pd PL=W C=x");
        assert_eq!((s.as_str(), c), ("(;;B[pd]C[x])", vec!["W560"]));
        // Read leniently: FF[3] numbers, words (rule 11 respells them later).
        assert_eq!(split(";W=pd PL=1").0, "(;;W[pd])");
        assert_eq!(split(";W=pd PL=black").0, "(;;W[pd])");
        let (s, c) = split(";B=pd PL=B C=x");
        assert_eq!((s.as_str(), c), ("(;;B[pd]C[x];PL[B])", vec!["W561"]));
        // With setup: the stones first, the move, then the PL.
        let (s, c) = split(";AB=dd W=pd PL=W");
        assert_eq!(
            (s.as_str(), c),
            ("(;;AB[dd];W[pd];PL[W])", vec!["W561", "W165"])
        );
        // Two moves: the last one says whose turn it is.
        assert_eq!(split(";B=aa W=bb PL=B").0, "(;;B[aa];W[bb])");
        // No colour: setup, first (as SGFC splits).
        let (s, c) = split(";PL=x B=aa");
        assert_eq!((s.as_str(), c), ("(;;PL[x];B[aa])", vec!["W165"]));
        // Without a move PL is setup where it stands.
        assert_eq!(split(";PL=B AB=aa").0, "(;;PL[B]AB[aa])");
    }
}
