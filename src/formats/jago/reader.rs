//! The Jago XML reader: the document's character set, then quick-xml's pull
//! parser over it. Each `<GoGame>` is built by GoGui's reading rules
//! (`game.rs`), replayed at its end tag, and forgotten; elements go.dtd
//! does not have are reported and skipped with their content.

use super::codes::*;
use super::game::GameState;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Pos;
use crate::formats::structured::markup::{self, attribute as attr, next_event, Skip};
use crate::formats::structured::{self, LineCounter};
use crate::options::ReadOptions;
use crate::sink::Sink;
use quick_xml::events::{BytesStart, Event as XmlEvent};
use std::io::{BufRead, BufReader, Read};

/// Reads Jago/GoGui XML: UTF-8 as it streams, another declared character
/// set by decoding the whole document first.
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let max = options.max_value_size();
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    let head = buffered.fill_buf()?.to_vec();
    if head.starts_with(b"\xEF\xBB\xBF") {
        buffered.consume(3);
    }
    let declared = declared_encoding(&head);
    match declared {
        Some(enc) if enc != encoding_rs::UTF_8 => {
            // Jago wrote ISO-8859-1 files: decode the whole (one-game) file.
            let mut bytes = Vec::new();
            if let Err(at) = crate::input::read_lines_to_end(&mut buffered, &mut bytes, max)? {
                return Err(Error::unreadable(JAGO_TOKEN_TOO_LONG, at.message(max)));
            }
            let (text, _, _) = enc.decode(&bytes);
            report.report(
                JAGO_DECODED,
                None,
                format!("the document is declared {}; decoded to UTF-8", enc.name()),
            );
            let mut r = text.as_bytes();
            read_utf8(&mut r, Some(enc.name()), max, sink, report)
        }
        _ => read_utf8(&mut buffered, declared.map(|e| e.name()), max, sink, report),
    }
}

/// What a token is, for [`JAGO_TOKEN_TOO_LONG`].
const TOKEN: &str = "a text, a comment or a tag with its attributes";

/// The `encoding` of an XML declaration at the start of `head`.
fn declared_encoding(head: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = String::from_utf8_lossy(&head[..head.len().min(200)]);
    let decl = text.strip_prefix("<?xml")?;
    let decl = &decl[..decl.find("?>")?];
    let at = decl.find("encoding")?;
    let rest = decl[at + 8..].trim_start().strip_prefix('=')?.trim_start();
    // A quote opens the value; anything else (a damaged declaration) names
    // no encoding.
    let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    let value = rest[1..].split(quote).next()?;
    encoding_rs::Encoding::for_label(value.as_bytes())
}

/// Reads the UTF-8 document (`encoding` is what it declared, if anything);
/// no token longer than `max` bytes.
fn read_utf8(
    input: &mut dyn Read,
    encoding: Option<&'static str>,
    max: usize,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let counter = LineCounter::new(BufReader::new(input)).limit(max);
    let mut reader = quick_xml::Reader::from_reader(counter);
    let mut buf = Vec::new();
    let mut doc = Document {
        encoding,
        games: 0,
        state: None,
        text: String::new(),
        elements: Vec::new(),
        skip: Skip::default(),
        seen_root: false,
    };
    loop {
        let (pos, ev) = next_event(&mut reader, &mut buf);
        let ev = match ev {
            Ok(ev) => ev,
            Err(msg) => match reader.get_ref().too_long() {
                Some(max) => {
                    return Err(structured::too_long(JAGO_TOKEN_TOO_LONG, TOKEN, pos, max))
                }
                None => return fault(doc.games, report, pos, &msg),
            },
        };
        match doc.skip.take(&ev) {
            Some(Ok(())) => continue,
            Some(Err(msg)) => return fault(doc.games, report, pos, msg),
            None => {}
        }
        match ev {
            XmlEvent::Start(e) => doc.start(&e, false, pos, sink, report)?,
            XmlEvent::Empty(e) => doc.start(&e, true, pos, sink, report)?,
            XmlEvent::End(e) => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                doc.elements.pop();
                doc.end_element(&name, pos, sink, report)?;
                markup::give_back_string(&mut doc.text);
            }
            XmlEvent::Text(t) => match t.unescape() {
                Ok(s) => doc.text.push_str(&s),
                Err(e) => return fault(doc.games, report, pos, &e.to_string()),
            },
            XmlEvent::CData(t) => doc.text.push_str(&String::from_utf8_lossy(&t)),
            XmlEvent::Eof => {
                if !doc.seen_root || doc.state.is_some() {
                    return fault(doc.games, report, pos, "unexpected end of input");
                }
                return Ok(());
            }
            _ => {}
        }
        // A text made of many pieces (split by comments, CDATA) is bounded
        // as a whole.
        if doc.text.len() > max {
            return Err(structured::too_long(
                JAGO_TOKEN_TOO_LONG,
                "a text",
                pos,
                max as u64,
            ));
        }
    }
}

fn fault(games: usize, report: &mut Reporter, pos: Pos, msg: &str) -> Result<(), Error> {
    structured::syntax_fault(
        JAGO_SYNTAX,
        "not Jago XML",
        "not well-formed XML",
        games,
        report,
        pos,
        msg,
    )
}

/// The document being read: the game inside its current `<GoGame>`, the
/// open elements and the text of the innermost one.
struct Document {
    /// The character set the document declared.
    encoding: Option<&'static str>,
    /// Games replayed.
    games: usize,
    state: Option<GameState>,
    text: String,
    elements: Vec<String>,
    skip: Skip,
    seen_root: bool,
}

impl Document {
    /// A start tag (`empty`: `<x/>`, which ends at once).
    fn start(
        &mut self,
        e: &BytesStart<'_>,
        empty: bool,
        pos: Pos,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
        // The first root, or (no element open after it ended) the next
        // document's of a concatenated input, read as the first.
        let next_document = self.seen_root && self.elements.is_empty() && name == "Go";
        if !self.seen_root || next_document {
            if name != "Go" {
                return Err(Error::unreadable(
                    JAGO_SYNTAX,
                    format!("root element is <{name}>, not <Go>"),
                ));
            }
            self.seen_root = true;
            if !empty {
                self.elements.push(name);
            }
            return Ok(());
        }
        if !self.start_element(&name, e, pos, report) {
            report.report(
                JAGO_UNKNOWN_ELEMENT,
                Some(pos),
                format!(
                    "element <{name}> is not part of go.dtd: it and everything inside it dropped"
                ),
            );
            if !empty {
                self.skip.element();
            }
            return Ok(());
        }
        self.text.clear();
        if empty {
            self.end_element(&name, pos, sink, report)
        } else {
            self.elements.push(name);
            Ok(())
        }
    }

    /// Handles a start tag; `false` for an element go.dtd does not have.
    fn start_element(
        &mut self,
        name: &str,
        e: &BytesStart<'_>,
        pos: Pos,
        report: &mut Reporter,
    ) -> bool {
        if name == "GoGame" {
            self.state = Some(GameState::new(
                self.games,
                pos,
                self.encoding,
                attr(e, "name"),
            ));
            return true;
        }
        let parent = self.elements.last().map(String::as_str).unwrap_or("");
        match self.state.as_mut() {
            Some(st) => st.start(name, parent, e, pos, report),
            None => false,
        }
    }

    /// Handles an end tag (the element is no longer among the open ones);
    /// `</GoGame>` replays the game.
    fn end_element(
        &mut self,
        name: &str,
        pos: Pos,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        if name == "GoGame" {
            if let Some(st) = self.state.take() {
                let game = st.finish();
                report.set_game(Some(self.games));
                self.games += 1;
                game.replay(sink, report)?;
            }
            return Ok(());
        }
        let parent = self.elements.last().map(String::as_str).unwrap_or("");
        if let Some(st) = self.state.as_mut() {
            st.end(name, parent, &mut self.text, pos, report);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A damaged declaration names no encoding, and does not panic
    /// (fuzzing found a replacement character where the quote should be).
    #[test]
    fn a_damaged_declaration_names_no_encoding() {
        assert_eq!(
            declared_encoding(b"<?xml version=\"1.0\" encoding='ISO-8859-1'?>"),
            Some(encoding_rs::WINDOWS_1252)
        );
        assert_eq!(declared_encoding(b"<?xml encoding=\xff\xfeUTF-8\"?>"), None);
        assert_eq!(declared_encoding(b"<?xml encoding=UTF-8?>"), None);
    }
}
