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
    decode_legacy(enc, bytes, out)
        .into_iter()
        .map(|s| s.at)
        .collect()
}

/// Bytes of a text that are no character of it, each written as one
/// U+FFFD by [`decode_text_into`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stray {
    /// Where they start, relative to the decoded bytes.
    pub at: usize,
    /// How many bytes.
    pub len: usize,
    /// The C1 control (U+0080–U+009F) a legacy decoder maps the byte to:
    /// a stray byte between characters (`0x80` in Shift_JIS), not text.
    /// `None`: the bytes are invalid in the encoding.
    pub control: Option<char>,
}

/// Decodes the bytes of a text into `out` (appending), as [`decode_into`]
/// does, and also writes U+FFFD for a single byte that a legacy decoder
/// maps to a C1 control (WHATWG's Shift_JIS maps `0x80` to U+0080, the
/// windows-125x sets their unassigned bytes, the ISO-8859 sets `0x80`–`0x9F`):
/// no text holds one. Returns what was replaced. (In UTF-8 a C1 control is
/// two bytes written on purpose, and is kept.)
pub fn decode_text_into(enc: &'static Encoding, bytes: &[u8], out: &mut String) -> Vec<Stray> {
    let start = out.len();
    let bad = decode_with_lengths(enc, bytes, out);
    if enc == UTF_8 || !out[start..].chars().any(is_c1) {
        return bad;
    }
    out.truncate(start);
    decode_stepwise(enc, bytes, out)
}

fn is_c1(c: char) -> bool {
    ('\u{80}'..='\u{9f}').contains(&c)
}

/// [`decode_into`], with the length of each undecodable sequence.
fn decode_with_lengths(enc: &'static Encoding, bytes: &[u8], out: &mut String) -> Vec<Stray> {
    let invalid = |at, len| Stray {
        at,
        len,
        control: None,
    };
    if enc == UTF_8 {
        return decode_into(enc, bytes, out)
            .into_iter()
            .map(|at| {
                let len = match std::str::from_utf8(&bytes[at..]) {
                    Err(e) if e.valid_up_to() == 0 => e.error_len().unwrap_or(bytes.len() - at),
                    _ => 1,
                };
                invalid(at, len.max(1))
            })
            .collect();
    }
    decode_legacy(enc, bytes, out)
}

/// A legacy encoding's bytes decoded into `out`, each undecodable
/// sequence written as one U+FFFD and returned with its length.
fn decode_legacy(enc: &'static Encoding, bytes: &[u8], out: &mut String) -> Vec<Stray> {
    let invalid = |at, len| Stray {
        at,
        len,
        control: None,
    };
    let mut bad = Vec::new();
    let mut dec = enc.new_decoder_without_bom_handling();
    let mut src = bytes;
    let mut consumed = 0usize;
    out.reserve(bytes.len() * 3 / 2 + 4);
    loop {
        let (res, read) = dec.decode_to_string_without_replacement(src, out, true);
        match res {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => out.reserve(src.len() * 3 + 16),
            encoding_rs::DecoderResult::Malformed(len, extra) => {
                let at = (consumed + read).saturating_sub(len as usize + extra as usize);
                bad.push(invalid(at, usize::from(len).max(1)));
                out.push('\u{FFFD}');
            }
        }
        consumed += read;
        src = &src[read..];
    }
    bad
}

/// Decodes a byte at a time, to know which byte each character came from:
/// a C1 control made of one byte becomes U+FFFD. (Only for the rare text
/// whose decoding holds a C1 control.)
fn decode_stepwise(enc: &'static Encoding, bytes: &[u8], out: &mut String) -> Vec<Stray> {
    let mut dec = enc.new_decoder_without_bom_handling();
    let mut bad = Vec::new();
    // Where the character being decoded started.
    let mut char_start = 0usize;
    for i in 0..bytes.len() {
        let last = i + 1 == bytes.len();
        let mut src = &bytes[i..=i];
        loop {
            let before = out.len();
            out.reserve(16);
            let (res, read) = dec.decode_to_string_without_replacement(src, out, last);
            src = &src[read..];
            let done = i + 1 - src.len();
            match res {
                encoding_rs::DecoderResult::OutputFull => continue,
                encoding_rs::DecoderResult::Malformed(len, extra) => {
                    let at = done.saturating_sub(len as usize + extra as usize);
                    bad.push(Stray {
                        at,
                        len: usize::from(len).max(1),
                        control: None,
                    });
                    out.push('\u{FFFD}');
                    char_start = done - (extra as usize).min(done);
                }
                encoding_rs::DecoderResult::InputEmpty => {
                    if out.len() > before {
                        let mut new = out[before..].chars();
                        if let (Some(c), None, true) = (new.next(), new.next(), char_start == i) {
                            if is_c1(c) {
                                out.truncate(before);
                                out.push('\u{FFFD}');
                                bad.push(Stray {
                                    at: i,
                                    len: 1,
                                    control: Some(c),
                                });
                            }
                        }
                        char_start = done;
                    }
                    if src.is_empty() {
                        break;
                    }
                }
            }
        }
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
    fn a_stray_byte_decoded_to_a_c1_control_is_no_text() {
        use encoding_rs::{GB18030, ISO_8859_2};
        // 武宮\x80正樹 in Shift_JIS: the stray byte becomes U+FFFD.
        let (mut sj, _, _) = SHIFT_JIS.encode("武宮正樹");
        sj.to_mut().insert(4, 0x80);
        let mut s = String::new();
        let bad = decode_text_into(SHIFT_JIS, &sj, &mut s);
        assert_eq!(s, "武宮\u{FFFD}正樹");
        assert_eq!(
            bad,
            vec![Stray {
                at: 4,
                len: 1,
                control: Some('\u{80}')
            }]
        );
        // A Shift_JIS character whose trail byte is in 0x80–0x9F is text.
        let (ok, _, _) = SHIFT_JIS.encode("ソニー囲碁");
        let mut s = String::new();
        assert!(decode_text_into(SHIFT_JIS, &ok, &mut s).is_empty());
        assert_eq!(s, "ソニー囲碁");
        // windows-1252's unassigned 0x81, ISO-8859-2's 0x85; an invalid
        // byte beside them keeps its own report.
        let mut s = String::new();
        let bad = decode_text_into(WINDOWS_1252, b"a\x81b\xe9", &mut s);
        assert_eq!(s, "a\u{FFFD}b\u{e9}");
        assert_eq!(bad.len(), 1);
        let mut s = String::new();
        let bad = decode_text_into(ISO_8859_2, b"x\x85", &mut s);
        assert_eq!(
            (s.as_str(), bad[0].at, bad[0].control),
            ("x\u{FFFD}", 1, Some('\u{85}'))
        );
        let mut s = String::new();
        let bad = decode_text_into(SHIFT_JIS, b"\x80\xa0\x83\x5c", &mut s);
        assert_eq!(s, "\u{FFFD}\u{FFFD}ソ");
        assert_eq!(
            bad.iter()
                .map(|b| (b.at, b.control.is_some()))
                .collect::<Vec<_>>(),
            vec![(0, true), (1, false)]
        );
        // GB18030 maps 0x80 to '€': a character.
        let mut s = String::new();
        assert!(decode_text_into(GB18030, b"\x80", &mut s).is_empty());
        // UTF-8: an invalid sequence with its length; C1 written on purpose kept.
        let mut s = String::new();
        let bad = decode_text_into(UTF_8, b"\xe5\x9b]\xc2\x85", &mut s);
        assert_eq!(s, "\u{FFFD}]\u{85}");
        assert_eq!(
            bad,
            vec![Stray {
                at: 0,
                len: 2,
                control: None
            }]
        );
    }

    #[test]
    fn encode_reports_what_it_cannot_carry() {
        let mut out = Vec::new();
        let lost = encode_into(WINDOWS_1252, "aé碁", &mut out);
        assert_eq!(out, b"a\xe9?");
        assert_eq!(lost, vec!['碁']);
    }
}
