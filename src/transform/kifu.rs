//! Dialect rule 3: the kifu dialect of Asian servers and associations
//! (Nihon Ki-in, Korea Baduk Association / Cyberoro, Sina, YuanYu; called
//! SGF2 in the seeds). Its root properties mean other things than `FF[4]`'s.
//!
//! A game is in the dialect when its tree opened with `(` followed by a
//! property (no `;`), or its root has `RD`, `GK`, or `HD` without `HA`, or a `TE` that is
//! not an `FF[4]` double (`1`/`2`) and stands in a node without a move (beside
//! a move it is the move's tesuji mark), or a `KO` with a value (`FF[4]` `KO`
//! takes none). Only then, in the root node: `GK`→`GM`, `TE`→`EV` (not beside
//! a move), `KO`→`KM`
//! (also Japanese/Korean/Chinese komi text: `黒6目半` → 6.5), `RD`→`DT`,
//! `HD`→`HA` plus the standard handicap stones as `AB`, `TM` text → `TM`
//! seconds (`1時間` → 3600; a bare number is minutes), `LT`/`LC` → `OT`
//! (`5x30 byo-yomi`), and the free-text result → `FF[4]` `RE`
//! (`黒中押し勝ち` → `B+R`; a result with a move count, `257手完, 黒中押し勝ち`,
//! is left to rule 11, which keeps the count with the value as written in
//! `GC`). Every original text that a rewrite
//! replaced is named in its diagnostic (and, on request, kept in a `Meta`
//! event `kifu:<ID>`); a result that cannot be read stays in `RE` as
//! written.
//!
//! The values are read as every game-info value is, by [`crate::values`]
//! (so `RD`, `KO`, `TM`, `RE` read as `DT`, `KM`, `TM`, `RE` do in rule 11);
//! this rule knows only what its dialect means by them: which property is
//! which, that a bare `TM` counts minutes, that `LT`/`LC` are byo-yomi.

use super::codes::{
    KIFU_ALIAS, KIFU_DIALECT, KIFU_HANDICAP_STONES, KIFU_KEPT, KIFU_KOMI, KIFU_RESULT, KIFU_TIME,
};
use super::node::{board_size, BufNode};
use super::rule::{Cx, NodeRule};
use crate::diag::At;
use crate::event::Pos;
use crate::values::{self, format_real, Normalized, Reading};

/// The kifu rewrites. With `keep_originals`, every original text a rewrite
/// replaced also goes into a `Meta` event `kifu:<ID>` (for JSON/XML output;
/// the SGF writer has no place for it and warns). The info diagnostic of
/// each rewrite always names the original.
#[derive(Default)]
pub struct Kifu {
    pub keep_originals: bool,
}

/// Whether a game is in the kifu dialect (formats-notes §5.1).
pub fn is_kifu(implicit_root: bool, root: &BufNode) -> bool {
    // `HD` alone is weak evidence (Many Faces of Go writes a private
    // `HD[0]` beside `HA[0]`): it counts only without an `HA`.
    let hd = root.has("HD") && !root.has("HA");
    // Another alias counts unless each FF[4] property it stands for is
    // there with another value: then it is a leftover, as our own output
    // keeps one (the rewrite cannot rename it), and reading that output
    // again must not rewrite the root again (a bare `TM` would be taken
    // for minutes twice). Beside the same value it still counts: gokifu
    // writes `GK[1]` beside `GM[1]`, and its `TM` in minutes.
    let alias = |id: &str, ff4: &[&str]| {
        let value = root.text(id).map(str::trim);
        value.is_some()
            && !ff4
                .iter()
                .all(|f| root.text(f).is_some_and(|v| Some(v.trim()) != value))
    };
    if implicit_root || alias("RD", &["DT"]) || alias("GK", &["GM"]) || hd {
        return true;
    }
    // Beside a move, `TE` is that move's tesuji mark (FF[4]), whatever its
    // value (an empty Double means 1): not the dialect's title.
    let te_not_double = alias("TE", &["EV", "GN"])
        && !has_move(root)
        && root
            .text("TE")
            .is_some_and(|t| !matches!(t.trim(), "1" | "2"));
    // A `KO` value counts when it reads as komi: one that does not is kept
    // by the rewrite as it is, and must not make the output kifu again.
    let ko_komi = alias("KO", &["KM"]) && root.text("KO").is_some_and(|t| komi_of(t).is_some());
    te_not_double || ko_komi
}

impl NodeRule for Kifu {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        if cx.is_root && is_kifu(cx.header.implicit_root, &node) {
            cx.report.report(
                KIFU_DIALECT,
                Some(node.pos),
                "root in the kifu dialect (GK/TE/KO/RD/HD/TM/LT/LC): rewritten to FF[4]",
            );
            let before = cx.meta.len();
            rewrite_root(&mut node, cx);
            if !self.keep_originals {
                cx.meta.truncate(before);
            }
        }
        out.push(node);
    }
}

/// Whether the node holds a move (`B`, `W`).
fn has_move(node: &BufNode) -> bool {
    node.has("B") || node.has("W")
}

fn rewrite_root(node: &mut BufNode, cx: &mut Cx<'_>) {
    rename(node, cx, "GK", "GM");
    rename(node, cx, "RD", "DT");
    if has_move(node) {
        // `TE` beside a move is the move's mark: left to rule 11.
    } else if !node.has("EV") {
        rename(node, cx, "TE", "EV");
    } else if !node.has("GN") {
        rename(node, cx, "TE", "GN");
    }
    komi(node, cx);
    km_text(node, cx);
    handicap(node, cx);
    time(node, cx);
    result(node, cx);
}

/// `from` → `to` when `to` is absent; dropped when `to` has the same value.
fn rename(node: &mut BufNode, cx: &mut Cx<'_>, from: &str, to: &str) {
    let Some(i) = node.props.iter().position(|p| p.name == from) else {
        return;
    };
    if let Some(existing) = node.get(to) {
        if existing.values() == node.props[i].values() {
            let p = node.props.remove(i);
            cx.report
                .report(KIFU_ALIAS, At::property(&p.name, p.pos), || {
                    format!("{from} repeats {to}: dropped")
                });
        }
        return;
    }
    let p = &mut node.props[i];
    cx.report.report(
        KIFU_ALIAS,
        At::property(&p.name, p.pos),
        format!("kifu {from} written {to}"),
    );
    p.name = to.to_string();
    if to == "DT" {
        if let Some(t) = p.first_text().map(|t| t.trim().to_string()) {
            let d = date_of(&t).unwrap_or(t);
            p.clear_values();
            p.push(&d);
        }
    }
}

fn komi(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(ko) = node.get("KO") else { return };
    let text = ko.first_text().unwrap_or("").to_string();
    let pos = ko.pos;
    let Some(km) = komi_of(&text) else {
        cx.report.report(KIFU_KEPT, Some(pos), || {
            format!("kifu KO[{text}] not read as komi: kept")
        });
        return;
    };
    if let Some(existing) = node.text("KM") {
        if komi_of(existing).is_some_and(|v| same_real(&v, &km)) {
            node.remove("KO");
            cx.report
                .report(KIFU_ALIAS, Some(pos), "KO repeats KM: dropped");
        } else {
            cx.report.report(KIFU_KEPT, Some(pos), || {
                format!("kifu KO[{text}] differs from KM: kept")
            });
        }
        return;
    }
    cx.report.report(KIFU_KOMI, Some(pos), || {
        format!("kifu KO[{text}] written KM[{km}]")
    });
    if text.trim() != km {
        cx.meta.push(("kifu:KO".into(), text));
    }
    if let Some(p) = node.props.iter_mut().find(|p| p.name == "KO") {
        p.name = "KM".into();
        p.clear_values();
        p.push(&km);
    }
}

/// `KM[덤6집반]`, `KM[6目半]`: komi text in KM itself (a komi read from
/// words: spellings of a real are rule 11's).
fn km_text(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(p) = node.props.iter_mut().find(|p| p.name == "KM") else {
        return;
    };
    let text = p.first_text().unwrap_or("").to_string();
    let km = match values::komi(&text) {
        Normalized::Rewritten(r) if r.reading == Reading::Words && r.dropped.is_none() => r.value,
        _ => return,
    };
    cx.report
        .report(KIFU_KOMI, At::property(&p.name, p.pos), || {
            format!("kifu KM[{text}] written KM[{km}]")
        });
    cx.meta.push(("kifu:KM".into(), text));
    p.clear_values();
    p.push(&km);
}

fn handicap(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(hd) = node.get("HD") else { return };
    let pos = hd.pos;
    let text = hd.first_text().unwrap_or("").trim().to_string();
    if node.has("HA") {
        rename(node, cx, "HD", "HA");
        return;
    }
    rename(node, cx, "HD", "HA");
    let Some(n) = handicap_of(&text) else { return };
    if n < 2 || node.has("AB") {
        return;
    }
    let (w, h) = board_size(node);
    let pts = handicap_points(n, w, h);
    if pts.is_empty() {
        return;
    }
    cx.report.report(KIFU_HANDICAP_STONES, Some(pos), || {
        format!(
            "HD[{n}] without stones: standard handicap stones AB[{}]",
            pts.join("][")
        )
    });
    let mut ab = crate::event::PropertyBuf::with_values("AB", &pts);
    ab.pos = pos;
    node.props.push(ab);
}

/// The standard (hoshi) handicap points, `FF[4]` layout: 2 = top-right and
/// bottom-left, 3 adds bottom-right, 4 top-left, 5 and 7 and 9 the centre,
/// 6 the left and right sides, 8 the top and bottom. Empty when the board
/// does not have them (even sizes above 4 stones, boards under 7).
pub fn handicap_points(n: u32, w: u32, h: u32) -> Vec<String> {
    if w != h || !(7..=25).contains(&w) || !(2..=9).contains(&n) {
        return Vec::new();
    }
    let d = if w < 13 { 2 } else { 3 };
    let (lo, hi, mid) = (d, w - 1 - d, w / 2);
    let odd = w % 2 == 1;
    if !odd && n > 4 {
        return Vec::new();
    }
    let p = |x: u32, y: u32| {
        format!(
            "{}{}",
            char::from(b'a' + x as u8),
            char::from(b'a' + y as u8)
        )
    };
    let mut v = vec![p(hi, lo), p(lo, hi)];
    if n >= 3 {
        v.push(p(hi, hi));
    }
    if n >= 4 {
        v.push(p(lo, lo));
    }
    if n >= 6 {
        v.push(p(lo, mid));
        v.push(p(hi, mid));
    }
    if n >= 8 {
        v.push(p(mid, lo));
        v.push(p(mid, hi));
    }
    if n % 2 == 1 && n >= 5 {
        v.push(p(mid, mid));
    }
    v
}

fn time(node: &mut BufNode, cx: &mut Cx<'_>) {
    if let Some(tm) = node.get("TM") {
        let text = tm.first_text().unwrap_or("").to_string();
        let pos = tm.pos;
        // FF[4] TM is a real in seconds; in this dialect a bare number is minutes.
        if let Some(v) = seconds(&text, 60) {
            if v != text.trim() {
                cx.report.report(KIFU_TIME, Some(pos), || {
                    format!("kifu TM[{text}] written TM[{v}] (seconds)")
                });
                cx.meta.push(("kifu:TM".into(), text));
                node.set("TM", &v, pos);
            }
        }
    }
    if node.has("OT") {
        return;
    }
    let lt = node
        .get("LT")
        .map(|p| (p.first_text().unwrap_or("").to_string(), p.pos));
    let lc = node
        .get("LC")
        .map(|p| (p.first_text().unwrap_or("").to_string(), p.pos));
    let Some((lt_text, pos)) = lt else { return };
    // `30초 5회`: the periods can be written in LT itself.
    let (dur_text, inline_periods) = split_periods(&lt_text);
    let Some(secs) = seconds(dur_text, 1) else {
        return;
    };
    let periods = match &lc {
        Some((t, _)) => match leading_number(t) {
            Some(n) => Some(n),
            None => return,
        },
        None => inline_periods,
    };
    let ot = match periods {
        Some(n) => format!("{}x{secs} byo-yomi", format_real(n)),
        None => format!("{secs} byo-yomi"),
    };
    node.remove("LC");
    cx.report.report(KIFU_TIME, Some(pos), || {
        format!("kifu LT/LC (byo-yomi) written OT[{ot}]")
    });
    cx.meta.push(("kifu:LT".into(), lt_text));
    if let Some((t, _)) = lc {
        cx.meta.push(("kifu:LC".into(), t));
    }
    if let Some(p) = node.props.iter_mut().find(|p| p.name == "LT") {
        p.name = "OT".into();
        p.clear_values();
        p.push(&ot);
    }
}

fn result(node: &mut BufNode, cx: &mut Cx<'_>) {
    let Some(re) = node.get("RE") else { return };
    let text = re.first_text().unwrap_or("").to_string();
    let pos: Pos = re.pos;
    match values::result(&text) {
        // Valid, or a spelling of the FF[4] form: rule 11's.
        Normalized::Valid => {}
        Normalized::Rewritten(r) if r.reading == Reading::Spelling => {}
        // A result with more than its FF[4] form carries (`257手完`, the
        // moves played): rule 11's too, which keeps the value as written in
        // `GC` (`W504`), so that this info never stands for a loss.
        Normalized::Rewritten(r) if r.dropped.is_some() => {}
        Normalized::Rewritten(r) => {
            let r = r.value;
            cx.report.report(KIFU_RESULT, Some(pos), || {
                format!("kifu RE[{text}] written RE[{r}]")
            });
            cx.meta.push(("kifu:RE".into(), text));
            node.set("RE", &r, pos);
        }
        Normalized::Ambiguous(_) | Normalized::Unparsed(_) => {
            cx.report.report(KIFU_KEPT, Some(pos), || {
                format!("kifu RE[{text}] not read as a result: kept as written")
            })
        }
    }
}

/// The date of a kifu `RD` ([`values::date`]), when it reads as dates
/// with nothing left out; `None` keeps the value as written.
fn date_of(text: &str) -> Option<String> {
    match values::date(text) {
        Normalized::Rewritten(r) if r.dropped.is_none() => Some(r.value),
        _ => None,
    }
}

/// Kifu komi text (`黒6目半`, `덤6집반`, `贴3又3/4子`, `6.5`) as an `FF[4]`
/// real ([`values::komi`]); `None` when it is no komi, or says more.
fn komi_of(text: &str) -> Option<String> {
    values::komi(text).certain(text)
}

/// Whether two `FF[4]` reals are the same number (`6.5`, `6.50`).
fn same_real(a: &str, b: &str) -> bool {
    a.trim().parse::<f64>().ok() == b.trim().parse::<f64>().ok()
}

/// A kifu `HD` handicap ([`values::handicap`]) as a count of stones.
fn handicap_of(text: &str) -> Option<u32> {
    values::handicap(text).certain(text)?.parse().ok()
}

/// The seconds of a kifu duration as an `FF[4]` real: a bare number counts
/// `bare_unit` seconds (in this dialect `TM[60]` is an hour), anything else
/// reads as `TM` does ([`values::time`]: `1時間` 3600, `1시간 30분` 5400).
pub fn seconds(text: &str, bare_unit: u32) -> Option<String> {
    let bare = match values::real(text) {
        Normalized::Valid => text.trim().to_owned(),
        Normalized::Rewritten(r) => r.value,
        _ => {
            return match values::time(text) {
                Normalized::Rewritten(r) => Some(r.value),
                _ => None,
            }
        }
    };
    let n: f64 = bare.parse().ok()?;
    Some(format_real(n * f64::from(bare_unit)))
}

/// `30秒 5回` → (`30秒`, Some(5)): a count of periods after the duration.
fn split_periods(s: &str) -> (&str, Option<f64>) {
    for unit in ["회", "回", "次"] {
        if let Some(i) = s.find(unit) {
            // The number right before the unit.
            let head = s[..i].trim_end();
            let start = head
                .char_indices()
                .rev()
                .take_while(|(_, c)| c.is_ascii_digit())
                .last()
                .map(|(j, _)| j);
            if let Some(j) = start {
                if let Ok(n) = head[j..].parse::<f64>() {
                    return (head[..j].trim_end(), Some(n));
                }
            }
        }
    }
    (s, None)
}

/// The first number in `s` (`6`, `0.5`, `２`…), with full-width digits.
fn leading_number(s: &str) -> Option<f64> {
    let (n, _) = number_at(s)?;
    Some(n)
}

/// Finds the first number; returns it and the text after it.
fn number_at(s: &str) -> Option<(f64, &str)> {
    let norm = |c: char| -> Option<char> {
        match c {
            '0'..='9' | '.' => Some(c),
            '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32),
            '．' => Some('.'),
            _ => None,
        }
    };
    let start = s
        .char_indices()
        .find(|(_, c)| norm(*c).is_some_and(|d| d != '.'))?
        .0;
    let mut digits = String::new();
    let mut end = s.len();
    for (i, c) in s[start..].char_indices() {
        match norm(c) {
            Some(d) => digits.push(d),
            None => {
                end = start + i;
                break;
            }
        }
    }
    let v = digits.trim_end_matches('.').parse::<f64>().ok()?;
    Some((v, &s[end..]))
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;
    use crate::event::OwnedEvent;

    /// A root whose alias could not be renamed (its FF[4] property was
    /// there with another value) is not read as kifu again: converting the
    /// output once more changes nothing (fuzzing found `TM` taken for
    /// minutes twice). An alias beside the same value still counts.
    #[test]
    fn a_rewritten_root_is_not_rewritten_again() {
        let convert = |sgf: &str| {
            let mut out = Vec::new();
            let mut report = crate::Reporter::collecting("t");
            crate::convert(
                &mut sgf.as_bytes(),
                crate::Format::Sgf,
                &mut out,
                crate::Format::Sgf,
                &crate::Options::default(),
                &mut report,
            )
            .unwrap();
            String::from_utf8(out).unwrap()
        };
        let first = convert("(\nRD[2021-01-17]\nDT[2010-01-23]\nTM[1시간]\n;B[pd])");
        assert!(
            first.contains("TM[3600]") && first.contains("RD[2021-01-17]"),
            "{first}"
        );
        assert_eq!(convert(&first), first);
        let root = |props: &[(&str, &str)]| {
            let mut n = BufNode::new(crate::event::Pos::default());
            for (k, v) in props {
                n.set(k, v, n.pos);
            }
            n
        };
        assert!(is_kifu(
            false,
            &root(&[("GM", "1"), ("GK", "1"), ("TM", "150")])
        ));
        assert!(!is_kifu(false, &root(&[("GM", "1"), ("GK", "2")])));
        assert!(is_kifu(false, &root(&[("RD", "2021-01-17")])));
        assert!(!is_kifu(
            false,
            &root(&[("TE", "Cup"), ("EV", "a"), ("GN", "b")])
        ));
        assert!(is_kifu(false, &root(&[("TE", "Cup"), ("EV", "a")])));
        // Beside a move TE is the move's mark, not the dialect's title.
        assert!(!is_kifu(false, &root(&[("TE", ""), ("B", "aa")])));
        assert!(is_kifu(false, &root(&[("KO", "黒6目半")])));
        assert!(!is_kifu(false, &root(&[("KO", "贴e")])));
        let first = convert("(\nTE[Cup]\nKO[贴e]\nTM[70]\n;B[pd])");
        assert!(
            first.contains("TM[4200]") && first.contains("KO[贴e]"),
            "{first}"
        );
        assert_eq!(convert(&first), first);
    }

    #[test]
    fn results() {
        for (s, want) in [
            ("黑胜3/4子", "B+1.5"),
            ("白1目半勝", "W+1.5"),
            ("白時間勝ち", "W+T"),
            ("백 1집반승", "W+1.5"),
            ("흑 반칙승", "B+F"),
            ("黒反則勝ち", "B+F"),
            ("黒負け", "W+"),
            ("無勝負", "Void"),
        ] {
            let (out, codes) = kifu(&format!("RD=2020-01-01 RE={}", s.replace(' ', "_")), false);
            assert_eq!(out, format!("(M{{kifu:RE={s}}};DT[2020-01-01]RE[{want}])"));
            assert!(codes.contains(&"I175"), "{s}");
        }
        // A result with a move count is rule 11's, which keeps the count
        // (the value as written in GC): not rewritten here.
        for s in ["257手完, 黒中押し勝ち", "294수 흑0.5집승", "226수 백불계승"] {
            let (out, codes) = kifu(&format!("RD=2020-01-01 RE={}", s.replace(' ', "_")), false);
            assert_eq!(out, format!("(;DT[2020-01-01]RE[{s}])"));
            assert!(!codes.contains(&"I175"), "{s}");
        }
        // A spelling of the FF[4] form is rule 11's, not this rule's.
        let (out, codes) = kifu("RD=2020-01-01 RE=b+r", false);
        assert_eq!(out, "(;DT[2020-01-01]RE[b+r])");
        assert!(!codes.contains(&"I175") && !codes.contains(&"I176"));
    }

    #[test]
    fn komi_and_time() {
        assert_eq!(komi_of("黒6目半").as_deref(), Some("6.5"));
        assert_eq!(komi_of("7.5").as_deref(), Some("7.5"));
        assert_eq!(komi_of("덤6집반").as_deref(), Some("6.5"));
        assert_eq!(komi_of("贴3又3/4子").as_deref(), Some("7.5"));
        assert_eq!(komi_of("コミ6目半").as_deref(), Some("6.5"));
        assert_eq!(komi_of("贴e"), None);
        assert_eq!(seconds("1時間", 60).as_deref(), Some("3600"));
        assert_eq!(seconds("3시간", 60).as_deref(), Some("10800"));
        assert_eq!(seconds("1시간 30분", 60).as_deref(), Some("5400"));
        assert_eq!(seconds("60", 60).as_deref(), Some("3600"));
        assert_eq!(seconds("30秒", 1).as_deref(), Some("30"));
        assert_eq!(seconds("60", 1).as_deref(), Some("60"));
        assert_eq!(seconds("soon", 1), None);
    }

    #[test]
    fn dates_and_periods() {
        assert_eq!(date_of("2021/01/20").as_deref(), Some("2021-01-20"));
        assert_eq!(date_of("2021年1月20日").as_deref(), Some("2021-01-20"));
        assert_eq!(date_of("2021년 1월 20일").as_deref(), Some("2021-01-20"));
        assert_eq!(date_of("2021-01-20,21"), None, "valid: kept as it is");
        assert_eq!(date_of("spring 2021"), None);
        assert_eq!(split_periods("30초 5회"), ("30초", Some(5.0)));
        assert_eq!(split_periods("1分 3回"), ("1分", Some(3.0)));
        assert_eq!(split_periods("30秒"), ("30秒", None));
        let (s, _) = kifu("RD=2021년_1월_20일 LT=30초_5회 KM=덤6집반", true);
        assert_eq!(
            s,
            "(M{kifu:KM=덤6집반}M{kifu:LT=30초 5회};DT[2021-01-20]OT[5x30 byo-yomi]KM[6.5])"
        );
    }

    #[test]
    fn handicap_layout() {
        assert_eq!(handicap_points(2, 19, 19), vec!["pd", "dp"]);
        assert_eq!(handicap_points(3, 19, 19), vec!["pd", "dp", "pp"]);
        assert_eq!(
            handicap_points(9, 19, 19),
            vec!["pd", "dp", "pp", "dd", "dj", "pj", "jd", "jp", "jj"]
        );
        assert_eq!(handicap_points(5, 9, 9), vec!["gc", "cg", "gg", "cc", "ee"]);
        assert!(handicap_points(5, 10, 10).is_empty());
    }

    fn kifu(d: &str, implicit: bool) -> (String, Vec<&'static str>) {
        let mut g = line(d);
        g.header.implicit_root = implicit;
        let (log, r) = run(&g, |s| {
            Box::new(NodeAdapter::new(
                Kifu {
                    keep_originals: true,
                },
                s,
            ))
        });
        let text = sgf(&log);
        assert!(
            log.events
                .iter()
                .all(|e| !matches!(e, OwnedEvent::Meta(..)))
                || text.starts_with("(M{")
        );
        (text, codes(&r))
    }

    #[test]
    fn nihon_kiin_root() {
        let (s, _) = kifu("TE=第1回 RD=2025-06-12 TM=1時間 LT=30秒 LC=5回 KO=黒6目半 RE=257手完,_黒中押し勝ち GK=1;B=pd", true);
        assert_eq!(
            s,
            "(M{kifu:KO=黒6目半}M{kifu:TM=1時間}M{kifu:LT=30秒}M{kifu:LC=5回};EV[第1回]DT[2025-06-12]TM[3600]OT[5x30 byo-yomi]KM[6.5]RE[257手完, 黒中押し勝ち]GM[1];B[pd])"
        );
    }

    #[test]
    fn korean_root_with_handicap() {
        let (s, c) = kifu("TE=x RD=2021-01-17 KM=6.5 KO=6.5 HD=2 SZ=19;W=pp", true);
        assert_eq!(
            s,
            "(;EV[x]DT[2021-01-17]KM[6.5]HA[2]SZ[19]AB[pd][dp];W[pp])"
        );
        assert!(c.contains(&"I173"));
    }

    #[test]
    fn ff4_te_and_ko_keep_their_meaning() {
        let (s, c) = kifu("FF=4 GM=1;B=pd TE=1;W=dd KO", false);
        assert_eq!(s, "(;FF[4]GM[1];B[pd]TE[1];W[dd]KO[])");
        assert!(c.is_empty());
        // FF[4] root TE[1] is not the dialect either.
        assert_eq!(kifu("FF=4 TE=1", false).0, "(;FF[4]TE[1])");
        // Nor a TE beside a move in the root, empty or not: the move's mark.
        assert_eq!(kifu("SZ=19 TE= B=aa", false).0, "(;SZ[19]TE[]B[aa])");
        // In a root of the dialect it stays TE beside a move too.
        let (s, _) = kifu("RD=2021-01-17 TE=2 B=aa", true);
        assert!(s.contains("TE[2]") && !s.contains("EV"), "{s}");
    }

    #[test]
    fn hd_beside_ha_is_not_the_dialect() {
        // Many Faces of Go: private HD[0] beside HA[0].
        let (s, c) = kifu("FF=4 HA=0 HD=0 TM=60", false);
        assert_eq!(s, "(;FF[4]HA[0]HD[0]TM[60])");
        assert!(c.is_empty());
    }

    #[test]
    fn unreadable_result_is_kept() {
        let (s, c) = kifu("RD=2020-01-01 RE=Jigo?", false);
        assert_eq!(s, "(;DT[2020-01-01]RE[Jigo?])");
        assert!(c.contains(&"I176"));
    }
}
