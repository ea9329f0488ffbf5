//! The diagnostic codes of the CSV reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E372` `csv-syntax` → `CSV_SYNTAX`).
//!
//! Numbers used: 372–377 (JSON, XML, CSV, Jago XML, 350–399).

use crate::diag::Code;

/// A line the CSV parser cannot read (unbalanced quotes, bad UTF-8...); the
/// rows before it were kept.
pub const CSV_SYNTAX: Code = Code::new("E372", "csv-syntax");
/// A row whose colour, point or vertex cannot be read; the row was skipped.
pub const CSV_BAD_ROW: Code = Code::new("W373", "csv-bad-row");
/// A row of an `--all-variations` list whose parent is not an earlier node;
/// it was attached to the previous node.
pub const CSV_BAD_PARENT: Code = Code::new("W374", "csv-bad-parent");
/// The move list keeps moves, time left and comments; this lists what a
/// game had beyond that.
///
/// Once a run: a run into this format finds it in most games, each naming
/// what that game lost; a text run shows the first and counts the others in
/// its end note (`--diagnostics json` gives every one).
pub const CSV_NOT_CARRIED: Code = Code::new("W375", "csv-not-carried");
/// The file has no `color` column and no `black` column: not a move list
/// nor a games list.
pub const CSV_NOT_A_MOVE_LIST: Code = Code::new("E376", "csv-not-a-move-list");
/// A row (a line, or a quoted field running over lines) longer than
/// `--max-value-size` (an endless one, or not CSV): the input is refused,
/// not held.
pub const CSV_ROW_TOO_LONG: Code = Code::new("E377", "csv-row-too-long");
