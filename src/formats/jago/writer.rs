//! The Jago XML writer: GoGui's layout, one game (a [`Game`]) at a time,
//! walked without recursion. A bare `<Black>`/`<White>` for a node that only
//! holds a move, `<Node>` otherwise; younger siblings as `<Variation>`s
//! after the node they are alternatives to; root game info in
//! `<Information>`; any property with no element of its own as `<SGF>`.

use super::codes::*;
use super::INFO;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Property};
use crate::formats::structured::coords;
use crate::formats::structured::markup::{self, can_carry, Escaped, Unwritable};
use crate::game::{Game, GameBuilder, Node, NodeId};
use crate::options::WriteOptions;
use crate::sink::Sink;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::rc::Rc;

struct Shared<'w> {
    out: BufWriter<Box<dyn Write + 'w>>,
    opened: bool,
    games: usize,
}

/// A writer of Jago XML into `output`: one `<Go>` document holding every
/// game (formats/jago.md).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    _options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let shared = Rc::new(RefCell::new(Shared {
        out: BufWriter::with_capacity(1 << 16, output),
        opened: false,
        games: 0,
    }));
    let for_games = Rc::clone(&shared);
    let builder = GameBuilder::new(move |game: Game, report: &mut Reporter| {
        let mut s = for_games.borrow_mut();
        open(&mut s)?;
        let index = s.games;
        write_game(&mut s.out, &game, index, report)?;
        s.games += 1;
        Ok(())
    });
    Ok(Box::new(JagoWriter {
        builder: Box::new(builder),
        shared,
    }))
}

fn open(s: &mut Shared<'_>) -> std::io::Result<()> {
    if !s.opened {
        s.out.write_all(
            b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE Go SYSTEM \"go.dtd\">\n<Go>\n",
        )?;
        s.opened = true;
    }
    Ok(())
}

struct JagoWriter<'w> {
    builder: Box<dyn Sink + 'w>,
    shared: Rc<RefCell<Shared<'w>>>,
}

impl Sink for JagoWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.builder.event(event, report)
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.builder.finish(report)?;
        let mut s = self.shared.borrow_mut();
        open(&mut s)?;
        s.out.write_all(b"</Go>\n")?;
        s.out.flush()?;
        Ok(())
    }
}

/// Text escaped for Jago XML: what XML cannot carry becomes U+FFFD (the
/// loss is reported).
fn escape(s: &str, attr: bool) -> Escaped<'_> {
    markup::escape(s, attr, Unwritable::Replace)
}

/// An SGF point as a Jago `at`: the GTP vertex, `None` when GTP has no name
/// for it (the property then goes out as `<SGF>`).
fn jago_point(value: &str, size: (u32, u32)) -> Option<String> {
    let (x, y) = coords::sgf_to_xy(value)?;
    if x >= size.0 {
        return None;
    }
    coords::xy_to_gtp(x, y, size.1)
}

struct Losses(BTreeMap<String, usize>);

impl Losses {
    fn add(&mut self, what: impl Into<String>) {
        *self.0.entry(what.into()).or_default() += 1;
    }
}

/// One game: `<GoGame>`, its `<Information>` and `<Nodes>`, then the
/// warning of what it lost.
fn write_game(
    out: &mut impl Write,
    game: &Game,
    index: usize,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut lost = Losses(BTreeMap::new());
    for (k, _) in &game.meta {
        lost.add(format!("source field {k}"));
    }
    let in_info = write_information(out, &game.root())?;
    out.write_all(b"<Nodes>\n")?;
    write_nodes(out, game, &in_info, &mut lost)?;
    out.write_all(b"</Nodes>\n</GoGame>\n")?;
    report_losses(&lost, index, report);
    Ok(())
}

/// `<GoGame>` with the game's name, and `<Information>`: the root's game
/// info that is one plain value. Returns the properties written there.
fn write_information(out: &mut impl Write, root: &Node) -> std::io::Result<Vec<&'static str>> {
    let once = |id: &str| root.props().iter().filter(|p| p.name == id).count() == 1;
    let mut in_info = Vec::new();
    match root.get("GN").and_then(|p| single_plain(&p)) {
        Some(name) if once("GN") && can_carry(name) => {
            writeln!(out, "<GoGame name=\"{}\">", escape(name, true))?;
            in_info.push("GN");
        }
        _ => out.write_all(b"<GoGame>\n")?,
    }
    // Game info goes to <Information> when it is one plain value.
    out.write_all(b"<Information>\n")?;
    for (element, id) in INFO {
        let Some(p) = root.get(id).filter(|_| once(id)) else {
            continue;
        };
        let Some(v) = single_plain(&p).or_else(|| (*id == "AP").then(|| p.first_text()).flatten())
        else {
            continue;
        };
        if !can_carry(v) || (*id == "AP" && p.values().len() != 1) {
            continue;
        }
        if *id == "CP" {
            write!(out, "<Copyright>")?;
            write_paragraphs(out, v)?;
            writeln!(out, "</Copyright>")?;
        } else {
            writeln!(out, "<{element}>{}</{element}>", escape(v, false))?;
        }
        in_info.push(*id);
    }
    out.write_all(b"</Information>\n")?;
    Ok(in_info)
}

/// The nodes in GoGui's order: a node, then its younger siblings as
/// `<Variation>`s, then the rest of its line. Iterative: a stack of things
/// to do. The root's properties in `in_info` are already written.
fn write_nodes(
    out: &mut impl Write,
    game: &Game,
    in_info: &[&str],
    lost: &mut Losses,
) -> Result<(), Error> {
    enum Task {
        Line(NodeId),
        Open,
        Close,
    }
    // Points on the board GoGui's reader will use: `<BoardSize>`'s, else
    // 19×19 (a rectangular `SZ` stays a root property; its points are
    // written on the 19×19 grid, so they read back where they were).
    let size = if in_info.contains(&"SZ") {
        coords::board_size(game.root().text("SZ"))
    } else {
        (19, 19)
    };
    let mut move_number = vec![0usize; game.len()];
    let mut stack = vec![Task::Line(Game::ROOT)];
    while let Some(task) = stack.pop() {
        let id = match task {
            Task::Open => {
                out.write_all(b"<Variation>\n")?;
                continue;
            }
            Task::Close => {
                out.write_all(b"</Variation>\n")?;
                continue;
            }
            Task::Line(id) => id,
        };
        let node = game.node(id);
        if let Some(p) = node.parent() {
            move_number[id] = move_number[p] + node.mv().is_some() as usize;
            if node.child_count() <= 1 && node.starts_variation() && game.node(p).child_count() == 1
            {
                lost.add("single-line variation parentheses");
            }
        }
        let skip: &[&str] = if id == Game::ROOT { in_info } else { &[] };
        let root_left = node.props().iter().any(|p| !skip.contains(&p.name));
        let first_has_move = node
            .first_child()
            .is_some_and(|c| game.node(c).mv().is_some());
        if id != Game::ROOT || root_left || !first_has_move {
            // An empty root is left out only when a move follows: GoGui's
            // reader would otherwise take the next node for the root.
            write_node(out, game, id, move_number[id], size, skip, lost)?;
        }
        if let Some(first) = node.first_child() {
            stack.push(Task::Line(first));
        }
        if let Some(p) = node.parent() {
            let siblings: Vec<NodeId> = game.node(p).children().collect();
            if siblings.first() == Some(&id) {
                for &s in siblings.iter().skip(1).rev() {
                    stack.push(Task::Close);
                    stack.push(Task::Line(s));
                    stack.push(Task::Open);
                }
            }
        }
    }
    Ok(())
}

/// W384, once per game: what Jago XML could not hold, and that GoGui reads
/// only the first game of a file.
fn report_losses(lost: &Losses, index: usize, report: &mut Reporter) {
    // go.dtd allows several games, but GoGui refuses a second <GoGame>.
    let second = index > 0;
    if lost.0.is_empty() && !second {
        return;
    }
    let mut parts = Vec::new();
    if !lost.0.is_empty() {
        let list: Vec<String> = lost.0.iter().map(|(k, n)| format!("{k} ×{n}")).collect();
        parts.push(format!("Jago XML cannot hold: {}", list.join(", ")));
    }
    if second {
        parts.push("GoGui reads only the first <GoGame> of a file".to_string());
    }
    report.set_game(Some(index));
    report.report(
        JAGO_NOT_CARRIED,
        None,
        format!("game {}: {}", index, parts.join("; ")),
    );
}

fn single_plain<'a>(p: &Property<'a>) -> Option<&'a str> {
    let vals = p.values();
    match (vals.len(), vals.first()) {
        (1, Some(v)) if v.split().is_none() => Some(v.text()),
        _ => None,
    }
}

fn write_paragraphs(out: &mut impl Write, text: &str) -> std::io::Result<()> {
    for line in text.split('\n') {
        if line.is_empty() {
            out.write_all(b"<P/>")?;
        } else {
            write!(out, "<P>{}</P>", escape(line, false))?;
        }
    }
    Ok(())
}

fn write_node(
    out: &mut impl Write,
    game: &Game,
    id: NodeId,
    number: usize,
    size: (u32, u32),
    skip: &[&str],
    lost: &mut Losses,
) -> Result<(), Error> {
    let node = game.node(id);
    let props: Vec<Property<'_>> = node
        .props()
        .iter()
        .filter(|p| !skip.contains(&p.name))
        .collect();
    // The move is an element when GTP can name its point; its clock goes in
    // `timeleft`, the first comment in <Comment>. Each is used once.
    let move_index = props.iter().position(|p| p.name == "B" || p.name == "W");
    let move_at = move_index.and_then(|i| {
        let v = single_plain(&props[i])?;
        // `tt` is a pass on the board `SZ` says (up to 19×19).
        if coords::is_pass(v, coords::board_size(game.root().text("SZ"))) {
            Some(String::new())
        } else {
            jago_point(v, size)
        }
    });
    let move_index = move_index.filter(|_| move_at.is_some());
    let time_id = match move_index.map(|i| props[i].name) {
        Some("B") => "BL",
        Some("W") => "WL",
        _ => "-",
    };
    let time_index = props.iter().position(|p| {
        p.name == time_id && single_plain(p).is_some_and(|t| t.trim().parse::<f64>().is_ok())
    });
    let comment_index = props
        .iter()
        .position(|p| p.name == "C" && single_plain(p).is_some());
    let rest: Vec<&Property<'_>> = props
        .iter()
        .enumerate()
        .filter(|(i, _)| ![move_index, time_index, comment_index].contains(&Some(*i)))
        .map(|(_, p)| p)
        .collect();
    let bare = id != Game::ROOT && move_index.is_some() && rest.is_empty();
    if !bare {
        out.write_all(b"<Node>")?;
    }
    if let (Some(i), Some(at)) = (move_index, &move_at) {
        let tag = if props[i].name == "B" {
            "Black"
        } else {
            "White"
        };
        write!(out, "<{tag} number=\"{number}\" at=\"{at}\"")?;
        if let Some(t) = time_index.and_then(|t| single_plain(&props[t])) {
            write!(out, " timeleft=\"{}\"", escape(t.trim(), true))?;
        }
        out.write_all(b"/>")?;
    }
    for p in &rest {
        write_property(out, p, size, lost)?;
    }
    if !bare {
        out.write_all(b"</Node>")?;
    }
    if let Some(c) = comment_index.and_then(|i| single_plain(&props[i])) {
        if !can_carry(c) {
            lost.add("control characters in C");
        }
        out.write_all(b"<Comment>")?;
        write_paragraphs(out, c)?;
        out.write_all(b"</Comment>")?;
    }
    out.write_all(b"\n")?;
    Ok(())
}

/// Setup, markup and everything else of a node, inside its `<Node>`.
fn write_property(
    out: &mut impl Write,
    p: &Property<'_>,
    size: (u32, u32),
    lost: &mut Losses,
) -> std::io::Result<()> {
    let points = |p: &Property<'_>| -> Option<Vec<String>> {
        let mut pts = Vec::new();
        for v in p.values().iter() {
            for s in coords::expand_points(v.text()) {
                pts.push(jago_point(&s, size)?);
            }
        }
        Some(pts)
    };
    let element: Option<(&str, &str)> = match p.name {
        "AB" => Some(("AddBlack", "")),
        "AW" => Some(("AddWhite", "")),
        "AE" => Some(("Delete", "")),
        "MA" => Some(("Mark", "")),
        "CR" => Some(("Mark", " type=\"circle\"")),
        "SQ" => Some(("Mark", " type=\"square\"")),
        "TR" => Some(("Mark", " type=\"triangle\"")),
        "TB" => Some(("Mark", " territory=\"black\"")),
        "TW" => Some(("Mark", " territory=\"white\"")),
        _ => None,
    };
    if let Some((tag, extra)) = element {
        if let Some(pts) = points(p) {
            for at in pts {
                write!(out, "<{tag} at=\"{at}\"{extra}/>")?;
            }
            return Ok(());
        }
    }
    if p.name == "LB" {
        let labels: Option<Vec<(String, &str)>> = p
            .values()
            .iter()
            .map(|v| match v.parts() {
                (pt, Some(label)) => Some((jago_point(pt, size)?, label)),
                _ => None,
            })
            .collect();
        if let Some(labels) = labels {
            for (at, label) in labels {
                write!(out, "<Mark at=\"{at}\" label=\"{}\"/>", escape(label, true))?;
            }
            return Ok(());
        }
    }
    if p.values().iter().any(|v| !can_carry(v.text())) {
        lost.add(format!("control characters in {}", p.name));
    }
    write!(out, "<SGF type=\"{}\">", escape(p.name, true))?;
    for v in p.values().iter() {
        write!(out, "<Arg>{}</Arg>", escape(v.text(), false))?;
    }
    out.write_all(b"</SGF>")
}
