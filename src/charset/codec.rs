//! Decoding to UTF-8 and encoding from it, with what did not convert.
//!
//! Decoding into UTF-8 (with the offsets of undecodable bytes) and
//! encoding out of it (with the characters that could not be carried).

use encoding_rs::{Encoding, UTF_8};

pub(super) fn decode_strict(enc: &'static Encoding, bytes: &[u8]) -> Option<String> {
    if enc == UTF_8 {
        return std::str::from_utf8(bytes).ok().map(str::to_owned);
    }
    enc.decode_without_bom_handling_and_without_replacement(bytes)
        .map(|c| c.into_owned())
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

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{SHIFT_JIS, WINDOWS_1252};

    #[test]
    fn undecodable_bytes_are_reported_with_offsets() {
        let (s, bad) = decode(UTF_8, b"ab\xffcd\xfe");
        assert_eq!(s, "ab\u{FFFD}cd\u{FFFD}");
        assert_eq!(bad, vec![2, 5]);
        let (s, bad) = decode(SHIFT_JIS, b"\x83\x5c\xa0x");
        assert!(s.starts_with('ソ'));
        assert_eq!(bad, vec![2]);
    }

    #[test]
    fn encode_reports_what_it_cannot_carry() {
        let mut out = Vec::new();
        let lost = encode_into(WINDOWS_1252, "aé碁", &mut out);
        assert_eq!(out, b"a\xe9?");
        assert_eq!(lost, vec!['碁']);
    }
}
