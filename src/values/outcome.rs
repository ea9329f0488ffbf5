//! What reading one value gives: [`Normalized`], an outcome every reader
//! of the home returns (already valid, rewritten to its `FF[4]` form with
//! how it was read and what it leaves out, ambiguous, or unparsed and why).

use std::fmt;

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

    /// The `FF[4]` value when the value says one thing for certain: itself
    /// (trimmed) when valid, the rewrite when it leaves nothing out;
    /// `None` for an ambiguous or unparsed value, or a rewrite that leaves
    /// part of `original` out.
    pub fn certain(self, original: &str) -> Option<String> {
        match self {
            Normalized::Valid => Some(original.trim().to_owned()),
            Normalized::Rewritten(r) if r.dropped.is_none() => Some(r.value),
            _ => None,
        }
    }

    /// The `FF[4]` value written for the value: itself (trimmed) when
    /// valid, the rewrite (whatever it leaves out); `None` for an ambiguous
    /// or unparsed value.
    pub fn written(self, original: &str) -> Option<String> {
        match self {
            Normalized::Valid => Some(original.trim().to_owned()),
            Normalized::Rewritten(r) => Some(r.value),
            _ => None,
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
