//! The board check of a whole game: [`replay`] walks every path of a
//! [`Game`] on the [`Board`] and returns what was illegal, and [`Referee`]
//! applies one node at a time (for [`replay`] and for the streaming check
//! of [`super::replay`]) and says what each check found.
//!
//! `FF[4]` says an illegal move is still executed: the board plays it and
//! the referee reports, so the replay can warn and go on; it never
//! rewrites the game.
//!
//! The replay must not recurse on tree depth (a game can be 100 000 nodes
//! deep) nor copy the board per node: it walks the tree with an explicit
//! stack, and marks the board at each branch point to undo to
//! ([`Board::mark`], [`Board::undo`]).

use super::rules::{self, Suicide};
use crate::board::{Board, Mark, Outcome, Setup};
use crate::event::Values;
use crate::game::{Game, NodeId};
use crate::stone::{Colour, Point};
/// Which check a [`Finding`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// `SZ` is not a board size of 1 to 52 (or `C:R`): nothing was replayed.
    BoardSize,
    /// A move or setup value is not a point (two letters, or `aa:cc` for
    /// setup).
    NotAPoint,
    /// A move is off the board: it was not played.
    MoveOffBoard,
    /// A move is on an occupied point: the stone replaced the one there.
    Occupied,
    /// A move left its own group without a liberty: the group was removed.
    Suicide,
    /// A move retook a simple ko at once.
    Ko,
    /// A setup point (`AB`, `AW`, `AE`) is off the board: it was ignored.
    SetupOffBoard,
    /// `AE` clears a point that was already empty.
    ClearEmpty,
    /// `AB` or `AW` places a stone where one of its colour stands already.
    NoEffect,
    /// `MN` is not a move number (a whole number, 0 or more).
    MoveNumber,
    /// Two of `AB`, `AW`, `AE` of one node name the same point.
    SetupTwice,
    /// A node's setup left a group without a liberty.
    SetupNoLiberty,
}

/// A point a setup value of the node set: for the checks of the node's
/// setup as a whole ([`Referee::whole_setup`]).
#[derive(Clone, Copy, Debug)]
struct Placed {
    point: Point,
    /// The property (`AB`, `AW`, `AE`), its index in the node, and the
    /// index of the value among its values.
    id: &'static str,
    index: usize,
    value: usize,
}

/// One problem the replay found, at one property of one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The node.
    pub node: NodeId,
    /// The property: `B`, `W`, `AB`, `AW`, `AE`, `MN` or `SZ`.
    pub property: &'static str,
    /// The value concerned, as written (`pd`, `aa:cc`, `19`).
    pub value: String,
    /// Which check.
    pub check: Check,
    /// What is wrong and what the replay did, in words.
    pub message: String,
}

/// Replays every path of `game` on a board (depth first, with an explicit
/// stack; each variation from its parent's position) and returns what was
/// illegal, in tree order. Games that are not Go (`GM` other than 1) give
/// nothing; a game without `SZ` is 19×19.
///
/// Property identifiers are taken in their `FF[4]` form (what the dialect
/// rules give). In each node the setup properties (`AE`, `AB`, `AW`, in
/// the order written) are applied before the move. A node with `KO` asks
/// for its move to be executed even if illegal: its occupied-point,
/// suicide and ko findings are not reported.
///
/// ```
/// use sgfconv::game::Game;
/// use sgfconv::validate::board::{replay, Check};
///
/// let mut g = Game::default();
/// g.root_mut().set("SZ", "9");
/// let a = g.add_child(0);
/// g.node_mut(a).set("B", "cc");
/// let b = g.add_child(a);
/// g.node_mut(b).set("W", "cc");
/// let found = replay(&g);
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].node, found[0].check), (b, Check::Occupied));
/// ```
pub fn replay(game: &Game) -> Vec<Finding> {
    let root = &game.root();
    let gm = root.text("GM");
    let sz = root.text("SZ");
    let mut r = match Referee::for_game(gm, sz) {
        Ok(Some(referee)) => Replay {
            game,
            referee: referee.with_rules(root.text("RU")),
            findings: Vec::new(),
        },
        Ok(None) => return Vec::new(),
        Err(found) => return vec![found.at(Game::ROOT)],
    };
    r.walk();
    r.findings
}

/// The state of one [`replay`].
struct Replay<'g> {
    game: &'g Game,
    referee: Referee,
    findings: Vec<Finding>,
}

impl Replay<'_> {
    /// Depth first over the tree: entering a node marks the board and
    /// applies the node; leaving it undoes to the mark.
    fn walk(&mut self) {
        // (node, next child to visit, the board before the node)
        let first = |id| self.game.node(id).first_child();
        let mut stack = vec![(Game::ROOT, first(Game::ROOT), self.referee.mark())];
        self.node(Game::ROOT);
        while let Some(top) = stack.last_mut() {
            let (_, next, mark) = *top;
            if let Some(child) = next {
                top.1 = self.game.node(child).next_sibling();
                stack.push((
                    child,
                    self.game.node(child).first_child(),
                    self.referee.mark(),
                ));
                self.node(child);
            } else {
                stack.pop();
                self.referee.undo(mark);
            }
        }
    }

    fn node(&mut self, id: NodeId) {
        let node = self.game.node(id);
        let props = || node.props().iter().map(|p| (p.name, p.values()));
        self.referee.node(props);
        let found = self.referee.take_found().map(|f| f.at(id));
        self.findings.extend(found);
    }
}

/// One problem [`Referee::node`] found, at the `index`-th property of the
/// node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Which property of the node, counted from 0 in the order given.
    pub index: usize,
    /// The property: `B`, `W`, `AB`, `AW`, `AE`, `MN` or `SZ`.
    pub property: &'static str,
    /// The value concerned, as written.
    pub value: String,
    /// Which check.
    pub check: Check,
    /// What is wrong and what the replay did, in words.
    pub message: String,
}

impl Found {
    /// The finding, placed at node `node` of a [`Game`].
    pub fn at(self, node: NodeId) -> Finding {
        Finding {
            node,
            property: self.property,
            value: self.value,
            check: self.check,
            message: self.message,
        }
    }
}

/// The board of one game and the checks of its nodes, node by node, for
/// any walk that marks the board before a variation and undoes after it:
/// [`replay`] over a [`Game`], and the streaming check of `sgfconv check`.
#[derive(Clone, Debug)]
pub struct Referee {
    board: Board,
    /// Which suicides the game's rules allow (`RU`).
    suicide: Suicide,
    found: Vec<Found>,
    /// The property being applied, for [`Found::index`].
    index: usize,
}

impl Referee {
    /// The referee of a game whose root has these `GM` and `SZ` values:
    /// `Ok(None)` for a game that is not Go, `Err` (a [`Check::BoardSize`]
    /// finding) when `SZ` is not a board size; no `SZ` is 19×19.
    pub fn for_game(gm: Option<&str>, sz: Option<&str>) -> Result<Option<Referee>, Found> {
        if gm.is_some_and(|gm| gm.trim() != "1") {
            return Ok(None);
        }
        let sz = sz.unwrap_or("19");
        match Board::for_size(sz) {
            Some(board) => Ok(Some(Referee {
                board,
                suicide: Suicide::Forbidden,
                found: Vec::new(),
                index: 0,
            })),
            None => Err(Found {
                index: 0,
                property: "SZ",
                value: sz.to_string(),
                check: Check::BoardSize,
                message: format!(
                    "SZ[{sz}] is not a board size of 1 to 52: the moves are not checked"
                ),
            }),
        }
    }

    /// This referee, ready for a new game of the same board size (`GM` and
    /// `SZ` as [`Referee::for_game`] takes them); `None` when the game
    /// needs another board.
    pub fn reuse(mut self, gm: Option<&str>, sz: Option<&str>) -> Option<Referee> {
        let go = gm.is_none_or(|gm| gm.trim() == "1");
        let size = Board::size_of(sz.unwrap_or("19"))?;
        if !go || size != (self.board.cols(), self.board.rows()) {
            return None;
        }
        self.board.clear();
        self.found.clear();
        Some(self)
    }

    /// A referee on `board`, for a walk that knows its board already.
    pub fn with_board(board: Board) -> Referee {
        Referee {
            board,
            suicide: Suicide::Forbidden,
            found: Vec::new(),
            index: 0,
        }
    }

    /// Follows the rules of a game whose root says `RU[ru]`: a suicide
    /// they allow is a legal move ([`super::rules`]).
    pub fn with_rules(mut self, ru: Option<&str>) -> Referee {
        self.suicide = rules::suicide(ru);
        self
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position now, to come back to with [`Referee::undo`].
    pub fn mark(&mut self) -> Mark {
        self.board.mark()
    }

    /// Goes back to the position of `mark`.
    pub fn undo(&mut self, mark: Mark) {
        self.board.undo(mark)
    }

    /// What the nodes applied since the last call found, in order.
    pub fn take_found(&mut self) -> std::vec::Drain<'_, Found> {
        self.found.drain(..)
    }

    /// Applies one node, given as its properties in order (`FF[4]`
    /// identifiers): setup (`AE`, `AB`, `AW`, in the order written), then
    /// the move; checks `MN`. A node with `KO` has its move executed
    /// without the occupied-point, suicide and ko checks.
    /// `props` gives the node's properties afresh at each call.
    pub fn node<'v, I>(&mut self, props: impl Fn() -> I)
    where
        I: Iterator<Item = (&'v str, Values<'v>)>,
    {
        let mut placed = Vec::new();
        for (k, (name, values)) in props().enumerate() {
            let stone = match name {
                "AB" => Some(Colour::Black),
                "AW" => Some(Colour::White),
                "AE" => None,
                _ => continue,
            };
            self.index = k;
            for (j, v) in values.iter().enumerate() {
                self.setup(stone, v.text(), (j, &mut placed));
            }
        }
        if !placed.is_empty() {
            self.whole_setup(&mut placed, |k, j| {
                props()
                    .nth(k)
                    .and_then(|(_, vs)| vs.iter().nth(j).map(|v| v.text().to_string()))
                    .unwrap_or_default()
            });
        }
        let forced = props().any(|(name, _)| name == "KO");
        for (k, (name, values)) in props().enumerate() {
            self.index = k;
            let first = values.first().map_or("", |v| v.text());
            match name {
                "B" => self.play(Colour::Black, first, forced),
                "W" => self.play(Colour::White, first, forced),
                "MN" => self.move_number(first),
                _ => {}
            }
        }
    }

    /// Records a finding.
    fn find(&mut self, property: &'static str, value: &str, check: Check, message: String) {
        self.found.push(Found {
            index: self.index,
            property,
            value: value.to_string(),
            check,
            message,
        });
    }

    /// Plays one move value; reports what was illegal about it.
    fn play(&mut self, colour: Colour, value: &str, forced: bool) {
        if self.board.is_pass(value) {
            self.board.pass();
            return;
        }
        let Some(p) = Point::parse(value) else {
            self.board.pass();
            let prop = colour.move_id();
            let m = format!("{prop}[{value}] is not a point: nothing is played");
            return self.find(prop, value, Check::NotAPoint, m);
        };
        self.play_point(colour, p, forced);
    }

    /// Plays the point of a plain move (`;B[pd]`: two lower-case letters,
    /// not `tt`), as [`Referee::node`] would, without reading text.
    /// Returns whether the move was legal (nothing found).
    #[inline]
    pub fn plain_move(&mut self, colour: Colour, x: u8, y: u8) -> bool {
        self.index = 0;
        let p = Point {
            x: x.wrapping_sub(b'a'),
            y: y.wrapping_sub(b'a'),
        };
        self.play_point(colour, p, false)
    }

    /// Plays a point; reports what was illegal about the move. Returns
    /// whether nothing was.
    #[inline]
    fn play_point(&mut self, colour: Colour, p: Point, forced: bool) -> bool {
        let mut out = self.board.play(colour, p);
        if out.suicide > 0 && self.suicide.allows(out.suicide) {
            out.suicide = 0;
        }
        if out.is_legal() || (forced && !out.off_board) {
            return true;
        }
        self.illegal(colour, p, out);
        false
    }

    /// Reports what [`Board::play`] found illegal.
    #[cold]
    fn illegal(&mut self, colour: Colour, p: Point, out: Outcome) {
        let prop = colour.move_id();
        let value = &p.to_string();
        if out.off_board {
            let size = self.size();
            let m = format!("{prop}[{value}] is off the {size} board: nothing is played");
            return self.find(prop, value, Check::MoveOffBoard, m);
        }
        if let Some(was) = out.occupied {
            let m = format!(
                "{prop}[{value}] is played on a {} stone, which it replaces",
                was.name()
            );
            self.find(prop, value, Check::Occupied, m);
        }
        if out.ko {
            let m = format!("{prop}[{value}] retakes the ko at once");
            self.find(prop, value, Check::Ko, m);
        }
        if out.suicide > 0 {
            let m = match out.suicide {
                1 => format!("{prop}[{value}] is suicide: the stone is removed"),
                n => format!("{prop}[{value}] is suicide: its group of {n} stones is removed"),
            };
            self.find(prop, value, Check::Suicide, m);
        }
    }

    /// Applies one setup value, the `j`-th of its property: a point, or a
    /// rectangle `aa:cc`; each point set goes to `placed`.
    fn setup(
        &mut self,
        stone: Option<Colour>,
        value: &str,
        (j, placed): (usize, &mut Vec<Placed>),
    ) {
        let prop = match stone {
            Some(Colour::Black) => "AB",
            Some(Colour::White) => "AW",
            None => "AE",
        };
        let corners = match value.split_once(':') {
            Some((a, b)) => Point::parse(a).zip(Point::parse(b)),
            None => Point::parse(value).map(|p| (p, p)),
        };
        let Some((a, b)) = corners else {
            let m = format!("{prop}[{value}] is not a point: ignored");
            return self.find(prop, value, Check::NotAPoint, m);
        };
        let (mut off, mut empty, mut same, mut points) = (false, 0, 0, 0);
        for y in a.y.min(b.y)..=a.y.max(b.y) {
            for x in a.x.min(b.x)..=a.x.max(b.x) {
                match self.board.setup(Point { x, y }, stone) {
                    Setup::OffBoard => off = true,
                    Setup::Set { was } => {
                        placed.push(Placed {
                            point: Point { x, y },
                            id: prop,
                            index: self.index,
                            value: j,
                        });
                        points += 1;
                        empty += usize::from(was.is_none());
                        same += usize::from(stone.is_some() && was == stone);
                    }
                }
            }
        }
        if same > 0 {
            let colour = stone.map_or("", |c| c.name());
            let m = match points {
                1 => format!("{prop}[{value}] places a {colour} stone where one stands already"),
                _ => format!(
                    "{prop}[{value}]: {same} of its {points} points hold a {colour} stone already"
                ),
            };
            self.find(prop, value, Check::NoEffect, m);
        }
        if off {
            let size = self.size();
            let m =
                format!("{prop}[{value}] is off the {size} board: the points off it are ignored");
            self.find(prop, value, Check::SetupOffBoard, m);
        }
        if stone.is_none() && empty > 0 {
            let m = match points {
                1 => format!("AE[{value}] clears an empty point"),
                _ => format!("AE[{value}] clears {empty} empty points of {points}"),
            };
            self.find(prop, value, Check::ClearEmpty, m);
        }
    }

    /// The checks of a node's setup as a whole, once all of it is applied:
    /// a point that two of `AB`, `AW`, `AE` set (`FF[4]`: they must not
    /// share one), and a group left without a liberty, which no Go
    /// position has. The replay keeps the position as set up. `text(k, j)`
    /// is the `j`-th value of the node's `k`-th property.
    fn whole_setup(&mut self, placed: &mut [Placed], text: impl Fn(usize, usize) -> String) {
        placed.sort_by_key(|a| (a.point, a.index));
        // (the later value, the property before it, how many points)
        let mut twice: Vec<(Placed, &'static str, usize)> = Vec::new();
        for w in placed.windows(2) {
            let (a, b) = (w[0], w[1]);
            if a.point != b.point || a.id == b.id {
                continue;
            }
            match twice
                .iter_mut()
                .find(|t| (t.0.index, t.0.value) == (b.index, b.value))
            {
                Some(t) => t.2 += 1,
                None => twice.push((b, a.id, 1)),
            }
        }
        twice.sort_by_key(|t| (t.0.index, t.0.value));
        let does = |id| if id == "AE" { "clears" } else { "sets" };
        for (b, earlier, n) in twice {
            let value = text(b.index, b.value);
            let what = if n == 1 {
                "a point".to_string()
            } else {
                format!("{n} points")
            };
            let m = format!(
                "{}[{value}] {} {what} that {earlier} {} in this node (FF[4]: AB, AW and AE must not share a point): the later stands",
                b.id,
                does(b.id),
                does(earlier)
            );
            self.index = b.index;
            self.find(b.id, &value, Check::SetupTwice, m);
        }
        placed.sort_by_key(|a| (a.index, a.value));
        let mut dead: Vec<Point> = Vec::new();
        for a in placed.iter().filter(|a| a.id != "AE") {
            let colour = self.board.get(a.point);
            if colour.is_none_or(|c| c.setup_id() != a.id) || dead.contains(&a.point) {
                continue;
            }
            let Some(group) = self.board.group_without_liberty(a.point) else {
                continue;
            };
            let value = text(a.index, a.value);
            let name = colour.map_or("", |c| c.name());
            let m = match group.len() {
                1 => format!("{}[{value}] sets a {name} stone without a liberty: no Go position has one (kept as set up)", a.id),
                n => format!("{}[{value}] leaves a {name} group of {n} stones without a liberty: no Go position has one (kept as set up)", a.id),
            };
            self.index = a.index;
            self.find(a.id, &value, Check::SetupNoLiberty, m);
            dead.extend(group);
        }
    }

    /// Checks an `MN` value: a whole number, 0 or more.
    fn move_number(&mut self, value: &str) {
        if value.parse::<i64>().is_ok_and(|n| n >= 0) {
            return;
        }
        let m = format!("MN[{value}] is not a move number (a whole number, 0 or more)");
        self.find("MN", value, Check::MoveNumber, m);
    }

    /// `19×19`, for messages.
    fn size(&self) -> String {
        format!("{}×{}", self.board.cols(), self.board.rows())
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Reporter;
    use crate::formats::{read, Format};
    use crate::game::collect_games;

    /// The findings of the first game of an SGF text, as
    /// `node:property[value]:check`.
    fn findings(sgf: &str) -> Vec<String> {
        let mut report = Reporter::collecting("t");
        let games = collect_games(
            |sink, r| {
                read(
                    Format::Sgf,
                    &mut sgf.as_bytes(),
                    &Default::default(),
                    sink,
                    r,
                )
            },
            &mut report,
        )
        .unwrap();
        replay(&games[0])
            .iter()
            .map(|f| format!("{}:{}[{}]:{:?}", f.node, f.property, f.value, f.check))
            .collect()
    }

    #[test]
    fn boards_of_every_size_replay() {
        assert_eq!(
            findings("(;SZ[19:13];B[sm];W[ms];B[tt])"),
            ["2:W[ms]:MoveOffBoard"]
        );
        assert_eq!(findings("(;SZ[x];B[aa])"), ["0:SZ[x]:BoardSize"]);
        assert_eq!(findings("(;SZ[60];B[aa])"), ["0:SZ[60]:BoardSize"]);
    }

    #[test]
    fn passes_and_big_boards() {
        assert!(findings("(;SZ[19];B[];W[tt];B[pd])").is_empty());
        // On a board above 19, tt is a point.
        assert!(findings("(;SZ[21];B[tt];W[tt])") == ["2:W[tt]:Occupied"]);
        assert!(findings("(;SZ[52];B[ZZ];W[Za])").is_empty());
        assert_eq!(findings("(;SZ[51];B[ZZ])"), ["1:B[ZZ]:MoveOffBoard"]);
        assert_eq!(
            findings("(;SZ[19];B[p];W[p1])"),
            ["1:B[p]:NotAPoint", "2:W[p1]:NotAPoint"]
        );
    }

    #[test]
    fn replay_reports_each_check() {
        let ko = "(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])";
        assert_eq!(findings(ko), ["2:B[cb]:Ko"]);
        // With KO[] the record says it knows.
        assert!(findings("(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb]KO[])").is_empty());
        assert_eq!(findings("(;SZ[5]AB[ba][ab];W[aa])"), ["1:W[aa]:Suicide"]);
        assert_eq!(
            findings("(;SZ[5];B[cc];W[cc];B[cc])"),
            ["2:W[cc]:Occupied", "3:B[cc]:Occupied"]
        );
        assert_eq!(
            findings("(;SZ[5]AB[aa][ff]AW[aa:cf];AE[bb][ee]MN[x];MN[12])"),
            [
                "0:AB[ff]:SetupOffBoard",
                "0:AW[aa:cf]:SetupOffBoard",
                "0:AW[aa:cf]:SetupTwice",
                "1:AE[ee]:ClearEmpty",
                "1:MN[x]:MoveNumber"
            ]
        );
        assert_eq!(
            findings("(;SZ[5]AB[aa:bb];AE[aa:cc])"),
            ["1:AE[aa:cc]:ClearEmpty"]
        );
        assert_eq!(findings("(;SZ[99];B[aa])"), ["0:SZ[99]:BoardSize"]);
        assert!(findings("(;GM[2]SZ[8];B[aa];W[aa])").is_empty());
    }

    #[test]
    fn the_documented_examples() {
        let cases: &[(&str, &[&str])] = &[
            ("(;SZ[9];B[kk])", &["1:B[kk]:MoveOffBoard"]),
            ("(;SZ[9];B[p])", &["1:B[p]:NotAPoint"]),
            ("(;SZ[9]AB[a1])", &["0:AB[a1]:NotAPoint"]),
            ("(;SZ[9];B[cc];W[cc])", &["2:W[cc]:Occupied"]),
            ("(;SZ[9]AB[ba][ab];W[aa])", &["1:W[aa]:Suicide"]),
            ("(;SZ[9]AB[jj])", &["0:AB[jj]:SetupOffBoard"]),
            // The stones set fill the board: no liberty.
            (
                "(;SZ[9]AW[aa:jj])",
                &["0:AW[aa:jj]:SetupOffBoard", "0:AW[aa:jj]:SetupNoLiberty"],
            ),
            ("(;SZ[9];AE[cc])", &["1:AE[cc]:ClearEmpty"]),
            (
                "(;SZ[9]MN[x];MN[-1])",
                &["0:MN[x]:MoveNumber", "1:MN[-1]:MoveNumber"],
            ),
            ("(;SZ[99])", &["0:SZ[99]:BoardSize"]),
            ("(;SZ[x])", &["0:SZ[x]:BoardSize"]),
            (
                "(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb];B[cb])",
                &["2:B[cb]:Ko"],
            ),
            (
                "(;SZ[7:4]AB[ca][ea][cb][eb][cc][dc][ec]\
                 AW[aa][ba][fa][ab][bb][fb][ac][bc][fc]\
                 AW[ad][bd][cd][dd][ed][fd];W[da];B[db];W[da])",
                &[],
            ),
        ];
        for (sgf, expected) in cases {
            assert_eq!(findings(sgf), *expected, "{sgf}");
        }
    }

    #[test]
    fn messages_say_what_and_what_was_done() {
        let mut g = Game::default();
        g.root_mut().set("SZ", "5");
        g.root_mut().add("AB", "aa:bb");
        let a = g.add_child(0);
        g.node_mut(a).set("AE", "aa:cc");
        let b = g.add_child(a);
        g.node_mut(b).set("W", "ff");
        let m: Vec<String> = replay(&g).into_iter().map(|f| f.message).collect();
        assert_eq!(
            m,
            [
                "AE[aa:cc] clears 5 empty points of 9",
                "W[ff] is off the 5×5 board: nothing is played"
            ]
        );
    }

    #[test]
    fn variations_start_from_their_parent_position() {
        // Both variations play at dd after B[cc]; the second is checked
        // on the position without the first, the third sees the ko.
        let sgf =
            "(;SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb](;B[dd];W[ee])(;B[ee];W[dd])(;B[cb]))";
        assert_eq!(findings(sgf), ["6:B[cb]:Ko"]);
        let sgf = "(;SZ[5](;B[cc])(;W[cc](;B[cc])(;B[dd])))";
        assert_eq!(findings(sgf), ["3:B[cc]:Occupied"]);
    }

    #[test]
    fn a_setup_as_a_whole_shares_no_point_and_leaves_no_group_without_liberty() {
        // FF[4]: AB, AW and AE must not share a point; each later value
        // that does is found once, with its count.
        assert_eq!(findings("(;SZ[9]AB[aa]AE[aa])"), ["0:AE[aa]:SetupTwice"]);
        assert_eq!(
            findings("(;SZ[9]AB[aa:bb]AW[bb]AE[aa:ba])"),
            ["0:AW[bb]:SetupTwice", "0:AE[aa:ba]:SetupTwice"]
        );
        // The same point twice in one property is a repeat (NoEffect).
        assert_eq!(findings("(;SZ[9]AB[aa][aa])"), ["0:AB[aa]:NoEffect"]);
        // A stone, or two groups, left without a liberty: found once per
        // group, at the value that set its first stone.
        assert_eq!(
            findings("(;SZ[9]AB[ab][ba]AW[aa])"),
            ["0:AW[aa]:SetupNoLiberty"]
        );
        assert_eq!(
            findings("(;SZ[2]AB[aa][ab]AW[ba][bb])"),
            ["0:AB[aa]:SetupNoLiberty", "0:AW[ba]:SetupNoLiberty"]
        );
        // A group with a liberty, a capture by a move, a later node's
        // setup that leaves the earlier group alone: nothing.
        assert!(findings("(;SZ[9]AB[ab][ba];W[aa])").len() == 1);
        assert_eq!(findings("(;SZ[9]AW[aa]AB[ab];B[ba])"), Vec::<String>::new());
        assert_eq!(findings("(;SZ[9]AB[ab][ba];AW[cc])"), Vec::<String>::new());
    }

    #[test]
    fn a_deep_tree_replays_without_recursion() {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        let mut at = Game::ROOT;
        for i in 0..100_000usize {
            at = g.add_variation(at);
            let colour = if i % 2 == 0 { "B" } else { "W" };
            // Fill the board again and again: captures, suicide, occupied.
            let p = Point {
                x: (i % 19) as u8,
                y: (i / 19 % 19) as u8,
            };
            g.node_mut(at).set(colour, &p.to_string());
            // A second variation at every node, one move long.
            let side = g.add_child(g.node(at).parent().unwrap());
            g.node_mut(side).set(colour, "");
        }
        let found = replay(&g);
        assert!(!found.is_empty());
        // The side passes are never illegal.
        assert!(found.iter().all(|f| !f.value.is_empty()));
    }
}
