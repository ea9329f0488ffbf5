//! Control characters in values: no character of a text, nor of any other
//! FF[4] value; dropped and reported with their position
//! (`formats/validation.md`, "Control characters in text").
//!
//! `FF[4]` text is characters; a NUL, a C0 control other than the white
//! space of text (tab, line feed, carriage return, vertical tab, form
//! feed) or DEL is none, and the other value types (numbers, points,
//! colours) are ASCII letters and digits. In the ASCII-compatible encodings
//! such a character is its own byte, so it is found in the value's raw
//! bytes, where its line and column are known, before the value is
//! decoded. (Dropped from every value, the output reads back the same: a
//! value set aside as illegal goes to a private property, which is text.)

use super::codes::CONTROL_CHARACTER;
use crate::diag::Reporter;
use crate::event::Pos;

/// A byte (or character) that is a control character and not white space.
/// Whether `bytes` hold a control character's byte: the whole slice is
/// looked at without an early exit, which the compiler vectorises (every
/// value of every game passes here).
#[inline]
pub(super) fn any(bytes: &[u8]) -> bool {
    bytes.iter().fold(false, |found, &b| {
        found | (b < 0x20 && !(0x09..=0x0D).contains(&b)) | (b == 0x7F)
    })
}

#[inline]
pub(super) fn is_control(c: u32) -> bool {
    matches!(c, 0x00..=0x08 | 0x0E..=0x1F | 0x7F)
}

/// The control bytes of a value's raw bytes (`raw` starts at `at`), with
/// their positions.
pub(super) fn find(raw: &[u8], at: Pos) -> Vec<(u8, Pos)> {
    if !any(raw) {
        return Vec::new();
    }
    let (mut line, mut line_start) = (at.line, at.offset - u64::from(at.col.max(1) - 1));
    let mut found = Vec::new();
    for (k, &b) in raw.iter().enumerate() {
        let offset = at.offset + k as u64;
        if b == b'\n' {
            line = line.saturating_add(1);
            line_start = offset + 1;
        } else if is_control(b.into()) {
            let col = (offset - line_start + 1) as u32;
            found.push((b, Pos::new(offset, line, col)));
        }
    }
    found
}

/// Drops the control characters from `text[start..]`, reports each (at its
/// byte's position in `found`, else at the value's `at`), and returns
/// `split` (a position in `text`) moved back over those dropped before it.
pub(super) fn drop(
    text: &mut String,
    start: usize,
    split: Option<usize>,
    found: &[(u8, Pos)],
    at: Pos,
    report: &mut Reporter,
) -> Option<usize> {
    // A control character is one byte in UTF-8, never part of another.
    if !any(&text.as_bytes()[start..]) {
        return split;
    }
    let mut kept = String::with_capacity(text.len() - start);
    let mut new_split = split;
    let mut seen = 0;
    for (k, c) in text[start..].char_indices() {
        if !is_control(c.into()) {
            kept.push(c);
            continue;
        }
        if let Some(s) = split.filter(|&s| start + k < s) {
            new_split = Some(new_split.unwrap_or(s) - 1);
        }
        let here = found.get(seen).map(|f| f.1);
        seen += 1;
        report.report(CONTROL_CHARACTER, Some(here.unwrap_or(at)), || match here {
            Some(_) => format!(
                "byte 0x{:02X} in a value is a control character, no character of text: dropped",
                u32::from(c)
            ),
            None => format!(
                "U+{:04X} in a value is a control character, no character of text: dropped",
                u32::from(c)
            ),
        });
    }
    text.truncate(start);
    text.push_str(&kept);
    new_split
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_is_is_control_over_every_byte() {
        for b in 0..=255u8 {
            assert_eq!(any(&[b'a', b, b'z']), is_control(b.into()), "{b:#x}");
        }
        assert!(!any(b""));
    }

    #[test]
    fn control_bytes_are_found_at_their_line_and_column() {
        let at = Pos::new(10, 2, 5);
        let found = find(b"a\0b\nc\x13\td", at);
        assert_eq!(
            found,
            vec![(0, Pos::new(11, 2, 6)), (0x13, Pos::new(15, 3, 2))]
        );
        assert!(find(b"tab\tvt\x0bff\x0ccr\r\n", at).is_empty());
    }

    #[test]
    fn dropped_controls_move_the_split_back() {
        let mut r = Reporter::new("t", crate::diag::Output::Discard);
        let mut text = "xx\0a\u{7f}:b\u{1}".to_string();
        let split = drop(&mut text, 2, Some(5), &[], Pos::default(), &mut r);
        assert_eq!(text, "xxa:b");
        assert_eq!(split, Some(3));
    }
}
