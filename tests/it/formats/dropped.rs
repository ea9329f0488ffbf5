//! Nothing dropped in silence, through the binary: what the structured
//! readers (JSON, XML, Jago XML) and the Sensei's Library reader do with
//! what is not part of their model (nothing is dropped under "info":
//! concatenated XML and Jago documents are read whole, as concatenated SGF
//! is read; an unknown element or field is an error that names it; an SL
//! link is kept in the comment), and what the NGF and UGF writers say of
//! what they could not write as it was.

use crate::common::{run, text};

/// `sgfconv ARGS` on `input`: (exit status, stdout, stderr).
fn sgfconv(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let out = run(args, input);
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// One game in `to` (`xml`, `jago`), from SGF with the player `pb`.
fn one_game(to: &str, pb: &str) -> Vec<u8> {
    let sgf = format!("(;GM[1]FF[4]SZ[19]PB[{pb}];B[pd];W[dd])");
    let (code, out, err) = sgfconv(&["-f", "sgf", "-t", to, "-", "-"], sgf.as_bytes());
    assert_eq!(code, 0, "{err}");
    out.into_bytes()
}

/// Three documents one after another, as `cat a b c` makes them.
fn concatenated(to: &str) -> Vec<u8> {
    ["first", "second", "third"]
        .iter()
        .flat_map(|pb| one_game(to, pb))
        .collect()
}

#[test]
fn concatenated_xml_and_jago_documents_are_read_whole() {
    for (from, jobs) in [("xml", "1"), ("xml", "2"), ("jago", "1")] {
        let input = concatenated(from);
        let (code, out, err) = sgfconv(
            &["--strict", "-j", jobs, "-f", from, "-t", "sgf", "-", "-"],
            &input,
        );
        assert_eq!(code, 0, "{from}: {err}");
        assert_eq!(err, "", "{from}");
        for pb in ["PB[first]", "PB[second]", "PB[third]"] {
            assert!(
                out.contains(pb),
                "{from} -j {jobs}: {pb} missing from {out}"
            );
        }
        assert_eq!(out.matches("B[pd]").count(), 3, "{from}");
    }
}

#[test]
fn a_foreign_root_after_the_first_document_is_an_error_that_names_it() {
    let mut input = one_game("jago", "first");
    input.extend(one_game("xml", "second"));
    let (code, out, err) = sgfconv(&["-f", "jago", "-t", "sgf", "-", "-"], &input);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("PB[first]"), "{out}");
    assert!(
        err.contains("error[E387 jago-unknown-element]: element <sgfconv> is not part of go.dtd: it and everything inside it dropped"),
        "{err}"
    );
}

#[test]
fn an_unknown_xml_or_jago_element_is_an_error_that_names_it() {
    let xml = b"<sgfconv version=\"1\"><game index=\"0\"><node n=\"0\"><p id=\"GM\"><v>1</v></p></node><note>x</note></game></sgfconv>";
    let (code, _, err) = sgfconv(&["-f", "xml", "-t", "sgf", "-", "-"], xml);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(":1:86: error[E364 xml-unknown-element]: element <note> is not part of sgfconv XML here: it and everything inside it dropped"),
        "{err}"
    );
    let jago = b"<Go><GoGame><Nodes><Black number=\"1\" at=\"Q16\"/></Nodes><Remark>x</Remark></GoGame></Go>";
    let (code, out, err) = sgfconv(&["-f", "jago", "-t", "sgf", "-", "-"], jago);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("B[pd]"), "{out}");
    assert!(
        err.contains("error[E387 jago-unknown-element]: element <Remark> is not part of go.dtd: it and everything inside it dropped"),
        "{err}"
    );
}

#[test]
fn an_unknown_json_field_is_an_error_that_names_it_wherever_it_is() {
    let json = br#"{"format":"sgfconv","version":1,"games":[{"nodes":[{"props":[{"id":"GM","values":["1"],"x":1}],"note":"x"},{"parent":0,"note":2,"props":[{"id":"B","values":["pd"]}]}]}],"extra":3}"#;
    let (code, out, err) = sgfconv(&["-f", "json", "-t", "sgf", "-", "-"], json);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("B[pd]"), "{out}");
    for what in [
        r#"error[E359 json-unknown-field]: node field "note" (×2) is not part of sgfconv JSON: it and its value dropped"#,
        r#"error[E359 json-unknown-field]: property field "x" is not part of sgfconv JSON: it and its value dropped"#,
        r#"error[E359 json-unknown-field]: field "extra" is not part of sgfconv JSON: it and its value dropped"#,
    ] {
        assert!(err.contains(what), "{what} not in {err}");
    }
    // What the writer writes (its `node` numbers included) reads back clean.
    let (_, written, _) = sgfconv(&["-f", "sgf", "-t", "json", "-", "-"], out.as_bytes());
    let (code, _, err) = sgfconv(
        &["--strict", "-f", "json", "-t", "sgf", "-", "-"],
        written.as_bytes(),
    );
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn a_sensei_link_is_kept_in_the_comment() {
    let sl =
        b"$$B Test\n$$ ---------\n$$ | . . .\n$$ | . X 1\n$$ [a|Joseki]\n$$ | . a .\n\nsome text\n";
    let (code, out, err) = sgfconv(&["-v", "-f", "sl", "-t", "sgf", "-", "-"], sl);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("C[[a|Joseki\\]\nsome text]"), "{out}");
    assert!(
        err.contains("info[I727 sl-link-in-comment]: link [a|Joseki] kept as a line of the diagram's comment (C)"),
        "{err}"
    );
}

/// Through the binary: the NGF player line of the issue reads back apart,
/// and what NGF could not write is named (`W420`).
#[test]
fn ngf_names_and_ranks_read_back_apart_through_the_binary() {
    let sgf = b"(;GM[1]FF[4]SZ[19]PB[FanHui]BR[P2]PW[x]WR[13k?];B[pd])";
    let (code, ngf, err) = sgfconv(&["-f", "sgf", "-t", "ngf", "-", "-"], sgf);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning[W420 ngf-cannot-carry]: NGF cannot carry, dropped: BR `P2` (not a rank NGF reads back; the name is written alone)"),
        "{err}"
    );
    let (code, back, err) = sgfconv(&["-f", "ngf", "-t", "sgf", "-", "-"], ngf.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(
        back.contains("PB[FanHui]") && back.contains("WR[13k?]"),
        "{back}"
    );
    assert!(!back.contains("BR["), "{back}");
}

/// Through the binary: UGF's merge of a main-line node without a move is
/// reported (`W440`), and the merged text is all there.
#[test]
fn ugf_merged_nodes_are_reported_through_the_binary() {
    let sgf = b"(;GM[1]FF[4]SZ[19];B[pd]C[one];C[two];W[dd])";
    let (code, ugf, err) = sgfconv(&["-f", "sgf", "-t", "ugf", "-", "-"], sgf);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning[W440 ugf-writer-loss]: UGF cannot carry: 1 main-line node(s) without a move (merged into the move before"),
        "{err}"
    );
    let (_, back, _) = sgfconv(&["-f", "ugf", "-t", "sgf", "-", "-"], ugf.as_bytes());
    assert!(back.contains("B[pd]C[one\ntwo]"), "{back}");
}
