//! One `<GoGame>` being read: what each element inside it does to the game,
//! by GoGui's reading rules. Where a node goes (a `<Variation>` is an
//! alternative to the node before it, not its child), what a point means,
//! where a comment or an `<Information>` child goes, and the finished
//! game's root.

use super::codes::*;
use super::INFO;
use crate::diag::Reporter;
use crate::event::{EncodingSource, GameHeader, Pos, PropertyBuf, Value};
use crate::formats::structured::coords;
use crate::formats::structured::markup::attribute as attr;
use crate::game::{Game, NodeId};
use quick_xml::events::BytesStart;

/// The reader's state for one `<GoGame>`, following GoGui's reader.
pub(super) struct GameState {
    game: Game,
    /// The node properties go to (`None` right after `<Variation>`).
    current: Option<NodeId>,
    /// For each open `<Variation>`: the node it is an alternative to.
    variations: Vec<Option<NodeId>>,
    in_node: bool,
    info: Vec<PropertyBuf>,
    size: (u32, u32),
    sgf: Option<PropertyBuf>,
    mark: Option<(Option<&'static str>, Option<String>)>,
    /// Element whose `at` child or text content gives a point.
    point_owner: Option<String>,
    paragraphs: Option<Vec<String>>,
}

impl GameState {
    /// Game `index`, its `<GoGame>` at `pos` (with its `name`), in a
    /// document declared in `encoding`.
    pub(super) fn new(
        index: usize,
        pos: Pos,
        encoding: Option<&'static str>,
        name: Option<String>,
    ) -> Self {
        let mut h = GameHeader::new(index);
        h.pos = pos;
        if let Some(e) = encoding {
            h.encoding = e;
            h.encoding_source = EncodingSource::Declared;
        }
        GameState {
            game: Game::new(h),
            current: Some(Game::ROOT),
            variations: Vec::new(),
            in_node: false,
            info: name
                .map(|n| vec![PropertyBuf::with_values("GN", &[n])])
                .unwrap_or_default(),
            size: (19, 19),
            sgf: None,
            mark: None,
            point_owner: None,
            paragraphs: None,
        }
    }

    /// GoGui's createNode: a child of the current node, or after a
    /// `<Variation>` a sibling of the node it is an alternative to.
    fn create_node(&mut self) -> NodeId {
        let parent = match self.current {
            Some(c) => c,
            None => self
                .variations
                .last()
                .copied()
                .flatten()
                .and_then(|n| self.game.node(n).parent())
                .unwrap_or(Game::ROOT),
        };
        let id = self.game.add_child(parent);
        self.current = Some(id);
        id
    }

    fn node(&mut self) -> NodeId {
        match self.current {
            Some(c) => c,
            None => self.create_node(),
        }
    }

    fn point(&self, text: &str, pos: Pos, report: &mut Reporter) -> Option<String> {
        let t = text.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("pass") {
            return Some(String::new());
        }
        let xy = if let Some((x, y)) = t.split_once(',') {
            // `x,y` for large boards: 1-based, rows counted from the bottom like GTP.
            match (x.trim().parse::<u32>(), y.trim().parse::<u32>()) {
                (Ok(x), Ok(y)) if x >= 1 && y >= 1 && y <= self.size.1 => {
                    Some((x - 1, self.size.1 - y))
                }
                _ => None,
            }
        } else {
            coords::gtp_to_xy(t, self.size.1)
        };
        match xy
            .filter(|&(x, _)| x < self.size.0)
            .and_then(|(x, y)| coords::xy_to_sgf(x, y))
        {
            Some(p) => Some(p),
            None => {
                report.report(
                    JAGO_BAD_POINT,
                    Some(pos),
                    format!(
                        "point {t:?} is not on the {}×{} board; dropped",
                        self.size.0, self.size.1
                    ),
                );
                None
            }
        }
    }

    /// Applies a point to what the element `owner` means.
    fn apply_point(&mut self, owner: &str, point: String, report: &mut Reporter, pos: Pos) {
        let id = self.node();
        let mut node = self.game.node_mut(id);
        match owner {
            "Black" => node.set("B", &point),
            "White" => node.set("W", &point),
            "AddBlack" => node.add("AB", &point),
            "AddWhite" => node.add("AW", &point),
            "Delete" => node.add("AE", &point),
            "Mark" => {
                let Some((kind, label)) = self.mark.clone() else {
                    return;
                };
                if point.is_empty() {
                    report.report(JAGO_BAD_POINT, Some(pos), "a mark without a point; dropped");
                    return;
                }
                if let Some(kind) = kind {
                    node.add(kind, &point);
                }
                if let Some(label) = label {
                    let text = format!("{point}:{label}");
                    node.add_value("LB", Value::compose(&text, point.len()));
                }
            }
            _ => {}
        }
    }

    /// The finished game: GoGui prunes an empty implicit root whose only
    /// child has no move, then the game info goes to the root.
    pub(super) fn finish(mut self) -> Game {
        let g = &mut self.game;
        let root = g.root();
        if root.props().is_empty() && root.child_count() == 1 {
            let child = root.first_child().unwrap_or(Game::ROOT);
            if g.node(child).mv().is_none() {
                // Drop node 0 and renumber: every id moves down by one.
                g.drop_root();
            }
        }
        let info = std::mem::take(&mut self.info);
        let mut root = g.root_mut();
        for (i, p) in info.iter().enumerate() {
            root.insert(i, &p.as_property());
        }
        self.game
    }
}

/// What the elements of a game do: their start tags, then their end tags
/// (with the text they held).
impl GameState {
    /// A start tag `name` inside `parent`; `false` for an element go.dtd
    /// does not have.
    pub(super) fn start(
        &mut self,
        name: &str,
        parent: &str,
        e: &BytesStart<'_>,
        pos: Pos,
        report: &mut Reporter,
    ) -> bool {
        match name {
            "Information" | "Nodes" | "P" | "at" | "Arg" => {}
            "Comment" | "Copyright" => self.paragraphs = Some(Vec::new()),
            n if parent == "Information" && INFO.iter().any(|(el, _)| *el == n) => {}
            "Node" => {
                self.create_node();
                self.in_node = true;
            }
            "Variation" => {
                if self.current.is_none() && self.variations.is_empty() {
                    report.report(
                        JAGO_MISPLACED_ELEMENT,
                        Some(pos),
                        "a <Variation> before any node; read as a line of its own",
                    );
                }
                self.variations.push(self.current);
                self.current = None;
            }
            "Black" | "White" | "AddBlack" | "AddWhite" | "Delete" | "Mark" => {
                self.start_point_element(name, e, pos, report)
            }
            "SGF" => {
                let ty = attr(e, "type").unwrap_or_default();
                self.sgf = match crate::props::uppercase_form(&ty) {
                    Some(id) => Some(PropertyBuf::new(id)),
                    None => {
                        report.report(
                            JAGO_MISPLACED_ELEMENT,
                            Some(pos),
                            format!("<SGF type={ty:?}> has no property identifier; skipped"),
                        );
                        None
                    }
                };
            }
            "BlackToPlay" => self
                .game
                .node_mut(self.current.unwrap_or(Game::ROOT))
                .set("PL", "B"),
            "WhiteToPlay" => self
                .game
                .node_mut(self.current.unwrap_or(Game::ROOT))
                .set("PL", "W"),
            _ => return false,
        }
        true
    }

    /// A move, a setup stone or a mark: its point from `at` now, or from
    /// an `<at>` child or text content at its end; a move's `timeleft`.
    fn start_point_element(
        &mut self,
        name: &str,
        e: &BytesStart<'_>,
        pos: Pos,
        report: &mut Reporter,
    ) {
        if matches!(name, "Black" | "White") && !self.in_node {
            self.create_node();
        }
        let id = self.node();
        if name == "Mark" {
            self.mark = Some(mark_kind(e));
        }
        if let Some(at) = attr(e, "at") {
            if let Some(p) = self.point(&at, pos, report) {
                self.apply_point(name, p, report, pos);
            }
            self.point_owner = None;
        } else {
            self.point_owner = Some(name.to_string());
        }
        if let Some(t) = attr(e, "timeleft") {
            let id_name = if name == "Black" { "BL" } else { "WL" };
            if matches!(name, "Black" | "White") {
                self.game.node_mut(id).set(id_name, t.trim());
            }
        }
    }

    /// The end tag `name` inside `parent`, `text` the text it held (a
    /// comment's may be taken).
    pub(super) fn end(
        &mut self,
        name: &str,
        parent: &str,
        text: &mut String,
        pos: Pos,
        report: &mut Reporter,
    ) {
        match name {
            "Node" => self.in_node = false,
            "Variation" => self.current = self.variations.pop().flatten(),
            "at" => {
                if let Some(p) = self.point(text, pos, report) {
                    self.apply_point(parent, p, report, pos);
                }
            }
            "Black" | "White" | "AddBlack" | "AddWhite" | "Delete" | "Mark" => {
                self.end_point_element(name, text, pos, report)
            }
            "P" => {
                if let Some(ps) = &mut self.paragraphs {
                    // Line breaks inside one paragraph are joined by spaces, as GoGui does.
                    ps.push(text.replace('\n', " "));
                }
            }
            "Comment" | "Copyright" => self.end_paragraphs(name, text),
            "Arg" => {
                if let Some(p) = &mut self.sgf {
                    let compose = crate::props::lookup(&p.name).is_some_and(|d| d.allows_compose());
                    match text.split_once(':').filter(|_| compose) {
                        Some((a, b)) => p.push_compose(a, b),
                        None => p.push(text),
                    };
                }
            }
            "SGF" => {
                if let Some(p) = self.sgf.take() {
                    let id = self.node();
                    self.game.node_mut(id).push_buf(&p);
                }
            }
            n if parent == "Information" => self.end_info(n, text, pos, report),
            _ => {}
        }
    }

    /// A move, setup stone or mark ends: its point from the text content
    /// when it had no `at`; a move with no point at all is a pass.
    fn end_point_element(&mut self, name: &str, text: &str, pos: Pos, report: &mut Reporter) {
        // The point may be text content instead of an `at` (GoGui accepts it).
        if self.point_owner.as_deref() == Some(name) && !text.trim().is_empty() {
            if let Some(p) = self.point(text, pos, report) {
                self.apply_point(name, p, report, pos);
            }
        } else if self.point_owner.as_deref() == Some(name) && matches!(name, "Black" | "White") {
            // A move with no point at all is a pass.
            let id = self.node();
            let id_name = if name == "Black" { "B" } else { "W" };
            if self.game.node(id).get(id_name).is_none() {
                self.game.node_mut(id).set(id_name, "");
            }
        }
        self.point_owner = None;
    }

    /// A `<Comment>` (to the node's `C`) or `<Copyright>` (to `CP`) ends:
    /// its paragraphs, one per line.
    fn end_paragraphs(&mut self, name: &str, text: &mut String) {
        let mut ps = self.paragraphs.take().unwrap_or_default();
        if ps.is_empty() && !text.trim().is_empty() {
            // Jago writes comment text without <P>: taken and trimmed in
            // place, not copied (a huge comment is held once).
            let mut t = std::mem::take(text);
            t.truncate(t.trim_end().len());
            let lead = t.len() - t.trim_start().len();
            t.drain(..lead);
            ps.push(t);
        }
        // One paragraph is moved, not copied (a huge comment is held once).
        let joined = match ps.len() {
            1 => ps.pop().unwrap_or_default(),
            _ => ps.join("\n"),
        };
        drop(ps);
        if name == "Copyright" {
            self.info.push(PropertyBuf::with_values("CP", &[joined]));
        } else {
            let id = self.node();
            let mut node = self.game.node_mut(id);
            match node.text("C") {
                Some(old) => {
                    let merged = format!("{old}\n{joined}");
                    node.set("C", &merged);
                }
                None => node.set("C", &joined),
            }
        }
    }

    /// A child `n` of `<Information>` ends: the game-info property it holds.
    fn end_info(&mut self, n: &str, text: &str, pos: Pos, report: &mut Reporter) {
        let Some((_, id)) = INFO.iter().find(|(el, _)| *el == n) else {
            return;
        };
        let v = text.trim();
        if *id == "SZ" {
            match v.parse::<u32>() {
                Ok(s) if (1..=52).contains(&s) => self.size = (s, s),
                _ => report.report(
                    JAGO_BAD_BOARD_SIZE,
                    Some(pos),
                    format!("board size {v:?} is not 1 to 52; 19 used"),
                ),
            }
        }
        if *id != "CP" && !v.is_empty() {
            let compose = *id == "AP";
            let mut p = PropertyBuf::new(*id);
            match v.split_once(':').filter(|_| compose) {
                Some((a, b)) => p.push_compose(a, b),
                None => p.push(v),
            };
            self.info.push(p);
        }
    }
}

/// What a `<Mark>` marks: its SGF markup property (`MA` when it names
/// neither a kind nor a label), and its label.
fn mark_kind(e: &BytesStart<'_>) -> (Option<&'static str>, Option<String>) {
    let kind = match (attr(e, "type").as_deref(), attr(e, "territory").as_deref()) {
        (_, Some("black")) => Some("TB"),
        (_, Some("white")) => Some("TW"),
        (Some("circle"), _) => Some("CR"),
        (Some("square"), _) => Some("SQ"),
        (Some("triangle"), _) => Some("TR"),
        _ => None,
    };
    let label = attr(e, "label");
    let kind = if kind.is_none() && label.is_none() {
        Some("MA")
    } else {
        kind
    };
    (kind, label)
}
