//! The GIB writer: the header's text.
//!
//! The GIB header's text: the sub-field lists (`GAMEINFOMAIN`,
//! `GAMEINFOSUB`, `USERINFO`, `GAMETAG`), the header entries in the
//! original's layout or the writer's own, and the whole file.

use super::values::*;
use super::write_decide::{decide, keep_level, level_of, Decided, Original};
use super::write_outline::{private_get, List, Outline};
use super::*;
use std::fmt::Write as _;

/// The five sub-field lists, composed.
struct Lists {
    main: List,
    sub: List,
    wuser: List,
    buser: List,
    tag: List,
}

/// The text of the file for `o` (clients of `kind`), CRLF line ends.
pub(super) fn render_text(o: &Outline, kind: &str) -> String {
    let raw = Original::new(&o.private);
    let d = decide(o, &raw);
    let lists = compose_lists(o, &raw, &d);
    let header = header_entries(o, kind, &raw, &d, &lists);
    let mut header = own_layout(&o.private, header);
    append_other_keys(&o.private, &mut header);
    file_text(o, &raw, header)
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
        .filter(|(k, _)| !matches!(k.as_str(), "GS" | "INI" | RECORD_KEY))
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
        if matches!(k.as_str(), "GS" | "INI" | RECORD_KEY) || header.iter().any(|(q, _)| q == k) {
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
