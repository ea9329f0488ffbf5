//! Ranks (`BR`, `WR`) as the clients of every script write them, read into
//! the form SGF records use: `2k`, `4d`, `9p`.
//!
//! `FF[4]` gives ranks no form of their own (they are simpletext), but the
//! convention is a number and a letter: `k` for kyu, `d` for dan, `p` for a
//! professional dan. Korean, Chinese, Japanese and Western clients write
//! `2K`, `4D`, `1급`, `3段`, `9P`, `9DP`, `7단P`, `9프로`, `10 kyu`.
//!
//! [`rank_number`] puts a rank on one numeric scale for kyu, dan and
//! professional ranks, the European Go Federation's: a rank's nominal
//! rating (GoR: `2100 - 100·k` for `k` kyu, `2000 + 100·d` for `d` dan,
//! `2670 + 30·p` for `p` professional dan) less 2000, over 100. So `30k` is
//! −29, `1k` 0, `1d` 1, `9d` 9, `1p` 7.0 and `9p` 9.4: one step per
//! amateur rank (the difference of two amateur ranks is the handicap
//! between them; OGS's ranking is this number plus 29), three
//! professional ranks to one amateur rank.

/// The words after a number that make a kyu rank.
const KYU: &[&str] = &["k", "kyu", "급", "级", "級"];
/// ... a dan rank.
const DAN: &[&str] = &["d", "dan", "단", "段"];
/// ... a professional dan rank.
const PRO: &[&str] = &["p", "dp", "pro", "단p", "段p", "프로"];

/// The words a rank written without digits ends with (`初段`, `五段`,
/// `一級`).
const RANK_ENDINGS: &[&str] = &["段", "단", "级", "級", "급"];

/// A rank as Korean, Chinese, Japanese and Western clients write it (`2K`,
/// `4D`, `1급`, `3段`, `9P`, `9DP`, `7단P`, `10 kyu`) → the SGF form (`2k`,
/// `4d`, `1k`, `3d`, `9p`, `9p`, `7p`, `10k`); anything else is kept as
/// written (trimmed). `pro` turns a dan rank into `p` (the source knows the
/// player is a professional).
pub fn rank(text: &str, pro: bool) -> String {
    let t = text.trim();
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return t.to_string();
    }
    let n = digits.trim_start_matches('0');
    let n = if n.is_empty() { "0" } else { n };
    let rest = t.get(digits.len()..).unwrap_or("").trim().to_lowercase();
    let is = |words: &[&str]| words.contains(&rest.as_str());
    let kind = if is(KYU) {
        'k'
    } else if is(DAN) {
        if pro {
            'p'
        } else {
            'd'
        }
    } else if is(PRO) {
        'p'
    } else {
        return t.to_string();
    };
    format!("{n}{kind}")
}

/// Whether `text` is a rank: one [`rank`] reads (a number and a rank
/// word), or a rank in words alone (`初段`, `五段`, also with a `P` after
/// it).
pub fn is_rank(text: &str) -> bool {
    let read = rank(text, false);
    let digits = read.trim_end_matches(['k', 'd', 'p']);
    let numbered = !digits.is_empty()
        && digits.len() + 1 == read.len()
        && digits.chars().all(|c| c.is_ascii_digit());
    let bare = text.strip_suffix('P').unwrap_or(text);
    numbered || RANK_ENDINGS.iter().any(|w| bare.ends_with(w))
}

/// The highest rank of each kind [`rank_number`] places.
const MOST: [(char, u32); 3] = [('k', 30), ('d', 9), ('p', 9)];

/// A rank on the EGF's scale (see the module header): `30k` → −29, `1k` →
/// 0, `1d` → 1, `9d` → 9, `1p` → 7.0, `9p` → 9.4. Every spelling [`rank`]
/// reads, ranks in words (`初段`, `五段`, `一級`, `초단`), and a rank marked
/// as not yet established (KGS's `5k?`, `4d*`) as the rank. `None` for
/// anything else and for ranks off the scale (`0k`, `31k`, `10d`, `10p`).
pub fn rank_number(text: &str) -> Option<f64> {
    let t = text.trim();
    let t = t.strip_suffix(['?', '*']).unwrap_or(t).trim_end();
    let (n, kind) = numbered(&rank(t, false)).or_else(|| in_words(t))?;
    let most = MOST.iter().find(|(k, _)| *k == kind)?.1;
    let n = i64::from(n).clamp(0, 100);
    let gor = match kind {
        'k' => 2100 - 100 * n,
        'd' => 2000 + 100 * n,
        _ => 2670 + 30 * n,
    };
    (1..=i64::from(most))
        .contains(&n)
        .then(|| (gor - 2000) as f64 / 100.0)
}

/// `5d` → (5, `d`): a rank as [`rank`] writes it.
fn numbered(read: &str) -> Option<(u32, char)> {
    let kind = read
        .chars()
        .last()
        .filter(|c| matches!(c, 'k' | 'd' | 'p'))?;
    let digits = &read[..read.len() - 1];
    let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    all_digits
        .then(|| digits.parse().ok())
        .flatten()
        .map(|n| (n, kind))
}

/// The numerals of ranks in words (`初段`, `五段`, `十級`).
const NUMERALS: &[(&str, u32)] = &[
    ("初", 1),
    ("초", 1),
    ("一", 1),
    ("二", 2),
    ("三", 3),
    ("四", 4),
    ("五", 5),
    ("六", 6),
    ("七", 7),
    ("八", 8),
    ("九", 9),
    ("十", 10),
];

/// `初段` → (1, `d`), `五段P` → (5, `p`), `一級` → (1, `k`), `초단` → (1, `d`).
fn in_words(text: &str) -> Option<(u32, char)> {
    let (bare, pro) = match text.strip_suffix(['P', 'p']) {
        Some(b) => (b, true),
        None => (text, false),
    };
    let ending = RANK_ENDINGS.iter().find(|w| bare.ends_with(*w))?;
    let numeral = &bare[..bare.len() - ending.len()];
    let n = NUMERALS.iter().find(|(w, _)| *w == numeral)?.1;
    let kind = match (DAN.contains(ending), pro) {
        (true, true) => 'p',
        (true, false) => 'd',
        (false, false) => 'k',
        (false, true) => return None,
    };
    Some((n, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_in_every_script() {
        for (text, pro, want) in [
            (" 02K ", false, "2k"),
            ("4D", false, "4d"),
            ("1급", false, "1k"),
            ("3段", false, "3d"),
            ("3段", true, "3p"),
            ("9P", false, "9p"),
            ("9DP", false, "9p"),
            ("7단P", false, "7p"),
            ("9프로", false, "9p"),
            ("10 kyu", false, "10k"),
            ("Meijin", false, "Meijin"),
            ("初段", false, "初段"),
        ] {
            assert_eq!(rank(text, pro), want, "{text:?}");
        }
    }

    #[test]
    fn what_is_a_rank() {
        for r in ["9DP", "10K", "7단P", "3d", "初段", "五段", "一級"] {
            assert!(is_rank(r), "{r}");
        }
        for r in ["Lee", "9", "kyu", "P"] {
            assert!(!is_rank(r), "{r}");
        }
    }

    /// The scale, one row per rank and spelling: every kind, its ends,
    /// ranks in words, unestablished ranks, and what has no place.
    #[test]
    fn the_rank_scale() {
        for (text, want) in [
            ("30k", Some(-29.0)),
            ("15k", Some(-14.0)),
            ("2k", Some(-1.0)),
            ("1k", Some(0.0)),
            ("1d", Some(1.0)),
            ("7d", Some(7.0)),
            ("9d", Some(9.0)),
            ("1p", Some(7.0)),
            ("5p", Some(8.2)),
            ("9p", Some(9.4)),
            ("5D", Some(5.0)),
            ("3段", Some(3.0)),
            ("1급", Some(0.0)),
            ("9DP", Some(9.4)),
            ("10 kyu", Some(-9.0)),
            ("初段", Some(1.0)),
            ("五段", Some(5.0)),
            ("一級", Some(0.0)),
            ("十級", Some(-9.0)),
            ("초단", Some(1.0)),
            ("九段P", Some(9.4)),
            ("5k?", Some(-4.0)),
            ("4d*", Some(4.0)),
            ("22k*", Some(-21.0)),
            ("0k", None),
            ("31k", None),
            ("10d", None),
            ("10p", None),
            ("?", None),
            ("", None),
            ("Meijin", None),
            ("-", None),
            ("5", None),
            ("級", None),
        ] {
            assert_eq!(rank_number(text), want, "{text:?}");
        }
    }
}
