//! The case files of `tests/it/peers/` read into [`Case`]s: one block per
//! case, `[id]` then `key: value` lines (the format is described in
//! `tests/it/peers/SOURCES.md`, with the keys each case may carry).

use std::path::PathBuf;

/// Where a case's input comes from.
#[derive(Debug, Clone)]
pub enum Input {
    /// Bytes given in the case (raw text, a JSON string, or hex).
    Bytes(Vec<u8>),
    /// A file of the shared corpus, by its path under `corpus/`.
    CorpusFile(String),
}

/// One check on sgfconv's output, as written in a case.
#[derive(Debug, Clone)]
pub enum Check {
    /// The exit status is one of these.
    Exit(Vec<i32>),
    /// The number of games in the JSON output.
    Games(usize),
    /// Every game's tree, written as SGF (see `tree.rs`).
    Tree(String),
    /// The values of a property in one node (all occurrences, in order).
    Value(NodeRef, String, serde_json::Value),
    /// No value of the property in that node equals this one.
    NoValue(NodeRef, String, serde_json::Value),
    /// The first value of the property in that node contains this text.
    Contains(NodeRef, String, String),
    /// The node has no such property.
    Absent(NodeRef, String),
    /// The number of nodes of a game.
    Nodes(usize, usize),
    /// The set of property identifiers of a node.
    Ids(NodeRef, Vec<String>),
    /// No node of the first game has more than one child.
    Linear,
    /// The number of children of a node.
    Children(NodeRef, usize),
    /// The main line from the I-th child of a node has K nodes.
    ChildLine(NodeRef, usize, usize),
    /// A diagnostic with this code was reported.
    Diag(String),
    /// No diagnostic with this code was reported.
    NoDiag(String),
    /// A diagnostic's message contains this text.
    DiagSays(String),
    /// The run says something went wrong: exit status not 0, or a warning
    /// or an error diagnostic, or a message on stderr.
    Flagged,
    /// Exit status 0 and no warning or error diagnostic.
    Clean,
    /// A field of the first game's move-list projection (`--moves`).
    Moves(String, serde_json::Value),
    /// The setup points of one colour in the move-list projection, as a
    /// set (`B`, `W` or `E`, then the points).
    Setup(String, Vec<String>),
}

/// A node: game index and node index in document order.
#[derive(Debug, Clone, Copy)]
pub struct NodeRef {
    pub game: usize,
    pub node: usize,
}

/// One expectation of a peer, translated.
#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    /// The peer's file and test name.
    pub test: String,
    pub input: Input,
    /// The character set the input text is encoded to before the run.
    pub encode: Option<String>,
    /// Extra arguments (`-f sgf` is given unless `-f` is among them).
    pub args: Vec<String>,
    /// Run `sgfconv check` (the board replay's diagnostics) rather than a
    /// conversion; `moves` and `setup` checks still convert.
    pub check_command: bool,
    /// Why the checks say what they say.
    pub why: String,
    /// Set when the peer expects something else: why sgfconv should not.
    pub differs: Option<String>,
    pub checks: Vec<Check>,
}

/// The case file `name` beside this file, parsed; panics on a malformed one.
pub fn load(name: &str) -> Vec<Case> {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// This folder.
pub fn dir() -> PathBuf {
    crate::common::root().join("tests/it/peers")
}

/// The case files, one per peer project.
pub const FILES: [&str; 5] = [
    "sabaki.cases",
    "sgfmill.cases",
    "sgf_parse.cases",
    "katrain.cases",
    "katago.cases",
];

fn parse(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut current: Option<Draft> = None;
    for (n, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", n + 1);
        let line = line.trim_end_matches('\r');
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(id) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if let Some(d) = current.take() {
                cases.push(d.finish()?);
            }
            current = Some(Draft::new(id));
            continue;
        }
        // `flagged` and `clean` take no value.
        let (key, value) = line.split_once(':').unwrap_or((line, ""));
        let Some(d) = current.as_mut() else {
            return Err(at("a key before the first [id]".into()));
        };
        d.add(key.trim(), value.strip_prefix(' ').unwrap_or(value))
            .map_err(at)?;
    }
    if let Some(d) = current.take() {
        cases.push(d.finish()?);
    }
    Ok(cases)
}

/// A case being read.
struct Draft {
    case: Case,
    has_input: bool,
}

impl Draft {
    fn new(id: &str) -> Self {
        Draft {
            case: Case {
                id: id.to_string(),
                test: String::new(),
                input: Input::Bytes(Vec::new()),
                encode: None,
                args: Vec::new(),
                check_command: false,
                why: String::new(),
                differs: None,
                checks: Vec::new(),
            },
            has_input: false,
        }
    }

    fn add(&mut self, key: &str, value: &str) -> Result<(), String> {
        let c = &mut self.case;
        match key {
            "test" => c.test = value.to_string(),
            "why" => c.why = value.to_string(),
            "differs" => c.differs = Some(value.to_string()),
            "encode" => c.encode = Some(value.to_string()),
            "command" if value.trim() == "check" => c.check_command = true,
            "args" => c.args = value.split_whitespace().map(String::from).collect(),
            "sgf" | "sgf-json" | "sgf-hex" | "file" => {
                c.input = input(key, value)?;
                self.has_input = true;
            }
            _ => c.checks.push(check(key, value)?),
        }
        Ok(())
    }

    fn finish(self) -> Result<Case, String> {
        let c = &self.case;
        let missing = [
            (c.test.is_empty(), "test"),
            (c.why.is_empty(), "why"),
            (!self.has_input, "an input"),
            (c.checks.is_empty(), "a check"),
        ];
        match missing.iter().find(|(gone, _)| *gone) {
            Some((_, what)) => Err(format!("[{}] has no {what}", c.id)),
            None => Ok(self.case),
        }
    }
}

fn input(key: &str, value: &str) -> Result<Input, String> {
    Ok(match key {
        "sgf" => Input::Bytes(value.as_bytes().to_vec()),
        "sgf-json" => {
            let s: String = serde_json::from_str(value).map_err(|e| format!("sgf-json: {e}"))?;
            Input::Bytes(s.into_bytes())
        }
        "sgf-hex" => Input::Bytes(hex(value)?),
        _ => Input::CorpusFile(value.to_string()),
    })
}

fn hex(value: &str) -> Result<Vec<u8>, String> {
    value
        .split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).map_err(|e| format!("sgf-hex {b}: {e}")))
        .collect()
}

fn check(key: &str, value: &str) -> Result<Check, String> {
    let json = |s: &str| {
        serde_json::from_str::<serde_json::Value>(s).map_err(|e| format!("{key}: {s}: {e}"))
    };
    let number = |s: &str| s.trim().parse::<usize>().map_err(|e| format!("{key}: {e}"));
    Ok(match key {
        "exit" => Check::Exit(
            value
                .split('|')
                .map(|s| s.trim().parse().map_err(|e| format!("exit: {e}")))
                .collect::<Result<_, String>>()?,
        ),
        "games" => Check::Games(number(value)?),
        "tree" => Check::Tree(value.to_string()),
        "tree-json" => Check::Tree(json(value)?.as_str().ok_or("tree-json: a string")?.into()),
        "value" | "no-value" => {
            let (node, id, rest) = node_and_id(value)?;
            match key {
                "value" => Check::Value(node, id, json(rest)?),
                _ => Check::NoValue(node, id, json(rest)?),
            }
        }
        "contains" => {
            let (node, id, rest) = node_and_id(value)?;
            Check::Contains(node, id, rest.to_string())
        }
        "absent" => {
            let (node, id, _) = node_and_id(value)?;
            Check::Absent(node, id)
        }
        "nodes" => {
            let node = node_ref(value.trim())?;
            Check::Nodes(node.game, node.node)
        }
        "children" | "child-line" => {
            let words: Vec<&str> = value.split_whitespace().collect();
            let nums = words[1..]
                .iter()
                .map(|w| number(w))
                .collect::<Result<Vec<_>, _>>()?;
            let node = node_ref(words.first().copied().unwrap_or(""))?;
            match (key, nums.as_slice()) {
                ("children", [k]) => Check::Children(node, *k),
                ("child-line", [i, k]) => Check::ChildLine(node, *i, *k),
                _ => return Err(format!("{key}: {value}")),
            }
        }
        "diag" => Check::Diag(value.trim().to_string()),
        "no-diag" => Check::NoDiag(value.trim().to_string()),
        "diag-says" => Check::DiagSays(value.to_string()),
        "ids" => {
            let mut words = value.split_whitespace();
            let node = node_ref(words.next().unwrap_or(""))?;
            Check::Ids(node, words.map(String::from).collect())
        }
        "linear" => Check::Linear,
        "flagged" => Check::Flagged,
        "clean" => Check::Clean,
        "setup" => {
            let mut words = value.split_whitespace().map(String::from);
            let colour = words.next().ok_or("setup: COLOUR POINTS")?;
            Check::Setup(colour, words.collect())
        }
        "moves" => {
            let (field, rest) = value.split_once(' ').ok_or("moves: FIELD JSON")?;
            Check::Moves(field.to_string(), json(rest)?)
        }
        _ => return Err(format!("unknown key {key}")),
    })
}

/// `[G:]N ID REST`.
fn node_and_id(value: &str) -> Result<(NodeRef, String, &str), String> {
    let mut parts = value.splitn(3, ' ');
    let node = node_ref(parts.next().unwrap_or(""))?;
    let id = parts.next().ok_or("no property id")?.to_string();
    Ok((node, id, parts.next().unwrap_or("")))
}

/// `N` (game 0) or `G:N`.
fn node_ref(s: &str) -> Result<NodeRef, String> {
    let num = |t: &str| t.parse::<usize>().map_err(|e| format!("node {s}: {e}"));
    Ok(match s.split_once(':') {
        Some((g, n)) => NodeRef {
            game: num(g)?,
            node: num(n)?,
        },
        None => NodeRef {
            game: 0,
            node: num(s)?,
        },
    })
}
