//! Game-parallel reading. Games are independent, so a large collection
//! (SGF, sgfconv XML, a CSV list, JSON Lines) is cut into pieces between
//! games, the pieces are read (and converted) on a thread pool, and their
//! results go out in input order: the same bytes and the same diagnostics
//! as one pass.
//!
//! Each format finds its own cuts (`formats::cuts`: SGF's `)` and a line
//! starting `(;`, XML's `</game>` and a line starting `<game`, a CSV row
//! whose `game` differs from the row before, a JSON line's end), and says
//! what its document's head is (XML's prolog and root tag, CSV's header
//! row), which every piece after the first is read after. A search can be
//! fooled by text inside a value, so a cut is trusted only once the piece
//! before it is known to end between games ([`PieceEnd::clean`]). At the
//! first piece that does not, everything from the last trusted cut on is
//! read in one pass, as without pieces. Memory: a batch of pieces and
//! their outputs (a few MiB), whatever the input.
//!
//! The reading in pieces is `pieces.rs`, feature `parallel` (on by
//! default, `rayon`). Without it, [`read_pieces`] leaves the whole input to
//! its caller, read in one pass: the same outputs.

use crate::diag::Reporter;
use crate::error::Error;
use crate::input::{PieceEnd, Resume};

#[cfg(feature = "parallel")]
mod pieces;

#[cfg(feature = "parallel")]
pub use pieces::read_pieces;

/// Bytes per piece for `jobs` threads (a piece ends at the first cut after
/// this many): a batch of `2 × jobs` pieces holds about 2 MiB of input (and
/// as much output), whatever the number of threads.
pub fn piece_size(jobs: usize) -> usize {
    ((1 << 20) / jobs.max(1)).max(64 << 10)
}

/// Reads one piece (its bytes, where it starts, a reporter for it) into a
/// result, and says how the piece ended.
pub type PieceWork<'a, T> =
    dyn Fn(&[u8], Resume, &mut Reporter) -> Result<(T, PieceEnd), Error> + Sync + 'a;

/// What [`read_pieces`] leaves to the caller: the input from `resume` on,
/// which starts with `held` and goes on with the rest of the input.
pub struct Rest {
    pub resume: Resume,
    pub held: Vec<u8>,
}

/// Built without game-parallel reading: nothing is read here, the whole
/// input is left to be read in one pass (the arguments are those of the
/// reading in pieces).
#[cfg(not(feature = "parallel"))]
#[allow(clippy::too_many_arguments)]
pub fn read_pieces<T: Send>(
    _input: &mut dyn std::io::Read,
    _format: crate::formats::Format,
    _jobs: usize,
    _piece_size: usize,
    _numbered: bool,
    _report: &mut Reporter,
    _work: &PieceWork<'_, T>,
    _merge: &mut dyn FnMut(T) -> Result<(), Error>,
) -> Result<Option<Rest>, Error> {
    Ok(Some(Rest {
        resume: Resume::default(),
        held: Vec::new(),
    }))
}
