//! `DT` in the ISO forms `FF[4]` mandates: its grammar read ([`parse_ff4`])
//! and written with the shortcuts the standard recommends ([`write_ff4`]).
//!
//! `FF[4]` (`DT`): `YYYY-MM-DD`, or partial `YYYY-MM` and `YYYY`; a game
//! played on several days lists its dates separated by commas, with
//! shortcuts: `MM-DD` after `YYYY-MM-DD`, `YYYY-MM`, `MM-DD`, `MM` or `DD`;
//! `MM` after `YYYY-MM` or `MM`; `DD` after `YYYY-MM-DD`, `MM-DD` or `DD`.
//! Shortcuts take the last year and month before them. So
//! `1996-05-06,07,20` is the 6th, 7th and 20th of May 1996 and `1996-05,06`
//! May and June: valid, and kept as they are. The dates must exist in the
//! calendar: there is no 2021-02-30.

use super::calendar::Date;
use crate::values::Problem;

/// How an element of an `FF[4]` date list is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `YYYY`
    Y,
    /// `YYYY-MM`
    Ym,
    /// `YYYY-MM-DD`
    Ymd,
    /// `MM-DD`
    Md,
    /// `MM`
    M,
    /// `DD`
    D,
}

impl Shape {
    /// Whether an element of this shape may follow one of shape `prev`
    /// (`None`: it is the first).
    fn may_follow(self, prev: Option<Shape>) -> bool {
        use Shape::*;
        match self {
            Y | Ym | Ymd => true,
            Md => prev.is_some_and(|p| p != Y),
            M => matches!(prev, Some(Ym | M)),
            D => matches!(prev, Some(Ymd | Md | D)),
        }
    }
}

/// The dates of an `FF[4]` `DT` value. `Err(None)`: the value does not
/// follow the grammar; `Err(Some(_))`: it does, but a date in it does not
/// exist.
pub(super) fn parse_ff4(value: &str) -> Result<Vec<Date>, Option<Problem>> {
    let mut dates: Vec<Date> = Vec::new();
    let mut prev: Option<Shape> = None;
    for element in value.split(',') {
        let parts: Vec<&str> = element.split('-').collect();
        let lens: Vec<usize> = parts.iter().map(|p| p.len()).collect();
        if !parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(None);
        }
        let n: Vec<u32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
        let shape = match lens[..] {
            [4] => Shape::Y,
            [4, 2] => Shape::Ym,
            [4, 2, 2] => Shape::Ymd,
            [2, 2] => Shape::Md,
            [2] if matches!(prev, Some(Shape::Ym | Shape::M)) => Shape::M,
            [2] => Shape::D,
            _ => return Err(None),
        };
        if !shape.may_follow(prev) {
            return Err(None);
        }
        let last = dates.last();
        let (y, m) = (last.map(|d| d.y), last.and_then(|d| d.m));
        let date = match (shape, &n[..]) {
            (Shape::Y, &[y]) => Date {
                y,
                m: None,
                d: None,
            },
            (Shape::Ym, &[y, m]) => Date {
                y,
                m: Some(m),
                d: None,
            },
            (Shape::Ymd, &[y, m, d]) => Date {
                y,
                m: Some(m),
                d: Some(d),
            },
            (Shape::Md, &[m, d]) => Date {
                y: y.ok_or(None)?,
                m: Some(m),
                d: Some(d),
            },
            (Shape::M, &[m]) => Date {
                y: y.ok_or(None)?,
                m: Some(m),
                d: None,
            },
            (Shape::D, &[d]) => Date {
                y: y.ok_or(None)?,
                m: Some(m.ok_or(None)?),
                d: Some(d),
            },
            _ => return Err(None),
        };
        date.check().map_err(Some)?;
        dates.push(date);
        prev = Some(shape);
    }
    Ok(dates)
}

/// `dates` written as an `FF[4]` `DT` value, with every shortcut the
/// standard allows (it recommends them): `2012-11-22,23`, `1996-05,06`,
/// `1996-12-27,28,1997-01-03,04`. The dates must exist ([`Date::check`]).
pub fn write_ff4(dates: &[Date]) -> String {
    let mut out = String::new();
    let mut prev: Option<(Shape, Date)> = None;
    for date in dates {
        let same_year = prev.is_some_and(|(_, p)| p.y == date.y);
        let shape = match (date.m, date.d) {
            (None, _) => Shape::Y,
            (Some(_), None) if same_year && Shape::M.may_follow(prev.map(|p| p.0)) => Shape::M,
            (Some(_), None) => Shape::Ym,
            (Some(m), Some(_))
                if same_year
                    && prev.is_some_and(|(_, p)| p.m == Some(m))
                    && Shape::D.may_follow(prev.map(|p| p.0)) =>
            {
                Shape::D
            }
            (Some(_), Some(_)) if same_year && Shape::Md.may_follow(prev.map(|p| p.0)) => Shape::Md,
            (Some(_), Some(_)) => Shape::Ymd,
        };
        if !out.is_empty() {
            out.push(',');
        }
        let (m, d) = (date.m.unwrap_or(0), date.d.unwrap_or(0));
        out.push_str(&match shape {
            Shape::Y => format!("{:04}", date.y),
            Shape::Ym => format!("{:04}-{m:02}", date.y),
            Shape::Ymd => format!("{:04}-{m:02}-{d:02}", date.y),
            Shape::Md => format!("{m:02}-{d:02}"),
            Shape::M => format!("{m:02}"),
            Shape::D => format!("{d:02}"),
        });
        prev = Some((shape, *date));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::calendar::days_in_month;
    use super::super::date;
    use super::*;
    use crate::values::{Normalized, Reading, Rewrite};
    use proptest::prelude::*;

    fn ymd(y: u32, m: u32, d: u32) -> Date {
        Date {
            y,
            m: Some(m),
            d: Some(d),
        }
    }

    #[test]
    fn ff4_dates_are_valid() {
        for v in [
            "2012-11-22",
            "1946-07",
            "1946",
            "0850",
            "1996-05-06,07,20",
            "1996-05,06",
            "1996,1997",
            "1996-12-27,28,1997-01-03,04",
            "2019-02-28,2020-02-29,2021-01-10,11,12,02-03",
            "2002-10-16,17",
            "1996-05,06-01",
            "1996-05-06,07-01,02",
            "2000-02-29",
        ] {
            assert_eq!(date(v), Normalized::Valid, "{v}");
        }
    }

    #[test]
    fn ff4_grammar_with_impossible_dates() {
        let out = |s: &str| Normalized::Unparsed(Problem::OutOfRange(s.into()));
        assert_eq!(date("2021-02-29"), out("no day 29 in 2021-02"));
        assert_eq!(date("1900-02-29"), out("no day 29 in 1900-02"));
        assert_eq!(date("2012-13"), out("no month 13"));
        assert_eq!(date("2012-00-10"), out("no month 0"));
        assert_eq!(date("2012-04-31"), out("no day 31 in 2012-04"));
        assert_eq!(date("2012-04-30,31"), out("no day 31 in 2012-04"));
        assert_eq!(date("0000"), out("no year 0"));
    }

    #[test]
    fn shortcuts_follow_the_rules() {
        // Not the grammar: read as other spellings (or not at all).
        for v in [
            "1996,05",
            "1996-05-06,07-1",
            "05-06",
            "1996-5",
            "96-05-06",
            "1996-05-06,",
        ] {
            assert!(parse_ff4(v).is_err(), "{v}");
        }
        assert_eq!(parse_ff4("1996,05"), Err(None));
        // `MM` after `YYYY-MM-DD` is a day.
        assert_eq!(
            parse_ff4("1996-05-06,07").unwrap(),
            [ymd(1996, 5, 6), ymd(1996, 5, 7)]
        );
        assert_eq!(
            date("1996-05-06,07,"),
            Normalized::Rewritten(Rewrite::new("1996-05-06,07", Reading::Spelling))
        );
    }

    #[test]
    fn writing_uses_the_shortcuts() {
        let y = |y| Date {
            y,
            m: None,
            d: None,
        };
        let ym = |y, m| Date {
            y,
            m: Some(m),
            d: None,
        };
        for (dates, want) in [
            (vec![ymd(2012, 11, 22)], "2012-11-22"),
            (vec![ymd(2012, 11, 22), ymd(2012, 11, 23)], "2012-11-22,23"),
            (vec![ym(1996, 5), ym(1996, 6)], "1996-05,06"),
            (vec![y(1996), y(1997)], "1996,1997"),
            (
                vec![
                    ymd(1996, 12, 27),
                    ymd(1996, 12, 28),
                    ymd(1997, 1, 3),
                    ymd(1997, 1, 4),
                ],
                "1996-12-27,28,1997-01-03,04",
            ),
            (
                vec![ymd(2012, 11, 30), ymd(2012, 12, 1)],
                "2012-11-30,12-01",
            ),
            (vec![ym(2012, 11), ymd(2012, 12, 1)], "2012-11,12-01"),
            (vec![ymd(2012, 11, 30), ym(2012, 12)], "2012-11-30,2012-12"),
            (vec![y(2012), ymd(2012, 12, 1)], "2012,2012-12-01"),
            (vec![ymd(2012, 12, 1), y(2012)], "2012-12-01,2012"),
            (vec![ymd(2012, 11, 22), ymd(2012, 11, 22)], "2012-11-22,22"),
        ] {
            assert_eq!(write_ff4(&dates), want);
            assert_eq!(parse_ff4(want).unwrap(), dates, "{want}");
        }
    }

    #[test]
    fn next_dates() {
        assert_eq!(ymd(2012, 2, 28).next(), ymd(2012, 2, 29));
        assert_eq!(ymd(2011, 2, 28).next(), ymd(2011, 3, 1));
        assert_eq!(ymd(2011, 12, 31).next(), ymd(2012, 1, 1));
        let ym = |y, m| Date {
            y,
            m: Some(m),
            d: None,
        };
        assert_eq!(ym(2011, 12).next(), ym(2012, 1));
        assert_eq!(
            Date {
                y: 5,
                m: None,
                d: None
            }
            .next()
            .y,
            6
        );
    }

    /// A date that exists, at any precision.
    fn any_date() -> impl Strategy<Value = Date> {
        (1u32..=9999, 0u32..=12, 0u32..=31).prop_map(|(y, m, d)| {
            let m = (m > 0).then_some(m);
            let d = m.and_then(|m| (d > 0).then(|| 1 + (d - 1) % days_in_month(y, m)));
            Date { y, m, d }
        })
    }

    proptest! {
        /// Every list of existing dates, written with shortcuts, is valid
        /// `FF[4]` and reads back as the same dates.
        #[test]
        fn written_dates_are_valid(dates in prop::collection::vec(any_date(), 1..6)) {
            let written = write_ff4(&dates);
            prop_assert_eq!(date(&written), Normalized::Valid, "{}", written);
            prop_assert_eq!(parse_ff4(&written).unwrap(), dates);
        }
    }
}
