//! SGF events → UGF. One game per file: the first game is written; games
//! marked `XUGFFIG` that follow it (figure trees made by our reader) become
//! its `.Fig` blocks; any other game is reported and not written.

use super::header;
use super::*;
use crate::board::Board;
use crate::charset;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::Event;
use crate::game::{Game, GameBuilder, Node, NodeId};
use crate::options::WriteOptions;
use crate::sink::Sink;
use crate::stone::{Colour, Point};
use encoding_rs::{Encoding, SHIFT_JIS, UTF_8};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::io::Write;
use std::rc::Rc;

/// A UGF writer for `output`.
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Ok(Box::new(UgfWriter::new(output, options)))
}

type OnGame = Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error>>;

struct UgfWriter<'w> {
    out: Box<dyn Write + 'w>,
    review: bool,
    encoding: &'static Encoding,
    builder: GameBuilder<OnGame>,
    done: Rc<RefCell<Vec<Game>>>,
    /// The game to write and the figure games that follow it.
    pending: Option<(Game, Vec<Game>)>,
    /// Games seen (written or not), for messages.
    seen: usize,
}

impl<'w> UgfWriter<'w> {
    fn new(out: Box<dyn Write + 'w>, options: &WriteOptions) -> Self {
        let done = Rc::new(RefCell::new(Vec::new()));
        let sink = done.clone();
        let on_game: OnGame = Box::new(move |g, _| {
            sink.borrow_mut().push(g);
            Ok(())
        });
        UgfWriter {
            out,
            review: options.ugf_review,
            encoding: options.to_encoding.unwrap_or(UTF_8),
            builder: GameBuilder::new(on_game),
            done,
            pending: None,
            seen: 0,
        }
    }

    fn accept(&mut self, g: Game, report: &mut Reporter) {
        self.seen += 1;
        let is_figure = g.root().get(PROP_FIGURE).is_some();
        match &mut self.pending {
            None if self.seen == 1 => self.pending = Some((g, Vec::new())),
            Some((_, figs)) if is_figure => figs.push(g),
            _ => report.error(
                E_EXTRA_GAME,
                None,
                format!(
                    "a UGF file holds one game: game {} is not written",
                    self.seen - 1
                ),
            ),
        }
    }
}

impl Sink for UgfWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.builder.event(event, report)?;
        let games: Vec<Game> = self.done.borrow_mut().drain(..).collect();
        for g in games {
            self.accept(g, report);
        }
        Ok(())
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if let Some((game, figs)) = self.pending.take() {
            let bytes = write_game(game, &figs, self.review, self.encoding, report)?;
            self.out.write_all(&bytes)?;
        }
        self.out.flush()?;
        Ok(())
    }
}

/// What the writer could not carry, listed in one warning per game.
#[derive(Default)]
struct Losses(BTreeSet<String>);

impl Losses {
    fn add(&mut self, what: impl Into<String>) {
        self.0.insert(what.into());
    }
}

/// Root properties that describe the SGF file, not the game: not listed
/// as losses.
const FILE_PROPS: &[&str] = &["FF", "GM", "CA", "ST", "AP"];

/// What a node below the root can carry, on the main line and in a review tree.
const NODE_PROPS: &[&str] = &[
    "B",
    "W",
    "C",
    "LB",
    PROP_SECONDS,
    PROP_PLAYER,
    "AB",
    "AW",
    "AE",
];

/// Lines of comment text that a reader would take for syntax get a
/// leading `'`.
fn escape_line<'a>(line: &'a str, review: bool, losses: &mut Losses) -> Cow<'a, str> {
    let t = line.trim();
    let directive = [".Text", ".EndText", ".Fig", ".EndFig", ".#", ".Comment"]
        .iter()
        .any(|d| {
            t.len() >= d.len()
                && t.is_char_boundary(d.len())
                && t[..d.len()].eq_ignore_ascii_case(d)
                && matches!(t.as_bytes().get(d.len()), None | Some(b','))
        });
    let section = t.starts_with('[')
        && t.ends_with(']')
        && t.len() > 2
        && t[1..t.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if directive || section || (review && t.starts_with(".Comment")) {
        losses.add("comment lines that look like UGF syntax (written with a leading ')");
        Cow::Owned(format!("'{line}"))
    } else {
        Cow::Borrowed(line)
    }
}

/// The lines of a comment, split at CRLF, CR or LF, borrowed from it (a
/// huge comment is not copied on its way out).
fn comment_split(c: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(c);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\r', '\n']) {
            Some(i) => {
                let skip = if s[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

struct Ctx<'g> {
    game: &'g Game,
    grid: Grid,
    review: bool,
    losses: Losses,
    out: String,
}

impl Ctx<'_> {
    fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push_str("\r\n");
    }

    /// The point of a move value: `None` for a pass (`""`, or `tt` on
    /// boards up to 19×19); off-board points are written as passes.
    fn move_point(&mut self, v: &str) -> Option<Point> {
        if v.is_empty() || (v == "tt" && self.grid.size <= 19) {
            return None;
        }
        match parse_sgf_point(v) {
            Some(p) if p.x < self.grid.size && p.y < self.grid.size => Some(p),
            _ => {
                self.losses
                    .add(format!("move `{v}` off the board (written as a pass)"));
                None
            }
        }
    }

    fn letters(&mut self, v: &str) -> String {
        match self.move_point(v) {
            Some(p) => self.grid.to_letters(p),
            None => self.grid.pass_letters().to_string(),
        }
    }

    fn numeric(&mut self, v: &str) -> (u32, u32) {
        match self.move_point(v) {
            Some(p) => self.grid.to_numeric(p),
            None => (self.grid.size as u32 + 1, self.grid.size as u32 + 1),
        }
    }

    /// `.#,x,y,label` lines for a node's `LB`.
    fn label_lines(&mut self, node: Node<'_>) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(lb) = node.get("LB") {
            for v in lb.values().iter() {
                let (pt, text) = v.parts();
                match parse_sgf_point(pt).filter(|p| p.x < self.grid.size && p.y < self.grid.size) {
                    Some(p) => {
                        let (x, y) = self.grid.to_numeric(p);
                        let text = text.unwrap_or("");
                        if text.contains(['\r', '\n']) {
                            self.losses.add("line breaks in labels");
                        }
                        out.push(format!(".#,{x},{y},{}", text.replace(['\r', '\n'], " ")));
                    }
                    None => self.losses.add("labels off the board"),
                }
            }
        }
        out
    }

    fn comment_lines<'a>(&mut self, node: Node<'a>) -> Vec<Cow<'a, str>> {
        match node.text("C") {
            Some(c) if !c.is_empty() => {
                let review = self.review;
                comment_split(c)
                    .map(|l| escape_line(l, review, &mut self.losses))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Lists the properties of `node` outside `allowed` as losses.
    fn check_props(&mut self, node: Node<'_>, allowed: &[&str], place: &str) {
        for p in node.props() {
            if !allowed.contains(&p.name) {
                self.losses.add(format!("{} ({place})", p.name));
            }
        }
    }

    fn player_field(node: Node<'_>, colour: char) -> String {
        match node.text(PROP_PLAYER) {
            Some(p)
                if !p.starts_with(['B', 'W', 'b', 'w'])
                    || p.to_ascii_uppercase().starts_with(colour) =>
            {
                p.to_string()
            }
            _ => format!("{colour}1"),
        }
    }
}

/// The game is taken, and dropped once its text is made: the game, the
/// text and the encoded bytes are never all held at once.
fn write_game(
    game: Game,
    figs: &[Game],
    review: bool,
    encoding: &'static Encoding,
    report: &mut Reporter,
) -> Result<Vec<u8>, Error> {
    let owned = game;
    let game = &owned;
    let root = &game.root();
    let sz = root.text("SZ").unwrap_or("19");
    let (square, size) = match sz.split_once(':') {
        Some((a, b)) => (a.trim() == b.trim(), a.trim().parse::<u32>().ok()),
        None => (true, sz.trim().parse::<u32>().ok()),
    };
    let size = match size {
        Some(n) if (2..=25).contains(&n) => n as u8,
        Some(_) => {
            return Err(Error::unwritable(
                E_UNWRITABLE_SIZE.id,
                format!(
                "UGF boards are 2×2 to 25×25 (points are letters A–Y): SZ[{sz}] cannot be written"
            ),
            ))
        }
        None => 19,
    };
    let mut cx = Ctx {
        game,
        grid: Grid { size, igs: true },
        review,
        losses: Losses::default(),
        out: String::new(),
    };
    if !square {
        cx.losses
            .add(format!("non-square board size {sz} (written as {size})"));
    }
    let moves = count_main_moves(game);
    write_header(&mut cx, moves, encoding);
    write_kept_sections(&mut cx);
    let numbers = write_data(&mut cx);
    write_figures(&mut cx, &numbers, figs);
    if review {
        write_review(&mut cx);
    }
    let Ctx {
        mut losses, out, ..
    } = cx;
    drop(owned);
    let mut bytes = Vec::with_capacity(out.len());
    let lost = charset::encode_into(encoding, &out, &mut bytes);
    if !lost.is_empty() {
        let mut chars: Vec<char> = lost;
        chars.sort_unstable();
        chars.dedup();
        let shown: String = chars.iter().take(20).collect();
        losses.add(format!(
            "characters not in {} ({shown}), written as ?",
            encoding.name()
        ));
    }
    if !losses.0.is_empty() {
        report.warn(
            W_WRITER_LOSS,
            None,
            format!(
                "UGF cannot carry: {}",
                losses.0.into_iter().collect::<Vec<_>>().join("; ")
            ),
        );
    }
    Ok(bytes)
}

fn count_main_moves(game: &Game) -> usize {
    game.main_line_iter()
        .skip(1)
        .filter(|&id| game.node(id).mv().is_some())
        .count()
}

fn lang_name(enc: &'static Encoding) -> &'static str {
    if enc == UTF_8 {
        "UTF8"
    } else if enc == SHIFT_JIS {
        "SJIS"
    } else {
        enc.name()
    }
}

fn write_header(cx: &mut Ctx<'_>, moves: usize, encoding: &'static Encoding) {
    let game = cx.game;
    let root = game.root();
    // The fields kept from a UGF input, borrowed from the game.
    let kept: Vec<(&str, &str)> = root
        .get(PROP_HEADER)
        .map(|p| {
            p.values()
                .iter()
                .map(|v| (v.parts().0, v.parts().1.unwrap_or("")))
                .collect()
        })
        .unwrap_or_default();
    write_preamble(cx);
    cx.line("[Header]");
    cx.line(if cx.review {
        "Ver=REVIEW1,200"
    } else {
        "Ver=UGF3,200"
    });
    cx.line(&format!("Lang={}", lang_name(encoding)));
    cx.line("Crypt=0,PLAIN_UGF_FILE,READ_WRITE");
    for &key in header::MAPPED {
        if key == "Writer" {
            cx.line(&format!("Moves={moves}"));
        }
        if key == "Comment" {
            cx.line("CoordinateType=IGS");
        }
        match kept.iter().find(|(k, _)| *k == key) {
            Some(&(_, raw)) if write_kept(cx, key, raw) => {}
            Some(_) => write_from_root(cx, key),
            None if write_borrowed(cx, key) => {}
            None => write_from_root(cx, key),
        }
    }
    for &(k, v) in &kept {
        if header::canonical(k).is_none() && !k.is_empty() {
            write_field(cx, k, v);
        }
    }
}

/// Comment lines kept from before the first section: they come first.
fn write_preamble(cx: &mut Ctx<'_>) {
    let game = cx.game;
    let Some(p) = game.root().get(PROP_SECTION) else {
        return;
    };
    for v in p.values().iter() {
        if let ("#", Some(text)) = v.parts() {
            for l in text.split('\n') {
                cx.line(l);
            }
        }
    }
}

/// `key=value` with the line breaks of `value` as spaces, written piece
/// by piece (no copy of a huge value).
fn write_field(cx: &mut Ctx<'_>, key: &str, value: &str) {
    cx.out.push_str(key);
    cx.out.push('=');
    header::push_field(&mut cx.out, value, header::LINE_BREAKS);
    cx.out.push_str("\r\n");
}

/// A field kept from a UGF input (`raw`, its line breaks to be written as
/// spaces) is written back when it still says what the game says (or, not
/// understood, when the game says nothing). False, writing nothing, when
/// it does not: the field is then made from the root.
fn write_kept(cx: &mut Ctx<'_>, key: &str, raw: &str) -> bool {
    let game = cx.game;
    let root = game.root();
    let names = header::prop_names(key);
    // Not understood: it holds while the root has none of its properties.
    let keep = header::kept_reads_back(key, raw, |n| root.text(n))
        .unwrap_or_else(|| names.iter().all(|n| root.get(n).is_none()));
    if keep {
        write_field(cx, key, raw);
    }
    keep
}

/// The field of `key` made from the root's properties, and the loss that
/// reading it back would find. `Date` and `Winner` (short by nature) are
/// made from the values borrowed; `Rule` is written as it is when long.
fn write_from_root(cx: &mut Ctx<'_>, key: &str) {
    let game = cx.game;
    let root = game.root();
    let text = |n: &str| root.text(n);
    let names = header::prop_names(key);
    if key == "Rule" && text("RU").is_some_and(|ru| ru.len() > header::SHORT) {
        // Not `JPN` or `CH`: written as a text field.
        let ru = text("RU").unwrap_or("");
        write_field(cx, key, ru);
        if !header::field_reads_back(ru, header::LINE_BREAKS) {
            cx.losses.add(format!("RU as written (header {key})"));
        }
        return;
    }
    let t = match key {
        "Date" => header::date_field(text("DT")),
        "Winner" => header::winner_field(text("RE")),
        _ => header::from_root(key, &|n: &str| text(n).map(str::to_string)),
    };
    let same = header::to_props(key, &t).is_ok_and(|p| header::matches_root(key, &p, text));
    if !same {
        cx.losses
            .add(format!("{} as written (header {key})", names.join("/")));
    }
    cx.line(&format!("{key}={t}"));
}

/// The header line of `key` written from the root's values as they are,
/// without a copy of any (a huge name or game comment costs no more than
/// the game holding it and the text), for the keys whose value is the
/// values themselves: `PlayerB=name,rank,,` (`PB`, `BR`; `PlayerW`: `PW`,
/// `WR`), `Title` (`EV`, `RO`) and the plain text keys (`Comment` for
/// `GC`…): the line `header::from_root` makes, and the loss that reading
/// it back would find. False, writing nothing, for another key.
fn write_borrowed(cx: &mut Ctx<'_>, key: &str) -> bool {
    let names = header::prop_names(key);
    if key == "Title" {
        let game = cx.game;
        let root = game.root();
        let (ev, ro) = (root.text("EV"), root.text("RO"));
        cx.out.push_str("Title=");
        let same = header::push_title(&mut cx.out, ev.unwrap_or(""), ro.unwrap_or(""));
        cx.out.push_str("\r\n");
        if !same {
            cx.losses
                .add(format!("{} as written (header {key})", names.join("/")));
        }
        return true;
    }
    let (breaks, end) = match (key, header::text_prop(key)) {
        ("PlayerB" | "PlayerW", _) => (header::PLAYER_BREAKS, ",,"),
        (_, Some(_)) => (header::LINE_BREAKS, ""),
        _ => return false,
    };
    let game = cx.game;
    let root = game.root();
    cx.out.push_str(key);
    cx.out.push('=');
    let mut same = true;
    for (i, &n) in names.iter().enumerate() {
        if i > 0 {
            cx.out.push(',');
        }
        let v = root.text(n).unwrap_or("");
        header::push_field(&mut cx.out, v, breaks);
        same &= header::field_reads_back(v, breaks);
    }
    cx.out.push_str(end);
    cx.out.push_str("\r\n");
    if !same {
        cx.losses
            .add(format!("{} as written (header {key})", names.join("/")));
    }
    true
}

fn write_kept_sections(cx: &mut Ctx<'_>) {
    let Some(p) = cx.game.root().get(PROP_SECTION) else {
        return;
    };
    let sections: Vec<(String, String)> = p
        .values()
        .iter()
        .filter_map(|v| match v.parts() {
            (name, Some(text)) => Some((name.to_string(), text.to_string())),
            _ => None,
        })
        .collect();
    for (name, text) in sections.into_iter().filter(|(n, _)| n != "#") {
        cx.line(&format!("[{name}]"));
        for l in text.split('\n') {
            cx.line(l);
        }
    }
}

/// `[Data]`. Returns the move number of every main-line node, in order
/// (the main line gives their ids again).
fn write_data(cx: &mut Ctx<'_>) -> Vec<u32> {
    let game = cx.game;
    cx.line("[Data]");
    let root = &game.root();
    for (name, colour) in [("AB", 'B'), ("AW", 'W')] {
        if let Some(p) = root.get(name) {
            let pts: Vec<Point> = p.values().iter().flat_map(sgf_points).collect();
            for pt in pts {
                if pt.x < cx.grid.size && pt.y < cx.grid.size {
                    let l = cx.grid.to_letters(pt);
                    cx.line(&format!("{l},{colour}1,0,0"));
                } else {
                    cx.losses.add("setup stones off the board");
                }
            }
        }
    }
    let mut allowed_root: Vec<&str> = vec!["SZ", "AB", "AW", "C", "LB", PROP_HEADER, PROP_SECTION];
    allowed_root.extend_from_slice(FILE_PROPS);
    for key in header::MAPPED {
        allowed_root.extend_from_slice(header::prop_names(key));
    }
    cx.check_props(*root, &allowed_root, "root");
    let mut numbers = vec![0];
    let mut count = 0u32;
    for id in game.main_line_iter().skip(1) {
        let node = game.node(id);
        if let Some((colour, v)) = node.mv() {
            count += 1;
            let pt = cx.letters(v);
            let player = Ctx::player_field(node, colour);
            let time = node
                .text(PROP_SECONDS)
                .unwrap_or("0")
                .replace(['\r', '\n'], " ");
            cx.line(&format!("{pt},{player},{count},{time}"));
        }
        numbers.push(count);
        if ["AB", "AW", "AE"].iter().any(|s| node.get(s).is_some()) {
            cx.losses.add("setup stones after the start (AB/AW/AE)");
        }
        cx.check_props(node, NODE_PROPS, "main line");
    }
    numbers
}

/// A `.Text,N` block.
fn text_block(cx: &mut Ctx<'_>, n: u32, labels: &[String], lines: &[Cow<'_, str>]) {
    if labels.is_empty() && lines.is_empty() {
        return;
    }
    cx.line(&format!(".Text,{n}"));
    for l in labels {
        cx.line(l);
    }
    for l in lines {
        cx.line(l);
    }
    cx.line(".EndText");
}

fn write_figures(cx: &mut Ctx<'_>, numbers: &[u32], figs: &[Game]) {
    let game = cx.game;
    cx.line("[Figure]");
    // Comments and labels of the main line, merged per move number.
    let mut blocks: Vec<(u32, Vec<String>, Vec<Cow<'_, str>>)> = Vec::new();
    for (id, &n) in game.main_line_iter().zip(numbers) {
        let node = game.node(id);
        let labels = cx.label_lines(node);
        let lines = if cx.review {
            Vec::new()
        } else {
            cx.comment_lines(node)
        };
        if labels.is_empty() && lines.is_empty() {
            // Nothing to write: no block (a block a node would cost more
            // than the node).
            continue;
        }
        match blocks.last_mut() {
            Some((m, l, t)) if *m == n => {
                l.extend(labels);
                t.extend(lines);
            }
            _ => blocks.push((n, labels, lines)),
        }
    }
    for (n, labels, lines) in &blocks {
        text_block(cx, *n, labels, lines);
    }
    let mut serial = 0u32;
    if !cx.review {
        // Every variation, in tree order: children after the first.
        let mut stack: Vec<NodeId> = vec![Game::ROOT];
        let mut starts: Vec<NodeId> = Vec::new();
        while let Some(id) = stack.pop() {
            let node = game.node(id);
            let children: Vec<NodeId> = node.children().collect();
            for (i, &c) in children.iter().enumerate().rev() {
                stack.push(c);
                if i > 0 {
                    starts.push(c);
                }
            }
        }
        // `stack` visits in pre-order, but `starts` was filled in reverse
        // sibling order per node: sort by pre-order position.
        let order = preorder(game);
        starts.sort_by_key(|id| order.get(*id).copied().unwrap_or(usize::MAX));
        for start in starts {
            serial += 1;
            write_variation(cx, start, serial);
        }
    } else if game.has_variations() {
        // The review tree carries them.
    }
    for g in figs {
        serial += 1;
        write_figure_game(cx, g, serial);
    }
}

/// Pre-order index of every node.
fn preorder(game: &Game) -> Vec<usize> {
    let mut order = vec![usize::MAX; game.len()];
    let mut stack = vec![Game::ROOT];
    let mut k = 0;
    while let Some(id) = stack.pop() {
        if let Some(o) = order.get_mut(id) {
            *o = k;
        }
        k += 1;
        let children: Vec<NodeId> = game.node(id).children().collect();
        for &c in children.iter().rev() {
            stack.push(c);
        }
    }
    order
}

fn moves_to(game: &Game, mut id: NodeId) -> u32 {
    let mut n = 0;
    loop {
        let node = game.node(id);
        n += u32::from(node.mv().is_some());
        match node.parent() {
            Some(p) => id = p,
            None => return n,
        }
    }
}

fn rect(cx: &mut Ctx<'_>, node: Node<'_>) -> (u32, u32, u32, u32) {
    let s = cx.grid.size as u32;
    if let Some(v) = node.get("VW").and_then(|p| p.values().first()) {
        if let (a, Some(b)) = point_pair(v) {
            if let (Some(p), Some(q)) = (parse_sgf_point(a), parse_sgf_point(b)) {
                if p.x.max(q.x) < cx.grid.size && p.y.max(q.y) < cx.grid.size {
                    let (x1, y1) = cx.grid.to_numeric(Point::new(p.x.min(q.x), p.y.max(q.y)));
                    let (x2, y2) = cx.grid.to_numeric(Point::new(p.x.max(q.x), p.y.min(q.y)));
                    return (x1, y1, x2, y2);
                }
            }
        }
        cx.losses.add("VW other than one rectangle");
    }
    (1, 1, s, s)
}

/// What a `.Fig` block is made of.
struct FigureSource<'a> {
    /// Moves before the starting position.
    n: u32,
    /// The node whose `N` is the heading and whose `VW` is the rectangle.
    heading_node: Node<'a>,
    start: Board,
    /// The nodes whose moves are numbered from 1.
    line: Vec<NodeId>,
    /// Labels and comment lines about the starting position.
    pre: (Vec<String>, Vec<Cow<'a, str>>),
    serial: u32,
    game: &'a Game,
}

/// The `.Fig` head line, the starting position and the numbered moves.
fn figure_block(cx: &mut Ctx<'_>, f: FigureSource<'_>) {
    let FigureSource {
        n,
        heading_node,
        start,
        line,
        pre,
        serial,
        game,
    } = f;
    let (x1, y1, x2, y2) = rect(cx, heading_node);
    let heading = heading_node
        .text("N")
        .unwrap_or("")
        .replace(['\r', '\n'], " ");
    cx.line(&format!(
        ".Fig,{n},{x1},{y1},{x2},{y2},{heading},{serial},0"
    ));
    for (p, s) in start.stones() {
        let l = cx.grid.to_letters(p);
        let c = if s == Colour::Black { 'B' } else { 'W' };
        cx.line(&format!("{l},{c}1,0,0"));
    }
    text_block(cx, 0, &pre.0, &pre.1);
    let mut k = 0u32;
    for id in line {
        let node = game.node(id);
        if let Some((colour, v)) = node.mv() {
            k += 1;
            let pt = cx.letters(v);
            cx.line(&format!("{pt},{colour}1,{k},0"));
        }
        // A node without a move: its text joins the move before (or the
        // starting position).
        let labels = cx.label_lines(node);
        let lines = cx.comment_lines(node);
        text_block(cx, k, &labels, &lines);
    }
    cx.line(".EndFig");
}

fn write_variation(cx: &mut Ctx<'_>, first: NodeId, serial: u32) {
    let game = cx.game;
    let Some(parent) = game.node(first).parent() else {
        return;
    };
    let n = moves_to(game, parent);
    let start = position(game, parent, cx.grid.size);
    let mut line = vec![first];
    let mut at = first;
    while let Some(c) = game.node(at).first_child() {
        line.push(c);
        at = c;
    }
    let first_node = game.node(first);
    // A first node without a move: its text is about the starting position.
    let pre = if first_node.mv().is_none() {
        let labels = cx.label_lines(first_node);
        (labels, cx.comment_lines(first_node))
    } else {
        (Vec::new(), Vec::new())
    };
    let body: Vec<NodeId> = if first_node.mv().is_none() {
        line[1..].to_vec()
    } else {
        line.clone()
    };
    for (i, &id) in line.iter().enumerate() {
        let node = game.node(id);
        let allowed: &[&str] = if i == 0 {
            &["B", "W", "C", "LB", "N", "VW"]
        } else {
            &["B", "W", "C", "LB"]
        };
        cx.check_props(node, allowed, "variations");
        if i > 0 && node.mv().is_none() {
            cx.losses
                .add("nodes without a move inside variations (their text joins the move before)");
        }
    }
    figure_block(
        cx,
        FigureSource {
            n,
            heading_node: first_node,
            start,
            line: body,
            pre,
            serial,
            game,
        },
    );
}

fn write_figure_game(cx: &mut Ctx<'_>, g: &Game, serial: u32) {
    let root = g.root();
    let n: u32 = root
        .text(PROP_FIGURE)
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let mut start = Board::square(cx.grid.size);
    for (name, s) in [("AB", Colour::Black), ("AW", Colour::White)] {
        if let Some(p) = root.get(name) {
            for pt in p.values().iter().flat_map(sgf_points) {
                start.setup(pt, Some(s));
            }
        }
    }
    cx.check_props(
        root,
        &[
            "GM",
            "FF",
            "CA",
            "AP",
            "SZ",
            "AB",
            "AW",
            "N",
            "VW",
            "C",
            "LB",
            PROP_FIGURE,
        ],
        "figure games",
    );
    let labels = cx.label_lines(root);
    let pre = (labels, cx.comment_lines(root));
    let line: Vec<NodeId> = g.main_line().into_iter().skip(1).collect();
    if g.has_variations() {
        cx.losses.add("variations inside figure games");
    }
    for &id in &line {
        cx.check_props(g.node(id), &["B", "W", "C", "LB"], "figure games");
    }
    figure_block(
        cx,
        FigureSource {
            n,
            heading_node: root,
            start,
            line,
            pre,
            serial,
            game: g,
        },
    );
}

/// `[ReviewNode]` and `[ReviewComment]`: the whole tree, main line first
/// (ids 1…), then the variations in the order they are written.
fn write_review(cx: &mut Ctx<'_>) {
    let game = cx.game;
    let mut ids = vec![0u32; game.len()];
    let mut next = 1u32;
    for id in game.main_line() {
        ids[id] = next;
        next += 1;
    }
    enum Work {
        Chain(NodeId, usize),
        Raw(String),
    }
    let mut lines: Vec<String> = Vec::new();
    let mut order: Vec<NodeId> = Vec::new();
    let mut stack = vec![Work::Chain(Game::ROOT, 0)];
    while let Some(w) = stack.pop() {
        let (id, indent) = match w {
            Work::Raw(s) => {
                lines.push(s);
                continue;
            }
            Work::Chain(id, indent) => (id, indent),
        };
        if ids[id] == 0 {
            ids[id] = next;
            next += 1;
        }
        let node = game.node(id);
        let pad = " ".repeat(indent);
        let (colour, x, y) = match node.mv() {
            _ if id == Game::ROOT => (0, 0, 0),
            Some((c, v)) => {
                let (x, y) = cx.numeric(v);
                (if c == 'B' { 1 } else { 2 }, x, y)
            }
            None => (0, 0, 0),
        };
        if id == Game::ROOT && node.mv().is_some() {
            cx.losses.add("a move in the root node");
        }
        if id != Game::ROOT {
            cx.check_props(node, NODE_PROPS, "review tree");
        }
        lines.push(format!("{pad}NODE,{},{colour},{x},{y}", ids[id]));
        order.push(id);
        // Pushed in reverse: VARIATION blocks first, then the continuation.
        if let Some(c) = node.first_child() {
            stack.push(Work::Chain(c, indent));
        }
        let children: Vec<NodeId> = node.children().collect();
        for &c in children.iter().skip(1).rev() {
            stack.push(Work::Raw(format!("{pad}  VARIATIONEND,")));
            stack.push(Work::Chain(c, indent + 4));
            stack.push(Work::Raw(format!("{pad}  VARIATION,")));
        }
    }
    cx.line("[ReviewNode]");
    for l in &lines {
        cx.line(l);
    }
    cx.line("[ReviewComment]");
    let mut commented: Vec<NodeId> = order
        .into_iter()
        .filter(|&id| game.node(id).text("C").is_some_and(|c| !c.is_empty()))
        .collect();
    commented.sort_by_key(|&id| ids[id]);
    let main: BTreeSet<NodeId> = game.main_line().into_iter().collect();
    for id in commented {
        let node = game.node(id);
        cx.line(&format!(".Comment,{}", ids[id]));
        for l in cx.comment_lines(node) {
            cx.line(&l);
        }
    }
    for (id, node) in game.nodes().enumerate() {
        if !main.contains(&id) && node.get("LB").is_some() && ids.get(id).is_some_and(|&i| i > 0) {
            cx.losses.add("labels in variations (review tree)");
        }
    }
}
