//! The streaming main line (the CSV writer without `--all-variations`): a
//! move's row goes out as soon as its node is complete, and of each game
//! only the root's properties are held (for the games list) with what the
//! rows did not carry.

use super::rows::{game_record, loss_warning, write_row, Row};
use super::writer::{csv_io, CsvWriter, FILE_PROPS, GAME_PROPS};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Property, PropertyBuf};
use crate::formats::structured::coords;
use crate::formats::structured::flat::{orphan_property, Tracker};
use std::collections::BTreeMap;

/// The streaming state of a main-line move list, for the current game.
#[derive(Default)]
pub(super) struct MainLine {
    in_game: bool,
    tracker: Tracker,
    /// Per node: it is on the main line; it has a child already.
    on_main: Vec<bool>,
    has_child: Vec<bool>,
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
    root: Vec<PropertyBuf>,
    size: (u32, u32),
    not_carried: BTreeMap<String, usize>,
}

/// One count more of `key` (allocating only the first time).
fn count(map: &mut BTreeMap<String, usize>, key: &str) {
    match map.get_mut(key) {
        Some(n) => *n += 1,
        None => {
            map.insert(key.to_string(), 1);
        }
    }
}

/// The first value of a property on the current node, in a reused string.
#[derive(Default)]
struct Slot {
    text: String,
    set: bool,
}

impl Slot {
    /// Keeps `text` unless the slot holds a value already.
    fn set(&mut self, text: &str) {
        if !self.set {
            self.text.clear();
            self.text.push_str(text);
            self.set = true;
        }
    }

    fn get(&self) -> &str {
        if self.set {
            &self.text
        } else {
            ""
        }
    }
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
        self.on_main.clear();
        self.has_child.clear();
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
        let main = match parent {
            None => index == 0,
            Some(p) => {
                let first = !self.has_child.get(p).copied().unwrap_or(true);
                if let Some(h) = self.has_child.get_mut(p) {
                    *h = true;
                }
                first && self.on_main.get(p).copied().unwrap_or(false)
            }
        };
        self.on_main.push(main);
        self.has_child.push(false);
        if !main {
            count(&mut self.not_carried, "variation nodes");
        }
        self.current = Some((index, parent, main));
    }

    /// A property of the current node: kept for its row, or counted as not
    /// carried (`games_file`: the games list carries the root's game info).
    /// `false` when there is no node to take it.
    fn property(&mut self, p: &Property<'_>, games_file: bool) -> bool {
        let Some((index, _, main)) = self.current else {
            return false;
        };
        if index == 0 && GAME_PROPS.contains(&p.name) {
            // What the games list reads (a huge root comment is not held).
            self.root.push(PropertyBuf::from_property(p));
        }
        if !main {
            return true;
        }
        let first = p.first_text().unwrap_or("");
        match p.name {
            "B" | "W" if self.colour.is_none() => {
                self.colour = Some(if p.name == "B" { "B" } else { "W" });
                self.value.clear();
                self.value.push_str(p.first_text().unwrap_or(""));
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
            id => count(&mut self.not_carried, id),
        }
        true
    }
}

impl CsvWriter<'_> {
    pub(super) fn main_line_event(
        &mut self,
        event: &Event<'_>,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                self.end_main_line_game(report)?;
                self.main.start();
                self.main.in_file = h.index;
                if self.by_header {
                    self.games = h.index;
                }
            }
            Event::Meta { .. } => {
                count(&mut self.main.not_carried, "source facts");
            }
            Event::VariationStart(_) => self.main.tracker.paren(true),
            Event::VariationEnd(_) => self.main.tracker.paren(false),
            Event::Node(_) => {
                if !self.main.in_game {
                    return Ok(());
                }
                self.flush_node()?;
                self.main.node();
            }
            Event::Property(p) => {
                let games_file = self.games_out.is_some();
                if !self.main.property(p, games_file) {
                    orphan_property(report, p);
                }
            }
            Event::GameEnd(_) => self.end_main_line_game(report)?,
        }
        Ok(())
    }

    /// The current node is complete: its row, if it is a move of the main line.
    fn flush_node(&mut self) -> Result<(), Error> {
        let m = &mut self.main;
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
                count(&mut m.not_carried, n);
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
            &mut self.out,
            &self.columns,
            &Row {
                game: self.games,
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
            self.safe,
        )?;
        m.clear_slots()
    }

    pub(super) fn end_main_line_game(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if !self.main.in_game {
            return Ok(());
        }
        self.flush_node()?;
        self.main.tracker.end();
        self.main.in_game = false;
        if let Some(w) = &mut self.games_out {
            let m = &self.main;
            let (file, safe) = (report.file(), self.safe);
            let at = (self.games, file.as_ref(), m.in_file);
            let record = game_record(&m.root, at, m.size, m.moves, safe);
            w.write_record(&record).map_err(csv_io)?;
        }
        loss_warning(report, self.games, &self.main.not_carried);
        self.games += 1;
        Ok(())
    }
}
