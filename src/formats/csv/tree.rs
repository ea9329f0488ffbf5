//! `--all-variations`: a node's `path` depends on siblings that come
//! later, so each game is held until it ends, then written a row per node
//! in document order. What is held is only what the rows and the warning
//! need: per node its parent, its move's colour and, in one string, its
//! move, its mover's clocks and its comment (the first of each); the
//! root's game info (for the games list); the counts of what is not
//! carried. Nodes and runs of plain moves (`Sink::node`, `Sink::moves`)
//! are taken whole, without an event each.

use super::lists::{csv_io, games_error, kept_at_root, Lists, Slot, FILE_PROPS, GAME_PROPS};
use super::rows::{game_cells, game_record, loss_warning, write_row, Row, Tally};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Moves, NodeRef, Property, PropertyBuf, MOVE_TEXT_LEN};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{orphan_property, Tracker};
use crate::table::Origin;

/// No parent (the root).
const NO_PARENT: u32 = u32::MAX;

/// One node of the game held: its parent, the colour of its move (`0`
/// for none), and where its four texts end in [`Tree::text`] (move,
/// `BL`, `WL`, `C`; each starts where the one before ends, the first
/// where the node before ends).
#[derive(Clone, Copy)]
struct TreeNode {
    parent: u32,
    colour: u8,
    ends: [usize; 4],
}

/// The game being collected, and what its rows are worked out in
/// (reused from game to game).
#[derive(Default)]
pub(super) struct Tree {
    pub(super) in_game: bool,
    /// The game's index in its input (`GameHeader::index`).
    in_file: usize,
    /// The character set its text was decoded from (`GameHeader::encoding`).
    encoding: &'static str,
    tracker: Tracker,
    nodes: Vec<TreeNode>,
    text: String,
    /// The current node: a node is open (its properties are arriving).
    open: bool,
    colour: u8,
    slots: [Slot; 4],
    root: Vec<PropertyBuf>,
    not_carried: Tally,
    meta: usize,
    // Worked out when the game is written.
    moves_to: Vec<usize>,
    children: Vec<u32>,
    seen: Vec<u32>,
    paths: String,
    path: Vec<(usize, usize)>,
}

/// Which slot of a node a property fills, if any.
const MOVE: usize = 0;

const BLACK_TIME: usize = 1;

const WHITE_TIME: usize = 2;

const COMMENT: usize = 3;

impl Tree {
    fn start(&mut self, in_file: usize, encoding: &'static str) {
        self.in_game = true;
        self.in_file = in_file;
        self.encoding = encoding;
        self.tracker.start();
        self.nodes.clear();
        self.text.clear();
        self.open = false;
        for slot in &mut self.slots {
            slot.set = false;
        }
        self.root.clear();
        self.not_carried.clear();
        self.meta = 0;
    }

    /// The open node's texts go into the string; no node is open.
    fn close(&mut self) {
        if !std::mem::take(&mut self.open) {
            return;
        }
        let Some(node) = self.nodes.last_mut() else {
            return;
        };
        node.colour = self.colour;
        for (k, slot) in self.slots.iter_mut().enumerate() {
            self.text.push_str(slot.get());
            slot.set = false;
            node.ends[k] = self.text.len();
        }
    }

    /// Node `index` starts, under `parent`.
    fn open(&mut self, index: usize, parent: Option<usize>) {
        self.close();
        let parent = parent.and_then(|p| u32::try_from(p).ok());
        self.nodes.push(TreeNode {
            parent: parent.unwrap_or(NO_PARENT),
            colour: 0,
            ends: [self.text.len(); 4],
        });
        debug_assert_eq!(self.nodes.len(), index + 1);
        self.open = true;
        self.colour = 0;
    }

    /// A property of the open node: kept for its row, or counted as not
    /// carried (`games_file`: the games list carries the root's game info).
    fn property(&mut self, p: &Property<'_>, games_file: bool) {
        let root = self.nodes.len() == 1;
        if root && kept_at_root(p.name, games_file) {
            self.root.push(PropertyBuf::from_property(p));
        }
        let first = p.first_text().unwrap_or("");
        match p.name {
            "B" | "W" => {
                if self.colour == 0 {
                    self.colour = if p.name == "B" { b'B' } else { b'W' };
                    self.slots[MOVE].set(first);
                }
            }
            "BL" => self.slots[BLACK_TIME].set(first),
            "WL" => self.slots[WHITE_TIME].set(first),
            "C" => self.slots[COMMENT].set(first),
            id if FILE_PROPS.contains(&id) => {}
            id if root && games_file && GAME_PROPS.contains(&id) => {}
            id => self.not_carried.add(id, 1),
        }
    }

    /// The node's texts: move, `BL`, `WL`, `C`.
    fn texts(&self, i: usize) -> [&str; 4] {
        let node = self.nodes.get(i);
        let mut start = i
            .checked_sub(1)
            .and_then(|j| self.nodes.get(j))
            .map_or(0, |n| n.ends[3]);
        let ends = node.map_or([start; 4], |n| n.ends);
        ends.map(|end| {
            let text = self.text.get(start..end).unwrap_or("");
            start = end;
            text
        })
    }

    /// Per node the moves played up to it and its variation path (`1.0`:
    /// the second child of a branch, then the first of the next); the
    /// moves on the main line.
    fn work_out_rows(&mut self) -> usize {
        let n = self.nodes.len();
        self.moves_to.clear();
        self.moves_to.resize(n, 0);
        self.children.clear();
        self.children.resize(n, 0);
        self.seen.clear();
        self.seen.resize(n, 0);
        self.paths.clear();
        self.path.clear();
        self.path.resize(n, (0, 0));
        // The main line: each node's first child (the first that names it).
        let mut line_end = 0;
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(c) = self.children.get_mut(node.parent as usize) {
                if *c == 0 && node.parent as usize == line_end {
                    line_end = i;
                }
                *c += 1;
            }
        }
        for i in 0..n {
            self.place_row(i);
        }
        self.moves_to.get(line_end).copied().unwrap_or(0)
    }

    /// Node `i`'s moves and path, from its parent's.
    fn place_row(&mut self, i: usize) {
        let Some(node) = self.nodes.get(i).copied() else {
            return;
        };
        let p = node.parent as usize;
        if p < i {
            self.moves_to[i] = self.moves_to[p];
            let idx = self.seen[p];
            self.seen[p] += 1;
            self.path[i] = if self.children[p] > 1 {
                let (start, end) = self.path[p];
                let from = self.paths.len();
                if end > start {
                    let parent_path = self.paths.get(start..end).unwrap_or("").to_owned();
                    self.paths.push_str(&parent_path);
                    self.paths.push('.');
                }
                self.paths
                    .push_str(itoa::Buffer::new().format(idx as usize));
                (from, self.paths.len())
            } else {
                self.path[p]
            };
        }
        if node.colour != 0 {
            self.moves_to[i] += 1;
        }
    }
}

impl Tree {
    /// One event of an `--all-variations` list.
    pub(super) fn on_event(
        &mut self,
        lists: &mut Lists<'_>,
        event: &Event<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => self.start(h.index, h.encoding),
            Event::Meta { .. } if self.in_game => self.meta += 1,
            Event::Meta { .. } => {}
            Event::VariationStart(_) => self.tracker.paren(true),
            Event::VariationEnd(_) => self.tracker.paren(false),
            Event::Node(_) if self.in_game => {
                let (index, parent) = self.tracker.place();
                self.open(index, parent);
            }
            Event::Node(_) => {}
            Event::Property(p) if self.in_game && !self.nodes.is_empty() => {
                let games_file = lists.games_out.is_some();
                self.property(p, games_file);
            }
            Event::Property(p) => orphan_property(report, p),
            Event::GameEnd(_) if self.in_game => self.end_game(lists, report)?,
            Event::GameEnd(_) => {}
        }
        Ok(())
    }

    /// A whole node in a game of an `--all-variations` list.
    pub(super) fn on_node(&mut self, lists: &mut Lists<'_>, node: &NodeRef<'_>) {
        let (index, parent) = self.tracker.place();
        self.open(index, parent);
        let games_file = lists.games_out.is_some();
        for p in node.iter() {
            self.property(&p, games_file);
        }
    }

    /// A run of plain moves in a game of an `--all-variations` list.
    pub(super) fn on_moves(&mut self, moves: &Moves<'_>) {
        let n = moves.len();
        let (first, parent) = self.tracker.place_run(n);
        let texts = moves.sgf().as_bytes().chunks_exact(MOVE_TEXT_LEN);
        for (i, text) in (first..).zip(texts) {
            let parent = if i == first { parent } else { Some(i - 1) };
            self.open(i, parent);
            self.colour = if text.get(1) == Some(&b'W') {
                b'W'
            } else {
                b'B'
            };
            let value = std::str::from_utf8(text.get(3..5).unwrap_or_default()).unwrap_or("");
            self.slots[MOVE].set(value);
        }
    }

    /// The game ends: a row per node, then its row of the games list and
    /// the warning of what the rows did not carry.
    fn end_game(&mut self, lists: &mut Lists<'_>, report: &mut Reporter) -> Result<(), Error> {
        self.close();
        self.in_game = false;
        self.tracker.end();
        if lists.by_header {
            lists.games = self.in_file;
        }
        let sz = self.root.iter().find(|p| p.name == "SZ");
        let size = coords::board_size(sz.and_then(|p| p.first_text()));
        let moves = self.work_out_rows();
        for i in 0..self.nodes.len() {
            self.write_node_row(lists, i, size)?;
        }
        if let Some(w) = &mut lists.games_out {
            let file = report.file();
            let origin = Origin {
                game: lists.games,
                file: file.as_ref(),
                index: self.in_file,
                format: report.format(),
            };
            let safe = lists.layout.safe();
            let row = game_record(
                &self.root,
                origin,
                self.encoding,
                moves,
                &mut self.not_carried,
            );
            let record = game_cells(&row, safe);
            let record = record.iter().map(|c| c.as_bytes());
            let path = lists.games_path.as_deref();
            w.write_record(record)
                .map_err(|e| games_error(path, csv_io(e)))?;
        }
        let meta = self.meta;
        if meta > 0 {
            self.not_carried.add("source facts", meta);
        }
        loss_warning(report, lists.games, &self.not_carried, false);
        lists.games += 1;
        Ok(())
    }

    /// The row of node `i`.
    fn write_node_row(
        &mut self,
        lists: &mut Lists<'_>,
        i: usize,
        size: (u32, u32),
    ) -> Result<(), Error> {
        let t = &*self;
        let Some(node) = t.nodes.get(i) else {
            return Ok(());
        };
        let [value, black_time, white_time, comment] = t.texts(i);
        let (colour, time_left) = match node.colour {
            b'B' => ("B", black_time),
            b'W' => ("W", white_time),
            _ => ("", ""),
        };
        let (start, end) = t.path.get(i).copied().unwrap_or((0, 0));
        let row = Row {
            game: lists.games,
            node: i,
            parent: (node.parent != NO_PARENT).then_some(node.parent as usize),
            path: t.paths.get(start..end).unwrap_or(""),
            number: (node.colour != 0).then(|| t.moves_to.get(i).copied().unwrap_or(0)),
            colour,
            value,
            time_left,
            comment,
            size,
        };
        if lists.layout.plain_tree_row(&mut lists.out, &row)? {
            return Ok(());
        }
        write_row(&mut lists.out, &mut lists.layout, &row)
    }
}
