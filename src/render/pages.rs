//! Where the pictures of a run go: [`Pages`].
//!
//! A game can give several pictures (`--figures`, `--every`), a
//! collection one a game. A file of a picture format holds one picture
//! ([`OnePage`]: SVG documents or PNG files one after another would be
//! no picture a viewer reads), so a stream (a file named by `-o`, or
//! stdout) takes one, and a writer refuses a second
//! ([`Pages::takes_several`]); under `-d DIR` the command gives each its
//! own file. Text that holds several diagrams, as a Sensei's Library page
//! does, takes them one after another ([`StreamPages`]).

use crate::error::Error;
use std::io::Write;

/// A destination of pictures, one at a time.
pub trait Pages {
    /// One picture: the `index`-th (from 1) of game `game` (from 0).
    fn page(&mut self, game: usize, index: usize, bytes: &[u8]) -> Result<(), Error>;
    /// No more pictures.
    fn finish(&mut self) -> Result<(), Error>;
    /// Whether it takes more than one picture (a file of a picture format
    /// holds one).
    fn takes_several(&self) -> bool {
        true
    }
}

impl<P: Pages + ?Sized> Pages for &mut P {
    fn page(&mut self, game: usize, index: usize, bytes: &[u8]) -> Result<(), Error> {
        (**self).page(game, index, bytes)
    }

    fn finish(&mut self) -> Result<(), Error> {
        (**self).finish()
    }

    fn takes_several(&self) -> bool {
        (**self).takes_several()
    }
}

/// One picture into one stream (a file, stdout): held until the end, so
/// that a writer that refuses a second one ([`Pages::takes_several`])
/// leaves the stream untouched.
pub struct OnePage<'w> {
    out: Box<dyn Write + 'w>,
    held: Option<Vec<u8>>,
}

impl<'w> OnePage<'w> {
    /// The one picture written to `out`.
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        OnePage { out, held: None }
    }
}

impl Pages for OnePage<'_> {
    fn page(&mut self, _game: usize, _index: usize, bytes: &[u8]) -> Result<(), Error> {
        if self.held.is_some() {
            return Err(Error::Usage("a picture file holds one picture".into()));
        }
        self.held = Some(bytes.to_vec());
        Ok(())
    }

    fn finish(&mut self) -> Result<(), Error> {
        if let Some(bytes) = self.held.take() {
            self.out.write_all(&bytes)?;
        }
        self.out.flush()?;
        Ok(())
    }

    fn takes_several(&self) -> bool {
        false
    }
}

/// Every picture into one stream, in order: text that holds several
/// diagrams (a Sensei's Library page).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_page_holds_its_picture_until_the_end_and_takes_no_second() {
        let mut out = Vec::new();
        let mut p = OnePage::new(Box::new(&mut out));
        assert!(!p.takes_several());
        p.page(0, 1, b"<svg/>").unwrap();
        assert!(p.page(1, 1, b"<svg/>").is_err());
        p.finish().unwrap();
        drop(p);
        assert_eq!(out, b"<svg/>");
    }
}
