//! What `migrate` says of a file as a whole, beside its readers'
//! diagnostics: the codes 450–499.

use crate::diag::Code;

/// The input could not be read or converted at all; nothing was written.
pub const CONVERSION_FAILED: Code = Code::new("E450", "conversion-failed");
/// The input holds no game; nothing was written.
pub const NO_GAME: Code = Code::new("E451", "no-game");
/// The output name was taken by an earlier input; a number was added.
pub const OUTPUT_NAME_NUMBERED: Code = Code::new("I452", "output-name-numbered");
/// The output could not be written (disk full, permissions...).
pub const OUTPUT_NOT_WRITTEN: Code = Code::new("E453", "output-not-written");
/// The content is another record format than the extension says; it was
/// read as what the content is.
pub const FORMAT_DIFFERS_FROM_EXTENSION: Code = Code::new("W454", "format-differs-from-extension");
/// The output would land inside SRC (through a symbolic link in DST, or SRC
/// inside DST); refused.
pub const OUTPUT_INSIDE_SOURCE: Code = Code::new("E455", "output-inside-source");
/// The output's name in DST, or a directory on its path, is a symbolic
/// link, or a directory was replaced during the run: it was not followed
/// (a link is never written through nor replaced), and nothing was
/// written. A link at the output's name is never taken for an up-to-date
/// output either.
///
/// Example: `SRC/a.sgf` with `DST/a.sgf` a symbolic link (to anything):
/// `sgfconv migrate SRC DST`.
pub const OUTPUT_PATH_NOT_FOLLOWED: Code = Code::new("E456", "output-path-not-followed");
/// Under `--strict`, the file had a warning or an error: it counts as
/// failed, and nothing was written for it.
///
/// What to do: see the file's other diagnostics (`--report`, or `-v`);
/// without `--strict` the file is converted, its repairs reported.
pub const FAILED_UNDER_STRICT: Code = Code::new("E457", "failed-under-strict");
