//! A case run through the built `sgfconv` (`-t json --diagnostics json`)
//! and its checks applied to what came out: the JSON collection, the exit
//! status, the diagnostics, and for `moves` checks a second run with
//! `--moves`.

use super::cases::{Case, Check, Input, NodeRef};
use super::tree;
use crate::common;
use serde_json::Value;

/// What one run of sgfconv gave.
pub struct Run {
    pub status: Option<i32>,
    /// The JSON document on stdout (`Null` when there is none).
    pub doc: Value,
    /// The diagnostics, one JSON object each.
    pub diags: Vec<Value>,
    /// Lines of stderr that are not diagnostics (a refusal's message).
    pub other_stderr: Vec<String>,
}

/// Runs the case; `Err` holds what did not hold, `Ok` says all did.
pub fn evaluate(case: &Case) -> Result<(), String> {
    let run = run(case, &[]);
    let mut failed = Vec::new();
    for check in &case.checks {
        let verdict = match check {
            Check::Moves(field, want) => moves(case, field, want),
            Check::Setup(colour, want) => setup(case, colour, want),
            other => apply(other, &run),
        };
        if let Err(e) = verdict {
            failed.push(e);
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\n    run: {}",
            failed.join("\n    "),
            summary(&run)
        ))
    }
}

/// The run in a few words, for a failure's message.
pub fn summary(run: &Run) -> String {
    let codes: Vec<String> = run
        .diags
        .iter()
        .filter(|d| d["severity"] != "info")
        .map(|d| format!("{} {}", text(&d["code"]), text(&d["message"])))
        .collect();
    format!(
        "exit {:?}, tree {}, diagnostics {:?}{}",
        run.status,
        tree::of_json(&run.doc),
        codes,
        if run.other_stderr.is_empty() {
            String::new()
        } else {
            format!(", stderr {:?}", run.other_stderr)
        }
    )
}

fn text(v: &Value) -> String {
    v.as_str()
        .map(String::from)
        .unwrap_or_else(|| v.to_string())
}

/// Runs sgfconv on the case's input with `extra` arguments (a case of the
/// `check` command is checked when there are none).
pub fn run(case: &Case, extra: &[&str]) -> Run {
    let check = case.check_command && extra.is_empty();
    let mut args: Vec<String> = match check {
        true => vec!["check".into()],
        false => vec!["-t".into(), "json".into()],
    };
    args.extend(["--diagnostics".into(), "json".into()]);
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(case.args.iter().cloned());
    let stdin = match &case.input {
        Input::Bytes(b) => {
            if !case.args.iter().any(|a| a == "-f") {
                args.extend(["-f".into(), "sgf".into()]);
            }
            args.push("-".into());
            encoded(b, case.encode.as_deref())
        }
        Input::CorpusFile(p) => {
            args.push(
                common::shared_corpus()
                    .join(p)
                    .to_string_lossy()
                    .into_owned(),
            );
            Vec::new()
        }
    };
    if !check {
        args.push("-".into());
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::run(&refs, &stdin);
    let (mut diags, mut other_stderr) = (Vec::new(), Vec::new());
    for line in common::text(&out.stderr).lines() {
        match serde_json::from_str::<Value>(line) {
            Ok(d) if d.is_object() => diags.push(d),
            _ => other_stderr.push(line.to_string()),
        }
    }
    Run {
        status: out.status.code(),
        doc: serde_json::from_slice(&out.stdout).unwrap_or(Value::Null),
        diags,
        other_stderr,
    }
}

/// The case's text in the character set it names (UTF-8 when none).
fn encoded(bytes: &[u8], encoding: Option<&str>) -> Vec<u8> {
    let Some(label) = encoding else {
        return bytes.to_vec();
    };
    let enc = encoding_rs::Encoding::for_label(label.as_bytes())
        .unwrap_or_else(|| panic!("unknown encoding {label}"));
    let text = String::from_utf8_lossy(bytes);
    let (out, _, unmappable) = enc.encode(&text);
    assert!(!unmappable, "{label} cannot encode {text}");
    out.into_owned()
}

fn apply(check: &Check, run: &Run) -> Result<(), String> {
    let games = run.doc["games"].as_array().cloned().unwrap_or_default();
    let flagged = run.status != Some(0)
        || !run.other_stderr.is_empty()
        || run.diags.iter().any(|d| d["severity"] != "info");
    let has_code = |c: &str| run.diags.iter().any(|d| d["code"] == c);
    let ok = |b: bool, what: String| if b { Ok(()) } else { Err(what) };
    match check {
        Check::Exit(codes) => ok(
            run.status.is_some_and(|s| codes.contains(&s)),
            format!("exit status {:?}, not one of {codes:?}", run.status),
        ),
        Check::Games(n) => ok(games.len() == *n, format!("{} games, not {n}", games.len())),
        Check::Tree(want) => {
            let (got, want) = (tree::of_json(&run.doc), tree::of_sgf(want));
            ok(got == want, format!("tree {got}, not {want}"))
        }
        Check::Value(at, id, want) => {
            let got = values(&games, *at, id)?;
            ok(
                &Value::Array(got.clone()) == want,
                format!("{at:?} {id} is {got:?}, not {want}"),
            )
        }
        Check::NoValue(at, id, bad) => {
            let got = values(&games, *at, id)?;
            ok(!got.contains(bad), format!("{at:?} {id} still has {bad}"))
        }
        Check::Contains(at, id, part) => {
            let got = values(&games, *at, id)?;
            let first = got.first().map(tree::value_text).unwrap_or_default();
            ok(
                first.contains(part.as_str()),
                format!("{at:?} {id} is {got:?}, without {part}"),
            )
        }
        Check::Absent(at, id) => {
            let got = values(&games, *at, id)?;
            ok(got.is_empty(), format!("{at:?} has {id} {got:?}"))
        }
        Check::Nodes(g, n) => {
            let count = games
                .get(*g)
                .and_then(|g| g["nodes"].as_array())
                .map(Vec::len);
            ok(
                count == Some(*n),
                format!("game {g} has {count:?} nodes, not {n}"),
            )
        }
        Check::Children(at, k) => {
            let got = children(&games, *at).len();
            ok(got == *k, format!("{at:?} has {got} children, not {k}"))
        }
        Check::ChildLine(at, i, k) => {
            let got = children(&games, *at)
                .get(*i)
                .map(|&c| main_line(&games, at.game, c));
            ok(
                got == Some(*k),
                format!("the main line from child {i} of {at:?} has {got:?} nodes, not {k}"),
            )
        }
        Check::Ids(at, want) => {
            let mut got: Vec<String> = props_of(&games, *at)?
                .iter()
                .map(|p| text(&p["id"]))
                .collect();
            let mut want = want.clone();
            got.sort();
            got.dedup();
            want.sort();
            ok(got == want, format!("{at:?} has {got:?}, not {want:?}"))
        }
        Check::Linear => {
            let count = games
                .first()
                .and_then(|g| g["nodes"].as_array())
                .map_or(0, Vec::len);
            let branching =
                (0..count).find(|&node| children(&games, NodeRef { game: 0, node }).len() > 1);
            ok(
                branching.is_none(),
                format!("node {branching:?} has variations"),
            )
        }
        Check::Diag(code) => ok(has_code(code), format!("no {code}")),
        Check::NoDiag(code) => ok(!has_code(code), format!("{code} reported")),
        Check::DiagSays(part) => ok(
            run.diags
                .iter()
                .any(|d| text(&d["message"]).contains(part.as_str())),
            format!("no diagnostic says {part:?}"),
        ),
        Check::Flagged => ok(flagged, "nothing says the input was amiss".into()),
        Check::Clean => ok(!flagged, "not clean".into()),
        Check::Moves(..) | Check::Setup(..) => unreachable!("run apart"),
    }
}

/// The properties of node `at`.
fn props_of(games: &[Value], at: NodeRef) -> Result<Vec<Value>, String> {
    let node = games
        .get(at.game)
        .and_then(|g| g["nodes"].get(at.node))
        .ok_or_else(|| format!("no node {at:?}"))?;
    Ok(node["props"].as_array().cloned().unwrap_or_default())
}

/// Every value of `id` in node `at` (every occurrence, in order).
fn values(games: &[Value], at: NodeRef, id: &str) -> Result<Vec<Value>, String> {
    let props = props_of(games, at)?;
    Ok(props
        .iter()
        .filter(|p| p["id"] == id)
        .flat_map(|p| p["values"].as_array().cloned().unwrap_or_default())
        .collect())
}

/// The indices of a node's children, in order.
fn children(games: &[Value], at: NodeRef) -> Vec<usize> {
    let nodes = games.get(at.game).and_then(|g| g["nodes"].as_array());
    let nodes = nodes.map(Vec::as_slice).unwrap_or_default();
    (0..nodes.len())
        .filter(|&n| nodes[n]["parent"].as_u64() == Some(at.node as u64))
        .collect()
}

/// The number of nodes from `node` down its first children.
fn main_line(games: &[Value], game: usize, mut node: usize) -> usize {
    let mut count = 1;
    while let Some(&first) = children(games, NodeRef { game, node }).first() {
        count += 1;
        node = first;
    }
    count
}

/// A field of the first game's move-list projection.
fn moves(case: &Case, field: &str, want: &Value) -> Result<(), String> {
    let run = run(case, &["--moves"]);
    let got = &run.doc["games"][0][field];
    if got == want {
        Ok(())
    } else {
        Err(format!("--moves {field} is {got}, not {want}"))
    }
}

/// The setup points of one colour in the move-list projection, as a set.
fn setup(case: &Case, colour: &str, want: &[String]) -> Result<(), String> {
    let run = run(case, &["--moves"]);
    let points = run.doc["games"][0]["setup"][colour].as_array().cloned();
    let mut got: Vec<String> = points.unwrap_or_default().iter().map(text).collect();
    let mut want = want.to_vec();
    got.sort();
    want.sort();
    if got == want {
        Ok(())
    } else {
        Err(format!("--moves setup {colour} is {got:?}, not {want:?}"))
    }
}
