//! Dialect rule 4: repairs double-encoded game information: names saved by
//! a program that had read CP949/GBK/Shift_JIS/Big5/UTF-8 bytes as Latin-1
//! (`PB[À±¹Ì89]` is CP949 `윤미89`). Only simple-text game-info values
//! (players, ranks, event, place…) are looked at, and only
//! [`crate::charset::repair_mojibake`]'s conservative repairs are made.
//! A value past [`REPAIR_MAX`] is no name and is left as it is: a repair
//! holds the value's bytes and each candidate decoding beside it (about 7×
//! its size; a value costs at most 2×).

use super::codes::MOJIBAKE_REPAIRED;
use super::node::BufNode;
use super::rule::{Cx, NodeRule};
use crate::charset;
use crate::diag::At;
use crate::props::{self, Scope};

/// The longest value looked at: 1 MiB, a thousand times any real name.
pub const REPAIR_MAX: usize = 1 << 20;

#[derive(Default)]
pub struct Mojibake;

impl NodeRule for Mojibake {
    fn node(&mut self, mut node: BufNode, cx: &mut Cx<'_>, out: &mut Vec<BufNode>) {
        for p in &mut node.props {
            let Some(def) = props::lookup(&p.name) else {
                continue;
            };
            if def.scope != Scope::GameInfo || !def.is_text() || def.is_multiline_text() {
                continue;
            }
            // Mojibake needs non-ASCII characters; most game information
            // has none, and is left without looking further.
            let looked_at = |t: &str| !t.is_ascii() && t.len() <= REPAIR_MAX;
            if !p.values().iter().any(|v| looked_at(v.text())) {
                continue;
            }
            // Each value's repair, if any (rarely): the values themselves
            // are not copied (a huge name).
            let fixed: Vec<Option<(String, &'static encoding_rs::Encoding)>> = p
                .values()
                .iter()
                .map(|v| {
                    Some(v.text())
                        .filter(|t| looked_at(t))
                        .and_then(repair_fully)
                })
                .collect();
            if fixed.iter().all(Option::is_none) {
                continue;
            }
            for (v, f) in p.values().iter().zip(&fixed) {
                if let Some((t, enc)) = f {
                    let at = At::property(&p.name, p.pos);
                    cx.report.report(MOJIBAKE_REPAIRED, at, || {
                        format!(
                            "{}[{}] was {} text read as Latin-1: written {}[{t}]",
                            p.name,
                            v.text(),
                            enc.name(),
                            p.name
                        )
                    });
                }
            }
            p.replace_values(fixed.into_iter().map(|f| f.map(|(t, _)| t)));
        }
        out.push(node);
    }
}

/// [`charset::repair_mojibake`] until nothing more is repaired (text
/// double-encoded twice takes two repairs), so that converting the output
/// again repairs nothing. Bounded: each repair shortens the text.
fn repair_fully(text: &str) -> Option<(String, &'static encoding_rs::Encoding)> {
    let mut repaired = charset::repair_mojibake(text)?;
    for _ in 0..3 {
        match charset::repair_mojibake(&repaired.0) {
            Some(again) => repaired = again,
            None => break,
        }
    }
    Some(repaired)
}

#[cfg(test)]
mod tests {
    use super::super::adapter::NodeAdapter;
    use super::super::testing::*;
    use super::*;

    /// A name mis-read as Latin-1 twice is repaired in one pass, so the
    /// output converts to itself (fuzzing found it repaired one level per
    /// conversion).
    #[test]
    fn names_double_encoded_twice_are_repaired_in_one_pass() {
        use encoding_rs::{EUC_KR, WINDOWS_1252};
        let (cp949, _, _) = EUC_KR.encode("윤미89");
        let (once, _, _) = WINDOWS_1252.decode(&cp949);
        let (twice, _, _) = WINDOWS_1252.decode(once.as_bytes());
        assert_eq!(once, "À±¹Ì89");
        let (log, _) = run(&line(&format!("PB={twice}")), |s| {
            Box::new(NodeAdapter::new(Mojibake, s))
        });
        assert_eq!(sgf(&log), "(;PB[윤미89])");
    }

    #[test]
    fn double_encoded_names_are_repaired() {
        let (log, r) = run(
            &line("PB=À±¹Ì89 PW=Jürgen_Müller C=À±¹Ì89"),
            |s| Box::new(NodeAdapter::new(Mojibake, s)),
        );
        assert_eq!(sgf(&log), "(;PB[윤미89]PW[Jürgen Müller]C[À±¹Ì89])");
        assert_eq!(codes(&r), vec!["I177"]);
    }

    /// A value past [`REPAIR_MAX`] is left as it is, one within it repaired.
    #[test]
    fn a_value_past_the_bound_is_left_as_it_is() {
        let within = format!("À±¹Ì89{}", "a".repeat(REPAIR_MAX - 100));
        let (log, r) = run(&line(&format!("PB={within}")), |s| {
            Box::new(NodeAdapter::new(Mojibake, s))
        });
        assert_eq!(codes(&r), vec!["I177"]);
        assert!(sgf(&log).starts_with("(;PB[윤미89aaa"));
        let past = format!("À±¹Ì89{}", "a".repeat(REPAIR_MAX));
        let (log, r) = run(&line(&format!("PB={past}")), |s| {
            Box::new(NodeAdapter::new(Mojibake, s))
        });
        assert!(codes(&r).is_empty());
        assert!(sgf(&log).starts_with("(;PB[À±¹Ì89aaa"));
    }
}
