//! Exact amounts, and the reading of numbers as people write them: the
//! points of a komi or a winning margin (`6目半`, `3又1/4子`, `5 1/2`,
//! `반집`), counts in CJK numerals (`二子`), decimals with a comma.
//!
//! Amounts are kept in millionths, in an `i128`, so that `3又1/4子` is
//! exactly 6.5 points and a 20-digit komi is written back digit for digit:
//! no float rounding ever reaches an `FF[4]` value.

use std::fmt;

/// Millionths per unit.
const SCALE: i128 = 1_000_000;

/// Digits before the point that an amount may have (more is not read).
const MAX_INT_DIGITS: usize = 24;

/// Digits after the point that an amount may have (more is not read).
const MAX_FRAC_DIGITS: usize = 6;

/// An exact decimal amount (points, seconds, stones), in millionths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Amount(i128);

impl Amount {
    /// Zero.
    pub const ZERO: Amount = Amount(0);

    /// A whole number.
    pub fn int(n: i64) -> Amount {
        Amount(i128::from(n) * SCALE)
    }

    /// The amount `int.frac`, both ASCII digits (`frac` may be empty);
    /// `None` when there are too many digits.
    pub fn decimal(int: &str, frac: &str) -> Option<Amount> {
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || int.len() > MAX_INT_DIGITS || frac.len() > MAX_FRAC_DIGITS {
            return None;
        }
        if !digits(int) || !digits(frac) {
            return None;
        }
        let whole: i128 = int.parse().ok()?;
        let mut part: i128 = 0;
        for (i, b) in frac.bytes().enumerate() {
            part += i128::from(b - b'0') * 10i128.pow((MAX_FRAC_DIGITS - 1 - i) as u32);
        }
        Some(Amount(whole * SCALE + part))
    }

    /// `num / den`, when it is exact in millionths.
    pub fn ratio(num: i128, den: i128) -> Option<Amount> {
        let scaled = num.checked_mul(SCALE)?;
        (den != 0 && scaled % den == 0).then(|| Amount(scaled / den))
    }

    /// The sum, `None` on overflow.
    pub fn plus(self, other: Amount) -> Option<Amount> {
        self.0.checked_add(other.0).map(Amount)
    }

    /// This amount `k` times, `None` on overflow.
    pub fn times(self, k: i128) -> Option<Amount> {
        self.0.checked_mul(k).map(Amount)
    }

    /// The amount with the opposite sign.
    pub fn negated(self) -> Amount {
        Amount(-self.0)
    }

    /// Whether it is below zero.
    pub fn is_negative(self) -> bool {
        self.0 < 0
    }
}

impl fmt::Display for Amount {
    /// The shortest `FF[4]` real: `6.5`, `-0.25`, `7`, `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let scale = SCALE as u128;
        let (int, frac) = (abs / scale, abs % scale);
        if frac == 0 {
            return write!(f, "{sign}{int}");
        }
        let digits = format!("{frac:06}");
        write!(f, "{sign}{int}.{}", digits.trim_end_matches('0'))
    }
}

/// A position in a string being read, and the small steps of reading.
#[derive(Clone, Copy)]
pub(crate) struct Cursor<'a> {
    /// The whole string.
    pub s: &'a str,
    /// Where reading stands, in bytes.
    pub at: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `s`.
    pub fn new(s: &'a str) -> Cursor<'a> {
        Cursor { s, at: 0 }
    }

    /// What is left to read.
    pub fn rest(&self) -> &'a str {
        &self.s[self.at..]
    }

    /// The next character.
    pub fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Past white space.
    pub fn skip_spaces(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    /// Past `word` if the rest starts with it (ASCII letters compared
    /// without case); whether it did.
    pub fn eat(&mut self, word: &str) -> bool {
        let rest = self.rest();
        let hit = rest
            .get(..word.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(word));
        if hit {
            self.at += word.len();
        }
        hit
    }

    /// Past the first of `words` the rest starts with; which one.
    pub fn eat_any(&mut self, words: &[&'static str]) -> Option<&'static str> {
        words.iter().copied().find(|w| self.eat(w))
    }

    /// Past a run of ASCII digits; the run (`None` when there is none).
    pub fn digits(&mut self) -> Option<&'a str> {
        let rest = self.rest();
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        (n > 0).then(|| {
            self.at += n;
            &rest[..n]
        })
    }

    /// Whether the cursor is at the end, or before something that is not
    /// an ASCII letter (so a word just read is whole: `pt` in `pts` is not).
    pub fn at_word_end(&self) -> bool {
        !self.peek().is_some_and(|c| c.is_ascii_alphabetic())
    }
}

/// A decimal at the cursor: digits, then `.` or a decimal comma and
/// digits (a comma only before one or two digits: `6,5`, but not the
/// thousands of `1,500`). Whether a comma was read comes back too.
pub(crate) fn decimal(c: &mut Cursor<'_>) -> Option<(Amount, bool)> {
    let start = *c;
    let int = c.digits()?;
    let mut probe = *c;
    let point = if probe.eat(".") {
        Some(false)
    } else if probe.eat(",") {
        Some(true)
    } else {
        None
    };
    if let Some(comma) = point {
        if let Some(frac) = probe.digits() {
            let next_digit = probe.peek().is_some_and(|ch| ch.is_ascii_digit());
            if !comma || (frac.len() <= 2 && !next_digit) {
                *c = probe;
                let amount = Amount::decimal(int, frac);
                if amount.is_none() {
                    *c = start;
                }
                return amount.map(|a| (a, comma));
            }
        }
    }
    let amount = Amount::decimal(int, "");
    if amount.is_none() {
        *c = start;
    }
    amount.map(|a| (a, false))
}

/// The value of a CJK numeral digit (`一` 1, `两` 2, `〇` 0).
fn kanji_digit(c: char) -> Option<i64> {
    Some(match c {
        '〇' | '零' => 0,
        '一' => 1,
        '二' | '两' | '兩' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// Past the next character if `value` gives it a value; that value.
fn numeral(c: &mut Cursor<'_>, value: impl Fn(char) -> Option<i64>) -> Option<i64> {
    let ch = c.peek()?;
    let v = value(ch)?;
    c.at += ch.len_utf8();
    Some(v)
}

/// A number from 0 to 99 in CJK numerals at the cursor (`三`, `十一`,
/// `二十五`).
pub(crate) fn kanji_number(c: &mut Cursor<'_>) -> Option<i64> {
    let mut p = *c;
    let lead = numeral(&mut p, kanji_digit);
    let ten = numeral(&mut p, |ch| (ch == '十').then_some(10)).is_some();
    let value = match (lead, ten) {
        (None, false) => return None,
        (Some(d), false) => d,
        (lead, true) => {
            let ones = numeral(&mut p, |ch| kanji_digit(ch).filter(|d| *d > 0));
            lead.unwrap_or(1) * 10 + ones.unwrap_or(0)
        }
    };
    *c = p;
    Some(value)
}

/// The English number words one to nine.
const ENGLISH_NUMBERS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

/// A number written as an English word, one to nine, at the cursor.
pub(crate) fn english_number(c: &mut Cursor<'_>) -> Option<i64> {
    let mut probe = *c;
    let word = probe.eat_any(ENGLISH_NUMBERS)?;
    if !probe.at_word_end() {
        return None;
    }
    *c = probe;
    Some(ENGLISH_NUMBERS.iter().position(|w| *w == word)? as i64 + 1)
}

/// The unit of an amount of points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    /// Points: `目`, `집`, `points`, `pts`, `moku`; or none written.
    Point,
    /// Chinese stones, `子`: two points each.
    Zi,
}

/// The words for points (longest first, so `points` is not read as `pt`).
const POINT_WORDS: &[&str] = &["points", "point", "pts", "pt", "moku"];

/// An amount of points read from the text at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Points {
    /// The amount, in points (Chinese stones counted as two).
    pub amount: Amount,
    /// Whether it was more than a plain decimal (a unit, a fraction, a
    /// half, a numeral): the reading is then [`Words`](super::Reading::Words).
    pub words: bool,
    /// Whether a decimal comma was read (`6,5`).
    pub comma: bool,
}

/// An amount of points at the cursor: `7.5`, `6,5`, `6目半`, `6.5目`,
/// `3又1/4子` (6.5: a Chinese stone, 子, is two points), `3.75子`, `5 1/2`,
/// `5½`, `1/2`, `반집`, `半目`, `3집반`, `7.5 points`, `half a point`,
/// `三目半`, `三又四分之一子`. The cursor moves past what was read.
pub(crate) fn points(c: &mut Cursor<'_>) -> Option<Points> {
    let start = *c;
    let read = points_inner(c);
    if read.is_none() {
        *c = start;
    }
    read
}

fn points_inner(c: &mut Cursor<'_>) -> Option<Points> {
    let mut words = false;
    let mut comma = false;
    // `四分之三`: a CJK fraction starts with a numeral too.
    let cjk_fraction = if c.peek().is_some_and(|ch| !ch.is_ascii()) {
        fraction(c)
    } else {
        None
    };
    let whole = if let Some(f) = cjk_fraction {
        words = true;
        Some(f)
    } else if let Some((n, had_comma)) = decimal(c) {
        comma = had_comma;
        Some(n)
    } else if let Some(n) = kanji_number(c) {
        words = true;
        Some(Amount::int(n))
    } else {
        None
    };
    let mut value = match whole {
        Some(n) => match fraction_after(c, n) {
            Some(v) => {
                words = true;
                v
            }
            None => n,
        },
        None => {
            // No number: a half alone (`반집`, `半目`, `half a point`).
            let v = half(c).or_else(|| fraction(c))?;
            words = true;
            v
        }
    };
    let unit = unit(c);
    words |= unit.is_some();
    if let Some(h) = half(c) {
        // `6目半`, `3집반`: the half comes after the unit.
        value = value.plus(h)?;
        words = true;
    }
    if unit == Some(Unit::Zi) {
        value = value.times(2)?;
    }
    Some(Points {
        amount: value,
        words,
        comma,
    })
}

/// What follows a whole number `n` to make it a mixed number or a
/// fraction: `/4` (n was the numerator), ` 1/2`, `又1/4`, `½`,
/// `又四分之一`, ` and a half`; `None` (cursor unmoved) when nothing does.
fn fraction_after(c: &mut Cursor<'_>, n: Amount) -> Option<Amount> {
    let mut probe = *c;
    if probe.eat("/") {
        let den = probe.digits()?.parse::<i128>().ok()?;
        let v = Amount::ratio(n.0 / SCALE, den).filter(|_| n.0 % SCALE == 0)?;
        *c = probe;
        return Some(v);
    }
    let mut probe = *c;
    probe.skip_spaces();
    // `5½` with nothing between; a space alone is enough before `1/2`;
    // or one joining word.
    probe.eat_any(&["又", "and", "-"]);
    probe.skip_spaces();
    if let Some(f) = fraction(&mut probe) {
        *c = probe;
        return n.plus(f);
    }
    let mut probe = *c;
    probe.skip_spaces();
    if probe.eat("and a half") || probe.eat("and half") {
        *c = probe;
        return n.plus(Amount::ratio(1, 2)?);
    }
    None
}

/// A fraction at the cursor: `1/2`, `3/4`, `½`, `¼`, `¾`, `四分之一`.
fn fraction(c: &mut Cursor<'_>) -> Option<Amount> {
    let start = *c;
    let vulgar = match c.peek() {
        Some('½') => Some((1, 2)),
        Some('¼') => Some((1, 4)),
        Some('¾') => Some((3, 4)),
        _ => None,
    };
    if let Some((num, den)) = vulgar {
        c.at += '½'.len_utf8();
        return Amount::ratio(num, den);
    }
    if let Some(num) = c.digits() {
        if c.eat("/") {
            if let Some(den) = c.digits() {
                let (num, den) = (num.parse::<i128>().ok(), den.parse::<i128>().ok());
                if let (Some(num), Some(den)) = (num, den) {
                    if num < den {
                        if let Some(v) = Amount::ratio(num, den) {
                            return Some(v);
                        }
                    }
                }
            }
        }
        *c = start;
        return None;
    }
    if let Some(den) = kanji_number(c) {
        if c.eat("分之") {
            if let Some(num) = kanji_number(c) {
                if num < den {
                    if let Some(v) = Amount::ratio(num.into(), den.into()) {
                        return Some(v);
                    }
                }
            }
        }
    }
    *c = start;
    None
}

/// A half (`半`, `반`, `half`, `a half`): 0.5, before the unit is applied.
fn half(c: &mut Cursor<'_>) -> Option<Amount> {
    let mut probe = *c;
    probe.skip_spaces();
    if probe.eat("半") || probe.eat("반") {
        *c = probe;
        return Amount::ratio(1, 2);
    }
    probe.eat("a ");
    if probe.eat("half") && probe.at_word_end() {
        probe.skip_spaces();
        probe.eat("a ");
        *c = probe;
        return Amount::ratio(1, 2);
    }
    None
}

/// The unit at the cursor, if any (white space before it is skipped).
fn unit(c: &mut Cursor<'_>) -> Option<Unit> {
    let mut probe = *c;
    probe.skip_spaces();
    if probe.eat("目") || probe.eat("집") {
        *c = probe;
        return Some(Unit::Point);
    }
    if probe.eat("子") {
        *c = probe;
        return Some(Unit::Zi);
    }
    if probe.eat_any(POINT_WORDS).is_some() && probe.at_word_end() {
        *c = probe;
        return Some(Unit::Point);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(s: &str) -> Option<(String, &str)> {
        let mut c = Cursor::new(s);
        points(&mut c).map(|p| (p.amount.to_string(), c.rest()))
    }

    #[test]
    fn amounts_print_as_short_reals() {
        assert_eq!(Amount::int(7).to_string(), "7");
        assert_eq!(Amount::decimal("6", "50").unwrap().to_string(), "6.5");
        assert_eq!(
            Amount::decimal("0", "000001").unwrap().to_string(),
            "0.000001"
        );
        assert_eq!(Amount::decimal("0", "0000001"), None);
        assert_eq!(Amount::ratio(13, 4).unwrap().to_string(), "3.25");
        assert_eq!(Amount::ratio(1, 3), None);
        assert_eq!(Amount::ratio(1, 0), None);
        assert_eq!(Amount::int(5).negated().to_string(), "-5");
        assert_eq!(Amount::ratio(-1, 4).unwrap().to_string(), "-0.25");
        let big = "123456789012345678901234";
        assert_eq!(
            Amount::decimal(big, "5").unwrap().to_string(),
            format!("{big}.5")
        );
        assert_eq!(Amount::decimal(&format!("{big}5"), ""), None);
    }

    #[test]
    fn points_as_people_write_them() {
        for (input, want) in [
            ("7.5", "7.5"),
            ("6,5", "6.5"),
            ("6目半", "6.5"),
            ("6.5目", "6.5"),
            ("3又1/4子", "6.5"),
            ("3又3/4子", "7.5"),
            ("3.75子", "7.5"),
            ("1/4子", "0.5"),
            ("半子", "1"),
            ("5 1/2", "5.5"),
            ("5½", "5.5"),
            ("1/2", "0.5"),
            ("반집", "0.5"),
            ("半目", "0.5"),
            ("3집반", "3.5"),
            ("3.5집", "3.5"),
            ("7.5 points", "7.5"),
            ("1 point", "1"),
            ("half a point", "0.5"),
            ("2 and a half points", "2.5"),
            ("三目半", "3.5"),
            ("十一目", "11"),
            ("二十五目半", "25.5"),
            ("三又四分之一子", "6.5"),
            ("四分之三子", "1.5"),
        ] {
            assert_eq!(pts(input), Some((want.to_owned(), "")), "{input}");
        }
    }

    #[test]
    fn points_stop_where_the_amount_ends() {
        assert_eq!(pts("1,500"), Some(("1".into(), ",500")));
        assert_eq!(pts("3.5 win"), Some(("3.5".into(), " win")));
        assert_eq!(pts("7 ptsx"), Some(("7".into(), " ptsx")));
        assert_eq!(pts("7/2"), Some(("3.5".into(), "")));
        assert_eq!(
            pts("4/3"),
            Some(("4".into(), "/3")),
            "not exact: the 4 alone"
        );
        assert_eq!(pts("x"), None);
        assert_eq!(pts(""), None);
    }

    #[test]
    fn numerals() {
        let k = |s: &str| kanji_number(&mut Cursor::new(s));
        assert_eq!(k("三"), Some(3));
        assert_eq!(k("十"), Some(10));
        assert_eq!(k("十一"), Some(11));
        assert_eq!(k("二十"), Some(20));
        assert_eq!(k("九十九"), Some(99));
        assert_eq!(k("两"), Some(2));
        assert_eq!(k("目"), None);
        let e = |s: &str| english_number(&mut Cursor::new(s));
        assert_eq!(e("two stones"), Some(2));
        assert_eq!(e("Nine"), Some(9));
        assert_eq!(e("twofold"), None);
    }
}
