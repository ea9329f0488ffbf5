//! One date of a `DT` value, at the precision it was written (a year, a
//! month, a day), and the (proleptic Gregorian) calendar it must exist in.

use crate::values::Problem;

/// One date of a `DT` value: a year, a month of it, or a day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// The year, 1–9999.
    pub y: u32,
    /// The month, 1–12, if known.
    pub m: Option<u32>,
    /// The day of the month, if known (only with a month).
    pub d: Option<u32>,
}

impl Date {
    /// A whole day: year `y`, month `m`, day `d`.
    pub fn day(y: u32, m: u32, d: u32) -> Date {
        Date {
            y,
            m: Some(m),
            d: Some(d),
        }
    }

    /// (year, month, day) of a whole day; `None` for a month or a year.
    pub fn ymd(&self) -> Option<(u32, u32, u32)> {
        Some((self.y, self.m?, self.d?))
    }

    /// Whether the date exists in the (proleptic Gregorian) calendar:
    /// `Err` names what does not.
    pub fn check(&self) -> Result<(), Problem> {
        let bad = |what: String| Err(Problem::OutOfRange(what));
        if !(1..=9999).contains(&self.y) {
            return bad(format!("no year {}", self.y));
        }
        let Some(m) = self.m else {
            return if self.d.is_some() {
                bad("a day without a month".into())
            } else {
                Ok(())
            };
        };
        if !(1..=12).contains(&m) {
            return bad(format!("no month {m}"));
        }
        match self.d {
            Some(d) if d == 0 || d > days_in_month(self.y, m) => {
                bad(format!("no day {d} in {:04}-{m:02}", self.y))
            }
            _ => Ok(()),
        }
    }

    /// The date after this one at the same precision (the next day, month
    /// or year).
    pub(super) fn next(&self) -> Date {
        let mut n = *self;
        match (self.m, self.d) {
            (Some(m), Some(d)) if d < days_in_month(self.y, m) => n.d = Some(d + 1),
            (Some(m), Some(_)) if m < 12 => (n.m, n.d) = (Some(m + 1), Some(1)),
            (Some(_), Some(_)) => (n.y, n.m, n.d) = (self.y + 1, Some(1), Some(1)),
            (Some(m), None) if m < 12 => n.m = Some(m + 1),
            (Some(_), None) => (n.y, n.m) = (self.y + 1, Some(1)),
            (None, _) => n.y = self.y + 1,
        }
        n
    }

    /// Whether the two dates have the same precision.
    pub(super) fn same_precision(&self, other: &Date) -> bool {
        self.m.is_some() == other.m.is_some() && self.d.is_some() == other.d.is_some()
    }
}

/// Today (UTC, from the system clock): the latest day a record read now
/// can have been written on. A clock before 1970 gives 1970-01-01.
pub fn today() -> Date {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil(secs / 86_400)
}

/// The day `days` after 1970-01-01 (the civil-from-days algorithm of
/// Howard Hinnant's date library).
fn civil(days: u64) -> Date {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = (yoe + era * 400 + i64::from(m <= 2)) as u32;
    Date::day(y, m, d)
}

/// Days in month `m` of year `y`, Gregorian.
pub(super) fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_since_1970() {
        assert_eq!(civil(0), Date::day(1970, 1, 1));
        assert_eq!(civil(59), Date::day(1970, 3, 1));
        assert_eq!(civil(11_016), Date::day(2000, 2, 29));
        assert_eq!(civil(20_420), Date::day(2025, 11, 28));
        assert!(today() >= Date::day(2025, 1, 1));
    }
}
