//! sgfconv's lossless XML model: the flat game model of `formats/json.md`
//! as XML. What the format is: `formats/xml.md`; its schema:
//! `formats/sgfconv.xsd`.
//!
//! The writer holds one game (the flat model), writes it, and forgets it;
//! the reader (quick-xml, pull parser) builds one game, replays it, and
//! forgets it. Nesting is a constant six levels whatever the game tree's
//! depth. Strings XML 1.0 cannot carry (control characters) are written as
//! base64 of their UTF-8 bytes, `<v enc="base64">`; carriage returns are
//! written as `&#13;` so XML's line-end normalisation cannot eat them.

use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{EncodingSource, Event, GameHeader, Pos, PropertyBuf, Values};
use crate::formats::structured::flat::{FlatGame, FlatNode, Tracker, E_ORPHAN_PROPERTY};
use crate::formats::structured::LineCounter;
use crate::options::{ReadOptions, WriteOptions};
use crate::sink::Sink;
use quick_xml::events::{BytesStart, Event as XmlEvent};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};

/// Not well-formed XML, or not sgfconv XML at all; games before the fault
/// were kept.
pub const E_SYNTAX: Code = Code::new("E362", "xml-syntax");
/// An attribute value that cannot be read (bad number, unknown encoding
/// name...); the default was used.
pub const W_BAD_ATTRIBUTE: Code = Code::new("W363", "xml-bad-attribute");
/// An element this reader does not know; it and its content were skipped.
pub const I_UNKNOWN_ELEMENT: Code = Code::new("I364", "xml-unknown-element");
/// A `<v enc="base64">` that is not base64 of UTF-8 text; the value was
/// read as empty.
pub const E_BAD_BASE64: Code = Code::new("E365", "xml-bad-base64");
/// Text where only elements belong; ignored.
pub const W_STRAY_TEXT: Code = Code::new("W366", "xml-stray-text");
/// A compose value `<c>` without exactly two `<v>`; its parts were joined
/// as one plain value.
pub const W_BAD_COMPOSE: Code = Code::new("W367", "xml-bad-compose");

pub const VERSION: &str = "1";

/// An XML document whose root element is `<sgfconv>`.
pub fn sniff(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(1024)]);
    text.contains("<sgfconv")
}

// ---------------------------------------------------------------- writer

pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Ok(Box::new(XmlWriter {
        out: BufWriter::with_capacity(1 << 16, output),
        tracker: Tracker::default(),
        games: 0,
        opened: false,
        game: GameState::Outside,
        meta: Vec::new(),
    }))
}

/// Where the writer is inside the current game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GameState {
    Outside,
    /// `<game>` is written; `Meta` events are still being collected.
    Header,
    /// Between nodes.
    Nodes,
    /// Inside a `<node>`, properties being written.
    InNode,
}

/// Streams node by node: nothing of a game is held but its source facts
/// until its first node.
struct XmlWriter<'w> {
    out: BufWriter<Box<dyn Write + 'w>>,
    tracker: Tracker,
    games: usize,
    opened: bool,
    game: GameState,
    meta: Vec<(String, String)>,
}

impl XmlWriter<'_> {
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

    fn write_meta(&mut self) -> std::io::Result<()> {
        for (k, v) in std::mem::take(&mut self.meta) {
            self.out.write_all(b"<meta>")?;
            text_element(&mut self.out, "k", &k)?;
            text_element(&mut self.out, "v", &v)?;
            self.out.write_all(b"</meta>\n")?;
        }
        self.game = GameState::Nodes;
        Ok(())
    }

    fn close_node(&mut self) -> std::io::Result<()> {
        if self.game == GameState::InNode {
            self.out.write_all(b"</node>\n")?;
            self.game = GameState::Nodes;
        }
        Ok(())
    }

    fn end_game(&mut self) -> std::io::Result<()> {
        match self.game {
            GameState::Outside => return Ok(()),
            GameState::Header => self.write_meta()?,
            _ => self.close_node()?,
        }
        if let Some(t) = self.tracker.end() {
            text_element(&mut self.out, "tail", &t)?;
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(b"</game>\n")?;
        self.game = GameState::Outside;
        self.games += 1;
        Ok(())
    }
}

impl Sink for XmlWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                self.end_game()?;
                self.open()?;
                write_game_start(&mut self.out, h, self.games)?;
                self.tracker.start();
                self.meta.clear();
                self.game = GameState::Header;
            }
            Event::Meta { key, value } => match self.game {
                GameState::Header => self.meta.push((key.to_string(), value.to_string())),
                _ => report.error(
                    E_ORPHAN_PROPERTY,
                    None,
                    format!("source fact {key} comes after the first node of its game; dropped"),
                ),
            },
            Event::VariationStart(_) => self.tracker.paren(true),
            Event::VariationEnd(_) => self.tracker.paren(false),
            Event::Node(_) => {
                match self.game {
                    GameState::Outside => return Ok(()),
                    GameState::Header => self.write_meta()?,
                    _ => self.close_node()?,
                }
                let place = self.tracker.node();
                write!(self.out, "<node n=\"{}\"", place.index)?;
                if let Some(p) = place.parent {
                    write!(self.out, " parent=\"{p}\"")?;
                }
                if place.variation {
                    self.out.write_all(b" variation=\"true\"")?;
                }
                if let Some(g) = &place.gap {
                    self.out.write_all(b" gap=\"")?;
                    escape(&mut self.out, g, true)?;
                    self.out.write_all(b"\"")?;
                }
                self.out.write_all(b">")?;
                self.game = GameState::InNode;
            }
            Event::Property(p) => {
                if self.game != GameState::InNode {
                    report.error(
                        E_ORPHAN_PROPERTY,
                        Some(p.pos),
                        format!("property {} comes before the first node; dropped", p.name),
                    );
                    return Ok(());
                }
                write_property(&mut self.out, p.name, p.values)?;
            }
            Event::GameEnd(_) => self.end_game()?,
        }
        Ok(())
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        // A game the events left open is closed, not lost.
        self.end_game()?;
        self.open()?;
        self.out.write_all(b"</sgfconv>\n")?;
        self.out.flush()?;
        Ok(())
    }
}

/// Characters XML 1.0 allows (the `Char` production).
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Escapes text for element content or (with `attr`) a quoted attribute.
fn escape(out: &mut impl Write, s: &str, attr: bool) -> std::io::Result<()> {
    let mut last = 0;
    for (i, c) in s.char_indices() {
        let rep: &[u8] = match c {
            '&' => b"&amp;",
            '<' => b"&lt;",
            '>' => b"&gt;",
            '\r' => b"&#13;",
            '"' if attr => b"&quot;",
            '\n' if attr => b"&#10;",
            '\t' if attr => b"&#9;",
            _ => continue,
        };
        out.write_all(&s.as_bytes()[last..i])?;
        out.write_all(rep)?;
        last = i + c.len_utf8();
    }
    out.write_all(&s.as_bytes()[last..])
}

/// `<tag>text</tag>`, or `<tag enc="base64">…</tag>` when XML cannot carry
/// the text.
fn text_element(out: &mut impl Write, tag: &str, s: &str) -> std::io::Result<()> {
    if s.is_empty() {
        return write!(out, "<{tag}/>");
    }
    if s.chars().all(is_xml_char) {
        write!(out, "<{tag}>")?;
        escape(out, s, false)?;
    } else {
        write!(out, "<{tag} enc=\"base64\">{}", base64_encode(s.as_bytes()))?;
    }
    write!(out, "</{tag}>")
}

fn write_game_start(out: &mut impl Write, h: &GameHeader, index: usize) -> std::io::Result<()> {
    write!(out, "<game index=\"{index}\" encoding=\"")?;
    escape(out, h.encoding, true)?;
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
    escape(out, name, true)?;
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

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in s.bytes() {
        if c.is_ascii_whitespace() || c == b'=' {
            continue;
        }
        let v = B64.iter().position(|&b| b == c)? as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

// ---------------------------------------------------------------- reader

/// What the reader is inside of.
enum Text {
    None,
    /// A `<k>` or `<v>` being read: its text so far, and whether base64.
    Value(String, bool),
}

struct XmlReadState {
    game: Option<FlatGame>,
    meta_parts: Vec<String>,
    prop: Option<PropertyBuf>,
    compose: Option<Vec<String>>,
    text: Text,
    games: usize,
    /// Depth inside an unknown element being skipped.
    skip: usize,
}

pub fn read(
    input: &mut dyn Read,
    _options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    if buffered.fill_buf()?.starts_with(b"\xEF\xBB\xBF") {
        buffered.consume(3);
    }
    let mut reader = quick_xml::Reader::from_reader(LineCounter::new(buffered));
    let mut buf = Vec::new();
    let mut st = XmlReadState {
        game: None,
        meta_parts: Vec::new(),
        prop: None,
        compose: None,
        text: Text::None,
        games: 0,
        skip: 0,
    };
    let mut seen_root = false;
    loop {
        buf.clear();
        let ev = match reader.read_event_into(&mut buf) {
            Ok(ev) => ev,
            Err(e) => {
                let pos = reader.get_ref().pos();
                return syntax_error(&st, report, pos, &e.to_string());
            }
        };
        let pos = reader.get_ref().pos();
        if st.skip > 0 {
            match ev {
                XmlEvent::Start(_) => st.skip += 1,
                XmlEvent::End(_) => st.skip -= 1,
                XmlEvent::Eof => return syntax_error(&st, report, pos, "unexpected end of input"),
                _ => {}
            }
            continue;
        }
        match ev {
            XmlEvent::Start(e) | XmlEvent::Empty(e) if !seen_root => {
                if e.name().as_ref() != b"sgfconv" {
                    let hint = if e.name().as_ref() == b"Go" {
                        " (this looks like Jago/GoGui XML: read it with -f jago)"
                    } else {
                        ""
                    };
                    return Err(Error::unreadable(
                        E_SYNTAX.id,
                        format!(
                            "root element is <{}>, not <sgfconv>{hint}",
                            String::from_utf8_lossy(e.name().as_ref())
                        ),
                    ));
                }
                if let Some(v) = attr(&e, "version") {
                    if v != VERSION {
                        report.warn(
                            W_BAD_ATTRIBUTE,
                            Some(pos),
                            format!("version {v:?} is not {VERSION}; read as version {VERSION}"),
                        );
                    }
                }
                seen_root = true;
            }
            XmlEvent::Start(e) => {
                let empty = false;
                start(&mut st, &e, empty, pos, report);
            }
            XmlEvent::Empty(e) => {
                start(&mut st, &e, true, pos, report);
                if st.skip == 0 {
                    end(&mut st, e.name().as_ref(), pos, sink, report)?;
                } else {
                    st.skip = 0;
                }
            }
            XmlEvent::End(e) => end(&mut st, e.name().as_ref(), pos, sink, report)?,
            XmlEvent::Text(t) => {
                let s = match t.unescape() {
                    Ok(s) => s,
                    Err(e) => return syntax_error(&st, report, pos, &e.to_string()),
                };
                match &mut st.text {
                    Text::Value(acc, _) => acc.push_str(&s),
                    Text::None if s.trim().is_empty() => {}
                    Text::None => report.warn(
                        W_STRAY_TEXT,
                        Some(pos),
                        format!("text {:?} outside <v> or <k>; ignored", short(&s)),
                    ),
                }
            }
            XmlEvent::CData(t) => {
                if let Text::Value(acc, _) = &mut st.text {
                    acc.push_str(&String::from_utf8_lossy(&t));
                }
            }
            XmlEvent::Eof => {
                if st.game.is_some() || !seen_root {
                    return syntax_error(&st, report, pos, "unexpected end of input");
                }
                break;
            }
            _ => {}
        }
    }
    Ok(())
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

fn syntax_error(
    st: &XmlReadState,
    report: &mut Reporter,
    pos: Pos,
    msg: &str,
) -> Result<(), Error> {
    super::structured::syntax_fault(
        E_SYNTAX,
        "not sgfconv XML",
        "not well-formed XML",
        st.games,
        report,
        pos,
        msg,
    )
}

fn attr(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()))
}

fn start(st: &mut XmlReadState, e: &BytesStart<'_>, _empty: bool, pos: Pos, report: &mut Reporter) {
    match e.name().as_ref() {
        b"game" => {
            let mut h = GameHeader::new(st.games);
            h.pos = pos;
            if let Some(enc) = attr(e, "encoding") {
                match encoding_rs::Encoding::for_label(enc.trim().as_bytes()) {
                    Some(x) => h.encoding = x.name(),
                    None => report.warn(
                        W_BAD_ATTRIBUTE,
                        Some(pos),
                        format!("encoding {enc:?} is unknown; UTF-8 recorded instead"),
                    ),
                }
            }
            if let Some(s) = attr(e, "encoding-source") {
                match EncodingSource::parse(&s) {
                    Some(x) => h.encoding_source = x,
                    None => report.warn(
                        W_BAD_ATTRIBUTE,
                        Some(pos),
                        format!("encoding-source {s:?} is unknown; \"intrinsic\" recorded"),
                    ),
                }
            }
            if let Some(c) = attr(e, "confidence") {
                match c.trim().parse::<f32>() {
                    Ok(x) if (0.0..=1.0).contains(&x) => h.confidence = x,
                    _ => report.warn(
                        W_BAD_ATTRIBUTE,
                        Some(pos),
                        format!("confidence {c:?} is not a number from 0 to 1; 1 recorded"),
                    ),
                }
            }
            h.implicit_root = attr(e, "implicit-root").is_some_and(|v| v == "true" || v == "1");
            let mut g = FlatGame::new(h);
            g.tail = attr(e, "tail");
            st.game = Some(g);
        }
        b"meta" => st.meta_parts.clear(),
        b"node" => {
            let Some(g) = &mut st.game else {
                return unknown(st, e, pos, report);
            };
            // One pass over the attributes: this runs for every node.
            let (mut parent, mut variation, mut gap) = (None, false, None);
            for a in e.attributes().flatten() {
                let value = || {
                    a.unescape_value()
                        .map(|v| v.into_owned())
                        .unwrap_or_default()
                };
                match a.key.as_ref() {
                    b"parent" => {
                        let p = value();
                        match p.trim().parse::<usize>() {
                            Ok(p) => parent = Some(p),
                            Err(_) => report.warn(
                                W_BAD_ATTRIBUTE,
                                Some(pos),
                                format!("parent {p:?} is not a node number; ignored"),
                            ),
                        }
                    }
                    b"variation" => variation = matches!(a.value.as_ref(), b"true" | b"1"),
                    b"gap" => gap = Some(value()),
                    _ => {}
                }
            }
            g.nodes.push(FlatNode {
                parent,
                variation,
                gap,
                props: Vec::new(),
            });
        }
        b"p" => {
            // Identifiers pass through as written, like the SGF reader's.
            st.prop = Some(PropertyBuf::new(attr(e, "id").unwrap_or_default()));
        }
        b"c" => st.compose = Some(Vec::new()),
        b"k" | b"v" | b"tail" => {
            let b64 =
                !e.attributes_raw().is_empty() && attr(e, "enc").is_some_and(|v| v == "base64");
            st.text = Text::Value(String::new(), b64);
        }
        _ => unknown(st, e, pos, report),
    }
}

fn unknown(st: &mut XmlReadState, e: &BytesStart<'_>, pos: Pos, report: &mut Reporter) {
    report.info(
        I_UNKNOWN_ELEMENT,
        Some(pos),
        format!(
            "element <{}> is not part of sgfconv XML here; skipped",
            String::from_utf8_lossy(e.name().as_ref())
        ),
    );
    st.skip = 1;
}

fn end(
    st: &mut XmlReadState,
    name: &[u8],
    pos: Pos,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    match name {
        b"k" | b"v" | b"tail" => {
            let text = match std::mem::replace(&mut st.text, Text::None) {
                Text::Value(s, false) => s,
                Text::Value(s, true) => match base64_decode(&s)
                    .and_then(|b| String::from_utf8(b).ok())
                {
                    Some(s) => s,
                    None => {
                        report.error(
                            E_BAD_BASE64,
                            Some(pos),
                            format!("{:?} is not base64 of UTF-8 text; read as empty", short(&s)),
                        );
                        String::new()
                    }
                },
                Text::None => String::new(),
            };
            if name == b"tail" {
                if let Some(g) = &mut st.game {
                    g.tail = Some(text);
                }
            } else if let Some(parts) = &mut st.compose {
                parts.push(text);
            } else if let Some(p) = &mut st.prop {
                p.push(&text);
            } else {
                st.meta_parts.push(text);
            }
        }
        b"c" => {
            let parts = st.compose.take().unwrap_or_default();
            if let Some(p) = &mut st.prop {
                match parts.as_slice() {
                    [a, b] => {
                        p.push_compose(a, b);
                    }
                    _ => {
                        report.warn(
                            W_BAD_COMPOSE,
                            Some(pos),
                            format!(
                                "<c> holds {} values, not 2; joined as one plain value",
                                parts.len()
                            ),
                        );
                        p.push(&parts.join(":"));
                    }
                }
            }
        }
        b"p" => {
            if let (Some(p), Some(n)) = (
                st.prop.take(),
                st.game.as_mut().and_then(|g| g.nodes.last_mut()),
            ) {
                n.props.push(p);
            }
        }
        b"meta" => {
            if let (Some(g), [k, v]) = (&mut st.game, st.meta_parts.as_slice()) {
                g.meta.push((k.clone(), v.clone()));
            }
            st.meta_parts.clear();
        }
        b"game" => {
            if let Some(g) = st.game.take() {
                report.set_game(Some(st.games));
                st.games += 1;
                g.replay(sink, report)?;
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::OwnedEvent;
    use crate::game::Game;
    use crate::sink::EventLog;

    fn sample_game() -> Game {
        let mut h = GameHeader::new(0);
        h.encoding = "GBK";
        h.encoding_source = EncodingSource::Detected;
        h.confidence = 0.5;
        let mut g = Game::new(h);
        g.meta.push(("ugf:Files/a".into(), "<&>\r\n\"\t".into()));
        g.root_mut().set("FF", "4");
        let mut lb = PropertyBuf::new("LB");
        lb.push_compose("pd", "A:b").push("");
        g.root_mut().props.push(lb);
        g.root_mut()
            .set("C", "  lead and trail  \r\nctrl\u{1}\u{0}x ]]> 囲碁");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        let b = g.add_variation(a);
        g.node_mut(b).set("W", "");
        let c = g.add_child(0);
        g.node_mut(c).set("B", "dd");
        g
    }

    fn to_xml(games: &[Game]) -> String {
        let mut out = Vec::new();
        {
            let mut w = writer(Box::new(&mut out), &WriteOptions::default()).unwrap();
            let mut r = Reporter::collecting("t");
            for g in games {
                g.replay(&mut w, &mut r).unwrap();
            }
            w.finish(&mut r).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    fn events_of(games: &[Game]) -> Vec<OwnedEvent> {
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t");
        for (i, g) in games.iter().enumerate() {
            let mut g = g.clone();
            g.header.index = i;
            g.replay(&mut log, &mut r).unwrap();
        }
        log.events
    }

    fn read_events(xml: &str) -> (Vec<OwnedEvent>, Reporter) {
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t.xml");
        read(
            &mut xml.as_bytes(),
            &ReadOptions::default(),
            &mut log,
            &mut r,
        )
        .unwrap();
        (log.events, r)
    }

    #[test]
    fn round_trips_event_for_event() {
        let games = vec![sample_game(), sample_game()];
        let xml = to_xml(&games);
        let (mut back, r) = read_events(&xml);
        assert_eq!(r.warnings() + r.errors(), 0, "{:?}", r.collected());
        // The reader records where each game starts; the rest is identical.
        let lines: Vec<u32> = back
            .iter_mut()
            .filter_map(|e| match e {
                OwnedEvent::GameStart(h) => Some(std::mem::take(&mut h.pos).line),
                _ => None,
            })
            .collect();
        assert_eq!(lines, vec![3, 11]);
        assert_eq!(back, events_of(&games));
    }

    #[test]
    fn layout_and_encoding_of_awkward_text() {
        let xml = to_xml(&[sample_game()]);
        assert!(xml
            .starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sgfconv version=\"1\">\n"));
        assert!(xml.contains("<game index=\"0\" encoding=\"GBK\" encoding-source=\"detected\" confidence=\"0.5\" implicit-root=\"false\">"));
        assert!(
            xml.contains("<meta><k>ugf:Files/a</k><v>&lt;&amp;&gt;&#13;\n\"\t</v></meta>"),
            "{xml}"
        );
        assert!(xml.contains("<p id=\"LB\"><c><v>pd</v><v>A:b</v></c><v/></p>"));
        // A control character makes the whole value base64.
        assert!(xml.contains("<p id=\"C\"><v enc=\"base64\">"));
        assert!(xml
            .contains("<node n=\"2\" parent=\"1\" variation=\"true\"><p id=\"W\"><v/></p></node>"));
        assert!(xml.ends_with("</game>\n</sgfconv>\n"));
    }

    #[test]
    fn base64_round_trips() {
        for s in ["", "a", "ab", "abc", "abcd", "\u{0}日本"] {
            assert_eq!(
                base64_decode(&base64_encode(s.as_bytes())).unwrap(),
                s.as_bytes()
            );
        }
        assert_eq!(base64_encode(b"Man"), "TWFu");
        assert_eq!(base64_encode(b"Ma"), "TWE=");
    }

    #[test]
    fn faults_are_reported_with_positions() {
        let err = read(
            &mut &b"<sgfconv><game><node></game>"[..],
            &ReadOptions::default(),
            &mut EventLog::default(),
            &mut Reporter::collecting("t"),
        );
        assert!(matches!(err, Err(Error::Unreadable { code: "E362", .. })));
        let err = read(
            &mut &b"<Go/>"[..],
            &ReadOptions::default(),
            &mut EventLog::default(),
            &mut Reporter::collecting("t"),
        );
        assert!(matches!(err, Err(Error::Unreadable { .. })));
        let xml = "<sgfconv version=\"1\">\n<game><node><p id=\"B\"><v>aa</v></p><x>y</x></node></game>\n<game><node>oops</node></game>\n<game>";
        let (back, r) = read_events(xml);
        assert_eq!(
            back.iter()
                .filter(|e| matches!(e, OwnedEvent::GameStart(_)))
                .count(),
            2
        );
        let codes: Vec<_> = r.collected().iter().map(|d| d.code.id).collect();
        assert_eq!(codes, vec!["I364", "W366", "E362"]);
        assert_eq!(r.collected()[1].pos.map(|p| p.line), Some(3));
    }

    #[test]
    fn deep_games_write_and_read_flat() {
        let mut g = Game::default();
        let mut at = 0;
        for _ in 0..100_000 {
            at = g.add_variation(at);
            g.node_mut(at).set("B", "aa");
        }
        let xml = to_xml(&[g]);
        let mut counter = crate::sink::Counter::default();
        read(
            &mut xml.as_bytes(),
            &ReadOptions::default(),
            &mut counter,
            &mut Reporter::collecting("t"),
        )
        .unwrap();
        assert_eq!(counter.nodes, 100_001);
    }
}
