//! Header values ↔ SGF values, shared by the reader and the writer so that
//! the writer can tell whether an original value still says what the SGF
//! says: the `KEY:value` sub-field lists, names and ranks, dates, result
//! codes and time settings.

use crate::values::{self, format_tenths, result_text, ResultText};

// ---------------------------------------------------------------------------
// Sub-field lists

/// `GAMEINFOMAIN`-style lists: `KEY:value,KEY:value` (first `:` splits).
pub(super) fn subfields(value: Option<&str>) -> Vec<(String, String)> {
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
pub(super) fn tag_fields(value: Option<&str>) -> Vec<(String, String)> {
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

/// The trimmed, non-empty value of `key` in a sub-field list.
pub(super) fn field<'a>(list: &'a [(String, String)], key: &str) -> Option<&'a str> {
    list.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

/// A whole number, if `s` is one.
pub(super) fn number(s: Option<&str>) -> Option<i64> {
    s.and_then(|v| v.trim().parse::<i64>().ok())
}

// ---------------------------------------------------------------------------
// Names and ranks

/// Splits `name (rank)` at the LAST `(` when the value ends with `)`.
pub(super) fn split_name_rank(v: &str) -> (String, Option<String>) {
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
pub(super) fn level_from_rank(rank: &str) -> Option<i64> {
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
    values::rank(text, level.is_some_and(|l| l >= 27))
}

/// The Tygem display form of an SGF rank: `2k` → `2K`; other text as is.
pub(super) fn display_rank(rank: &str) -> String {
    if level_from_rank(rank).is_some() {
        rank.to_ascii_uppercase()
    } else {
        rank.to_string()
    }
}

// ---------------------------------------------------------------------------
// Dates, results and time settings

/// The first date of an SGF `DT` (`2017-04-04`, `2016-03-10,11`,
/// `2017-04-04T09:59:32`) → (y, m, d).
pub(super) fn sgf_date(dt: &str) -> Option<(u32, u32, u32)> {
    values::first_day(dt)?.ymd()
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

/// What the reader makes of a result (code, margin, text), without
/// diagnostics: the writer uses it to keep original values that still hold.
pub(super) fn interpret_result(grlt: Option<i64>, zipsu: i64, text: &str) -> Option<String> {
    if let Some(code) = grlt {
        match result_from_code(code, zipsu) {
            Ok(Some(re)) => return Some(re),
            Ok(None) if text.trim().is_empty() => return None,
            _ => {}
        }
    }
    match result_text(text) {
        ResultText::Result(re) => Some(re),
        _ => None,
    }
}

/// `Time limit 20minute : 30 second countdown 3 time`, `제한시간 20분 : 30초
/// 초읽기 3번`, `限制时间 20分 30秒 读秒 3番`: minutes, seconds, periods.
pub(super) fn time_from_text(t: &str) -> Option<(u64, u64, u64)> {
    let runs: Vec<u64> = t
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|r| r.parse().ok())
        .collect();
    match runs.as_slice() {
        [m, s, p] => Some((m.checked_mul(60)?, *s, *p)),
        _ => None,
    }
}

/// `GTIME`-style `a-b-c` (three whole numbers, nothing more).
pub(super) fn time_triple(t: &str) -> Option<(u64, u64, u64)> {
    let mut it = t.trim().split('-').map(|p| p.trim().parse::<u64>().ok());
    let a = it.next()??;
    let b = it.next()??;
    let c = it.next()??;
    it.next().is_none().then_some((a, b, c))
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
