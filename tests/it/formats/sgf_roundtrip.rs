//! Property tests of the SGF reader and writer.

use crate::common;

use proptest::prelude::*;
use sgfconv::diag::Reporter;
use sgfconv::event::{EncodingSource, OwnedEvent};
use sgfconv::game::Game;
use sgfconv::sink::EventLog;
use sgfconv::{Format, Options, PropertyBuf};
use std::io::Read;

/// Text with everything SGF must escape or may mangle.
fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("]".to_string()),
            Just("\\".to_string()),
            Just(":".to_string()),
            Just("\n".to_string()),
            Just("\r\n".to_string()),
            Just("\r".to_string()),
            Just("[".to_string()),
            Just(";B[aa]".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just(" ".to_string()),
            Just("碁".to_string()),
            Just("é".to_string()),
            "[a-z]{1,4}".prop_map(|s| s),
        ],
        0..8,
    )
    .prop_map(|v| v.concat())
}

/// A property: a name and its values, compose only where the property may be.
fn property() -> impl Strategy<Value = PropertyBuf> {
    let plain = |name: &'static str| {
        proptest::collection::vec(text(), 1..3)
            .prop_map(move |vals| PropertyBuf::with_values(name, &vals))
    };
    let compose = |name: &'static str| {
        proptest::collection::vec((text(), proptest::option::of(text())), 1..3).prop_map(
            move |vals| {
                let mut p = PropertyBuf::new(name);
                for (a, b) in vals {
                    match b {
                        Some(b) => p.push_compose(&a, &b),
                        None => p.push(&a),
                    };
                }
                p
            },
        )
    };
    prop_oneof![
        "[a-s]{2}".prop_map(|v| PropertyBuf::with_values("B", &[v])),
        "[a-s]{2}".prop_map(|v| PropertyBuf::with_values("W", &[v])),
        Just(PropertyBuf::with_values("B", &[""])),
        plain("C"),
        plain("N"),
        plain("GN"),
        compose("LB"),
        compose("AP"),
        compose("XPRIVATE"),
    ]
}

/// A random game tree: (parent choice, properties) per node.
fn game() -> impl Strategy<Value = Game> {
    proptest::collection::vec(
        (
            any::<prop::sample::Index>(),
            any::<bool>(),
            proptest::collection::vec(property(), 0..4),
        ),
        0..25,
    )
    .prop_map(|nodes| {
        let mut g = Game::default();
        g.root_mut()
            .push_buf(&PropertyBuf::with_values("FF", &["4"]));
        g.root_mut()
            .push_buf(&PropertyBuf::with_values("CA", &["UTF-8"]));
        for (parent, var, props) in nodes {
            let p = parent.index(g.len());
            let id = if var {
                g.add_variation(p)
            } else {
                g.add_child(p)
            };
            // Duplicate names in one node would be merged by the reader.
            let mut seen = std::collections::HashSet::new();
            for prop in props {
                if seen.insert(prop.name.clone()) {
                    g.node_mut(id).push_buf(&prop);
                }
            }
        }
        g
    })
}

fn normalise(events: Vec<OwnedEvent>) -> Vec<OwnedEvent> {
    events
        .into_iter()
        .map(|e| match e {
            OwnedEvent::GameStart(mut h) => {
                h.index = 0;
                h.encoding = "";
                h.encoding_source = EncodingSource::Intrinsic;
                h.confidence = 1.0;
                h.pos = Default::default();
                OwnedEvent::GameStart(h)
            }
            e => e,
        })
        .collect()
}

fn write_games(games: &[Game]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut report = Reporter::collecting("t");
    {
        let mut w =
            sgfconv::formats::writer(Format::Sgf, Box::new(&mut out), &Default::default()).unwrap();
        for g in games {
            g.replay(&mut w, &mut report).unwrap();
        }
        w.finish(&mut report).unwrap();
    }
    out
}

/// Hands out its data `n` bytes at a time.
struct Trickle<'a>(&'a [u8], usize);
impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(self.0.len()).min(out.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn events_in_chunks(input: &[u8], chunk: usize) -> (Vec<OwnedEvent>, Vec<String>) {
    let mut log = EventLog::default();
    let mut report = Reporter::collecting("t");
    let mut src = Trickle(input, chunk);
    sgfconv::formats::read(
        Format::Sgf,
        &mut src,
        &Default::default(),
        &mut log,
        &mut report,
    )
    .unwrap();
    let diags = report.collected().iter().map(|d| d.to_string()).collect();
    (log.events, diags)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn written_games_read_back_as_the_same_events(games in proptest::collection::vec(game(), 1..3)) {
        let bytes = write_games(&games);
        let mut want = EventLog::default();
        let mut report = Reporter::collecting("t");
        for g in &games {
            g.replay(&mut want, &mut report).unwrap();
        }
        let got = common::sgf_events(&bytes);
        prop_assert_eq!(normalise(got), normalise(want.events), "{}", String::from_utf8_lossy(&bytes));
        // Conversion is idempotent: its output is a fixed point.
        let once = common::sgf_to_sgf(&bytes);
        prop_assert_eq!(common::sgf_to_sgf(&once), once);
    }

    #[test]
    fn reading_in_small_chunks_is_reading_at_once(games in proptest::collection::vec(game(), 1..3), chunk in 1usize..9) {
        let bytes = write_games(&games);
        prop_assert_eq!(events_in_chunks(&bytes, chunk), events_in_chunks(&bytes, usize::MAX));
    }

    #[test]
    fn damaged_input_never_panics_and_chunking_never_matters(
        games in proptest::collection::vec(game(), 1..2),
        cuts in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
        chunk in 1usize..5,
    ) {
        let mut bytes = write_games(&games);
        for (at, b) in cuts {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
        }
        let whole = events_in_chunks(&bytes, usize::MAX);
        prop_assert_eq!(events_in_chunks(&bytes, chunk), whole);
        let out = common::convert_bytes(&bytes, Format::Sgf, Format::Sgf, &Options::default(), "t").0;
        let again = common::sgf_to_sgf(&out);
        prop_assert_eq!(
            String::from_utf8_lossy(&again),
            String::from_utf8_lossy(&out),
            "input: {:?}",
            String::from_utf8_lossy(&bytes)
        );
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = common::convert_bytes(&bytes, Format::Sgf, Format::Sgf, &Options::default(), "t");
    }
}

#[test]
fn a_tree_nested_100_000_levels_deep_converts() {
    let depth = 100_000;
    let mut s = String::from("(;FF[4]CA[UTF-8]");
    for i in 0..depth {
        s.push_str(if i % 2 == 0 { "(;B[aa]" } else { "(;W[bb]" });
    }
    for _ in 0..=depth {
        s.push(')');
    }
    let (out, report) = common::convert_bytes(
        s.as_bytes(),
        Format::Sgf,
        Format::Sgf,
        &Options::default(),
        "deep",
    );
    assert_eq!(report.warnings() + report.errors(), 0);
    let opens = out.iter().filter(|&&c| c == b'(').count();
    assert_eq!(opens, depth + 1);
    assert_eq!(common::sgf_to_sgf(&out), out);
    // The game tree holds it too, and replays it without recursion.
    let games = sgfconv::game::collect_games(
        |sink, r| {
            let mut src = &out[..];
            sgfconv::formats::read(Format::Sgf, &mut src, &Default::default(), sink, r)
        },
        &mut Reporter::collecting("deep"),
    )
    .unwrap();
    assert_eq!(games[0].len(), depth + 1);
}

/// Structures the fuzzer and the property tests found, each once wrong:
/// the output must be valid (no node after a variation, no empty
/// variation) and a fixed point.
#[test]
fn structural_repairs_are_valid_fixed_points() {
    let cases: &[&[u8]] = &[
        b"(;a[1](;B[aa]);B[bb])",
        b"(;GM[1](;B[aa])( x ( ) ] ;W[bb]))",
        b"(;GM[1](;B[aa])(;W[bb])C[x])",
        b"(;(;))(W[bb])",
        b"(;GM[1]((;B[aa])(;B[bb]));W[cc])",
        b"(;GM[1]( ;B[aa]",
        b"(;GM[1](;B[aa]) ( (;W[bb]) ;B[cc] ) )",
        b"(;C[x]\0a[4];B[aa])",
        b"(;GM[1]())((;B[aa]))",
    ];
    for input in cases {
        let once = common::sgf_to_sgf(input);
        let text = String::from_utf8_lossy(&once);
        let bytes = text.as_bytes();
        // No ')' directly followed by ';' (a node after a variation) and no
        // '()' (an empty variation) outside values.
        let mut depth_in_value = false;
        for (i, &c) in bytes.iter().enumerate() {
            match c {
                b'[' if !depth_in_value => depth_in_value = true,
                b']' if depth_in_value && (i == 0 || bytes[i - 1] != b'\\') => {
                    depth_in_value = false
                }
                b')' if !depth_in_value => {
                    let next = bytes[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
                    assert_ne!(next, Some(&b';'), "node after a variation in {text:?}");
                }
                b'(' if !depth_in_value => {
                    let next = bytes[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
                    assert_ne!(next, Some(&b')'), "empty variation in {text:?}");
                }
                _ => {}
            }
        }
        assert_eq!(
            common::sgf_to_sgf(&once),
            once,
            "not a fixed point: {text:?}"
        );
    }
}
