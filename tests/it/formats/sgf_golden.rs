//! Golden tests: every `corpus/sgf/NAME.sgf` converts to exactly
//! `NAME.expected.sgf`, with exactly the diagnostics in `NAME.expected.diag`.
//! `SGFCONV_BLESS=1 cargo test --test it formats::sgf_golden::` rewrites the expectations
//! (read the diff before committing them).

use crate::common;

use pretty_assertions::assert_eq;
use sgfconv::{Format, Options};
use std::path::Path;

fn check(input: &Path) {
    let name = input.file_name().unwrap().to_string_lossy().to_string();
    let stem = name.trim_end_matches(".sgf");
    let dir = input.parent().unwrap();
    let bytes = std::fs::read(input).unwrap();
    let (out, report) =
        common::convert_bytes(&bytes, Format::Sgf, Format::Sgf, &Options::default(), &name);
    let diags: String = report
        .collected()
        .iter()
        .filter(|d| d.code.id != "I100")
        .map(|d| format!("{d}\n"))
        .collect();
    let exp_out = dir.join(format!("{stem}.expected.sgf"));
    let exp_diag = dir.join(format!("{stem}.expected.diag"));
    if common::bless() {
        std::fs::write(&exp_out, &out).unwrap();
        std::fs::write(&exp_diag, &diags).unwrap();
        return;
    }
    let want_out = std::fs::read_to_string(&exp_out)
        .unwrap_or_else(|_| panic!("{} missing", exp_out.display()));
    let want_diag = std::fs::read_to_string(&exp_diag).unwrap_or_default();
    assert_eq!(String::from_utf8_lossy(&out), want_out, "{name}: output");
    assert_eq!(diags, want_diag, "{name}: diagnostics");
    // Our output is a fixed point.
    assert_eq!(
        String::from_utf8_lossy(&common::sgf_to_sgf(&out)),
        want_out,
        "{name}: converting the output again changes it"
    );
}

#[test]
fn corpus_samples_match_their_expected_output() {
    let dir = common::root().join("corpus/sgf");
    let files = common::files_under(&dir, &|p| {
        p.extension().is_some_and(|e| e == "sgf") && !p.to_string_lossy().contains(".expected.")
    });
    assert!(files.len() >= 3, "corpus/sgf has its samples");
    for f in files {
        check(&f);
    }
}
