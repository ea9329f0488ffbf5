//! The diagnostic codes of the record edits (770–789).

use crate::diag::Code;

/// `--rotate`, `--mirror`, `--flip` or `--transpose` was asked, but the
/// game is not Go (`GM` other than 1) or its `SZ` is no board size of 1 to
/// 52: its points cannot be turned, and the game was passed on as it came.
///
/// Example: `echo '(;FF[4]GM[3];B[aa])' | sgfconv --rotate 90`
///
/// What to do: nothing, if the game is not Go; else correct its `SZ`.
pub const BOARD_NOT_TURNED: Code = Code::new("W770", "board-not-turned");
