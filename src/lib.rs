#![warn(missing_docs)]
// The library has no `unsafe` (the command's signal query is in main's tree).
#![forbid(unsafe_code)]
//! # sgfconv
//!
//! A streaming converter between SGF and the other Go game-record formats
//! (GIB, UGF/UGI, NGF, JSON, XML, CSV) that also draws them: SVG and PNG
//! pictures, HTML replay pages, Sensei's Library (SL) diagrams.
//!
//! ```text
//! bytes ──reader──▶ events ──transform*──▶ events ──writer──▶ bytes
//! ```
//!
//! Readers push [`Event`]s into a [`Sink`]; writers and transforms are sinks.
//! Problems found in the input are [diagnostics](diag), not errors: a reader
//! repairs what it safely can and says so.
//!
//! Convert a record, here a legacy `FF[3]` game with a long identifier and a
//! `tt` pass, into clean `FF[4]`:
//!
//! ```
//! use sgfconv::{convert, Format, Options, Reporter};
//!
//! let mut input: &[u8] = b"(;FF[3]GM[1]SiZe[19]PB[Lee];B[pd];W[tt])";
//! let mut output = Vec::new();
//! let mut report = Reporter::collecting("game.sgf");
//! let stats = convert(&mut input, Format::Sgf, &mut output, Format::Sgf,
//!                     &Options::default(), &mut report)?;
//! assert_eq!(stats.games, 1);
//! assert_eq!(
//!     String::from_utf8(output).unwrap(),
//!     "(;FF[4]\nCA[UTF-8]\nGM[1]\nSZ[19]\nPB[Lee]\n;B[pd];W[])\n"
//! );
//! // Each rewrite was reported (info level).
//! assert!(report.collected().iter().any(|d| d.code.id == "I150"));
//! # Ok::<(), sgfconv::Error>(())
//! ```
//!
//! The crate is organised as [docs/architecture.md] describes: readers
//! (one per format, in [`formats`]) push [`Event`]s through the dialect
//! rules ([`transform`]) and the edits asked for ([`edit`]) into a writer;
//! [`convert`] and [`check`] run that
//! [`pipeline`]; [`batch`] runs it over many inputs into one output or a
//! directory, [`migrate`] over directory trees. Options are
//! typed in [`options`]; every file written goes through [`output`].
//!
//! [docs/architecture.md]: https://github.com/sgfconv/sgfconv/blob/main/docs/architecture.md
//!
//! Any sink can receive the events: this one collects the players.
//!
//! ```
//! use sgfconv::{Error, Event, Format, Reporter, Sink};
//!
//! #[derive(Default)]
//! struct Players(Vec<String>);
//!
//! impl Sink for Players {
//!     fn event(&mut self, e: &Event<'_>, _: &mut Reporter) -> Result<(), Error> {
//!         if let Event::Property(p) = e {
//!             if p.name == "PB" || p.name == "PW" {
//!                 self.0.extend(p.first_text().map(str::to_owned));
//!             }
//!         }
//!         Ok(())
//!     }
//! }
//!
//! let mut input: &[u8] = "(;PB[李世乭]PW[AlphaGo])(;PB[Ke Jie]PW[AlphaGo])".as_bytes();
//! let mut players = Players::default();
//! sgfconv::formats::read(Format::Sgf, &mut input, &Default::default(),
//!                        &mut players, &mut Reporter::collecting("t"))?;
//! assert_eq!(players.0, ["李世乭", "AlphaGo", "Ke Jie", "AlphaGo"]);
//! # Ok::<(), sgfconv::Error>(())
//! ```

// The public API, by what it is for:
//
// - converting: `convert`, `check` (`pipeline`), with `Options`
//   (`options`); `batch` for many inputs at once, `migrate` for whole
//   directory trees;
// - one format at a time: `formats::read` and `formats::writer`, the
//   registry `formats::FORMATS` (each row's `Reading` and `Writing`: the
//   format contract), and each format's own module (`formats::sgf`,
//   `formats::gib`..., its codes in `codes`);
// - the event model every reader and writer meets in: `event`, `Sink`
//   (`sink`), and `Game` (`game`) for a whole game in memory;
// - Go itself: `stone` (colours and points), `board` (captures),
//   `values` (reading and writing game-info values: dates, results...);
// - the games table as typed columns: `table` (a game's row, its columns);
// - what went wrong: `Diagnostic`, `Reporter`, `Code` (`diag`), `Error`;
// - the small parts a command needs: `charset` (names of character sets),
//   `input` and `output` (reading heads, writing files safely),
//   `transform::pipeline` (the dialect rules alone), `edit::stage` (the
//   record edits alone).
#[cfg(feature = "archives")]
pub mod archive;
pub mod batch;
pub mod board;
pub mod charset;
pub mod diag;
pub mod edit;
pub mod error;
pub mod event;
pub mod formats;
pub mod game;
pub mod input;
/// Unix only: it walks and writes relative to directories held open
/// (rustix, Unix metadata). Feature `migrate` (on by default).
#[cfg(all(unix, feature = "migrate"))]
pub mod migrate;
pub mod options;
pub mod output;
pub(crate) mod parallel;
pub mod pipeline;
pub(crate) mod props;
pub mod render;
pub mod sink;
pub mod stone;
pub mod table;
pub mod transform;
pub mod validate;
pub mod values;

pub use diag::{At, Code, Diagnostic, Reporter, Severity};
pub use error::Error;
pub use event::{Event, GameHeader, Pos, Property, PropertyBuf, Value, Values};
pub use formats::Format;
pub use game::Game;
pub use options::{Dialect, Options, ReadOptions, Rules, WriteOptions};
pub use props::is_game_info;
pub use sink::Sink;

pub use pipeline::{check, convert, Checks, Collection, Stats};
