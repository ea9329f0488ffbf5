//! Dialect rule 12 (placement): where properties stand. FF[4] says which
//! kind of node each property belongs in; this rule finds the properties
//! that stand elsewhere, repairs what it can without changing a meaning,
//! and reports the rest (`formats/validation.md`, "Placement"):
//!
//! * a root property (`SZ GM FF CA AP ST`) outside the root node: dropped
//!   when it repeats the root's value (`W550`), else kept (`W551`);
//! * game-info properties in a second node of one path: kept (`W552`);
//! * a move annotation (`BM DO IT TE`) in a node without a move (`W553`),
//!   and two of them in one node (`W554`): kept;
//! * two of the marks `CR MA SL SQ TR` on one point of a node: the first
//!   kept, the later dropped (`E555`);
//! * an `FF[1]`–`FF[3]` property beside its `FF[4]` replacement (`KI` with
//!   `KM`, `L` with `LB`, `M` with `MA` or `TR`), as rule 5 leaves them when
//!   it is off or the two disagree: kept (`W556`);
//! * in an `FF[4]` game, `VW` of exactly two single points, the
//!   `FF[1]`–`FF[3]` form of a rectangle (`W557`): kept.
//!
//! Setup beside a move, two moves in one node and `PL` beside a move are
//! rule 9's ([`super::split`]), which runs before.
//!
//! The rule sees the root and the nodes the others see: plain move nodes
//! (`node::is_plain_node`) hold none of the properties it looks at. Memory:
//! one flag per open variation (game information seen on the path), and a
//! reused 52×52 table for the marks of one node.

use super::codes::{
    ANNOTATION_WITHOUT_MOVE, GAME_INFO_AGAIN, KO_WITHOUT_MOVE, MARKUP_SAME_POINT,
    MOVE_ANNOTATIONS_MIXED, OBSOLETE_BESIDE_REPLACEMENT, POSITION_ANNOTATIONS_MIXED,
    ROOT_PROPERTY_OUTSIDE_ROOT, ROOT_PROPERTY_REPEATED, VERSION_OUTSIDE_ROOT, VIEW_TWO_POINTS,
};
use super::node::{same_id, BufNode};
use super::rule::{Cx, NodeRule};
use crate::diag::At;
use crate::props;

/// The root properties of FF[4].
const ROOT_IDS: [&str; 6] = ["SZ", "GM", "FF", "CA", "AP", "ST"];
/// Points of boards up to 52×52.
const POINTS: usize = 52 * 52;
const NO_MARK: u8 = u8::MAX;

pub struct Placement {
    /// The root's value of each of [`ROOT_IDS`], trimmed (buffers reused
    /// from game to game), and which of them the root has (bits).
    root: [String; 6],
    root_has: u8,
    /// The game is `FF[4]` (or later).
    ff4: bool,
    /// A node on the current path, this one's ancestors, had game info.
    info: bool,
    /// `info` where each open variation starts.
    stack: Vec<bool>,
    /// Which mark (index into the node's properties) a point carries, for
    /// the node being checked; [`NO_MARK`] elsewhere.
    marks: Vec<u8>,
}

impl Default for Placement {
    fn default() -> Self {
        Placement {
            root: Default::default(),
            root_has: 0,
            ff4: false,
            info: false,
            stack: Vec::new(),
            marks: vec![NO_MARK; POINTS],
        }
    }
}

impl NodeRule for Placement {
    fn game_start(&mut self, _header: &crate::event::GameHeader) {
        self.info = false;
        self.stack.clear();
    }

    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        // One look at each identifier says which checks have anything to
        // check (most nodes that come here: a root, a move with a comment).
        let (mut seen, mut marks) = (0u16, 0u32);
        if cx.is_root {
            self.start();
        }
        for p in &node.props {
            let c = class(&p.name);
            seen |= c;
            marks += u32::from(c & MARK != 0);
            if c & ROOT != 0 && cx.is_root {
                self.root_value(p, c);
            }
        }
        if !cx.is_root && seen & ROOT != 0 {
            self.root_properties(&mut node, cx);
        }
        if seen & GAME_INFO != 0 {
            if cx.is_root {
                self.info = true;
            } else {
                self.game_info(&node, cx);
            }
        }
        if seen & ANNOTATION != 0 {
            annotations(&node, cx, seen & MOVE != 0);
        }
        if seen & KO != 0 && seen & MOVE == 0 {
            ko_without_move(&node, cx);
        }
        if marks >= 2 {
            self.markup(&mut node, cx);
        }
        if seen & OLD != 0 {
            obsolete(&node, cx);
        }
        if seen & VIEW != 0 && self.ff4 {
            view(&node, cx);
        }
        if seen & POSITION != 0 {
            positions(&node, cx);
        }
        out.push(node);
    }

    fn passes_plain_nodes(&self) -> bool {
        true
    }

    fn variation_start(&mut self) {
        self.stack.push(self.info);
    }

    fn variation_end(&mut self) {
        if let Some(info) = self.stack.pop() {
            self.info = info;
        }
    }
}

/// What an identifier is to this rule (bits, [`class`]).
const ROOT: u16 = 1;
const GAME_INFO: u16 = 2;
const ANNOTATION: u16 = 4;
const MARK: u16 = 8;
const MOVE: u16 = 16;
/// `KI`, `L`, `M`: FF[1]–FF[3] properties with an FF[4] replacement.
const OLD: u16 = 32;
const VIEW: u16 = 64;
/// `DM GB GW UC`: position annotations, one per node.
const POSITION: u16 = 128;
/// A root property's index in [`ROOT_IDS`] is in the bits from here.
const SLOT: u16 = 8;
/// `KO`: a move property, which says to execute the node's move.
const KO: u16 = 1 << 11;

/// The identifiers this rule looks at, with their classes. The game-info
/// ones are the rows of scope `game-info` in `formats/properties.tsv` (a
/// test checks), all of one or two letters.
const CLASSES: &[(&str, u16)] = &[
    ("SZ", ROOT),
    ("GM", ROOT | 1 << SLOT),
    ("FF", ROOT | 2 << SLOT),
    ("CA", ROOT | 3 << SLOT),
    ("AP", ROOT | 4 << SLOT),
    ("ST", ROOT | 5 << SLOT),
    ("BM", ANNOTATION),
    ("DO", ANNOTATION),
    ("IT", ANNOTATION),
    ("TE", ANNOTATION),
    ("CR", MARK),
    ("MA", MARK),
    ("SL", MARK),
    ("SQ", MARK),
    ("TR", MARK),
    ("B", MOVE),
    ("W", MOVE),
    ("KO", KO),
    ("L", OLD),
    ("M", OLD),
    ("KI", OLD | GAME_INFO),
    ("VW", VIEW),
    ("DM", POSITION),
    ("GB", POSITION),
    ("GW", POSITION),
    ("UC", POSITION),
    ("AN", GAME_INFO),
    ("BR", GAME_INFO),
    ("BT", GAME_INFO),
    ("CP", GAME_INFO),
    ("DT", GAME_INFO),
    ("EV", GAME_INFO),
    ("GN", GAME_INFO),
    ("GC", GAME_INFO),
    ("ON", GAME_INFO),
    ("OT", GAME_INFO),
    ("PB", GAME_INFO),
    ("PC", GAME_INFO),
    ("PW", GAME_INFO),
    ("RE", GAME_INFO),
    ("RO", GAME_INFO),
    ("RU", GAME_INFO),
    ("SO", GAME_INFO),
    ("TM", GAME_INFO),
    ("US", GAME_INFO),
    ("WR", GAME_INFO),
    ("WT", GAME_INFO),
    ("HA", GAME_INFO),
    ("KM", GAME_INFO),
    ("BS", GAME_INFO),
    ("WS", GAME_INFO),
    ("LT", GAME_INFO),
    ("LC", GAME_INFO),
    ("ID", GAME_INFO),
    ("CI", GAME_INFO),
    ("RD", GAME_INFO),
    ("HD", GAME_INFO),
];

/// [`props::short_key`], at compile time.
const fn short_key(id: &[u8]) -> usize {
    let a = (id[0] - b'A' + 1) as usize * 27;
    if id.len() == 1 {
        a
    } else {
        a + (id[1] - b'A' + 1) as usize
    }
}

/// [`CLASSES`] by [`props::short_key`], built at compile time: one load
/// per identifier.
static CLASS_TABLE: [u16; props::SHORT_KEYS] = {
    let mut t = [0; props::SHORT_KEYS];
    let mut i = 0;
    while i < CLASSES.len() {
        t[short_key(CLASSES[i].0.as_bytes())] = CLASSES[i].1;
        i += 1;
    }
    t
};

/// What an identifier is to this rule: bits of [`ROOT`], [`GAME_INFO`]…
/// (none for an identifier of more than two letters or not upper-case).
#[inline]
fn class(id: &str) -> u16 {
    match props::short_key(id.as_bytes()) {
        Some(k) => CLASS_TABLE.get(k).copied().unwrap_or(0),
        None => 0,
    }
}

impl Placement {
    /// A new game's root: nothing on the path yet.
    fn start(&mut self) {
        self.root_has = 0;
        self.ff4 = false;
        self.info = false;
        self.stack.clear();
    }

    /// Keeps the root's value of a root property, for later nodes.
    fn root_value(&mut self, p: &crate::event::PropertyBuf, class: u16) {
        let k = usize::from(class >> SLOT) % ROOT_IDS.len();
        let value = trimmed(p.first_text().unwrap_or(""));
        if k == 2 {
            self.ff4 = value.parse::<u32>().is_ok_and(|ff| ff >= 4);
        }
        self.root[k].clear();
        self.root[k].push_str(value);
        self.root_has |= 1 << k;
    }

    /// A root property outside the root: dropped when it says what the
    /// root says, else kept and reported.
    fn root_properties(&mut self, node: &mut BufNode, cx: &mut Cx<'_>) {
        let mut i = 0;
        while i < node.props.len() {
            let p = &node.props[i];
            let Some(k) = ROOT_IDS.iter().position(|id| same_id(&p.name, id)) else {
                i += 1;
                continue;
            };
            if matches!(ROOT_IDS[k], "FF" | "CA") {
                let p = node.props.remove(i);
                cx.report.report(VERSION_OUTSIDE_ROOT, At::property(&p.name, p.pos), || {
                    format!(
                        "{}[{}] outside the root: dropped (the output is FF[4] in one character set, which its root says)",
                        p.name,
                        p.first_text().unwrap_or("")
                    )
                });
                continue;
            }
            let value = trimmed(p.first_text().unwrap_or(""));
            let root = (self.root_has & 1 << k != 0).then(|| self.root[k].as_str());
            if p.values().len() == 1 && root == Some(value) {
                let p = node.props.remove(i);
                cx.report
                    .report(ROOT_PROPERTY_REPEATED, At::property(&p.name, p.pos), || {
                        format!(
                            "{}[{}] outside the root repeats the root's value: dropped",
                            p.name,
                            p.first_text().unwrap_or("")
                        )
                    });
                continue;
            }
            cx.report
                .report(ROOT_PROPERTY_OUTSIDE_ROOT, At::property(&p.name, p.pos), || {
                    let root = match root {
                        Some(r) => format!("the root says {}[{r}]", p.name),
                        None => format!("the root has no {}", p.name),
                    };
                    format!(
                        "{}[{value}] stands outside the root node ({root}); FF[4] takes root properties from the root only: kept",
                        p.name
                    )
                });
            i += 1;
        }
    }

    /// Game information in a node below another node with game
    /// information, on one path.
    fn game_info(&mut self, node: &BufNode, cx: &mut Cx<'_>) {
        let mut ids = node
            .props
            .iter()
            .filter(|p| class(&p.name) & GAME_INFO != 0);
        let Some(first) = ids.next() else { return };
        if self.info {
            cx.report
                .report(GAME_INFO_AGAIN, At::property(&first.name, first.pos), || {
                    let mut names = vec![first.name.as_str()];
                    names.extend(ids.map(|p| p.name.as_str()));
                    format!(
                        "game information ({}) in a node below another node with game information on the same path (FF[4]: one game-info node per path): kept",
                        names.join(" ")
                    )
                });
        }
        self.info = true;
    }

    /// Two marks on one point: the first stays, the later is dropped.
    fn markup(&mut self, node: &mut BufNode, cx: &mut Cx<'_>) {
        let is_mark = |name: &str| class(name) & MARK != 0;
        let mut touched: Vec<usize> = Vec::new();
        // Indexes fit the table's bytes (a node of 255 properties is not
        // a real one).
        for i in 0..node.props.len().min(NO_MARK as usize) {
            if !is_mark(&node.props[i].name) {
                continue;
            }
            let (kept, clashes) = self.mark_points(node, i, &mut touched);
            if clashes.is_empty() {
                continue;
            }
            let p = &mut node.props[i];
            cx.report
                .report(MARKUP_SAME_POINT, At::property(&p.name, p.pos), || {
                    let list: Vec<String> = clashes
                        .iter()
                        .map(|(pt, by)| format!("{}[{pt}]", by))
                        .collect();
                    format!(
                        "{} marks a point already marked in this node ({}); a point carries one mark (FF[4]): {} dropped there",
                        p.name,
                        list.join(", "),
                        p.name
                    )
                });
            p.clear_values();
            for v in &kept {
                p.push(v);
            }
        }
        node.props
            .retain(|p| !(is_mark(&p.name) && p.values().is_empty()));
        for k in touched {
            self.marks[k] = NO_MARK;
        }
    }

    /// Marks the points of property `i` in the table: the values it keeps
    /// (a rectangle with a clash becomes its other points) and the points
    /// an earlier mark holds, with that mark's name.
    fn mark_points(
        &mut self,
        node: &BufNode,
        i: usize,
        touched: &mut Vec<usize>,
    ) -> (Vec<String>, Vec<(String, String)>) {
        let mut kept = Vec::new();
        let mut clashes = Vec::new();
        for v in node.props[i].values().iter() {
            let Some(rect) = rectangle(v.text()) else {
                kept.push(v.text().to_string());
                continue;
            };
            let mut free = Vec::new();
            let mut clash = false;
            for k in rect {
                match self.marks[k] {
                    NO_MARK => {
                        self.marks[k] = i as u8;
                        touched.push(k);
                        free.push(k);
                    }
                    m if m as usize == i => free.push(k),
                    m => {
                        clash = true;
                        let by = node.props.get(m as usize).map(|p| p.name.clone());
                        clashes.push((point_text(k), by.unwrap_or_default()));
                    }
                }
            }
            if clash {
                kept.extend(free.into_iter().map(point_text));
            } else {
                kept.push(v.text().to_string());
            }
        }
        (kept, clashes)
    }
}

/// Move annotations without a move, or mixed in one node.
fn annotations(node: &BufNode, cx: &mut Cx<'_>, has_move: bool) {
    let mut found = node
        .props
        .iter()
        .filter(|p| class(&p.name) & ANNOTATION != 0);
    let Some(first) = found.next() else { return };
    let second = found.next();
    if !has_move {
        cx.report.report(
            ANNOTATION_WITHOUT_MOVE,
            At::property(&first.name, first.pos),
            || {
                format!(
                    "{} annotates a move, and this node has none (FF[4]: move annotations go with the move): kept",
                    first.name
                )
            },
        );
    }
    if let Some(second) = second {
        cx.report.report(
            MOVE_ANNOTATIONS_MIXED,
            At::property(&second.name, second.pos),
            || {
                format!(
                    "{} and {} in one node (FF[4]: BM, DO, IT and TE must not be mixed): kept",
                    first.name, second.name
                )
            },
        );
    }
}

/// `KO` in a node without a move: FF[4] makes it a move property ("execute
/// a given move even it's illegal"), so there is no move for it to act on.
fn ko_without_move(node: &BufNode, cx: &mut Cx<'_>) {
    let Some(ko) = node.get("KO") else { return };
    cx.report
        .report(KO_WITHOUT_MOVE, At::property(&ko.name, ko.pos), || {
            let value = ko.first_text().unwrap_or("");
            format!(
                "KO[{value}] forces a move, and this node has none (FF[4]: KO goes with B or W): kept"
            )
        });
}

/// Two position annotations in one node (`GB[1]GW[1]`): FF[4] says
/// "must not be mixed within a node".
fn positions(node: &BufNode, cx: &mut Cx<'_>) {
    let mut found = node.props.iter().filter(|p| class(&p.name) & POSITION != 0);
    let (Some(first), Some(second)) = (found.next(), found.next()) else {
        return;
    };
    cx.report.report(
        POSITION_ANNOTATIONS_MIXED,
        At::property(&second.name, second.pos),
        || {
            format!(
                "{} and {} in one node (FF[4]: DM, GB, GW and UC must not be mixed): kept",
                first.name, second.name
            )
        },
    );
}

/// `FF[1]`–`FF[3]` properties beside their `FF[4]` replacement.
fn obsolete(node: &BufNode, cx: &mut Cx<'_>) {
    for (old, new) in [("KI", "KM"), ("L", "LB"), ("M", "MA"), ("M", "TR")] {
        let (Some(o), Some(n)) = (node.get(old), node.get(new)) else {
            continue;
        };
        cx.report.report(
            OBSOLETE_BESIDE_REPLACEMENT,
            At::property(&o.name, o.pos),
            || {
                let what = if old == "KI" {
                    format!(
                        "KI[{}] (twice the komi, FF[3]) beside KM[{}], which says another komi",
                        o.first_text().unwrap_or(""),
                        n.first_text().unwrap_or("")
                    )
                } else {
                    format!("{old} (FF[1]) beside its FF[4] replacement {new}")
                };
                format!("{what}: both kept, FF[4] readers take {new}")
            },
        );
        if old == "M" {
            break;
        }
    }
}

/// `VW[aa][ii]` in an `FF[4]` game: two points, or two corners?
fn view(node: &BufNode, cx: &mut Cx<'_>) {
    let Some(p) = node.get("VW") else { return };
    let v = p.values();
    let single = |i: usize| v.get(i).is_some_and(|x| point(x.text()).is_some());
    if v.len() == 2 && single(0) && single(1) {
        cx.report
            .report(VIEW_TWO_POINTS, At::property(&p.name, p.pos), || {
                let (a, b) = (v.get(0).map(|x| x.text()), v.get(1).map(|x| x.text()));
                let (a, b) = (a.unwrap_or(""), b.unwrap_or(""));
                format!(
                    "VW[{a}][{b}] shows two points in FF[4]; in FF[1]–FF[3] it was the rectangle VW[{a}:{b}]: kept"
                )
            });
    }
}

/// `v` without white space around it (most values have none).
fn trimmed(v: &str) -> &str {
    match (v.as_bytes().first(), v.as_bytes().last()) {
        (Some(a), Some(b)) if a.is_ascii_whitespace() || b.is_ascii_whitespace() => v.trim(),
        (Some(a), Some(b)) if !a.is_ascii() || !b.is_ascii() => v.trim(),
        _ => v,
    }
}

/// One coordinate letter: `a`–`z` 0–25, `A`–`Z` 26–51.
fn coord(c: u8) -> Option<usize> {
    match c {
        b'a'..=b'z' => Some((c - b'a') as usize),
        b'A'..=b'Z' => Some((c - b'A') as usize + 26),
        _ => None,
    }
}

/// A point `aa` as (column, row).
fn point(v: &str) -> Option<(usize, usize)> {
    match v.as_bytes() {
        [x, y] => Some((coord(*x)?, coord(*y)?)),
        _ => None,
    }
}

/// The table indexes of a point `aa` or a rectangle `aa:cc`; `None` for a
/// value that is neither.
fn rectangle(v: &str) -> Option<impl Iterator<Item = usize>> {
    let (a, b) = match v.split_once(':') {
        Some((a, b)) => (point(a)?, point(b)?),
        None => (point(v)?, point(v)?),
    };
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    Some((y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| y * 52 + x)))
}

/// The letters of table index `k`.
fn point_text(k: usize) -> String {
    let letter = |i: usize| {
        if i < 26 {
            char::from(b'a' + i as u8)
        } else {
            char::from(b'A' + (i - 26) as u8)
        }
    };
    format!("{}{}", letter(k % 52), letter(k / 52))
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;
    use crate::game::Game;

    fn place_game(g: &Game) -> (String, Vec<&'static str>, Vec<String>) {
        let (log, r) = run(g, |s| Box::new(NodeAdapter::new(Placement::default(), s)));
        let messages = r.collected().iter().map(|d| d.message.clone()).collect();
        (sgf(&log), codes(&r), messages)
    }

    fn place(d: &str) -> (String, Vec<&'static str>) {
        let (s, c, _) = place_game(&line(d));
        (s, c)
    }

    /// The class table agrees with the property table's scopes.
    #[test]
    fn classes_follow_the_property_table() {
        for line in props::TABLE.lines().filter(|l| !l.starts_with('#')).skip(1) {
            let mut cols = line.split('\t');
            let (id, scope) = (cols.next().unwrap(), cols.nth(1).unwrap_or(""));
            assert_eq!(
                class(id) & GAME_INFO != 0,
                scope == "game-info",
                "{id} {scope}"
            );
            assert_eq!(class(id) & ROOT != 0, scope == "root" && id != "GK", "{id}");
        }
        for (id, _) in CLASSES {
            assert_eq!(
                props::short_key(id.as_bytes()),
                Some(short_key(id.as_bytes()))
            );
        }
        assert_eq!(
            (class("PB"), class("Pb"), class("MULTIGOGM")),
            (GAME_INFO, 0, 0)
        );
    }

    #[test]
    fn root_properties_outside_the_root() {
        let (s, c) = place("FF=4 SZ=19 GM=1;B=pd SZ=19 GM=1;W=dd SZ=9 CA=UTF-8");
        assert_eq!(s, "(;FF[4]SZ[19]GM[1];B[pd];W[dd]SZ[9])");
        assert_eq!(c, vec!["W550", "W550", "W551", "W559"]);
        // FF and CA outside the root go whatever their value: the output's
        // are the root's (a second conversion gives the same file).
        let (s, c) = place("FF=3 CA=x;B=pd FF=4 CA=y");
        assert_eq!(s, "(;FF[3]CA[x];B[pd])");
        assert_eq!(c, vec!["W559", "W559"]);
        // The root itself, and the root of a later game, are roots.
        assert_eq!(place("SZ=9 FF=4 AP=x").1, Vec::<&str>::new());
    }

    #[test]
    fn game_info_once_per_path() {
        let (s, c) = place("PB=Ann;B=pd;W=dd RE=W+R;B=cc PW=Bob");
        assert_eq!(s, "(;PB[Ann];B[pd];W[dd]RE[W+R];B[cc]PW[Bob])");
        assert_eq!(c, vec!["W552", "W552"]);
        // A game-info node below a root without game info is FF[4].
        assert!(place("FF=4;B=pd PB=Ann").1.is_empty());
        // Two branches, each with its game info: one per path.
        let mut g = Game::default();
        g.root_mut().set("GN", "two games");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        let mut b = g.add_child(0);
        g.node_mut(b).set("B", "dd");
        let (_, c, _) = place_game(&g);
        assert_eq!(c, Vec::<&str>::new());
        let mut g = Game::default();
        g.root_mut().set("FF", "4");
        for mv in ["pd", "dd"] {
            let n = g.add_child(0);
            g.node_mut(n).set("B", mv);
            g.node_mut(n).set("PB", "Ann");
        }
        b = g.add_child(g.len() - 1);
        g.node_mut(b).set("RE", "B+R");
        let (_, c, m) = place_game(&g);
        assert_eq!(c, vec!["W552"], "{m:?}");
    }

    #[test]
    fn move_annotations_go_with_a_move() {
        let (s, c) = place("FF=4;B=pd TE=1;C=x BM=1;W=dd DO= TE=1");
        assert_eq!(s, "(;FF[4];B[pd]TE[1];C[x]BM[1];W[dd]DO[]TE[1])");
        assert_eq!(c, vec!["W553", "W554"]);
    }

    #[test]
    fn one_mark_per_point() {
        let (s, c, m) = place_game(&line("FF=4;B=pd MA=dd|ee TR=dd CR=aa:bb SQ=ab|cc"));
        assert_eq!(s, "(;FF[4];B[pd]MA[dd][ee]CR[aa:bb]SQ[cc])");
        assert_eq!(c, vec!["E555", "E555"]);
        assert!(m[0].contains("TR marks a point already marked in this node (MA[dd])"));
        assert!(m[1].contains("(CR[ab])"), "{m:?}");
        // A rectangle with a clash keeps its other points; an emptied mark goes.
        let (s, _) = place("FF=4;B=pd SQ=bb CR=aa:bc TR=bb");
        assert_eq!(s, "(;FF[4];B[pd]SQ[bb]CR[aa][ba][ab][ac][bc])");
        // Labels are not marks; one mark repeating a point is not a clash.
        assert!(place("FF=4;B=pd MA=dd|dd LB=dd:x TR=ee").1.is_empty());
    }

    #[test]
    fn obsolete_beside_replacement() {
        let (_, c, m) = place_game(&line("KI=13 KM=7.5;B=pd L=aa LB=bb:A;M=cc MA=dd TR=ee"));
        assert_eq!(c, vec!["W556", "W556", "W556"]);
        assert!(m[0].contains("KI[13] (twice the komi, FF[3]) beside KM[7.5]"));
    }

    #[test]
    fn position_annotations_are_not_mixed() {
        assert_eq!(place(";B=aa GB=1 GW=1").1, vec!["W558"]);
        assert_eq!(place(";B=aa GB=1;W=bb DM=1").1, Vec::<&str>::new());
    }

    #[test]
    fn view_of_two_points_in_ff4() {
        assert_eq!(place("FF=4 VW=aa|ii").1, vec!["W557"]);
        assert!(place("FF=4 VW=aa:ii").1.is_empty());
        assert!(place("FF=4 VW=aa|ii|jj").1.is_empty());
        assert!(place("FF=3 VW=aa|ii").1.is_empty());
    }
}
