//! The diagnostic codes of the validator's checks, every one in one place.
//!
//! Ranges: W540 for a root's `FF` (`unknown_file_format`, reported by the
//! board check and the SGF writer); W580–W593 for the board check of
//! `sgfconv check` ([`super::replay`]). The value checks that rewrite
//! (rule 11) report the transform's codes (500–525).

use crate::diag::Code;

// ---------------------------------------------------------------------------
// replay

/// `SZ` is not a board size of 1 to 52 (or columns:rows): the game's moves were not checked.
///
/// Example: `(;FF[4]GM[1]SZ[60];B[pd])` with `--keep-dialect`
pub const BOARD_SIZE_UNKNOWN: Code = Code::new("W580", "board-size-unknown");

/// A move was played on an occupied point: the stone replaced the one there.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd];W[pd])`
pub const MOVE_ON_STONE: Code = Code::new("W581", "move-on-stone");

/// A move left its own group without a liberty (suicide): the group was removed.
///
/// Example: `(;FF[4]GM[1]SZ[19]AW[ab][ba];B[aa])`
pub const SUICIDE: Code = Code::new("W582", "suicide");

/// A move retook a simple ko at once.
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])`
pub const KO_RETAKEN: Code = Code::new("W583", "ko-retaken");

/// `AE` cleared a point that was already empty.
///
/// Example: `(;FF[4]GM[1]SZ[19];AE[aa])`
pub const EMPTY_POINT_CLEARED: Code = Code::new("W584", "empty-point-cleared");

/// A move is off the board: it was not played.
///
/// Example: `(;FF[4]GM[1]SZ[9];B[jj])` with `--keep-dialect`
pub const MOVE_OFF_BOARD: Code = Code::new("W585", "move-off-board");

/// A setup point (`AB`, `AW`, `AE`) is off the board: it was ignored.
///
/// Example: `(;FF[4]GM[1]SZ[9]AB[jj])` with `--keep-dialect`
pub const SETUP_OFF_BOARD: Code = Code::new("W586", "setup-off-board");

/// A move or setup value is not a point: nothing was played or set.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[p])` with `--keep-dialect`
pub const NOT_A_POINT: Code = Code::new("W587", "not-a-point");

/// `MN` is not a move number (a whole number, 0 or more).
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]MN[-1])`
pub const BAD_MOVE_NUMBER: Code = Code::new("W588", "bad-move-number");

/// `AB` or `AW` placed a stone where one of its colour stood already: it has no effect.
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[aa];AB[aa])`
pub const SETUP_NO_EFFECT: Code = Code::new("W591", "setup-no-effect");

/// Two of `AB`, `AW`, `AE` in one node name the same point (`FF[4]`: "it
/// is illegal to place different colors on the same point within one
/// node"): the later one stands on the board, the record is kept.
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[aa]AE[aa])`
pub const SETUP_POINT_TWICE: Code = Code::new("W592", "setup-point-twice");

/// A node's setup left a stone or group without a liberty (`AW[aa]` inside
/// `AB[ab][ba]`), which no Go position has: kept as set up.
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[ab][ba]AW[aa])`
pub const SETUP_NO_LIBERTY: Code = Code::new("W593", "setup-no-liberty");

/// `HA` gives a handicap of N stones, but the root places another number of black stones.
///
/// Example: `(;FF[4]GM[1]SZ[19]HA[2]AB[dd];W[pd])`
pub const HANDICAP_STONE_COUNT: Code = Code::new("W590", "handicap-stone-count");

/// `HA` gives a handicap, but white moves first and no `AB` placed the stones: the game's board was not checked.
///
/// Example: `(;FF[4]GM[1]SZ[19]HA[2];W[pd])`
pub const HANDICAP_STONES_MISSING: Code = Code::new("W589", "handicap-stones-missing");

// ---------------------------------------------------------------------------
// The root's file format

/// The root's `FF` names no SGF version sgfconv knows (1 to 4), or the
/// 1999 `FF[5]` draft with its dialect rule (`ff5`) switched off: the game
/// is read, and written, as `FF[4]`.
///
/// Example: `(;FF[6]GM[1]SZ[19];B[pd])`
pub const UNKNOWN_FILE_FORMAT: Code = Code::new("W540", "unknown-file-format");
