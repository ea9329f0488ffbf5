//! The words of a date text, for [`read`](super::read): numbers
//! (with their ordinal suffix), English month names, CJK units (`年 月 日`,
//! `년 월 일`), separators inside a date (`-` `/` `.`), between dates (`,`
//! for a list, `~` for a range: `;` `&` `and` `、` `・`, `..` `to` `–`), white
//! space, and the words that are not part of a date: times of day and time
//! zones (dropped, and named), weekdays and fillers (left out).

/// English month names and abbreviations, by month.
const MONTHS: &[(&str, u32)] = &[
    ("january", 1),
    ("february", 2),
    ("march", 3),
    ("april", 4),
    ("may", 5),
    ("june", 6),
    ("july", 7),
    ("august", 8),
    ("september", 9),
    ("october", 10),
    ("november", 11),
    ("december", 12),
    ("jan", 1),
    ("feb", 2),
    ("mar", 3),
    ("apr", 4),
    ("jun", 6),
    ("jul", 7),
    ("aug", 8),
    ("sept", 9),
    ("sep", 9),
    ("oct", 10),
    ("nov", 11),
    ("dec", 12),
];

/// English weekday names and abbreviations.
const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "mon",
    "tues",
    "tue",
    "wed",
    "thurs",
    "thur",
    "thu",
    "fri",
    "sat",
    "sun",
];

/// Words that go with a time of day: half days and time zones.
const TIME_WORDS: &[&str] = &[
    "am", "pm", "utc", "ut", "gmt", "z", "kst", "jst", "cst", "cet", "cest", "est", "edt", "pst",
    "pdt", "bst",
];

/// CJK words that go with a time of day: `午前` (a.m.), `오후` (p.m.).
const CJK_TIME_WORDS: &[&str] = &["午前", "午後", "上午", "下午", "오전", "오후"];

/// CJK weekday characters, in `(木)`, `木曜日`, `목요일`, `星期四`.
const CJK_WEEKDAY_CHARS: &str = "月火水木金土日월화수목금토일一二三四五六天";

/// Words that join dates into a list.
const LIST_WORDS: &[&str] = &["and"];

/// Words that join two dates into a range.
const RANGE_WORDS: &[&str] = &["to", "till", "until", "through", "thru"];

/// Words that add nothing between the parts of a date (`1st of August`).
const FILLERS: &[&str] = &["of", "the", "on", "from"];

/// A field a CJK unit names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    Year,
    Month,
    Day,
}

/// A word of a date text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Digits: their value (saturated), how many, and whether an ordinal
    /// suffix followed (`1st`, `29th`).
    Num { v: u32, len: usize, ord: bool },
    /// A month name.
    Month(u32),
    /// `年 月 日`, `년 월 일`.
    Unit(Field),
    /// `-` `/` `.` inside a date; `,` for a list, `~` for a range.
    Sep(char),
    /// White space.
    Space,
    /// A time of day, a time zone, `a.m.`: dropped and named.
    Time,
    /// A weekday, a filler: left out.
    Skip,
    /// Anything else.
    Other,
}

/// A word and where it stands in the text (bytes).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tok {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// The words of `text`.
pub(super) fn tokens(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let (kind, len) = token_at(&text[at..]);
        out.push(Tok {
            kind,
            start: at,
            end: at + len,
        });
        at += len;
    }
    out
}

/// The word at the start of `s` (not empty) and its length in bytes.
fn token_at(s: &str) -> (Kind, usize) {
    let c = s.chars().next().unwrap_or(' ');
    if c.is_whitespace() {
        let n = s.len() - s.trim_start().len();
        return (Kind::Space, n);
    }
    if let Some(n) = bracketed_time_len(s) {
        return (Kind::Time, n);
    }
    if let Some(n) = weekday_len(s).or_else(|| time_len(s)) {
        let kind = if weekday_len(s).is_some() {
            Kind::Skip
        } else {
            Kind::Time
        };
        return (kind, n);
    }
    if c.is_ascii_digit() {
        return number(s);
    }
    if c.is_ascii_alphabetic() {
        return word(s);
    }
    if let Some(w) = CJK_TIME_WORDS.iter().find(|w| s.starts_with(*w)) {
        return (Kind::Time, w.len());
    }
    let kind = match c {
        '年' | '년' => Kind::Unit(Field::Year),
        '月' | '월' => Kind::Unit(Field::Month),
        '日' | '일' => Kind::Unit(Field::Day),
        '.' if s[1..].starts_with('.') => return (Kind::Sep('~'), 2),
        '-' | '/' | '.' => Kind::Sep(c),
        ',' | ';' | '&' | '、' | '・' => Kind::Sep(','),
        '~' | '〜' | '–' | '—' => Kind::Sep('~'),
        _ => Kind::Other,
    };
    (kind, c.len_utf8())
}

/// Digits at the start of `s`, with an ordinal suffix if one follows.
fn number(s: &str) -> (Kind, usize) {
    let len = s.bytes().take_while(u8::is_ascii_digit).count();
    let v = s[..len].parse().unwrap_or(u32::MAX);
    let rest = &s[len..];
    let suffix = ["st", "nd", "rd", "th"].iter().find(|x| {
        rest.get(..2).is_some_and(|h| h.eq_ignore_ascii_case(x))
            && !rest[2..].starts_with(|c: char| c.is_ascii_alphabetic())
    });
    let ord = suffix.is_some();
    (Kind::Num { v, len, ord }, len + if ord { 2 } else { 0 })
}

/// An ASCII word at the start of `s`: a month, a weekday, a time word, a
/// joining word, a filler, or another word.
fn word(s: &str) -> (Kind, usize) {
    let len = s.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    let w = s[..len].to_ascii_lowercase();
    // `Aug.`, `a.m.`: the point belongs to the word.
    let dotted = s[len..].starts_with('.') && !s[len + 1..].starts_with('.');
    let with_dot = len + usize::from(dotted);
    if let Some(&(_, m)) = MONTHS.iter().find(|(name, _)| *name == w) {
        return (Kind::Month(m), with_dot);
    }
    if WEEKDAYS.contains(&w.as_str()) {
        return (Kind::Skip, with_dot);
    }
    if matches!(w.as_str(), "a" | "p") && s[len..].starts_with(".m.") {
        return (Kind::Time, len + 3);
    }
    if TIME_WORDS.contains(&w.as_str()) {
        return (Kind::Time, len);
    }
    if LIST_WORDS.contains(&w.as_str()) {
        return (Kind::Sep(','), len);
    }
    if RANGE_WORDS.contains(&w.as_str()) {
        return (Kind::Sep('~'), len);
    }
    if FILLERS.contains(&w.as_str()) {
        return (Kind::Skip, len);
    }
    (Kind::Other, len)
}

/// The length of a weekday at the start of `s`: `(木)`, `(Thu)`,
/// `木曜日`, `木曜`, `목요일`, `星期四`, `周四`.
fn weekday_len(s: &str) -> Option<usize> {
    let is_day = |c: char| CJK_WEEKDAY_CHARS.contains(c);
    let mut chars = s.char_indices();
    let (_, first) = chars.next()?;
    if first == '(' {
        let inside = &s[1..];
        let close = inside.find(')')?;
        let name = &inside[..close];
        let english = WEEKDAYS.contains(&name.trim_end_matches('.').to_ascii_lowercase().as_str());
        let cjk = name.chars().count() == 1 && name.chars().all(is_day);
        return (english || cjk).then_some(close + 2);
    }
    for prefix in ["星期", "礼拜", "禮拜", "周", "週"] {
        if let Some(rest) = s.strip_prefix(prefix) {
            let day = rest.chars().next().filter(|c| is_day(*c))?;
            return Some(prefix.len() + day.len_utf8());
        }
    }
    if !is_day(first) {
        return None;
    }
    let rest = &s[first.len_utf8()..];
    ["曜日", "曜", "요일"]
        .iter()
        .find(|suffix| rest.starts_with(*suffix))
        .map(|suffix| first.len_utf8() + suffix.len())
}

/// The length of a time of day in brackets at the start of `s`:
/// `[09:37]` (NGF), `(14:03)`.
fn bracketed_time_len(s: &str) -> Option<usize> {
    let close = match s.as_bytes().first()? {
        b'[' => ']',
        b'(' => ')',
        _ => return None,
    };
    let inner = &s[1..s.find(close)?];
    (time_len(inner)? == inner.len()).then_some(inner.len() + 2)
}

/// The length of a time of day at the start of `s`: `14:03`, `14:03:11`,
/// `T14:03:11.868+00:00`, `14時03分`, `14시 3분 11초`, `14点`.
fn time_len(s: &str) -> Option<usize> {
    let body = s.strip_prefix(['T', 't']).unwrap_or(s);
    let skip = s.len() - body.len();
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let h = digits(body);
    if h == 0 || h > 2 {
        return None;
    }
    let after = &body[h..];
    // The minutes: two digits, or one (`下午 6:3`), perhaps padded with a
    // space to two (`[21: 6]`, NGF).
    if let Some(rest) = after.strip_prefix(':') {
        let pad = usize::from(rest.starts_with(' '));
        let m = digits(&rest[pad..]);
        if (1..=2).contains(&m) && pad + m <= 2 {
            return Some(skip + h + 1 + pad + m + clock_tail(&rest[pad + m..]));
        }
    }
    if skip > 0 {
        return None;
    }
    cjk_time_tail(after).map(|n| h + n)
}

/// The rest of a clock time after its minutes: `:SS`, `.fraction`, and a
/// zone `Z`, `+09:00`, `-0500`.
fn clock_tail(s: &str) -> usize {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let mut at = 0;
    while s[at..].starts_with(':') && digits(&s[at + 1..]) == 2 {
        at += 3;
    }
    if s[at..].starts_with('.') && digits(&s[at + 1..]) > 0 {
        at += 1 + digits(&s[at + 1..]);
    }
    if s[at..].starts_with(['Z', 'z']) {
        return at + 1;
    }
    if s[at..].starts_with(['+', '-']) {
        let z = &s[at + 1..];
        let n = digits(z);
        if n == 2 && z[2..].starts_with(':') && digits(&z[3..]) == 2 {
            return at + 6;
        }
        if n == 4 || n == 2 {
            return at + 1 + n;
        }
    }
    at
}

/// The rest of a CJK time after its hours: `時03分11秒`, `시 3분`, `点`.
fn cjk_time_tail(s: &str) -> Option<usize> {
    let hour = ["時", "时", "시", "点"]
        .iter()
        .find(|u| s.starts_with(*u))?;
    // `1時間`, `1시간` are durations, not times.
    if s[hour.len()..].starts_with(['間', '간']) {
        return None;
    }
    let mut at = hour.len();
    for units in [["分", "분"], ["秒", "초"]] {
        let rest = &s[at..];
        let space = rest.len() - rest.trim_start().len();
        let n = rest[space..].bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            break;
        }
        match units.iter().find(|u| rest[space + n..].starts_with(*u)) {
            Some(u) => at += space + n + u.len(),
            None => break,
        }
    }
    Some(at)
}

/// The words that make dates: times and skipped words out, white space
/// merged and dropped next to separators and at the ends, commas before
/// the first word dropped.
pub(super) fn tidy(all: &[Tok]) -> Vec<Tok> {
    let kept: Vec<Tok> = all
        .iter()
        .copied()
        .filter(|t| !matches!(t.kind, Kind::Time | Kind::Skip))
        .collect();
    let mut out: Vec<Tok> = Vec::with_capacity(kept.len());
    for (i, t) in kept.iter().enumerate() {
        // `Thursday, November 22`: nothing joins before the first date.
        if out.is_empty() && t.kind == Kind::Sep(',') {
            continue;
        }
        if t.kind == Kind::Space {
            let before = out.last().map(|p| p.kind);
            let after = kept.get(i + 1).map(|n| n.kind);
            let useless = |k: Option<Kind>| matches!(k, None | Some(Kind::Sep(_) | Kind::Space));
            if useless(before) || useless(after) {
                continue;
            }
        }
        out.push(*t);
    }
    out
}
