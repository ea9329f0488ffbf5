//! The text of a Sensei's Library page, line by line, into [`Diagram`]s:
//! the syntax of `formats/sl.md` and nothing of Go. A diagram is a run of
//! lines starting with `$$`: its header, edges, rows, links and arrows;
//! the text lines after it, up to the next diagram, belong to it (captions
//! such as "7 at 1" are read as [`NoteLine`]s).

use super::codes::*;
use crate::diag::Reporter;
use crate::event::Pos;
use crate::stone::Colour;

/// The first line: `$$` [`B`|`W`] [`c`] [size] [`m` N] title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Who plays the odd numbers.
    pub first: Colour,
    /// `B` or `W` was written (on a diagram without moves: who is to play).
    pub given: bool,
    /// `c`: coordinates shown.
    pub coords: bool,
    /// The board size.
    pub size: Option<u32>,
    /// `m N`: stone 1 is move N of the game.
    pub start: Option<u32>,
    /// The rest of the line.
    pub title: String,
}

/// A point named in an arrow, a line or a caption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointRef {
    /// `x:y`: the 1-based column and row of the diagram as drawn.
    Diagram(u32, u32),
    /// `C3`: a board coordinate, column letter without `I` (0-based) and
    /// row number counted from the bottom.
    Board(u8, u32),
}

/// A caption line under a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoteLine {
    /// The move numbers it places ("12, 18 at 5").
    pub numbers: Vec<u32>,
    /// Where they went.
    pub at: NoteAt,
}

/// Where the moves of a caption went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteAt {
    /// On the point of stone N ("at 5", "ko at 5").
    Number(u32),
    /// On a board point ("at Q16").
    Point(PointRef),
    /// A pass ("12: pass").
    Pass,
}

/// One diagram and the text after it.
#[derive(Clone, Debug, Default)]
pub struct Diagram {
    /// The header; `None` only before the first line.
    pub header: Option<Header>,
    /// Where the header line is.
    pub pos: Pos,
    /// Edges drawn: top, bottom, left, right.
    pub top: bool,
    /// The bottom edge.
    pub bottom: bool,
    /// The left edge.
    pub left: bool,
    /// The right edge.
    pub right: bool,
    /// The symbols of each row, with where each stands.
    pub rows: Vec<Vec<(u8, Pos)>>,
    /// `{AR a b}` (true) and `{LN a b}` (false).
    pub metas: Vec<(bool, PointRef, PointRef, Pos)>,
    /// Captions read from the text after the diagram.
    pub notes: Vec<(NoteLine, Pos)>,
    /// The other text after the diagram (and, for the first, before it).
    pub text: Vec<String>,
}

/// The symbols a row may hold.
const SYMBOLS: &[u8] = b".,XOBW#@YQZPCSTM_0123456789abcdefghijklmnopqrstuvwxyz";

/// A page being read: the diagram open now.
#[derive(Default)]
pub struct Page {
    open: Option<Diagram>,
    /// The diagram has had a line that is not `$$`: text follows it.
    closed: bool,
    /// Text before the first diagram.
    before: Vec<String>,
}

impl Page {
    /// Takes one line (without its line end) at `pos`; returns the diagram
    /// it ends, if a new one starts.
    pub fn line(&mut self, line: &str, pos: Pos, report: &mut Reporter) -> Option<Diagram> {
        let t = line.trim_start();
        let Some(body) = t.strip_prefix("$$") else {
            self.text(line, pos);
            return None;
        };
        let col = pos.col + (line.len() - t.len()) as u32 + 2;
        let here = Pos::new(pos.offset, pos.line, col);
        if self.closed || self.open.is_none() {
            let done = self.open.take();
            let mut d = Diagram {
                header: Some(header(body)),
                pos,
                ..Diagram::default()
            };
            if done.is_none() {
                d.text.append(&mut self.before);
            }
            self.open = Some(d);
            self.closed = false;
            return done;
        }
        if let Some(d) = &mut self.open {
            body_line(d, body, here, report);
        }
        None
    }

    /// The last diagram.
    pub fn finish(&mut self) -> Option<Diagram> {
        self.open.take()
    }

    fn text(&mut self, line: &str, pos: Pos) {
        let Some(d) = &mut self.open else {
            if !line.trim().is_empty() {
                self.before.push(line.trim_end().to_string());
            }
            return;
        };
        self.closed = true;
        let t = line.trim();
        if t.is_empty() {
            return;
        }
        match note_line(t) {
            Some(n) => d.notes.push((n, pos)),
            None => d.text.push(line.trim_end().to_string()),
        }
    }
}

/// The header after `$$`.
fn header(body: &str) -> Header {
    let b = body.as_bytes();
    let mut i = 0;
    let first = match b.first() {
        Some(b'W') => Colour::White,
        _ => Colour::Black,
    };
    let given = matches!(b.first(), Some(b'B' | b'W'));
    i += usize::from(given);
    let coords = b.get(i) == Some(&b'c');
    i += usize::from(coords);
    let (size, n) = number(&b[i..]);
    i += n;
    let mut start = None;
    if b.get(i) == Some(&b'm') {
        let (m, n) = number(&b[i + 1..]);
        if m.is_some() {
            start = m;
            i += 1 + n;
        }
    }
    Header {
        first,
        given,
        coords,
        size,
        start,
        title: body[i..].trim().to_string(),
    }
}

/// The decimal number `b` starts with and its length in bytes.
fn number(b: &[u8]) -> (Option<u32>, usize) {
    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let v = std::str::from_utf8(&b[..n])
        .ok()
        .and_then(|s| s.parse().ok());
    (v, n)
}

/// A line of the diagram after its header: an edge, a link, an arrow or
/// line, a row, or nothing.
fn body_line(d: &mut Diagram, body: &str, pos: Pos, report: &mut Reporter) {
    let t = body.trim();
    if t.is_empty() {
        return;
    }
    if is_edge(t) {
        if d.rows.is_empty() {
            d.top = true;
        } else {
            d.bottom = true;
        }
        return;
    }
    if t.starts_with('[') {
        report.report(
            SL_LINK_IN_COMMENT,
            pos,
            format!("link {t} kept as a line of the diagram's comment (C)"),
        );
        d.text.push(t.to_string());
        return;
    }
    if let Some(inner) = t.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
        meta(d, inner, pos, report);
        return;
    }
    row(d, body, pos, report);
}

/// An edge: only `-`, `+` and `|`, with two `-` or more.
fn is_edge(t: &str) -> bool {
    t.bytes().all(|c| matches!(c, b'-' | b'+' | b'|' | b' '))
        && t.bytes().filter(|&c| c == b'-').count() >= 2
}

/// `AR a b` or `LN a b`.
fn meta(d: &mut Diagram, inner: &str, pos: Pos, report: &mut Reporter) {
    let parts: Vec<&str> = inner.split_whitespace().collect();
    let arrow = match parts.first() {
        Some(&"AR") => true,
        Some(&"LN") => false,
        _ => {
            report.report(
                SL_BAD_ARROW,
                pos,
                format!("{{{inner}}} is not an arrow or a line: dropped"),
            );
            return;
        }
    };
    match (
        parts.get(1).and_then(|s| point_ref(s)),
        parts.get(2).and_then(|s| point_ref(s)),
    ) {
        (Some(a), Some(b)) if parts.len() == 3 => d.metas.push((arrow, a, b, pos)),
        _ => report.report(
            SL_BAD_ARROW,
            pos,
            format!("{{{inner}}}: two points expected (x:y or C3): dropped"),
        ),
    }
}

/// `x:y` or `C3`.
pub fn point_ref(s: &str) -> Option<PointRef> {
    if let Some((x, y)) = s.split_once(':') {
        return Some(PointRef::Diagram(x.parse().ok()?, y.parse().ok()?));
    }
    let (&letter, digits) = s.as_bytes().split_first()?;
    let letter = letter.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() || letter == b'I' || digits.is_empty() {
        return None;
    }
    let col = letter - b'A' - u8::from(letter > b'I');
    let row = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some(PointRef::Board(col, row))
}

/// A row: symbols between optional `|` / `+` edges, blanks ignored.
fn row(d: &mut Diagram, body: &str, pos: Pos, report: &mut Reporter) {
    let lead = body.len() - body.trim_start().len();
    let t = body.trim();
    let (mut from, mut to) = (0, t.len());
    if t.starts_with(['|', '+']) {
        d.left = true;
        from = 1;
    }
    if to > from && t.ends_with(['|', '+']) {
        d.right = true;
        to -= 1;
    }
    let mut cells = Vec::new();
    for (i, c) in t[from..to].char_indices() {
        if c.is_whitespace() {
            continue;
        }
        let col = pos.col + (lead + from + i) as u32;
        let at = Pos::new(pos.offset + (col - pos.col) as u64, pos.line, col);
        let sym = u8::try_from(c).ok().filter(|b| SYMBOLS.contains(b));
        if sym.is_none() {
            report.report(
                SL_BAD_SYMBOL,
                at,
                format!("'{c}' is not a diagram symbol: read as an empty point"),
            );
        }
        cells.push((sym.unwrap_or(b'.'), at));
    }
    d.rows.push(cells);
}

/// A caption: `12 at 5`, `12, 18 at 5`, `16: ko at 9`, `12 at Q16`,
/// `12: pass` (a final `.` allowed).
pub fn note_line(t: &str) -> Option<NoteLine> {
    let t = t.strip_suffix('.').unwrap_or(t).trim();
    if let Some(n) = t.strip_suffix(": pass") {
        return Some(NoteLine {
            numbers: numbers(n)?,
            at: NoteAt::Pass,
        });
    }
    let (n, at) = t.split_once(" at ")?;
    let n = n.strip_suffix(": ko").unwrap_or(n);
    let at = match at.trim().parse::<u32>() {
        Ok(m) => NoteAt::Number(m),
        Err(_) => match point_ref(at.trim())? {
            p @ PointRef::Board(..) => NoteAt::Point(p),
            PointRef::Diagram(..) => return None,
        },
    };
    Some(NoteLine {
        numbers: numbers(n)?,
        at,
    })
}

/// `12, 18`: numbers separated by commas.
fn numbers(s: &str) -> Option<Vec<u32>> {
    s.split(',').map(|n| n.trim().parse().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let h = header("Wcm21 Joseki");
        assert_eq!(h.first, Colour::White);
        assert!(h.coords);
        assert_eq!((h.size, h.start), (None, Some(21)));
        assert_eq!(h.title, "Joseki");
        let h = header("Bc9 ");
        assert_eq!(
            (h.first, h.size, h.title.as_str()),
            (Colour::Black, Some(9), "")
        );
        assert_eq!(header(" Title").title, "Title");
        assert_eq!(header("Bmove").title, "move", "m without a number is text");
    }

    #[test]
    fn captions() {
        assert_eq!(
            note_line("12, 18 at 5."),
            Some(NoteLine {
                numbers: vec![12, 18],
                at: NoteAt::Number(5)
            })
        );
        assert_eq!(note_line("16: ko at 9").unwrap().at, NoteAt::Number(9));
        assert_eq!(note_line("3: pass").unwrap().at, NoteAt::Pass);
        assert_eq!(
            note_line("7 at Q16").unwrap().at,
            NoteAt::Point(PointRef::Board(15, 16))
        );
        assert_eq!(note_line("Black lives at last"), None);
        assert_eq!(note_line("White 2 at 1 is bad"), None);
    }

    #[test]
    fn edges_and_points() {
        assert!(is_edge("+-------+"));
        assert!(is_edge("---------"));
        assert!(!is_edge("| . . |"));
        assert_eq!(point_ref("3:4"), Some(PointRef::Diagram(3, 4)));
        assert_eq!(point_ref("J10"), Some(PointRef::Board(8, 10)));
        assert_eq!(point_ref("I5"), None);
    }
}
