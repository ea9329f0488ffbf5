//! The diagnostic codes of the validator's checks, every one in one place.
//!
//! Ranges: W540 for a root's `FF` (`unknown_file_format`, reported by the
//! board check and the SGF writer); W580–W591 for the board check of
//! `sgfconv check` ([`super::replay`]). The value checks that rewrite
//! (rule 11) report the transform's codes (500–525).

use crate::diag::Code;

// ---------------------------------------------------------------------------
// replay

/// `SZ` is not a board size of 1 to 52 (or columns:rows): the game's moves were not checked.
pub const BOARD_SIZE_UNKNOWN: Code = Code::new("W580", "board-size-unknown");

/// A move was played on an occupied point: the stone replaced the one there.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd];W[pd])`
pub const MOVE_ON_STONE: Code = Code::new("W581", "move-on-stone");

/// A move left its own group without a liberty (suicide): the group was removed.
pub const SUICIDE: Code = Code::new("W582", "suicide");

/// A move retook a simple ko at once.
pub const KO_RETAKEN: Code = Code::new("W583", "ko-retaken");

/// `AE` cleared a point that was already empty.
pub const EMPTY_POINT_CLEARED: Code = Code::new("W584", "empty-point-cleared");

/// A move is off the board: it was not played.
pub const MOVE_OFF_BOARD: Code = Code::new("W585", "move-off-board");

/// A setup point (`AB`, `AW`, `AE`) is off the board: it was ignored.
pub const SETUP_OFF_BOARD: Code = Code::new("W586", "setup-off-board");

/// A move or setup value is not a point: nothing was played or set.
pub const NOT_A_POINT: Code = Code::new("W587", "not-a-point");

/// `MN` is not a move number (a whole number, 0 or more).
pub const BAD_MOVE_NUMBER: Code = Code::new("W588", "bad-move-number");

/// `AB` or `AW` placed a stone where one of its colour stood already: it has no effect.
pub const SETUP_NO_EFFECT: Code = Code::new("W591", "setup-no-effect");

/// `HA` gives a handicap of N stones, but the root places another number of black stones.
pub const HANDICAP_STONE_COUNT: Code = Code::new("W590", "handicap-stone-count");

/// `HA` gives a handicap, but white moves first and no `AB` placed the stones: the game's board was not checked.
pub const HANDICAP_STONES_MISSING: Code = Code::new("W589", "handicap-stones-missing");

// ---------------------------------------------------------------------------
// The root's file format

/// The root's `FF` names no SGF version sgfconv knows (1 to 4), or the
/// 1999 `FF[5]` draft with its dialect rule (`ff5`) switched off: the game
/// is read, and written, as `FF[4]`.
///
/// Example: `(;FF[6]GM[1]SZ[19];B[pd])`
pub const UNKNOWN_FILE_FORMAT: Code = Code::new("W540", "unknown-file-format");
