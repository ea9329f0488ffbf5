//! The diagnostic codes of the SGF reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`W001` `leading-text` → `LEADING_TEXT`).
//!
//! Numbers used: 001–008, 010–017 and 099 (SGF syntax (reader), 001–099);
//! 100–104 (character sets, 100–149); 400–405 (what a writer could not carry,
//! 400–449).
//!
//! Two codes share a name (`W007` and `W405`, `property-without-value`, from
//! before the names were checked: `tests/it/properties/diagnostics_table.rs`); the writer's
//! constant carries its id: `PROPERTY_WITHOUT_VALUE_W405`.

use crate::diag::Code;

// Syntax (001–099).
/// Text before the first game tree (a mail header, a title, a note), or
/// after the last: skipped, its length and its start shown.
///
/// A warning, not info: the text is not in the output, and `FF[4]`'s grammar
/// has nothing outside its game trees (`Collection = GameTree { GameTree }`).
/// Not an error: it is no game's data. A mail header is the envelope the
/// record travelled in (every reader drops it: SGFC unless `-k`, sgfmill,
/// KataGo); a note may say something of the games (GNU Go's `ego3.sgf` says
/// when and after what its game was played), which is why a person should
/// look, and the message shows how the text starts. Keeping it in the first
/// game's `GC` would make a file's envelope, or a note on all its games,
/// the comment of one game.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]) sent from my phone`
pub const LEADING_TEXT: Code = Code::new("W001", "leading-text");
/// Text between or inside game trees that is not SGF: skipped.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd] = ;W[dd])`
pub const STRAY_TEXT: Code = Code::new("W002", "stray-text");
/// A property where a node must start (`(B[pd]`): a `;` is assumed.
///
/// Example: `(;FF[4]GM[1]SZ[19](B[pd]))`
pub const MISSING_SEMICOLON: Code = Code::new("W003", "missing-semicolon");
/// A property repeated in one node: its values are gathered in one property
/// (merged, for a list; one that takes a single value then keeps one, or
/// joins texts, which `I160`, `E161` or `E162` says). A move repeated at
/// another point is a second move, not merged.
///
/// Example: `(;FF[4]GM[1]SZ[19]AB[aa]AB[bb])`
pub const DUPLICATE_PROPERTY: Code = Code::new("W004", "duplicate-property");
/// The input ends inside a game tree, or the next game starts inside one:
/// the missing `)` are added.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]`
pub const MISSING_CLOSE_PAREN: Code = Code::new("W005", "missing-close-paren");
/// The input ends inside a value: what was there is kept.
///
/// A record cut off by a truncated download: the comment is kept as far
/// as it goes, the game is closed.
///
/// Example: `(;FF[4]GM[1]SZ[19]C[a comment`
///
/// What to do: the end of the record is missing; find a complete copy if
/// what followed matters.
pub const UNTERMINATED_VALUE: Code = Code::new("E006", "unterminated-value");
/// A value is longer than `--max-value-size` (an endless value, or not
/// SGF): the input is refused, not held.
pub const VALUE_TOO_LONG: Code = Code::new("E099", "value-too-long");
/// An identifier with no `[value]` after it: dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]KO;W[dd])`
pub const PROPERTY_WITHOUT_VALUE: Code = Code::new("W007", "property-without-value");
/// A variation with no node (`()`): dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd]())`
pub const EMPTY_VARIATION: Code = Code::new("W008", "empty-variation");
// W009 is reserved (was stray-close-paren: a ')' between games is stray text).
/// A variation with no node of its own, holding only variations
/// (`((;B[aa])(;B[bb]))`): its parentheses are dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19]((;B[aa])(;B[bb])))`
pub const REDUNDANT_PARENTHESIS: Code = Code::new("W010", "redundant-parenthesis");
/// A `[value]` with no identifier before it: dropped.
///
/// Example: `(;FF[4]GM[1]SZ[19];B[pd];[x]W[dd])`
pub const VALUE_WITHOUT_PROPERTY: Code = Code::new("E011", "value-without-property");
/// A `]` that cannot end its value (what follows is not SGF): kept as text.
///
/// In `C[see [1] below]` written without escaping, the `]` after `1` is
/// followed by ` below]`, which is no property, so it is part of the
/// comment, read as `see [1] below`.
///
/// Example: `(;FF[4]GM[1]SZ[19]C[see [1] below])`
///
/// What to do: Nothing; the written SGF escapes it (`\]`). If the text is
/// cut in the wrong place, the writer of the record did not escape `]`:
/// check that comment.
pub const UNESCAPED_BRACKET: Code = Code::new("W012", "unescaped-bracket");
/// A game tree with no node: dropped.
pub const EMPTY_GAME: Code = Code::new("W013", "empty-game");
/// No game tree in the input at all.
///
/// Example: `(no game here)` with `-f sgf`
pub const NO_GAME_TREE: Code = Code::new("E014", "no-game-tree");
/// A node after the variations of its level (`(;A(;B)(;C);D)`): read as a variation of its own.
///
/// Example: `(;FF[4]GM[1]SZ[19](;B[pd])(;B[dd]);W[pp])`
pub const NODE_AFTER_VARIATIONS: Code = Code::new("W015", "node-after-variations");
/// SGF nodes before the first `(`, in a file that lost its opening
/// parenthesis: read as the root of one game when the trees after them read
/// as its variations, else skipped with the text they are in.
///
/// Example: `;FF[4]GM[1]SZ[19];B[pd](;W[dd]))`
pub const MISSING_OPEN_PAREN: Code = Code::new("W016", "missing-open-paren");
/// A `(` between games whose first token is another `(` (`(;…)((;…))`, a
/// stray `(` before a game): dropped, so the trees after it stay games.
///
/// Example: `(;FF[4]GM[1]SZ[19])((;FF[4]GM[1]SZ[19]))`
pub const PARENTHESIZED_GAMES: Code = Code::new("W017", "parenthesized-games");

// Character sets (100–109; 110–149 belong to src/charset/).
/// A game's character set, and what decided it (declaration, byte-order mark, validity, detection).
///
/// Example: `(;FF[4]GM[1]SZ[19])`
pub const ENCODING: Code = Code::new("I100", "encoding");
/// `CA[]` names a character set the bytes cannot be in: the detected one is used.
///
/// `CA[UTF-8]` on a record whose names are Shift_JIS bytes (an editor
/// changed the declaration, not the bytes): read as Shift_JIS.
///
/// Example: `(;FF[4]CA[UTF-8]GM[1]SZ[19]PB[\x95\x90\x8b\x7b\x90\xb3\x8e\xf7]PW[\x92\x86\x8e\x52\x92\x68\x88\xea])`
///
/// What to do: check the names and comments in the output; if the guess is
/// wrong, force the character set with `--encoding NAME`.
pub const CHARSET_OVERRULED: Code = Code::new("W101", "charset-overruled");
/// `CA[]` names no known character set: the bytes decide.
///
/// Example: `(;FF[4]CA[Klingon]GM[1]SZ[19])`
///
/// What to do: if the text comes out wrong, name the character set with
/// `--encoding NAME` (any WHATWG label, or SJIS, GB2312, KS_C_5601-1987...).
pub const UNKNOWN_CHARSET: Code = Code::new("W102", "unknown-charset");
/// Bytes that are no character in the chosen character set (invalid in it,
/// or a stray byte its decoder maps to a C1 control, as `0x80` in
/// Shift_JIS): each run replaced by one U+FFFD, the rest of the value kept.
/// The message names the bytes and their offset. In the example, a server
/// cut a name in the middle of its character; the label and the other
/// bytes say UTF-8, so the cut character becomes `�`.
///
/// Example: `(;FF[4]CA[UTF-8]PB[\xE5\x9B]PW[abc])`
///
/// What to do: if many characters are replaced, the character set was
/// probably guessed wrong (see `I100` with `-v`): force it with
/// `--encoding NAME`.
pub const UNDECODABLE_BYTES: Code = Code::new("E103", "undecodable-bytes");
/// A writer escaped bytes of multi-byte characters (`\\]` inside Shift_JIS): undone.
///
/// Example: `(;FF[4]CA[SJIS]GM[1]SZ[19]C[\x95\\\x90\xb3])`
pub const BYTE_LEVEL_ESCAPES: Code = Code::new("W104", "byte-level-escapes");
/// A control character in a value (a NUL, another C0 control than tab,
/// line feed, carriage return, vertical tab and form feed, or DEL): no
/// character of `FF[4]` text nor of any other value, dropped. The
/// diagnostic stands at the byte's line and column, and its message names
/// the byte (`formats/validation.md`, "Control characters in text").
///
/// Example: `(;FF[4]GM[1]SZ[19]PB[a\x00b])`
///
/// What to do: nothing was lost but the byte itself; if a value held many
/// (a binary file, UTF-16 read as bytes), check the character set (`I100`).
pub const CONTROL_CHARACTER: Code = Code::new("E105", "control-character");

// The writer (400–409).
/// A character the output encoding cannot carry: written as `?`, listed.
pub const UNENCODABLE_CHARACTER: Code = Code::new("E400", "unencodable-character");
/// An output encoding whose bytes can imitate `]` or `\\` (Shift_JIS, Big5,
/// GBK): such bytes are escaped, which some readers do not undo.
pub const BYTE_LEVEL_ESCAPING: Code = Code::new("W401", "byte-level-escaping");
/// Readers that emit `Meta` keep the same data in private properties too;
/// this only records that the side channel was not written.
pub const SOURCE_METADATA_NOT_WRITTEN: Code = Code::new("I402", "source-metadata-not-written");
/// An identifier without a capital letter (`a[4]` in a damaged file) is
/// invalid in every SGF version and would not read back after a `]` (nor
/// could it be upper-cased without changing its meaning: `s` is not `S`).
pub const IDENTIFIER_WITHOUT_CAPITAL: Code = Code::new("E403", "identifier-without-capital");
/// A game with no node (from a structured input cut short): SGF has no
/// form for it (`()` is read as nothing), so it is not written.
pub const EMPTY_GAME_NOT_WRITTEN: Code = Code::new("W404", "empty-game-not-written");
/// A property with no value (from a structured input): SGF needs at least
/// `[]`, which would mean something else (`W[]` is a pass), and a reader
/// drops an identifier without one, so it is not written.
pub const PROPERTY_WITHOUT_VALUE_W405: Code = Code::new("W405", "property-without-value");
