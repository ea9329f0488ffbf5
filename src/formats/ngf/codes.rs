//! The diagnostic codes of the NGF reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E250` `ngf-not-a-record` → `NGF_NOT_A_RECORD`).
//!
//! Numbers used: 250–264 and 299 (NGF, 250–299); 420, 421 (what a writer could
//! not carry, 400–449).

use crate::diag::Code;

// Diagnostics (NGF reader 250–299, NGF writer 420–439)

/// Neither an NGF header (a `GI` header, or the standard one's numbers: a
/// board size on line 2, numbers on lines 6–8) nor a single move line:
/// the input is refused (any text named `*.ngf` would otherwise be a
/// game).
pub const NGF_NOT_A_RECORD: Code = Code::new("E250", "ngf-not-a-record");
/// A line is longer than `--max-value-size` (an endless line, or not a
/// NGF file): the input is refused, not held.
pub const NGF_LINE_TOO_LONG: Code = Code::new("E299", "ngf-line-too-long");
/// Fewer than the 12 header lines (11 in the GI variant) before the moves.
pub const NGF_SHORT_HEADER: Code = Code::new("W251", "ngf-short-header");
/// A header value (size, handicap, komi, date) that cannot be read.
pub const NGF_BAD_HEADER_VALUE: Code = Code::new("W252", "ngf-bad-header-value");
/// A `PM` line that cannot be read: the move is dropped.
pub const NGF_BAD_MOVE: Code = Code::new("E253", "ngf-bad-move");
/// The move counter of a `PM` line is out of sequence (the move is kept).
pub const NGF_MOVE_COUNTER: Code = Code::new("W254", "ngf-move-counter");
/// The coordinates of a `PM` line do not follow the `xyyx` pattern.
pub const NGF_MOVE_PATTERN: Code = Code::new("W255", "ngf-move-pattern");
/// Line 12 (move count) disagrees with the number of move lines.
pub const NGF_MOVE_COUNT: Code = Code::new("I256", "ngf-move-count");
/// The character set was guessed (the file is not UTF-8).
pub const NGF_ENCODING_GUESSED: Code = Code::new("I257", "ngf-encoding-guessed");
/// Bytes that are invalid in the chosen character set became U+FFFD.
pub const NGF_UNDECODABLE_BYTES: Code = Code::new("E258", "ngf-undecodable-bytes");
/// The result line says nothing recognisable: no `RE` (text kept in `XNGF`).
pub const NGF_UNKNOWN_RESULT: Code = Code::new("W259", "ngf-unknown-result");
/// A line that is neither header, move nor comment: skipped.
pub const NGF_UNKNOWN_LINE: Code = Code::new("W260", "ngf-unknown-line");
/// GI variant: `RE` read from the comment on the last move.
pub const NGF_RESULT_FROM_COMMENT: Code = Code::new("I261", "ngf-result-from-comment");
/// A handicap the Tygem layout cannot place on this board.
pub const NGF_BAD_HANDICAP: Code = Code::new("W262", "ngf-bad-handicap");
/// An `IDB[n]` comment for a move the game does not have: put on the root.
pub const NGF_COMMENT_TARGET: Code = Code::new("W263", "ngf-comment-target");
/// What the NGF writer could not carry, listed once per game.
///
/// Once a run: a run into this format finds it in most games, each naming
/// what that game lost; a text run shows the first and counts the others in
/// its end note (`--diagnostics json` gives every one).
pub const NGF_CANNOT_CARRY: Code = Code::new("W420", "ngf-cannot-carry");
/// The file holds several records one after another (a whole header after
/// the moves of another): read as a collection, one game each.
pub const NGF_SEVERAL_RECORDS: Code = Code::new("W264", "ngf-several-records");
/// An NGF file holds one game: later games of the collection are not written.
pub const NGF_ONE_GAME_PER_FILE: Code = Code::new("E421", "ngf-one-game-per-file");
