//! The command's own code, 600.
//!
//! The rest of 600–649 is the library's `batch::codes`: what a batch says
//! of its inputs and outputs, which the command says too.

use sgfconv::diag::Code;

/// Bad usage: an unknown option or value, options that cannot go
/// together, an output name that names no format. Nothing was read or
/// written.
///
/// Example: `sgfconv --to pdf a.sgf` → `unknown format 'pdf'`.
///
/// What to do: read the message and `sgfconv --help`; the exit status is 2.
pub const USAGE_ERROR: Code = Code::new("E600", "usage-error");
