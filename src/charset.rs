//! Character sets: names, byte-order marks, detection and decoding.
//!
//! Every reader turns its bytes into UTF-8 through this module, so the rules
//! for legacy names (`SJIS`, `KS_C_5601-1987`, `GB2312`...) and for choosing a
//! superset decoder live in one place.

use encoding_rs::{
    Encoding, BIG5, EUC_KR, GB18030, GBK, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252,
};

/// The encoding to decode with for a declared charset name: every
/// WHATWG/encoding_rs label, plus the legacy names found in game records.
/// Declared legacy sets are read with their superset (GB2312 → GB18030,
/// EUC-KR → CP949 (encoding_rs's EUC-KR *is* CP949), Shift_JIS → CP932
/// (encoding_rs's Shift_JIS *is* CP932), Big5 → Big5-HKSCS (likewise)).
pub fn lookup(label: &str) -> Option<&'static Encoding> {
    let l = label.trim().trim_matches('"');
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

/// Result of statistical detection.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    pub encoding: &'static Encoding,
    /// 0.0..=1.0
    pub confidence: f32,
}

/// Guesses the encoding of non-UTF-8 bytes. `bytes` should be the text the
/// decision is about (the values of a game), not only its syntax.
pub fn detect(bytes: &[u8]) -> Guess {
    let mut det = chardetng::EncodingDetector::new();
    det.feed(bytes, true);
    let (enc, sure) = det.guess_assess(None, true);
    let enc = widen(enc);
    let confidence = if sure { 0.9 } else { 0.4 };
    Guess {
        encoding: enc,
        confidence,
    }
}

/// The superset to decode a detected legacy encoding with.
fn widen(enc: &'static Encoding) -> &'static Encoding {
    if enc == GBK {
        GB18030
    } else {
        enc
    }
}

/// Decodes `bytes` into `out` (appending). Returns the byte offsets (relative
/// to `bytes`) of undecodable sequences, which became U+FFFD.
pub fn decode_into(enc: &'static Encoding, bytes: &[u8], out: &mut String) -> Vec<usize> {
    let mut bad = Vec::new();
    if enc == UTF_8 {
        let mut rest = bytes;
        let mut base = 0;
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    out.push_str(s);
                    break;
                }
                Err(e) => {
                    let good = e.valid_up_to();
                    // Safe: the prefix was just validated.
                    out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                    out.push('\u{FFFD}');
                    bad.push(base + good);
                    let skip = e.error_len().unwrap_or(rest.len() - good).max(1);
                    base += good + skip;
                    rest = &rest[(good + skip).min(rest.len())..];
                    if rest.is_empty() {
                        break;
                    }
                }
            }
        }
        return bad;
    }
    let mut dec = enc.new_decoder_without_bom_handling();
    let mut src = bytes;
    let mut consumed = 0usize;
    out.reserve(bytes.len() * 3 / 2 + 4);
    loop {
        let (res, read) = dec.decode_to_string_without_replacement(src, out, true);
        match res {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => {
                out.reserve(src.len() * 3 + 16);
            }
            encoding_rs::DecoderResult::Malformed(len, extra) => {
                let at = consumed + read - len as usize - extra as usize;
                bad.push(at);
                out.push('\u{FFFD}');
            }
        }
        consumed += read;
        src = &src[read..];
    }
    bad
}

/// Decodes to a new string, undecodable bytes as U+FFFD.
pub fn decode(enc: &'static Encoding, bytes: &[u8]) -> (String, Vec<usize>) {
    let mut s = String::new();
    let bad = decode_into(enc, bytes, &mut s);
    (s, bad)
}

/// Whether `bytes` decode in `enc` without a single error.
pub fn decodes_cleanly(enc: &'static Encoding, bytes: &[u8]) -> bool {
    if enc == UTF_8 {
        return std::str::from_utf8(bytes).is_ok();
    }
    enc.decode_without_bom_handling_and_without_replacement(bytes)
        .is_some()
}

/// Encodes UTF-8 text into `enc`. Returns the characters that `enc` cannot
/// represent (they are written as `?`).
pub fn encode_into(enc: &'static Encoding, text: &str, out: &mut Vec<u8>) -> Vec<char> {
    if enc == UTF_8 {
        out.extend_from_slice(text.as_bytes());
        return Vec::new();
    }
    let (bytes, _, had_errors) = enc.encode(text);
    if !had_errors {
        out.extend_from_slice(&bytes);
        return Vec::new();
    }
    let mut lost = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let s = c.encode_utf8(&mut buf);
        let (b, _, err) = enc.encode(s);
        if err {
            lost.push(c);
            out.push(b'?');
        } else {
            out.extend_from_slice(&b);
        }
    }
    lost
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
    fn undecodable_bytes_are_reported_with_offsets() {
        let (s, bad) = decode(UTF_8, b"ab\xffcd\xfe");
        assert_eq!(s, "ab\u{FFFD}cd\u{FFFD}");
        assert_eq!(bad, vec![2, 5]);
        let (s, bad) = decode(SHIFT_JIS, b"\x83\x5c\x83 x");
        assert!(s.starts_with('ソ'));
        assert_eq!(bad, vec![2]);
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

    #[test]
    fn encode_reports_what_it_cannot_carry() {
        let mut out = Vec::new();
        let lost = encode_into(WINDOWS_1252, "aé碁", &mut out);
        assert_eq!(out, b"a\xe9?");
        assert_eq!(lost, vec!['碁']);
    }
}
