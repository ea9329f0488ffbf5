//! Safety and bounded memory: items 7–9, "nothing lost in silence", checked on the built
//! binary as a user runs it: a GIB file of several records gives every
//! game; a JSON document that is not sgfconv's model, or XML markup inside
//! a value, is an error that says what was expected; hand-written `gap`
//! and `tail` fields never make unbalanced SGF.

use crate::common;

use std::process::Output;

use common::{run, sgfconv, text};

/// Converts `input` (written to `name` in a fresh folder) to `out.sgf`
/// with `args`; the output's text (`None` when no file was written) and
/// the process output.
fn convert_file(name: &str, input: &[u8], args: &[&str]) -> (Option<String>, Output) {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join(name);
    std::fs::write(&src, input).unwrap();
    let dst = dir.path().join("out.sgf");
    let out = sgfconv().args(args).arg(&src).arg(&dst).output().unwrap();
    let written = std::fs::read(&dst).ok().map(|b| text(&b));
    (written, out)
}

const TWO_GIB: &str = "\\HS\r\n\\[GAMEBLACKNAME=alice (1K)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n3 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 15 3\r\nSTO 0 3 2 3 15\r\n\\GE\r\n\\HS\r\n\\[GAMEBLACKNAME=carol (1D)\\]\r\n\\HE\r\n\\GS\r\n2 1 0\r\n2 0 &4\r\nINI 0 1 0 &4\r\nSTO 0 2 1 3 3\r\n\\GE\r\n";

#[test]
fn a_gib_file_of_two_records_gives_two_games() {
    let (sgf, out) = convert_file("two.gib", TWO_GIB.as_bytes(), &["-v"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let sgf = sgf.expect("written");
    assert_eq!(sgf.matches("(;GM[1]").count(), 2, "{sgf}");
    assert!(
        sgf.contains("PB[carol]") && sgf.contains(";B[dd])"),
        "{sgf}"
    );
    assert!(
        text(&out.stderr).contains("[I217 gib-several-records]"),
        "{}",
        text(&out.stderr)
    );
    // GIB holds one game a file: the second is refused, and said so.
    let out = run(&["-f", "gib", "-t", "gib"], TWO_GIB.as_bytes());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("E401"), "{}", text(&out.stderr));
}

#[test]
fn text_after_the_last_gib_record_is_reported() {
    let input = format!("{TWO_GIB}stray words\r\n");
    let out = run(&["-f", "gib"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("[W218 gib-trailing-text]"),
        "{}",
        text(&out.stderr)
    );
}

/// Converts `input` named `name` over an existing `out.sgf` (`-o`): the
/// exit status, stderr, and whether `out.sgf` was left as it was.
fn refused_over_existing(name: &str, input: &[u8]) -> (Option<i32>, String, bool) {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join(name);
    std::fs::write(&src, input).unwrap();
    let dst = dir.path().join("out.sgf");
    std::fs::write(&dst, "old").unwrap();
    let out = sgfconv().arg(&src).arg("-o").arg(&dst).output().unwrap();
    let kept = std::fs::read(&dst).unwrap() == b"old";
    let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(
        leftovers,
        2,
        "no temporary file left in {}",
        dir.path().display()
    );
    (out.status.code(), text(&out.stderr), kept)
}

#[test]
fn json_that_is_not_the_model_is_refused_and_says_what_was_expected() {
    for (doc, says) in [
        ("[]", "an array with no game in it"),
        ("{}", "an empty object"),
        ("{\"name\":\"x\"}", "(it has \"name\")"),
        // The model's own fields alone hold no game.
        (
            "{\"name\":\"x\",\"version\":1}",
            "none of its fields that hold a game (games, nodes, moves) (it has \"name\", \"version\")",
        ),
        (
            "{\"a\":1,\"b\":[2]}",
            "none of its fields (it has \"a\", \"b\")",
        ),
        (
            "{\"game_id\":7,\"moves\":[[15,3,3854]],\"width\":19}",
            "OGS game JSON (it has a \"game_id\" field), which sgfconv does not read yet",
        ),
        (
            "{\"moves\":[[15,3,3854]],\"width\":19,\"height\":19}",
            "OGS game JSON, whose moves are [x, y, ms], is not read yet",
        ),
        (
            "{\"record\":{},\"game\":{\"type\":\"go\"},\"tree\":[]}",
            "JGF (JSON Go Format) (it has a \"record\" field), which sgfconv does not read yet",
        ),
    ] {
        let (code, stderr, kept) = refused_over_existing("in.json", doc.as_bytes());
        assert_eq!(code, Some(2), "{doc}: {stderr}");
        assert!(stderr.contains("[E354]"), "{doc}: {stderr}");
        assert!(stderr.contains(says), "{doc}: {stderr}");
        assert!(stderr.contains("expected sgfconv JSON"), "{doc}: {stderr}");
        assert!(kept, "{doc}: the existing output was replaced");
    }
    // Through a pipe: nothing on stdout.
    let out = run(&["-f", "json"], b"{}");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    // An empty collection is sgfconv JSON, but no game: nothing is
    // written, as for any input that gives no game.
    let empty = b"{\"format\":\"sgfconv\",\"version\":1,\"games\":[]}";
    let out = run(&["-f", "json"], empty);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("no game in it: nothing written"));
    let (code, stderr, kept) = refused_over_existing("in.json", empty);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(kept, "the existing output was replaced: {stderr}");
}

#[test]
fn json_lines_with_a_foreign_object_keep_the_games_before_it() {
    let input = b"{\"nodes\":[{\"props\":[{\"id\":\"FF\",\"values\":[\"4\"]}]}]}\n{\"x\":1}\n";
    let out = run(&["-f", "json"], input);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("(;FF[4]"));
    assert!(
        text(&out.stderr).contains("the 1 games before it were kept"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn markup_inside_an_xml_value_is_an_error_and_its_text_is_kept() {
    let xml = "<?xml version=\"1.0\"?>\n<sgfconv version=\"1\">\n<game index=\"0\">\n\
               <node n=\"0\"><p id=\"FF\"><v>4</v></p><p id=\"C\"><v>a<b>bold</b>c</v></p></node>\n\
               </game>\n</sgfconv>\n";
    let (sgf, out) = convert_file("in.xml", xml.as_bytes(), &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(sgf.expect("written").contains("C[aboldc]"));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("4:53: error[E368 xml-markup-in-value]"),
        "{stderr}"
    );
    assert!(stderr.contains("hold text only"), "{stderr}");
}

#[test]
fn hand_written_gap_and_tail_never_make_unbalanced_sgf() {
    let ff = "{\"id\":\"FF\",\"values\":[\"4\"]}";
    let b = "{\"id\":\"B\",\"values\":[\"aa\"]}";
    for (doc, sgf_wanted) in [
        // A root gap used to give `(\n(;FF[4]…))`.
        (
            format!("{{\"nodes\":[{{\"gap\":\"(\",\"props\":[{ff}]}}]}}"),
            "(;FF[4]\nCA[UTF-8]\n)\n",
        ),
        // `"tail":"(("` leaves two variations open.
        (
            format!("{{\"nodes\":[{{\"props\":[{ff}]}},{{\"parent\":0,\"gap\":\"(\",\"props\":[{b}]}}],\"tail\":\"((\"}}"),
            "(;FF[4]\nCA[UTF-8]\n(;B[aa]))\n",
        ),
        // A gap opening two variations that the tail never closes.
        (
            format!("{{\"nodes\":[{{\"props\":[{ff}]}},{{\"parent\":0,\"gap\":\"((\",\"props\":[{b}]}}],\"tail\":\"\"}}"),
            "(;FF[4]\nCA[UTF-8]\n(;B[aa]))\n",
        ),
    ] {
        let out = run(&["-f", "json"], doc.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{doc}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), sgf_wanted, "{doc}");
        assert!(
            text(&out.stderr).contains("[W356 unbalanced-gap]"),
            "{doc}: {}",
            text(&out.stderr)
        );
        // What was written reads back without a structure fault.
        let back = run(&["-f", "sgf", "-v", "-t", "sgf"], &out.stdout);
        let stderr = text(&back.stderr);
        for code in ["W005", "W008", "W010", "W017", "error"] {
            assert!(!stderr.contains(code), "{doc}: {stderr}");
        }
    }
    // The same in XML: a `<tail>` that closes nothing open.
    let xml = "<sgfconv version=\"1\"><game><node><p id=\"FF\"><v>4</v></p></node>\
               <tail>)))</tail></game></sgfconv>";
    let out = run(&["-f", "xml"], xml.as_bytes());
    assert_eq!(text(&out.stdout), "(;FF[4]\nCA[UTF-8]\n)\n");
    assert!(text(&out.stderr).contains("[W356 unbalanced-gap]"));
}
