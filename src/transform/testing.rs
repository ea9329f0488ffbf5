//! Helpers to drive transforms with hand-built games (unit tests only).

use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{Event, OwnedEvent, PropertyBuf};
use crate::game::Game;
use crate::sink::EventLog;
use crate::sink::Sink;

/// Replays `game` into the sink built by `make` around an event log, and
/// returns the log and the diagnostics.
pub fn run<F>(game: &Game, make: F) -> (EventLog, Reporter)
where
    F: FnOnce(&mut EventLog) -> Box<dyn Sink + '_>,
{
    let mut log = EventLog::default();
    let mut r = Reporter::collecting("t.sgf");
    {
        let mut s = make(&mut log);
        game.replay(&mut *s, &mut r).unwrap();
        s.finish(&mut r).unwrap();
    }
    (log, r)
}

/// An OGS-style game: every move in a variation of its own, and a real
/// branch at the last move; its root says `PC[pc]`.
pub fn ogs_nested(pc: &str) -> Game {
    let mut g = Game::default();
    g.root_mut().set("PC", pc);
    let mut at = g.add_child(0);
    g.node_mut(at).set("B", "qd");
    for (i, mv) in ["dp", "pp", "dc"].iter().enumerate() {
        at = g.add_variation(at);
        g.node_mut(at).set(if i % 2 == 0 { "W" } else { "B" }, mv);
    }
    // A real branch at the last move.
    let parent = g.node(at).parent().unwrap_or(0);
    let alt = g.add_child(parent);
    g.node_mut(alt).set("W", "cc");
    g
}

/// Re-sends the events it receives with each complete node as one
/// [`Sink::node`] call: how the SGF reader sends them. With
/// [`WholeNodes::with_runs`], consecutive plain moves go as one
/// [`Sink::moves`] call, as the reader's fast path sends them.
pub struct WholeNodes<S> {
    pub sink: S,
    node: crate::event::NodeArena,
    open: bool,
    runs: Option<crate::event::MovesBuf>,
}

impl<S: Sink> WholeNodes<S> {
    pub fn new(sink: S) -> Self {
        WholeNodes {
            sink,
            node: Default::default(),
            open: false,
            runs: None,
        }
    }

    pub fn with_runs(sink: S) -> Self {
        WholeNodes {
            runs: Some(Default::default()),
            ..WholeNodes::new(sink)
        }
    }

    /// The open node's SGF text, if it is one move property with one
    /// two-byte value.
    fn move_text(&self) -> Option<[u8; crate::event::MOVE_TEXT_LEN]> {
        let node = self.node.as_ref();
        let mut props = node.raw();
        let (name, spans) = props.next()?;
        match (name.as_bytes(), spans, props.next()) {
            (&[c], [span], None) => match node.value_text(span).as_bytes() {
                &[x, y] => Some([b';', c, b'[', x, y, b']']),
                _ => None,
            },
            _ => None,
        }
    }

    fn send_run(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if let Some(run) = self.runs.as_mut().filter(|r| !r.is_empty()) {
            self.sink.moves(&run.as_moves(), report)?;
            run.clear();
        }
        Ok(())
    }

    fn flush(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if std::mem::take(&mut self.open) {
            let text = self.move_text();
            let pos = self.node.pos;
            let gathered = match (self.runs.as_mut(), text) {
                (Some(run), Some(text)) => run.push(text, pos),
                _ => false,
            };
            if !gathered {
                self.send_run(report)?;
                self.sink.node(&self.node.as_ref(), report)?;
            }
        }
        self.node.clear();
        Ok(())
    }
}

impl<S: Sink> Sink for WholeNodes<S> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::Property(p) if self.open => {
                self.node.push(p);
                Ok(())
            }
            Event::Node(pos) => {
                self.flush(report)?;
                self.open = true;
                self.node.pos = *pos;
                Ok(())
            }
            _ => {
                self.flush(report)?;
                self.send_run(report)?;
                self.sink.event(event, report)
            }
        }
    }
    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.flush(report)?;
        self.send_run(report)?;
        self.sink.finish(report)
    }
}

/// The log as compact text: `;B[pd]W[]` with `(`, `)` and `M{k=v}`.
pub fn sgf(log: &EventLog) -> String {
    let mut s = String::new();
    for e in &log.events {
        match e {
            OwnedEvent::GameStart(_) => s.push('('),
            OwnedEvent::GameEnd => s.push(')'),
            OwnedEvent::Node => s.push(';'),
            OwnedEvent::VariationStart => s.push('('),
            OwnedEvent::VariationEnd => s.push(')'),
            OwnedEvent::Meta(k, v) => s.push_str(&format!("M{{{k}={v}}}")),
            OwnedEvent::Property(p) => {
                s.push_str(&p.name);
                for v in p.values().iter() {
                    s.push('[');
                    s.push_str(v.text());
                    s.push(']');
                }
            }
        }
    }
    s
}

/// Codes of the collected diagnostics, in order.
pub fn codes(r: &Reporter) -> Vec<&'static str> {
    r.collected().iter().map(|d| d.code.id).collect()
}

/// A game from a compact description: nodes separated by `;`, properties
/// `ID=v1|v2` separated by spaces; `(`/`)` are not supported (use
/// `Game` directly for variations).
pub fn line(desc: &str) -> Game {
    let mut g = Game::default();
    let mut at = Game::ROOT;
    for (i, node) in desc.split(';').enumerate() {
        if i > 0 {
            at = g.add_child(at);
        }
        for prop in node.split_whitespace() {
            let (id, vals) = prop.split_once('=').unwrap_or((prop, ""));
            let mut p = PropertyBuf::new(id);
            for v in vals.split('|') {
                p.push(&v.replace('_', " "));
            }
            g.node_mut(at).push_buf(&p);
        }
    }
    g
}
