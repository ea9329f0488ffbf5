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
    black_time: Option<String>,
    white_time: Option<String>,
    comment: Option<String>,
    /// `C`, `BL`, `WL` seen on the current node: carried only if it has a move.
    pending_names: Vec<&'static str>,
    moves: usize,
    /// The game's index in its input (`GameHeader::index`).
    in_file: usize,
    root: Vec<PropertyBuf>,
    size: (u32, u32),
    not_carried: BTreeMap<String, usize>,
}

impl MainLine {
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
        let place = self.tracker.node();
        let main = match place.parent {
            None => place.index == 0,
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
            *self
                .not_carried
                .entry("variation nodes".into())
                .or_default() += 1;
        }
        self.current = Some((place.index, place.parent, main));
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
        let first = || p.first_text().unwrap_or("").to_string();
        match p.name {
            "B" | "W" if self.colour.is_none() => {
                self.colour = Some(if p.name == "B" { "B" } else { "W" });
                self.value.clear();
                self.value.push_str(p.first_text().unwrap_or(""));
            }
            "B" => self.pending_names.push("B"),
            "W" => self.pending_names.push("W"),
            "BL" => {
                self.black_time.get_or_insert_with(first);
                self.pending_names.push("BL");
            }
            "WL" => {
                self.white_time.get_or_insert_with(first);
                self.pending_names.push("WL");
            }
            "C" => {
                self.comment.get_or_insert_with(first);
                self.pending_names.push("C");
            }
            id if FILE_PROPS.contains(&id) => {}
            id if index == 0 && games_file && GAME_PROPS.contains(&id) => {}
            id => *self.not_carried.entry(id.to_string()).or_default() += 1,
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
            }
            Event::Meta { .. } => {
                *self
                    .main
                    .not_carried
                    .entry("source facts".into())
                    .or_default() += 1;
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
        let names = std::mem::take(&mut m.pending_names);
        let (black_time, white_time, comment) =
            (m.black_time.take(), m.white_time.take(), m.comment.take());
        if !main {
            return Ok(());
        }
        let Some(colour) = colour else {
            // Clocks and comments of a node without a move have no row.
            for n in names {
                *m.not_carried.entry(n.to_string()).or_default() += 1;
            }
            return Ok(());
        };
        m.moves += 1;
        let time_left = if colour == "B" {
            black_time
        } else {
            white_time
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
                time_left: time_left.as_deref().unwrap_or(""),
                comment: comment.as_deref().unwrap_or(""),
                size: m.size,
            },
            self.safe,
        )
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
