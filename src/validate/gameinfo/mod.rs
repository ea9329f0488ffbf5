//! Normalizers of game-info values and of the `FF[4]` value types: each takes
//! one property value (unescaped, decoded) and says whether it is valid
//! `FF[4]`, what its `FF[4]` form is, or why it has none.
//!
//! | property or type | function | `FF[4]` form |
//! |---|---|---|
//! | `DT` | [`date`] | `YYYY-MM-DD`, `YYYY-MM`, `YYYY`, comma lists with shortcuts |
//! | `TM` | [`time`] | seconds, a real |
//! | `RE` | [`result`] | `B+R`, `W+3.5`, `B+T`, `W+F`, `B+`, `0`, `Void`, `?` |
//! | `KM` | [`komi`] | a real |
//! | `HA` | [`handicap`] | a number |
//! | `SZ` | [`size`] | `19` or `19:13` |
//! | number, real | [`number`], [`real`] | `[+-]digits`, `number[.digits]` |
//! | double, color | [`double`], [`color`] | `1` or `2`, `B` or `W` |
//! | simpletext | [`simple_text`] | no line breaks, no tabs |
//!
//! [`value`] picks the right one for a property identifier.
//!
//! Every rule, with examples and the sections of the specifications it
//! comes from, is in `formats/validation.md`. The rules share three
//! principles: a valid value is never changed (`KM[7.50]`, `RE[B+Resign]`
//! and the date shortcuts `1996-05-06,07` stay); a value is rewritten only
//! when it can mean one thing (`03/04/2005` is [`Normalized::Ambiguous`]);
//! and what the `FF[4]` form cannot carry (a time of day, an overtime, a
//! move count) is named in [`Rewrite::dropped`], never lost silently.

mod amount;
mod date;
mod date_read;
mod date_words;
mod numbers;
mod result;
mod text;
mod time;

pub use date::date;
pub use numbers::{color, double, handicap, komi, number, real, size};
pub(crate) use numbers::{is_number, is_real};
pub use result::result;
pub use text::{is_white, simple_text, simple_text_in_place};
pub use time::time;

use crate::diag::Code;
use crate::props;
use std::fmt;

/// The root's `FF` names no SGF version sgfconv knows (1 to 4): the game
/// is read, and written, as `FF[4]`.
pub const UNKNOWN_FILE_FORMAT: Code = Code::new("W540", "unknown-file-format");

/// What to say about a root `FF[v]` that names no known version (1 to 4);
/// `None` for a known one.
pub fn unknown_file_format(v: &str) -> Option<String> {
    (!matches!(v.trim(), "1" | "2" | "3" | "4"))
        .then(|| format!("FF[{v}] names no SGF version sgfconv knows (1 to 4): read as FF[4]"))
}

/// What a normalizer made of one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Normalized {
    /// Already in its `FF[4]` form: keep it as it is.
    Valid,
    /// Not in `FF[4]` form, but it says one thing: that thing in `FF[4]` form.
    Rewritten(Rewrite),
    /// It could say more than one thing (`03/04/2005`): these `FF[4]` values,
    /// at least two, in the order read. The value is kept.
    Ambiguous(Vec<String>),
    /// Nothing `FF[4]` could be made of it: the value is kept, and this is why.
    Unparsed(Problem),
}

impl Normalized {
    /// The `FF[4]` value to write: the rewrite, or `original` for every other
    /// outcome (valid, ambiguous and unparsed values are kept).
    pub fn value_or<'a>(&'a self, original: &'a str) -> &'a str {
        match self {
            Normalized::Rewritten(r) => &r.value,
            _ => original,
        }
    }

    /// Whether the value stays as it was.
    pub fn is_unchanged(&self) -> bool {
        !matches!(self, Normalized::Rewritten(_))
    }

    /// A rewrite that only changed the spelling (see [`Reading::Spelling`]).
    pub(crate) fn respelled(value: impl Into<String>) -> Normalized {
        Normalized::Rewritten(Rewrite::new(value, Reading::Spelling))
    }

    /// A rewrite read from words or units (see [`Reading::Words`]).
    pub(crate) fn reworded(value: impl Into<String>) -> Normalized {
        Normalized::Rewritten(Rewrite::new(value, Reading::Words))
    }
}

impl fmt::Display for Normalized {
    /// `valid`, `written 2012-11-29 (read from words or units)`,
    /// `ambiguous: 2005-03-04 or 2005-04-03`, `kept: empty`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Normalized::Valid => f.write_str("valid"),
            Normalized::Rewritten(r) => write!(f, "{r}"),
            Normalized::Ambiguous(v) => write!(f, "ambiguous: {}", v.join(" or ")),
            Normalized::Unparsed(p) => write!(f, "kept: {p}"),
        }
    }
}

/// A value in `FF[4]` form, how the original was read, and what the original
/// said that this form does not carry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewrite {
    /// The `FF[4]` value.
    pub value: String,
    /// How the original was read.
    pub reading: Reading,
    /// The part of the original the `FF[4]` value leaves out, as written
    /// (`14:03:11`, `30 seconds byoyomi`, `207수`), if any.
    pub dropped: Option<String>,
}

impl Rewrite {
    /// A rewrite that leaves nothing out.
    pub fn new(value: impl Into<String>, reading: Reading) -> Rewrite {
        Rewrite {
            value: value.into(),
            reading,
            dropped: None,
        }
    }

    /// The same, leaving out `dropped` (nothing when it is blank).
    pub fn dropping(mut self, dropped: &str) -> Rewrite {
        let d = dropped.trim();
        if !d.is_empty() {
            self.dropped = Some(d.to_owned());
        }
        self
    }
}

impl fmt::Display for Rewrite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value.as_str() {
            "" => write!(f, "written empty ({})", self.reading)?,
            v => write!(f, "written {v} ({})", self.reading)?,
        }
        if let Some(d) = &self.dropped {
            write!(f, "; left out: {d}")?;
        }
        Ok(())
    }
}

/// How an original value was read into its `FF[4]` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Only the spelling changed: spaces, line breaks, case, separators,
    /// digit widths, zero padding, a decimal comma (`2001/8/1`, `b+r`,
    /// `6,5`).
    Spelling,
    /// Day and month in another order, told apart with certainty
    /// (`29.11.2012`: there is no month 29).
    Reordered,
    /// Read from words, names or units (`August 1, 2001`, `1 hour`,
    /// `Black resigns`, `6目半`).
    Words,
    /// A number out of range, brought to the nearest valid value
    /// (`BM[3]` → `2`).
    Nearest,
    /// An empty value read as the normal one (`TE[]` → `1`: `FF[1]`, "the
    /// normal value for such properties is one").
    EmptyAsNormal,
    /// A value left out of a property that has none (`KO[x]` → `KO[]`).
    NoValue,
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reading::Spelling => "respelled",
            Reading::Reordered => "day and month reordered",
            Reading::Words => "read from words or units",
            Reading::Nearest => "the nearest valid value",
            Reading::EmptyAsNormal => "empty read as the normal value",
            Reading::NoValue => "the property takes no value",
        })
    }
}

/// Why a value has no `FF[4]` form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The value is empty (or blank).
    Empty,
    /// Nothing of the expected kind was found in it.
    Unrecognised,
    /// It was read, but what it says cannot be: `no day 30 in 2021-02`,
    /// `size 200 is above 52`.
    OutOfRange(String),
    /// A readable value with more text that the `FF[4]` form would lose
    /// (`1600 approx.`): the text, as written.
    ExtraText(String),
    /// Parts of it contradict each other (`Black wins, White wins`).
    Contradictory,
    /// It says something `FF[4]` has no form for (an unfinished game).
    NoForm(&'static str),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Empty => f.write_str("empty"),
            Problem::Unrecognised => f.write_str("not recognised"),
            Problem::OutOfRange(what) => f.write_str(what),
            Problem::ExtraText(t) => write!(f, "more text than a value: {t}"),
            Problem::Contradictory => f.write_str("parts of it contradict each other"),
            Problem::NoForm(what) => write!(f, "FF[4] has no form for {what}"),
        }
    }
}

/// The normalizer for property `id` (canonical `FF[4]` identifier), run on
/// `value`: the game-info ones by name, the others by their `FF[4]` value
/// type (number, real, double, color, simpletext). `None` for a property
/// of another type (points, text, compose…) or an unknown one.
pub fn value(id: &str, value: &str) -> Option<Normalized> {
    let by_name: Option<fn(&str) -> Normalized> = match id {
        "DT" => Some(date),
        "TM" => Some(time),
        "RE" => Some(result),
        "KM" => Some(komi),
        "HA" => Some(handicap),
        "SZ" => Some(size),
        _ => None,
    };
    if let Some(f) = by_name {
        return Some(f(value));
    }
    let f: fn(&str) -> Normalized = match props::lookup(id)?.value_type {
        "number" => number,
        "real" => real,
        "double" => double,
        "color" => color,
        "simpletext" => simple_text,
        _ => return None,
    };
    Some(f(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A normalizer.
    type Normalizer = fn(&str) -> Normalized;

    /// Every normalizer, by name.
    const ALL: &[(&str, Normalizer)] = &[
        ("date", date),
        ("time", time),
        ("result", result),
        ("komi", komi),
        ("handicap", handicap),
        ("size", size),
        ("number", number),
        ("real", real),
        ("double", double),
        ("color", color),
        ("simple_text", simple_text),
    ];

    /// Strings made of the pieces game-info values are made of, and of
    /// anything at all.
    fn values() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            "[0-9]{1,5}",
            "[-+.,:/ x]",
            "[BWbw]",
            Just("Black".to_string()),
            Just("wins".to_string()),
            Just("resigns".to_string()),
            Just("by".to_string()),
            Just("points".to_string()),
            Just("hour".to_string()),
            Just("min".to_string()),
            Just("Aug".to_string()),
            Just("黒".to_string()),
            Just("中押し".to_string()),
            Just("勝ち".to_string()),
            Just("目半".to_string()),
            Just("흑".to_string()),
            Just("불계승".to_string()),
            Just("집".to_string()),
            Just("又1/4子".to_string()),
            Just("年".to_string()),
            Just("월".to_string()),
            Just("시간".to_string()),
            Just("\n".to_string()),
            "\\PC{0,2}",
        ];
        prop::collection::vec(piece, 0..7).prop_map(|p| p.concat())
    }

    /// Long values take time in proportion to their length: values of a
    /// few hundred kilobytes are read in seconds, not hours.
    #[test]
    fn long_values_are_read_in_linear_time() {
        let long = [
            "2012-11-22,".repeat(20_000),
            "1,".repeat(100_000),
            format!("{}x", "Nov 22 & ".repeat(20_000)),
            "Black wins ".repeat(20_000),
            "黒中押し勝ち".repeat(20_000),
            "1h ".repeat(50_000),
            "9".repeat(1_000_000),
            "\n".repeat(500_000),
        ];
        let start = std::time::Instant::now();
        for s in &long {
            for (_, f) in ALL {
                let _ = f(s);
            }
        }
        assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
    }

    /// The examples of `formats/validation.md`, as the document gives
    /// them: what each normalizer writes (or keeps).
    #[test]
    fn the_documented_examples() {
        let cases: &[(Normalizer, &str, &str)] = &[
            (number, "１２", "12"),
            (real, "6,50", "6.50"),
            (real, "-.5", "-0.5"),
            (real, "5.", "5"),
            (color, "2", "W"),
            (simple_text, "Lee\nSedol", "Lee Sedol"),
            (date, "2012-11-22 14:03:11", "2012-11-22"),
            (date, "2017-04-04T09:59:32.868979037+00:00", "2017-04-04"),
            (date, "Thursday, November 22, 2012", "2012-11-22"),
            (date, "2012年11月22日(木)", "2012-11-22"),
            (date, "2012年11月22日-23日", "2012-11-22,23"),
            (date, "2012-11-22, 2012-11-23", "2012-11-22,23"),
            (date, "May 2005 to July 2005", "2005-05,06,07"),
            (date, "Nov 30 to Dec 2, 2012", "2012-11-30,12-01,02"),
            (date, "1996~1998", "1996,1997,1998"),
            (date, "11/29/2012", "2012-11-29"),
            (date, "1996-05-06,07,", "1996-05-06,07"),
            (time, "1:00:00(5x1:00)", "3600"),
            (time, "3 days", "259200"),
            (time, "三時間", "10800"),
            (time, "unlimited", "unlimited"),
            (time, "30m1h", "30m1h"),
            (result, " B+R ", "B+R"),
            (result, "W+½", "W+0.5"),
            (result, "Black+3.5", "B+3.5"),
            (result, "White lost on time", "B+T"),
            (result, "White forfeits", "B+F"),
            (result, "흑 불계패", "W+R"),
            (result, "黑超时负", "W+T"),
            (result, "B+R (time)", "B+R (time)"),
            (komi, "7/2", "3.5"),
            (komi, "5½", "5.5"),
            (handicap, "3 (free placement)", "3 (free placement)"),
            (size, "19 by 13", "19:13"),
            (size, "+19", "+19"),
        ];
        for (f, input, want) in cases {
            assert_eq!(f(input).value_or(input), *want, "{input:?}");
        }
    }

    proptest! {
        /// No normalizer panics; what one writes it keeps as valid
        /// (normalizing twice is normalizing once), and every reading of an
        /// ambiguous value is valid too.
        #[test]
        fn rewrites_are_valid_and_stable(s in values()) {
            for (name, f) in ALL {
                match f(&s) {
                    Normalized::Rewritten(r) => {
                        prop_assert_eq!(f(&r.value), Normalized::Valid, "{} {:?} → {:?}", name, s, r.value);
                    }
                    Normalized::Ambiguous(all) => {
                        prop_assert!(all.len() >= 2, "{} {:?}", name, s);
                        for v in &all {
                            prop_assert_eq!(f(v), Normalized::Valid, "{} {:?} → {:?}", name, s, v);
                        }
                    }
                    Normalized::Valid | Normalized::Unparsed(_) => {}
                }
            }
        }

        /// Any text, and numbers far beyond every integer type: no panic.
        #[test]
        fn huge_and_odd_values_do_not_panic(s in "\\PC{0,40}", n in "[0-9]{20,60}") {
            for (_, f) in ALL {
                let _ = f(&s);
                let _ = f(&n);
                let _ = f(&format!("{n}.{n}"));
                let _ = f(&format!("B+{n}"));
                let _ = f(&format!("{n}-{n}-{n}"));
            }
        }
    }

    #[test]
    fn value_picks_by_name_then_by_type() {
        assert_eq!(value("DT", "2012-11-22"), Some(Normalized::Valid));
        assert_eq!(
            value("KM", "6,5"),
            Some(Normalized::respelled("6.5")),
            "KM by name"
        );
        assert_eq!(value("BL", "12,5"), Some(Normalized::respelled("12.5")));
        assert_eq!(value("PL", "w"), Some(Normalized::respelled("W")));
        assert_eq!(value("GB", "1"), Some(Normalized::Valid));
        assert_eq!(value("MN", " 12"), Some(Normalized::respelled("12")));
        assert_eq!(value("PB", "a\nb"), Some(Normalized::respelled("a b")));
        assert_eq!(value("C", "a\nb"), None, "text keeps its line breaks");
        assert_eq!(value("AB", "aa"), None);
        assert_eq!(value("XYZ", "1"), None);
    }

    #[test]
    fn outcomes_read_as_messages() {
        assert_eq!(Normalized::Valid.to_string(), "valid");
        let r = Rewrite::new("2012-11-22", Reading::Spelling).dropping(" 14:03 ");
        assert_eq!(
            Normalized::Rewritten(r).to_string(),
            "written 2012-11-22 (respelled); left out: 14:03"
        );
        assert_eq!(
            Normalized::Ambiguous(vec!["2005-03-04".into(), "2005-04-03".into()]).to_string(),
            "ambiguous: 2005-03-04 or 2005-04-03"
        );
        assert_eq!(
            Normalized::Unparsed(Problem::NoForm("an unfinished game")).to_string(),
            "kept: FF[4] has no form for an unfinished game"
        );
        assert_eq!(
            Rewrite::new("x", Reading::Words).dropping("  ").dropped,
            None
        );
    }

    #[test]
    fn value_or_keeps_what_is_not_rewritten() {
        assert_eq!(date("29.11.2012").value_or("29.11.2012"), "2012-11-29");
        assert_eq!(date("03/04/2005").value_or("03/04/2005"), "03/04/2005");
        assert!(date("2012").is_unchanged());
        assert!(!date("2012/1").is_unchanged());
    }
}
