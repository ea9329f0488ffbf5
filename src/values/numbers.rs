//! The `FF[4]` value types number, real, double and color, and the
//! game-info properties made of them: `KM` (real), `HA` (number), `SZ`
//! (number or number:number).
//!
//! `FF[4]` ("Property Value Types"):
//!
//! ```text
//! Number = ["+"|"-"] Digit {Digit}
//! Real   = Number ["." Digit {Digit}]
//! Double = ("1" | "2")
//! Color  = ("B" | "W")
//! ```

use super::amount::{english_number, kanji_number, points, Cursor};
use super::text::fold;
use super::{Normalized, Problem, Reading, Rewrite};

/// The largest Go board `FF[4]` allows (`SZ`: "for Go games the maximum size
/// is limited to 52x52").
pub const MAX_GO_SIZE: u32 = 52;

/// Whether `s` is an `FF[4]` Number: `["+"|"-"] Digit {Digit}`.
pub fn is_number(s: &str) -> bool {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `s` is an `FF[4]` Real: `Number ["." Digit {Digit}]`.
pub fn is_real(s: &str) -> bool {
    match s.split_once('.') {
        Some((int, frac)) => {
            is_number(int) && !frac.is_empty() && frac.bytes().all(|b| b.is_ascii_digit())
        }
        None => is_number(s),
    }
}

/// `s` folded to ASCII where it has full-width forms, and trimmed; `Err`
/// with [`Problem::Empty`] when nothing is left.
fn cleaned(s: &str) -> Result<String, Problem> {
    let t = fold(s).trim().to_owned();
    if t.is_empty() {
        Err(Problem::Empty)
    } else {
        Ok(t)
    }
}

/// A Number: valid as it is, or respelled when only white space or
/// full-width digits were in the way (`" 12"`, `１２`).
pub fn number(value: &str) -> Normalized {
    if is_number(value) {
        return Normalized::Valid;
    }
    match cleaned(value) {
        Err(p) => Normalized::Unparsed(p),
        Ok(t) if is_number(&t) => Normalized::respelled(t),
        Ok(_) => Normalized::Unparsed(Problem::Unrecognised),
    }
}

/// A Real: valid as it is (`7.50` stays: `FF[4]` does not ask for the
/// shortest form), or respelled from white space, full-width digits, a
/// decimal comma (`6,5`), a point without a digit before or after it
/// (`.5` → `0.5`, `5.` → `5`). `1,500` is [`Normalized::Ambiguous`]
/// (`1.500` or `1500`).
pub fn real(value: &str) -> Normalized {
    if is_real(value) {
        return Normalized::Valid;
    }
    let t = match cleaned(value) {
        Err(p) => return Normalized::Unparsed(p),
        Ok(t) => t,
    };
    if is_real(&t) {
        return Normalized::respelled(t);
    }
    let (sign, body) = match t.strip_prefix(['+', '-']) {
        Some(body) => (&t[..1], body),
        None => ("", t.as_str()),
    };
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let respelled = |int: &str, frac: &str| {
        let int = if int.is_empty() { "0" } else { int };
        let frac = if frac.is_empty() {
            String::new()
        } else {
            format!(".{frac}")
        };
        Normalized::respelled(format!("{sign}{int}{frac}"))
    };
    let (int, frac, comma) = match (body.split_once(','), body.split_once('.')) {
        (Some((i, f)), None) => (i, f, true),
        (None, Some((i, f))) => (i, f, false),
        _ => return Normalized::Unparsed(Problem::Unrecognised),
    };
    if !all_digits(int) || !all_digits(frac) || (int.is_empty() && frac.is_empty()) {
        return Normalized::Unparsed(Problem::Unrecognised);
    }
    if comma && frac.len() == 3 && !int.is_empty() {
        return Normalized::Ambiguous(vec![
            format!("{sign}{int}.{frac}"),
            format!("{sign}{int}{frac}"),
        ]);
    }
    respelled(int, frac)
}

/// A Double: `1` (normal) or `2` (emphasized); respelled from white space
/// or full-width digits.
pub fn double(value: &str) -> Normalized {
    if matches!(value, "1" | "2") {
        return Normalized::Valid;
    }
    match cleaned(value) {
        Err(p) => Normalized::Unparsed(p),
        Ok(t) if matches!(t.as_str(), "1" | "2") => Normalized::respelled(t),
        Ok(_) => Normalized::Unparsed(Problem::Unrecognised),
    }
}

/// A Color: `B` or `W`; respelled from lower case and white space
/// (`b`), read from words (`Black`, `white`, `黒`, `白`, `흑`, `백`) and
/// from the `1`/`2` of `FF[1]–FF[3]` `PL` (1 Black, 2 White).
pub fn color(value: &str) -> Normalized {
    if matches!(value, "B" | "W") {
        return Normalized::Valid;
    }
    let t = match cleaned(value) {
        Err(p) => return Normalized::Unparsed(p),
        Ok(t) => t,
    };
    match t.to_ascii_lowercase().as_str() {
        "b" => Normalized::respelled("B"),
        "w" => Normalized::respelled("W"),
        "black" | "黒" | "黑" | "흑" | "1" => Normalized::reworded("B"),
        "white" | "白" | "백" | "2" => Normalized::reworded("W"),
        _ => Normalized::Unparsed(Problem::Unrecognised),
    }
}

/// Labels that may stand before a komi (`komi 6.5`, `コミ6目半`, `덤 6집반`,
/// `贴3又3/4子`) and, for `黒`/`黑`/`흑` ("Black gives"), say nothing more;
/// `komi`, `コミ` and `덤` may also follow it (`6目半コミ`).
const KOMI_LABELS: &[&str] = &[
    "komi", "コミ", "덤", "贴目", "贴", "貼目", "貼", "黒", "黑", "흑",
];

/// Komi (`KM`, a real): a valid real stays as it is, even when it looks
/// scaled (`KM[375]` from Fox: which servers scale is a quirk of the
/// source, `formats/sgf-dialects.md` rule 7, not of the value); other
/// spellings of a real are respelled as [`real`] does; amounts in words
/// and units are read: `7.5 points` → `7.5`, `6目半` → `6.5`, `덤 6집반` →
/// `6.5`, `5 1/2` → `5.5`, `3又3/4子` → `7.5` (a Chinese stone, 子, is two
/// points), `none` / `no komi` → `0`.
pub fn komi(value: &str) -> Normalized {
    match real(value) {
        Normalized::Unparsed(Problem::Unrecognised) => {}
        other => return other,
    }
    let t = fold(value.trim());
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), "none" | "no komi" | "no") {
        return Normalized::reworded("0");
    }
    let mut c = Cursor::new(&t);
    // A colour and a komi word (`黑贴`), or either.
    for _ in 0..2 {
        if c.eat_any(KOMI_LABELS).is_some() {
            c.skip_spaces();
            c.eat(":");
            c.skip_spaces();
        }
    }
    let negative = c.eat("-");
    let Some(p) = points(&mut c) else {
        return Normalized::Unparsed(Problem::Unrecognised);
    };
    c.skip_spaces();
    if c.eat_any(&["komi", "コミ", "덤"]).is_some() {
        c.skip_spaces();
    }
    if !c.rest().is_empty() {
        return Normalized::Unparsed(Problem::ExtraText(c.rest().to_owned()));
    }
    let amount = if negative {
        p.amount.negated()
    } else {
        p.amount
    };
    Normalized::reworded(amount.to_string())
}

/// Words for the handicap stones after a count (`2 stones`, `2子`, `2점`).
const STONE_WORDS: &[&str] = &[
    "handicap stones",
    "handicap stone",
    "handicap",
    "stones",
    "stone",
    "子",
    "石",
    "점",
];

/// Handicap (`HA`, a number): a Number of zero or more stays as it is
/// (`HA[0]` and `HA[1]` are common for "no handicap"; whether `HA` agrees
/// with the setup stones is a check of the board, not of the value); a
/// negative one is out of range; white space and full-width digits are
/// respelled; a count with words is read: `2 stones` → `2`, `two` → `2`,
/// `二子` → `2`, `3점` → `3`. `7.5` is not a number of stones.
pub fn handicap(value: &str) -> Normalized {
    let n = number(value);
    let kept = n.value_or(value);
    if is_number(kept) {
        if kept.starts_with('-') && !kept.trim_start_matches(['-', '0']).is_empty() {
            return Normalized::Unparsed(Problem::OutOfRange(format!(
                "{kept} is a negative number of stones"
            )));
        }
        return n;
    }
    if let Normalized::Unparsed(Problem::Empty) = n {
        return n;
    }
    let t = fold(value.trim());
    let mut c = Cursor::new(&t);
    let count = c
        .digits()
        .map(str::to_owned)
        .or_else(|| kanji_number(&mut c).map(|n| n.to_string()))
        .or_else(|| english_number(&mut c).map(|n| n.to_string()));
    let Some(count) = count else {
        return Normalized::Unparsed(Problem::Unrecognised);
    };
    if c.peek() == Some('.') || c.peek() == Some(',') {
        return Normalized::Unparsed(Problem::OutOfRange(format!(
            "{} is not a whole number of stones",
            t.trim()
        )));
    }
    c.skip_spaces();
    c.eat_any(STONE_WORDS);
    c.skip_spaces();
    if !c.rest().is_empty() {
        return Normalized::Unparsed(Problem::ExtraText(c.rest().to_owned()));
    }
    Normalized::reworded(count)
}

/// Board size (`SZ`, number or number:number, for Go): `19` and `19:13`
/// (columns:rows) stay; a square board written as a pair (`19:19`, which
/// `FF[4]` forbids) becomes `19`; `19x19`, `19 × 19`, `19*13`, `19 by 19`
/// are respelled, `19路` and `19路盘` (Chinese, Japanese "lines") read.
/// Sizes outside 1–52 (`FF[4]`: "for Go games the maximum size is limited
/// to 52x52") are out of range and kept.
pub fn size(value: &str) -> Normalized {
    let t = match cleaned(value) {
        Err(p) => return Normalized::Unparsed(p),
        Ok(t) => t,
    };
    let Some(read) = read_size(&t) else {
        return Normalized::Unparsed(Problem::Unrecognised);
    };
    let mut sizes = Vec::with_capacity(2);
    for (n, text) in read.sizes.iter().flatten() {
        match u32::try_from(*n) {
            Ok(n) if (1..=MAX_GO_SIZE).contains(&n) => sizes.push(n),
            _ => {
                return Normalized::Unparsed(Problem::OutOfRange(format!(
                    "size {text} is outside 1–{MAX_GO_SIZE}"
                )))
            }
        }
    }
    let square = sizes.len() == 2 && sizes[0] == sizes[1];
    if is_size_spelling(value) && !square {
        return Normalized::Valid;
    }
    let written = match sizes.as_slice() {
        [c, r] if c != r => format!("{c}:{r}"),
        [.., r] => r.to_string(),
        [] => return Normalized::Unparsed(Problem::Unrecognised),
    };
    let reading = if read.words {
        Reading::Words
    } else {
        Reading::Spelling
    };
    Normalized::Rewritten(Rewrite::new(written, reading))
}

/// Whether `value` is spelled as `FF[4]` writes sizes: a Number, or two
/// joined by `:`.
fn is_size_spelling(value: &str) -> bool {
    match value.split_once(':') {
        Some((a, b)) => is_number(a) && is_number(b),
        None => is_number(value),
    }
}

/// The sizes read from an `SZ` text.
struct SizeText {
    /// Columns and rows, or the one size; each with its text.
    sizes: [Option<(i64, String)>; 2],
    /// Whether words (`路`) were read.
    words: bool,
}

/// The sizes in a cleaned `SZ` text: `19`, `19:13`, `19x13`, `19 by 13`,
/// `19路`.
fn read_size(t: &str) -> Option<SizeText> {
    let mut c = Cursor::new(t);
    let first = size_number(&mut c)?;
    c.skip_spaces();
    let second = if c.eat(":") || c.eat_any(&["x", "×", "*", "by"]).is_some() {
        c.skip_spaces();
        Some(size_number(&mut c)?)
    } else {
        None
    };
    c.skip_spaces();
    let words = c.eat_any(&["路盘", "路盤", "路", "줄"]).is_some();
    c.skip_spaces();
    if !c.rest().is_empty() {
        return None;
    }
    Some(SizeText {
        sizes: [Some(first), second],
        words,
    })
}

/// One size at the cursor, a signed decimal number (saturated when too
/// large), with its text.
fn size_number(c: &mut Cursor<'_>) -> Option<(i64, String)> {
    let start = c.at;
    let negative = c.eat("-");
    if !negative {
        c.eat("+");
    }
    let digits = c.digits()?;
    let n = digits.parse::<i64>().unwrap_or(i64::MAX);
    Some((if negative { -n } else { n }, c.s[start..c.at].to_owned()))
}

/// The columns and rows an `SZ` value gives as numbers (`19`, `19:13`,
/// ` 9 `), whatever they are: whether they make a board is the caller's
/// call. `None` when it is not one number or two joined by `:`.
pub fn board_sides(sz: &str) -> Option<(u32, u32)> {
    let side = |s: &str| s.trim().parse::<u32>().ok();
    match sz.split_once(':') {
        Some((c, r)) => Some((side(c)?, side(r)?)),
        None => side(sz).map(|n| (n, n)),
    }
}

// ---------------------------------------------------------------------------
// Reals written

/// A real number the way SGF writes it: `6.5`, `7`, `0.25` (at most two
/// decimals, no trailing zeros).
pub fn format_real(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// A real stored in tenths (`65`, as the line-based formats hold komi and
/// margins) written as SGF writes it: `65` → `6.5`, `70` → `7`, `-5` →
/// `-0.5`.
pub fn format_tenths(v: i64) -> String {
    let sign = if v < 0 { "-" } else { "" };
    let a = v.unsigned_abs();
    if a % 10 == 0 {
        format!("{sign}{}", a / 10)
    } else {
        format!("{sign}{}.{}", a / 10, a % 10)
    }
}

/// A real (`6.5`, `+6.50`, `-.5`) in tenths: `65`. `None` unless it is a
/// whole number of tenths.
pub fn parse_tenths(s: &str) -> Option<i64> {
    let s = s.trim();
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if (int.is_empty() && frac.is_empty())
        || !int.chars().all(|c| c.is_ascii_digit())
        || !frac.chars().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    if frac.len() > 1 {
        return None;
    }
    let i: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let f: i64 = if frac.is_empty() {
        0
    } else {
        frac.parse().ok()?
    };
    let v = i.checked_mul(10)?.checked_add(f)?;
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenths_and_reals_written() {
        assert_eq!(format_tenths(65), "6.5");
        assert_eq!(format_tenths(70), "7");
        assert_eq!(format_tenths(0), "0");
        assert_eq!(format_tenths(-5), "-0.5");
        assert_eq!(parse_tenths("+6.50"), Some(65));
        assert_eq!(parse_tenths("-0.5"), Some(-5));
        assert_eq!(parse_tenths("6.25"), None);
        assert_eq!(parse_tenths("."), None);
        assert_eq!(parse_tenths("x"), None);
        assert_eq!(format_real(6.5), "6.5");
        assert_eq!(format_real(7.0), "7");
        assert_eq!(format_real(0.25), "0.25");
    }

    #[test]
    fn board_sides_are_numbers() {
        assert_eq!(board_sides("19"), Some((19, 19)));
        assert_eq!(board_sides(" 19 : 13 "), Some((19, 13)));
        assert_eq!(board_sides("300"), Some((300, 300)));
        assert_eq!(board_sides("19:"), None);
        assert_eq!(board_sides("x"), None);
    }

    fn resp(s: &str) -> Normalized {
        Normalized::respelled(s)
    }
    fn words(s: &str) -> Normalized {
        Normalized::reworded(s)
    }
    fn kept(p: Problem) -> Normalized {
        Normalized::Unparsed(p)
    }

    #[test]
    fn numbers() {
        for (input, want) in [
            ("0", Normalized::Valid),
            ("19", Normalized::Valid),
            ("+5", Normalized::Valid),
            ("-5", Normalized::Valid),
            ("007", Normalized::Valid),
            ("99999999999999999999999", Normalized::Valid),
            (" 12 ", resp("12")),
            ("１２", resp("12")),
            ("\n3", resp("3")),
            ("", kept(Problem::Empty)),
            ("  ", kept(Problem::Empty)),
            ("1.5", kept(Problem::Unrecognised)),
            ("+", kept(Problem::Unrecognised)),
            ("--1", kept(Problem::Unrecognised)),
            ("twelve", kept(Problem::Unrecognised)),
            ("١٢", kept(Problem::Unrecognised)),
        ] {
            assert_eq!(number(input), want, "{input:?}");
        }
    }

    #[test]
    fn reals() {
        for (input, want) in [
            ("7.5", Normalized::Valid),
            ("7.50", Normalized::Valid),
            ("7.500000", Normalized::Valid),
            ("-0.5", Normalized::Valid),
            ("+3", Normalized::Valid),
            ("0.00", Normalized::Valid),
            ("6,5", resp("6.5")),
            ("-6,5", resp("-6.5")),
            ("6,50", resp("6.50")),
            (".5", resp("0.5")),
            ("-.5", resp("-0.5")),
            ("5.", resp("5")),
            (" 7.5\n", resp("7.5")),
            ("７．５", resp("7.5")),
            (
                "1,500",
                Normalized::Ambiguous(vec!["1.500".into(), "1500".into()]),
            ),
            ("", kept(Problem::Empty)),
            (".", kept(Problem::Unrecognised)),
            ("1.2.3", kept(Problem::Unrecognised)),
            ("1,2.3", kept(Problem::Unrecognised)),
            ("7.5 points", kept(Problem::Unrecognised)),
            ("e5", kept(Problem::Unrecognised)),
            ("1e5", kept(Problem::Unrecognised)),
        ] {
            assert_eq!(real(input), want, "{input:?}");
        }
    }

    #[test]
    fn doubles_and_colors() {
        assert_eq!(double("1"), Normalized::Valid);
        assert_eq!(double("2"), Normalized::Valid);
        assert_eq!(double(" 2"), resp("2"));
        assert_eq!(double("3"), kept(Problem::Unrecognised));
        assert_eq!(double(""), kept(Problem::Empty));
        assert_eq!(color("B"), Normalized::Valid);
        assert_eq!(color("W"), Normalized::Valid);
        assert_eq!(color("b"), resp("B"));
        assert_eq!(color(" w "), resp("W"));
        assert_eq!(color("Black"), words("B"));
        assert_eq!(color("WHITE"), words("W"));
        assert_eq!(color("1"), words("B"));
        assert_eq!(color("2"), words("W"));
        assert_eq!(color("黒"), words("B"));
        assert_eq!(color("백"), words("W"));
        assert_eq!(color("BW"), kept(Problem::Unrecognised));
        assert_eq!(color(""), kept(Problem::Empty));
    }

    #[test]
    fn komi_values() {
        for (input, want) in [
            ("6.5", Normalized::Valid),
            ("7.50", Normalized::Valid),
            ("0", Normalized::Valid),
            ("-5.5", Normalized::Valid),
            ("375", Normalized::Valid),
            ("6,5", resp("6.5")),
            (".5", resp("0.5")),
            ("7.5 points", words("7.5")),
            ("7.5 pts", words("7.5")),
            ("6.5 komi", words("6.5")),
            ("komi: 6.5", words("6.5")),
            ("6目半", words("6.5")),
            ("コミ6目半", words("6.5")),
            ("黒6目半", words("6.5")),
            ("6目半コミ", words("6.5")),
            ("덤 6집반", words("6.5")),
            ("6.5집", words("6.5")),
            ("5 1/2", words("5.5")),
            ("5½", words("5.5")),
            ("-5 1/2", words("-5.5")),
            ("3又3/4子", words("7.5")),
            ("贴3又3/4子", words("7.5")),
            ("黑贴3又3/4子", words("7.5")),
            ("3.75子", words("7.5")),
            ("half a point", words("0.5")),
            ("none", words("0")),
            ("No komi", words("0")),
            ("", kept(Problem::Empty)),
            ("six", kept(Problem::Unrecognised)),
            (
                "6.5 (reverse)",
                kept(Problem::ExtraText("(reverse)".into())),
            ),
            ("白6目半", kept(Problem::Unrecognised)),
        ] {
            assert_eq!(komi(input), want, "{input:?}");
        }
    }

    #[test]
    fn handicap_values() {
        for (input, want) in [
            ("2", Normalized::Valid),
            ("9", Normalized::Valid),
            ("0", Normalized::Valid),
            ("1", Normalized::Valid),
            ("-0", Normalized::Valid),
            (" 3", resp("3")),
            ("２", resp("2")),
            ("2 stones", words("2")),
            ("3 handicap stones", words("3")),
            ("two", words("2")),
            ("Nine stones", words("9")),
            ("二子", words("2")),
            ("两子", words("2")),
            ("4점", words("4")),
            ("", kept(Problem::Empty)),
            (
                "-2",
                kept(Problem::OutOfRange(
                    "-2 is a negative number of stones".into(),
                )),
            ),
            (
                "7.5",
                kept(Problem::OutOfRange(
                    "7.5 is not a whole number of stones".into(),
                )),
            ),
            ("2 stones each", kept(Problem::ExtraText("each".into()))),
            ("many", kept(Problem::Unrecognised)),
        ] {
            assert_eq!(handicap(input), want, "{input:?}");
        }
    }

    #[test]
    fn sizes() {
        let out = |s: &str| kept(Problem::OutOfRange(format!("size {s} is outside 1–52")));
        for (input, want) in [
            ("19", Normalized::Valid),
            ("9", Normalized::Valid),
            ("52", Normalized::Valid),
            ("1", Normalized::Valid),
            ("19:13", Normalized::Valid),
            ("7:9", Normalized::Valid),
            ("019", Normalized::Valid),
            ("19:19", resp("19")),
            ("19x19", resp("19")),
            ("19 X 19", resp("19")),
            ("19×19", resp("19")),
            ("19*13", resp("19:13")),
            ("19 by 13", resp("19:13")),
            (" 19 ", resp("19")),
            ("１９", resp("19")),
            ("19路", words("19")),
            ("13路盘", words("13")),
            ("19x19路", words("19")),
            ("200", out("200")),
            ("53", out("53")),
            ("10:53", out("53")),
            ("0", out("0")),
            ("-10", out("-10")),
            ("99999999999", out("99999999999")),
            ("", kept(Problem::Empty)),
            ("19:", kept(Problem::Unrecognised)),
            ("19.5", kept(Problem::Unrecognised)),
            ("big", kept(Problem::Unrecognised)),
        ] {
            assert_eq!(size(input), want, "{input:?}");
        }
    }
}
