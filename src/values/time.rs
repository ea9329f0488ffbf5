//! `TM`, the main time of each player: an `FF[4]` real, in seconds.
//!
//! `FF[4]` (`TM`): "Provides the time limits of the game. The time limit is
//! given in seconds." The user guide: "Don't use: 1 hour". The 2016 draft
//! notes that `TM[5400]` is often written where `15h` was meant; people
//! write units, and this reads them: `1 hour`, `90 min`, `1h30m`,
//! `1:30:00`, `3시간`, `1時間`, `30分`. What comes after the main time
//! (`+ 30 seconds byoyomi`, `(5x1:00)`) is overtime, which `OT` describes:
//! the rewrite keeps the main time and names the rest in
//! [`Rewrite::dropped`].

use super::amount::{decimal, kanji_number, Amount, Cursor};
use super::numbers::real;
use super::text::fold;
use super::{Normalized, Problem, Reading, Rewrite};

/// Time units, by rank (days 0, hours 1, minutes 2, seconds 3), with their
/// length in seconds and their words, longest first within each script.
const UNITS: &[(u8, i128, &[&str])] = &[
    (0, 86_400, &["days", "day", "d", "日", "天", "일"]),
    (
        1,
        3_600,
        &[
            "hours", "hour", "hrs", "hr", "h", "時間", "时间", "小時", "小时", "시간",
        ],
    ),
    (
        2,
        60,
        &[
            "minutes", "minute", "mins", "min", "mn", "m", "分钟", "分鐘", "分", "분",
        ],
    ),
    (3, 1, &["seconds", "second", "secs", "sec", "s", "秒", "초"]),
];

/// Labels a main time may stand after (`main time: 1 hour`, `각자 3시간`).
const LABELS: &[&str] = &[
    "main time",
    "basic time",
    "time limit",
    "持ち時間",
    "基本時間",
    "基本时间",
    "제한시간",
    "기본시간",
    "각자",
    "각",
    "各自",
    "各",
];

/// Words a main time may stand before that add nothing (`1 hour each`,
/// `3시간씩`).
const EACH: &[&str] = &[
    "for each player",
    "for each side",
    "each player",
    "each side",
    "per player",
    "per side",
    "apiece",
    "each",
    "씩",
    "各",
];

/// Signs that start an overtime description after a main time (`+ 30s`,
/// `(5x1:00)`).
const OVERTIME_SIGNS: &[char] = &['+', '(', '[', ',', ';', '/', '&', '|', '，', '（'];

/// Words of the overtime systems (`byoyomi`, `秒読み`, `초읽기`, `5회`).
const OVERTIME_WORDS: &[&str] = &[
    "byo",
    "overtime",
    "period",
    "sudden",
    "absolute",
    "fischer",
    "canadian",
    "increment",
    "bonus",
    "moves",
    "秒読",
    "秒读",
    "读秒",
    "讀秒",
    "초읽기",
    "초 읽기",
    "回",
    "次",
    "번",
];

/// The main time (`TM`) in seconds: a valid real stays as it is (a
/// negative one is out of range); other spellings of a real are respelled
/// as [`real`] does; clock times (`1:30:00`) and durations with units
/// (`1 hour`, `90 min`, `1h30m`, `1h30`, `1.5 hours`, `3시간`, `1時間30分`,
/// `2 days`) are read. A main time followed by overtime (`10 minutes + 30
/// seconds byoyomi`) keeps the main time and names the rest as dropped.
/// `1:30` (an hour and a half, or a minute and a half?) is ambiguous; a
/// bare number before overtime (`10+5`: minutes or seconds?) is not read.
pub fn time(value: &str) -> Normalized {
    match real(value) {
        Normalized::Unparsed(Problem::Unrecognised) => {}
        Normalized::Unparsed(p) => return Normalized::Unparsed(p),
        other => {
            let written = other.value_or(value).trim();
            if written.starts_with('-') && !written.trim_matches(['-', '0', '.']).is_empty() {
                return Normalized::Unparsed(Problem::OutOfRange(format!(
                    "{written} is a negative time"
                )));
            }
            return other;
        }
    }
    let t = fold(value.trim());
    let mut c = Cursor::new(&t);
    if c.eat_any(LABELS).is_some() {
        c.skip_spaces();
        c.eat(":");
        c.skip_spaces();
    }
    let seconds = match clock(&mut c) {
        Some(Clock::Certain(s)) => s,
        Some(Clock::Either(a, b)) => {
            return Normalized::Ambiguous(vec![a.to_string(), b.to_string()]);
        }
        None => match duration(&mut c) {
            Some(d) => {
                let rest = c.rest().trim_start();
                if d.parts >= 2 && overtime_without_numbers(rest) {
                    // `10 min 30 sec byoyomi`: is the 30 sec overtime?
                    let main = d.total.plus(d.part.negated()).unwrap_or(d.total);
                    return Normalized::Ambiguous(vec![d.total.to_string(), main.to_string()]);
                }
                d.total
            }
            None => return Normalized::Unparsed(Problem::Unrecognised),
        },
    };
    c.skip_spaces();
    if c.eat_any(EACH).is_some() {
        c.skip_spaces();
    }
    let rest = c.rest();
    let rewrite = Rewrite::new(seconds.to_string(), Reading::Words);
    if rest.is_empty() {
        Normalized::Rewritten(rewrite)
    } else if is_overtime(rest) {
        Normalized::Rewritten(rewrite.dropping(rest))
    } else {
        Normalized::Unparsed(Problem::ExtraText(rest.to_owned()))
    }
}

/// The time left to a player (`BL`, `WL`, an `FF[4]` real in seconds),
/// read as `TM` is: a real stays as it is (a negative one too: a clock in
/// overtime may show one), and clock times (`0:07:42`) and durations with
/// units (`7 min 42 s`) are read as [`time`] reads them.
pub fn time_left(value: &str) -> Normalized {
    match real(value) {
        Normalized::Unparsed(Problem::Unrecognised) => time(value),
        other => other,
    }
}

/// What a clock time says.
enum Clock {
    /// `1:30:00`: hours, minutes, seconds.
    Certain(Amount),
    /// `1:30`: hours and minutes (first), or minutes and seconds.
    Either(Amount, Amount),
}

/// A clock time at the cursor: `H:MM:SS` or `H:MM` (minutes and seconds
/// below 60, two digits each); the seconds may have a fraction
/// (`0:07:42.5`), which also makes `7:42.5` minutes and seconds.
fn clock(c: &mut Cursor<'_>) -> Option<Clock> {
    let mut p = *c;
    let first: i64 = p.digits()?.parse().ok()?;
    let mut parts = vec![first];
    while parts.len() < 3 && p.eat(":") {
        let d = p.digits()?;
        let n: i64 = d.parse().ok()?;
        if d.len() != 2 || n >= 60 {
            return None;
        }
        parts.push(n);
    }
    let fraction = match parts.len() > 1 && p.eat(".") {
        true => Some(Amount::decimal("0", p.digits()?)?),
        false => None,
    };
    if p.peek()
        .is_some_and(|ch| ch.is_ascii_digit() || ch == ':' || ch == '.')
    {
        return None;
    }
    let secs =
        |h: i64, m: i64, s: i64| Some(Amount::int(h.checked_mul(3600)?.checked_add(m * 60 + s)?));
    let read = match (&parts[..], fraction) {
        ([h, m, s], None) => Clock::Certain(secs(*h, *m, *s)?),
        ([h, m, s], Some(f)) => Clock::Certain(secs(*h, *m, *s)?.plus(f)?),
        ([a, b], None) => Clock::Either(secs(*a, *b, 0)?, secs(0, *a, *b)?),
        ([m, s], Some(f)) => Clock::Certain(secs(0, *m, *s)?.plus(f)?),
        _ => return None,
    };
    *c = p;
    Some(read)
}

/// A duration with units at the cursor: one or more of a number and a
/// unit, units from larger to smaller (`1h30m`, `1 hour 30 minutes`,
/// `1 hour and 30 minutes`); a bare number after a unit counts in the next
/// smaller unit (`1h30`). `None` (cursor unmoved) without a unit.
fn duration(c: &mut Cursor<'_>) -> Option<Duration> {
    let start = *c;
    let mut total = Amount::ZERO;
    let mut part = Amount::ZERO;
    let mut parts = 0;
    let mut last: Option<u8> = None;
    loop {
        let before = *c;
        c.skip_spaces();
        if last.is_some() && c.eat("and ") {
            c.skip_spaces();
        }
        let n = match decimal(c) {
            Some((n, _)) => n,
            None => match kanji_number(c) {
                Some(k) => Amount::int(k),
                None => {
                    *c = before;
                    break;
                }
            },
        };
        c.skip_spaces();
        let (rank, secs) = match unit(c) {
            Some(u) => u,
            // `1h30`: the next smaller unit, and the duration ends (but
            // `3x30s` after a main time is overtime, not 3 seconds).
            None => match last.and_then(|l| UNITS.get(usize::from(l) + 1)) {
                Some(&(rank, secs, _)) if ends_bare_number(c) => {
                    part = n.times(secs)?;
                    total = total.plus(part)?;
                    parts += 1;
                    last = Some(rank);
                    break;
                }
                _ => {
                    *c = before;
                    break;
                }
            },
        };
        if last.is_some_and(|l| l >= rank) {
            *c = start;
            return None;
        }
        part = n.times(secs)?;
        total = total.plus(part)?;
        parts += 1;
        last = Some(rank);
    }
    if last.is_none() {
        *c = start;
        return None;
    }
    Some(Duration { total, part, parts })
}

/// A duration read: its total and its last part.
struct Duration {
    /// The whole duration.
    total: Amount,
    /// Its last part (`30 sec` of `10 min 30 sec`).
    part: Amount,
    /// How many parts it has.
    parts: usize,
}

/// Whether a bare number just read (and the spaces after it) ends the
/// duration: at the end, before an overtime sign, or after a space and
/// before anything but an `x` (`3x30s` and `3 x 30s` are overtime).
fn ends_bare_number(c: &Cursor<'_>) -> bool {
    let spaced = c.s[..c.at].ends_with(char::is_whitespace);
    c.peek().is_none_or(|ch| {
        matches!(ch, '+' | '(' | ',' | ';' | '（') || (spaced && !matches!(ch, 'x' | 'X' | '×'))
    })
}

/// A time unit at the cursor: its rank and its length in seconds.
fn unit(c: &mut Cursor<'_>) -> Option<(u8, i128)> {
    for &(rank, secs, words) in UNITS {
        for w in words {
            let mut p = *c;
            if p.eat(w) && (!w.is_ascii() || p.at_word_end()) {
                *c = p;
                return Some((rank, secs));
            }
        }
    }
    None
}

/// Whether `rest` names an overtime by a word alone, with no number of its
/// own (`byoyomi` after `10 min 30 sec`): the last part of the duration
/// before it may then be the overtime's.
fn overtime_without_numbers(rest: &str) -> bool {
    !rest.is_empty()
        && !rest.starts_with(OVERTIME_SIGNS)
        && is_overtime(rest)
        && !rest.contains(|ch: char| ch.is_ascii_digit())
}

/// Whether `rest`, after a main time, describes overtime.
fn is_overtime(rest: &str) -> bool {
    let lower = rest.to_lowercase();
    rest.starts_with(OVERTIME_SIGNS)
        || OVERTIME_WORDS.iter().any(|w| lower.contains(w))
        || (rest.starts_with(|ch: char| ch.is_ascii_digit()) && lower.contains(['x', '×']))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: &str) -> Normalized {
        Normalized::reworded(s)
    }
    fn secs_dropping(s: &str, dropped: &str) -> Normalized {
        Normalized::Rewritten(Rewrite::new(s, Reading::Words).dropping(dropped))
    }
    fn kept(p: Problem) -> Normalized {
        Normalized::Unparsed(p)
    }

    #[test]
    fn time_left_reads_as_the_main_time() {
        assert_eq!(time_left("462"), Normalized::Valid);
        assert_eq!(time_left("-3.5"), Normalized::Valid, "a clock in overtime");
        assert_eq!(time_left("12,5"), Normalized::respelled("12.5"));
        assert_eq!(time_left("0:07:42"), secs("462"));
        assert_eq!(time_left("0:07:42.5"), secs("462.5"));
        assert_eq!(time_left("7:42.25"), secs("462.25"), "a fraction: seconds");
        assert_eq!(time_left("7:42."), kept(Problem::Unrecognised));
        assert_eq!(time_left("7 min 42 s"), secs("462"));
        assert_eq!(
            time_left("7:42"),
            Normalized::Ambiguous(vec!["27720".into(), "462".into()])
        );
    }

    #[test]
    fn valid_reals_stay() {
        for v in ["60", "600", "5400", "0", "60.0", "142.7", "+60"] {
            assert_eq!(time(v), Normalized::Valid, "{v}");
        }
        assert_eq!(time("60,5"), Normalized::respelled("60.5"));
        assert_eq!(time(" 300 "), Normalized::respelled("300"));
        assert_eq!(
            time("-5"),
            kept(Problem::OutOfRange("-5 is a negative time".into()))
        );
        assert_eq!(time("-0"), Normalized::Valid);
        assert_eq!(time(""), kept(Problem::Empty));
    }

    #[test]
    fn units_are_read() {
        for (input, want) in [
            ("1 hour", "3600"),
            ("1 Hour", "3600"),
            ("9 hours", "32400"),
            ("1.5 hours", "5400"),
            ("1,5 h", "5400"),
            ("90 min", "5400"),
            ("90 minutes", "5400"),
            ("90m", "5400"),
            ("1h30m", "5400"),
            ("1h 30m", "5400"),
            ("1h30", "5400"),
            ("1 hour 30 minutes", "5400"),
            ("1 hour and 30 minutes", "5400"),
            ("2 hours each", "7200"),
            ("main time: 1 hour", "3600"),
            ("30 s", "30"),
            ("45 seconds", "45"),
            ("5m30", "330"),
            ("5m 30s", "330"),
            ("0.1 h", "360"),
            ("2.5 min", "150"),
            ("3 days", "259200"),
            ("3시간", "10800"),
            ("2시간", "7200"),
            ("각자 3시간", "10800"),
            ("제한시간 3시간", "10800"),
            ("3시간씩", "10800"),
            ("1시간 30분", "5400"),
            ("1時間", "3600"),
            ("1時間30分", "5400"),
            ("30分", "1800"),
            ("三時間", "10800"),
            ("1小时", "3600"),
            ("各1小时", "3600"),
            ("30秒", "30"),
            ("１時間", "3600"),
            ("1:30:00", "5400"),
            ("0:45:30", "2730"),
            ("10:00:00", "36000"),
        ] {
            assert_eq!(time(input), secs(want), "{input:?}");
        }
    }

    #[test]
    fn overtime_is_dropped_and_named() {
        for (input, want, dropped) in [
            (
                "10 minutes + 30 seconds byoyomi",
                "600",
                "+ 30 seconds byoyomi",
            ),
            ("1:00:00(5x1:00)", "3600", "(5x1:00)"),
            ("1 hour, 5x30s", "3600", ", 5x30s"),
            ("60 min 3x30s", "3600", "3x30s"),
            ("3시간 초읽기 1분 5회", "10800", "초읽기 1분 5회"),
            ("1時間 秒読み30秒", "3600", "秒読み30秒"),
            ("30 min sudden death", "1800", "sudden death"),
            ("1h + 25 moves / 10 min", "3600", "+ 25 moves / 10 min"),
        ] {
            assert_eq!(time(input), secs_dropping(want, dropped), "{input:?}");
        }
    }

    #[test]
    fn what_is_not_read() {
        assert_eq!(
            time("1:30"),
            Normalized::Ambiguous(vec!["5400".into(), "90".into()])
        );
        for input in [
            "-",
            "10+5",
            "fast",
            "h",
            "1:3",
            "1:60:00",
            "1:30:00:00",
            "5x30 byo-yomi",
        ] {
            assert_eq!(time(input), kept(Problem::Unrecognised), "{input:?}");
        }
        assert_eq!(
            time("30m1h"),
            kept(Problem::Unrecognised),
            "units out of order"
        );
        assert_eq!(
            time("2 hours approx"),
            kept(Problem::ExtraText("approx".into()))
        );
        assert_eq!(
            time("1 hour 30"),
            secs("5400"),
            "a bare number after hours is minutes"
        );
        assert_eq!(
            time("10 min 30 sec byoyomi"),
            Normalized::Ambiguous(vec!["630".into(), "600".into()]),
            "is the 30 sec main time or overtime?"
        );
        assert_eq!(
            time("1時間30分 秒読み30秒"),
            secs_dropping("5400", "秒読み30秒"),
            "the overtime has its own numbers"
        );
    }
}
