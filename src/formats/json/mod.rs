//! sgfconv's lossless JSON model, JSON Lines, and the move-list projection
//! (`--moves`). What the format is: `formats/json.md`; its schema:
//! `formats/sgfconv.schema.json`.
//!
//! * [`writer`] (`writer.rs`): the lossless model streams node by node
//!   through the shared flat-model writer (`structured/stream.rs`); a
//!   collection document is written as an opening, one game per line, and
//!   a closing, so memory is bounded by one game.
//! * [`read_from`] (`reader.rs`): streams too; each game of a `games` array (or
//!   each JSON Lines object) is parsed and replayed before the next is read.
//!   The reader reads the layouts; `document.rs` and `nodes.rs` are its
//!   serde seeds (a document's and a game's fields; nodes, properties and
//!   values). Lone surrogate escapes, which serde_json refuses, are made
//!   replacement characters on the way in (`surrogates.rs`).
//! * The move-list projection: `moves.rs` writes it from the main line of
//!   each game (the list itself: `move_list.rs`), `moves_doc.rs` reads it
//!   back as a game. Both writers go out in the frame of `frame.rs`.

mod bound;
pub mod codes;
mod cuts;
mod document;
mod frame;
mod move_list;
mod moves;
mod moves_doc;
mod nodes;
mod out;
mod reader;
mod surrogates;
mod writer;

pub use cuts::cuts;
pub use reader::read_from;
pub use writer::writer;

/// Value of `format` in a lossless collection document.
pub const FORMAT_NAME: &str = "sgfconv";
/// Value of `format` in a move-list collection document.
pub const MOVES_FORMAT_NAME: &str = "sgfconv-moves";
/// Value of `version` in a document: the version of the model in formats/json.md.
pub const VERSION: u64 = 1;

/// A JSON document or JSON Lines stream starts with `{` or `[`.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let n = head.iter().take_while(|c| c.is_ascii_whitespace()).count();
    matches!(head.get(n), Some(b'{') | Some(b'['))
}

#[cfg(test)]
mod tests {
    use super::codes::*;
    use super::*;
    use crate::diag::Reporter;
    use crate::error::Error;
    use crate::event::{EncodingSource, GameHeader, OwnedEvent, PropertyBuf};
    use crate::formats::structured::testing;
    use crate::game::Game;
    use crate::options::{ReadOptions, WriteOptions};
    use crate::sink::EventLog;

    /// The whole input read as Json (through the registry's row).
    fn read(
        input: &mut dyn std::io::Read,
        options: &crate::options::ReadOptions,
        sink: &mut dyn crate::sink::Sink,
        report: &mut crate::diag::Reporter,
    ) -> Result<(), crate::error::Error> {
        crate::formats::read(crate::formats::Format::Json, input, options, sink, report)
    }

    fn sample_game() -> Game {
        let mut h = GameHeader::new(0);
        h.encoding = "Shift_JIS";
        h.encoding_source = EncodingSource::Declared;
        h.confidence = 0.75;
        let mut g = Game::new(h);
        g.meta.push(("gib:GAMETAG".into(), "x=1\ny".into()));
        g.root_mut().set("FF", "4");
        let mut lb = PropertyBuf::new("LB");
        lb.push_compose("pd", "A:b").push("dd");
        g.root_mut().push_buf(&lb);
        g.root_mut()
            .set("C", "quote \" back\\slash ] 日本\u{0}\r\n");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        g.node_mut(a).add("AB", "aa");
        g.node_mut(a)
            .push_buf(&PropertyBuf::with_values("AB", &["bb"]));
        let b = g.add_variation(a);
        g.node_mut(b).set("W", "");
        g
    }

    fn to_json(games: &[Game], options: &WriteOptions) -> String {
        testing::write(writer, games, options, "t").0
    }

    fn read_events(json: &str) -> (Vec<OwnedEvent>, Reporter) {
        testing::read_events(read, json, "t.json")
    }

    #[test]
    fn runs_of_moves_are_written_as_node_by_node() {
        for options in [
            WriteOptions::default(),
            WriteOptions {
                json_lines: true,
                ..Default::default()
            },
        ] {
            let (runs, events) = testing::runs_and_events(writer, &options);
            assert_eq!(runs, events);
            assert!(runs.contains("119"), "{runs}");
        }
        for json_lines in [false, true] {
            let options = WriteOptions {
                moves: true,
                json_lines,
                ..Default::default()
            };
            let (runs, events) = testing::runs_and_events(writer, &options);
            assert_eq!(runs, events);
            for item in ["[\"W\",\"cc\"]", "[\"B\",\"A19\"]", "[\"W\",\"T1\"]"] {
                assert!(runs.contains(item), "{item}: {runs}");
            }
        }
    }

    #[test]
    fn collection_round_trips_event_for_event() {
        let games = vec![sample_game(), sample_game()];
        let json = to_json(&games, &WriteOptions::default());
        let (back, r) = read_events(&json);
        assert_eq!(r.warnings() + r.errors(), 0, "{:?}", r.collected());
        // Each game's header carries its own index.
        let want = testing::events_of(&games);
        assert_eq!(back, want);
    }

    #[test]
    fn other_json_is_refused_with_what_was_expected() {
        for (doc, says) in [
            ("[]", "an array with no game"),
            ("[[]]", "an array with no game"),
            ("{}", "an empty object"),
            ("{\"a\":1}", "it has \"a\""),
            ("{\"game_id\":1}", "OGS game JSON"),
            ("{\"tree\":[]}", "JGF"),
        ] {
            let mut r = Reporter::collecting("t.json");
            let mut log = EventLog::default();
            let e = read(
                &mut doc.as_bytes(),
                &ReadOptions::default(),
                &mut log,
                &mut r,
            )
            .unwrap_err();
            let msg = e.to_string();
            assert!(msg.contains("expected sgfconv JSON"), "{doc}: {msg}");
            assert!(msg.contains(says), "{doc}: {msg}");
            assert!(log.events.is_empty(), "{doc}");
        }
        // The games array of a collection may be empty.
        let (events, r) = read_events("{\"format\":\"sgfconv\",\"version\":1,\"games\":[]}");
        assert!(events.is_empty());
        assert_eq!(r.errors(), 0);
    }

    #[test]
    fn layout_is_one_game_per_line() {
        let json = to_json(&[sample_game()], &WriteOptions::default());
        let lines: Vec<&str> = json.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(
            lines[0],
            "{\"format\":\"sgfconv\",\"version\":1,\"games\":["
        );
        assert_eq!(lines[2], "]}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let g = &v["games"][0];
        assert_eq!(g["encoding"], "Shift_JIS");
        assert_eq!(g["encoding_source"], "ca");
        assert_eq!(g["confidence"], 0.75);
        assert_eq!(g["meta"][0][1], "x=1\ny");
        assert_eq!(g["nodes"][0]["props"][1]["values"][0][1], "A:b");
        assert_eq!(
            g["nodes"][0]["props"][2]["values"][0],
            "quote \" back\\slash ] 日本\u{0}\r\n"
        );
        assert_eq!(g["nodes"][1]["parent"], 0);
        assert_eq!(g["nodes"][1].get("variation"), None);
        assert_eq!(g["nodes"][2]["variation"], true);
        assert_eq!(g["nodes"][1]["props"][2]["values"][0], "bb");
    }

    #[test]
    fn json_lines_are_one_object_per_line() {
        let opts = WriteOptions {
            json_lines: true,
            ..Default::default()
        };
        let json = to_json(&[sample_game(), sample_game()], &opts);
        assert_eq!(json.lines().count(), 2);
        for l in json.lines() {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["nodes"].as_array().unwrap().len(), 3);
        }
        let (back, _) = read_events(&json);
        assert_eq!(
            back.iter()
                .filter(|e| matches!(e, OwnedEvent::GameStart(_)))
                .count(),
            2
        );
    }

    /// Games with values past the direct hand-over (64 KiB) and lines past
    /// the in-memory limit (1 MiB), among short ones, in every layout the
    /// long-line path meets: read event for event.
    #[test]
    fn huge_values_and_long_lines_read_the_same() {
        let mut g = sample_game();
        let big = "a\"b".repeat(400_000);
        g.root_mut().set("C", &big);
        let mut lb = PropertyBuf::new("LB");
        lb.push("pd")
            .push_compose("dd", &"x".repeat(70_000))
            .push("qq");
        g.root_mut().push_buf(&lb);
        let games = [sample_game(), g.clone(), sample_game(), g];
        let want = testing::events_of(&games);
        let json = to_json(&games, &WriteOptions::default());
        assert_eq!(read_events(&json).0, want);
        // Two games on one long line, then the closing on it too.
        let mut lines: Vec<&str> = json.lines().collect();
        let joined = format!("{} {}", lines[2], lines[3]);
        lines.splice(2..4, [joined.as_str()]);
        let last = lines.len() - 1;
        let closed = format!("{}{}", lines[last - 1].trim_end_matches(','), lines[last]);
        lines.splice(last - 1.., [closed.as_str()]);
        assert_eq!(read_events(&lines.join("\n")).0, want);
    }

    #[test]
    fn empty_collection_is_a_valid_document() {
        let json = to_json(&[], &WriteOptions::default());
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["games"].as_array().unwrap().len(), 0);
        let (back, _) = read_events(&json);
        assert!(back.is_empty());
    }

    #[test]
    fn bad_json_is_unreadable_and_late_faults_keep_earlier_games() {
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t");
        let e = read(
            &mut &b"{\"games\":[{\"nodes\":[{]}"[..],
            &ReadOptions::default(),
            &mut log,
            &mut r,
        );
        assert!(matches!(e, Err(Error::Unreadable { code, .. }) if code.id == "E354"));
        let json = to_json(
            &[sample_game()],
            &WriteOptions {
                json_lines: true,
                ..Default::default()
            },
        );
        let broken = format!("{json}{{\"nodes\": 5}}\n");
        let (back, r) = read_events(&broken);
        assert_eq!(
            back.iter()
                .filter(|e| matches!(e, OwnedEvent::GameStart(_)))
                .count(),
            1
        );
        assert_eq!(r.collected()[0].code, JSON_SYNTAX);
        assert_eq!(r.collected()[0].pos.map(|p| p.line), Some(2));
    }

    #[test]
    fn every_layout_reads_the_same() {
        let games = vec![sample_game(), sample_game(), sample_game()];
        let doc = to_json(&games, &WriteOptions::default());
        let (want, _) = read_events(&doc);
        assert_eq!(
            want.iter()
                .filter(|e| matches!(e, OwnedEvent::GameStart(_)))
                .count(),
            3
        );
        let v: serde_json::Value = serde_json::from_str(&doc).unwrap();
        let lines: Vec<&str> = doc.lines().collect();
        // The first game on our line, then the rest edited by hand (pretty).
        let rest = serde_json::to_string_pretty(&v["games"].as_array().unwrap()[1..]).unwrap();
        let edited = format!("{}\n{}\n{}}}", lines[0], lines[1], &rest[1..]);
        let layouts = [
            ("minified", serde_json::to_string(&v).unwrap()),
            ("pretty", serde_json::to_string_pretty(&v).unwrap()),
            ("edited", edited),
            ("array", serde_json::to_string_pretty(&v["games"]).unwrap()),
        ];
        for (name, text) in layouts {
            let (back, r) = read_events(&text);
            assert_eq!(back, want, "{name}");
            assert_eq!(r.warnings() + r.errors(), 0, "{name}: {:?}", r.collected());
        }
        // Two documents one after the other.
        let (back, _) = read_events(&format!("{doc}{doc}"));
        assert_eq!(back.len(), 2 * want.len());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let (back, _) = read_events("\u{feff}{\"nodes\":[{\"props\":[]}]}");
        assert_eq!(back.len(), 3);
    }

    #[test]
    fn identifiers_pass_through_as_written() {
        // The SGF reader keeps malformed identifiers; so does JSON.
        let (back, r) = read_events(
            r#"{"nodes":[{"props":[{"id":"CoPyright","values":["x"]},{"id":"","values":[]}]}]}"#,
        );
        let names: Vec<_> = back
            .iter()
            .filter_map(|e| match e {
                OwnedEvent::Property(p) => Some(p.name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(names, vec!["CoPyright", ""]);
        assert_eq!(r.warnings() + r.errors(), 0);
    }

    #[test]
    fn deep_games_write_and_read_without_recursion() {
        let json = to_json(&[testing::deep_game(100_000)], &WriteOptions::default());
        assert_eq!(testing::nodes_read(read, &json), 100_001);
    }

    fn kifu() -> Game {
        let mut g = Game::default();
        g.root_mut().set("SZ", "9");
        g.root_mut().set("KM", "6.5");
        g.root_mut().set("PB", "Honinbo");
        g.root_mut().set("BR", "9d");
        g.root_mut().set("RE", "W+R");
        g.root_mut().add("AB", "aa:bb");
        g.root_mut().set("C", "lost");
        let a = g.add_child(0);
        g.node_mut(a).set("W", "ee");
        let b = g.add_child(a);
        g.node_mut(b).set("B", "tt");
        let c = g.add_child(a);
        g.node_mut(c).set("B", "ia");
        g
    }

    #[test]
    fn move_list_projection() {
        let opts = WriteOptions {
            moves: true,
            json_lines: true,
            ..Default::default()
        };
        let mut out = Vec::new();
        let mut r = Reporter::collecting("t");
        {
            let mut w = writer(Box::new(&mut out), &opts).unwrap();
            kifu().replay(&mut w, &mut r).unwrap();
            w.finish(&mut r).unwrap();
        }
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["size"], serde_json::json!([9, 9]));
        assert_eq!(v["komi"], 6.5);
        assert_eq!(v["handicap"], serde_json::Value::Null);
        assert_eq!(v["black"]["name"], "Honinbo");
        assert_eq!(v["black"]["rank"], "9d");
        assert_eq!(v["white"]["name"], serde_json::Value::Null);
        assert_eq!(v["setup"]["B"], serde_json::json!(["aa", "ba", "ab", "bb"]));
        assert_eq!(v["first_player"], "W");
        // `tt` is a pass on a 9×9 board.
        assert_eq!(v["moves"], serde_json::json!([["W", "ee"], ["B", ""]]));
        assert_eq!(
            v["moves_gtp"],
            serde_json::json!([["W", "E5"], ["B", "pass"]])
        );
        let d = &r.collected()[0];
        assert_eq!(d.code, JSON_MOVES_NOT_CARRIED);
        assert!(
            d.message.contains("C ×1") && d.message.contains("variation nodes ×1"),
            "{}",
            d.message
        );

        // And back: a game with the info and the main line.
        let games = crate::game::collect_games(
            |s, r| read(&mut &out[..], &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        let g = &games[0];
        assert_eq!(g.root().text("SZ"), Some("9"));
        assert_eq!(g.root().text("KM"), Some("6.5"));
        assert_eq!(g.root().get("AB").unwrap().values().len(), 4);
        let moves: Vec<_> = g
            .main_line()
            .iter()
            .filter_map(|&i| g.node(i).mv())
            .collect();
        assert_eq!(moves, vec![('W', "ee"), ('B', "")]);
    }
}
