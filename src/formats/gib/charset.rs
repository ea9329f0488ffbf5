//! The character set of a GIB file, and repairs of text that an earlier
//! program decoded with the wrong one. A GIB file names no character set;
//! its `GIBOKIND` (the client family) implies one, which the reader uses as
//! a hint and the writer as the set to write in.

use super::codes::*;
use crate::diag::Reporter;
use crate::formats::lines::{self, DecodeCodes, Decoded, RecordStart};
use crate::options::ReadOptions;
use encoding_rs::{Encoding, BIG5, EUC_KR, GB18030, SHIFT_JIS};

/// The character set `GIBOKIND` implies (its value is ASCII in every file).
fn gibokind_hint(bytes: &[u8]) -> Option<&'static Encoding> {
    let key = b"GIBOKIND=";
    let at = memchr::memmem::find(bytes, key)? + key.len();
    let rest = bytes.get(at..)?;
    let end = rest
        .iter()
        .position(|c| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let kind = std::str::from_utf8(rest.get(..end)?).ok()?;
    encoding_for_kind(kind)
}

/// `GIBOKIND` → character set of the clients of that family.
pub(super) fn encoding_for_kind(kind: &str) -> Option<&'static Encoding> {
    match kind.to_ascii_lowercase().as_str() {
        // Global is the Korean client's international edition.
        "korea" | "global" => Some(EUC_KR),
        "china" => Some(GB18030),
        "taiwan" => Some(BIG5),
        "japan" => Some(SHIFT_JIS),
        _ => None,
    }
}

/// One record's bytes as text, in the character set chosen from the
/// options, the file's BOM, the record's bytes and its `GIBOKIND` hint.
pub(super) fn decode_input(
    bytes: &[u8],
    at: RecordStart,
    options: &ReadOptions,
    report: &mut Reporter,
) -> Decoded {
    let codes = DecodeCodes {
        guessed: GIB_ENCODING_GUESSED,
        guessed_note: "character set guessed as ",
        undecodable: GIB_UNDECODABLE_BYTES,
    };
    lines::decode(bytes, at, gibokind_hint(bytes), options, &codes, report)
}

/// Text that was CP949 (or GBK/Big5) bytes read as Latin-1 and saved as UTF-8
/// (`À±¹Ì89` for `윤미89`): re-encoded and decoded in `enc` when the result
/// is clean and its non-ASCII characters are all Hangul or CJK.
pub fn repair_double_encoding(s: &str, enc: &'static Encoding) -> Option<String> {
    let high = s.chars().filter(|c| *c as u32 >= 0x80).count();
    if high < 2 || s.chars().any(|c| c as u32 > 0xFF) {
        return None;
    }
    let bytes: Vec<u8> = s.chars().map(|c| c as u32 as u8).collect();
    let text = enc
        .decode_without_bom_handling_and_without_replacement(&bytes)?
        .into_owned();
    let all_cjk = text
        .chars()
        .filter(|c| !c.is_ascii())
        .all(|c| matches!(c as u32, 0xAC00..=0xD7A3 | 0x4E00..=0x9FFF | 0x3131..=0x318E));
    (all_cjk && !text.is_ascii()).then_some(text)
}

/// An ASCII id whose bytes were read as UTF-16LE (`敍獮楫t` for `Menskit`):
/// every non-ASCII character splits into two printable ASCII bytes, and the
/// result is an id (letters, digits, `_`, `-`, `.`).
pub fn repair_utf16_ascii(s: &str) -> Option<String> {
    if s.is_ascii() {
        return None;
    }
    let mut out = String::new();
    for c in s.chars() {
        let u = c as u32;
        if c.is_ascii() {
            out.push(c);
        } else if u <= 0xFFFF {
            let (lo, hi) = ((u & 0xFF) as u8, (u >> 8) as u8);
            if !(0x20..0x7F).contains(&lo) || !(0x20..0x7F).contains(&hi) {
                return None;
            }
            out.push(lo as char);
            out.push(hi as char);
        } else {
            return None;
        }
    }
    out.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repairs_of_damaged_ids() {
        assert_eq!(
            repair_double_encoding("WID:À±¹Ì89,WLV:5", EUC_KR).as_deref(),
            Some("WID:윤미89,WLV:5")
        );
        assert_eq!(repair_double_encoding("José", EUC_KR), None);
        assert_eq!(repair_double_encoding("plain", EUC_KR), None);
        assert_eq!(repair_utf16_ascii("敍獮楫t").as_deref(), Some("Menskit"));
        assert_eq!(repair_utf16_ascii("石下之臣"), None);
        assert_eq!(repair_utf16_ascii("ascii"), None);
    }
}
