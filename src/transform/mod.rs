//! Transforms: sinks that rewrite events and forward them to another sink.
//! Each is switchable; [`pipeline`] assembles the default chain.
//!
//! The dialect rewrites (formats/sgf-dialects.md), in the order they run:
//!
//! | module | rule | names (for [`Rules::from_names`]) |
//! |---|---|---|
//! | [`ids`] | lower-case letters in identifiers | `ids` |
//! | [`quirks`] | merged duplicates, duplicate `AP` | `duplicates`, `duplicate-ap` |
//! | [`kifu`] | the kifu (SGF2) dialect of Asian servers | `kifu` |
//! | [`mojibake`] | double-encoded names | `mojibake` |
//! | [`ff3`] | `FF[1]`–`FF[3]` properties | `ki`, `labels`, `marks`, `player`, `annotations`, `view` |
//! | [`passes`] | `tt` passes | `tt-pass` |
//! | [`quirks`] | Fox komi and `HA[1]` | `fox-komi`, `fox-handicap` |
//! | [`smartgo`] | SmartGo `S[]` move sequences | `smartgo` |
//! | [`split`] | setup and moves, black and white, in one node | `split` |
//! | [`nesting`] | OGS/Fox one-variation-per-move nesting | `ogs-nesting` |
//!
//! Each rule is a [`node::NodeRule`] and can run alone as a sink adapter
//! ([`node::NodeAdapter`]); the pipeline runs them in one
//! [`node::Chain`] so that a node is buffered and copied once. The nesting
//! rule is its own adapter (it may hold one game).
//!
//! Every rewrite is reported as an info diagnostic (codes I150–I199).

use crate::formats::ReadOptions;
use crate::sink::Sink;

pub mod ff3;
pub mod ids;
pub mod kifu;
pub mod mojibake;
pub mod nesting;
pub mod node;
pub mod passes;
pub mod quirks;
pub mod smartgo;
pub mod split;

use node::{Chain, NodeAdapter};

/// Which dialect rewrites run. All are on by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub ids: bool,
    pub duplicates: bool,
    pub duplicate_ap: bool,
    pub kifu: bool,
    pub ff3: ff3::Ff3Flags,
    pub tt_pass: bool,
    pub fox_komi: bool,
    pub fox_handicap: bool,
    pub smartgo: bool,
    pub split: bool,
    pub ogs_nesting: bool,
    pub mojibake: bool,
}

/// The switchable rule names, as `--no-fix NAME` takes them.
pub const RULE_NAMES: &[&str] = &[
    "ids",
    "duplicates",
    "duplicate-ap",
    "kifu",
    "ki",
    "labels",
    "marks",
    "player",
    "annotations",
    "view",
    "tt-pass",
    "fox-komi",
    "fox-handicap",
    "smartgo",
    "split",
    "ogs-nesting",
    "mojibake",
];

impl Default for Rules {
    fn default() -> Self {
        Rules::all()
    }
}

impl Rules {
    pub fn all() -> Self {
        Rules {
            ids: true,
            duplicates: true,
            duplicate_ap: true,
            kifu: true,
            ff3: ff3::Ff3Flags::default(),
            tt_pass: true,
            fox_komi: true,
            fox_handicap: true,
            smartgo: true,
            split: true,
            ogs_nesting: true,
            mojibake: true,
        }
    }

    pub fn none() -> Self {
        let mut r = Rules::all();
        for name in RULE_NAMES {
            r.set(name, false);
        }
        r
    }

    /// Turns one rule on or off by name; false for an unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        let f = match name {
            "ids" => &mut self.ids,
            "duplicates" => &mut self.duplicates,
            "duplicate-ap" => &mut self.duplicate_ap,
            "kifu" => &mut self.kifu,
            "ki" => &mut self.ff3.ki,
            "labels" => &mut self.ff3.labels,
            "marks" => &mut self.ff3.marks,
            "player" => &mut self.ff3.player,
            "annotations" => &mut self.ff3.annotations,
            "view" => &mut self.ff3.view,
            "tt-pass" => &mut self.tt_pass,
            "fox-komi" => &mut self.fox_komi,
            "fox-handicap" => &mut self.fox_handicap,
            "smartgo" => &mut self.smartgo,
            "split" => &mut self.split,
            "ogs-nesting" => &mut self.ogs_nesting,
            "mojibake" => &mut self.mojibake,
            "ff3" => {
                self.ff3 = if on {
                    ff3::Ff3Flags::default()
                } else {
                    ff3::Ff3Flags::none()
                };
                return true;
            }
            "fox" => {
                self.fox_komi = on;
                self.fox_handicap = on;
                return true;
            }
            "all" => {
                *self = if on { Rules::all() } else { Rules::none() };
                return true;
            }
            _ => return false,
        };
        *f = on;
        true
    }

    /// All rules except those named in `disabled` (comma- or
    /// space-separated; also the groups `ff3`, `fox` and `all`). The value of
    /// a repeatable `--no-fix NAME` option.
    pub fn from_names(disabled: &str) -> Result<Rules, String> {
        let mut r = Rules::all();
        for name in disabled
            .split([',', ' '])
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            if !r.set(name, false) {
                return Err(format!(
                    "unknown dialect rule `{name}` (known: {}, ff3, fox, all)",
                    RULE_NAMES.join(", ")
                ));
            }
        }
        Ok(r)
    }
}

/// The transforms applied between a reader and a writer: every dialect
/// rewrite but those named in `options.no_fix`, none under `--keep-dialect`.
/// (Names are checked where they are given, with [`Rules::from_names`]; an
/// unknown one here is ignored.)
pub fn pipeline<'a>(sink: Box<dyn Sink + 'a>, options: &ReadOptions) -> Box<dyn Sink + 'a> {
    let rules = Rules::from_names(&options.no_fix.join(",")).unwrap_or_else(|_| Rules::all());
    pipeline_with(sink, options, &rules)
}

/// [`pipeline`] with a choice of rules (`--no-fix NAME`).
pub fn pipeline_with<'a>(
    sink: Box<dyn Sink + 'a>,
    options: &ReadOptions,
    rules: &Rules,
) -> Box<dyn Sink + 'a> {
    if options.keep_dialect {
        return sink;
    }
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
    if rules.ff3 != ff3::Ff3Flags::none() {
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
    // The adapter holds the nesting rule by value, not behind a `dyn`:
    // every node passes both, and one dynamic call fewer per node counts.
    match (chain.is_empty(), rules.ogs_nesting) {
        (false, true) => Box::new(NodeAdapter::new(chain, nesting::Nesting::new(sink))),
        (false, false) => Box::new(NodeAdapter::new(chain, sink)),
        (true, true) => Box::new(nesting::Nesting::new(sink)),
        (true, false) => sink,
    }
}

#[cfg(test)]
mod tests {
    use super::node::testing::*;
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
            line("AP=foxwq;B=pd;W=dd;B=pp;W=dp"),
        ];
        // OGS-style nesting with a real branch, and a plain game with one.
        games.push(ogs_nested("online-go.com"));
        games.push(ogs_nested("Tokyo"));
        let opts = ReadOptions::default();
        for g in &games {
            let (by_event, r1) = run(g, |s| pipeline(Box::new(s), &opts));
            let (by_node, r2) = run(g, |s| {
                Box::new(super::node::testing::WholeNodes::new(pipeline(
                    Box::new(s),
                    &opts,
                )))
            });
            let (by_run, r3) = run(g, |s| {
                Box::new(super::node::testing::WholeNodes::with_runs(pipeline(
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

    /// A move node with a repeated identifier is not passed on as plain:
    /// the pipeline merges it, as the SGF reader would.
    #[test]
    fn repeated_identifiers_are_merged_even_in_move_nodes() {
        let opts = ReadOptions::default();
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
        let opts = ReadOptions::default();
        let (log, r) = run(&g, |s| pipeline(Box::new(s), &opts));
        assert_eq!(
            sgf(&log),
            "(;FF[3]SZ[19]AP[foxwq]KM[7.5]PL[W];W[pd];B[dp];B[];W[aa])"
        );
        assert!(r
            .collected()
            .iter()
            .all(|d| d.severity == crate::diag::Severity::Info));
        let keep = ReadOptions {
            keep_dialect: true,
            ..ReadOptions::default()
        };
        let (log, r) = run(&g, |s| pipeline(Box::new(s), &keep));
        assert_eq!(
            sgf(&log),
            "(;FileFormat[3]SiZe[19]AP[foxwq]KM[375]PL[2];S[pddp];Black[tt]White[aa])"
        );
        assert!(r.collected().is_empty());
        // A switched-off rule leaves its quirk alone.
        let rules = Rules::from_names("fox-komi").unwrap();
        let (log, _) = run(&g, |s| pipeline_with(Box::new(s), &opts, &rules));
        assert!(sgf(&log).contains("KM[375]"));
    }
}
