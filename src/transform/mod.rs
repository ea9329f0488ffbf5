//! Transforms: sinks that rewrite events and forward them to another sink.
//! Each is switchable; [`pipeline`] assembles the default chain.
//!
//! The dialect rewrites, in the order they run, numbered as
//! formats/sgf-dialects.md numbers them:
//!
//! | # | module (crate-private) | rule | names (for [`Rules::from_names`](crate::options::Rules::from_names)) |
//! |---|---|---|---|
//! | 1 | `ids` | lower-case letters in identifiers | `ids` |
//! | 2 | `quirks` | merged duplicates, duplicate `AP` | `duplicates`, `duplicate-ap` |
//! | 3 | `kifu` | the kifu (SGF2) dialect of Asian servers | `kifu` |
//! | 4 | `mojibake` | double-encoded names | `mojibake` |
//! | 5 | `ff3` | `FF[1]`–`FF[3]` properties | `ki`, `labels`, `marks`, `player`, `annotations`, `view` |
//! | 6 | `passes` | `tt` passes | `tt-pass` |
//! | 7 | `quirks` | Fox komi (and a result in zi) and `HA[1]` | `fox-komi`, `fox-handicap` |
//! | 8 | `smartgo` | SmartGo `S[]` move sequences | `smartgo` |
//! | 9 | `split` | setup and moves, black and white, in one node | `split` |
//! | 10 | `nesting` | OGS/Fox one-variation-per-move nesting | `ogs-nesting` |
//! | 11 | `values` | game-info values in their `FF[4]` forms (`DT`, `TM`, `RE`, `KM`, `HA`, `SZ`, simpletext line breaks), number, real, double, color and none values (`BL`, `BM`, `PL`, `KO`…), and points checked against `SZ` (module `points`) | `dates`, `times`, `results`, `numbers`, `simpletext`, `types`, `points` (group `values`) |
//! | 12 | `placement` | where properties stand: root and game-info properties outside their node, move annotations without a move, two marks on one point, `FF[3]` properties beside their replacement, `FF[4]` `VW` of two points | `placement` |
//! | 13 | `ff5` | the 1999 `FF[5]` draft: `FF[5]` itself, undo nodes `UN`, persons `PI`/`IP`, the machine-readable `OT` | `ff5` |
//!
//! Each rule is a `node::NodeRule` and can run alone as a sink adapter
//! (`node::NodeAdapter`); the pipeline runs them in one
//! `node::Chain` so that a node is buffered and copied once. The nesting
//! rule is its own adapter (it may hold one game); the values rule, though
//! numbered after it, runs before it, so that it sees what the others made
//! of the values; the placement rule is the last node rule, so that it
//! sees nodes as split and values in their `FF[4]` forms. The `FF[5]`
//! rule, numbered last, runs first, as its own adapter (it holds an
//! `FF[5]` game whole): the tree it makes of the undo nodes is the one the
//! others see.
//!
//! Every rewrite is reported as an info diagnostic (codes I150–I199),
//! except the two that lose or keep back data: a dropped duplicate value
//! (`E162`) and an unreadable SmartGo `S[]` (`W168`). The values rule has
//! codes of its own (500–525): a rewrite that leaves text out, an
//! ambiguous or an unreadable value are warnings. So has the placement rule
//! (550–579; the `PL` of rule 9 too): a property it drops because it
//! repeats a value is info, a fault it keeps (or a mark it drops) a
//! warning. Every code:
//! formats/diagnostics.md.

use crate::options::{Dialect, Ff3Flags, Rules, ValueFlags};
use crate::sink::Sink;

pub(crate) mod adapter;
pub(crate) mod aside;
pub(crate) mod codes;
pub(crate) mod ff3;
pub(crate) mod ff5;
pub(crate) mod ids;
pub(crate) mod kifu;
pub(crate) mod mojibake;
pub(crate) mod nesting;
pub(crate) mod node;
pub(crate) mod passes;
pub(crate) mod placement;
pub(crate) mod plain;
pub(crate) mod points;
pub(crate) mod quirks;
pub(crate) mod rule;
pub(crate) mod smartgo;
pub(crate) mod split;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod values;

use adapter::NodeAdapter;
use rule::Chain;

/// The transforms applied between a reader and a writer: the dialect
/// rewrites `dialect` asks for (none under `--keep-dialect`).
pub fn pipeline<'a>(sink: Box<dyn Sink + 'a>, dialect: &Dialect) -> Box<dyn Sink + 'a> {
    match dialect {
        Dialect::Keep => sink,
        Dialect::Rewrite(rules) => pipeline_with(sink, rules),
    }
}

/// The transforms of `rules`, in their order.
pub fn pipeline_with<'a>(sink: Box<dyn Sink + 'a>, rules: &Rules) -> Box<dyn Sink + 'a> {
    // One buffered node runs through every node rule in order (a node is
    // copied once); the OGS nesting rule, which may need a whole game,
    // comes last.
    let mut chain = Chain::new();
    if rules.ids {
        chain.push(ids::Ids);
    }
    if rules.duplicates || rules.duplicate_ap {
        chain.push(quirks::Duplicates::new(
            rules.duplicates,
            rules.duplicate_ap,
        ));
    }
    if rules.kifu {
        chain.push(kifu::Kifu::default());
    }
    if rules.mojibake {
        chain.push(mojibake::Mojibake);
    }
    if rules.ff3 != Ff3Flags::none() {
        chain.push(ff3::Ff3::new(rules.ff3));
    }
    if rules.tt_pass {
        chain.push(passes::Passes::default());
    }
    if rules.fox_komi || rules.fox_handicap {
        chain.push(quirks::Fox::new(rules.fox_komi, rules.fox_handicap));
    }
    if rules.smartgo {
        chain.push(smartgo::SmartGo::default());
    }
    if rules.split {
        chain.push(split::Split);
    }
    if rules.values != ValueFlags::none() {
        chain.push(values::Values::new(rules.values));
    }
    // Last: it sees nodes as split and values in their FF[4] forms.
    if rules.placement {
        chain.push(placement::Placement::default());
    }
    // The adapter holds the nesting rule by value, not behind a `dyn`:
    // every node passes both, and one dynamic call fewer per node counts.
    let rules_after: Box<dyn Sink + 'a> = match (chain.is_empty(), rules.ogs_nesting) {
        (false, true) => Box::new(NodeAdapter::new(chain, nesting::Nesting::new(sink))),
        (false, false) => Box::new(NodeAdapter::new(chain, sink)),
        (true, true) => Box::new(nesting::Nesting::new(sink)),
        (true, false) => sink,
    };
    // First of all: the FF[5] draft's undo nodes make the tree the other
    // rules see, and its root is read before theirs run.
    if rules.ff5 {
        Box::new(ff5::Ff5::new(rules_after))
    } else {
        rules_after
    }
}

/// A value as a message shows it: line breaks as `⏎`, at most 80
/// characters ([`crate::diag::excerpt`]).
pub(crate) fn shown(value: &str) -> String {
    crate::diag::excerpt(value, 80)
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    /// Whole nodes (`Sink::node`, as the SGF reader sends them), runs of
    /// plain moves (`Sink::moves`) and the same nodes event by event give
    /// the same output and diagnostics, through every rule, plain nodes,
    /// roots, variations and nesting.
    #[test]
    fn whole_nodes_runs_and_events_give_the_same_result() {
        let mut games = vec![
            line("FileFormat=3 SiZe=19 AP=foxwq KM=375 PL=2;S=pddp;Black=tt White=aa;B=qq BL=30;W=dd C=hi"),
            line("FF=4 CA=UTF-8;B=pd BL=10 OB=3;W=dp WL=9;B=tt;AB=aa B=bb;W=cc LB=dd:x|ee:y;W=ee W=ff"),
            line("GN=x AP=OGS:1;B=pd;W=dd;B=qq"),
            // A root that is a move, runs broken by a pass, FF[3] (whose
            // rule sees every move) and Fox (watched for nesting).
            line("B=pd;W=dd;B=pp;W=dp"),
            line("FF=4;B=pd;W=dd;B=tt;W=qq;B=qd;W=;B=aa"),
            line("FF=3;B=pd;W=dd;B=pp;W=dp M=pd|qq;B=cc"),
            // Points off a 9×9 board in runs, markup, a coordinate.
            line("SZ=9;B=cc;W=jj;B=dd MA=aa|aa;W=ee;B=E5;W=tt;B=aa"),
            line("AP=foxwq;B=pd;W=dd;B=pp;W=dp"),
            // Placement: root and game info below the root, marks on one
            // point, annotations without a move, PL beside a move.
            line("FF=4 SZ=19 PB=x;B=pd PL=W;W=dd SZ=19;B=pp MA=aa TR=aa;W=dp SZ=9 RE=W+R;TE=1;B=cc PL=B"),
        ];
        // OGS-style nesting with a real branch, and a plain game with one.
        games.push(ogs_nested("online-go.com"));
        games.push(ogs_nested("Tokyo"));
        let opts = Dialect::default();
        for g in &games {
            let (by_event, r1) = run(g, |s| pipeline(Box::new(s), &opts));
            let (by_node, r2) = run(g, |s| {
                Box::new(super::testing::WholeNodes::new(pipeline(
                    Box::new(s),
                    &opts,
                )))
            });
            let (by_run, r3) = run(g, |s| {
                Box::new(super::testing::WholeNodes::with_runs(pipeline(
                    Box::new(s),
                    &opts,
                )))
            });
            assert_eq!(sgf(&by_event), sgf(&by_node));
            assert_eq!(by_event.events, by_node.events);
            assert_eq!(codes(&r1), codes(&r2));
            assert_eq!(by_event.events, by_run.events);
            assert_eq!(codes(&r1), codes(&r3));
        }
    }

    /// A move off the board is a warning even in a run of plain moves.
    #[test]
    fn plain_moves_off_the_board_are_reported() {
        let opts = Dialect::default();
        let g = line("FF=4 SZ=9;B=cc;W=jj;B=dd;W=zz");
        let (log, r) = run(&g, |s| {
            Box::new(super::testing::WholeNodes::with_runs(pipeline(
                Box::new(s),
                &opts,
            )))
        });
        assert_eq!(
            sgf(&log),
            "(;FF[4]SZ[9];B[cc];ILLEGAL[W:jj];B[dd];ILLEGAL[W:zz])"
        );
        assert_eq!(codes(&r), ["W520", "W520"]);
    }

    /// A move node with a repeated identifier is not passed on as plain:
    /// the pipeline merges it, as the SGF reader would.
    #[test]
    fn repeated_identifiers_are_merged_even_in_move_nodes() {
        let opts = Dialect::default();
        let (log, _) = run(&line("FF=4;B=pd;W=jj C=a C=b;B=qq"), |s| {
            pipeline(Box::new(s), &opts)
        });
        assert_eq!(sgf(&log), "(;FF[4];B[pd];W[jj]C[a\n\nb];B[qq])");
    }

    #[test]
    fn rules_by_name() {
        let r = Rules::from_names("fox-komi, ogs-nesting").unwrap();
        assert!(!r.fox_komi && !r.ogs_nesting && r.fox_handicap && r.kifu);
        assert_eq!(Rules::from_names("all").unwrap(), Rules::none());
        assert_eq!(Rules::from_names("").unwrap(), Rules::all());
        assert!(!Rules::from_names("ff3").unwrap().ff3.marks);
        assert!(Rules::from_names("nonsense").is_err());
    }

    #[test]
    fn pipeline_runs_every_rule_and_keep_dialect_none() {
        let g = line("FileFormat=3 SiZe=19 AP=foxwq KM=375 PL=2;S=pddp;Black=tt White=aa");
        let opts = Dialect::default();
        let (log, r) = run(&g, |s| pipeline(Box::new(s), &opts));
        assert_eq!(
            sgf(&log),
            "(;FF[3]SZ[19]AP[foxwq]KM[7.5]PL[W];W[pd];B[dp];B[];W[aa])"
        );
        // Dialect respellings are info; the two moves of one node, which
        // FF[4] forbids in any dialect, a warning.
        for d in r.collected() {
            let want = match d.code.id {
                "W166" => crate::diag::Severity::Warning,
                _ => crate::diag::Severity::Info,
            };
            assert_eq!(d.severity, want, "{}", d.code);
        }
        let keep = Dialect::Keep;
        let (log, r) = run(&g, |s| pipeline(Box::new(s), &keep));
        assert_eq!(
            sgf(&log),
            "(;FileFormat[3]SiZe[19]AP[foxwq]KM[375]PL[2];S[pddp];Black[tt]White[aa])"
        );
        assert!(r.collected().is_empty());
        // A switched-off rule leaves its quirk alone.
        let rules = Rules::from_names("fox-komi").unwrap();
        let (log, _) = run(&g, |s| pipeline_with(Box::new(s), &rules));
        assert!(sgf(&log).contains("KM[375]"));
    }
}
