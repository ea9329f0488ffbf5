//! Other projects' own test expectations, run against sgfconv: the SGF
//! reading tests of Sabaki's parser, sgfmill, sgf-parse, KaTrain and
//! KataGo, each expectation translated into what it means for sgfconv's
//! output (`*.cases`, one file per project; `SOURCES.md` says where each
//! comes from and how a case is written).
//!
//! Cases sgfconv misses today are listed in `known-misses.txt`, each with
//! why. Every other case must hold, and every known miss must still miss:
//! a fix makes its test say "now holds: remove it from the known misses".
//! Cases that read a file of the shared corpus run only with it
//! (`--include-ignored`).

mod cases;
mod check;
mod sgfmill_loads;
mod tree;

use cases::{Case, Input};
use std::collections::BTreeMap;

/// The known misses: case id → why.
fn known_misses() -> BTreeMap<String, String> {
    let path = cases::dir().join("known-misses.txt");
    let text = std::fs::read_to_string(&path).expect("known-misses.txt");
    let mut out = BTreeMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (id, why) = line.split_once(": ").expect("known miss: `id: why`");
        assert!(!why.trim().is_empty(), "{id}: a known miss says why");
        assert!(
            out.insert(id.to_string(), why.to_string()).is_none(),
            "{id} listed twice"
        );
    }
    out
}

/// Runs the cases that `keep` selects: every case holds but the known
/// misses, and every known miss among them still misses.
fn run_cases(file: &str, keep: &dyn Fn(&Case) -> bool) {
    let misses = known_misses();
    let mut wrong = Vec::new();
    let mut ran = 0;
    for case in cases::load(file).iter().filter(|c| keep(c)) {
        ran += 1;
        match (check::evaluate(case), misses.get(&case.id)) {
            (Ok(()), Some(_)) => wrong.push(format!(
                "{}: now holds: remove it from the known misses",
                case.id
            )),
            (Err(e), None) => wrong.push(format!("{} ({}): {e}", case.id, case.test)),
            _ => {}
        }
    }
    assert!(ran > 0, "{file}: no case ran");
    assert!(wrong.is_empty(), "{file}:\n{}", wrong.join("\n"));
}

fn from_corpus(c: &Case) -> bool {
    matches!(c.input, Input::CorpusFile(_))
}

#[test]
fn sabaki() {
    run_cases("sabaki.cases", &|c| !from_corpus(c));
}

#[test]
fn sgfmill() {
    run_cases("sgfmill.cases", &|c| !from_corpus(c));
}

#[test]
fn sgf_parse() {
    run_cases("sgf_parse.cases", &|c| !from_corpus(c));
}

#[test]
fn katrain() {
    run_cases("katrain.cases", &|c| !from_corpus(c));
}

#[test]
fn katago() {
    run_cases("katago.cases", &|c| !from_corpus(c));
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn corpus_files() {
    for file in cases::FILES {
        if cases::load(file).iter().any(from_corpus) {
            run_cases(file, &from_corpus);
        }
    }
}

/// Every known miss names a case, and case ids are unique.
#[test]
fn known_misses_name_cases() {
    let mut ids = BTreeMap::new();
    for file in cases::FILES {
        for case in cases::load(file) {
            assert!(
                ids.insert(case.id.clone(), file).is_none(),
                "{} twice",
                case.id
            );
        }
    }
    for id in known_misses().keys() {
        assert!(ids.contains_key(id), "known miss {id} is no case");
    }
}
