//! The XML writer: the flat model streamed node by node by the shared
//! [`FlatWriter`], in this module's syntax. Text XML 1.0 cannot carry goes
//! out as base64 (`<v enc="base64">`).

use super::{base64, VERSION};
use crate::error::Error;
use crate::event::{GameHeader, Moves, Values};
use crate::formats::structured::flat::NodePlace;
use crate::formats::structured::markup::{can_carry, push_escaped};
use crate::formats::structured::out::{push_uint, ByteOut, Decimal};
use crate::formats::structured::stream::{FlatSyntax, FlatWriter};
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::io::Write;

/// The XML writer.
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let syntax = XmlSyntax {
        out: ByteOut::new(output),
        // A part of a pieced output that does not start it has no opening.
        opened: options.piece.is_some_and(|p| !p.opening),
        closing: options.piece.is_none_or(|p| p.closing),
    };
    Ok(Box::new(
        FlatWriter::new(syntax).numbered_by_header(options.piece.is_some()),
    ))
}

/// sgfconv XML: a `<game>` per game, a `<node>` per line, written straight
/// into one reused buffer.
struct XmlSyntax<'w> {
    out: ByteOut<'w>,
    opened: bool,
    /// The document's closing is this writer's to write.
    closing: bool,
}

impl XmlSyntax<'_> {
    fn open(&mut self) {
        if !self.opened {
            let buf = &mut self.out.buf;
            buf.extend_from_slice(
                b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sgfconv version=\"",
            );
            buf.extend_from_slice(VERSION.as_bytes());
            buf.extend_from_slice(b"\">\n");
            self.opened = true;
        }
    }
}

impl FlatSyntax for XmlSyntax<'_> {
    fn game_start(
        &mut self,
        header: &GameHeader,
        index: usize,
        _file: &str,
    ) -> std::io::Result<()> {
        self.open();
        write_game_start(&mut self.out.buf, header, index)
    }

    fn meta(&mut self, meta: &[(String, String)]) -> std::io::Result<()> {
        let buf = &mut self.out.buf;
        for (k, v) in meta {
            buf.extend_from_slice(b"<meta>");
            text_element(buf, b"k", k);
            text_element(buf, b"v", v);
            buf.extend_from_slice(b"</meta>\n");
        }
        Ok(())
    }

    fn node_start(&mut self, place: &NodePlace) -> std::io::Result<()> {
        let buf = &mut self.out.buf;
        buf.extend_from_slice(b"<node n=\"");
        push_uint(buf, place.index as u64);
        buf.push(b'"');
        if let Some(p) = place.parent {
            buf.extend_from_slice(b" parent=\"");
            push_uint(buf, p as u64);
            buf.push(b'"');
        }
        if place.variation {
            buf.extend_from_slice(b" variation=\"true\"");
        }
        if let Some(g) = &place.gap {
            buf.extend_from_slice(b" gap=\"");
            push_escaped(buf, g, true);
            buf.push(b'"');
        }
        buf.push(b'>');
        Ok(())
    }

    fn property(&mut self, name: &str, values: Values<'_>, _first: bool) -> std::io::Result<()> {
        write_property(&mut self.out.buf, name, values);
        Ok(())
    }

    fn node_end(&mut self) -> std::io::Result<()> {
        self.out.buf.extend_from_slice(b"</node>\n");
        self.out.ready()
    }

    /// Each move as `</node>\n<node n="N" parent="P"><p id="B"><v>pd</v></p>`:
    /// what the methods above write for it, from a template.
    fn plain_moves(&mut self, first: usize, moves: &Moves<'_>) -> std::io::Result<()> {
        let buf = &mut self.out.buf;
        buf.reserve(moves.len() * 64);
        let mut node = Decimal::new(first as u64);
        let mut parent = Decimal::new(first.saturating_sub(1) as u64);
        for mv in moves.plain() {
            let [_, colour, _, x, y, _] = *mv.text();
            buf.extend_from_slice(b"</node>\n<node n=\"");
            node.push_to(buf);
            buf.extend_from_slice(b"\" parent=\"");
            parent.push_to(buf);
            buf.extend_from_slice(b"\"><p id=\"");
            buf.extend_from_slice(&[colour, b'"', b'>', b'<', b'v', b'>', x, y]);
            buf.extend_from_slice(b"</v></p>");
            node.incr();
            parent.incr();
        }
        self.out.ready()
    }

    fn game_end(&mut self, tail: Option<&str>) -> std::io::Result<()> {
        if let Some(t) = tail {
            text_element(&mut self.out.buf, b"tail", t);
            self.out.buf.push(b'\n');
        }
        self.out.buf.extend_from_slice(b"</game>\n");
        self.out.ready()
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.open();
        if self.closing {
            self.out.buf.extend_from_slice(b"</sgfconv>\n");
        }
        self.out.flush()
    }
}

/// `<tag>text</tag>`, or `<tag enc="base64">…</tag>` when XML cannot carry
/// the text.
fn text_element(buf: &mut Vec<u8>, tag: &[u8], s: &str) {
    buf.push(b'<');
    buf.extend_from_slice(tag);
    if s.is_empty() {
        buf.extend_from_slice(b"/>");
        return;
    }
    if can_carry(s) {
        buf.push(b'>');
        push_escaped(buf, s, false);
    } else {
        buf.extend_from_slice(b" enc=\"base64\">");
        buf.extend_from_slice(base64::encode(s.as_bytes()).as_bytes());
    }
    buf.extend_from_slice(b"</");
    buf.extend_from_slice(tag);
    buf.push(b'>');
}

fn write_game_start(buf: &mut Vec<u8>, h: &GameHeader, index: usize) -> std::io::Result<()> {
    buf.extend_from_slice(b"<game index=\"");
    push_uint(buf, index as u64);
    buf.extend_from_slice(b"\" encoding=\"");
    // What XML cannot carry never reaches here in a value; a name holding
    // it goes out unchanged.
    push_escaped(buf, h.encoding, true);
    let confidence = if h.confidence.is_finite() {
        h.confidence
    } else {
        1.0
    };
    writeln!(
        buf,
        "\" encoding-source=\"{}\" confidence=\"{confidence}\" implicit-root=\"{}\">",
        h.encoding_source.as_str(),
        h.implicit_root
    )
}

fn write_property(buf: &mut Vec<u8>, name: &str, values: Values<'_>) {
    buf.extend_from_slice(b"<p id=\"");
    push_escaped(buf, name, true);
    buf.extend_from_slice(b"\">");
    for v in values.iter() {
        match v.parts() {
            (a, Some(b)) => {
                buf.extend_from_slice(b"<c>");
                text_element(buf, b"v", a);
                text_element(buf, b"v", b);
                buf.extend_from_slice(b"</c>");
            }
            (a, None) => text_element(buf, b"v", a),
        }
    }
    buf.extend_from_slice(b"</p>");
}
