//! Game-parallel reading of sgfconv XML, CSV lists and JSON Lines gives
//! exactly what one pass gives: the same bytes, the same diagnostics
//! (positions, game numbers, order) and the same outcome, whatever the
//! number of threads and wherever the input is cut, for every target
//! (those that number their games included), on inputs made to fool the
//! cuts and on damaged ones.

use crate::common;

use common::*;
use sgfconv::diag::Reporter;
use sgfconv::{Format, Options, WriteOptions};

/// The games the inputs are made of: our own SGF samples, each twice.
fn games() -> Vec<u8> {
    let mut all = Vec::new();
    for f in files_under(&root().join("corpus"), &|p| is_sgf(p)) {
        let bytes = std::fs::read(&f).unwrap();
        for _ in 0..2 {
            all.extend_from_slice(&bytes);
            all.push(b'\n');
        }
    }
    assert!(all.len() > 10_000, "corpus/ has SGF samples");
    all
}

/// `sgf` written as `to` (JSON: JSON Lines) by the library, one pass.
fn written(sgf: &[u8], to: Format) -> Vec<u8> {
    let mut o = Options::default();
    o.write.json_lines = to == Format::Json;
    convert_bytes(sgf, Format::Sgf, to, &o, "in.sgf").0
}

/// `input` (in `from`) converted to `to` with `write` on `jobs` threads in
/// pieces of `piece` bytes: the output, or the error, and every
/// diagnostic as JSON.
fn run(
    input: &[u8],
    from: Format,
    (to, write): (Format, &WriteOptions),
    jobs: usize,
    piece: usize,
) -> (Result<Vec<u8>, String>, Vec<String>) {
    let mut o = Options::default().with_jobs(jobs);
    o.piece_size = piece;
    o.write = write.clone();
    let mut report = Reporter::collecting("in");
    let mut out = Vec::new();
    let r = sgfconv::convert(&mut &input[..], from, &mut out, to, &o, &mut report);
    let diags = report.collected().iter().map(|d| d.to_json()).collect();
    (r.map(|_| out).map_err(|e| e.to_string()), diags)
}

/// The targets: SGF, and the writers that number games in pieces.
fn targets() -> Vec<(Format, WriteOptions)> {
    let mut lines = WriteOptions::default();
    lines.json_lines = true;
    vec![
        (Format::Sgf, WriteOptions::default()),
        (Format::Json, WriteOptions::default()),
        (Format::Json, lines),
        (Format::Xml, WriteOptions::default()),
        (Format::Csv, WriteOptions::default()),
    ]
}

/// Read in pieces (several sizes, 2 and 3 threads), `input` gives what
/// one pass gives, for every target; `pieces` cuts it in pieces at all
/// (the reading is not all one pass).
fn assert_alike(input: &[u8], from: Format, what: &str) {
    for (to, write) in targets() {
        let one = run(input, from, (to, &write), 1, 0);
        for (jobs, piece) in [(2, 1), (3, 300), (2, 4096), (3, 64 << 10)] {
            let many = run(input, from, (to, &write), jobs, piece);
            assert!(
                one.0 == many.0,
                "{what} → {}: output differs with -j {jobs}, pieces of {piece}",
                to.name()
            );
            pretty_assertions::assert_eq!(one.1, many.1, "{what}: -j {jobs}, pieces of {piece}");
        }
    }
}

#[test]
fn xml_reads_alike_in_pieces() {
    let xml = written(&games(), Format::Xml);
    assert!(sgfconv::formats::cuts(Format::Xml, &xml).is_some());
    assert_alike(&xml, Format::Xml, "XML");
}

#[test]
fn csv_reads_alike_in_pieces() {
    let csv = written(&games(), Format::Csv);
    assert!(sgfconv::formats::cuts(Format::Csv, &csv).is_some());
    assert_alike(&csv, Format::Csv, "CSV");
}

#[test]
fn json_lines_read_alike_in_pieces() {
    let json = written(&games(), Format::Json);
    assert!(sgfconv::formats::cuts(Format::Json, &json).is_some());
    assert_alike(&json, Format::Json, "JSON Lines");
}

/// A game `k` of a few moves, as SGF.
fn game(k: usize) -> String {
    format!("(;GM[1]FF[4]PB[p{k}];B[pd];W[dp]C[c{k}];B[pp])\n")
}

/// `n` games written as `to`, with `f` applied to the text of each.
fn made(n: usize, to: Format, f: &dyn Fn(usize, String) -> String) -> Vec<u8> {
    let sgf: String = (0..n).map(game).collect();
    let text = String::from_utf8(written(sgf.as_bytes(), to)).unwrap();
    let mut out = String::new();
    for (k, line) in text.split_inclusive('\n').enumerate() {
        out.push_str(&f(k, line.to_string()));
    }
    out.into_bytes()
}

#[test]
fn damaged_and_misleading_xml_reads_alike() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        // A comment holding what looks like the end of a game and the
        // start of the next, at a line start.
        (
            "comment",
            made(40, Format::Xml, &|k, l| match k % 13 {
                5 => format!("{l}<!-- </game>\n<game index=\"99\">\n-->\n"),
                _ => l,
            }),
        ),
        // A syntax fault half-way: the games before it are kept.
        (
            "fault",
            made(40, Format::Xml, &|k, l| match k {
                60 => format!("{l}<node <\n"),
                _ => l,
            }),
        ),
        // An unknown element between games, and stray text.
        (
            "unknown",
            made(40, Format::Xml, &|k, l| match k % 11 {
                3 if l.starts_with("</game>") => format!("{l}<other>\n<game>\n</other>\nstray\n"),
                _ => l,
            }),
        ),
        // The input ends inside a game.
        ("truncated", {
            let mut x = made(40, Format::Xml, &|_, l| l);
            x.truncate(x.len() - 200);
            x
        }),
    ];
    for (what, input) in cases {
        assert_alike(&input, Format::Xml, what);
    }
}

#[test]
fn damaged_and_misleading_csv_reads_alike() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        // Comments that hold line breaks and rows of another game.
        (
            "quoted",
            made(60, Format::Csv, &|k, l| match k % 9 {
                4 => l.replacen(",0,,", ",0,,\"see\n9,1,B,aa,\"\"x\"\"\n\"", 1),
                _ => l,
            }),
        ),
        // A row that is not UTF-8 half-way: the reading stops there.
        ("not UTF-8", {
            let mut x = made(60, Format::Csv, &|_, l| l);
            let half = x.len() / 2;
            let at = half + x[half..].iter().position(|&c| c == b'\n').unwrap() + 1;
            x.splice(at..at, b"7,1,B,pd,\xff\n".iter().copied());
            x
        }),
        // Bad rows (warnings with positions), blank lines, CRLF line ends.
        (
            "bad rows",
            made(60, Format::Csv, &|k, l| match k % 7 {
                2 => format!("{l}\n"),
                3 => l.replace('\n', "\r\n"),
                5 => format!("{l}{},1,X,pd,\n", k / 4),
                _ => l,
            }),
        ),
    ];
    for (what, input) in cases {
        assert_alike(&input, Format::Csv, what);
    }
}

#[test]
fn damaged_json_lines_read_alike() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "fault",
            made(50, Format::Json, &|k, l| match k {
                30 => format!("{l}{{\"nodes\": [\n"),
                _ => l,
            }),
        ),
        (
            "blank lines",
            made(50, Format::Json, &|k, l| match k % 5 {
                1 => format!("{l}\n   \n"),
                _ => l,
            }),
        ),
    ];
    for (what, input) in cases {
        assert_alike(&input, Format::Json, what);
    }
}

/// The command: `-j 1` and `-j 2` write the same bytes and say the same
/// things, on an XML, CSV and JSON Lines input of many pieces.
#[test]
fn the_command_reads_alike_with_two_threads() {
    let mut sgf = Vec::new();
    let g = games();
    while sgf.len() < 600_000 {
        sgf.extend_from_slice(&g);
    }
    let dir = tempfile::tempdir().unwrap();
    for (to, name) in [
        (Format::Xml, "in.xml"),
        (Format::Csv, "in.csv"),
        (Format::Json, "in.jsonl"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, written(&sgf, to)).unwrap();
        let out = |j: &str| {
            sgfconv()
                .args(["-j", j, "-f", to.name(), "-t", "sgf"])
                .arg(&path)
                .output()
                .unwrap()
        };
        let (one, two) = (out("1"), out("2"));
        assert!(one.status.success(), "{name}");
        assert_eq!(one.status, two.status, "{name}");
        assert!(one.stdout == two.stdout, "{name}: stdout differs");
        assert_eq!(one.stderr, two.stderr, "{name}");
    }
}
