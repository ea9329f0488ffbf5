//! Jago / GoGui XML (`go.dtd`): read and write. What the format is:
//! `formats/jago.md`.
//!
//! `<Variation>` elements are alternatives to the node just written (its
//! siblings), not its children; points are GTP-style (`Q16`, no `I`, rows
//! from the bottom); a pass is a move with an empty `at`; a property with no
//! element of its own travels as `<SGF type="XX"><Arg>…</Arg></SGF>`. The
//! writer follows GoGui's layout (a bare `<Black>`/`<White>` for a node that
//! only holds a move, `<Node>` otherwise) and the reader follows GoGui's
//! reading rules, so files go both ways between sgfconv and GoGui.
//!
//! Both sides hold one game (a [`Game`]) at a time and walk it without
//! recursion.

use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{EncodingSource, Event, GameHeader, Pos, PropertyBuf};
use crate::formats::structured::coords;
use crate::formats::structured::LineCounter;
use crate::game::{Game, GameBuilder, NodeId};
use crate::options::{ReadOptions, WriteOptions};
use crate::sink::Sink;
use quick_xml::events::{BytesStart, Event as XmlEvent};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::rc::Rc;

/// What a game had that Jago XML cannot hold (listed once per game).
pub const W_NOT_CARRIED: Code = Code::new("W384", "jago-not-carried");
/// Not well-formed XML, or no `<Go>` root; games before the fault were kept.
pub const E_SYNTAX: Code = Code::new("E385", "jago-syntax");
/// A point that is neither a GTP vertex nor `x,y` on this board; dropped.
pub const W_BAD_POINT: Code = Code::new("W386", "jago-bad-point");
/// An element GoGui does not know either; it and its content were skipped.
pub const I_UNKNOWN_ELEMENT: Code = Code::new("I387", "jago-unknown-element");
/// An element in a place the DTD does not allow (a `<Variation>` before
/// any node, a move outside `<Nodes>`); it was read where it makes sense or
/// skipped.
pub const W_MISPLACED: Code = Code::new("W388", "jago-misplaced-element");
/// A `<BoardSize>` that is not a number from 1 to 52; 19 was used.
pub const W_BAD_SIZE: Code = Code::new("W389", "jago-bad-board-size");
/// The document declares a character set other than UTF-8; it was decoded
/// from that set (the whole file is read first).
pub const I_DECODED: Code = Code::new("I390", "jago-decoded");

/// `<Information>` children and the SGF properties they hold.
const INFO: &[(&str, &str)] = &[
    ("Application", "AP"),
    ("BoardSize", "SZ"),
    ("BlackPlayer", "PB"),
    ("BlackRank", "BR"),
    ("WhitePlayer", "PW"),
    ("WhiteRank", "WR"),
    ("Date", "DT"),
    ("Time", "TM"),
    ("Komi", "KM"),
    ("Result", "RE"),
    ("Handicap", "HA"),
    ("User", "US"),
    ("Copyright", "CP"),
    ("Annotation", "AN"),
    ("BlackTeam", "BT"),
    ("WhiteTeam", "WT"),
    ("Round", "RO"),
    ("Rules", "RU"),
    ("Source", "SO"),
];

/// A Jago/GoGui document: `<Go>`, `<GoGame>` or a reference to `go.dtd`.
pub fn sniff(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&head[..head.len().min(1024)]);
    text.contains("go.dtd")
        || text.contains("<GoGame")
        || text.contains("<Go>")
        || text.contains("<Go ")
        || text.contains("<Go\n")
}

// ---------------------------------------------------------------- writer

struct Shared<'w> {
    out: BufWriter<Box<dyn Write + 'w>>,
    opened: bool,
    games: usize,
}

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

/// Escapes element text (carriage returns as `&#13;` so they survive) or,
/// with `attr`, a quoted attribute value.
fn escape(s: &str, attr: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#13;"),
            '"' if attr => out.push_str("&quot;"),
            '\n' if attr => out.push_str("&#10;"),
            '\t' if attr => out.push_str("&#9;"),
            // XML 1.0 cannot carry other control characters at all.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n') => out.push('\u{FFFD}'),
            '\u{FFFE}' | '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

fn has_unwritable(s: &str) -> bool {
    s.chars().any(|c| {
        ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
            || matches!(c, '\u{FFFE}' | '\u{FFFF}')
    })
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
    let root = game.root();
    let size = coords::board_size(root.text("SZ"));
    let once = |id: &str| root.props.iter().filter(|p| p.name == id).count() == 1;
    let mut in_info = Vec::new();
    match root.get("GN").and_then(|p| single_plain(p)) {
        Some(name) if once("GN") && !has_unwritable(name) => {
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
        let Some(v) = single_plain(p).or_else(|| (*id == "AP").then(|| p.first_text()).flatten())
        else {
            continue;
        };
        if has_unwritable(v) || (*id == "AP" && p.values().len() != 1) {
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
    out.write_all(b"</Information>\n<Nodes>\n")?;

    // GoGui's order: a node, then its younger siblings as <Variation>s,
    // then the rest of its line. Iterative: a stack of things to do.
    enum Task {
        Line(NodeId),
        Open,
        Close,
    }
    let mut move_number = vec![0usize; game.nodes.len()];
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
        if let Some(p) = node.parent {
            move_number[id] = move_number[p] + node.mv().is_some() as usize;
            if node.children.len() <= 1 && node.starts_variation && game.node(p).children.len() == 1
            {
                lost.add("single-line variation parentheses");
            }
        }
        let skip: &[&str] = if id == Game::ROOT { &in_info } else { &[] };
        let root_left = node.props.iter().any(|p| !skip.contains(&p.name.as_str()));
        let first_has_move = node
            .children
            .first()
            .is_some_and(|&c| game.node(c).mv().is_some());
        if id != Game::ROOT || root_left || !first_has_move {
            // An empty root is left out only when a move follows: GoGui's
            // reader would otherwise take the next node for the root.
            write_node(out, game, id, move_number[id], size, skip, &mut lost)?;
        }
        if let Some(&first) = node.children.first() {
            stack.push(Task::Line(first));
        }
        if let Some(p) = node.parent {
            let siblings = &game.node(p).children;
            if siblings.first() == Some(&id) {
                for &s in siblings.iter().skip(1).rev() {
                    stack.push(Task::Close);
                    stack.push(Task::Line(s));
                    stack.push(Task::Open);
                }
            }
        }
    }
    out.write_all(b"</Nodes>\n</GoGame>\n")?;
    // go.dtd allows several games, but GoGui refuses a second <GoGame>.
    let second = index > 0;
    if !lost.0.is_empty() || second {
        let mut parts = Vec::new();
        if !lost.0.is_empty() {
            let list: Vec<String> = lost.0.iter().map(|(k, n)| format!("{k} ×{n}")).collect();
            parts.push(format!("Jago XML cannot hold: {}", list.join(", ")));
        }
        if second {
            parts.push("GoGui reads only the first <GoGame> of a file".to_string());
        }
        report.set_game(Some(index));
        report.warn(
            W_NOT_CARRIED,
            None,
            format!("game {}: {}", index + 1, parts.join("; ")),
        );
    }
    Ok(())
}

fn single_plain(p: &PropertyBuf) -> Option<&str> {
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
    let props: Vec<&PropertyBuf> = node
        .props
        .iter()
        .filter(|p| !skip.contains(&p.name.as_str()))
        .collect();
    // The move is an element when GTP can name its point; its clock goes in
    // `timeleft`, the first comment in <Comment>. Each is used once.
    let move_index = props.iter().position(|p| p.name == "B" || p.name == "W");
    let move_at = move_index.and_then(|i| {
        let v = single_plain(props[i])?;
        if coords::is_pass(v, size) {
            Some(String::new())
        } else {
            jago_point(v, size)
        }
    });
    let move_index = move_index.filter(|_| move_at.is_some());
    let time_id = match move_index.map(|i| props[i].name.as_str()) {
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
    let rest: Vec<&PropertyBuf> = props
        .iter()
        .enumerate()
        .filter(|(i, _)| ![move_index, time_index, comment_index].contains(&Some(*i)))
        .map(|(_, p)| *p)
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
        if let Some(t) = time_index.and_then(|t| single_plain(props[t])) {
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
    if let Some(c) = comment_index.and_then(|i| single_plain(props[i])) {
        if has_unwritable(c) {
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
    p: &PropertyBuf,
    size: (u32, u32),
    lost: &mut Losses,
) -> std::io::Result<()> {
    let points = |p: &PropertyBuf| -> Option<Vec<String>> {
        let mut pts = Vec::new();
        for v in p.values().iter() {
            for s in coords::expand_points(v.text()) {
                pts.push(jago_point(&s, size)?);
            }
        }
        Some(pts)
    };
    let element: Option<(&str, &str)> = match p.name.as_str() {
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
    if p.values().iter().any(|v| has_unwritable(v.text())) {
        lost.add(format!("control characters in {}", p.name));
    }
    write!(out, "<SGF type=\"{}\">", escape(&p.name, true))?;
    for v in p.values().iter() {
        write!(out, "<Arg>{}</Arg>", escape(v.text(), false))?;
    }
    out.write_all(b"</SGF>")
}

// ---------------------------------------------------------------- reader

pub fn read(
    input: &mut dyn Read,
    _options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    let head = buffered.fill_buf()?.to_vec();
    if head.starts_with(b"\xEF\xBB\xBF") {
        buffered.consume(3);
    }
    let declared = declared_encoding(&head);
    match declared {
        Some(enc) if enc != encoding_rs::UTF_8 => {
            // Jago wrote ISO-8859-1 files: decode the whole (one-game) file.
            let mut bytes = Vec::new();
            buffered.read_to_end(&mut bytes)?;
            let (text, _, _) = enc.decode(&bytes);
            report.info(
                I_DECODED,
                None,
                format!("the document is declared {}; decoded to UTF-8", enc.name()),
            );
            let mut r = text.as_bytes();
            read_utf8(&mut r, Some(enc.name()), sink, report)
        }
        _ => read_utf8(&mut buffered, declared.map(|e| e.name()), sink, report),
    }
}

/// The `encoding` of an XML declaration at the start of `head`.
fn declared_encoding(head: &[u8]) -> Option<&'static encoding_rs::Encoding> {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = String::from_utf8_lossy(&head[..head.len().min(200)]);
    let decl = text.strip_prefix("<?xml")?;
    let decl = &decl[..decl.find("?>")?];
    let at = decl.find("encoding")?;
    let rest = decl[at + 8..].trim_start().strip_prefix('=')?.trim_start();
    // A quote opens the value; anything else (a damaged declaration) names
    // no encoding.
    let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    let value = rest[1..].split(quote).next()?;
    encoding_rs::Encoding::for_label(value.as_bytes())
}

/// The reader's state for one `<GoGame>`, following GoGui's reader.
struct GameState {
    game: Game,
    /// The node properties go to (`None` right after `<Variation>`).
    current: Option<NodeId>,
    /// For each open `<Variation>`: the node it is an alternative to.
    variations: Vec<Option<NodeId>>,
    in_node: bool,
    info: Vec<PropertyBuf>,
    size: (u32, u32),
    sgf: Option<PropertyBuf>,
    mark: Option<(Option<&'static str>, Option<String>)>,
    /// Element whose `at` child or text content gives a point.
    point_owner: Option<String>,
    paragraphs: Option<Vec<String>>,
}

impl GameState {
    fn new(index: usize, pos: Pos, encoding: Option<&'static str>) -> Self {
        let mut h = GameHeader::new(index);
        h.pos = pos;
        if let Some(e) = encoding {
            h.encoding = e;
            h.encoding_source = EncodingSource::Declared;
        }
        GameState {
            game: Game::new(h),
            current: Some(Game::ROOT),
            variations: Vec::new(),
            in_node: false,
            info: Vec::new(),
            size: (19, 19),
            sgf: None,
            mark: None,
            point_owner: None,
            paragraphs: None,
        }
    }

    /// GoGui's createNode: a child of the current node, or after a
    /// `<Variation>` a sibling of the node it is an alternative to.
    fn create_node(&mut self) -> NodeId {
        let parent = match self.current {
            Some(c) => c,
            None => self
                .variations
                .last()
                .copied()
                .flatten()
                .and_then(|n| self.game.node(n).parent)
                .unwrap_or(Game::ROOT),
        };
        let id = self.game.add_child(parent);
        self.current = Some(id);
        id
    }

    fn node(&mut self) -> NodeId {
        match self.current {
            Some(c) => c,
            None => self.create_node(),
        }
    }

    fn point(&self, text: &str, pos: Pos, report: &mut Reporter) -> Option<String> {
        let t = text.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("pass") {
            return Some(String::new());
        }
        let xy = if let Some((x, y)) = t.split_once(',') {
            // `x,y` for large boards: 1-based, rows counted from the bottom like GTP.
            match (x.trim().parse::<u32>(), y.trim().parse::<u32>()) {
                (Ok(x), Ok(y)) if x >= 1 && y >= 1 && y <= self.size.1 => {
                    Some((x - 1, self.size.1 - y))
                }
                _ => None,
            }
        } else {
            coords::gtp_to_xy(t, self.size.1)
        };
        match xy
            .filter(|&(x, _)| x < self.size.0)
            .and_then(|(x, y)| coords::xy_to_sgf(x, y))
        {
            Some(p) => Some(p),
            None => {
                report.warn(
                    W_BAD_POINT,
                    Some(pos),
                    format!(
                        "point {t:?} is not on the {}×{} board; dropped",
                        self.size.0, self.size.1
                    ),
                );
                None
            }
        }
    }

    /// Applies a point to what the element `owner` means.
    fn apply_point(&mut self, owner: &str, point: String, report: &mut Reporter, pos: Pos) {
        let id = self.node();
        let node = self.game.node_mut(id);
        match owner {
            "Black" => node.set("B", &point),
            "White" => node.set("W", &point),
            "AddBlack" => node.add("AB", &point),
            "AddWhite" => node.add("AW", &point),
            "Delete" => node.add("AE", &point),
            "Mark" => {
                let Some((kind, label)) = self.mark.clone() else {
                    return;
                };
                if point.is_empty() {
                    report.warn(W_BAD_POINT, Some(pos), "a mark without a point; dropped");
                    return;
                }
                if let Some(kind) = kind {
                    node.add(kind, &point);
                }
                if let Some(label) = label {
                    match node.get_mut("LB") {
                        Some(p) => {
                            p.push_compose(&point, &label);
                        }
                        None => {
                            let mut p = PropertyBuf::new("LB");
                            p.push_compose(&point, &label);
                            node.props.push(p);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The finished game: GoGui prunes an empty implicit root whose only
    /// child has no move, then the game info goes to the root.
    fn finish(mut self) -> Game {
        let g = &mut self.game;
        let root = g.root();
        if root.props.is_empty() && root.children.len() == 1 {
            let child = root.children[0];
            if g.node(child).mv().is_none() {
                let mut nodes = std::mem::take(&mut g.nodes);
                // Drop node 0 and renumber: every id moves down by one.
                nodes.remove(0);
                for n in nodes.iter_mut() {
                    n.parent = n.parent.and_then(|p| p.checked_sub(1));
                    for c in n.children.iter_mut() {
                        *c -= 1;
                    }
                }
                if let Some(r) = nodes.first_mut() {
                    r.parent = None;
                    r.starts_variation = true;
                }
                g.nodes = nodes;
            }
        }
        let info = std::mem::take(&mut self.info);
        let root = g.root_mut();
        for (i, p) in info.into_iter().enumerate() {
            root.props.insert(i.min(root.props.len()), p);
        }
        self.game
    }
}

fn read_utf8(
    input: &mut dyn Read,
    encoding: Option<&'static str>,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut reader = quick_xml::Reader::from_reader(LineCounter::new(BufReader::new(input)));
    let mut buf = Vec::new();
    let mut games = 0usize;
    let mut state: Option<GameState> = None;
    let mut text = String::new();
    let mut elements: Vec<String> = Vec::new();
    let mut skip = 0usize;
    let mut seen_root = false;
    loop {
        buf.clear();
        let ev = match reader.read_event_into(&mut buf) {
            Ok(ev) => ev,
            Err(e) => {
                let pos = reader.get_ref().pos();
                return fault(games, report, pos, &e.to_string());
            }
        };
        let pos = reader.get_ref().pos();
        if skip > 0 {
            match ev {
                XmlEvent::Start(_) => skip += 1,
                XmlEvent::End(_) => skip -= 1,
                XmlEvent::Eof => return fault(games, report, pos, "unexpected end of input"),
                _ => {}
            }
            continue;
        }
        let (start, is_empty) = match &ev {
            XmlEvent::Start(e) => (Some(e.clone().into_owned()), false),
            XmlEvent::Empty(e) => (Some(e.clone().into_owned()), true),
            _ => (None, false),
        };
        if let Some(e) = start {
            let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
            if !seen_root {
                if name != "Go" {
                    return Err(Error::unreadable(
                        E_SYNTAX.id,
                        format!("root element is <{name}>, not <Go>"),
                    ));
                }
                seen_root = true;
                elements.push(name);
                if is_empty {
                    elements.pop();
                }
                continue;
            }
            let known = start_element(
                &name, &e, &mut state, &elements, games, pos, encoding, report,
            );
            if !known {
                report.info(
                    I_UNKNOWN_ELEMENT,
                    Some(pos),
                    format!("element <{name}> is not part of go.dtd; skipped"),
                );
                if !is_empty {
                    skip = 1;
                }
                continue;
            }
            text.clear();
            elements.push(name.clone());
            if is_empty {
                elements.pop();
                end_element(
                    &name, &mut state, &elements, &text, &mut games, pos, sink, report,
                )?;
            }
            continue;
        }
        match ev {
            XmlEvent::End(e) => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                elements.pop();
                end_element(
                    &name, &mut state, &elements, &text, &mut games, pos, sink, report,
                )?;
                text.clear();
            }
            XmlEvent::Text(t) => match t.unescape() {
                Ok(s) => text.push_str(&s),
                Err(e) => return fault(games, report, pos, &e.to_string()),
            },
            XmlEvent::CData(t) => text.push_str(&String::from_utf8_lossy(&t)),
            XmlEvent::Eof => {
                if !seen_root || state.is_some() {
                    return fault(games, report, pos, "unexpected end of input");
                }
                break;
            }
            _ => {}
        }
    }
    Ok(())
}

fn fault(games: usize, report: &mut Reporter, pos: Pos, msg: &str) -> Result<(), Error> {
    super::structured::syntax_fault(
        E_SYNTAX,
        "not Jago XML",
        "not well-formed XML",
        games,
        report,
        pos,
        msg,
    )
}

fn attr(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()))
}

/// Handles a start tag; `false` for an element go.dtd does not have.
#[allow(clippy::too_many_arguments)]
fn start_element(
    name: &str,
    e: &BytesStart<'_>,
    state: &mut Option<GameState>,
    elements: &[String],
    games: usize,
    pos: Pos,
    encoding: Option<&'static str>,
    report: &mut Reporter,
) -> bool {
    if name == "GoGame" {
        let mut st = GameState::new(games, pos, encoding);
        if let Some(n) = attr(e, "name") {
            st.info.push(PropertyBuf::with_values("GN", &[n]));
        }
        *state = Some(st);
        return true;
    }
    let parent = elements.last().map(String::as_str).unwrap_or("");
    let Some(st) = state.as_mut() else {
        return false;
    };
    match name {
        "Information" | "Nodes" | "P" | "at" | "Arg" => {}
        "Comment" | "Copyright" => st.paragraphs = Some(Vec::new()),
        n if parent == "Information" && INFO.iter().any(|(el, _)| *el == n) => {}
        "Node" => {
            st.create_node();
            st.in_node = true;
        }
        "Variation" => {
            if st.current.is_none() && st.variations.is_empty() {
                report.warn(
                    W_MISPLACED,
                    Some(pos),
                    "a <Variation> before any node; read as a line of its own",
                );
            }
            st.variations.push(st.current);
            st.current = None;
        }
        "Black" | "White" | "AddBlack" | "AddWhite" | "Delete" | "Mark" => {
            if matches!(name, "Black" | "White") && !st.in_node {
                st.create_node();
            }
            let id = st.node();
            if name == "Mark" {
                let kind = match (attr(e, "type").as_deref(), attr(e, "territory").as_deref()) {
                    (_, Some("black")) => Some("TB"),
                    (_, Some("white")) => Some("TW"),
                    (Some("circle"), _) => Some("CR"),
                    (Some("square"), _) => Some("SQ"),
                    (Some("triangle"), _) => Some("TR"),
                    _ => None,
                };
                let label = attr(e, "label");
                let kind = if kind.is_none() && label.is_none() {
                    Some("MA")
                } else {
                    kind
                };
                st.mark = Some((kind, label));
            }
            if let Some(at) = attr(e, "at") {
                if let Some(p) = st.point(&at, pos, report) {
                    st.apply_point(name, p, report, pos);
                }
                st.point_owner = None;
            } else {
                st.point_owner = Some(name.to_string());
            }
            if let Some(t) = attr(e, "timeleft") {
                let id_name = if name == "Black" { "BL" } else { "WL" };
                if matches!(name, "Black" | "White") {
                    st.game.node_mut(id).set(id_name, t.trim());
                }
            }
        }
        "SGF" => {
            let ty = attr(e, "type").unwrap_or_default();
            st.sgf = match crate::props::uppercase_form(&ty) {
                Some(id) => Some(PropertyBuf::new(id)),
                None => {
                    report.warn(
                        W_MISPLACED,
                        Some(pos),
                        format!("<SGF type={ty:?}> has no property identifier; skipped"),
                    );
                    None
                }
            };
        }
        "BlackToPlay" => st
            .game
            .node_mut(st.current.unwrap_or(Game::ROOT))
            .set("PL", "B"),
        "WhiteToPlay" => st
            .game
            .node_mut(st.current.unwrap_or(Game::ROOT))
            .set("PL", "W"),
        _ => return false,
    }
    true
}

#[allow(clippy::too_many_arguments)]
fn end_element(
    name: &str,
    state: &mut Option<GameState>,
    elements: &[String],
    text: &str,
    games: &mut usize,
    pos: Pos,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    if name == "GoGame" {
        if let Some(st) = state.take() {
            let game = st.finish();
            report.set_game(Some(*games));
            *games += 1;
            game.replay(sink, report)?;
        }
        return Ok(());
    }
    let parent = elements.last().map(String::as_str).unwrap_or("");
    let Some(st) = state.as_mut() else {
        return Ok(());
    };
    match name {
        "Node" => st.in_node = false,
        "Variation" => st.current = st.variations.pop().flatten(),
        "at" => {
            if let Some(p) = st.point(text, pos, report) {
                st.apply_point(parent, p, report, pos);
            }
        }
        "Black" | "White" | "AddBlack" | "AddWhite" | "Delete" | "Mark" => {
            // The point may be text content instead of an `at` (GoGui accepts it).
            if st.point_owner.as_deref() == Some(name) && !text.trim().is_empty() {
                if let Some(p) = st.point(text, pos, report) {
                    st.apply_point(name, p, report, pos);
                }
            } else if st.point_owner.as_deref() == Some(name) && matches!(name, "Black" | "White") {
                // A move with no point at all is a pass.
                let id = st.node();
                let id_name = if name == "Black" { "B" } else { "W" };
                if st.game.node(id).get(id_name).is_none() {
                    st.game.node_mut(id).set(id_name, "");
                }
            }
            st.point_owner = None;
        }
        "P" => {
            if let Some(ps) = &mut st.paragraphs {
                // Line breaks inside one paragraph are joined by spaces, as GoGui does.
                ps.push(text.split('\n').collect::<Vec<_>>().join(" "));
            }
        }
        "Comment" | "Copyright" => {
            let mut ps = st.paragraphs.take().unwrap_or_default();
            if ps.is_empty() && !text.trim().is_empty() {
                // Jago writes comment text without <P>.
                ps.push(text.trim().to_string());
            }
            let joined = ps.join("\n");
            if name == "Copyright" {
                st.info.push(PropertyBuf::with_values("CP", &[joined]));
            } else {
                let id = st.node();
                let node = st.game.node_mut(id);
                match node.text("C") {
                    Some(old) => {
                        let merged = format!("{old}\n{joined}");
                        node.set("C", &merged);
                    }
                    None => node.set("C", &joined),
                }
            }
        }
        "Arg" => {
            if let Some(p) = &mut st.sgf {
                let compose = crate::props::lookup(&p.name).is_some_and(|d| d.allows_compose());
                match text.split_once(':').filter(|_| compose) {
                    Some((a, b)) => p.push_compose(a, b),
                    None => p.push(text),
                };
            }
        }
        "SGF" => {
            if let Some(p) = st.sgf.take() {
                let id = st.node();
                st.game.node_mut(id).props.push(p);
            }
        }
        n if parent == "Information" => {
            if let Some((_, id)) = INFO.iter().find(|(el, _)| *el == n) {
                let v = text.trim();
                if *id == "SZ" {
                    match v.parse::<u32>() {
                        Ok(s) if (1..=52).contains(&s) => st.size = (s, s),
                        _ => report.warn(
                            W_BAD_SIZE,
                            Some(pos),
                            format!("board size {v:?} is not 1 to 52; 19 used"),
                        ),
                    }
                }
                if *id != "CP" && !v.is_empty() {
                    let compose = *id == "AP";
                    let mut p = PropertyBuf::new(*id);
                    match v.split_once(':').filter(|_| compose) {
                        Some((a, b)) => p.push_compose(a, b),
                        None => p.push(v),
                    };
                    st.info.push(p);
                }
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_games(xml: &str) -> (Vec<Game>, Reporter) {
        let mut r = Reporter::collecting("t.xml");
        let games = crate::game::collect_games(
            |s, r| read(&mut xml.as_bytes(), &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        (games, r)
    }

    fn to_jago(g: &Game) -> (String, Reporter) {
        let mut out = Vec::new();
        let mut r = Reporter::collecting("t.sgf");
        {
            let mut w = writer(Box::new(&mut out), &WriteOptions::default()).unwrap();
            g.replay(&mut w, &mut r).unwrap();
            w.finish(&mut r).unwrap();
        }
        (String::from_utf8(out).unwrap(), r)
    }

    /// A damaged declaration names no encoding, and does not panic
    /// (fuzzing found a replacement character where the quote should be).
    #[test]
    fn a_damaged_declaration_names_no_encoding() {
        assert_eq!(
            declared_encoding(b"<?xml version=\"1.0\" encoding='ISO-8859-1'?>"),
            Some(encoding_rs::WINDOWS_1252)
        );
        assert_eq!(declared_encoding(b"<?xml encoding=\xff\xfeUTF-8\"?>"), None);
        assert_eq!(declared_encoding(b"<?xml encoding=UTF-8?>"), None);
    }

    #[test]
    fn reads_gogui_variations_as_siblings() {
        // The shape of GoGui's own reader test: <Variation> is an
        // alternative to the node before it.
        let (games, r) = read_games(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><Go><GoGame><Information/><Nodes><Node/>\
             <Node><Black at=\"Q16\"/></Node><Variation><Black at=\"Q15\"/></Variation>\
             <Node><White at=\"D4\"/></Node></Nodes></GoGame></Go>",
        );
        assert_eq!(r.warnings(), 0, "{:?}", r.collected());
        let g = &games[0];
        assert_eq!(g.root().children.len(), 2);
        let (n1, n2) = (g.root().children[0], g.root().children[1]);
        assert_eq!(g.node(n1).mv(), Some(('B', "pd")));
        assert_eq!(g.node(n2).mv(), Some(('B', "pe")));
        assert!(g.node(n2).children.is_empty());
        assert_eq!(g.node(g.node(n1).children[0]).mv(), Some(('W', "dp")));
    }

    #[test]
    fn reads_information_comments_marks_and_sgf_elements() {
        let (games, _) = read_games(
            "<Go><GoGame name=\"Final\"><Information><BoardSize>9</BoardSize><BlackPlayer>Shusaku</BlackPlayer>\
             <Komi>0</Komi><Copyright><P>a</P><P>b</P></Copyright></Information><Nodes>\
             <Node><AddBlack at=\"C3\"/><Mark at=\"E5\" label=\"A\"/><Mark at=\"A9\" type=\"triangle\"/>\
             <Mark><at>J1</at></Mark><SGF type=\"OB\"><Arg>10</Arg></SGF><Comment><P/><P>x  y</P></Comment></Node>\
             <White at=\"\" timeleft=\"30\"/><Comment><P>pass</P></Comment><Black at=\"PASS\"/></Nodes></GoGame></Go>",
        );
        let g = &games[0];
        let root = g.root();
        assert_eq!(root.text("GN"), Some("Final"));
        assert_eq!(root.text("SZ"), Some("9"));
        assert_eq!(root.text("PB"), Some("Shusaku"));
        assert_eq!(root.text("CP"), Some("a\nb"));
        assert_eq!(root.text("AB"), Some("cg"));
        assert_eq!(
            root.get("LB").unwrap().values().first().unwrap().parts(),
            ("ee", Some("A"))
        );
        assert_eq!(root.text("TR"), Some("aa"));
        assert_eq!(root.text("MA"), Some("ii"));
        assert_eq!(root.text("OB"), Some("10"));
        assert_eq!(root.text("C"), Some("\nx  y"));
        let w = g.node(root.children[0]);
        assert_eq!(w.mv(), Some(('W', "")));
        assert_eq!(w.text("WL"), Some("30"));
        assert_eq!(w.text("C"), Some("pass"));
        assert_eq!(g.node(w.children[0]).mv(), Some(('B', "")));
    }

    fn sample() -> Game {
        let mut g = Game::default();
        g.root_mut().set("SZ", "19");
        g.root_mut().set("PB", "B & <b>");
        g.root_mut().set("GN", "Game \"1\"");
        g.root_mut().add("AB", "dd");
        g.root_mut().set("XX", "private:x");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        g.node_mut(a).set("BL", "100");
        g.node_mut(a).set("C", "one\n\ntwo\r\n");
        let b = g.add_child(a);
        g.node_mut(b).set("W", "dp");
        let v = g.add_child(a);
        g.node_mut(v).set("W", "qq");
        g.node_mut(v).set("TR", "qq");
        let vv = g.add_child(v);
        g.node_mut(vv).set("B", "");
        let c = g.add_child(b);
        g.node_mut(c).set("B", "pp");
        g
    }

    #[test]
    fn writes_gogui_layout() {
        let (xml, r) = to_jago(&sample());
        pretty_assertions::assert_eq!(
            xml,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE Go SYSTEM \"go.dtd\">\n<Go>\n\
             <GoGame name=\"Game &quot;1&quot;\">\n<Information>\n<BoardSize>19</BoardSize>\n\
             <BlackPlayer>B &amp; &lt;b&gt;</BlackPlayer>\n</Information>\n<Nodes>\n\
             <Node><AddBlack at=\"D16\"/><SGF type=\"XX\"><Arg>private:x</Arg></SGF></Node>\n\
             <Black number=\"1\" at=\"Q16\" timeleft=\"100\"/><Comment><P>one</P><P/><P>two&#13;</P><P/></Comment>\n\
             <White number=\"2\" at=\"D4\"/>\n\
             <Variation>\n<Node><White number=\"2\" at=\"R3\"/><Mark at=\"R3\" type=\"triangle\"/></Node>\n\
             <Black number=\"3\" at=\"\"/>\n</Variation>\n\
             <Black number=\"3\" at=\"Q4\"/>\n</Nodes>\n</GoGame>\n</Go>\n"
        );
        assert_eq!(r.warnings(), 0, "{:?}", r.collected());
    }

    #[test]
    fn round_trip_keeps_the_tree_and_the_values() {
        let g = sample();
        let (xml, _) = to_jago(&g);
        let (games, r) = read_games(&xml);
        assert_eq!(r.warnings(), 0, "{:?}", r.collected());
        assert_eq!(shape(&games[0]), shape(&g));
    }

    /// The tree in pre-order: depth and sorted properties of each node.
    type Props = Vec<(String, Vec<String>)>;

    fn shape(g: &Game) -> Vec<(usize, Props)> {
        let mut out = Vec::new();
        let mut stack = vec![(Game::ROOT, 0)];
        while let Some((id, depth)) = stack.pop() {
            let mut props: Vec<_> = g
                .node(id)
                .props
                .iter()
                .map(|p| {
                    (
                        p.name.clone(),
                        p.values().iter().map(|v| v.text().to_string()).collect(),
                    )
                })
                .collect();
            props.sort();
            out.push((depth, props));
            for &c in g.node(id).children.iter().rev() {
                stack.push((c, depth + 1));
            }
        }
        out
    }

    #[test]
    fn losses_are_listed_once_per_game() {
        let mut g = sample();
        g.meta.push(("gib:GAMETAG".into(), "x".into()));
        let (_, r) = to_jago(&g);
        assert_eq!(r.collected().len(), 1);
        assert!(r.collected()[0]
            .message
            .contains("source field gib:GAMETAG"));
    }

    #[test]
    fn faults() {
        let mut r = Reporter::collecting("t");
        let e = read(
            &mut &b"<sgfconv/>"[..],
            &ReadOptions::default(),
            &mut crate::sink::Counter::default(),
            &mut r,
        );
        assert!(matches!(e, Err(Error::Unreadable { code: "E385", .. })));
        let (games, r) = read_games(
            "<Go><GoGame><Nodes><Black at=\"Z99\"/><Foo><Bar/></Foo></Nodes></GoGame></Go>",
        );
        assert_eq!(games.len(), 1);
        let codes: Vec<_> = r.collected().iter().map(|d| d.code.id).collect();
        assert_eq!(codes, vec!["W386", "I387"]);
        assert!(sniff(
            b"<?xml version='1.0'?>\n<!DOCTYPE Go SYSTEM \"go.dtd\">\n<Go>"
        ));
        assert!(!sniff(b"<sgfconv version=\"1\">"));
    }

    #[test]
    fn deep_trees_do_not_recurse() {
        // Every node has two children and the line goes on in the second:
        // <Variation>s nested 20 000 deep.
        let mut g = Game::default();
        let mut at = 0;
        for _ in 0..20_000 {
            let side = g.add_child(at);
            g.node_mut(side).set("B", "aa");
            let main = g.add_child(at);
            g.node_mut(main).set("B", "bb");
            at = main;
        }
        let (xml, _) = to_jago(&g);
        assert_eq!(xml.matches("<Variation>").count(), 20_000);
        let (games, _) = read_games(&xml);
        assert_eq!(games[0].nodes.len(), g.nodes.len());
    }

    #[test]
    fn latin1_documents_are_decoded() {
        let xml = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><Go><GoGame><Information><BlackPlayer>Jos\xe9</BlackPlayer></Information><Nodes><Black at=\"D4\"/></Nodes></GoGame></Go>";
        let mut r = Reporter::collecting("t");
        let games = crate::game::collect_games(
            |s, r| read(&mut &xml[..], &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        assert_eq!(games[0].root().text("PB"), Some("José"));
        assert_eq!(games[0].header.encoding, "windows-1252");
    }
}
