//! Where converted bytes go: a buffer that becomes a temporary file in the
//! destination directory (renamed into place later), and the sink that taps
//! game facts and routes games to one output or one output per game.

use super::fsat::{Dir, NamedTemp, Pending};
use crate::diag::Reporter;
use crate::error::Error;
use crate::event::{EncodingSource, Event, Moves, NodeRef};
use crate::options::Options;
use crate::sink::Sink;
use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::time::SystemTime;

/// Bytes kept in memory before a temporary file is created: small outputs
/// cost one create, one write and one rename.
const SPILL_AT: usize = 1 << 20;

thread_local! {
    static BUFFERS: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

fn take_buffer() -> Vec<u8> {
    BUFFERS
        .with(|b| b.borrow_mut().pop())
        .unwrap_or_else(|| Vec::with_capacity(64 * 1024))
}

fn give_buffer(mut v: Vec<u8>) {
    if v.capacity() <= 4 * SPILL_AT {
        v.clear();
        BUFFERS.with(|b| b.borrow_mut().push(v));
    }
}

/// How outputs are written.
#[derive(Clone, Copy)]
pub struct WritePolicy<'a> {
    /// The directory the temporary files go into (held open: files are
    /// created relative to it); `None`: dry run, bytes are counted and
    /// dropped.
    pub dir: Option<&'a Arc<Dir>>,
    pub fsync: bool,
    pub mtime: Option<SystemTime>,
    /// Linux: write into an unnamed file (`O_TMPFILE`) and link it into
    /// place; only for outputs placed right after they are written (each
    /// pending one holds a descriptor).
    pub anonymous: bool,
    /// Keep the bytes in memory ([`Pending::Memory`]), for an archive
    /// written as the output; `dir` is then `None`.
    pub capture: bool,
}

enum Temp {
    Named(NamedTemp),
    Anonymous(File),
}

impl Temp {
    fn file(&self) -> &File {
        match self {
            Temp::Named(t) => &t.file,
            Temp::Anonymous(f) => f,
        }
    }
}

/// One output being written.
pub struct Spill<'a> {
    buf: Vec<u8>,
    file: Option<Temp>,
    policy: WritePolicy<'a>,
    pub written: u64,
}

impl<'a> Spill<'a> {
    pub fn new(policy: WritePolicy<'a>) -> Self {
        Spill {
            buf: take_buffer(),
            file: None,
            policy,
            written: 0,
        }
    }

    fn spill(&mut self) -> io::Result<()> {
        let Some(dir) = self.policy.dir else {
            if !self.policy.capture {
                self.buf.clear();
            }
            return Ok(());
        };
        let file = match &mut self.file {
            Some(f) => f,
            None => {
                let anonymous = if self.policy.anonymous {
                    dir.create_unnamed()
                } else {
                    None
                };
                let t = match anonymous {
                    Some(f) => Temp::Anonymous(f),
                    None => Temp::Named(NamedTemp::new(dir)?),
                };
                self.file.insert(t)
            }
        };
        let mut f: &File = file.file();
        f.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Writes what is left: the output, to be put in place (`None` in a
    /// dry run). Dropping it deletes it.
    pub fn finish(mut self) -> io::Result<Option<Pending>> {
        if self.policy.capture {
            return Ok(Some(Pending::Memory(std::mem::take(&mut self.buf))));
        }
        self.spill()?;
        let Some(file) = self.file.take() else {
            return Ok(None);
        };
        if let Some(t) = self.policy.mtime {
            file.file().set_modified(t)?;
        }
        if self.policy.fsync {
            file.file().sync_all()?;
        }
        Ok(Some(match file {
            Temp::Named(t) => Pending::Named(t.into_name()),
            Temp::Anonymous(f) => Pending::Anonymous(f),
        }))
    }
}

impl Drop for Spill<'_> {
    fn drop(&mut self) {
        give_buffer(std::mem::take(&mut self.buf));
    }
}

impl Write for Spill<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.written += data.len() as u64;
        if self.policy.dir.is_some() || self.policy.capture {
            self.buf.extend_from_slice(data);
            if self.buf.len() >= SPILL_AT {
                self.spill()?;
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A [`Spill`] shared between a writer (which owns a `Box<dyn Write>`) and
/// the router that finishes it.
struct Shared<'a>(Rc<RefCell<Spill<'a>>>);

impl Write for Shared<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().write(data)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Makes a writer of the target format on an output.
pub type WriterFn = for<'w> fn(Box<dyn Write + 'w>, &Options) -> Result<Box<dyn Sink + 'w>, Error>;

/// Facts about one game, tapped from its events.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFacts {
    /// [`GameHeader::encoding`](crate::event::GameHeader::encoding).
    pub encoding: &'static str,
    /// How the encoding was decided.
    pub encoding_source: EncodingSource,
    /// Detector confidence in 0.0..=1.0 (1.0 when not detected).
    pub confidence: f32,
    /// Root-node properties (identifier, first value), kept only when a
    /// name template needs them.
    pub root: Vec<(String, String)>,
}

enum Where {
    BeforeRoot,
    InRoot,
    Below,
}

/// A writer and the output it writes into.
type OpenOutput<'a> = (Box<dyn Sink + 'a>, Rc<RefCell<Spill<'a>>>);

/// The last sink of the chain: taps game facts and writes games to one
/// output (a collection stays a collection) or one output per game.
pub struct Router<'a> {
    writer: WriterFn,
    options: &'a Options,
    policy: WritePolicy<'a>,
    split: bool,
    keep_root: bool,
    current: Option<OpenOutput<'a>>,
    where_: Where,
    pub games: Vec<GameFacts>,
    pub outputs: Vec<Option<Pending>>,
    pub bytes_out: u64,
}

impl<'a> Router<'a> {
    pub fn new(
        writer: WriterFn,
        options: &'a Options,
        policy: WritePolicy<'a>,
        split: bool,
        keep_root: bool,
    ) -> Self {
        Router {
            writer,
            options,
            policy,
            split,
            keep_root,
            current: None,
            where_: Where::Below,
            games: Vec::new(),
            outputs: Vec::new(),
            bytes_out: 0,
        }
    }

    fn open(&mut self) -> Result<(), Error> {
        let spill = Rc::new(RefCell::new(Spill::new(self.policy)));
        let w = (self.writer)(Box::new(Shared(spill.clone())), self.options)?;
        self.current = Some((w, spill));
        Ok(())
    }

    fn close(&mut self, report: &mut Reporter) -> Result<(), Error> {
        if let Some((mut w, spill)) = self.current.take() {
            w.finish(report)?;
            drop(w);
            let spill = Rc::try_unwrap(spill)
                .map_err(|_| Error::Io(io::Error::other("output still in use")))?
                .into_inner();
            self.bytes_out += spill.written;
            self.outputs.push(spill.finish()?);
        }
        Ok(())
    }
}

impl<'a> Router<'a> {
    /// The open output's writer, when what comes is below a game's root:
    /// whole nodes may then go straight to it.
    fn writer_below_root(&mut self) -> Option<&mut (dyn Sink + 'a)> {
        match (&self.where_, &mut self.current) {
            (Where::Below, Some((w, _))) => Some(&mut **w),
            _ => None,
        }
    }
}

impl Sink for Router<'_> {
    fn event(&mut self, event: &Event<'_>, report: &mut Reporter) -> Result<(), Error> {
        match event {
            Event::GameStart(h) => {
                if self.current.is_none() || self.split {
                    self.close(report)?;
                    self.open()?;
                }
                self.games.push(GameFacts {
                    encoding: h.encoding,
                    encoding_source: h.encoding_source,
                    confidence: h.confidence,
                    root: Vec::new(),
                });
                self.where_ = Where::BeforeRoot;
            }
            Event::Node(_) => {
                self.where_ = match self.where_ {
                    Where::BeforeRoot => Where::InRoot,
                    _ => Where::Below,
                }
            }
            Event::VariationStart(_) => self.where_ = Where::Below,
            Event::Property(p) if self.keep_root && matches!(self.where_, Where::InRoot) => {
                if let Some(g) = self.games.last_mut() {
                    if !g.root.iter().any(|(k, _)| k == p.name) {
                        let v = p.first_text().unwrap_or("");
                        g.root.push((p.name.to_string(), v.to_string()));
                    }
                }
            }
            _ => {}
        }
        if self.current.is_none() {
            // Events before any game: a writer would not know what to do.
            self.open()?;
        }
        if let Some((w, _)) = &mut self.current {
            w.event(event, report)?;
        }
        if self.split && matches!(event, Event::GameEnd(_)) {
            self.close(report)?;
        }
        Ok(())
    }

    /// A whole node goes on whole (the writer's fast path); only the root's
    /// properties are looked at.
    fn node(&mut self, node: &NodeRef<'_>, report: &mut Reporter) -> Result<(), Error> {
        match self.writer_below_root() {
            Some(w) => w.node(node, report),
            None => crate::sink::node_as_events(self, node, report),
        }
    }

    fn moves(&mut self, moves: &Moves<'_>, report: &mut Reporter) -> Result<(), Error> {
        match self.writer_below_root() {
            Some(w) => w.moves(moves, report),
            None => crate::sink::moves_as_nodes(self, moves, report),
        }
    }

    fn finish(&mut self, report: &mut Reporter) -> Result<(), Error> {
        self.close(report)
    }
}
