//! What the fuzz targets check, shared by the libFuzzer targets (nightly,
//! `cargo fuzz run`) and the stable smoke runner (`src/bin/smoke.rs`).
//!
//! A failed check is a panic: libFuzzer and the smoke runner both save the
//! input that caused it.

use sgfconv::diag::{Output, Reporter};
use sgfconv::formats::{self, FORMATS};
use sgfconv::options::ReadOptions;
use sgfconv::sink::Counter;
use sgfconv::{Format, Options};

/// Every reader, on the same bytes (plus format sniffing): none may panic.
/// Errors are fine: most random bytes are not a record of most formats.
pub fn read_all(data: &[u8]) {
    let _ = Format::sniff(data);
    for info in FORMATS {
        let mut sink = Counter::default();
        let mut report = Reporter::new("fuzz", Output::Discard);
        let _ = formats::read(
            info.format,
            &mut &data[..],
            &ReadOptions::default(),
            &mut sink,
            &mut report,
        );
    }
}

/// Every reader into the SGF writer, then that SGF read back and written
/// again. The SGF we write must read back as the same number of games and
/// nodes, and writing it again must give the same bytes (the writer is
/// canonical). None of it may panic.
pub fn convert_sgf(data: &[u8]) {
    let options = Options::default();
    for info in FORMATS {
        let mut first = Vec::new();
        let mut report = Reporter::new("fuzz", Output::Discard);
        let Ok(stats) = sgfconv::convert(
            &mut &data[..],
            info.format,
            &mut first,
            Format::Sgf,
            &options,
            &mut report,
        ) else {
            continue;
        };
        let mut second = Vec::new();
        let mut report = Reporter::new("fuzz-output", Output::Discard);
        let again = sgfconv::convert(
            &mut &first[..],
            Format::Sgf,
            &mut second,
            Format::Sgf,
            &options,
            &mut report,
        );
        let shown = || String::from_utf8_lossy(&first).into_owned();
        match again {
            Err(e) => panic!(
                "{} → SGF: our output does not read back ({e}):\n{}",
                info.name,
                shown()
            ),
            Ok(s) => {
                assert_eq!(
                    (s.games, s.nodes),
                    (stats.games, stats.nodes),
                    "{} → SGF: games/nodes changed on reading our output back:\n{}",
                    info.name,
                    shown()
                );
                assert!(
                    second == first,
                    "{} → SGF: writing our output again changed it:\nfirst:\n{}\nsecond:\n{}",
                    info.name,
                    shown(),
                    String::from_utf8_lossy(&second)
                );
            }
        }
    }
}

/// The bytes as a recipe for one hand-written JSON document and the same
/// game in XML, with any `parent`, `variation`, `gap` and `tail`: each byte
/// is a node (bits 0–1: how many nodes before the previous one its parent
/// is; bit 2: `variation`; bit 3: a gap, whose tokens are bits 4–7, `(`
/// for a set bit); the last byte, if its top bit is set, a tail the same
/// way. Each document goes to SGF, which must read back (no error, no
/// `W005`) with one node per byte of the recipe.
pub fn structured_shape(data: &[u8]) {
    let (nodes, tail) = match data.split_last() {
        Some((&t, rest)) if t & 0x80 != 0 => (rest, Some(tokens(t))),
        _ => (data, None),
    };
    let nodes = &nodes[..nodes.len().min(64)];
    if nodes.is_empty() {
        return;
    }
    let (json, xml) = shape_documents(nodes, tail.as_deref());
    for (from, doc) in [(Format::Json, json), (Format::Xml, xml)] {
        let options = Options::default();
        let mut sgf = Vec::new();
        let mut report = Reporter::collecting("fuzz");
        sgfconv::convert(
            &mut doc.as_bytes(),
            from,
            &mut sgf,
            Format::Sgf,
            &options,
            &mut report,
        )
        .unwrap_or_else(|e| panic!("{doc}: not read ({e})"));
        assert_eq!(report.errors(), 0, "{doc}: {:?}", report.collected());
        let mut back = Vec::new();
        let mut report = Reporter::collecting("fuzz-output");
        let text = String::from_utf8_lossy(&sgf).into_owned();
        let stats = sgfconv::convert(
            &mut &sgf[..],
            Format::Sgf,
            &mut back,
            Format::Sgf,
            &options,
            &mut report,
        )
        .unwrap_or_else(|e| panic!("{doc} -> {text}: does not read back ({e})"));
        assert_eq!(
            stats.nodes,
            nodes.len() as u64,
            "{doc} -> {text}: nodes changed"
        );
        let faults: Vec<&str> = report
            .collected()
            .iter()
            .map(|d| d.code.id)
            .filter(|c| c.starts_with('E') || *c == "W005")
            .collect();
        assert!(faults.is_empty(), "{doc} -> {text}: {faults:?}");
    }
}

/// Up to four `(`/`)` tokens from the high bits of `b`.
fn tokens(b: u8) -> String {
    (4..4 + (b & 3) as usize + 1)
        .map(|i| if b & (1 << (i % 8)) != 0 { '(' } else { ')' })
        .collect()
}

/// The JSON and XML documents of [`structured_shape`]'s recipe.
fn shape_documents(nodes: &[u8], tail: Option<&str>) -> (String, String) {
    let mut json = String::from("{\"nodes\":[");
    let mut xml = String::from("<sgfconv version=\"1\"><game>");
    for (i, &b) in nodes.iter().enumerate() {
        let parent = (i > 0).then(|| i - 1 - (b as usize & 3).min(i - 1));
        let variation = b & 4 != 0;
        let gap = (b & 8 != 0).then(|| tokens(b));
        json.push_str(if i > 0 { ",{" } else { "{" });
        xml.push_str(&format!("<node variation=\"{variation}\""));
        if let Some(p) = parent {
            json.push_str(&format!("\"parent\":{p},"));
            xml.push_str(&format!(" parent=\"{p}\""));
        }
        if let Some(g) = &gap {
            json.push_str(&format!("\"gap\":\"{g}\","));
            xml.push_str(&format!(" gap=\"{g}\""));
        }
        json.push_str(&format!(
            "\"variation\":{variation},\"props\":[{{\"id\":\"C\",\"values\":[\"{i}\"]}}]}}"
        ));
        xml.push_str(&format!("><p id=\"C\"><v>{i}</v></p></node>"));
    }
    json.push(']');
    if let Some(t) = tail {
        json.push_str(&format!(",\"tail\":\"{t}\""));
        xml.push_str(&format!("<tail>{t}</tail>"));
    }
    json.push('}');
    xml.push_str("</game></sgfconv>");
    (json, xml)
}

/// Archives: the walk over the same bytes as every kind of archive (the
/// kind the bytes say first): none may panic or hang, and every member is
/// read to its end, as a conversion reads it, within a 1 MiB cap.
pub fn archive_walk(data: &[u8]) {
    use sgfconv::archive::{self, Kind, Limits};
    const KINDS: [Kind; 8] = [
        Kind::Zip,
        Kind::Tar,
        Kind::SevenZ,
        Kind::Lha,
        Kind::Gzip,
        Kind::Bzip2,
        Kind::Xz,
        Kind::Zstd,
    ];
    let limits = Limits {
        max_member_size: 1 << 20,
        depth: 2,
    };
    for kind in archive::detect(data).into_iter().chain(KINDS) {
        let mut report = Reporter::new("fuzz", Output::Discard);
        let _ = archive::walk(
            Box::new(data),
            kind,
            "fuzz",
            &limits,
            &mut report,
            &mut |m, _| {
                let _ = std::io::copy(m.reader, &mut std::io::sink());
                Ok(())
            },
        );
    }
}
