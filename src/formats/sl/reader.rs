//! Sensei's Library text → events: each diagram of the page is a game
//! (`formats/sl.md`, "Reading"). Lines are read one at a time, bounded by
//! `--max-value-size`; one diagram is held at a time.

use super::codes::*;
use super::parse::{Diagram, Header, NoteAt, Page, PointRef};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{GameHeader, Pos, PropertyBuf, Value};
use crate::game::{Game, NodeId};
use crate::input::LineReader;
use crate::options::ReadOptions;
use crate::sink::Sink;
use crate::stone::{Colour, Point, MAX_SIDE};
use std::collections::BTreeMap;
use std::io::Read;

/// Reads every diagram of `input` as a game into `sink`.
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let max = options.max_value_size();
    let mut lines = LineReader::new(input, max);
    let (mut buf, mut page, mut games) = (Vec::new(), Page::default(), 0);
    let (mut line, mut offset) = (1u32, 0u64);
    loop {
        buf.clear();
        match lines.read_line(&mut buf)? {
            Ok(true) => {}
            Ok(false) => break,
            Err(at) => {
                let pos = Pos::new(at.offset, at.line, 1);
                report.report(SL_LINE_TOO_LONG, pos, at.message(max));
                break;
            }
        }
        let pos = Pos::new(offset, line, 1);
        let text = decode(&buf, pos, report);
        if let Some(d) = page.line(&text, pos, report) {
            emit(d, games, sink, report)?;
            games += 1;
        }
        offset += buf.len() as u64;
        line += 1;
    }
    if let Some(d) = page.finish() {
        emit(d, games, sink, report)?;
        games += 1;
    }
    if games == 0 {
        return Err(Error::unreadable(
            SL_NO_DIAGRAM,
            "no Sensei's Library diagram: no line starts with $$",
        ));
    }
    Ok(())
}

/// The line without its line end, as text.
fn decode(buf: &[u8], pos: Pos, report: &mut Reporter) -> String {
    let line = buf.strip_suffix(b"\n").unwrap_or(buf);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    match std::str::from_utf8(line) {
        Ok(s) => s.to_string(),
        Err(_) => {
            report.report(
                SL_NOT_UTF8,
                pos,
                "not UTF-8: undecodable bytes replaced with U+FFFD",
            );
            String::from_utf8_lossy(line).into_owned()
        }
    }
}

fn emit(d: Diagram, index: usize, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
    let game = game_of(d, index, report);
    game.replay(sink, report)
}

/// Where the diagram's cells lie on the board.
struct Place {
    cols: u8,
    rows: u8,
    x0: u8,
    y0: u8,
    /// Cells across and down.
    w: u8,
    h: u8,
}

impl Place {
    fn of(h: &Header, d: &Diagram, report: &mut Reporter) -> Place {
        let w = d.rows.iter().map(Vec::len).max().unwrap_or(0);
        let hh = d.rows.len();
        let size = h
            .size
            .filter(|s| (1..=u32::from(MAX_SIDE)).contains(s))
            .map(|s| s as usize);
        let (mut cols, mut rows) = match size {
            Some(s) => (s, s),
            None if d.left && d.right && d.top && d.bottom => (w, hh),
            None if d.left && d.right => (w, w),
            None if d.top && d.bottom => (hh, hh),
            None => (19, 19),
        };
        if w > cols || hh > rows {
            report.report(
                SL_BOARD_TOO_SMALL,
                d.pos,
                format!("the diagram is {w}×{hh} points, more than a {cols}×{rows} board: the board is made larger"),
            );
            cols = cols.max(w);
            rows = rows.max(hh);
        }
        let side = usize::from(MAX_SIDE);
        if w > side || hh > side {
            report.report(
                SL_BOARD_TOO_SMALL,
                d.pos,
                format!("the diagram is {w}×{hh} points: a board has at most {side} a side, the rest is not read"),
            );
        }
        let (cols, rows) = (cols.clamp(1, side) as u8, rows.clamp(1, side) as u8);
        let (w, hh) = (w.min(side) as u8, hh.min(side) as u8);
        let x0 = if !d.left && d.right { cols - w } else { 0 };
        let y0 = if !d.top && d.bottom { rows - hh } else { 0 };
        Place {
            cols,
            rows,
            x0,
            y0,
            w,
            h: hh,
        }
    }

    /// The board point of row `r`, column `c` of the diagram.
    fn cell(&self, c: usize, r: usize) -> Option<Point> {
        (c < usize::from(self.w) && r < usize::from(self.h)).then(|| Point {
            x: self.x0 + c as u8,
            y: self.y0 + r as u8,
        })
    }

    fn point(&self, p: PointRef) -> Option<Point> {
        match p {
            PointRef::Diagram(x, y) if x >= 1 && y >= 1 => {
                self.cell(x as usize - 1, y as usize - 1)
            }
            PointRef::Diagram(..) => None,
            PointRef::Board(c, r) if c < self.cols && r >= 1 && r <= u32::from(self.rows) => {
                Some(Point {
                    x: c,
                    y: self.rows - r as u8,
                })
            }
            PointRef::Board(..) => None,
        }
    }

    fn partial(&self) -> bool {
        self.w < self.cols || self.h < self.rows
    }
}

/// What the cells of a diagram say.
#[derive(Default)]
struct Cells {
    black: Vec<Point>,
    white: Vec<Point>,
    marks: BTreeMap<&'static str, Vec<Point>>,
    labels: Vec<(Point, char)>,
    numbered: BTreeMap<u32, (Point, Pos)>,
}

fn cells(d: &Diagram, place: &Place, report: &mut Reporter) -> Cells {
    let mut out = Cells::default();
    for (r, row) in d.rows.iter().enumerate() {
        for (c, &(sym, pos)) in row.iter().enumerate() {
            let Some(p) = place.cell(c, r) else { continue };
            cell(&mut out, sym, p, pos, report);
        }
    }
    out
}

/// One symbol at `p`.
fn cell(out: &mut Cells, sym: u8, p: Point, pos: Pos, report: &mut Reporter) {
    let (stone, mark) = match sym {
        b'X' => (Some(Colour::Black), None),
        b'O' => (Some(Colour::White), None),
        b'B' => (Some(Colour::Black), Some("CR")),
        b'W' => (Some(Colour::White), Some("CR")),
        b'#' => (Some(Colour::Black), Some("SQ")),
        b'@' => (Some(Colour::White), Some("SQ")),
        b'Y' => (Some(Colour::Black), Some("TR")),
        b'Q' => (Some(Colour::White), Some("TR")),
        b'Z' => (Some(Colour::Black), Some("MA")),
        b'P' => (Some(Colour::White), Some("MA")),
        b'C' => (None, Some("CR")),
        b'S' => (None, Some("SQ")),
        b'T' => (None, Some("TR")),
        b'M' => (None, Some("MA")),
        b'a'..=b'z' => {
            out.labels.push((p, sym as char));
            (None, None)
        }
        b'0'..=b'9' => {
            let n = if sym == b'0' {
                10
            } else {
                u32::from(sym - b'0')
            };
            if out.numbered.insert(n, (p, pos)).is_some() {
                report.report(
                    SL_DUPLICATE_NUMBER,
                    pos,
                    format!("a second stone {n}: only the last is move {n}"),
                );
            }
            (None, None)
        }
        _ => (None, None),
    };
    match stone {
        Some(Colour::Black) => out.black.push(p),
        Some(Colour::White) => out.white.push(p),
        None => {}
    }
    if let Some(m) = mark {
        out.marks.entry(m).or_default().push(p);
    }
}

/// The moves of the diagram, by number: its numbered stones, then its
/// captions (`None`: a pass), with where each is written.
fn moves(
    d: &Diagram,
    c: &Cells,
    place: &Place,
    report: &mut Reporter,
) -> BTreeMap<u32, (Option<Point>, Pos)> {
    let mut out: BTreeMap<u32, (Option<Point>, Pos)> = c
        .numbered
        .iter()
        .map(|(&n, &(p, pos))| (n, (Some(p), pos)))
        .collect();
    for (note, pos) in &d.notes {
        let at = match note.at {
            NoteAt::Pass => None,
            NoteAt::Number(m) => {
                match c.numbered.get(&m) {
                    Some(&(p, _)) => Some(p),
                    None => {
                        report.report(SL_MISSING_NUMBER, *pos, format!("\"at {m}\": the diagram has no stone {m}: the caption is not a move"));
                        continue;
                    }
                }
            }
            NoteAt::Point(p) => match place.point(p) {
                Some(p) => Some(p),
                None => continue,
            },
        };
        for &n in &note.numbers {
            if out.insert(n, (at, *pos)).is_some() {
                report.report(
                    SL_DUPLICATE_NUMBER,
                    *pos,
                    format!("move {n} is given twice: the caption's is kept"),
                );
            }
        }
    }
    let mut expect = 1;
    for &n in out.keys() {
        if n != expect {
            report.report(
                SL_MISSING_NUMBER,
                d.pos,
                format!("no move {expect}: the moves are played in the order of their numbers"),
            );
        }
        expect = n + 1;
    }
    out
}

fn game_of(d: Diagram, index: usize, report: &mut Reporter) -> Game {
    let h = d.header.clone().unwrap_or(Header {
        first: Colour::Black,
        given: false,
        coords: false,
        size: None,
        start: None,
        title: String::new(),
    });
    let place = Place::of(&h, &d, report);
    let cells = cells(&d, &place, report);
    let moves = moves(&d, &cells, &place, report);
    let mut header = GameHeader::new(index);
    header.pos = d.pos;
    let mut g = Game::new(header);
    root(&mut g, &h, &place, &cells, d.pos);
    if moves.is_empty() && h.given {
        g.root_mut().set("PL", h.first.move_id());
    }
    let mut at = Game::ROOT;
    for (i, (&n, &(p, pos))) in moves.iter().enumerate() {
        at = g.add_child(at);
        let colour = if n % 2 == 1 {
            h.first
        } else {
            h.first.opponent()
        };
        let value = p.map(|p| p.to_string()).unwrap_or_default();
        let mut node = g.node_mut(at);
        node.set_pos(pos);
        let mut mv = PropertyBuf::with_values(colour.move_id(), &[value.as_str()]);
        mv.pos = pos;
        node.push_buf(&mv);
        if let (0, Some(start)) = (i, h.start) {
            node.set("MN", &start.saturating_add(n - 1).to_string());
        }
    }
    markup(&mut g, at, &d, &cells, &place, report);
    g
}

/// The root: size, name, view, setup stones.
fn root(g: &mut Game, h: &Header, place: &Place, c: &Cells, at: Pos) {
    let mut root = g.root_mut();
    root.set_pos(at);
    root.set("GM", "1");
    root.set("FF", "4");
    let sz = if place.cols == place.rows {
        place.cols.to_string()
    } else {
        format!("{}:{}", place.cols, place.rows)
    };
    root.set("SZ", &sz);
    if !h.title.is_empty() {
        root.set("N", &h.title);
    }
    if place.partial() {
        let lo = Point {
            x: place.x0,
            y: place.y0,
        };
        let hi = Point {
            x: place.x0 + place.w.max(1) - 1,
            y: place.y0 + place.h.max(1) - 1,
        };
        root.set("VW", &format!("{lo}:{hi}"));
    }
    for (id, stones) in [("AB", &c.black), ("AW", &c.white)] {
        if !stones.is_empty() {
            let values: Vec<String> = stones.iter().map(Point::to_string).collect();
            let mut p = PropertyBuf::with_values(id, &values);
            p.pos = at;
            root.push_buf(&p);
        }
    }
}

/// Marks, labels, arrows, lines and the text, on the node the diagram
/// shows (its last move, or the root).
fn markup(g: &mut Game, at: NodeId, d: &Diagram, c: &Cells, place: &Place, report: &mut Reporter) {
    let mut node = g.node_mut(at);
    for (id, points) in &c.marks {
        for p in points {
            node.add(id, &p.to_string());
        }
    }
    for (p, l) in &c.labels {
        let v = format!("{p}:{l}");
        node.add_value("LB", Value::compose(&v, 2));
    }
    for (arrow, a, b, pos) in &d.metas {
        let id = if *arrow { "AR" } else { "LN" };
        match (place.point(*a), place.point(*b)) {
            (Some(a), Some(b)) if a != b => {
                let v = format!("{a}:{b}");
                node.add_value(id, Value::compose(&v, 2));
            }
            _ => report.report(
                SL_BAD_ARROW,
                *pos,
                format!("{id}: a point off the diagram, or twice the same: dropped"),
            ),
        }
    }
    if !d.text.is_empty() {
        node.set("C", &d.text.join("\n"));
    }
}
