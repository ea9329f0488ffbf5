//! SimpleText (`FF[4]` value types: "SimpleText"), and the character folding
//! the other normalizers read through.
//!
//! In a simpletext value a line break is the same as a space, and every
//! other white space is a space: `PB[Lee\nSedol]` is `PB[Lee Sedol]`. The
//! reader has already removed soft line breaks (`\` before a line break)
//! and escapes; what is left is only this.

use super::{Normalized, Reading, Rewrite};

/// A simpletext value with each line break (`\r\n`, `\n\r`, `\r`, `\n`)
/// and each other ASCII white space (tab, vertical tab, form feed) as one
/// space: [`Normalized::Valid`] when there is none, else the new value.
/// Only ASCII white space counts (SGFC's lesson: a locale's idea of white
/// space damages UTF-8 text); spaces are not trimmed or merged.
pub fn simple_text(value: &str) -> Normalized {
    if !value
        .bytes()
        .any(|b| matches!(b, b'\r' | b'\n' | b'\t' | 0x0b | 0x0c))
    {
        return Normalized::Valid;
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' | '\n' => {
                // A pair of different line-break characters is one break.
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
    Normalized::Rewritten(Rewrite::new(out, Reading::Spelling))
}

/// `s` with the full-width forms of ASCII (`２０１２`, `：`, `／`) and the
/// ideographic space as ASCII, and the minus sign `−` as `-`; other
/// characters as they are. The game-info readers read through this.
pub(crate) fn fold(s: &str) -> String {
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

    #[test]
    fn fold_makes_full_width_ascii() {
        assert_eq!(fold("２０１２／１１／２２"), "2012/11/22");
        assert_eq!(fold("Ｂ＋Ｒ"), "B+R");
        assert_eq!(fold("a\u{3000}b −5"), "a b -5");
        assert_eq!(fold("黒中押し"), "黒中押し");
    }
}
