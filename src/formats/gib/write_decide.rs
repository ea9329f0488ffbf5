//! The GIB writer: which value each header field gets.
//!
//! Which value each header field gets: the original kept in `XGIB` where
//! it still says what the SGF says, else one derived from the outline.

use super::values::*;
use super::write_outline::{private_get, List, Outline};
use crate::values::{self, format_tenths};

/// The original header values the writer consults: the `XGIB` entries and
/// the sub-field lists read from them (empty for a game not read from GIB).
pub(super) struct Original<'a> {
    pub(super) private: &'a [(String, String)],
    pub(super) main: List,
    pub(super) sub: List,
    pub(super) tag: List,
}

impl<'a> Original<'a> {
    /// The values of `private`, the game's `XGIB` entries.
    pub(super) fn new(private: &'a [(String, String)]) -> Self {
        Original {
            private,
            main: subfields(private_get(private, "GAMEINFOMAIN")),
            sub: subfields(private_get(private, "GAMEINFOSUB")),
            tag: tag_fields(private_get(private, "GAMETAG")),
        }
    }

    /// The original value of `key`.
    pub(super) fn get(&self, key: &str) -> Option<String> {
        private_get(self.private, key).map(str::to_string)
    }
}

/// The values the header writes, some in several places, each decided
/// once: the original (often localised) value when it still says what the
/// SGF says, else one derived from the SGF.
pub(super) struct Decided {
    /// Moves that place a stone (`TCNT` and `GAMETOTALNUM` count no passes).
    pub(super) stones: usize,
    pub(super) white_level: Option<i64>,
    pub(super) black_level: Option<i64>,
    /// Komi ×10 as written (empty when the game has no `KM`).
    pub(super) gongje: String,
    pub(super) grlt: i64,
    pub(super) zipsu: i64,
    pub(super) result_text: String,
    pub(super) gametime: String,
    pub(super) gtime: String,
    pub(super) tag_time: String,
    pub(super) gamedate: String,
    pub(super) gdate: String,
    pub(super) tag_date: String,
    pub(super) condition: String,
    pub(super) name: String,
    pub(super) place: String,
}

/// Decides every value of [`Decided`].
pub(super) fn decide(o: &Outline, raw: &Original) -> Decided {
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
pub(super) fn level_of(rank: &Option<String>) -> Option<i64> {
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
pub(super) fn condition(o: &Outline, raw: &Original) -> String {
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

/// `GAME*LEVEL`: the level code, or the original value when it still holds
/// (some clients write the rank text or the nickname there).
pub(super) fn keep_level(raw: Option<String>, level: Option<i64>, rank: &Option<String>) -> String {
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
