//! WBaduk / Cyberoro / Yugen no Ma NGF: reader and writer.
//!
//! `formats/ngf.md` describes the format; this module implements exactly
//! that text. An NGF file holds one linear game: 12 header lines, then one
//! `PM` line per move. The "GI" variant prefixes its header lines with `GI`,
//! orders them differently and ends with `IDB[n] text[EndTxt]` comments.
//!
//! * [`read`]: the header lines by position → root properties, the `PM`
//!   lines → moves, the GI comments → comments on their moves.
//! * [`writer`]: SGF → NGF, the inverse of the reader; original lines kept
//!   in `XNGF` are written back where they still hold.

pub mod codes;
mod reader;
mod records;
mod writer;

use crate::formats::lines;
use crate::values;

pub use reader::read;
pub use writer::writer;

/// The private root property that keeps NGF lines with no SGF home.
pub const PRIVATE_PROPERTY: &str = "XNGF";

// ---------------------------------------------------------------------------
// Sniffing

/// A `PM` move line: `PM`, a two-letter counter, the colour, four letters.
fn is_move_line(l: &str) -> bool {
    let b = l.trim_end().as_bytes();
    b.len() >= 9
        && b.starts_with(b"PM")
        && b[2..9].iter().all(|c| c.is_ascii_uppercase())
        && matches!(b[4], b'B' | b'W')
}

/// An NGF file: a `GI` header, or a number on line 2 (board size) and on
/// lines 6–8 (handicap, 0, komi), or a `PM` move line near the start.
pub fn sniff(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = String::from_utf8_lossy(head);
    let lines: Vec<&str> = text.lines().take(16).map(str::trim).collect();
    if lines.len() >= 2 && lines[0].starts_with("GI") && lines[1].starts_with("GI") {
        return true;
    }
    numeric_header(&lines) || lines.iter().any(|l| is_move_line(l))
}

/// The standard header's numbers where they belong: a board size on line 2
/// and numbers on lines 6–8 (handicap, 0, komi). What tells a record with
/// no move from any text.
fn numeric_header(lines: &[&str]) -> bool {
    let num = |i: usize| {
        lines
            .get(i)
            .is_some_and(|l| l.trim().parse::<f64>().is_ok())
    };
    let size_ok = lines
        .get(1)
        .and_then(|l| l.trim().parse::<u32>().ok())
        .is_some_and(|s| (2..=52).contains(&s));
    size_ok && num(5) && num(6) && num(7)
}

// ---------------------------------------------------------------------------
// Value mappings

/// Whether the last token of a player line is a rank: a number with a rank
/// letter or word (`9DP`, `10K*`, `7단P`, `3d`), or a word ending in a rank
/// word (`初段`, `五段`).
fn looks_like_rank(tok: &str) -> bool {
    values::is_rank(tok.trim_end_matches(['*', '?']))
}

/// A player line `name   rank` → (name, raw rank token).
fn split_player(line: &str) -> (&str, Option<&str>) {
    let t = line.trim();
    // `          9DP`: a rank after the padding of an empty name.
    if line.starts_with(char::is_whitespace)
        && !t.contains(char::is_whitespace)
        && looks_like_rank(t)
    {
        return ("", Some(t));
    }
    match t.rsplit_once(char::is_whitespace) {
        Some((name, rank)) if looks_like_rank(rank) && !name.trim().is_empty() => {
            (name.trim(), Some(rank))
        }
        _ => (t, None),
    }
}

/// A rank's trailing status marks (`*` established, `?` uncertain: the
/// marks FF[4] suggests for `BR`/`WR` and NGF's headers write, `7D*`) and
/// what comes before them: `13k?` → (`13k`, `?`).
fn split_marks(rank: &str) -> (&str, &str) {
    let rank = rank.trim();
    let core = rank.trim_end_matches(['*', '?']);
    (core, &rank[core.len()..])
}

/// An NGF rank token → SGF form: `9DP` → `9p`, `7D*` → `7d*`, `10K?` →
/// `10k?`, `7단P` → `7p`, `5단*` → `5d*`, `3급` → `3k`. The `*`/`?`
/// status marks are kept (SGF ranks carry the same marks); other text is
/// kept as written.
pub fn normalize_rank(tok: &str) -> String {
    let (core, marks) = split_marks(tok);
    values::rank(core, false) + marks
}

/// SGF rank → NGF token: `9p` → `9DP`, `7d*` → `7D*`, `13k?` → `13K?`;
/// `None` when NGF's reader would not read the token back as a rank (its
/// words are not a rank: `P2`, `Meijin`).
fn ngf_rank(rank: &str) -> Option<String> {
    let (core, marks) = split_marks(rank);
    let core = values::rank(core, false);
    let digits: String = core.chars().take_while(|c| c.is_ascii_digit()).collect();
    let token = match (digits.is_empty(), core.get(digits.len()..)) {
        (false, Some("k")) => format!("{digits}K{marks}"),
        (false, Some("d")) => format!("{digits}D{marks}"),
        (false, Some("p")) => format!("{digits}DP{marks}"),
        _ => core.split_whitespace().collect::<Vec<_>>().join("_") + marks,
    };
    (looks_like_rank(&token) && normalize_rank(&token) == normalize_rank(rank)).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks() {
        assert_eq!(normalize_rank("9DP"), "9p");
        assert_eq!(normalize_rank("7D*"), "7d*");
        assert_eq!(normalize_rank("10K*"), "10k*");
        assert_eq!(normalize_rank("13K?"), "13k?");
        assert_eq!(normalize_rank("7단P"), "7p");
        assert_eq!(normalize_rank("5단*"), "5d*");
        assert_eq!(normalize_rank("3급"), "3k");
        assert_eq!(normalize_rank("初段"), "初段");
        assert_eq!(normalize_rank("10 kyu"), "10k");
        for r in ["9p", "7d", "10k", "13k?", "12k*", "2k?", "7d*", "初段"] {
            assert_eq!(ngf_rank(r).map(|t| normalize_rank(&t)).as_deref(), Some(r));
        }
        assert_eq!(ngf_rank("13k?").as_deref(), Some("13K?"));
        for r in ["P2", "Meijin", "1d (KGS)"] {
            assert_eq!(ngf_rank(r), None, "{r}");
        }
    }

    #[test]
    fn player_lines() {
        assert_eq!(split_player("LQC         9DP"), ("LQC", Some("9DP")));
        assert_eq!(split_player("Kobayashi.  9DP"), ("Kobayashi.", Some("9DP")));
        assert_eq!(split_player("홍성지      7단P"), ("홍성지", Some("7단P")));
        assert_eq!(split_player("朴承华 初段"), ("朴承华", Some("初段")));
        assert_eq!(split_player("user 1 1 10k"), ("user 1 1", Some("10k")));
        assert_eq!(split_player("Lee Sedol"), ("Lee Sedol", None));
        assert_eq!(split_player("            9DP"), ("", Some("9DP")));
        assert_eq!(split_player("9DP"), ("9DP", None));
    }

    #[test]
    fn sniffs() {
        assert!(sniff(
            b"Rated game\n19\nA  1D\nB  2D\nx\n0\n0\n6\n20170316\n5\nres\n3\nPMABBREER\n"
        ));
        assert!(sniff(b"GI\xe9\x9f\xa9\nGIx\n"));
        assert!(!sniff(b"(;GM[1])"));
        assert!(!sniff(b"\\HS\r\n"));
    }
}
