//! The SGF reader's game trees: nodes and variations.
//!
//! The structure of a game tree as [`Reader`] reads it: a game, its
//! sequence of nodes, variations opened and closed (kept exactly as
//! written, or repaired: a missing `;`, a node after variations, redundant
//! parentheses), what is not SGF skipped.

use super::codes::*;
use super::lex::{self, Token};
use super::reader::{Level, Reader, KEPT_NODE_TEXT, PARENTHESIS_LOOK};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, Pos};
use crate::sink::Sink;
use nom::IResult;

impl<'r, 'o> Reader<'r, 'o> {
    /// Reads one game tree (`GameTree = "(" Sequence { GameTree } ")"` at
    /// the top level); `inp` is at its '(', or at its first node when it
    /// lost its '(' (`lost`: what `MISSING_OPEN_PAREN` says).
    pub(super) fn game(
        &mut self,
        lost: Option<String>,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        let start = self.inp.here();
        report.set_game(Some(self.game_index()));
        self.lost_paren = lost.is_some();
        if let Some(message) = lost {
            report.report(MISSING_OPEN_PAREN, Some(start), message);
        }
        let header = self.decide_encoding(start, report)?;
        if !self.lost_paren {
            self.accept(lex::game_tree_open);
        }
        self.skip_ws()?;
        let mut header = header;
        match self.inp.rest().first() {
            Some(b')') => {
                self.inp.skip(1);
                report.report(EMPTY_GAME, Some(start), "empty game tree '()' skipped");
                return Ok(());
            }
            None => {
                self.ended_inside_game = true;
                report.report(
                    EMPTY_GAME,
                    Some(start),
                    "input ends inside an empty game tree",
                );
                return Ok(());
            }
            Some(b';') => {}
            Some(_) => {
                header.implicit_root = true;
                report.report(
                    MISSING_SEMICOLON,
                    Some(self.inp.here()),
                    "game tree starts without ';': root node created",
                );
            }
        }
        self.games += 1;
        // A new game: nothing of the last one's structure carries over.
        self.levels.clear();
        self.after_variation = false;
        self.clear_node();
        sink.event(&Event::GameStart(&header), report)?;
        if header.implicit_root {
            self.open_node(self.inp.here(), sink, report)?;
        }
        self.tree(sink, report)?;
        self.clear_node();
        Ok(())
    }

    /// The body of a game tree, up to and including its ')': its tokens one
    /// by one. `Sequence = Node { Node }` is the nodes between parentheses;
    /// the variations nested in it (`{ GameTree }`) are kept in `levels`.
    fn tree(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        loop {
            self.skip_ws()?;
            let Ok((_, token)) = lex::peek_token(self.inp.rest()) else {
                return self.end_inside_game(sink, report);
            };
            match token {
                Token::Node => {
                    let at = self.inp.here();
                    if self.simple_nodes(sink, report)? {
                        continue;
                    }
                    self.accept(lex::node);
                    self.open_node(at, sink, report)?;
                }
                Token::GameTreeOpen if self.game_starts_here()? => {
                    return self.end_before_game(sink, report);
                }
                Token::GameTreeOpen => self.open_variation(sink, report)?,
                Token::GameTreeClose => {
                    if self.close_game_tree(sink, report)? {
                        return Ok(());
                    }
                }
                Token::PropValue => {
                    let at = self.inp.here();
                    self.accept(lex::prop_value_open);
                    let len = self.value(None, report)?;
                    let value = dropped_value(&self.scratch, len);
                    report.report(VALUE_WITHOUT_PROPERTY, Some(at), || {
                        format!("value {value} without a property identifier dropped")
                    });
                }
                Token::PropIdent => self.property(sink, report)?,
                Token::Stray => self.stray(report)?,
            }
        }
    }

    /// Reads the one-line token `parse` recognises at `inp`, if it is
    /// there. Returns whether it was.
    #[inline]
    pub(super) fn accept(&mut self, parse: fn(&[u8]) -> IResult<&[u8], char>) -> bool {
        let rest = self.inp.rest();
        match parse(rest) {
            Ok((after, _)) => {
                let n = rest.len() - after.len();
                self.inp.skip(n);
                true
            }
            Err(_) => false,
        }
    }

    /// The input ends inside the game: closes what is open.
    fn end_inside_game(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        self.ended_inside_game = true;
        self.close_open_game("input ends inside a game tree", sink, report)
    }

    /// At a `(` inside a game: whether it starts the next game rather than
    /// a variation. The layout says so: it starts a line, and its first
    /// node says a game's version or character set (`FF`, `CA`), which a
    /// variation's node does not (`formats/sgf.md`, "A game left open").
    fn game_starts_here(&mut self) -> Result<bool, Error> {
        if self.inp.here().col != 1 {
            return Ok(false);
        }
        self.inp.ensure(PARENTHESIS_LOOK)?;
        Ok(super::prescan::version_at(self.inp.rest()))
    }

    /// The game is left open where the next one starts (`game_starts_here`):
    /// closes what is open; the `(` is read as the next game's.
    fn end_before_game(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        let next = self.inp.here();
        let what = format!("game tree not closed before the game that starts at {next}");
        self.close_open_game(&what, sink, report)
    }

    /// Closes the open variations and the game at `inp`, and says how many
    /// `)` were added after `what`.
    fn close_open_game(
        &mut self,
        what: &str,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        self.flush(sink, report)?;
        let at = self.inp.here();
        // A game that lost its '(' lost its ')' too: `MISSING_OPEN_PAREN`
        // said so.
        let missing = self.levels.len() + usize::from(!self.lost_paren);
        if missing > 0 {
            report.report(MISSING_CLOSE_PAREN, Some(at), || {
                format!("{what}: {missing} ')' added")
            });
        }
        while let Some((level, _)) = self.levels.pop() {
            if matches!(level, Level::Written | Level::Implicit) {
                sink.event(&Event::VariationEnd(at), report)?;
            }
        }
        sink.event(&Event::GameEnd(at), report)
    }

    /// A ')' inside a game: closes the innermost variation, or the game.
    /// Returns whether it was the game.
    fn close_game_tree(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<bool, Error> {
        let at = self.inp.here();
        self.accept(lex::game_tree_close);
        self.flush(sink, report)?;
        // Implicit variations end with the variation around them.
        while matches!(self.levels.last(), Some((Level::Implicit, _))) {
            self.levels.pop();
            sink.event(&Event::VariationEnd(at), report)?;
        }
        match self.levels.pop() {
            Some((Level::Pending(start), outer)) => {
                report.report(EMPTY_VARIATION, Some(start), "empty variation removed");
                self.after_variation = outer;
            }
            Some((Level::Transparent, _)) => self.after_variation = true,
            Some(_) => {
                sink.event(&Event::VariationEnd(at), report)?;
                self.after_variation = true;
            }
            None => {
                sink.event(&Event::GameEnd(at), report)?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `Node = ";" { Property }`: a node starts at `at` (its `;` read, or
    /// missing); its properties follow.
    pub(super) fn open_node(
        &mut self,
        at: Pos,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        self.flush(sink, report)?;
        self.start_pending_variation(sink, report)?;
        if self.after_variation {
            report.report(
                NODE_AFTER_VARIATIONS,
                Some(at),
                "node after variations: it starts a variation of its own",
            );
            sink.event(&Event::VariationStart(at), report)?;
            self.levels.push((Level::Implicit, true));
            self.after_variation = false;
        }
        self.node.pos = at;
        self.node_open = true;
        Ok(())
    }

    /// A '(' inside a game: a `GameTree` nested in the current one (a
    /// variation).
    fn open_variation(&mut self, sink: &mut dyn Sink, report: &mut Reporter) -> Result<(), Error> {
        let at = self.inp.here();
        self.accept(lex::game_tree_open);
        self.flush(sink, report)?;
        // A '(' before the enclosing variation had a node: those outer
        // parentheses hold only variations, and are dropped.
        if let Some((top, saved)) = self.levels.last_mut() {
            if let Level::Pending(outer) = *top {
                *top = Level::Transparent;
                // Not a level of its own: inside it, nodes follow what the
                // level around it had (variations or not).
                self.after_variation = *saved;
                report.report(
                    REDUNDANT_PARENTHESIS,
                    Some(outer),
                    "variation without a node: its parentheses were dropped",
                );
            }
        }
        // Announced when its first node comes: a variation may turn out empty.
        self.levels.push((Level::Pending(at), self.after_variation));
        self.after_variation = false;
        Ok(())
    }

    /// Announces the innermost variation if no node has done so yet.
    #[inline]
    fn start_pending_variation(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        if let Some((top, _)) = self.levels.last_mut() {
            if let Level::Pending(at) = *top {
                *top = Level::Written;
                sink.event(&Event::VariationStart(at), report)?;
            }
        }
        Ok(())
    }

    /// Sends the open node, whole.
    pub(super) fn flush(
        &mut self,
        sink: &mut dyn Sink,
        report: &mut Reporter,
    ) -> Result<(), Error> {
        if self.node_open {
            self.node_open = false;
            if self.node.text.len() > KEPT_NODE_TEXT {
                // A huge value: the rules may take it rather than copy it.
                sink.node_taking(&mut self.node, report)?;
            } else {
                sink.node(&self.node.as_ref(), report)?;
            }
        }
        self.clear_node();
        Ok(())
    }

    fn clear_node(&mut self) {
        self.node_names.clear();
        self.node.clear();
        // A huge value's text is given back once its node is sent (a sink
        // that holds the game, NGF's or GIB's writer, has its own copy).
        if self.node.text.capacity() > KEPT_NODE_TEXT {
            self.node.text = String::new();
        }
        self.node_open = false;
    }

    /// Skips whitespace (the grammar's `ws`), reading more as needed.
    #[inline]
    pub(super) fn skip_ws(&mut self) -> Result<(), Error> {
        loop {
            let rest = self.inp.rest();
            // Most tokens follow each other directly, or after one line break.
            match rest.first() {
                Some(c) if !lex::is_ws(*c) => return Ok(()),
                Some(b'\n') if rest.get(1).is_some_and(|c| !lex::is_ws(*c)) => {
                    self.inp.newline_at_pos();
                    return Ok(());
                }
                _ => {}
            }
            match lex::ws(rest) {
                Ok((after, _)) => {
                    let n = rest.len() - after.len();
                    self.inp.advance(n);
                    return Ok(());
                }
                Err(_) => {
                    // Incomplete: all of the window was whitespace.
                    let n = rest.len();
                    self.inp.advance(n);
                    if !self.inp.fill()? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Skips a run of bytes that cannot start anything.
    fn stray(&mut self, report: &mut Reporter) -> Result<(), Error> {
        let at = self.inp.here();
        let mut n = 0u64;
        let mut sample = Vec::new();
        loop {
            let rest = self.inp.rest();
            let k = rest
                .iter()
                .position(|&c| {
                    matches!(c, b';' | b'(' | b')' | b'[')
                        || c.is_ascii_alphabetic()
                        || lex::is_ws(c)
                })
                .unwrap_or(rest.len());
            if sample.len() < 20 {
                sample.extend_from_slice(&rest[..k.min(20 - sample.len())]);
            }
            n += k as u64;
            self.inp.advance(k);
            if !self.inp.rest().is_empty() || !self.inp.fill()? {
                break;
            }
        }
        report.report(STRAY_TEXT, Some(at), || {
            format!(
                "stray characters skipped: {:?} ({n} bytes)",
                String::from_utf8_lossy(&sample)
            )
        });
        Ok(())
    }
}

/// A value dropped for want of a property, as a message names it: `[text]`
/// when its bytes (`scratch`, unescaped) are short UTF-8 text, else its
/// length (a huge value's from `len`, the bytes it took with its `]`:
/// its copy is not kept).
fn dropped_value(scratch: &[u8], len: usize) -> String {
    if scratch.is_empty() && len > 1 {
        return format!("of {} bytes", len - 1);
    }
    match std::str::from_utf8(scratch) {
        Ok(t) if t.chars().count() <= 40 => format!("[{t}]"),
        _ => format!("of {} bytes", scratch.len()),
    }
}
