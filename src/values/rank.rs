//! Ranks (`BR`, `WR`) as the clients of every script write them, read into
//! the form SGF records use: `2k`, `4d`, `9p`.
//!
//! `FF[4]` gives ranks no form of their own (they are simpletext), but the
//! convention is a number and a letter: `k` for kyu, `d` for dan, `p` for a
//! professional dan. Korean, Chinese, Japanese and Western clients write
//! `2K`, `4D`, `1급`, `3段`, `9P`, `9DP`, `7단P`, `9프로`, `10 kyu`.

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
}
