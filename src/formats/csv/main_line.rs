//! The streaming main line (the CSV writer without `--all-variations`): a
//! move's row goes out as soon as its node is complete, and of each game
//! only the root's properties are held (for the games list) with what the
//! rows did not carry.

use super::lists::{csv_io, kept_at_root, Lists, Slot, FILE_PROPS, GAME_PROPS};
use super::rows::{game_cells, game_record, loss_warning, write_row, Row, Tally};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Moves, NodeRef, Property, PropertyBuf, MOVE_TEXT_LEN};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{orphan_property, Tracker};
use crate::table::Origin;

/// The streaming state of a main-line move list, for the current game.
#[derive(Default)]
pub(super) struct MainLine {
    pub(super) in_game: bool,
    tracker: Tracker,
    /// The last node of the main line so far: a node is on the main line
    /// when it hangs from it (it is then its first child).
    line_end: Option<usize>,
    /// The node whose properties are arriving, and whether it is on the
    /// main line.
    current: Option<(usize, Option<usize>, bool)>,
    colour: Option<&'static str>,
    value: String,
    /// `BL`, `WL`, `C` of the current node (the first of each), reused.
    black_time: Slot,
    white_time: Slot,
    comment: Slot,
    /// `C`, `BL`, `WL` seen on the current node: carried only if it has a move.
    pending_names: Vec<&'static str>,
    moves: usize,
    /// The game's index in its input (`GameHeader::index`).
    in_file: usize,
    /// The character set its text was decoded from (`GameHeader::encoding`).
    encoding: &'static str,
    root: Vec<PropertyBuf>,
    size: (u32, u32),
    not_carried: Tally,
}

impl MainLine {
    /// The current node's slots are empty again.
    fn clear_slots(&mut self) -> Result<(), Error> {
        self.black_time.set = false;
        self.white_time.set = false;
        self.comment.set = false;
        Ok(())
    }

    /// A game starts.
    fn start(&mut self) {
        self.in_game = true;
        self.tracker.start();
        self.line_end = None;
        self.current = None;
        self.moves = 0;
        self.root.clear();
        self.size = (19, 19);
        self.not_carried.clear();
    }

    /// A node starts (the previous one is flushed): it is on the main line
    /// when it is its parent's first child and the parent is.
    fn node(&mut self) {
        let (index, parent) = self.tracker.place();
        let main = self.placed(index, parent, 1);
        self.current = Some((index, parent, main));
    }

    /// A run of `n` nodes was placed from `index` on, the first under
    /// `parent`, each next under the one before: whether they are on the
    /// main line (all or none of them).
    fn placed(&mut self, index: usize, parent: Option<usize>, n: usize) -> bool {
        let main = match parent {
            None => index == 0,
            Some(p) => self.line_end == Some(p),
        };
        if main {
            self.line_end = Some(index + n - 1);
        } else {
            self.not_carried.add("variation nodes", n);
        }
        main
    }

    /// The move of the current node (its first `B` or `W`).
    fn take_move(&mut self, colour: &'static str, value: &str) {
        self.colour = Some(colour);
        self.value.clear();
        self.value.push_str(value);
    }

    /// A property of the current node: kept for its row, or counted as not
    /// carried (`games_file`: the games list carries the root's game info).
    /// `false` when there is no node to take it.
    fn property(&mut self, p: &Property<'_>, games_file: bool) -> bool {
        let Some((index, _, main)) = self.current else {
            return false;
        };
        if index == 0 && kept_at_root(p.name, games_file) {
            self.root.push(PropertyBuf::from_property(p));
        }
        if !main {
            return true;
        }
        let first = p.first_text().unwrap_or("");
        match p.name {
            "B" | "W" if self.colour.is_none() => {
                self.take_move(if p.name == "B" { "B" } else { "W" }, first);
            }
            "B" => self.pending_names.push("B"),
            "W" => self.pending_names.push("W"),
            "BL" => {
                self.black_time.set(first);
                self.pending_names.push("BL");
            }
            "WL" => {
                self.white_time.set(first);
                self.pending_names.push("WL");
            }
            "C" => {
                self.comment.set(first);
                self.pending_names.push("C");
            }
            id if FILE_PROPS.contains(&id) => {}
            id if index == 0 && games_file && GAME_PROPS.contains(&id) => {}
            id => self.not_carried.add(id, 1),
        }
        true
    }

    /// One event of a main-line list.
    pub(super) fn on_event(
        &mut self,
        lists: &mut Lists<'_>,
        event: &Event<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                self.end_game(lists, report)?;
                self.start();
                self.in_file = h.index;
                self.encoding = h.encoding;
                if lists.by_header {
                    lists.games = h.index;
                }
            }
            Event::Meta { .. } => {
                self.not_carried.add("source facts", 1);
            }
            Event::VariationStart(_) => self.tracker.paren(true),
            Event::VariationEnd(_) => self.tracker.paren(false),
            Event::Node(_) => {
                if !self.in_game {
                    return Ok(());
                }
                self.flush_node(lists)?;
                self.node();
            }
            Event::Property(p) => {
                let games_file = lists.games_out.is_some();
                if !self.property(p, games_file) {
                    orphan_property(report, p);
                }
            }
            Event::GameEnd(_) => self.end_game(lists, report)?,
        }
        Ok(())
    }

    /// A whole node (`Sink::node`) in a game: as its `Node` and
    /// `Property` events, without an event each.
    pub(super) fn on_node(
        &mut self,
        lists: &mut Lists<'_>,
        node: &NodeRef<'_>,
    ) -> Result<(), Error> {
        self.flush_node(lists)?;
        self.node();
        if let Some((index, _, main)) = self.current {
            if main || index == 0 {
                let games_file = lists.games_out.is_some();
                for p in node.iter() {
                    self.property(&p, games_file);
                }
            }
        }
        Ok(())
    }

    /// A run of plain moves (`Sink::moves`) in a game: placed at once, and
    /// on the main line written straight from their six bytes, but the
    /// root's (its row waits for the board size) and the last (properties
    /// may still come for it), which become the current node.
    pub(super) fn on_moves(
        &mut self,
        lists: &mut Lists<'_>,
        moves: &Moves<'_>,
    ) -> Result<(), Error> {
        self.flush_node(lists)?;
        let n = moves.len();
        let (first, parent) = self.tracker.place_run(n);
        let main = self.placed(first, parent, n);
        let last = first + n - 1;
        let parent_of = |i: usize| if i == first { parent } else { Some(i - 1) };
        if !main {
            self.current = Some((last, parent_of(last), false));
            return Ok(());
        }
        let sgf = moves.sgf().as_bytes();
        let text = |i: usize| sgf.get((i - first) * MOVE_TEXT_LEN..).unwrap_or_default();
        // The root (its row waits for the board size, from its SZ).
        let mut from = first;
        if first == 0 {
            self.held_move(0, None, text(0));
            if last > 0 {
                self.flush_node(lists)?;
            }
            from = 1;
        }
        if from < last {
            let run = text(from).get(..(last - from) * MOVE_TEXT_LEN);
            let at = (lists.games, self.moves);
            let size = self.size;
            let run = run.unwrap_or_default();
            self.moves = lists.layout.plain_moves(&mut lists.out, at, run, size)?;
        }
        if last >= from {
            self.held_move(last, parent_of(last), text(last));
        }
        Ok(())
    }

    /// Node `i` of the main line, the plain move `text` (`;B[pd]`...), is
    /// the current node: properties may still come for it.
    fn held_move(&mut self, i: usize, parent: Option<usize>, text: &[u8]) {
        // `;B[pd]`: the colour at 1, the point at 3..5.
        let colour = if text.get(1) == Some(&b'W') { "W" } else { "B" };
        let point = text.get(3..5).unwrap_or_default();
        let value = std::str::from_utf8(point).unwrap_or("");
        self.current = Some((i, parent, true));
        self.take_move(colour, value);
    }

    /// The current node is complete: its row, if it is a move of the main line.
    fn flush_node(&mut self, lists: &mut Lists<'_>) -> Result<(), Error> {
        let m = &mut *self;
        let Some((index, parent, main)) = m.current.take() else {
            return Ok(());
        };
        if index == 0 {
            let sz = m
                .root
                .iter()
                .find(|p| p.name == "SZ")
                .and_then(|p| p.first_text());
            m.size = coords::board_size(sz);
        }
        let colour = m.colour.take();
        let names = m.pending_names.drain(..);
        if !main {
            drop(names);
            return m.clear_slots();
        }
        let Some(colour) = colour else {
            // Clocks and comments of a node without a move have no row.
            for n in names {
                m.not_carried.add(n, 1);
            }
            return m.clear_slots();
        };
        drop(names);
        m.moves += 1;
        let time_left = if colour == "B" {
            &m.black_time
        } else {
            &m.white_time
        };
        write_row(
            &mut lists.out,
            &mut lists.layout,
            &Row {
                game: lists.games,
                node: index,
                parent,
                path: "",
                number: Some(m.moves),
                colour,
                value: &m.value,
                time_left: time_left.get(),
                comment: m.comment.get(),
                size: m.size,
            },
        )?;
        m.clear_slots()
    }

    pub(super) fn end_game(
        &mut self,
        lists: &mut Lists<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        if !self.in_game {
            return Ok(());
        }
        self.flush_node(lists)?;
        self.tracker.end();
        self.in_game = false;
        if self.moves == 0 && lists.games_out.is_none() {
            // No row: nothing of the game reads back.
            self.not_carried
                .add("the game itself (it has no move, so no row)", 1);
        }
        if lists.games_only {
            // The moves and what else the games list has no column for
            // are left out as asked: W375 says only what it could not carry.
            self.not_carried.clear();
        }
        if let Some(w) = &mut lists.games_out {
            let (file, safe) = (report.file(), lists.layout.safe());
            let origin = Origin {
                game: lists.games,
                file: file.as_ref(),
                index: self.in_file,
                format: report.format(),
            };
            let (encoding, moves) = (self.encoding, self.moves);
            let row = game_record(&self.root, origin, encoding, moves, &mut self.not_carried);
            let record = game_cells(&row, safe);
            let record = record.iter().map(|c| c.as_bytes());
            w.write_record(record).map_err(csv_io)?;
        }
        loss_warning(report, lists.games, &self.not_carried, lists.games_only);
        lists.games += 1;
        Ok(())
    }
}
