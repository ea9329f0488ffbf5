//! sgfconv's lossless JSON model, JSON Lines, and the move-list projection
//! (`--moves`). What the format is: `formats/json.md`; its schema:
//! `formats/sgfconv.schema.json`.
//!
//! The writer collects one game at a time into the flat model (nodes in
//! document order, parent links, a `variation` flag) and writes it as one
//! line; a collection document is written as an opening, one game per line,
//! and a closing, so memory is bounded by one game. The reader streams too:
//! each game of a `games` array (or each JSON Lines object) is parsed and
//! replayed before the next is read.

use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{EncodingSource, Event, GameHeader, Pos, PropertyBuf, Values};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{
    FlatCollector, FlatGame, FlatNode, NodePlace, Tracker, E_ORPHAN_PROPERTY,
};
use crate::options::{ReadOptions, WriteOptions};
use crate::sink::Sink;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};

/// The input is not JSON, or not shaped like sgfconv JSON; games before the
/// fault were kept.
pub const E_SYNTAX: Code = Code::new("E354", "json-syntax");
/// An `encoding` name no decoder knows; UTF-8 was recorded instead.
pub const W_UNKNOWN_ENCODING: Code = Code::new("W355", "json-unknown-encoding");
/// A `format` or `version` this reader does not know; read as version 1.
pub const W_UNKNOWN_VERSION: Code = Code::new("W358", "json-unknown-version");
/// A field this reader does not know; ignored.
pub const I_UNKNOWN_FIELD: Code = Code::new("I359", "json-unknown-field");
/// A move of a move list that is not a colour and a point; skipped.
pub const W_BAD_MOVE: Code = Code::new("W360", "json-bad-move");
/// `--moves` writes the main line and core game info only; this lists what
/// a game had beyond that.
pub const W_MOVES_LOSS: Code = Code::new("W361", "json-moves-not-carried");

/// Value of `format` in a lossless collection document.
pub const FORMAT_NAME: &str = "sgfconv";
/// Value of `format` in a move-list collection document.
pub const MOVES_FORMAT_NAME: &str = "sgfconv-moves";
pub const VERSION: u64 = 1;

/// A JSON document or JSON Lines stream starts with `{` or `[`.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let n = head.iter().take_while(|c| c.is_ascii_whitespace()).count();
    matches!(head.get(n), Some(b'{') | Some(b'['))
}

// ---------------------------------------------------------------- writer

/// The JSON writer (lossless model, or the move list with `--moves`).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    Ok(Box::new(JsonWriter {
        out: BufWriter::with_capacity(1 << 16, output),
        collector: FlatCollector::new(),
        tracker: Tracker::default(),
        lines: options.json_lines,
        moves: options.moves,
        games: 0,
        opened: false,
        game: GameState::Outside,
        meta: Vec::new(),
        props_in_node: 0,
    }))
}

/// Where the lossless writer is inside the current game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GameState {
    Outside,
    /// The header is written; `Meta` events are still being collected.
    Header,
    /// `"nodes":[` is written, no node yet.
    Nodes,
    /// Inside a node's `"props":[`.
    InNode,
}

/// The JSON writer. The lossless model streams node by node (nothing of a
/// game is held but its source facts until its first node); the move list
/// needs the main line, so it collects one game at a time.
struct JsonWriter<'w> {
    out: BufWriter<Box<dyn Write + 'w>>,
    collector: FlatCollector,
    tracker: Tracker,
    lines: bool,
    moves: bool,
    games: usize,
    opened: bool,
    game: GameState,
    meta: Vec<(String, String)>,
    props_in_node: usize,
}

impl JsonWriter<'_> {
    fn open(&mut self) -> std::io::Result<()> {
        if !self.opened && !self.lines {
            let name = if self.moves {
                MOVES_FORMAT_NAME
            } else {
                FORMAT_NAME
            };
            write!(
                self.out,
                "{{\"format\":\"{name}\",\"version\":{VERSION},\"games\":["
            )?;
        }
        self.opened = true;
        Ok(())
    }

    /// What goes before a game: the separator from the previous one.
    fn before_game(&mut self) -> std::io::Result<()> {
        self.open()?;
        if !self.lines {
            self.out
                .write_all(if self.games == 0 { b"\n" } else { b",\n" })?;
        }
        Ok(())
    }

    fn after_game(&mut self) -> std::io::Result<()> {
        if self.lines {
            self.out.write_all(b"\n")?;
        }
        self.games += 1;
        Ok(())
    }

    /// The source facts, then the opening of the node list.
    fn open_nodes(&mut self) -> std::io::Result<()> {
        self.out.write_all(b",\"meta\":[")?;
        for (i, (k, v)) in self.meta.iter().enumerate() {
            self.out.write_all(if i == 0 { b"[" } else { b",[" })?;
            json_str(&mut self.out, k)?;
            self.out.write_all(b",")?;
            json_str(&mut self.out, v)?;
            self.out.write_all(b"]")?;
        }
        self.meta.clear();
        self.out.write_all(b"],\"nodes\":[")?;
        self.game = GameState::Nodes;
        Ok(())
    }

    fn end_game(&mut self) -> std::io::Result<()> {
        match self.game {
            GameState::Outside => return Ok(()),
            GameState::Header => self.open_nodes()?,
            GameState::InNode => self.out.write_all(b"]}")?,
            GameState::Nodes => {}
        }
        self.out.write_all(b"]")?;
        if let Some(t) = self.tracker.end() {
            self.out.write_all(b",\"tail\":")?;
            json_str(&mut self.out, &t)?;
        }
        self.out.write_all(b"}")?;
        self.game = GameState::Outside;
        self.after_game()
    }

    fn lossless(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                self.end_game()?;
                self.before_game()?;
                write_header(&mut self.out, h, self.games)?;
                self.tracker.start();
                self.meta.clear();
                self.game = GameState::Header;
            }
            Event::Meta { key, value } => match self.game {
                GameState::Header => self.meta.push((key.to_string(), value.to_string())),
                _ => report.error(
                    E_ORPHAN_PROPERTY,
                    None,
                    format!("source fact {key} comes after the first node of its game; dropped"),
                ),
            },
            Event::VariationStart(_) => self.tracker.paren(true),
            Event::VariationEnd(_) => self.tracker.paren(false),
            Event::Node(_) => {
                match self.game {
                    GameState::Outside => return Ok(()),
                    GameState::Header => self.open_nodes()?,
                    GameState::InNode => self.out.write_all(b"]},")?,
                    GameState::Nodes => {}
                }
                let place = self.tracker.node();
                write_place(&mut self.out, &place)?;
                self.game = GameState::InNode;
                self.props_in_node = 0;
            }
            Event::Property(p) => {
                if self.game != GameState::InNode {
                    report.error(
                        E_ORPHAN_PROPERTY,
                        Some(p.pos),
                        format!("property {} comes before the first node; dropped", p.name),
                    );
                    return Ok(());
                }
                if self.props_in_node > 0 {
                    self.out.write_all(b",")?;
                }
                self.props_in_node += 1;
                write_property(&mut self.out, p.name, p.values)?;
            }
            Event::GameEnd(_) => self.end_game()?,
        }
        Ok(())
    }
}

impl Sink for JsonWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        if !self.moves {
            return self.lossless(event, report);
        }
        if let Some(game) = self.collector.push(event, report) {
            self.before_game()?;
            write_moves(&mut self.out, &game, self.games, report)?;
            self.after_game()?;
        }
        Ok(())
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        // A game the events left open is closed, not lost.
        self.end_game()?;
        if !self.lines {
            self.open()?;
            self.out.write_all(b"\n]}\n")?;
        }
        self.out.flush()?;
        Ok(())
    }
}

fn json_str(out: &mut impl Write, s: &str) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, s).map_err(std::io::Error::from)
}

fn json_opt_str(out: &mut impl Write, s: Option<&str>) -> std::io::Result<()> {
    match s {
        Some(s) => json_str(out, s),
        None => out.write_all(b"null"),
    }
}

/// The fields of a game before its source facts and nodes.
fn write_header(out: &mut impl Write, h: &GameHeader, index: usize) -> std::io::Result<()> {
    write!(out, "{{\"game\":{index},\"encoding\":")?;
    json_str(out, h.encoding)?;
    write!(
        out,
        ",\"encoding_source\":\"{}\",\"confidence\":",
        h.encoding_source.as_str()
    )?;
    let confidence = if h.confidence.is_finite() {
        h.confidence
    } else {
        1.0
    };
    serde_json::to_writer(&mut *out, &confidence).map_err(std::io::Error::from)?;
    write!(out, ",\"implicit_root\":{}", h.implicit_root)
}

/// A node's place, and the opening of its property list.
fn write_place(out: &mut impl Write, place: &NodePlace) -> std::io::Result<()> {
    write!(out, "{{\"node\":{},\"parent\":", place.index)?;
    match place.parent {
        Some(p) => write!(out, "{p}")?,
        None => out.write_all(b"null")?,
    }
    if place.variation {
        out.write_all(b",\"variation\":true")?;
    }
    if let Some(g) = &place.gap {
        out.write_all(b",\"gap\":")?;
        json_str(out, g)?;
    }
    out.write_all(b",\"props\":[")
}

fn write_property(out: &mut impl Write, name: &str, values: Values<'_>) -> std::io::Result<()> {
    out.write_all(b"{\"id\":")?;
    json_str(out, name)?;
    out.write_all(b",\"values\":[")?;
    for (j, v) in values.iter().enumerate() {
        if j > 0 {
            out.write_all(b",")?;
        }
        match v.parts() {
            (a, Some(b)) => {
                out.write_all(b"[")?;
                json_str(out, a)?;
                out.write_all(b",")?;
                json_str(out, b)?;
                out.write_all(b"]")?;
            }
            (a, None) => json_str(out, a)?,
        }
    }
    out.write_all(b"]}")
}

/// Properties the move list carries from the root (or from setup nodes
/// before the first move); `FF`, `GM` and `CA` describe the file, not the
/// game, and are not reported as lost.
const MOVES_ROOT_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "RE", "DT", "EV", "PB", "BR", "PW", "WR", "AB", "AW", "AE", "PL", "FF",
    "GM", "CA",
];

/// The move-list projection of one game, as computed for `--moves`.
#[derive(Default, Debug, PartialEq)]
pub(crate) struct MoveList {
    pub size: (u32, u32),
    pub setup: [Vec<String>; 3],
    pub first_player: Option<&'static str>,
    pub moves: Vec<(&'static str, String)>,
    /// Ply at which a later setup node stopped the list.
    pub truncated_at: Option<usize>,
    /// What the projection does not carry, for the loss warning.
    pub not_carried: BTreeMap<String, usize>,
}

fn move_list(game: &FlatGame) -> MoveList {
    let mut ml = MoveList::default();
    let Some(root) = game.nodes.first() else {
        ml.size = (19, 19);
        return ml;
    };
    let first = |id: &str| {
        root.props
            .iter()
            .find(|p| p.name == id)
            .and_then(|p| p.first_text())
    };
    ml.size = coords::board_size(first("SZ"));
    let line = game.main_line();
    let on_line: std::collections::HashSet<usize> = line.iter().copied().collect();
    let off_line = game.nodes.len() - line.len();
    if off_line > 0 {
        ml.not_carried.insert("variation nodes".into(), off_line);
    }
    let mut seen_move = false;
    for (i, node) in game.nodes.iter().enumerate() {
        if !on_line.contains(&i) {
            continue;
        }
        let is_setup = node
            .props
            .iter()
            .any(|p| matches!(p.name.as_str(), "AB" | "AW" | "AE"));
        let mut carried: &[&str] = if i == 0 || (!seen_move && is_setup) {
            MOVES_ROOT_PROPS
        } else {
            &["B", "W"]
        };
        if seen_move && is_setup && ml.truncated_at.is_none() {
            ml.truncated_at = Some(ml.moves.len());
        }
        if ml.truncated_at.is_some() {
            carried = &[];
        }
        for p in &node.props {
            if !carried.contains(&p.name.as_str()) {
                *ml.not_carried.entry(p.name.clone()).or_default() += 1;
                continue;
            }
            match p.name.as_str() {
                "AB" | "AW" | "AE" => {
                    let k = match p.name.as_str() {
                        "AB" => 0,
                        "AW" => 1,
                        _ => 2,
                    };
                    for v in p.values().iter() {
                        ml.setup[k].extend(coords::expand_points(v.text()));
                    }
                }
                "PL" if ml.first_player.is_none() => {
                    ml.first_player = match p.first_text().map(str::trim) {
                        Some("B" | "b" | "1") => Some("B"),
                        Some("W" | "w" | "2") => Some("W"),
                        _ => None,
                    };
                }
                "B" | "W" => {
                    let colour = if p.name == "B" { "B" } else { "W" };
                    let v = p.first_text().unwrap_or("");
                    let point = if coords::is_pass(v, ml.size) { "" } else { v };
                    ml.moves.push((colour, point.to_string()));
                    seen_move = true;
                }
                _ => {}
            }
        }
    }
    if ml.first_player.is_none() {
        ml.first_player = ml.moves.first().map(|m| m.0);
    }
    ml
}

fn write_moves(
    out: &mut impl Write,
    game: &FlatGame,
    index: usize,
    report: &mut Reporter,
) -> Result<(), Error> {
    let root = game.nodes.first();
    let text = |id: &str| {
        root.and_then(|r| r.props.iter().find(|p| p.name == id))
            .and_then(|p| p.first_text())
    };
    let ml = move_list(game);
    let (w, h) = ml.size;
    write!(out, "{{\"game\":{index},\"size\":[{w},{h}],\"komi\":")?;
    match text("KM")
        .and_then(|k| k.trim().parse::<f64>().ok())
        .filter(|k| k.is_finite())
    {
        Some(k) => serde_json::to_writer(&mut *out, &k).map_err(std::io::Error::from)?,
        None => out.write_all(b"null")?,
    }
    out.write_all(b",\"handicap\":")?;
    match text("HA").and_then(|k| k.trim().parse::<u32>().ok()) {
        Some(k) => write!(out, "{k}")?,
        None => out.write_all(b"null")?,
    }
    for (key, id) in [
        ("rules", "RU"),
        ("result", "RE"),
        ("date", "DT"),
        ("event", "EV"),
    ] {
        write!(out, ",\"{key}\":")?;
        json_opt_str(out, text(id))?;
    }
    for (key, name, rank) in [("black", "PB", "BR"), ("white", "PW", "WR")] {
        write!(out, ",\"{key}\":{{\"name\":")?;
        json_opt_str(out, text(name))?;
        out.write_all(b",\"rank\":")?;
        json_opt_str(out, text(rank))?;
        out.write_all(b"}")?;
    }
    out.write_all(b",\"setup\":{")?;
    for (k, key) in ["B", "W", "E"].iter().enumerate() {
        write!(out, "{}\"{key}\":[", if k > 0 { "," } else { "" })?;
        for (i, p) in ml.setup[k].iter().enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            json_str(out, p)?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b"},\"first_player\":")?;
    json_opt_str(out, ml.first_player)?;
    out.write_all(b",\"moves\":[")?;
    for (i, (c, p)) in ml.moves.iter().enumerate() {
        write!(out, "{}[\"{c}\",", if i > 0 { "," } else { "" })?;
        json_str(out, p)?;
        out.write_all(b"]")?;
    }
    out.write_all(b"],\"moves_gtp\":[")?;
    for (i, (c, p)) in ml.moves.iter().enumerate() {
        write!(out, "{}[\"{c}\",", if i > 0 { "," } else { "" })?;
        if p.is_empty() {
            out.write_all(b"\"pass\"")?;
        } else {
            let v = coords::sgf_to_xy(p).and_then(|(x, y)| coords::xy_to_gtp(x, y, h));
            json_opt_str(out, v.as_deref())?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b"]")?;
    if let Some(t) = ml.truncated_at {
        write!(out, ",\"truncated_at\":{t}")?;
    }
    out.write_all(b"}")?;
    if !ml.not_carried.is_empty() || ml.truncated_at.is_some() {
        let mut parts: Vec<String> = ml
            .not_carried
            .iter()
            .map(|(k, n)| format!("{k} ×{n}"))
            .collect();
        if let Some(t) = ml.truncated_at {
            parts.insert(0, format!("moves after setup at ply {t}"));
        }
        report.set_game(Some(index));
        report.warn(
            W_MOVES_LOSS,
            None,
            format!(
                "game {}: the move list keeps the main line and core game info; not carried: {}",
                index + 1,
                parts.join(", ")
            ),
        );
    }
    Ok(())
}

// ---------------------------------------------------------------- reader

/// Reads the lossless model (a collection document, a JSON Lines stream of
/// games, or an array of games) or the move-list projection.
///
/// Any layout is read by serde_json's streaming parser. The layouts this
/// writer produces (and JSON Lines in general) hold one game per line; those
/// lines are parsed from memory, several times faster, still one game at a
/// time. A line longer than [`MAX_LINE`] goes to the streaming parser.
pub fn read(
    input: &mut dyn Read,
    _options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    skip_bom(&mut buffered)?;
    let mut ctx = Ctx {
        sink,
        report,
        games: 0,
        error: None,
        line_offset: 0,
    };
    let mut line = Vec::new();
    let complete = read_line(&mut buffered, &mut line)?;
    let head = line.trim_ascii();
    let opening = |name: &str| format!("{{\"format\":\"{name}\",\"version\":{VERSION},\"games\":[");
    if complete
        && (head == opening(FORMAT_NAME).as_bytes()
            || head == opening(MOVES_FORMAT_NAME).as_bytes())
    {
        return read_document_lines(&mut buffered, &mut ctx);
    }
    if complete && head.starts_with(b"{") && serde_json::from_slice::<IgnoredAny>(head).is_ok() {
        return read_json_lines(line, &mut buffered, &mut ctx);
    }
    read_stream(std::io::Cursor::new(line).chain(buffered), &mut ctx)
}

/// Longest line parsed from memory; longer ones are streamed.
const MAX_LINE: usize = 16 << 20;

/// Reads one line into `buf` (cleared first), at most [`MAX_LINE`] bytes.
/// `true` when the line ended (newline or end of input) within the limit.
fn read_line(r: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    buf.clear();
    loop {
        let avail = r.fill_buf()?;
        if avail.is_empty() {
            return Ok(true);
        }
        let room = MAX_LINE.saturating_sub(buf.len());
        match memchr::memchr(b'\n', avail) {
            Some(i) if i < room => {
                buf.extend_from_slice(&avail[..=i]);
                r.consume(i + 1);
                return Ok(true);
            }
            _ => {
                let n = avail.len().min(room);
                buf.extend_from_slice(&avail[..n]);
                r.consume(n);
                if n == room {
                    return Ok(false);
                }
            }
        }
    }
}

/// One value parsed from memory; a syntax error is returned as is.
fn parse_line(ctx: &mut Ctx<'_>, text: &[u8]) -> Result<Result<(), serde_json::Error>, Error> {
    let mut de = serde_json::Deserializer::from_slice(text);
    let result = TopSeed { ctx: &mut *ctx }
        .deserialize(&mut de)
        .and_then(|()| de.end());
    if let Some(e) = ctx.error.take() {
        return Err(e);
    }
    Ok(result)
}

/// JSON Lines: one value per line.
fn read_json_lines(first: Vec<u8>, r: &mut impl BufRead, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut line = first;
    let mut line_no = 1u32;
    let mut complete = true;
    loop {
        if !complete {
            ctx.line_offset = line_no - 1;
            return read_stream(std::io::Cursor::new(line).chain(r), ctx);
        }
        let text = line.trim_ascii();
        if !text.is_empty() {
            if let Err(e) = parse_line(ctx, text)? {
                return syntax_error(ctx, &e, line_no, e.column() as u32);
            }
        }
        complete = read_line(r, &mut line)?;
        if line.is_empty() {
            return Ok(());
        }
        line_no += 1;
    }
}

/// A collection document laid out as the writer writes it: the opening on
/// the first line, then one game per line, then `]}`.
fn read_document_lines(r: &mut impl BufRead, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut line = Vec::new();
    let mut line_no = 1u32;
    loop {
        let complete = read_line(r, &mut line)?;
        if line.is_empty() {
            return syntax_error_msg(ctx, "the document ends inside its games array", line_no, 1);
        }
        line_no += 1;
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        if text == b"]}" {
            // Another document may follow (concatenated collections).
            ctx.line_offset = line_no;
            return read_stream(r, ctx);
        }
        let game = text.strip_suffix(b",").unwrap_or(text);
        let fallback = if !complete {
            true
        } else {
            match parse_line(ctx, game)? {
                Ok(()) => false,
                // The rest is laid out differently (edited by hand): stream
                // it, as the inside of the games array it is.
                Err(e) if e.is_eof() => true,
                Err(e) => return syntax_error(ctx, &e, line_no, e.column() as u32),
            }
        };
        if fallback {
            ctx.line_offset = line_no - 1;
            let mut start = b"{\"games\":[".to_vec();
            start.extend_from_slice(&line);
            return read_stream(std::io::Cursor::new(start).chain(r), ctx);
        }
    }
}

/// Any layout: serde_json's streaming parser, value after value.
fn read_stream(input: impl Read, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut de = serde_json::Deserializer::from_reader(input);
    loop {
        // `end` succeeds only at the end of input; otherwise another value follows.
        if de.end().is_ok() {
            break;
        }
        let result = TopSeed { ctx: &mut *ctx }.deserialize(&mut de);
        if let Some(e) = ctx.error.take() {
            return Err(e);
        }
        if let Err(e) = result {
            if e.is_io() {
                return Err(Error::Io(e.into()));
            }
            let line = ctx.line_offset + e.line() as u32;
            return syntax_error(ctx, &e, line, e.column() as u32);
        }
    }
    Ok(())
}

fn syntax_error(
    ctx: &mut Ctx<'_>,
    e: &serde_json::Error,
    line: u32,
    col: u32,
) -> Result<(), Error> {
    // serde_json's message ends with its own "at line L column C"; ours is
    // relative to the whole input.
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    syntax_error_msg(ctx, &msg, line, col)
}

fn syntax_error_msg(ctx: &mut Ctx<'_>, msg: &str, line: u32, col: u32) -> Result<(), Error> {
    super::structured::syntax_fault(
        E_SYNTAX,
        "not sgfconv JSON",
        "not sgfconv JSON",
        ctx.games,
        ctx.report,
        Pos::new(0, line, col),
        msg,
    )
}

/// Skips a UTF-8 byte-order mark (editors on Windows add one).
fn skip_bom(r: &mut impl BufRead) -> std::io::Result<()> {
    if r.fill_buf()?.starts_with(b"\xEF\xBB\xBF") {
        r.consume(3);
    }
    Ok(())
}

struct Ctx<'a> {
    sink: &'a mut dyn Sink,
    report: &'a mut Reporter,
    games: usize,
    /// The sink's error, carried out of serde.
    error: Option<Error>,
    /// Lines of the input before what the streaming parser sees.
    line_offset: u32,
}

impl Ctx<'_> {
    fn replay(&mut self, game: FlatGame) -> Result<(), Error> {
        self.report.set_game(Some(self.games));
        self.games += 1;
        game.replay(self.sink, self.report)
    }

    fn fail<E: de::Error>(&mut self, e: Error) -> E {
        self.error = Some(e);
        E::custom("output failed")
    }
}

/// Any top-level value: a collection document, one game, one move list, or
/// an array of games.
struct TopSeed<'c, 'a> {
    ctx: &'c mut Ctx<'a>,
}

impl<'de> DeserializeSeed<'de> for TopSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TopSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an sgfconv collection, game or move list object")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(TopSeed { ctx: self.ctx })?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.ctx;
        let mut game = GameDoc::default();
        let mut moves = MovesDoc::default();
        let (mut is_game, mut is_moves) = (false, false);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "games" => map.next_value_seed(TopSeed { ctx: &mut *ctx })?,
                "format" => {
                    let f: String = map.next_value()?;
                    if f != FORMAT_NAME && f != MOVES_FORMAT_NAME {
                        ctx.report.warn(
                            W_UNKNOWN_VERSION,
                            None,
                            format!(
                                "format {f:?} is not {FORMAT_NAME:?}; read as version {VERSION}"
                            ),
                        );
                    }
                }
                "version" => {
                    let v: u64 = map.next_value()?;
                    if v != VERSION {
                        ctx.report.warn(
                            W_UNKNOWN_VERSION,
                            None,
                            format!("version {v} is not {VERSION}; read as version {VERSION}"),
                        );
                    }
                }
                "game" => {
                    map.next_value::<IgnoredAny>()?;
                }
                "encoding" => (game.encoding, is_game) = (map.next_value()?, true),
                "encoding_source" => (game.encoding_source, is_game) = (map.next_value()?, true),
                "confidence" => (game.confidence, is_game) = (map.next_value()?, true),
                "implicit_root" => (game.implicit_root, is_game) = (map.next_value()?, true),
                "meta" => (game.meta, is_game) = (map.next_value()?, true),
                "nodes" => (game.nodes, is_game) = (map.next_value()?, true),
                "tail" => (game.tail, is_game) = (map.next_value()?, true),
                "size" => (moves.size, is_moves) = (map.next_value()?, true),
                "komi" => (moves.komi, is_moves) = (map.next_value()?, true),
                "handicap" => (moves.handicap, is_moves) = (map.next_value()?, true),
                "rules" => (moves.rules, is_moves) = (map.next_value()?, true),
                "result" => (moves.result, is_moves) = (map.next_value()?, true),
                "date" => (moves.date, is_moves) = (map.next_value()?, true),
                "event" => (moves.event, is_moves) = (map.next_value()?, true),
                "black" => (moves.black, is_moves) = (map.next_value()?, true),
                "white" => (moves.white, is_moves) = (map.next_value()?, true),
                "setup" => (moves.setup, is_moves) = (map.next_value()?, true),
                "first_player" => (moves.first_player, is_moves) = (map.next_value()?, true),
                "moves" => (moves.moves, is_moves) = (map.next_value()?, true),
                "moves_gtp" => (moves.moves_gtp, is_moves) = (map.next_value()?, true),
                "truncated_at" => {
                    map.next_value::<IgnoredAny>()?;
                }
                other => {
                    ctx.report.info(
                        I_UNKNOWN_FIELD,
                        None,
                        format!("field {other:?} is not part of sgfconv JSON; ignored"),
                    );
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let flat = if is_game {
            Some(game.into_flat(ctx.games, ctx.report))
        } else if is_moves {
            Some(moves.into_flat(ctx.games, ctx.report))
        } else {
            None
        };
        if let Some(flat) = flat {
            if let Err(e) = ctx.replay(flat) {
                return Err(ctx.fail(e));
            }
        }
        Ok(())
    }
}

#[derive(Default)]
struct GameDoc {
    encoding: Option<String>,
    encoding_source: Option<String>,
    confidence: Option<f32>,
    implicit_root: bool,
    meta: Vec<(String, String)>,
    nodes: Vec<NodeDoc>,
    tail: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NodeDoc {
    parent: Option<usize>,
    variation: bool,
    gap: Option<String>,
    props: Vec<PropDoc>,
}

#[derive(Deserialize)]
struct PropDoc {
    id: String,
    #[serde(default)]
    values: Vec<ValueDoc>,
}

/// A plain value `"pd"` or a compose value `["pd", "A"]`.
enum ValueDoc {
    Plain(String),
    Compose(String, String),
}

impl<'de> Deserialize<'de> for ValueDoc {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ValueDoc;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string, or an array of two strings")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ValueDoc, E> {
                Ok(ValueDoc::Plain(v.to_string()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<ValueDoc, E> {
                Ok(ValueDoc::Plain(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ValueDoc, A::Error> {
                let a: String = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let b: String = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(3, &self));
                }
                Ok(ValueDoc::Compose(a, b))
            }
        }
        d.deserialize_any(V)
    }
}

/// An `encoding` name as a decoder name with a static lifetime.
pub(crate) fn encoding_name(label: Option<&str>, report: &mut Reporter) -> &'static str {
    match label {
        None => "UTF-8",
        Some(l) => match encoding_rs::Encoding::for_label(l.trim().as_bytes()) {
            Some(e) => e.name(),
            None => {
                report.warn(
                    W_UNKNOWN_ENCODING,
                    None,
                    format!("encoding {l:?} is unknown; UTF-8 recorded instead"),
                );
                "UTF-8"
            }
        },
    }
}

impl GameDoc {
    fn into_flat(self, index: usize, report: &mut Reporter) -> FlatGame {
        let mut header = GameHeader::new(index);
        header.encoding = encoding_name(self.encoding.as_deref(), report);
        header.encoding_source = self
            .encoding_source
            .as_deref()
            .and_then(EncodingSource::parse)
            .unwrap_or(EncodingSource::Intrinsic);
        header.confidence = self.confidence.unwrap_or(1.0);
        header.implicit_root = self.implicit_root;
        let mut g = FlatGame::new(header);
        g.meta = self.meta;
        g.tail = self.tail;
        g.nodes = self
            .nodes
            .into_iter()
            .map(|n| FlatNode {
                parent: n.parent,
                variation: n.variation,
                gap: n.gap,
                props: n
                    .props
                    .into_iter()
                    .map(|p| {
                        // Identifiers pass through as written: the SGF
                        // reader keeps even malformed ones, so must we.
                        let mut b = PropertyBuf::new(p.id);
                        for v in p.values {
                            match v {
                                ValueDoc::Plain(s) => b.push(&s),
                                ValueDoc::Compose(a, c) => b.push_compose(&a, &c),
                            };
                        }
                        b
                    })
                    .collect(),
            })
            .collect();
        g
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum SizeDoc {
    Square(u32),
    Rect(u32, u32),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum KomiDoc {
    Number(f64),
    Text(String),
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PlayerDoc {
    name: Option<String>,
    rank: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SetupDoc {
    #[serde(rename = "B")]
    black: Vec<String>,
    #[serde(rename = "W")]
    white: Vec<String>,
    #[serde(rename = "E")]
    empty: Vec<String>,
}

#[derive(Default)]
struct MovesDoc {
    size: Option<SizeDoc>,
    komi: Option<KomiDoc>,
    handicap: Option<u32>,
    rules: Option<String>,
    result: Option<String>,
    date: Option<String>,
    event: Option<String>,
    black: Option<PlayerDoc>,
    white: Option<PlayerDoc>,
    setup: Option<SetupDoc>,
    first_player: Option<String>,
    moves: Option<Vec<Vec<Option<String>>>>,
    moves_gtp: Option<Vec<Vec<Option<String>>>>,
}

impl MovesDoc {
    /// A game from the projection: a root with the game info and setup,
    /// then one node per move.
    fn into_flat(self, index: usize, report: &mut Reporter) -> FlatGame {
        let mut g = FlatGame::new(GameHeader::new(index));
        let mut root = FlatNode {
            variation: true,
            ..FlatNode::default()
        };
        let mut add = |id: &str, v: Option<String>| {
            if let Some(v) = v {
                root.props.push(PropertyBuf::with_values(id, &[v]));
            }
        };
        add("GM", Some("1".into()));
        let size = match self.size {
            Some(SizeDoc::Square(n)) => (n, n),
            Some(SizeDoc::Rect(w, h)) => (w, h),
            None => (19, 19),
        };
        add(
            "SZ",
            Some(if size.0 == size.1 {
                size.0.to_string()
            } else {
                format!("{}:{}", size.0, size.1)
            }),
        );
        add(
            "KM",
            self.komi.map(|k| match k {
                KomiDoc::Number(n) => n.to_string(),
                KomiDoc::Text(t) => t,
            }),
        );
        add("HA", self.handicap.map(|h| h.to_string()));
        add("RU", self.rules);
        let (black, white) = (
            self.black.unwrap_or_default(),
            self.white.unwrap_or_default(),
        );
        add("PB", black.name);
        add("BR", black.rank);
        add("PW", white.name);
        add("WR", white.rank);
        add("RE", self.result);
        add("DT", self.date);
        add("EV", self.event);
        if let Some(s) = self.setup {
            for (id, pts) in [("AB", s.black), ("AW", s.white), ("AE", s.empty)] {
                if !pts.is_empty() {
                    root.props.push(PropertyBuf::with_values(id, &pts));
                }
            }
        }
        if let Some(pl) = self.first_player.filter(|p| p == "B" || p == "W") {
            root.props.push(PropertyBuf::with_values("PL", &[pl]));
        }
        g.nodes.push(root);
        let (list, gtp) = match (self.moves, self.moves_gtp) {
            (Some(m), _) => (m, false),
            (None, Some(m)) => (m, true),
            (None, None) => (Vec::new(), false),
        };
        for (ply, m) in list.into_iter().enumerate() {
            let (colour, point) = match m.as_slice() {
                [Some(c), p] if c == "B" || c == "W" => (c.clone(), p.clone()),
                _ => {
                    report.warn(
                        W_BAD_MOVE,
                        None,
                        format!(
                            "game {}: move {} is not [colour, point]; skipped",
                            index + 1,
                            ply + 1
                        ),
                    );
                    continue;
                }
            };
            let value = match (point, gtp) {
                (None, _) => String::new(),
                (Some(p), false) => p,
                (Some(p), true) if p.eq_ignore_ascii_case("pass") || p.is_empty() => String::new(),
                (Some(p), true) => {
                    match coords::gtp_to_xy(&p, size.1).and_then(|(x, y)| coords::xy_to_sgf(x, y)) {
                        Some(s) => s,
                        None => {
                            report.warn(
                                W_BAD_MOVE,
                                None,
                                format!(
                                    "game {}: move {} has vertex {p:?} off the board; skipped",
                                    index + 1,
                                    ply + 1
                                ),
                            );
                            continue;
                        }
                    }
                }
            };
            let parent = g.nodes.len() - 1;
            g.nodes.push(FlatNode {
                parent: Some(parent),
                props: vec![PropertyBuf::with_values(colour, &[value])],
                ..FlatNode::default()
            });
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::OwnedEvent;
    use crate::game::Game;
    use crate::sink::EventLog;

    fn sample_game() -> Game {
        let mut h = GameHeader::new(0);
        h.encoding = "Shift_JIS";
        h.encoding_source = EncodingSource::Declared;
        h.confidence = 0.75;
        let mut g = Game::new(h);
        g.meta.push(("gib:GAMETAG".into(), "x=1\ny".into()));
        g.root_mut().set("FF", "4");
        let mut lb = PropertyBuf::new("LB");
        lb.push_compose("pd", "A:b").push("dd");
        g.root_mut().props.push(lb);
        g.root_mut()
            .set("C", "quote \" back\\slash ] 日本\u{0}\r\n");
        let a = g.add_child(0);
        g.node_mut(a).set("B", "pd");
        g.node_mut(a).add("AB", "aa");
        g.node_mut(a)
            .props
            .push(PropertyBuf::with_values("AB", &["bb"]));
        let b = g.add_variation(a);
        g.node_mut(b).set("W", "");
        g
    }

    fn to_json(games: &[Game], options: &WriteOptions) -> String {
        let mut out = Vec::new();
        {
            let mut w = writer(Box::new(&mut out), options).unwrap();
            let mut r = Reporter::collecting("t");
            for g in games {
                g.replay(&mut w, &mut r).unwrap();
            }
            w.finish(&mut r).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    fn events_of(games: &[Game]) -> Vec<OwnedEvent> {
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t");
        for g in games {
            g.replay(&mut log, &mut r).unwrap();
        }
        log.events
    }

    fn read_events(json: &str) -> (Vec<OwnedEvent>, Reporter) {
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t.json");
        read(
            &mut json.as_bytes(),
            &ReadOptions::default(),
            &mut log,
            &mut r,
        )
        .unwrap();
        (log.events, r)
    }

    #[test]
    fn collection_round_trips_event_for_event() {
        let games = vec![sample_game(), sample_game()];
        let json = to_json(&games, &WriteOptions::default());
        let (back, r) = read_events(&json);
        assert_eq!(r.warnings() + r.errors(), 0, "{:?}", r.collected());
        // Each game's header carries its own index.
        let mut want = events_of(&games);
        let mut n = 0;
        for e in want.iter_mut() {
            if let OwnedEvent::GameStart(h) = e {
                h.index = n;
                n += 1;
            }
        }
        assert_eq!(back, want);
    }

    #[test]
    fn layout_is_one_game_per_line() {
        let json = to_json(&[sample_game()], &WriteOptions::default());
        let lines: Vec<&str> = json.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(
            lines[0],
            "{\"format\":\"sgfconv\",\"version\":1,\"games\":["
        );
        assert_eq!(lines[2], "]}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let g = &v["games"][0];
        assert_eq!(g["encoding"], "Shift_JIS");
        assert_eq!(g["encoding_source"], "ca");
        assert_eq!(g["confidence"], 0.75);
        assert_eq!(g["meta"][0][1], "x=1\ny");
        assert_eq!(g["nodes"][0]["props"][1]["values"][0][1], "A:b");
        assert_eq!(
            g["nodes"][0]["props"][2]["values"][0],
            "quote \" back\\slash ] 日本\u{0}\r\n"
        );
        assert_eq!(g["nodes"][1]["parent"], 0);
        assert_eq!(g["nodes"][1].get("variation"), None);
        assert_eq!(g["nodes"][2]["variation"], true);
        assert_eq!(g["nodes"][1]["props"][2]["values"][0], "bb");
    }

    #[test]
    fn json_lines_are_one_object_per_line() {
        let opts = WriteOptions {
            json_lines: true,
            ..Default::default()
        };
        let json = to_json(&[sample_game(), sample_game()], &opts);
        assert_eq!(json.lines().count(), 2);
        for l in json.lines() {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["nodes"].as_array().unwrap().len(), 3);
        }
        let (back, _) = read_events(&json);
        assert_eq!(
            back.iter()
                .filter(|e| matches!(e, OwnedEvent::GameStart(_)))
                .count(),
            2
        );
    }

    #[test]
    fn empty_collection_is_a_valid_document() {
        let json = to_json(&[], &WriteOptions::default());
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["games"].as_array().unwrap().len(), 0);
        let (back, _) = read_events(&json);
        assert!(back.is_empty());
    }

    #[test]
    fn bad_json_is_unreadable_and_late_faults_keep_earlier_games() {
        let mut log = EventLog::default();
        let mut r = Reporter::collecting("t");
        let e = read(
            &mut &b"{\"games\":[{\"nodes\":[{]}"[..],
            &ReadOptions::default(),
            &mut log,
            &mut r,
        );
        assert!(matches!(e, Err(Error::Unreadable { code: "E354", .. })));
        let json = to_json(
            &[sample_game()],
            &WriteOptions {
                json_lines: true,
                ..Default::default()
            },
        );
        let broken = format!("{json}{{\"nodes\": 5}}\n");
        let (back, r) = read_events(&broken);
        assert_eq!(
            back.iter()
                .filter(|e| matches!(e, OwnedEvent::GameStart(_)))
                .count(),
            1
        );
        assert_eq!(r.collected()[0].code, E_SYNTAX);
        assert_eq!(r.collected()[0].pos.map(|p| p.line), Some(2));
    }

    #[test]
    fn every_layout_reads_the_same() {
        let games = vec![sample_game(), sample_game(), sample_game()];
        let doc = to_json(&games, &WriteOptions::default());
        let (want, _) = read_events(&doc);
        assert_eq!(
            want.iter()
                .filter(|e| matches!(e, OwnedEvent::GameStart(_)))
                .count(),
            3
        );
        let v: serde_json::Value = serde_json::from_str(&doc).unwrap();
        let lines: Vec<&str> = doc.lines().collect();
        // The first game on our line, then the rest edited by hand (pretty).
        let rest = serde_json::to_string_pretty(&v["games"].as_array().unwrap()[1..]).unwrap();
        let edited = format!("{}\n{}\n{}}}", lines[0], lines[1], &rest[1..]);
        let layouts = [
            ("minified", serde_json::to_string(&v).unwrap()),
            ("pretty", serde_json::to_string_pretty(&v).unwrap()),
            ("edited", edited),
            ("array", serde_json::to_string_pretty(&v["games"]).unwrap()),
        ];
        for (name, text) in layouts {
            let (back, r) = read_events(&text);
            assert_eq!(back, want, "{name}");
            assert_eq!(r.warnings() + r.errors(), 0, "{name}: {:?}", r.collected());
        }
        // Two documents one after the other.
        let (back, _) = read_events(&format!("{doc}{doc}"));
        assert_eq!(back.len(), 2 * want.len());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let (back, _) = read_events("\u{feff}{\"nodes\":[{\"props\":[]}]}");
        assert_eq!(back.len(), 3);
    }

    #[test]
    fn identifiers_pass_through_as_written() {
        // The SGF reader keeps malformed identifiers; so does JSON.
        let (back, r) = read_events(
            r#"{"nodes":[{"props":[{"id":"CoPyright","values":["x"]},{"id":"","values":[]}]}]}"#,
        );
        let names: Vec<_> = back
            .iter()
            .filter_map(|e| match e {
                OwnedEvent::Property(p) => Some(p.name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(names, vec!["CoPyright", ""]);
        assert_eq!(r.warnings() + r.errors(), 0);
    }

    #[test]
    fn deep_games_write_and_read_without_recursion() {
        let mut g = Game::default();
        let mut at = 0;
        for _ in 0..100_000 {
            at = g.add_variation(at);
            g.node_mut(at).set("B", "aa");
        }
        let json = to_json(&[g], &WriteOptions::default());
        let mut counter = crate::sink::Counter::default();
        let mut r = Reporter::collecting("t");
        read(
            &mut json.as_bytes(),
            &ReadOptions::default(),
            &mut counter,
            &mut r,
        )
        .unwrap();
        assert_eq!(counter.nodes, 100_001);
    }

    fn kifu() -> Game {
        let mut g = Game::default();
        g.root_mut().set("SZ", "9");
        g.root_mut().set("KM", "6.5");
        g.root_mut().set("PB", "Honinbo");
        g.root_mut().set("BR", "9d");
        g.root_mut().set("RE", "W+R");
        g.root_mut().add("AB", "aa:bb");
        g.root_mut().set("C", "lost");
        let a = g.add_child(0);
        g.node_mut(a).set("W", "ee");
        let b = g.add_child(a);
        g.node_mut(b).set("B", "tt");
        let c = g.add_child(a);
        g.node_mut(c).set("B", "ia");
        g
    }

    #[test]
    fn move_list_projection() {
        let opts = WriteOptions {
            moves: true,
            json_lines: true,
            ..Default::default()
        };
        let mut out = Vec::new();
        let mut r = Reporter::collecting("t");
        {
            let mut w = writer(Box::new(&mut out), &opts).unwrap();
            kifu().replay(&mut w, &mut r).unwrap();
            w.finish(&mut r).unwrap();
        }
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["size"], serde_json::json!([9, 9]));
        assert_eq!(v["komi"], 6.5);
        assert_eq!(v["handicap"], serde_json::Value::Null);
        assert_eq!(v["black"]["name"], "Honinbo");
        assert_eq!(v["black"]["rank"], "9d");
        assert_eq!(v["white"]["name"], serde_json::Value::Null);
        assert_eq!(v["setup"]["B"], serde_json::json!(["aa", "ba", "ab", "bb"]));
        assert_eq!(v["first_player"], "W");
        // `tt` is a pass on a 9×9 board.
        assert_eq!(v["moves"], serde_json::json!([["W", "ee"], ["B", ""]]));
        assert_eq!(
            v["moves_gtp"],
            serde_json::json!([["W", "E5"], ["B", "pass"]])
        );
        let d = &r.collected()[0];
        assert_eq!(d.code, W_MOVES_LOSS);
        assert!(
            d.message.contains("C ×1") && d.message.contains("variation nodes ×1"),
            "{}",
            d.message
        );

        // And back: a game with the info and the main line.
        let games = crate::game::collect_games(
            |s, r| read(&mut &out[..], &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        let g = &games[0];
        assert_eq!(g.root().text("SZ"), Some("9"));
        assert_eq!(g.root().text("KM"), Some("6.5"));
        assert_eq!(g.root().get("AB").unwrap().values().len(), 4);
        let moves: Vec<_> = g
            .main_line()
            .iter()
            .filter_map(|&i| g.node(i).mv())
            .collect();
        assert_eq!(moves, vec![('W', "ee"), ('B', "")]);
    }
}
