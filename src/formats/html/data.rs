//! The data of the page: one game as a compact JSON object that the
//! embedded script replays (`formats/html.md`, "The data").
//!
//! The tree is a flat list of nodes in document order (preorder, the main
//! line's child first), each `[parent, {properties}]`, so that no depth of
//! nesting can exhaust a stack, here or in the browser. Only what the page
//! shows is kept: moves, setup, comments, names, markup, labels, arrows and
//! lines, move numbers, annotations, and the game info of the root. The
//! board's geometry that sgfconv already knows (size, star points, the
//! coordinate labels of `--coords`) comes computed, so the page and the
//! SVG pictures agree.

use crate::game::{Game, Node};
use crate::options::Coords;
use crate::props::{self, Scope};
use crate::render::figure::{board_size, column_label, hoshi, row_label};
use serde_json::{json, Map, Value};

/// The properties of a node that the page uses.
const NODE_PROPS: &[&str] = &[
    "B", "W", "AB", "AW", "AE", "C", "N", "MN", "TR", "SQ", "CR", "MA", "SL", "DD", "LB", "AR",
    "LN", "BM", "TE", "DO", "IT", "GB", "GW", "DM", "UC", "HO",
];

/// The game as the page's script reads it. `coords`: the labels' style,
/// or none.
pub fn game_json(game: &Game, coords: Option<Coords>, number: usize) -> Value {
    let (cols, rows) = board_size(game);
    let hoshi: Vec<String> = hoshi(cols, rows).iter().map(|p| p.to_string()).collect();
    let (col_labels, row_labels): (Vec<String>, Vec<String>) = match coords {
        Some(c) => (
            (0..cols).map(|x| column_label(c, x)).collect(),
            (0..rows).map(|y| row_label(c, y, rows)).collect(),
        ),
        None => (Vec::new(), Vec::new()),
    };
    json!({
        "title": title(game, number),
        "cols": cols,
        "rows": rows,
        "hoshi": hoshi,
        "colLabels": col_labels,
        "rowLabels": row_labels,
        "info": info(game.root()),
        "nodes": nodes(game),
    })
}

/// "Black 3d – White 5d", the game's name, or "Game N".
pub fn title(game: &Game, number: usize) -> String {
    let root = game.root();
    let player = |name: &str, rank: &str| {
        let n = root.text(name).unwrap_or("").trim();
        match root.text(rank).map(str::trim) {
            Some(r) if !r.is_empty() && !n.is_empty() => format!("{n} {r}"),
            _ => n.to_string(),
        }
    };
    let (b, w) = (player("PB", "BR"), player("PW", "WR"));
    if !b.is_empty() || !w.is_empty() {
        let or = |s: String, d: &str| if s.is_empty() { d.to_string() } else { s };
        return format!("{} – {}", or(b, "Black"), or(w, "White"));
    }
    match root.text("GN").map(str::trim) {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => format!("Game {number}"),
    }
}

/// The game-info properties of the root, in the order written, as
/// `[id, value]` pairs.
fn info(root: Node<'_>) -> Value {
    let pairs: Vec<Value> = root
        .props()
        .iter()
        .filter(|p| props::lookup(p.name).is_some_and(|d| d.scope == Scope::GameInfo))
        .filter_map(|p| {
            let v = p.first_text()?.trim();
            (!v.is_empty()).then(|| json!([p.name, v]))
        })
        .collect();
    Value::Array(pairs)
}

/// Every node in preorder as `[parent, {properties}]`; the root's parent
/// is -1.
fn nodes(game: &Game) -> Value {
    let mut out = Vec::with_capacity(game.len());
    // (node, its index's parent in `out`)
    let mut stack: Vec<(usize, i64)> = vec![(Game::ROOT, -1)];
    while let Some((id, parent)) = stack.pop() {
        let node = game.node(id);
        let index = out.len() as i64;
        out.push(json!([parent, node_props(node)]));
        let children: Vec<usize> = node.children().collect();
        for c in children.into_iter().rev() {
            stack.push((c, index));
        }
    }
    Value::Array(out)
}

/// The properties of `node` the page uses: a value alone as a string,
/// several as an array.
fn node_props(node: Node<'_>) -> Value {
    let mut map = Map::new();
    for p in node.props().iter() {
        if !NODE_PROPS.contains(&p.name) {
            continue;
        }
        let values: Vec<&str> = p.values.iter().map(|v| v.text()).collect();
        let v = match values.as_slice() {
            [one] => json!(one),
            many => json!(many),
        };
        map.insert(p.name.to_string(), v);
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Reporter;
    use crate::game::collect_games;

    fn game(sgf: &str) -> Game {
        let mut r = Reporter::collecting("t");
        let read = |s: &mut dyn crate::sink::Sink, r: &mut Reporter| {
            crate::formats::read(
                crate::formats::Format::Sgf,
                &mut sgf.as_bytes(),
                &crate::options::ReadOptions::default(),
                s,
                r,
            )
        };
        let mut games = collect_games(read, &mut r).unwrap();
        games.remove(0)
    }

    #[test]
    fn the_tree_is_flat_in_preorder() {
        let g = game("(;SZ[9]PB[Ann]BR[3d]PW[Bob]KM[6.5]AB[aa][bb];B[cc]C[hi](;W[dd])(;W[ee]LB[ee:A][ff:B]))");
        let v = game_json(&g, Some(Coords::Gtp), 1);
        assert_eq!(v["cols"], 9);
        assert_eq!(v["title"], "Ann 3d – Bob");
        assert_eq!(v["colLabels"][8], "J");
        assert_eq!(v["rowLabels"][0], "9");
        assert_eq!(v["hoshi"].as_array().unwrap().len(), 5);
        assert_eq!(
            v["info"],
            json!([["PB", "Ann"], ["BR", "3d"], ["PW", "Bob"], ["KM", "6.5"]])
        );
        let n = &v["nodes"];
        assert_eq!(n[0], json!([-1, {"AB": ["aa", "bb"]}]));
        assert_eq!(n[1], json!([0, {"B": "cc", "C": "hi"}]));
        assert_eq!(n[2], json!([1, {"W": "dd"}]));
        assert_eq!(n[3], json!([1, {"W": "ee", "LB": ["ee:A", "ff:B"]}]));
    }

    #[test]
    fn no_coords_no_labels_and_a_default_title() {
        let g = game("(;SZ[13];B[aa])");
        let v = game_json(&g, None, 4);
        assert_eq!(v["colLabels"], json!([]));
        assert_eq!(v["title"], "Game 4");
        assert_eq!(v["rows"], 13);
    }
}
