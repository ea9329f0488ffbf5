//! Character-set names, byte-order marks and byte structure.
//!
//! The names of character sets (what people type and records declare,
//! mapped to the superset decoders), byte-order marks, and what an
//! encoding's byte structure allows.

use encoding_rs::{
    Encoding, BIG5, EUC_KR, GB18030, GBK, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
};

/// The character-set names people type most (`--encoding`,
/// `--default-encoding`, `--to-encoding`): what the command's shell
/// completions offer. [`lookup`] takes each, and any WHATWG label besides.
pub const COMMON_LABELS: &[&str] = &[
    "UTF-8",
    "UTF-16LE",
    "UTF-16BE",
    "Shift_JIS",
    "SJIS",
    "CP932",
    "EUC-JP",
    "ISO-2022-JP",
    "EUC-KR",
    "CP949",
    "KS_C_5601-1987",
    "GB2312",
    "GBK",
    "GB18030",
    "Big5",
    "windows-1252",
    "ISO-8859-1",
    "windows-1251",
    "KOI8-R",
    "KOI8-U",
];

/// The encoding to decode with for a declared charset name: every
/// WHATWG/encoding_rs label, plus the legacy names found in game records.
/// Declared legacy sets are read with their superset (GB2312 → GB18030,
/// EUC-KR → CP949 (encoding_rs's EUC-KR *is* CP949), Shift_JIS → CP932
/// (encoding_rs's Shift_JIS *is* CP932), Big5 → Big5-HKSCS (likewise)).
pub fn lookup(label: &str) -> Option<&'static Encoding> {
    let l = label.trim().trim_matches('"');
    // Nearly every record that names a character set names this one.
    if l.eq_ignore_ascii_case("UTF-8") {
        return Some(UTF_8);
    }
    let norm: String = l
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
        .flat_map(|c| c.to_lowercase())
        .collect();
    let legacy = match norm.as_str() {
        "utf8" | "utf8bom" => Some(UTF_8),
        "utf16" | "utf16le" | "ucs2" | "ucs2le" => Some(UTF_16LE),
        "utf16be" | "ucs2be" => Some(UTF_16BE),
        "sjis" | "shiftjis" | "mskanji" | "cp932" | "windows31j" | "xsjis" | "ms932" => {
            Some(SHIFT_JIS)
        }
        "gb2312" | "euccn" | "gbk" | "cp936" | "gb18030" | "xgbk" | "hz" | "hzgb2312" | "ms936" => {
            Some(GB18030)
        }
        "big5" | "big5hkscs" | "cp950" | "ms950" | "big5tw" => Some(BIG5),
        "euckr" | "cp949" | "uhc" | "ksc56011987" | "ksc5601" | "ksc56011989" | "iso2022kr"
        | "ms949" | "windows949" => Some(EUC_KR),
        "latin1" | "iso88591" | "l1" | "ascii" | "usascii" | "iso646us" => Some(WINDOWS_1252),
        _ => None,
    };
    legacy.or_else(|| Encoding::for_label(l.as_bytes()))
}

/// A byte-order mark at the start of `bytes`: the encoding and the BOM length.
/// UTF-32 is reported as `None` with length 4 by [`utf32_bom`].
pub fn bom(bytes: &[u8]) -> Option<(&'static Encoding, usize)> {
    if utf32_bom(bytes).is_some() {
        return None;
    }
    Encoding::for_bom(bytes)
}

/// A UTF-32 byte-order mark: `Some(true)` little-endian, `Some(false)` big.
pub fn utf32_bom(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0xFF, 0xFE, 0, 0, ..] => Some(true),
        [0, 0, 0xFE, 0xFF, ..] => Some(false),
        _ => None,
    }
}

/// Encodings where `]` (0x5D) or `\` (0x5C) can be the trail byte of a
/// double-byte character: SGF syntax cannot be read byte by byte in them.
pub fn has_unsafe_trail_bytes(enc: &'static Encoding) -> bool {
    enc == SHIFT_JIS || enc == BIG5 || enc == GBK || enc == GB18030
}

/// Whether `b` starts a two-byte character in `enc` (for the unsafe ones).
#[inline]
pub fn is_lead_byte(enc: &'static Encoding, b: u8) -> bool {
    if enc == SHIFT_JIS {
        (0x81..=0x9F).contains(&b) || (0xE0..=0xFC).contains(&b)
    } else if enc == BIG5 || enc == GBK || enc == GB18030 {
        (0x81..=0xFE).contains(&b)
    } else {
        false
    }
}

/// Whether bytes in this encoding can be scanned for ASCII syntax directly.
pub fn is_ascii_compatible(enc: &'static Encoding) -> bool {
    enc.is_ascii_compatible()
}

/// The name written in `CA[]` for an output encoding.
pub fn ca_name(enc: &'static Encoding) -> &'static str {
    if enc == WINDOWS_1252 {
        "ISO-8859-1"
    } else {
        enc.name()
    }
}

/// The superset to decode a detected legacy encoding with.
pub(super) fn widen(enc: &'static Encoding) -> &'static Encoding {
    if enc == GBK {
        GB18030
    } else {
        enc
    }
}

/// The output encoding for a `--to-encoding` name: it must be able to carry
/// ASCII syntax (UTF-16 output is refused).
pub fn output_encoding(label: &str) -> Option<&'static Encoding> {
    let e = lookup(label)?;
    let e = e.output_encoding();
    e.is_ascii_compatible().then_some(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_common_label_is_known() {
        for l in COMMON_LABELS {
            assert!(lookup(l).is_some(), "{l}");
        }
    }

    #[test]
    fn legacy_names_map_to_supersets() {
        assert_eq!(lookup("SJIS"), Some(SHIFT_JIS));
        assert_eq!(lookup("MS_KANJI"), Some(SHIFT_JIS));
        assert_eq!(lookup("KS_C_5601-1987"), Some(EUC_KR));
        assert_eq!(lookup("gb2312"), Some(GB18030));
        assert_eq!(lookup("UTF8"), Some(UTF_8));
        assert_eq!(lookup("Big5"), Some(BIG5));
        assert_eq!(lookup("ISO-8859-1"), Some(WINDOWS_1252));
        assert_eq!(lookup("UTF16LE"), Some(UTF_16LE));
        assert_eq!(lookup("koi8-r").map(|e| e.name()), Some("KOI8-R"));
        assert_eq!(lookup("no-such-charset"), None);
    }

    #[test]
    fn lead_bytes() {
        assert!(is_lead_byte(SHIFT_JIS, 0x83));
        assert!(!is_lead_byte(SHIFT_JIS, 0xA0));
        assert!(is_lead_byte(BIG5, 0xA6));
        assert!(!is_lead_byte(UTF_8, 0xE3));
        assert!(has_unsafe_trail_bytes(GB18030));
        assert!(!has_unsafe_trail_bytes(EUC_KR));
    }
}
