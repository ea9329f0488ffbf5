//! UGF/UGI → events, record by record. A file is one game; the input is
//! read line by line (`records`), and a file holding several records one
//! after another gives one game per record (`W321`). Each record, as soon
//! as the next one starts, is decoded in the character set its own header
//! and bytes imply, built into a [`Game`] (plus one game per unmatched
//! `.Fig`), then replayed. Memory is bounded by the largest record (a
//! UTF-16 file is turned into UTF-8 whole first).

use super::header;
use super::records::{Records, Start};
use super::*;
use crate::board::{Board, Position};
use crate::charset;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{EncodingSource, GameHeader, Pos, PropertyBuf, Value};
use crate::game::{Game, NodeId};
use crate::options::ReadOptions;
use crate::sink::Sink;
use crate::stone::{Colour, Point};
use encoding_rs::{Encoding, SHIFT_JIS, UTF_8};
use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Read;

/// One line of the file, decoded, without its line ending: a view into
/// the record's [`Lines`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    pub text: &'a str,
    pub pos: Pos,
}

/// The decoded lines of one record, back to back in one buffer (a record
/// of many moves costs its text and 8 bytes a line, not a `String` each).
/// Offsets are `u32` and saturate: past 4 GiB in one record (far more
/// than a game held in memory can be), positions stop growing.
#[derive(Default)]
struct Lines {
    text: String,
    /// Per line: where its text ends in `text`.
    ends: Vec<u32>,
    /// Per line: where it starts in the input, from `base`.
    starts: Vec<u32>,
    base: u64,
    /// The number of the first line.
    first: u32,
}

impl Lines {
    /// Gives the buffers back ([`crate::formats::lines::release`]).
    fn release(self) {
        crate::formats::lines::release(self.text.into_bytes());
        crate::formats::lines::release(self.ends);
        crate::formats::lines::release(self.starts);
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    /// Line `i` (`i < len`).
    fn get(&self, i: usize) -> Line<'_> {
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        let text = self.text.get(from..self.ends[i] as usize).unwrap_or("");
        let offset = self.base + u64::from(self.starts[i]);
        let number = self.first.saturating_add(i as u32);
        Line {
            text,
            pos: Pos::new(offset, number, 1),
        }
    }
}

/// One section: a name and a run of the record's lines.
struct Section<'a> {
    name: String,
    pos: Pos,
    store: &'a Lines,
    /// Its lines: `from..to` of `store`.
    from: usize,
    to: usize,
}

impl<'a> Section<'a> {
    /// Its lines, in order.
    fn lines(&self) -> impl Iterator<Item = Line<'a>> + 'a {
        let store = self.store;
        (self.from..self.to).map(move |i| store.get(i))
    }
}

/// Sections whose header is always recognised, even inside a text block.
const KNOWN_SECTIONS: &[&str] = &[
    "Header",
    "Remote",
    "Files",
    "Data",
    "Figure",
    "Comment",
    "MessageLine",
    "ReviewNode",
    "ReviewComment",
    "End",
];

/// Reads one UGF/UGI file and sends its game (and figure trees) to `sink`;
/// a file holding several records one after another gives one game (and
/// its figure trees) per record (`W321`).
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut head = Vec::new();
    let (n, _) = crate::input::read_head(input, &mut head, 9)?;
    head.truncate(n);
    // `.ugz`: two bytes, then an LHA header (`-lh5-` at offset 2 of it).
    if head
        .get(4..9)
        .is_some_and(|m| m.starts_with(b"-lh") && m.ends_with(b"-"))
    {
        return Err(Error::unreadable(
            E_NOT_UGF.id,
            "this is UGZ (UGF compressed with LHA): skip its first 2 bytes, unpack it with an LHA tool, then convert the .ugf inside",
        ));
    }
    let mut input = (&head[..]).chain(input);
    let bom = charset::bom(&head);
    let wide = bom
        .map(|(e, _)| e)
        .or(options.encoding)
        .filter(|e| !e.is_ascii_compatible());
    let Some(enc) = wide else {
        let at = Stream {
            bom,
            base: 0,
            utf8: false,
        };
        return read_records(&mut input, at, options, sink, report);
    };
    // UTF-16 (or another encoding that is not ASCII-compatible): the file
    // is turned into UTF-8 whole first, then read record by record.
    let bytes = crate::formats::lines::read_all(&mut input, options, E_LINE_TOO_LONG)?;
    let skip = bom.map_or(0, |(_, n)| n);
    let (body, _) = ascii_compatible(&bytes[skip..], enc, report);
    let at = Stream {
        bom,
        base: skip as u64,
        utf8: true,
    };
    read_records(&mut &body[..], at, options, sink, report)
}

/// What the record reading needs to know of the input.
#[derive(Clone, Copy)]
struct Stream {
    /// The file's byte-order mark, if any.
    bom: Option<(&'static Encoding, usize)>,
    /// Where the bytes read start in the file.
    base: u64,
    /// The bytes read are UTF-8 already (turned from UTF-16 by [`read`]).
    utf8: bool,
}

/// Reads the records of `input` one by one: each decoded, split into
/// sections, built into its game (and figure trees) and replayed before
/// the next is read.
fn read_records(
    input: &mut dyn Read,
    stream: Stream,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut records = Records::new(input, options.max_value_size(), stream.base);
    let mut buf = Vec::new();
    let (mut count, mut games) = (0usize, 0usize);
    while let Some(at) = records.next(&mut buf)? {
        let (lines, encoding) = decode(&buf, at, count == 0, stream, options, report);
        // The bytes are not needed past here: given back before the game
        // is built (a one-game file's record is the whole game).
        crate::formats::lines::release(std::mem::take(&mut buf));
        let sections = split_sections(&lines);
        if !sections
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case("Header") || s.name.eq_ignore_ascii_case("Data"))
        {
            return Err(Error::unreadable(
                E_NOT_UGF.id,
                "not a UGF/UGI file: no [Header] or [Data] section",
            ));
        }
        let mut head = GameHeader::new(games);
        head.encoding = encoding.0.name();
        head.encoding_source = encoding.1;
        head.confidence = 1.0;
        let mut builder = Builder::new(head, report);
        builder.read_sections(&sections, report)?;
        // Only the games are replayed: the record's text is given back
        // first, before the comments are set.
        drop(sections);
        lines.release();
        let built = builder.finish(report);
        for g in built {
            report.set_game(Some(games));
            g.replay(sink, report)?;
            games += 1;
        }
        report.set_game(None);
        count += 1;
    }
    if count == 0 {
        return Err(Error::unreadable(
            E_NOT_UGF.id,
            "not a UGF/UGI file: no [Header] or [Data] section",
        ));
    }
    if count > 1 {
        report.warn(
            W_SEVERAL_RECORDS,
            None,
            format!("the file holds {count} records (a [Header] after a [Data] section; UGF holds one): read as {count} games"),
        );
    }
    Ok(())
}

/// Finds the value of `Lang=` in the raw bytes (it is ASCII in every file).
fn declared_lang(bytes: &[u8]) -> Option<String> {
    for line in bytes.split(|&b| b == b'\n' || b == b'\r') {
        let t = line.trim_ascii();
        if t.len() > 5 && t[..5].eq_ignore_ascii_case(b"lang=") {
            return Some(String::from_utf8_lossy(&t[5..]).trim().to_string());
        }
        if t.eq_ignore_ascii_case(b"[Data]") {
            break;
        }
    }
    None
}

/// The encoding of a `Lang=` value (`SJIS` is read as CP932).
pub(crate) fn lang_encoding(lang: &str) -> Option<&'static Encoding> {
    charset::lookup(lang)
}

type Decided = (&'static Encoding, EncodingSource);

/// Decides the encoding of one record (the `first` holds the file's BOM)
/// and splits it into decoded lines.
fn decode(
    bytes: &[u8],
    at: Start,
    first: bool,
    stream: Stream,
    options: &ReadOptions,
    report: &mut Reporter,
) -> (Lines, Decided) {
    let skip = match stream.bom {
        Some((_, n)) if first && !stream.utf8 => n,
        _ => 0,
    };
    let body = &bytes[skip..];
    let decided = decide_encoding(body, stream.bom.map(|(e, _)| e), options, report);
    // Where the body starts in the input (after a BOM), taken before a
    // transcoding can change its length.
    let base = at.offset + skip as u64;
    let (body, enc) = if stream.utf8 {
        (Cow::Borrowed(body), UTF_8)
    } else {
        ascii_compatible(body, decided.0, report)
    };
    (split_lines(&body, enc, base, at.line, report), decided)
}

/// The encoding of `body`: the one forced, the BOM's, the one `Lang=`
/// declares (unless the bytes are UTF-8), else the default (Shift_JIS).
fn decide_encoding(
    body: &[u8],
    bom: Option<&'static Encoding>,
    options: &ReadOptions,
    report: &mut Reporter,
) -> Decided {
    let lang = declared_lang(body);
    let declared = lang.as_deref().and_then(lang_encoding);
    if let (Some(l), None) = (&lang, declared) {
        if !l.is_empty() {
            report.warn(
                W_UNKNOWN_LANG,
                None,
                format!(
                    "unknown Lang={l}; the text is read as UTF-8 if valid, else Shift_JIS (CP932)"
                ),
            );
        }
    }
    if let Some(enc) = options.encoding {
        (enc, EncodingSource::Forced)
    } else if let Some(enc) = bom {
        (enc, EncodingSource::Bom)
    } else if body.is_ascii() {
        (
            declared.unwrap_or(UTF_8),
            if declared.is_some() {
                EncodingSource::Declared
            } else {
                EncodingSource::Utf8
            },
        )
    } else if std::str::from_utf8(body).is_ok() {
        if let Some(d) = declared.filter(|d| *d != UTF_8) {
            report.info(
                I_LANG_MISMATCH,
                None,
                format!(
                    "Lang={} but the bytes are valid UTF-8: read as UTF-8",
                    d.name()
                ),
            );
        }
        (UTF_8, EncodingSource::Utf8)
    } else if let Some(enc) = declared {
        (enc, EncodingSource::Declared)
    } else {
        (
            options.default_encoding.unwrap_or(SHIFT_JIS),
            EncodingSource::Default,
        )
    }
}

/// `body` in an ASCII-compatible encoding, and that encoding: one that is
/// not (UTF-16) is turned into UTF-8 first, so lines can be split on bytes
/// (offsets are then into the UTF-8 text).
fn ascii_compatible<'a>(
    body: &'a [u8],
    enc: &'static Encoding,
    report: &mut Reporter,
) -> (Cow<'a, [u8]>, &'static Encoding) {
    if enc.is_ascii_compatible() {
        return (Cow::Borrowed(body), enc);
    }
    let (s, bad) = charset::decode(enc, body);
    if !bad.is_empty() {
        report.warn(
            W_UNDECODABLE,
            None,
            format!(
                "{} bytes not valid {}: replaced by U+FFFD",
                bad.len(),
                enc.name()
            ),
        );
    }
    (Cow::Owned(s.into_bytes()), UTF_8)
}

/// The lines of `body` (ending in LF, CR or CRLF), each decoded from `enc`;
/// positions count from `base`, the body's offset in the input, and lines
/// from `first`, the number of its first line.
fn split_lines(
    body: &[u8],
    enc: &'static Encoding,
    base: u64,
    first: u32,
    report: &mut Reporter,
) -> Lines {
    let mut lines = Lines {
        base,
        first,
        ..Lines::default()
    };
    let mut start = 0usize;
    let mut number = first;
    loop {
        let end = memchr::memchr2(b'\n', b'\r', &body[start..]).map_or(body.len(), |k| start + k);
        let pos = Pos::new(base + start as u64, number, 1);
        let bad = charset::decode_into(enc, &body[start..end], &mut lines.text);
        if let Some(&b) = bad.first() {
            let col = b as u32 + 1;
            report.warn(
                W_UNDECODABLE,
                Some(Pos::new(pos.offset + b as u64, number, col)),
                format!("bytes not valid {}: replaced by U+FFFD", enc.name()),
            );
        }
        lines.starts.push(u32::try_from(start).unwrap_or(u32::MAX));
        lines
            .ends
            .push(u32::try_from(lines.text.len()).unwrap_or(u32::MAX));
        if end >= body.len() {
            break;
        }
        start = if body[end] == b'\r' && body.get(end + 1) == Some(&b'\n') {
            end + 2
        } else {
            end + 1
        };
        number += 1;
        if start >= body.len() {
            break;
        }
    }
    lines.text.shrink_to_fit();
    lines.ends.shrink_to_fit();
    lines.starts.shrink_to_fit();
    lines
}

/// A `[Header]` line: key and value (both trimmed), and where it is.
type HeaderEntry = (String, String, Pos);

/// The `Key=value` lines of a `[Header]` section; a line without `=` is
/// reported and dropped.
fn header_entries(s: &Section, report: &mut Reporter) -> Vec<HeaderEntry> {
    let mut entries = Vec::new();
    for line in s.lines() {
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        match t.split_once('=') {
            Some((k, v)) => entries.push((k.trim().to_string(), v.trim().to_string(), line.pos)),
            None => report.error(
                E_BAD_LINE,
                Some(line.pos),
                format!("header line without `=`: `{}` dropped", header::excerpt(t)),
            ),
        }
    }
    entries
}

/// Refuses a file whose `Crypt` field names a cipher: nothing of it can be
/// read.
fn refuse_encrypted(entries: &[HeaderEntry]) -> Result<(), Error> {
    for (k, v, pos) in entries {
        if k.eq_ignore_ascii_case("Crypt") {
            // `n,PLAIN_UGF_FILE,…` is plain; without a second field, only
            // a key of 0 (or none) is.
            let mut f = v.split(',').map(str::trim);
            let key = f.next().unwrap_or("");
            let plain = match f.next() {
                Some(kind) if !kind.is_empty() => kind.eq_ignore_ascii_case("PLAIN_UGF_FILE"),
                _ => key.is_empty() || key == "0",
            };
            if !plain {
                return Err(Error::unreadable(
                    E_ENCRYPTED.id,
                    format!(
                        "{}:{}: encrypted UGF file (Crypt={}): the cipher is unknown, nothing can be read",
                        pos.line,
                        pos.col,
                        header::excerpt(v)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// A `NODE,id,colour,x,y` line of `[ReviewNode]`.
struct ReviewNodeLine {
    id: i64,
    /// `None` for colour 0 (a node without a move).
    stone: Option<Colour>,
    x: i64,
    y: i64,
}

/// Where the `[ReviewNode]` reading is.
struct ReviewCursor {
    /// The node the next `NODE` follows.
    cur: NodeId,
    /// The nodes open `VARIATION` blocks return to.
    stack: Vec<NodeId>,
    /// A `VARIATIONEND` came last: the next node goes first.
    after_end: bool,
    /// No node yet.
    first: bool,
}

/// The fields of a `NODE` line (`f`, the text `t`); `None`, reported, when
/// they cannot be read.
fn review_node_line(
    f: &[&str],
    t: &str,
    pos: Pos,
    report: &mut Reporter,
) -> Option<ReviewNodeLine> {
    let num = |i: usize| f.get(i).and_then(|s| s.parse::<i64>().ok());
    let (Some(id), Some(colour), Some(x), Some(y)) = (num(1), num(2), num(3), num(4)) else {
        report.error(
            E_BAD_LINE,
            Some(pos),
            format!("review node `{t}` not understood: dropped"),
        );
        return None;
    };
    let stone = match colour {
        0 => None,
        1 => Some(Colour::Black),
        2 => Some(Colour::White),
        _ => {
            report.error(
                E_BAD_LINE,
                Some(pos),
                format!("review node colour {colour} unknown: node `{t}` dropped"),
            );
            return None;
        }
    };
    Some(ReviewNodeLine { id, stone, x, y })
}

fn section_name(text: &str) -> Option<&str> {
    let t = text.trim();
    let inner = t.strip_prefix('[')?.strip_suffix(']')?;
    (!inner.is_empty()
        && inner
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    .then_some(inner)
}

/// Splits lines into sections. Lines before the first section are kept as
/// a section named `#`. Inside a `.Text` block of `[Figure]` and inside
/// `[ReviewComment]`, only known section names start a section (a comment
/// line may well look like `[Note]`).
fn split_sections(lines: &Lines) -> Vec<Section<'_>> {
    let mut out: Vec<Section> = Vec::new();
    let mut in_text = false;
    for i in 0..lines.len() {
        let line = lines.get(i);
        let current = out.last().map(|s| s.name.as_str()).unwrap_or("#");
        if let Some(name) = section_name(line.text) {
            let known = KNOWN_SECTIONS.iter().find(|k| k.eq_ignore_ascii_case(name));
            let free_text = in_text || current.eq_ignore_ascii_case("ReviewComment");
            if known.is_some() || !free_text {
                out.push(Section {
                    name: known.map_or(name.to_string(), |k| k.to_string()),
                    pos: line.pos,
                    store: lines,
                    from: i + 1,
                    to: i + 1,
                });
                in_text = false;
                continue;
            }
        }
        if current == "Figure" {
            let t = line.text.trim_start();
            if directive(t, ".Text") {
                in_text = true;
            } else if directive(t, ".EndText") {
                in_text = false;
            }
        }
        match out.last_mut() {
            Some(s) => s.to = i + 1,
            None => {
                if !line.text.trim().is_empty() {
                    out.push(Section {
                        name: "#".into(),
                        pos: line.pos,
                        store: lines,
                        from: i,
                        to: i + 1,
                    });
                }
            }
        }
    }
    out
}

/// Whether `t` is the directive `name` (`.Text`, `.Text,12`, `.EndText`).
fn directive(t: &str, name: &str) -> bool {
    let t = t.trim_end();
    t.len() >= name.len()
        && t.is_char_boundary(name.len())
        && t[..name.len()].eq_ignore_ascii_case(name)
        && matches!(t.as_bytes().get(name.len()), None | Some(b','))
}

fn fields(t: &str) -> Vec<&str> {
    t.split(',').map(|s| s.trim()).collect()
}

/// A move or setup line of `[Data]` or of a `.Fig`.
struct DataLine {
    spot: Spot,
    colour: Option<Colour>,
    /// The colour field when it is not plain `B1`/`W1` (`B2`, `MK`).
    player: Option<String>,
    number: u32,
    /// The time field when it is not `0`.
    time: Option<String>,
    pos: Pos,
}

fn parse_data_line(line: &Line, grid: Grid) -> Result<DataLine, String> {
    let f: Vec<&str> = line.text.splitn(4, ',').collect();
    if f.len() < 3 {
        return Err("expected `point,colour,number,time`".into());
    }
    let spot = grid
        .letters(f[0])
        .ok_or_else(|| format!("`{}` is not a point", f[0].trim()))?;
    let cp = f[1].trim();
    let colour = match cp.as_bytes().first().map(|b| b.to_ascii_uppercase()) {
        Some(b'B') => Some(Colour::Black),
        Some(b'W') => Some(Colour::White),
        _ => None,
    };
    let player =
        (!(cp.eq_ignore_ascii_case("B1") || cp.eq_ignore_ascii_case("W1"))).then(|| cp.to_string());
    let number: u32 = f[2]
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a move number", f[2].trim()))?;
    let time = f
        .get(3)
        .map(|s| s.trim())
        .filter(|s| !s.is_empty() && *s != "0")
        .map(str::to_string);
    Ok(DataLine {
        spot,
        colour,
        player,
        number,
        time,
        pos: line.pos,
    })
}

/// Lines of text joined by `\n` as they come: a huge comment line is
/// copied once out of the record, not once as a line and again joined.
/// (A decoded line holds no line break: records are split at LF and CR.)
#[derive(Default)]
struct JoinedLines {
    text: String,
    /// At least one line was pushed (the first may be empty).
    any: bool,
}

impl JoinedLines {
    fn push(&mut self, line: &str) {
        if self.any {
            self.text.push('\n');
        }
        self.text.push_str(line);
        self.any = true;
    }

    /// Appends `other`'s lines after these.
    fn extend(&mut self, other: JoinedLines) {
        if !other.any {
            return;
        }
        if !self.any {
            *self = other;
            return;
        }
        self.push(&other.text);
    }

    fn is_empty(&self) -> bool {
        !self.any
    }

    /// Drops the lines at the end that are blank (whitespace only).
    fn trim_blank_tail(&mut self) {
        while self.any {
            let start = self.text.rfind('\n').map_or(0, |i| i + 1);
            if !self.text[start..].trim().is_empty() {
                break;
            }
            if start == 0 {
                self.text.clear();
                self.any = false;
            } else {
                self.text.truncate(start - 1);
            }
        }
    }
}

/// Text and labels of a `.Text` block or a review comment.
#[derive(Default)]
struct TextBlock {
    lines: JoinedLines,
    labels: Vec<(Point, String)>,
}

impl TextBlock {
    fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.labels.is_empty()
    }
}

struct FigMove {
    line: DataLine,
    text: TextBlock,
}

struct Figure {
    n: u32,
    rect: Option<[i64; 4]>,
    heading: String,
    setup: Vec<(Point, Colour)>,
    pre_text: TextBlock,
    moves: Vec<FigMove>,
    pos: Pos,
}

impl Figure {
    /// The empty figure a `.Fig,N,x1,y1,x2,y2,heading,serial,0` line opens.
    fn open(head: &str, pos: Pos) -> Figure {
        let f: Vec<&str> = head.split(',').collect();
        let num = |i: usize| f.get(i).and_then(|s| s.trim().parse::<i64>().ok());
        let rect = match (num(2), num(3), num(4), num(5)) {
            (Some(a), Some(b), Some(c), Some(d)) => Some([a, b, c, d]),
            _ => None,
        };
        // A heading with commas takes every field between the rectangle
        // and the last two.
        let heading = if f.len() >= 9 {
            f[6..f.len() - 2].join(",")
        } else {
            f.get(6).unwrap_or(&"").to_string()
        };
        Figure {
            n: num(1).and_then(|n| u32::try_from(n).ok()).unwrap_or(0),
            rect,
            heading: heading.trim().to_string(),
            setup: Vec::new(),
            pre_text: TextBlock::default(),
            moves: Vec::new(),
            pos,
        }
    }

    /// Where text and labels read now go: the last move's block, else the
    /// one before the first move.
    fn text_target(&mut self) -> &mut TextBlock {
        match self.moves.last_mut() {
            Some(m) => &mut m.text,
            None => &mut self.pre_text,
        }
    }
}

struct Builder {
    game: Game,
    grid: Grid,
    extra_games: Vec<Game>,
    comments: HashMap<NodeId, Vec<String>>,
    labels: HashMap<NodeId, Vec<(Point, String)>>,
    /// `[Data]` move number → node.
    /// (A node id as `u32`, as the game's own links hold it: 8 bytes a move.)
    data_nodes: Vec<(u32, u32)>,
    /// For each node: moves from the root, and the position after it;
    /// nodes by (moves, position). Built when figures are placed.
    depth: Vec<u32>,
    boards: Vec<Position>,
    by_position: HashMap<(u32, Position), Vec<NodeId>>,
}

impl Builder {
    fn new(head: GameHeader, _report: &mut Reporter) -> Self {
        Builder {
            game: Game::new(head),
            grid: Grid {
                size: 19,
                igs: false,
            },
            extra_games: Vec::new(),
            comments: HashMap::new(),
            labels: HashMap::new(),
            data_nodes: Vec::new(),
            depth: Vec::new(),
            boards: Vec::new(),
            by_position: HashMap::new(),
        }
    }

    /// Builds the game from the record's sections, all but its comments
    /// and labels ([`Builder::finish`], once the record's text is given
    /// back: a huge comment is then held twice at most, as it is gathered
    /// and in the game).
    fn read_sections(&mut self, sections: &[Section], report: &mut Reporter) -> Result<(), Error> {
        self.game.root_mut().set("GM", "1");
        self.game.root_mut().set("FF", "4");
        for s in sections.iter().filter(|s| s.name == "Header") {
            self.header(s, report)?;
        }
        // SZ right after GM and FF, where readers look first.
        let size = self.grid.size.to_string();
        let mut root = self.game.root_mut();
        let sz = root
            .remove("SZ")
            .unwrap_or_else(|| PropertyBuf::with_values("SZ", &[size]));
        root.insert(2, &sz.as_property());
        for s in sections {
            match s.name.as_str() {
                "Header" | "Data" | "Figure" | "ReviewNode" | "ReviewComment" => {}
                "End" if s.lines().all(|l| l.text.trim().is_empty()) => {}
                _ => self.keep_section(s, report),
            }
        }
        let mut review_ids = HashMap::new();
        for s in sections.iter().filter(|s| s.name == "ReviewNode") {
            self.review_nodes(s, &mut review_ids, report);
        }
        let data: Vec<&Section> = sections.iter().filter(|s| s.name == "Data").collect();
        self.data(&data, report);
        for s in sections.iter().filter(|s| s.name == "ReviewComment") {
            self.review_comments(s, &review_ids, report);
        }
        self.prune_empty_review_nodes(&review_ids);
        for s in sections.iter().filter(|s| s.name == "Figure") {
            self.figure_section(s, report);
        }
        Ok(())
    }

    /// The game (and figure trees) once the sections are read: comments
    /// and labels go to their nodes.
    fn finish(mut self, report: &mut Reporter) -> Vec<Game> {
        self.finish_text(report);
        crate::formats::lines::release(std::mem::take(&mut self.data_nodes));
        let mut games = vec![self.game];
        games.extend(self.extra_games);
        games
    }

    // ---- [Header] ------------------------------------------------------

    /// Reads one `[Header]` section: refuses an encrypted file, sets the
    /// grid, and turns the fields into root properties (what the writer
    /// would not give back as it was is kept in `XUGFH` too).
    fn header(&mut self, s: &Section, report: &mut Reporter) -> Result<(), Error> {
        let entries = header_entries(s, report);
        // Refuse encrypted files before anything is emitted.
        refuse_encrypted(&entries)?;
        self.grid_fields(&entries, report);
        let mut kept = PropertyBuf::new(PROP_HEADER);
        for (k, v, pos) in &entries {
            let key = header::canonical(k);
            // Fields about the file itself (version, charset, cipher,
            // orientation, move count) are rewritten by any writer.
            if key.is_some_and(|k| header::PLUMBING.contains(&k)) {
                continue;
            }
            let keep = match key {
                Some(key) => self.header_field(key, v, *pos, report),
                None => {
                    report.info(
                        I_HEADER_KEPT,
                        Some(*pos),
                        format!(
                            "unknown header field {}: kept in {PROP_HEADER}",
                            header::excerpt(k)
                        ),
                    );
                    true
                }
            };
            if keep {
                kept.push_compose(key.unwrap_or(k.as_str()), v);
            }
        }
        if !kept.values().is_empty() {
            // A second [Header] section adds to the first's: one property,
            // as SGF reads a repeated one.
            let mut root = self.game.root_mut();
            for v in kept.values().iter() {
                root.add_value(PROP_HEADER, v);
            }
        }
        Ok(())
    }

    /// `CoordinateType` and `Size`: how `[Data]` points are read.
    fn grid_fields(&mut self, entries: &[HeaderEntry], report: &mut Reporter) {
        for (k, v, pos) in entries {
            match header::canonical(k) {
                Some("CoordinateType") => match v.to_ascii_uppercase().as_str() {
                    "IGS" => self.grid.igs = true,
                    "JPN" | "" => self.grid.igs = false,
                    _ => report.warn(
                        W_COORDINATE_TYPE,
                        Some(*pos),
                        format!(
                            "unknown CoordinateType={}: rows read from the top (JPN)",
                            header::excerpt(v)
                        ),
                    ),
                },
                Some("Size") => match v.parse::<u8>() {
                    Ok(n) if (2..=25).contains(&n) => self.grid.size = n,
                    _ => report.warn(
                        W_HEADER_VALUE,
                        Some(*pos),
                        format!(
                            "Size={} is not a board size from 2 to 25: 19 is used",
                            header::excerpt(v)
                        ),
                    ),
                },
                _ => {}
            }
        }
    }

    /// Sets the root properties of the known field `key`; whether its value
    /// must be kept verbatim too (not understood, or not what the writer
    /// would write back).
    fn header_field(&mut self, key: &str, v: &str, pos: Pos, report: &mut Reporter) -> bool {
        match header::to_props(key, v) {
            Ok(props) => {
                for (p, val) in &props {
                    self.game.root_mut().set(p, val);
                }
                // Kept when the writer would not write it back as is.
                let root = self.game.root();
                header::from_root(key, &|n: &str| root.text(n).map(str::to_string)) != *v
            }
            Err(why) => {
                report.warn(
                    W_HEADER_VALUE,
                    Some(pos),
                    format!(
                        "{key}={}: {why}; kept verbatim in {PROP_HEADER}",
                        header::excerpt(v)
                    ),
                );
                true
            }
        }
    }

    /// A section with no SGF home: `Meta` events and `XUGFS[Name:lines]`.
    fn keep_section(&mut self, s: &Section, report: &mut Reporter) {
        let mut lines: Vec<&str> = s.lines().map(|l| l.text).collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        let text = lines.join("\n");
        if s.name == "Files" {
            for l in &lines {
                if let Some((label, hex)) = l.split_once('=') {
                    self.game.meta.push((
                        format!("ugf:Files/{}", label.trim()),
                        hex.trim().to_string(),
                    ));
                }
            }
        } else {
            self.game
                .meta
                .push((format!("ugf:{}", s.name), text.clone()));
        }
        report.info(
            I_SECTION_KEPT,
            Some(s.pos),
            format!("[{}] has no SGF form: kept in {PROP_SECTION}", s.name),
        );
        let joined = format!("{}:{text}", s.name);
        let value = Value::compose(&joined, s.name.len());
        self.game.root_mut().add_value(PROP_SECTION, value);
    }

    // ---- tree helpers ----------------------------------------------------

    fn set_move(&mut self, node: NodeId, colour: Colour, spot: Spot) {
        let (name, value) = move_prop(colour, spot);
        self.game.node_mut(node).set(name, &value);
    }

    /// The child of `at` that plays this move, looking through empty nodes
    /// on the first line; else a new child placed first (the `[Data]` line
    /// is the main line).
    fn data_child(
        &mut self,
        mut at: NodeId,
        colour: Colour,
        spot: Spot,
        pos: Pos,
        report: &mut Reporter,
    ) -> NodeId {
        let (name, value) = move_prop(colour, spot);
        loop {
            let node = self.game.node(at);
            if let Some(c) = node.children().find(|&c| {
                self.game
                    .node(c)
                    .mv()
                    .is_some_and(|(col, v)| col.to_string() == name && v == value)
            }) {
                return c;
            }
            match node.first_child() {
                Some(c) if is_empty_node(self.game.node(c)) => at = c,
                _ => break,
            }
        }
        let had_children = self.game.node(at).first_child().is_some();
        let id = self.game.add_child(at);
        self.game.node_mut(id).set_pos(pos);
        self.set_move(id, colour, spot);
        if had_children {
            report.warn(
                W_REVIEW_DATA,
                Some(pos),
                "[Data] and [ReviewNode] disagree here: the [Data] move is the main line, the review line a variation",
            );
            self.game.make_first_child(id);
        }
        id
    }

    // ---- [ReviewNode] ----------------------------------------------------

    /// Builds the review tree of a `[ReviewNode]` section (`NODE` lines in
    /// `VARIATION` blocks) under the root; `ids` maps its node ids to nodes
    /// for `[ReviewComment]`.
    fn review_nodes(&mut self, s: &Section, ids: &mut HashMap<u64, NodeId>, report: &mut Reporter) {
        let mut at = ReviewCursor {
            cur: Game::ROOT,
            stack: Vec::new(),
            after_end: false,
            first: true,
        };
        for line in s.lines() {
            let t = line.text.trim();
            if t.is_empty() {
                continue;
            }
            let f = fields(t);
            match f[0].to_ascii_uppercase().as_str() {
                "NODE" => {
                    if let Some(node) = review_node_line(&f, t, line.pos, report) {
                        self.review_node(node, &mut at, ids, line.pos, report);
                    }
                }
                "VARIATION" => {
                    at.stack.push(at.cur);
                    at.after_end = false;
                }
                "VARIATIONEND" => match at.stack.pop() {
                    Some(c) => {
                        at.cur = c;
                        at.after_end = true;
                    }
                    None => report.warn(
                        W_REVIEW_STRUCTURE,
                        Some(line.pos),
                        "VARIATIONEND without VARIATION: ignored",
                    ),
                },
                _ => report.error(
                    E_BAD_LINE,
                    Some(line.pos),
                    format!("review line `{t}` not understood: dropped"),
                ),
            }
        }
        if !at.stack.is_empty() {
            report.warn(
                W_REVIEW_STRUCTURE,
                Some(s.pos),
                format!(
                    "{} VARIATION blocks not closed: closed at the end",
                    at.stack.len()
                ),
            );
        }
    }

    /// Adds one review node after `at.cur` (the first one, without a
    /// move, is the root itself), first among its siblings right after a
    /// `VARIATIONEND`.
    fn review_node(
        &mut self,
        n: ReviewNodeLine,
        at: &mut ReviewCursor,
        ids: &mut HashMap<u64, NodeId>,
        pos: Pos,
        report: &mut Reporter,
    ) {
        if at.first && n.stone.is_none() && at.stack.is_empty() {
            at.first = false;
            ids.insert(n.id as u64, Game::ROOT);
            return;
        }
        at.first = false;
        let node = self.game.add_child(at.cur);
        self.game.node_mut(node).set_pos(pos);
        if at.after_end {
            self.game.make_first_child(node);
            at.after_end = false;
        }
        if let Some(stone) = n.stone {
            let (x, y) = (n.x, n.y);
            let spot = self.grid.numeric(x, y);
            if spot == Spot::Pass && !(x == 0 && y == 0) && x != self.grid.size as i64 + 1 {
                report.warn(
                    W_OFF_BOARD,
                    Some(pos),
                    format!("review node at {x},{y} is off the board: read as a pass"),
                );
            }
            self.set_move(node, stone, spot);
        }
        if ids.insert(n.id as u64, node).is_some() {
            report.warn(
                W_REVIEW_STRUCTURE,
                Some(pos),
                format!(
                    "review node id {} used twice: comments go to the last one",
                    n.id
                ),
            );
        }
        at.cur = node;
    }

    /// Drops review nodes that carry nothing: no move, no comment, no child
    /// (PandaEgg ends its review line with such a node).
    fn prune_empty_review_nodes(&mut self, ids: &HashMap<u64, NodeId>) {
        for &id in ids.values() {
            if id == Game::ROOT {
                continue;
            }
            let n = self.game.node(id);
            if n.first_child().is_none()
                && n.props().is_empty()
                && !self.comments.contains_key(&id)
                && !self.labels.contains_key(&id)
            {
                self.game.detach(id);
            }
        }
    }

    fn review_comments(&mut self, s: &Section, ids: &HashMap<u64, NodeId>, report: &mut Reporter) {
        let mut target: Option<NodeId> = None;
        let mut block = TextBlock::default();
        let mut stray = TextBlock::default();
        for line in s.lines() {
            let t = line.text.trim();
            if directive(t, ".Comment") {
                if let Some(n) = target {
                    self.add_text(n, std::mem::take(&mut block));
                }
                let id = fields(t).get(1).and_then(|s| s.parse::<u64>().ok());
                target = match id.and_then(|id| ids.get(&id)) {
                    Some(&n) => Some(n),
                    None => {
                        report.warn(
                            W_NO_SUCH_NODE,
                            Some(line.pos),
                            format!("`{t}` names no review node: the comment goes on the root"),
                        );
                        Some(Game::ROOT)
                    }
                };
                continue;
            }
            let b = if target.is_some() {
                &mut block
            } else {
                &mut stray
            };
            if directive(t, ".#") {
                if let Some(l) = self.label(t, line.pos, report) {
                    b.labels.push(l);
                }
            } else {
                b.lines.push(line.text);
            }
        }
        if let Some(n) = target {
            self.add_text(n, block);
        }
        stray.lines.trim_blank_tail();
        if !stray.is_empty() {
            report.warn(
                W_NO_SUCH_NODE,
                Some(s.pos),
                "[ReviewComment] text before the first .Comment: put on the root",
            );
            self.add_text(Game::ROOT, stray);
        }
    }

    // ---- [Data] ------------------------------------------------------------

    fn data(&mut self, sections: &[&Section], report: &mut Reporter) {
        let mut cur = Game::ROOT;
        let mut last_colour: Option<Colour> = None;
        let mut count = 0u32;
        for line in sections.iter().flat_map(|s| s.lines()) {
            if line.text.trim().is_empty() {
                continue;
            }
            let d = match parse_data_line(&line, self.grid) {
                Ok(d) => d,
                Err(why) => {
                    report.error(
                        E_BAD_LINE,
                        Some(line.pos),
                        format!("[Data] line `{}`: {why}; dropped", line.text.trim()),
                    );
                    continue;
                }
            };
            if d.number == 0 {
                let (Spot::At(p), Some(colour)) = (d.spot, d.colour) else {
                    report.error(
                        E_BAD_LINE,
                        Some(d.pos),
                        "setup stone (move 0) without a point or a colour: dropped",
                    );
                    continue;
                };
                let at = if count == 0 {
                    Game::ROOT
                } else {
                    report.warn(
                        W_SETUP_LATE,
                        Some(d.pos),
                        "setup stone (move 0) after the first move: put in a node of its own",
                    );
                    if self.game.node(cur).mv().is_some() {
                        let n = self.game.add_child(cur);
                        self.game.make_first_child(n);
                        cur = n;
                    }
                    cur
                };
                self.game
                    .node_mut(at)
                    .add(setup_prop(colour), &sgf_point(p));
                continue;
            }
            count += 1;
            if d.number != count {
                report.warn(
                    W_MOVE_NUMBER,
                    Some(d.pos),
                    format!(
                        "move number {} where {count} was expected: kept in file order",
                        d.number
                    ),
                );
            }
            let colour = match d.colour {
                Some(c) => c,
                None => {
                    let c = match last_colour {
                        Some(c) => c.opponent(),
                        None if self.game.root().get("AB").is_some()
                            && self.game.root().get("AW").is_none() =>
                        {
                            Colour::White
                        }
                        None => Colour::Black,
                    };
                    report.warn(
                        W_COLOUR_INFERRED,
                        Some(d.pos),
                        format!(
                            "move {} has no colour: {} assumed",
                            d.number,
                            colour_name(c)
                        ),
                    );
                    c
                }
            };
            last_colour = Some(colour);
            let node = self.data_child(cur, colour, d.spot, d.pos, report);
            if let Some(t) = &d.time {
                self.game.node_mut(node).set(PROP_SECONDS, t);
            }
            if let Some(p) = &d.player {
                self.game.node_mut(node).set(PROP_PLAYER, p);
            }
            self.data_nodes.push((d.number, node as u32));
            cur = node;
        }
    }

    /// The main-line node of `[Data]` move `n` (0 = the root).
    fn move_node(&self, n: u32) -> Option<NodeId> {
        if n == 0 {
            return Some(Game::ROOT);
        }
        self.data_nodes
            .iter()
            .find(|(k, _)| *k == n)
            .or_else(|| self.data_nodes.get(n as usize - 1))
            .map(|(_, id)| *id as NodeId)
    }

    // ---- [Figure] ----------------------------------------------------------

    fn label(&self, t: &str, pos: Pos, report: &mut Reporter) -> Option<(Point, String)> {
        let f: Vec<&str> = t.splitn(4, ',').collect();
        let num = |i: usize| f.get(i).and_then(|s| s.trim().parse::<i64>().ok());
        match (num(1), num(2)) {
            (Some(x), Some(y)) => match self.grid.numeric(x, y) {
                Spot::At(p) => Some((p, f.get(3).unwrap_or(&"").to_string())),
                Spot::Pass => {
                    report.error(
                        W_OFF_BOARD,
                        Some(pos),
                        format!("label at {x},{y} is off the board: dropped"),
                    );
                    None
                }
            },
            _ => {
                report.error(
                    E_BAD_LINE,
                    Some(pos),
                    format!("label line `{t}` not understood: dropped"),
                );
                None
            }
        }
    }

    /// Reads a `.Text` block whose opening line was just consumed.
    fn text_block<'a>(
        &self,
        it: &mut std::iter::Peekable<impl Iterator<Item = Line<'a>>>,
        open: Pos,
        report: &mut Reporter,
    ) -> TextBlock {
        let mut b = TextBlock::default();
        while let Some(line) = it.peek() {
            let t = line.text.trim();
            if directive(t, ".EndText") {
                it.next();
                return b;
            }
            if directive(t, ".Text") || directive(t, ".Fig") || directive(t, ".EndFig") {
                break;
            }
            if let Some(Line { text, pos }) = it.next() {
                if directive(text.trim(), ".#") {
                    if let Some(l) = self.label(text.trim(), pos, report) {
                        b.labels.push(l);
                    }
                } else {
                    b.lines.push(text);
                }
            }
        }
        report.warn(
            W_UNTERMINATED,
            Some(open),
            ".Text without .EndText: closed at the next block",
        );
        b
    }

    fn figure_section(&mut self, s: &Section, report: &mut Reporter) {
        let mut it = s.lines().peekable();
        while let Some(line) = it.next() {
            let t = line.text.trim();
            if t.is_empty() {
                continue;
            }
            if directive(t, ".Text") {
                let n = fields(t)
                    .get(1)
                    .and_then(|s| s.parse::<u32>().ok())
                    .unwrap_or(0);
                let block = self.text_block(&mut it, line.pos, report);
                let node = match self.move_node(n) {
                    Some(node) => node,
                    None => {
                        let last = self.data_nodes.last().map_or(Game::ROOT, |d| d.1 as NodeId);
                        report.warn(W_NO_SUCH_MOVE, Some(line.pos), format!(".Text for move {n}, which the game does not have: put on its last move"));
                        last
                    }
                };
                self.add_text(node, block);
            } else if directive(t, ".Fig") {
                let fig = self.figure(t, line.pos, &mut it, report);
                self.place_figure(fig, report);
            } else {
                report.error(
                    E_BAD_LINE,
                    Some(line.pos),
                    format!("[Figure] line outside .Text/.Fig: `{t}` dropped"),
                );
            }
        }
    }

    /// Reads a `.Fig` block whose opening line `head` was just consumed: its
    /// setup stones, its moves and the text and labels between them.
    fn figure<'a>(
        &self,
        head: &str,
        pos: Pos,
        it: &mut std::iter::Peekable<impl Iterator<Item = Line<'a>>>,
        report: &mut Reporter,
    ) -> Figure {
        let mut fig = Figure::open(head, pos);
        let mut closed = false;
        let mut last_colour: Option<Colour> = None;
        while let Some(line) = it.peek() {
            let t = line.text.trim();
            // A new figure ends one whose .EndFig is missing.
            if directive(t, ".Fig") {
                break;
            }
            let Some(line) = it.next() else { break };
            let t = line.text.trim();
            if t.is_empty() {
                continue;
            }
            if directive(t, ".EndFig") {
                closed = true;
                break;
            }
            if directive(t, ".Text") {
                let b = self.text_block(it, line.pos, report);
                let target = fig.text_target();
                target.lines.extend(b.lines);
                target.labels.extend(b.labels);
                continue;
            }
            if directive(t, ".#") {
                if let Some(l) = self.label(t, line.pos, report) {
                    fig.text_target().labels.push(l);
                }
                continue;
            }
            self.figure_stone(&mut fig, &line, &mut last_colour, report);
        }
        if !closed {
            report.warn(
                W_UNTERMINATED,
                Some(pos),
                ".Fig without .EndFig: closed at the next block",
            );
        }
        fig
    }

    /// A stone line of a figure: a setup stone (move 0) or a move, whose
    /// missing colour is the opposite of the last one's.
    fn figure_stone(
        &self,
        fig: &mut Figure,
        line: &Line,
        last_colour: &mut Option<Colour>,
        report: &mut Reporter,
    ) {
        match parse_data_line(line, self.grid) {
            Ok(d) if d.number == 0 => match (d.spot, d.colour) {
                (Spot::At(p), Some(c)) => fig.setup.push((p, c)),
                _ => report.error(
                    E_BAD_LINE,
                    Some(d.pos),
                    "figure stone without a point or a colour: dropped",
                ),
            },
            Ok(mut d) => {
                if d.colour.is_none() {
                    let c = last_colour.map_or(Colour::Black, Colour::opponent);
                    report.warn(
                        W_COLOUR_INFERRED,
                        Some(d.pos),
                        format!(
                            "figure move {} has no colour: {} assumed",
                            d.number,
                            colour_name(c)
                        ),
                    );
                    d.colour = Some(c);
                }
                *last_colour = d.colour;
                fig.moves.push(FigMove {
                    line: d,
                    text: TextBlock::default(),
                });
            }
            Err(why) => report.error(
                E_BAD_LINE,
                Some(line.pos),
                format!("figure line `{}`: {why}; dropped", line.text.trim()),
            ),
        }
    }

    /// Attaches a figure as a variation after a node with N moves behind
    /// it whose position equals the figure's start — the most recently made
    /// one: the main line when no figure has reached that position before,
    /// and, for a figure of a variation inside a variation, the figure that
    /// made its branch point (every figure written in between lies deeper) —
    /// else as a game tree of its own.
    fn place_figure(&mut self, fig: Figure, report: &mut Reporter) {
        let mut start = Board::square(self.grid.size);
        for &(p, s) in &fig.setup {
            start.setup(p, Some(s));
        }
        self.index_nodes();
        let parent = self
            .by_position
            .get(&(fig.n, start.position()))
            .and_then(|ids| ids.iter().rev().copied().find(|&id| self.reachable(id)));
        let vw = fig.rect.and_then(|r| self.view(r));
        match parent {
            Some(parent) => {
                let first = self.game.add_variation(parent);
                self.game.node_mut(first).set_pos(fig.pos);
                self.fill_figure(first, fig, vw);
            }
            None => {
                report.info(
                    I_FIGURE_TREE,
                    Some(fig.pos),
                    format!(
                        "figure `{}` of move {}: its starting position is not the game's after move {}; kept as a game tree of its own",
                        fig.heading, fig.n, fig.n
                    ),
                );
                let mut head = self.game.header.clone();
                head.index = self.game.header.index + self.extra_games.len() + 1;
                let mut g = Game::new(head);
                let mut root = g.root_mut();
                root.set_pos(fig.pos);
                root.set("GM", "1");
                root.set("FF", "4");
                root.set("SZ", &self.grid.size.to_string());
                for &(p, s) in &fig.setup {
                    root.add(setup_prop(s), &sgf_point(p));
                }
                root.set(PROP_FIGURE, &fig.n.to_string());
                let main = std::mem::replace(&mut self.game, g);
                let saved_comments = std::mem::take(&mut self.comments);
                let saved_labels = std::mem::take(&mut self.labels);
                self.fill_figure(Game::ROOT, fig, vw);
                self.finish_text(report);
                let g = std::mem::replace(&mut self.game, main);
                self.comments = saved_comments;
                self.labels = saved_labels;
                self.extra_games.push(g);
            }
        }
    }

    /// Pruned review nodes are detached from their parent (and have no
    /// children), so a node is in the tree when its parent lists it.
    fn reachable(&self, id: NodeId) -> bool {
        match self.game.node(id).parent() {
            Some(p) => self.game.node(p).children().any(|c| c == id),
            None => id == Game::ROOT,
        }
    }

    /// Depth (moves from the root) and position of every node created
    /// since last time (a parent always has a smaller id than its child).
    fn index_nodes(&mut self) {
        for id in self.depth.len()..self.game.len() {
            let node = self.game.node(id);
            let parent = node.parent().filter(|&p| p < id);
            let d = parent.and_then(|p| self.depth.get(p).copied()).unwrap_or(0)
                + u32::from(node.mv().is_some());
            let mut board = parent
                .and_then(|p| self.boards.get(p))
                .map_or_else(|| Board::square(self.grid.size), Board::at);
            apply_node(&mut board, &node);
            self.depth.push(d);
            let position = board.position();
            self.by_position
                .entry((d, position.clone()))
                .or_default()
                .push(id);
            self.boards.push(position);
        }
    }

    /// `VW` for a figure rectangle, unless it is the whole board.
    fn view(&self, r: [i64; 4]) -> Option<PropertyBuf> {
        let (Spot::At(a), Spot::At(b)) =
            (self.grid.numeric(r[0], r[1]), self.grid.numeric(r[2], r[3]))
        else {
            return None;
        };
        let tl = Point::new(a.x.min(b.x), a.y.min(b.y));
        let br = Point::new(a.x.max(b.x), a.y.max(b.y));
        let last = self.grid.size - 1;
        if tl == Point::new(0, 0) && br == Point::new(last, last) {
            return None;
        }
        let mut p = PropertyBuf::new("VW");
        p.push_compose(&sgf_point(tl), &sgf_point(br));
        Some(p)
    }

    /// Fills a figure's nodes: `first` gets the heading, the view and the
    /// comment on the starting position; each move a node.
    fn fill_figure(&mut self, first: NodeId, fig: Figure, vw: Option<PropertyBuf>) {
        if !fig.heading.is_empty() {
            self.game.node_mut(first).set("N", &fig.heading);
        }
        if let Some(vw) = vw {
            self.game.node_mut(first).push_buf(&vw);
        }
        self.add_text(first, fig.pre_text);
        let mut at = first;
        let mut use_first = first != Game::ROOT;
        for m in fig.moves {
            let node = if use_first {
                use_first = false;
                first
            } else {
                let c = self.game.add_child(at);
                self.game.node_mut(c).set_pos(m.line.pos);
                c
            };
            if let Some(colour) = m.line.colour {
                let (name, value) = move_prop(colour, m.line.spot);
                // The move goes before the heading and comments.
                self.game
                    .node_mut(node)
                    .insert(0, &PropertyBuf::with_values(name, &[value]).as_property());
            }
            self.add_text(node, m.text);
            at = node;
        }
    }

    // ---- comments and labels ---------------------------------------------

    fn add_text(&mut self, node: NodeId, b: TextBlock) {
        let mut lines = b.lines;
        lines.trim_blank_tail();
        if !lines.is_empty() {
            self.comments.entry(node).or_default().push(lines.text);
        }
        if !b.labels.is_empty() {
            self.labels.entry(node).or_default().extend(b.labels);
        }
    }

    fn finish_text(&mut self, report: &mut Reporter) {
        let mut ids: Vec<NodeId> = self
            .comments
            .keys()
            .chain(self.labels.keys())
            .copied()
            .collect();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            if let Some(mut c) = self.comments.remove(&id) {
                // One block (most often) is set as it is, not joined into
                // a copy.
                let text = match c.len() {
                    1 => c.pop().unwrap_or_default(),
                    _ => c.join("\n"),
                };
                self.game.node_mut(id).set("C", &text);
            }
            if let Some(labels) = self.labels.remove(&id) {
                let mut p = PropertyBuf::new("LB");
                let mut seen: Vec<Point> = Vec::new();
                for (pt, text) in labels {
                    if seen.contains(&pt) {
                        report.error(
                            E_LABEL,
                            Some(self.game.node(id).pos()),
                            format!("two labels on {}: `{text}` dropped", sgf_point(pt)),
                        );
                        continue;
                    }
                    seen.push(pt);
                    p.push_compose(&sgf_point(pt), &text);
                }
                self.game.node_mut(id).push_buf(&p);
            }
        }
    }
}

fn is_empty_node(n: crate::game::Node<'_>) -> bool {
    n.props().is_empty()
}

fn move_prop(colour: Colour, spot: Spot) -> (&'static str, String) {
    let name = match colour {
        Colour::Black => "B",
        Colour::White => "W",
    };
    let value = match spot {
        Spot::At(p) => sgf_point(p),
        Spot::Pass => String::new(),
    };
    (name, value)
}

fn setup_prop(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "AB",
        Colour::White => "AW",
    }
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::collect_games;

    fn read_str(bytes: &[u8]) -> (Vec<Game>, Vec<&'static str>) {
        let mut r = Reporter::collecting("t.ugf");
        let games = collect_games(
            |s, r| read(&mut &bytes[..], &ReadOptions::default(), s, r),
            &mut r,
        )
        .unwrap();
        let codes = r.collected().iter().map(|d| d.code.id).collect();
        (games, codes)
    }

    fn moves(g: &Game) -> Vec<String> {
        g.main_line()
            .into_iter()
            .filter_map(|id| g.node(id).mv().map(|(c, v)| format!("{c}[{v}]")))
            .collect()
    }

    #[test]
    fn coordinate_type_decides_the_rows() {
        let igs = b"[Header]\nCoordinateType=IGS\nSize=19\n[Data]\nQP,B1,1,0\nYA,W1,2,0\n";
        assert_eq!(moves(&read_str(igs).0[0]), ["B[qd]", "W[]"]);
        let jpn = b"[Header]\nCoordinateType=JPN\n[Data]\nQP,B1,1,0\n";
        assert_eq!(moves(&read_str(jpn).0[0]), ["B[qp]"]);
        let absent = b"[Header]\nSize=19\n[Data]\nqp,B1,1,0\n";
        assert_eq!(moves(&read_str(absent).0[0]), ["B[qp]"]);
        let odd = b"[Header]\nCoordinateType=XYZ\n[Data]\nQP,B1,1,0\n";
        let (g, codes) = read_str(odd);
        assert_eq!(moves(&g[0]), ["B[qp]"]);
        assert_eq!(codes, ["W305"]);
    }

    #[test]
    fn lang_and_bytes_decide_the_charset() {
        // SJIS bytes of 本因坊, declared.
        let mut sjis = b"[Header]\nLang=SJIS\nPlayerB=".to_vec();
        sjis.extend_from_slice(&[0x96, 0x7B, 0x88, 0xF6, 0x96, 0x56]);
        sjis.extend_from_slice(b",9p,,\n[Data]\n");
        let (g, codes) = read_str(&sjis);
        assert_eq!(g[0].root().text("PB"), Some("本因坊"));
        assert_eq!(g[0].header.encoding, "Shift_JIS");
        assert_eq!(g[0].header.encoding_source, EncodingSource::Declared);
        assert!(codes.is_empty(), "{codes:?}");
        // Valid UTF-8 wins over a Lang that says otherwise.
        let utf8 = "[Header]\nLang=SJIS\nPlayerW=井山裕太,9p,,\n[Data]\n";
        let (g, codes) = read_str(utf8.as_bytes());
        assert_eq!(g[0].root().text("PW"), Some("井山裕太"));
        assert_eq!(g[0].header.encoding_source, EncodingSource::Utf8);
        assert_eq!(codes, ["I303"]);
        // No Lang, not UTF-8: Shift_JIS (CP932) by default.
        let mut none = b"[Header]\nPlace=".to_vec();
        none.extend_from_slice(&[0x93, 0x8C, 0x8B, 0x9E]);
        none.extend_from_slice(b"\n[Data]\n");
        let (g, _) = read_str(&none);
        assert_eq!(g[0].root().text("PC"), Some("東京"));
        assert_eq!(g[0].header.encoding_source, EncodingSource::Default);
        let (_, codes) = read_str(b"[Header]\nLang=KLINGON\n[Data]\n");
        assert_eq!(codes, ["W302"]);
    }

    #[test]
    fn crypt_field() {
        for (crypt, ok) in [
            ("0,PLAIN_UGF_FILE,READ_WRITE", true),
            ("2146,plain_ugf_file,READ_WRITE", true),
            ("0", true),
            ("", true),
            ("9666,CRYPT_UGF_FILE", false),
            ("9666", false),
        ] {
            let f = format!("[Header]\nCrypt={crypt}\n[Data]\n");
            let mut r = Reporter::collecting("t");
            let mut log = crate::sink::EventLog::default();
            let res = read(&mut f.as_bytes(), &ReadOptions::default(), &mut log, &mut r);
            assert_eq!(res.is_ok(), ok, "{crypt}");
        }
    }

    #[test]
    fn byte_order_marks() {
        let text = "[Header]\r\nLang=SJIS\r\nPlayerB=趙治勲,名誉名人,,\r\n[Data]\r\nPD,B1,1,0\r\n";
        let mut utf16 = vec![0xFF, 0xFE];
        for u in text.encode_utf16() {
            utf16.extend_from_slice(&u.to_le_bytes());
        }
        let mut utf8 = b"\xEF\xBB\xBF".to_vec();
        utf8.extend_from_slice(text.as_bytes());
        for bytes in [utf16, utf8] {
            let (g, _) = read_str(&bytes);
            assert_eq!(g[0].root().text("PB"), Some("趙治勲"));
            assert_eq!(g[0].header.encoding_source, EncodingSource::Bom);
            assert_eq!(moves(&g[0]), ["B[pd]"]);
        }
    }

    #[test]
    fn lines_share_one_buffer_with_their_positions() {
        let mut r = Reporter::collecting("t.ugf");
        // `\x82\xa0` is Shift_JIS for `あ`; lines end in CRLF, CR and LF.
        let body = b"[Data]\r\nA\x82\xa0B\rCC,B1,1\n\nlast";
        let lines = split_lines(body, SHIFT_JIS, 100, 7, &mut r);
        let got: Vec<(&str, u64, u32)> = (0..lines.len())
            .map(|i| lines.get(i))
            .map(|l| (l.text, l.pos.offset, l.pos.line))
            .collect();
        assert_eq!(
            got,
            [
                ("[Data]", 100, 7),
                ("A\u{3042}B", 108, 8),
                ("CC,B1,1", 113, 9),
                ("", 121, 10),
                ("last", 122, 11),
            ]
        );
        assert_eq!(lines.text, "[Data]A\u{3042}BCC,B1,1last");
        let sections = split_sections(&lines);
        assert_eq!(sections.len(), 1);
        let texts: Vec<&str> = sections[0].lines().map(|l| l.text).collect();
        assert_eq!(texts, ["A\u{3042}B", "CC,B1,1", "", "last"]);
    }

    #[test]
    fn line_endings_and_bad_lines() {
        let (g, codes) =
            read_str(b"[Header]\r\nSize=9\r[Data]\r\nCC,B1,1,0\rGG,W1,2\r\nXX\r\nGC,B1,4,0");
        assert_eq!(moves(&g[0]), ["B[cc]", "W[gg]", "B[gc]"]);
        assert_eq!(codes, ["E308", "W310"]);
    }

    #[test]
    fn setup_stones_keep_their_colour() {
        let (g, codes) =
            read_str(b"[Header]\nSize=9\nHdcp=2,0.50\n[Data]\nCC,B1,0,0\nGG,B1,0,0\nEE,W1,0,0\nCG,W1,1,0\nGC,B1,0,0\n");
        let root = g[0].root();
        assert_eq!(root.text("HA"), Some("2"));
        assert_eq!(root.get("AB").map(|p| p.values().len()), Some(2));
        assert_eq!(root.text("AW"), Some("ee"));
        // A move-0 stone after the first move: a setup node of its own.
        assert_eq!(codes, ["W319"]);
        let last = *g[0].main_line().last().unwrap();
        assert_eq!(g[0].node(last).text("AB"), Some("gc"));
    }

    #[test]
    fn unknown_winner_is_kept_verbatim() {
        let (g, codes) = read_str(b"[Header]\nWinner=X,9\nSize=9\n[Data]\n");
        assert_eq!(g[0].root().text("RE"), None);
        assert_eq!(g[0].root().text("XUGFH"), Some("Winner:X,9"));
        assert_eq!(codes, ["W306"]);
    }

    /// Two [Header] sections keep their verbatim fields in one property
    /// (fuzzing found two, which SGF reads back merged).
    #[test]
    fn a_second_header_adds_to_the_first() {
        let (g, _) = read_str(b"[Header]\nCode=A\nSize=9\n[Header]\nCode=B\n[Data]\n");
        let root = g[0].root();
        let kept: Vec<_> = root.props().iter().filter(|p| p.name == "XUGFH").collect();
        assert_eq!(kept.len(), 1);
        let values: Vec<&str> = kept[0].values().iter().map(|v| v.text()).collect();
        assert_eq!(values, ["Code:A", "Code:B"]);
    }

    #[test]
    fn review_disagreeing_with_data_keeps_data_as_main_line() {
        let f = b"[Header]\nSize=9\nCoordinateType=JPN\n[Data]\nCC,B1,1,0\nGG,W1,2,0\n[ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,3,3\nNODE,3,2,5,5\n";
        let (g, codes) = read_str(f);
        assert_eq!(moves(&g[0]), ["B[cc]", "W[gg]"]);
        let m1 = g[0].main_line()[1];
        assert_eq!(g[0].node(m1).child_count(), 2);
        assert_eq!(codes, ["W317"]);
    }

    #[test]
    fn unbalanced_review_blocks_are_repaired() {
        let f = b"[Header]\nSize=9\n[Data]\n[ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,3,3\nVARIATIONEND,\nVARIATION,\nNODE,3,1,5,5\nNODE,x\n[ReviewComment]\n.Comment,99\nlost?\n";
        let (g, codes) = read_str(f);
        assert_eq!(codes, ["W315", "E308", "W315", "W316"]);
        assert_eq!(g[0].root().text("C"), Some("lost?"));
        assert_eq!(g[0].root().child_count(), 1);
    }

    #[test]
    fn not_ugf_is_refused() {
        let mut r = Reporter::collecting("t");
        let mut log = crate::sink::EventLog::default();
        let e = read(
            &mut &b"hello\nworld\n"[..],
            &ReadOptions::default(),
            &mut log,
            &mut r,
        );
        assert!(matches!(e, Err(Error::Unreadable { code: "E301", .. })));
    }

    #[test]
    fn hostile_input_does_not_panic() {
        let cases: [&[u8]; 6] = [
            b"[Header]\nSize=255\n[Data]\nZZ,B1,1,0\n",
            b"[Header]\n[Figure]\n.Fig\n.Fig,,,,,,,\n.Text,-1\n.#,\n.#,99,99,x\n.EndFig\n",
            b"[Data]\n,,,\n\xff\xfe,B1,1,0\n",
            b"[ReviewNode]\nVARIATION,\nVARIATION,\nNODE,1,9,9,9\n[Header]\n",
            b"[Header]\nHdcp=99999999999,1e400\nDate=9999/99/99\n[Data]\n",
            b"\xef\xbb\xbf[Header]\n[Figure]\n.Fig,4294967296,1,1,1,1\n",
        ];
        for c in cases {
            let mut r = Reporter::collecting("t");
            let mut log = crate::sink::EventLog::default();
            let _ = read(&mut &c[..], &ReadOptions::default(), &mut log, &mut r);
        }
    }
}
