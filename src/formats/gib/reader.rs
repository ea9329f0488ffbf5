//! GIB → events, record by record: the input is read line by line and each
//! `\HS … \GE` record is handed over as soon as its `\GE` is read
//! (`records`: a file usually holds one; several are a collection); its
//! character set is decided from its own bytes, its structure is parsed
//! ([`parse_document_at`]), damaged text repaired, and the game built (root
//! properties from the header, one node per move) and replayed before the
//! next record is read. Memory is bounded by the largest record.

use super::charset::{decode_input, encoding_for_kind};
use super::codes::*;
use super::document::{parse_document_at, Document, Record};
use super::records::{Records, Trailing};
use super::values::*;
use super::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{GameHeader, Pos, PropertyBuf};
use crate::formats::lines::{self, Decoded};
use crate::game::{Game, NodeId};
use crate::options::ReadOptions;
use crate::sink::Sink;
use crate::stone::Point;
use crate::values::{self, format_tenths, result_text, ResultText};
use encoding_rs::{Encoding, EUC_KR, GB18030, GBK, UTF_8};
use std::io::Read;

/// Reads a GIB file and sends its records as events: one game per
/// `\HS … \GE` record, in file order (a file holding several is read as a
/// collection, `I217`). Text after the last record is reported (`W218`).
pub fn read(
    input: &mut dyn Read,
    options: &ReadOptions,
    sink: &mut dyn Sink,
    report: &mut Reporter,
) -> Result<(), Error> {
    let mut records = Records::new(input, options.max_value_size());
    let mut buf = Vec::new();
    let mut index = 0usize;
    // Positions count characters of the decoded text (as the parser
    // does): how far the decoded records ran ahead of their bytes.
    let mut shift = 0i64;
    let mut encoding: &'static Encoding = UTF_8;
    loop {
        report.set_game(Some(index));
        let Some(at) = records.next(&mut buf)? else {
            break;
        };
        let decoded = decode_input(&buf, at, options, report);
        let raw_len = buf.len() as i64;
        // The bytes are not needed past here: given back before the game
        // is built (a one-game file's record is the whole game).
        lines::release(std::mem::take(&mut buf));
        let text = decoded.text.as_str();
        let start = Pos::new(at.offset.saturating_add_signed(shift), at.line, 1);
        let mut doc = parse_document_at(text, start, report);
        repair_text(&mut doc, &decoded, report);
        let game = build_game(&doc, text, &decoded, index, report);
        shift += text.len() as i64 - raw_len;
        encoding = decoded.encoding;
        // Only the game is replayed: its text is given back first.
        drop(doc);
        lines::release(decoded.text.into_bytes());
        game.replay(sink, report)?;
        index += 1;
    }
    report.set_game(None);
    if index == 0 {
        return Err(Error::unreadable(
            GIB_NOT_A_RECORD,
            "not a GIB record: no `\\HS` header and no `\\GS` game section",
        ));
    }
    if let Some(t) = records.trailing() {
        trailing_text(t, shift, encoding, report);
    }
    if index > 1 {
        report.report(
            GIB_SEVERAL_RECORDS,
            None,
            format!("the file holds {index} records (`\\HS … \\GE`): read as a collection of {index} games"),
        );
    }
    Ok(())
}

/// Reports text after the last record other than blank space and NUL
/// bytes (the 2025 client ends its files with one): its first line, in
/// the last record's character set.
fn trailing_text(t: Trailing, shift: i64, encoding: &'static Encoding, report: &mut Reporter) {
    let (line, _) = encoding.decode_without_bom_handling(&t.line);
    let junk = |c: char| c.is_whitespace() || c == '\0';
    let Some(i) = line.find(|c: char| !junk(c)) else {
        return;
    };
    let offset = t.at.offset.saturating_add_signed(shift) + i as u64;
    report.report(
        GIB_TRAILING_TEXT,
        Some(Pos::new(offset, t.at.line, 1)),
        format!(
            "text after the last record is not a GIB record (no `\\HS`, `\\[` or `\\GS`); skipped: {}",
            clip(line.trim())
        ),
    );
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
                report.report(
                    GIB_DOUBLE_ENCODED,
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
            report.report(
                GIB_DAMAGED_TEXT,
                Some(e.pos),
                format!(
                    "{}: the value holds U+FFFD left by an earlier lossy conversion; kept as is",
                    e.key
                ),
            );
        }
    }
}

/// The sub-field lists of the header, each parsed once.
struct Sources {
    main: Vec<(String, String)>,
    sub: Vec<(String, String)>,
    tag: Vec<(String, String)>,
    wuser: Vec<(String, String)>,
    buser: Vec<(String, String)>,
}

impl Sources {
    /// The lists of `doc` (empty where it has none).
    fn of(doc: &Document) -> Sources {
        Sources {
            main: subfields(doc.get("GAMEINFOMAIN")),
            sub: subfields(doc.get("GAMEINFOSUB")),
            tag: tag_fields(doc.get("GAMETAG")),
            wuser: subfields(doc.get("WUSERINFO")),
            buser: subfields(doc.get("BUSERINFO")),
        }
    }
}

/// Adds `id` with the trimmed value `v`, unless `v` is blank.
fn push(props: &mut Vec<PropertyBuf>, id: &str, v: &str) {
    if !v.trim().is_empty() {
        props.push(PropertyBuf::with_values(id, &[v.trim()]));
    }
}

/// The game of `doc`: the root properties in their order (the handicap
/// stones and the kept header last), then the moves.
fn build_game(
    doc: &Document,
    text: &str,
    decoded: &Decoded,
    index: usize,
    report: &mut Reporter,
) -> Game {
    let mut header = GameHeader::new(index);
    header.encoding = decoded.encoding.name();
    header.encoding_source = decoded.source;
    header.confidence = decoded.confidence;
    let mut game = Game::new(header);
    let src = Sources::of(doc);

    let size = number(field(&src.main, "LINE"))
        .filter(|n| (2..=52).contains(n))
        .unwrap_or(19) as u32;
    let mut props: Vec<PropertyBuf> = vec![
        PropertyBuf::with_values("GM", &["1"]),
        PropertyBuf::with_values("FF", &["4"]),
        PropertyBuf::with_values("SZ", &[size.to_string()]),
    ];
    name_and_players(doc, &src, &mut props, report);
    komi(doc, &src, &mut props, report);
    let ini = doc.records(text).find(|r| r.token(0) == Some("INI"));
    let handicap = handicap(&src, ini.as_ref().and_then(|r| r.token(3)));
    let setup = handicap_props(size, handicap, ini.as_ref(), &mut props, report);
    if let Some(re) = result(doc, &src, report) {
        push(&mut props, "RE", &re);
    }
    date(doc, &src, &mut props, report);
    time_settings(doc, &src, &mut props);
    if let Some(pc) = doc.get("GAMEPLACE").or(field(&src.sub, "GPLC")) {
        push(&mut props, "PC", pc);
    }
    if let Some(ab) = setup {
        props.push(ab);
    }
    let kept_records: Vec<String> = doc
        .records(text)
        .filter(|r| is_moveless(r.token(0).unwrap_or("")))
        .map(|r| kept_record(&r))
        .collect();
    if let Some(private) = kept_header(doc, ini.as_ref(), &kept_records) {
        props.push(private);
    }
    let mut root = game.root_mut();
    for p in &props {
        root.push_buf(p);
    }

    add_moves(&mut game, doc, text, size, handicap >= 2, report);
    game
}

/// Game name and players: `GN`, then `PB`/`BR` and `PW`/`WR`.
fn name_and_players(
    doc: &Document,
    src: &Sources,
    props: &mut Vec<PropertyBuf>,
    report: &mut Reporter,
) {
    if let Some(gn) = doc.get("GAMENAME").or(field(&src.sub, "GNAME")) {
        push(props, "GN", gn);
    }
    for colour in [Colour::Black, Colour::White] {
        let (name, rank) = player(doc, src, colour, report);
        let (p, r) = match colour {
            Colour::Black => ("PB", "BR"),
            Colour::White => ("PW", "WR"),
        };
        if let Some(n) = name {
            push(props, p, &n);
        }
        if let Some(rk) = rank {
            push(props, r, &rk);
        }
    }
}

/// Komi: ×10 in `GONGJE` (or `GAMETAG G`, or `GAMEGONGJE`).
fn komi(doc: &Document, src: &Sources, props: &mut Vec<PropertyBuf>, report: &mut Reporter) {
    let komi_src = [
        field(&src.main, "GONGJE"),
        field(&src.tag, "G"),
        doc.get("GAMEGONGJE")
            .map(str::trim)
            .filter(|v| !v.is_empty()),
    ];
    if let Some(raw) = komi_src.iter().flatten().next() {
        match raw.parse::<i64>() {
            Ok(v) => push(props, "KM", &format_tenths(v)),
            Err(_) => report.report(
                GIB_BAD_VALUE,
                doc.pos_of("GAMEINFOMAIN"),
                format!("komi `{}` is not a number ×10; no KM", clip(raw)),
            ),
        }
    }
}

/// The handicap: from the `INI` record, else `GCDT` / `GAMETAG R`.
fn handicap(src: &Sources, ini_stones: Option<&str>) -> u32 {
    ini_stones
        .and_then(|t| t.parse::<u32>().ok())
        .or_else(|| number(field(&src.main, "GCDT")).map(|v| v.max(0) as u32))
        .or_else(|| number(field(&src.tag, "R")).map(|v| v.max(0) as u32))
        .unwrap_or(0)
}

/// `HA` for a handicap of 2 or more; returns its stones on the Tygem layout
/// (`AB`, which goes after the other root properties).
fn handicap_props(
    size: u32,
    handicap: u32,
    ini: Option<&Record>,
    props: &mut Vec<PropertyBuf>,
    report: &mut Reporter,
) -> Option<PropertyBuf> {
    let mut setup: Option<PropertyBuf> = None;
    if handicap >= 2 {
        push(props, "HA", &handicap.to_string());
        match lines::tygem_handicap_stones(size, handicap) {
            Some(ab) => setup = Some(ab),
            None => report.report(
                GIB_BAD_HANDICAP,
                ini.map(|r| r.pos),
                format!("no Tygem layout for {handicap} stones on {size}×{size}; HA kept, no stones placed"),
            ),
        }
    } else if handicap == 1 {
        report.report(
            GIB_BAD_HANDICAP,
            ini.map(|r| r.pos),
            "handicap 1 places no stone; read as an even game",
        );
    }
    setup
}

/// Date: the first readable one of `GAMETAG C`, `GDATE` and `GAMEDATE`.
fn date(doc: &Document, src: &Sources, props: &mut Vec<PropertyBuf>, report: &mut Reporter) {
    let date_src = [
        field(&src.tag, "C"),
        field(&src.sub, "GDATE"),
        doc.get("GAMEDATE"),
    ];
    let mut date_seen = false;
    for d in date_src.iter().flatten() {
        date_seen = true;
        if let Some(dt) = values::date(d).written(d) {
            push(props, "DT", &dt);
            date_seen = false;
            break;
        }
    }
    if date_seen {
        report.report(
            GIB_BAD_VALUE,
            doc.pos_of("GAMEDATE"),
            "no readable date; no DT",
        );
    }
}

/// Time settings: `GTIME` main-byoyomi-periods, `GAMETAG T`
/// byoyomi-periods-main, last the localised `GAMETIME` text.
fn time_settings(doc: &Document, src: &Sources, props: &mut Vec<PropertyBuf>) {
    let gtime = field(&src.main, "GTIME")
        .and_then(time_triple)
        .or_else(|| {
            field(&src.tag, "T")
                .and_then(time_triple)
                .map(|(b, p, m)| (m, b, p))
        })
        .or_else(|| doc.get("GAMETIME").and_then(time_from_text));
    if let Some((main, byo, periods)) = gtime {
        push(props, "TM", &main.to_string());
        if byo > 0 && periods > 0 {
            push(props, "OT", &format!("{periods}x{byo} byo-yomi"));
        }
    }
}

/// The whole header, kept as `KEY=value` (order and raw values), with the
/// first preamble line, the `INI` text and the records that carry no move
/// (`REC=…`, [`kept_record`]); `None` when there is nothing.
fn kept_header(doc: &Document, ini: Option<&Record>, records: &[String]) -> Option<PropertyBuf> {
    let mut private = PropertyBuf::new(PRIVATE_PROPERTY);
    for e in &doc.entries {
        private.push(&format!("{}={}", e.key, e.value));
    }
    if let Some(p) = doc.preamble.first() {
        private.push(&format!("GS={p}"));
    }
    if let Some(text) = ini.map(|r| r.text()).filter(|t| !t.is_empty()) {
        private.push(&format!("INI={text}"));
    }
    for r in records {
        private.push(&format!("{RECORD_KEY}={r}"));
    }
    (!private.values().is_empty()).then_some(private)
}

/// The record types that carry no move (protocol records: dead-stone
/// marking, undo, review control).
fn is_moveless(kind: &str) -> bool {
    matches!(
        kind,
        "REM" | "IDX" | "DSC" | "WIT" | "SUR" | "CSP" | "CST" | "FOR" | "CRE" | "END" | "RES"
    )
}

/// A record that carries no move as `XGIB` keeps it: its tokens, then
/// `&4` and its text when it has one (`REM 0 295 -1 -1 0 1`).
fn kept_record(r: &Record) -> String {
    match r.text() {
        "" => r.line().to_string(),
        t => format!("{} &4{t}", r.line()),
    }
}

/// A player's name and rank: `GAME*NAME` (`name (rank)`, the rank from the
/// level code when it has none), else the id or nickname of the user lists
/// or `GAMETAG` (repaired when it is ASCII read as UTF-16LE).
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
            report.report(
                GIB_UTF16_MOJIBAKE,
                None,
                format!("player id `{id}` is ASCII read as UTF-16LE; repaired to `{fixed}`"),
            );
            fixed
        }
        None => id.to_string(),
    });
    (name, level.and_then(rank_from_level))
}

/// `RE`: from `GRLT` and `ZIPSU` (a `GAMERESULT` text naming the other
/// winner is reported), else from the localised `GAMERESULT` text.
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
    let from_text = result_text(text);
    if let Some(code) = grlt {
        match result_from_code(code, zipsu) {
            Ok(Some(re)) => {
                if let ResultText::Result(t) = &from_text {
                    if t.get(..1) != re.get(..1) && t != "0" {
                        report.report(
                            GIB_RESULT_CONFLICT,
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
            report.report(
                GIB_RESULT_FROM_TEXT,
                pos,
                format!("result {re} read from the GAMERESULT text `{}`", clip(text)),
            );
            Some(re)
        }
        ResultText::Unfinished => None,
        ResultText::Unknown => {
            if grlt.is_some() || !text.is_empty() {
                report.report(
                    GIB_UNKNOWN_RESULT,
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

/// One node per `STO` and `SKI` record, in file order; other records are
/// reported and skipped. Last, the record count of the preamble is checked.
fn add_moves(
    game: &mut Game,
    doc: &Document,
    text: &str,
    size: u32,
    handicap: bool,
    report: &mut Reporter,
) {
    let mut at: NodeId = Game::ROOT;
    let mut last: Option<Colour> = None;
    let mut counted = 0usize;
    for r in doc.records(text) {
        let r = &r;
        let kind = r.token(0).unwrap_or("");
        match kind {
            "INI" => counted += 1,
            "STO" => {
                counted += 1;
                match stone(r, size) {
                    Some((c, p)) => {
                        at = add_move(game, at, r, c, &p);
                        last = Some(c);
                    }
                    None => report.report(
                        GIB_BAD_MOVE,
                        Some(r.pos),
                        format!("unreadable move `{}`; dropped", clip(r.line())),
                    ),
                }
            }
            "SKI" => {
                counted += 1;
                let c = match last {
                    Some(c) => c.opponent(),
                    None if handicap => Colour::White,
                    None => Colour::Black,
                };
                at = add_move(game, at, r, c, "");
                last = Some(c);
            }
            k if is_moveless(k) => {
                counted += 1;
                report.report(GIB_IGNORED_RECORD, Some(r.pos), || {
                    format!(
                        "`{kind}` record carries no move: kept in {PRIVATE_PROPERTY} as {RECORD_KEY}={}",
                        kept_record(r)
                    )
                });
            }
            _ => report.report(
                GIB_UNKNOWN_RECORD,
                Some(r.pos),
                format!("unknown record `{}`; skipped", clip(r.line())),
            ),
        }
    }
    check_record_count(doc, counted, report);
}

/// The colour and SGF point of a `STO` record (`STO 0 n colour x y`), when
/// both can be read and the point is on the board.
fn stone(r: &Record, size: u32) -> Option<(Colour, String)> {
    let num = |i: usize| r.token(i).and_then(|t| t.parse::<i64>().ok());
    let colour = match num(3) {
        Some(1) => Some(Colour::Black),
        Some(2) => Some(Colour::White),
        _ => None,
    };
    let point = match (num(4), num(5)) {
        (Some(x), Some(y)) if (0..size as i64).contains(&x) && (0..size as i64).contains(&y) => {
            Point::at(x as u32, y as u32).map(|p| p.to_string())
        }
        _ => None,
    };
    Some((colour?, point?))
}

/// Adds the move `colour[value]` read from `r` after node `at`; returns the
/// new node.
fn add_move(game: &mut Game, at: NodeId, r: &Record, colour: Colour, value: &str) -> NodeId {
    let at = game.add_child(at);
    let mut node = game.node_mut(at);
    node.set_pos(r.pos);
    node.push_buf(&PropertyBuf::with_values(colour.move_id(), &[value]).at(r.pos));
    at
}

/// Reports a record count on the second preamble line that disagrees with
/// the records `counted`.
fn check_record_count(doc: &Document, counted: usize, report: &mut Reporter) {
    let declared = doc
        .preamble
        .get(1)
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse::<usize>().ok());
    if let Some(n) = declared {
        if n != counted {
            report.report(
                GIB_RECORD_COUNT,
                None,
                format!("the preamble announces {n} records, the file has {counted}"),
            );
        }
    }
}
