//! The XML reader: quick-xml's pull parser builds one game of the flat
//! model, replays it, and forgets it. Elements it does not know are
//! reported and skipped with their content.

use super::codes::*;
use super::{base64, VERSION};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{EncodingSource, GameHeader, Pos, PropertyBuf};
use crate::formats::structured::flat::{FlatGame, FlatNode};
use crate::formats::structured::markup::{
    attribute as attr, give_back_string, next_event, Skip, KEEP_CAPACITY,
};
use crate::formats::structured::{self, LineCounter};
use crate::input::{PieceEnd, Resume};
use crate::options::ReadOptions;
use crate::sink::Sink;
use quick_xml::events::{BytesStart, Event as XmlEvent};
use std::io::{BufRead, BufReader, Read};

/// The quick-xml reader over an input, counting lines.
type Xml<'a> = quick_xml::Reader<LineCounter<BufReader<&'a mut dyn Read>>>;

/// Reads sgfconv XML, replaying each game as its `</game>` arrives: the
/// whole input from [`Resume::default`], else a piece of an input or its
/// rest, from `resume` on, after the document's head (`super::cuts`):
/// positions, game numbers and diagnostics as a reading of the whole input
/// gives them.
pub fn read_from(
    input: &mut dyn Read,
    resume: Resume,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    if buffered.fill_buf()?.starts_with(b"\xEF\xBB\xBF") {
        buffered.consume(3);
    }
    let counter = LineCounter::new(buffered).limit(options.max_value_size());
    let mut reader = quick_xml::Reader::from_reader(counter);
    let mut buf = Vec::new();
    let mut st = XmlReadState {
        games: resume.games,
        ..Default::default()
    };
    if resume.head > 0 && !read_head(&mut reader, &mut buf, &mut st, resume, sink)? {
        return Ok(PieceEnd::default());
    }
    if resume.continuing {
        // As one reading has it here: the last game replayed.
        report.set_game(resume.games.checked_sub(1));
    }
    loop {
        let (pos, ev) = next_event(&mut reader, &mut buf);
        let ev = match ev {
            Ok(ev) => ev,
            Err(msg) => match reader.get_ref().too_long() {
                Some(max) => return Err(structured::too_long(XML_TOKEN_TOO_LONG, TOKEN, pos, max)),
                None => return fault(&st, resume, report, pos, &msg),
            },
        };
        // A root element after the first ends: the next document of a
        // concatenated input, read as the first.
        st.at_top = st.depth == 0;
        match &ev {
            XmlEvent::Start(_) => st.depth += 1,
            XmlEvent::End(_) => st.depth = st.depth.saturating_sub(1),
            _ => {}
        }
        match st.skip.take(&ev) {
            Some(Ok(())) => continue,
            Some(Err(msg)) => return fault(&st, resume, report, pos, msg),
            None => {}
        }
        match st.event(ev, pos, sink, report)? {
            // A value made of many texts (split by comments, CDATA) is
            // bounded as a whole.
            Next::Read if st.value_len() > options.max_value_size() => {
                let max = options.max_value_size() as u64;
                return Err(structured::too_long(
                    XML_TOKEN_TOO_LONG,
                    "a value",
                    pos,
                    max,
                ));
            }
            Next::Read => {}
            Next::Done => {
                return Ok(PieceEnd {
                    games: st.games - resume.games,
                    clean: st.depth <= 1 && !st.skip.active() && matches!(st.text, Text::None),
                })
            }
            Next::Fault(msg) => return fault(&st, resume, report, pos, &msg),
        }
    }
}

/// Reads the document's head (`resume.head` bytes: the prolog and the root
/// tag) for its state only, then counts positions from `resume.pos`.
/// `false` when it is not that.
fn read_head(
    reader: &mut Xml<'_>,
    buf: &mut Vec<u8>,
    st: &mut XmlReadState,
    resume: Resume,
    sink: &mut dyn Sink,
) -> Result<bool, Error> {
    let mut quiet = Reporter::new("", crate::diag::Output::Discard);
    while reader.get_ref().pos().offset < resume.head as u64 {
        let (pos, ev) = next_event(reader, buf);
        match ev {
            Ok(XmlEvent::Eof) | Err(_) => return Ok(false),
            Ok(ev) => {
                if !matches!(st.event(ev, pos, sink, &mut quiet)?, Next::Read) {
                    return Ok(false);
                }
            }
        }
    }
    reader.get_mut().restart_at(resume.pos);
    st.depth = 1;
    Ok(st.seen_root && st.game.is_none() && reader.get_ref().pos() == resume.pos)
}

/// A syntax fault: reported as one reading of the whole input reports it
/// (see `syntax_error`); the piece did not end between games. A piece read
/// as if no game came before, when some may have, says only that: it is
/// read again from where the games before it are known.
fn fault(
    st: &XmlReadState,
    resume: Resume,
    report: &mut Reporter,
    pos: Pos,
    msg: &str,
) -> Result<PieceEnd, Error> {
    let end = PieceEnd {
        games: st.games - resume.games,
        clean: false,
    };
    if resume.continuing && st.games == 0 {
        return Ok(end);
    }
    syntax_error(st, report, pos, msg)?;
    Ok(end)
}

/// What a token is, for [`XML_TOKEN_TOO_LONG`].
const TOKEN: &str = "a text, a comment or a tag with its attributes";

/// What the reader does after an event.
enum Next {
    Read,
    /// The document ended where it may.
    Done,
    /// A syntax error.
    Fault(String),
}

/// What the reader is inside of.
#[derive(Default)]
enum Text {
    #[default]
    None,
    /// A `<k>` or `<v>` being read: its text so far, and whether base64.
    Value(String, bool),
}

#[derive(Default)]
struct XmlReadState {
    seen_root: bool,
    game: Option<FlatGame>,
    meta_parts: Vec<String>,
    prop: Option<PropertyBuf>,
    compose: Option<Vec<String>>,
    text: Text,
    /// Elements open inside the `<k>`, `<v>` or `<tail>` being read (markup
    /// where only text belongs): their text is kept, their tags dropped.
    in_value: usize,
    games: usize,
    /// Elements open (the root's included): a piece ends between games
    /// with only the root open, or none.
    depth: usize,
    /// The event being read came with no element open: a root element
    /// (the first document's, or the next one's in a concatenated input).
    at_top: bool,
    skip: Skip,
    /// A value's buffer and a property's, kept for the next (small ones
    /// only: a huge value's memory is given back).
    spare_text: String,
    spare_prop: PropertyBuf,
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
    structured::syntax_fault(
        XML_SYNTAX,
        "not sgfconv XML",
        "not well-formed XML",
        st.games,
        report,
        pos,
        msg,
    )
}

impl XmlReadState {
    /// One event outside skipped content.
    fn event(
        &mut self,
        ev: XmlEvent<'_>,
        pos: Pos,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<Next, Error> {
        match ev {
            XmlEvent::Start(e) if matches!(self.text, Text::Value(..)) => {
                self.markup_in_value(&e, pos, report);
                self.in_value += 1;
            }
            XmlEvent::Empty(e) if matches!(self.text, Text::Value(..)) => {
                self.markup_in_value(&e, pos, report);
            }
            XmlEvent::End(_) if self.in_value > 0 => self.in_value -= 1,
            XmlEvent::Start(e) | XmlEvent::Empty(e) if !self.seen_root => {
                root(&e, pos, report)?;
                self.seen_root = true;
            }
            XmlEvent::Start(e) | XmlEvent::Empty(e)
                if self.at_top && e.name().as_ref() == b"sgfconv" =>
            {
                root(&e, pos, report)?;
            }
            XmlEvent::Start(e) => self.start(&e, pos, report),
            XmlEvent::Empty(e) => {
                self.start(&e, pos, report);
                if self.skip.active() {
                    self.skip.stop();
                } else {
                    self.end(e.name().as_ref(), pos, sink, report)?;
                }
            }
            XmlEvent::End(e) => self.end(e.name().as_ref(), pos, sink, report)?,
            XmlEvent::Text(t) => match t.unescape() {
                Ok(s) => self.text(&s, pos, report),
                Err(e) => return Ok(Next::Fault(e.to_string())),
            },
            XmlEvent::CData(t) => {
                if let Text::Value(acc, _) = &mut self.text {
                    acc.push_str(&String::from_utf8_lossy(&t));
                }
            }
            XmlEvent::Eof => {
                if self.game.is_some() || !self.seen_root {
                    return Ok(Next::Fault("unexpected end of input".into()));
                }
                return Ok(Next::Done);
            }
            _ => {}
        }
        Ok(Next::Read)
    }

    /// An element inside a `<k>`, `<v>` or `<tail>`, which hold text only:
    /// its tags are dropped and its text kept in place (`<v>a<b>b</b>c</v>`
    /// reads `abc`), reported once per value.
    fn markup_in_value(&self, e: &BytesStart<'_>, pos: Pos, report: &mut Reporter) {
        if self.in_value > 0 {
            return;
        }
        report.report(
            XML_MARKUP_IN_VALUE,
            Some(pos),
            format!(
                "element <{}> inside a value: <k>, <v> and <tail> hold text only \
                 (markup characters escaped as &lt; &gt; &amp;); its tags were dropped, \
                 its text kept in the value",
                String::from_utf8_lossy(e.name().as_ref())
            ),
        );
    }

    /// The length of the `<k>` or `<v>` being read (0 outside one).
    fn value_len(&self) -> usize {
        match &self.text {
            Text::Value(s, _) => s.len(),
            Text::None => 0,
        }
    }

    /// Text: part of a `<k>` or `<v>`, else stray.
    fn text(&mut self, s: &str, pos: Pos, report: &mut Reporter) {
        match &mut self.text {
            Text::Value(acc, _) => acc.push_str(s),
            Text::None if s.trim().is_empty() => {}
            Text::None => report.report(
                XML_STRAY_TEXT,
                Some(pos),
                format!("text {:?} outside <v> or <k>; ignored", short(s)),
            ),
        }
    }

    fn start(&mut self, e: &BytesStart<'_>, pos: Pos, report: &mut Reporter) {
        match e.name().as_ref() {
            b"game" => {
                let mut g = FlatGame::new(game_header(e, self.games, pos, report));
                g.tail = attr(e, "tail");
                self.game = Some(g);
            }
            b"meta" => self.meta_parts.clear(),
            b"node" => {
                let Some(g) = &mut self.game else {
                    return self.unknown(e, pos, report);
                };
                g.push_node(node(e, pos, report));
            }
            b"p" => {
                // Identifiers pass through as written, like the SGF reader's.
                let mut p = std::mem::take(&mut self.spare_prop);
                p.name.clear();
                p.clear_values();
                if let Some(id) = e.try_get_attribute("id").ok().flatten() {
                    p.name.push_str(&id.unescape_value().unwrap_or_default());
                }
                self.prop = Some(p);
            }
            b"c" => self.compose = Some(Vec::new()),
            b"k" | b"v" | b"tail" => {
                let b64 =
                    !e.attributes_raw().is_empty() && attr(e, "enc").is_some_and(|v| v == "base64");
                self.text = Text::Value(std::mem::take(&mut self.spare_text), b64);
            }
            _ => self.unknown(e, pos, report),
        }
    }

    fn unknown(&mut self, e: &BytesStart<'_>, pos: Pos, report: &mut Reporter) {
        report.report(
            XML_UNKNOWN_ELEMENT,
            Some(pos),
            format!(
                "element <{}> is not part of sgfconv XML here: it and everything inside it \
                 dropped",
                String::from_utf8_lossy(e.name().as_ref())
            ),
        );
        self.skip.element();
    }

    fn end(
        &mut self,
        name: &[u8],
        pos: Pos,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        match name {
            b"k" | b"v" | b"tail" => self.end_text(name, pos, report),
            b"c" => self.end_compose(pos, report),
            b"p" => {
                if let Some(p) = self.prop.take() {
                    if let Some(g) = self.game.as_mut() {
                        g.push_prop(&p.as_property());
                    }
                    let size: usize = p.values().iter().map(|v| v.text().len()).sum();
                    if size <= KEEP_CAPACITY {
                        self.spare_prop = p;
                    }
                }
            }
            b"meta" => {
                if let (Some(g), [k, v]) = (&mut self.game, self.meta_parts.as_slice()) {
                    g.meta.push((k.clone(), v.clone()));
                }
                self.meta_parts.clear();
            }
            b"game" => {
                if let Some(g) = self.game.take() {
                    report.set_game(Some(self.games));
                    self.games += 1;
                    g.replay(sink, report)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A `<k>`, `<v>` or `<tail>` ends: its text goes where it belongs.
    fn end_text(&mut self, name: &[u8], pos: Pos, report: &mut Reporter) {
        let mut text = match std::mem::replace(&mut self.text, Text::None) {
            Text::Value(s, false) => s,
            Text::Value(s, true) => {
                match base64::decode(&s).and_then(|b| String::from_utf8(b).ok()) {
                    Some(s) => s,
                    None => {
                        report.report(
                            XML_BAD_BASE64,
                            Some(pos),
                            format!("{:?} is not base64 of UTF-8 text; read as empty", short(&s)),
                        );
                        String::new()
                    }
                }
            }
            Text::None => String::new(),
        };
        if name == b"tail" {
            if let Some(g) = &mut self.game {
                g.tail = Some(text);
            }
        } else if let Some(parts) = &mut self.compose {
            parts.push(text);
        } else if let Some(p) = &mut self.prop {
            p.push(&text);
            give_back_string(&mut text);
            self.spare_text = text;
        } else {
            self.meta_parts.push(text);
        }
    }

    /// A `<c>` ends: its two values are one compose value.
    fn end_compose(&mut self, pos: Pos, report: &mut Reporter) {
        let parts = self.compose.take().unwrap_or_default();
        if let Some(p) = &mut self.prop {
            match parts.as_slice() {
                [a, b] => {
                    p.push_compose(a, b);
                }
                _ => {
                    report.report(
                        XML_BAD_COMPOSE,
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
}

/// The root element: `<sgfconv>` (its version checked), else the input is
/// refused.
fn root(e: &BytesStart<'_>, pos: Pos, report: &mut Reporter) -> Result<(), Error> {
    if e.name().as_ref() != b"sgfconv" {
        let hint = if e.name().as_ref() == b"Go" {
            " (this looks like Jago/GoGui XML: read it with -f jago)"
        } else {
            ""
        };
        return Err(Error::unreadable(
            XML_SYNTAX,
            format!(
                "root element is <{}>, not <sgfconv>{hint}",
                String::from_utf8_lossy(e.name().as_ref())
            ),
        ));
    }
    if let Some(v) = attr(e, "version") {
        if v != VERSION {
            report.report(
                XML_BAD_ATTRIBUTE,
                Some(pos),
                format!("version {v:?} is not {VERSION}; read as version {VERSION}"),
            );
        }
    }
    Ok(())
}

/// The header of game `index` from the attributes of its `<game>`; one
/// that cannot be read is reported and left at its default.
fn game_header(e: &BytesStart<'_>, index: usize, pos: Pos, report: &mut Reporter) -> GameHeader {
    let mut h = GameHeader::new(index);
    h.pos = pos;
    if let Some(enc) = attr(e, "encoding") {
        match encoding_rs::Encoding::for_label(enc.trim().as_bytes()) {
            Some(x) => h.encoding = x.name(),
            None => report.report(
                XML_BAD_ATTRIBUTE,
                Some(pos),
                format!("encoding {enc:?} is unknown; UTF-8 recorded instead"),
            ),
        }
    }
    if let Some(s) = attr(e, "encoding-source") {
        match EncodingSource::parse(&s) {
            Some(x) => h.encoding_source = x,
            None => report.report(
                XML_BAD_ATTRIBUTE,
                Some(pos),
                format!("encoding-source {s:?} is unknown; \"intrinsic\" recorded"),
            ),
        }
    }
    if let Some(c) = attr(e, "confidence") {
        match c.trim().parse::<f32>() {
            Ok(x) if (0.0..=1.0).contains(&x) => h.confidence = x,
            _ => report.report(
                XML_BAD_ATTRIBUTE,
                Some(pos),
                format!("confidence {c:?} is not a number from 0 to 1; 1 recorded"),
            ),
        }
    }
    h.implicit_root = attr(e, "implicit-root").is_some_and(|v| v == "true" || v == "1");
    h
}

/// A node from the attributes of its `<node>`, without properties yet.
fn node(e: &BytesStart<'_>, pos: Pos, report: &mut Reporter) -> FlatNode {
    // One pass over the attributes: this runs for every node.
    let (mut parent, mut variation, mut gap) = (None, false, None);
    for a in e.attributes().flatten() {
        let value = || a.unescape_value().unwrap_or_default();
        match a.key.as_ref() {
            b"parent" => {
                let p = value();
                match p.trim().parse::<usize>() {
                    Ok(p) => parent = Some(p),
                    Err(_) => report.report(
                        XML_BAD_ATTRIBUTE,
                        Some(pos),
                        format!("parent {p:?} is not a node number; ignored"),
                    ),
                }
            }
            b"variation" => variation = matches!(a.value.as_ref(), b"true" | b"1"),
            b"gap" => gap = Some(value().into_owned()),
            _ => {}
        }
    }
    FlatNode {
        parent,
        variation,
        gap,
    }
}
