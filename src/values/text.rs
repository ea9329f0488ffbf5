//! SimpleText (`FF[4]` value types: "SimpleText"), and the character folding
//! the other normalizers read through.
//!
//! In a simpletext value a line break is the same as a space, and every
//! other white space is a space: `PB[Lee\nSedol]` is `PB[Lee Sedol]`. The
//! reader has already removed soft line breaks (`\` before a line break)
//! and escapes; what is left is only this.

use super::{Normalized, Reading, Rewrite};
use std::borrow::Cow;

/// A simpletext value with each line break (`\r\n`, `\n\r`, `\r`, `\n`)
/// and each other ASCII white space (tab, vertical tab, form feed) as one
/// space: [`Normalized::Valid`] when there is none, else the new value.
/// Only ASCII white space counts (SGFC's lesson: a locale's idea of white
/// space damages UTF-8 text); spaces are not trimmed or merged.
pub fn simple_text(value: &str) -> Normalized {
    if !value.bytes().any(is_white) {
        return Normalized::Valid;
    }
    let mut bytes = value.as_bytes().to_vec();
    let n = simple_text_in_place(&mut bytes).unwrap_or(bytes.len());
    bytes.truncate(n);
    // Only ASCII bytes were replaced or dropped: still UTF-8.
    let out = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Normalized::Rewritten(Rewrite::new(out, Reading::Spelling))
}

/// A byte [`simple_text`] makes a space of (a line break, with its pair).
pub fn is_white(b: u8) -> bool {
    matches!(b, b'\r' | b'\n' | b'\t' | 0x0b | 0x0c)
}

/// [`simple_text`] in place, with no copy of the value (a huge one, issue
/// 14): the value's bytes (UTF-8) rewritten into their start, and their
/// new length; `None`, changing nothing, when the value is valid. Only
/// ASCII bytes are replaced (by a space) or dropped (the second byte of a
/// `\r\n` or `\n\r` pair): the result is UTF-8.
pub fn simple_text_in_place(value: &mut [u8]) -> Option<usize> {
    let first = value.iter().position(|&b| is_white(b))?;
    let (mut r, mut w) = (first, first);
    while let Some(&c) = value.get(r) {
        // `value[r]` is white space: one space for it (and its pair).
        r += 1;
        let pair = match c {
            b'\r' => Some(b'\n'),
            b'\n' => Some(b'\r'),
            _ => None,
        };
        if pair.is_some() && value.get(r).copied() == pair {
            r += 1;
        }
        if let Some(b) = value.get_mut(w) {
            *b = b' ';
        }
        w += 1;
        // The text up to the next white space, moved down if need be.
        let rest = value.get(r..).unwrap_or_default();
        let run = rest.iter().position(|&b| is_white(b)).unwrap_or(rest.len());
        if w != r {
            value.copy_within(r..r + run, w);
        }
        r += run;
        w += run;
    }
    Some(w)
}

/// `s` with the full-width forms of ASCII (`２０１２`, `：`, `／`) and the
/// ideographic space as ASCII, and the minus sign `−` as `-`; other
/// characters as they are. The game-info readers read through this.
/// Borrowed when nothing is folded (no copy of a huge value).
pub(crate) fn fold(s: &str) -> Cow<'_, str> {
    let folds = |c: char| matches!(c, '\u{ff01}'..='\u{ff5e}' | '\u{3000}' | '\u{2212}');
    if s.is_ascii() || !s.chars().any(folds) {
        return Cow::Borrowed(s);
    }
    s.chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            '\u{2212}' => '-',
            _ => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(s: &str) -> String {
        simple_text(s).value_or(s).to_owned()
    }

    #[test]
    fn line_breaks_and_tabs_are_spaces() {
        for (input, want) in [
            ("Lee Sedol", "Lee Sedol"),
            ("", ""),
            ("Lee\nSedol", "Lee Sedol"),
            ("Lee\r\nSedol", "Lee Sedol"),
            ("Lee\n\rSedol", "Lee Sedol"),
            ("Lee\rSedol", "Lee Sedol"),
            ("a\n\nb", "a  b"),
            ("a\r\n\r\nb", "a  b"),
            ("a\n\r\nb", "a  b"),
            ("a\tb\u{0b}c\u{0c}d", "a b c d"),
            ("\n", " "),
            ("이세돌\n九段", "이세돌 九段"),
            ("keep  two  spaces ", "keep  two  spaces "),
            ("no\u{2028}change", "no\u{2028}change"),
        ] {
            assert_eq!(st(input), want, "{input:?}");
        }
        assert_eq!(simple_text("plain"), Normalized::Valid);
        assert_eq!(simple_text("a\u{3000}b"), Normalized::Valid);
        assert_eq!(simple_text("a\nb"), Normalized::respelled("a b"));
    }

    /// What [`simple_text`] was before it was done in place: a character
    /// at a time, into a new string.
    fn by_chars(value: &str) -> String {
        let mut out = String::new();
        let mut chars = value.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' | '\n' => {
                    let other = if c == '\r' { '\n' } else { '\r' };
                    if chars.peek() == Some(&other) {
                        chars.next();
                    }
                    out.push(' ');
                }
                '\t' | '\u{0b}' | '\u{0c}' => out.push(' '),
                _ => out.push(c),
            }
        }
        out
    }

    /// In place, every mix of breaks, pairs and text gives what a
    /// character at a time gives.
    #[test]
    fn in_place_is_the_same_as_by_characters() {
        let atoms = ["\r", "\n", "\t", "\u{0b}", "\u{0c}", "a", "이", " ", "\r\n"];
        let mut inputs = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for s in &inputs {
                for a in atoms {
                    next.push(format!("{s}{a}"));
                }
            }
            inputs.extend(next);
            inputs.dedup();
        }
        for input in &inputs {
            let mut bytes = input.as_bytes().to_vec();
            let got = match simple_text_in_place(&mut bytes) {
                Some(n) => String::from_utf8(bytes[..n].to_vec()).unwrap(),
                None => input.clone(),
            };
            assert_eq!(got, by_chars(input), "{input:?}");
            assert_eq!(st(input), by_chars(input), "{input:?}");
        }
    }

    #[test]
    fn fold_makes_full_width_ascii() {
        assert_eq!(fold("２０１２／１１／２２"), "2012/11/22");
        assert_eq!(fold("Ｂ＋Ｒ"), "B+R");
        assert_eq!(fold("a\u{3000}b −5"), "a b -5");
        assert_eq!(fold("黒中押し"), "黒中押し");
    }
}
