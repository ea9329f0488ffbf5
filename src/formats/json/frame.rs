//! What goes around the games of both JSON writers.
//!
//! What goes around the games of both JSON writers (the lossless model and
//! `--moves`): a collection document's opening, separators and closing, or
//! JSON Lines; and the origin fields that open each game.

use super::out::{push_str, push_uint, JsonOut};
use super::{FORMAT_NAME, MOVES_FORMAT_NAME, VERSION};

/// What goes around the games: a collection document's opening, separators
/// and closing, or (JSON Lines) a newline after each game.
pub(super) struct Frame<'w> {
    pub(super) out: JsonOut<'w>,
    pub(super) lines: bool,
    pub(super) moves: bool,
    pub(super) opened: bool,
    /// The document's closing is this writer's to write.
    pub(super) closing: bool,
}

impl Frame<'_> {
    pub(super) fn open(&mut self) {
        if !self.opened && !self.lines {
            let name = if self.moves {
                MOVES_FORMAT_NAME
            } else {
                FORMAT_NAME
            };
            let buf = &mut self.out.buf;
            buf.extend_from_slice(b"{\"format\":\"");
            buf.extend_from_slice(name.as_bytes());
            buf.extend_from_slice(b"\",\"version\":");
            push_uint(buf, VERSION);
            buf.extend_from_slice(b",\"games\":[");
        }
        self.opened = true;
    }

    /// What goes before game `index`: the separator from the previous one.
    pub(super) fn before_game(&mut self, index: usize) {
        self.open();
        if !self.lines {
            self.out
                .buf
                .extend_from_slice(if index == 0 { b"\n" } else { b",\n" });
        }
    }

    /// After a game: its line ends (JSON Lines), and a full buffer goes out.
    pub(super) fn after_game(&mut self) -> std::io::Result<()> {
        if self.lines {
            self.out.buf.push(b'\n');
        }
        self.out.ready()
    }

    /// The end of the output (a document with no game is still opened).
    pub(super) fn finish(&mut self) -> std::io::Result<()> {
        if !self.lines {
            self.open();
            if self.closing {
                self.out.buf.extend_from_slice(b"\n]}\n");
            }
        }
        self.out.flush()
    }
}

/// `{"game":N,"file":"…","index":M`: where a game came from, the opening
/// of both JSON layouts.
pub(super) fn write_origin(out: &mut Vec<u8>, game: usize, file: &str, in_file: usize) {
    out.extend_from_slice(b"{\"game\":");
    push_uint(out, game as u64);
    out.extend_from_slice(b",\"file\":");
    push_str(out, file);
    out.extend_from_slice(b",\"index\":");
    push_uint(out, in_file as u64);
}
