//! The diagnostic codes of the structured formats' flat games (`flat.rs`).
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`W350` `bad-parent` → `BAD_PARENT`).
//!
//! Numbers used: 350–353 and 356 (JSON, XML, CSV, Jago XML, 350–399).

use crate::diag::Code;

/// A node's parent is missing, later than the node, or not on the path the
/// variations allow; the node is attached where the tree can take it.
pub const BAD_PARENT: Code = Code::new("W350", "bad-parent");
/// The node list does not follow the variation rule; the tree was rebuilt
/// from the parent links and its parentheses recomputed.
pub const TREE_REBUILT: Code = Code::new("W351", "tree-rebuilt");
/// A `gap` or `tail` held something other than `(` and `)`; those
/// characters were ignored.
pub const BAD_GAP: Code = Code::new("W352", "bad-gap");
/// A `gap` or `tail` whose parentheses SGF cannot carry (a `gap` on the
/// root, a `)` with no variation open, a variation left open at the end of
/// the game); it was dropped and the variation rule used in its place.
pub const UNBALANCED_GAP: Code = Code::new("W356", "unbalanced-gap");
/// A property arrived before the first node of its game, or a source fact
/// (`Meta`) after it; it was dropped. Readers never produce either.
pub const ORPHAN_PROPERTY: Code = Code::new("E353", "orphan-property");
