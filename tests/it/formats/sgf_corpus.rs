//! Sweeps every SGF file of `../shared/corpus` (files written by other
//! programs): the reader never panics, our output is a fixed point (converting
//! it again gives the same bytes), and reading our output gives back the
//! events of the first reading. Ignored unless asked for
//! (tests/common/mod.rs): it needs `../shared`.

use crate::common;

use sgfconv::event::OwnedEvent;
use sgfconv::{Format, Options, Severity};
use std::collections::BTreeMap;

/// The events our writer's output yields, minus what the writer adds or sets
/// itself (FF, CA of the root), so two readings can be compared.
fn comparable(events: Vec<OwnedEvent>) -> Vec<OwnedEvent> {
    let mut out = Vec::with_capacity(events.len());
    let mut nodes_in_game = 0;
    for e in events {
        match &e {
            OwnedEvent::GameStart(_) => nodes_in_game = 0,
            OwnedEvent::Node => nodes_in_game += 1,
            OwnedEvent::Property(p) if nodes_in_game == 1 && (p.name == "FF" || p.name == "CA") => {
                continue
            }
            _ => {}
        }
        // Encoding decisions differ by design (the output is UTF-8).
        if let OwnedEvent::GameStart(h) = &e {
            let mut h = h.clone();
            h.encoding = "";
            h.encoding_source = sgfconv::event::EncodingSource::Intrinsic;
            h.confidence = 1.0;
            h.implicit_root = false;
            h.pos = Default::default();
            out.push(OwnedEvent::GameStart(h));
            continue;
        }
        out.push(e);
    }
    out
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_corpus_sgf_converts_to_a_fixed_point_with_the_same_events() {
    let corpus = common::shared_corpus();
    let files = common::files_under(&corpus, &|p| {
        common::is_sgf(p) && !p.to_string_lossy().contains("/bulk/")
    });
    assert!(files.len() > 100, "the corpus has its SGF files");
    let (mut games, mut nodes) = (0u64, 0u64);
    let mut codes: BTreeMap<String, usize> = BTreeMap::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let name = f.display().to_string();
        let result = std::panic::catch_unwind(|| {
            common::convert_bytes(&bytes, Format::Sgf, Format::Sgf, &Options::default(), &name)
        });
        let (out, report) = result.unwrap_or_else(|_| panic!("{name}: the reader panicked"));
        for d in report.collected() {
            if d.severity >= Severity::Warning {
                *codes
                    .entry(format!("{} {}", d.code.id, d.code.name))
                    .or_default() += 1;
            }
        }
        let again = common::sgf_to_sgf(&out);
        assert!(again == out, "{name}: output is not a fixed point");
        // The writer changes nothing but layout, FF and CA: reading the output
        // gives the events the writer was sent (after the dialect rewrites).
        let first = comparable(common::sgf_events_transformed(&bytes));
        let second = comparable(common::sgf_events(&out));
        if first != second {
            let i = first
                .iter()
                .zip(&second)
                .position(|(a, b)| a != b)
                .unwrap_or(first.len().min(second.len()));
            panic!(
                "{name}: events differ at #{i}: {:?} vs {:?}",
                first.get(i),
                second.get(i)
            );
        }
        for e in &first {
            match e {
                OwnedEvent::GameStart(_) => games += 1,
                OwnedEvent::Node => nodes += 1,
                _ => {}
            }
        }
    }
    println!("swept {} files: {games} games, {nodes} nodes", files.len());
    for (c, n) in codes {
        println!("  {c}: {n}");
    }
}
