//! Diagnostics: every problem found in an input, with where, a stable code,
//! and a severity.
//!
//! Codes are stable: scripts match on them. Each folder defines the codes of
//! its layer as constants in its `codes.rs` (`formats/sgf/codes.rs`:
//! `Code::new("E103", "undecodable-bytes")`, named `UNDECODABLE_BYTES`, with
//! a `///` comment whose first sentence says what happened), in its own
//! number range:
//!
//! | range | layer |
//! |---|---|
//! | 001–099 | SGF syntax (reader) |
//! | 100–149 | character sets |
//! | 150–199 | dialect rewrites and server quirks |
//! | 200–249 | GIB |
//! | 250–299 | NGF |
//! | 300–349 | UGF |
//! | 350–399 | JSON, XML, CSV, Jago XML |
//! | 400–449 | what a writer could not carry |
//! | 450–499 | migrate |
//! | 500–549 | property values (dialect rule 11: game-info values, value types, points) |
//! | 550–579 | where properties stand (node placement) |
//! | 580–599 | the board (replayed moves and setup) |
//! | 600–649 | the command: usage, inputs and outputs as a whole |
//! | 650–699 | archives (zip, tar, 7z, LHA, compressed files) |
//! | 700–719 | diagrams: what is drawn (SVG, PNG) |
//! | 720–749 | Sensei's Library diagrams |
//! | 750–769 | the HTML replay |
//!
//! `formats/diagnostics.md` lists every code under these ranges; it is
//! generated from the source by `tests/it/properties/diagnostics_table.rs`, which also
//! fails on an id or a name defined twice and on a code outside the ranges.
//! The same scan (`build/diag_scan.rs`) compiles [`CATALOGUE`] in `build.rs`:
//! each code with its whole doc comment, what `sgfconv explain CODE` prints
//! (a paragraph starting `Example:` is its example, one starting
//! `What to do:` its advice).
//!
//! The letter tells the severity, always (the severity rule of
//! `formats/validation.md`): `E` error (something of the input is missing
//! from the output, or is there wrong or guessed), `W` warning (the input
//! departs from the standard, or the output says something other than the
//! input that a person should look at), `I` info (an exact respelling that
//! loses nothing and that `--keep-dialect` would not need, or a decision
//! for the record). Where one condition can be either, it has two codes.
//!
//! The parts: what a code is and its severity (`code.rs`), the catalogue
//! `sgfconv explain` reads (`catalogue.rs`), one diagnostic and its text and
//! JSON forms (`diagnostic.rs`), the escaping of control characters every
//! message goes through (`escape.rs`), the [`Reporter`] that receives them
//! as a conversion streams (`reporter.rs`), its counts by code
//! (`tally.rs`), and what a run shows, in text, of findings repeated over
//! its files (`fold.rs`).

mod catalogue;
mod code;
mod diagnostic;
mod escape;
mod fold;
mod reporter;
mod tally;

pub use catalogue::{explain, find, is_fixable, is_once_a_run, Entry, CATALOGUE};
pub use code::{Code, Severity};
pub use diagnostic::{At, Diagnostic, Palette};
pub use escape::{escape_controls, escape_controls_in_lines, excerpt, is_unsafe_char};
pub use fold::{Held, RunLimit};
pub use reporter::{Message, Output, Reporter};
pub use tally::{Detail, Tally};
