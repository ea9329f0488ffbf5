//! The line-based readers stream record by record (safety and bounded memory): a file of
//! several records one after another gives one game per record, in GIB,
//! NGF and UGF; a record read across the readers' 64 KiB read boundary
//! reads the same; and every reader refuses a line, token or row longer
//! than `--max-value-size` with its own code and exit status 2 instead of
//! holding it. (Peak memory is measured by `make memory`, not here.)

use crate::common;

use common::{root, run, text};

/// The games of `input` read as `format`, one JSON line each, and the
/// diagnostics (`-v`).
fn games(format: &str, input: &[u8]) -> (Vec<String>, String) {
    let out = run(&["-v", "-f", format, "-t", "json", "--json-lines"], input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("{\"game\""))
        .map(|l| l.to_string())
        .collect();
    (lines, text(&out.stderr))
}

/// A game's JSON line with its index and position fields taken out, to
/// compare a game read alone with the same game read from a collection.
fn body(line: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let mut v = v;
    // Where the game sits (its number in the output, its index in the
    // input) is not what it holds.
    if let Some(o) = v.as_object_mut() {
        o.remove("game");
        o.remove("index");
    }
    strip_positions(&mut v);
    v.to_string()
}

fn strip_positions(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(o) => {
            o.remove("pos");
            o.values_mut().for_each(strip_positions);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(strip_positions),
        _ => {}
    }
}

fn corpus(rel: &str) -> Vec<u8> {
    std::fs::read(root().join("corpus").join(rel)).unwrap()
}

const NGF: &str = "Rated game\r\n19\r\nwyh1207     7D*\r\nekfshddl    4D*\r\nwww.cyberoro.com\r\n0\r\n0\r\n6\r\n20160416 [00:36]\r\n3\r\nBlack wins by 0.5!\r\n3\r\nPMABBREER\r\nPMACWEEEE\r\nPMADBQRRQ\r\n";

const UGF: &str = "[Header]\r\nLang=SJIS\r\nPlayerB=Black,3d,,\r\nPlayerW=White,2d,,\r\nSize=9\r\n[Data]\r\nCC,B1,1,0\r\nGG,W1,2,0\r\n";

#[test]
fn three_gib_records_give_three_games() {
    let one = corpus("gib/written-layout.gib");
    let (alone, _) = games("gib", &one);
    assert_eq!(alone.len(), 1);
    let three = [&one[..], &one[..], &one[..]].concat();
    let (got, diags) = games("gib", &three);
    assert_eq!(got.len(), 3, "{diags}");
    assert!(diags.contains("I217"), "{diags}");
    for g in &got {
        assert_eq!(body(g), body(&alone[0]));
    }
}

#[test]
fn three_ngf_records_give_three_games() {
    let (alone, diags) = games("ngf", NGF.as_bytes());
    assert_eq!(alone.len(), 1);
    assert!(!diags.contains("W264"), "{diags}");
    let (got, diags) = games("ngf", NGF.repeat(3).as_bytes());
    assert_eq!(got.len(), 3, "{diags}");
    assert!(diags.contains("W264"), "{diags}");
    assert!(
        !diags.contains("W260") && !diags.contains("W254"),
        "{diags}"
    );
    for g in &got {
        assert_eq!(body(g), body(&alone[0]));
    }
}

#[test]
fn three_ugf_records_give_three_games() {
    let (alone, diags) = games("ugf", UGF.as_bytes());
    assert_eq!(alone.len(), 1);
    assert!(!diags.contains("W321"), "{diags}");
    let (got, diags) = games("ugf", UGF.repeat(3).as_bytes());
    assert_eq!(got.len(), 3, "{diags}");
    assert!(diags.contains("W321"), "{diags}");
    assert!(!diags.contains("W310"), "{diags}");
    for g in &got {
        assert_eq!(body(g), body(&alone[0]));
    }
}

/// `first`, blank lines, then `second` so that `second`'s first line runs
/// across byte 65 536 (where the readers' first read ends).
fn across_the_boundary(first: &[u8], second: &[u8]) -> Vec<u8> {
    let mut out = first.to_vec();
    while out.len() + 2 < 65_536 - 3 {
        out.extend_from_slice(b"\r\n");
    }
    while out.len() < 65_536 - 3 {
        out.push(b' ');
    }
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(second);
    assert!(out.len() > 65_536);
    out
}

#[test]
fn a_record_across_a_read_boundary_reads_the_same() {
    let gib = corpus("gib/written-layout.gib");
    let other = corpus("gib/taiwan-big5.gib");
    let (a, _) = games("gib", &gib);
    let (b, _) = games("gib", &other);
    let (got, diags) = games("gib", &across_the_boundary(&gib, &other));
    assert_eq!(got.len(), 2, "{diags}");
    assert_eq!((body(&got[0]), body(&got[1])), (body(&a[0]), body(&b[0])));

    let (one, _) = games("ngf", NGF.as_bytes());
    let (got, diags) = games("ngf", &across_the_boundary(NGF.as_bytes(), NGF.as_bytes()));
    assert_eq!(got.len(), 2, "{diags}");
    assert_eq!(body(&got[1]), body(&one[0]));
}

/// Every reader refuses a line, token or row past `--max-value-size` with
/// its code and exit status 2.
#[test]
fn an_endless_line_is_refused_by_every_reader() {
    let run_of = |prefix: &str, byte: u8| {
        let mut v = prefix.as_bytes().to_vec();
        v.extend(std::iter::repeat_n(byte, 200_000));
        v
    };
    let cases: &[(&str, &str, Vec<u8>)] = &[
        ("gib", "[E249]", run_of("", 0)),
        ("gib", "[E249]", run_of("\\HS\n\\[GAMENAME=", b'a')),
        ("ngf", "[E299]", run_of("", 0)),
        ("ugf", "[E349]", run_of("[Header]\r\nPlace=", b'a')),
        ("ugf", "[E349]", run_of("", 0)),
        ("xml", "[E369]", run_of("", 0)),
        (
            "xml",
            "[E369]",
            run_of("<sgfconv version=\"1\"><game><node n=\"0\"><p id=\"C\"><v>", b'a'),
        ),
        ("xml", "[E369]", run_of("<sgfconv version=\"1\" a=\"", b'a')),
        ("jago", "[E391]", run_of("", 0)),
        ("jago", "[E391]", run_of("<Go><GoGame><Nodes><Node><Comment>", b'a')),
        (
            "jago",
            "[E391]",
            run_of("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<Go>", b'a'),
        ),
        ("csv", "[E377]", run_of("", 0)),
        ("csv", "[E377]", run_of("game,move,color,comment\n1,1,B,\"", b'a')),
        ("json", "[E357]", run_of("", b' ')),
        (
            "json",
            "[E357]",
            run_of("{\"format\":\"sgfconv\",\"version\":1,\"games\":[{\"game\":0,\"nodes\":[{\"node\":0,\"props\":[{\"id\":\"C\",\"values\":[\"", b'a'),
        ),
        ("json", "[E357]", run_of("[1", b'1')),
        // A value made of many small texts, each under the bound.
        (
            "xml",
            "[E369]",
            format!(
                "<sgfconv version=\"1\"><game><node n=\"0\"><p id=\"C\"><v>{}",
                "a<!---->".repeat(20_000)
            )
            .into_bytes(),
        ),
        (
            "jago",
            "[E391]",
            format!(
                "<Go><GoGame><Nodes><Node><Comment>{}",
                "a<![CDATA[b]]>".repeat(20_000)
            )
            .into_bytes(),
        ),
    ];
    for (format, code, input) in cases {
        let out = run(&["-f", format, "--max-value-size", "10000"], input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{format}: {err}");
        assert!(err.contains(code), "{format}: {err}");
        assert!(err.contains("--max-value-size"), "{format}: {err}");
    }
}

/// The bound refuses only what is past it: the same inputs, cut below it,
/// are not refused for their length.
#[test]
fn what_fits_the_bound_is_read() {
    let mut value = b"<sgfconv version=\"1\"><game><node n=\"0\"><p id=\"C\"><v>".to_vec();
    value.extend(std::iter::repeat_n(b'a', 9_000));
    value.extend_from_slice(b"</v></p></node></game></sgfconv>\n");
    let out = run(&["-f", "xml", "--max-value-size", "10000"], &value);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(&"a".repeat(9_000)));
    let mut csv = b"game,move,color,comment\n1,1,B,\"".to_vec();
    csv.extend(std::iter::repeat_n(b'a', 9_000));
    csv.extend_from_slice(b"\"\n");
    let out = run(&["-f", "csv", "--max-value-size", "10000"], &csv);
    assert!(!text(&out.stderr).contains("E377"), "{}", text(&out.stderr));
}
