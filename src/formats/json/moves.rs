//! The move-list projection (`--moves`), both ways: the main line and the
//! core game info of each game, for tools that want moves and not a tree.
//!
//! Writing needs the main line, so [`MovesWriter`] collects one game at a
//! time, projects it ([`move_list`]), writes it and lists in a warning what
//! the projection did not carry. Reading: the reader's top-level visitor
//! hands a move-list object's fields to a [`MovesDoc`], which makes a game
//! of a root with the info and setup and one node per move.
//!
//! This file is the writer ([`MovesWriter`]: one game collected, the root's
//! game info kept as it goes by); the list itself is `move_list.rs`, the
//! reading `moves_doc.rs`.

use super::codes::*;
use super::frame::{write_origin, Frame};
use super::move_list::{is_root_prop, MoveList};
use super::out::{push_float, push_opt_str, push_uint};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{
    Event, GameHeader, Moves, NodeArena, NodeRef, PlainMove, Property, PropertyBuf,
};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{orphan_property, Tracker};
use crate::sink::{moves_as_nodes, node_as_events, Sink};

// ---------------------------------------------------------------- writing

/// Writes each game's move list as its events stream by, holding no game:
/// the shared [`Tracker`] places each node, a node is on the main line
/// when it hangs from the last node on it, and the main line's moves go
/// straight into the reused buffers of a [`MoveList`]. A node is taken
/// when the next one starts (or the game ends), since properties may still
/// come for it.
pub(super) struct MovesWriter<'w> {
    frame: Frame<'w>,
    /// A game is open: its `GameStart` came, its `GameEnd` not yet.
    in_game: bool,
    /// The open game's index in its input.
    in_file: usize,
    tracker: Tracker,
    /// The last node of the main line so far.
    line_end: Option<usize>,
    /// The last node started, when it is on the main line.
    pending: Held,
    node: NodeArena,
    /// The game's first node, once taken (game info comes from it).
    root: RootInfo,
    list: MoveList,
    games: usize,
    /// Games are numbered by their index in the input (a part of a pieced
    /// output), not counted from 0.
    by_header: bool,
}

impl<'w> MovesWriter<'w> {
    pub(super) fn new(frame: Frame<'w>, by_header: bool) -> Self {
        MovesWriter {
            frame,
            in_game: false,
            in_file: 0,
            tracker: Tracker::default(),
            line_end: None,
            pending: Held::None,
            node: NodeArena::default(),
            root: RootInfo::default(),
            list: MoveList::default(),
            games: 0,
            by_header,
        }
    }

    /// A game opens (one left open before it is dropped, as it was never
    /// complete).
    /// Out of line: [`Sink::event`] stays small for the many events.
    #[inline(never)]
    fn start_game(&mut self, header: &GameHeader) {
        self.in_game = true;
        self.in_file = header.index;
        if self.by_header {
            self.games = header.index;
        }
        self.tracker.start();
        self.line_end = None;
        self.pending = Held::None;
        self.root.clear();
        self.list.reset();
    }

    /// A node opens: the one before it is taken, and this one is held
    /// (its properties in `node`) when it is on the main line. Returns
    /// its index when it is.
    fn start_node(&mut self) -> Option<usize> {
        self.take_pending();
        let (index, parent) = self.tracker.place();
        self.list.nodes += 1;
        let on_line = index == 0 || (parent.is_some() && parent == self.line_end);
        if !on_line {
            return None;
        }
        self.line_end = Some(index);
        self.list.line += 1;
        self.node.clear();
        self.pending = Held::Node(index);
        Some(index)
    }

    /// Properties are coming for the held node: a plain move held as such
    /// goes into `node` first.
    fn hold_in_arena(&mut self) {
        if let Held::Plain(i, mv) = self.pending {
            self.node.clear();
            let sgf = std::str::from_utf8(mv.text()).unwrap_or_default();
            self.node
                .push(&PropertyBuf::with_values(&sgf[1..2], &[&sgf[3..5]]).as_property());
            self.pending = Held::Node(i);
        }
    }

    /// A property of the held node: into `node` when the list may carry
    /// it (which depends on the whole node), else counted as lost at once
    /// (it is lost whatever the node holds), with no copy.
    #[inline]
    fn hold(&mut self, p: &Property<'_>) {
        if self.pending == Held::Node(0) {
            return self.hold_root(p);
        }
        if is_root_prop(p.name) || matches!(p.name, "B" | "W") {
            self.node.push(p);
        } else {
            self.list.lose(p.name, 1);
        }
    }

    /// A property of the game's first node, taken at once: what the list
    /// carries from the root does not depend on the rest of it (game
    /// info kept by [`RootInfo`], setup and the first player onto the
    /// list, in order; a move there is not carried).
    fn hold_root(&mut self, p: &Property<'_>) {
        if let Some(k) = info_slot(p.name) {
            return self.root.set(k, p.first_text());
        }
        match p.name {
            "AB" | "AW" | "AE" | "PL" => self.list.take(p),
            "FF" | "GM" | "CA" => {}
            _ => self.list.lose(p.name, 1),
        }
    }

    /// The held node is complete: into the list (the first node becomes
    /// the root, and the board size comes from it).
    fn take_pending(&mut self) {
        match std::mem::replace(&mut self.pending, Held::None) {
            // Its properties were taken as they came.
            Held::Node(0) => self.list.size = coords::board_size(self.root.text(SZ_SLOT)),
            Held::Node(i) => self.list.take_node(i, &self.node.as_ref()),
            Held::Plain(_, mv) => self.list.take_plain(mv),
            Held::None => {}
        }
    }

    /// The game is complete: its move list goes out.
    /// Out of line: [`Sink::event`] stays small for the many events.
    #[inline(never)]
    fn end_game(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.take_pending();
        self.tracker.end();
        self.in_game = false;
        self.frame.before_game(self.games);
        let root = &self.root;
        let text = |id: &str| info_slot(id).and_then(|k| root.text(k));
        write_moves(
            &mut self.frame.out.buf,
            &self.list,
            text,
            (self.games, report.file(), self.in_file),
        );
        report_losses(&self.list, self.games, report);
        self.frame.after_game()?;
        self.games += 1;
        Ok(())
    }
}

/// The main-line node held until the next one starts.
#[derive(Clone, Copy, PartialEq)]
enum Held {
    None,
    /// Its properties are in the writer's arena.
    Node(usize),
    /// A plain move (not the game's first node), as its SGF text.
    Plain(usize, PlainMove),
}

/// The first value of the first property `id` of a node.
#[cfg(test)]
fn arena_text<'a>(node: &'a NodeArena, id: &str) -> Option<&'a str> {
    node.as_ref()
        .iter()
        .find(|p| p.name == id)
        .and_then(|p| p.first_text())
}

/// The game-info properties a move list writes, in [`info_slot`] order,
/// then the board size.
const INFO_IDS: [&str; 11] = [
    "KM", "HA", "RU", "RE", "DT", "EV", "PB", "BR", "PW", "WR", "SZ",
];

/// Where `SZ` is in [`INFO_IDS`].
const SZ_SLOT: usize = 10;

/// Where `id` is in [`INFO_IDS`].
fn info_slot(id: &str) -> Option<usize> {
    Some(match id {
        "KM" => 0,
        "HA" => 1,
        "RU" => 2,
        "RE" => 3,
        "DT" => 4,
        "EV" => 5,
        "PB" => 6,
        "BR" => 7,
        "PW" => 8,
        "WR" => 9,
        "SZ" => SZ_SLOT,
        _ => return None,
    })
}

/// The first value of the first of each of [`INFO_IDS`] in the game's
/// first node (as [`arena_text`] finds it there), kept as the node's
/// properties come; the buffers are reused from game to game.
#[derive(Default)]
struct RootInfo {
    texts: [String; INFO_IDS.len()],
    /// Whether a property of that name came, and whether it had a value.
    seen: [bool; INFO_IDS.len()],
    valued: [bool; INFO_IDS.len()],
}

impl RootInfo {
    /// A game starts: nothing seen (a huge value's buffer is let go).
    fn clear(&mut self) {
        self.seen = [false; INFO_IDS.len()];
        for t in &mut self.texts {
            if t.capacity() > 1 << 20 {
                *t = String::new();
            }
        }
    }

    /// Property `k` of [`INFO_IDS`] came with `first` as its first value:
    /// kept if it is the first of its name.
    fn set(&mut self, k: usize, first: Option<&str>) {
        let (Some(seen), Some(valued), Some(text)) = (
            self.seen.get_mut(k),
            self.valued.get_mut(k),
            self.texts.get_mut(k),
        ) else {
            return;
        };
        if !*seen {
            *seen = true;
            *valued = first.is_some();
            text.clear();
            text.push_str(first.unwrap_or_default());
        }
    }

    /// The first value of the first property `k` of [`INFO_IDS`], if any.
    fn text(&self, k: usize) -> Option<&str> {
        let have = self.seen.get(k).is_some_and(|&s| s) && self.valued.get(k).is_some_and(|&v| v);
        have.then(|| self.texts.get(k).map(String::as_str))?
    }
}

impl Sink for MovesWriter<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => self.start_game(h),
            Event::Meta { .. } => {}
            Event::VariationStart(_) => self.tracker.paren(true),
            Event::VariationEnd(_) => self.tracker.paren(false),
            Event::Node(_) if self.in_game => {
                self.start_node();
            }
            Event::Node(_) => {}
            Event::Property(p) if !self.in_game || self.list.nodes == 0 => {
                orphan_property(report, p)
            }
            Event::Property(p) => {
                self.hold_in_arena();
                if self.pending != Held::None {
                    self.hold(p);
                }
            }
            Event::GameEnd(_) if self.in_game => self.end_game(report)?,
            Event::GameEnd(_) => {}
        }
        Ok(())
    }

    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        if !self.in_game {
            return node_as_events(self, node, report);
        }
        if self.start_node().is_some() {
            for p in node.iter() {
                self.hold(&p);
            }
        }
        Ok(())
    }

    /// A run of plain moves: placed at once, each taken straight from its
    /// six bytes but the last, which is held (properties may still come
    /// for it).
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        if !self.in_game || moves.is_empty() {
            return moves_as_nodes(self, moves, report);
        }
        self.take_pending();
        let n = moves.len();
        let (first, parent) = self.tracker.place_run(n);
        self.list.nodes += n;
        if first != 0 && (parent.is_none() || parent != self.line_end) {
            return Ok(());
        }
        self.line_end = Some(first + n - 1);
        self.list.line += n;
        let mut run = *moves;
        if first == 0 {
            // The game's first node: as any node (it is the root).
            let (head, rest) = moves.split_at(1);
            let sgf = head.sgf();
            let p = PropertyBuf::with_values(
                sgf.get(1..2).unwrap_or(""),
                &[sgf.get(3..5).unwrap_or("")],
            );
            self.node.clear();
            self.pending = Held::Node(0);
            self.hold(&p.as_property());
            if rest.is_empty() {
                return Ok(());
            }
            self.take_pending();
            run = rest;
        }
        let (taken, last) = run.split_at(run.len() - 1);
        self.list.take_plain_run(&taken);
        if let Some(mv) = last.plain().next() {
            self.pending = Held::Plain(first + n - 1, mv);
        }
        Ok(())
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        self.frame.finish()?;
        Ok(())
    }
}

/// One game's move-list object; `origin` is the game's index in the
/// output, its input and its index there.
fn write_moves<'g>(
    out: &mut Vec<u8>,
    ml: &MoveList,
    text: impl Fn(&str) -> Option<&'g str>,
    origin: (usize, &str, usize),
) {
    let (w, h) = ml.size;
    write_origin(out, origin.0, origin.1, origin.2);
    out.extend_from_slice(b",\"size\":[");
    push_uint(out, w.into());
    out.push(b',');
    push_uint(out, h.into());
    out.extend_from_slice(b"],\"komi\":");
    write_info(out, text);
    write_setup(out, ml);
    out.extend_from_slice(b",\"moves\":[");
    out.extend_from_slice(ml.moves.get(1..).unwrap_or_default());
    out.extend_from_slice(b"],\"moves_gtp\":[");
    out.extend_from_slice(ml.gtp.get(1..).unwrap_or_default());
    out.push(b']');
    if let Some(t) = ml.truncated_at {
        out.extend_from_slice(b",\"truncated_at\":");
        push_uint(out, t as u64);
    }
    out.push(b'}');
}

/// The game info after `"komi":`: komi, handicap, the text fields and the
/// players.
fn write_info<'g>(out: &mut Vec<u8>, text: impl Fn(&str) -> Option<&'g str>) {
    match text("KM")
        .and_then(|k| k.trim().parse::<f64>().ok())
        .filter(|k| k.is_finite())
    {
        Some(k) => push_float(out, k),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"handicap\":");
    match text("HA").and_then(|k| k.trim().parse::<u32>().ok()) {
        Some(k) => push_uint(out, k.into()),
        None => out.extend_from_slice(b"null"),
    }
    for (key, id) in [
        (&b",\"rules\":"[..], "RU"),
        (b",\"result\":", "RE"),
        (b",\"date\":", "DT"),
        (b",\"event\":", "EV"),
    ] {
        out.extend_from_slice(key);
        push_opt_str(out, text(id));
    }
    for (key, name, rank) in [
        (&b",\"black\":{\"name\":"[..], "PB", "BR"),
        (b",\"white\":{\"name\":", "PW", "WR"),
    ] {
        out.extend_from_slice(key);
        push_opt_str(out, text(name));
        out.extend_from_slice(b",\"rank\":");
        push_opt_str(out, text(rank));
        out.push(b'}');
    }
}

/// The setup stones and the first player.
fn write_setup(out: &mut Vec<u8>, ml: &MoveList) {
    out.extend_from_slice(b",\"setup\":{\"B\":[");
    out.extend_from_slice(&ml.setup[0]);
    out.extend_from_slice(b"],\"W\":[");
    out.extend_from_slice(&ml.setup[1]);
    out.extend_from_slice(b"],\"E\":[");
    out.extend_from_slice(&ml.setup[2]);
    out.extend_from_slice(b"]},\"first_player\":");
    push_opt_str(out, ml.first_player.or(ml.first_move));
}

/// W361: what the projection of game `index` did not carry, if anything.
/// The message is built only when it is shown or kept (not under `-q`,
/// nor past the per-code limit): most games lose something.
fn report_losses(ml: &MoveList, index: usize, report: &mut Reporter) {
    let lost_any = ml.nodes > ml.line || ml.not_carried.iter().any(|(_, n)| *n > 0);
    if !lost_any && ml.truncated_at.is_none() {
        return;
    }
    report.set_game(Some(index));
    report.report(JSON_MOVES_NOT_CARRIED, None, || loss_message(ml, index));
}

/// The text of [`report_losses`]' warning.
fn loss_message(ml: &MoveList, index: usize) -> String {
    let off_line = ml.nodes - ml.line;
    let mut lost: Vec<(&str, usize)> = ml
        .not_carried
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| (k.as_str(), *n))
        .collect();
    if off_line > 0 {
        lost.push(("variation nodes", off_line));
    }
    lost.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let mut parts: Vec<String> = lost.iter().map(|(k, n)| format!("{k} ×{n}")).collect();
    if let Some(t) = ml.truncated_at {
        parts.insert(0, format!("moves after setup at ply {t}"));
    }
    format!(
        "game {}: the move list keeps the main line and core game info; not carried: {}",
        index,
        parts.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_info_is_kept_as_a_search_of_the_root_finds_it() {
        let mut root = NodeArena::default();
        for (id, v) in [
            ("PB", "x"),
            ("KM", "6.5"),
            ("PB", "y"),
            ("C", "c"),
            ("RE", ""),
            ("SZ", "13"),
        ] {
            root.push(&PropertyBuf::with_values(id, &[v]).as_property());
        }
        root.push(&PropertyBuf::new("EV").as_property());
        root.push(&PropertyBuf::with_values("EV", &["later"]).as_property());
        let mut info = RootInfo::default();
        // What an earlier game left is forgotten.
        info.set(3, Some("old"));
        info.set(7, Some("old"));
        info.clear();
        for p in root.as_ref().iter() {
            if let Some(k) = info_slot(p.name) {
                info.set(k, p.first_text());
            }
        }
        for (k, id) in INFO_IDS.iter().enumerate() {
            assert_eq!(info_slot(id), Some(k));
            assert_eq!(info.text(k), arena_text(&root, id), "{id}");
        }
        assert_eq!(info.text(SZ_SLOT), Some("13"));
        assert_eq!(info.text(7), None);
        assert_eq!(info_slot("C"), None);
    }
}
