//! Rule 11's point checks (switch `points`) on real files: no false
//! alarms. Every SGF file of the shared corpus converts without a point
//! warning (`W520`, `W523`, `W524`), except the files made broken on
//! purpose, whose warnings are all true faults and are listed here.

use crate::common;

use sgfconv::{Format, Options};
use std::collections::BTreeMap;

/// The point warnings of the broken samples, as `file: code value`: each a
/// true fault (`AB[pp]` before `SZ[9]`; SGFC's test file of errors).
const KNOWN: &[&str] = &[
    "gogui/size-after-invalid-points.sgf: W520 AB[pp]",
    "gogui/size-after-invalid-points.sgf: W520 AW[cp]",
    "sgfc/test.sgf: W523 B[90]",
    "sgfc/test.sgf: W523 B[c   c]",
    "sgfc/test.sgf: W523 AW[]",
    "sgfc/test.sgf: W524 AR[a a: c r]",
    "sgfc/test.sgf: W524 LB[f f:text]",
    "sgfc/test.sgf: W524 VW[]",
];

#[test]
#[ignore = "needs ../shared/corpus"]
fn real_files_give_no_false_point_warnings() {
    let corpus = common::shared_corpus();
    let files = common::files_under(&corpus, &|p| common::is_sgf(p));
    assert!(files.len() > 1000, "the corpus has its SGF files");
    let mut found = Vec::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let name = f.display().to_string();
        let (_, report) =
            common::convert_bytes(&bytes, Format::Sgf, Format::Sgf, &Options::default(), &name);
        for d in report.collected() {
            if matches!(d.code.id, "W520" | "W523" | "W524") {
                *counts.entry(d.code.id).or_default() += 1;
                let value = d.message.split("]: ").next().unwrap_or("");
                let short = name.rsplit("/broken/").next().unwrap_or(&name);
                found.push(format!("{short}: {} {value}]", d.code.id));
            }
        }
    }
    println!("{} files, point warnings {counts:?}", files.len());
    assert_eq!(
        found, KNOWN,
        "every point warning of a real file is a true fault"
    );
}
