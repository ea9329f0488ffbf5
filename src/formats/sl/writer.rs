//! Events → Sensei's Library diagrams (`formats/sl.md`, "Writing"): the
//! pictures of each game ([`crate::render::figure`]: the final position,
//! `--at N`, `--figures`, `--every K`), cut into diagrams of at most ten
//! moves that alternate colours, numbered from 1 with `m` giving the
//! game's number of the first; a position's last move circled.

use super::codes::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::formats::diagram::{Draw, PictureWriter};
use crate::options::{Coords, Numbering, WriteOptions};
use crate::render::figure::{Area, Figure, Markup, Style};
use crate::render::StreamPages;
use crate::sink::Sink;
use crate::stone::{Colour, Point};
use std::collections::BTreeMap;
use std::io::Write;

/// What the diagrams could not carry, with how often.
type Lost = BTreeMap<&'static str, usize>;

/// A writer of Sensei's Library diagrams into `output`.
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let coords = !options.no_coords;
    let draw: Draw<'w> =
        Box::new(move |fig, _, report| Ok(diagram(fig, coords, report).into_bytes()));
    let style = Style {
        numbering: Numbering::Restart,
        max_moves: 10,
        alternate: true,
        ..Style::of(options).map_err(Error::Usage)?
    };
    let pages = Box::new(StreamPages::new(output));
    let w = PictureWriter::new(pages, draw, options, "Sensei's Library diagrams")?;
    Ok(Box::new(w.with_style(style)))
}

/// The text of one diagram, its captions and a blank line.
pub fn diagram(fig: &Figure, coords: bool, report: &mut Reporter) -> String {
    let view = anchored(fig);
    let mut lost = Lost::new();
    let mut s = header(fig, coords);
    let (left, right) = (view.left == 0, view.right + 1 == fig.cols);
    let width = 2 * usize::from(view.right - view.left + 1) + 1;
    let edge = format!(
        "$$ {}{}{}\n",
        if left { '+' } else { '-' },
        "-".repeat(width),
        if right { '+' } else { '-' }
    );
    if view.top == 0 {
        s.push_str(&edge);
    }
    for y in view.top..=view.bottom {
        s.push_str("$$ ");
        s.push_str(if left { "| " } else { "  " });
        let cells: Vec<String> = (view.left..=view.right)
            .map(|x| symbol(fig, Point { x, y }, &mut lost).to_string())
            .collect();
        s.push_str(&cells.join(" "));
        s.push_str(if right { " |" } else { "" });
        s.push('\n');
    }
    if view.bottom + 1 == fig.rows {
        s.push_str(&edge);
    }
    metas(&mut s, fig, view, &mut lost);
    for n in &fig.notes {
        s.push_str(&n.text(Coords::Gtp, fig.cols, fig.rows));
        s.push('\n');
    }
    s.push('\n');
    say_lost(fig, lost, report);
    s
}

/// `$$B`, `c`, the size of a square board, `m N`, the name.
fn header(fig: &Figure, coords: bool) -> String {
    let mut s = String::from("$$");
    s.push(if fig.first_colour == Colour::White {
        'W'
    } else {
        'B'
    });
    if coords {
        s.push('c');
    }
    if fig.cols == fig.rows {
        s.push_str(&fig.cols.to_string());
    }
    if let Some((first, _)) = fig.moves.filter(|m| m.0 != 1) {
        s.push_str(&format!("m{first}"));
    }
    if let Some(name) = &fig.name {
        s.push(' ');
        s.push_str(&name.replace(['\r', '\n'], " "));
    }
    s.push('\n');
    s
}

/// The view, drawn out to the nearer edge on a side that shows none: a
/// diagram says where it lies on the board only by its edges.
fn anchored(fig: &Figure) -> Area {
    let mut v = fig.view;
    if v.left > 0 && v.right + 1 < fig.cols {
        if v.left <= fig.cols - 1 - v.right {
            v.left = 0;
        } else {
            v.right = fig.cols - 1;
        }
    }
    if v.top > 0 && v.bottom + 1 < fig.rows {
        if v.top <= fig.rows - 1 - v.bottom {
            v.top = 0;
        } else {
            v.bottom = fig.rows - 1;
        }
    }
    v
}

/// The symbol of point `p`: a numbered stone, a (marked) stone, a mark, a
/// letter, a star point, or empty.
fn symbol(fig: &Figure, p: Point, lost: &mut Lost) -> char {
    let mark = mark_at(fig, p, lost);
    if let Some(s) = fig.stone(p) {
        // The last move of a position is circled, as Sensei's Library
        // marks it, unless the record marks that stone itself.
        let last = (fig.last_move == Some(p)).then_some(Markup::Circle);
        return stone_symbol(s.colour, s.number, mark.or(last), lost);
    }
    if let Some(m) = mark {
        return match m {
            Markup::Circle => 'C',
            Markup::Square => 'S',
            Markup::Triangle => 'T',
            _ => 'M',
        };
    }
    if let Some(c) = letter_at(fig, p, lost) {
        return c;
    }
    if fig.hoshi().contains(&p) {
        ','
    } else {
        '.'
    }
}

fn stone_symbol(
    colour: Colour,
    number: Option<u32>,
    mark: Option<Markup>,
    lost: &mut Lost,
) -> char {
    let black = colour == Colour::Black;
    if let Some(n) = number {
        if mark.is_some() {
            *lost.entry("marks on numbered stones").or_default() += 1;
        }
        return match n {
            1..=9 => char::from(b'0' + n as u8),
            10 => '0',
            _ => {
                if black {
                    'X'
                } else {
                    'O'
                }
            }
        };
    }
    match (mark, black) {
        (None, true) => 'X',
        (None, false) => 'O',
        (Some(Markup::Circle), b) => {
            if b {
                'B'
            } else {
                'W'
            }
        }
        (Some(Markup::Square), b) => {
            if b {
                '#'
            } else {
                '@'
            }
        }
        (Some(Markup::Triangle), b) => {
            if b {
                'Y'
            } else {
                'Q'
            }
        }
        (Some(_), b) => {
            if b {
                'Z'
            } else {
                'P'
            }
        }
    }
}

/// The first mark at `p` that a diagram can draw (`SL`, `DD` cannot).
fn mark_at(fig: &Figure, p: Point, lost: &mut Lost) -> Option<Markup> {
    let mut drawn = None;
    for &(_, m) in fig.marks.iter().filter(|(q, _)| *q == p) {
        match m {
            Markup::Selected | Markup::Dimmed => *lost.entry("SL and DD marks").or_default() += 1,
            m if drawn.is_none() => drawn = Some(m),
            _ => *lost.entry("second marks on a point").or_default() += 1,
        }
    }
    drawn
}

/// The letter of a label at `p`: one lower-case letter as it is, one
/// upper-case letter in lower case; other labels cannot be drawn.
fn letter_at(fig: &Figure, p: Point, lost: &mut Lost) -> Option<char> {
    let (_, text) = fig.labels.iter().find(|(q, _)| *q == p)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Some(c),
        (Some(c), None) if c.is_ascii_uppercase() => {
            *lost
                .entry("upper-case labels (written in lower case)")
                .or_default() += 1;
            Some(c.to_ascii_lowercase())
        }
        _ => {
            *lost.entry("labels other than one letter").or_default() += 1;
            None
        }
    }
}

/// `{AR x:y x:y}` and `{LN …}`, in the diagram's own 1-based columns and
/// rows.
fn metas(s: &mut String, fig: &Figure, view: Area, lost: &mut Lost) {
    let at = |p: Point| format!("{}:{}", p.x - view.left + 1, p.y - view.top + 1);
    let all = fig
        .arrows
        .iter()
        .map(|a| ("AR", a))
        .chain(fig.lines.iter().map(|l| ("LN", l)));
    for (id, &(a, b)) in all {
        if view.contains(a) && view.contains(b) {
            s.push_str(&format!("$$ {{{id} {} {}}}\n", at(a), at(b)));
        } else {
            *lost
                .entry("arrows and lines outside the diagram")
                .or_default() += 1;
        }
    }
    let on_stones = fig
        .labels
        .iter()
        .filter(|(p, _)| fig.stone(*p).is_some())
        .count();
    if on_stones > 0 {
        *lost.entry("labels on stones").or_default() += on_stones;
    }
}

fn say_lost(fig: &Figure, lost: Lost, report: &mut Reporter) {
    if fig.cols != fig.rows {
        report.report(
            SL_CANNOT_CARRY,
            None,
            format!("diagram {}: the board is {}×{}: a diagram header gives one size, so none is written", fig.index, fig.cols, fig.rows),
        );
    }
    if lost.is_empty() {
        return;
    }
    let what: Vec<String> = lost.iter().map(|(k, n)| format!("{k} ({n})")).collect();
    report.report(
        SL_CANNOT_CARRY,
        None,
        format!(
            "diagram {}: Sensei's Library diagrams cannot carry: {}",
            fig.index,
            what.join(", ")
        ),
    );
}
