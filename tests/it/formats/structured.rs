//! The structured formats (JSON, XML, Jago XML, CSV) end to end: golden
//! outputs of the samples in corpus/{json,xml,csv,jago}, schema validation
//! of every JSON output (formats/sgfconv.schema.json) and of XML output
//! (formats/sgfconv.xsd, with xmllint when it is installed; under `CI=true`
//! it must be), and lossless round trips over every SGF file of
//! ../shared/corpus/sgf (ignored unless asked for: tests/common/mod.rs).
//!
//! `SGFCONV_BLESS=1 cargo test --test it formats::structured::` rewrites the expected
//! files; review the diff before committing it.

use crate::common;

use pretty_assertions::assert_eq;
use sgfconv::event::OwnedEvent;
use sgfconv::formats::{self, Format};
use sgfconv::options::{Coords, ReadOptions, WriteOptions};
use sgfconv::sink::EventLog;
use sgfconv::{Error, Options, Reporter, Severity};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Conversion options with these writer options.
fn writing(write: WriteOptions) -> Options {
    let mut o = Options::default();
    o.write = write;
    o
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn convert(
    input: &[u8],
    from: Format,
    to: Format,
    write: WriteOptions,
) -> Result<(Vec<u8>, Reporter), Error> {
    let mut out = Vec::new();
    let mut report = Reporter::collecting("input");
    let options = {
        let mut o = Options::default();
        o.read = ReadOptions::default();
        o.write = write;
        o
    };
    sgfconv::convert(&mut &input[..], from, &mut out, to, &options, &mut report)?;
    Ok((out, report))
}

fn json_lines() -> WriteOptions {
    {
        let mut o = WriteOptions::default();
        o.json_lines = true;
        o
    }
}

fn moves() -> WriteOptions {
    {
        let mut o = WriteOptions::default();
        o.json_lines = true;
        o.moves = true;
        o
    }
}

fn schema() -> &'static jsonschema::Validator {
    static V: OnceLock<jsonschema::Validator> = OnceLock::new();
    V.get_or_init(|| {
        let text = std::fs::read_to_string(root().join("formats/sgfconv.schema.json")).unwrap();
        let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
        jsonschema::validator_for(&schema).unwrap()
    })
}

/// Every JSON value in `bytes` (a document or JSON Lines) is valid.
fn assert_valid_json(bytes: &[u8], what: &str) {
    let text = std::str::from_utf8(bytes).unwrap();
    let mut n = 0;
    for value in serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>() {
        let value = value.unwrap_or_else(|e| panic!("{what}: not JSON: {e}"));
        let errors: Vec<String> = schema()
            .iter_errors(&value)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{what}: schema violations: {errors:#?}");
        n += 1;
    }
    assert!(n > 0, "{what}: no JSON value");
}

fn xmllint() -> bool {
    static HAS: OnceLock<bool> = OnceLock::new();
    *HAS.get_or_init(|| {
        std::process::Command::new("xmllint")
            .arg("--version")
            .output()
            .is_ok()
    })
}

/// The XML validates against formats/sgfconv.xsd (when xmllint exists;
/// under `CI=true`, which `.ci/run` sets and where it installs xmllint,
/// a missing xmllint is a failure, not a skip).
fn assert_valid_xml(bytes: &[u8], what: &str) {
    if !xmllint() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true and xmllint is not installed: the XSD check must run in CI \
             (Debian: apt-get install libxml2-utils)"
        );
        eprintln!("SKIP XSD validation of {what}: xmllint is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.xml");
    std::fs::write(&file, bytes).unwrap();
    let out = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(root().join("formats/sgfconv.xsd"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn golden(path: &Path, actual: &[u8]) {
    if common::bless() {
        std::fs::write(path, actual).unwrap();
        return;
    }
    let expected =
        std::fs::read(path).unwrap_or_else(|_| panic!("missing golden file {}", path.display()));
    assert_eq!(
        String::from_utf8_lossy(actual),
        String::from_utf8_lossy(&expected),
        "{}",
        path.display()
    );
}

/// The samples, their format, and the outputs kept beside them.
const SAMPLES: &[(&str, Format)] = &[
    ("corpus/json/two-games.json", Format::Json),
    ("corpus/xml/awkward-text.xml", Format::Xml),
    ("corpus/csv/hand-written.csv", Format::Csv),
    ("corpus/jago/gogui-style.xml", Format::Jago),
];

fn expected_path(sample: &str, suffix: &str) -> PathBuf {
    let p = root().join(sample);
    let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
    p.with_file_name(format!("{stem}.expected.{suffix}"))
}

#[test]
fn samples_convert_to_their_golden_outputs() {
    for (sample, from) in SAMPLES {
        let input = std::fs::read(root().join(sample)).unwrap();
        let targets: Vec<(&str, Format, WriteOptions)> = vec![
            ("json", Format::Json, WriteOptions::default()),
            ("jsonl", Format::Json, json_lines()),
            ("moves.jsonl", Format::Json, moves()),
            ("xml", Format::Xml, WriteOptions::default()),
            ("csv", Format::Csv, WriteOptions::default()),
            ("all.csv", Format::Csv, {
                let mut o = WriteOptions::default();
                o.all_variations = true;
                o
            }),
            ("jago.xml", Format::Jago, WriteOptions::default()),
        ];
        for (suffix, to, options) in targets {
            let (out, _) = convert(&input, *from, to, options).unwrap();
            golden(&expected_path(sample, suffix), &out);
            if to == Format::Json {
                assert_valid_json(&out, &format!("{sample} -> {suffix}"));
            }
            if suffix == "xml" {
                assert_valid_xml(&out, &format!("{sample} -> {suffix}"));
            }
        }
    }
}

#[test]
fn sample_values_arrive_as_written() {
    let input = std::fs::read(root().join("corpus/json/two-games.json")).unwrap();
    let mut r = Reporter::collecting("two-games.json");
    let games = sgfconv::game::collect_games(
        |s, r| formats::read(Format::Json, &mut &input[..], &ReadOptions::default(), s, r),
        &mut r,
    )
    .unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.root().text("PB"), Some("Kuroda, \"Black\""));
    assert_eq!(g.root().text("PW"), Some("白"));
    assert_eq!(
        g.root().text("C"),
        Some("A comment ] with \\ and\nsecond line")
    );
    assert_eq!(
        g.root()
            .get("AP")
            .unwrap()
            .values()
            .first()
            .unwrap()
            .parts(),
        ("sgfconv", Some("0.1"))
    );
    assert_eq!(
        g.node(2)
            .get("LB")
            .unwrap()
            .values()
            .get(1)
            .unwrap()
            .parts(),
        ("cg", Some("B:2"))
    );
    assert_eq!(g.node(1).children().collect::<Vec<_>>(), vec![2, 4]);
    assert!(
        g.node(5).starts_variation(),
        "(;W[cc](;B[])) keeps its single variation"
    );
    assert_eq!(games[1].header.encoding, "Shift_JIS");
    assert_eq!(
        games[1].meta[0],
        ("ugf:Title".to_string(), "棋聖戦".to_string())
    );
    assert_eq!(r.warnings() + r.errors(), 0, "{:?}", r.collected());

    let xml = std::fs::read(root().join("corpus/xml/awkward-text.xml")).unwrap();
    let mut r = Reporter::collecting("awkward-text.xml");
    let games = sgfconv::game::collect_games(
        |s, r| formats::read(Format::Xml, &mut &xml[..], &ReadOptions::default(), s, r),
        &mut r,
    )
    .unwrap();
    let g = &games[0];
    assert_eq!(g.meta[0].1, "S1=0,C=1\r\nnext");
    assert_eq!(g.root().text("PB"), Some("  spaces kept  "));
    assert_eq!(g.root().text("C"), Some("bell\u{7}char"));
    assert_eq!(g.root().text("GC"), Some("<b>CDATA</b> & more"));
    assert!(g.header.implicit_root);
    assert_eq!(g.header.encoding, "Big5");
    assert_eq!(r.warnings() + r.errors(), 0, "{:?}", r.collected());
}

/// Events with positions cleared (the lossless formats do not keep where
/// each token was in the original input).
fn events(bytes: &[u8], from: Format) -> Result<(Vec<OwnedEvent>, Reporter), Error> {
    let mut log = EventLog::default();
    let mut r = Reporter::collecting("input");
    formats::read(
        from,
        &mut &bytes[..],
        &ReadOptions::default(),
        &mut log,
        &mut r,
    )?;
    for e in &mut log.events {
        match e {
            OwnedEvent::GameStart(h) => h.pos = Default::default(),
            OwnedEvent::Property(p) => p.pos = Default::default(),
            _ => {}
        }
    }
    Ok((log.events, r))
}

/// Converts with no dialect rewrites: what the formats carry, nothing else.
fn carry(input: &[u8], from: Format, to: Format, write: WriteOptions) -> Vec<u8> {
    let mut out = Vec::new();
    let options = {
        let mut o = Options::default();
        o.read = {
            let mut o = ReadOptions::default();
            o.dialect = sgfconv::Dialect::Rewrite(sgfconv::Rules::none());
            o
        };
        o.write = write;
        o
    };
    sgfconv::convert(
        &mut &input[..],
        from,
        &mut out,
        to,
        &options,
        &mut Reporter::collecting("x"),
    )
    .unwrap();
    out
}

#[test]
fn json_and_xml_carry_each_other_losslessly() {
    for (sample, from) in &SAMPLES[..2] {
        let input = std::fs::read(root().join(sample)).unwrap();
        let (original, _) = events(&input, *from).unwrap();
        let json = carry(&input, *from, Format::Json, WriteOptions::default());
        let lines = carry(&input, *from, Format::Json, json_lines());
        let xml = carry(&input, *from, Format::Xml, WriteOptions::default());
        for (bytes, fmt, what) in [
            (&json, Format::Json, "json"),
            (&lines, Format::Json, "jsonl"),
            (&xml, Format::Xml, "xml"),
        ] {
            let (back, r) = events(bytes, fmt).unwrap();
            assert_eq!(back, original, "{sample} via {what}");
            assert_eq!(
                r.count(Severity::Warning) + r.errors(),
                0,
                "{sample} via {what}"
            );
        }
        // JSON -> XML -> JSON gives the JSON back byte for byte.
        let again = carry(&xml, Format::Xml, Format::Json, WriteOptions::default());
        assert_eq!(
            String::from_utf8_lossy(&again),
            String::from_utf8_lossy(&json),
            "{sample}"
        );
    }
}

#[test]
fn csv_round_trip_keeps_the_main_line() {
    let input = std::fs::read(root().join("corpus/json/two-games.json")).unwrap();
    let main_lines = |bytes: &[u8], from: Format| -> Vec<Vec<(char, String)>> {
        let games = sgfconv::game::collect_games(
            |s, r| formats::read(from, &mut &bytes[..], &ReadOptions::default(), s, r),
            &mut Reporter::collecting("x"),
        )
        .unwrap();
        games
            .iter()
            .map(|g| {
                g.main_line()
                    .iter()
                    .filter_map(|&i| g.node(i).mv())
                    .map(|(c, p)| {
                        (
                            c,
                            if p == "tt" {
                                String::new()
                            } else {
                                p.to_string()
                            },
                        )
                    })
                    .collect()
            })
            .collect()
    };
    let want = main_lines(&input, Format::Json);
    assert_eq!(
        want[0],
        vec![
            ('B', "ee".to_string()),
            ('W', "gc".to_string()),
            ('B', "cg".to_string())
        ]
    );
    for coords in [Coords::Sgf, Coords::Gtp, Coords::Numeric] {
        let (csv, r) = convert(&input, Format::Json, Format::Csv, {
            let mut o = WriteOptions::default();
            o.coords = Some(coords);
            o
        })
        .unwrap();
        // One warning per game says what the move list could not carry.
        assert_eq!(r.warnings(), 2, "{coords:?}");
        assert_eq!(main_lines(&csv, Format::Csv), want, "{coords:?}");
    }
}

#[test]
fn games_csv_sits_beside_the_move_list() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.csv");
    let input = std::fs::read(root().join("corpus/json/two-games.json")).unwrap();
    let (csv, _) = convert(&input, Format::Json, Format::Csv, {
        let mut o = WriteOptions::default();
        o.games_csv = Some(games.clone());
        o
    })
    .unwrap();
    let text = std::fs::read_to_string(&games).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        rows[1],
        "0,input,0,UTF-8,json,9,9,9,6.5,,,\"Kuroda, \"\"Black\"\"\",,,白,,,W+2.5,W,2.5,score,,,,,,,,,,3,,,,,,,,"
    );
    assert_eq!(
        rows[2],
        "1,input,1,Shift_JIS,json,19,19,19,,2,,,,,,,,,,,,,,,,,,,dp pd,,2,,,,,,,,"
    );
    assert_eq!(String::from_utf8(csv).unwrap().lines().count(), 1 + 3 + 2);
}

#[test]
fn deep_trees_go_through_json_and_xml() {
    // 100 000 nested variations, as OGS writes them: (;B[aa](;W[bb](;B[aa]...
    let mut g = sgfconv::Game::default();
    let mut at = 0;
    for i in 0..100_000 {
        at = g.add_variation(at);
        g.node_mut(at).set(if i % 2 == 0 { "B" } else { "W" }, "aa");
    }
    let mut json = Vec::new();
    let mut r = Reporter::collecting("input");
    {
        let mut w =
            formats::writer(Format::Json, Box::new(&mut json), &Options::default()).unwrap();
        g.replay(&mut w, &mut r).unwrap();
        w.finish(&mut r).unwrap();
    }
    let (xml, _) = convert(&json, Format::Json, Format::Xml, WriteOptions::default()).unwrap();
    let (back, _) = convert(&xml, Format::Xml, Format::Json, WriteOptions::default()).unwrap();
    assert!(back == json, "deep game changed on the way through XML");
    let mut counter = sgfconv::sink::Counter::default();
    formats::read(
        Format::Json,
        &mut &back[..],
        &ReadOptions::default(),
        &mut counter,
        &mut r,
    )
    .unwrap();
    assert_eq!(counter.nodes, 100_001);
}

/// Every SGF file of the shared corpus, recursively.
fn shared_sgf_files() -> Option<Vec<PathBuf>> {
    let dir = common::shared_path("corpus/sgf")?;
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if Format::from_path(&p) == Some(Format::Sgf) {
                out.push(p);
            }
        }
    }
    out.sort();
    Some(out)
}

/// SGF → JSON → SGF and SGF → XML → SGF give exactly the bytes of
/// SGF → SGF, for every file of ../shared/corpus/sgf (JSON Lines too, made
/// from the JSON); every JSON output validates against the schema. Split in
/// two halves so the two run side by side.
///
/// The first hop runs the default dialect rewrites, as the CLI does; the
/// way back only reads what JSON/XML carry (no rule runs), because the
/// rewrites already ran: running them again is the rewrites' business, and
/// one of them is not idempotent yet (the kifu `TM` rule converts minutes to
/// seconds a second time when the header still says `implicit_root`, which
/// JSON faithfully carries).
fn shared_corpus_round_trips(half: usize) {
    let Some(files) = shared_sgf_files() else {
        return;
    };
    let mut checked = 0;
    let mut xsd_checked = 0;
    for (i, path) in files.iter().enumerate() {
        if i % 2 != half {
            continue;
        }
        let input = std::fs::read(path).unwrap();
        let name = path.display().to_string();
        let direct = match convert(&input, Format::Sgf, Format::Sgf, WriteOptions::default()) {
            Ok((out, _)) => out,
            // A file the SGF reader refuses is refused either way.
            Err(_) => continue,
        };
        let (json, _) =
            convert(&input, Format::Sgf, Format::Json, WriteOptions::default()).unwrap();
        assert_valid_json(&json, &name);
        let via_json = carry(&json, Format::Json, Format::Sgf, WriteOptions::default());
        assert_eq!(
            String::from_utf8_lossy(&via_json),
            String::from_utf8_lossy(&direct),
            "{name} via JSON"
        );
        let lines = carry(&json, Format::Json, Format::Json, json_lines());
        assert_valid_json(&lines, &name);
        let via_lines = carry(&lines, Format::Json, Format::Sgf, WriteOptions::default());
        assert!(via_lines == direct, "{name} via JSON Lines");
        let (xml, _) = convert(&input, Format::Sgf, Format::Xml, WriteOptions::default()).unwrap();
        let via_xml = carry(&xml, Format::Xml, Format::Sgf, WriteOptions::default());
        assert_eq!(
            String::from_utf8_lossy(&via_xml),
            String::from_utf8_lossy(&direct),
            "{name} via XML"
        );
        if i % 10 == half {
            // xmllint is a process per file: a sample of the corpus is enough.
            assert_valid_xml(&xml, &name);
            xsd_checked += 1;
        }
        if input.len() < 100_000 {
            // Events too, not only the bytes the SGF writer makes of them.
            // Raw events: the reader's, before the dialect rewrites.
            let (sgf_events, _) = events(&input, Format::Sgf).unwrap();
            let mut raw_json = Vec::new();
            {
                let mut w =
                    formats::writer(Format::Json, Box::new(&mut raw_json), &Options::default())
                        .unwrap();
                let mut r = Reporter::collecting("raw");
                for e in &sgf_events {
                    w.event(&e.as_event(), &mut r).unwrap();
                }
                w.finish(&mut r).unwrap();
            }
            let (json_events, _) = events(&raw_json, Format::Json).unwrap();
            assert!(
                sgf_events == json_events,
                "{name}: events differ after JSON"
            );
            let (moves_out, _) = convert(&json, Format::Json, Format::Json, moves()).unwrap();
            assert_valid_json(&moves_out, &name);
        }
        checked += 1;
    }
    eprintln!("{checked} corpus files round-tripped byte for byte; {xsd_checked} XML outputs checked against the XSD");
    assert!(checked > 50, "only {checked} files checked");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn shared_corpus_round_trips_byte_for_byte_first_half() {
    shared_corpus_round_trips(0);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn shared_corpus_round_trips_byte_for_byte_second_half() {
    shared_corpus_round_trips(1);
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use sgfconv::event::{GameHeader, PropertyBuf};
    use sgfconv::Sink;

    /// One token of a game's event stream.
    #[derive(Clone, Debug)]
    enum Token {
        Open,
        Close,
        Node,
        Prop(String, Vec<(String, Option<String>)>),
    }

    fn token() -> impl Strategy<Value = Token> {
        let text = "(?s).{0,8}";
        let value = (text, proptest::option::of(text));
        prop_oneof![
            2 => Just(Token::Open),
            2 => Just(Token::Close),
            3 => Just(Token::Node),
            3 => ("[A-Z]{1,2}|[a-z]{0,3}", proptest::collection::vec(value, 0..3))
                .prop_map(|(id, vals)| Token::Prop(id, vals)),
        ]
    }

    /// The tokens as a reader can deliver them, which is what `gap` and
    /// `tail` may hold (formats/json.md): no `(` before the first node, no
    /// `)` with no variation open, every variation closed at the end.
    fn balanced(tokens: &[Token]) -> Vec<Token> {
        let (mut out, mut depth, mut seen_node) = (Vec::new(), 0usize, false);
        for t in tokens {
            match t {
                Token::Open if !seen_node => continue,
                Token::Close if depth == 0 => continue,
                Token::Open => depth += 1,
                Token::Close => depth -= 1,
                Token::Node => seen_node = true,
                Token::Prop(..) => {}
            }
            out.push(t.clone());
        }
        out.extend(std::iter::repeat_n(Token::Close, depth));
        out
    }

    fn replay(games: &[Vec<Token>], sink: &mut dyn Sink) {
        let mut r = Reporter::collecting("p");
        for (i, tokens) in games.iter().enumerate() {
            let tokens = balanced(tokens);
            let tokens = &tokens;
            let mut h = GameHeader::new(i);
            h.implicit_root = i % 2 == 1;
            sink.event(&sgfconv::Event::GameStart(&h), &mut r).unwrap();
            // Properties follow their node directly, as every reader makes them.
            let mut in_node = false;
            for t in tokens {
                in_node = match t {
                    Token::Node => true,
                    Token::Prop(..) => in_node,
                    _ => false,
                };
                let e = match t {
                    Token::Open => OwnedEvent::VariationStart,
                    Token::Close => OwnedEvent::VariationEnd,
                    Token::Node => OwnedEvent::Node,
                    Token::Prop(..) if !in_node => continue,
                    Token::Prop(id, vals) => {
                        let mut p = PropertyBuf::new(id.clone());
                        for (a, b) in vals {
                            match b {
                                Some(b) => p.push_compose(a, b),
                                None => p.push(a),
                            };
                        }
                        OwnedEvent::Property(p)
                    }
                };
                sink.event(&e.as_event(), &mut r).unwrap();
            }
            sink.event(&sgfconv::Event::GameEnd(Default::default()), &mut r)
                .unwrap();
        }
    }

    type HandNode = (usize, bool, Option<String>);

    /// A one-game JSON document: node `i` hangs `back` nodes before
    /// itself (the root has no parent), with its `variation` and `gap`.
    fn hand_json(nodes: &[HandNode], tail: &Option<String>) -> String {
        let nodes: Vec<serde_json::Value> = nodes
            .iter()
            .enumerate()
            .map(|(i, (back, variation, gap))| {
                let mut n = serde_json::json!({"variation": variation, "props": [{"id": "C", "values": [i.to_string()]}]});
                if i > 0 {
                    n["parent"] = (i - 1 - back.min(&(i - 1))).into();
                }
                if let Some(g) = gap {
                    n["gap"] = g.clone().into();
                }
                n
            })
            .collect();
        let mut game = serde_json::json!({"nodes": nodes});
        if let Some(t) = tail {
            game["tail"] = t.clone().into();
        }
        game.to_string()
    }

    /// [`hand_json`] as sgfconv XML.
    fn hand_xml(nodes: &[HandNode], tail: &Option<String>) -> String {
        let mut x = String::from("<sgfconv version=\"1\"><game>");
        for (i, (back, variation, gap)) in nodes.iter().enumerate() {
            x.push_str(&format!("<node n=\"{i}\" variation=\"{variation}\""));
            if i > 0 {
                x.push_str(&format!(" parent=\"{}\"", i - 1 - back.min(&(i - 1))));
            }
            if let Some(g) = gap {
                x.push_str(&format!(" gap=\"{g}\""));
            }
            x.push_str(&format!("><p id=\"C\"><v>{i}</v></p></node>"));
        }
        if let Some(t) = tail {
            x.push_str(&format!("<tail>{t}</tail>"));
        }
        x.push_str("</game></sgfconv>");
        x
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Any event stream a reader can make, however odd its parentheses
        /// (`((;b))`, `()`), comes back from JSON and from XML event for
        /// event.
        #[test]
        fn any_event_stream_survives_json_and_xml(games in proptest::collection::vec(proptest::collection::vec(token(), 0..24), 0..3)) {
            let mut log = EventLog::default();
            replay(&games, &mut log);
            for (to, options) in [(Format::Json, WriteOptions::default()), (Format::Json, json_lines()), (Format::Xml, WriteOptions::default())] {
                let mut out = Vec::new();
                {
                    let mut w = formats::writer(to, Box::new(&mut out), &writing(options.clone())).unwrap();
                    replay(&games, &mut w);
                    w.finish(&mut Reporter::collecting("p")).unwrap();
                }
                let (back, r) = events(&out, to).unwrap();
                prop_assert_eq!(r.warnings() + r.errors(), 0);
                prop_assert_eq!(&back, &log.events, "{:?}", to);
            }
        }

        /// A hand-written JSON or XML document, with any `parent`,
        /// `variation`, `gap` and `tail`, gives SGF that reads back with the
        /// same nodes and no structure fault (safety and bounded memory).
        #[test]
        fn any_gap_and_tail_give_balanced_sgf(
            nodes in proptest::collection::vec((0usize..4, any::<bool>(), proptest::option::of("[()]{0,4}")), 1..10),
            tail in proptest::option::of("[()]{0,5}"),
        ) {
            for (from, doc) in [(Format::Json, hand_json(&nodes, &tail)), (Format::Xml, hand_xml(&nodes, &tail))] {
                let (sgf, r) = convert(doc.as_bytes(), from, Format::Sgf, WriteOptions::default()).unwrap();
                prop_assert_eq!(r.errors(), 0, "{}", doc);
                let (back, r) = events(&sgf, Format::Sgf).unwrap();
                let text = String::from_utf8_lossy(&sgf);
                let found = back.iter().filter(|e| matches!(e, OwnedEvent::Node)).count();
                prop_assert_eq!(found, nodes.len(), "{} -> {}", doc, text);
                let faults: Vec<&str> = r.collected().iter().map(|d| d.code.id)
                    .filter(|c| c.starts_with('E') || ["W005", "W008", "W010", "W015", "W017"].contains(c))
                    .collect();
                prop_assert!(faults.is_empty(), "{:?}: {} -> {}", faults, doc, text);
            }
        }

        /// A main line of moves, passes, clocks and comments comes back from
        /// a CSV move list, whatever the coordinate columns.
        #[test]
        fn csv_keeps_any_main_line(
            moves in proptest::collection::vec(
                (any::<bool>(), proptest::option::of((0u32..19, 0u32..19)), proptest::option::of("(?s).{0,12}"), proptest::option::of(0u32..3600)),
                0..30,
            ),
            coords in 0usize..3,
        ) {
            let mut g = sgfconv::Game::default();
            g.root_mut().set("SZ", "19");
            let mut at = 0;
            let mut want = Vec::new();
            for (black, point, comment, clock) in &moves {
                at = g.add_child(at);
                let colour = if *black { "B" } else { "W" };
                let p = point.map(|(x, y)| [(b'a' + x as u8) as char, (b'a' + y as u8) as char].iter().collect::<String>()).unwrap_or_default();
                g.node_mut(at).set(colour, &p);
                if let Some(t) = clock {
                    g.node_mut(at).set(if *black { "BL" } else { "WL" }, &t.to_string());
                }
                if let Some(c) = comment.as_ref().filter(|c| !c.is_empty()) {
                    g.node_mut(at).set("C", c);
                }
                want.push((colour.to_string(), p, clock.map(|t| t.to_string()), comment.clone().filter(|c| !c.is_empty())));
            }
            let mut json = Vec::new();
            {
                let mut w = formats::writer(Format::Json, Box::new(&mut json), &Options::default()).unwrap();
                g.replay(&mut w, &mut Reporter::collecting("p")).unwrap();
                w.finish(&mut Reporter::collecting("p")).unwrap();
            }
            let coords = [Coords::Sgf, Coords::Gtp, Coords::Numeric][coords];
            let (csv, _) = convert(&json, Format::Json, Format::Csv, { let mut o = WriteOptions::default(); o.coords = Some(coords); o }).unwrap();
            let games = sgfconv::game::collect_games(
                |s, r| formats::read(Format::Csv, &mut &csv[..], &ReadOptions::default(), s, r),
                &mut Reporter::collecting("p"),
            ).unwrap();
            let got: Vec<_> = match games.first() {
                None => Vec::new(),
                Some(back) => back.main_line().iter().skip(1).map(|&i| {
                    let n = back.node(i);
                    let (c, p) = n.mv().unwrap();
                    let clock = n.text(if c == 'B' { "BL" } else { "WL" }).map(str::to_string);
                    (c.to_string(), p.to_string(), clock, n.text("C").map(str::to_string))
                }).collect(),
            };
            prop_assert_eq!(got, want);
        }

        /// Readers never panic, whatever the bytes.
        #[test]
        fn readers_survive_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200), prefix in 0usize..5) {
            let prefixes: [&[u8]; 5] = [b"", b"{\"games\":[", b"<sgfconv version=\"1\"><game>", b"game,color,sgf\n", b"<Go><GoGame><Nodes>"];
            let mut input = prefixes[prefix].to_vec();
            input.extend(&bytes);
            for from in [Format::Json, Format::Xml, Format::Csv, Format::Jago] {
                let mut counter = sgfconv::sink::Counter::default();
                let _ = formats::read(from, &mut &input[..], &ReadOptions::default(), &mut counter, &mut Reporter::collecting("p"));
            }
        }
    }
}

/// WeiqiHub's parsed snapshots of two real records (PAIR files in the
/// shared corpus) list every main-line move as colour, row and column (-1
/// for a pass): our CSV move list must agree move for move.
#[test]
#[ignore = "needs ../shared/corpus"]
fn csv_move_lists_agree_with_weiqihub_snapshots() {
    let Some(dir) = common::shared_path("corpus/sgf/ff4/weiqihub") else {
        return;
    };
    for stem in ["ogs_9x9", "fox_9x9"] {
        let sgf = std::fs::read(dir.join(format!("{stem}.sgf"))).unwrap();
        let snapshot: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(format!("{stem}.json"))).unwrap())
                .unwrap();
        let want: Vec<(String, i64, i64)> = snapshot["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["color"].as_str().unwrap().to_string(),
                    m["row"].as_i64().unwrap(),
                    m["col"].as_i64().unwrap(),
                )
            })
            .collect();
        let (csv, _) = convert(&sgf, Format::Sgf, Format::Csv, {
            let mut o = WriteOptions::default();
            o.coords = Some(Coords::Numeric);
            o
        })
        .unwrap();
        let mut rdr = csv::Reader::from_reader(&csv[..]);
        let got: Vec<(String, i64, i64)> = rdr
            .records()
            .map(|r| {
                let r = r.unwrap();
                // game,move,color,x,y,pass,...
                let n = |i: usize| r[i].parse::<i64>().unwrap_or(-1);
                (r[2].to_string(), n(4), n(3))
            })
            .collect();
        assert!(want.len() > 10, "{stem}");
        assert_eq!(got, want, "{stem}");
    }
}

/// Streams whose parentheses the tree does not imply (`gap`, `tail`) still
/// validate against both schemas and come back exactly.
#[test]
fn odd_parentheses_validate_against_the_schemas() {
    use sgfconv::event::{GameHeader, PropertyBuf};
    // (;A((;B))()) and (;A(;B)()) — a doubled parenthesis, an empty
    // variation.
    let mut log = EventLog::default();
    let mut r = Reporter::collecting("odd");
    let b = PropertyBuf::with_values("B", &["aa"]);
    for (i, script) in [";((;))()", ";(;)()"].iter().enumerate() {
        let h = GameHeader::new(i);
        let mut events = vec![OwnedEvent::GameStart(h)];
        for c in script.chars() {
            events.push(match c {
                ';' => OwnedEvent::Node,
                '(' => OwnedEvent::VariationStart,
                _ => OwnedEvent::VariationEnd,
            });
            if c == ';' {
                events.push(OwnedEvent::Property(b.clone()));
            }
        }
        events.push(OwnedEvent::GameEnd);
        for e in &events {
            sgfconv::Sink::event(&mut log, &e.as_event(), &mut r).unwrap();
        }
    }
    for to in [Format::Json, Format::Xml] {
        let mut out = Vec::new();
        {
            let mut w = formats::writer(to, Box::new(&mut out), &Options::default()).unwrap();
            for e in &log.events {
                w.event(&e.as_event(), &mut r).unwrap();
            }
            w.finish(&mut r).unwrap();
        }
        let text = String::from_utf8_lossy(&out).into_owned();
        assert!(text.contains("((") && text.contains("tail"), "{text}");
        if to == Format::Json {
            assert_valid_json(&out, "odd parentheses");
        } else {
            assert_valid_xml(&out, "odd parentheses");
        }
        let (back, _) = events(&out, to).unwrap();
        assert_eq!(back, log.events, "{to:?}");
    }
}

#[test]
fn a_lone_surrogate_in_a_json_string_is_replaced_and_said_not_a_refusal() {
    // A high half alone, a low half alone, and a pair (kept).
    let doc = r#"{"nodes":[{"props":[{"id":"GM","values":["1"]},{"id":"GN","values":["a\ud800b"]},{"id":"C","values":["\udc00 and \ud83d\ude00"]}]}]}"#;
    for layout in [doc.to_string(), format!("[\n{doc}\n]")] {
        let o = common::run(&["-f", "json", "-t", "sgf"], layout.as_bytes());
        let err = common::text(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{err}");
        let out = common::text(&o.stdout);
        assert!(out.contains("GN[a\u{FFFD}b]"), "{out}");
        assert!(out.contains("C[\u{FFFD} and \u{1F600}]"), "{out}");
        assert_eq!(err.matches("W396").count(), 2, "{err}");
    }
}
