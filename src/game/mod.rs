//! One game held in memory as a tree, for formats that need the whole game
//! before they can write (GIB header, UGF figures, CSV numbering) and for
//! readers that build a game before emitting it.
//!
//! Memory is what matters here: a game of ten million nodes must fit. A
//! node is a fixed record of four `u32` links (parent, first child, next
//! sibling, last child) and a flag; its position and properties live in a
//! [`PropTable`] (all text in one buffer, small fixed slots; see
//! [`table`]). A plain move node costs 67 bytes (41 in the table, 17 of links and flag), its text included,
//! and no allocation of its own. Nodes link by index, so a game nested
//! 200 000 levels deep builds, replays and drops without recursion.
//!
//! [`Game::node`] gives a node as a borrowed [`Node`] view (properties as
//! [`Property`](crate::event::Property) values, children as an iterator); [`Game::node_mut`] a
//! [`NodeMut`] to change its properties.
//!
//! The parts: the tree and its node views (`tree.rs`), the sink that builds
//! games from events (`builder.rs`), and the compact property table
//! (`table.rs`).

mod builder;
pub mod table;
mod tree;

pub use builder::{collect_games, GameBuilder};
pub use table::{NodeScratch, PropTable, Props, PropsIter};
pub use tree::{Children, Game, Node, NodeId, NodeMut};
