//! The catalogue of every diagnostic code, for `sgfconv explain`.
//!
//! The catalogue of every code, compiled by `build.rs` from the
//! `Code::new` constants of the source and their doc comments: what
//! `sgfconv explain` prints.

use super::Code;

/// What a code means, from its definition: the entry `sgfconv explain`
/// prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The code and its name.
    pub code: Code,
    /// The module that defines it, its folder's codes: `formats::sgf::codes`.
    pub module: &'static str,
    /// Its source file: `src/formats/sgf/codes.rs`.
    pub file: &'static str,
    /// The layer its number belongs to (the table above): `SGF syntax (reader)`.
    pub layer: &'static str,
    /// What it means: the doc comment of its constant (paragraphs separated
    /// by a blank line; the first sentence is the summary).
    pub meaning: &'static str,
    /// An example, where the doc comment has one (`Example:` paragraph).
    pub example: Option<&'static str>,
    /// What to do about it, where the doc comment says (`What to do:`).
    pub advice: Option<&'static str>,
    /// Why `check --fix` repairs it without loss, where it does (the
    /// `Fixable:` paragraph): a fixable warning.
    pub fixable: Option<&'static str>,
    /// Why a text run shows it once and counts the rest, where it does
    /// (the `Once a run:` paragraph): a finding every game of a run may
    /// have, such as what a lossy target format cannot carry.
    pub once_a_run: Option<&'static str>,
}

/// Whether `check --fix` repairs what `code` reports without loss (its
/// `Fixable:` paragraph).
pub fn is_fixable(code: Code) -> bool {
    CATALOGUE
        .binary_search_by(|e| order(e.code).cmp(&order(code)))
        .is_ok_and(|i| CATALOGUE[i].fixable.is_some())
}

/// Whether a text run shows `code` once and counts the rest in its end
/// note (its `Once a run:` paragraph; [`RunLimit`](super::RunLimit)).
pub fn is_once_a_run(code: Code) -> bool {
    CATALOGUE
        .binary_search_by(|e| order(e.code).cmp(&order(code)))
        .is_ok_and(|i| CATALOGUE[i].once_a_run.is_some())
}

/// The catalogue's order: number, then letter.
fn order(code: Code) -> (u32, &'static str) {
    let n = code
        .id
        .get(1..)
        .and_then(|n| n.parse().ok())
        .unwrap_or(u32::MAX);
    (n, code.id)
}

impl Entry {
    /// The first sentence of [`Entry::meaning`]: the summary of
    /// `formats/diagnostics.md` and of `sgfconv explain --list`.
    pub fn summary(&self) -> &'static str {
        let m = self.meaning;
        let mut in_code = false;
        for (i, c) in m.char_indices() {
            match c {
                '`' => in_code = !in_code,
                '.' if !in_code && m[i + 1..].chars().next().is_none_or(char::is_whitespace) => {
                    return &m[..=i];
                }
                _ => {}
            }
        }
        m.split("\n\n").next().unwrap_or(m)
    }
}

/// Every diagnostic code, sorted by number (then letter): compiled by
/// `build.rs` from the `Code::new` constants of the source and their doc
/// comments, the scan `formats/diagnostics.md` is generated from.
pub static CATALOGUE: &[Entry] = include!(concat!(env!("OUT_DIR"), "/diag_catalogue.rs"));

/// The entry of a code, by its id (`W012`, any case) or its name
/// (`unescaped-bracket`); [`find`] also takes the number alone.
pub fn explain(code: &str) -> Option<&'static Entry> {
    let q = code.trim();
    CATALOGUE
        .iter()
        .find(|e| e.code.id.eq_ignore_ascii_case(q))
        .or_else(|| {
            CATALOGUE
                .iter()
                .find(|e| e.code.name.eq_ignore_ascii_case(q))
        })
}

/// The entries `query` names: an id or a name as [`explain`] takes it, or a
/// number alone (`012`, `12`), which may be the number of two codes of
/// different letters (`E103`, `I103`). Empty when none.
pub fn find(query: &str) -> Vec<&'static Entry> {
    if let Some(e) = explain(query) {
        return vec![e];
    }
    let q = query.trim();
    match q.parse::<u32>() {
        Ok(n) if q.bytes().all(|b| b.is_ascii_digit()) => CATALOGUE
            .iter()
            .filter(|e| e.code.id[1..].parse::<u32>() == Ok(n))
            .collect(),
        _ => Vec::new(),
    }
}
