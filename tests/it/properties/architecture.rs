//! The architecture of `docs/architecture.md` as runnable rules, checked on
//! the source:
//!
//! * every `crate::` path outside comments and test modules goes from a
//!   module to one in a lower layer; `transform/` and `formats/` sit side by
//!   side, and no format module uses another format (they meet in the event
//!   model; `lines`, `structured` and `diagram` are shared helpers);
//! * no import cycle between any two files, siblings included (a file may
//!   use what its folder's `mod.rs` defines or re-exports; a `mod.rs` naming
//!   its own children declares them);
//! * the command (`src/main.rs` and `src/cli/`) imports nothing from
//!   `main.rs`: `main.rs` only dispatches;
//! * files of at most [`MAX_FILE_LINES`] non-test lines, functions of at
//!   most 100 (test modules excepted, and only they);
//! * every format has the same folder shape, mirrored by `formats/<name>.md`;
//! * diagnostic codes are made only in `codes.rs` files (and `src/diag/`);
//! * no reference to an issue number (the tracker is not in the repository);
//! * the Layout block and the layers table of `docs/architecture.md` are
//!   generated from the `//!` first lines and [`LAYERS`]
//!   (`SGFCONV_BLESS=1` rewrites them).

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first, each with what it is; a module may use
/// modules of lower layers only (and itself).
const LAYERS: &[(&[&str], &str)] = &[
    (&["event", "stone"], "the event model; a stone's colour and a point"),
    (&["diag"], "diagnostics"),
    (&["error"], "the error type"),
    (
        &["sink", "options", "props", "charset", "input", "output"],
        "sinks, typed options, the property table, character sets, the input and output layers",
    ),
    (&["game", "values"], "one game as a tree; the one reading of game-info values"),
    (&["board"], "the one Go board"),
    (&["validate"], "the FF[4] checks the dialect rules run"),
    (&["table"], "the games table: typed rows and their columns"),
    (
        &["render"],
        "diagrams: what a picture shows and its SVG drawing",
    ),
    (
        &["formats", "transform"],
        "the readers and writers, the dialect rules (side by side: neither uses the other)",
    ),
    (&["parallel", "archive"], "game-parallel pieces, archives"),
    (
        &["pipeline", "input::open"],
        "reader → rules → sink: convert, check; the opener of inputs (files, stdin, archive members)",
    ),
    (&["migrate", "batch"], "whole trees to UTF-8 SGF; many inputs converted at once"),
];

/// Modules layered apart from the rest of their folder: `input::open`
/// names the formats and archives it opens, which sit above the rest of
/// `input` (what the readers use).
const APART: &[[&str; 2]] = &[["input", "open"]];

/// The layer name of a module path: `input::open` when it is layered
/// apart, else its top module.
fn layered(path: &[String]) -> String {
    match APART.iter().find(|a| path.len() >= 2 && path[..2] == a[..]) {
        Some(a) => a.join("::"),
        None => path.first().cloned().unwrap_or_default(),
    }
}

/// Non-test lines a source file may have.
const MAX_FILE_LINES: usize = 800;

/// Files over [`MAX_FILE_LINES`] still being split (must end empty).
const LONG_FILES_BEING_SPLIT: &[&str] = &[];

/// File cycles still being removed (each as its files, sorted; must end
/// empty).
const CYCLES_BEING_REMOVED: &[&[&str]] = &[];

/// `folder.rs` beside `folder/`, still to become `folder/mod.rs` (must
/// end empty).
const MODULE_FILES_BEING_MOVED: &[&str] = &[];

/// The shared helpers format modules may use besides themselves.
const FORMAT_HELPERS: &[&str] = &["lines", "structured", "diagram"];

/// Every format folder, as in the registry.
const FORMATS: &[&str] = &[
    "sgf", "gib", "ugf", "ngf", "json", "xml", "jago", "csv", "sl", "html", "svg", "png",
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(l, _)| l.contains(&module))
}

fn src() -> PathBuf {
    common::root().join("src")
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    common::files_under(dir, &|p| p.extension().is_some_and(|e| e == "rs"))
}

/// Whether a source file belongs to the command (the binary crate).
fn in_command(rel: &str) -> bool {
    rel == "main.rs" || rel.starts_with("cli/")
}

/// The lines of a file with every test-only item blanked: a
/// `#[cfg(test)]` module (inline or not), function, `use` or `impl`, to
/// its closing line at the same indentation. Line numbers are kept.
fn without_tests(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = lines.clone();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "#[cfg(test)]" {
            i += 1;
            continue;
        }
        // The item the attribute guards, past further attributes.
        let mut j = i + 1;
        while j < lines.len() && lines[j].trim_start().starts_with("#[") {
            j += 1;
        }
        let end = match lines.get(j) {
            Some(l) if l.trim_end().ends_with(';') => j,
            Some(l) => {
                let indent = l.len() - l.trim_start().len();
                let close = format!("{}}}", " ".repeat(indent));
                (j..lines.len())
                    .find(|&k| lines[k].starts_with(&close) && lines[k].trim() == "}")
                    .unwrap_or(lines.len() - 1)
            }
            None => lines.len() - 1,
        };
        for l in out.iter_mut().take(end + 1).skip(i) {
            *l = "";
        }
        i = end + 1;
    }
    out
}

/// The code of a file without comments and without its test-only items.
fn code_of(text: &str) -> String {
    without_tests(text)
        .into_iter()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The paths that start at `rest` (just after `crate`, `super` or `self`),
/// each as its segments: `::a::b` gives `[a, b]`, `::{a, b::{c, d}}`
/// gives `[a]`, `[b, c]`, `[b, d]`.
fn paths_after(rest: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    expand(rest, Vec::new(), &mut out);
    out
}

fn expand(mut s: &str, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    while let Some(after) = s.strip_prefix("::") {
        let after = after.trim_start();
        if let Some(list) = after.strip_prefix('{') {
            for item in split_top(list) {
                let item = item.trim();
                let first = ident(item);
                if first.is_empty() {
                    continue;
                }
                let mut p = prefix.clone();
                if first != "self" {
                    p.push(first.clone());
                }
                expand(&item[first.len()..], p, out);
            }
            return;
        }
        let name = ident(after);
        if name.is_empty() {
            break;
        }
        prefix.push(name.clone());
        s = &after[name.len()..];
    }
    out.push(prefix);
}

/// The items of a `{…}` list up to its closing brace, split at top-level
/// commas.
fn split_top(list: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0usize, 0, Vec::new());
    for (i, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&list[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&list[start..]);
    items
}

/// The module path of a source file (`formats/sgf/reader.rs` →
/// `[formats, sgf, reader]`; a `mod.rs` is its folder; `lib.rs` and
/// `main.rs` are the root).
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Every module path a file's code names through `crate::`, `super::` or
/// `self::`, made absolute.
fn module_paths(rel: &str, code: &str) -> Vec<Vec<String>> {
    let me = module_of(rel);
    let mut out = Vec::new();
    for (kw, base) in [
        ("crate", Vec::new()),
        ("super", me[..me.len().saturating_sub(1)].to_vec()),
        ("self", me.clone()),
    ] {
        for (i, _) in code.match_indices(kw) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &code[i + kw.len()..];
            if !rest.starts_with("::") {
                continue;
            }
            for p in paths_after(rest) {
                let mut full = base.clone();
                full.extend(p);
                out.push(full);
            }
        }
    }
    out
}

/// The import graph between source files, without test code: an edge from
/// a file to every other file whose module it names, except a folder's
/// `mod.rs` (or `lib.rs`, `main.rs`) naming its own descendants.
fn file_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = src();
    let files: Vec<String> = rust_files(&src)
        .iter()
        .map(|f| f.strip_prefix(&src).unwrap().to_string_lossy().into_owned())
        .collect();
    let mut graph = BTreeMap::new();
    for rel in &files {
        let command = in_command(rel);
        let by_module: BTreeMap<Vec<String>, &String> = files
            .iter()
            .filter(|f| in_command(f) == command && *f != "lib.rs" && *f != "main.rs")
            .map(|f| (module_of(f), f))
            .collect();
        let code = code_of(&std::fs::read_to_string(src.join(rel)).unwrap());
        let me = module_of(rel);
        let is_dir = rel.ends_with("mod.rs") || rel == "lib.rs" || rel == "main.rs";
        let mut uses = BTreeSet::new();
        for path in module_paths(rel, &code) {
            let found = (1..=path.len())
                .rev()
                .find_map(|n| by_module.get(&path[..n]).map(|f| (n, *f)));
            let Some((n, file)) = found else { continue };
            let own_child = is_dir && path[..n].starts_with(&me);
            if file != rel && !own_child {
                uses.insert(file.clone());
            }
        }
        graph.insert(rel.clone(), uses);
    }
    graph
}

/// The strongly connected components of more than one file (Tarjan's
/// algorithm, iterative), each sorted.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let names: Vec<&String> = graph.keys().collect();
    let at: BTreeMap<&String, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let next: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            graph[*n]
                .iter()
                .filter_map(|m| at.get(m).copied())
                .collect()
        })
        .collect();
    let n = names.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
    let (mut on, mut stack, mut found, mut counter) = (vec![false; n], Vec::new(), Vec::new(), 0);
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some((v, k)) = work.pop() {
            if k == 0 {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = next[v].get(k) {
                work.push((v, k + 1));
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(names[w].clone());
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    found.push(comp);
                }
            }
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn no_import_cycle_between_any_two_files() {
    let found = cycles(&file_graph());
    let expected: Vec<Vec<String>> = CYCLES_BEING_REMOVED
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(
        found, expected,
        "import cycles between files (shared items go to the folder's mod.rs or a named leaf)"
    );
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let mut g = BTreeMap::new();
    let edge = |a: &str, b: &[&str]| (a.to_string(), b.iter().map(|s| s.to_string()).collect());
    g.extend([
        edge("a", &["b"]),
        edge("b", &["c"]),
        edge("c", &["a"]),
        edge("d", &["a"]),
    ]);
    assert_eq!(cycles(&g), [["a", "b", "c"]]);
    // A path through a use list, `super`, and a folder naming its child.
    let paths = module_paths(
        "formats/sgf/encoding.rs",
        "use super::{reader::{A, B}, lex};\nuse crate::diag::Code;",
    );
    assert!(paths.contains(&vec![
        "formats".into(),
        "sgf".into(),
        "reader".into(),
        "A".into()
    ]));
    assert!(paths.contains(&vec!["formats".into(), "sgf".into(), "lex".into()]));
    assert!(paths.contains(&vec!["diag".into(), "Code".into()]));
}

#[test]
fn every_module_uses_only_lower_layers() {
    let src = src();
    let mut wrong = Vec::new();
    for file in rust_files(&src) {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if rel == "lib.rs" || in_command(&rel) {
            continue;
        }
        let top = layered(&module_of(&rel));
        let Some(own) = layer(&top) else {
            wrong.push(format!("{top}: a module in no layer of this test"));
            continue;
        };
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for path in module_paths(&rel, &code) {
            let used = layered(&path);
            if used == top || used.is_empty() {
                continue;
            }
            match layer(&used) {
                Some(l) if l < own => {}
                _ => wrong.push(format!("{rel}: uses crate::{used}")),
            }
        }
    }
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_command_imports_nothing_from_main() {
    let src = src();
    let mut wrong = Vec::new();
    for file in rust_files(&src) {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if !in_command(&rel) || rel == "main.rs" {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for path in module_paths(&rel, &code) {
            if path.first().map(String::as_str) != Some("cli") {
                wrong.push(format!("{rel}: uses crate::{}", path.join("::")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "main.rs only dispatches:\n{}",
        wrong.join("\n")
    );
    let main = std::fs::read_to_string(common::root().join("src/main.rs")).unwrap();
    assert!(main.lines().count() < 150, "main.rs only dispatches");
    assert!(
        src.join("cli/mod.rs").is_file(),
        "the command lives in src/cli/"
    );
}

/// What the validator may use: the model, the board and the values (and
/// the sink trait, to check an event stream), never a format or a
/// transform.
const VALIDATE_USES: &[&str] = &[
    "event", "stone", "sink", "diag", "error", "options", "props", "game", "values", "board",
];

#[test]
fn the_validator_uses_only_the_model() {
    let src = src();
    let mut wrong = Vec::new();
    for file in rust_files(&src.join("validate")) {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for path in module_paths(&rel, &code) {
            let used = path.first().cloned().unwrap_or_default();
            if used != "validate" && !used.is_empty() && !VALIDATE_USES.contains(&used.as_str()) {
                wrong.push(format!("{rel}: uses crate::{used}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every diagnostic code is made in a `codes.rs` (the folder's list of its
/// codes, which `build.rs` reads for the catalogue) or in `src/diag/`,
/// where the type lives; test code may make its own.
#[test]
fn codes_are_made_only_in_codes_files() {
    let src = src();
    let mut wrong = Vec::new();
    for file in rust_files(&src) {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if rel.ends_with("codes.rs") || rel.starts_with("diag/") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let makes = |what: &str| {
            code.match_indices(what)
                .any(|(i, _)| !code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
        };
        if makes("Code::new(") || makes("Code { id") {
            wrong.push(rel);
        }
    }
    assert!(wrong.is_empty(), "codes made outside a codes.rs: {wrong:?}");
}

#[test]
fn no_format_module_uses_another_format() {
    let src = src();
    let mut wrong = Vec::new();
    for file in rust_files(&src.join("formats")) {
        let rel = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        // The files of formats/ itself (mod.rs, the registry, the sniffing,
        // the calls) are where the formats meet: they may name them all.
        let in_folder = rel.matches('/').count() >= 2;
        let own = module_of(&rel).get(1).cloned().unwrap_or_default();
        if !in_folder || own.is_empty() {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for path in module_paths(&rel, &code) {
            let second = path.get(1).cloned().unwrap_or_default();
            let allowed = path.first().map(String::as_str) != Some("formats")
                || second.is_empty()
                || second == own
                || FORMAT_HELPERS.contains(&second.as_str())
                || !FORMATS.contains(&second.as_str());
            if !allowed {
                wrong.push(format!("{rel}: uses crate::formats::{second}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_format_has_the_same_shape_and_a_document() {
    let root = common::root();
    for f in FORMATS {
        let dir = root.join("src/formats").join(f);
        let info = sgfconv::formats::FORMATS.iter().find(|i| i.name == *f);
        let info = info.unwrap_or_else(|| panic!("{f}: not in the registry"));
        // A format sgfconv only writes (the pictures) has no reader.
        let parts: &[&str] = if info.reads {
            &["mod.rs", "reader.rs", "writer.rs"]
        } else {
            &["mod.rs", "writer.rs"]
        };
        for part in parts {
            assert!(
                dir.join(part).is_file(),
                "src/formats/{f}/{part} is missing"
            );
        }
        assert!(
            root.join("formats").join(format!("{f}.md")).is_file(),
            "formats/{f}.md is missing"
        );
    }
}

#[test]
fn one_convention_for_module_files() {
    // `folder/mod.rs`, never `folder.rs` beside `folder/`.
    let mut wrong = Vec::new();
    for file in rust_files(&src()) {
        let beside = file.with_extension("");
        let rel = file
            .strip_prefix(src())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let being_moved = MODULE_FILES_BEING_MOVED.contains(&rel.as_str());
        if beside.is_dir() && file.file_name().is_some_and(|n| n != "mod.rs") && !being_moved {
            wrong.push(rel);
        }
    }
    assert!(
        wrong.is_empty(),
        "move into folder/mod.rs:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn test_items_are_told_apart_from_code() {
    let text = "fn a() {\n}\n#[cfg(test)]\nfn helper() {\n    x();\n}\nfn b() {}\n#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n";
    let kept: Vec<&str> = without_tests(text)
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(kept, ["fn a() {", "}", "fn b() {}"]);
    // The scanner of paths: a use list, a nested path, a comment ignored.
    let code = code_of(
        "use crate::{diag, event::Pos};\nlet x = crate::formats::sgf::read; // crate::migrate\n",
    );
    let paths = module_paths("pipeline.rs", &code);
    assert_eq!(paths.len(), 3, "{paths:?}");
}

/// Files longer than [`MAX_FILE_LINES`] non-test lines, as "path (n)".
fn long_files() -> Vec<String> {
    let root = common::root();
    let mut long = Vec::new();
    for file in rust_files(&src()) {
        let text = std::fs::read_to_string(&file).unwrap();
        let n = without_tests(&text).len() - count_blanked(&text);
        let rel = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if n > MAX_FILE_LINES {
            long.push(format!("{rel} ({n})"));
        }
    }
    long
}

/// Lines of `text` blanked as test code (lines that were not empty).
fn count_blanked(text: &str) -> usize {
    let kept = without_tests(text);
    text.lines()
        .zip(kept)
        .filter(|(a, b)| !a.is_empty() && b.is_empty())
        .count()
}

#[test]
fn no_file_is_longer_than_800_non_test_lines() {
    let long = long_files();
    let unexpected: Vec<&String> = long
        .iter()
        .filter(|l| {
            !LONG_FILES_BEING_SPLIT
                .iter()
                .any(|f| l.starts_with(&format!("{f} ")))
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "split these along their seams: {unexpected:?}"
    );
    let gone: Vec<&&str> = LONG_FILES_BEING_SPLIT
        .iter()
        .filter(|f| !long.iter().any(|l| l.starts_with(&format!("{f} "))))
        .collect();
    assert!(
        gone.is_empty(),
        "split already, take off the list: {gone:?}"
    );
}

/// Functions longer than `limit` lines outside test code, as
/// "file:line name (n lines)": a `fn` line to the line that closes it at
/// the same indentation.
fn long_functions(limit: usize) -> Vec<String> {
    let mut long = Vec::new();
    for file in rust_files(&src()) {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines = without_tests(&text);
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            let indent = line.len() - line.trim_start().len();
            let head = line.trim_start();
            let head = head.strip_prefix("pub ").unwrap_or(head);
            let head = head.strip_prefix("pub(crate) ").unwrap_or(head);
            let head = head.strip_prefix("pub(super) ").unwrap_or(head);
            let head = head.strip_prefix("const ").unwrap_or(head);
            if let Some(rest) = head.strip_prefix("fn ") {
                let close = format!("{}}}", " ".repeat(indent));
                let end = (i..lines.len())
                    .find(|&j| lines[j].starts_with(&close) || (j == i && line.ends_with(';')))
                    .unwrap_or(lines.len() - 1);
                let n = end - i + 1;
                if n > limit {
                    let name = ident(rest);
                    long.push(format!("{}:{} {name} ({n} lines)", file.display(), i + 1));
                }
                i = end;
            }
            i += 1;
        }
    }
    long
}

#[test]
fn no_function_outside_tests_is_longer_than_100_lines() {
    let long = long_functions(100);
    assert!(
        long.is_empty(),
        "split these into named steps:\n{}",
        long.join("\n")
    );
    // The scanner finds long functions at all: some are over 60 lines.
    assert!(!long_functions(60).is_empty());
}

/// The word issue then a number, as in the examples of the test below.
fn names_an_issue(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.match_indices("issue").any(|(i, _)| {
        let rest = lower[i + 5..].trim_start_matches('s');
        let rest = rest
            .strip_prefix(' ')
            .unwrap_or("x")
            .trim_start_matches('#');
        rest.starts_with(|c: char| c.is_ascii_digit())
    })
}

#[test]
fn nothing_refers_to_an_issue_number() {
    let root = common::root();
    let mut files = Vec::new();
    for dir in [
        "src", "docs", "formats", "tests", "scripts", "build", "benches", "examples", "fuzz",
    ] {
        files.extend(common::files_under(&root.join(dir), &|p| {
            p.extension()
                .is_some_and(|e| ["rs", "md", "sh", "py", "toml"].contains(&e.to_str().unwrap()))
        }));
    }
    files.extend(["README.md", "Makefile", "Cargo.toml", "build.rs"].map(|f| root.join(f)));
    let mut found = Vec::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if names_an_issue(line) && !line.contains("names_an_issue") {
                found.push(format!(
                    "{}:{}",
                    f.strip_prefix(&root).unwrap().display(),
                    n + 1
                ));
            }
        }
    }
    assert!(found.is_empty(), "name the doc section instead: {found:?}");
    assert!(names_an_issue("see Issue #12.") && names_an_issue("issues 2"));
    assert!(!names_an_issue("an issue with 3 games"));
}

/// Words of game-info values that only their readers need: month names,
/// CJK markers of dates, times of day and durations, and the words of
/// results. Each has one home, `src/values/`.
const VALUE_WORDS: &[&str] = &[
    "january",
    "september",
    "december",
    "下午",
    "오후",
    "曜日",
    "요일",
    "星期",
    "時間",
    "시간",
    "中押",
    "中盘",
    "불계",
    "무승부",
    "持碁",
    "ジゴ",
    "進行中",
    "진행중",
    "時間切れ",
    "無勝負",
    "コミ",
    "초읽기",
];

/// The value words that `code` (comments and test modules left out)
/// holds, lower-cased.
fn value_words_in(code: &str) -> Vec<&'static str> {
    let code = code.to_lowercase();
    VALUE_WORDS
        .iter()
        .copied()
        .filter(|w| code.contains(w))
        .collect()
}

#[test]
fn value_words_live_only_in_their_home() {
    let src = src();
    let home = src.join("values");
    let mut wrong = Vec::new();
    let mut at_home = BTreeSet::new();
    for file in rust_files(&src) {
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let found = value_words_in(&code);
        if file.starts_with(&home) {
            at_home.extend(found);
        } else if !found.is_empty() {
            wrong.push(format!("{}: {}", file.display(), found.join(" ")));
        }
    }
    assert!(
        wrong.is_empty(),
        "words of game-info values outside src/values/ (read them with sgfconv::values):\n{}",
        wrong.join("\n")
    );
    // Every word is one the home reads: the list is real.
    let missing: Vec<_> = VALUE_WORDS
        .iter()
        .filter(|w| !at_home.contains(*w))
        .collect();
    assert!(missing.is_empty(), "not in src/values/: {missing:?}");
    // The scan sees a word in code, not in a comment.
    assert_eq!(
        value_words_in(&code_of("let m = \"September\"; // 中押\n")),
        ["september"]
    );
}

// ---- The generated parts of docs/architecture.md ----

const LAYOUT_BEGIN: &str = "<!-- layout: generated from each file's first `//!` line by tests/it/properties/architecture.rs; SGFCONV_BLESS=1 cargo test --test it architecture rewrites it -->";
const LAYERS_BEGIN: &str = "<!-- layers: generated from LAYERS in tests/it/properties/architecture.rs; SGFCONV_BLESS=1 cargo test --test it architecture rewrites it -->";
const END: &str = "<!-- end of generated part -->";

/// The first line of a file's `//!` header.
fn summary(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    // The header's first paragraph, its lines joined.
    let para: Vec<&str> = text
        .lines()
        .map(str::trim_start)
        .skip_while(|l| !l.starts_with("//!"))
        .take_while(|l| l.starts_with("//!") && l.trim_start_matches("//!").trim() != "")
        .map(|l| l.trim_start_matches("//!").trim())
        .collect();
    first_sentence(&para.join(" "))
}

/// Up to the first full stop that ends a sentence (one outside backticks,
/// followed by a space or the end, not that of an abbreviation such as
/// `e.g.`); a long sentence is cut where its first clause ends (at `: `,
/// `; ` or ` (`), and past 110 characters at a word, so that each line of
/// the Layout says one thing at a glance.
fn first_sentence(text: &str) -> String {
    let mut quoted = false;
    let mut end = text.len();
    for (i, c) in text.char_indices() {
        quoted ^= c == '`';
        let stop = c == '.'
            && !quoted
            && text[i + 1..].chars().next().is_none_or(|n| n == ' ')
            && !["e.g", "i.e", "etc", "vs"]
                .iter()
                .any(|a| text[..i].ends_with(a));
        if stop {
            end = i;
            break;
        }
    }
    let mut s = &text[..end];
    if s.chars().count() > 100 {
        // Outside brackets, so that none is left open.
        let mut depth = 0i32;
        let mut clause = None;
        for (i, c) in s.char_indices() {
            let at = |m: &str| s[i..].starts_with(m);
            if depth == 0 && i >= 30 && (at(": ") || at("; ") || at(" (")) {
                clause = Some(i);
                break;
            }
            depth += i32::from(c == '(') - i32::from(c == ')');
        }
        if let Some(i) = clause {
            s = &s[..i];
        }
    }
    if s.chars().count() > 110 {
        let cut = s.char_indices().nth(110).map_or(s.len(), |(i, _)| i);
        let word = s[..cut].rfind(' ').unwrap_or(cut);
        return format!("{}…", &s[..word]);
    }
    format!("{s}.")
}

/// The tree of `src/` and `build/`, a line a file with its summary (a
/// folder's from its `mod.rs`).
fn layout() -> String {
    let root = common::root();
    let mut out = String::from("```\n");
    for top in ["src", "build"] {
        out.push_str(&format!("{top}/\n"));
        tree_lines(&root.join(top), 1, &mut out);
    }
    out.push_str("```\n");
    out
}

fn tree_lines(dir: &Path, depth: usize, out: &mut String) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if name == "mod.rs" {
            continue;
        }
        if p.is_file() && p.with_extension("").is_dir() {
            continue; // `folder.rs` beside `folder/`: listed as the folder
        }
        let (label, about) = if p.is_dir() {
            let face = p.join("mod.rs");
            let face = if face.is_file() {
                face
            } else {
                p.with_extension("rs")
            };
            (format!("{name}/"), summary(&face))
        } else {
            (name, summary(&p))
        };
        let label = format!("{}{label}", "  ".repeat(depth));
        let line = format!("{label:<26} {about}");
        out.push_str(line.trim_end());
        out.push('\n');
        if p.is_dir() {
            tree_lines(&p, depth + 1, out);
        }
    }
}

/// The layers table, highest first.
fn layers_table() -> String {
    let mut out = String::from("| layer | modules | what |\n|---|---|---|\n");
    for (i, (mods, what)) in LAYERS.iter().enumerate().rev() {
        let mods: Vec<String> = mods.iter().map(|m| format!("`{m}`")).collect();
        out.push_str(&format!("| {i} | {} | {what} |\n", mods.join(", ")));
    }
    out
}

/// `doc` with the part after `begin` up to [`END`] replaced by `body`.
fn with_generated(doc: &str, begin: &str, body: &str) -> String {
    let start = doc
        .find(begin)
        .unwrap_or_else(|| panic!("docs/architecture.md lacks {begin}"));
    let after = start + begin.len();
    let end = after + doc[after..].find(END).expect("an end marker");
    format!("{}\n{body}{}", &doc[..after], &doc[end..])
}

#[test]
fn the_layout_and_the_layers_in_the_docs_are_the_source_s() {
    let path = common::root().join("docs/architecture.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let want = with_generated(&doc, LAYOUT_BEGIN, &layout());
    let want = with_generated(&want, LAYERS_BEGIN, &layers_table());
    if common::bless() {
        std::fs::write(&path, &want).unwrap();
    } else {
        pretty_assertions::assert_eq!(
            doc,
            want,
            "SGFCONV_BLESS=1 cargo test --test it architecture"
        );
    }
    // Every source file has a `//!` header to be listed by.
    let missing: Vec<String> = rust_files(&src())
        .into_iter()
        .filter(|f| summary(f).is_empty())
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "files without a //! header: {missing:?}"
    );
}
