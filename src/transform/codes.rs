//! The diagnostic codes of the dialect rules, every one in one place, by
//! rule (the rule that reports each is the section it stands in).
//!
//! Ranges: I150–I177 for the rewrites of rules 1–10 (`E162`, a dropped
//! duplicate value, and `W168`, an unreadable SmartGo `S[]`, lose or keep
//! back data); 178–199 for rule 13, the `FF[5]` draft (a departure from
//! the standard read, a warning); 500–527 for rule 11, the values rule (a rewrite that leaves
//! text out, an ambiguous or an unreadable value are warnings); 550–562
//! for rule 12, the placement rule (and rule 9's `PL`, 560–561).

use crate::diag::Code;

// ---------------------------------------------------------------------------
// Rule 1: identifiers (`ids`)

/// An identifier written with lower-case letters (`SiZe`) became its
/// upper-case letters (`SZ`).
///
/// Example: `(;FF[4]GM[1]SiZe[19];B[pd])`
pub const LOWERCASE_IDENTIFIER: Code = Code::new("I150", "lowercase-identifier");

/// Two spellings of one identifier in a node (`AB[aa]AddBlack[bb]`) were
/// merged into one property.
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[aa]AddBlack[bb])`
pub const MERGED_IDENTIFIER: Code = Code::new("I151", "merged-identifier");

// ---------------------------------------------------------------------------
// Rules 2 and 7: duplicates and the Fox quirks (`quirks`)

/// A single-valued property repeated in one node became one: equal values
/// once, texts joined.
///
/// Example: `(;FF[4]GM[1]SZ[19]PB[Lee]PB[Lee])`
pub const DUPLICATE_MERGED: Code = Code::new("I160", "duplicate-merged");

/// Fox's repeated `AP` (`AP[GNU Go:3.8]…AP[foxwq]`): the last one was kept,
/// the others dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19]AP[GNU Go:3.8]AP[foxwq])`
pub const DUPLICATE_AP: Code = Code::new("E161", "duplicate-ap");

/// A single-valued property repeated in one node with values that cannot be
/// joined (`KM[6.5]KM[7.5]`): the first was kept, the others dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19]KM[6.5]KM[7.5];B[pd])`
pub const DUPLICATE_DROPPED: Code = Code::new("E162", "duplicate-dropped");

/// Fox's komi in scaled units (`KM[375]`) became points (`KM[7.5]`).
///
/// Example: `(;FF[4]GM[1]SZ[19]AP[foxwq]KM[375];B[pd])`
pub const FOX_KOMI: Code = Code::new("I163", "fox-komi");

/// Fox's result in zi (`RE[W+4.25]`, with `KM[375]`) became points
/// (`RE[W+8.5]`).
///
/// Example: `(;FF[4]GM[1]SZ[19]AP[foxwq]KM[375]RE[W+4.25];B[pd])`
pub const FOX_RESULT: Code = Code::new("I162", "fox-result");

/// Fox's `HA[1]` (Black first, no komi) became `HA[0]`.
///
/// Example: `(;FF[4]GM[1]SZ[19]AP[foxwq]HA[1];B[pd])`
pub const FOX_HANDICAP: Code = Code::new("I164", "fox-handicap");

// ---------------------------------------------------------------------------
// Rule 3: the kifu dialect (`kifu`)

/// The game is in the kifu dialect: its root is rewritten (once per game).
///
/// Example: `(;GK[1]SZ[19]TE[Meijin];B[pd])`
pub const KIFU_DIALECT: Code = Code::new("I170", "kifu-dialect");

/// A kifu identifier became its `FF[4]` one (`GK`→`GM`, `TE`→`EV`,
/// `RD`→`DT`), or was dropped beside the same value.
///
/// Example: `(;GK[1]SZ[19];B[pd])`
pub const KIFU_ALIAS: Code = Code::new("I171", "kifu-alias");

/// Kifu komi (`KO[黒6目半]`, `KM[덤6집반]`) became a number in `KM`.
///
/// Example: `(;GK[1]SZ[19]KO[黒6目半];B[pd])`
pub const KIFU_KOMI: Code = Code::new("I172", "kifu-komi");

/// `HD` became `HA` and the standard handicap stones as `AB`.
///
/// Example: `(;GK[1]SZ[19]HD[2];W[dd])`
pub const KIFU_HANDICAP_STONES: Code = Code::new("I173", "kifu-handicap-stones");

/// Kifu time (`TM[1時間]`, `LT`/`LC`) became `TM` seconds and `OT`.
///
/// Example: `(;GK[1]SZ[19]TM[1時間];B[pd])`
pub const KIFU_TIME: Code = Code::new("I174", "kifu-time");

/// A free-text result (`黒中押し勝ち`) became an `FF[4]` `RE` (`B+R`).
///
/// Only a result whose `FF[4]` form says all of it: one with more
/// (`257手完, 黒中押し勝ち`, the moves played) is rewritten by the values
/// rule, with the value as written kept in `GC` (`W504`).
///
/// Example: `(;GK[1]SZ[19]RE[黒中押し勝ち];B[pd])`
pub const KIFU_RESULT: Code = Code::new("I175", "kifu-result");

/// A kifu value kept as written: an alias beside a different `FF[4]`
/// value, or a result that cannot be read.
///
/// Example: `(;GK[1]SZ[19]KO[5.5]KM[6.5];B[pd])`
pub const KIFU_KEPT: Code = Code::new("I176", "kifu-kept");

// ---------------------------------------------------------------------------
// Rule 4: double-encoded names (`mojibake`)

/// A double-encoded name (legacy bytes read as Latin-1) was repaired.
///
/// Example: `(;FF[4]GM[1]SZ[19]PB[JosÃ©])`
pub const MOJIBAKE_REPAIRED: Code = Code::new("I177", "mojibake-repaired");

// ---------------------------------------------------------------------------
// Rule 5: `FF[1]`–`FF[3]` properties (`ff3`)

/// An `FF[3]` `KI` became `KM` (halved), or was dropped beside a `KM` that
/// says the same.
///
/// Example: `(;FF[3]GM[1]SZ[19]KI[13];B[pd])`
pub const KI_KOMI: Code = Code::new("I153", "ki-komi");

/// `FF[3]` `L` labels became `LB` (letters A, B, C… in value order).
///
/// Example: `(;FF[3]GM[1]SZ[19];B[pd]L[aa][bb])`
pub const OLD_LABELS: Code = Code::new("I154", "old-labels");

/// `FF[3]` `M` marks became `MA` (`TR` on a stone).
///
/// Example: `(;FF[3]GM[1]SZ[19];B[pd]M[aa])`
pub const OLD_MARKS: Code = Code::new("I155", "old-marks");

/// `PL[1]`/`PL[2]` became `PL[B]`/`PL[W]`.
///
/// Example: `(;FF[3]GM[1]SZ[19]PL[2]AB[pd])`
pub const NUMERIC_PLAYER: Code = Code::new("I156", "numeric-player");

/// `TE` and `BM` in one node became `IT` (`TE` first) or `DO` (`BM` first).
///
/// Example: `(;FF[3]GM[1]SZ[19];B[pd]TE[1]BM[1])`
pub const OLD_ANNOTATION: Code = Code::new("I157", "old-annotation");

/// An `FF[1]`–`FF[3]` `VW` with two points became the rectangle `VW[a:b]`.
///
/// Example: `(;FF[3]GM[1]SZ[19]VW[aa][ii])`
pub const VIEW_CORNERS: Code = Code::new("I158", "view-corners");

// ---------------------------------------------------------------------------
// Rule 6: `tt` passes (`passes`)

/// A move at `tt` on a board of 19×19 or smaller became a pass.
///
/// Example: `(;FF[3]GM[1]SZ[19];B[tt])`
pub const TT_PASS: Code = Code::new("I152", "tt-pass");

// ---------------------------------------------------------------------------
// Rule 8: SmartGo move sequences (`smartgo`)

/// A SmartGo `S[]` sequence became one node per move.
///
/// Example: `(;FF[4]GM[1]SZ[19];S[pddd])`
pub const SMARTGO_EXPANDED: Code = Code::new("I167", "smartgo-expanded");

/// A SmartGo `S[]` value that is not a sequence of two-letter points: kept
/// as it is.
///
/// Example: `(;FF[4]GM[1]SZ[19];S[xyz])`
pub const SMARTGO_UNREADABLE: Code = Code::new("W168", "smartgo-unreadable");

// ---------------------------------------------------------------------------
// Rule 9: setup and moves split (`split`)

/// A node with setup and a move (`FF[4]`: they must not be mixed) was
/// split: the setup first, then the move.
///
/// Example: `(;FF[4]GM[1]SZ[19];AB[aa]B[pd])`
///
/// Fixable: the same position, the same move.
pub const SPLIT_SETUP_MOVE: Code = Code::new("W165", "split-setup-move");

/// A node with two moves (`FF[4]`: one move per node) was split into one
/// node per move.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]W[dd])`
///
/// Fixable: the same moves, in the same order.
pub const SPLIT_TWO_MOVES: Code = Code::new("W166", "split-two-moves");

/// A `PL` beside a move (`FF[4]`: `PL` is setup, not mixed with a move)
/// only repeated whose turn it is after the move (`;B[pd]PL[W]`), and was
/// dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]PL[W])`
///
/// Fixable: the turn is the same without it.
pub const PLAYER_REPEATS_TURN: Code = Code::new("W560", "player-repeats-turn");

/// A `PL` beside a move named the mover's colour (`;B[pd]PL[B]`: Black plays
/// again), and went to a node of its own after the move.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]PL[B])`
pub const PLAYER_AFTER_MOVE: Code = Code::new("W561", "player-after-move");

// ---------------------------------------------------------------------------
// Rule 10: OGS/Fox nesting (`nesting`)

/// OGS/Fox one-variation-per-move nesting was written as a plain sequence.
///
/// Example: `(;FF[4]GM[1]SZ[19]AP[foxwq](;B[pd](;W[dd](;B[pp]))))`
pub const OGS_NESTING: Code = Code::new("I169", "ogs-nesting");

// ---------------------------------------------------------------------------
// Rule 13: the `FF[5]` draft of 1999 (`ff5`)

/// The root's `FF[5]` names the 1999 draft of an `FF[5]`, which never
/// became a standard: its properties (`UN`) were read as the draft
/// defines them, into an `FF[4]` game (`FF[4]`).
///
/// Example: `(;FF[5]GM[1]SZ[19];B[pd])`
pub const FF5_DRAFT: Code = Code::new("W178", "ff5-draft");

/// `UN[n]` of the `FF[5]` draft undid the n nodes before it: the moves
/// after it continue from the node n steps back, and the undone line is
/// kept beside them as a variation (the `UN` itself is not written).
///
/// For instance `;B[pd];W[dd];UN[1];W[dp]` becomes `;B[pd](;W[dp])(;W[dd])`.
///
/// Example: `(;FF[5]GM[1]SZ[19];B[pd];W[dd];UN[1];W[dp])`
pub const FF5_UNDO: Code = Code::new("W179", "ff5-undo");

/// `UN` stood in one node with `B` or `W`, which the `FF[5]` draft
/// forbids: the undo was done first, then the move played.
///
/// Example: `(;FF[5]GM[1]SZ[19];B[pd];W[dd];UN[1]W[dp])`
pub const FF5_UNDO_BESIDE_MOVE: Code = Code::new("W180", "ff5-undo-beside-move");

/// `UN[n]` undid more nodes than stand above it (the root cannot be
/// undone): the moves after it continue from the root.
///
/// Example: `(;FF[5]GM[1]SZ[19];B[pd];UN[5];W[dp])`
pub const FF5_UNDO_PAST_ROOT: Code = Code::new("W181", "ff5-undo-past-root");

/// A `UN` whose value is no whole number of at least 1 undid nothing: it
/// is kept as written, an unknown property of `FF[4]`.
///
/// Example: `(;FF[5]GM[1]SZ[19];B[pd];UN[x];W[dp])`
pub const FF5_UNDO_UNREADABLE: Code = Code::new("W182", "ff5-undo-unreadable");

/// The machine-readable `OT` of the `FF[5]` draft (`OT[TM:A:10800][OP:A:60]…`)
/// was read as one time control: its main time became `TM` (seconds, when
/// the root had none), its overtime an `FF[4]` `OT` text (`1×60
/// byo-yomi`), and its settings, as written, are kept in the private
/// property `OTS`; nothing is lost.
///
/// Example: `(;FF[5]GM[1]SZ[19]OT[TM:A:10800][OP:A:60][OM:A:1][NO:A:1];B[pd])`
pub const FF5_OVERTIME: Code = Code::new("I183", "ff5-overtime");

/// An `OT` of several values in an `FF[5]` game that is not the draft's
/// `key:colour:value` list: kept as written in the private property `OTS`,
/// no `OT` written (its texts are not joined).
///
/// Example: `(;FF[5]GM[1]SZ[19]OT[abc][def];B[pd])`
pub const FF5_OVERTIME_UNREADABLE: Code = Code::new("W184", "ff5-overtime-unreadable");

/// The persons of the `FF[5]` draft's `PI` (or `IP`, the spelling of the
/// draft's own example) were read: a player, recorder (`US`) or analyst
/// (`AN`) went to the `FF[4]` property for it when the root had none
/// (several players of one colour joined by ` & `); every other entry
/// (referees, timekeeper, sponsor, commentator, assistants) stays in `PI`,
/// `key:name` as written.
///
/// Example: `(;FF[5]GM[1]SZ[19]PI[B:Aoki Kikuyo][RF:Ma Xiaochun];B[pd])`
pub const FF5_PERSONS: Code = Code::new("I185", "ff5-persons");

/// An entry of the `FF[5]` draft's `PI` with no `key:` before its name:
/// kept as written in `PI`, its role unknown.
///
/// Example: `(;FF[5]GM[1]SZ[19]PI[Aoki Kikuyo];B[pd])`
pub const FF5_PERSON_UNREADABLE: Code = Code::new("W186", "ff5-person-unreadable");

// ---------------------------------------------------------------------------
// Rule 11: game-info values and value types (`values`)

/// A `DT` date not in its `FF[4]` form was written in it.
///
/// Example: `(;FF[4]GM[1]SZ[19]DT[August 1, 2001])`
///
/// Fixable: the new value says all the old one said.
pub const DATE_REWRITTEN: Code = Code::new("W500", "date-rewritten");

/// A `DT` date is ambiguous or unreadable: kept as it was.
///
/// Example: `(;FF[4]GM[1]SZ[19]DT[03/04/2005])`
pub const DATE_UNREADABLE: Code = Code::new("W501", "date-unreadable");

/// A `TM` time not in seconds was written in seconds.
///
/// Example: `(;FF[4]GM[1]SZ[19]TM[1 hour])`
///
/// Fixable: the new value says all the old one said.
pub const TIME_REWRITTEN: Code = Code::new("W502", "time-rewritten");

/// A `TM` time is ambiguous or unreadable: kept as it was.
///
/// Example: `(;FF[4]GM[1]SZ[19]TM[about an hour])`
pub const TIME_UNREADABLE: Code = Code::new("W503", "time-unreadable");

/// An `RE` result not in its `FF[4]` form was written in it; where that
/// form leaves part of it out (a move count, a count of points), the value
/// as written is kept in `GC`.
///
/// Example: `(;FF[4]GM[1]SZ[19]RE[Black resigns])`
///
/// Fixable: the new value says all the old one said.
pub const RESULT_REWRITTEN: Code = Code::new("W504", "result-rewritten");

/// An `RE` result is ambiguous or unreadable: kept as it was.
///
/// Example: `(;FF[4]GM[1]SZ[19]RE[nonsense words])`
pub const RESULT_UNREADABLE: Code = Code::new("W505", "result-unreadable");

/// A `KM` komi not written as a real number was written as one.
///
/// Example: `(;FF[4]GM[1]SZ[19]KM[6,5])`
///
/// Fixable: the new value says all the old one said.
pub const KOMI_REWRITTEN: Code = Code::new("W506", "komi-rewritten");

/// A `KM` komi is ambiguous or unreadable: set aside in `ILLEGAL`.
///
/// Example: `(;FF[4]GM[1]SZ[19]KM[lots])`
pub const KOMI_UNREADABLE: Code = Code::new("W507", "komi-unreadable");

/// An `HA` handicap not written as a number was written as one.
///
/// Example: `(;FF[4]GM[1]SZ[19]HA[2 stones]AB[dd][pp];W[pd])`
///
/// Fixable: the new value says all the old one said.
pub const HANDICAP_REWRITTEN: Code = Code::new("W508", "handicap-rewritten");

/// An `HA` handicap is ambiguous or unreadable: set aside in `ILLEGAL`.
///
/// Example: `(;FF[4]GM[1]SZ[19]HA[many])`
pub const HANDICAP_UNREADABLE: Code = Code::new("W509", "handicap-unreadable");

/// An `SZ` board size not written as a number or `columns:rows` was
/// written as one.
///
/// Example: `(;FF[4]GM[1]SZ[19x19])`
///
/// Fixable: the new value says all the old one said.
pub const SIZE_REWRITTEN: Code = Code::new("W510", "size-rewritten");

/// An `SZ` board size is ambiguous or unreadable: set aside in `ILLEGAL`.
///
/// Example: `(;FF[4]GM[1]SZ[huge])`
pub const SIZE_UNREADABLE: Code = Code::new("W511", "size-unreadable");

/// Line breaks or tabs in a simpletext value became spaces (`FF[4]`: a
/// simpletext holds no line break; a reader shows them as spaces).
///
/// Example: `(;FF[4]GM[1]SZ[19]PB[Lee\nSedol])`
///
/// Fixable: a reader of `FF[4]` shows the old value as the new one.
pub const SIMPLETEXT_NEWLINE: Code = Code::new("W512", "simpletext-newline");

/// A number, real, double or color value (`MN`, `BL`, `BM`, `PL`…) not in
/// its `FF[4]` form was written in it.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]BL[60,5])`
///
/// Fixable: the new value says all the old one said.
pub const TYPE_REWRITTEN: Code = Code::new("W513", "type-rewritten");

/// A value whose `FF[4]` form would leave part of it out (a date with a
/// time of day, a komi with words beside the number, `KO[x]`): kept as it
/// is, so that nothing is lost (a result's `FF[4]` form is written all the
/// same, its value as written kept in `GC`: `W504`).
///
/// Example: `(;FF[4]GM[1]SZ[19]DT[2004-10-27 16:01:54])`
///
/// What to do: edit the value by hand, keeping what it says elsewhere
/// (a comment `GC`) if it matters.
pub const VALUE_NOT_REWRITTEN: Code = Code::new("W515", "value-not-rewritten");

/// A value whose spelling differs from its `FF[4]` form only by zero
/// padding, letter case or white space around it (`DT[2000-7-20]` →
/// `DT[2000-07-20]`, `RE[b+r]` → `RE[B+R]`) was written in that form: an
/// exact respelling, the same value to every reader (KGS writes such
/// dates).
///
/// Example: `(;FF[4]GM[1]SZ[19]DT[2000-7-20])`
pub const VALUE_RESPELLED: Code = Code::new("I516", "value-respelled");

/// An empty game-info or typed value (`TM[]`, as KGS writes for a game
/// without a time limit): it says nothing, and is kept as it is (readers
/// pass over it; nothing is lost or guessed).
///
/// Example: `(;FF[4]GM[1]SZ[19]TM[])`
pub const VALUE_EMPTY: Code = Code::new("I517", "value-empty");

/// A number, real, double or color value cannot be read: set aside in
/// `ILLEGAL`.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]MN[x])`
pub const TYPE_UNREADABLE: Code = Code::new("W514", "type-unreadable");

// ---------------------------------------------------------------------------
// Rule 11, switch `points`: points against `SZ` (`points`)

/// A move or point lies off the board `SZ` gives: set aside in `ILLEGAL`
/// (a rectangle that reaches off the board: its part on the board kept).
///
/// Example: `(;FF[4]GM[1]SZ[9];B[jj])`
pub const POINT_OFF_BOARD: Code = Code::new("W520", "point-off-board");

/// A human-readable coordinate (`B[R16]`) or a word for a pass (`B[Pass]`)
/// was written as the SGF point (`B[qd]`, `B[]`).
///
/// Example: `(;FF[4]GM[1]SZ[19];B[R16])`
///
/// Fixable: the point is the same.
pub const POINT_COORDINATE: Code = Code::new("W521", "point-coordinate");

/// A rectangle of a point list was written with its corners in order
/// (`AB[cc:aa]` → `AB[aa:cc]`), or as its one point (`aa:aa` → `aa`).
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[cc:aa])`
///
/// Fixable: the points are the same.
pub const RECTANGLE_REORDERED: Code = Code::new("W522", "rectangle-reordered");

/// A move or setup value is not a point (`B[p]`, `AB[p d]`, `B[T20]` on
/// 19×19): set aside in `ILLEGAL` (an empty one removed).
///
/// Example: `(;FF[4]GM[1]SZ[19];B[p])`
pub const POINT_UNREADABLE: Code = Code::new("W523", "point-unreadable");

/// A markup value is not a point (`MA[p]`, `LB[dd]` without a label): it
/// was removed.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]MA[p])`
pub const POINT_REMOVED: Code = Code::new("W524", "point-removed");

/// A point listed twice in one property (`AB[aa][aa]`, `AB[aa:cc][bb]`):
/// the repeat was removed.
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[aa][aa])`
///
/// Fixable: the points are the same.
pub const POINT_REPEATED: Code = Code::new("W525", "point-repeated");

/// The input holds `ILLEGAL[ID:value]`, the private property where a
/// conversion set aside a value it could not correct
/// (`formats/validation.md`, "Illegal values set aside"): those values
/// are still not `FF[4]` data, and a person should correct or delete
/// them; kept as they are.
///
/// Example: `(;FF[4]GM[1]SZ[19]ILLEGAL[KM:lots];B[pd])`
pub const VALUE_SET_ASIDE: Code = Code::new("W527", "value-set-aside");

/// The root's `GM` names another game than Go (`GM[1]`): the record is
/// read and written as it is, but its points are not checked against the
/// board, `check` does not replay it, and `--rotate` and the other board
/// edits leave it as it is.
///
/// Example: `(;FF[4]GM[2]SZ[8];B[dd])`
///
/// What to do: nothing, if the record is meant for another game; a Go
/// record with another `GM` should say `GM[1]`.
pub const NOT_GO: Code = Code::new("W528", "not-go");

/// A label repeated on one point with another text (`LB[aa:x][aa:y]`): the
/// repeat, and its text, were removed.
///
/// Example: `(;FF[4]GM[1]SZ[19]LB[aa:x][aa:y])`
pub const LABEL_REPEAT_DROPPED: Code = Code::new("E526", "label-repeat-dropped");

// ---------------------------------------------------------------------------
// Rule 12: where properties stand (`placement`)

/// A root property outside the root node repeated the root's value, and was
/// dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]SZ[19])`
///
/// Fixable: the root says the same.
pub const ROOT_PROPERTY_REPEATED: Code = Code::new("W550", "root-property-repeated");

/// A root property (`SZ GM FF CA AP ST`) stands outside the root node with
/// a value of its own: kept, though FF[4] readers take it from the root only.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]SZ[9])`
pub const ROOT_PROPERTY_OUTSIDE_ROOT: Code = Code::new("W551", "root-property-outside-root");

/// Game-info properties stand in a second node of one path (FF[4]: one
/// game-info node per path): kept.
///
/// Example: `(;FF[4]GM[1]SZ[19]PB[Lee];B[pd]RE[B+R])`
pub const GAME_INFO_AGAIN: Code = Code::new("W552", "game-info-again");

/// A move annotation (`BM DO IT TE`) stands in a node without a move: kept.
///
/// Example: `(;FF[4]GM[1]SZ[19];BM[1])`
pub const ANNOTATION_WITHOUT_MOVE: Code = Code::new("W553", "annotation-without-move");

/// `KO` (execute the move even if it is illegal) stands in a node without
/// a move (FF[4]: `KO` is a move property, it goes with `B` or `W`): kept.
///
/// Example: `(;FF[4]GM[1]SZ[19];KO[])`
pub const KO_WITHOUT_MOVE: Code = Code::new("W562", "ko-without-move");

/// Two move annotations stand in one node (FF[4]: `BM`, `DO`, `IT`, `TE` must
/// not be mixed): kept.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]DO[]IT[])`
pub const MOVE_ANNOTATIONS_MIXED: Code = Code::new("W554", "move-annotations-mixed");

/// A point carried two marks (`CR MA SL SQ TR`) in one node: the later mark
/// was dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19]CR[aa]TR[aa])`
pub const MARKUP_SAME_POINT: Code = Code::new("E555", "markup-same-point");

/// An `FF[1]`–`FF[3]` property stands beside its `FF[4]` replacement (`KI`
/// with `KM`, `L` with `LB`, `M` with `MA`/`TR`): both kept.
///
/// Example: `(;FF[4]GM[1]SZ[19]KM[7.5]KI[13];B[pd])`
pub const OBSOLETE_BESIDE_REPLACEMENT: Code = Code::new("W556", "obsolete-beside-replacement");

/// An `FF[4]` `VW` of exactly two single points, the `FF[1]`–`FF[3]` form of
/// a rectangle, shows those two points only: kept.
///
/// Example: `(;FF[4]GM[1]SZ[19]VW[aa][ii])`
pub const VIEW_TWO_POINTS: Code = Code::new("W557", "view-two-points");

/// `FF` or `CA` stood outside the root: dropped, since the output is one
/// version in one character set, which its root says (a conversion decodes
/// the text and writes the root's `FF[4]` and `CA`).
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]FF[3])`
///
/// Fixable: the output's root says its version and character set.
pub const VERSION_OUTSIDE_ROOT: Code = Code::new("W559", "version-outside-root");

/// Two position annotations (`DM GB GW UC`) stand in one node, which
/// FF[4] forbids (they contradict each other): both kept.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]DM[1]GB[1])`
pub const POSITION_ANNOTATIONS_MIXED: Code = Code::new("W558", "position-annotations-mixed");
