//! Dialect rule 13 (`ff5`): games of the 1999 `FF[5]` draft, read as the
//! draft defines them and written as `FF[4]` (section 13 of
//! formats/sgf-dialects.md).
//!
//! The root is held until it ends, to see its `FF` (a root that comes as a
//! whole node is looked at and goes on as it came unless it says `FF[5]`).
//! A game whose root says
//! `FF[5]` is built whole ([`GameBuilder`], memory: one game): its `FF`
//! becomes `FF[4]`, its machine-readable `OT` one time control (module
//! `overtime`), its persons (`PI`, `IP`) `FF[4]` properties where there
//! are (module `persons`), and its undo nodes (`UN`, module `undo`) the tree they
//! stand for; then it is replayed. Every other game streams on
//! after its root.

mod overtime;
mod persons;
mod undo;

use super::codes::FF5_DRAFT;
use crate::diag::{At, Reporter};
use crate::error::Error;
use crate::event::{Event, GameHeader, Moves, NodeArena, NodeRef, Pos, PropertyBuf};
use crate::game::{Game, GameBuilder};
use crate::sink::Sink;
use std::cell::RefCell;
use std::rc::Rc;

type Slot = Rc<RefCell<Option<Game>>>;
type Builder = GameBuilder<Box<dyn FnMut(Game, &mut Reporter) -> Result<(), Error>>>;

/// A game's root, held until it ends.
struct Root {
    header: GameHeader,
    meta: Vec<(String, String)>,
    node: Option<Pos>,
    props: Vec<PropertyBuf>,
}

enum State {
    /// Between games, or streaming a game that is not `FF[5]`.
    Pass,
    /// A game's root, held.
    Root(Box<Root>),
    /// An `FF[5]` game, collected whole.
    Build(Box<Builder>, Slot),
}

/// The `FF[5]` rule, a sink adapter in front of the others.
pub struct Ff5<S> {
    sink: S,
    state: State,
}

impl<S: Sink> Ff5<S> {
    pub fn new(sink: S) -> Self {
        Ff5 {
            sink,
            state: State::Pass,
        }
    }

    /// The root is over: an `FF[5]` game is collected from here, its root
    /// rewritten; any other goes out as it came and streams on.
    fn root_over(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if !matches!(self.state, State::Root(_)) {
            return Ok(());
        }
        let State::Root(root) = std::mem::replace(&mut self.state, State::Pass) else {
            return Ok(());
        };
        let Root {
            header,
            meta,
            node,
            mut props,
        } = *root;
        let draft = props
            .iter()
            .any(|p| p.name == "FF" && is_draft(p.first_text()));
        let mut build = None;
        if draft {
            rewrite_version(&mut props, report);
            overtime::overtime(&mut props, report);
            persons::persons(&mut props, report);
            let slot: Slot = Rc::new(RefCell::new(None));
            let s2 = slot.clone();
            let b: Builder = GameBuilder::new(Box::new(move |g, _: &mut Reporter| {
                *s2.borrow_mut() = Some(g);
                Ok(())
            }));
            build = Some((Box::new(b), slot));
        }
        let to: &mut dyn Sink = match &mut build {
            Some((b, _)) => b.as_mut(),
            None => &mut self.sink,
        };
        to.event(&Event::GameStart(&header), report)?;
        for (key, value) in &meta {
            to.event(&Event::Meta { key, value }, report)?;
        }
        if let Some(pos) = node {
            to.event(&Event::Node(pos), report)?;
            for p in &props {
                to.event(&Event::Property(p.as_property()), report)?;
            }
        }
        if let Some((b, slot)) = build {
            self.state = State::Build(b, slot);
        }
        Ok(())
    }

    /// An event while the root is held: whether it was taken.
    fn held(&mut self, event: &Event<'_>) -> bool {
        let State::Root(root) = &mut self.state else {
            return false;
        };
        match event {
            Event::Meta { key, value } if root.node.is_none() => {
                root.meta.push((key.to_string(), value.to_string()));
            }
            Event::Node(pos) if root.node.is_none() => root.node = Some(*pos),
            Event::Property(p) if root.node.is_some() => {
                root.props.push(PropertyBuf::from_property(p));
            }
            _ => return false,
        }
        true
    }

    /// The collected game ends: its undo nodes made a tree, then replayed.
    fn game_over(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if let State::Build(_, slot) = &self.state {
            let game = slot.borrow_mut().take();
            self.state = State::Pass;
            if let Some(mut g) = game {
                undo::undo(&mut g, report);
                g.replay(&mut self.sink, report)?;
            }
        }
        Ok(())
    }
}

/// An `FF` value that names the draft.
fn is_draft(v: Option<&str>) -> bool {
    v.is_some_and(|v| v.trim() == "5")
}

/// `FF[5]` becomes `FF[4]`, said once for the game.
fn rewrite_version(props: &mut [PropertyBuf], report: &mut Reporter) {
    for p in props.iter_mut().filter(|p| p.name == "FF") {
        report.report(
            FF5_DRAFT,
            At::property("FF", p.pos),
            "FF[5] names the 1999 draft, never a standard: its properties read as the draft defines them, into an FF[4] game",
        );
        p.clear_values();
        p.push("4");
    }
}

impl<S: Sink> Sink for Ff5<S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        if let Event::GameStart(h) = event {
            // A game that never ended (a reader's fault) goes out first.
            self.flush(report)?;
            self.state = State::Root(Box::new(Root {
                header: (*h).clone(),
                meta: Vec::new(),
                node: None,
                props: Vec::new(),
            }));
            return Ok(());
        }
        if self.held(event) {
            return Ok(());
        }
        self.root_over(report)?;
        match &mut self.state {
            State::Build(b, _) => {
                b.event(event, report)?;
                if let Event::GameEnd(_) = event {
                    self.game_over(report)?;
                }
                Ok(())
            }
            _ => self.sink.event(event, report),
        }
    }

    #[inline]
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        if matches!(self.state, State::Pass) || self.root_passes(node, report)? {
            self.sink.node(node, report)
        } else {
            crate::sink::node_as_events(self, node, report)
        }
    }

    fn node_taking(&mut self, node: &mut NodeArena, report: &mut Reporter) -> Result<(), Error> {
        if matches!(self.state, State::Pass) || self.root_passes(&node.as_ref(), report)? {
            self.sink.node_taking(node, report)
        } else {
            crate::sink::node_as_events(self, &node.as_ref(), report)
        }
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        if matches!(self.state, State::Pass) {
            self.sink.moves(moves, report)
        } else {
            crate::sink::moves_as_nodes(self, moves, report)
        }
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.flush(report)?;
        self.sink.finish(report)
    }
}

impl<S: Sink> Ff5<S> {
    /// A whole root node, not `FF[5]`: the game streams on from here, the
    /// node itself as it came (a huge value in it is not copied). Whether
    /// it did.
    fn root_passes(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<bool, Error> {
        let State::Root(root) = &self.state else {
            return Ok(false);
        };
        if root.node.is_some()
            || node
                .iter()
                .any(|p| p.name == "FF" && is_draft(p.first_text()))
        {
            return Ok(false);
        }
        self.root_over(report)?;
        Ok(true)
    }

    /// The input ended inside a game: what was read still goes out.
    fn flush(&mut self, report: &mut Reporter) -> Result<(), Error> {
        match self.state {
            State::Pass => Ok(()),
            State::Root(_) => {
                self.root_over(report)?;
                self.flush(report)
            }
            State::Build(..) => self.event(&Event::GameEnd(Pos::default()), report),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn ff5(desc: &str) -> (String, Vec<&'static str>) {
        let (log, r) = run(&line(desc), |s| Box::new(Ff5::new(s)));
        (sgf(&log), codes(&r))
    }

    /// The draft's undo: the move after `UN[1]` continues from the node
    /// before the undone one, the undone move a variation.
    #[test]
    fn an_undo_makes_the_undone_move_a_variation() {
        let (out, codes) = ff5("FF=5 GM=1;B=pd;W=dd;UN=1;W=dp;B=qq");
        assert_eq!(out, "(;FF[4]GM[1];B[pd](;W[dp];B[qq])(;W[dd]))");
        assert_eq!(codes, ["W178", "W179"]);
    }

    /// A later undo counts its steps in the tree the earlier one made.
    #[test]
    fn undos_one_after_another() {
        let (out, _) = ff5("FF=5;B=aa;W=bb;UN=1;W=cc;B=dd;UN=2;B=ee");
        assert_eq!(out, "(;FF[4];B[aa](;B[ee])(;W[cc];B[dd])(;W[bb]))");
    }

    #[test]
    fn an_undo_beside_a_move_is_done_first() {
        let (out, codes) = ff5("FF=5;B=pd;W=dd;UN=1 W=dp;B=qq");
        assert_eq!(out, "(;FF[4];B[pd](;W[dp];B[qq])(;W[dd]))");
        assert_eq!(codes, ["W178", "W180", "W179"]);
    }

    #[test]
    fn an_undo_past_the_root_stops_there() {
        let (out, codes) = ff5("FF=5;B=pd;UN=3;W=dp");
        assert_eq!(out, "(;FF[4](;W[dp])(;B[pd]))");
        assert_eq!(codes, ["W178", "W181", "W179"]);
        // Right after the root nothing is undone: the UN node goes.
        let (out, codes) = ff5("FF=5;UN=1;B=pd");
        assert_eq!(out, "(;FF[4];B[pd])");
        assert_eq!(codes, ["W178", "W181"]);
    }

    #[test]
    fn an_unreadable_undo_is_kept() {
        let (out, codes) = ff5("FF=5;B=pd;UN=x;W=dp");
        assert_eq!(out, "(;FF[4];B[pd];UN[x];W[dp])");
        assert_eq!(codes, ["W178", "W182"]);
    }

    /// The draft's `OT`: `TM` and an `FF[4]` `OT`, the settings kept.
    #[test]
    fn a_draft_overtime_becomes_tm_and_ot() {
        let (out, codes) = ff5("FF=5 OT=TM:A:10800|OP:A:60|OM:A:1|NO:A:1|OG:A:60");
        assert_eq!(
            out,
            "(;FF[4]TM[10800]OT[1×60 byo-yomi, overtime counted in 60 s steps]OTS[TM:A:10800][OP:A:60][OM:A:1][NO:A:1][OG:A:60])"
        );
        assert_eq!(codes, ["W178", "I183"]);
        // A TM the root has stays; an FF[4] OT text stays.
        let (out, _) = ff5("FF=5 TM=60 OT=TM:A:2700|NO:A:0");
        assert_eq!(out, "(;FF[4]TM[60]OT[no overtime]OTS[TM:A:2700][NO:A:0])");
        let (out, codes) = ff5("FF=5 OT=5x30_byo-yomi");
        assert_eq!(
            (out.as_str(), codes),
            ("(;FF[4]OT[5x30 byo-yomi])", vec!["W178"])
        );
        let (out, codes) = ff5("FF=5 OT=a|b");
        assert_eq!(
            (out.as_str(), codes),
            ("(;FF[4]OTS[a][b])", vec!["W178", "W184"])
        );
    }

    /// The draft's example of `IP`: the players to `PB`/`PW` (a team
    /// joined), `AN` to `AN`, the rest kept in `PI`; a `PB` the root has
    /// stays.
    #[test]
    fn the_drafts_persons() {
        let ip = "IP=B:Aoki_Kikuyo,_6_dan|B:Kato_Masao,_9_dan|W:Yashiro_Kumiko,_1_dan|W:Komatsu_Hideki,_9_dan|AN:Rin_Kaiho,_9_dan|CO:Taniguchi_Makio_(Kido)|RF:Ma_Xiaochun,_Mingren|RFa:Nie_Weiping|SP:Samsung";
        let (out, codes) = ff5(&format!("FF=5 {ip}"));
        assert_eq!(
            out,
            "(;FF[4]PB[Aoki Kikuyo, 6 dan & Kato Masao, 9 dan]PW[Yashiro Kumiko, 1 dan & Komatsu Hideki, 9 dan]AN[Rin Kaiho, 9 dan]PI[CO:Taniguchi Makio (Kido)][RF:Ma Xiaochun, Mingren][RFa:Nie Weiping][SP:Samsung])"
        );
        assert_eq!(codes, ["W178", "I185"]);
        let (out, codes) = ff5("FF=5 PB=Aoki PI=B:Aoki_Kikuyo|RF:Ma|nobody");
        assert_eq!(out, "(;FF[4]PB[Aoki]PI[B:Aoki Kikuyo][RF:Ma][nobody])");
        assert_eq!(codes, ["W178", "W186", "I185"]);
    }

    /// Outside `FF[5]`, `UN` is an unknown property and nothing changes.
    #[test]
    fn other_versions_stream_untouched() {
        let (out, codes) = ff5("FF=4;B=pd;W=dd;UN=1;W=dp");
        assert_eq!(out, "(;FF[4];B[pd];W[dd];UN[1];W[dp])");
        assert!(codes.is_empty());
    }
}
