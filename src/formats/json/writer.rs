//! The JSON writer: the lossless model, streamed node by node by the shared
//! [`FlatWriter`] in this module's syntax, or with `--moves` the move list
//! ([`super::moves`]). Both go out in the same frame: a collection document
//! (an opening, one game per line, a closing) or JSON Lines.

use super::moves::MovesWriter;
use super::{FORMAT_NAME, MOVES_FORMAT_NAME, VERSION};
use crate::error::Error;
use crate::event::{GameHeader, Values};
use crate::formats::structured::flat::NodePlace;
use crate::formats::structured::stream::{FlatSyntax, FlatWriter};
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::io::{BufWriter, Write};

/// The JSON writer (lossless model, or the move list with `--moves`).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let frame = Frame {
        out: BufWriter::with_capacity(1 << 16, output),
        lines: options.json_lines,
        moves: options.moves,
        opened: false,
    };
    Ok(if options.moves {
        Box::new(MovesWriter::new(frame))
    } else {
        Box::new(FlatWriter::new(Lossless { frame }))
    })
}

/// What goes around the games: a collection document's opening, separators
/// and closing, or (JSON Lines) a newline after each game.
pub(super) struct Frame<'w> {
    pub(super) out: BufWriter<Box<dyn Write + 'w>>,
    lines: bool,
    moves: bool,
    opened: bool,
}

impl Frame<'_> {
    fn open(&mut self) -> std::io::Result<()> {
        if !self.opened && !self.lines {
            let name = if self.moves {
                MOVES_FORMAT_NAME
            } else {
                FORMAT_NAME
            };
            write!(
                self.out,
                "{{\"format\":\"{name}\",\"version\":{VERSION},\"games\":["
            )?;
        }
        self.opened = true;
        Ok(())
    }

    /// What goes before game `index`: the separator from the previous one.
    pub(super) fn before_game(&mut self, index: usize) -> std::io::Result<()> {
        self.open()?;
        if !self.lines {
            self.out
                .write_all(if index == 0 { b"\n" } else { b",\n" })?;
        }
        Ok(())
    }

    pub(super) fn after_game(&mut self) -> std::io::Result<()> {
        if self.lines {
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// The end of the output (a document with no game is still opened).
    pub(super) fn finish(&mut self) -> std::io::Result<()> {
        if !self.lines {
            self.open()?;
            self.out.write_all(b"\n]}\n")?;
        }
        self.out.flush()
    }
}

/// The lossless model's syntax: one game object per line, its nodes in a
/// `nodes` array.
struct Lossless<'w> {
    frame: Frame<'w>,
}

impl FlatSyntax for Lossless<'_> {
    fn game_start(&mut self, header: &GameHeader, index: usize, file: &str) -> std::io::Result<()> {
        self.frame.before_game(index)?;
        write_header(&mut self.frame.out, header, index, file)
    }

    /// The source facts, then the opening of the node list.
    fn meta(&mut self, meta: &[(String, String)]) -> std::io::Result<()> {
        let out = &mut self.frame.out;
        out.write_all(b",\"meta\":[")?;
        for (i, (k, v)) in meta.iter().enumerate() {
            out.write_all(if i == 0 { b"[" } else { b",[" })?;
            json_str(out, k)?;
            out.write_all(b",")?;
            json_str(out, v)?;
            out.write_all(b"]")?;
        }
        out.write_all(b"],\"nodes\":[")
    }

    fn node_start(&mut self, place: &NodePlace) -> std::io::Result<()> {
        if place.index > 0 {
            self.frame.out.write_all(b",")?;
        }
        write_place(&mut self.frame.out, place)
    }

    fn property(&mut self, name: &str, values: Values<'_>, first: bool) -> std::io::Result<()> {
        if !first {
            self.frame.out.write_all(b",")?;
        }
        write_property(&mut self.frame.out, name, values)
    }

    fn node_end(&mut self) -> std::io::Result<()> {
        self.frame.out.write_all(b"]}")
    }

    fn game_end(&mut self, tail: Option<&str>) -> std::io::Result<()> {
        self.frame.out.write_all(b"]")?;
        if let Some(t) = tail {
            self.frame.out.write_all(b",\"tail\":")?;
            json_str(&mut self.frame.out, t)?;
        }
        self.frame.out.write_all(b"}")?;
        self.frame.after_game()
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.frame.finish()
    }
}

pub(super) fn json_str(out: &mut impl Write, s: &str) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, s).map_err(std::io::Error::from)
}

/// `{"game":N,"file":"…","index":M`: where a game came from, the opening
/// of both JSON layouts.
pub(super) fn write_origin(
    out: &mut impl Write,
    game: usize,
    file: &str,
    in_file: usize,
) -> std::io::Result<()> {
    write!(out, "{{\"game\":{game},\"file\":")?;
    json_str(out, file)?;
    write!(out, ",\"index\":{in_file}")
}

pub(super) fn json_opt_str(out: &mut impl Write, s: Option<&str>) -> std::io::Result<()> {
    match s {
        Some(s) => json_str(out, s),
        None => out.write_all(b"null"),
    }
}

/// The fields of a game before its source facts and nodes: its index in
/// the collection written, the input it came from and its index there, how
/// its text was decoded.
fn write_header(
    out: &mut impl Write,
    h: &GameHeader,
    index: usize,
    file: &str,
) -> std::io::Result<()> {
    write_origin(out, index, file, h.index)?;
    out.write_all(b",\"encoding\":")?;
    json_str(out, h.encoding)?;
    write!(
        out,
        ",\"encoding_source\":\"{}\",\"confidence\":",
        h.encoding_source.as_str()
    )?;
    let confidence = if h.confidence.is_finite() {
        h.confidence
    } else {
        1.0
    };
    serde_json::to_writer(&mut *out, &confidence).map_err(std::io::Error::from)?;
    write!(out, ",\"implicit_root\":{}", h.implicit_root)
}

/// A node's place, and the opening of its property list.
fn write_place(out: &mut impl Write, place: &NodePlace) -> std::io::Result<()> {
    write!(out, "{{\"node\":{},\"parent\":", place.index)?;
    match place.parent {
        Some(p) => write!(out, "{p}")?,
        None => out.write_all(b"null")?,
    }
    if place.variation {
        out.write_all(b",\"variation\":true")?;
    }
    if let Some(g) = &place.gap {
        out.write_all(b",\"gap\":")?;
        json_str(out, g)?;
    }
    out.write_all(b",\"props\":[")
}

fn write_property(out: &mut impl Write, name: &str, values: Values<'_>) -> std::io::Result<()> {
    out.write_all(b"{\"id\":")?;
    json_str(out, name)?;
    out.write_all(b",\"values\":[")?;
    for (j, v) in values.iter().enumerate() {
        if j > 0 {
            out.write_all(b",")?;
        }
        match v.parts() {
            (a, Some(b)) => {
                out.write_all(b"[")?;
                json_str(out, a)?;
                out.write_all(b",")?;
                json_str(out, b)?;
                out.write_all(b"]")?;
            }
            (a, None) => json_str(out, a)?,
        }
    }
    out.write_all(b"]}")
}
