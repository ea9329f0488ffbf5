//! sgfconv's lossless XML model: the flat game model of `formats/json.md`
//! as XML. What the format is: `formats/xml.md`; its schema:
//! `formats/sgfconv.xsd`.
//!
//! * [`writer`] (`writer.rs`): streams node by node through the shared
//!   flat-model writer (`structured/stream.rs`), holding nothing of a game
//!   but its source facts until its first node.
//! * [`read_from`] (`reader.rs`): quick-xml's pull parser builds one game,
//!   replays it, and forgets it.
//!
//! Nesting is a constant six levels whatever the game tree's depth. Strings
//! XML 1.0 cannot carry (control characters) are written as base64 of their
//! UTF-8 bytes (`base64.rs`), `<v enc="base64">`; carriage returns are
//! written as `&#13;` so XML's line-end normalisation cannot eat them (the
//! escaper of `structured/markup.rs`).

mod base64;
pub mod codes;
mod cuts;
mod reader;
mod writer;

pub use cuts::cuts;
pub use reader::read_from;
pub use writer::writer;

/// Value of the `version` attribute: the version of the model in formats/xml.md.
pub const VERSION: &str = "1";

/// An XML document whose root element is `<sgfconv>`.
pub fn sniff(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(1024)]);
    text.contains("<sgfconv")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Reporter;
    use crate::error::Error;
    use crate::event::{EncodingSource, GameHeader, OwnedEvent, PropertyBuf};
    use crate::formats::structured::testing;
    use crate::game::Game;
    use crate::options::{ReadOptions, WriteOptions};
    use crate::sink::EventLog;

    /// The whole input read as Xml (through the registry's row).
    fn read(
        input: &mut dyn std::io::Read,
        options: &crate::options::ReadOptions,
        sink: &mut dyn crate::sink::Sink,
        report: &mut crate::diag::Reporter,
    ) -> Result<(), crate::error::Error> {
        crate::formats::read(crate::formats::Format::Xml, input, options, sink, report)
    }

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
        g.root_mut().push_buf(&lb);
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
        testing::write(writer, games, &WriteOptions::default(), "t").0
    }

    fn read_events(xml: &str) -> (Vec<OwnedEvent>, Reporter) {
        testing::read_events(read, xml, "t.xml")
    }

    #[test]
    fn runs_of_moves_are_written_as_node_by_node() {
        let (runs, events) = testing::runs_and_events(writer, &WriteOptions::default());
        assert_eq!(runs, events);
        assert!(runs.contains("119"), "{runs}");
    }

    #[test]
    fn markup_inside_a_value_is_an_error_and_its_text_is_kept() {
        let xml = "<sgfconv version=\"1\"><game><node><p id=\"C\">\
                   <v>a<b>b<i>o</i>ld<br/></b>c</v><v>plain</v></p>\
                   <p id=\"GN\"><v>x<y/>z</v></p></node></game></sgfconv>";
        let (games, r) = testing::read_games(read, xml, "t.xml");
        let c = games[0].root().get("C").unwrap();
        let values: Vec<&str> = c.values().iter().map(|v| v.text()).collect();
        assert_eq!(values, ["aboldc", "plain"]);
        assert_eq!(
            games[0]
                .root()
                .get("GN")
                .unwrap()
                .values()
                .iter()
                .next()
                .unwrap()
                .text(),
            "xz"
        );
        let codes: Vec<&str> = r.collected().iter().map(|d| d.code.id).collect();
        // Once per value.
        assert_eq!(codes, ["E368", "E368"]);
        assert!(r.collected()[0].message.contains("hold text only"));
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
        assert_eq!(back, testing::events_of(&games));
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
    fn faults_are_reported_with_positions() {
        let err = read(
            &mut &b"<sgfconv><game><node></game>"[..],
            &ReadOptions::default(),
            &mut EventLog::default(),
            &mut Reporter::collecting("t"),
        );
        assert!(matches!(err, Err(Error::Unreadable { code, .. }) if code.id == "E362"));
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
        assert_eq!(codes, vec!["E364", "W366", "E362"]);
        assert_eq!(r.collected()[1].pos.map(|p| p.line), Some(3));
    }

    #[test]
    fn deep_games_write_and_read_flat() {
        let xml = to_xml(&[testing::deep_game(100_000)]);
        assert_eq!(testing::nodes_read(read, &xml), 100_001);
    }
}
