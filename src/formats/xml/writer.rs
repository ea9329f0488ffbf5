//! The XML writer: the flat model streamed node by node by the shared
//! [`FlatWriter`], in this module's syntax. Text XML 1.0 cannot carry goes
//! out as base64 (`<v enc="base64">`).

use super::{base64, VERSION};
use crate::error::Error;
use crate::event::{GameHeader, Values};
use crate::formats::structured::flat::NodePlace;
use crate::formats::structured::markup::{can_carry, escape, Unwritable};
use crate::formats::structured::stream::{FlatSyntax, FlatWriter};
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::io::{BufWriter, Write};

/// The XML writer.
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Ok(Box::new(FlatWriter::new(XmlSyntax {
        out: BufWriter::with_capacity(1 << 16, output),
        opened: false,
    })))
}

/// sgfconv XML: a `<game>` per game, a `<node>` per line.
struct XmlSyntax<'w> {
    out: BufWriter<Box<dyn Write + 'w>>,
    opened: bool,
}

impl XmlSyntax<'_> {
    fn open(&mut self) -> std::io::Result<()> {
        if !self.opened {
            writeln!(
                self.out,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sgfconv version=\"{VERSION}\">"
            )?;
            self.opened = true;
        }
        Ok(())
    }
}

impl FlatSyntax for XmlSyntax<'_> {
    fn game_start(
        &mut self,
        header: &GameHeader,
        index: usize,
        _file: &str,
    ) -> std::io::Result<()> {
        self.open()?;
        write_game_start(&mut self.out, header, index)
    }

    fn meta(&mut self, meta: &[(String, String)]) -> std::io::Result<()> {
        for (k, v) in meta {
            self.out.write_all(b"<meta>")?;
            text_element(&mut self.out, "k", k)?;
            text_element(&mut self.out, "v", v)?;
            self.out.write_all(b"</meta>\n")?;
        }
        Ok(())
    }

    fn node_start(&mut self, place: &NodePlace) -> std::io::Result<()> {
        write!(self.out, "<node n=\"{}\"", place.index)?;
        if let Some(p) = place.parent {
            write!(self.out, " parent=\"{p}\"")?;
        }
        if place.variation {
            self.out.write_all(b" variation=\"true\"")?;
        }
        if let Some(g) = &place.gap {
            self.out.write_all(b" gap=\"")?;
            attribute(&mut self.out, g)?;
            self.out.write_all(b"\"")?;
        }
        self.out.write_all(b">")
    }

    fn property(&mut self, name: &str, values: Values<'_>, _first: bool) -> std::io::Result<()> {
        write_property(&mut self.out, name, values)
    }

    fn node_end(&mut self) -> std::io::Result<()> {
        self.out.write_all(b"</node>\n")
    }

    fn game_end(&mut self, tail: Option<&str>) -> std::io::Result<()> {
        if let Some(t) = tail {
            text_element(&mut self.out, "tail", t)?;
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(b"</game>\n")
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.open()?;
        self.out.write_all(b"</sgfconv>\n")?;
        self.out.flush()
    }
}

/// An attribute value, escaped. What XML cannot carry never reaches here
/// in a value; an identifier holding it goes out unchanged.
fn attribute(out: &mut impl Write, s: &str) -> std::io::Result<()> {
    escape(s, true, Unwritable::Keep).write_to(out)
}

/// `<tag>text</tag>`, or `<tag enc="base64">…</tag>` when XML cannot carry
/// the text.
fn text_element(out: &mut impl Write, tag: &str, s: &str) -> std::io::Result<()> {
    if s.is_empty() {
        return write!(out, "<{tag}/>");
    }
    if can_carry(s) {
        write!(out, "<{tag}>")?;
        escape(s, false, Unwritable::Keep).write_to(out)?;
    } else {
        write!(
            out,
            "<{tag} enc=\"base64\">{}",
            base64::encode(s.as_bytes())
        )?;
    }
    write!(out, "</{tag}>")
}

fn write_game_start(out: &mut impl Write, h: &GameHeader, index: usize) -> std::io::Result<()> {
    write!(out, "<game index=\"{index}\" encoding=\"")?;
    attribute(out, h.encoding)?;
    let confidence = if h.confidence.is_finite() {
        h.confidence
    } else {
        1.0
    };
    writeln!(
        out,
        "\" encoding-source=\"{}\" confidence=\"{confidence}\" implicit-root=\"{}\">",
        h.encoding_source.as_str(),
        h.implicit_root
    )
}

fn write_property(out: &mut impl Write, name: &str, values: Values<'_>) -> std::io::Result<()> {
    out.write_all(b"<p id=\"")?;
    attribute(out, name)?;
    out.write_all(b"\">")?;
    for v in values.iter() {
        match v.parts() {
            (a, Some(b)) => {
                out.write_all(b"<c>")?;
                text_element(out, "v", a)?;
                text_element(out, "v", b)?;
                out.write_all(b"</c>")?;
            }
            (a, None) => text_element(out, "v", a)?,
        }
    }
    out.write_all(b"</p>")
}
