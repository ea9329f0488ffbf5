//! What game-parallel reading (the crate-private `parallel` module) and
//! the readers that take part in it share, in a layer below both: where a
//! piece of an input starts ([`Resume`]), how reading it ended
//! ([`PieceEnd`]), and where a format's input may be cut ([`Cutter`],
//! [`Cuts`]). Each format that is read in pieces finds its own cuts
//! (`formats/<fmt>/cuts.rs`); the pieces meet only here.

use crate::event::Pos;

/// Where reading starts when the input is the rest of a larger one, cut
/// between two games (see `crate::parallel`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    /// Position of the first byte after the head, at the start of a line.
    pub pos: Pos,
    /// Games before it: the first game read here has this index.
    pub games: usize,
    /// Games came before (or may have: a piece read before the games
    /// ahead of it are counted): no "text before the first game", no "no
    /// game tree found".
    pub continuing: bool,
    /// The input given starts with the document's head, this many bytes
    /// ([`Cuts::head`]: XML's prolog and root tag, CSV's header row), read
    /// for the reader's state only (no event, no diagnostic); `pos` is
    /// where what follows it lies in the whole input.
    pub head: usize,
}

/// How reading a part of an input ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceEnd {
    /// Games read.
    pub games: usize,
    /// The input ended between games, where a reading of the whole input
    /// would be between games too (for SGF: after nothing but white space
    /// and outside parentheses; for the others: no game open, no fault).
    pub clean: bool,
}

/// Where a piece of one input may end. Found by the format's own search,
/// which text inside a value may fool: the reading of the piece before a
/// cut says whether the cut was between games ([`PieceEnd::clean`]).
pub trait Cutter: Send {
    /// The first cut at or after `from` in `bytes` (which start where a
    /// piece starts): the index the next piece starts at. `None` when
    /// there is none in `bytes` (more input may bring one).
    fn find_cut(&mut self, bytes: &[u8], from: usize) -> Option<usize>;

    /// The games in the piece `bytes` (`first`: it starts the input), as
    /// one reading is likely to count them: a guess for numbering pieces
    /// ahead, checked at the merge.
    fn count_games(&self, bytes: &[u8], first: bool) -> usize;

    /// A cheaper guess of the games in the piece `bytes` than
    /// [`Cutter::count_games`] (no pass over every byte), wrong more often:
    /// the pieces are numbered by it until a piece is found to hold
    /// another number of games, and by [`Cutter::count_games`] after that.
    /// `None` (the default): the format has none.
    fn guess_games(&self, _bytes: &[u8], _first: bool) -> Option<usize> {
        None
    }
}

/// How an input is cut into pieces.
pub struct Cuts {
    /// The document's head: the first bytes of the input, read before
    /// every piece but the first (which holds them) and before the rest
    /// read in one pass. 0 for formats without one.
    pub head: usize,
    /// Where its pieces may end.
    pub cutter: Box<dyn Cutter>,
}

/// Bytes of an input's start a format looks at to decide how to cut it.
pub const CUTS_HEAD: usize = 64 << 10;
