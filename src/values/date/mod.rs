//! `DT`, the dates a game was played: every spelling of them read
//! ([`date`]), and the dates a value says ([`dates`], [`first_day`]) for
//! the readers and writers of other formats, which need them as numbers.
//!
//! A valid `FF[4]` value stays as it is ([`ff4`]: the grammar, its
//! shortcuts, the calendar); every other is read by [`read`] (from the
//! words of [`words`]: month names, CJK units, times of day, weekdays).

mod calendar;
mod ff4;
mod read;
mod words;

pub use calendar::Date;

use super::Normalized;

/// The dates (`DT`): a valid `FF[4]` value stays as it is, shortcuts and
/// all; one that follows the grammar but names a date that does not exist
/// (`2021-02-30`, `2012-13`) is out of range; every other one is read by
/// the reader of other spellings: `August 1, 2001`, `1 August 2001`,
/// `29th September 2012`, `29.11.2012`, `2001/08/01`, `2001.8.1`,
/// timestamps (`2012-11-22 14:03:11`, `2001-10-11 21:22:51 UT`,
/// `2014:01:27:17:54`, `2015- 8-29-22-56-58`: the time of day is dropped
/// and named), `2012年11月22日`, `2012년 11월 22일`, partial dates, lists
/// and ranges. Day and month in an order that cannot be told
/// (`03/04/2005`) are ambiguous; so is a two-digit year (`12.11.29`).
pub fn date(value: &str) -> Normalized {
    match ff4::parse_ff4(value) {
        Ok(_) => Normalized::Valid,
        Err(Some(problem)) => Normalized::Unparsed(problem),
        Err(None) => read::read(value),
    }
}

/// The dates `value` says, in any spelling [`date`] reads; `None` when it
/// says none for certain (unreadable, ambiguous, or no date that exists).
pub fn dates(value: &str) -> Option<Vec<Date>> {
    match date(value) {
        Normalized::Valid => ff4::parse_ff4(value).ok(),
        Normalized::Rewritten(r) => ff4::parse_ff4(&r.value).ok(),
        Normalized::Ambiguous(_) | Normalized::Unparsed(_) => None,
    }
}

/// The first date `value` says ([`dates`]) when it is a whole day (a year
/// and a month alone are not).
pub fn first_day(value: &str) -> Option<Date> {
    dates(value)?.first().copied().filter(|d| d.d.is_some())
}

/// `dates` written as an `FF[4]` `DT` value, with the shortcuts the
/// standard recommends (`2012-11-22,23`). The dates must exist
/// ([`Date::check`]).
pub fn write_dates(dates: &[Date]) -> String {
    ff4::write_ff4(dates)
}
