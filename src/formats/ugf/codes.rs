//! The diagnostic codes of the UGF reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E300` `ugf-encrypted` → `UGF_ENCRYPTED`).
//!
//! Numbers used: 300–321 and 349 (UGF, 300–349); 440–442 (what a writer could
//! not carry, 400–449).

use crate::diag::Code;

// Reader diagnostics (300–349).
/// `Crypt` is not `PLAIN_UGF_FILE`: the file is refused.
pub const UGF_ENCRYPTED: Code = Code::new("E300", "ugf-encrypted");
/// Neither `[Header]` nor `[Data]`, or a compressed `.ugz`: the file is
/// refused.
pub const UGF_NOT_UGF: Code = Code::new("E301", "ugf-not-ugf");
/// A line is longer than `--max-value-size` (an endless line, or not a
/// UGF file): the input is refused, not held.
pub const UGF_LINE_TOO_LONG: Code = Code::new("E349", "ugf-line-too-long");
/// `Lang` names no known character set.
pub const UGF_UNKNOWN_LANG: Code = Code::new("W302", "ugf-unknown-lang");
/// `Lang` names one character set, and the bytes are UTF-8.
pub const UGF_LANG_MISMATCH: Code = Code::new("I303", "ugf-lang-mismatch");
/// Bytes not valid in the character set became U+FFFD.
pub const UGF_UNDECODABLE_BYTES: Code = Code::new("W304", "ugf-undecodable-bytes");
/// A `CoordinateType` other than `IGS` or `JPN`: read as `JPN`.
pub const UGF_UNKNOWN_COORDINATE_TYPE: Code = Code::new("W305", "ugf-unknown-coordinate-type");
/// A header value not understood (or a `Size` outside 2..25): kept in
/// `XUGFH`.
pub const UGF_HEADER_VALUE: Code = Code::new("W306", "ugf-header-value");
/// An unknown header key: kept in `XUGFH`.
pub const UGF_HEADER_KEPT: Code = Code::new("I307", "ugf-header-kept");
/// A line that cannot be read: dropped.
pub const UGF_BAD_LINE: Code = Code::new("E308", "ugf-bad-line");
/// A move without a colour: the colour was inferred.
pub const UGF_COLOUR_INFERRED: Code = Code::new("W309", "ugf-colour-inferred");
/// Move numbers that are not consecutive.
pub const UGF_MOVE_NUMBER: Code = Code::new("W310", "ugf-move-number");
/// An off-board review move: read as a pass.
pub const UGF_OFF_BOARD: Code = Code::new("W311", "ugf-off-board");
/// A `.Text` or `.Fig` block that is not closed.
pub const UGF_UNTERMINATED_BLOCK: Code = Code::new("W312", "ugf-unterminated-block");
/// A `.Text` block for a move the game lacks.
pub const UGF_NO_SUCH_MOVE: Code = Code::new("W313", "ugf-no-such-move");
/// A `.Fig` kept as a game tree of its own.
pub const UGF_FIGURE_SEPARATE_TREE: Code = Code::new("I314", "ugf-figure-separate-tree");
/// Unbalanced `VARIATION` blocks or duplicate node ids in the review tree.
pub const UGF_REVIEW_STRUCTURE: Code = Code::new("W315", "ugf-review-structure");
/// A comment for an unknown review node id: put on the root.
pub const UGF_NO_SUCH_REVIEW_NODE: Code = Code::new("W316", "ugf-no-such-review-node");
/// `[Data]` and `[ReviewNode]` disagree.
pub const UGF_REVIEW_DATA_MISMATCH: Code = Code::new("W317", "ugf-review-data-mismatch");
/// A section kept in `XUGFS`.
pub const UGF_SECTION_KEPT: Code = Code::new("I318", "ugf-section-kept");
/// A move-0 (setup) stone after the first move.
pub const UGF_LATE_SETUP_STONE: Code = Code::new("W319", "ugf-late-setup-stone");
/// A second label on the same point of a node: dropped.
pub const UGF_DUPLICATE_LABEL: Code = Code::new("E320", "ugf-duplicate-label");
/// A label off the board: dropped.
pub const UGF_LABEL_OFF_BOARD: Code = Code::new("E322", "ugf-label-off-board");
/// The file holds several records one after another (a `[Header]` after a
/// `[Data]` section): read as one game each.
pub const UGF_SEVERAL_RECORDS: Code = Code::new("W321", "ugf-several-records");

// Writer diagnostics (440–449).
/// What the UGF writer could not carry, listed once per game.
///
/// Once a run: a run into this format finds it in most games, each naming
/// what that game lost; a text run shows the first and counts the others in
/// its end note (`--diagnostics json` gives every one).
pub const UGF_WRITER_LOSS: Code = Code::new("W440", "ugf-writer-loss");
/// A second game: not written (a UGF file holds one).
pub const UGF_EXTRA_GAME: Code = Code::new("E441", "ugf-extra-game");
/// A board larger than 25×25: refused.
pub const UGF_UNWRITABLE_SIZE: Code = Code::new("E442", "ugf-unwritable-size");
