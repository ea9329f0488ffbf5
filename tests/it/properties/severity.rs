//! The severity rule over the whole catalogue, as a user meets it: each
//! code's example run through the command, the code reported at its
//! letter's severity, and a fixable code's repair checked.
//!
//! The rule (`formats/validation.md`, "The severity rule"): an error means
//! something of the input is missing from the output, or is there wrong or
//! guessed; a warning, that the input departs from the standard or the
//! output says something other than the input that a person should look
//! at; info, an exact respelling that loses nothing. A code's `Example:`
//! paragraph that is one SGF text in backticks (`` `(;FF[4]…)` ``, `\n`
//! for a line break) is an input: `sgfconv check -v` on it must report the
//! code at its letter's severity; for a code with a `Fixable:` paragraph,
//! the conversion of the example must check clean of that code (the repair
//! is whole), and for an info code the conversion must exit 0 (nothing is
//! lost). The codes without such an example are listed below, with why.

use crate::common::{run, text};
use sgfconv::diag::{Entry, CATALOGUE};

/// The layers no SGF text can reach through `check` (`src/diag/mod.rs`'s
/// ranges), with why: their examples are prose (`sgfconv explain CODE`).
const NOT_BY_AN_SGF_INPUT: &[(u32, u32, &str)] = &[
    (
        200,
        399,
        "the readers of the other formats (GIB, NGF, UGF, JSON, XML, CSV, Jago)",
    ),
    (400, 449, "the writers: what an output format cannot carry"),
    (450, 499, "migrate: files and directories"),
    (
        600,
        649,
        "the command: usage, inputs and outputs as a whole",
    ),
    (650, 699, "archives"),
    (
        700,
        769,
        "pictures, Sensei's Library diagrams and the HTML replay",
    ),
];

/// SGF-reachable codes whose doc comment has no runnable example yet:
/// the test fails when one gains an example (remove it here) and when a
/// new code has neither.
const NO_EXAMPLE_YET: &[&str] = &[
    "W002", "W004", "E006", "E011", "W012", "W013", "E014", "W015", "W016", "W017", "E099", "W101",
    "W102", "W104", "I151", "I153", "I154", "I155", "I156", "I157", "I158", "I160", "I162", "I164",
    "I167", "W168", "I169", "I170", "I171", "I172", "I173", "I174", "I175", "I176", "I177", "W503",
    "W507", "W509", "W580", "W582", "W583", "W584", "W585", "W586", "W587", "W588", "W589", "W590",
    "W591",
];

/// The SGF text of an example, if it is one: the paragraph is a single
/// backticked span starting with `(`. `\n` in it is a line break and
/// `\xNN` the byte NN (a control byte, or bytes that are not UTF-8).
fn sgf_example(e: &Entry) -> Option<Vec<u8>> {
    let x = e.example?.trim();
    let inner = x.strip_prefix('`')?.strip_suffix('`')?;
    (inner.starts_with('(') && !inner.contains('`')).then(|| example_bytes(inner))
}

/// `text` with its `\n` and `\xNN` escapes made bytes.
fn example_bytes(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&c, tail)) = rest.split_first() {
        let byte = match (c, tail) {
            (b'\\', [b'n', ..]) => Some((b'\n', 1)),
            (b'\\', [b'x', h, l, ..]) => std::str::from_utf8(&[*h, *l])
                .ok()
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                .map(|b| (b, 3)),
            _ => None,
        };
        match byte {
            Some((b, used)) => {
                out.push(b);
                rest = &tail[used..];
            }
            None => {
                out.push(c);
                rest = tail;
            }
        }
    }
    out
}

#[test]
fn an_example_spells_bytes_with_escapes() {
    assert_eq!(
        example_bytes("(;C[a\\nb\\x00\\xE5\\xzz])"),
        b"(;C[a\nb\0\xE5\\xzz])"
    );
}

/// Whether an SGF input reaches `id` (its number outside the layers of
/// [`NOT_BY_AN_SGF_INPUT`]).
fn by_sgf(id: &str) -> bool {
    let n: u32 = id[1..].parse().unwrap_or(0);
    !NOT_BY_AN_SGF_INPUT
        .iter()
        .any(|(lo, hi, _)| (*lo..=*hi).contains(&n))
}

/// The JSON diagnostics of `sgfconv check -v` on `input`: (code, severity).
fn checked(input: &[u8]) -> Vec<(String, String)> {
    let out = run(&["check", "-v", "--diagnostics", "json", "-"], input);
    text(&out.stderr)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| {
            let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            (s("code"), s("severity"))
        })
        .collect()
}

#[test]
fn every_example_reports_its_code_at_its_letter() {
    let mut ran = 0;
    for e in CATALOGUE {
        let Some(input) = sgf_example(e) else {
            continue;
        };
        let id = e.code.id;
        let found = checked(&input);
        let want = e.code.severity().as_str();
        assert!(
            found.iter().any(|(c, s)| c == id && s == want),
            "{id}: its example {:?} gives {found:?}",
            String::from_utf8_lossy(&input)
        );
        // Every code is shown at its letter, whatever else the example
        // raised.
        for (c, s) in &found {
            let letter = sgfconv::diag::explain(c).map(|e| e.code.severity().as_str());
            assert_eq!(Some(s.as_str()), letter, "{c} in the example of {id}");
        }
        ran += 1;
    }
    assert!(ran >= 20, "only {ran} examples ran");
}

#[test]
fn a_fixable_code_is_repaired_whole_and_an_info_code_loses_nothing() {
    for e in CATALOGUE {
        let Some(input) = sgf_example(e) else {
            continue;
        };
        let id = e.code.id;
        let out = run(&["-", "-"], &input);
        if e.fixable.is_some() {
            assert!(
                e.code.id.starts_with('W'),
                "{id}: only a warning is fixable"
            );
            let again = checked(&out.stdout);
            assert!(
                again
                    .iter()
                    .all(|(c, s)| c != id && s != "warning" && s != "error"),
                "{id}: the conversion of its example checks as {again:?}"
            );
        }
        if id.starts_with('I') {
            assert_eq!(out.status.code(), Some(0), "{id}: {}", text(&out.stderr));
        }
    }
}

#[test]
fn every_code_has_an_example_or_is_listed_with_why() {
    let mut missing = Vec::new();
    for e in CATALOGUE {
        let id = e.code.id;
        let listed = NO_EXAMPLE_YET.contains(&id);
        match (sgf_example(e).is_some(), by_sgf(id), listed) {
            (true, _, true) => panic!("{id} has an example now: take it off NO_EXAMPLE_YET"),
            (false, true, false) => missing.push(id),
            _ => {}
        }
    }
    assert!(
        missing.is_empty(),
        "codes an SGF input reaches, with no runnable example: {missing:?}"
    );
}
