//! Where the pictures of a run go: [`Pages`].
//!
//! A game can give several pictures (`--figures`, `--every`). Written to
//! one stream (a file named by `-o`, or stdout) they follow each other
//! ([`StreamPages`]: SVG documents one after the other, PNG files one after
//! the other, as `formats/diagrams.md` says how to split them); under
//! `-d DIR` the command gives each its own file.

use crate::error::Error;
use std::io::Write;

/// A destination of pictures, one at a time.
pub trait Pages {
    /// One picture: the `index`-th (from 1) of game `game` (from 0).
    fn page(&mut self, game: usize, index: usize, bytes: &[u8]) -> Result<(), Error>;
    /// No more pictures.
    fn finish(&mut self) -> Result<(), Error>;
}

impl<P: Pages + ?Sized> Pages for &mut P {
    fn page(&mut self, game: usize, index: usize, bytes: &[u8]) -> Result<(), Error> {
        (**self).page(game, index, bytes)
    }

    fn finish(&mut self) -> Result<(), Error> {
        (**self).finish()
    }
}

/// Every picture into one stream, in order.
pub struct StreamPages<'w> {
    out: Box<dyn Write + 'w>,
}

impl<'w> StreamPages<'w> {
    /// Pictures written to `out` one after the other.
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        StreamPages { out }
    }
}

impl Pages for StreamPages<'_> {
    fn page(&mut self, _game: usize, _index: usize, bytes: &[u8]) -> Result<(), Error> {
        self.out.write_all(bytes)?;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        self.out.flush()?;
        Ok(())
    }
}
