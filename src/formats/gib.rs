//! Tygem GIB (also Tom / eWeiqi / 棋城): reader and writer.
//!
//! `formats/gib.md` describes the format; this module implements exactly
//! that text. A GIB file holds one linear game: a header of `\[KEY=value\]`
//! lines between `\HS` and `\HE`, then records (`INI`, `STO`, `SKI`...)
//! between `\GS` and `\GE`.

use crate::diag::{Code, Reporter};
use crate::error::Error;
use crate::event::{GameHeader, Pos, PropertyBuf};
use crate::formats::lines::{
    self, parse_point, parse_tenths, sgf_point, DecodeCodes, Decoded, OneGameWriter,
};
pub use crate::formats::lines::{
    format_tenths, handicap_points, parse_date, parse_result_text, ResultText,
};
use crate::game::{Game, NodeId};
use crate::options::{ReadOptions, WriteOptions};
use crate::sink::Sink;
use encoding_rs::{Encoding, BIG5, EUC_KR, GB18030, GBK, SHIFT_JIS, UTF_8};
use std::collections::BTreeMap;
use std::io::{Read, Write};

// ---------------------------------------------------------------------------
// Diagnostics (GIB reader 200–249, GIB writer 400–419)

/// The input has neither a GIB header nor a game section.
pub const E_NOT_GIB: Code = Code::new("E200", "gib-not-a-record");
/// A header line that is not `\[KEY=value\]` (kept as well as possible).
pub const W_BAD_HEADER_LINE: Code = Code::new("W201", "gib-bad-header-line");
/// A `STO`/`SKI`/`INI` record that cannot be read; the move is dropped.
pub const E_BAD_MOVE: Code = Code::new("E202", "gib-bad-move");
/// A known record type that carries no move (`REM`, `IDX`...): skipped.
pub const I_IGNORED_RECORD: Code = Code::new("I203", "gib-ignored-record");
/// A record type nobody documents: skipped.
pub const W_UNKNOWN_RECORD: Code = Code::new("W204", "gib-unknown-record");
/// Text that was CP949/GBK/Big5 read as Latin-1 and saved as UTF-8: repaired.
pub const W_DOUBLE_ENCODED: Code = Code::new("W205", "gib-double-encoded");
/// ASCII ids that were read as UTF-16LE (`敍獮楫t` for `Menskit`): repaired.
pub const W_UTF16_MOJIBAKE: Code = Code::new("W206", "gib-utf16-mojibake");
/// A value holds U+FFFD from an earlier lossy conversion: kept as it is.
pub const W_DAMAGED_TEXT: Code = Code::new("W207", "gib-damaged-text");
/// Bytes that are invalid in the chosen character set became U+FFFD.
pub const E_UNDECODABLE: Code = Code::new("E208", "gib-undecodable-bytes");
/// `GRLT` is unknown and the `GAMERESULT` text says nothing usable: no `RE`.
pub const W_UNKNOWN_RESULT: Code = Code::new("W209", "gib-unknown-result");
/// `RE` was taken from the localised `GAMERESULT` text.
pub const I_RESULT_FROM_TEXT: Code = Code::new("I210", "gib-result-from-text");
/// The character set was guessed (no UTF-8, no usable `GIBOKIND` hint).
pub const I_ENCODING_GUESSED: Code = Code::new("I211", "gib-encoding-guessed");
/// The file ends inside the game section (no `\GE`): the moves read are kept.
pub const W_TRUNCATED: Code = Code::new("W212", "gib-truncated");
/// The record count on the second preamble line disagrees with the records.
pub const I_RECORD_COUNT: Code = Code::new("I213", "gib-record-count");
/// A handicap the Tygem layout cannot place on this board.
pub const W_BAD_HANDICAP: Code = Code::new("W214", "gib-bad-handicap");
/// A komi, date or time value that cannot be read: left out.
pub const W_BAD_VALUE: Code = Code::new("W215", "gib-bad-value");
/// `GRLT` and the `GAMERESULT` text name different winners (`GRLT` wins).
pub const W_RESULT_CONFLICT: Code = Code::new("W216", "gib-result-conflict");

/// What the GIB writer could not carry, listed once per game.
pub const W_CANNOT_CARRY: Code = Code::new("W400", "gib-cannot-carry");
/// A GIB file holds one game: later games of the collection are not written.
pub const E_ONE_GAME_PER_FILE: Code = Code::new("E401", "gib-one-game-per-file");

/// The private root property that keeps the GIB header (`KEY=value` values).
pub const PRIVATE_PROPERTY: &str = "XGIB";

// ---------------------------------------------------------------------------
// Sniffing

/// A GIB file starts (after a BOM and blank space) with `\HS`, a header line
/// `\[`, or a bare game section `\GS`.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let n = head.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let t = head.get(n..).unwrap_or(&[]);
    t.starts_with(b"\\HS") || t.starts_with(b"\\[") || t.starts_with(b"\\GS")
}

// ---------------------------------------------------------------------------
// Reading: character set

/// The character set `GIBOKIND` implies (its value is ASCII in every file).
fn gibokind_hint(bytes: &[u8]) -> Option<&'static Encoding> {
    let key = b"GIBOKIND=";
    let at = memchr::memmem::find(bytes, key)? + key.len();
    let rest = bytes.get(at..)?;
    let end = rest
        .iter()
        .position(|c| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let kind = std::str::from_utf8(rest.get(..end)?).ok()?;
    encoding_for_kind(kind)
}

/// `GIBOKIND` → character set of the clients of that family.
fn encoding_for_kind(kind: &str) -> Option<&'static Encoding> {
    match kind.to_ascii_lowercase().as_str() {
        // Global is the Korean client's international edition.
        "korea" | "global" => Some(EUC_KR),
        "china" => Some(GB18030),
        "taiwan" => Some(BIG5),
        "japan" => Some(SHIFT_JIS),
        _ => None,
    }
}

fn decode_input(bytes: &[u8], options: &ReadOptions, report: &mut Reporter) -> Decoded {
    let codes = DecodeCodes {
        guessed: I_ENCODING_GUESSED,
        guessed_note: "character set guessed as ",
        undecodable: E_UNDECODABLE,
    };
    lines::decode(bytes, gibokind_hint(bytes), options, &codes, report)
}

// ---------------------------------------------------------------------------
// Reading: structure

/// One header entry, in file order.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    key: String,
    value: String,
    pos: Pos,
}

/// One record of the game section.
#[derive(Clone, Debug, PartialEq)]
struct Record {
    tokens: Vec<String>,
    /// The free text after `&4` (INI lines).
    text: String,
    pos: Pos,
}

#[derive(Default, Debug)]
struct Document {
    entries: Vec<Entry>,
    /// The numeric preamble lines (`2 1 0`, `N 0 &4`).
    preamble: Vec<String>,
    records: Vec<Record>,
    saw_structure: bool,
}

impl Document {
    fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value.as_str())
    }
}

#[derive(PartialEq)]
enum State {
    Before,
    Header,
    BetweenSections,
    Game,
    After,
}

/// Lines with their 1-based numbers and byte offsets, `\r` stripped.
fn lines(text: &str) -> impl Iterator<Item = (&str, Pos)> {
    let mut offset = 0u64;
    text.split('\n').enumerate().map(move |(i, raw)| {
        let pos = Pos::new(offset, i as u32 + 1, 1);
        offset += raw.len() as u64 + 1;
        (raw.strip_suffix('\r').unwrap_or(raw), pos)
    })
}

fn parse_document(text: &str, report: &mut Reporter) -> Document {
    let mut doc = Document::default();
    let mut state = State::Before;
    // A header value still waiting for its closing `\]`.
    let mut pending: Option<(String, Pos)> = None;
    let mut last = Pos::default();
    for (line, pos) in lines(text) {
        if !line.trim().is_empty() {
            last = pos;
        }
        if state == State::After {
            break;
        }
        if let Some((mut acc, start)) = pending.take() {
            if line.starts_with("\\[") || line.trim() == "\\HE" || line.trim() == "\\GS" {
                report.warn(
                    W_BAD_HEADER_LINE,
                    Some(start),
                    "header value never closed with `\\]`; kept as written",
                );
                push_entry(&mut doc, &acc, start, report);
            } else {
                acc.push('\n');
                acc.push_str(line);
                if let Some(body) = acc.trim_end().strip_suffix("\\]") {
                    let body = body.to_string();
                    push_entry(&mut doc, &body, start, report);
                } else {
                    pending = Some((acc, start));
                }
                continue;
            }
        }
        let trimmed = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        match state {
            State::Before | State::Header | State::BetweenSections => {
                if trimmed == "\\HS" {
                    doc.saw_structure = true;
                    state = State::Header;
                } else if trimmed == "\\HE" {
                    doc.saw_structure = true;
                    state = State::BetweenSections;
                } else if trimmed == "\\GS" {
                    doc.saw_structure = true;
                    state = State::Game;
                } else if let Some(body) = line.trim_start().strip_prefix("\\[") {
                    if state == State::Before {
                        state = State::Header;
                    }
                    match body.trim_end().strip_suffix("\\]") {
                        Some(b) => push_entry(&mut doc, b, pos, report),
                        None => pending = Some((body.to_string(), pos)),
                    }
                } else if !trimmed.is_empty() && state == State::Header {
                    report.warn(
                        W_BAD_HEADER_LINE,
                        Some(pos),
                        format!("not a header line, skipped: {}", clip(trimmed)),
                    );
                }
            }
            State::Game => {
                if trimmed == "\\GE" {
                    state = State::After;
                } else if !trimmed.is_empty() {
                    parse_record(&mut doc, trimmed, pos);
                }
            }
            State::After => {}
        }
    }
    if let Some((acc, start)) = pending {
        report.warn(
            W_BAD_HEADER_LINE,
            Some(start),
            "header value never closed with `\\]`; kept as written",
        );
        push_entry(&mut doc, &acc, start, report);
    }
    if state == State::Game {
        report.warn(
            W_TRUNCATED,
            Some(last),
            "the game section has no `\\GE`: the file is cut short; the moves read are kept",
        );
    }
    doc
}

fn push_entry(doc: &mut Document, body: &str, pos: Pos, report: &mut Reporter) {
    doc.saw_structure = true;
    match body.split_once('=') {
        Some((k, v)) => doc.entries.push(Entry {
            key: k.trim().to_string(),
            value: v.to_string(),
            pos,
        }),
        None => {
            report.warn(
                W_BAD_HEADER_LINE,
                Some(pos),
                format!("header line without `=`, kept as a key: {}", clip(body)),
            );
            doc.entries.push(Entry {
                key: body.trim().to_string(),
                value: String::new(),
                pos,
            });
        }
    }
}

/// Record fields are separated by blanks, or by `+` in files that went
/// through a web form (`128+0+&4`, `STO+0+2+1+15+15`).
fn record_tokens(head: &str) -> impl Iterator<Item = &str> {
    head.split(|c: char| c.is_whitespace() || c == '+')
        .filter(|t| !t.is_empty())
}

fn parse_record(doc: &mut Document, line: &str, pos: Pos) {
    // Free text after `&4` (INI's server message) is not tokenised.
    let (head, text) = match line.find("&4") {
        Some(i) => (&line[..i], line[i + 2..].trim().to_string()),
        None => (line, String::new()),
    };
    let first = record_tokens(head).next().unwrap_or("");
    if first.chars().all(|c| c.is_ascii_digit()) && doc.records.is_empty() {
        doc.preamble
            .push(record_tokens(line).collect::<Vec<_>>().join(" "));
        return;
    }
    doc.records.push(Record {
        tokens: record_tokens(head).map(str::to_string).collect(),
        text,
        pos,
    });
}

fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

// ---------------------------------------------------------------------------
// Reading: sub-field lists

/// `GAMEINFOMAIN`-style lists: `KEY:value,KEY:value` (first `:` splits).
fn subfields(value: Option<&str>) -> Vec<(String, String)> {
    let Some(v) = value else {
        return Vec::new();
    };
    v.split(',')
        .map(|f| f.trim_matches(|c: char| c.is_whitespace()))
        .filter(|f| !f.is_empty())
        .map(|f| match f.split_once(':') {
            Some((k, v)) => (k.trim().to_string(), v.to_string()),
            None => (f.to_string(), String::new()),
        })
        .collect()
}

/// `GAMETAG`: `S0,R0,G65,...,I:name` — one letter, then the value (an
/// optional `:` after the letter is not part of it). Tabs may pad fields.
fn tag_fields(value: Option<&str>) -> Vec<(String, String)> {
    let Some(v) = value else {
        return Vec::new();
    };
    v.split(',')
        .map(|f| f.trim_matches(|c: char| c.is_whitespace()))
        .filter_map(|f| {
            let mut chars = f.chars();
            let k = chars.next()?;
            let rest = chars.as_str();
            Some((
                k.to_string(),
                rest.strip_prefix(':').unwrap_or(rest).to_string(),
            ))
        })
        .collect()
}

fn field<'a>(list: &'a [(String, String)], key: &str) -> Option<&'a str> {
    list.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

fn number(s: Option<&str>) -> Option<i64> {
    s.and_then(|v| v.trim().parse::<i64>().ok())
}

// ---------------------------------------------------------------------------
// Value mappings (shared by reader and writer)

/// Splits `name (rank)` at the LAST `(` when the value ends with `)`.
fn split_name_rank(v: &str) -> (String, Option<String>) {
    let v = v.trim();
    if let Some(inner) = v.strip_suffix(')') {
        if let Some(i) = inner.rfind('(') {
            let name = inner[..i].trim();
            let rank = inner[i + 1..].trim();
            // `(9P)` alone: a rank with no name (written for an empty PB).
            return (
                name.to_string(),
                (!rank.is_empty()).then(|| rank.to_string()),
            );
        }
    }
    (v.to_string(), None)
}

/// Tygem level code → SGF rank: kyu k = 18 − code, dan d = code − 17,
/// professional p = code − 26.
pub fn rank_from_level(code: i64) -> Option<String> {
    match code {
        1..=17 => Some(format!("{}k", 18 - code)),
        18..=26 => Some(format!("{}d", code - 17)),
        27..=35 => Some(format!("{}p", code - 26)),
        _ => None,
    }
}

/// SGF rank → Tygem level code.
fn level_from_rank(rank: &str) -> Option<i64> {
    let digits: String = rank.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: i64 = digits.parse().ok()?;
    match rank.get(digits.len()..)? {
        "k" if (1..=17).contains(&n) => Some(18 - n),
        "d" if (1..=9).contains(&n) => Some(17 + n),
        "p" if (1..=9).contains(&n) => Some(26 + n),
        _ => None,
    }
}

/// A rank as written by a Tygem client (`2K`, `4D`, `1급`, `3段`, `9P`) →
/// the SGF form (`2k`, `4d`, `1k`, `3d`, `9p`); anything else is kept as
/// written. A level code of a professional turns a dan rank into `p`.
pub fn normalize_rank(text: &str, level: Option<i64>) -> String {
    lines::normalize_rank(text, level.is_some_and(|l| l >= 27))
}

/// The Tygem display form of an SGF rank: `2k` → `2K`; other text as is.
fn display_rank(rank: &str) -> String {
    if level_from_rank(rank).is_some() {
        rank.to_ascii_uppercase()
    } else {
        rank.to_string()
    }
}

/// The first date of an SGF `DT` (`2017-04-04`, `2016-03-10,11`,
/// `2017-04-04T09:59:32`) → (y, m, d).
fn sgf_date(dt: &str) -> Option<(u32, u32, u32)> {
    let first = parse_date(dt.split(',').next()?)?;
    let mut it = first.split('-').map(|p| p.parse::<u32>().ok());
    Some((it.next()??, it.next()??, it.next()??))
}

/// A `GRLT` code nobody documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownCode(pub i64);

/// `GRLT` + `ZIPSU` → SGF `RE` (`None`: no result recorded).
pub fn result_from_code(grlt: i64, zipsu: i64) -> Result<Option<String>, UnknownCode> {
    let margin = |c: char| {
        if zipsu > 0 {
            format!("{c}+{}", format_tenths(zipsu))
        } else {
            format!("{c}+")
        }
    };
    Ok(Some(match grlt {
        0 => margin('B'),
        1 => margin('W'),
        3 => "B+R".into(),
        4 => "W+R".into(),
        5 => "B+F".into(),
        6 => "W+F".into(),
        7 => "B+T".into(),
        8 => "W+T".into(),
        255 => return Ok(None),
        _ => return Err(UnknownCode(grlt)),
    }))
}

// ---------------------------------------------------------------------------
// Reading: repairs of damaged text

/// Text that was CP949 (or GBK/Big5) bytes read as Latin-1 and saved as UTF-8
/// (`À±¹Ì89` for `윤미89`): re-encoded and decoded in `enc` when the result
/// is clean and its non-ASCII characters are all Hangul or CJK.
pub fn repair_double_encoding(s: &str, enc: &'static Encoding) -> Option<String> {
    let high = s.chars().filter(|c| *c as u32 >= 0x80).count();
    if high < 2 || s.chars().any(|c| c as u32 > 0xFF) {
        return None;
    }
    let bytes: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
    let text = enc
        .decode_without_bom_handling_and_without_replacement(&bytes)?
        .into_owned();
    let all_cjk = text
        .chars()
        .filter(|c| !c.is_ascii())
        .all(|c| matches!(c as u32, 0xAC00..=0xD7A3 | 0x4E00..=0x9FFF | 0x3131..=0x318E));
    (all_cjk && !text.is_ascii()).then_some(text)
}

/// An ASCII id whose bytes were read as UTF-16LE (`敍獮楫t` for `Menskit`):
/// every non-ASCII character splits into two printable ASCII bytes, and the
/// result is an id (letters, digits, `_`, `-`, `.`).
pub fn repair_utf16_ascii(s: &str) -> Option<String> {
    if s.is_ascii() {
        return None;
    }
    let mut out = String::new();
    for c in s.chars() {
        let u = c as u32;
        if c.is_ascii() {
            out.push(c);
        } else if u <= 0xFFFF {
            let (lo, hi) = ((u & 0xFF) as u8, (u >> 8) as u8);
            if !(0x20..0x7F).contains(&lo) || !(0x20..0x7F).contains(&hi) {
                return None;
            }
            out.push(lo as char);
            out.push(hi as char);
        } else {
            return None;
        }
    }
    out.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .then_some(out)
}

// ---------------------------------------------------------------------------
// Reading: building the game

/// Reads one GIB file (one game) and sends it as events.
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    report.set_game(Some(0));
    let decoded = decode_input(&bytes, options, report);
    let mut doc = parse_document(&decoded.text, report);
    if !doc.saw_structure {
        report.set_game(None);
        return Err(Error::unreadable(
            E_NOT_GIB.id,
            "not a GIB record: no `\\HS` header and no `\\GS` game section",
        ));
    }
    repair_text(&mut doc, &decoded, report);
    let game = build_game(&doc, &decoded, report);
    let r = game.replay(sink, report);
    report.set_game(None);
    r
}

/// Repairs double-encoded values (only possible when the file was UTF-8)
/// and reports values damaged beyond repair.
fn repair_text(doc: &mut Document, decoded: &Decoded, report: &mut Reporter) {
    let hint = doc
        .get("GIBOKIND")
        .and_then(|k| encoding_for_kind(k.trim()))
        .unwrap_or(EUC_KR);
    let hint = if hint == GB18030 { GBK } else { hint };
    for e in &mut doc.entries {
        if decoded.encoding == UTF_8 {
            if let Some(fixed) = repair_double_encoding(&e.value, hint) {
                report.warn(
                    W_DOUBLE_ENCODED,
                    Some(e.pos),
                    format!(
                        "{}: {} bytes read as Latin-1 and saved as UTF-8; repaired to `{}`",
                        e.key,
                        hint.name(),
                        clip(&fixed)
                    ),
                );
                e.value = fixed;
            }
        }
        if e.value.contains('\u{FFFD}') {
            report.warn(
                W_DAMAGED_TEXT,
                Some(e.pos),
                format!(
                    "{}: the value holds U+FFFD left by an earlier lossy conversion; kept as is",
                    e.key
                ),
            );
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Colour {
    Black,
    White,
}

impl Colour {
    fn sgf(self) -> &'static str {
        match self {
            Colour::Black => "B",
            Colour::White => "W",
        }
    }
    fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

struct Sources {
    main: Vec<(String, String)>,
    sub: Vec<(String, String)>,
    tag: Vec<(String, String)>,
    wuser: Vec<(String, String)>,
    buser: Vec<(String, String)>,
}

fn build_game(doc: &Document, decoded: &Decoded, report: &mut Reporter) -> Game {
    let mut header = GameHeader::new(0);
    header.encoding = decoded.encoding.name();
    header.encoding_source = decoded.source;
    header.confidence = decoded.confidence;
    let mut game = Game::new(header);
    let src = Sources {
        main: subfields(doc.get("GAMEINFOMAIN")),
        sub: subfields(doc.get("GAMEINFOSUB")),
        tag: tag_fields(doc.get("GAMETAG")),
        wuser: subfields(doc.get("WUSERINFO")),
        buser: subfields(doc.get("BUSERINFO")),
    };
    let pos_of = |key: &str| doc.entries.iter().find(|e| e.key == key).map(|e| e.pos);

    let size = number(field(&src.main, "LINE"))
        .filter(|n| (2..=52).contains(n))
        .unwrap_or(19) as u32;
    let mut props: Vec<PropertyBuf> = vec![
        PropertyBuf::with_values("GM", &["1"]),
        PropertyBuf::with_values("FF", &["4"]),
        PropertyBuf::with_values("SZ", &[size.to_string()]),
    ];
    let push = |props: &mut Vec<PropertyBuf>, id: &str, v: &str| {
        if !v.trim().is_empty() {
            props.push(PropertyBuf::with_values(id, &[v.trim()]));
        }
    };

    // Game name and players.
    if let Some(gn) = doc.get("GAMENAME").or(field(&src.sub, "GNAME")) {
        push(&mut props, "GN", gn);
    }
    for colour in [Colour::Black, Colour::White] {
        let (name, rank) = player(doc, &src, colour, report);
        let (p, r) = match colour {
            Colour::Black => ("PB", "BR"),
            Colour::White => ("PW", "WR"),
        };
        if let Some(n) = name {
            push(&mut props, p, &n);
        }
        if let Some(rk) = rank {
            push(&mut props, r, &rk);
        }
    }

    // Komi: ×10 in GONGJE.
    let komi_src = [
        field(&src.main, "GONGJE"),
        field(&src.tag, "G"),
        doc.get("GAMEGONGJE")
            .map(str::trim)
            .filter(|v| !v.is_empty()),
    ];
    if let Some(raw) = komi_src.iter().flatten().next() {
        match raw.parse::<i64>() {
            Ok(v) => push(&mut props, "KM", &format_tenths(v)),
            Err(_) => report.warn(
                W_BAD_VALUE,
                pos_of("GAMEINFOMAIN"),
                format!("komi `{}` is not a number ×10; no KM", clip(raw)),
            ),
        }
    }

    // Handicap from INI, else GCDT / GAMETAG R.
    let ini = doc
        .records
        .iter()
        .find(|r| r.tokens.first().map(String::as_str) == Some("INI"));
    let handicap = ini
        .and_then(|r| r.tokens.get(3))
        .and_then(|t| t.parse::<u32>().ok())
        .or_else(|| number(field(&src.main, "GCDT")).map(|v| v.max(0) as u32))
        .or_else(|| number(field(&src.tag, "R")).map(|v| v.max(0) as u32))
        .unwrap_or(0);
    let mut setup: Option<PropertyBuf> = None;
    if handicap >= 2 {
        push(&mut props, "HA", &handicap.to_string());
        match lines::tygem_handicap_stones(size, handicap) {
            Some(ab) => setup = Some(ab),
            None => report.warn(
                W_BAD_HANDICAP,
                ini.map(|r| r.pos),
                format!("no Tygem layout for {handicap} stones on {size}×{size}; HA kept, no stones placed"),
            ),
        }
    } else if handicap == 1 {
        report.warn(
            W_BAD_HANDICAP,
            ini.map(|r| r.pos),
            "handicap 1 places no stone; read as an even game",
        );
    }

    // Result.
    if let Some(re) = result(doc, &src, report) {
        push(&mut props, "RE", &re);
    }

    // Date.
    let date_src = [
        field(&src.tag, "C"),
        field(&src.sub, "GDATE"),
        doc.get("GAMEDATE"),
    ];
    let mut date_seen = false;
    for d in date_src.iter().flatten() {
        date_seen = true;
        if let Some(dt) = parse_date(d) {
            push(&mut props, "DT", &dt);
            date_seen = false;
            break;
        }
    }
    if date_seen {
        report.warn(W_BAD_VALUE, pos_of("GAMEDATE"), "no readable date; no DT");
    }

    // Time settings: GTIME main-byoyomi-periods, GAMETAG T byoyomi-periods-main.
    // Last, the localised GAMETIME text.
    let gtime = field(&src.main, "GTIME")
        .and_then(time_triple)
        .or_else(|| {
            field(&src.tag, "T")
                .and_then(time_triple)
                .map(|(b, p, m)| (m, b, p))
        })
        .or_else(|| doc.get("GAMETIME").and_then(time_from_text));
    if let Some((main, byo, periods)) = gtime {
        push(&mut props, "TM", &main.to_string());
        if byo > 0 && periods > 0 {
            push(&mut props, "OT", &format!("{periods}x{byo} byo-yomi"));
        }
    }

    if let Some(pc) = doc.get("GAMEPLACE").or(field(&src.sub, "GPLC")) {
        push(&mut props, "PC", pc);
    }
    if let Some(ab) = setup {
        props.push(ab);
    }

    // The whole header, kept as `KEY=value` (order and raw values).
    let mut private = PropertyBuf::new(PRIVATE_PROPERTY);
    for e in &doc.entries {
        private.push(&format!("{}={}", e.key, e.value));
    }
    if let Some(p) = doc.preamble.first() {
        private.push(&format!("GS={p}"));
    }
    if let Some(text) = ini.map(|r| r.text.as_str()).filter(|t| !t.is_empty()) {
        private.push(&format!("INI={text}"));
    }
    if !private.values().is_empty() {
        props.push(private);
    }
    game.root_mut().props = props;

    add_moves(&mut game, doc, size, handicap >= 2, report);
    game
}

/// `Time limit 20minute : 30 second countdown 3 time`, `제한시간 20분 : 30초
/// 초읽기 3번`, `限制时间 20分 30秒 读秒 3番`: minutes, seconds, periods.
fn time_from_text(t: &str) -> Option<(u64, u64, u64)> {
    let runs: Vec<u64> = t
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|r| r.parse().ok())
        .collect();
    match runs.as_slice() {
        [m, s, p] => Some((m.checked_mul(60)?, *s, *p)),
        _ => None,
    }
}

fn time_triple(t: &str) -> Option<(u64, u64, u64)> {
    let mut it = t.trim().split('-').map(|p| p.trim().parse::<u64>().ok());
    let a = it.next()??;
    let b = it.next()??;
    let c = it.next()??;
    it.next().is_none().then_some((a, b, c))
}

fn player(
    doc: &Document,
    src: &Sources,
    colour: Colour,
    report: &mut Reporter,
) -> (Option<String>, Option<String>) {
    let (name_key, level_key, user, id_key, lv_key, nick_key, tag_id, tag_lv, tag_nick) =
        match colour {
            Colour::White => (
                "GAMEWHITENAME",
                "GAMEWHITELEVEL",
                &src.wuser,
                "WID",
                "WLV",
                "WNICK",
                "I",
                "L",
                "A",
            ),
            Colour::Black => (
                "GAMEBLACKNAME",
                "GAMEBLACKLEVEL",
                &src.buser,
                "BID",
                "BLV",
                "BNICK",
                "M",
                "N",
                "B",
            ),
        };
    let level = number(field(user, lv_key))
        .or_else(|| number(field(&src.tag, tag_lv)))
        .or_else(|| number(doc.get(level_key)));
    if let Some(v) = doc.get(name_key).filter(|v| !v.trim().is_empty()) {
        let (name, rank) = split_name_rank(v);
        let rank = match rank {
            Some(r) => Some(normalize_rank(&r, level)),
            None => level.and_then(rank_from_level),
        };
        return (Some(name), rank);
    }
    let id = field(user, id_key)
        .or_else(|| field(&src.tag, tag_id))
        .or_else(|| field(user, nick_key))
        .or_else(|| field(&src.tag, tag_nick));
    let name = id.map(|id| match repair_utf16_ascii(id) {
        Some(fixed) => {
            report.warn(
                W_UTF16_MOJIBAKE,
                None,
                format!("player id `{id}` is ASCII read as UTF-16LE; repaired to `{fixed}`"),
            );
            fixed
        }
        None => id.to_string(),
    });
    (name, level.and_then(rank_from_level))
}

/// What the reader makes of a result (code, margin, text), without
/// diagnostics: the writer uses it to keep original values that still hold.
fn interpret_result(grlt: Option<i64>, zipsu: i64, text: &str) -> Option<String> {
    if let Some(code) = grlt {
        match result_from_code(code, zipsu) {
            Ok(Some(re)) => return Some(re),
            Ok(None) if text.trim().is_empty() => return None,
            _ => {}
        }
    }
    match parse_result_text(text) {
        ResultText::Result(re) => Some(re),
        _ => None,
    }
}

fn result(doc: &Document, src: &Sources, report: &mut Reporter) -> Option<String> {
    let pos = doc
        .entries
        .iter()
        .find(|e| e.key == "GAMEINFOMAIN" || e.key == "GAMERESULT")
        .map(|e| e.pos);
    let grlt = number(field(&src.main, "GRLT")).or_else(|| number(field(&src.tag, "W")));
    let zipsu = number(field(&src.main, "ZIPSU"))
        .or_else(|| number(field(&src.tag, "Z")))
        .or_else(|| number(doc.get("GAMEZIPSU")))
        .unwrap_or(0);
    let text = doc.get("GAMERESULT").unwrap_or("").trim();
    let from_text = parse_result_text(text);
    if let Some(code) = grlt {
        match result_from_code(code, zipsu) {
            Ok(Some(re)) => {
                if let ResultText::Result(t) = &from_text {
                    if t.get(..1) != re.get(..1) && t != "0" {
                        report.warn(
                            W_RESULT_CONFLICT,
                            pos,
                            format!(
                                "GRLT {code} says {re} but GAMERESULT says `{}`; kept {re}",
                                clip(text)
                            ),
                        );
                    }
                }
                return Some(re);
            }
            Ok(None) if text.is_empty() => return None,
            Ok(None) | Err(UnknownCode(_)) => {}
        }
    }
    match from_text {
        ResultText::Result(re) => {
            report.info(
                I_RESULT_FROM_TEXT,
                pos,
                format!("result {re} read from the GAMERESULT text `{}`", clip(text)),
            );
            Some(re)
        }
        ResultText::Unfinished => None,
        ResultText::Unknown => {
            if grlt.is_some() || !text.is_empty() {
                report.warn(
                    W_UNKNOWN_RESULT,
                    pos,
                    format!(
                        "result code {} and text `{}` are not understood; no RE (both kept in XGIB)",
                        grlt.map_or("(none)".to_string(), |g| g.to_string()),
                        clip(text)
                    ),
                );
            }
            None
        }
    }
}

fn add_moves(game: &mut Game, doc: &Document, size: u32, handicap: bool, report: &mut Reporter) {
    let mut at: NodeId = Game::ROOT;
    let mut last: Option<Colour> = None;
    let mut counted = 0usize;
    for r in &doc.records {
        let kind = r.tokens.first().map(String::as_str).unwrap_or("");
        match kind {
            "INI" => counted += 1,
            "STO" => {
                counted += 1;
                let num = |i: usize| r.tokens.get(i).and_then(|t| t.parse::<i64>().ok());
                let colour = match num(3) {
                    Some(1) => Some(Colour::Black),
                    Some(2) => Some(Colour::White),
                    _ => None,
                };
                let point = match (num(4), num(5)) {
                    (Some(x), Some(y))
                        if (0..size as i64).contains(&x) && (0..size as i64).contains(&y) =>
                    {
                        sgf_point(x as u32, y as u32)
                    }
                    _ => None,
                };
                match (colour, point) {
                    (Some(c), Some(p)) => {
                        at = game.add_child(at);
                        let node = game.node_mut(at);
                        node.pos = r.pos;
                        node.props
                            .push(PropertyBuf::with_values(c.sgf(), &[p]).at(r.pos));
                        last = Some(c);
                    }
                    _ => report.error(
                        E_BAD_MOVE,
                        Some(r.pos),
                        format!("unreadable move `{}`; dropped", clip(&r.tokens.join(" "))),
                    ),
                }
            }
            "SKI" => {
                counted += 1;
                let c = match last {
                    Some(c) => c.other(),
                    None if handicap => Colour::White,
                    None => Colour::Black,
                };
                at = game.add_child(at);
                let node = game.node_mut(at);
                node.pos = r.pos;
                node.props
                    .push(PropertyBuf::with_values(c.sgf(), &[""]).at(r.pos));
                last = Some(c);
            }
            "REM" | "IDX" | "DSC" | "WIT" | "SUR" | "CSP" | "CST" | "FOR" | "CRE" | "END"
            | "RES" => {
                counted += 1;
                report.info(
                    I_IGNORED_RECORD,
                    Some(r.pos),
                    format!("`{kind}` record carries no move; skipped"),
                );
            }
            _ => report.warn(
                W_UNKNOWN_RECORD,
                Some(r.pos),
                format!("unknown record `{}`; skipped", clip(&r.tokens.join(" "))),
            ),
        }
    }
    let declared = doc
        .preamble
        .get(1)
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse::<usize>().ok());
    if let Some(n) = declared {
        if n != counted {
            report.info(
                I_RECORD_COUNT,
                None,
                format!("the preamble announces {n} records, the file has {counted}"),
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Writing

/// A writer of GIB files (one game per file: GIB needs the whole game
/// before its header).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let to = options.to_encoding;
    Ok(Box::new(OneGameWriter::new(
        output,
        Box::new(move |g, report| render_game(g, to, report)),
        "GIB",
        "a GIB file",
        E_ONE_GAME_PER_FILE,
    )))
}

/// Replaces or appends `key` in an ordered list.
fn upsert(list: &mut Vec<(String, String)>, key: &str, value: impl Into<String>) {
    let value = value.into();
    match list.iter_mut().find(|(k, _)| k == key) {
        Some(slot) => slot.1 = value,
        None => list.push((key.to_string(), value)),
    }
}

fn join_fields(list: &[(String, String)]) -> String {
    list.iter()
        .map(|(k, v)| format!("{k}:{v}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn join_tag(list: &[(String, String)]) -> String {
    list.iter()
        .map(|(k, v)| {
            if matches!(k.as_str(), "I" | "L" | "M" | "N" | "A" | "B" | "J" | "K") {
                format!("{k}:{v}")
            } else {
                format!("{k}{v}")
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Header values cannot hold `\]` or line breaks (GAMETIME's own break aside).
fn clean(v: &str) -> String {
    v.replace("\\]", "]").replace(['\r', '\n'], " ")
}

/// What the writer learnt from the game, and what it had to drop.
struct Outline {
    size: u32,
    white: (String, Option<String>),
    black: (String, Option<String>),
    /// Komi ×10; `None` when the game has no KM (the fields stay empty).
    komi10: Option<i64>,
    handicap: u32,
    result: (i64, i64, String),
    date: Option<(u32, u32, u32)>,
    time: Option<(u64, u64, u64)>,
    place: Option<String>,
    name: Option<String>,
    /// (colour, point) with `None` for a pass.
    moves: Vec<(Colour, Option<(u32, u32)>)>,
    private: Vec<(String, String)>,
    lost: BTreeMap<String, usize>,
}

fn outline(game: &Game) -> Outline {
    let root = game.root();
    let text = |id: &str| root.text(id).map(str::trim).filter(|v| !v.is_empty());
    let mut lost: BTreeMap<String, usize> = BTreeMap::new();
    let mut lose = |what: &str| *lost.entry(what.to_string()).or_default() += 1;
    let size = text("SZ")
        .and_then(|s| s.split(':').next())
        .and_then(|s| s.trim().parse::<u32>().ok())
        .filter(|s| (2..=52).contains(s))
        .unwrap_or(19);
    if text("SZ").is_some_and(|s| s.contains(':')) {
        lose("SZ (rectangular board)");
    }
    let private: Vec<(String, String)> = lines::private_entries(game, PRIVATE_PROPERTY)
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();

    let komi10 = text("KM").map(|k| {
        parse_tenths(k).unwrap_or_else(|| {
            lose("KM (not a multiple of 0.1)");
            0
        })
    });
    let result = match text("RE") {
        Some(re) => result_code_for(re).unwrap_or_else(|| {
            lose("RE (no GIB result code)");
            (255, 0, String::new())
        }),
        None => (255, 0, String::new()),
    };
    let date = text("DT").and_then(|d| {
        let parsed = sgf_date(d);
        if parsed.is_none() {
            lose("DT (not a YYYY-MM-DD date)");
        }
        parsed
    });
    let main_time = text("TM").and_then(|t| {
        let v = t
            .parse::<f64>()
            .ok()
            .filter(|v| *v >= 0.0 && v.fract() == 0.0);
        if v.is_none() {
            lose("TM (not whole seconds)");
        }
        v.map(|v| v as u64)
    });
    let overtime = text("OT").and_then(|ot| {
        let v = parse_byoyomi(ot);
        if v.is_none() {
            lose("OT (not `NxS byo-yomi`)");
        }
        v
    });
    let time = match (main_time, overtime) {
        (None, None) => None,
        (m, o) => {
            let (periods, byo) = o.unwrap_or((0, 0));
            Some((m.unwrap_or(0), byo, periods))
        }
    };

    // Handicap: HA with AB on the Tygem points, or AB alone on them.
    let ha = text("HA").and_then(|h| h.parse::<u32>().ok()).unwrap_or(0);
    let main = game.main_line();
    let first_move = lines::first_move(game);
    let handicap = lines::tygem_handicap(game, size, ha).unwrap_or_else(|what| {
        lose(what);
        0
    });

    for id in ["AW", "AE"] {
        if root.get(id).is_some() {
            lose(id);
        }
    }
    for p in &root.props {
        match p.name.as_str() {
            "GM" | "FF" | "CA" | "ST" | "SZ" | "PB" | "PW" | "BR" | "WR" | "KM" | "RE" | "DT"
            | "TM" | "OT" | "PC" | "GN" | "HA" | "AB" | "AW" | "AE" | "B" | "W"
            | PRIVATE_PROPERTY => {}
            other => lose(other),
        }
    }

    // Main line moves.
    let mut moves = Vec::new();
    let mut expected = if handicap >= 2 {
        Colour::White
    } else {
        Colour::Black
    };
    for (i, id) in main.iter().enumerate() {
        let node = game.node(*id);
        if i > 0 {
            for p in &node.props {
                match p.name.as_str() {
                    "B" | "W" => {}
                    "AB" if i < first_move => {}
                    other => lose(other),
                }
            }
        }
        if let Some((c, v)) = node.mv() {
            let colour = if c == 'B' {
                Colour::Black
            } else {
                Colour::White
            };
            let pass = v.is_empty() || (size <= 19 && v == "tt");
            if pass {
                if colour != expected {
                    lose("pass out of turn (GIB passes have no colour)");
                }
                moves.push((colour, None));
            } else if let Some(pt) = parse_point(v, size) {
                moves.push((colour, Some(pt)));
            } else {
                lose("move off the board");
                continue;
            }
            expected = colour.other();
        }
    }
    let off_main = game.nodes.len().saturating_sub(main.len());
    if off_main > 0 {
        *lost.entry("variations (nodes)".into()).or_default() += off_main;
    }

    let player = |p: &str, r: &str| {
        (
            text(p).unwrap_or("").to_string(),
            text(r).map(str::to_string),
        )
    };
    Outline {
        size,
        white: player("PW", "WR"),
        black: player("PB", "BR"),
        komi10,
        handicap,
        result,
        date,
        time,
        place: text("PC").map(str::to_string),
        name: text("GN").map(str::to_string),
        moves,
        private,
        lost,
    }
}

/// `3x30 byo-yomi` (and `3x30`) → (periods, seconds).
fn parse_byoyomi(ot: &str) -> Option<(u64, u64)> {
    let head = ot.split_whitespace().next()?;
    let (p, s) = head.split_once(['x', 'X'])?;
    let p = p.parse().ok()?;
    let s = s.parse().ok()?;
    let rest = ot.get(head.len()..)?.trim().to_ascii_lowercase();
    (rest.is_empty() || rest.starts_with("byo")).then_some((p, s))
}

/// SGF `RE` → (GRLT, ZIPSU, English GAMERESULT text).
fn result_code_for(re: &str) -> Option<(i64, i64, String)> {
    let re = re.trim();
    let lower = re.to_ascii_lowercase();
    if lower == "0" || lower == "draw" || lower == "jigo" {
        return Some((255, 0, "draw".into()));
    }
    let (winner, how) = re.split_once('+')?;
    let (black, word) = match winner {
        "B" | "b" => (true, "black"),
        "W" | "w" => (false, "white"),
        _ => return None,
    };
    let pick = |b: i64, w: i64| if black { b } else { w };
    match how.to_ascii_uppercase().as_str() {
        "R" | "RESIGN" => Some((pick(3, 4), 0, format!("{word} wins by resignation"))),
        "T" | "TIME" => Some((pick(7, 8), 0, format!("{word} wins by time"))),
        "F" | "FORFEIT" => Some((pick(5, 6), 0, format!("{word} wins by disconnection"))),
        "" => Some((pick(0, 1), 0, format!("{word} win"))),
        n => {
            let z = parse_tenths(n).filter(|z| *z > 0)?;
            Some((pick(0, 1), z, format!("{word} {} win", format_tenths(z))))
        }
    }
}

fn private_get<'a>(private: &'a [(String, String)], key: &str) -> Option<&'a str> {
    private
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// The text of a GIB file for `game`, CRLF line ends, then encoded.
fn render_game(game: &Game, to: Option<&'static Encoding>, report: &mut Reporter) -> Vec<u8> {
    let o = outline(game);
    let kind = private_get(&o.private, "GIBOKIND")
        .unwrap_or("Global")
        .trim()
        .to_string();
    let text = render_text(&o, &kind);
    // The character set of the game's own clients (Global ones write
    // UTF-8), unless it cannot carry the text: then UTF-8, losing nothing.
    let implied = match kind.to_ascii_lowercase().as_str() {
        "global" => None,
        k => encoding_for_kind(k).map(|e| if e == GB18030 { GBK } else { e }),
    }
    .filter(|e| !e.encode(&text).2);
    let encoding = to.or(implied).unwrap_or(UTF_8);
    lines::encode_listing_losses(&text, encoding, o.lost, "GIB", W_CANNOT_CARRY, report)
}

fn render_text(o: &Outline, kind: &str) -> String {
    let p = |k: &str| private_get(&o.private, k).map(str::to_string);
    let mut lines: Vec<String> = vec!["\\HS".into()];
    let moves = o.moves.len();
    // TCNT and GAMETOTALNUM count stones, not passes.
    let stones = o.moves.iter().filter(|(_, pt)| pt.is_some()).count();

    // Date: keep the original stamps when they name the same day.
    let same_day = |raw: Option<String>| {
        raw.filter(|r| parse_date(r).as_deref() == o.date.map(fmt_date).as_deref())
    };
    let raw_tag = tag_fields(p("GAMETAG").as_deref());
    let raw_sub = subfields(p("GAMEINFOSUB").as_deref());
    let gamedate = same_day(p("GAMEDATE")).unwrap_or_else(|| match o.date {
        Some((y, m, d)) => format!("{y}-{m:>2}-{d:>2}- 0- 0- 0"),
        None => String::new(),
    });
    let gdate =
        same_day(field(&raw_sub, "GDATE").map(str::to_string)).unwrap_or_else(|| gamedate.clone());
    let tag_date =
        same_day(field(&raw_tag, "C").map(str::to_string)).unwrap_or_else(|| match o.date {
            Some((y, m, d)) => format!("{y:04}:{m:02}:{d:02}:00:00"),
            None => String::new(),
        });

    let level = |r: &Option<String>| r.as_deref().and_then(level_from_rank);
    let (wlv, blv) = (level(&o.white.1), level(&o.black.1));
    let display = |(name, rank): &(String, Option<String>), raw_key: &str| -> String {
        // The original `name (rank)` when it reads back the same.
        if let Some(raw) = p(raw_key) {
            let (n, r) = split_name_rank(&raw);
            let lv = level(rank);
            if &n == name && r.map(|r| normalize_rank(&r, lv)) == *rank {
                return clean(&raw);
            }
        }
        match rank {
            Some(r) => format!("{} ({})", clean(name), clean(&display_rank(r))),
            None if name.ends_with(')') => format!("{} ()", clean(name)),
            None => clean(name),
        }
    };
    // The original (often localised) values are kept when they still say
    // what the SGF says.
    let raw_main = subfields(p("GAMEINFOMAIN").as_deref());
    let raw_num = |main_key: &str, tag_key: &str, key: &str| {
        number(field(&raw_main, main_key))
            .or_else(|| number(field(&raw_tag, tag_key)))
            .or_else(|| number(p(key).as_deref()))
    };
    let komi = format_tenths(o.komi10.unwrap_or(0));
    let gongje = o.komi10.map(|k| k.to_string()).unwrap_or_default();
    let condition = match p("GAMECONDITION") {
        Some(raw)
            if raw_num("GONGJE", "G", "GAMEGONGJE") == o.komi10
                && raw_num("GCDT", "R", "").unwrap_or(0) == i64::from(o.handicap) =>
        {
            raw
        }
        _ if o.handicap >= 2 => format!("{} Handicap", o.handicap),
        _ => format!("Even : Black {komi} Dum"),
    };
    let (gametime, gtime, tag_time) = time_fields(o.time, &o.private, &raw_main, &raw_tag);
    let (grlt, zipsu, result_text) = result_fields(&o.result, &o.private, &raw_main, &raw_tag);
    let mut main = raw_main.clone();
    if main.is_empty() {
        for (k, v) in [("GBKIND", "3"), ("GTYPE", "0")] {
            main.push((k.into(), v.into()));
        }
    }
    upsert(&mut main, "GCDT", o.handicap.to_string());
    upsert(&mut main, "GTIME", gtime);
    upsert(&mut main, "GRLT", grlt.to_string());
    upsert(&mut main, "ZIPSU", zipsu.to_string());
    if field(&main, "DUM").is_none() {
        upsert(&mut main, "DUM", "0");
    }
    upsert(&mut main, "GONGJE", gongje.clone());
    upsert(&mut main, "TCNT", stones.to_string());
    if o.size != 19 || field(&main, "LINE").is_some() {
        upsert(&mut main, "LINE", o.size.to_string());
    }
    if field(&main, "AUSZ").is_none() {
        upsert(&mut main, "AUSZ", "0");
    }

    let name = o.name.clone().or_else(|| p("GAMENAME")).unwrap_or_default();
    let place = o
        .place
        .clone()
        .or_else(|| p("GAMEPLACE"))
        .unwrap_or_default();
    let mut sub = raw_sub.clone();
    for (k, v) in [
        ("GNAMEF", "0".to_string()),
        ("GPLCF", "0".to_string()),
        ("GNAME", clean(&name).replace(',', " ")),
        ("GDATE", gdate),
        ("GPLC", clean(&place).replace(',', " ")),
    ] {
        if !(matches!(k, "GNAMEF" | "GPLCF") && field(&sub, k).is_some()) {
            upsert(&mut sub, k, v);
        }
    }
    if !sub.iter().any(|(k, _)| k == "GCMT") {
        sub.push(("GCMT".into(), String::new()));
    }

    let wuser = user_info(&o.private, "W", &o.white.0, wlv);
    let buser = user_info(&o.private, "B", &o.black.0, blv);

    let mut tag = raw_tag.clone();
    if tag.is_empty() {
        tag.push(("S".into(), "0".into()));
    }
    for (k, v) in [
        ("R", o.handicap.to_string()),
        ("D", field(&main, "DUM").unwrap_or("0").to_string()),
        ("G", gongje.clone()),
        ("W", grlt.to_string()),
        ("Z", zipsu.to_string()),
        ("T", tag_time),
        ("C", tag_date),
        ("I", field(&wuser, "WID").unwrap_or("").to_string()),
        ("L", wlv.unwrap_or(0).to_string()),
        ("M", field(&buser, "BID").unwrap_or("").to_string()),
        ("N", blv.unwrap_or(0).to_string()),
        ("A", field(&wuser, "WNICK").unwrap_or("").to_string()),
        ("B", field(&buser, "BNICK").unwrap_or("").to_string()),
        ("J", field(&wuser, "WNCD").unwrap_or("0").to_string()),
        ("K", field(&buser, "BNCD").unwrap_or("0").to_string()),
    ] {
        // DUM, nicknames and countries: the SGF has no say; kept if present.
        if matches!(k, "D" | "A" | "B" | "J" | "K") && tag.iter().any(|(q, _)| q == k) {
            continue;
        }
        upsert(&mut tag, k, v);
    }

    let mut header: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| header.push((k.to_string(), v));
    put("GIBOKIND", kind.to_string());
    put("TYPE", p("TYPE").unwrap_or_else(|| "0".into()));
    put("SZAUDIO", p("SZAUDIO").unwrap_or_else(|| "0".into()));
    put("GAMECONDITION", condition);
    put("GAMETIME", gametime);
    put("GAMERESULT", result_text.clone());
    put("GAMEZIPSU", zipsu.to_string());
    put("GAMEDUM", field(&main, "DUM").unwrap_or("0").to_string());
    put("GAMEGONGJE", gongje.clone());
    put(
        "GAMETOTALNUM",
        p("GAMETOTALNUM")
            .filter(|raw| {
                raw.split(|c: char| !c.is_ascii_digit())
                    .find(|r| !r.is_empty())
                    .and_then(|r| r.parse::<usize>().ok())
                    == Some(stones)
            })
            .unwrap_or_else(|| stones.to_string()),
    );
    put("GAMENAME", clean(&name));
    put("GAMEDATE", gamedate);
    put("GAMEPLACE", clean(&place));
    put("GAMELECNAME", p("GAMELECNAME").unwrap_or_default());
    put("GAMEWHITENAME", display(&o.white, "GAMEWHITENAME"));
    put(
        "GAMEWHITELEVEL",
        keep_level(p("GAMEWHITELEVEL"), wlv, &o.white.1),
    );
    put(
        "GAMEWHITENICK",
        field(&wuser, "WNICK").unwrap_or("").to_string(),
    );
    put(
        "GAMEWHITECOUNTRY",
        p("GAMEWHITECOUNTRY").unwrap_or_else(|| "0".into()),
    );
    put("GAMEWAVATA", p("GAMEWAVATA").unwrap_or_else(|| "0".into()));
    put("GAMEWIMAGE", p("GAMEWIMAGE").unwrap_or_default());
    put("GAMEBLACKNAME", display(&o.black, "GAMEBLACKNAME"));
    put(
        "GAMEBLACKLEVEL",
        keep_level(p("GAMEBLACKLEVEL"), blv, &o.black.1),
    );
    put(
        "GAMEBLACKNICK",
        field(&buser, "BNICK").unwrap_or("").to_string(),
    );
    put(
        "GAMEBLACKCOUNTRY",
        p("GAMEBLACKCOUNTRY").unwrap_or_else(|| "0".into()),
    );
    put("GAMEBAVATA", p("GAMEBAVATA").unwrap_or_else(|| "0".into()));
    put("GAMEBIMAGE", p("GAMEBIMAGE").unwrap_or_default());
    put("GAMECOMMENT", p("GAMECOMMENT").unwrap_or_default());
    // A list that did not change is written as it was (TABs and all).
    let same =
        |key: &str, list: &[(String, String)], parse: fn(Option<&str>) -> Vec<(String, String)>| {
            p(key).filter(|raw| parse(Some(raw)) == list)
        };
    put(
        "GAMEINFOMAIN",
        same("GAMEINFOMAIN", &main, subfields).unwrap_or_else(|| join_fields(&main)),
    );
    put(
        "GAMEINFOSUB",
        same("GAMEINFOSUB", &sub, subfields).unwrap_or_else(|| join_fields(&sub)),
    );
    put(
        "WUSERINFO",
        same("WUSERINFO", &wuser, subfields).unwrap_or_else(|| join_fields(&wuser)),
    );
    put(
        "BUSERINFO",
        same("BUSERINFO", &buser, subfields).unwrap_or_else(|| join_fields(&buser)),
    );
    put(
        "GAMETAG",
        same("GAMETAG", &tag, tag_fields).unwrap_or_else(|| join_tag(&tag)),
    );
    // A game read from GIB is written with its own keys, in its own order
    // (the Chinese client's layout differs); values the SGF decides are
    // replaced, the others kept.
    let raw_keys: Vec<&(String, String)> = o
        .private
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "GS" | "INI"))
        .collect();
    if !raw_keys.is_empty() {
        let derived = |k: &str| header.iter().find(|(q, _)| q == k).map(|(_, v)| v.clone());
        let mut own: Vec<(String, String)> = raw_keys
            .iter()
            .map(|(k, raw)| {
                let v = if DERIVED_KEYS.contains(&k.as_str()) {
                    derived(k).unwrap_or_else(|| raw.clone())
                } else {
                    raw.clone()
                };
                (k.clone(), v)
            })
            .collect();
        for key in ["GAMEINFOMAIN", "GAMETAG"] {
            if !own.iter().any(|(k, _)| k == key) {
                own.push((key.to_string(), derived(key).unwrap_or_default()));
            }
        }
        header = own;
    }
    // Header keys of the original file that the list above does not name.
    for (k, v) in &o.private {
        if matches!(k.as_str(), "GS" | "INI") || header.iter().any(|(q, _)| q == k) {
            continue;
        }
        if k == "GAMEWIMAG" && header.iter().any(|(q, _)| q == "GAMEWIMAGE") {
            continue;
        }
        header.push((k.clone(), v.clone()));
    }
    for (k, v) in header {
        lines.push(format!("\\[{k}={v}\\]"));
    }
    lines.push("\\HE".into());
    lines.push("\\GS".into());
    lines.push(p("GS").unwrap_or_else(|| "2 1 0".into()));
    lines.push(format!("{} 0 &4", moves + 1));
    let ini_text = p("INI").unwrap_or_default();
    lines.push(format!("INI 0 1 {} &4{ini_text} ", o.handicap));
    for (i, (c, pt)) in o.moves.iter().enumerate() {
        let n = i + 2;
        lines.push(match pt {
            Some((x, y)) => {
                let code = if *c == Colour::Black { 1 } else { 2 };
                format!("STO 0 {n} {code} {x} {y} ")
            }
            None => format!("SKI 0 {n} "),
        });
    }
    lines.push("\\GE".into());
    let mut text = lines.join("\r\n");
    text.push_str("\r\n");
    // A value's own line break (GAMETIME of the Chinese and Korean
    // clients) is CRLF like every other line.
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// `WUSERINFO`/`BUSERINFO` for a player: the original list with the level
/// updated; the id (which may differ from the display name: `윤미89` shown
/// as `yunmi89`) is replaced only when the player changed.
fn user_info(
    private: &[(String, String)],
    prefix: &str,
    name: &str,
    level: Option<i64>,
) -> Vec<(String, String)> {
    let raw = private_get(private, &format!("{prefix}USERINFO"));
    let mut list = subfields(raw);
    let id = clean(name).replace([',', ':'], " ");
    let (id_key, nick_key) = (format!("{prefix}ID"), format!("{prefix}NICK"));
    let name_key = if prefix == "W" {
        "GAMEWHITENAME"
    } else {
        "GAMEBLACKNAME"
    };
    let old_name = private_get(private, name_key)
        .map(|v| split_name_rank(v).0)
        .or_else(|| field(&list, &id_key).map(str::to_string));
    if old_name.as_deref() != Some(name) || field(&list, &id_key).is_none() {
        upsert(&mut list, &id_key, id.clone());
    }
    upsert(
        &mut list,
        &format!("{prefix}LV"),
        level.unwrap_or(0).to_string(),
    );
    if field(&list, &nick_key).is_none() {
        upsert(&mut list, &nick_key, id);
    }
    if raw.is_none() {
        for (k, v) in [("NCD", "0"), ("AID", "0"), ("IMSG", "")] {
            list.push((format!("{prefix}{k}"), v.to_string()));
        }
    }
    list
}

/// `GAMETIME`, `GTIME` and `GAMETAG T`: the original values when they still
/// read as the game's time settings, else written anew (empty without any).
fn time_fields(
    time: Option<(u64, u64, u64)>,
    private: &[(String, String)],
    raw_main: &[(String, String)],
    raw_tag: &[(String, String)],
) -> (String, String, String) {
    let raw_text = private_get(private, "GAMETIME");
    let raw_time = field(raw_main, "GTIME")
        .and_then(time_triple)
        .or_else(|| {
            field(raw_tag, "T")
                .and_then(time_triple)
                .map(|(b, p, m)| (m, b, p))
        })
        .or_else(|| raw_text.and_then(time_from_text));
    match time {
        _ if raw_time == time => (
            raw_text.unwrap_or("").to_string(),
            field(raw_main, "GTIME").unwrap_or("").to_string(),
            field(raw_tag, "T").unwrap_or("").to_string(),
        ),
        None => (String::new(), String::new(), String::new()),
        Some((main, byo, periods)) => (
            format!(
                "Time limit {}minute : {byo} second countdown {periods} time",
                main / 60
            ),
            format!("{main}-{byo}-{periods}"),
            format!("{byo}-{periods}-{main}"),
        ),
    }
}

/// `GRLT`, `ZIPSU` and `GAMERESULT`: the original values (a localised text)
/// when they still read as the game's result, else the derived ones.
fn result_fields(
    (grlt, zipsu, text): &(i64, i64, String),
    private: &[(String, String)],
    raw_main: &[(String, String)],
    raw_tag: &[(String, String)],
) -> (i64, i64, String) {
    let raw = |main_key: &str, tag_key: &str| {
        number(field(raw_main, main_key)).or_else(|| number(field(raw_tag, tag_key)))
    };
    let raw_grlt = raw("GRLT", "W");
    let raw_zipsu = raw("ZIPSU", "Z")
        .or_else(|| number(private_get(private, "GAMEZIPSU")))
        .unwrap_or(0);
    let raw_text = private_get(private, "GAMERESULT").unwrap_or("");
    let kept = private_get(private, "GAMEINFOMAIN").is_some()
        && interpret_result(raw_grlt, raw_zipsu, raw_text)
            == interpret_result(Some(*grlt), *zipsu, text);
    if kept {
        (raw_grlt.unwrap_or(255), raw_zipsu, raw_text.to_string())
    } else {
        (*grlt, *zipsu, text.clone())
    }
}

/// Header keys whose values the writer derives from the SGF.
const DERIVED_KEYS: &[&str] = &[
    "GAMECONDITION",
    "GAMETIME",
    "GAMERESULT",
    "GAMEZIPSU",
    "GAMEGONGJE",
    "GAMETOTALNUM",
    "GAMENAME",
    "GAMEDATE",
    "GAMEPLACE",
    "GAMEWHITENAME",
    "GAMEWHITELEVEL",
    "GAMEBLACKNAME",
    "GAMEBLACKLEVEL",
    "GAMEINFOMAIN",
    "GAMEINFOSUB",
    "WUSERINFO",
    "BUSERINFO",
    "GAMETAG",
];

/// `GAME*LEVEL`: the level code, or the original value when it still holds
/// (some clients write the rank text or the nickname there).
fn keep_level(raw: Option<String>, level: Option<i64>, rank: &Option<String>) -> String {
    let derived = level.unwrap_or(0).to_string();
    let Some(raw) = raw else { return derived };
    match number(Some(&raw)) {
        Some(n) if n == level.unwrap_or(0) => raw,
        Some(_) => derived,
        None => {
            let norm = normalize_rank(&raw, level);
            let is_rank = level_from_rank(&norm).is_some();
            if !is_rank || Some(&norm) == rank.as_ref() {
                raw
            } else {
                derived
            }
        }
    }
}

fn fmt_date((y, m, d): (u32, u32, u32)) -> String {
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenths_round_trip() {
        assert_eq!(format_tenths(65), "6.5");
        assert_eq!(format_tenths(70), "7");
        assert_eq!(format_tenths(0), "0");
        assert_eq!(format_tenths(-5), "-0.5");
        assert_eq!(parse_tenths("6.5"), Some(65));
        assert_eq!(parse_tenths("7"), Some(70));
        assert_eq!(parse_tenths("-0.5"), Some(-5));
        assert_eq!(parse_tenths("6.50"), Some(65));
        assert_eq!(parse_tenths("6.25"), None);
        assert_eq!(parse_tenths("x"), None);
    }

    #[test]
    fn ranks_and_levels() {
        assert_eq!(normalize_rank("2K", None), "2k");
        assert_eq!(normalize_rank("1급", Some(17)), "1k");
        assert_eq!(normalize_rank("3段", Some(20)), "3d");
        assert_eq!(normalize_rank("9D", Some(35)), "9p");
        assert_eq!(normalize_rank("9P", None), "9p");
        assert_eq!(normalize_rank("insei", None), "insei");
        assert_eq!(normalize_rank("10 kyu", None), "10k");
        assert_eq!(rank_from_level(17), Some("1k".into()));
        assert_eq!(rank_from_level(11), Some("7k".into()));
        assert_eq!(rank_from_level(21), Some("4d".into()));
        assert_eq!(rank_from_level(0), None);
        for r in ["1k", "17k", "1d", "9d", "1p", "9p"] {
            assert_eq!(
                level_from_rank(r).and_then(rank_from_level).as_deref(),
                Some(r)
            );
        }
    }

    #[test]
    fn names_split_at_the_last_parenthesis() {
        assert_eq!(
            split_name_rank("dongjik (1급)"),
            ("dongjik".into(), Some("1급".into()))
        );
        assert_eq!(
            split_name_rank("harpmaster(3段)"),
            ("harpmaster".into(), Some("3段".into()))
        );
        assert_eq!(
            split_name_rank("a (b) (2D)"),
            ("a (b)".into(), Some("2D".into()))
        );
        assert_eq!(split_name_rank("a (b) ()"), ("a (b)".into(), None));
        assert_eq!(split_name_rank("plain"), ("plain".into(), None));
        assert_eq!(split_name_rank("(9P)"), ("".into(), Some("9P".into())));
    }

    #[test]
    fn dates_in_every_form() {
        assert_eq!(
            parse_date("2012:07:15:19:30").as_deref(),
            Some("2012-07-15")
        );
        assert_eq!(
            parse_date("2015- 8-29-22-56-58").as_deref(),
            Some("2015-08-29")
        );
        assert_eq!(
            parse_date("2012年11月22日 下午 6:3").as_deref(),
            Some("2012-11-22")
        );
        assert_eq!(
            parse_date("2025-01-18-16-38-32").as_deref(),
            Some("2025-01-18")
        );
        assert_eq!(
            parse_date("20170316 [09:37]").as_deref(),
            Some("2017-03-16")
        );
        assert_eq!(parse_date("nothing"), None);
        assert_eq!(parse_date("2012-13-01"), None);
    }

    #[test]
    fn result_codes() {
        assert_eq!(result_from_code(1, 595), Ok(Some("W+59.5".into())));
        assert_eq!(result_from_code(0, 40), Ok(Some("B+4".into())));
        assert_eq!(result_from_code(0, 0), Ok(Some("B+".into())));
        assert_eq!(result_from_code(4, 0), Ok(Some("W+R".into())));
        assert_eq!(result_from_code(7, 0), Ok(Some("B+T".into())));
        assert_eq!(result_from_code(8, 0), Ok(Some("W+T".into())));
        assert_eq!(result_from_code(6, 0), Ok(Some("W+F".into())));
        assert_eq!(result_from_code(255, 0), Ok(None));
        assert_eq!(result_from_code(2, 0), Err(UnknownCode(2)));
    }

    #[test]
    fn result_texts_in_four_languages() {
        let r = |s: &str| match parse_result_text(s) {
            ResultText::Result(r) => r,
            other => format!("{other:?}"),
        };
        assert_eq!(r("white 59.5 win"), "W+59.5");
        assert_eq!(r("black 4 points win"), "B+4");
        assert_eq!(r("white wins by resignation"), "W+R");
        assert_eq!(r("black wins by time"), "B+T");
        assert_eq!(r("white wins by disconnection"), "W+F");
        assert_eq!(r("White loses on time"), "B+T");
        assert_eq!(r("흑 시간승"), "B+T");
        assert_eq!(r("백 불계승"), "W+R");
        assert_eq!(r("흑 3집반승"), "B+3.5");
        assert_eq!(r("白11目胜"), "W+11");
        assert_eq!(r("白7目半胜"), "W+7.5");
        assert_eq!(r("黑1目半胜"), "B+1.5");
        assert_eq!(r("黑中盘胜"), "B+R");
        assert_eq!(r("黑時間勝"), "B+T");
        assert_eq!(r("黒中押し勝ち"), "B+R");
        assert_eq!(r("白3目半勝ち"), "W+3.5");
        assert_eq!(r("무승부"), "0");
        assert_eq!(r("백 반집승"), "W+0.5");
        assert_eq!(r("白半目胜"), "W+0.5");
        assert_eq!(r("Black resigned"), "W+R");
        assert_eq!(r("흑 불계패"), "W+R");
        assert_eq!(r("white wins, black resigned"), "W+R");
        assert_eq!(r(""), "Unknown");
        assert_eq!(r("???"), "Unknown");
    }

    #[test]
    fn tygem_handicap_layout() {
        let pts = |n| {
            handicap_points(19, n)
                .unwrap()
                .into_iter()
                .map(|(x, y)| sgf_point(x, y).unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(pts(2), "pd dp");
        assert_eq!(pts(3), "pd dp dd");
        assert_eq!(pts(4), "pd dp dd pp");
        assert_eq!(pts(5), "pd dp dd pp jj");
        assert_eq!(pts(6), "pd dp dd pp dj pj");
        assert_eq!(pts(7), "pd dp dd pp dj pj jj");
        assert_eq!(pts(8), "pd dp dd pp dj pj jd jp");
        assert_eq!(pts(9), "pd dp dd pp dj pj jd jp jj");
        assert_eq!(handicap_points(19, 10), None);
        assert_eq!(handicap_points(18, 5), None);
        assert_eq!(handicap_points(9, 2), Some(vec![(6, 2), (2, 6)]));
    }

    #[test]
    fn repairs_of_damaged_ids() {
        assert_eq!(
            repair_double_encoding("WID:À±¹Ì89,WLV:5", EUC_KR).as_deref(),
            Some("WID:윤미89,WLV:5")
        );
        assert_eq!(repair_double_encoding("José", EUC_KR), None);
        assert_eq!(repair_double_encoding("plain", EUC_KR), None);
        assert_eq!(repair_utf16_ascii("敍獮楫t").as_deref(), Some("Menskit"));
        assert_eq!(repair_utf16_ascii("石下之臣"), None);
        assert_eq!(repair_utf16_ascii("ascii"), None);
    }

    #[test]
    fn plus_separated_game_sections_read() {
        let text = "\\HS\n\\[GIBOKIND=Global\\]\n\\HE\n\\GS\n2+1+0\n3+0+&4\nINI+0+1+0+&4\nSTO+0+2+1+15+3\nSKI+0+3\n\\GE\n";
        let mut r = Reporter::collecting("t");
        let doc = parse_document(text, &mut r);
        assert_eq!(doc.preamble, ["2 1 0", "3 0 &4"]);
        let kinds: Vec<&str> = doc.records.iter().map(|r| r.tokens[0].as_str()).collect();
        assert_eq!(kinds, ["INI", "STO", "SKI"]);
        assert_eq!(doc.records[1].tokens, ["STO", "0", "2", "1", "15", "3"]);
    }

    #[test]
    fn time_from_localised_text() {
        let t = time_from_text;
        assert_eq!(
            t("Time limit 20minute : 30 second countdown 3 time"),
            Some((1200, 30, 3))
        );
        assert_eq!(t("제한시간 20분 : 30초 초읽기 3번"), Some((1200, 30, 3)));
        assert_eq!(t("限制时间 20分\n30秒 读秒 3番"), Some((1200, 30, 3)));
        assert_eq!(t("每方限时: 无"), None);
    }

    #[test]
    fn sniffs_headers() {
        assert!(sniff(b"\\HS\r\n\\[GIBOKIND=Global\\]"));
        assert!(sniff(b"\xEF\xBB\xBF\\HS"));
        assert!(!sniff(b"(;GM[1])"));
    }

    #[test]
    fn byoyomi_and_results_for_the_writer() {
        assert_eq!(parse_byoyomi("3x30 byo-yomi"), Some((3, 30)));
        assert_eq!(parse_byoyomi("5/300 Canadian"), None);
        assert_eq!(
            result_code_for("W+59.5"),
            Some((1, 595, "white 59.5 win".into()))
        );
        assert_eq!(
            result_code_for("B+R"),
            Some((3, 0, "black wins by resignation".into()))
        );
        assert_eq!(result_code_for("Void"), None);
    }
}
