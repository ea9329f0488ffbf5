//! The format-neutral event model: the only thing readers, transforms and
//! writers share.
//!
//! A collection is a stream of [`Event`]s in document order:
//!
//! ```text
//! GameStart  Meta*  Node Property*  (Node Property* | VariationStart … VariationEnd)*  GameEnd
//! ```
//!
//! * `GameStart` opens a game tree (the SGF `(` of a game); `GameEnd` closes it.
//! * `Node` starts a node (SGF `;`); the `Property` events that follow belong
//!   to it, in the order they were written.
//! * `VariationStart`/`VariationEnd` bracket a variation inside a game (SGF
//!   `(`…`)` below the root). They are kept exactly as written, so `(;a;b)` and
//!   `(;a(;b))` stay distinct.
//! * `Meta` carries facts about the game that are not part of its tree: how its
//!   encoding was decided, or fields of a non-SGF source that have no SGF home.
//!
//! SGF's property vocabulary is the lingua franca: a GIB reader emits `PB`,
//! `KM`, `B`, `AB`... Property values arrive unescaped and decoded to UTF-8;
//! compose values (`LB[pd:A]`) remember where their `:` separator is, so a
//! writer can re-escape them exactly.
//!
//! The model's parts, each in its own file: [`Pos`] (`pos.rs`), the
//! game's header (`header.rs`), properties and their values
//! (`property.rs`), whole nodes in an arena (`node.rs`), runs of plain
//! moves (`moves.rs`) and the events themselves (`events.rs`).

mod events;
mod header;
mod moves;
mod node;
mod pos;
mod property;

pub use events::{Event, OwnedEvent};
pub use header::{EncodingSource, GameHeader};
pub use moves::{Moves, MovesBuf, PlainMove, MAX_RUN, MOVE_TEXT_LEN};
pub use node::{NodeArena, NodeRef, PropSlot};
pub use pos::Pos;
pub use property::{Property, PropertyBuf, Span, Value, Values, NO_SPLIT};
