//! The streaming writer of the flat game model, shared by the lossless JSON
//! and XML writers: a game goes out node by node as its events arrive, and
//! nothing of it is held but its source facts until its first node.
//!
//! [`FlatWriter`] keeps what every such writer needs and is the [`Sink`]:
//! where it is inside the current game, the [`Tracker`] that places each
//! node, the source facts held for the game's opening, and the
//! orphan-property errors. A [`FlatSyntax`] spells each piece, so each
//! format's writer holds only its own syntax.

use super::flat::{orphan_meta, orphan_property, NodePlace, Tracker};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, GameHeader, Moves, NodeRef, PropertyBuf, Values};
use crate::sink::{moves_as_nodes, node_as_events, Sink};
use std::io;

/// How a flat-model format spells a collection. [`FlatWriter`] calls the
/// methods in document order: per game `game_start`, `meta`, then per node
/// `node_start`, its `property`s and `node_end`, then `game_end`; `finish`
/// once at the end.
pub trait FlatSyntax {
    /// A game opens (before the first game, the document opens too).
    /// `index` counts the games written before it; `file` is the name of
    /// the input it comes from (the reporter's).
    fn game_start(&mut self, header: &GameHeader, index: usize, file: &str) -> io::Result<()>;

    /// The game's source facts, once per game, before its first node (or
    /// its end, for a game without nodes).
    fn meta(&mut self, meta: &[(String, String)]) -> io::Result<()>;

    /// A node opens at `place` (`place.index` is 0 for a game's first node).
    fn node_start(&mut self, place: &NodePlace) -> io::Result<()>;

    /// A property of the open node; `first` in its node.
    fn property(&mut self, name: &str, values: Values<'_>, first: bool) -> io::Result<()>;

    /// The open node closes.
    fn node_end(&mut self) -> io::Result<()>;

    /// A run of plain moves after the open node (`moves`: six bytes a
    /// node, `;B[pd]`), each the next node of the sequence: node `first`
    /// hangs from the open node, each later one from the one before, none
    /// opens a variation. The open node closes first; the run's last node
    /// is left open. This default spells them with the methods above;
    /// formats write the same bytes from a template (much cheaper).
    fn plain_moves(&mut self, first: usize, moves: &Moves<'_>) -> io::Result<()> {
        for (k, mv) in moves.plain().enumerate() {
            self.node_end()?;
            let index = first + k;
            self.node_start(&NodePlace {
                index,
                parent: index.checked_sub(1),
                variation: false,
                gap: None,
            })?;
            let [_, colour, _, x, y, _] = *mv.text();
            let (name, point) = ([colour], [x, y]);
            let name = std::str::from_utf8(&name).unwrap_or_default();
            let point = std::str::from_utf8(&point).unwrap_or_default();
            let prop = PropertyBuf::with_values(name, &[point]);
            self.property(name, prop.values(), true)?;
        }
        Ok(())
    }

    /// The game closes, with the exact parenthesis tokens after its last
    /// node when they differ from closing every open variation.
    fn game_end(&mut self, tail: Option<&str>) -> io::Result<()>;

    /// The collection ends: the document closes (also when it holds no
    /// game) and the output is flushed.
    fn finish(&mut self) -> io::Result<()>;
}

/// Where the writer is inside the current game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GameState {
    Outside,
    /// The game is open; `Meta` events are still being collected.
    Header,
    /// The source facts are written, no node is open.
    Nodes,
    /// A node is open, its properties being written.
    InNode,
}

/// A [`Sink`] that writes events as they come in the flat model, spelled
/// by `S`.
pub struct FlatWriter<S> {
    syntax: S,
    game: GameState,
    tracker: Tracker,
    /// The current game's source facts, until its first node.
    meta: Vec<(String, String)>,
    /// Properties written in the open node.
    props_in_node: usize,
    /// Games written.
    games: usize,
    /// Games are numbered by their index in the input, not counted.
    by_header: bool,
}

impl<S: FlatSyntax> FlatWriter<S> {
    pub fn new(syntax: S) -> Self {
        FlatWriter {
            syntax,
            game: GameState::Outside,
            tracker: Tracker::default(),
            meta: Vec::new(),
            props_in_node: 0,
            games: 0,
            by_header: false,
        }
    }

    /// With `yes`, each game is numbered by its index in the input
    /// (`GameHeader::index`) rather than by the games written before it:
    /// a part of an output written in game-parallel pieces.
    pub fn numbered_by_header(mut self, yes: bool) -> Self {
        self.by_header = yes;
        self
    }

    /// The source facts are complete: written, and forgotten.
    fn write_meta(&mut self) -> io::Result<()> {
        self.syntax.meta(&self.meta)?;
        self.meta.clear();
        self.game = GameState::Nodes;
        Ok(())
    }

    /// Before a node or the game's end: the source facts when no node came
    /// yet, else the open node closes. `false` outside a game.
    fn close_open(&mut self) -> io::Result<bool> {
        match self.game {
            GameState::Outside => return Ok(false),
            GameState::Header => self.write_meta()?,
            GameState::InNode => self.syntax.node_end()?,
            GameState::Nodes => {}
        }
        Ok(true)
    }

    /// Closes the current game, if one is open.
    fn end_game(&mut self) -> io::Result<()> {
        if !self.close_open()? {
            return Ok(());
        }
        let tail = self.tracker.end();
        self.syntax.game_end(tail.as_deref())?;
        self.game = GameState::Outside;
        self.games += 1;
        Ok(())
    }

    fn start_game(&mut self, header: &GameHeader, file: &str) -> io::Result<()> {
        self.end_game()?;
        if self.by_header {
            self.games = header.index;
        }
        self.syntax.game_start(header, self.games, file)?;
        self.tracker.start();
        self.meta.clear();
        self.game = GameState::Header;
        Ok(())
    }

    /// Opens a node; the first one of a game writes its source facts first.
    fn start_node(&mut self) -> io::Result<()> {
        if !self.close_open()? {
            return Ok(());
        }
        let place = self.tracker.node();
        self.syntax.node_start(&place)?;
        self.game = GameState::InNode;
        self.props_in_node = 0;
        Ok(())
    }
}

impl<S: FlatSyntax> Sink for FlatWriter<S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => self.start_game(h, report.file())?,
            Event::Meta { key, value } => match self.game {
                GameState::Header => self.meta.push((key.to_string(), value.to_string())),
                _ => orphan_meta(report, key),
            },
            Event::VariationStart(_) => self.tracker.paren(true),
            Event::VariationEnd(_) => self.tracker.paren(false),
            Event::Node(_) => self.start_node()?,
            Event::Property(p) => {
                if self.game != GameState::InNode {
                    orphan_property(report, p);
                    return Ok(());
                }
                let first = self.props_in_node == 0;
                self.props_in_node += 1;
                self.syntax.property(p.name, p.values, first)?;
            }
            Event::GameEnd(_) => self.end_game()?,
        }
        Ok(())
    }

    /// A whole node: its properties straight to the syntax.
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.game == GameState::Outside {
            return node_as_events(self, node, report);
        }
        self.start_node()?;
        for p in node.iter() {
            self.syntax
                .property(p.name, p.values, self.props_in_node == 0)?;
            self.props_in_node += 1;
        }
        Ok(())
    }

    /// A run of plain moves: the first as any node (it may open a
    /// variation, or be the game's first), the rest placed at once and
    /// written by the syntax's [`FlatSyntax::plain_moves`].
    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        if self.game == GameState::Outside || moves.len() < 2 {
            return moves_as_nodes(self, moves, report);
        }
        let (head, rest) = moves.split_at(1);
        moves_as_nodes(self, &head, report)?;
        let (first, _) = self.tracker.place_run(rest.len());
        self.syntax.plain_moves(first, &rest)?;
        self.props_in_node = 1;
        Ok(())
    }

    fn finish(&mut self, _report: &mut Reporter) -> Result<(), Error> {
        // A game the events left open is closed, not lost.
        self.end_game()?;
        self.syntax.finish()?;
        Ok(())
    }
}
