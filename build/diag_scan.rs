//! The scan of `src/` for diagnostic codes, shared by `build.rs` (which
//! compiles the catalogue behind `sgfconv::diag::CATALOGUE` and
//! `sgfconv explain`) and `tests/it/properties/diagnostics_table.rs` (which generates
//! `formats/diagnostics.md` and checks the catalogue): one reading of the
//! source, so the command, the library and the document cannot drift.
//!
//! A code is a `Code::new("W012", "unescaped-bracket")` outside comments and
//! unit-test modules; its documentation is the `///` comment above the
//! definition. A paragraph of that comment starting `Example:` is the
//! code's example, one starting `What to do:` its advice, one starting
//! `Fixable:` says why `check --fix` repairs it without loss, one starting
//! `Once a run:` says why a text run shows it once (the same finding in
//! every game); the others say what it means (the first sentence is the
//! table's summary).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// One `Code::new` found in the source.
#[derive(Debug)]
pub struct CodeDef {
    /// `E103`.
    pub id: String,
    /// `undecodable-bytes`.
    pub name: String,
    /// The defining module's path: `formats::sgf::codes`.
    pub module: String,
    /// Its file, relative to the repository root: `src/formats/sgf/codes.rs`.
    pub file: String,
    /// 1-based line of the `Code::new`.
    pub line: usize,
    /// The `///` comment above the definition, its paragraphs separated by
    /// a blank line, each on one line (empty when there is none).
    pub doc: String,
}

const EXAMPLE: &str = "Example:";
const ADVICE: &str = "What to do:";
const FIXABLE: &str = "Fixable:";
const ONCE: &str = "Once a run:";

impl CodeDef {
    /// The number after the letter.
    pub fn number(&self) -> u32 {
        self.id[1..].parse().unwrap_or(u32::MAX)
    }

    /// `src/formats/gib.rs:28`, for messages.
    pub fn at(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    /// The first sentence of the doc comment.
    pub fn summary(&self) -> String {
        first_sentence(&self.doc.replace("\n\n", " "))
    }

    fn paragraphs(&self) -> impl Iterator<Item = &str> {
        self.doc.split("\n\n").filter(|p| !p.is_empty())
    }

    /// What the code means: the paragraphs that are neither the example
    /// nor the advice.
    pub fn meaning(&self) -> String {
        let kept: Vec<&str> = self
            .paragraphs()
            .filter(|p| {
                ![EXAMPLE, ADVICE, FIXABLE, ONCE]
                    .iter()
                    .any(|h| p.starts_with(h))
            })
            .collect();
        kept.join("\n\n")
    }

    fn section(&self, head: &str) -> Option<String> {
        self.paragraphs()
            .find_map(|p| p.strip_prefix(head))
            .map(|p| p.trim().to_string())
    }

    /// The `Example:` paragraph, without its head.
    pub fn example(&self) -> Option<String> {
        self.section(EXAMPLE)
    }

    /// The `What to do:` paragraph, without its head.
    pub fn advice(&self) -> Option<String> {
        self.section(ADVICE)
    }

    /// The `Fixable:` paragraph, without its head: why `check --fix`
    /// repairs the condition without loss (a warning's only).
    pub fn fixable(&self) -> Option<String> {
        self.section(FIXABLE)
    }

    /// The `Once a run:` paragraph, without its head: why a text run shows
    /// the code once and counts the rest (a finding of every game).
    pub fn once_a_run(&self) -> Option<String> {
        self.section(ONCE)
    }
}

/// A layer's number range, from the table in the `src/diag/mod.rs` header.
#[derive(Debug)]
pub struct Layer {
    pub first: u32,
    pub last: u32,
    pub name: String,
}

/// Every `.rs` file below `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `src/formats/ugf/mod.rs` → `formats::ugf`; `src/lib.rs` → `crate`.
pub fn module_path(rel: &Path) -> String {
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
pub fn without_tests(text: &str) -> &str {
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
pub fn string_literal(s: &str) -> Option<(&str, &str)> {
    let s = s.trim_start().strip_prefix('"')?;
    let end = s.find('"')?;
    let lit = &s[..end];
    (!lit.contains('\\')).then_some((lit, &s[end + 1..]))
}

/// The first sentence of a doc comment: up to the first `.` that ends a
/// sentence (followed by a blank or the end, outside backquotes).
pub fn first_sentence(doc: &str) -> String {
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
/// passed over): each paragraph on one line, paragraphs separated by a
/// blank line.
pub fn doc_above(lines: &[&str], index: usize) -> String {
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
    let mut paragraphs: Vec<String> = vec![String::new()];
    for d in doc {
        let last = paragraphs.last_mut().unwrap();
        if d.is_empty() {
            if !last.is_empty() {
                paragraphs.push(String::new());
            }
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(d);
        }
    }
    paragraphs.retain(|p| !p.is_empty());
    paragraphs.join("\n\n")
}

/// The codes defined in one file (`rel`, relative to the root).
fn scan_file(rel: &Path, text: &str) -> Result<Vec<CodeDef>, String> {
    let text = without_tests(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut defs = Vec::new();
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
            .ok_or_else(|| format!("{what}: Code::new without a literal id"))?;
        let rest = rest.trim_start().strip_prefix(',').unwrap_or("");
        let (name, _) = string_literal(rest)
            .ok_or_else(|| format!("{what}: Code::new without a literal name"))?;
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
            file: rel.display().to_string().replace('\\', "/"),
            line: i + 1,
            doc: doc_above(&lines, first),
        });
    }
    Ok(defs)
}

/// Every code defined in `root/src`, in file order.
pub fn scan(root: &Path) -> Result<Vec<CodeDef>, String> {
    let mut defs = Vec::new();
    for path in rust_files(&root.join("src")) {
        let rel = path.strip_prefix(root).unwrap();
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        defs.extend(scan_file(rel, &text)?);
    }
    Ok(defs)
}

/// The layer ranges of the `src/diag/mod.rs` header: rows `//! | 200–249 | GIB |`.
pub fn layers(root: &Path) -> Result<Vec<Layer>, String> {
    let text = std::fs::read_to_string(root.join("src/diag/mod.rs")).map_err(|e| e.to_string())?;
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
    if out.is_empty() {
        return Err("src/diag/mod.rs: no layer table".into());
    }
    Ok(out)
}

/// The layer whose range holds `number`.
pub fn layer_of(layers: &[Layer], number: u32) -> Option<&Layer> {
    layers.iter().find(|l| (l.first..=l.last).contains(&number))
}
