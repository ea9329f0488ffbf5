//! A game as Python sees it: `Game` (its source, game info, main line,
//! tree and diagnostics), `Node` (one node of the tree) and `Diagnostic`.
//!
//! A `Game` holds the library's `sgfconv::Game` and hands out views of
//! it: nothing is copied into Python objects until asked for.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sgfconv::game::NodeId;
use sgfconv::stone::Point;
use std::sync::Arc;

/// One game read, with where it came from and what was said of it.
pub struct GameData {
    /// The game.
    pub game: sgfconv::Game,
    /// Its record: `x.sgf`, `games.zip:1980/x.sgf`, `<bytes>`.
    pub file: String,
    /// 0-based index of the game in its record.
    pub index: usize,
    /// The format its record was read as.
    pub format: &'static str,
    /// The diagnostics reported while the game was read.
    pub diagnostics: Vec<sgfconv::Diagnostic>,
}

/// A game record's game: `file`, `index`, `format`, `info`, `main_line`,
/// `root` (the tree) and `diagnostics`.
#[pyclass(frozen, module = "sgfconv")]
pub struct Game(pub Arc<GameData>);

#[pymethods]
impl Game {
    /// The record it came from (`x.sgf`, `games.zip:1980/x.sgf`).
    #[getter]
    fn file(&self) -> &str {
        &self.0.file
    }

    /// 0-based index of the game in its record.
    #[getter]
    fn index(&self) -> usize {
        self.0.index
    }

    /// The format its record was read as (`sgf`, `gib`…).
    #[getter]
    fn format(&self) -> &str {
        self.0.format
    }

    /// The game-info properties of the root node (`PB`, `DT`, `RE`,
    /// `KM`…), each with its value as text.
    #[getter]
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for p in self.0.game.root().props() {
            if sgfconv::is_game_info(p.name) {
                if let Some(v) = p.first_text() {
                    d.set_item(p.name, v)?;
                }
            }
        }
        Ok(d)
    }

    /// The moves of the main line: `(colour, point)` with colour `"B"` or
    /// `"W"` and point `(column, row)` from the top left, 0-based, or
    /// `None` for a pass.
    #[getter]
    fn main_line(&self) -> Vec<(String, Option<(u8, u8)>)> {
        let g = &self.0.game;
        g.main_line_iter()
            .filter_map(|id| g.node(id).mv())
            .map(|(c, p)| (c.to_string(), point(p)))
            .collect()
    }

    /// The root node of the game tree.
    #[getter]
    fn root(&self) -> Node {
        Node(Arc::clone(&self.0), self.0.game.root().id())
    }

    /// The nodes of the game, root included.
    fn __len__(&self) -> usize {
        self.0.game.len()
    }

    /// What was reported while the game was read.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.0.diagnostics.iter().map(Diagnostic::from).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<sgfconv.Game {}#{} ({} nodes)>",
            self.0.file,
            self.0.index,
            self.0.game.len()
        )
    }
}

/// A point of SGF letters as `(column, row)`; `None` for a pass (`""`,
/// or no point the letters make).
pub fn point(letters: &str) -> Option<(u8, u8)> {
    Point::parse(letters).map(|p| (p.x, p.y))
}

/// One node of a game tree: its properties, its move, its children.
#[pyclass(frozen, module = "sgfconv")]
pub struct Node(Arc<GameData>, NodeId);

#[pymethods]
impl Node {
    /// Every property of the node: identifier → its values as text.
    #[getter]
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for p in self.0.game.node(self.1).props() {
            let values: Vec<&str> = p.values.iter().map(|v| v.text()).collect();
            d.set_item(p.name, values)?;
        }
        Ok(d)
    }

    /// The node's move, `(colour, point)` as in `Game.main_line`, or
    /// `None` when it has none.
    #[getter]
    fn r#move(&self) -> Option<(String, Option<(u8, u8)>)> {
        let n = self.0.game.node(self.1);
        n.mv().map(|(c, p)| (c.to_string(), point(p)))
    }

    /// The children, the main line's first.
    #[getter]
    fn children(&self) -> Vec<Node> {
        let n = self.0.game.node(self.1);
        n.children()
            .map(|id| Node(Arc::clone(&self.0), id))
            .collect()
    }

    /// The parent; `None` for the root.
    #[getter]
    fn parent(&self) -> Option<Node> {
        let n = self.0.game.node(self.1);
        n.parent().map(|id| Node(Arc::clone(&self.0), id))
    }

    fn __repr__(&self) -> String {
        format!(
            "<sgfconv.Node {} of {}#{}>",
            self.1, self.0.file, self.0.index
        )
    }
}

/// A problem found in the input, as the command reports it.
#[pyclass(frozen, get_all, module = "sgfconv")]
#[derive(Clone)]
pub struct Diagnostic {
    /// The code: `E105`, `W001`, `I150`…
    pub code: String,
    /// `"error"`, `"warning"` or `"info"`.
    pub severity: &'static str,
    /// What happened, for a person.
    pub message: String,
    /// The record it was found in.
    pub file: String,
    /// 0-based index of the game in its record, when known.
    pub game: Option<usize>,
    /// The property it concerns (`DT`, `B`…), when it concerns one.
    pub property: Option<String>,
    /// 1-based line in the record, when the problem has a place.
    pub line: Option<u32>,
    /// 1-based column (in bytes) in that line.
    pub column: Option<u32>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!("<sgfconv.Diagnostic [{}] {}>", self.code, self.message)
    }
}

impl From<&sgfconv::Diagnostic> for Diagnostic {
    fn from(d: &sgfconv::Diagnostic) -> Self {
        Diagnostic {
            code: d.code.id.to_owned(),
            severity: d.severity.as_str(),
            message: d.message.clone(),
            file: d.file.to_string(),
            game: d.game,
            property: d.property.as_deref().map(str::to_owned),
            line: d.pos.map(|p| p.line),
            column: d.pos.map(|p| p.col),
        }
    }
}
