//! The JSON writer: the lossless model, streamed node by node by the shared
//! [`FlatWriter`] in this module's syntax, or with `--moves` the move list
//! ([`super::moves`]). Both go out in the same frame: a collection document
//! (an opening, one game per line, a closing) or JSON Lines.

use super::frame::{write_origin, Frame};
use super::moves::MovesWriter;
use super::out::{push_float, push_str, push_uint, JsonOut};
use crate::error::Error;
use crate::event::{GameHeader, Moves, Values};
use crate::formats::structured::flat::NodePlace;
use crate::formats::structured::out::Decimal;
use crate::formats::structured::stream::{FlatSyntax, FlatWriter};
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::io::Write;

/// The JSON writer (lossless model, or the move list with `--moves`).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let frame = Frame {
        out: JsonOut::new(output),
        lines: options.json_lines,
        moves: options.moves,
        // A part of a pieced output that does not start it has no opening.
        opened: options.piece.is_some_and(|p| !p.opening),
        closing: options.piece.is_none_or(|p| p.closing),
    };
    let by_header = options.piece.is_some();
    Ok(if options.moves {
        Box::new(MovesWriter::new(frame, by_header))
    } else {
        Box::new(FlatWriter::new(Lossless { frame }).numbered_by_header(by_header))
    })
}

/// The lossless model's syntax: one game object per line, its nodes in a
/// `nodes` array.
struct Lossless<'w> {
    frame: Frame<'w>,
}

impl FlatSyntax for Lossless<'_> {
    fn game_start(&mut self, header: &GameHeader, index: usize, file: &str) -> std::io::Result<()> {
        self.frame.before_game(index);
        write_header(&mut self.frame.out.buf, header, index, file);
        Ok(())
    }

    /// The source facts, then the opening of the node list.
    fn meta(&mut self, meta: &[(String, String)]) -> std::io::Result<()> {
        let out = &mut self.frame.out.buf;
        out.extend_from_slice(b",\"meta\":[");
        for (i, (k, v)) in meta.iter().enumerate() {
            out.extend_from_slice(if i == 0 { b"[" } else { b",[" });
            push_str(out, k);
            out.push(b',');
            push_str(out, v);
            out.push(b']');
        }
        out.extend_from_slice(b"],\"nodes\":[");
        Ok(())
    }

    fn node_start(&mut self, place: &NodePlace) -> std::io::Result<()> {
        if place.index > 0 {
            self.frame.out.buf.push(b',');
        }
        write_place(&mut self.frame.out.buf, place);
        Ok(())
    }

    fn property(&mut self, name: &str, values: Values<'_>, first: bool) -> std::io::Result<()> {
        if !first {
            self.frame.out.buf.push(b',');
        }
        write_property(&mut self.frame.out.buf, name, values);
        Ok(())
    }

    fn node_end(&mut self) -> std::io::Result<()> {
        self.frame.out.buf.extend_from_slice(b"]}");
        self.frame.out.ready()
    }

    /// Each move as `]},{"node":N,"parent":P,"props":[{"id":"B","values":["pd"]}`:
    /// what the methods above write for it, from a template.
    fn plain_moves(&mut self, first: usize, moves: &Moves<'_>) -> std::io::Result<()> {
        let out = &mut self.frame.out.buf;
        out.reserve(moves.len() * 64);
        let mut node = Decimal::new(first as u64);
        let mut parent = Decimal::new(first.saturating_sub(1) as u64);
        for mv in moves.plain() {
            let [_, colour, _, x, y, _] = *mv.text();
            out.extend_from_slice(b"]},{\"node\":");
            node.push_to(out);
            out.extend_from_slice(b",\"parent\":");
            parent.push_to(out);
            out.extend_from_slice(b",\"props\":[{\"id\":\"");
            out.push(colour);
            out.extend_from_slice(b"\",\"values\":[\"");
            out.extend_from_slice(&[x, y, b'"', b']', b'}']);
            node.incr();
            parent.incr();
        }
        self.frame.out.ready()
    }

    fn game_end(&mut self, tail: Option<&str>) -> std::io::Result<()> {
        let out = &mut self.frame.out.buf;
        out.push(b']');
        if let Some(t) = tail {
            out.extend_from_slice(b",\"tail\":");
            push_str(out, t);
        }
        out.push(b'}');
        self.frame.after_game()
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.frame.finish()
    }
}

/// The fields of a game before its source facts and nodes: its index in
/// the collection written, the input it came from and its index there, how
/// its text was decoded.
fn write_header(out: &mut Vec<u8>, h: &GameHeader, index: usize, file: &str) {
    write_origin(out, index, file, h.index);
    out.extend_from_slice(b",\"encoding\":");
    push_str(out, h.encoding);
    out.extend_from_slice(b",\"encoding_source\":\"");
    out.extend_from_slice(h.encoding_source.as_str().as_bytes());
    out.extend_from_slice(b"\",\"confidence\":");
    let confidence = if h.confidence.is_finite() {
        h.confidence
    } else {
        1.0
    };
    push_float(out, confidence);
    out.extend_from_slice(if h.implicit_root {
        b",\"implicit_root\":true"
    } else {
        b",\"implicit_root\":false"
    });
}

/// A node's place, and the opening of its property list.
fn write_place(out: &mut Vec<u8>, place: &NodePlace) {
    out.extend_from_slice(b"{\"node\":");
    push_uint(out, place.index as u64);
    out.extend_from_slice(b",\"parent\":");
    match place.parent {
        Some(p) => push_uint(out, p as u64),
        None => out.extend_from_slice(b"null"),
    }
    if place.variation {
        out.extend_from_slice(b",\"variation\":true");
    }
    if let Some(g) = &place.gap {
        out.extend_from_slice(b",\"gap\":");
        push_str(out, g);
    }
    out.extend_from_slice(b",\"props\":[");
}

fn write_property(out: &mut Vec<u8>, name: &str, values: Values<'_>) {
    out.extend_from_slice(b"{\"id\":");
    push_str(out, name);
    out.extend_from_slice(b",\"values\":[");
    for (j, v) in values.iter().enumerate() {
        if j > 0 {
            out.push(b',');
        }
        match v.parts() {
            (a, Some(b)) => {
                out.push(b'[');
                push_str(out, a);
                out.push(b',');
                push_str(out, b);
                out.push(b']');
            }
            (a, None) => push_str(out, a),
        }
    }
    out.extend_from_slice(b"]}");
}
