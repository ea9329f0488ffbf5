//! `sgfconv migrate SRC DST`: converts every game record under a directory
//! tree into UTF-8 SGF under another, in parallel, safely, resumably.
//!
//! The run has four steps, and only the conversion runs in parallel, so the
//! result does not depend on `-j` or on scheduling:
//!
//! 1. **Walk** SRC (sorted, never following a symbolic link, never entering
//!    DST) and recognise records by extension, else by content.
//! 2. **Plan** output names sequentially in path order: mirrored names
//!    (`a/b.gib` → `a/b.sgf`), or names from `--name` templates and
//!    `--split-collections` once the games are read (a window of records at
//!    a time, `named`); collisions are numbered `name (2).sgf` in that
//!    same order.
//! 3. **Convert** each record through the same path as [`crate::convert`]
//!    (`pipeline::run`: reader → dialect rules → SGF writer) into a
//!    temporary file in the destination directory.
//! 4. **Rename** each temporary file onto its output: an output exists
//!    whole or not at all, whatever happens to the process.
//!
//! Nothing is ever opened for writing under SRC. See `docs/migrate.md`.

//!
//! The files, by step: `options` (what is asked), `roots` (SRC and DST
//! checked), `walk` and `recognise` (what is found, and what it is),
//! `run` (the steps in order), `mirror` and `named` (the two ways of
//! naming outputs), `convert` (one record into temporary files, through
//! `output`'s router), `dirs` (DST's directories), `archives` (archives in
//! SRC) and `archive_out` (an archive as DST); `ctx` is what the steps
//! share; `entry`, `entry_text`, `log`, `summary` and `report_path` are
//! what the run says (one entry per input, kept on disk as they finish,
//! the summary, the `--report` document); `codes` its codes (450–499);
//! `found`, `fsat`, `glob` and `naming` the small parts.

#[cfg(feature = "archives")]
mod archive_out;
mod archives;
pub mod codes;
mod convert;
mod ctx;
mod dirs;
mod earlier;
mod entry;
mod entry_text;
mod found;
pub(crate) mod fsat;
pub(crate) mod glob;
mod log;
mod mirror;
mod named;
pub(crate) mod naming;
mod options;
pub(crate) mod output;
mod recognise;
mod report_path;
mod roots;
mod run;
mod summary;
mod walk;

pub use codes::{
    CONVERSION_FAILED, FAILED_UNDER_STRICT, FORMAT_DIFFERS_FROM_EXTENSION, NO_GAME,
    OUTPUT_INSIDE_SOURCE, OUTPUT_NAME_NUMBERED, OUTPUT_NOT_WRITTEN, OUTPUT_PATH_NOT_FOLLOWED,
};
pub use entry::{DiagEntry, EncodingUse, Entry, Listed, Status, LISTED, MAX_DIAGNOSTICS_PER_FILE};
pub use options::{MigrateOptions, NoProgress, Progress, Stop};
pub use run::run;
pub use summary::Summary;

// The integration tests' plumbing (`run_with` a reader and a writer that
// stand for the real ones), not an app's: public for them, hidden from the
// documentation.
#[doc(hidden)]
pub use options::Backend;
#[doc(hidden)]
pub use output::WriterFn;
#[doc(hidden)]
pub use run::run_with;
