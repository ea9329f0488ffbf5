//! The move-list projection (`--moves`), both ways: the main line and the
//! core game info of each game, for tools that want moves and not a tree.
//!
//! Writing needs the main line, so [`MovesWriter`] collects one game at a
//! time, projects it ([`move_list`]), writes it and lists in a warning what
//! the projection did not carry. Reading: the reader's top-level visitor
//! hands a move-list object's fields to a [`MovesDoc`], which makes a game
//! of a root with the info and setup and one node per move.

use super::out::{push_float, push_opt_str, push_str, push_uint};
use super::writer::Frame;
use super::{W_BAD_MOVE, W_MOVES_LOSS};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{
    Event, GameHeader, Moves, NodeArena, NodeRef, PlainMove, Property, PropertyBuf, MOVE_TEXT_LEN,
};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{orphan_property, FlatGame, FlatNode, Tracker};
use crate::sink::{moves_as_nodes, node_as_events, Sink};
use serde::de::MapAccess;
use serde::Deserialize;

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

/// Properties the move list carries from the root (or from setup nodes
/// before the first move); `FF`, `GM` and `CA` describe the file, not the
/// game, and are not reported as lost.
#[cfg_attr(not(test), allow(dead_code))]
const MOVES_ROOT_PROPS: &[&str] = &[
    "SZ", "KM", "HA", "RU", "RE", "DT", "EV", "PB", "BR", "PW", "WR", "AB", "AW", "AE", "PL", "FF",
    "GM", "CA",
];

/// `name` is one of [`MOVES_ROOT_PROPS`] (a match, not a search: this
/// runs for every property of the root).
fn is_root_prop(name: &str) -> bool {
    matches!(
        name,
        "SZ" | "KM"
            | "HA"
            | "RU"
            | "RE"
            | "DT"
            | "EV"
            | "PB"
            | "BR"
            | "PW"
            | "WR"
            | "AB"
            | "AW"
            | "AE"
            | "PL"
            | "FF"
            | "GM"
            | "CA"
    )
}

/// The move-list projection of one game as it is built, main-line node by
/// node, its lists already in JSON; reused from game to game.
#[derive(Default, Debug)]
struct MoveList {
    /// Nodes of the game, and those on the main line.
    nodes: usize,
    line: usize,
    size: (u32, u32),
    /// The items of the `B`, `W` and `E` setup arrays.
    setup: [Vec<u8>; 3],
    first_player: Option<&'static str>,
    first_move: Option<&'static str>,
    /// The items of `moves` and `moves_gtp`, each with a comma before it.
    moves: Vec<u8>,
    gtp: Vec<u8>,
    /// Each point's GTP item for boards of the game's height.
    gtp_points: GtpPoints,
    /// Where a run's items are put together.
    scratch: Scratch,
    n_moves: usize,
    seen_move: bool,
    /// Ply at which a later setup node stopped the list.
    truncated_at: Option<usize>,
    /// What the projection does not carry, for the loss warning: names
    /// seen in earlier games stay, with a count of 0.
    not_carried: Vec<(String, usize)>,
}

impl MoveList {
    fn reset(&mut self) {
        self.nodes = 0;
        self.line = 0;
        self.size = (19, 19);
        for s in &mut self.setup {
            s.clear();
        }
        self.first_player = None;
        self.first_move = None;
        self.moves.clear();
        self.gtp.clear();
        self.n_moves = 0;
        self.seen_move = false;
        self.truncated_at = None;
        if self.not_carried.len() > 64 {
            self.not_carried.clear();
        }
        for (_, n) in &mut self.not_carried {
            *n = 0;
        }
    }

    /// One node of the main line, `i` its index in the game.
    fn take_node(&mut self, i: usize, node: &NodeRef<'_>) {
        let is_setup = node.iter().any(|p| matches!(p.name, "AB" | "AW" | "AE"));
        // Which properties the list carries here: the root's, the moves',
        // or (after a setup stopped the list) none.
        let mut carried: fn(&str) -> bool = if i == 0 || (!self.seen_move && is_setup) {
            is_root_prop
        } else {
            |name| matches!(name, "B" | "W")
        };
        if self.seen_move && is_setup && self.truncated_at.is_none() {
            self.truncated_at = Some(self.n_moves);
        }
        if self.truncated_at.is_some() {
            carried = |_| false;
        }
        for p in node.iter() {
            let kept = carried(p.name);
            if kept {
                self.take(&p);
            } else {
                self.lose(p.name, 1);
            }
        }
    }

    /// A plain move node of the main line (not the first node): a move,
    /// or (after a setup stopped the list) its `B` or `W` lost.
    #[inline]
    fn take_plain(&mut self, mv: PlainMove) {
        let [_, colour, _, x, y, _] = *mv.text();
        if self.truncated_at.is_some() {
            return self.lose(if colour == b'B' { "B" } else { "W" }, 1);
        }
        self.push_plain_move(colour, x, y);
    }

    /// Plain moves of the main line (not the game's first node), as
    /// [`MoveList::take_plain`] takes each: the lists grown once, the
    /// items written in place.
    fn take_plain_run(&mut self, run: &Moves<'_>) {
        if self.truncated_at.is_some() {
            return run.plain().for_each(|mv| self.take_plain(mv));
        }
        let Some(first) = run.plain().next() else {
            return;
        };
        let n = run.sgf().len() / MOVE_TEXT_LEN;
        let items = self.gtp_points.for_height(self.size.1);
        for block in run.sgf().as_bytes().chunks(BLOCK * MOVE_TEXT_LEN) {
            let (m, g) = block_items(block, items, &mut self.scratch);
            self.moves
                .extend_from_slice(self.scratch.moves.get(..m).unwrap_or_default());
            self.gtp
                .extend_from_slice(self.scratch.gtp.get(..g).unwrap_or_default());
        }
        self.moved(first.text()[1]);
        self.n_moves += n - 1;
    }

    fn lose(&mut self, name: &str, n: usize) {
        match self.not_carried.iter_mut().find(|(k, _)| k == name) {
            Some((_, count)) => *count += n,
            None => self.not_carried.push((name.to_string(), n)),
        }
    }

    /// Takes a property the list carries: setup, the first player, a move.
    fn take(&mut self, p: &Property<'_>) {
        match p.name {
            "AB" | "AW" | "AE" => {
                let list = &mut self.setup[match p.name {
                    "AB" => 0,
                    "AW" => 1,
                    _ => 2,
                }];
                for v in p.values().iter() {
                    for point in coords::expand_points(v.text()) {
                        if !list.is_empty() {
                            list.push(b',');
                        }
                        push_str(list, &point);
                    }
                }
            }
            "PL" if self.first_player.is_none() => {
                self.first_player = match p.first_text().map(str::trim) {
                    Some("B" | "b" | "1") => Some("B"),
                    Some("W" | "w" | "2") => Some("W"),
                    _ => None,
                };
            }
            "B" | "W" => {
                let colour = if p.name == "B" { b'B' } else { b'W' };
                let v = p.first_text().unwrap_or("");
                let point = if coords::is_pass(v, self.size) { "" } else { v };
                self.push_move(colour, point);
            }
            _ => {}
        }
    }

    /// A move (`point` empty for a pass) onto both lists.
    fn push_move(&mut self, colour: u8, point: &str) {
        self.next_item();
        self.moves
            .extend_from_slice(&[b'[', b'"', colour, b'"', b',']);
        push_str(&mut self.moves, point);
        self.moves.push(b']');
        self.gtp
            .extend_from_slice(&[b'[', b'"', colour, b'"', b',']);
        if point.is_empty() {
            self.gtp.extend_from_slice(b"\"pass\"");
        } else {
            push_gtp(&mut self.gtp, point, self.size.1);
        }
        self.gtp.push(b']');
        self.moved(colour);
    }

    /// A move of two point letters `a`..`z` (no pass), onto both lists.
    #[inline]
    fn push_plain_move(&mut self, colour: u8, x: u8, y: u8) {
        // Whole fixed-size items (copied without a call), the GTP one
        // cut to its length after.
        self.moves
            .extend_from_slice(&[b',', b'[', b'"', colour, b'"', b',', b'"', x, y, b'"', b']']);
        let (v, len) = gtp_end(x, y, self.size.1);
        let end = self.gtp.len() + 6 + usize::from(len);
        self.gtp.extend_from_slice(&[
            b',', b'[', b'"', colour, b'"', b',', v[0], v[1], v[2], v[3], v[4], v[5],
        ]);
        self.gtp.truncate(end);
        self.moved(colour);
    }

    /// The comma before a move's items: every item has one, and the
    /// lists are written without the first.
    #[inline]
    fn next_item(&mut self) {
        self.moves.push(b',');
        self.gtp.push(b',');
    }

    #[inline]
    fn moved(&mut self, colour: u8) {
        self.n_moves += 1;
        if self.first_move.is_none() {
            self.first_move = Some(if colour == b'B' { "B" } else { "W" });
        }
        self.seen_move = true;
    }
}

/// Each move's GTP item for each point `a`..`z` × `a`..`z`, the colour
/// left out: `,["` + `",` + the vertex and `]` (`"Q16"]`, `null]` off the
/// GTP board), with its length in the last byte, for boards of `height`
/// rows; made again when the height changes.
#[derive(Debug, Default)]
struct GtpPoints {
    height: u32,
    /// Each as [`GtpPoints::pack`] packs it.
    items: Vec<u128>,
}

impl GtpPoints {
    /// The table for boards of `height` rows, by `x · 26 + y` (letters
    /// from `a`).
    fn for_height(&mut self, height: u32) -> &[u128] {
        if self.items.is_empty() || self.height != height {
            self.height = height;
            self.items = (0..26 * 26)
                .map(|i| gtp_end(b'a' + (i / 26) as u8, b'a' + (i % 26) as u8, height))
                .map(GtpPoints::pack)
                .collect();
        }
        &self.items
    }

    /// An item (no colour) from the end [`gtp_end`] gives: the bytes
    /// first (the first in the lowest byte), its length in the last.
    fn pack((end, len): ([u8; 6], u8)) -> u128 {
        let mut item = *b",[\"\0\",\0\0\0\0\0\0\0\0\0\0";
        item[6..12].copy_from_slice(&end);
        item[15] = 6 + len;
        u128::from_le_bytes(item)
    }

    /// The item at `x`, `y` (letters) on such a board, `colour` in it.
    #[cfg(test)]
    fn get(&mut self, colour: u8, x: u8, y: u8, height: u32) -> Vec<u8> {
        let i = usize::from(x.wrapping_sub(b'a')) * 26 + usize::from(y.wrapping_sub(b'a'));
        let item = self.for_height(height).get(i).copied().unwrap_or(0);
        let bytes = (item | u128::from(colour) << 24).to_le_bytes();
        bytes[..usize::from(bytes[15])].to_vec()
    }
}

/// Plain moves whose items [`block_items`] puts together at a time.
const BLOCK: usize = 128;

/// Bytes of each [`Scratch`] buffer that hold items, a power of two (a
/// block's items fit: at most 12 bytes a move).
const SCRATCH: usize = 2048;

/// Where [`block_items`] puts a block's items together before they are
/// copied onto the lists: buffers of a fixed length, made once, so that
/// each item is one wide store at an index the compiler knows is inside
/// (onto the lists themselves, each item would check their capacity and
/// move their length).
#[derive(Debug)]
struct Scratch {
    moves: Box<[u8; SCRATCH + 16]>,
    gtp: Box<[u8; SCRATCH + 16]>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            moves: Box::new([0; SCRATCH + 16]),
            gtp: Box::new([0; SCRATCH + 16]),
        }
    }
}

/// The `moves` and `moves_gtp` items of the plain moves `sgf` (six bytes
/// each, the first [`BLOCK`] of them) into `scratch`, the GTP items from
/// `items` ([`GtpPoints`]): the number of bytes of each written. Each
/// item is put together in a register and written at once (byte after
/// byte, the many narrow stores held up the loop), all 16 bytes, the next
/// one over its tail.
#[inline]
fn block_items(sgf: &[u8], items: &[u128], scratch: &mut Scratch) -> (usize, usize) {
    const ITEM: u128 = u128::from_le_bytes(*b",[\"\0\",\"\0\0\"]\0\0\0\0\0");
    // Off the table (not a plain move's point): `null`, never written.
    const NULL: u128 = u128::from_le_bytes(*b",[\"\0\",null]\0\0\0\0\x0b");
    let (moves, gtp) = (&mut *scratch.moves, &mut *scratch.gtp);
    let (mut m, mut g) = (0, 0);
    for c in sgf.chunks_exact(MOVE_TEXT_LEN).take(BLOCK) {
        let (colour, x, y) = (u128::from(c[1]) << 24, c[3], c[4]);
        let i = usize::from(x.wrapping_sub(b'a')) * 26 + usize::from(y.wrapping_sub(b'a'));
        let item = ITEM | colour | u128::from(x) << 56 | u128::from(y) << 64;
        // The masks change nothing (a block's items fit) but let the
        // compiler see that every store is inside.
        let at = m & (SCRATCH - 1);
        if let Some(to) = moves.get_mut(at..at + 16) {
            to.copy_from_slice(&item.to_le_bytes());
        }
        m += 11;
        let item = items.get(i).copied().unwrap_or(NULL) | colour;
        let at = g & (SCRATCH - 1);
        if let Some(to) = gtp.get_mut(at..at + 16) {
            to.copy_from_slice(&item.to_le_bytes());
        }
        g += (item >> 120) as usize & 15;
    }
    (m.min(SCRATCH), g.min(SCRATCH))
}

/// The end of a move's GTP item at the point of letters `x`, `y`: the
/// vertex and `]`, and its length.
fn gtp_end(x: u8, y: u8, height: u32) -> ([u8; 6], u8) {
    let row = height.wrapping_sub(u32::from(y.wrapping_sub(b'a')));
    match coords::GTP_COLUMNS.get(usize::from(x.wrapping_sub(b'a'))) {
        Some(&col) if (1..=99).contains(&row) && row <= height => {
            let (tens, ones) = (b'0' + (row / 10) as u8, b'0' + (row % 10) as u8);
            match row >= 10 {
                true => ([b'"', col, tens, ones, b'"', b']'], 6),
                false => ([b'"', col, ones, b'"', b']', 0], 5),
            }
        }
        _ => (*b"null]\0", 5),
    }
}

/// An SGF point as a GTP vertex string (`"Q16"`), or `null` off the GTP
/// board.
fn push_gtp(out: &mut Vec<u8>, point: &str, height: u32) {
    let vertex = coords::sgf_to_xy(point).and_then(|(x, y)| {
        let col = *coords::GTP_COLUMNS.get(x as usize)?;
        // Lazily: `height - y` would underflow off the board.
        (y < height).then(|| (col, height - y))
    });
    match vertex {
        Some((col, row)) => {
            out.push(b'"');
            out.push(col);
            push_uint(out, row.into());
            out.push(b'"');
        }
        None => out.extend_from_slice(b"null"),
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
    super::writer::write_origin(out, origin.0, origin.1, origin.2);
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
    report.warn(W_MOVES_LOSS, None, || loss_message(ml, index));
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

// ---------------------------------------------------------------- reading

#[derive(Deserialize)]
#[serde(untagged)]
enum SizeDoc {
    Square(u32),
    Rect(u32, u32),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum KomiDoc {
    Number(f64),
    Text(String),
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PlayerDoc {
    name: Option<String>,
    rank: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SetupDoc {
    #[serde(rename = "B")]
    black: Vec<String>,
    #[serde(rename = "W")]
    white: Vec<String>,
    #[serde(rename = "E")]
    empty: Vec<String>,
}

/// A move-list object, field by field as the reader meets them.
#[derive(Default)]
pub(super) struct MovesDoc {
    size: Option<SizeDoc>,
    komi: Option<KomiDoc>,
    handicap: Option<u32>,
    rules: Option<String>,
    result: Option<String>,
    date: Option<String>,
    event: Option<String>,
    black: Option<PlayerDoc>,
    white: Option<PlayerDoc>,
    setup: Option<SetupDoc>,
    first_player: Option<String>,
    moves: Option<Vec<Vec<Option<String>>>>,
    moves_gtp: Option<Vec<Vec<Option<String>>>>,
}

impl MovesDoc {
    /// Reads the value of `key` when it is a move-list field; `false` (and
    /// nothing read) for any other key.
    pub(super) fn field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        match key {
            "size" => self.size = map.next_value()?,
            "komi" => self.komi = map.next_value()?,
            "handicap" => self.handicap = map.next_value()?,
            "rules" => self.rules = map.next_value()?,
            "result" => self.result = map.next_value()?,
            "date" => self.date = map.next_value()?,
            "event" => self.event = map.next_value()?,
            "black" => self.black = map.next_value()?,
            "white" => self.white = map.next_value()?,
            "setup" => self.setup = map.next_value()?,
            "first_player" => self.first_player = map.next_value()?,
            "moves" => self.moves = map.next_value()?,
            "moves_gtp" => self.moves_gtp = map.next_value()?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// A game from the projection: a root with the game info and setup,
    /// then one node per move.
    pub(super) fn into_flat(mut self, index: usize, report: &mut Reporter) -> FlatGame {
        let mut g = FlatGame::new(GameHeader::new(index));
        let size = match self.size.take() {
            Some(SizeDoc::Square(n)) => (n, n),
            Some(SizeDoc::Rect(w, h)) => (w, h),
            None => (19, 19),
        };
        g.push_node(FlatNode {
            variation: true,
            ..FlatNode::default()
        });
        for p in self.root(size) {
            g.push_prop(&p.as_property());
        }
        let (list, gtp) = match (self.moves, self.moves_gtp) {
            (Some(m), _) => (m, false),
            (None, Some(m)) => (m, true),
            (None, None) => (Vec::new(), false),
        };
        for (ply, m) in list.into_iter().enumerate() {
            let Some(mv) = move_property(m, gtp, size, index, ply, report) else {
                continue;
            };
            let parent = g.len() - 1;
            g.push_node(FlatNode {
                parent: Some(parent),
                ..FlatNode::default()
            });
            g.push_prop(&mv.as_property());
        }
        g
    }

    /// The root: game info, setup and first player (taken out of `self`).
    fn root(&mut self, size: (u32, u32)) -> Vec<PropertyBuf> {
        let mut root = Vec::new();
        let mut add = |id: &str, v: Option<String>| {
            if let Some(v) = v {
                root.push(PropertyBuf::with_values(id, &[v]));
            }
        };
        add("GM", Some("1".into()));
        add(
            "SZ",
            Some(if size.0 == size.1 {
                size.0.to_string()
            } else {
                format!("{}:{}", size.0, size.1)
            }),
        );
        add(
            "KM",
            self.komi.take().map(|k| match k {
                KomiDoc::Number(n) => n.to_string(),
                KomiDoc::Text(t) => t,
            }),
        );
        add("HA", self.handicap.map(|h| h.to_string()));
        add("RU", self.rules.take());
        let (black, white) = (
            self.black.take().unwrap_or_default(),
            self.white.take().unwrap_or_default(),
        );
        add("PB", black.name);
        add("BR", black.rank);
        add("PW", white.name);
        add("WR", white.rank);
        add("RE", self.result.take());
        add("DT", self.date.take());
        add("EV", self.event.take());
        if let Some(s) = self.setup.take() {
            for (id, pts) in [("AB", s.black), ("AW", s.white), ("AE", s.empty)] {
                if !pts.is_empty() {
                    root.push(PropertyBuf::with_values(id, &pts));
                }
            }
        }
        if let Some(pl) = self.first_player.take().filter(|p| p == "B" || p == "W") {
            root.push(PropertyBuf::with_values("PL", &[pl]));
        }
        root
    }
}

/// The move property of move `ply` (`[colour, point]`, the point an SGF
/// point or with `gtp` a GTP vertex); `None`, with a warning, for a move
/// that is not one.
fn move_property(
    m: Vec<Option<String>>,
    gtp: bool,
    size: (u32, u32),
    index: usize,
    ply: usize,
    report: &mut Reporter,
) -> Option<PropertyBuf> {
    let (colour, point) = match m.as_slice() {
        [Some(c), p] if c == "B" || c == "W" => (c.clone(), p.clone()),
        _ => {
            report.warn(
                W_BAD_MOVE,
                None,
                format!(
                    "game {}: move {} is not [colour, point]; skipped",
                    index,
                    ply + 1
                ),
            );
            return None;
        }
    };
    let value = match (point, gtp) {
        (None, _) => String::new(),
        (Some(p), false) => p,
        (Some(p), true) if p.eq_ignore_ascii_case("pass") || p.is_empty() => String::new(),
        (Some(p), true) => {
            match coords::gtp_to_xy(&p, size.1).and_then(|(x, y)| coords::xy_to_sgf(x, y)) {
                Some(s) => s,
                None => {
                    report.warn(
                        W_BAD_MOVE,
                        None,
                        format!(
                            "game {}: move {} has vertex {p:?} off the board; skipped",
                            index,
                            ply + 1
                        ),
                    );
                    return None;
                }
            }
        }
    };
    Some(PropertyBuf::with_values(colour, &[value]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_items_from_the_table_are_those_of_the_point() {
        let mut points = GtpPoints::default();
        for height in [19, 9, 13, 19, 25, 26, 1] {
            for x in b'a'..=b'z' {
                for y in b'a'..=b'z' {
                    let item = points.get(b'W', x, y, height);
                    let mut want = b",[\"W\",".to_vec();
                    push_gtp(&mut want, std::str::from_utf8(&[x, y]).unwrap(), height);
                    want.push(b']');
                    assert_eq!(item, want, "{x} {y} {height}");
                }
            }
        }
    }

    /// A run of every point in both colours (several blocks), taken at
    /// once, gives the lists move after move gives.
    #[test]
    fn a_run_is_taken_as_its_moves_one_by_one() {
        let mut buf = crate::event::MovesBuf::default();
        for x in b'a'..=b'z' {
            for y in b'a'..=b'z' {
                for colour in [b'B', b'W'] {
                    let pos = crate::event::Pos::default();
                    assert!(
                        buf.push([b';', colour, b'[', x, y, b']'], pos) || (x, y) == (b't', b't')
                    );
                }
            }
        }
        let run = buf.as_moves();
        assert!(run.len() > 3 * BLOCK);
        for height in [19, 9, 26, 1] {
            let (mut at_once, mut one_by_one) = (MoveList::default(), MoveList::default());
            for ml in [&mut at_once, &mut one_by_one] {
                ml.reset();
                ml.size = (height, height);
            }
            at_once.take_plain_run(&run);
            for mv in run.plain() {
                let [_, colour, _, x, y, _] = *mv.text();
                one_by_one.push_move(colour, std::str::from_utf8(&[x, y]).unwrap());
            }
            assert_eq!(at_once.moves, one_by_one.moves, "{height}");
            assert_eq!(at_once.gtp, one_by_one.gtp, "{height}");
            assert_eq!(at_once.n_moves, run.len());
        }
    }

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

    #[test]
    fn the_root_properties_carried_are_the_listed_ones() {
        for p in MOVES_ROOT_PROPS {
            assert!(is_root_prop(p), "{p}");
        }
        for p in ["B", "W", "C", "GN", "sz", "S", "", "SZZ"] {
            assert!(!is_root_prop(p), "{p}");
        }
    }
}
