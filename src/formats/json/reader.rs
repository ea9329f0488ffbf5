//! The JSON reader: the lossless model (a collection document, a JSON Lines
//! stream of games, or an array of games) or the move-list projection,
//! one game at a time. The layouts the writer produces are read a line at
//! a time from memory; anything else goes to serde_json's streaming parser.

use super::bound::{too_long, Bounded, TooLong};
use super::moves::MovesDoc;
use super::{
    E_SYNTAX, E_TOO_LONG, FORMAT_NAME, I_UNKNOWN_FIELD, MOVES_FORMAT_NAME, VERSION,
    W_UNKNOWN_ENCODING, W_UNKNOWN_VERSION,
};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{EncodingSource, GameHeader, Pos, PropertyBuf, Value};
use crate::formats::structured::{
    self,
    flat::{FlatGame, FlatNode},
};
use crate::input::{HeldThen, PieceEnd, Resume};
use crate::options::ReadOptions;
use crate::sink::Sink;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::io::{BufRead, BufReader, Read};

/// Reads the lossless model (a collection document, a JSON Lines stream of
/// games, or an array of games) or the move-list projection.
///
/// Any layout is read by serde_json's streaming parser. The layouts this
/// writer produces (and JSON Lines in general) hold one game per line; those
/// lines are parsed from memory, several times faster, still one game at a
/// time. A line longer than `MAX_LINE` goes to the streaming parser.
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    read_from(input, Resume::default(), options, sink, report).map(|_| ())
}

/// [`read`] for a piece of a JSON Lines input or its rest, from `resume`
/// on (a line start: read as JSON Lines, `super::cuts`): line numbers,
/// game numbers and diagnostics as a reading of the whole input gives
/// them. A piece ends clean when every line of it was read as a game.
pub fn read_from(
    input: &mut dyn Read,
    resume: Resume,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<PieceEnd, Error> {
    let max = options.max_value_size();
    let bounded = Bounded::new(input, max);
    if resume.continuing {
        // As one reading has it here: the last game replayed.
        report.set_game(resume.games.checked_sub(1));
    }
    let mut ctx = Ctx {
        sink,
        report,
        games: resume.games,
        error: None,
        line_offset: 0,
        hold: false,
        held: None,
        continuing: resume.continuing,
        clean: false,
    };
    let result = match resume.pos.offset {
        0 => read_bounded(bounded, &mut ctx),
        _ => read_lines_from(bounded, resume.pos.line, &mut ctx),
    };
    match result {
        Err(Error::Io(e)) => match too_long(&e) {
            Some(max) => Err(Error::unreadable(E_TOO_LONG.id, TooLong(max).to_string())),
            None => Err(Error::Io(e)),
        },
        Err(e) => Err(e),
        Ok(()) => Ok(PieceEnd {
            games: ctx.games - resume.games,
            clean: ctx.clean,
        }),
    }
}

/// [`read`], with no token longer than the bound of `input`.
fn read_bounded(input: Bounded<&mut dyn Read>, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    skip_bom(&mut buffered)?;
    let mut line = Vec::new();
    let complete = read_line(&mut buffered, &mut line)?;
    let head = line.trim_ascii();
    let opening = |name: &str| format!("{{\"format\":\"{name}\",\"version\":{VERSION},\"games\":[");
    if complete
        && (head == opening(FORMAT_NAME).as_bytes()
            || head == opening(MOVES_FORMAT_NAME).as_bytes())
    {
        return read_document_lines(&mut buffered, ctx);
    }
    if complete && is_json_lines(head) {
        return read_json_lines(line, 1, &mut buffered, ctx);
    }
    read_stream(HeldThen::new(line, buffered), ctx)
}

/// A first line (trimmed) that makes the input JSON Lines: an object, whole.
pub(super) fn is_json_lines(head: &[u8]) -> bool {
    head.starts_with(b"{") && serde_json::from_slice::<IgnoredAny>(head).is_ok()
}

/// JSON Lines from line `line_no` on (a piece of an input, or its rest).
fn read_lines_from(
    input: Bounded<&mut dyn Read>,
    line_no: u32,
    ctx: &mut Ctx<'_>,
) -> Result<(), Error> {
    let mut buffered = BufReader::with_capacity(1 << 16, input);
    let mut line = Vec::new();
    if !read_line(&mut buffered, &mut line)? {
        ctx.line_offset = line_no - 1;
        return read_stream(std::io::Cursor::new(line).chain(buffered), ctx);
    }
    read_json_lines(line, line_no, &mut buffered, ctx)
}

/// Longest line parsed from memory; longer ones are streamed.
const MAX_LINE: usize = 1 << 20;

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

/// One value parsed from memory; a syntax error is returned as is. A line
/// of UTF-8 (the common case, checked at once) is parsed as text, which
/// spares serde_json checking each string on its own; another is parsed
/// as bytes, where serde_json says where the fault is.
fn parse_line(ctx: &mut Ctx<'_>, text: &[u8]) -> Result<Result<(), serde_json::Error>, Error> {
    let result = match std::str::from_utf8(text) {
        Ok(s) => parse_with(ctx, serde_json::Deserializer::from_str(s)),
        Err(_) => parse_with(ctx, serde_json::Deserializer::from_slice(text)),
    };
    if let Some(e) = ctx.error.take() {
        return Err(e);
    }
    Ok(result)
}

/// One top-level value from `de`, and nothing after it.
fn parse_with<'de, R: serde_json::de::Read<'de>>(
    ctx: &mut Ctx<'_>,
    mut de: serde_json::Deserializer<R>,
) -> Result<(), serde_json::Error> {
    TopSeed::new(ctx)
        .deserialize(&mut de)
        .and_then(|()| de.end())
}

/// JSON Lines: one value per line, the first (`first`, whole) on line
/// `line_no`.
fn read_json_lines(
    first: Vec<u8>,
    mut line_no: u32,
    r: &mut impl BufRead,
    ctx: &mut Ctx<'_>,
) -> Result<(), Error> {
    let mut line = first;
    let mut complete = true;
    loop {
        if !complete {
            ctx.line_offset = line_no - 1;
            return read_stream(HeldThen::new(line, r), ctx);
        }
        let text = line.trim_ascii();
        if !text.is_empty() {
            if let Err(e) = parse_line(ctx, text)? {
                return syntax_error(ctx, &e, line_no, e.column() as u32);
            }
        }
        complete = read_line(r, &mut line)?;
        if line.is_empty() {
            ctx.clean = true;
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
            match read_long_game(&mut line, r, ctx, line_no)? {
                // A syntax error, reported: reading stops.
                None => return Ok(()),
                Some(ended) => !ended,
            }
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
            return read_stream(HeldThen::new(start, r), ctx);
        }
    }
}

/// A game line longer than [`MAX_LINE`] (`line` holds its start), read
/// by a parser of its own and replayed once that parser is dropped: its
/// buffer held the longest string, so a huge value is held twice (the
/// game, the replay), not three times. `Some(true)` when the line ended
/// after the game (a `,` at most); `Some(false)` when something else
/// follows on it, left in `line` for the streaming parser; `None` after a
/// syntax error (reported).
fn read_long_game(
    line: &mut Vec<u8>,
    r: &mut impl BufRead,
    ctx: &mut Ctx<'_>,
    line_no: u32,
) -> Result<Option<bool>, Error> {
    let skip = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
    if line.get(skip) != Some(&b'{') {
        return Ok(Some(false));
    }
    // The line read so far is given back once parsed (a long game goes on
    // far past it).
    line.drain(..skip);
    let mut start = HeldThen::new(std::mem::take(line), &mut *r);
    ctx.hold = true;
    let mut de = serde_json::Deserializer::from_reader(&mut start);
    let result = TopSeed::new(&mut *ctx).deserialize(&mut de);
    drop(de);
    ctx.hold = false;
    if let Some(e) = ctx.error.take() {
        return Err(e);
    }
    if let Err(e) = result {
        if e.is_io() {
            return Err(Error::Io(e.into()));
        }
        syntax_error(ctx, &e, line_no - 1 + e.line() as u32, e.column() as u32)?;
        return Ok(None);
    }
    if let Some(g) = ctx.held.take() {
        ctx.replay(g)?;
    }
    // The rest of the line: the part of the start not parsed, then more.
    let mut rest = start.into_unread();
    let mut more = Vec::new();
    read_line(r, &mut more)?;
    rest.extend_from_slice(&more);
    let tail = rest.trim_ascii();
    let tail = tail.strip_prefix(b",").unwrap_or(tail).trim_ascii();
    if tail.is_empty() {
        return Ok(Some(true));
    }
    *line = tail.to_vec();
    Ok(Some(false))
}

/// Any layout: serde_json's streaming parser, value after value.
fn read_stream(input: impl Read, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let mut de = serde_json::Deserializer::from_reader(input);
    loop {
        // `end` succeeds only at the end of input; otherwise another value follows.
        if de.end().is_ok() {
            break;
        }
        let result = TopSeed::new(&mut *ctx).deserialize(&mut de);
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
    if ctx.continuing && ctx.games == 0 {
        // A piece read as if no game came before, when some may have: it
        // is read again from where the games before it are known.
        return Ok(());
    }
    structured::syntax_fault(
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
    /// A game read is kept in `held` rather than replayed (its parser
    /// is still alive, see [`read_long_game`]).
    hold: bool,
    held: Option<FlatGame>,
    /// Games may have come before (a piece of an input).
    continuing: bool,
    /// The reading ended at the end of JSON Lines, every line read.
    clean: bool,
}

impl Ctx<'_> {
    fn replay(&mut self, game: FlatGame) -> Result<(), Error> {
        if self.hold {
            match self.held.take() {
                None => {
                    self.held = Some(game);
                    return Ok(());
                }
                // A second game in the same value: both go on, in order.
                Some(first) => {
                    self.hold = false;
                    self.replay(first)?;
                }
            }
        }
        self.report.set_game(Some(self.games));
        self.games += 1;
        game.replay(self.sink, self.report)
    }

    fn fail<E: de::Error>(&mut self, e: Error) -> E {
        self.error = Some(e);
        E::custom("output failed")
    }
}

/// What this reader reads, for the messages that refuse anything else.
const EXPECTED: &str = "expected sgfconv JSON (formats/json.md): a collection \
    {\"format\":\"sgfconv\",\"games\":[…]}, a game {\"nodes\":[…]}, a move list \
    {\"moves\":[…]}, or an array or JSON Lines stream of those";

/// Keys that mark another program's game JSON, which this reader does not
/// read: OGS game JSON (and its JGOF), and JGF (ngGo / Seki).
const FOREIGN: &[(&str, &str)] = &[
    ("game_id", "OGS game JSON"),
    ("gamedata", "OGS game JSON"),
    ("initial_state", "OGS game JSON"),
    ("initial_player", "OGS game JSON"),
    ("players", "OGS game JSON"),
    ("width", "OGS game JSON"),
    ("time_control", "OGS game JSON"),
    ("jgof", "OGS JGOF"),
    ("tree", "JGF (JSON Go Format)"),
    ("record", "JGF (JSON Go Format)"),
    ("board", "JGF (JSON Go Format)"),
];

/// Any top-level value: a collection document, one game, one move list, or
/// an array of games. Anything else is refused with what was expected
/// (`E354`): an object with none of the model's fields, an array with no
/// game in it (but the `games` array of a collection may be empty), and
/// another program's game JSON, named.
struct TopSeed<'c, 'a> {
    ctx: &'c mut Ctx<'a>,
    /// The value is the `games` array of a collection document.
    games_array: bool,
}

impl<'c, 'a> TopSeed<'c, 'a> {
    fn new(ctx: &'c mut Ctx<'a>) -> Self {
        TopSeed {
            ctx,
            games_array: false,
        }
    }
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
        let before = self.ctx.games;
        while seq.next_element_seed(TopSeed::new(self.ctx))?.is_some() {}
        if !self.games_array && self.ctx.games == before {
            return Err(de::Error::custom(format!(
                "an array with no game in it; {EXPECTED}"
            )));
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.ctx;
        let mut game = GameDoc::default();
        let mut moves = MovesDoc::default();
        let (mut is_game, mut is_moves, mut known) = (false, false, false);
        let mut others: Vec<String> = Vec::new();
        // Every field that holds no game, in order (for the message), and
        // whether one of them is the model's (`{"version": 1}` alone is
        // not sgfconv JSON).
        let (mut listed, mut envelope): (Vec<String>, bool) = (Vec::new(), false);
        while let Some(key) = map.next_key::<String>()? {
            if let Some((_, what)) = FOREIGN.iter().find(|(k, _)| *k == key) {
                return Err(de::Error::custom(format!(
                    "this is {what} (it has a {key:?} field), which sgfconv does not read yet; {EXPECTED}"
                )));
            }
            match key.as_str() {
                "games" => map.next_value_seed(TopSeed {
                    ctx: &mut *ctx,
                    games_array: true,
                })?,
                k if ENVELOPE.contains(&k) => {
                    envelope_field(ctx, k, &mut map)?;
                    listed.push(key);
                    envelope = true;
                    continue;
                }
                other => {
                    if game.field(other, &mut map)? {
                        is_game = true;
                    } else if moves
                        .field(other, &mut map)
                        .map_err(|e| in_moves(other, e))?
                    {
                        is_moves = true;
                    } else {
                        others.push(other.to_string());
                        listed.push(other.to_string());
                        map.next_value::<IgnoredAny>()?;
                        continue;
                    }
                }
            }
            known = true;
        }
        if !known {
            return Err(de::Error::custom(not_the_model(&listed, envelope)));
        }
        for other in others {
            ctx.report.info(
                I_UNKNOWN_FIELD,
                None,
                format!("field {other:?} is not part of sgfconv JSON; ignored"),
            );
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

/// The model's fields that hold no game: what it is (`format`,
/// `version`), and where a game came from (informational, in both
/// layouts).
const ENVELOPE: &[&str] = &["format", "version", "game", "file", "index", "truncated_at"];

/// Reads the value of the field `key`, one of [`ENVELOPE`].
fn envelope_field<'de, A: MapAccess<'de>>(
    ctx: &mut Ctx<'_>,
    key: &str,
    map: &mut A,
) -> Result<(), A::Error> {
    match key {
        "format" => check_format(ctx, &map.next_value::<String>()?),
        "version" => check_version(ctx, map.next_value()?),
        _ => {
            map.next_value::<IgnoredAny>()?;
        }
    }
    Ok(())
}

/// A move-list field that cannot be read: OGS game JSON has a `moves`
/// field too, of another shape; the message says it is not read.
fn in_moves<E: de::Error>(key: &str, e: E) -> E {
    if key != "moves" {
        return e;
    }
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    E::custom(format!(
        "{msg}: a move of sgfconv's move list is [\"B\", \"pd\"] (OGS game JSON, whose moves \
         are [x, y, ms], is not read yet); {EXPECTED}"
    ))
}

/// The message for an object with none of the model's fields that hold
/// a game (it has `keys`; `envelope` when some of them are the model's
/// own, such as `version`).
fn not_the_model(keys: &[String], envelope: bool) -> String {
    if keys.is_empty() {
        return format!("an empty object; {EXPECTED}");
    }
    let shown: Vec<String> = keys.iter().take(5).map(|k| format!("{k:?}")).collect();
    let more = if keys.len() > 5 { ", …" } else { "" };
    let none = if !envelope {
        "none of its fields"
    } else {
        "none of its fields that hold a game (games, nodes, moves)"
    };
    format!(
        "an object with {none} (it has {}{more}); {EXPECTED}",
        shown.join(", ")
    )
}

/// W358 for a `format` that is not ours.
fn check_format(ctx: &mut Ctx<'_>, f: &str) {
    if f != FORMAT_NAME && f != MOVES_FORMAT_NAME {
        ctx.report.warn(
            W_UNKNOWN_VERSION,
            None,
            format!("format {f:?} is not {FORMAT_NAME:?}; read as version {VERSION}"),
        );
    }
}

/// W358 for a `version` that is not ours.
fn check_version(ctx: &mut Ctx<'_>, v: u64) {
    if v != VERSION {
        ctx.report.warn(
            W_UNKNOWN_VERSION,
            None,
            format!("version {v} is not {VERSION}; read as version {VERSION}"),
        );
    }
}

#[derive(Default)]
struct GameDoc {
    encoding: Option<String>,
    encoding_source: Option<String>,
    confidence: Option<f32>,
    implicit_root: bool,
    meta: Vec<(String, String)>,
    /// The nodes, read straight into the compact form (a placeholder
    /// header until the game's fields are all read).
    nodes: Option<FlatGame>,
    tail: Option<String>,
}

/// The `nodes` array, read node by node into a [`FlatGame`]: no node is
/// ever held in any other form (a game of 10 million nodes is read in the
/// memory of its compact form).
struct NodesSeed<'g>(&'g mut FlatGame);

impl<'de> DeserializeSeed<'de> for NodesSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for NodesSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(NodeSeed(&mut *self.0))?.is_some() {}
        Ok(())
    }
}

/// One node object (`parent`, `variation`, `gap`, `props`, each optional),
/// appended to the game; its properties go in as they are read.
struct NodeSeed<'g>(&'g mut FlatGame);

const NODE_FIELDS: &[&str] = &["parent", "variation", "gap", "props"];

impl<'de> DeserializeSeed<'de> for NodeSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_struct("NodeDoc", NODE_FIELDS, self)
    }
}

impl<'de> Visitor<'de> for NodeSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct NodeDoc")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let g = self.0;
        g.push_node(FlatNode::default());
        let mut node = FlatNode::default();
        let mut seen = [false; 4];
        while let Some(key) = map.next_key::<NodeField>()? {
            let NodeField(Some(k)) = key else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if std::mem::replace(&mut seen[k], true) {
                return Err(de::Error::duplicate_field(NODE_FIELDS[k]));
            }
            match k {
                0 => node.parent = map.next_value()?,
                1 => node.variation = map.next_value()?,
                2 => node.gap = map.next_value()?,
                _ => map.next_value_seed(PropsSeed(&mut *g))?,
            }
        }
        g.set_last(node);
        Ok(())
    }
}

/// The `props` array of a node, each property appended to the game's last
/// node as soon as it is read.
struct PropsSeed<'g>(&'g mut FlatGame);

impl<'de> DeserializeSeed<'de> for PropsSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PropsSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut b = PropertyBuf::default();
        while seq
            .next_element_seed(PropSeed {
                game: &mut *self.0,
                buf: &mut b,
            })?
            .is_some()
        {}
        Ok(())
    }
}

/// A value at least this long, once the identifier is known, goes from
/// the parser's buffer straight into the game (issue 14: a value is held
/// at most twice, in the parser and in the game).
const DIRECT_VALUE: usize = 1 << 16;

/// One property `{"id": …, "values": […]}` (unknown fields ignored, as a
/// serde struct would), appended to the game's last node. Its values are
/// gathered in `buf`; a huge one, after the identifier, is handed over
/// straight (the property is appended first, its values after).
struct PropSeed<'g, 'b> {
    game: &'g mut FlatGame,
    buf: &'b mut PropertyBuf,
}

const PROP_FIELDS: &[&str] = &["id", "values"];
const PROP_EXPECTING: &str = "struct PropDoc";

impl<'de> DeserializeSeed<'de> for PropSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_struct("PropDoc", PROP_FIELDS, self)
    }
}

impl PropSeed<'_, '_> {
    /// The values read so far go in (once).
    fn flush(&mut self, pushed: &mut bool) {
        if !*pushed {
            self.game.push_prop(&self.buf.as_property());
            *pushed = true;
        }
    }
}

impl<'de> Visitor<'de> for PropSeed<'_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(PROP_EXPECTING)
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        self.buf.clear_values();
        let (mut id, mut values, mut pushed) = (false, false, false);
        while let Some(key) = map.next_key::<PropField>()? {
            match key {
                PropField::Id if id => return Err(de::Error::duplicate_field("id")),
                PropField::Values if values => return Err(de::Error::duplicate_field("values")),
                // Identifiers pass through as written: the SGF reader keeps
                // even malformed ones, so must we.
                PropField::Id => {
                    map.next_value_seed(IntoString(&mut self.buf.name))?;
                    id = true;
                }
                PropField::Values => {
                    values = true;
                    map.next_value_seed(ValuesSeed {
                        prop: &mut self,
                        direct: id,
                        pushed: &mut pushed,
                    })?;
                }
                PropField::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !id {
            return Err(de::Error::missing_field("id"));
        }
        self.flush(&mut pushed);
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        self.buf.clear_values();
        let Some(name) = seq.next_element::<String>()? else {
            return Err(de::Error::invalid_length(
                0,
                &"struct PropDoc with 2 elements",
            ));
        };
        self.buf.name = name;
        let mut pushed = false;
        seq.next_element_seed(ValuesSeed {
            prop: &mut self,
            direct: true,
            pushed: &mut pushed,
        })?;
        self.flush(&mut pushed);
        Ok(())
    }
}

/// A field of a node object: its index in [`NODE_FIELDS`], `None` for
/// another (read without allocating a name).
struct NodeField(Option<usize>);

impl<'de> Deserialize<'de> for NodeField {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = NodeField;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<NodeField, E> {
                Ok(NodeField(NODE_FIELDS.iter().position(|f| *f == v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A string read into `.0`, its buffer reused.
struct IntoString<'s>(&'s mut String);

impl<'de> DeserializeSeed<'de> for IntoString<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_string(self)
    }
}

impl Visitor<'_> for IntoString<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.clear();
        self.0.push_str(v);
        Ok(())
    }
}

/// A field of a property object.
enum PropField {
    Id,
    Values,
    Other,
}

impl<'de> Deserialize<'de> for PropField {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = PropField;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("field identifier")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PropField, E> {
                Ok(match v {
                    "id" => PropField::Id,
                    "values" => PropField::Values,
                    _ => PropField::Other,
                })
            }
        }
        d.deserialize_identifier(V)
    }
}

/// The `values` array of a property: each value into the property's
/// buffer, or (`direct`: the identifier is known) a huge one straight
/// into the game.
struct ValuesSeed<'p, 'g, 'b> {
    prop: &'p mut PropSeed<'g, 'b>,
    direct: bool,
    pushed: &'p mut bool,
}

impl<'de> DeserializeSeed<'de> for ValuesSeed<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ValuesSeed<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        self.prop.buf.clear_values();
        while seq.next_element_seed(ValueSeed(&mut self))?.is_some() {}
        Ok(())
    }
}

impl ValuesSeed<'_, '_, '_> {
    /// One value: into the buffer, or straight into the game.
    fn value(&mut self, v: Value<'_>) {
        if self.direct && (*self.pushed || v.text().len() >= DIRECT_VALUE) {
            self.prop.flush(self.pushed);
            self.prop.game.push_value_last(v);
        } else {
            self.prop.buf.push_value(v);
        }
    }
}

impl ValuesSeed<'_, '_, '_> {
    /// A compose value `a:b`, as [`ValuesSeed::value`] places it.
    fn compose(&mut self, a: &str, b: &str) {
        if self.direct && (*self.pushed || a.len() + b.len() >= DIRECT_VALUE) {
            let text = format!("{a}:{b}");
            self.value(Value::compose(&text, a.len()));
        } else {
            self.prop.buf.push_compose(a, b);
        }
    }
}

/// One value of a `values` array: a plain value `"pd"` or a compose value
/// `["pd", "A"]`.
struct ValueSeed<'s, 'p, 'g, 'b>(&'s mut ValuesSeed<'p, 'g, 'b>);

impl<'de> DeserializeSeed<'de> for ValueSeed<'_, '_, '_, '_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_, '_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string, or an array of two strings")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.value(Value::plain(v));
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let a: String = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let b: String = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(3, &self));
        }
        self.0.compose(&a, &b);
        Ok(())
    }
}

/// An `encoding` name as a decoder name with a static lifetime.
fn encoding_name(label: Option<&str>, report: &mut Reporter) -> &'static str {
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
    /// Reads the value of `key` when it is a game field; `false` (and
    /// nothing read) for any other key.
    fn field<'de, A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        match key {
            "encoding" => self.encoding = map.next_value()?,
            "encoding_source" => self.encoding_source = map.next_value()?,
            "confidence" => self.confidence = map.next_value()?,
            "implicit_root" => self.implicit_root = map.next_value()?,
            "meta" => self.meta = map.next_value()?,
            "nodes" => {
                // A repeated field replaces the first, as serde reads it.
                let g = self.nodes.insert(FlatGame::new(GameHeader::new(0)));
                map.next_value_seed(NodesSeed(g))?
            }
            "tail" => self.tail = map.next_value()?,
            _ => return Ok(false),
        }
        Ok(true)
    }

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
        let mut g = self.nodes.unwrap_or_else(|| FlatGame::new(header.clone()));
        g.header = header;
        g.meta = self.meta;
        g.tail = self.tail;
        g
    }
}
