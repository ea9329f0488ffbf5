//! A [`Figure`] drawn as an SVG document, as a printed Go book draws it.
//!
//! Thin grid lines with a heavier board edge (drawn heavy only where the
//! view reaches the board's real edge; elsewhere the lines run on half a
//! cell, torn off), cells 1 : 1.07 (taller than wide, as on a real board),
//! hoshi, coordinates on the four sides, stones (white ones with a thin
//! outline), move numbers centred and sized to fit, the last move, markup,
//! labels (blanking the grid under them on empty points), arrows and
//! lines, and below the board the caption and the notes ("12 at 5"). A
//! numbered stone shows its number only: marks and labels on it are left
//! out, so that nothing overlaps.
//!
//! How it is drawn (colours, line widths, shaded or flat stones, whether
//! coordinates are drawn) is the [`Look`] of `--style`; the description
//! above is the book look, the default.
//!
//! The output is deterministic: no generated ids, every number written by
//! [`num`] (at most two decimals), elements in a fixed order, so that
//! golden files stay stable. Text is `<text>` in the [`FONT_FAMILY`] list,
//! whose first name is the font the PNG writer embeds.

use crate::options::{Coords, PictureStyle, WriteOptions};
use crate::render::figure::{column_label, row_label, Figure, Markup, Stone};
use crate::render::look::Look;
use crate::stone::{Colour, Point};
use std::borrow::Cow;

/// The fonts of every text, best first: the embedded one of PNG pictures,
/// then what most systems have.
pub const FONT_FAMILY: &str =
    "'DejaVu Sans Condensed', 'DejaVu Sans', 'Arial Narrow', Helvetica, Arial, sans-serif";

/// Horizontal distance between lines.
const W: f64 = 22.0;
/// Vertical distance between lines (1.07 × [`W`]).
const H: f64 = 23.54;
/// A stone's radius.
const R: f64 = 10.7;
/// From the outermost points to the coordinates (or the picture's edge).
const MARGIN: f64 = 16.5;
/// The band of the coordinates on each side.
const BAND: f64 = 16.0;
/// Markup.
const MARK: f64 = 1.5;
/// The caption's font sizes and line heights.
const TITLE_SIZE: f64 = 14.0;
const NOTE_SIZE: f64 = 12.0;
/// The average advance of a character of the condensed font, in ems.
const EM_ADVANCE: f64 = 0.55;

/// How a figure is drawn besides what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgStyle {
    /// The coordinates around the board (`None`: none).
    pub coords: Option<Coords>,
    /// The picture's width in pixels (`width`/`height` attributes); `None`:
    /// the size in user units.
    pub size: Option<u32>,
    /// The most characters of one text drawn (a figure heading, a label),
    /// longer ones cut with `…` ([`drawing`] says which); `None`: every
    /// text whole (SVG). The PNG writer's renderer lays a text out in time
    /// quadratic in its length.
    pub text_limit: Option<usize>,
    /// How it looks (`--style`).
    pub look: PictureStyle,
}

impl SvgStyle {
    /// The style the writer options ask for: `--coords` (GTP by default),
    /// `--no-coords`, `--size`, `--style`.
    pub fn of(w: &WriteOptions) -> SvgStyle {
        SvgStyle {
            coords: (!w.no_coords).then(|| w.coords.unwrap_or(Coords::Gtp)),
            size: w.size,
            text_limit: None,
            look: w.style.unwrap_or_default(),
        }
    }
}

impl Default for SvgStyle {
    fn default() -> Self {
        SvgStyle {
            coords: Some(Coords::Gtp),
            size: None,
            text_limit: None,
            look: PictureStyle::Book,
        }
    }
}

/// Where everything goes.
struct Geometry {
    /// Centre of the view's top left point.
    x0: f64,
    y0: f64,
    /// Whether each side of the view is the board's real edge: left, top,
    /// right, bottom.
    edge: [bool; 4],
    /// The view, in points.
    left: u8,
    top: u8,
    right: u8,
    bottom: u8,
    /// The picture.
    width: f64,
    height: f64,
    /// Where the caption starts.
    board_bottom: f64,
    /// How it is drawn.
    look: &'static Look,
}

impl Geometry {
    fn new(fig: &Figure, coords: bool, caption: &[Line], look: &'static Look) -> Geometry {
        let v = fig.view;
        let band = if coords { BAND } else { 0.0 };
        let board_w = f64::from(v.right - v.left) * W + 2.0 * (MARGIN + band);
        let board_h = f64::from(v.bottom - v.top) * H + 2.0 * (MARGIN + band);
        let text_w = caption.iter().map(Line::width).fold(0.0, f64::max) + 16.0;
        let width = board_w.max(text_w);
        let text_h: f64 = caption.iter().map(|l| l.size * 1.35).sum();
        Geometry {
            x0: (width - board_w) / 2.0 + band + MARGIN,
            y0: band + MARGIN,
            edge: [
                v.left == 0,
                v.top == 0,
                v.right + 1 == fig.cols,
                v.bottom + 1 == fig.rows,
            ],
            left: v.left,
            top: v.top,
            right: v.right,
            bottom: v.bottom,
            width,
            height: board_h + text_h + if caption.is_empty() { 0.0 } else { 8.0 },
            board_bottom: board_h,
            look,
        }
    }

    fn x(&self, col: u8) -> f64 {
        self.x0 + f64::from(col.saturating_sub(self.left)) * W
    }

    fn y(&self, row: u8) -> f64 {
        self.y0 + f64::from(row.saturating_sub(self.top)) * H
    }

    fn shows(&self, p: Point) -> bool {
        (self.left..=self.right).contains(&p.x) && (self.top..=self.bottom).contains(&p.y)
    }

    /// How far the lines run past the view on each side: half a cell where
    /// it is torn off, none at the board's edge.
    fn overrun(&self) -> [f64; 4] {
        let [l, t, r, b] = self.edge;
        [
            if l { 0.0 } else { W / 2.0 },
            if t { 0.0 } else { H / 2.0 },
            if r { 0.0 } else { W / 2.0 },
            if b { 0.0 } else { H / 2.0 },
        ]
    }
}

/// A line of the caption.
struct Line {
    text: String,
    size: f64,
}

impl Line {
    fn width(&self) -> f64 {
        self.text.chars().count() as f64 * self.size * EM_ADVANCE
    }
}

/// The SVG document of `fig`.
pub fn svg(fig: &Figure, style: &SvgStyle) -> String {
    drawing(fig, style).0
}

/// The SVG document of `fig`, and what of its texts was cut to
/// `style.text_limit` (`the figure heading (N characters)`, `the label
/// at C3 (N characters)`).
pub fn drawing(fig: &Figure, style: &SvgStyle) -> (String, Vec<String>) {
    let mut cut = Cut {
        limit: style.text_limit,
        said: Vec::new(),
    };
    let caption = caption_lines(fig, style.coords.unwrap_or(Coords::Gtp), &mut cut);
    let look = Look::of(style.look);
    let coords = style.coords.filter(|_| look.coords);
    let g = Geometry::new(fig, coords.is_some(), &caption, look);
    let mut out = String::with_capacity(8 * 1024);
    header(&mut out, &g, style.size, fig.caption().as_deref());
    if look.board_drawn {
        board(&mut out, &g);
    }
    grid(&mut out, &g);
    hoshi(&mut out, fig, &g);
    if let Some(c) = coords {
        coordinates(&mut out, fig, &g, c);
    }
    stones(&mut out, fig, &g);
    overlays(&mut out, fig, &g);
    marks(&mut out, fig, &g);
    labels(&mut out, fig, &g, &mut cut);
    lines(&mut out, fig, &g);
    captions(&mut out, &g, &caption);
    out.push_str("</svg>\n");
    (out, cut.said)
}

/// The cutting of long texts to a limit, and what was cut.
struct Cut {
    limit: Option<usize>,
    said: Vec<String>,
}

impl Cut {
    /// `text`, or its first `limit` characters and `…` (said as `what`).
    fn text<'t>(&mut self, text: &'t str, what: impl FnOnce() -> String) -> Cow<'t, str> {
        let Some(limit) = self.limit else {
            return Cow::Borrowed(text);
        };
        match text.char_indices().nth(limit) {
            None => Cow::Borrowed(text),
            Some((at, _)) => {
                let n = text.chars().count();
                self.said.push(format!("{} ({n} characters)", what()));
                Cow::Owned(format!("{}…", &text[..at]))
            }
        }
    }
}

fn header(out: &mut String, g: &Geometry, size: Option<u32>, title: Option<&str>) {
    let (w, h) = match size {
        Some(px) => {
            let px = f64::from(px);
            (num(px), num((px * g.height / g.width).round()))
        }
        None => (num(g.width), num(g.height)),
    };
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {} {}\" font-family=\"{FONT_FAMILY}\">\n",
        num(g.width),
        num(g.height)
    ));
    if let Some(t) = title {
        out.push_str(&format!("<title>{}</title>\n", escape(t)));
    }
    out.push_str(&format!(
        "<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
        num(g.width),
        num(g.height),
        g.look.paper
    ));
    out.push_str(g.look.defs);
}

/// The wood under the grid.
fn board(out: &mut String, g: &Geometry) {
    let pad = MARGIN - 2.0;
    let (x, y) = (g.x(g.left) - pad, g.y(g.top) - pad);
    let w = g.x(g.right) - g.x(g.left) + 2.0 * pad;
    let h = g.y(g.bottom) - g.y(g.top) + 2.0 * pad;
    out.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
        num(x),
        num(y),
        num(w),
        num(h),
        g.look.board
    ));
}

/// The thin lines, then the board's edges where the view reaches them.
fn grid(out: &mut String, g: &Geometry) {
    let [ol, ot, or, ob] = g.overrun();
    let (x1, x2) = (g.x(g.left) - ol, g.x(g.right) + or);
    let (y1, y2) = (g.y(g.top) - ot, g.y(g.bottom) + ob);
    let mut d = String::new();
    for col in g.left..=g.right {
        let heavy = (col == g.left && g.edge[0]) || (col == g.right && g.edge[2]);
        if !heavy {
            d.push_str(&format!("M{} {}V{}", num(g.x(col)), num(y1), num(y2)));
        }
    }
    for row in g.top..=g.bottom {
        let heavy = (row == g.top && g.edge[1]) || (row == g.bottom && g.edge[3]);
        if !heavy {
            d.push_str(&format!("M{} {}H{}", num(x1), num(g.y(row)), num(x2)));
        }
    }
    if !d.is_empty() {
        out.push_str(&format!(
            "<path d=\"{d}\" stroke=\"{}\" stroke-width=\"{}\" fill=\"none\"/>\n",
            g.look.ink,
            num(g.look.grid)
        ));
    }
    // An edge meeting another edge runs on by half its width, so the
    // corner is square.
    let half = g.look.edge / 2.0;
    let end = |is_edge: bool, overrun: f64| if is_edge { half } else { overrun };
    let (ex1, ex2) = (
        g.x(g.left) - end(g.edge[0], ol),
        g.x(g.right) + end(g.edge[2], or),
    );
    let (ey1, ey2) = (
        g.y(g.top) - end(g.edge[1], ot),
        g.y(g.bottom) + end(g.edge[3], ob),
    );
    let mut e = String::new();
    let sides = [
        (
            g.edge[0],
            format!("M{} {}V{}", num(g.x(g.left)), num(ey1), num(ey2)),
        ),
        (
            g.edge[1],
            format!("M{} {}H{}", num(ex1), num(g.y(g.top)), num(ex2)),
        ),
        (
            g.edge[2],
            format!("M{} {}V{}", num(g.x(g.right)), num(ey1), num(ey2)),
        ),
        (
            g.edge[3],
            format!("M{} {}H{}", num(ex1), num(g.y(g.bottom)), num(ex2)),
        ),
    ];
    for (is_edge, seg) in sides {
        if is_edge {
            e.push_str(&seg);
        }
    }
    if !e.is_empty() {
        out.push_str(&format!(
            "<path d=\"{e}\" stroke=\"{}\" stroke-width=\"{}\" fill=\"none\"/>\n",
            g.look.ink,
            num(g.look.edge)
        ));
    }
}

fn hoshi(out: &mut String, fig: &Figure, g: &Geometry) {
    let dots: Vec<Point> = fig
        .hoshi()
        .into_iter()
        .filter(|p| fig.stone(*p).is_none() && !labelled(fig, *p))
        .collect();
    if dots.is_empty() {
        return;
    }
    out.push_str(&format!("<g fill=\"{}\">\n", g.look.ink));
    for p in dots {
        out.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>\n",
            num(g.x(p.x)),
            num(g.y(p.y)),
            num(g.look.hoshi)
        ));
    }
    out.push_str("</g>\n");
}

/// The labels of the view's lines, on the four sides.
fn coordinates(out: &mut String, fig: &Figure, g: &Geometry, coords: Coords) {
    let size = 10.0;
    out.push_str(&format!(
        "<g font-size=\"{}\" text-anchor=\"middle\" fill=\"#000\">\n",
        num(size)
    ));
    let near = BAND / 2.0 + 1.0;
    let (top, bottom) = (near, g.board_bottom - near);
    let (left, right) = (
        g.x0 - MARGIN - BAND + near,
        g.x(g.right) + MARGIN + BAND - near,
    );
    for col in g.left..=g.right {
        let t = escape(&column_label(coords, col));
        for y in [top, bottom] {
            text_at(out, g.x(col), y, size, &t);
        }
    }
    for row in g.top..=g.bottom {
        let t = escape(&row_label(coords, row, fig.rows));
        for x in [left, right] {
            text_at(out, x, g.y(row), size, &t);
        }
    }
    out.push_str("</g>\n");
}

/// A `<text>` centred on (x, y), in the enclosing group's style.
fn text_at(out: &mut String, x: f64, y: f64, size: f64, escaped: &str) {
    out.push_str(&format!(
        "<text x=\"{}\" y=\"{}\">{escaped}</text>\n",
        num(x),
        num(y + 0.36 * size)
    ));
}

fn stones(out: &mut String, fig: &Figure, g: &Geometry) {
    for s in fig.stones.iter().filter(|s| g.shows(s.at)) {
        let (cx, cy) = (num(g.x(s.at.x)), num(g.y(s.at.y)));
        let (line, width) = g.look.outline;
        match s.colour {
            Colour::Black => out.push_str(&format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{}\"/>\n",
                num(R),
                g.look.black
            )),
            Colour::White => out.push_str(&format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{}\" stroke=\"{line}\" \
                 stroke-width=\"{}\"/>\n",
                num(R - width / 2.0),
                g.look.white,
                num(width)
            )),
        }
        if let Some(n) = s.number {
            number(out, s, n, g);
        }
    }
    let marked = |p: &Point| labelled(fig, *p) || fig.marks.iter().any(|(q, _)| q == p);
    if let Some(p) = fig.last_move.filter(|p| g.shows(*p) && !marked(p)) {
        out.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
            num(g.x(p.x)),
            num(g.y(p.y)),
            num(R * 0.45),
            contrast(fig, p),
            num(MARK)
        ));
    }
}

/// A move number on its stone, sized to fit its digits.
fn number(out: &mut String, s: &Stone, n: u32, g: &Geometry) {
    let text = n.to_string();
    let size = match text.len() {
        1 => 13.0,
        2 => 12.0,
        3 => 10.0,
        _ => 8.0,
    };
    let fill = if s.colour == Colour::Black {
        "#fff"
    } else {
        "#000"
    };
    out.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{fill}\">{text}</text>\n",
        num(g.x(s.at.x)),
        num(g.y(s.at.y) + 0.36 * size),
        num(size)
    ));
}

/// The colour that shows on point `p`: white on a black stone, else black.
fn contrast(fig: &Figure, p: Point) -> &'static str {
    match fig.stone(p) {
        Some(s) if s.colour == Colour::Black => "#fff",
        _ => "#000",
    }
}

/// Whether `p` shows a numbered stone: its number is drawn, and no mark
/// or label over it.
fn numbered(fig: &Figure, p: Point) -> bool {
    fig.stone(p).is_some_and(|s| s.number.is_some())
}

fn labelled(fig: &Figure, p: Point) -> bool {
    fig.labels.iter().any(|(q, _)| *q == p)
}

/// `SL` (a tint over the point) and `DD` (the point faded).
fn overlays(out: &mut String, fig: &Figure, g: &Geometry) {
    for &(p, m) in fig.marks.iter().filter(|(p, _)| g.shows(*p)) {
        let (cx, cy) = (g.x(p.x), g.y(p.y));
        match m {
            Markup::Selected => out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#2f6fdf\" fill-opacity=\"0.35\"/>\n",
                num(cx - W * 0.45),
                num(cy - H * 0.45),
                num(W * 0.9),
                num(H * 0.9)
            )),
            Markup::Dimmed => out.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fff\" fill-opacity=\"0.6\"/>\n",
                num(cx),
                num(cy),
                num(R + 0.5)
            )),
            _ => {}
        }
    }
}

/// A disc of board colour under a mark or label on an empty point.
fn blank(out: &mut String, g: &Geometry, p: Point, r: f64) {
    out.push_str(&format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n",
        num(g.x(p.x)),
        num(g.y(p.y)),
        num(r),
        g.look.blank
    ));
}

/// Triangles, squares, circles and crosses.
fn marks(out: &mut String, fig: &Figure, g: &Geometry) {
    let s = R * 0.55;
    let drawn = |(p, _): &&(Point, Markup)| g.shows(*p) && !numbered(fig, *p);
    for &(p, m) in fig.marks.iter().filter(drawn) {
        let (cx, cy) = (g.x(p.x), g.y(p.y));
        let shape = match m {
            Markup::Triangle => format!(
                "<polygon points=\"{},{} {},{} {},{}\"",
                num(cx),
                num(cy - s),
                num(cx + s * 0.866),
                num(cy + s * 0.5),
                num(cx - s * 0.866),
                num(cy + s * 0.5)
            ),
            Markup::Square => format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                num(cx - s * 0.72),
                num(cy - s * 0.72),
                num(s * 1.44),
                num(s * 1.44)
            ),
            Markup::Circle => format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
                num(cx),
                num(cy),
                num(s * 0.8)
            ),
            Markup::Cross => {
                let a = s * 0.65;
                format!(
                    "<path d=\"M{} {}L{} {}M{} {}L{} {}\"",
                    num(cx - a),
                    num(cy - a),
                    num(cx + a),
                    num(cy + a),
                    num(cx + a),
                    num(cy - a),
                    num(cx - a),
                    num(cy + a)
                )
            }
            Markup::Selected | Markup::Dimmed => continue,
        };
        if fig.stone(p).is_none() {
            blank(out, g, p, s * 1.15);
        }
        out.push_str(&format!(
            "{shape} fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
            contrast(fig, p),
            num(MARK)
        ));
    }
}

/// `LB` texts, centred; the grid blanked under those on empty points.
fn labels(out: &mut String, fig: &Figure, g: &Geometry, cut: &mut Cut) {
    let drawn = |(p, _): &&(Point, String)| g.shows(*p) && !numbered(fig, *p);
    for (p, text) in fig.labels.iter().filter(drawn) {
        let at = || {
            let c = column_label(Coords::Gtp, p.x);
            let r = row_label(Coords::Gtp, p.y, fig.rows);
            format!("the label at {c}{r}")
        };
        let text = cut.text(text, at);
        let size = match text.chars().count() {
            0 | 1 => 13.0,
            2 => 11.0,
            3 => 9.0,
            _ => 8.0,
        };
        if fig.stone(*p).is_none() {
            blank(out, g, *p, R * 0.8);
        }
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
            num(g.x(p.x)),
            num(g.y(p.y) + 0.36 * size),
            num(size),
            contrast(fig, *p),
            escape(&text)
        ));
    }
}

/// `LN` lines and `AR` arrows, black on a white casing so that they show
/// on both colours; both ends must be in the view.
fn lines(out: &mut String, fig: &Figure, g: &Geometry) {
    let shown = |(a, b): &&(Point, Point)| g.shows(*a) && g.shows(*b) && a != b;
    let all = fig
        .lines
        .iter()
        .filter(shown)
        .map(|l| (l, false))
        .chain(fig.arrows.iter().filter(shown).map(|a| (a, true)));
    for (&(a, b), head) in all {
        let (x1, y1, x2, y2) = (g.x(a.x), g.y(a.y), g.x(b.x), g.y(b.y));
        let mut d = format!("M{} {}L{} {}", num(x1), num(y1), num(x2), num(y2));
        if head {
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt();
            let (ux, uy) = (dx / len, dy / len);
            let (bx, by) = (x2 - ux * 8.0, y2 - uy * 8.0);
            d.push_str(&format!(
                "M{} {}L{} {}L{} {}",
                num(bx - uy * 4.0),
                num(by + ux * 4.0),
                num(x2),
                num(y2),
                num(bx + uy * 4.0),
                num(by - ux * 4.0)
            ));
        }
        for (colour, width) in [("#fff", 3.5), ("#000", MARK)] {
            out.push_str(&format!(
                "<path d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" \
                 stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
                num(width)
            ));
        }
    }
}

/// The caption's lines: the heading, then the notes, wrapped to the
/// board's width.
fn caption_lines(fig: &Figure, coords: Coords, cut: &mut Cut) -> Vec<Line> {
    let mut out = Vec::new();
    if let Some(t) = fig.caption() {
        out.push(Line {
            text: cut.text(&t, || "the figure heading".into()).into_owned(),
            size: TITLE_SIZE,
        });
    }
    let v = fig.view;
    let room = f64::from(v.right - v.left) * W + 2.0 * MARGIN;
    let per_line = ((room / (NOTE_SIZE * EM_ADVANCE)) as usize).max(12);
    let mut line = String::new();
    for note in &fig.notes {
        let t = note.text(coords, fig.cols, fig.rows);
        if !line.is_empty() && line.chars().count() + 2 + t.chars().count() > per_line {
            out.push(Line {
                text: std::mem::take(&mut line),
                size: NOTE_SIZE,
            });
        }
        if !line.is_empty() {
            line.push_str("; ");
        }
        line.push_str(&t);
    }
    if !line.is_empty() {
        out.push(Line {
            text: line,
            size: NOTE_SIZE,
        });
    }
    out
}

fn captions(out: &mut String, g: &Geometry, caption: &[Line]) {
    let mut y = g.board_bottom;
    for l in caption {
        y += l.size * 1.35;
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#000\">{}</text>\n",
            num(g.width / 2.0),
            num(y - l.size * 0.35),
            num(l.size),
            escape(&l.text)
        ));
    }
}

/// A number as the document writes it: at most two decimals, no trailing
/// zeros, never `-0`.
pub fn num(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".to_string(),
        s => s.to_string(),
    }
}

/// Text made safe for XML: markup characters escaped, characters XML 1.0
/// does not allow left out.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_short_and_stable() {
        assert_eq!(num(22.0), "22");
        assert_eq!(num(23.54), "23.54");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.005), "1");
        assert_eq!(num(-3.25), "-3.25");
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
        assert_eq!(escape("x\u{1}y\nz"), "xy z");
    }
}
