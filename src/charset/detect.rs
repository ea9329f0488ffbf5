//! Statistical detection of a text's character set.
//!
//! Statistical detection of a text's character set: every candidate
//! decoding scored (`score.rs`) beside chardetng's guess.

use encoding_rs::{
    Encoding, BIG5, EUC_JP, EUC_KR, GB18030, KOI8_R, KOI8_U, SHIFT_JIS, UTF_8, WINDOWS_1251,
    WINDOWS_1252,
};

use super::codec::decode;
use super::names::widen;
use super::score;

/// Result of statistical detection.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    /// The most likely encoding.
    pub encoding: &'static Encoding,
    /// 0.0..=1.0
    pub confidence: f32,
}

/// The candidates scored by [`detect`], in priority order (ties go to the
/// earlier one).
const CANDIDATES: [&Encoding; 9] = [
    UTF_8,
    SHIFT_JIS,
    EUC_JP,
    EUC_KR,
    GB18030,
    BIG5,
    WINDOWS_1252,
    WINDOWS_1251,
    KOI8_R,
];

/// Non-ASCII material (see [`non_ascii_islands`]) enough to decide: about
/// 330 ideographs or 1 000 accented letters.
const ISLANDS_LIMIT: usize = 1024;

/// Bytes beyond this are not looked at: enough text to decide, and a
/// bound on the work for huge comment-laden games.
const DETECT_LIMIT: usize = 256 * 1024;

/// Guesses the encoding of non-UTF-8 bytes. `bytes` should be the text the
/// decision is about (the values of a game), not only its syntax.
///
/// Every candidate (UTF-8 with damage, Shift_JIS, EUC-JP, CP949, GB18030,
/// Big5, Windows-1252, Windows-1251, KOI8-R, and chardetng's own guess) decodes
/// the bytes; each decoding is scored by the characters it produces (see
/// `score`), chardetng's guess gets a small bonus, and the best wins. The
/// confidence grows with the margin over the runner-up. Valid UTF-8 (ASCII
/// included) is returned as UTF-8 with confidence 1.
pub fn detect(bytes: &[u8]) -> Guess {
    let bytes = &bytes[..bytes.len().min(DETECT_LIMIT)];
    if std::str::from_utf8(bytes).is_ok() {
        return Guess {
            encoding: UTF_8,
            confidence: 1.0,
        };
    }
    // Only non-ASCII bytes and their neighbours can score (see
    // `non_ascii_islands`), and a few KiB of them decide: a comment-laden
    // game is scored on what its first comments hold, not on 256 KiB.
    let (islands, used) = non_ascii_islands(bytes, ISLANDS_LIMIT);
    let bytes = &bytes[..used];
    let mut det = chardetng::EncodingDetector::new();
    det.feed(bytes, true);
    let (chardet, sure) = det.guess_assess(None, true);
    let mut chardet = widen(chardet);
    if chardet == KOI8_U && !bytes.iter().any(|b| KOI8_U_ONLY.contains(b)) {
        // Identical to KOI8-R on these bytes; KOI8-R is the usual label.
        chardet = KOI8_R;
    }

    let mut scored: Vec<(&'static Encoding, f32)> = Vec::with_capacity(CANDIDATES.len() + 1);
    let non_ascii = bytes.iter().filter(|b| !b.is_ascii()).count();
    // Short texts: chardetng's statistics need material; below this, its
    // guesses among the many Latin code pages are noise.
    let enough = non_ascii >= 12;
    let mut candidates: Vec<&'static Encoding> = CANDIDATES.to_vec();
    if !candidates.contains(&chardet) && chardet.is_ascii_compatible() && enough {
        candidates.push(chardet);
    }
    for enc in candidates {
        let (text, _) = decode(enc, &islands);
        let mut total = score::score(&text, score::lang_of(enc)).total;
        if enc == UTF_8 {
            total += utf8_structure_bonus(&text);
        }
        if enc == chardet && total > 0.0 {
            // chardetng's statistics need material: on a short name its
            // guess is worth little.
            let weight = (non_ascii as f32 / 24.0).min(1.0);
            total += (if sure { 4.0 } else { 2.0 }) * weight + total * 0.05;
        }
        scored.push((enc, total));
    }
    // Stable: the first of equal scores stays first.
    scored.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Equal));
    let (mut best, best_score) = scored.first().copied().unwrap_or((WINDOWS_1252, 0.0));
    let mut second = scored.get(1).map(|s| s.1).unwrap_or(0.0);
    // The scores decide the script; between single-byte encodings of
    // alphabetic scripts (Latin or Cyrillic), chardetng's letter statistics
    // know better than character classes do.
    let single_byte = |e: &'static Encoding| {
        matches!(
            score::lang_of(e),
            score::Lang::Latin | score::Lang::Cyrillic | score::Lang::Other
        )
    };
    if best != chardet && single_byte(best) && single_byte(chardet) {
        let chardet_score = scored.iter().find(|s| s.0 == chardet).map(|s| s.1);
        if sure && enough && chardet_score.is_some_and(|c| c > 0.0) {
            second = best_score.min(second);
            best = chardet;
        }
    }
    if best_score <= 0.0 {
        // Nothing looks like text: say so, and fall back on Latin-1 (the
        // FF[4] default), which keeps every byte.
        return Guess {
            encoding: WINDOWS_1252,
            confidence: 0.1,
        };
    }
    // Evidence: how much text-like material the winner found (full at 10
    // points, about three frequent ideographs); margin: its lead over the
    // runner-up. A clear winner on real text lands well above 0.5 (the
    // reader's threshold for trusting detection); a single accented byte
    // among equals stays below it.
    let margin = ((best_score - second.max(0.0)) / best_score).clamp(0.0, 1.0);
    let evidence = (best_score / 10.0).min(1.0);
    let confidence = (0.35 + 0.3 * evidence + 0.34 * margin).min(0.99);
    Guess {
        encoding: best,
        confidence,
    }
}

/// The parts of `bytes` a candidate decoding's score depends on: every
/// non-ASCII byte with one byte before it (the previous character, which
/// decides whether an ideograph touches a Latin letter) and two after it (a
/// double-byte trail, which may be ASCII, then the next character), joined
/// by `\n`. ASCII scores nothing by itself, so every decoding scores these
/// islands as it scores the whole text: a lead byte never meets the
/// separator, since its trail is kept, and `\n` is neither a letter nor a
/// control character.
///
/// Stops at the first island that takes the result past `limit` bytes and
/// returns, with the islands, how many bytes of `bytes` they cover.
fn non_ascii_islands(bytes: &[u8], limit: usize) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    // End of the island being built, exclusive, in `bytes`.
    let mut end = 0usize;
    for (i, _) in bytes.iter().enumerate().filter(|(_, b)| !b.is_ascii()) {
        if out.len() >= limit && i >= end {
            return (out, end);
        }
        let from = i.saturating_sub(1);
        let to = (i + 3).min(bytes.len());
        if from > end || out.is_empty() {
            if !out.is_empty() {
                out.push(b'\n');
            }
            out.extend_from_slice(&bytes[from..to]);
        } else if to > end {
            out.extend_from_slice(&bytes[end..to]);
        }
        end = end.max(to);
    }
    (out, bytes.len())
}

/// Bytes KOI8-U decodes differently from KOI8-R (Ukrainian letters).
const KOI8_U_ONLY: [u8; 8] = [0xA4, 0xA6, 0xA7, 0xAD, 0xB4, 0xB6, 0xB7, 0xBD];

/// Valid multi-byte UTF-8 sequences are strong evidence: legacy bytes
/// rarely form them by chance, least of all three- and four-byte ones.
fn utf8_structure_bonus(text: &str) -> f32 {
    text.chars()
        .map(|c| match c as u32 {
            0xFFFD => 4.0, // only undoes part of the replacement penalty
            0x80..=0x7FF => 1.0,
            0x800.. => 4.0,
            _ => 0.0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charset::{lookup, repair_mojibake};

    #[test]
    fn single_latin1_letters_stay_latin1() {
        let mut bad = Vec::new();
        for b in 0xA0u8..=0xFF {
            for (pre, post) in [
                (&b"Jo"[..], &b"l Smith"[..]),
                (b"", b"mile Zola"),
                (b"Caf", b""),
                (b"C[A game of go ", b" nice.]"),
            ] {
                let mut v = pre.to_vec();
                v.push(b);
                v.extend_from_slice(post);
                let g = detect(&v);
                if g.encoding != WINDOWS_1252 {
                    bad.push(format!(
                        "{:?} -> {}",
                        String::from_utf8_lossy(&v),
                        g.encoding.name()
                    ));
                }
            }
        }
        assert!(bad.is_empty(), "{} misread: {bad:#?}", bad.len());
    }

    fn enc(label: &str, text: &str) -> Vec<u8> {
        let e = lookup(label).unwrap();
        let (b, _, err) = e.encode(text);
        assert!(!err, "{text} not in {label}");
        b.into_owned()
    }

    #[test]
    fn islands_score_as_the_whole_text_does() {
        let texts = [
            (
                "gb18030",
                "C[黑方胜 3.5 目, move 120: a good fight]PB[古力]PW[Lee 李世石]",
            ),
            ("gb18030", "C[𠀋 rare, 4-byte]PB[x黑y]"),
            ("Big5", "C[黑勝 this is Big5 許功蓋 with trail backslashes]"),
            ("Shift_JIS", "C[黒の勝ち ソフト 表示 abc]PB[坂田栄男 9d]"),
            ("EUC-KR", "C[흑 불계승 이창호 vs. 조훈현]"),
            ("windows-1252", "C[Müller played sôhôn; Æsir ØÅ end]é"),
            ("windows-1251", "C[Бёрнс против Смирнова, zz мнг]"),
            ("UTF-8", "PB[名人]C[plain ascii then ü and 한국]"),
        ];
        let filler = "C[a long ASCII comment with words, digits 123 and \\] escapes] ";
        for (label, text) in texts {
            let mut bytes = filler.repeat(3).into_bytes();
            bytes.extend(enc(label, text));
            bytes.extend(filler.as_bytes());
            bytes.extend(enc(label, text));
            bytes.push(0xE9); // a lone byte at the very end
            let (islands, used) = non_ascii_islands(&bytes, usize::MAX);
            assert_eq!(used, bytes.len());
            assert!(islands.len() < bytes.len() / 2, "{label}: {islands:?}");
            for cand in CANDIDATES
                .iter()
                .chain([&encoding_rs::GBK, &encoding_rs::KOI8_U])
            {
                let whole = score::score(&decode(cand, &bytes).0, score::lang_of(cand));
                let part = score::score(&decode(cand, &islands).0, score::lang_of(cand));
                assert_eq!(whole.total, part.total, "{label} text as {}", cand.name());
                assert_eq!(
                    whole.non_ascii,
                    part.non_ascii,
                    "{label} as {}",
                    cand.name()
                );
            }
        }
    }

    #[test]
    fn islands_stop_after_the_limit_at_an_island_boundary() {
        let bytes = enc("gb18030", &"abc 黑方胜 de ".repeat(50));
        let (islands, used) = non_ascii_islands(&bytes, 40);
        assert!((40..60).contains(&islands.len()), "{}", islands.len());
        assert!(used < bytes.len());
        assert_eq!(islands, non_ascii_islands(&bytes[..used], usize::MAX).0);
        assert_eq!(
            bytes[used - 2..used],
            *b" d",
            "the island's context is kept"
        );
    }

    #[test]
    fn hard_cases_from_ogataks_corpus_style() {
        let cases = [
            (
                "windows-1252",
                "PB[Émile Durand]PW[Þórður Guðjónsson]C[Góður leikur, hvítur vann.]",
            ),
            ("windows-1252", "C[ÉCOLE FRANÇAISE DE GO – RÉSULTAT FINAL]"),
            ("windows-1252", "PB[Jürgen]"),
            (
                "gb18030",
                "PB[柯洁]PW[申真谞]RE[黑胜2又3/4子]C[AlphaGo 对局]",
            ),
            ("Big5", "PB[周俊勳]PW[王元均]RE[白中盤勝]"),
            ("Shift_JIS", "PB[井山裕太]PW[張栩]RE[白中押し勝ち]"),
            (
                "Shift_JIS",
                "PB[井山裕太]BR[九段]PW[一力遼]WR[九段]KO[黒6目半]",
            ),
            ("EUC-KR", "PB[신진서]PW[박정환]RE[226수 백불계승]"),
            ("EUC-KR", "PB[李世乭]PW[曺薰鉉]C[흑 반집승]"),
            ("EUC-JP", "PB[井山裕太]PW[張栩]C[黒の中押し勝ち]"),
            (
                "windows-1251",
                "PB[Иванов Пётр]C[Хорошая партия, белые выиграли.]",
            ),
            (
                "KOI8-R",
                "PB[Иванов Пётр]C[Хорошая партия, белые выиграли.]",
            ),
        ];
        for (label, text) in cases {
            let g = detect(&enc(label, text));
            assert_eq!(
                g.encoding,
                lookup(label).unwrap(),
                "{text}: {}",
                g.encoding.name()
            );
            assert!(g.confidence > 0.3, "{text}: {}", g.confidence);
        }
    }

    #[test]
    fn short_latin1_runs_are_not_cjk_or_cyrillic() {
        // From SGFC's test files: `sôhôn` (Big5 would swallow `h` and `n`)
        // and `öüä` (Windows-1251 `цьд`, a word without a vowel).
        for bytes in [
            &b"s\xf4h\xf4n"[..],
            b"illegal byte sequence: \xf6\xfc\xe4 (call with",
        ] {
            assert_eq!(
                detect(bytes).encoding,
                WINDOWS_1252,
                "{}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn mojibake_is_repaired_only_when_clean_and_coherent() {
        // CP949 read as Latin-1 then saved as UTF-8 (bazilxp/gokifu sample1.gib).
        assert_eq!(
            repair_mojibake("À±¹Ì89").map(|(s, e)| (s, e.name())),
            Some(("윤미89".to_string(), "EUC-KR"))
        );
        let sjis_as_latin: String = enc("Shift_JIS", "井山裕太")
            .iter()
            .map(|&b| {
                WINDOWS_1252
                    .decode_without_bom_handling(&[b])
                    .0
                    .into_owned()
            })
            .collect();
        assert_eq!(
            repair_mojibake(&sjis_as_latin).map(|(s, _)| s),
            Some("井山裕太".into())
        );
        let gbk_as_latin: String = enc("gbk", "古力 黑胜")
            .iter()
            .map(|&b| char::from(b))
            .collect();
        assert_eq!(
            repair_mojibake(&gbk_as_latin).map(|(s, e)| (s, e.name())),
            Some(("古力 黑胜".into(), "gb18030"))
        );
        // UTF-8 read as Latin-1.
        assert_eq!(
            repair_mojibake("Ã©cole").map(|(s, _)| s),
            Some("école".into())
        );
        // Real Latin text stays.
        for s in [
            "Jürgen Müller",
            "Björn Schäfer",
            "Émile",
            "Grüße",
            "ÉCOLE",
            "plain",
            "Ää Öö",
            "黑胜",
            "Ääkkönen",
            "Jääskeläinen",
            "Åsa Öberg",
            "Müßig",
            "Þórður Guðjónsson",
            "ÆØÅ",
            "François Señor",
        ] {
            assert_eq!(repair_mojibake(s), None, "{s}");
        }
    }
}

#[cfg(test)]
mod names_only {
    use super::*;
    use crate::charset::lookup;

    #[test]
    fn players_names_alone_are_detected() {
        let sets: &[(&str, &[&str])] = &[
            (
                "gbk",
                &[
                    "古力",
                    "柯洁",
                    "聂卫平",
                    "常昊",
                    "芈昱廷",
                    "范廷钰",
                    "时越",
                    "陈耀烨",
                    "唐韦星",
                    "连笑",
                    "马晓春",
                    "俞斌",
                    "周睿羊",
                    "江维杰",
                    "檀啸",
                    "杨鼎新",
                    "辜梓豪",
                    "谢尔豪",
                    "李轩豪",
                    "丁浩",
                ],
            ),
            (
                "big5",
                &[
                    "周俊勳",
                    "王元均",
                    "林海峰",
                    "王立誠",
                    "張栩",
                    "謝依旻",
                    "許皓鋐",
                    "賴均輔",
                    "林至涵",
                    "簡靖庭",
                    "陳詩淵",
                    "蕭正浩",
                    "王銘琬",
                    "彭景華",
                    "黑嘉嘉",
                ],
            ),
            (
                "shift_jis",
                &[
                    "井山裕太",
                    "一力遼",
                    "芝野虎丸",
                    "本因坊秀策",
                    "趙治勲",
                    "小林光一",
                    "武宮正樹",
                    "藤沢里菜",
                    "上野愛咲美",
                    "余正麒",
                    "許家元",
                    "河野臨",
                    "山下敬吾",
                    "羽根直樹",
                    "高尾紳路",
                    "坂井秀至",
                ],
            ),
            (
                "euc-jp",
                &[
                    "井山裕太",
                    "一力遼",
                    "芝野虎丸",
                    "本因坊秀策",
                    "趙治勲",
                    "小林光一",
                    "武宮正樹",
                    "藤沢里菜",
                    "上野愛咲美",
                    "山下敬吾",
                    "羽根直樹",
                    "高尾紳路",
                ],
            ),
            (
                "euc-kr",
                &[
                    "이세돌",
                    "박정환",
                    "신진서",
                    "최정",
                    "조훈현",
                    "이창호",
                    "김지석",
                    "변상일",
                    "신민준",
                    "朴廷桓",
                    "申眞諝",
                    "李昌鎬",
                    "曺薰鉉",
                    "劉昌赫",
                    "徐奉洙",
                ],
            ),
            (
                "windows-1252",
                &[
                    "Émile",
                    "Jürgen",
                    "Søren",
                    "François",
                    "José",
                    "Ólafur Þórðarson",
                    "Ægir",
                    "ÅSA",
                    "Zoë",
                    "Müller",
                    "Ñandú",
                ],
            ),
            (
                "windows-1251",
                &["Иванов", "Петров", "Сидорова", "Александр", "Дмитрий"],
            ),
            (
                "koi8-r",
                &["Иванов", "Петров", "Сидорова", "Александр", "Дмитрий"],
            ),
        ];
        let mut bad = 0;
        let mut total = 0;
        for (label, names) in sets {
            let e = lookup(label).unwrap();
            for (i, a) in names.iter().enumerate() {
                let b = names[(i + 1) % names.len()];
                for text in [format!("PB[{a}]PW[{b}]"), format!("PB[{a}]")] {
                    let (bytes, _, err) = e.encode(&text);
                    if err {
                        continue;
                    }
                    total += 1;
                    let g = detect(&bytes);
                    if g.encoding != e || g.confidence < 0.5 {
                        bad += 1;
                        eprintln!(
                            "{label}: {text} -> {} {:.2}",
                            g.encoding.name(),
                            g.confidence
                        );
                    }
                }
            }
        }
        eprintln!("{bad}/{total} wrong");
        // Names alone are the hardest input (a few bytes, no kana, no
        // Go words); most must still come out right.
        assert!(bad * 10 <= total, "{bad}/{total} name-only texts misread");
    }
}
#[cfg(test)]
mod other_scripts {
    use super::*;
    use crate::charset::lookup;

    #[test]
    fn central_european_and_greek_follow_chardetng() {
        for (label, text) in [
            ("windows-1250", "C[Bardzo ciekawa partia. Biały zagrał świetnie, ale czarny wygrał dzięki mocnej końcówce. Źle, że żółw]"),
            ("windows-1250", "C[Černý hrál velmi dobře, bílý udělal chybu v koncovce. Příliš žluťoučký kůň úpěl ďábelské ódy.]"),
            ("windows-1253", "C[Πολύ ενδιαφέρουσα παρτίδα. Ο μαύρος κέρδισε με ένα πόντο.]"),
        ] {
            let e = lookup(label).unwrap();
            let (bytes, _, err) = e.encode(text);
            assert!(!err);
            let g = detect(&bytes);
            assert_eq!(g.encoding, e, "{text}: {}", g.encoding.name());
        }
    }
}
