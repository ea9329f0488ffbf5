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
/// kind the bytes say first), then over the archives that lie made from
/// them ([`lying_archives`]): none may panic, hang or overflow its stack,
/// and every member is read to its end, as a conversion reads it, within a
/// 1 MiB cap per member and 4 MiB per archive, to the deepest nesting
/// allowed.
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
        max_archive_size: 4 << 20,
        depth: archive::MAX_DEPTH,
    };
    let walk = |bytes: &[u8], kind: Kind| {
        let mut report = Reporter::new("fuzz", Output::Discard);
        let _ = archive::walk(
            Box::new(bytes),
            kind,
            "fuzz",
            &limits,
            &mut report,
            &mut |m, _| {
                let _ = std::io::copy(m.reader, &mut std::io::sink());
                Ok(())
            },
        );
    };
    for kind in archive::detect(data).into_iter().chain(KINDS) {
        walk(data, kind);
    }
    for (kind, bytes) in lying_archives(data) {
        walk(&bytes, kind);
    }
}

/// The bytes as a recipe for archives that lie: a zip whose directory
/// entries (one per byte of the first 32, after the first) take their
/// names from a set of three (members of one name) and point at local
/// entries chosen by the bytes (entries that overlap, entries that name
/// themselves otherwise in their local header), its local entries the rest
/// of the bytes cut in four; and the bytes in as many gzip layers as the
/// first byte says, up to 40 (nesting past the deepest allowed).
pub fn lying_archives(data: &[u8]) -> Vec<(sgfconv::archive::Kind, Vec<u8>)> {
    use sgfconv::archive::Kind;
    let Some((&first, rest)) = data.split_first() else {
        return Vec::new();
    };
    let (recipe, body) = rest.split_at(rest.len().min(32));
    let names: [&[u8]; 3] = [b"g.sgf", b"g.sgf", b"h.gib"];
    let quarter = body.len().div_ceil(4).max(1);
    let locals: Vec<(&[u8], &[u8])> = body
        .chunks(quarter)
        .enumerate()
        .map(|(i, c)| (names[i % 3], c))
        .collect();
    let locals = if locals.is_empty() {
        vec![(names[0], &b""[..])]
    } else {
        locals
    };
    let central: Vec<(&[u8], usize)> = recipe
        .iter()
        .map(|b| {
            (
                names[(b & 3) as usize % 3],
                (b >> 2) as usize % locals.len(),
            )
        })
        .collect();
    let mut nested = data.to_vec();
    for _ in 0..(first as usize % 41) {
        nested = gzip_stored(&nested);
    }
    vec![
        (Kind::Zip, zip_stored(&locals, &central)),
        (Kind::Gzip, nested),
    ]
}

/// CRC-32 (IEEE), bit by bit: the fuzz crate needs no compressor.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// `data` as a gzip file of stored deflate blocks.
fn gzip_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255];
    let mut blocks = data.chunks(0xFFFF).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
    }
    while let Some(block) = blocks.next() {
        out.push(u8::from(blocks.peek().is_none()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&crc32(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

/// A zip of stored local entries (name, data), then a central directory of
/// `central` (the name it says, the local entry it points at).
fn zip_stored(locals: &[(&[u8], &[u8])], central: &[(&[u8], usize)]) -> Vec<u8> {
    let fields = |v: &mut Vec<u8>, data: &[u8], name: &[u8]| {
        v.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        v.extend_from_slice(&crc32(data).to_le_bytes());
        v.extend_from_slice(&(data.len() as u32).to_le_bytes());
        v.extend_from_slice(&(data.len() as u32).to_le_bytes());
        v.extend_from_slice(&(name.len() as u16).to_le_bytes());
        v.extend_from_slice(&[0, 0]);
    };
    let mut out = Vec::new();
    let mut offsets = Vec::new();
    for (name, data) in locals {
        offsets.push(out.len() as u32);
        out.extend_from_slice(b"PK\x03\x04");
        fields(&mut out, data, name);
        out.extend_from_slice(name);
        out.extend_from_slice(data);
    }
    let mut dir = Vec::new();
    for (name, i) in central {
        dir.extend_from_slice(b"PK\x01\x02\x14\x00");
        fields(&mut dir, locals[*i].1, name);
        dir.extend_from_slice(&[0; 10]);
        dir.extend_from_slice(&offsets[*i].to_le_bytes());
        dir.extend_from_slice(name);
    }
    let at = out.len() as u32;
    out.extend_from_slice(&dir);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    let n = (central.len() as u16).to_le_bytes();
    out.extend_from_slice(&[n[0], n[1], n[0], n[1]]);
    out.extend_from_slice(&(dir.len() as u32).to_le_bytes());
    out.extend_from_slice(&at.to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out
}
