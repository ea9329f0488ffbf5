//! The node rules ([`NodeRule`]): what a rule is given ([`Cx`]) and asked,
//! and the chain that runs every rule on one buffered node ([`Chain`]).

use super::node::BufNode;
use super::plain::{is_plain_node, PlainBoard};
use crate::diag::Reporter;
use crate::event::GameHeader;

/// What a rule knows while it rewrites a node.
pub struct Cx<'a> {
    pub header: &'a GameHeader,
    /// The node is the root of its game.
    pub is_root: bool,
    /// Colour of the last move before this node on its path, if any.
    pub last_move: Option<char>,
    pub report: &'a mut Reporter,
    /// `Meta` events to add to the game (only honoured for the root node,
    /// since they must come before it).
    pub meta: &'a mut Vec<(String, String)>,
}

/// A rewrite applied to each complete node.
pub trait NodeRule {
    /// A new game begins.
    fn game_start(&mut self, _header: &GameHeader) {}

    /// Rewrites `node`; pushes the node(s) to emit into `out` (in order:
    /// more than one splits the node into a sequence, none drops it).
    fn node(&mut self, node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>);

    /// The rule must see every node, even a plain move (`;B[pd]`) that no
    /// rule rewrites (the `FF[3]` rule tracks the position for `M`).
    fn sees_plain_moves(&self) -> bool {
        false
    }

    /// The rule leaves plain non-root nodes ([`is_plain_node`]) exactly as
    /// they are, in this game: the adapter may send them on without
    /// handing them over.
    fn passes_plain_nodes(&self) -> bool {
        false
    }

    /// The board a plain node's move and markup points must lie on for
    /// [`NodeRule::passes_plain_nodes`] to let it through, in this game
    /// (asked after the root): a point off it goes to the rule.
    fn plain_board(&self) -> PlainBoard {
        PlainBoard::ANY
    }

    /// A variation opens (after the node it hangs from was emitted).
    fn variation_start(&mut self) {}

    /// A variation closes.
    fn variation_end(&mut self) {}
}

/// Several rules run in order on one buffered node: what the pipeline uses,
/// so that a node is copied once however many rules there are. Each rule
/// sees the nodes the previous one produced.
#[derive(Default)]
pub struct Chain {
    rules: Vec<Box<dyn NodeRule>>,
    cur: Vec<BufNode>,
    next: Vec<BufNode>,
    /// Some rule must see plain moves in this game (asked once per root).
    sees_plain: bool,
    /// Where plain points must lie for every rule (asked once per root).
    board: PlainBoard,
}

impl Chain {
    pub fn new() -> Self {
        Chain::default()
    }

    pub fn push(&mut self, rule: impl NodeRule + 'static) {
        self.rules.push(Box::new(rule));
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

impl NodeRule for Chain {
    fn game_start(&mut self, header: &GameHeader) {
        for r in &mut self.rules {
            r.game_start(header);
        }
    }

    fn node(&mut self, node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        // Most nodes of a game are a plain move: nothing to rewrite.
        if !cx.is_root && !self.sees_plain && is_plain_node(&node, self.board) {
            out.push(node);
            return;
        }
        let mut cur = std::mem::take(&mut self.cur);
        let mut next = std::mem::take(&mut self.next);
        cur.clear();
        cur.push(node);
        for rule in &mut self.rules {
            next.clear();
            for (i, n) in cur.drain(..).enumerate() {
                let mut sub = Cx {
                    header: cx.header,
                    is_root: cx.is_root && i == 0,
                    last_move: cx.last_move,
                    report: &mut *cx.report,
                    meta: &mut *cx.meta,
                };
                rule.node(n, &mut sub, &mut next);
            }
            std::mem::swap(&mut cur, &mut next);
        }
        out.append(&mut cur);
        self.cur = cur;
        self.next = next;
        if cx.is_root {
            // Rules decide what they need from the root.
            self.sees_plain = self.rules.iter().any(|r| r.sees_plain_moves());
            self.board = (self.rules.iter()).fold(PlainBoard::ANY, |b, r| b.meet(r.plain_board()));
        }
    }

    fn passes_plain_nodes(&self) -> bool {
        !self.sees_plain
    }

    fn plain_board(&self) -> PlainBoard {
        self.board
    }

    fn variation_start(&mut self) {
        for r in &mut self.rules {
            r.variation_start();
        }
    }

    fn variation_end(&mut self) {
        for r in &mut self.rules {
            r.variation_end();
        }
    }
}
