//! The module graph of docs/architecture.md, checked on the source: every
//! `crate::` path outside comments and test modules goes from a module to
//! one in a lower layer (so there is no import cycle), `transform/` and
//! `formats/` sit side by side, and no format module uses another format
//! (they meet in the event model; `lines` and `structured` are the shared
//! helpers of the line-based and the structured formats). Every format has
//! the same folder shape, mirrored by `formats/<name>.md`.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The layers, lowest first; a module may use modules of lower layers only
/// (and itself).
const LAYERS: &[&[&str]] = &[
    &["event", "stone"],
    &["diag"],
    &["error"],
    &["sink", "options", "props", "charset", "input", "output"],
    &["game", "values"],
    &["board"],
    &["validate"],
    &["render"],
    &["formats", "transform"],
    &["parallel", "archive"],
    &["pipeline"],
    &["migrate"],
];

/// The shared helpers format modules may use besides themselves.
const FORMAT_HELPERS: &[&str] = &["lines", "structured", "diagram"];

/// Every format folder, as in the registry.
const FORMATS: &[&str] = &[
    "sgf", "gib", "ugf", "ngf", "json", "xml", "jago", "csv", "sl", "html", "svg", "png",
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    common::files_under(dir, &|p| p.extension().is_some_and(|e| e == "rs"))
}

/// The code of a file without comments and without its `#[cfg(test)]`
/// module (which may use anything).
fn code_of(text: &str) -> String {
    let code = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    code.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `crate::a::b` paths a file uses, as (a, b); `use crate::{a, b}`
/// lists count too.
fn crate_paths(code: &str) -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + 7..];
        if let Some(list) = rest.strip_prefix('{') {
            for item in list.split('}').next().unwrap_or("").split(',') {
                found.insert((ident(item.trim()), String::new()));
            }
            continue;
        }
        let first = ident(rest);
        let second = rest[first.len()..]
            .strip_prefix("::")
            .map(ident)
            .unwrap_or_default();
        found.insert((first, second));
    }
    found
}

/// The top module a source file belongs to, and for `formats/`, its format.
fn owner(src: &Path, file: &Path) -> (String, Option<String>) {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts = rel.iter().map(|p| p.to_string_lossy().into_owned());
    let top = parts.next().unwrap();
    let top = top.trim_end_matches(".rs").to_owned();
    let sub = parts.next().map(|s| s.trim_end_matches(".rs").to_owned());
    (top, sub)
}

#[test]
fn every_module_uses_only_lower_layers() {
    let src = common::root().join("src");
    let mut wrong = Vec::new();
    for file in rust_files(&src) {
        let (top, _) = owner(&src, &file);
        // The command: main.rs and its `cli_*` modules sit above every layer.
        if matches!(top.as_str(), "lib" | "main") || top.starts_with("cli_") {
            continue;
        }
        let Some(own) = layer(&top) else {
            wrong.push(format!("{top}: a module in no layer of this test"));
            continue;
        };
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for (used, _) in crate_paths(&code) {
            if used == top || used.is_empty() {
                continue;
            }
            match layer(&used) {
                Some(l) if l < own => {}
                _ => wrong.push(format!("{}: uses crate::{used}", file.display())),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
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
    let src = common::root().join("src");
    let mut wrong = Vec::new();
    for file in rust_files(&src.join("validate")) {
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for (used, _) in crate_paths(&code) {
            if used != "validate" && !used.is_empty() && !VALIDATE_USES.contains(&used.as_str()) {
                wrong.push(format!("{}: uses crate::{used}", file.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_format_module_uses_another_format() {
    let src = common::root().join("src");
    let mut wrong = Vec::new();
    for file in rust_files(&src.join("formats")) {
        let (_, sub) = owner(&src, &file);
        let own = sub.unwrap_or_default();
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        for (top, second) in crate_paths(&code) {
            let allowed = second.is_empty()
                || second == own
                || FORMAT_HELPERS.contains(&second.as_str())
                || !FORMATS.contains(&second.as_str());
            if top == "formats" && !allowed && own != "mod" {
                wrong.push(format!("{}: uses crate::formats::{second}", file.display()));
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
fn the_paths_found_are_real() {
    // The scanner itself: a use list, a nested path, a comment ignored.
    let code = code_of(
        "use crate::{diag, event::Pos};\nlet x = crate::formats::sgf::read; // crate::migrate\n",
    );
    let found: Vec<_> = crate_paths(&code).into_iter().collect();
    assert_eq!(
        found,
        [
            ("diag".to_string(), String::new()),
            ("event".into(), String::new()),
            ("formats".into(), "sgf".into())
        ]
    );
}

/// Functions longer than `limit` lines outside `#[cfg(test)]` modules, as
/// "file:line name (n lines)": a `fn` line to the line that closes it at
/// the same indentation.
fn long_functions(limit: usize) -> Vec<String> {
    let src = common::root().join("src");
    let mut long = Vec::new();
    for file in rust_files(&src) {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            if line.trim() == "#[cfg(test)]" {
                break;
            }
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
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
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
    let src = common::root().join("src");
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
