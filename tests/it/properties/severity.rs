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
//! for a line break, `\xNN` for a byte of another character set),
//! optionally followed by ``with `OPTIONS` `` (`--keep-dialect`), is an
//! input: `sgfconv check -v` on it must report the code at its letter's
//! severity; for a code with a `Fixable:` paragraph, the conversion of the
//! example must check clean of that code (the repair is whole), and for an
//! info code the conversion must exit 0 (nothing is lost). Mechanised
//! further: an error's message names what was lost or guessed (a count, or
//! a value or text of the input), and an info code's conversion holds
//! every value of its input, or a message names the respelling. The codes
//! without such an example are listed below, with why.

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
    (
        770,
        789,
        "the record edits of a conversion (--rotate…), which check does not take",
    ),
];

/// Codes of the SGF layers that no SGF text reaches through `check` as
/// that code, with why (each is tested where named).
const NOT_AS_ITS_CODE: &[(&str, &str)] = &[
    (
        "W013",
        "a '(' starts a game only before ';', '(' or a property \
         (`lex::game_tree_start`): '()' between games is stray text (W002, \
         W001), '()' inside one an empty variation (W008); the reader keeps \
         the code for a game tree it has entered that holds no node",
    ),
    (
        "E099",
        "a value longer than --max-value-size refuses the input (exit 2): \
         the command reports the refusal as E601 input-unusable, its \
         message naming [E099] (tests/it/cli/basics.rs: \
         a_value_or_line_past_max_value_size_is_refused)",
    ),
];

/// SGF-reachable codes whose doc comment has no runnable example yet:
/// none now. The test fails when one listed here gains an example (remove
/// it) and when a new code has neither.
const NO_EXAMPLE_YET: &[&str] = &[];

/// A runnable example: the bytes of an SGF input, and the options the
/// command takes with it.
struct Example {
    input: Vec<u8>,
    options: Vec<String>,
}

/// The example of `e`, if it is a runnable one: the paragraph is a single
/// backticked SGF text starting with `(` or `;` (`\n` a line break,
/// `\xNN` a byte, for the bytes of another character set), optionally
/// followed by ``with `OPTIONS` `` (what the command takes beside it,
/// `--keep-dialect`).
fn sgf_example(e: &Entry) -> Option<Example> {
    let x = e.example?.trim();
    let (sgf, options) = match x.split_once("` with `") {
        Some((sgf, opts)) => (sgf, opts.strip_suffix('`')?),
        None => (x.strip_suffix('`')?, ""),
    };
    let inner = sgf.strip_prefix('`')?;
    let runnable = inner.starts_with(['(', ';']) && !inner.contains('`') && !options.contains('`');
    runnable.then(|| Example {
        input: unescape(inner),
        options: options.split_whitespace().map(str::to_string).collect(),
    })
}

/// The bytes of an example's text: `\n` a line break, `\xNN` the byte
/// NN, every other character its UTF-8.
fn unescape(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let byte = rest
            .strip_prefix("\\x")
            .and_then(|h| h.get(..2))
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        if let Some(b) = byte {
            out.push(b);
            rest = &rest[4..];
        } else if let Some(after) = rest.strip_prefix("\\n") {
            out.push(b'\n');
            rest = after;
        } else {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Whether an SGF input reaches `id` (its number outside the layers of
/// [`NOT_BY_AN_SGF_INPUT`]).
fn by_sgf(id: &str) -> bool {
    let n: u32 = id[1..].parse().unwrap_or(0);
    !NOT_BY_AN_SGF_INPUT
        .iter()
        .any(|(lo, hi, _)| (*lo..=*hi).contains(&n))
}

/// One diagnostic of `--diagnostics json`.
struct Diag {
    code: String,
    severity: String,
    message: String,
}

/// The JSON diagnostics of `sgfconv check -v` (with `options`) on
/// `input`.
fn diagnostics(input: &[u8], options: &[String]) -> Vec<Diag> {
    let mut args = vec!["check", "-v", "--diagnostics", "json"];
    args.extend(options.iter().map(String::as_str));
    args.push("-");
    let out = run(&args, input);
    text(&out.stderr)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| {
            let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            Diag {
                code: s("code"),
                severity: s("severity"),
                message: s("message"),
            }
        })
        .collect()
}

/// [`diagnostics`] as (code, severity).
fn checked(input: &[u8], options: &[String]) -> Vec<(String, String)> {
    diagnostics(input, options)
        .into_iter()
        .map(|d| (d.code, d.severity))
        .collect()
}

/// The conversion (`sgfconv - -`, with `options`) of `input`.
fn converted(input: &[u8], options: &[String]) -> std::process::Output {
    let mut args: Vec<&str> = options.iter().map(String::as_str).collect();
    args.extend(["-", "-"]);
    run(&args, input)
}

#[test]
fn every_example_reports_its_code_at_its_letter() {
    let mut ran = 0;
    for e in CATALOGUE {
        let Some(x) = sgf_example(e) else {
            continue;
        };
        let id = e.code.id;
        let found = checked(&x.input, &x.options);
        let want = e.code.severity().as_str();
        assert!(
            found.iter().any(|(c, s)| c == id && s == want),
            "{id}: its example {:?} gives {found:?}",
            text(&x.input)
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
        let Some(x) = sgf_example(e) else {
            continue;
        };
        let id = e.code.id;
        let out = converted(&x.input, &x.options);
        if e.fixable.is_some() {
            assert!(
                e.code.id.starts_with('W'),
                "{id}: only a warning is fixable"
            );
            let again = checked(&out.stdout, &x.options);
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
        let listed = NO_EXAMPLE_YET.contains(&id) || NOT_AS_ITS_CODE.iter().any(|(c, _)| *c == id);
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

/// The values of an SGF text, with their property identifiers, unescaped
/// (`\\]` is `]`, a `\\` before a line break removes it): what stands
/// between `[` and its `]`.
fn values(sgf: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut ident = String::new();
    let mut in_ident = false;
    let mut chars = sgf.chars();
    while let Some(c) = chars.next() {
        if c.is_ascii_alphabetic() {
            if !in_ident {
                ident.clear();
            }
            ident.push(c);
            in_ident = true;
            continue;
        }
        in_ident = false;
        if c != '[' {
            continue;
        }
        let mut v = String::new();
        while let Some(c) = chars.next() {
            match c {
                ']' => break,
                '\\' => match chars.next() {
                    Some('\n') | None => {}
                    Some(e) => v.push(e),
                },
                c => v.push(c),
            }
        }
        // An FF[1]–FF[3] identifier's capitals are its name (`AddBlack`).
        let name = ident.chars().filter(char::is_ascii_uppercase).collect();
        out.push((name, v));
    }
    out
}

/// The `[value]` spans a message names.
fn named(message: &str) -> Vec<&str> {
    message
        .split('[')
        .skip(1)
        .filter_map(|s| s.split_once(']').map(|(v, _)| v))
        .collect()
}

/// Whether an output value `o` holds `v`: is it, has it as one side of a
/// compose value (`L[aa]` → `LB[aa:A]`, `VW[aa][ii]` → `VW[aa:ii]`), or as
/// a line of a text joined from several.
fn has(o: &str, v: &str) -> bool {
    o == v
        || o.split_once(':').is_some_and(|(a, b)| a == v || b == v)
        || (o.contains('\n') && o.lines().any(|l| l == v))
}

/// Whether an output holds `v` ([`has`]) in a property `id` (any with
/// `None`).
fn holds(out: &[(String, String)], id: Option<&str>, v: &str) -> bool {
    out.iter()
        .any(|(i, o)| id.is_none_or(|id| id == i) && has(o, v))
}

/// Whether `message` has `w` as a word (not inside a longer one).
fn word(message: &str, w: &str) -> bool {
    message
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|x| x == w)
}

/// "An error says what was lost": for every error code with an example,
/// its message names it (a count, or a value or text of the input quoted
/// or in brackets).
#[test]
fn an_error_names_what_was_lost_or_guessed() {
    let mut silent = Vec::new();
    for e in CATALOGUE.iter().filter(|e| e.code.id.starts_with('E')) {
        let Some(x) = sgf_example(e) else {
            continue;
        };
        let input = text(&x.input);
        for d in diagnostics(&x.input, &x.options) {
            if d.code != e.code.id {
                continue;
            }
            let m = &d.message;
            let quoted = |q: char| {
                m.split(q)
                    .skip(1)
                    .step_by(2)
                    .any(|s| !s.is_empty() && input.contains(s))
            };
            let names = m.chars().any(|c| c.is_ascii_digit())
                || named(m).iter().any(|v| input.contains(v))
                || quoted('\'')
                || quoted('"');
            if !names {
                silent.push(format!("{}: {m}", e.code.id));
            }
        }
    }
    assert!(
        silent.is_empty(),
        "errors that do not say what: {silent:#?}"
    );
}

/// "Info loses nothing": for every info code with an example, every value
/// text of the input is in the conversion's output, or a diagnostic names
/// its respelling (the old `[value]` and a new one the output holds:
/// `PL[2] written PL[W]`). `FF` and `CA` are the output's own: its root
/// says the version and character set it is written in.
#[test]
fn an_info_code_keeps_every_value() {
    let mut lost = Vec::new();
    for e in CATALOGUE.iter().filter(|e| e.code.id.starts_with('I')) {
        let Some(x) = sgf_example(e) else {
            continue;
        };
        let out = values(&text(&converted(&x.input, &x.options).stdout));
        let said = diagnostics(&x.input, &x.options);
        let respelled = |v: &str| {
            said.iter().any(|d| {
                let n = named(&d.message);
                let new = |(_, w): &(String, String)| {
                    w != v && w.chars().count() > 1 && d.message.contains(w.as_str())
                };
                n.contains(&v)
                    && (n.iter().any(|w| *w != v && holds(&out, None, w)) || out.iter().any(new))
            })
        };
        // A property renamed (`GK` → `GM`, `M` → `MA`), as a message says.
        let renamed = |id: &str, v: &str| {
            out.iter().any(|(to, o)| {
                has(o, v)
                    && said
                        .iter()
                        .any(|d| word(&d.message, id) && word(&d.message, to))
            })
        };
        for (id, v) in values(&text(&x.input)) {
            let own = matches!(id.as_str(), "FF" | "CA");
            if !own && !holds(&out, Some(&id), &v) && !renamed(&id, &v) && !respelled(&v) {
                lost.push(format!("{}: {id}[{v}] not in {out:?}", e.code.id));
            }
        }
    }
    assert!(lost.is_empty(), "info that lost a value: {lost:#?}");
}
