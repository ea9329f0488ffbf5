//! SGF events → GIB. One game per file: the whole game is gathered
//! ([`OneGameWriter`]) and outlined (what GIB can say about it, and what it
//! cannot), then the header is composed, keeping every original value in
//! `XGIB` that still says what the SGF says, and the file encoded.

use super::charset::encoding_for_kind;
use super::values::*;
use super::*;
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Property};
use crate::formats::lines::{self, OneGameWriter};
use crate::game::{Game, Node};
use crate::options::WriteOptions;
use crate::sink::Sink;
use crate::stone::Point;
use crate::values::{self, format_tenths, parse_tenths, GameResult, WinBy};
use encoding_rs::{Encoding, GB18030, GBK, UTF_8};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;

/// An ordered `KEY`/value list: a sub-field list or the header itself.
type List = Vec<(String, String)>;

/// What the writer could not carry, with how often.
type Lost = BTreeMap<String, usize>;

/// A writer of GIB files (one game per file: GIB needs the whole game
/// before its header).
pub fn writer<'w>(
    output: Box<dyn Write + 'w>,
    options: &WriteOptions,
) -> Result<Box<dyn Sink + 'w>, Error> {
    let to = options.to_encoding;
    Ok(Box::new(NameGuard {
        inner: OneGameWriter::new(
            output,
            Box::new(move |g, report| render_game(g, to, report)),
            "GIB",
            "a GIB file",
            E_ONE_GAME_PER_FILE,
        ),
        nodes: 0,
    }))
}

/// Refuses a root's player name longer than [`MAX_NAME`] as it arrives,
/// before the game gathered for the header holds a copy of it
/// ([`check_names`] does the same on the game).
struct NameGuard<'w> {
    inner: OneGameWriter<'w>,
    /// Nodes of the current game so far: the first is the root.
    nodes: usize,
}

impl Sink for NameGuard<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(_) => self.nodes = 0,
            Event::Node(_) => self.nodes += 1,
            Event::Property(p) if self.nodes == 1 => check_name(p)?,
            _ => {}
        }
        self.inner.event(event, report)
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.inner.finish(report)
    }
}

/// The text of a GIB file for `game`, CRLF line ends, then encoded; a
/// player name longer than [`MAX_NAME`] is refused (`E406`).
fn render_game(
    game: Game,
    to: Option<&'static Encoding>,
    report: &mut Reporter,
) -> Result<Vec<u8>, Error> {
    check_names(&game)?;
    let o = outline(&game);
    drop(game);
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
    Ok(lines::encode_listing_losses(
        &text,
        encoding,
        o.lost,
        "GIB",
        W_CANNOT_CARRY,
        report,
    ))
}

/// Refuses a game whose player name (`PB`, `PW`) is longer than
/// [`MAX_NAME`]: written six times, it would make a file of six times its
/// size whose `GAMETAG` line no reader takes back.
fn check_names(game: &Game) -> Result<(), Error> {
    game.root().props().iter().try_for_each(|p| check_name(&p))
}

/// [`check_names`] for one property.
fn check_name(p: &Property<'_>) -> Result<(), Error> {
    let len = p.values.text_len();
    if matches!(p.name, "PB" | "PW") && len > MAX_NAME {
        return Err(Error::unwritable(
            E_NAME_TOO_LONG.id,
            format!(
                "{} is {len} bytes long: GIB writes a player name six times, and names longer than {MAX_NAME} bytes are refused (nothing written)",
                p.name
            ),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// What the game says

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

/// One more of `what` that the file cannot carry.
fn lose(lost: &mut Lost, what: &str) {
    *lost.entry(what.to_string()).or_default() += 1;
}

/// A root property's first value, trimmed; `None` when it is blank.
fn root_text<'a>(root: &Node<'a>, id: &str) -> Option<&'a str> {
    root.text(id).map(str::trim).filter(|v| !v.is_empty())
}

/// What the game says that GIB can hold, and the count of what it cannot.
fn outline(game: &Game) -> Outline {
    let root = &game.root();
    let text = |id: &str| root_text(root, id);
    let mut lost = Lost::new();
    let size = board_size(root, &mut lost);
    let private: List = lines::private_entries(game, PRIVATE_PROPERTY)
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let komi10 = text("KM").map(|k| {
        values::komi(k)
            .certain(k)
            .and_then(|k| parse_tenths(&k))
            .unwrap_or_else(|| {
                lose(&mut lost, "KM (not a multiple of 0.1)");
                0
            })
    });
    let result = match text("RE") {
        Some(re) => result_code_for(re).unwrap_or_else(|| {
            lose(&mut lost, "RE (no GIB result code)");
            (255, 0, String::new())
        }),
        None => (255, 0, String::new()),
    };
    let date = date(root, &mut lost);
    let time = time_settings(root, &mut lost);
    // Handicap: HA with AB on the Tygem points, or AB alone on them.
    let ha = text("HA")
        .and_then(|h| values::handicap(h).certain(h)?.parse::<u32>().ok())
        .unwrap_or(0);
    let handicap = lines::tygem_handicap(game, size, ha).unwrap_or_else(|what| {
        lose(&mut lost, what);
        0
    });
    root_losses(root, &mut lost);
    let moves = main_line_moves(game, size, handicap, &mut lost);

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

/// `SZ`: a square board of 2 to 52 lines, else 19.
fn board_size(root: &Node, lost: &mut Lost) -> u32 {
    let text = |id: &str| root_text(root, id);
    let size = text("SZ")
        .and_then(|s| s.split(':').next())
        .and_then(|s| s.trim().parse::<u32>().ok())
        .filter(|s| (2..=52).contains(s))
        .unwrap_or(19);
    if text("SZ").is_some_and(|s| s.contains(':')) {
        lose(lost, "SZ (rectangular board)");
    }
    size
}

/// `DT`: its first date.
fn date(root: &Node, lost: &mut Lost) -> Option<(u32, u32, u32)> {
    root_text(root, "DT").and_then(|d| {
        let parsed = sgf_date(d);
        if parsed.is_none() {
            lose(lost, "DT (not a YYYY-MM-DD date)");
        }
        parsed
    })
}

/// `TM` and `OT` → (main seconds, byo-yomi seconds, periods).
fn time_settings(root: &Node, lost: &mut Lost) -> Option<(u64, u64, u64)> {
    let main_time = root_text(root, "TM").and_then(|t| {
        let v = (values::time(t).certain(t))
            .and_then(|t| t.parse::<f64>().ok())
            .filter(|v| *v >= 0.0 && v.fract() == 0.0);
        if v.is_none() {
            lose(lost, "TM (not whole seconds)");
        }
        v.map(|v| v as u64)
    });
    let overtime = root_text(root, "OT").and_then(|ot| {
        let v = parse_byoyomi(ot);
        if v.is_none() {
            lose(lost, "OT (not `NxS byo-yomi`)");
        }
        v
    });
    match (main_time, overtime) {
        (None, None) => None,
        (m, o) => {
            let (periods, byo) = o.unwrap_or((0, 0));
            Some((m.unwrap_or(0), byo, periods))
        }
    }
}

/// Root properties GIB has no place for.
fn root_losses(root: &Node, lost: &mut Lost) {
    for id in ["AW", "AE"] {
        if root.get(id).is_some() {
            lose(lost, id);
        }
    }
    for p in root.props() {
        match p.name {
            "GM" | "FF" | "CA" | "ST" | "SZ" | "PB" | "PW" | "BR" | "WR" | "KM" | "RE" | "DT"
            | "TM" | "OT" | "PC" | "GN" | "HA" | "AB" | "AW" | "AE" | "B" | "W"
            | PRIVATE_PROPERTY => {}
            other => lose(lost, other),
        }
    }
}

/// The moves of the main line; what else its nodes hold, and the nodes off
/// it (variations), are lost.
fn main_line_moves(
    game: &Game,
    size: u32,
    handicap: u32,
    lost: &mut Lost,
) -> Vec<(Colour, Option<(u32, u32)>)> {
    let first_move = lines::first_move(game);
    let mut moves = Vec::new();
    let mut on_main = 0;
    let mut expected = if handicap >= 2 {
        Colour::White
    } else {
        Colour::Black
    };
    for (i, id) in game.main_line_iter().enumerate() {
        on_main += 1;
        let node = game.node(id);
        if i > 0 {
            for p in node.props() {
                match p.name {
                    "B" | "W" => {}
                    "AB" if i < first_move => {}
                    other => lose(lost, other),
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
                    lose(lost, "pass out of turn (GIB passes have no colour)");
                }
                moves.push((colour, None));
            } else if let Some(pt) = Point::parse_on(v, size, size) {
                moves.push((colour, Some((u32::from(pt.x), u32::from(pt.y)))));
            } else {
                lose(lost, "move off the board");
                continue;
            }
            expected = colour.opponent();
        }
    }
    let off_main = game.len().saturating_sub(on_main);
    if off_main > 0 {
        *lost.entry("variations (nodes)".into()).or_default() += off_main;
    }
    moves
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

/// SGF `RE` → (GRLT, ZIPSU, English GAMERESULT text), read as every
/// result is ([`values::read_result`]).
fn result_code_for(re: &str) -> Option<(i64, i64, String)> {
    let (winner, by) = match values::read_result(re)? {
        GameResult::Draw => return Some((255, 0, "draw".into())),
        GameResult::Void | GameResult::Unknown => return None,
        GameResult::Win(winner, by) => (winner, by),
    };
    let black = winner == Colour::Black;
    let word = if black { "black" } else { "white" };
    let pick = |b: i64, w: i64| if black { b } else { w };
    match by {
        WinBy::Resignation => Some((pick(3, 4), 0, format!("{word} wins by resignation"))),
        WinBy::Time => Some((pick(7, 8), 0, format!("{word} wins by time"))),
        WinBy::Forfeit => Some((pick(5, 6), 0, format!("{word} wins by disconnection"))),
        WinBy::Unstated => Some((pick(0, 1), 0, format!("{word} win"))),
        WinBy::Points(n) => {
            let z = parse_tenths(&n).filter(|z| *z > 0)?;
            Some((pick(0, 1), z, format!("{word} {} win", format_tenths(z))))
        }
    }
}

// ---------------------------------------------------------------------------
// The text of the file

/// The value of `key` in the kept header entries.
fn private_get<'a>(private: &'a [(String, String)], key: &str) -> Option<&'a str> {
    private
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// The original header values the writer consults: the `XGIB` entries and
/// the sub-field lists read from them (empty for a game not read from GIB).
struct Original<'a> {
    private: &'a [(String, String)],
    main: List,
    sub: List,
    tag: List,
}

impl<'a> Original<'a> {
    /// The values of `private`, the game's `XGIB` entries.
    fn new(private: &'a [(String, String)]) -> Self {
        Original {
            private,
            main: subfields(private_get(private, "GAMEINFOMAIN")),
            sub: subfields(private_get(private, "GAMEINFOSUB")),
            tag: tag_fields(private_get(private, "GAMETAG")),
        }
    }

    /// The original value of `key`.
    fn get(&self, key: &str) -> Option<String> {
        private_get(self.private, key).map(str::to_string)
    }
}

/// The values the header writes, some in several places, each decided
/// once: the original (often localised) value when it still says what the
/// SGF says, else one derived from the SGF.
struct Decided {
    /// Moves that place a stone (`TCNT` and `GAMETOTALNUM` count no passes).
    stones: usize,
    white_level: Option<i64>,
    black_level: Option<i64>,
    /// Komi ×10 as written (empty when the game has no `KM`).
    gongje: String,
    grlt: i64,
    zipsu: i64,
    result_text: String,
    gametime: String,
    gtime: String,
    tag_time: String,
    gamedate: String,
    gdate: String,
    tag_date: String,
    condition: String,
    name: String,
    place: String,
}

/// The five sub-field lists, composed.
struct Lists {
    main: List,
    sub: List,
    wuser: List,
    buser: List,
    tag: List,
}

/// The text of the file for `o` (clients of `kind`), CRLF line ends.
fn render_text(o: &Outline, kind: &str) -> String {
    let raw = Original::new(&o.private);
    let d = decide(o, &raw);
    let lists = compose_lists(o, &raw, &d);
    let header = header_entries(o, kind, &raw, &d, &lists);
    let mut header = own_layout(&o.private, header);
    append_other_keys(&o.private, &mut header);
    file_text(o, &raw, header)
}

/// Decides every value of [`Decided`].
fn decide(o: &Outline, raw: &Original) -> Decided {
    let (gamedate, gdate, tag_date) = dates(o, raw);
    let (gametime, gtime, tag_time) = time_fields(o.time, &o.private, &raw.main, &raw.tag);
    let (grlt, zipsu, result_text) = result_fields(&o.result, &o.private, &raw.main, &raw.tag);
    Decided {
        stones: o.moves.iter().filter(|(_, pt)| pt.is_some()).count(),
        white_level: level_of(&o.white.1),
        black_level: level_of(&o.black.1),
        gongje: o.komi10.map(|k| k.to_string()).unwrap_or_default(),
        grlt,
        zipsu,
        result_text,
        gametime,
        gtime,
        tag_time,
        gamedate,
        gdate,
        tag_date,
        condition: condition(o, raw),
        name: o
            .name
            .clone()
            .or_else(|| raw.get("GAMENAME"))
            .unwrap_or_default(),
        place: o
            .place
            .clone()
            .or_else(|| raw.get("GAMEPLACE"))
            .unwrap_or_default(),
    }
}

/// The Tygem level code of an SGF rank.
fn level_of(rank: &Option<String>) -> Option<i64> {
    rank.as_deref().and_then(level_from_rank)
}

/// `GAMEDATE`, `GDATE` and `GAMETAG C`: the original stamps when they name
/// the same day, else written anew (empty without a date).
fn dates(o: &Outline, raw: &Original) -> (String, String, String) {
    let same_day =
        |raw: Option<String>| raw.filter(|r| values::first_day(r).and_then(|d| d.ymd()) == o.date);
    let gamedate = same_day(raw.get("GAMEDATE")).unwrap_or_else(|| match o.date {
        Some((y, m, d)) => format!("{y}-{m:>2}-{d:>2}- 0- 0- 0"),
        None => String::new(),
    });
    let gdate =
        same_day(field(&raw.sub, "GDATE").map(str::to_string)).unwrap_or_else(|| gamedate.clone());
    let tag_date =
        same_day(field(&raw.tag, "C").map(str::to_string)).unwrap_or_else(|| match o.date {
            Some((y, m, d)) => format!("{y:04}:{m:02}:{d:02}:00:00"),
            None => String::new(),
        });
    (gamedate, gdate, tag_date)
}

/// `GAMECONDITION`: the original text when komi and handicap still hold,
/// else `N Handicap` or `Even : Black K Dum`.
fn condition(o: &Outline, raw: &Original) -> String {
    let raw_num = |main_key: &str, tag_key: &str, key: &str| {
        number(field(&raw.main, main_key))
            .or_else(|| number(field(&raw.tag, tag_key)))
            .or_else(|| number(raw.get(key).as_deref()))
    };
    let komi = format_tenths(o.komi10.unwrap_or(0));
    match raw.get("GAMECONDITION") {
        Some(text)
            if raw_num("GONGJE", "G", "GAMEGONGJE") == o.komi10
                && raw_num("GCDT", "R", "").unwrap_or(0) == i64::from(o.handicap) =>
        {
            text
        }
        _ if o.handicap >= 2 => format!("{} Handicap", o.handicap),
        _ => format!("Even : Black {komi} Dum"),
    }
}

/// The sub-field lists: the original ones with the values the SGF decides
/// replaced, or new ones.
fn compose_lists(o: &Outline, raw: &Original, d: &Decided) -> Lists {
    let main = info_main(o, raw, d);
    let sub = info_sub(raw, d);
    let wuser = user_info(&o.private, "W", &o.white.0, d.white_level);
    let buser = user_info(&o.private, "B", &o.black.0, d.black_level);
    let tag = game_tag(o, raw, d, &main, &wuser, &buser);
    Lists {
        main,
        sub,
        wuser,
        buser,
        tag,
    }
}

/// `GAMEINFOMAIN`: handicap, time, result, komi, stone count, board size.
fn info_main(o: &Outline, raw: &Original, d: &Decided) -> List {
    let mut main = raw.main.clone();
    if main.is_empty() {
        for (k, v) in [("GBKIND", "3"), ("GTYPE", "0")] {
            main.push((k.into(), v.into()));
        }
    }
    upsert(&mut main, "GCDT", o.handicap.to_string());
    upsert(&mut main, "GTIME", d.gtime.clone());
    upsert(&mut main, "GRLT", d.grlt.to_string());
    upsert(&mut main, "ZIPSU", d.zipsu.to_string());
    if field(&main, "DUM").is_none() {
        upsert(&mut main, "DUM", "0");
    }
    upsert(&mut main, "GONGJE", d.gongje.clone());
    upsert(&mut main, "TCNT", d.stones.to_string());
    if o.size != 19 || field(&main, "LINE").is_some() {
        upsert(&mut main, "LINE", o.size.to_string());
    }
    if field(&main, "AUSZ").is_none() {
        upsert(&mut main, "AUSZ", "0");
    }
    main
}

/// `GAMEINFOSUB`: game name, date and place.
fn info_sub(raw: &Original, d: &Decided) -> List {
    let mut sub = raw.sub.clone();
    for (k, v) in [
        ("GNAMEF", "0".to_string()),
        ("GPLCF", "0".to_string()),
        ("GNAME", clean(&d.name).replace(',', " ")),
        ("GDATE", d.gdate.clone()),
        ("GPLC", clean(&d.place).replace(',', " ")),
    ] {
        if !(matches!(k, "GNAMEF" | "GPLCF") && field(&sub, k).is_some()) {
            upsert(&mut sub, k, v);
        }
    }
    if !sub.iter().any(|(k, _)| k == "GCMT") {
        sub.push(("GCMT".into(), String::new()));
    }
    sub
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

/// `GAMETAG`: the values of `GAMEINFOMAIN` and the user lists, by letter.
fn game_tag(
    o: &Outline,
    raw: &Original,
    d: &Decided,
    main: &List,
    wuser: &List,
    buser: &List,
) -> List {
    let mut tag = raw.tag.clone();
    if tag.is_empty() {
        tag.push(("S".into(), "0".into()));
    }
    for (k, v) in [
        ("R", o.handicap.to_string()),
        ("D", field(main, "DUM").unwrap_or("0").to_string()),
        ("G", d.gongje.clone()),
        ("W", d.grlt.to_string()),
        ("Z", d.zipsu.to_string()),
        ("T", d.tag_time.clone()),
        ("C", d.tag_date.clone()),
        ("I", field(wuser, "WID").unwrap_or("").to_string()),
        ("L", d.white_level.unwrap_or(0).to_string()),
        ("M", field(buser, "BID").unwrap_or("").to_string()),
        ("N", d.black_level.unwrap_or(0).to_string()),
        ("A", field(wuser, "WNICK").unwrap_or("").to_string()),
        ("B", field(buser, "BNICK").unwrap_or("").to_string()),
        ("J", field(wuser, "WNCD").unwrap_or("0").to_string()),
        ("K", field(buser, "BNCD").unwrap_or("0").to_string()),
    ] {
        // DUM, nicknames and countries: the SGF has no say; kept if present.
        if matches!(k, "D" | "A" | "B" | "J" | "K") && tag.iter().any(|(q, _)| q == k) {
            continue;
        }
        upsert(&mut tag, k, v);
    }
    tag
}

/// Every header key the writer knows, in the Korean client's order.
fn header_entries(o: &Outline, kind: &str, raw: &Original, d: &Decided, lists: &Lists) -> List {
    let mut header = List::new();
    let mut put = |k: &str, v: String| header.push((k.to_string(), v));
    put("GIBOKIND", kind.to_string());
    put("TYPE", raw.get("TYPE").unwrap_or_else(|| "0".into()));
    put("SZAUDIO", raw.get("SZAUDIO").unwrap_or_else(|| "0".into()));
    put("GAMECONDITION", d.condition.clone());
    put("GAMETIME", d.gametime.clone());
    put("GAMERESULT", d.result_text.clone());
    put("GAMEZIPSU", d.zipsu.to_string());
    put(
        "GAMEDUM",
        field(&lists.main, "DUM").unwrap_or("0").to_string(),
    );
    put("GAMEGONGJE", d.gongje.clone());
    put("GAMETOTALNUM", total_num(raw, d.stones));
    put("GAMENAME", clean(&d.name));
    put("GAMEDATE", d.gamedate.clone());
    put("GAMEPLACE", clean(&d.place));
    put("GAMELECNAME", raw.get("GAMELECNAME").unwrap_or_default());
    let players = [
        ("WHITE", &o.white, d.white_level, &lists.wuser),
        ("BLACK", &o.black, d.black_level, &lists.buser),
    ];
    for (colour, player, level, user) in players {
        player_entries(&mut header, raw, colour, player, level, user);
    }
    header.push((
        "GAMECOMMENT".into(),
        raw.get("GAMECOMMENT").unwrap_or_default(),
    ));
    list_entries(&mut header, raw, lists);
    header
}

/// `GAMETOTALNUM`: the original text when its first number is the stone
/// count (some clients add words), else the count.
fn total_num(raw: &Original, stones: usize) -> String {
    raw.get("GAMETOTALNUM")
        .filter(|raw| {
            raw.split(|c: char| !c.is_ascii_digit())
                .find(|r| !r.is_empty())
                .and_then(|r| r.parse::<usize>().ok())
                == Some(stones)
        })
        .unwrap_or_else(|| stones.to_string())
}

/// The six `GAME…` keys of one player (`colour`: `WHITE` or `BLACK`).
fn player_entries(
    header: &mut List,
    raw: &Original,
    colour: &str,
    player: &(String, Option<String>),
    level: Option<i64>,
    user: &List,
) {
    let c = &colour[..1];
    let key = |what: &str| format!("GAME{colour}{what}");
    let short = |what: &str| format!("GAME{c}{what}");
    header.push((key("NAME"), display_name(raw, player, &key("NAME"))));
    header.push((
        key("LEVEL"),
        keep_level(raw.get(&key("LEVEL")), level, &player.1),
    ));
    header.push((
        key("NICK"),
        field(user, &format!("{c}NICK")).unwrap_or("").to_string(),
    ));
    header.push((
        key("COUNTRY"),
        raw.get(&key("COUNTRY")).unwrap_or_else(|| "0".into()),
    ));
    header.push((
        short("AVATA"),
        raw.get(&short("AVATA")).unwrap_or_else(|| "0".into()),
    ));
    header.push((short("IMAGE"), raw.get(&short("IMAGE")).unwrap_or_default()));
}

/// `GAME*NAME`: the original `name (rank)` when it reads back the same,
/// else `name (RANK)`.
fn display_name(raw: &Original, (name, rank): &(String, Option<String>), raw_key: &str) -> String {
    if let Some(text) = raw.get(raw_key) {
        let (n, r) = split_name_rank(&text);
        let lv = level_of(rank);
        if &n == name && r.map(|r| normalize_rank(&r, lv)) == *rank {
            return clean(&text);
        }
    }
    match rank {
        Some(r) => format!("{} ({})", clean(name), clean(&display_rank(r))),
        None if name.ends_with(')') => format!("{} ()", clean(name)),
        None => clean(name),
    }
}

/// The five sub-field lists; a list that did not change is written as it
/// was (TABs and all).
fn list_entries(header: &mut List, raw: &Original, lists: &Lists) {
    type Parse = fn(Option<&str>) -> List;
    type Join = fn(&[(String, String)]) -> String;
    let entries: [(&str, &List, Parse, Join); 5] = [
        ("GAMEINFOMAIN", &lists.main, subfields, join_fields),
        ("GAMEINFOSUB", &lists.sub, subfields, join_fields),
        ("WUSERINFO", &lists.wuser, subfields, join_fields),
        ("BUSERINFO", &lists.buser, subfields, join_fields),
        ("GAMETAG", &lists.tag, tag_fields, join_tag),
    ];
    for (key, list, parse, join) in entries {
        let same = raw.get(key).filter(|text| parse(Some(text)) == *list);
        header.push((key.to_string(), same.unwrap_or_else(|| join(list))));
    }
}

/// A game read from GIB is written with its own keys, in its own order
/// (the Chinese client's layout differs); values the SGF decides are
/// replaced, the others kept.
fn own_layout(private: &[(String, String)], header: List) -> List {
    let raw_keys: Vec<&(String, String)> = private
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "GS" | "INI"))
        .collect();
    if raw_keys.is_empty() {
        return header;
    }
    let derived = |k: &str| header.iter().find(|(q, _)| q == k).map(|(_, v)| v.clone());
    let mut own: List = raw_keys
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
    own
}

/// Header keys of the original file that `header` does not name, at its end.
fn append_other_keys(private: &[(String, String)], header: &mut List) {
    for (k, v) in private {
        if matches!(k.as_str(), "GS" | "INI") || header.iter().any(|(q, _)| q == k) {
            continue;
        }
        if k == "GAMEWIMAG" && header.iter().any(|(q, _)| q == "GAMEWIMAGE") {
            continue;
        }
        header.push((k.clone(), v.clone()));
    }
}

/// The whole file: the header lines, then the game section (preamble,
/// `INI`, one `STO` or `SKI` per move), CRLF line ends.
fn file_text(o: &Outline, raw: &Original, header: List) -> String {
    let mut lines: Vec<String> = vec!["\\HS".into()];
    for (k, v) in header {
        lines.push(format!("\\[{k}={v}\\]"));
    }
    lines.push("\\HE".into());
    lines.push("\\GS".into());
    lines.push(raw.get("GS").unwrap_or_else(|| "2 1 0".into()));
    lines.push(format!("{} 0 &4", o.moves.len() + 1));
    let ini_text = raw.get("INI").unwrap_or_default();
    lines.push(format!("INI 0 1 {} &4{ini_text} ", o.handicap));
    let mut text = lines.join("\r\n");
    text.push_str("\r\n");
    // A value's own line break (GAMETIME of the Chinese and Korean
    // clients) is CRLF like every other line. The move lines have none:
    // they are written straight into the text, one line each, without a
    // string of their own (a game of a million moves).
    let mut text = text.replace("\r\n", "\n").replace('\n', "\r\n");
    for (i, (c, pt)) in o.moves.iter().enumerate() {
        let n = i + 2;
        // Writing to a String cannot fail.
        let _ = match pt {
            Some((x, y)) => {
                let code = if *c == Colour::Black { 1 } else { 2 };
                write!(text, "STO 0 {n} {code} {x} {y} \r\n")
            }
            None => write!(text, "SKI 0 {n} \r\n"),
        };
    }
    text.push_str("\\GE\r\n");
    text
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

// ---------------------------------------------------------------------------
// Lists and values as written

/// Replaces or appends `key` in an ordered list.
fn upsert(list: &mut Vec<(String, String)>, key: &str, value: impl Into<String>) {
    let value = value.into();
    match list.iter_mut().find(|(k, _)| k == key) {
        Some(slot) => slot.1 = value,
        None => list.push((key.to_string(), value)),
    }
}

/// A sub-field list as written: `KEY:value,KEY:value`.
fn join_fields(list: &[(String, String)]) -> String {
    list.iter()
        .map(|(k, v)| format!("{k}:{v}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// `GAMETAG` as written: the letter, then the value (`:` after the
/// letters of ids, levels, nicknames and countries).
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

#[cfg(test)]
mod tests {
    use super::*;

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
