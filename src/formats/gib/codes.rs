//! The diagnostic codes of the GIB reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E200` `gib-not-a-record` → `GIB_NOT_A_RECORD`).
//!
//! Numbers used: 200–218 and 249 (GIB, 200–249); 400, 401 and 406 (what a
//! writer could not carry, 400–449).

use crate::diag::Code;

// Diagnostics (GIB reader 200–249, GIB writer 400–419)

/// The input has neither a GIB header nor a game section.
pub const GIB_NOT_A_RECORD: Code = Code::new("E200", "gib-not-a-record");
/// A line is longer than `--max-value-size` (an endless line, or not a
/// GIB file): the input is refused, not held.
pub const GIB_LINE_TOO_LONG: Code = Code::new("E249", "gib-line-too-long");
/// A header line that is not `\[KEY=value\]` (kept as well as possible).
pub const GIB_BAD_HEADER_LINE: Code = Code::new("W201", "gib-bad-header-line");
/// A `STO`/`SKI`/`INI` record that cannot be read; the move is dropped.
pub const GIB_BAD_MOVE: Code = Code::new("E202", "gib-bad-move");
/// A known record type that carries no move (`REM`, `IDX`...): kept in
/// `XGIB` as `REC=<the record>` (nothing of it is lost; no `FF[4]`
/// property says what these protocol records say).
pub const GIB_IGNORED_RECORD: Code = Code::new("I203", "gib-ignored-record");
/// A record type nobody documents: skipped.
pub const GIB_UNKNOWN_RECORD: Code = Code::new("W204", "gib-unknown-record");
/// Text that was CP949/GBK/Big5 read as Latin-1 and saved as UTF-8: repaired.
pub const GIB_DOUBLE_ENCODED: Code = Code::new("W205", "gib-double-encoded");
/// ASCII ids that were read as UTF-16LE (`敍獮楫t` for `Menskit`): repaired.
pub const GIB_UTF16_MOJIBAKE: Code = Code::new("W206", "gib-utf16-mojibake");
/// A value holds U+FFFD from an earlier lossy conversion: kept as it is.
pub const GIB_DAMAGED_TEXT: Code = Code::new("W207", "gib-damaged-text");
/// Bytes that are invalid in the chosen character set became U+FFFD.
pub const GIB_UNDECODABLE_BYTES: Code = Code::new("E208", "gib-undecodable-bytes");
/// `GRLT` is unknown and the `GAMERESULT` text says nothing usable: no `RE`.
pub const GIB_UNKNOWN_RESULT: Code = Code::new("W209", "gib-unknown-result");
/// `RE` was taken from the localised `GAMERESULT` text.
pub const GIB_RESULT_FROM_TEXT: Code = Code::new("I210", "gib-result-from-text");
/// The character set was guessed (no UTF-8, no usable `GIBOKIND` hint).
pub const GIB_ENCODING_GUESSED: Code = Code::new("I211", "gib-encoding-guessed");
/// The file ends inside the game section (no `\GE`): the moves read are kept.
pub const GIB_TRUNCATED: Code = Code::new("W212", "gib-truncated");
/// The record count on the second preamble line disagrees with the records.
pub const GIB_RECORD_COUNT: Code = Code::new("I213", "gib-record-count");
/// A handicap the Tygem layout cannot place on this board.
pub const GIB_BAD_HANDICAP: Code = Code::new("W214", "gib-bad-handicap");
/// A komi, date or time value that cannot be read: left out.
pub const GIB_BAD_VALUE: Code = Code::new("W215", "gib-bad-value");
/// `GRLT` and the `GAMERESULT` text name different winners (`GRLT` wins).
pub const GIB_RESULT_CONFLICT: Code = Code::new("W216", "gib-result-conflict");
/// The file holds several records (`\HS … \GE` blocks): read as a collection.
pub const GIB_SEVERAL_RECORDS: Code = Code::new("I217", "gib-several-records");
/// Text after the last record that is no GIB record was skipped.
pub const GIB_TRAILING_TEXT: Code = Code::new("W218", "gib-trailing-text");
/// What the GIB writer could not carry, listed once per game.
///
/// Once a run: a run into this format finds it in most games, each naming
/// what that game lost; a text run shows the first and counts the others in
/// its end note (`--diagnostics json` gives every one).
pub const GIB_CANNOT_CARRY: Code = Code::new("W400", "gib-cannot-carry");
/// A GIB file holds one game: later games of the collection are not written.
pub const GIB_ONE_GAME_PER_FILE: Code = Code::new("E401", "gib-one-game-per-file");
/// A player name too long to write: GIB repeats it in six header fields
/// (two of them on the `GAMETAG` line); refused before anything is written.
pub const GIB_NAME_TOO_LONG: Code = Code::new("E406", "gib-name-too-long");
