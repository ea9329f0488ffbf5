//! Jago / GoGui XML (`go.dtd`): read and write. What the format is:
//! `formats/jago.md`.
//!
//! `<Variation>` elements are alternatives to the node just written (its
//! siblings), not its children; points are GTP-style (`Q16`, no `I`, rows
//! from the bottom); a pass is a move with an empty `at`; a property with no
//! element of its own travels as `<SGF type="XX"><Arg>…</Arg></SGF>`. The
//! writer follows GoGui's layout (a bare `<Black>`/`<White>` for a node that
//! only holds a move, `<Node>` otherwise) and the reader follows GoGui's
//! reading rules, so files go both ways between sgfconv and GoGui.
//!
//! Both sides hold one game (a [`Game`](crate::game::Game)) at a time and
//! walk it without recursion:
//!
//! * [`writer`] (`writer.rs`): GoGui's layout, escaped by the shared XML
//!   escaper (`structured/markup.rs`) with what XML cannot carry written
//!   as U+FFFD;
//! * [`read`] (`reader.rs`): the document's character set and its elements;
//!   `game.rs`: what each element inside a `<GoGame>` does to the game.

pub mod codes;
mod game;
mod reader;
mod writer;

pub use reader::read;
pub use writer::writer;

/// `<Information>` children and the SGF properties they hold.
const INFO: &[(&str, &str)] = &[
    ("Application", "AP"),
    ("BoardSize", "SZ"),
    ("BlackPlayer", "PB"),
    ("BlackRank", "BR"),
    ("WhitePlayer", "PW"),
    ("WhiteRank", "WR"),
    ("Date", "DT"),
    ("Time", "TM"),
    ("Komi", "KM"),
    ("Result", "RE"),
    ("Handicap", "HA"),
    ("User", "US"),
    ("Copyright", "CP"),
    ("Annotation", "AN"),
    ("BlackTeam", "BT"),
    ("WhiteTeam", "WT"),
    ("Round", "RO"),
    ("Rules", "RU"),
    ("Source", "SO"),
];

/// A Jago/GoGui document: `<Go>`, `<GoGame>` or a reference to `go.dtd`.
pub fn sniff(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(1024)]);
    text.contains("go.dtd")
        || text.contains("<GoGame")
        || text.contains("<Go>")
        || text.contains("<Go ")
        || text.contains("<Go\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Reporter;
    use crate::error::Error;
    use crate::formats::structured::testing;
    use crate::game::{Game, NodeId};
    use crate::options::{ReadOptions, WriteOptions};

    fn read_games(xml: impl AsRef<[u8]>) -> (Vec<Game>, Reporter) {
        testing::read_games(read, xml, "t.xml")
    }

    fn to_jago(g: &Game) -> (String, Reporter) {
        testing::write(
            writer,
            std::slice::from_ref(g),
            &WriteOptions::default(),
            "t.sgf",
        )
    }

    #[test]
    fn reads_gogui_variations_as_siblings() {
        // The shape of GoGui's own reader test: <Variation> is an
        // alternative to the node before it.
        let (games, r) = read_games(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><Go><GoGame><Information/><Nodes><Node/>\
             <Node><Black at=\"Q16\"/></Node><Variation><Black at=\"Q15\"/></Variation>\
             <Node><White at=\"D4\"/></Node></Nodes></GoGame></Go>",
        );
        assert_eq!(r.warnings(), 0, "{:?}", r.collected());
        let g = &games[0];
        assert_eq!(g.root().child_count(), 2);
        let (n1, n2) = (
            g.root().first_child().unwrap(),
            g.root().children().nth(1).unwrap(),
        );
        assert_eq!(g.node(n1).mv(), Some(('B', "pd")));
        assert_eq!(g.node(n2).mv(), Some(('B', "pe")));
        assert!(g.node(n2).first_child().is_none());
        assert_eq!(
            g.node(g.node(n1).first_child().unwrap()).mv(),
            Some(('W', "dp"))
        );
    }

    #[test]
    fn reads_information_comments_marks_and_sgf_elements() {
        let (games, _) = read_games(
            "<Go><GoGame name=\"Final\"><Information><BoardSize>9</BoardSize><BlackPlayer>Shusaku</BlackPlayer>\
             <Komi>0</Komi><Copyright><P>a</P><P>b</P></Copyright></Information><Nodes>\
             <Node><AddBlack at=\"C3\"/><Mark at=\"E5\" label=\"A\"/><Mark at=\"A9\" type=\"triangle\"/>\
             <Mark><at>J1</at></Mark><SGF type=\"OB\"><Arg>10</Arg></SGF><Comment><P/><P>x  y</P></Comment></Node>\
             <White at=\"\" timeleft=\"30\"/><Comment><P>pass</P></Comment><Black at=\"PASS\"/></Nodes></GoGame></Go>",
        );
        let g = &games[0];
        let root = g.root();
        assert_eq!(root.text("GN"), Some("Final"));
        assert_eq!(root.text("SZ"), Some("9"));
        assert_eq!(root.text("PB"), Some("Shusaku"));
        assert_eq!(root.text("CP"), Some("a\nb"));
        assert_eq!(root.text("AB"), Some("cg"));
        assert_eq!(
            root.get("LB").unwrap().values().first().unwrap().parts(),
            ("ee", Some("A"))
        );
        assert_eq!(root.text("TR"), Some("aa"));
        assert_eq!(root.text("MA"), Some("ii"));
        assert_eq!(root.text("OB"), Some("10"));
        assert_eq!(root.text("C"), Some("\nx  y"));
        let w = g.node(root.first_child().unwrap());
        assert_eq!(w.mv(), Some(('W', "")));
        assert_eq!(w.text("WL"), Some("30"));
        assert_eq!(w.text("C"), Some("pass"));
        assert_eq!(g.node(w.first_child().unwrap()).mv(), Some(('B', "")));
    }

    fn sample() -> Game {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        g.root_mut().set("PB", "B & <b>");
        g.root_mut().set("GN", "Game \"1\"");
        g.root_mut().add("AB", "dd");
        g.root_mut().set("XX", "private:x");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        g.node_mut(a).set("BL", "100");
        g.node_mut(a).set("C", "one\n\ntwo\r\n");
        let b = g.add_child(a);
        g.node_mut(b).set("W", "dp");
        let v = g.add_child(a);
        g.node_mut(v).set("W", "qq");
        g.node_mut(v).set("TR", "qq");
        let vv = g.add_child(v);
        g.node_mut(vv).set("B", "");
        let c = g.add_child(b);
        g.node_mut(c).set("B", "pp");
        g
    }

    #[test]
    fn writes_gogui_layout() {
        let (xml, r) = to_jago(&sample());
        pretty_assertions::assert_eq!(
            xml,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE Go SYSTEM \"go.dtd\">\n<Go>\n\
             <GoGame name=\"Game &quot;1&quot;\">\n<Information>\n<BoardSize>19</BoardSize>\n\
             <BlackPlayer>B &amp; &lt;b&gt;</BlackPlayer>\n</Information>\n<Nodes>\n\
             <Node><AddBlack at=\"D16\"/><SGF type=\"XX\"><Arg>private:x</Arg></SGF></Node>\n\
             <Black number=\"1\" at=\"Q16\" timeleft=\"100\"/><Comment><P>one</P><P/><P>two&#13;</P><P/></Comment>\n\
             <White number=\"2\" at=\"D4\"/>\n\
             <Variation>\n<Node><White number=\"2\" at=\"R3\"/><Mark at=\"R3\" type=\"triangle\"/></Node>\n\
             <Black number=\"3\" at=\"\"/>\n</Variation>\n\
             <Black number=\"3\" at=\"Q4\"/>\n</Nodes>\n</GoGame>\n</Go>\n"
        );
        assert_eq!(r.warnings(), 0, "{:?}", r.collected());
    }

    #[test]
    fn round_trip_keeps_the_tree_and_the_values() {
        let g = sample();
        let (xml, _) = to_jago(&g);
        let (games, r) = read_games(&xml);
        assert_eq!(r.warnings(), 0, "{:?}", r.collected());
        assert_eq!(shape(&games[0]), shape(&g));
    }

    /// The tree in pre-order: depth and sorted properties of each node.
    type Props = Vec<(String, Vec<String>)>;

    fn shape(g: &Game) -> Vec<(usize, Props)> {
        let mut out = Vec::new();
        let mut stack = vec![(Game::ROOT, 0)];
        while let Some((id, depth)) = stack.pop() {
            let mut props: Vec<_> = g
                .node(id)
                .props()
                .iter()
                .map(|p| {
                    (
                        p.name.to_string(),
                        p.values().iter().map(|v| v.text().to_string()).collect(),
                    )
                })
                .collect();
            props.sort();
            out.push((depth, props));
            let children: Vec<NodeId> = g.node(id).children().collect();
            for &c in children.iter().rev() {
                stack.push((c, depth + 1));
            }
        }
        out
    }

    #[test]
    fn losses_are_listed_once_per_game() {
        let mut g = sample();
        g.meta.push(("gib:GAMETAG".into(), "x".into()));
        let (_, r) = to_jago(&g);
        assert_eq!(r.collected().len(), 1);
        assert!(r.collected()[0]
            .message
            .contains("source field gib:GAMETAG"));
    }

    #[test]
    fn faults() {
        let mut r = Reporter::collecting("t");
        let e = read(
            &mut &b"<sgfconv/>"[..],
            &ReadOptions::default(),
            &mut crate::sink::Counter::default(),
            &mut r,
        );
        assert!(matches!(e, Err(Error::Unreadable { code, .. }) if code.id == "E385"));
        let (games, r) = read_games(
            "<Go><GoGame><Nodes><Black at=\"Z99\"/><Foo><Bar/></Foo></Nodes></GoGame></Go>",
        );
        assert_eq!(games.len(), 1);
        let codes: Vec<_> = r.collected().iter().map(|d| d.code.id).collect();
        assert_eq!(codes, vec!["W386", "E387"]);
        assert!(sniff(
            b"<?xml version='1.0'?>\n<!DOCTYPE Go SYSTEM \"go.dtd\">\n<Go>"
        ));
        assert!(!sniff(b"<sgfconv version=\"1\">"));
    }

    #[test]
    fn deep_trees_do_not_recurse() {
        // Every node has two children and the line goes on in the second:
        // <Variation>s nested 20 000 deep.
        let mut g = Game::default();
        let mut at = 0;
        for _ in 0..20_000 {
            let side = g.add_child(at);
            g.node_mut(side).set("B", "aa");
            let main = g.add_child(at);
            g.node_mut(main).set("B", "bb");
            at = main;
        }
        let (xml, _) = to_jago(&g);
        assert_eq!(xml.matches("<Variation>").count(), 20_000);
        let (games, _) = read_games(&xml);
        assert_eq!(games[0].len(), g.len());
    }

    #[test]
    fn latin1_documents_are_decoded() {
        let (games, _) = read_games(b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Go><GoGame><Information><BlackPlayer>Jos\xe9</BlackPlayer></Information><Nodes><Black at=\"D4\"/></Nodes></GoGame></Go>");
        assert_eq!(games[0].root().text("PB"), Some("José"));
        assert_eq!(games[0].header.encoding, "windows-1252");
    }

    #[test]
    fn what_xml_cannot_carry_is_replaced_and_listed() {
        let mut g = Game::default();
        g.root_mut().set("PB", "bell\u{7}");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        g.node_mut(a).set("C", "a\u{0}b\u{FFFF}");
        let (xml, r) = to_jago(&g);
        // Game info that XML cannot carry is left to the root's <SGF>.
        assert!(
            xml.contains("<SGF type=\"PB\"><Arg>bell\u{FFFD}</Arg></SGF>"),
            "{xml}"
        );
        assert!(
            xml.contains("<Comment><P>a\u{FFFD}b\u{FFFD}</P></Comment>"),
            "{xml}"
        );
        let message = &r.collected()[0].message;
        assert!(
            message.contains("control characters in C ×1")
                && message.contains("control characters in PB ×1"),
            "{message}"
        );
    }
}
