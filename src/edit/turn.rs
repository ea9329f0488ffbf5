//! `--rotate`, `--mirror`, `--flip`, `--transpose`: every point of a game turned together.
//!
//! Moves, setup, markup, labels, lines and arrows, the view: streaming.
//! The root node is held until it is complete, since its `SZ` and `GM`
//! (which may stand after its `AB`) say the board; every later node is
//! turned as it passes. A game that is not Go, or whose `SZ` is not a
//! size of 1 to 52, is passed on as it came ([`BOARD_NOT_TURNED`]). A
//! rectangular board turned a quarter (or transposed) has its `SZ`
//! written rows first. A value that is no point on the board (a pass, a
//! point off it) is left as it is.

use super::codes::BOARD_NOT_TURNED;
use super::symmetry::{Size, Symmetry};
use crate::diag::{At, Reporter};
use crate::error::Error;
use crate::event::{Event, Moves, MovesBuf, PlainMove, Pos, Property, PropertyBuf, Value};
use crate::sink::Sink;

/// How a property's values hold points.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One point, or a pass (`B`, `W`).
    Move,
    /// Points and rectangles `aa:cc` (`AB`, `TR`, `VW`…).
    List,
    /// Two points, from and to (`LN`, `AR`).
    Pair,
    /// A point and a text (`LB`).
    Label,
}

/// The FF[4] properties whose values are points.
fn kind(id: &str) -> Option<Kind> {
    Some(match id {
        "B" | "W" => Kind::Move,
        "AB" | "AW" | "AE" | "TR" | "SQ" | "CR" | "MA" | "SL" | "DD" | "TB" | "TW" | "VW" => {
            Kind::List
        }
        "LN" | "AR" => Kind::Pair,
        "LB" => Kind::Label,
        _ => return None,
    })
}

/// Where the turn is in a game.
enum State {
    /// Before the root node.
    BeforeRoot,
    /// In the root node, held.
    Root(Pos, Vec<PropertyBuf>),
    /// After the root: the board, if the game is turned.
    After(Option<Size>),
}

/// The sink that turns every point of every game by a symmetry.
pub struct Turn<'a> {
    symmetry: Symmetry,
    next: Box<dyn Sink + 'a>,
    state: State,
    run: MovesBuf,
}

impl<'a> Turn<'a> {
    pub fn new(symmetry: Symmetry, next: Box<dyn Sink + 'a>) -> Self {
        Turn {
            symmetry,
            next,
            state: State::After(None),
            run: MovesBuf::default(),
        }
    }

    /// The held root node, turned, sent on; the board decided.
    fn end_root(&mut self, report: &mut Reporter) -> Result<(), Error> {
        let State::Root(pos, props) = std::mem::replace(&mut self.state, State::After(None)) else {
            return Ok(());
        };
        let board = board_of(&props, pos, report);
        self.next.event(&Event::Node(pos), report)?;
        for p in &props {
            let turned = board.and_then(|b| self.turned(p.as_property(), b));
            let out = turned.as_ref().unwrap_or(p);
            self.next
                .event(&Event::Property(out.as_property()), report)?;
        }
        self.state = State::After(board);
        Ok(())
    }

    /// `p` turned on a board of `size`, when it changes: a point
    /// property, or a rectangular `SZ` a quarter turn exchanges.
    fn turned(&self, p: Property<'_>, size: Size) -> Option<PropertyBuf> {
        if p.name == "SZ" {
            return resized(&p, self.symmetry.size_after(size));
        }
        let kind = kind(p.name)?;
        let mut out = PropertyBuf::new(p.name).at(p.pos);
        for v in p.values.iter() {
            match self.value(v, kind, size) {
                Some((first, None)) => out.push(&first),
                Some((first, Some(second))) => out.push_compose(&first, &second),
                None => out.push_value(v),
            };
        }
        Some(out)
    }

    /// One value turned, as its parts; `None` for one left as it is.
    fn value(&self, v: Value<'_>, kind: Kind, size: Size) -> Option<(String, Option<String>)> {
        let s = &self.symmetry;
        // A reader may leave a point list's `aa:cc` unsplit.
        let parts = match v.parts() {
            (text, None) => text
                .split_once(':')
                .map_or((text, None), |(a, b)| (a, Some(b))),
            split => split,
        };
        match (kind, parts) {
            (Kind::Move | Kind::List, (p, None)) => Some((s.sgf_point(p, size)?, None)),
            (Kind::List, (a, Some(b))) => {
                let rect = s.sgf_rectangle(a, b, size)?;
                let (a, b) = rect.split_once(':')?;
                Some((a.to_string(), Some(b.to_string())))
            }
            (Kind::Pair, (a, Some(b))) => {
                Some((s.sgf_point(a, size)?, Some(s.sgf_point(b, size)?)))
            }
            (Kind::Label, (p, Some(text))) => Some((s.sgf_point(p, size)?, Some(text.to_string()))),
            _ => None,
        }
    }

    /// A property of a node after the root.
    fn property(&mut self, p: &Property<'_>, report: &mut Reporter) -> Result<(), Error> {
        let turned = match self.state {
            State::After(Some(size)) if kind(p.name).is_some() => self.turned(*p, size),
            _ => None,
        };
        match turned {
            Some(t) => self.next.event(&Event::Property(t.as_property()), report),
            None => self.next.event(&Event::Property(*p), report),
        }
    }
}

/// The board of a root node's `SZ` (19 × 19 without one), if the game is
/// Go (`GM` absent or 1) and the size one of 1 to 52; else reported.
fn board_of(props: &[PropertyBuf], root: Pos, report: &mut Reporter) -> Option<Size> {
    let value = |id: &str| props.iter().find(|p| p.name == id);
    let gm = value("GM").and_then(|p| p.first_text()).map(str::trim);
    if let Some(gm) = gm.filter(|&gm| gm != "1") {
        let at = value("GM").map_or(root, |p| p.pos);
        let m = format!("GM[{gm}]: not Go, so its board is not known: the game was not turned");
        report.report(BOARD_NOT_TURNED, At::property("GM", at), m);
        return None;
    }
    let Some(sz) = value("SZ") else {
        return Some((19, 19));
    };
    let text = sz.first_text().unwrap_or("");
    let size = crate::values::board_sides(text)
        .filter(|&(w, h)| (1..=52).contains(&w) && (1..=52).contains(&h));
    if size.is_none() {
        let m = format!("SZ[{text}] is no board size of 1 to 52: the game was not turned");
        report.report(BOARD_NOT_TURNED, At::property("SZ", sz.pos), m);
    }
    size
}

/// `SZ` for the board `after` the turn, when it differs from `p`'s.
fn resized(p: &Property<'_>, after: Size) -> Option<PropertyBuf> {
    let now = crate::values::board_sides(p.first_text()?)?;
    if now == after {
        return None;
    }
    let mut out = PropertyBuf::new("SZ").at(p.pos);
    out.push_compose(&after.0.to_string(), &after.1.to_string());
    Some(out)
}

impl Sink for Turn<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match (event, &mut self.state) {
            (Event::GameStart(_), _) => self.state = State::BeforeRoot,
            (Event::Node(pos), State::BeforeRoot) => {
                self.state = State::Root(*pos, Vec::new());
                return Ok(());
            }
            (Event::Property(p), State::Root(_, props)) => {
                props.push(PropertyBuf::from_property(p));
                return Ok(());
            }
            (Event::Property(p), _) => return self.property(p, report),
            (_, State::Root(..)) => self.end_root(report)?,
            _ => {}
        }
        self.next.event(event, report)
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        match self.state {
            // A root that is a plain move: held as any root is.
            State::BeforeRoot => return crate::sink::moves_as_nodes(self, moves, report),
            State::Root(..) => self.end_root(report)?,
            State::After(_) => {}
        }
        let State::After(Some(size)) = self.state else {
            return self.next.moves(moves, report);
        };
        self.run.clear();
        for (m, &pos) in moves.plain().zip(moves.positions()) {
            let [semi, colour, open, x, y, close] = *m.text();
            let point = [x, y];
            let text = std::str::from_utf8(&point).unwrap_or("");
            let turned = self.symmetry.sgf_point(text, size);
            let plain = turned.as_deref().and_then(|t| match t.as_bytes() {
                [a, b] => PlainMove::new([semi, colour, open, *a, *b, close]),
                _ => None,
            });
            match plain {
                Some(p) => self.run.push_plain(p, pos),
                None => {
                    // A point that is no plain move once turned (a capital
                    // letter, `tt` on a large board): a node of its own.
                    self.flush_run(report)?;
                    let name = if colour == b'B' { "B" } else { "W" };
                    let value = turned.unwrap_or_else(|| text.to_string());
                    let p = PropertyBuf::with_values(name, &[value]).at(pos);
                    self.next.event(&Event::Node(pos), report)?;
                    self.next.event(&Event::Property(p.as_property()), report)?;
                }
            }
        }
        self.flush_run(report)
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.end_root(report)?;
        self.next.finish(report)
    }
}

impl Turn<'_> {
    fn flush_run(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if !self.run.is_empty() {
            self.next.moves(&self.run.as_moves(), report)?;
            self.run.clear();
        }
        Ok(())
    }
}
