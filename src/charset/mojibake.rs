//! The repair of text decoded with the wrong character set.
//!
//! The repair of mojibake: text decoded as Latin-1 (Windows-1252) from
//! bytes that were in another character set.

use encoding_rs::{Encoding, BIG5, EUC_KR, GB18030, SHIFT_JIS, UTF_8, WINDOWS_1252};

use super::codec::decode_strict;
use super::score;

/// Repairs text that was decoded with the wrong single-byte charset and
/// saved again: CP949, GBK, Shift_JIS, Big5 or UTF-8 bytes read as Latin-1 /
/// Windows-1252 (`À±¹Ì89` is CP949 `윤미89`). Returns the repaired text and
/// the encoding the bytes really were in.
///
/// Conservative: `None` unless the text has a run of at least two
/// non-ASCII characters (isolated accents are real Latin text), every
/// character maps back to one byte, the bytes decode cleanly in the
/// candidate, the result is coherent in its script (every non-ASCII
/// character belongs to it) and it scores clearly better than the text as
/// it stands.
pub fn repair_mojibake(s: &str) -> Option<(String, &'static Encoding)> {
    let mut bytes = Vec::with_capacity(s.len());
    let mut run = 0usize;
    let mut longest_run = 0usize;
    for c in s.chars() {
        if c.is_ascii() {
            run = 0;
            bytes.push(c as u8);
            continue;
        }
        run += 1;
        longest_run = longest_run.max(run);
        bytes.push(latin_byte(c)?);
    }
    if longest_run < 2 {
        return None;
    }
    let as_is = score::score(s, score::Lang::Latin).total;
    let mut best: Option<(String, &'static Encoding, f32)> = None;
    for enc in [UTF_8, EUC_KR, GB18030, SHIFT_JIS, BIG5] {
        let Some(text) = decode_strict(enc, &bytes) else {
            continue;
        };
        if !script_coherent(&text, enc) {
            continue;
        }
        let lang = score::lang_of(enc);
        let sc = score::score(&text, lang);
        let per_char = sc.total / sc.non_ascii.max(1) as f32;
        // UTF-8 structure is proof enough; legacy CJK must look like
        // frequent text, not merely valid ideographs.
        let needed = if enc == UTF_8 { 0.5 } else { 2.0 };
        let margin = if enc == UTF_8 { 0.0 } else { 2.0 };
        if sc.non_ascii == 0 || per_char < needed || sc.total <= as_is + margin {
            continue;
        }
        match &best {
            Some((_, _, b)) if *b >= sc.total => {}
            _ => best = Some((text, enc, sc.total)),
        }
    }
    best.map(|(t, e, _)| (t, e))
}

/// The Windows-1252 (Latin-1 for C1 controls) byte of a character.
fn latin_byte(c: char) -> Option<u8> {
    let cp = c as u32;
    if cp < 0x100 {
        return Some(cp as u8);
    }
    let mut buf = [0u8; 4];
    let (b, _, err) = WINDOWS_1252.encode(c.encode_utf8(&mut buf));
    (!err && b.len() == 1).then(|| b[0])
}

/// Every non-ASCII character of `text` belongs to the script `enc` is for.
fn script_coherent(text: &str, enc: &'static Encoding) -> bool {
    let lang = score::lang_of(enc);
    text.chars().filter(|c| !c.is_ascii()).all(|c| {
        let cp = c as u32;
        let han = (0x4E00..=0x9FFF).contains(&cp);
        let kana = (0x3040..=0x30FF).contains(&cp);
        let hangul = (0xAC00..=0xD7A3).contains(&cp);
        let cjk_punct = (0x3000..=0x303F).contains(&cp) || (0xFF01..=0xFF5E).contains(&cp);
        match lang {
            score::Lang::Korean => hangul || han || cjk_punct,
            score::Lang::Japanese => kana || han || cjk_punct,
            score::Lang::SimplifiedChinese | score::Lang::TraditionalChinese => han || cjk_punct,
            // UTF-8: any printable character, no controls, no private use.
            _ => !c.is_control() && !(0xE000..=0xF8FF).contains(&cp) && cp != 0xFFFD,
        }
    })
}
