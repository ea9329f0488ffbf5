//! Dialect rules 2 and 7: what becomes of properties the reader merged
//! because they were repeated in one node (rule 2: `duplicates`,
//! `duplicate-ap`), and named server quirks, each applied only when the
//! source is identified, never by a bare numeric threshold (rule 7:
//! `fox-komi`, `fox-handicap`).
//!
//! * `duplicates`: a single-valued property written twice (the reader keeps
//!   both values in one property): equal values become one; text values
//!   (`C`, `GC`) are joined by a blank line, as SGFC does; other simple
//!   texts are joined by `, `; anything else keeps its first value and the
//!   others are named in a warning.
//! * `duplicate-ap`: Fox writes `AP[GNU Go:3.8]…AP[foxwq]`: the last `AP`
//!   (the program that wrote the file) is kept.
//! * `fox-komi`: in files from Fox (`AP[foxwq]`, or `AP[GNU Go:3.8]` with
//!   `TC` and `TT`; also gokifu.com's
//!   `AP[SGFC:2.0]`), `KM` is an integer in scaled units: `KM[375]`/
//!   `KM[750]` → 7.5, `KM[325]`/`KM[650]` → 6.5, `KM[50]` → 0.5. With a
//!   komi in zi (`KM[375]`), a result with a quarter fraction is in zi too
//!   and becomes points: `RE[W+4.25]` → `RE[W+8.5]`.
//! * `fox-handicap`: Fox writes `HA[1]` (one-stone handicap: Black first,
//!   no komi), which `FF[4]` does not define: written `HA[0]`.

use super::codes::{
    DUPLICATE_AP, DUPLICATE_DROPPED, DUPLICATE_MERGED, FOX_HANDICAP, FOX_KOMI, FOX_RESULT,
};
use super::node::BufNode;
use super::rule::{Cx, NodeRule};
use crate::diag::At;
use crate::event::PropertyBuf;
use crate::props;
use crate::values::{self, format_real, GameResult, WinBy};

pub struct Duplicates {
    merge: bool,
    ap: bool,
}

impl Duplicates {
    pub fn new(merge: bool, ap: bool) -> Self {
        Duplicates { merge, ap }
    }
}

impl NodeRule for Duplicates {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        // An identifier repeated in one node (a JSON or XML node can hold
        // that; the SGF reader merges as it reads, W004): its values join
        // the first, as reading the SGF written for it would. A move written
        // again at another point is no duplicate but a second move (the SGF
        // reader does not merge it either): the split rule gives it a node
        // of its own.
        let mut i = 1;
        while i < node.props.len() {
            let p = &node.props[i];
            let other_move =
                |q: &PropertyBuf| matches!(p.name.as_str(), "B" | "W") && !same_values(q, p);
            match node.props[..i]
                .iter()
                .position(|q| q.name == p.name && !other_move(q))
            {
                Some(first) => {
                    let p = node.props.remove(i);
                    node.props[first].extend_values(p.values());
                }
                None => i += 1,
            }
        }
        for p in &mut node.props {
            if p.values().len() < 2 {
                continue;
            }
            let Some(def) = props::lookup(&p.name) else {
                continue;
            };
            if def.is_list() {
                continue;
            }
            let vals: Vec<String> = p.values().iter().map(|v| v.text().to_string()).collect();
            if p.name == "AP" {
                if !self.ap {
                    continue;
                }
                cx.report
                    .report(DUPLICATE_AP, At::property(&p.name, p.pos), || {
                        format!(
                            "AP written {} times ({}): the last kept, the others dropped",
                            vals.len(),
                            vals.join(", ")
                        )
                    });
                keep_only_value(p, Which::Last);
                continue;
            }
            if !self.merge {
                continue;
            }
            if vals.iter().all(|v| *v == vals[0]) {
                cx.report
                    .report(DUPLICATE_MERGED, At::property(&p.name, p.pos), || {
                        format!(
                            "{} written {} times with the same value: kept once",
                            p.name,
                            vals.len()
                        )
                    });
                keep_only_value(p, Which::First);
            } else if def.is_text() && !def.allows_compose() {
                let sep = if def.is_multiline_text() {
                    "\n\n"
                } else {
                    ", "
                };
                cx.report
                    .report(DUPLICATE_MERGED, At::property(&p.name, p.pos), || {
                        format!("{} written {} times: texts joined", p.name, vals.len())
                    });
                p.clear_values();
                p.push(&vals.join(sep));
            } else {
                cx.report
                    .report(DUPLICATE_DROPPED, At::property(&p.name, p.pos), || {
                        format!(
                            "{} written {} times: kept {}[{}], dropped {}",
                            p.name,
                            vals.len(),
                            p.name,
                            vals[0],
                            vals[1..]
                                .iter()
                                .map(|v| format!("[{v}]"))
                                .collect::<String>()
                        )
                    });
                keep_only_value(p, Which::First);
            }
        }
        out.push(node);
    }
}

/// Whether two properties hold the same values, in the same order.
fn same_values(a: &PropertyBuf, b: &PropertyBuf) -> bool {
    let (a, b) = (a.values(), b.values());
    a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.text() == y.text())
}

/// The game comes from Fox (野狐): `AP[foxwq]`, or the program name Fox
/// writes first, `AP[GNU Go:3.8]`, with Fox's private time properties `TC`
/// and `TT` beside it (the records Fox saved without `AP[foxwq]`); or from
/// gokifu.com, which republishes Fox games through SGFC (`AP[SGFC:2.0]`).
pub fn is_fox(root: &BufNode) -> bool {
    let ap = |want: &dyn Fn(&str) -> bool| {
        root.get("AP").is_some_and(|p| {
            p.values()
                .iter()
                .any(|v| want(&v.text().trim().to_ascii_lowercase()))
        })
    };
    ap(&|t| t.starts_with("foxwq") || t == "sgfc:2.0")
        || (ap(&|t| t == "gnu go:3.8") && root.get("TC").is_some() && root.get("TT").is_some())
}

/// Fox's scaled komi: points ×100 (`650`, `450`) or zi ×100, i.e. points
/// ×50 (`375`). A komi in points is whole or half, so its scaled value is a
/// multiple of 50; a komi in zi is a quarter (`3¾` zi = 7.5 points), so its
/// scaled value is an odd multiple of 25 (`formats/validation.md`, "The
/// scale of Fox's komi"). `None` for values that are not scaled.
pub fn fox_komi(km: &str) -> Option<String> {
    let v: i64 = km.trim().parse().ok()?;
    if v < 50 || v % 25 != 0 {
        return None;
    }
    let komi = if komi_in_zi(km) {
        v as f64 / 50.0
    } else {
        v as f64 / 100.0
    };
    Some(format_real(komi))
}

/// Fox's komi is in zi ×100 (`KM[375]` = 3¾ zi): an odd multiple of 25,
/// the scaled values that [`fox_komi`] divides by 50.
fn komi_in_zi(km: &str) -> bool {
    km.trim()
        .parse::<i64>()
        .is_ok_and(|v| v >= 50 && v % 50 == 25)
}

/// A Fox result in zi (`W+4.25`) in points (`W+8.5`): only a margin with a
/// quarter fraction (`.25`, `.75`), which cannot be points; `None` for any
/// other result (`B+R`, `W+2.5`, `Draw`).
pub fn fox_result(re: &str) -> Option<String> {
    let GameResult::Win(winner, WinBy::Points(margin)) = values::read_result(re)? else {
        return None;
    };
    let (whole, frac) = margin.split_once('.')?;
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !matches!(frac, "25" | "75") {
        return None;
    }
    let zi: f64 = margin.parse().ok()?;
    Some(format!("{}+{}", winner.move_id(), format_real(zi * 2.0)))
}

pub struct Fox {
    komi: bool,
    handicap: bool,
}

impl Fox {
    pub fn new(komi: bool, handicap: bool) -> Self {
        Fox { komi, handicap }
    }
}

impl NodeRule for Fox {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        if cx.is_root && is_fox(&node) {
            if self.komi {
                let in_zi = node
                    .get("KM")
                    .and_then(|p| p.first_text())
                    .is_some_and(komi_in_zi);
                fix_komi(&mut node, cx);
                if in_zi {
                    fix_result(&mut node, cx);
                }
            }
            if self.handicap {
                fix_handicap(&mut node, cx);
            }
        }
        out.push(node);
    }
}

/// Fox's komi in scaled units (`KM[375]`) written in points (`KM[7.5]`).
fn fix_komi(node: &mut BufNode, cx: &mut Cx<'_>) {
    if let Some(p) = node.props.iter_mut().find(|p| p.name == "KM") {
        if let Some(k) = p.first_text().and_then(fox_komi) {
            cx.report
                .report(FOX_KOMI, At::property(&p.name, p.pos), || {
                    format!(
                        "Fox komi KM[{}] is in scaled units: written KM[{k}]",
                        p.first_text().unwrap_or("")
                    )
                });
            p.clear_values();
            p.push(&k);
        }
    }
}

/// Fox's result in zi (`RE[W+4.25]`, with a komi in zi) written in points
/// (`RE[W+8.5]`).
fn fix_result(node: &mut BufNode, cx: &mut Cx<'_>) {
    if let Some(p) = node.props.iter_mut().find(|p| p.name == "RE") {
        if let Some(r) = p.first_text().and_then(fox_result) {
            cx.report
                .report(FOX_RESULT, At::property(&p.name, p.pos), || {
                    format!(
                        "Fox result RE[{}] is in zi (1 zi = 2 points): written RE[{r}]",
                        p.first_text().unwrap_or("")
                    )
                });
            p.clear_values();
            p.push(&r);
        }
    }
}

/// Fox's `HA[1]` (Black first, no komi) written `HA[0]`.
fn fix_handicap(node: &mut BufNode, cx: &mut Cx<'_>) {
    if let Some(p) = node.props.iter_mut().find(|p| p.name == "HA") {
        if p.first_text().map(str::trim) == Some("1") {
            cx.report.report(
                FOX_HANDICAP,
                At::property(&p.name, p.pos),
                "Fox HA[1] (Black first, no handicap stones) written HA[0]",
            );
            p.clear_values();
            p.push("0");
        }
    }
}

enum Which {
    First,
    Last,
}

/// Drops every value of `p` but its first or last (a compose value stays
/// a compose value).
fn keep_only_value(p: &mut PropertyBuf, which: Which) {
    let values = p.values();
    let kept = match which {
        Which::First => values.first(),
        Which::Last => values.iter().last(),
    };
    let kept = kept.map(|v| (v.parts().0.to_string(), v.parts().1.map(str::to_string)));
    p.clear_values();
    match kept {
        Some((a, Some(b))) => p.push_compose(&a, &b),
        Some((a, None)) => p.push(&a),
        None => p.push(""),
    };
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn fox_komi_units() {
        for (km, want) in [
            ("375", "7.5"),
            ("750", "7.5"),
            ("650", "6.5"),
            ("325", "6.5"),
            ("50", "0.5"),
            ("275", "5.5"),
            ("125", "2.5"),
            ("450", "4.5"),
            ("550", "5.5"),
            ("350", "3.5"),
            ("250", "2.5"),
            ("100", "1"),
            ("700", "7"),
        ] {
            assert_eq!(fox_komi(km).as_deref(), Some(want), "{km}");
        }
        for km in ["0", "6.5", "7", "5"] {
            assert_eq!(fox_komi(km), None, "{km}");
        }
    }

    #[test]
    fn fox_result_in_zi() {
        for (re, want) in [
            ("W+4.25", "W+8.5"),
            ("B+0.75", "B+1.5"),
            ("b+12.25", "B+24.5"),
            (" W+3.75 ", "W+7.5"),
            // Read as every result is (`values::read_result`): W+0.25.
            ("W+.25", "W+0.5"),
        ] {
            assert_eq!(fox_result(re).as_deref(), Some(want), "{re}");
        }
        for re in [
            "W+2.5", "B+3", "B+0.50", "W+R", "Draw", "0", "X+4.25", "W+4.250",
        ] {
            assert_eq!(fox_result(re), None, "{re}");
        }
        assert!(komi_in_zi("375") && komi_in_zi("325") && komi_in_zi("275"));
        assert!(!komi_in_zi("650") && !komi_in_zi("50") && !komi_in_zi("7.5"));
        assert!(!komi_in_zi("450") && !komi_in_zi("100") && !komi_in_zi("350"));
    }

    #[test]
    fn fox_rules_need_the_source() {
        let fox = |d: &str| {
            let (log, r) = run(&line(d), |s| {
                Box::new(NodeAdapter::new(Fox::new(true, true), s))
            });
            (sgf(&log), codes(&r))
        };
        assert_eq!(
            fox("AP=foxwq KM=375 HA=1;B=pd").0,
            "(;AP[foxwq]KM[7.5]HA[0];B[pd])"
        );
        assert_eq!(fox("AP=SGFC:2.0 KM=650").0, "(;AP[SGFC:2.0]KM[6.5])");
        // Fox's program name with its time properties, without `foxwq`.
        assert_eq!(
            fox("KM=450 HA=4 AP=GNU_Go:3.8 TC=3 TT=30").0,
            "(;KM[4.5]HA[4]AP[GNU Go:3.8]TC[3]TT[30])"
        );
        // GNU Go alone is not Fox, nor are time properties alone.
        assert_eq!(fox("KM=650 AP=GNU_Go:3.8").0, "(;KM[650]AP[GNU Go:3.8])");
        assert_eq!(fox("KM=650 TC=3 TT=30").0, "(;KM[650]TC[3]TT[30])");
        // Same numbers, unidentified source: untouched.
        let (s, c) = fox("AP=CGoban KM=375 HA=1");
        assert_eq!(s, "(;AP[CGoban]KM[375]HA[1])");
        assert!(c.is_empty());
        // The result in zi is converted together with a komi in zi.
        let (s, c) = fox("AP=foxwq KM=375 RE=W+4.25");
        assert_eq!(s, "(;AP[foxwq]KM[7.5]RE[W+8.5])");
        assert_eq!(c, vec!["I163", "I162"]);
        // A komi in points (or unscaled, or another source): result kept.
        assert_eq!(
            fox("AP=foxwq KM=650 RE=B+0.50").0,
            "(;AP[foxwq]KM[6.5]RE[B+0.50])"
        );
        assert_eq!(
            fox("AP=SGFC:2.0 KM=5.5 RE=B+5.75").0,
            "(;AP[SGFC:2.0]KM[5.5]RE[B+5.75])"
        );
        let (s, c) = fox("AP=CGoban KM=375 RE=W+4.25");
        assert_eq!(s, "(;AP[CGoban]KM[375]RE[W+4.25])");
        assert!(c.is_empty());
        // Not the komi switch: neither.
        let (log, _) = run(&line("AP=foxwq KM=375 RE=W+4.25"), |s| {
            Box::new(NodeAdapter::new(Fox::new(false, true), s))
        });
        assert_eq!(sgf(&log), "(;AP[foxwq]KM[375]RE[W+4.25])");
    }

    #[test]
    fn duplicates() {
        let dup = |d: &str| {
            let (log, r) = run(&line(d), |s| {
                Box::new(NodeAdapter::new(Duplicates::new(true, true), s))
            });
            (sgf(&log), codes(&r))
        };
        assert_eq!(dup("AP=GNU_Go:3.8|foxwq").0, "(;AP[foxwq])");
        assert_eq!(dup("GM=1|1").0, "(;GM[1])");
        assert_eq!(dup(";C=text1|text2").0, "(;;C[text1\n\ntext2])");
        assert_eq!(dup("PB=Ann|Bob").0, "(;PB[Ann, Bob])");
        let (s, c) = dup("KM=6.5|7.5");
        assert_eq!(s, "(;KM[6.5])");
        assert_eq!(c, vec!["E162"]);
        assert_eq!(dup("AB=aa|bb").0, "(;AB[aa][bb])");
        // Repeated identifiers in one node (as JSON or XML can hold them)
        // merge as the SGF reader merges them, plain move nodes included.
        assert_eq!(dup(";W=jj C=a C=b").0, "(;;W[jj]C[a\n\nb])");
        assert_eq!(
            dup(";B=pd AB=aa TR=cc AB=bb").0,
            "(;;B[pd]AB[aa][bb]TR[cc])"
        );
        // A move written again at another point is a second move, kept for
        // the split rule; at the same point, once.
        let (s, c) = dup(";B=cc W=cb B=bb");
        assert_eq!((s.as_str(), c), ("(;;B[cc]W[cb]B[bb])", vec![]));
        let (s, c) = dup(";W=ff W=ff");
        assert_eq!((s.as_str(), c), ("(;;W[ff])", vec!["I160"]));
    }
}
