//! The one reading of game-info values and of the `FF[4]` value types:
//! each normalizer takes one property value (unescaped, decoded) and says
//! whether it is valid `FF[4]`, what its `FF[4]` form is, or why it has
//! none.
//!
//! Every part of sgfconv that reads such a value reads it here, so that a
//! spelling reads the same everywhere: the dialect rules (rule 11 runs the
//! normalizers, the kifu and Fox rules read their values with them), the
//! readers of formats that hold values as text (GIB, NGF: dates, results,
//! komi, ranks) and the writers that turn `DT`, `RE`, `KM`, `HA`, `TM` into
//! their fields (GIB, NGF, UGF: [`dates`], [`first_day`], [`read_result`],
//! [`Normalized::certain`]). Writing values is here too: [`write_dates`],
//! [`format_real`], [`format_tenths`].
//!
//! | property or type | function | `FF[4]` form |
//! |---|---|---|
//! | `DT` | [`date`] | `YYYY-MM-DD`, `YYYY-MM`, `YYYY`, comma lists with shortcuts |
//! | `TM` | [`time`] | seconds, a real |
//! | `BL`, `WL` | [`time_left`] | seconds, a real |
//! | `RE` | [`result`] | `B+R`, `W+3.5`, `B+T`, `W+F`, `B+`, `0`, `Void`, `?` |
//! | `KM` | [`komi`] | a real |
//! | `HA` | [`handicap`] | a number |
//! | `SZ` | [`size`] | `19` or `19:13` |
//! | number, real | [`number`], [`real`] | `[+-]digits`, `number[.digits]` |
//! | double, color | [`double`], [`color`] | `1` or `2`, `B` or `W` |
//! | simpletext | [`simple_text`] | no line breaks, no tabs |
//! | `BR`, `WR` | [`rank`] | `2k`, `4d`, `9p` (the SGF convention) |
//! | point lists (`AB`, `AW`…) | [`expand_points`] | `pd`, or a compressed rectangle `aa:cc` expanded |
//! | `PI` entries of the `FF[5]` draft | [`read_person`] | a [`Role`] and a name; `PB`, `PW`, `US`, `AN` for the roles `FF[4]` has |
//! | `OT` of the `FF[5]` draft | [`read_draft_overtime`] | `TM` seconds and an `OT` text (`1×60 byo-yomi`) |
//! | `OT` of `FF[4]` | [`read_overtime`] | its system, periods, seconds and moves (`5x30 byo-yomi`, `25/600 Canadian`) |
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
mod numbers;
mod outcome;
mod overtime;
mod persons;
mod points;
mod property;
mod rank;
mod result;
mod text;
mod time;

pub use date::{date, dates, first_day, write_dates, Date};
pub use numbers::{
    board_sides, color, double, format_real, format_tenths, handicap, is_number, is_real, komi,
    number, parse_tenths, real, size,
};
pub use outcome::{Normalized, Problem, Reading, Rewrite};
pub use overtime::{read_draft_overtime, read_overtime, Clock, DraftOvertime, Overtime, System};
pub use persons::{read_person, Role};
pub use points::expand_points;
pub use property::value;
pub use rank::{is_rank, rank, rank_number};
pub use result::{
    read_result, result, result_before_remark, result_text, GameResult, ResultText, WinBy,
};
pub use text::{is_white, simple_text, simple_text_in_place};
pub use time::{time, time_left};

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
