//! Dialect rule 5: `FF[1]`–`FF[3]` properties become `FF[4]`, as SGFC converts
//! them: `KI` → `KM` (halved; dropped when `KM` says the same, kept when
//! it differs), `L` → `LB` (letters A, B, C… in value
//! order), `M` → `MA` (or `TR` on a stone), `PL[1]`/`PL[2]` → `PL[B]`/
//! `PL[W]`, `TE` and `BM` in one node → `IT` (TE first) or `DO` (BM first),
//! and in `FF[1]`–`FF[3]` files `VW` with two points → the rectangle `VW[a:b]`.
//! Splitting moves from setup is [`super::split`]'s job.

use super::codes::{KI_KOMI, NUMERIC_PLAYER, OLD_ANNOTATION, OLD_LABELS, OLD_MARKS, VIEW_CORNERS};
use super::node::{board_size, BufNode};
use super::rule::{Cx, NodeRule};
use crate::board::{Board, Mark};
use crate::diag::At;
use crate::event::{GameHeader, PropertyBuf};
use crate::options::Ff3Flags;
use crate::stone::{Point, MAX_SIDE};
use crate::validate::board::Referee;

pub struct Ff3 {
    rules: Ff3Flags,
    /// The game is `FF[1]`–`FF[3]` (no `FF` means `FF[1]`).
    old: bool,
    /// The game's format can hold `M` ([`GameHeader::no_old_marks`]):
    /// an old game's position is followed for it.
    marks_possible: bool,
    board: Tracker,
}

impl Ff3 {
    pub fn new(rules: Ff3Flags) -> Self {
        Ff3 {
            rules,
            old: false,
            marks_possible: true,
            board: Tracker::new(19, 19),
        }
    }
}

impl NodeRule for Ff3 {
    fn game_start(&mut self, header: &GameHeader) {
        self.marks_possible = !header.no_old_marks;
    }

    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        if cx.is_root {
            let ff = node
                .text("FF")
                .and_then(|v| v.trim().parse::<u32>().ok())
                .unwrap_or(1);
            self.old = ff < 4;
            let (w, h) = board_size(&node);
            if self.old {
                self.board = Tracker::new(w, h);
            }
        }
        if self.tracks_board() {
            // `M` on a stone becomes `TR`: the position must be known. `M`
            // is an FF[1]/FF[2] property, so only older games pay for it;
            // in FF[4] games a stray `M` becomes `MA`.
            self.board.apply(&node);
        }
        if self.rules.ki {
            ki(&mut node, cx);
        }
        if self.rules.labels {
            labels(&mut node, cx);
        }
        if self.rules.marks {
            marks(&mut node, cx, &self.board);
        }
        if self.rules.player {
            player(&mut node, cx);
        }
        if self.rules.annotations {
            annotations(&mut node, cx);
        }
        if self.rules.view && self.old {
            view(&mut node, cx);
        }
        out.push(node);
    }

    fn sees_plain_moves(&self) -> bool {
        self.tracks_board()
    }

    fn variation_start(&mut self) {
        if self.tracks_board() {
            self.board.push();
        }
    }

    fn variation_end(&mut self) {
        if self.tracks_board() {
            self.board.pop();
        }
    }
}

impl Ff3 {
    /// The position is followed: an old game whose format can hold `M`.
    fn tracks_board(&self) -> bool {
        self.old && self.rules.marks && self.marks_possible
    }
}

/// `KI[13]` (twice the komi, integer) → `KM[6.5]`, unless `KM` is there.
fn ki(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(text) = node.text("KI") else { return };
    let Ok(n) = text.trim().parse::<i64>() else {
        return;
    };
    let km = format_half(n);
    if let Some(existing) = node.text("KM") {
        // Both: KI goes only when it says the same.
        if existing.trim().parse::<f64>().ok() == Some(n as f64 / 2.0) {
            if let Some(p) = node.remove("KI") {
                cx.report.report(KI_KOMI, At::property(&p.name, p.pos), || {
                    format!("KI[{n}] repeats KM[{km}]: dropped")
                });
            }
        }
        return;
    }
    if let Some(p) = node.remove("KI") {
        cx.report.report(KI_KOMI, At::property(&p.name, p.pos), || {
            format!("KI[{n}] (twice the komi) written KM[{km}]")
        });
        node.set("KM", &km, p.pos);
    }
}

/// `n / 2` written as SGF real: `13` → `6.5`, `12` → `6`.
pub fn format_half(n: i64) -> String {
    if n % 2 == 0 {
        format!("{}", n / 2)
    } else {
        format!("{:.1}", n as f64 / 2.0)
    }
}

/// `L[aa][bb]` → `LB[aa:a][bb:b]`.
fn labels(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(l) = node.remove("L") else { return };
    let mut lb = node
        .remove("LB")
        .unwrap_or_else(|| PropertyBuf::new("LB").at(l.pos));
    // Upper case, as Smart Game Board (which defined `L`) showed them and
    // as the comments of real files name them (GOWrite: `L[qd][pc]` with
    // "at A … hane at B"); SGFC writes lower case.
    let mut letters = (b'A'..=b'Z').chain(b'a'..=b'z').map(char::from);
    for v in l.values().iter() {
        let letter = letters
            .next()
            .map(String::from)
            .unwrap_or_else(|| "?".into());
        lb.push_compose(v.text(), &letter);
    }
    cx.report
        .report(OLD_LABELS, At::property(&l.name, l.pos), || {
            format!(
                "L with {} point(s) written as LB labels A, B, C…",
                l.values().len()
            )
        });
    node.props.push(lb);
}

/// `M[pt]` → `TR[pt]` where a stone stands, `MA[pt]` elsewhere.
fn marks(node: &mut BufNode, cx: &mut Cx<'_>, board: &Tracker) {
    let Some(m) = node.remove("M") else { return };
    let mut ma: Vec<String> = Vec::new();
    let mut tr: Vec<String> = Vec::new();
    for v in m.values().iter() {
        for pt in expand_points(v.text()) {
            if board.stone_at(&pt) {
                tr.push(pt);
            } else {
                ma.push(pt);
            }
        }
    }
    cx.report
        .report(OLD_MARKS, At::property(&m.name, m.pos), || {
            format!(
                "M written as MA ({} point(s)) and TR on stones ({} point(s))",
                ma.len(),
                tr.len()
            )
        });
    for (id, pts) in [("MA", ma), ("TR", tr)] {
        if pts.is_empty() {
            continue;
        }
        match node
            .props
            .iter_mut()
            .find(|p| super::node::same_id(&p.name, id))
        {
            Some(p) => {
                for pt in &pts {
                    p.push(pt);
                }
            }
            None => {
                let mut p = PropertyBuf::with_values(id, &pts);
                p.pos = m.pos;
                node.props.push(p);
            }
        }
    }
}

/// `PL[1]` → `PL[B]`, `PL[2]` → `PL[W]`.
fn player(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(p) = node.props.iter_mut().find(|p| p.name == "PL") else {
        return;
    };
    let colour = match p.first_text().map(str::trim) {
        Some("1") => "B",
        Some("2") => "W",
        Some("b") => "B",
        Some("w") => "W",
        _ => return,
    };
    cx.report
        .report(NUMERIC_PLAYER, At::property(&p.name, p.pos), || {
            format!("PL[{}] written PL[{colour}]", p.first_text().unwrap_or(""))
        });
    p.clear_values();
    p.push(colour);
}

/// `TE` then `BM` → `IT[]` ("!?"), `BM` then `TE` → `DO[]` ("?!").
fn annotations(node: &mut BufNode, cx: &mut Cx<'_>) {
    let te = node.props.iter().position(|p| p.name == "TE");
    let bm = node.props.iter().position(|p| p.name == "BM");
    let (Some(te), Some(bm)) = (te, bm) else {
        return;
    };
    let id = if te < bm { "IT" } else { "DO" };
    let pos = node.props[te.min(bm)].pos;
    let value = |i: usize| node.props[i].first_text().unwrap_or("").to_string();
    let (te, bm) = (value(te), value(bm));
    node.remove("TE");
    node.remove("BM");
    cx.report.report(OLD_ANNOTATION, Some(pos), || {
        if id == "IT" {
            format!("TE[{te}] then BM[{bm}] in one node (interesting, !?) written IT[]")
        } else {
            format!("BM[{bm}] then TE[{te}] in one node (doubtful, ?!) written DO[]")
        }
    });
    node.set(id, "", pos);
}

/// `FF[1]`–`FF[3]` `VW[aa][ii]` (two corners) → `VW[aa:ii]`.
fn view(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(p) = node.props.iter_mut().find(|p| p.name == "VW") else {
        return;
    };
    let vals: Vec<String> = p.values().iter().map(|v| v.text().to_string()).collect();
    if vals.len() != 2 || vals.iter().any(|v| v.len() != 2 || v.contains(':')) {
        return;
    }
    cx.report
        .report(VIEW_CORNERS, At::property(&p.name, p.pos), || {
            format!(
                "VW[{}][{}] (two corners, FF[3]) written VW[{}:{}]",
                vals[0], vals[1], vals[0], vals[1]
            )
        });
    p.clear_values();
    p.push_compose(&vals[0], &vals[1]);
}

/// Points of a value: `aa`, or the rectangle `aa:cc`.
pub fn expand_points(v: &str) -> Vec<String> {
    let coord = |c: u8| -> Option<u8> {
        match c {
            b'a'..=b'z' => Some(c - b'a'),
            b'A'..=b'Z' => Some(c - b'A' + 26),
            _ => None,
        }
    };
    let letter = |i: u8| -> char {
        if i < 26 {
            char::from(b'a' + i)
        } else {
            char::from(b'A' + i - 26)
        }
    };
    let pt = |s: &str| -> Option<(u8, u8)> {
        let b = s.as_bytes();
        (b.len() == 2).then_some(())?;
        Some((coord(b[0])?, coord(b[1])?))
    };
    match v.split_once(':') {
        Some((a, b)) => match (pt(a), pt(b)) {
            (Some((x1, y1)), Some((x2, y2))) => {
                let mut out = Vec::new();
                for y in y1.min(y2)..=y1.max(y2) {
                    for x in x1.min(x2)..=x1.max(x2) {
                        out.push(format!("{}{}", letter(x), letter(y)));
                    }
                }
                out
            }
            _ => vec![v.to_string()],
        },
        None => vec![v.to_string()],
    }
}

/// The position of an `FF[1]`–`FF[3]` game, enough to tell where a stone
/// stands (captures included): the Go board ([`crate::board`]), played
/// node by node as the validator's [`Referee`] applies a node, marked when
/// a variation opens and undone when it closes.
#[derive(Clone, Debug)]
pub struct Tracker {
    /// `None` when the game's size is no board size.
    referee: Option<Referee>,
    marks: Vec<Mark>,
}

impl Tracker {
    pub fn new(w: u32, h: u32) -> Self {
        let side = |n: u32| n.clamp(1, MAX_SIDE as u32) as u8;
        let board = Board::new(side(w), side(h));
        Tracker {
            referee: board.map(Referee::with_board),
            marks: Vec::new(),
        }
    }

    pub fn stone_at(&self, pt: &str) -> bool {
        let stone = |r: &Referee| Point::parse(pt).and_then(|p| r.board().get(p));
        self.referee.as_ref().and_then(stone).is_some()
    }

    /// Applies the setup and the move of a node (the findings of an
    /// illegal move are the check's business, not this rule's).
    pub fn apply(&mut self, node: &BufNode) {
        if let Some(r) = &mut self.referee {
            r.node(|| node.props.iter().map(|p| (p.name.as_str(), p.values())));
            r.take_found();
        }
    }

    fn push(&mut self) {
        if let Some(r) = &mut self.referee {
            self.marks.push(r.mark());
        }
    }

    fn pop(&mut self) {
        if let (Some(r), Some(mark)) = (&mut self.referee, self.marks.pop()) {
            r.undo(mark);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;

    fn ff3(desc: &str) -> (String, Vec<&'static str>) {
        let (log, r) = run(&line(desc), |s| {
            Box::new(NodeAdapter::new(Ff3::new(Ff3Flags::default()), s))
        });
        (sgf(&log), codes(&r))
    }

    #[test]
    fn ki_is_twice_the_komi() {
        assert_eq!(ff3("FF=3 KI=11").0, "(;FF[3]KM[5.5])");
        assert_eq!(ff3("KI=12").0, "(;KM[6])");
        assert_eq!(ff3("KI=11 KM=6.5").0, "(;KI[11]KM[6.5])");
        assert_eq!(ff3("KI=1 KM=0.5").0, "(;KM[0.5])");
    }

    #[test]
    fn letters_and_marks() {
        let (s, c) = ff3("FF=1;B=dd;L=aa|bb M=dd|ee");
        assert_eq!(s, "(;FF[1];B[dd];LB[aa:A][bb:B]MA[ee]TR[dd])");
        assert_eq!(c, vec!["I154", "I155"]);
    }

    #[test]
    fn captured_stones_are_not_stones() {
        let (s, _) = ff3(";B=ba;W=aa;B=ab;M=aa");
        assert_eq!(s, "(;;B[ba];W[aa];B[ab];MA[aa])");
    }

    #[test]
    fn numeric_player_and_old_annotations() {
        assert_eq!(ff3("PL=1").0, "(;PL[B])");
        assert_eq!(ff3("PL=2").0, "(;PL[W])");
        assert_eq!(ff3(";B=cd BM=1 TE=2").0, "(;;B[cd]DO[])");
        assert_eq!(ff3(";W=dc TE=2 BM=1").0, "(;;W[dc]IT[])");
        assert_eq!(ff3(";W=dc TE=2").0, "(;;W[dc]TE[2])");
    }

    #[test]
    fn view_corners_only_before_ff4() {
        assert_eq!(ff3("FF=3;VW=aa|ii").0, "(;FF[3];VW[aa:ii])");
        assert_eq!(ff3("FF=4;VW=aa|ii").0, "(;FF[4];VW[aa][ii])");
        assert_eq!(ff3("FF=3;VW=aa|bb|cc").0, "(;FF[3];VW[aa][bb][cc])");
    }
}
