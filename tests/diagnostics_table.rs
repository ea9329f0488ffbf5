//! Every diagnostic code, listed once: `formats/diagnostics.md` is generated
//! from the `Code::new("E103", "name")` constants scattered over `src/` (with
//! the first sentence of the `///` comment above each, and the layer ranges
//! of the `src/diag.rs` header) and must equal the checked-in file;
//! `SGFCONV_BLESS=1 cargo test --test diagnostics_table` rewrites it.
//!
//! The same scan fails when an id or a name is defined twice, when a code
//! lies outside every layer range, and when a document cites a code that no
//! module defines.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One `Code::new` found in the source.
#[derive(Debug)]
struct CodeDef {
    /// `E103`.
    id: String,
    /// `undecodable-bytes`.
    name: String,
    /// The defining module's path: `formats::sgf::reader`.
    module: String,
    /// Its file, relative to the repository root: `src/formats/sgf/reader.rs`.
    file: String,
    /// 1-based line of the `Code::new`.
    line: usize,
    /// The first sentence of the `///` comment above the definition (empty
    /// when there is none).
    summary: String,
}

impl CodeDef {
    /// The number after the letter.
    fn number(&self) -> u32 {
        self.id[1..].parse().unwrap()
    }

    /// `src/formats/gib.rs:28`, for messages.
    fn at(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

/// A layer's number range, from the table in the `src/diag.rs` header.
struct Layer {
    first: u32,
    last: u32,
    name: String,
}

/// Names that two codes share since before this table existed. Renaming one
/// changes what users see (`--diagnostics json` carries the name), so they
/// are listed here rather than failing; do not add to this list.
const KNOWN_SHARED_NAMES: &[(&str, &[&str])] = &[("property-without-value", &["W007", "W405"])];

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    common::files_under(dir, &|p: &Path| p.extension().is_some_and(|e| e == "rs"))
}

/// `src/formats/ugf/mod.rs` → `formats::ugf`; `src/lib.rs` → `crate`.
fn module_path(rel: &Path) -> String {
    let mut parts: Vec<String> = rel
        .strip_prefix("src")
        .unwrap()
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    if parts.is_empty() {
        "crate".into()
    } else {
        parts.join("::")
    }
}

/// The text of a file up to its unit-test module: codes made up for tests
/// are not the program's.
fn without_tests(text: &str) -> &str {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "#[cfg(test)]" && text[at + line.len()..].trim_start().starts_with("mod ")
        {
            return &text[..at];
        }
        at += line.len();
    }
    text
}

/// The first string literal at the start of `s` (after blanks), and the
/// rest; escapes are not expected in codes and are refused.
fn string_literal(s: &str) -> Option<(&str, &str)> {
    let s = s.trim_start().strip_prefix('"')?;
    let end = s.find('"')?;
    let lit = &s[..end];
    (!lit.contains('\\')).then_some((lit, &s[end + 1..]))
}

/// The first sentence of a doc comment: up to the first `.` that ends a
/// sentence (followed by a blank or the end, outside backquotes).
fn first_sentence(doc: &str) -> String {
    let mut in_code = false;
    let chars: Vec<char> = doc.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        match c {
            '`' => in_code = !in_code,
            '.' if !in_code && chars.get(i + 1).is_none_or(|n| n.is_whitespace()) => {
                return chars[..=i].iter().collect();
            }
            _ => {}
        }
    }
    doc.to_string()
}

/// The `///` lines right above line `index` (attributes in between are
/// passed over), joined into one paragraph.
fn doc_above(lines: &[&str], index: usize) -> String {
    let mut doc = Vec::new();
    for line in lines[..index].iter().rev() {
        let t = line.trim_start();
        if let Some(d) = t.strip_prefix("///") {
            doc.push(d.trim());
        } else if !t.starts_with("#[") {
            break;
        }
    }
    doc.reverse();
    doc.retain(|d| !d.is_empty());
    doc.join(" ")
}

/// Every code defined in `src/`, in file order.
fn scan() -> Vec<CodeDef> {
    let root = common::root();
    let mut defs = Vec::new();
    for path in rust_files(&root.join("src")) {
        let rel = path.strip_prefix(&root).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let text = without_tests(&text);
        let lines: Vec<&str> = text.lines().collect();
        let mut offset = 0;
        for (i, line) in lines.iter().enumerate() {
            let start = offset;
            offset += line.len() + 1;
            let Some(col) = line.find("Code::new(") else {
                continue;
            };
            if line.trim_start().starts_with("//") {
                continue;
            }
            // The call may be wrapped over lines: parse from the source.
            let call = &text[start + col + "Code::new(".len()..];
            let what = format!("{}:{}", rel.display(), i + 1);
            let (id, rest) = string_literal(call)
                .unwrap_or_else(|| panic!("{what}: Code::new without a literal id"));
            let rest = rest.trim_start().strip_prefix(',').unwrap_or("");
            let (name, _) = string_literal(rest)
                .unwrap_or_else(|| panic!("{what}: Code::new without a literal name"));
            // rustfmt may put a long call below its `const` line.
            let first = if i > 0 && !line.contains("const ") && lines[i - 1].contains("const ") {
                i - 1
            } else {
                i
            };
            defs.push(CodeDef {
                id: id.to_string(),
                name: name.to_string(),
                module: module_path(rel),
                file: rel.display().to_string(),
                line: i + 1,
                summary: first_sentence(&doc_above(&lines, first)),
            });
        }
    }
    defs
}

/// The layer ranges of the `src/diag.rs` header: rows `//! | 200–249 | GIB |`.
fn layers() -> Vec<Layer> {
    let text = std::fs::read_to_string(common::root().join("src/diag.rs")).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(row) = line.strip_prefix("//! |") else {
            continue;
        };
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let Some((a, b)) = cells[0].split_once('–') else {
            continue;
        };
        let (Ok(first), Ok(last)) = (a.parse(), b.parse()) else {
            continue;
        };
        out.push(Layer {
            first,
            last,
            name: cells[1].to_string(),
        });
    }
    assert!(!out.is_empty(), "src/diag.rs: no layer table");
    out
}

/// A table cell: no line break, `|` escaped.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The whole of formats/diagnostics.md.
fn render(defs: &[CodeDef], layers: &[Layer]) -> String {
    let mut sorted: Vec<&CodeDef> = defs.iter().collect();
    sorted.sort_by(|a, b| (a.number(), &a.id).cmp(&(b.number(), &b.id)));
    let mut out = String::from(
        "# Diagnostic codes\n\
         \n\
         <!-- Generated by tests/diagnostics_table.rs from the `Code::new` constants\n\
         in src/; do not edit. `SGFCONV_BLESS=1 cargo test --test diagnostics_table`\n\
         rewrites it. -->\n\
         \n\
         Every diagnostic has a stable code and a stable kebab-case name; scripts\n\
         match on them (`--diagnostics json` gives both). The letter tells the\n\
         severity: `E` error (data could not be kept; the run exits 1), `W`\n\
         warning (repaired or ambiguous, nothing lost), `I` info (a rewrite or a\n\
         decision, for the record; shown with `-v`). The number tells the layer\n\
         that reports it, as below (ranges: `src/diag.rs`). The meaning is the\n\
         first sentence of the constant's doc comment; the module's\n\
         documentation and the format's page in formats/ say more.\n",
    );
    for layer in layers {
        let rows: Vec<&&CodeDef> = sorted
            .iter()
            .filter(|d| (layer.first..=layer.last).contains(&d.number()))
            .collect();
        if rows.is_empty() {
            continue;
        }
        out.push_str(&format!(
            "\n## {:03}–{:03}: {}\n\n| code | name | severity | module | meaning |\n|---|---|---|---|---|\n",
            layer.first, layer.last, layer.name
        ));
        for d in rows {
            out.push_str(&format!(
                "| `{}` | `{}` | {} | [`{}`](../{}) | {} |\n",
                d.id,
                d.name,
                severity_of(&d.id),
                d.module,
                d.file,
                cell(&d.summary)
            ));
        }
    }
    out
}

/// The severity class the letter gives (the test checks that
/// [`sgfconv::Code::severity`] reads each letter so).
fn severity_of(id: &str) -> &'static str {
    match id.as_bytes()[0] {
        b'E' => "error",
        b'W' => "warning",
        _ => "info",
    }
}

#[test]
fn every_code_is_defined_once_and_listed_in_formats_diagnostics_md() {
    let defs = scan();
    assert!(defs.len() > 100, "only {} codes found", defs.len());
    let mut problems = Vec::new();

    // One definition per id, and per name.
    let mut by_id: BTreeMap<&str, Vec<&CodeDef>> = BTreeMap::new();
    let mut by_name: BTreeMap<&str, Vec<&CodeDef>> = BTreeMap::new();
    for d in &defs {
        by_id.entry(&d.id).or_default().push(d);
        by_name.entry(&d.name).or_default().push(d);
    }
    for (id, ds) in &by_id {
        if ds.len() > 1 {
            let at: Vec<String> = ds.iter().map(|d| d.at()).collect();
            problems.push(format!("id {id} defined {} times: {at:?}", ds.len()));
        }
    }
    for (name, ds) in &by_name {
        let ids: Vec<&str> = ds.iter().map(|d| d.id.as_str()).collect();
        let known = KNOWN_SHARED_NAMES
            .iter()
            .any(|(n, known_ids)| n == name && *known_ids == ids.as_slice());
        if ds.len() > 1 && !known {
            problems.push(format!("name {name} used by {ids:?}"));
        }
    }

    // A letter the severity knows, a number in a layer's range.
    let layers = layers();
    for d in &defs {
        let letter = d.id.as_bytes()[0];
        if !matches!(letter, b'E' | b'W' | b'I')
            || d.id.len() != 4
            || d.id[1..].parse::<u32>().is_err()
        {
            problems.push(format!(
                "{}: {} is not a letter E/W/I and three digits",
                d.at(),
                d.id
            ));
        } else if !layers
            .iter()
            .any(|l| (l.first..=l.last).contains(&d.number()))
        {
            problems.push(format!(
                "{}: {} is in no range of the src/diag.rs table",
                d.at(),
                d.id
            ));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    for id in ["E000", "W000", "I000"] {
        let code = sgfconv::Code::new(id, "");
        assert_eq!(code.severity().as_str(), severity_of(id), "{id}");
    }

    let path = common::root().join("formats/diagnostics.md");
    let table = render(&defs, &layers);
    if common::bless() {
        std::fs::write(&path, &table).unwrap();
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    pretty_assertions::assert_eq!(
        checked_in,
        table,
        "formats/diagnostics.md is out of date: SGFCONV_BLESS=1 cargo test --test diagnostics_table"
    );
}

/// Codes like `W402` cited in a document must exist (a range such as
/// `I150–I199` is not a citation).
#[test]
fn documents_cite_only_codes_that_exist() {
    let defs = scan();
    let root = common::root();
    let mut docs = vec![root.join("README.md")];
    for dir in ["formats", "docs"] {
        docs.extend(common::files_under(&root.join(dir), &|p: &Path| {
            p.extension().is_some_and(|e| e == "md")
        }));
    }
    let mut unknown = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        let chars: Vec<char> = text.chars().collect();
        for i in 0..chars.len().saturating_sub(3) {
            let is_code = matches!(chars[i], 'E' | 'W' | 'I')
                && chars[i + 1..i + 4].iter().all(char::is_ascii_digit);
            let before = i.checked_sub(1).map(|j| chars[j]);
            let after = chars.get(i + 4).copied();
            // Past a closing or opening backquote: `I150`–`I199`.
            let before_quote = chars[..i].iter().rev().find(|&&c| c != '`').copied();
            let after_quote = chars[i + 4..].iter().find(|&&c| c != '`').copied();
            let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            let range = |c: Option<char>| matches!(c, Some('–' | '-'));
            if !is_code || word(before) || word(after) || range(before_quote) || range(after_quote)
            {
                continue;
            }
            let id: String = chars[i..i + 4].iter().collect();
            if !defs.iter().any(|d| d.id == id) {
                let line = chars[..i].iter().filter(|&&c| c == '\n').count() + 1;
                unknown.push(format!(
                    "{}:{line}: {id}",
                    doc.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(unknown.is_empty(), "codes no module defines: {unknown:#?}");
}
