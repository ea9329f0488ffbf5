//! The diagnostic codes of the sgfconv XML reader.
//!
//! Every `Code::new` constant of this folder, each named after its code's name
//! in capitals (`E362` `xml-syntax` → `XML_SYNTAX`).
//!
//! Numbers used: 362–369 (JSON, XML, CSV, Jago XML, 350–399).

use crate::diag::Code;

/// Not well-formed XML, or not sgfconv XML at all; games before the fault
/// were kept.
pub const XML_SYNTAX: Code = Code::new("E362", "xml-syntax");
/// An attribute value that cannot be read (bad number, unknown encoding
/// name...); the default was used.
pub const XML_BAD_ATTRIBUTE: Code = Code::new("W363", "xml-bad-attribute");
/// An element this reader does not know: it and everything inside it are
/// missing from the output (the message names it and its line).
///
/// Example: `<sgfconv version="1"><game index="0"><node n="0"><p id="GM"><v>1</v></p></node><note>x</note></game></sgfconv>`
/// read with `-f xml`: `<note>` and its text are dropped.
pub const XML_UNKNOWN_ELEMENT: Code = Code::new("E364", "xml-unknown-element");
/// A `<v enc="base64">` that is not base64 of UTF-8 text; the value was
/// read as empty.
pub const XML_BAD_BASE64: Code = Code::new("E365", "xml-bad-base64");
/// Text where only elements belong; ignored.
pub const XML_STRAY_TEXT: Code = Code::new("W366", "xml-stray-text");
/// A compose value `<c>` without exactly two `<v>`; its parts were joined
/// as one plain value.
pub const XML_BAD_COMPOSE: Code = Code::new("W367", "xml-bad-compose");
/// An element inside a `<k>`, `<v>` or `<tail>`, which hold text only: its
/// tags were dropped and its text kept in the value.
pub const XML_MARKUP_IN_VALUE: Code = Code::new("E368", "xml-markup-in-value");
/// A text, comment or tag (with its attributes) longer than
/// `--max-value-size` (an endless one, or not XML): the input is refused,
/// not held.
pub const XML_TOKEN_TOO_LONG: Code = Code::new("E369", "xml-token-too-long");
