//! `[Header]` fields ↔ SGF root properties. One function each way, shared by
//! the reader and the writer, so a value the mapping cannot reproduce is
//! detected the same way on both sides (and kept verbatim in `XUGFH`).

use crate::stone::Colour;
use crate::values::{self, GameResult, WinBy};
use std::borrow::Cow;

/// SGF properties derived from one header field, in order.
pub(crate) type Props = Vec<(&'static str, String)>;

/// Header keys with an SGF mapping, in the order the writer writes them.
pub(crate) const MAPPED: &[&str] = &[
    "Code",
    "Title",
    "Place",
    "Date",
    "Rule",
    "Size",
    "Hdcp",
    "Ptime",
    "Winner",
    "Writer",
    "Copyright",
    "Comment",
    "PlayerB",
    "PlayerW",
];

/// Keys about the file itself: read, reported as `Meta`, and rewritten by
/// the writer (never kept in `XUGFH`).
pub(crate) const PLUMBING: &[&str] = &["Ver", "Lang", "Crypt", "Moves", "CoordinateType"];

/// The canonical spelling of a known key (keys are matched ignoring case).
pub(crate) fn canonical(key: &str) -> Option<&'static str> {
    MAPPED
        .iter()
        .chain(PLUMBING)
        .find(|k| k.eq_ignore_ascii_case(key.trim()))
        .copied()
}

/// The SGF properties a mapped key reads and writes.
pub(crate) fn prop_names(key: &str) -> &'static [&'static str] {
    match key {
        "Title" => &["EV", "RO"],
        "Place" => &["PC"],
        "Date" => &["DT"],
        "Rule" => &["RU"],
        "Size" => &["SZ"],
        "Hdcp" => &["HA", "KM"],
        "Ptime" => &["TM"],
        "Winner" => &["RE"],
        "Writer" => &["US"],
        "Copyright" => &["CP"],
        "Comment" => &["GC"],
        "PlayerB" => &["PB", "BR"],
        "PlayerW" => &["PW", "WR"],
        _ => &[],
    }
}

/// The SGF properties for a header value. `Err` says why the value is not
/// understood (it is then kept verbatim only).
pub(crate) fn to_props(key: &str, raw: &str) -> Result<Props, String> {
    let raw = raw.trim();
    let mut p: Props = Vec::new();
    match key {
        "Title" if raw != "(NoName)" => title_props(raw, &mut p),
        "Place" => put(&mut p, "PC", raw),
        "Writer" => put(&mut p, "US", raw),
        "Copyright" => put(&mut p, "CP", raw),
        "Comment" => put(&mut p, "GC", raw),
        "Date" => date_props(raw, &mut p)?,
        "Rule" => {
            // The codes are short: a long value is not copied to look.
            let code = (raw.len() <= SHORT).then(|| raw.to_ascii_uppercase());
            let v = match code.as_deref() {
                Some("JPN" | "JP" | "JAPANESE") => "Japanese",
                Some("CH" | "CHN" | "CHINESE") => "Chinese",
                _ => raw,
            };
            put(&mut p, "RU", v);
        }
        "Size" => match raw.parse::<u8>() {
            Ok(n) if (2..=25).contains(&n) => put(&mut p, "SZ", raw),
            _ => return Err("board size is not a number from 2 to 25".into()),
        },
        "Hdcp" => hdcp_props(raw, &mut p)?,
        "Ptime" => ptime_props(raw, &mut p),
        "Winner" => {
            if let Some(re) = winner_to_re(raw)? {
                put(&mut p, "RE", &re);
            }
        }
        "PlayerB" | "PlayerW" => {
            let mut parts = raw.split(',');
            let name = parts.next().unwrap_or("").trim();
            let rank = parts.next().unwrap_or("").trim();
            let (n, r) = if key == "PlayerB" {
                ("PB", "BR")
            } else {
                ("PW", "WR")
            };
            put(&mut p, n, name);
            put(&mut p, r, rank);
        }
        _ => {}
    }
    Ok(p)
}

/// Adds `k[v]` to `p`, unless `v` is empty.
fn put(p: &mut Props, k: &'static str, v: &str) {
    if !v.is_empty() {
        p.push((k, v.to_string()));
    }
}

/// `Title`: `event,sub-event,round` is `EV` (the first two) and `RO`;
/// anything else is all `EV`.
fn title_props(raw: &str, p: &mut Props) {
    if let Some([a, b, ro]) = title_parts(raw) {
        let ev: Vec<&str> = [a, b].into_iter().filter(|s| !s.is_empty()).collect();
        put(p, "EV", &ev.join(" "));
        put(p, "RO", ro);
    } else {
        put(p, "EV", raw);
    }
}

/// `Date`: `start date,start time,end date,end time` is `DT`, both days in
/// FF[4]'s shortened form when the end date differs.
fn date_props(raw: &str, p: &mut Props) -> Result<(), String> {
    let parts: Vec<&str> = raw.split(',').collect();
    let first = parts.first().map(|s| s.trim()).unwrap_or("");
    if first.trim_matches('/').is_empty() {
        return Ok(());
    }
    let d1 = parse_slash_date(first).ok_or("start date is not YYYY/MM/DD")?;
    let d2 = parts.get(2).and_then(|s| parse_slash_date(s.trim()));
    match d2 {
        // FF[4]'s shortened form: `2019-03-08,09`, `2019-03-31,04-01`.
        Some(d2) if d2 != d1 && d2.0 == d1.0 && d2.1 == d1.1 => {
            put(p, "DT", &format!("{},{:02}", iso(d1), d2.2))
        }
        Some(d2) if d2 != d1 && d2.0 == d1.0 => {
            put(p, "DT", &format!("{},{:02}-{:02}", iso(d1), d2.1, d2.2))
        }
        Some(d2) if d2 != d1 => put(p, "DT", &format!("{},{}", iso(d1), iso(d2))),
        _ => put(p, "DT", &iso(d1)),
    }
    Ok(())
}

/// `Hdcp`: `stones,komi` is `HA` (from 2 stones) and `KM`.
fn hdcp_props(raw: &str, p: &mut Props) -> Result<(), String> {
    let (h, k) = raw.split_once(',').unwrap_or((raw, ""));
    let h = h.trim();
    let stones: u32 = if h.is_empty() {
        0
    } else {
        h.parse().map_err(|_| "handicap is not a number")?
    };
    if stones >= 2 {
        put(p, "HA", &stones.to_string());
    }
    // One writer used a decimal comma: `0,0,50` is komi 0.5.
    let k = k.trim();
    if !k.is_empty() {
        let komi = decimal(k).ok_or("komi is not a number")?;
        put(p, "KM", &number(komi));
    }
    Ok(())
}

/// `Ptime`: `TM` (seconds) when both players had the same main time, in
/// minutes in the second `;` field of each player's part.
fn ptime_props(raw: &str, p: &mut Props) {
    let main = |s: Option<&str>| -> Option<u32> { s?.split(';').nth(1)?.trim().parse().ok() };
    let parts: Vec<&str> = raw.split(',').collect();
    if let (Some(b), Some(w)) = (main(parts.first().copied()), main(parts.get(1).copied())) {
        if b == w && b > 0 {
            put(p, "TM", &(u64::from(b) * 60).to_string());
        }
    }
}

fn winner_to_re(raw: &str) -> Result<Option<String>, String> {
    let (who, reason) = raw.split_once(',').unwrap_or((raw, ""));
    let (who, reason) = (who.trim(), reason.trim());
    let code = |s: &str| (s.len() <= 2).then(|| s.to_ascii_uppercase());
    Ok(Some(match code(who).as_deref() {
        Some("") => return Ok(None),
        Some(w @ ("B" | "W")) => {
            let how = match code(reason).as_deref() {
                Some("") => String::new(),
                Some("C") => "R".into(),
                Some("T") => "T".into(),
                Some("F" | "N" | "G") => "F".into(),
                _ => match decimal(reason) {
                    Some(x) if x > 0.0 => number(x),
                    Some(_) => String::new(),
                    None => return Err(format!("unknown win reason `{}`", excerpt(reason))),
                },
            };
            format!("{w}+{how}")
        }
        Some("D") => "0".into(),
        Some("A" | "P" | "E") => "?".into(),
        Some("N" | "N1" | "O") => "Void".into(),
        _ => return Err(format!("unknown winner code `{}`", excerpt(who))),
    }))
}

/// A number with a decimal point or, as one writer wrote it, a decimal
/// comma (`0,50`). A comma is read in a number of at most [`SHORT`]
/// bytes only (the value is copied to read it); a longer one with a comma
/// is no number.
fn decimal(s: &str) -> Option<f64> {
    if !s.contains(',') {
        return s.parse().ok();
    }
    (s.len() <= SHORT)
        .then(|| s.replace(',', ".").parse().ok())
        .flatten()
}

/// A header value as a message shows it: at most 32 characters, then `…`
/// ([`crate::diag::excerpt`]; a header field can be megabytes long).
pub(crate) fn excerpt(v: &str) -> String {
    crate::diag::excerpt(v, 32)
}

/// The header value the writer writes for `key`, from the root's properties.
pub(crate) fn from_root(key: &str, get: &dyn Fn(&str) -> Option<String>) -> String {
    let one_line = |s: String| s.replace(['\r', '\n'], " ");
    let text = |k: &str| get(k).map(one_line).unwrap_or_default();
    match key {
        "Title" => {
            let (ev, ro) = (text("EV"), text("RO"));
            if ro.is_empty() && ev.split(',').count() != 3 {
                ev
            } else {
                format!(",{},{}", ev.replace(',', " "), ro.replace(',', " "))
            }
        }
        "Place" => text("PC"),
        "Writer" => text("US"),
        "Copyright" => text("CP"),
        "Comment" => text("GC"),
        "Date" => date_field(get("DT").as_deref()),
        "Rule" => {
            let ru = text("RU");
            match ru.to_ascii_lowercase().as_str() {
                "japanese" => "JPN".into(),
                "chinese" => "CH".into(),
                _ => ru,
            }
        }
        "Size" => get("SZ").unwrap_or_else(|| "19".into()),
        "Hdcp" => {
            let ha: u32 = get("HA")
                .and_then(|s| read(values::handicap, &s))
                .unwrap_or(0);
            let km: f64 = get("KM")
                .and_then(|s| read(values::komi, &s))
                .unwrap_or(0.0);
            format!("{ha},{km:.2}")
        }
        "Ptime" => match get("TM").and_then(|s| read::<f64>(values::time, &s)) {
            Some(t) if t > 0.0 && t % 60.0 == 0.0 => {
                let m = (t / 60.0) as u64;
                format!("J;{m};0;0,J;{m};0;0,0,0")
            }
            _ => "N;0;0;0,N;0;0;0,0,0".into(),
        },
        "Winner" => winner_field(get("RE").as_deref()),
        "PlayerB" | "PlayerW" => {
            let (n, r) = if key == "PlayerB" {
                ("PB", "BR")
            } else {
                ("PW", "WR")
            };
            let mut line = String::new();
            for k in [n, r] {
                push_field(&mut line, get(k).as_deref().unwrap_or(""), PLAYER_BREAKS);
                line.push(',');
            }
            line.push(',');
            line
        }
        _ => String::new(),
    }
}

/// `v` read by a reader of [`crate::values`] when it says one thing for
/// certain, as a number.
fn read<T: std::str::FromStr>(reader: fn(&str) -> values::Normalized, v: &str) -> Option<T> {
    reader(v).certain(v)?.parse().ok()
}

/// `RE` → `Winner`, read as every result is ([`values::read_result`]).
fn re_to_winner(re: &str) -> String {
    let (who, by) = match values::read_result(re) {
        Some(GameResult::Draw) => return "D".into(),
        Some(GameResult::Unknown) => return "E".into(),
        Some(GameResult::Void) => return "N".into(),
        Some(GameResult::Win(Colour::Black, by)) => ("B", by),
        Some(GameResult::Win(Colour::White, by)) => ("W", by),
        None => return String::new(),
    };
    match by {
        WinBy::Unstated => who.into(),
        WinBy::Resignation => format!("{who},C"),
        WinBy::Time => format!("{who},T"),
        WinBy::Forfeit => format!("{who},F"),
        WinBy::Points(m) => match m.parse::<f64>() {
            Ok(x) if x > 0.0 => format!("{who},{x:.2}"),
            _ => String::new(),
        },
    }
}

/// The `Date` field of a root's `DT` (borrowed): first and last date,
/// times unknown; empty when `DT` is absent or not a list of days.
pub(crate) fn date_field(dt: Option<&str>) -> String {
    dt.and_then(dt_to_date).unwrap_or_default()
}

/// The `Winner` field of a root's `RE` (borrowed).
pub(crate) fn winner_field(re: Option<&str>) -> String {
    re.map(re_to_winner).unwrap_or_default()
}

/// Values up to this long are compared and mapped with copies, as they
/// come; longer ones without (none of the short words and codes of the
/// mapping is this long).
pub(crate) const SHORT: usize = 64;

/// Whether a field kept verbatim (`XUGFH[key:raw]`, to be written with
/// its line breaks as spaces) reads back as the root's values (`text`: a
/// property's first value) say: what [`to_props`] of the field written,
/// then [`matches_root`], say. `None` when the field is not understood
/// (`to_props` gives `Err`). A long value is never copied (docs/benchmarks.md, "Memory"): the
/// fields whose mapping keeps text (`Title`, `Rule`, the text and player
/// keys) are compared with the root's values where they lie, and the
/// others' mappings parse without copying it.
pub(crate) fn kept_reads_back<'a>(
    key: &str,
    raw: &str,
    text: impl Fn(&str) -> Option<&'a str> + Copy,
) -> Option<bool> {
    let t = raw.trim();
    if t.len() > SHORT {
        if let Some(same) = long_kept_reads_back(key, t, text) {
            return Some(same);
        }
    }
    // A mapping that parses reads a break as the space it is written as
    // (`breaks_read_as_spaces_where_the_mapping_parses`): the long values
    // left here need no copy with their breaks made spaces.
    let one_line = if t.len() <= SHORT {
        Cow::Owned(t.replace(LINE_BREAKS, " "))
    } else {
        Cow::Borrowed(t)
    };
    let props = to_props(key, &one_line).ok()?;
    Some(matches_root(key, &props, text))
}

/// [`kept_reads_back`] of a long, trimmed `t` for the keys whose mapping
/// keeps text; `None` for another key.
fn long_kept_reads_back<'a>(
    key: &str,
    t: &str,
    text: impl Fn(&str) -> Option<&'a str>,
) -> Option<bool> {
    // The root's value, trimmed, is the field's `pieces` one after
    // another, each trimmed and written on one line: as `matches` compares
    // (trim(one line(part)) is one line(trim(part)): breaks are blank).
    let is = |pieces: &[&str], prop: &str| {
        let root = text(prop).map_or("", str::trim);
        let mut kept = pieces.iter().flat_map(|p| p.bytes()).map(one_line_byte);
        root.bytes().all(|b| kept.next() == Some(b)) && kept.next().is_none()
    };
    if let Some(prop) = text_prop(key) {
        return Some(is(&[t], prop));
    }
    match key {
        "PlayerB" | "PlayerW" => {
            let [name, rank] = prop_names(key) else {
                return None;
            };
            let mut parts = t.split(',');
            let mut next = || parts.next().unwrap_or("").trim();
            Some(is(&[next()], name) && is(&[next()], rank))
        }
        "Title" => Some(match title_parts(t) {
            Some([a, b, ro]) => {
                let ev: &[&str] = match (a.is_empty(), b.is_empty()) {
                    (false, false) => &[a, " ", b],
                    (false, true) => &[a],
                    _ => &[b],
                };
                is(ev, "EV") && is(&[ro], "RO")
            }
            None => is(&[t], "EV") && is(&[], "RO"),
        }),
        // Too long for a rule's code: `RU` as it is, compared ignoring case.
        "Rule" => Some(same_ignoring_case(
            t.chars().map(one_line_char),
            text("RU").map_or("", str::trim).chars(),
        )),
        _ => None,
    }
}

/// A line break as the space a one-line field holds it as.
fn one_line_byte(b: u8) -> u8 {
    if matches!(b, b'\r' | b'\n') {
        b' '
    } else {
        b
    }
}

/// [`one_line_byte`] of a character.
fn one_line_char(c: char) -> char {
    if matches!(c, '\r' | '\n') {
        ' '
    } else {
        c
    }
}

/// A `Title` of exactly three comma-separated parts (`event,sub-event,
/// round`), each trimmed.
fn title_parts(raw: &str) -> Option<[&str; 3]> {
    let mut parts = raw.split(',');
    let three = [parts.next()?, parts.next()?, parts.next()?];
    parts.next().is_none().then(|| three.map(str::trim))
}

/// Whether two texts are the same ignoring case: each character
/// lower-cased on its own, a final sigma as any other (so no copy of
/// either is made, and `ΑΣ` is `ας`).
fn same_ignoring_case(a: impl Iterator<Item = char>, b: impl Iterator<Item = char>) -> bool {
    let fold = |c: char| c.to_lowercase().map(|l| if l == 'ς' { 'σ' } else { l });
    a.flat_map(fold).eq(b.flat_map(fold))
}

/// Whether `props` (derived from a header value) say the same as the root,
/// in meaning: numbers by value, absent `SZ` = 19, absent `KM` = 0, `HA[0]`
/// = no `HA`, `TM[0]` = no `TM`, `RU` ignoring case, `RE` with `Resign`/`Time`/`Forfeit`/`Draw`
/// spelled out or not, `DT` as the list of dates it stands for.
#[cfg(test)]
pub(crate) fn matches(key: &str, props: &Props, get: &dyn Fn(&str) -> Option<String>) -> bool {
    prop_names(key).iter().all(|&n| {
        let a = props.iter().find(|(k, _)| *k == n).map(|(_, v)| v.as_str());
        same_value(n, a, get(n).as_deref())
    })
}

/// [`matches`], the root's values borrowed (`text`: a property's first
/// value): no copy of a huge one is made (docs/benchmarks.md, "Memory").
pub(crate) fn matches_root<'a>(
    key: &str,
    props: &Props,
    text: impl Fn(&str) -> Option<&'a str>,
) -> bool {
    prop_names(key).iter().all(|&n| {
        let a = props.iter().find(|(k, _)| *k == n).map(|(_, v)| v.as_str());
        same_value(n, a, text(n))
    })
}

/// Whether two values of property `name` have the same [`canonical_value`].
fn same_value(name: &str, a: Option<&str>, b: Option<&str>) -> bool {
    fn trimmed(v: Option<&str>) -> Option<&str> {
        v.map(str::trim).filter(|s| !s.is_empty())
    }
    let (a, b) = (trimmed(a), trimmed(b));
    // The canonical form depends on the trimmed value alone.
    if a == b {
        return true;
    }
    if name == "RU" {
        let (a, b) = (a.unwrap_or(""), b.unwrap_or(""));
        return same_ignoring_case(a.chars(), b.chars());
    }
    // Every canonical form is borrowed, or short: a value read is written
    // anew, one not read is compared as it is (a huge one is not copied).
    canonical_value(name, a) == canonical_value(name, b)
}

/// The form two values of `name` are compared in (trimmed; `None`: absent
/// or blank). Borrowed from the value unless it is rewritten.
fn canonical_value<'a>(name: &str, v: Option<&'a str>) -> Option<Cow<'a, str>> {
    let v = v.map(str::trim).filter(|s| !s.is_empty());
    let num = |s: &'a str| match s.parse::<f64>() {
        Ok(x) => Cow::Owned(number(x)),
        Err(_) => Cow::Borrowed(s),
    };
    // A value a reader of `crate::values` reads, by the number it says.
    let read_num = |reader: fn(&str) -> values::Normalized, s: &'a str| match read::<f64>(reader, s)
    {
        Some(x) => Cow::Owned(number(x)),
        None => num(s),
    };
    match name {
        "SZ" => Some(num(v.unwrap_or("19"))),
        "KM" => Some(read_num(values::komi, v.unwrap_or("0"))),
        "HA" => v
            .map(|s| read_num(values::handicap, s))
            .filter(|s| s != "0"),
        "TM" => v.map(|s| read_num(values::time, s)).filter(|s| s != "0"),
        "RE" => v.map(|s| match values::read_result(s) {
            Some(r) => Cow::Owned(canonical_result(r)),
            None => Cow::Borrowed(s),
        }),
        "DT" => v.map(|s| match values::dates(s) {
            Some(d) => Cow::Owned(format!("{d:?}")),
            None => Cow::Borrowed(s),
        }),
        _ => v.map(Cow::Borrowed),
    }
}

/// A result as [`canonical_value`] compares it: what it says, margins by
/// value (`B+3.50` is `B+3.5`).
fn canonical_result(r: GameResult) -> String {
    match r {
        GameResult::Win(c, WinBy::Points(m)) => match m.parse::<f64>() {
            Ok(x) => format!("{c:?}+{}", number(x)),
            Err(_) => format!("{c:?}+{m}"),
        },
        r => format!("{r:?}"),
    }
}

/// What a field of a `PlayerB`/`PlayerW` value holds as a space: line
/// breaks and commas (the field separator).
pub(crate) const PLAYER_BREAKS: &[char] = &['\r', '\n', ','];
/// What a one-line value (`Place`, `Comment`...) holds as a space.
pub(crate) const LINE_BREAKS: &[char] = &['\r', '\n'];

/// The one property a plain text key writes and reads (`Place` is `PC`,
/// `Writer` `US`, `Copyright` `CP`, `Comment` `GC`), as [`from_root`] and
/// [`to_props`] map it.
pub(crate) fn text_prop(key: &str) -> Option<&'static str> {
    match key {
        "Place" => Some("PC"),
        "Writer" => Some("US"),
        "Copyright" => Some("CP"),
        "Comment" => Some("GC"),
        _ => None,
    }
}

/// Appends `v` the way a header field holds it: each of `breaks`
/// ([`PLAYER_BREAKS`], [`LINE_BREAKS`]) as a space, as [`from_root`]
/// writes it. The writer writes player and text fields with it straight
/// from the game, so a huge value is not copied on the way.
pub(crate) fn push_field(out: &mut String, v: &str, breaks: &[char]) {
    let mut rest = v;
    while let Some(i) = rest.find(breaks) {
        out.push_str(&rest[..i]);
        out.push(' ');
        // Every break is one byte (ASCII).
        rest = rest.get(i + 1..).unwrap_or("");
    }
    out.push_str(rest);
}

/// Whether a value written by [`push_field`] reads back as the same
/// property ([`to_props`], then [`matches`]): both compare trimmed, so
/// only a break inside the trimmed value is lost.
pub(crate) fn field_reads_back(v: &str, breaks: &[char]) -> bool {
    !v.trim().contains(breaks)
}

/// Appends the `Title` value of `EV` and `RO` (absent: empty) as
/// [`from_root`] makes it, without a copy of either: `EV` alone on its line
/// when there is no `RO` and it does not hold exactly two commas (which
/// would read as `event,sub-event,round`), else `,EV,RO` with their commas
/// as spaces. Whether it reads back as the same `EV` and `RO`
/// ([`to_props`], then [`matches`]).
pub(crate) fn push_title(out: &mut String, ev: &str, ro: &str) -> bool {
    if ro.is_empty() && ev.matches(',').count() != 2 {
        push_field(out, ev, LINE_BREAKS);
        // `(NoName)` reads as no title.
        return field_reads_back(ev, LINE_BREAKS) && ev.trim() != "(NoName)";
    }
    out.push(',');
    push_field(out, ev, PLAYER_BREAKS);
    out.push(',');
    push_field(out, ro, PLAYER_BREAKS);
    field_reads_back(ev, PLAYER_BREAKS) && field_reads_back(ro, PLAYER_BREAKS)
}

/// A number without trailing zeros: `6.50` → `6.5`, `7.00` → `7`.
pub(crate) fn number(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else {
        format!("{x}")
    }
}

type Ymd = (u16, u8, u8);

fn parse_slash_date(s: &str) -> Option<Ymd> {
    let mut it = s.split('/');
    let y: u16 = it.next()?.trim().parse().ok()?;
    let m: u8 = it.next()?.trim().parse().ok()?;
    let d: u8 = it.next()?.trim().parse().ok()?;
    (it.next().is_none() && (1..=12).contains(&m) && (1..=31).contains(&d)).then_some((y, m, d))
}

fn iso(d: Ymd) -> String {
    format!("{:04}-{:02}-{:02}", d.0, d.1, d.2)
}

/// `DT` → `Date`: first and last date, times unknown; `None` unless `DT`
/// reads ([`values::dates`]) as whole days.
fn dt_to_date(dt: &str) -> Option<String> {
    let days: Vec<(u32, u32, u32)> = values::dates(dt)?
        .iter()
        .map(values::Date::ymd)
        .collect::<Option<_>>()?;
    let (a, b) = (days.first()?, days.last()?);
    Some(format!(
        "{}/{:02}/{:02},00:00:00,{}/{:02}/{:02},00:00:00",
        a.0, a.1, a.2, b.0, b.1, b.2
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(key: &str, raw: &str) -> Vec<(String, String)> {
        to_props(key, raw)
            .unwrap()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
    }

    fn pv(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    const TRICKY: &[&str] = &[
        "",
        " ",
        "Lee",
        " Lee ",
        "Lee,9p",
        "Lee\n",
        "\r\nLee",
        "Le\ne",
        ",Lee",
        "Lee,",
        "\u{3000}李\u{3000}",
        "a\r\nb",
        " , ",
        "\t",
    ];

    /// The player fields the writer writes without a copy say what
    /// `from_root`, `to_props` and `matches` say of them.
    #[test]
    fn player_fields_read_back_as_the_mapping_says() {
        let pairs = TRICKY
            .iter()
            .flat_map(|a| TRICKY.iter().map(move |b| (a, b)));
        for (name, rank) in pairs {
            let get = |k: &str| match k {
                "PB" => Some(name.to_string()),
                "BR" => Some(rank.to_string()),
                _ => None,
            };
            let line = from_root("PlayerB", &get);
            let mut fields = String::new();
            push_field(&mut fields, name, PLAYER_BREAKS);
            fields.push(',');
            push_field(&mut fields, rank, PLAYER_BREAKS);
            assert_eq!(line, format!("{fields},,"), "{name:?} {rank:?}");
            let same = to_props("PlayerB", &line).is_ok_and(|p| matches("PlayerB", &p, &get));
            let want =
                field_reads_back(name, PLAYER_BREAKS) && field_reads_back(rank, PLAYER_BREAKS);
            assert_eq!(same, want, "{name:?} {rank:?}");
        }
    }

    /// Likewise the plain text fields (`Place`, `Writer`, `Copyright`,
    /// `Comment`).
    #[test]
    fn text_fields_read_back_as_the_mapping_says() {
        for key in MAPPED {
            let Some(prop) = text_prop(key) else { continue };
            assert_eq!(prop_names(key), &[prop]);
            for v in TRICKY {
                let get = |k: &str| (k == prop).then(|| v.to_string());
                let line = from_root(key, &get);
                let mut field = String::new();
                push_field(&mut field, v, LINE_BREAKS);
                assert_eq!(line, field, "{key} {v:?}");
                let same = to_props(key, &line).is_ok_and(|p| matches(key, &p, &get));
                assert_eq!(same, field_reads_back(v, LINE_BREAKS), "{key} {v:?}");
            }
        }
    }

    /// The `Title` the writer writes without a copy says what `from_root`,
    /// `to_props` and `matches` say of it.
    #[test]
    fn titles_read_back_as_the_mapping_says() {
        let more = [
            "(NoName)",
            " (NoName) ",
            "a,b,c",
            " a , b , c ",
            "a,b",
            ",,",
            "a,\nb,c",
        ];
        let evs = TRICKY.iter().chain(more.iter());
        for (ev, ro) in evs.flat_map(|a| TRICKY.iter().chain(more.iter()).map(move |b| (a, b))) {
            for absent in [false, true] {
                let get = |k: &str| match k {
                    "EV" => Some(ev.to_string()),
                    "RO" if !absent => Some(ro.to_string()),
                    _ => None,
                };
                let line = from_root("Title", &get);
                let mut written = String::new();
                let ro = if absent { "" } else { ro };
                let reads_back = push_title(&mut written, ev, ro);
                assert_eq!(line, written, "{ev:?} {ro:?}");
                let same = to_props("Title", &line).is_ok_and(|p| matches("Title", &p, &get));
                assert_eq!(same, reads_back, "{ev:?} {ro:?} {absent}");
            }
        }
    }

    #[test]
    fn handicap_and_komi() {
        assert_eq!(props("Hdcp", "0,6.50"), pv(&[("KM", "6.5")]));
        assert_eq!(props("Hdcp", "0,-5.50"), pv(&[("KM", "-5.5")]));
        assert_eq!(props("Hdcp", "2,0.50"), pv(&[("HA", "2"), ("KM", "0.5")]));
        assert_eq!(props("Hdcp", "0,0,50"), pv(&[("KM", "0.5")]));
        assert_eq!(props("Hdcp", "9,0.00"), pv(&[("HA", "9"), ("KM", "0")]));
        assert!(to_props("Hdcp", "x,6.5").is_err());
    }

    #[test]
    fn every_winner_code() {
        let re = |raw: &str| props("Winner", raw).first().map(|p| p.1.clone());
        assert_eq!(re("B,7.50").as_deref(), Some("B+7.5"));
        assert_eq!(re("W,1.5").as_deref(), Some("W+1.5"));
        assert_eq!(re("W,C").as_deref(), Some("W+R"));
        assert_eq!(re("B,T").as_deref(), Some("B+T"));
        assert_eq!(re("B,F").as_deref(), Some("B+F"));
        assert_eq!(re("W,N").as_deref(), Some("W+F"));
        assert_eq!(re("B,G").as_deref(), Some("B+F"));
        assert_eq!(re("B").as_deref(), Some("B+"));
        assert_eq!(re("D").as_deref(), Some("0"));
        assert_eq!(re("D,0").as_deref(), Some("0"));
        assert_eq!(re("A").as_deref(), Some("?"));
        assert_eq!(re("P").as_deref(), Some("?"));
        assert_eq!(re("E").as_deref(), Some("?"));
        assert_eq!(re("O").as_deref(), Some("Void"));
        assert_eq!(re("N").as_deref(), Some("Void"));
        assert_eq!(re("N1").as_deref(), Some("Void"));
        assert_eq!(re(""), None);
        assert!(to_props("Winner", "X,1").is_err());
        assert!(to_props("Winner", "B,Q").is_err());
    }

    #[test]
    fn title_date_rule_players() {
        assert_eq!(
            props("Title", "26th,Gosei,Title matches 5th game"),
            pv(&[("EV", "26th Gosei"), ("RO", "Title matches 5th game")])
        );
        assert_eq!(
            props("Title", "2019,PANDA-NET,"),
            pv(&[("EV", "2019 PANDA-NET")])
        );
        assert_eq!(props("Title", "(NoName)"), pv(&[]));
        assert_eq!(
            props("Date", "2019/03/08,22:09:00,2019/03/09,07:16:59"),
            pv(&[("DT", "2019-03-08,09")])
        );
        assert_eq!(
            props("Date", "2001/8/20,09:00:00,2001/08/20,00:00:00"),
            pv(&[("DT", "2001-08-20")])
        );
        assert_eq!(props("Date", "//,,//,"), pv(&[]));
        assert_eq!(
            props("Date", "2019/03/31,,2019/04/01,"),
            pv(&[("DT", "2019-03-31,04-01")])
        );
        assert_eq!(
            props("Date", "2019/12/31,,2020/01/01,"),
            pv(&[("DT", "2019-12-31,2020-01-01")])
        );
        assert_eq!(props("Rule", "JPN"), pv(&[("RU", "Japanese")]));
        assert_eq!(props("Rule", "CH"), pv(&[("RU", "Chinese")]));
        assert_eq!(props("Rule", "AR"), pv(&[("RU", "AR")]));
        assert_eq!(
            props("PlayerW", "YINNI,8d,,raymond.wang@live.ca"),
            pv(&[("PW", "YINNI"), ("WR", "8d")])
        );
        assert_eq!(
            props("Ptime", "J;240;0;0,J;240;0;0,0,0"),
            pv(&[("TM", "14400")])
        );
        assert_eq!(props("Ptime", "N;0;0;0,N;0;0;0,0,0"), pv(&[]));
    }

    #[test]
    fn writer_values_read_back_to_the_same_properties() {
        let root = pv(&[
            ("EV", "Kisei"),
            ("RO", "Game 3"),
            ("DT", "2019-03-08,10"),
            ("RU", "Japanese"),
            ("SZ", "19"),
            ("HA", "2"),
            ("KM", "0.5"),
            ("TM", "14400"),
            ("RE", "W+R"),
            ("PB", "Iyama Yuta"),
            ("BR", "9p"),
        ]);
        let get = |k: &str| root.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        for key in MAPPED {
            let text = from_root(key, &get);
            let back = to_props(key, &text).unwrap();
            assert!(matches(key, &back, &get), "{key}: {text}");
        }
        assert_eq!(
            from_root("Date", &get),
            "2019/03/08,00:00:00,2019/03/10,00:00:00"
        );
        assert_eq!(from_root("Winner", &get), "W,C");
        assert_eq!(from_root("Title", &get), ",Kisei,Game 3");
    }

    #[test]
    fn equal_meanings_are_not_losses() {
        let root = pv(&[
            ("RE", "B+Resign"),
            ("HA", "0"),
            ("KM", "7.500000"),
            ("RU", "japanese"),
        ]);
        let get = |k: &str| root.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        for key in ["Winner", "Hdcp", "Rule"] {
            let back = to_props(key, &from_root(key, &get)).unwrap();
            assert!(matches(key, &back, &get), "{key}");
        }
        let draw = pv(&[("RE", "Draw")]);
        let get = |k: &str| draw.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        assert_eq!(from_root("Winner", &get), "D");
    }

    #[test]
    fn lossy_values_are_detected() {
        let root = pv(&[("PB", "Lee, Sedol"), ("DT", "2019")]);
        let get = |k: &str| root.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        for key in ["PlayerB", "Date"] {
            let back = to_props(key, &from_root(key, &get)).unwrap();
            assert!(!matches(key, &back, &get), "{key}");
        }
    }

    /// What [`kept_reads_back`] says of `raw` made with copies, as it was
    /// for every value: the field on one line, mapped, then compared.
    fn kept_with_copies<'a>(
        key: &str,
        raw: &str,
        text: impl Fn(&str) -> Option<&'a str>,
    ) -> Option<bool> {
        let one_line = raw.replace(LINE_BREAKS, " ");
        let props = to_props(key, &one_line).ok()?;
        Some(matches_root(key, &props, text))
    }

    /// Long fields of the keys whose mapping keeps text are decided on the
    /// values borrowed as the copies decide them: titles of one and three
    /// parts, players, text keys and rules, against roots that hold the
    /// same text, the same on one line, in another case, or other text.
    #[test]
    fn long_kept_fields_read_back_as_the_copies_say() {
        let long = "x".repeat(SHORT + 1);
        let parts = ["", " ", "Le\ne", " a ", "\r\nb", "Σ", &long];
        let mut raws: Vec<String> = Vec::new();
        for a in parts {
            for b in parts {
                raws.push(format!("{a}{long}{b}"));
                raws.push(format!("{a},{b},{long}"));
                raws.push(format!("{long}{a},{b},"));
                raws.push(format!("{a},{long},{b}"));
                raws.push(format!("{a}{long},{b},,"));
            }
        }
        let mut checked = 0;
        for raw in &raws {
            let t = raw.trim();
            let variants = [
                t.to_string(),
                t.replace(LINE_BREAKS, " "),
                t.to_uppercase(),
                t.to_lowercase(),
                format!(" {t}x"),
            ];
            for key in ["Title", "Rule", "Place", "Comment", "PlayerB", "PlayerW"] {
                for root in &variants {
                    for other in ["", "y", " ", long.as_str()] {
                        let text = |n: &str| {
                            let names = prop_names(key);
                            match names.iter().position(|m| *m == n) {
                                Some(0) => Some(root.as_str()),
                                Some(_) => Some(other),
                                None => None,
                            }
                        };
                        let want = kept_with_copies(key, t, text);
                        assert_eq!(long_kept_reads_back(key, t, text), want, "{key} {raw:?}");
                        assert_eq!(kept_reads_back(key, raw, text), want, "{key} {raw:?}");
                        checked += usize::from(want == Some(true));
                    }
                }
            }
        }
        assert!(checked > 100, "{checked} fields read back");
    }

    /// The keys whose mapping parses (dates, sizes, handicaps, times,
    /// results) read a line break as the space the field is written with,
    /// so a long one is mapped as it lies.
    #[test]
    fn breaks_read_as_spaces_where_the_mapping_parses() {
        let values = [
            "2019/03/08,\n22:09:00,2019/\r\n03/09,07:16:59",
            "\n2019/03/08\r,,2019/03/10\n,",
            "2019\n/03/08",
            "19\n",
            "1\n9",
            "2,\n6.5",
            "\r\n2\n,0,50\n",
            "2,6\n.5",
            "J;240;0;0,\nJ;240;0;0,0,0",
            "J;\n240;0;0,J;240\n;0;0,0,0",
            "B,\nC",
            "\nW\r\n,7.5",
            "B\n,7,5",
            "B,7\n,5",
            "D\n",
            "N\n1",
        ];
        for key in ["Date", "Size", "Hdcp", "Ptime", "Winner"] {
            for v in values {
                let one_line = v.replace(LINE_BREAKS, " ");
                // Equal properties, or both not understood.
                let (a, b) = (to_props(key, v).ok(), to_props(key, &one_line).ok());
                assert_eq!(a, b, "{key} {v:?}");
            }
        }
    }

    #[test]
    fn case_is_ignored_a_character_at_a_time() {
        let same = |a: &str, b: &str| same_ignoring_case(a.chars(), b.chars());
        assert!(same("Japanese", "JAPANESE"));
        assert!(same("ΑΣ", "ας"));
        assert!(same("ΣΑΣ", "σας"));
        assert!(!same("Japanese", "Japanes"));
        assert!(!same("a", "b"));
        assert!(same_value("RU", Some(" CHINESE "), Some("chinese")));
        assert!(!same_value("RU", Some("AGA"), Some("NZ")));
    }

    /// A decimal comma is read in a short number; a long value with a
    /// comma is no number (reading it would copy it), and messages show a
    /// long value cut.
    #[test]
    fn long_numbers_and_codes_are_not_copied() {
        assert_eq!(decimal("0,50"), Some(0.5));
        assert_eq!(decimal("7.5"), Some(7.5));
        let long = format!("0{},5", "0".repeat(SHORT));
        assert_eq!(decimal(&long), None);
        assert_eq!(decimal(&long.replace(',', ".")), Some(0.5));
        let err = to_props("Winner", &format!("B,{long}")).unwrap_err();
        assert!(err.len() < 80, "{err}");
        assert!(to_props("Winner", &format!("BB{long}")).is_err());
        assert!(to_props("Hdcp", &format!("0,{long}")).is_err());
        assert_eq!(props("Hdcp", "0,0,50"), pv(&[("KM", "0.5")]));
        let rule = format!("jpn{}", " ".repeat(SHORT));
        assert_eq!(props("Rule", &rule), pv(&[("RU", "Japanese")]));
        assert_eq!(excerpt("short"), "short");
        assert_eq!(excerpt(&"é".repeat(40)), format!("{}…", "é".repeat(32)));
    }
}
