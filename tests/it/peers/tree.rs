//! Game trees in one canonical text, so that a peer's expected tree (written
//! as SGF in a case) and sgfconv's JSON output compare as strings: each
//! node's properties sorted by identifier (a peer's node is a map), a
//! single child continues the sequence, values escaped as SGF escapes them
//! (`\\`, `\]`), a compose value written `first:second`.

use serde_json::Value;

/// A forest: nodes with their children, and the roots (one per game).
#[derive(Default)]
struct Forest {
    props: Vec<Vec<(String, Vec<String>)>>,
    children: Vec<Vec<usize>>,
    roots: Vec<usize>,
}

impl Forest {
    fn add(&mut self, parent: Option<usize>, props: Vec<(String, Vec<String>)>) -> usize {
        let n = self.props.len();
        self.props.push(props);
        self.children.push(Vec::new());
        match parent {
            Some(p) => self.children[p].push(n),
            None => self.roots.push(n),
        }
        n
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for &r in &self.roots {
            self.render_tree(r, &mut out);
        }
        out
    }

    fn render_tree(&self, mut n: usize, out: &mut String) {
        out.push('(');
        loop {
            self.render_node(n, out);
            match self.children[n].as_slice() {
                [only] => n = *only,
                many => {
                    for &c in many {
                        self.render_tree(c, out);
                    }
                    break;
                }
            }
        }
        out.push(')');
    }

    fn render_node(&self, n: usize, out: &mut String) {
        out.push(';');
        let mut props = self.props[n].clone();
        props.sort_by(|a, b| a.0.cmp(&b.0));
        for (id, values) in props {
            out.push_str(&id);
            for v in values {
                out.push('[');
                out.push_str(&v.replace('\\', "\\\\").replace(']', "\\]"));
                out.push(']');
            }
        }
    }
}

/// The canonical text of the games of sgfconv's JSON collection document.
pub fn of_json(doc: &Value) -> String {
    let mut forest = Forest::default();
    for game in doc["games"].as_array().into_iter().flatten() {
        let base = forest.props.len();
        for node in game["nodes"].as_array().into_iter().flatten() {
            let parent = node["parent"].as_u64().map(|p| base + p as usize);
            forest.add(parent, json_props(node));
        }
    }
    forest.render()
}

/// A JSON node's properties, each value as text.
pub fn json_props(node: &Value) -> Vec<(String, Vec<String>)> {
    let props = node["props"].as_array().into_iter().flatten();
    props
        .map(|p| {
            let id = p["id"].as_str().unwrap_or("?").to_string();
            let values = p["values"].as_array().into_iter().flatten();
            (id, values.map(value_text).collect())
        })
        .collect()
}

/// A JSON value as text: a string as it is, a compose value `a:b`.
pub fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(parts) => {
            let parts: Vec<String> = parts.iter().map(value_text).collect();
            parts.join(":")
        }
        other => other.to_string(),
    }
}

/// The canonical text of a collection written as SGF in a case: `(`, `)`,
/// `;`, identifiers and `[values]` with `\` escapes; spaces between
/// tokens are ignored. Panics on what is not that (a case is wrong).
pub fn of_sgf(text: &str) -> String {
    let mut forest = Forest::default();
    let mut chars = text.chars().peekable();
    // The node each open `(` hangs from, and the current node.
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut current: Option<usize> = None;
    while let Some(c) = chars.next() {
        match c {
            '(' => stack.push(current),
            ')' => current = stack.pop().expect("tree: unbalanced ')'"),
            ';' => current = Some(forest.add(current, Vec::new())),
            '[' => {
                let n = current.expect("tree: a value outside a node");
                let value = read_value(&mut chars);
                let last = forest.props[n]
                    .last_mut()
                    .expect("tree: a value with no id");
                last.1.push(value);
            }
            c if c.is_ascii_alphabetic() => {
                let n = current.expect("tree: an identifier outside a node");
                let mut id = c.to_string();
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_alphabetic()) {
                    id.push(d);
                    chars.next();
                }
                forest.props[n].push((id, Vec::new()));
            }
            c if c.is_whitespace() => {}
            c => panic!("tree: unexpected {c:?} in {text}"),
        }
    }
    assert!(stack.is_empty(), "tree: unclosed '(' in {text}");
    forest.render()
}

fn read_value(chars: &mut std::iter::Peekable<std::str::Chars>) -> String {
    let mut value = String::new();
    while let Some(c) = chars.next() {
        match c {
            ']' => return value,
            '\\' => value.extend(chars.next()),
            c => value.push(c),
        }
    }
    panic!("tree: unclosed value");
}

#[test]
fn a_tree_and_its_json_give_one_text() {
    let doc: Value = serde_json::from_str(
        r#"{"games":[{"nodes":[
        {"node":0,"parent":null,"props":[{"id":"SZ","values":["19"]},{"id":"B","values":["aa"]}]},
        {"node":1,"parent":0,"props":[{"id":"W","values":["ii"]}]},
        {"node":2,"parent":0,"props":[{"id":"C","values":["a]b\\"]},{"id":"LB","values":[["dd","x"]]}]}]}]}"#,
    )
    .unwrap();
    let text = of_json(&doc);
    assert_eq!(text, r"(;B[aa]SZ[19](;W[ii])(;C[a\]b\\]LB[dd:x]))");
    assert_eq!(
        of_sgf(r"( ;SZ[19]B[aa] (;W[ii]) (;LB[dd:x]C[a\]b\\]) )"),
        text
    );
    assert_eq!(of_sgf("(;B[aa](;W[bb](;B[cc])))"), "(;B[aa];W[bb];B[cc])");
    assert_ne!(
        of_sgf("(;B[aa](;W[bb])(;W[cc]))"),
        of_sgf("(;B[aa];W[bb];W[cc])")
    );
}
