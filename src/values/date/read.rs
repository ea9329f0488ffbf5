//! Reading dates written in other ways than `FF[4]`'s, for `DT`.
//!
//! In three steps. **Words** ([`words`](super::words)): the text
//! is cut into numbers, month names, CJK units (`年 月 日`, `년 월 일`),
//! separators and other words; times of day (`14:03:11`, `T14:03`,
//! `14時03分`) and time zones are set aside to be named as dropped,
//! weekdays (`(木)`, `Monday`, `목요일`) are left out (the date says them).
//! **Pieces**: the words are read as dates or partial dates (`2012-11-22`,
//! `29.11.2012`, `Nov 22`, `23`), joined by list separators (`,` `;` `&`
//! `and` `、`) or ranges (`~` `..` `to` `-`). **Dates**: missing years and
//! months are taken from the piece before (`2012-11-22,23`) or, when none
//! has them, after (`12th and 13th March 1994`); ranges become every date
//! between; the result is written with `FF[4]`'s shortcuts.
//!
//! Where the reading depends on a choice (which of `03/04/2005` is the
//! day, which century `94` is in), every choice is tried: one that gives
//! existing dates is the rewrite, more than one make the value ambiguous.

use super::calendar::{today, Date};
use super::ff4::{parse_ff4, write_ff4};
use super::words::{tidy, tokens, Field, Kind, Tok};
use crate::values::text::fold;
use crate::values::{Normalized, Problem, Reading, Rewrite};

/// The dates (`DT`): a valid `FF[4]` value stays as it is, shortcuts and
/// all; one that follows the grammar but names a date that does not exist
/// (`2021-02-30`, `2012-13`) is out of range; every other one is read by
/// the reader of other spellings: `August 1, 2001`, `1 August 2001`,
/// `29th September 2012`, `29.11.2012`, `2001/08/01`, `2001.8.1`,
/// timestamps (`2012-11-22 14:03:11`, `2001-10-11 21:22:51 UT`,
/// `2014:01:27:17:54`, `2015- 8-29-22-56-58`: the time of day is dropped
/// and named), `2012年11月22日`, `2012년 11월 22일`, partial dates, lists
/// and ranges. Day and month in an order that cannot be told
/// (`03/04/2005`) are ambiguous; so is a two-digit year (`12.11.29`),
/// unless one of its centuries puts the date after today, when the record
/// cannot have been written (`date_by`).
pub fn date(value: &str) -> Normalized {
    date_by(value, today())
}

/// [`date`] for a record written by `latest` at the latest: a reading that
/// puts a date after `latest` is not one, when another reading is left
/// (`13/5/95` is 1995-05-13, not 2095-05-13).
pub fn date_by(value: &str, latest: Date) -> Normalized {
    match parse_ff4(value) {
        Ok(_) => Normalized::Valid,
        Err(Some(problem)) => Normalized::Unparsed(problem),
        Err(None) => read(value, latest),
    }
}

/// The dates `value` says, in any spelling [`date`] reads; `None` when it
/// says none for certain (unreadable, ambiguous, or no date that exists).
pub fn dates(value: &str) -> Option<Vec<Date>> {
    match date(value) {
        Normalized::Valid => parse_ff4(value).ok(),
        Normalized::Rewritten(r) => parse_ff4(&r.value).ok(),
        Normalized::Ambiguous(_) | Normalized::Unparsed(_) => None,
    }
}

/// The first date `value` says ([`dates`]) when it is a whole day (a year
/// and a month alone are not).
pub fn first_day(value: &str) -> Option<Date> {
    dates(value)?.first().copied().filter(|d| d.d.is_some())
}

/// Reads a `DT` value that is not `FF[4]` (see the module header), for a
/// record written by `latest`.
fn read(value: &str, latest: Date) -> Normalized {
    let text = fold(value);
    let text = text.trim();
    // `2012. 11. 22.` (Korean): a point after the last number ends it.
    let text = match text.strip_suffix('.') {
        Some(t) if t.ends_with(|c: char| c.is_ascii_digit()) => t,
        _ => text,
    };
    if text.is_empty() {
        return Normalized::Unparsed(Problem::Empty);
    }
    if let Some(stamped) = stamp(text) {
        return stamped;
    }
    let all = tokens(text);
    let dropped: Vec<&str> = all
        .iter()
        .filter(|t| t.kind == Kind::Time)
        .map(|t| text[t.start..t.end].trim())
        .collect();
    let toks = tidy(&all);
    let pieces = match pieces(text, &toks) {
        Ok(p) => p,
        Err(problem) => return Normalized::Unparsed(problem),
    };
    let outcome = choose(&pieces, latest);
    match outcome {
        Ok(Chosen::One(written)) => {
            let rewrite = Rewrite::new(written, pieces.reading()).dropping(&dropped.join(" "));
            Normalized::Rewritten(rewrite)
        }
        Ok(Chosen::Many(all)) => Normalized::Ambiguous(all),
        Err(problem) => Normalized::Unparsed(problem),
    }
}

/// A timestamp whose time of day is written with the date's own
/// separator, as the Korean servers' records write it: `2014:01:27:17:54`,
/// `2015- 8-29-22-56-58` (GIB pads with spaces), `2025-01-18-16-38-32`.
/// Year, month, day, hours, minutes and perhaps seconds, one separator
/// (`-` or `:`) between each; the time is dropped and named. `None` for any
/// other text.
fn stamp(text: &str) -> Option<Normalized> {
    let sep = text
        .chars()
        .find(|c| !c.is_ascii_digit() && !c.is_whitespace())?;
    if !matches!(sep, '-' | ':') {
        return None;
    }
    let fields: Vec<&str> = text.split(sep).map(str::trim).collect();
    let numbers = |f: &&str| !f.is_empty() && f.len() <= 4 && f.bytes().all(|b| b.is_ascii_digit());
    if !(5..=6).contains(&fields.len()) || !fields.iter().all(numbers) || fields[0].len() != 4 {
        return None;
    }
    let n: Vec<u32> = fields.iter().filter_map(|f| f.parse().ok()).collect();
    let clock_ok = n[3] < 24 && n[4] < 60 && n.get(5).is_none_or(|s| *s < 60);
    if !clock_ok || fields[1..].iter().any(|f| f.len() > 2) {
        return None;
    }
    let day = Date::day(n[0], n[1], n[2]);
    if let Err(problem) = day.check() {
        return Some(Normalized::Unparsed(problem));
    }
    // The time as written: what follows the day's separator.
    let mut at = 0;
    for _ in 0..3 {
        at += text[at..].find(sep)? + 1;
    }
    let rewrite = Rewrite::new(write_ff4(&[day]), Reading::Spelling).dropping(&text[at..]);
    Some(Normalized::Rewritten(rewrite))
}

// ---------------------------------------------------------------------------
// Pieces

/// A year as written: its value, and whether it had two digits (`94`: which
/// century is a choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Year {
    v: u32,
    short: bool,
}

/// How a piece was written, for the [`Reading`] of the rewrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Form {
    /// Year, month, day in that order, other separators (`2001/8/1`).
    Numbers,
    /// With month names or CJK units (`August 1, 2001`, `2012年11月22日`).
    Words,
    /// Day and month before the year (`29.11.2012`).
    YearLast,
}

/// A date or part of one, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    year: Option<Year>,
    month: Option<u32>,
    day: Option<u32>,
    /// The two numbers before the year of `29.11.2012`: which is the day
    /// is a choice.
    pair: Option<(u32, u32)>,
    /// A number alone (`23` of `2012-11-22,23`): a day or a month, by what
    /// is around it.
    bare: Option<u32>,
    /// A year written alone (`2012` of `Nov 22-24, 2012`).
    lone_year: bool,
    form: Form,
}

impl Piece {
    fn new(form: Form) -> Piece {
        Piece {
            year: None,
            month: None,
            day: None,
            pair: None,
            bare: None,
            lone_year: false,
            form,
        }
    }
}

/// The pieces of a date text and what joins each to the next: `,` (a
/// list), `~` (a range) or ` ` (a year after its dates: `Nov 22 2012`).
#[derive(Debug)]
struct Pieces {
    list: Vec<Piece>,
    joins: Vec<char>,
}

impl Pieces {
    /// How the text was read: the most interpretive form of its pieces.
    fn reading(&self) -> Reading {
        match self.list.iter().map(|p| p.form).max() {
            Some(Form::YearLast) => Reading::Reordered,
            Some(Form::Words) => Reading::Words,
            _ => Reading::Spelling,
        }
    }
}

/// Reads `toks` (from `text`) as pieces and joins.
fn pieces(text: &str, toks: &[Tok]) -> Result<Pieces, Problem> {
    let mut out = Pieces {
        list: Vec::new(),
        joins: Vec::new(),
    };
    let mut i = 0;
    while i < toks.len() {
        let Some((piece, next)) = piece_at(toks, i, out.list.last()) else {
            return Err(if out.list.is_empty() {
                Problem::Unrecognised
            } else {
                Problem::ExtraText(text[toks[i].start..].trim().to_owned())
            });
        };
        out.list.push(piece);
        i = next;
        let Some(join) = toks.get(i) else { break };
        let j = match join.kind {
            Kind::Sep(',') => ',',
            Kind::Sep('~' | '-') => '~',
            Kind::Space => ' ',
            _ => return Err(Problem::ExtraText(text[join.start..].trim().to_owned())),
        };
        i += 1;
        if i == toks.len() && j == ',' {
            break; // A list that ends with a comma.
        }
        out.joins.push(j);
    }
    if out.list.is_empty() {
        return Err(Problem::Unrecognised);
    }
    if out.joins.len() == out.list.len() {
        return Err(Problem::Unrecognised);
    }
    Ok(out)
}

/// The number at `i`: (value, digits, ordinal).
fn num(toks: &[Tok], i: usize) -> Option<(u32, usize, bool)> {
    match toks.get(i)?.kind {
        Kind::Num { v, len, ord } => Some((v, len, ord)),
        _ => None,
    }
}

/// The separator inside a date at `i`: `-`, `/`, `.` or a space.
fn field_sep(toks: &[Tok], i: usize) -> Option<char> {
    match toks.get(i)?.kind {
        Kind::Sep(c @ ('-' | '/' | '.')) => Some(c),
        Kind::Space => Some(' '),
        _ => None,
    }
}

/// A month or day number (one or two digits) at `i`.
fn small(toks: &[Tok], i: usize) -> Option<u32> {
    num(toks, i).filter(|&(_, len, _)| len <= 2).map(|n| n.0)
}

/// A four-digit year at `i`.
fn year4(toks: &[Tok], i: usize) -> Option<Year> {
    num(toks, i)
        .filter(|&(_, len, ord)| len == 4 && !ord)
        .map(|(v, ..)| Year { v, short: false })
}

/// The piece at `i`, and where the next word starts; `prev` is the piece
/// before, if any.
fn piece_at(toks: &[Tok], i: usize, prev: Option<&Piece>) -> Option<(Piece, usize)> {
    cjk(toks, i)
        .or_else(|| compact(toks, i))
        .or_else(|| year_first(toks, i))
        .or_else(|| month_first(toks, i))
        .or_else(|| day_first(toks, i))
        .or_else(|| year_last(toks, i))
        .or_else(|| continuation(toks, i, prev))
}

/// `2012年11月22日`, `2012년 11월 22일`, `11月22日`, `23日`: numbers with
/// their units, year, month, day in order (each may be missing, but a day
/// needs a month when there is a year).
fn cjk(toks: &[Tok], i: usize) -> Option<(Piece, usize)> {
    let mut p = Piece::new(Form::Words);
    let mut j = i;
    let mut any = false;
    for field in [Field::Year, Field::Month, Field::Day] {
        let Some((v, len, _)) = num(toks, j) else {
            break;
        };
        let unit = toks.get(j + 1).map(|t| t.kind) == Some(Kind::Unit(field));
        if field == Field::Day && !unit && p.month.is_some() && days_end_in_unit(toks, j) {
            // `11月22、23日`: the unit of a list of days comes at its end.
            p.day = Some(v);
            return Some((p, j + 1));
        }
        if !unit {
            continue;
        }
        match field {
            Field::Year if len == 4 => p.year = Some(Year { v, short: false }),
            Field::Year if len == 2 => p.year = Some(Year { v, short: true }),
            Field::Year => return None,
            Field::Month => p.month = Some(v),
            Field::Day => p.day = Some(v),
        }
        any = true;
        j += 2;
        if toks.get(j).map(|t| t.kind) == Some(Kind::Space) && num(toks, j + 1).is_some() {
            j += 1;
        }
    }
    let gap = p.year.is_some() && p.day.is_some() && p.month.is_none();
    (any && !gap).then_some((p, j))
}

/// Whether the numbers from `j` on, joined by list or range separators,
/// end with the day unit (`22、23日`, `22-24日`).
fn days_end_in_unit(toks: &[Tok], mut j: usize) -> bool {
    loop {
        match toks.get(j + 1).map(|t| t.kind) {
            Some(Kind::Unit(Field::Day)) => return j > 0,
            Some(Kind::Sep(',' | '~' | '-')) if small(toks, j + 2).is_some() => j += 2,
            _ => return false,
        }
    }
}

/// `20121122`: eight digits, year, month, day.
fn compact(toks: &[Tok], i: usize) -> Option<(Piece, usize)> {
    let (v, len, _) = num(toks, i)?;
    if len != 8 {
        return None;
    }
    let mut p = Piece::new(Form::Numbers);
    p.year = Some(Year {
        v: v / 10_000,
        short: false,
    });
    p.month = Some(v / 100 % 100);
    p.day = Some(v % 100);
    Some((p, i + 1))
}

/// `2012-11-22`, `2001/8/1`, `2001.8.1`, `2001 8 1`, `2012-11`, `2001-Aug-01`,
/// `2012`: a four-digit year first, then month and day with one separator.
fn year_first(toks: &[Tok], i: usize) -> Option<(Piece, usize)> {
    let year = year4(toks, i)?;
    let mut p = Piece::new(Form::Numbers);
    p.year = Some(year);
    let Some(s) = field_sep(toks, i + 1) else {
        p.lone_year = true;
        return Some((p, i + 1));
    };
    let month = match toks.get(i + 2).map(|t| t.kind) {
        Some(Kind::Month(m)) => {
            p.form = Form::Words;
            Some(m)
        }
        _ => small(toks, i + 2),
    };
    let Some(month) = month else {
        p.lone_year = true;
        return Some((p, i + 1));
    };
    p.month = Some(month);
    if field_sep(toks, i + 3) == Some(s) {
        if let Some(day) = small(toks, i + 4) {
            p.day = Some(day);
            return Some((p, i + 5));
        }
    }
    Some((p, i + 3))
}

/// The year after a month or a day, at `j` past an optional separator or
/// comma: four digits, or two when `short_ok` (`March 94`).
fn year_after(toks: &[Tok], j: usize, short_ok: bool) -> Option<(Year, usize)> {
    let at = match toks.get(j).map(|t| t.kind) {
        Some(Kind::Space | Kind::Sep(',' | '-' | '.' | '/')) => j + 1,
        _ => return None,
    };
    if let Some(y) = year4(toks, at) {
        // Not the year of the next date (`Aug 1, 2001-08-02`).
        let s = field_sep(toks, at + 1);
        let next_date = s.is_some()
            && small(toks, at + 2).is_some()
            && field_sep(toks, at + 3) == s
            && small(toks, at + 4).is_some();
        if next_date {
            return None;
        }
        return Some((y, at + 1));
    }
    let (v, len, ord) = num(toks, at)?;
    (short_ok && len == 2 && !ord && field_sep(toks, at + 1).is_none())
        .then_some((Year { v, short: true }, at + 1))
}

/// `August 1, 2001`, `Aug 1st 2001`, `Nov 22`, `August 2001`, `March 94`,
/// `May`: a month name first.
fn month_first(toks: &[Tok], i: usize) -> Option<(Piece, usize)> {
    let Kind::Month(m) = toks.get(i)?.kind else {
        return None;
    };
    let mut p = Piece::new(Form::Words);
    p.month = Some(m);
    let sep = matches!(
        toks.get(i + 1).map(|t| t.kind),
        Some(Kind::Space | Kind::Sep('-' | '.' | '/' | ','))
    );
    if !sep {
        return Some((p, i + 1));
    }
    if let Some((y, next)) = year_after(toks, i + 1, false) {
        p.year = Some(y);
        return Some((p, next));
    }
    match num(toks, i + 2) {
        Some((d, len, _)) if len <= 2 && d <= 31 => {
            p.day = Some(d);
            match year_after(toks, i + 3, false) {
                Some((y, next)) => {
                    p.year = Some(y);
                    Some((p, next))
                }
                None => Some((p, i + 3)),
            }
        }
        Some((v, 2, false)) => {
            p.year = Some(Year { v, short: true });
            Some((p, i + 3))
        }
        _ => Some((p, i + 1)),
    }
}

/// `1 August 2001`, `29th September 2012`, `1st of August, 2001`,
/// `01-Aug-2001`, `13th March 94`: a day, then a month name.
fn day_first(toks: &[Tok], i: usize) -> Option<(Piece, usize)> {
    let day = small(toks, i)?;
    let mut j = i + 1;
    if field_sep(toks, j).is_some() {
        j += 1;
    }
    let Kind::Month(m) = toks.get(j)?.kind else {
        return None;
    };
    let mut p = Piece::new(Form::Words);
    p.day = Some(day);
    p.month = Some(m);
    match year_after(toks, j + 1, true) {
        Some((y, next)) => {
            p.year = Some(y);
            Some((p, next))
        }
        None => Some((p, j + 1)),
    }
}

/// `29.11.2012`, `03/04/2005`, `12.11.29`, `08/2001`: day and month (in an
/// order to choose) or a month, then the year.
fn year_last(toks: &[Tok], i: usize) -> Option<(Piece, usize)> {
    let a = small(toks, i)?;
    let s = field_sep(toks, i + 1)?;
    let mut p = Piece::new(Form::YearLast);
    // `08/2001`; not `6 2012` (the day 6 of `Jan 5-6 2012`).
    if let Some(y) = year4(toks, i + 2).filter(|_| a <= 12 && s != ' ') {
        p.month = Some(a);
        p.year = Some(y);
        return Some((p, i + 3));
    }
    let b = small(toks, i + 2)?;
    if field_sep(toks, i + 3) != Some(s) {
        return None;
    }
    let year = match num(toks, i + 4)? {
        (v, 4, false) => Year { v, short: false },
        (v, 2, false) => Year { v, short: true },
        _ => return None,
    };
    p.pair = Some((a, b));
    p.year = Some(year);
    Some((p, i + 5))
}

/// After another piece: `12-01` (a month and a day, `FF[4]`'s `MM-DD`), or a
/// number alone (`23`, `13th`), a day or a month by what is around it.
fn continuation(toks: &[Tok], i: usize, prev: Option<&Piece>) -> Option<(Piece, usize)> {
    let (v, len, ord) = num(toks, i)?;
    if len > 2 {
        return None;
    }
    let mut p = Piece::new(Form::Numbers);
    if prev.is_some() && !ord && v <= 12 && field_sep(toks, i + 1) == Some('-') {
        if let Some(d) = small(toks, i + 2) {
            p.month = Some(v);
            p.day = Some(d);
            return Some((p, i + 3));
        }
    }
    if ord {
        p.day = Some(v);
    } else {
        p.bare = Some(v);
    }
    Some((p, i + 1))
}

// ---------------------------------------------------------------------------
// Dates

/// The choices a reading may depend on.
#[derive(Clone, Copy, Debug)]
struct Choice {
    /// Day before month in `29.11.2012` (else month before day).
    day_first: bool,
    /// The century of a two-digit year.
    century: u32,
}

/// What the choices gave.
enum Chosen {
    /// One `FF[4]` value.
    One(String),
    /// Several, in the order of the choices.
    Many(Vec<String>),
}

/// Every choice the pieces depend on, tried: the `FF[4]` values that came
/// out, or the problem of the first when none did. A value with a date
/// after `latest` counts only when every value has one.
fn choose(pieces: &Pieces, latest: Date) -> Result<Chosen, Problem> {
    let pairs = pieces.list.iter().any(|p| p.pair.is_some());
    let short = pieces.list.iter().any(|p| p.year.is_some_and(|y| y.short));
    let mut written: Vec<String> = Vec::new();
    let mut future: Vec<String> = Vec::new();
    let mut first_problem = None;
    for day_first in [true, false] {
        for century in [1900, 2000] {
            if (!day_first && !pairs) || (century == 2000 && !short) {
                continue;
            }
            match dates_of(pieces, Choice { day_first, century }) {
                Ok(d) => {
                    let w = write_ff4(&d);
                    let to = match d.iter().any(|date| *date > latest) {
                        true => &mut future,
                        false => &mut written,
                    };
                    if !to.contains(&w) {
                        to.push(w);
                    }
                }
                Err(p) => {
                    first_problem.get_or_insert(p);
                }
            }
        }
    }
    if written.is_empty() {
        written = future;
    }
    match written.len() {
        0 => Err(first_problem.unwrap_or(Problem::Unrecognised)),
        1 => Ok(Chosen::One(written.remove(0))),
        _ => Ok(Chosen::Many(written)),
    }
}

/// A piece on its way to a [`Date`]: fields known so far.
#[derive(Clone, Copy, Debug)]
struct Partial {
    y: Option<u32>,
    m: Option<u32>,
    d: Option<u32>,
    bare: Option<u32>,
    lone_year: bool,
}

/// The dates the pieces say under `choice`.
fn dates_of(pieces: &Pieces, choice: Choice) -> Result<Vec<Date>, Problem> {
    let mut list: Vec<Partial> = pieces.list.iter().map(|p| partial(p, choice)).collect();
    let mut joins = pieces.joins.clone();
    merge_trailing_year(&mut list, &mut joins);
    if joins.contains(&' ') {
        return Err(Problem::Unrecognised);
    }
    type_bare_numbers(&mut list)?;
    fill(&mut list);
    let mut out: Vec<Date> = Vec::new();
    for (i, p) in list.iter().enumerate() {
        let date = Date {
            y: p.y.ok_or(Problem::Unrecognised)?,
            m: p.m,
            d: p.d,
        };
        date.check()?;
        if i > 0 && joins[i - 1] == '~' {
            let from = out.pop().ok_or(Problem::Unrecognised)?;
            out.extend(range(from, date)?);
        } else {
            out.push(date);
        }
    }
    Ok(out)
}

/// A piece's fields under `choice`.
fn partial(p: &Piece, choice: Choice) -> Partial {
    let (mut m, mut d) = (p.month, p.day);
    if let Some((a, b)) = p.pair {
        (d, m) = if choice.day_first {
            (Some(a), Some(b))
        } else {
            (Some(b), Some(a))
        };
    }
    Partial {
        y: p.year
            .map(|y| if y.short { choice.century + y.v } else { y.v }),
        m,
        d,
        bare: p.bare,
        lone_year: p.lone_year,
    }
}

/// `Nov 22-24, 2012`, `Nov 22 2012`: a year written alone after dates that
/// have none (and none before them has one) is their year. Only the first
/// piece with a year can be such a year.
fn merge_trailing_year(list: &mut Vec<Partial>, joins: &mut Vec<char>) {
    let Some(k) = list.iter().position(|p| p.y.is_some()) else {
        return;
    };
    if k > 0 && list[k].lone_year && matches!(joins[k - 1], ',' | ' ') {
        let y = list[k].y;
        for p in &mut list[..k] {
            p.y = y;
        }
        list.remove(k);
        joins.remove(k - 1);
    }
}

/// A number alone is a day after (or, when first, before) a piece with a
/// day, a month after one with a month only.
fn type_bare_numbers(list: &mut [Partial]) -> Result<(), Problem> {
    for i in 0..list.len() {
        let Some(v) = list[i].bare else { continue };
        let before = i.checked_sub(1).map(|j| list[j]);
        let after = list.get(i + 1).copied();
        let like = before.filter(|p| p.m.is_some()).or(after);
        match like {
            Some(p) if p.d.is_some() => list[i].d = Some(v),
            Some(p) if p.m.is_some() => list[i].m = Some(v),
            _ => return Err(Problem::Unrecognised),
        }
        list[i].bare = None;
    }
    Ok(())
}

/// Missing years and months, from the piece before (`FF[4]`'s shortcuts,
/// `2012-11-22,23`), or after when none before has them (`12th and 13th
/// March 1994`).
fn fill(list: &mut [Partial]) {
    for i in 1..list.len() {
        let prev = list[i - 1];
        let p = &mut list[i];
        if p.y.is_none() {
            p.y = prev.y;
        }
        if p.m.is_none() && p.d.is_some() {
            p.m = prev.m;
        }
    }
    for i in (0..list.len().saturating_sub(1)).rev() {
        let next = list[i + 1];
        let p = &mut list[i];
        if p.y.is_none() {
            p.y = next.y;
        }
        if p.m.is_none() && p.d.is_some() {
            p.m = next.m;
        }
    }
}

/// The longest range read (in dates).
const MAX_RANGE: usize = 100;

/// Every date from `from` to `to`, both included, at their precision.
fn range(from: Date, to: Date) -> Result<Vec<Date>, Problem> {
    if !from.same_precision(&to) || to < from {
        return Err(Problem::OutOfRange(format!(
            "no range from {} to {}",
            write_ff4(&[from]),
            write_ff4(&[to])
        )));
    }
    let mut out = vec![from];
    while *out.last().unwrap_or(&to) < to {
        if out.len() >= MAX_RANGE {
            return Err(Problem::OutOfRange(format!(
                "a range of more than {MAX_RANGE} dates"
            )));
        }
        let next = out.last().unwrap_or(&to).next();
        out.push(next);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::date;
    use super::*;
    use proptest::prelude::*;

    fn rw(value: &str, reading: Reading) -> Normalized {
        Normalized::Rewritten(Rewrite::new(value, reading))
    }
    fn sp(value: &str) -> Normalized {
        rw(value, Reading::Spelling)
    }
    fn wd(value: &str) -> Normalized {
        rw(value, Reading::Words)
    }
    fn ro(value: &str) -> Normalized {
        rw(value, Reading::Reordered)
    }
    fn kept(p: Problem) -> Normalized {
        Normalized::Unparsed(p)
    }

    #[test]
    fn english_dates() {
        for (input, want) in [
            ("August 1, 2001", "2001-08-01"),
            ("august 1 2001", "2001-08-01"),
            ("Aug 1st 2001", "2001-08-01"),
            ("Aug. 1, 2001", "2001-08-01"),
            ("1 August 2001", "2001-08-01"),
            ("1st of August, 2001", "2001-08-01"),
            ("29th September 2012", "2012-09-29"),
            ("01-Aug-2001", "2001-08-01"),
            ("August 2001", "2001-08"),
            ("Sept 2001", "2001-09"),
            ("2001 August 1", "2001-08-01"),
            ("2001-Aug-01", "2001-08-01"),
            ("Thursday, November 22, 2012", "2012-11-22"),
            ("Nov 22-24, 2012", "2012-11-22,23,24"),
            ("Nov 22 - 24 2012", "2012-11-22,23,24"),
            ("Jan 5-6 2012", "2012-01-05,06"),
            ("22-24 November 2012", "2012-11-22,23,24"),
            ("12th and 13th March 1994", "1994-03-12,13"),
            ("March 12 and 13, 1994", "1994-03-12,13"),
            ("Nov 30 to Dec 2, 2012", "2012-11-30,12-01,02"),
            ("May 2005 to July 2005", "2005-05,06,07"),
            ("12 Nov 2012 - 15 Nov 2012", "2012-11-12,13,14,15"),
            ("Aug 1, 2001-08-02", "2001-08-01,02"),
        ] {
            assert_eq!(date(input), wd(want), "{input:?}");
        }
    }

    #[test]
    fn numeric_dates() {
        for (input, want) in [
            ("2001/08/01", "2001-08-01"),
            ("2001.8.1", "2001-08-01"),
            ("2001-8-1", "2001-08-01"),
            ("2001 8 1", "2001-08-01"),
            ("2012. 11. 22.", "2012-11-22"),
            ("2001/8", "2001-08"),
            ("20121122", "2012-11-22"),
            ("２０１２／１１／２２", "2012-11-22"),
            ("2012/11/22,23", "2012-11-22,23"),
            ("2012-11-22, 23", "2012-11-22,23"),
            ("2012-11-22 & 23", "2012-11-22,23"),
            ("2012-11-22~24", "2012-11-22,23,24"),
            ("2012-11-22..2012-11-24", "2012-11-22,23,24"),
            ("2012-11-30~12-02", "2012-11-30,12-01,02"),
            ("1996~1998", "1996,1997,1998"),
            ("1996-05-06,07,", "1996-05-06,07"),
            (" 2012-11-22 ", "2012-11-22"),
            ("2012-11-22 (Thu)", "2012-11-22"),
            ("2012.11.22 (목)", "2012-11-22"),
        ] {
            assert_eq!(date(input), sp(want), "{input:?}");
        }
        for (input, want) in [
            ("29.11.2012", "2012-11-29"),
            ("29/11/2012", "2012-11-29"),
            ("11/29/2012", "2012-11-29"),
            ("5.5.2005", "2005-05-05"),
            ("08/2001", "2001-08"),
            ("22-24.11.2012", "2012-11-22,23,24"),
        ] {
            assert_eq!(date(input), ro(want), "{input:?}");
        }
    }

    #[test]
    fn cjk_dates() {
        for (input, want) in [
            ("2012年11月22日", "2012-11-22"),
            ("2012年11月", "2012-11"),
            ("2012年", "2012"),
            ("2012년 11월 22일", "2012-11-22"),
            ("2012년11월22일", "2012-11-22"),
            ("2012年11月22日(木)", "2012-11-22"),
            ("2012年11月22日 木曜日", "2012-11-22"),
            ("2012년 11월 22일 (목)", "2012-11-22"),
            ("2012년 11월 22일 목요일", "2012-11-22"),
            ("2012年11月22日星期四", "2012-11-22"),
            ("2012年11月22日-23日", "2012-11-22,23"),
            ("2012年11月22日、23日", "2012-11-22,23"),
            ("2012年11月22、23日", "2012-11-22,23"),
            ("2012年11月22・23日", "2012-11-22,23"),
            ("2012年11月22-24日", "2012-11-22,23,24"),
            ("２０１２年１１月２２日", "2012-11-22"),
        ] {
            assert_eq!(date(input), wd(want), "{input:?}");
        }
    }

    #[test]
    fn times_of_day_are_dropped_and_named() {
        let dropping =
            |v: &str, reading, d: &str| Normalized::Rewritten(Rewrite::new(v, reading).dropping(d));
        for (input, want, dropped) in [
            ("2012-11-22 14:03:11", "2012-11-22", "14:03:11"),
            ("2012-11-22T14:03", "2012-11-22", "T14:03"),
            (
                "2017-04-04T09:59:32.868979037+00:00",
                "2017-04-04",
                "T09:59:32.868979037+00:00",
            ),
            ("2012-11-22 14:03Z", "2012-11-22", "14:03Z"),
            ("2004-10-27 16:01:54", "2004-10-27", "16:01:54"),
            ("2000-01-01 00:53", "2000-01-01", "00:53"),
            ("2012/11/22 2:03 PM", "2012-11-22", "2:03 PM"),
            ("2012-11-22 14:03 UTC", "2012-11-22", "14:03 UTC"),
        ] {
            assert_eq!(
                date(input),
                dropping(want, Reading::Spelling, dropped),
                "{input:?}"
            );
        }
        assert_eq!(
            date("2012年11月22日 14時03分"),
            dropping("2012-11-22", Reading::Words, "14時03分")
        );
        assert_eq!(
            date("2012년 11월 22일 오후 2시 3분"),
            dropping("2012-11-22", Reading::Words, "오후 2시 3분")
        );
    }

    #[test]
    fn ambiguous_dates() {
        let amb = |v: &[&str]| Normalized::Ambiguous(v.iter().map(|s| s.to_string()).collect());
        assert_eq!(date("03/04/2005"), amb(&["2005-04-03", "2005-03-04"]));
        assert_eq!(date("3.4.2005"), amb(&["2005-04-03", "2005-03-04"]));
        let by = |v: &str, y: u32| date_by(v, Date::day(y, 1, 1));
        assert_eq!(
            by("12th and 13th march 94", 2200),
            amb(&["1994-03-12,13", "2094-03-12,13"])
        );
        // A century that puts the date after the record's writing is not
        // a reading.
        assert_eq!(
            by("12th and 13th march 94", 2025),
            Normalized::reworded("1994-03-12,13")
        );
        let reordered = |v: &str| Normalized::Rewritten(Rewrite::new(v, Reading::Reordered));
        assert_eq!(by("13/5/95", 2025), reordered("1995-05-13"));
        assert_eq!(by("13/5/95", 2096), amb(&["1995-05-13", "2095-05-13"]));
        assert_eq!(by("29.11.12", 2012), reordered("1912-11-29"));
        // Every reading after it: they all stand.
        assert_eq!(by("29.11.12", 1900), amb(&["1912-11-29", "2012-11-29"]));
        assert_eq!(date("29.11.12"), amb(&["1912-11-29", "2012-11-29"]));
        assert_eq!(
            date("01/02/03"),
            amb(&["1903-02-01", "2003-02-01", "1903-01-02", "2003-01-02"])
        );
    }

    #[test]
    fn what_is_kept() {
        let out = |s: &str| kept(Problem::OutOfRange(s.into()));
        let extra = |s: &str| kept(Problem::ExtraText(s.into()));
        for (input, want) in [
            ("", kept(Problem::Empty)),
            ("  ", kept(Problem::Empty)),
            ("a sunny afternoon last summer", kept(Problem::Unrecognised)),
            ("196", kept(Problem::Unrecognised)),
            ("May", kept(Problem::Unrecognised)),
            ("22", kept(Problem::Unrecognised)),
            (
                "1600 approx. (Keicho era, 1596-1615)",
                extra("approx. (Keicho era, 1596-1615)"),
            ),
            ("0850 onwards", extra("onwards")),
            ("2012-11-22 (round 3)", extra("(round 3)")),
            ("平成24年11月22日", kept(Problem::Unrecognised)),
            ("30.02.2012", out("no day 30 in 2012-02")),
            ("2012/13/01", out("no month 13")),
            ("32.13.2012", out("no month 13")),
            (
                "2012-11-24~22",
                out("no range from 2012-11-24 to 2012-11-22"),
            ),
            ("1000~1200", out("a range of more than 100 dates")),
            (
                "2012-11~2012-12-01",
                out("no range from 2012-11 to 2012-12-01"),
            ),
        ] {
            assert_eq!(date(input), want, "{input:?}");
        }
    }

    /// Text around `FF[4]` dates that reading must survive.
    fn noisy() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just("2012".to_string()),
                Just("11".to_string()),
                Just("-".to_string()),
                Just("/".to_string()),
                Just(".".to_string()),
                Just(",".to_string()),
                Just(" ".to_string()),
                Just("~".to_string()),
                Just("Aug".to_string()),
                Just("年".to_string()),
                Just("日".to_string()),
                Just("14:03".to_string()),
                Just("(木)".to_string()),
                "[0-9]{1,4}",
                "\\PC{0,3}",
            ],
            0..8,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        /// Reading never panics, and whatever it writes is valid `FF[4]`
        /// that reading keeps as it is (normalizing twice = once).
        #[test]
        fn rewrites_are_valid_and_stable(s in noisy()) {
            match date(&s) {
                Normalized::Rewritten(r) => {
                    prop_assert_eq!(date(&r.value), Normalized::Valid, "{:?} → {:?}", s, r.value);
                }
                Normalized::Ambiguous(all) => {
                    prop_assert!(all.len() >= 2);
                    for v in all {
                        prop_assert_eq!(date(&v), Normalized::Valid, "{:?} → {:?}", s, v);
                    }
                }
                _ => {}
            }
        }
    }
}
