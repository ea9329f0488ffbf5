//! The diagnostic codes of the JSON reader and writer.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E354` `json-syntax` → `JSON_SYNTAX`).
//!
//! Numbers used: 354, 355, 357–361 and 396 (JSON, XML, CSV, Jago XML,
//! 350–399).

use crate::diag::Code;

/// The input is not JSON, or not sgfconv JSON (an object with none of its
/// fields, an array with no game, OGS or JGF game JSON); games before the
/// fault were kept.
pub const JSON_SYNTAX: Code = Code::new("E354", "json-syntax");
/// A string, or the text between two strings (numbers, punctuation, blank
/// space), longer than `--max-value-size` (an endless one, or not JSON):
/// the input is refused, not held.
pub const JSON_TOKEN_TOO_LONG: Code = Code::new("E357", "json-token-too-long");
/// An `encoding` name no decoder knows; UTF-8 was recorded instead.
pub const JSON_UNKNOWN_ENCODING: Code = Code::new("W355", "json-unknown-encoding");
/// A `format` or `version` this reader does not know; read as version 1.
pub const JSON_UNKNOWN_VERSION: Code = Code::new("W358", "json-unknown-version");
/// A field this reader does not know (of a game, a node or a property):
/// it and its value are missing from the output (the message names it).
///
/// Example: `{"format":"sgfconv","version":1,"games":[{"nodes":[{"props":[{"id":"GM","values":["1"]}],"note":"x"}]}]}`
/// read with `-f json`: the node's field `"note"` is dropped.
pub const JSON_UNKNOWN_FIELD: Code = Code::new("E359", "json-unknown-field");
/// A move of a move list that is not a colour and a point; skipped.
pub const JSON_BAD_MOVE: Code = Code::new("W360", "json-bad-move");
/// `--moves` writes the main line and core game info only; this lists what
/// a game had beyond that.
///
/// Once a run: a run into this format finds it in most games, each naming
/// what that game lost; a text run shows the first and counts the others in
/// its end note (`--diagnostics json` gives every one).
pub const JSON_MOVES_NOT_CARRIED: Code = Code::new("W361", "json-moves-not-carried");
/// A string escape of a lone surrogate (`\uD800` with no `\uDC00`–`\uDFFF`
/// after it, or a low one alone): no character, which JSON allows but
/// Unicode text cannot hold; replaced by U+FFFD, the rest of the string
/// kept.
///
/// Example: `{"nodes":[{"props":[{"id":"GN","values":["a\ud800b"]}]}]}`.
///
/// What to do: look at the writer of the file: it cut a string between
/// the two halves of a pair.
pub const JSON_LONE_SURROGATE: Code = Code::new("W396", "json-lone-surrogate");
