//! What is known about a game before its first node.
//!
//! What is known about a game before its first node: its index, where it
//! starts, and how its character set was decided.

use super::Pos;

/// How the character set of a game was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodingSource {
    /// A byte-order mark.
    Bom,
    /// The game's `CA[]` property (or a format's own charset field).
    Declared,
    /// The bytes are valid UTF-8.
    Utf8,
    /// Statistical detection.
    Detected,
    /// `--encoding` on the command line.
    Forced,
    /// `--default-encoding`, or the format's default.
    Default,
    /// The input is not text that carries a charset (JSON, XML...).
    Intrinsic,
}

impl EncodingSource {
    /// The stable short name (`bom`, `ca`, `utf8`, `detected`, `forced`,
    /// `default`, `intrinsic`) written in JSON and XML output and in the
    /// encoding diagnostic.
    pub fn as_str(self) -> &'static str {
        match self {
            EncodingSource::Bom => "bom",
            EncodingSource::Declared => "ca",
            EncodingSource::Utf8 => "utf8",
            EncodingSource::Detected => "detected",
            EncodingSource::Forced => "forced",
            EncodingSource::Default => "default",
            EncodingSource::Intrinsic => "intrinsic",
        }
    }

    /// The source named by [`EncodingSource::as_str`]; `None` for any other
    /// text.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "bom" => EncodingSource::Bom,
            "ca" => EncodingSource::Declared,
            "utf8" => EncodingSource::Utf8,
            "detected" => EncodingSource::Detected,
            "forced" => EncodingSource::Forced,
            "default" => EncodingSource::Default,
            "intrinsic" => EncodingSource::Intrinsic,
            _ => return None,
        })
    }
}

/// What is known about a game before its first node.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct GameHeader {
    /// 0-based index of the game in its collection.
    pub index: usize,
    /// Where the game starts in the input.
    pub pos: Pos,
    /// The character set its text was decoded from (WHATWG name).
    pub encoding: &'static str,
    /// How [`GameHeader::encoding`] was decided.
    pub encoding_source: EncodingSource,
    /// Detector confidence in 0.0..=1.0 (1.0 when not detected).
    pub confidence: f32,
    /// SGF only: the tree opened with `(` and a property instead of `(;`
    /// (the kifu dialect); the reader created the root node.
    pub implicit_root: bool,
    /// A fact of the reader's format: it cannot hold the `FF[1]`–`FF[3]`
    /// mark `M` (a CSV list: moves, time left and comments), so the
    /// `FF[3]` rule need not follow the position on the board for it (it
    /// would see every plain move). Not written by any writer.
    pub no_old_marks: bool,
}

impl GameHeader {
    /// The header of game `index` of text that needs no decoding: UTF-8,
    /// [`EncodingSource::Intrinsic`], confidence 1.0, no position.
    pub fn new(index: usize) -> Self {
        GameHeader {
            index,
            pos: Pos::default(),
            encoding: "UTF-8",
            encoding_source: EncodingSource::Intrinsic,
            confidence: 1.0,
            implicit_root: false,
            no_old_marks: false,
        }
    }
}
